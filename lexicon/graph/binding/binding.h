/* What the binding's files share (one file a Python type, module.c the module itself): the library's public
 * headers, the exceptions a failed call raises, tile sequences taken as arguments, and the two types the others
 * read, Graph and Bundle. Included first by each, as Python.h asks. */
#ifndef TL_BINDING_H
#define TL_BINDING_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include "graph/tl_graph.h"
#include "lexicon/tl_lexicon.h"
#include "play/moves.h"
#include "play/tl_play.h"

#include <stdlib.h>

/* lexicon.errors' classes, read when the module is made (module.c). */
extern PyObject *ArtifactError, *LimitExceeded, *InputError, *PlayError;

/* The exception of a failed call: MemoryError, InputError (refused input), ArtifactError (corrupt
 * bytes), LimitExceeded (code "too-costly" past a search's budget), or ValueError (a call out of order). */
PyObject *raise_error(const tl_error *err);

/* Raise `type`, one of lexicon.errors' classes, made as type(*args, **kwargs); takes the references to args
 * and kwargs (either may be NULL after a failed build, the error then already set); returns NULL. */
PyObject *raise_call(PyObject *type, PyObject *args, PyObject *kwargs);

/* Raise `type` with `message` (a str) and the error code `code`; returns NULL. */
PyObject *raise_code(PyObject *type, const char *code, PyObject *message);

/* A sequence of tile numbers: bytes, or anything with the buffer protocol. */
typedef struct {
    Py_buffer view;
    int has_view;
    const uint8_t *data;
    size_t len;
} seq_arg;

int get_seq(PyObject *obj, seq_arg *s);
void put_seq(seq_arg *s);

/* ------------------------------------------------------------------ Graph (graph.c) */

typedef struct {
    PyObject_HEAD
    Py_buffer view;
    int has_view;
    tl_graph *graph;
    tl_index *index;     /* set_letters: str keys */
    Py_buffer kinds;     /* with the index: a kind byte per key */
    int has_kinds;
    unsigned long generation; /* changes whenever `graph` does: a Walk of an older one is refused */
} Graph;

/* 0 while the graph is open; else -1 with ValueError (a released graph). */
static inline int graph_open(const Graph *self) {
    if (!self->graph) {
        PyErr_SetString(PyExc_ValueError, "the word graph is closed");
        return -1;
    }
    return 0;
}

/* A search's arguments as Graph and Words take them (walk.c): an anagram's rack (64 counts by tile number,
 * the blanks in rack[0]), a pattern's tokens (malloc'd: the caller frees them); -1 with the exception set. */
typedef struct {
    uint8_t rack[64];
    int sub;
    size_t min_tiles;
    long long max_visits;
    PyObject *message; /* borrowed */
} rack_args;

typedef struct {
    int16_t *tokens;
    size_t count;
    long long max_visits;
    PyObject *message; /* borrowed */
} pattern_args;

int read_rack_args(PyObject *args, PyObject *kwargs, rack_args *out);
int read_pattern_args(PyObject *args, PyObject *kwargs, pattern_args *out);

/* Graph's searches (walk.c) and move generators (moves.c), in its method table. */
PyObject *Graph_anagrams(Graph *self, PyObject *args, PyObject *kwargs);
PyObject *Graph_pattern(Graph *self, PyObject *args, PyObject *kwargs);
PyObject *Graph_moves(Graph *self, PyObject *args, PyObject *kwargs);
PyObject *Graph_stack_moves(Graph *self, PyObject *args, PyObject *kwargs);

/* ------------------------------------------------------------------ Bundle (bundle.c) */

typedef struct {
    PyObject_HEAD
    void *bytes;    /* a copy of the bundle, aligned as tl_lexicon_open needs, when the buffer could not serve */
    Py_buffer view; /* else the buffer itself, held: read-only and 8-aligned (an mmap, bytes) */
    int viewing;
    tl_lexicon *lexicon;
    tl_answer *answer;
} Bundle;

/* 0 while the bundle is open; else -1 with ValueError (one whose __init__ never succeeded). */
static inline int bundle_open(Bundle *self) {
    if (!self->lexicon) {
        PyErr_SetString(PyExc_ValueError, "the bundle is closed");
        return -1;
    }
    return 0;
}

/* A NUL-terminated answer field as str (a lone surrogate as it came), None for NULL. */
static inline PyObject *text_or_none(const char *text) {
    if (!text)
        Py_RETURN_NONE;
    return PyUnicode_DecodeUTF8(text, (Py_ssize_t)strlen(text), "surrogatepass");
}

/* ------------------------------------------------------------------ Game (game.c) and play (play.c) */

typedef struct {
    PyObject_HEAD
    tl_leaves *leaves;
} LeavesObject;

typedef struct {
    PyObject_HEAD
    tl_game *game;
    PyObject *leaves; /* the Leaves the game was given, kept alive while it plays with them */
} GameObject;

/* The module's functions of play.c: POST /play's and POST /moves' documents, and a typed turn judged. */
PyObject *binding_play_answer(PyObject *module, PyObject *args);
PyObject *binding_moves_answer(PyObject *module, PyObject *args);
PyObject *binding_judge_turn(PyObject *module, PyObject *args);

/* The types, made ready and added by PyInit__core. */
extern PyTypeObject BuilderType, GraphType, WalkType, BundleType, VerdictsType, WordsType, WordsWalkType,
    GameType, LeavesType;

#endif
