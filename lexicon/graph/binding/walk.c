/* Walk: a search in progress, as an iterator (tl_walk), and the Graph methods that start one (anagrams,
 * pattern); lexicon/search.py reads them. */
#include "binding.h"

typedef struct {
    PyObject_HEAD
    Graph *graph;
    unsigned long generation;
    tl_walk *walk;
    int64_t max_visits;
    PyObject *message; /* the message when the budget runs out (too-costly) */
} Walk;

static PyObject *new_walk(Graph *graph, tl_walk *walk, int64_t max_visits, PyObject *message) {
    Walk *w = PyObject_New(Walk, &WalkType);
    if (!w) {
        tl_walk_free(walk);
        return NULL;
    }
    w->graph = (Graph *)Py_NewRef(graph);
    w->generation = graph->generation;
    w->walk = walk;
    w->max_visits = max_visits;
    w->message = Py_NewRef(message);
    return (PyObject *)w;
}

static void Walk_dealloc(Walk *w) {
    tl_walk_free(w->walk);
    Py_XDECREF(w->graph);
    Py_XDECREF(w->message);
    PyObject_Free(w);
}

static PyObject *Walk_next(Walk *w) {
    if (!w->walk)
        return NULL;
    if (!w->graph->graph || w->graph->generation != w->generation) {
        tl_walk_free(w->walk);
        w->walk = NULL;
        PyErr_SetString(PyExc_ValueError, "the word graph is closed");
        return NULL;
    }
    tl_error err;
    tl_status rc = tl_walk_next(w->walk, &err);
    if (rc == TL_WORD) {
        size_t length;
        const uint8_t *tiles = tl_walk_tiles(w->walk, &length);
        return PyBytes_FromStringAndSize((const char *)tiles, (Py_ssize_t)length);
    }
    if (rc == TL_DONE)
        return NULL;
    if (rc == TL_ERR_COSTLY && tl_walk_visits(w->walk) > w->max_visits)
        raise_code(LimitExceeded, "too-costly", w->message);
    else
        raise_error(&err);
    return NULL;
}

static PyObject *Walk_visits(Walk *w, PyObject *unused) {
    return PyLong_FromLongLong(w->walk ? tl_walk_visits(w->walk) : 0);
}

static PyMethodDef Walk_methods[] = {
    {"visits", (PyCFunction)Walk_visits, METH_NOARGS, "lists entered so far"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject WalkType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lexicon.graph._core.Walk",
    .tp_doc = "A search over a word graph, as an iterator of tile sequences (bytes).",
    .tp_basicsize = sizeof(Walk),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)Walk_dealloc,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)Walk_next,
    .tp_methods = Walk_methods,
};

int read_rack_args(PyObject *args, PyObject *kwargs, rack_args *out) {
    static char *kwlist[] = {"counts", "blanks", "sub", "min_tiles", "max_visits", "message", NULL};
    Py_buffer counts;
    int blanks;
    Py_ssize_t min_tiles;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*ipnLU", kwlist, &counts, &blanks, &out->sub, &min_tiles,
                                     &out->max_visits, &out->message))
        return -1;
    int ok = counts.len == 64 && blanks >= 0 && blanks <= 255;
    if (ok)
        memcpy(out->rack, counts.buf, 64);
    PyBuffer_Release(&counts);
    if (!ok) {
        PyErr_SetString(InputError, "counts must be 64 bytes, blanks 0 to 255");
        return -1;
    }
    out->rack[0] = (uint8_t)blanks;
    out->min_tiles = min_tiles < 1 ? 1 : (size_t)min_tiles;
    return 0;
}

int read_pattern_args(PyObject *args, PyObject *kwargs, pattern_args *out) {
    static char *kwlist[] = {"tokens", "max_visits", "message", NULL};
    PyObject *tokens_obj;
    out->tokens = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OLU", kwlist, &tokens_obj, &out->max_visits, &out->message))
        return -1;
    PyObject *seq = PySequence_Fast(tokens_obj, "tokens must be a sequence of ints");
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    out->count = (size_t)n;
    out->tokens = malloc((n ? (size_t)n : 1) * sizeof *out->tokens);
    int failed = !out->tokens;
    if (failed)
        PyErr_NoMemory();
    for (Py_ssize_t i = 0; i < n && !failed; i++) {
        long t = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if ((failed = t == -1 && PyErr_Occurred()))
            break;
        if ((failed = t < TL_ACCEPT || t > (long)TL_MAX_TILE))
            PyErr_Format(InputError, "token %ld is neither a tile number nor a wildcard", t);
        else
            out->tokens[i] = (int16_t)t;
    }
    Py_DECREF(seq);
    if (failed) {
        free(out->tokens);
        out->tokens = NULL;
        return -1;
    }
    return 0;
}

/* anagrams(counts, blanks, sub, min_tiles, max_visits, message): `counts` is 64 bytes, the rack's
 * count of each tile number. */
PyObject *Graph_anagrams(Graph *self, PyObject *args, PyObject *kwargs) {
    rack_args a;
    if (read_rack_args(args, kwargs, &a) || graph_open(self))
        return NULL;
    tl_walk *walk;
    tl_error err;
    if (tl_walk_anagrams(self->graph, a.rack, a.sub, a.min_tiles, a.max_visits, &walk, &err) != TL_OK)
        return raise_error(&err);
    return new_walk(self, walk, a.max_visits, a.message);
}

/* pattern(tokens, max_visits, message): `tokens` a sequence of ints, a tile number or ANY_TILE,
 * ANY_RUN, ACCEPT (each alternative ends with an accept). */
PyObject *Graph_pattern(Graph *self, PyObject *args, PyObject *kwargs) {
    pattern_args a;
    if (graph_open(self) || read_pattern_args(args, kwargs, &a))
        return NULL;
    tl_walk *walk;
    tl_error err;
    PyObject *result = NULL;
    if (tl_walk_pattern(self->graph, a.tokens, a.count, a.max_visits, &walk, &err) != TL_OK)
        raise_error(&err);
    else
        result = new_walk(self, walk, a.max_visits, a.message);
    free(a.tokens);
    return result;
}
