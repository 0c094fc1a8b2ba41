/* tl_graph.h: the word-graph core of tile-lexicon, a plain C library.
 *
 * Builds and reads KWG word graphs (the format of wolges, Macondo and Woogles; docs/kwg.md), and
 * answers what a word game asks of them: membership, a word's number, hooks, what follows a
 * prefix, anagrams of a rack and patterns. The Python package, the WebAssembly build and native
 * games all call these functions; nothing here knows of Python.
 *
 * Conventions, as SQLite's:
 * - Handles are opaque (`tl_builder`, `tl_graph`, `tl_index`, `tl_walk`); there is no global state.
 * - Every call that can fail returns a `tl_status` and, when `err` is not NULL, fills it with the
 *   status and a message that names what was wrong and where. A graph is read by many threads at
 *   once, so errors go to the caller's `tl_error`, never into the handle.
 * - The caller owns its buffers: a graph is read in place from bytes the caller keeps alive (a
 *   memory map) until `tl_graph_close`; a builder writes into a buffer the caller allocates.
 * - Tile numbers are 1..63 in every sequence the builder takes (0 is the GADDAG's separator, and
 *   the node layouts keep six bits for a tile); no path is longer than TL_MAX_LENGTH tiles. The
 *   builder refuses what breaks this, and the reader reports a file that breaks it as corrupt.
 * - Bytes from an untrusted place are safe to open: every node index is checked before it is
 *   read, so a damaged file makes a call fail with TL_ERR_CORRUPT, never read outside the bytes.
 *   `tl_graph_validate` checks the whole structure once, so that every later walk ends.
 */
#ifndef TL_GRAPH_H
#define TL_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The toolkit's version, set here and nowhere else: setup.py reads these three numbers for the Python package
 * (whose lexicon.__version__, and so a bundle's `toolkit`, is this library's), and the Makefile for the shared
 * library's name and the JavaScript package's package.json (`make clients` writes it there). tl_version() is
 * the version of the library a program runs with, which a program built against one header may compare with
 * TL_VERSION. What may change between versions: docs/compatibility.md. */
#define TL_VERSION_MAJOR 0
#define TL_VERSION_MINOR 1
#define TL_VERSION_PATCH 0
#define TL_VERSION_TEXT_(major, minor, patch) #major "." #minor "." #patch
#define TL_VERSION_TEXT(major, minor, patch) TL_VERSION_TEXT_(major, minor, patch)
#define TL_VERSION TL_VERSION_TEXT(TL_VERSION_MAJOR, TL_VERSION_MINOR, TL_VERSION_PATCH)
const char *tl_version(void);

/* ------------------------------------------------------------------ limits of the format */

#define TL_MAX_TILE 63u           /* tile numbers are 1..TL_MAX_TILE */
#define TL_SEPARATOR 0u           /* the GADDAG's direction switch; never in a word */
#define TL_MAX_LENGTH 255u        /* the longest sequence the builder takes, and path a reader follows */
#define TL_KWG_CAPACITY 0x400000u /* nodes the kwg layout can address */
#define TL_KBWG_CAPACITY 0x1000000u /* nodes the kbwg layout can address */

/* ------------------------------------------------------------------ status and errors */

typedef enum tl_status {
    TL_OK = 0,
    TL_ERR_NOMEM = 1,   /* out of memory */
    TL_ERR_INPUT = 2,   /* an argument the contract refuses: a tile outside 1..63, an empty or too long sequence */
    TL_ERR_CORRUPT = 3, /* bytes that are not a well-formed word graph */
    TL_ERR_LIMIT = 4,   /* past a limit of the format: nodes for the layout, words, sequences */
    TL_ERR_COSTLY = 5,  /* a search over its budget */
    TL_ERR_STATE = 6,   /* a call out of order: a finished builder, a rank before tl_graph_count_words */
    TL_ERR_HOST = 7,    /* a caller's callback failed with an error of its own, which it keeps */
    TL_WORD = 100,      /* tl_walk_next: a word was found (read it with tl_walk_tiles) */
    TL_DONE = 101,      /* tl_walk_next: the walk has ended */
} tl_status;

typedef struct tl_error {
    tl_status status;
    char message[256];
} tl_error;

/* "ok", "out of memory", "bad input", "corrupt graph", "limit exceeded", "too costly", … */
const char *tl_status_name(tl_status status);

/* ------------------------------------------------------------------ building */

typedef enum tl_layout {
    TL_LAYOUT_KWG = 0,  /* bits 0-21 arc, 22 is_end, 23 accepts, 24-31 tile */
    TL_LAYOUT_KBWG = 1, /* bits 0-5 tile, 6 is_end, 7 accepts, 8-31 arc */
} tl_layout;
#define TL_LAYOUT_AUTO (-1) /* tl_builder_finish: kwg when the graph fits, else kbwg */

typedef struct tl_builder tl_builder;

/* What a finished build holds. */
typedef struct tl_build {
    size_t nodes;    /* nodes in the file */
    size_t bytes;    /* 4 × nodes: the size tl_builder_write needs */
    size_t distinct; /* sequences stored (repeats counted once) */
    tl_layout layout;
    int gaddag;      /* node 1 points to a GADDAG */
} tl_build;

/* A new builder, or NULL when out of memory. Sequences go into one flat buffer (their bytes and an
 * offset each), so tens of millions are a few hundred megabytes. */
tl_builder *tl_builder_new(void);
void tl_builder_free(tl_builder *builder);

/* Add one sequence of tile numbers, 1 to TL_MAX_LENGTH of them, each 1..63, in any order; repeats
 * are stored once. TL_ERR_INPUT names the sequence (its number in the order added) and the value. */
tl_status tl_builder_add(tl_builder *builder, const uint8_t *tiles, size_t length, tl_error *err);

/* Add the sequences packed in `data`, each a length byte and then its tiles. */
tl_status tl_builder_add_packed(tl_builder *builder, const uint8_t *data, size_t size, tl_error *err);

/* Sequences added so far, repeats included. */
size_t tl_builder_count(const tl_builder *builder);

/* Build the DAWG (with `gaddag`, the GADDAG too) and lay it out in `layout` (TL_LAYOUT_AUTO: kwg
 * when it fits). The sequences are let go; the builder takes no more. `out` gets the size. */
tl_status tl_builder_finish(tl_builder *builder, int gaddag, int layout, tl_build *out, tl_error *err);

/* Write the finished graph's bytes into `out` (`size` must be out->bytes of tl_builder_finish) and
 * let go of the builder's working memory. The same sequences give the same bytes in any order. */
tl_status tl_builder_write(tl_builder *builder, uint8_t *out, size_t size, tl_error *err);

/* ------------------------------------------------------------------ reading */

typedef struct tl_graph tl_graph;

typedef struct tl_node {
    unsigned tile;
    int accepts; /* a word ends after this tile */
    int is_end;  /* the last node of its sibling list */
    uint32_t arc; /* the first node of the list that follows; 0: none */
} tl_node;

/* Read `size` bytes of nodes in `layout` in place: they must stay alive and unchanged until
 * tl_graph_close. Checks that they are whole nodes and that node 0 is the DAWG's root pointer;
 * node 1, when it is a root pointer too, is the GADDAG's. */
tl_status tl_graph_open(const uint8_t *bytes, size_t size, tl_layout layout, tl_graph **out, tl_error *err);
void tl_graph_close(tl_graph *graph);

size_t tl_graph_nodes(const tl_graph *graph);
tl_layout tl_graph_layout(const tl_graph *graph);
uint32_t tl_graph_root(const tl_graph *graph);        /* the DAWG's root list (0: no words) */
uint32_t tl_graph_gaddag_root(const tl_graph *graph); /* the GADDAG's root list (0: none) */
int tl_graph_has_gaddag(const tl_graph *graph);

/* Node `index`; TL_ERR_INPUT past the last. */
tl_status tl_graph_node(const tl_graph *graph, size_t index, tl_node *out, tl_error *err);

/* The whole structure of untrusted bytes: every arc inside the file, every tile 0..63, the last
 * list ending with the file, siblings in increasing tile order, no cycle and no path longer than
 * TL_MAX_LENGTH from either root. A graph that passes is one every walk ends on. */
tl_status tl_graph_validate(const tl_graph *graph, tl_error *err);

/* The node reached by reading `tiles` from the list `start` (tl_graph_root for the DAWG); 0 when
 * there is no such path. */
tl_status tl_graph_follow(const tl_graph *graph, uint32_t start, const uint8_t *tiles, size_t length,
                          uint32_t *node, tl_error *err);

/* tl_graph_follow from the root for `count` paths at once (a lookup in a large graph waits on memory at
 * almost every step: taken together, the walks' reads overlap instead of waiting in turn). node[k] is the
 * node path k reaches (0: none), or UINT32_MAX where its walk met a damaged list (tl_graph_follow says what). */
void tl_graph_follow_each(const tl_graph *graph, size_t count, const uint8_t *const *tiles, const size_t *length,
                          uint32_t *node);

/* Does the DAWG hold this sequence? */
tl_status tl_graph_contains(const tl_graph *graph, const uint8_t *tiles, size_t length, int *found,
                            tl_error *err);

/* Count the words below every node once (4 bytes a node), for rank and word count. Not safe to call
 * while another thread reads the graph; every read after it is. */
tl_status tl_graph_count_words(tl_graph *graph, tl_error *err);
/* Use counts made before (tl_graph_counts: one a node, `n` = the graph's nodes) instead of counting: a file that
 * stores them beside the graph (a bundle's keys.counts) opens without the pass. Borrowed: they stay alive and
 * unchanged while the graph is read. Reads stay inside the graph and the counts whatever they hold, and a
 * rank past the word count they give is TL_ERR_CORRUPT; tl_graph_check_counts says whether they are the
 * graph's own. Refused (TL_ERR_STATE) once the graph has counts. */
tl_status tl_graph_use_counts(tl_graph *graph, const uint32_t *counts, size_t n, tl_error *err);
/* Counts as tl_graph_count_words makes them, into `out` (`n` = the graph's nodes): what a file stores for
 * tl_graph_use_counts. */
tl_status tl_graph_counts(const tl_graph *graph, uint32_t *out, size_t n, tl_error *err);
/* TL_OK when the graph's counts are the ones tl_graph_count_words would make; TL_ERR_CORRUPT naming the
 * first node where they are not. */
tl_status tl_graph_check_counts(const tl_graph *graph, tl_error *err);

/* The sequence's position among the DAWG's words in tile order (0, 1, …), or -1: a minimal
 * perfect hash of the words, as wolges' get_word_index. Needs tl_graph_count_words. */
/* tl_graph_rank for `count` sequences at once, as tl_graph_follow_each walks them: rank[k] as tl_graph_rank
 * gives it, or INT64_MIN where it would fail (it then says why). */
void tl_graph_rank_each(const tl_graph *graph, size_t count, const uint8_t *const *tiles, const size_t *length,
                        int64_t *rank);
tl_status tl_graph_rank(const tl_graph *graph, const uint8_t *tiles, size_t length, int64_t *rank,
                        tl_error *err);
tl_status tl_graph_word_count(const tl_graph *graph, uint64_t *count, tl_error *err);

/* The tiles (in tile order, at most 64 each) that make a word laid before (`front`) or after
 * (`back`) the sequence. */
tl_status tl_graph_hooks(const tl_graph *graph, const uint8_t *tiles, size_t length, uint8_t front[64],
                         size_t *n_front, uint8_t back[64], size_t *n_back, tl_error *err);

/* The list that follows `prefix` and then `separator` (none when negative): 0 when the graph has
 * no such path. An empty prefix with no separator is the root list. */
tl_status tl_graph_list_after(const tl_graph *graph, const uint8_t *prefix, size_t length, int separator,
                              uint32_t *list, tl_error *err);

/* Every word below `list`, in order, to `emit` (its tiles from the list on); a nonzero return stops. */
typedef int (*tl_word_fn)(void *context, const uint8_t *tiles, size_t length);
tl_status tl_graph_words(const tl_graph *graph, uint32_t list, tl_word_fn emit, void *context, tl_error *err);

/* The first word below `list` (the first node of each list, down to one that accepts). */
tl_status tl_graph_first_word(const tl_graph *graph, uint32_t list, uint8_t out[TL_MAX_LENGTH], size_t *length,
                              tl_error *err);

/* ------------------------------------------------------------------ key and form indexes */

/* An index reads keys in letters over a graph whose tiles are letter numbers: letter i of the
 * index's letters (from 0) is number i + 1. A key index numbers its keys by their rank (the row of
 * a key's data everywhere in an artifact) and, given a kind per key, answers whether a key is valid;
 * a form index reads what follows a key and a separator. Keys are text of code units `width`
 * bytes wide: 1 (Latin-1), 2 (UTF-16 of the Basic Multilingual Plane), 4 (UTF-32), or TL_UTF8. */
#define TL_UTF8 0

typedef struct tl_index tl_index;

/* An index over `graph` (which it borrows: close the index first) with these letters, at most 63,
 * distinct, below U+10000. */
tl_status tl_index_open(const tl_graph *graph, const uint32_t *letters, size_t count, tl_index **out, tl_error *err);
void tl_index_close(tl_index *index);

/* A kind byte per key in rank order (borrowed, `count` = the graph's words; needs
 * tl_graph_count_words): tl_index_contains is then true for a key whose kind is not `excluded`. */
tl_status tl_index_set_kinds(tl_index *index, const uint8_t *kinds, size_t count, uint8_t excluded, tl_error *err);

/* The key as letter numbers into `out`: 1 when every character is a letter of the index and there
 * are at most TL_MAX_LENGTH, 0 when not (such a key is in no index). TL_UTF8 text that is not UTF-8
 * gives 0 too. */
int tl_index_encode(const tl_index *index, const void *key, size_t length, int width, uint8_t out[TL_MAX_LENGTH],
                    size_t *n);

/* The key's number (its rank; -1 when the graph does not hold it). Needs tl_graph_count_words. */
tl_status tl_index_number(const tl_index *index, const void *key, size_t length, int width, int64_t *number,
                          tl_error *err);

/* Is the key valid: held, and (with kinds) of a kind that is not excluded? */
tl_status tl_index_contains(const tl_index *index, const void *key, size_t length, int width, int *found,
                            tl_error *err);

/* The list that follows the key and then `separator` (none when negative), as tl_graph_list_after. */
tl_status tl_index_list_after(const tl_index *index, const void *key, size_t length, int width, int separator,
                              uint32_t *list, tl_error *err);

/* ------------------------------------------------------------------ parts of words */

/* A parts graph holds strings in letter numbers 1..letters, each ended by one marker tile
 * letters + 1 + m: m's bits TL_PART_FIRST, _MIDDLE and _LAST are the places in a compound the string
 * may take as a part (none: it stands only alone), and TL_PART_LEAD makes it a prefix, whose places
 * a form after it may take too. tl_graph_spells answers whether `word` is one form, a prefix and a
 * form, or two or more parts (first, middle ones, last) each a form or a prefix and a form, of a
 * place the form or the prefix may take. The Hungarian analyser refuses a word it cannot spell
 * without asking Hunspell (lexicon_pipelines.hunspell.parts says why that is sound). */
#define TL_PART_FIRST 1u
#define TL_PART_MIDDLE 2u
#define TL_PART_LAST 4u
#define TL_PART_PLACES 7u
#define TL_PART_LEAD 8u
#define TL_PART_MARKERS 16u /* marker tiles after the letters */
#define TL_PARTS_MAX 64u    /* the longest word tl_graph_spells takes, in letters */

/* TL_ERR_INPUT for a word of 0 or more than TL_PARTS_MAX letters, a letter outside 1..letters, or
 * letters that leave no room for the markers (letters + TL_PART_MARKERS > 63). */
tl_status tl_graph_spells(const tl_graph *graph, unsigned letters, const uint8_t *word, size_t length, int *spelled,
                          tl_error *err);

/* ------------------------------------------------------------------ searches */

/* A search is a walk, depth-first over the DAWG in tile order, so words come sorted by tile
 * numbers and the caller takes as many as it wants. A sibling list that yielded nothing in a search
 * state is remembered and not walked again; every list entered costs one visit of the budget, and
 * TL_ERR_COSTLY ends a walk past it. The walk borrows the graph: free it before closing the graph. */
typedef struct tl_walk tl_walk;

/* Words made of the rack's tiles: rack[t] tiles of number t (1..63) and rack[0] blanks, each
 * standing for any tile. A word's own tile is used before a blank, so each word comes once. Without
 * `sub` every tile is used; with `sub` any `min_tiles` or more. */
tl_status tl_walk_anagrams(const tl_graph *graph, const uint8_t rack[64], int sub, size_t min_tiles,
                           int64_t max_visits, tl_walk **out, tl_error *err);

/* Pattern tokens: a tile number (1..63), TL_ANY_TILE, TL_ANY_RUN (any run of tiles, also none) or
 * TL_ACCEPT, which ends an alternative; the last token is TL_ACCEPT. */
#define TL_ANY_TILE (-1)
#define TL_ANY_RUN (-2)
#define TL_ACCEPT (-3)
#define TL_MAX_PATTERN 8192 /* tokens: 64 alternatives of 65 at most, as lexicon.search makes them */
tl_status tl_walk_pattern(const tl_graph *graph, const int16_t *tokens, size_t count, int64_t max_visits,
                          tl_walk **out, tl_error *err);

/* A pattern's matcher alone, for a walk of one's own: its start state into *start; the state after a tile
 * (0: no way on; TL_ERR_COSTLY past a million states); whether a state ends a match. */
typedef struct tl_pattern tl_pattern;
tl_status tl_pattern_new(const int16_t *tokens, size_t count, tl_pattern **out, uint32_t *start, tl_error *err);
tl_status tl_pattern_step(tl_pattern *pattern, uint32_t state, unsigned tile, uint32_t *next, tl_error *err);
int tl_pattern_final(const tl_pattern *pattern, uint32_t state);
void tl_pattern_free(tl_pattern *pattern);

/* The next word: TL_WORD (read it with tl_walk_tiles), TL_DONE, or an error, after which the walk
 * stays ended. */
tl_status tl_walk_next(tl_walk *walk, tl_error *err);
const uint8_t *tl_walk_tiles(const tl_walk *walk, size_t *length);
int64_t tl_walk_visits(const tl_walk *walk); /* lists entered so far */
void tl_walk_free(tl_walk *walk);

#ifdef __cplusplus
}
#endif

#endif
