/* tl_lexicon.h: a lexicon version read from its bundle (docs/bundle.md), answering as the service does.
 *
 * A bundle carries a version's word graph, key index, form index, tile set, rules and the Unicode
 * tables normalisation reads, so a game that embeds it answers "is this word playable, and why not?"
 * offline, field for field as `POST /valid` answers (the brief document: word, normalized, valid,
 * reason, detail, lemma, tag). The conventions are tl_graph.h's: opaque handles, a status and the
 * caller's tl_error from every call that can fail, the caller's buffers.
 *
 * A lexicon validated by analysis (Hungarian) answers the words its list and word graph decide, and with
 * a precheck (the bundle's parts graph) refuses a word no cut into the dictionary's parts spells, as the
 * service does; a word only the dictionary's morphology can decide answers valid = -1 (null in the
 * document) with the reason `needs-analysis`: ask the service (docs/embedding.md), never a wrong "no".
 */
#ifndef TL_LEXICON_H
#define TL_LEXICON_H

#include "graph/tl_graph.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TL_BUNDLE_FORMAT 1 /* the bundle format version this library reads */
#define TL_MAX_WORD 256    /* characters: a longer text is answered `too-long` without more work */
/* The searches' bounds, read by the Python library, the service and its page too (lexicon.graph.native). */
#define TL_MAX_RACK_CHARS 32        /* characters of a rack as asked (the service's `rack`, the page's box) */
#define TL_MAX_RACK_TILES 15        /* a rack's tiles, blanks included: more make sub-anagram searches large */
#define TL_MAX_RACK_BLANKS 3
#define TL_MAX_PATTERN_CHARS 64     /* characters of a pattern: a longer one is refused before any work */
#define TL_MAX_SEARCH_VISITS 500000 /* sibling lists one search may enter (about 30 ms) before it gives up */

typedef struct tl_lexicon tl_lexicon;

/* Read a bundle in place (the bytes stay alive and unchanged until tl_lexicon_close): its header, its
 * section table and every section's CRC-32 are checked first, so a damaged, truncated or foreign file
 * is refused (TL_ERR_CORRUPT, or TL_ERR_INPUT for a bundle of another format version) naming what. */
tl_status tl_lexicon_open(const uint8_t *bytes, size_t size, tl_lexicon **out, tl_error *err);
/* Open the bundle at `path`, memory-mapped read-only (POSIX; not in the WebAssembly build): the lexicon owns
 * the mapping and tl_lexicon_close unmaps it. Refusals name the path. */
tl_status tl_lexicon_load(const char *path, tl_lexicon **out, tl_error *err);
void tl_lexicon_close(tl_lexicon *lexicon);

/* The word graphs walked from their roots as well (no cycle, no list that leads to no word, no path
 * longer than a word can be: tl_graph_validate), the key graph's stored word counts (keys.counts)
 * counted again and compared, and every tile a word of the word graph holds found in the tile set, tens of
 * milliseconds for a large lexicon. The checksums
 * tl_lexicon_open checks attest a bundle the toolkit wrote, whose graphs it has walked so; every read stays
 * inside the bytes either way, and every walk within its budget. Ask it of a bundle from anywhere else. */
tl_status tl_lexicon_verify(const tl_lexicon *lexicon, tl_error *err);

const char *tl_lexicon_name(const tl_lexicon *lexicon);    /* sv-betapet */
const char *tl_lexicon_version(const tl_lexicon *lexicon); /* its version: 12 hex digits */
const char *tl_lexicon_toolkit(const tl_lexicon *lexicon); /* the toolkit that wrote it */
/* A section's bytes by name (`manifest`: the manifest's summary as JSON), or NULL. */
const uint8_t *tl_lexicon_section(const tl_lexicon *lexicon, const char *name, size_t *size);
/* The word graph (DAWG, and GADDAG where the version has one): tl_graph.h reads and searches it. */
const tl_graph *tl_lexicon_graph(const tl_lexicon *lexicon);

/* The brief answer for a word: its fields point into the answer's own storage, NULL for null. An answer
 * is large (TL_ANSWER_WORK for the work of a check, about 56 KiB in all): make one and reuse it. */
#define TL_ANSWER_WORK 49152
typedef struct tl_answer {
    int valid;              /* 1, 0, or -1: only analysis can decide (reason `needs-analysis`) */
    const char *normalized; /* the key the game plays, ALLÉ → ALLE */
    const char *reason;     /* why not (docs/service.md's reason codes); NULL when valid */
    const char *detail;     /* more about the reason */
    const char *lemma;      /* an inflected form's headword */
    const char *tag;        /* an inflected form's grammatical tag */
    int position;           /* where in the word the problem is, in characters; -1 when none */
    char storage[8192];
    union {
        double align;
        unsigned char bytes[TL_ANSWER_WORK];
    } work;
} tl_answer;

/* Judge `word` (UTF-8; a lone surrogate may come as its three-byte form, as JavaScript strings hold
 * them). Every text gets an answer: TL_OK unless the bundle itself is damaged past its checksums. */
tl_status tl_lexicon_check(const tl_lexicon *lexicon, const char *word, size_t size, tl_answer *out, tl_error *err);

/* tl_lexicon_check of words[0..n) (text[i], size[i] bytes), in order, each answer given to `emit` as it is
 * made (valid until emit returns; a nonzero return stops the batch, as TL_OK). Quicker than a check a word
 * on many distinct words: the words are taken TL_CHECK_AHEAD + 1 at a time, their walks in the key and form
 * indexes together, so that their reads from memory overlap. `answers` is TL_CHECK_AHEAD + 1 answers to work
 * in. A word whose check fails stops the batch with its status, after every answer before it was emitted. */
#define TL_CHECK_AHEAD 15
typedef int (*tl_answer_fn)(void *context, size_t i, const tl_answer *answer);
tl_status tl_lexicon_check_each(const tl_lexicon *lexicon, size_t n, const char *const *text, const size_t *size,
                                tl_answer answers[TL_CHECK_AHEAD + 1], tl_answer_fn emit, void *context,
                                tl_error *err);

/* Is `word` playable: *valid 1, 0, or -1 (only analysis can decide), as tl_lexicon_check's `valid`, and
 * quicker where the word is plain letters of a game of one letter a tile. `scratch` is an answer to work
 * in (its fields say nothing afterwards). */
tl_status tl_lexicon_has(const tl_lexicon *lexicon, const char *word, size_t size, tl_answer *scratch, int *valid,
                         tl_error *err);

/* The brief document of an answer for `word` as JSON, `{"word":…,"normalized":…,"valid":…,"reason":…,
 * "detail":…,"lemma":…,"tag":…}`, into `out` (NUL-terminated when it fits): the length it needs, without
 * the NUL. */
size_t tl_answer_json(const tl_answer *answer, const char *word, size_t size, char *out, size_t capacity);

/* A checked word's reading and valid tilings, as GET /valid's verdict document gives them: what a game
 * shows beside the brief answer. Both read the answer's work, so they hold until the next check into it. */

/* *kind `headword`, `inflected`, or `analysed` (a form of the form index), NULL for a text that is no valid
 * key; *pos its part of speech, *pos_len bytes, not NUL-terminated (NULL: none). */
void tl_answer_reading(const tl_lexicon *lexicon, const tl_answer *answer, const char **kind, const char **pos,
                       size_t *pos_len);

/* Each valid tiling of the word, preferred first, its tiles as the word graph numbers them (tl_lexicon_tile
 * spells them), to `fn` until it returns nonzero: what it last returned; 0 when every tiling was given or
 * there is none (a text that is no valid key, or a word only analysis knows). */
typedef int (*tl_tiling_fn)(void *context, const uint8_t *tiles, size_t n);
int tl_answer_tilings(const tl_lexicon *lexicon, const tl_answer *answer, tl_tiling_fn fn, void *context);

/* The words a beginner knows: a bundle's `common` section (lexicon/common.py), the most frequent words of the
 * lexicon's language that it takes or holds as keys. tl_lexicon_has_common: does the bundle have them?
 * tl_lexicon_common: is `word` (UTF-8, any case; a word or a lemma) one of them once normalised, as a check
 * normalises it: *common 1 or 0 (0 for text that normalises to no key). `scratch` is an answer to work in (its
 * fields say nothing afterwards). Refused (TL_ERR_INPUT) for a bundle without them. */
int tl_lexicon_has_common(const tl_lexicon *lexicon);
tl_status tl_lexicon_common(const tl_lexicon *lexicon, const char *word, size_t size, tl_answer *scratch, int *common,
                            tl_error *err);

/* The letters of tile `number` (as the word graph numbers tiles, 1..TL_MAX_TILE) in UTF-8, *len bytes, not
 * NUL-terminated; NULL for a number the tile set lacks. */
const char *tl_lexicon_tile(const tl_lexicon *lexicon, unsigned number, size_t *len);

/* ------------------------------------------------------------------ the other answers */

/* A document the library wrote (NUL-terminated JSON): the caller frees it with tl_text_free. */
typedef struct tl_text {
    char *data;
    size_t length;
} tl_text;

void tl_text_free(tl_text *text);

/* A search's options, as the service's query parameters: `order` alpha, length or score (NULL: the
 * search's default, length for anagrams, alpha for patterns), `offset` 0 to 10,000 and `limit` 0 to 1,000
 * (TL_QUERY_DEFAULT: 0 and 100), and for anagrams `sub`: words of part of the rack too. */
#define TL_QUERY_DEFAULT (-2147483647L - 1)
typedef struct tl_query {
    int sub;
    const char *order;
    long offset, limit;
} tl_query;

/* The service's documents, field for field: GET /tiles (every cut of the word, each with its points and
 * whether it is valid), GET /anagram (`?` a blank), GET /pattern (`?` one tile, `*` any run) and GET /hooks,
 * with the same limits and budgets. Each writes the document into `out` and returns TL_OK; for input the
 * service refuses, `out` holds the problem instead, {"code": "bad-rack", "status": 400, "detail": …,
 * "position": …}, and the status is TL_ERR_INPUT (TL_ERR_COSTLY for `too-costly`). On TL_ERR_NOMEM, and
 * TL_ERR_CORRUPT for a bundle damaged past its checksums (one tl_lexicon_verify refuses), `out` is empty. */
tl_status tl_lexicon_tiles(const tl_lexicon *lexicon, const char *word, size_t size, tl_text *out, tl_error *err);
/* GET /valid's verdict document for a word, as far as the bundle holds it: the brief answer's fields, then
 * the lexicon and version, position, kind and part of speech, the tiles shown with their points, value and
 * bag, and every valid tiling; `readings` and `excluded` are null (source records are not in the bundle).
 * Every text gets a document, as tl_lexicon_check answers it; bytes that are not UTF-8 get the problem
 * (bad-input) and TL_ERR_INPUT. */
tl_status tl_lexicon_verdict(const tl_lexicon *lexicon, const char *word, size_t size, tl_text *out, tl_error *err);
tl_status tl_lexicon_anagram(const tl_lexicon *lexicon, const char *rack, size_t size, const tl_query *options,
                             tl_text *out, tl_error *err);
tl_status tl_lexicon_pattern(const tl_lexicon *lexicon, const char *pattern, size_t size, const tl_query *options,
                             tl_text *out, tl_error *err);
tl_status tl_lexicon_hooks(const tl_lexicon *lexicon, const char *word, size_t size, tl_text *out, tl_error *err);

/* ------------------------------------------------------------------ every word, in tile order */

/* The lexicon's words as one walk in tile order, as its searches and plays read them: the word graph's, and
 * where the lexicon has a compiled word rule (a Hungarian lexicon's compounds and forms of a preverb), the
 * words of two pieces the rule takes, judged whole as a check judges them. A walk of anagrams of `rack`
 * (tile counts by number, rack[0] the blanks; with `sub`, of `min_tiles` or more of its tiles), or of words
 * matching a pattern's tokens (tl_graph.h). Each word comes once; tl_words_next gives TL_WORD (read it
 * with tl_words_tiles), TL_DONE, or an error (TL_ERR_COSTLY past `max_visits` steps). */
typedef struct tl_words_walk tl_words_walk;
tl_status tl_words_anagrams(const tl_lexicon *lexicon, const uint8_t rack[64], int sub, size_t min_tiles,
                            int64_t max_visits, tl_words_walk **out, tl_error *err);
tl_status tl_words_pattern(const tl_lexicon *lexicon, const int16_t *tokens, size_t count, int64_t max_visits,
                           tl_words_walk **out, tl_error *err);
tl_status tl_words_next(tl_words_walk *walk, tl_error *err);
const uint8_t *tl_words_tiles(const tl_words_walk *walk, size_t *length);
int64_t tl_words_visits(const tl_words_walk *walk);
void tl_words_free(tl_words_walk *walk);

/* Is this tile sequence (tile numbers) a word of the lexicon: the word graph's, or its rule's. */
tl_status tl_words_has(const tl_lexicon *lexicon, const uint8_t *tiles, size_t n, int *found, tl_error *err);

#ifdef __cplusplus
}
#endif

#endif
