/* What the lexicon layer's files share (bundle.c, unicode.c, normalize.c, notation.c, answer.c, query.c,
 * file.c) and the wire layer reads: the lexicon's struct, its Unicode tables, normalising. Not installed. */
#ifndef TL_LEXICON_INTERNAL_H
#define TL_LEXICON_INTERNAL_H

#include "graph/internal.h"
#include "lexicon/tl_lexicon.h"

/* A bundle's numbers are little-endian and read in place. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#error "the bundle reader reads little-endian numbers in place"
#endif

/* A list of strings as a bundle stores it: the count, count + 1 offsets, the UTF-8 text. */
typedef struct {
    uint32_t count;
    const uint32_t *offsets;
    const uint8_t *text;
} strlist;

static inline const char *strlist_at(const strlist *l, uint32_t i, size_t *length) {
    *length = l->offsets[i + 1] - l->offsets[i];
    return (const char *)l->text + l->offsets[i];
}

/* A code point → code points table (upper case, decomposition): sorted entries and their pool. */
typedef struct {
    uint32_t count;
    const uint32_t *entries; /* code point, offset, length */
    const uint32_t *pool;
    uint32_t pool_size;
} cpmap;

/* Ranges of code points with a value (combining classes, property bits). */
typedef struct {
    uint32_t count;
    const uint32_t *ranges; /* start, end inclusive, value */
} cpranges;

#define LATIN_END 0x300 /* below: no combining mark, and every text is its own NFC */

typedef struct {
    cpmap upper, decompose;
    uint32_t n_compose;
    const uint32_t *compose; /* first, second, composite: sorted by (first, second) */
    cpranges combining, props;
    /* the Basic Multilingual Plane's property bits and combining classes, and the upper case of a letter
     * below LATIN_END where it is one code point (else 0), read from the tables at open: every lookup a
     * word makes, without a search */
    uint8_t props_bmp[0x10000], ccc_bmp[0x10000];
    uint16_t upper_latin[LATIN_END];
} unicode_tables;

/* unicode.c: the direct tables from the ranges and maps */
void uni_index(unicode_tables *u);

/* Property bits (lexicon/unicode_tables.py, PROPS). */
enum { P_SPACE = 1, P_UNPRINTABLE = 2, P_DIGIT = 4, P_MARK = 8, P_REFUSED = 16, P_COMBINING = 32, P_HYPHEN = 64 };

#define MAX_CPS 2048 /* code points one step of a word's normalisation may hold: 256 characters, upper-cased and NFC */

typedef struct {
    uint32_t cp[MAX_CPS];
    size_t n;
} cpbuf;

/* unicode.c */
uint32_t uni_props(const unicode_tables *u, uint32_t cp);
unsigned uni_combining(const unicode_tables *u, uint32_t cp);
/* NFC or NFD of src[0..n) into out (1 on success, 0 past MAX_CPS) */
int uni_nfc(const unicode_tables *u, const uint32_t *src, size_t n, cpbuf *out);
int uni_nfd(const unicode_tables *u, const uint32_t *src, size_t n, cpbuf *out);
int uni_upper(const unicode_tables *u, const uint32_t *src, size_t n, cpbuf *out);
/* UTF-8 (with surrogates allowed, as a JavaScript string's lone halves come) to code points: the count,
 * or -1 at a byte that is not UTF-8 (*bad: its offset), or -2 past `cap`. With `out` NULL, only checks
 * and counts. */
long utf8_decode(const uint8_t *s, size_t size, uint32_t *out, size_t cap, size_t *bad);

/* One string of a list as code points (at most `cap`): its length. */
static inline size_t strlist_cps(const strlist *l, uint32_t i, uint32_t *out, size_t cap) {
    size_t len, bad;
    const char *text = strlist_at(l, i, &len);
    long n = utf8_decode((const uint8_t *)text, len, out, cap, &bad);
    return n > 0 ? (size_t)n : 0;
}
/* code points to UTF-8 (surrogates in three bytes) into out[0..cap): the bytes written, or -1 */
long utf8_encode(const uint32_t *cp, size_t n, char *out, size_t cap);

/* normalize.c: a word to the key the game plays, as lexicon.normalize.Normalizer does */
enum { R_NONE = 0, R_EMPTY, R_MULTIWORD, R_HYPHENATED, R_AFFIX, R_DIGIT, R_NON_LETTER };
typedef struct {
    int reason;         /* R_NONE: `key` holds the key */
    size_t position;
    uint32_t character; /* the first code point of the cluster at `position` that is at fault (0: none) */
    cpbuf key;
} normalized;

struct tl_lexicon;
void normalize_word(const struct tl_lexicon *lex, const uint32_t *word, size_t n, normalized *out, cpbuf *work);
const char *reason_name(int reason);
int is_letter(const struct tl_lexicon *lex, uint32_t cp);

/* The lexicon read from a bundle. */
struct tl_lexicon {
    char name[64], version[32], toolkit[32], tileset[32];
    const uint8_t *base;
    size_t size;
    void (*release)(const uint8_t *base, size_t size); /* frees the bytes on close: tl_lexicon_load's mapping */
    uint32_t n_sections;
    const uint8_t *table;
    /* rules */
    uint32_t min_length, max_tiles, words, keys;
    int pronounced, analysis, big, has_forms, single_letter_tiles, blanks, gaddag;
    /* the tile set: tiles by their place, each its letters and number */
    uint32_t n_tiles;
    strlist tiles;
    const uint8_t *tile_number, *tile_count, *tile_points;
    uint8_t tile_of_number[64]; /* tile number → place + 1 (0: none) */
    uint32_t tile_cp[64][4];    /* each tile's letters as code points */
    uint8_t tile_len[64];
    size_t longest_tile;
    uint8_t multi[64]; /* the places of the tiles of more than one letter, in place order: what a cut tries */
    uint32_t n_multi;
    uint64_t multi_from[64]; /* letter number → the multi-letter tiles (bits of `multi`) it begins; [0]: those a
                              * letter outside the alphabet begins */
    /* the letters, numbered as the key index numbers them */
    strlist letters_list, letters_lower;
    uint32_t letters[64];
    uint32_t n_letters;
    uint8_t letter_of[0x10000]; /* code point → letter number (0: not a letter of the alphabet) */
    uint8_t letter_tile[64];    /* letter number → the place + 1 of the tile that is that letter alone (0: none) */
    /* A code point below LATIN_END → the key letter number of its upper case, where that is one letter of the
     * alphabet (0: none): a word of such code points normalises to their upper case, one by one (begin_check). */
    uint8_t quick_key[LATIN_END];
    /* One letter a tile and no analysis: a word's tiles are its letters, in either case (tl_lexicon_has). */
    int quick;
    uint8_t quick_tile[0x800]; /* code point → the number of the tile it is, upper or lower case (0: none) */
    strlist fold_from, fold_to;
    unicode_tables uni;
    /* the word graph and the key index */
    tl_graph *graph, *key_graph;
    tl_index *keys_index;
    const uint8_t *kind, *reason, *tiles_column, *flags;
    const uint16_t *pos;
    const uint32_t *lemma, *note;
    uint32_t n_strings;
    const uint32_t *string_offsets;
    const uint8_t *string_text;
    strlist posnames, reasons;
    const uint8_t *refused; /* an analysing lexicon's: a bit per key, the analyser refuses the excluded key too */
    /* listed tilings */
    uint32_t n_listed;
    const uint32_t *listed; /* key number, offset */
    const uint8_t *listed_tilings;
    size_t listed_size;
    /* the form index */
    tl_graph *forms_graph;
    tl_index *forms_index;
    uint32_t forms_separator, forms_digits, forms_base;
    strlist forms_pos, forms_kind, forms_strip, forms_add, forms_morph;
    /* the precheck's parts graph (an analysing lexicon built with one), numbered by the key letters; or NULL */
    tl_graph *parts_graph;
    /* the compiled word rule of a lexicon decided from a dictionary's morphology (rule.h), or NULL */
    struct tl_rule *rule;
    /* the words a beginner knows (common.c), numbered by the key letters; or NULL */
    tl_graph *common_graph;
    tl_index *common_index;
};

#endif
