/* The compiled word-graph core (`lexicon._graph`): shared declarations.
 *
 * The pure-Python modules lexicon/dawg.py, lexicon/kwg.py and lexicon/search.py are the
 * reference: this code builds the same bytes and finds the same results in the same order,
 * and the tests compare the two. docs/kwg.md describes the file format.
 */
#ifndef LEXICON_GRAPH_H
#define LEXICON_GRAPH_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* The two node layouts (lexicon.kwg.KWG and KBWG). */
enum { LAYOUT_KWG = 0, LAYOUT_KBWG = 1 };
#define KWG_CAPACITY 0x400000u
#define KBWG_CAPACITY 0x1000000u

/* Exceptions of lexicon.errors, looked up when the module loads. */
extern PyObject *lg_ArtifactError;
extern PyObject *lg_LimitExceeded;
extern PyObject *lg_TooCostly; /* a search over its budget: lexicon.errors.TooCostly */

/* A growable array of bytes. */
typedef struct {
    uint8_t *data;
    size_t len, cap;
} lg_bytes;

int lg_bytes_reserve(lg_bytes *b, size_t extra);
void lg_bytes_free(lg_bytes *b);

/* Node access over a little-endian u32 array, for either layout. */
static inline uint32_t lg_load(const uint8_t *base, size_t index) {
    uint32_t v;
    memcpy(&v, base + 4 * index, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

typedef struct {
    const uint8_t *base;
    size_t n;   /* node count */
    int big;    /* LAYOUT_KBWG */
} lg_nodes;

static inline unsigned lg_tile(const lg_nodes *g, uint32_t v) { return g->big ? (v & 63u) : (v >> 24); }
static inline int lg_accepts(const lg_nodes *g, uint32_t v) { return g->big ? (v >> 7) & 1 : (v >> 23) & 1; }
static inline int lg_is_end(const lg_nodes *g, uint32_t v) { return g->big ? (v >> 6) & 1 : (v >> 22) & 1; }
static inline uint32_t lg_arc(const lg_nodes *g, uint32_t v) { return g->big ? (v >> 8) : (v & 0x3FFFFFu); }

extern PyTypeObject lg_BuilderType;
extern PyTypeObject lg_GraphType;
extern PyTypeObject lg_WalkType;

/* search.c */
PyObject *lg_graph_anagrams(PyObject *self, PyObject *args, PyObject *kwargs);
PyObject *lg_graph_pattern(PyObject *self, PyObject *args, PyObject *kwargs);

/* reader.c: the Graph object, shared with search.c */
typedef struct {
    PyObject_HEAD
    Py_buffer view;
    int has_view;
    lg_nodes g;
    uint32_t root;          /* the DAWG's root list */
    uint32_t *counts;       /* words per node, for rank (NULL until first needed) */
    uint8_t *letters;       /* code point (below 0x10000) → number, for str keys; NULL: none set */
    Py_buffer kinds;        /* with letters: a byte per word (by rank); `key in graph` is false for `excluded` */
    int has_kinds;
    uint8_t excluded;
    uint32_t first[64];     /* the root list's node for each tile (0: none): every lookup starts there */
    int indexed;            /* `first` holds the whole, well-formed root list */
} lg_Graph;

int lg_graph_counts(lg_Graph *self);
int lg_bad_index(const lg_Graph *self, size_t index);

#endif
