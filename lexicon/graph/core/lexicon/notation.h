/* Tiles and tile notation (notation.c): shared by answer.c. Not installed. */
#ifndef TL_NOTATION_H
#define TL_NOTATION_H

#include "lexicon/lexicon.h"

#define MAX_KEY 1024      /* letters of a key: a 256-character word upper-cased */
#define MAX_SEGMENTS 256  /* parts of a notation: one a character at most */
#define MAX_TILINGS 4096  /* tiling.MAX_TILINGS: more cuts than this is no word */

typedef struct {
    uint8_t tile[MAX_KEY]; /* tile places in the tile set (not tile numbers) */
    size_t n;
} tiling;

typedef struct {
    int fixed;            /* one bracketed tile, else letters whose cut is open */
    uint8_t tile;         /* fixed: its place */
    const uint32_t *text; /* open: its letters (in the notation's pool) */
    size_t n;
} segment;

typedef struct {
    segment segments[MAX_SEGMENTS];
    size_t n_segments;
    uint32_t pool[MAX_CPS];
    size_t used;
    int failed;         /* 1: `message` and `position` say why the notation cannot be read */
    size_t position;
    char message[1600];
} notation;

int tile_of(const tl_lexicon *lex, const uint32_t *cp, size_t len);

/* Does the tile at `place` spell key[pos..] on (its letters fit before n)? Inline: a cut asks it of every
 * multi-letter tile at every place of a key. */
static inline int tile_spells_at(const tl_lexicon *lex, unsigned place, const uint32_t *key, size_t n, size_t pos) {
    size_t len = lex->tile_len[place];
    if (pos + len > n)
        return 0;
    for (size_t k = 0; k < len; k++)
        if (key[pos + k] != lex->tile_cp[place][k])
            return 0;
    return 1;
}

/* The multi-letter tiles (bits of lex->multi) whose first letter is `cp`. */
static inline uint64_t multi_from(const tl_lexicon *lex, uint32_t cp) {
    return lex->multi_from[cp < 0x10000 ? lex->letter_of[cp] : 0];
}
/* The cuts of a key: their count (saturating at 2^62), the preferred one, each in tiling.tilings' order. */
int count_tilings(const tl_lexicon *lex, const uint32_t *key, size_t n, uint64_t *ways);
int preferred_tiling(const tl_lexicon *lex, const uint32_t *key, size_t n, tiling *out);
/* The preferred cut under a policy of the caller's (a rack is cut as written, whatever the game's policy). */
int preferred_cut(const tl_lexicon *lex, int pronounced, const uint32_t *key, size_t n, tiling *out);
int each_tiling(const tl_lexicon *lex, const uint32_t *key, size_t n, int (*each)(void *, const tiling *),
                void *context);
/* The same for the cuts of at most `most` tiles: a key of many letters that read as one digraph or two has
 * more cuts than can be counted, and of those a game plays only the ones within its tiles. */
int each_tiling_within(const tl_lexicon *lex, const uint32_t *key, size_t n, size_t most,
                       int (*each)(void *, const tiling *), void *context);
/* The letters tiles spell under the lexicon's policy (out: MAX_KEY + the doubled letters). */
size_t spell(const tl_lexicon *lex, const tiling *t, uint32_t *out);
/* The shortest notation naming exactly this cut (`HÁ[Z][S]OR`): its length, 0 if it does not fit. */
size_t format_tiling(const tl_lexicon *lex, const tiling *t, char *out, size_t cap);

/* A JSON array of strings: the items' text in out->pool at item_at, item_len long, starting at item_pos in
 * `text` (at most MAX_SEGMENTS of them); 1, or 0 with out->failed, message and position. */
int parse_items(const uint32_t *text, size_t n, notation *out, size_t *item_at, size_t *item_len, size_t *item_pos,
                size_t *count);
/* Text in a message as tiling.quoted writes it ('…', the first `most` characters, nothing escaped). */
const char *quote_plain(const uint32_t *cp, size_t n, size_t most, char buffer[1200]);
/* Text in a message as Python's repr writes it ('hus', "it's"), the first `most` characters; its length. */
size_t py_repr(const unicode_tables *u, const uint32_t *cp, size_t n, size_t most, char *out, size_t cap);
/* The same with the caller's test of a character that str.isprintable() refuses (the bundle's tables, or
 * Python's own in the wire layer). */
size_t py_repr_by(int (*unprintable)(const void *tables, uint32_t cp), const void *tables, const uint32_t *cp,
                  size_t n, size_t most, char *out, size_t cap);

void parse_notation(const tl_lexicon *lex, const uint32_t *text, size_t n, notation *out, normalized *work,
                    cpbuf *scratch);
/* The first cut the notation allows, and whether it allows any: 0 with `message` when it allows too many. */
int notation_tilings(const tl_lexicon *lex, const notation *nt, tiling *first, int *any, char *message, size_t cap);
int notation_allows(const tl_lexicon *lex, const notation *nt, const tiling *t);
size_t notation_letters(const notation *nt, const tl_lexicon *lex, uint32_t *out);

#endif
