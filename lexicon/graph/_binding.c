/* The module `lexicon.graph._core`: the word-graph core (lexicon/graph/core, a plain C library)
 * bound to Python. This file only converts arguments, holds buffers alive, lets go of the GIL for
 * builds, and turns the library's statuses into the toolkit's exceptions:
 *
 *   Builder  tile sequences in, KWG bytes out          (tl_builder)
 *   Graph    a KWG read in place, with its key letters (tl_graph, tl_index)
 *   Walk     a search in progress, as an iterator      (tl_walk)
 *   Bundle   a lexicon bundle, answering words          (tl_lexicon: the clients' core, held to the
 *            library's answers by tests/test_bundle.py)
 *
 * lexicon/graph/writer.py, reader.py, keys.py, forms.py and lexicon/search.py wrap them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include "graph/tl_graph.h"
#include "lexicon/tl_lexicon.h"
#include "play/moves.h"

#include <stdlib.h>

static PyObject *ArtifactError, *LimitExceeded, *TooCostly, *SequenceError;

/* The exception of a failed call: MemoryError, SequenceError (refused input), ArtifactError (corrupt
 * bytes), LimitExceeded, TooCostly, or ValueError (a call out of order). */
static PyObject *raise_error(const tl_error *err) {
    PyObject *type = PyExc_ValueError;
    switch (err->status) {
    case TL_ERR_NOMEM: return PyErr_NoMemory();
    case TL_ERR_INPUT: type = SequenceError; break;
    case TL_ERR_CORRUPT: type = ArtifactError; break;
    case TL_ERR_LIMIT: type = LimitExceeded; break;
    case TL_ERR_COSTLY: type = TooCostly; break;
    default: break;
    }
    PyErr_SetString(type, err->message);
    return NULL;
}

/* A sequence of tile numbers: bytes, or anything with the buffer protocol. */
typedef struct {
    Py_buffer view;
    int has_view;
    const uint8_t *data;
    size_t len;
} seq_arg;

static int get_seq(PyObject *obj, seq_arg *s) {
    s->has_view = 0;
    if (PyBytes_Check(obj)) {
        s->data = (const uint8_t *)PyBytes_AS_STRING(obj);
        s->len = (size_t)PyBytes_GET_SIZE(obj);
        return 0;
    }
    if (PyObject_GetBuffer(obj, &s->view, PyBUF_SIMPLE))
        return -1;
    s->has_view = 1;
    s->data = s->view.buf;
    s->len = (size_t)s->view.len;
    return 0;
}

static void put_seq(seq_arg *s) {
    if (s->has_view)
        PyBuffer_Release(&s->view);
    s->has_view = 0;
}

/* ------------------------------------------------------------------ Builder */

typedef struct {
    PyObject_HEAD
    tl_builder *builder;
} Builder;

static int Builder_init(Builder *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "", kwlist))
        return -1;
    tl_builder *fresh = tl_builder_new();
    if (!fresh) {
        PyErr_NoMemory();
        return -1;
    }
    tl_builder_free(self->builder);
    self->builder = fresh;
    return 0;
}

static void Builder_dealloc(Builder *self) {
    tl_builder_free(self->builder);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int builder_ready(Builder *self) {
    if (!self->builder) {
        PyErr_SetString(PyExc_ValueError, "Builder.__init__ was not called");
        return -1;
    }
    return 0;
}

static int add_one(Builder *self, PyObject *item) {
    seq_arg s;
    if (get_seq(item, &s))
        return -1;
    tl_error err;
    tl_status rc = tl_builder_add(self->builder, s.data, s.len, &err);
    put_seq(&s);
    if (rc != TL_OK) {
        raise_error(&err);
        return -1;
    }
    return 0;
}

static PyObject *Builder_add(Builder *self, PyObject *item) {
    if (builder_ready(self) || add_one(self, item))
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *Builder_extend(Builder *self, PyObject *iterable) {
    if (builder_ready(self))
        return NULL;
    PyObject *it = PyObject_GetIter(iterable);
    if (!it)
        return NULL;
    PyObject *item;
    while ((item = PyIter_Next(it))) {
        int rc = add_one(self, item);
        Py_DECREF(item);
        if (rc) {
            Py_DECREF(it);
            return NULL;
        }
    }
    Py_DECREF(it);
    if (PyErr_Occurred())
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *Builder_add_packed(Builder *self, PyObject *arg) {
    Py_buffer view;
    if (builder_ready(self) || PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE))
        return NULL;
    tl_error err;
    tl_status rc = tl_builder_add_packed(self->builder, view.buf, (size_t)view.len, &err);
    PyBuffer_Release(&view);
    if (rc != TL_OK)
        return raise_error(&err);
    Py_RETURN_NONE;
}

static Py_ssize_t Builder_len(Builder *self) { return self->builder ? (Py_ssize_t)tl_builder_count(self->builder) : 0; }

/* finish(gaddag=False, layout=None) -> (data, layout, nodes, gaddag, distinct sequences) */
static PyObject *Builder_finish(Builder *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"gaddag", "layout", NULL};
    int gaddag = 0;
    PyObject *layout_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|pO", kwlist, &gaddag, &layout_obj) || builder_ready(self))
        return NULL;
    int layout = TL_LAYOUT_AUTO;
    if (layout_obj != Py_None) {
        if (PyUnicode_Check(layout_obj) && !PyUnicode_CompareWithASCIIString(layout_obj, "kwg"))
            layout = TL_LAYOUT_KWG;
        else if (PyUnicode_Check(layout_obj) && !PyUnicode_CompareWithASCIIString(layout_obj, "kbwg"))
            layout = TL_LAYOUT_KBWG;
        else
            return PyErr_Format(SequenceError, "unknown word-graph layout %R (kwg or kbwg)", layout_obj);
    }
    tl_build build;
    tl_error err;
    tl_status rc;
    Py_BEGIN_ALLOW_THREADS
    rc = tl_builder_finish(self->builder, gaddag, layout, &build, &err);
    Py_END_ALLOW_THREADS
    if (rc != TL_OK)
        return raise_error(&err);
    PyObject *data = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)build.bytes);
    if (!data)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = tl_builder_write(self->builder, (uint8_t *)PyBytes_AS_STRING(data), build.bytes, &err);
    Py_END_ALLOW_THREADS
    if (rc != TL_OK) {
        Py_DECREF(data);
        return raise_error(&err);
    }
    return Py_BuildValue("(NsnNn)", data, build.layout == TL_LAYOUT_KWG ? "kwg" : "kbwg", (Py_ssize_t)build.nodes,
                         PyBool_FromLong(build.gaddag), (Py_ssize_t)build.distinct);
}

static PyMethodDef Builder_methods[] = {
    {"add", (PyCFunction)Builder_add, METH_O, "Add one sequence of tile numbers (bytes)."},
    {"extend", (PyCFunction)Builder_extend, METH_O, "Add every sequence of an iterable."},
    {"add_packed", (PyCFunction)Builder_add_packed, METH_O,
     "Add the sequences packed in a bytes-like object, each a length byte and then its bytes."},
    {"finish", (PyCFunction)(void (*)(void))Builder_finish, METH_VARARGS | METH_KEYWORDS,
     "finish(gaddag=False, layout=None) -> (data, layout, nodes, gaddag, distinct)"},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Builder_as_sequence = {.sq_length = (lenfunc)Builder_len};

static PyTypeObject BuilderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lexicon.graph._core.Builder",
    .tp_doc = "Tile sequences in, KWG bytes out: add() or extend(), then finish().",
    .tp_basicsize = sizeof(Builder),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Builder_init,
    .tp_dealloc = (destructor)Builder_dealloc,
    .tp_methods = Builder_methods,
    .tp_as_sequence = &Builder_as_sequence,
};

/* ------------------------------------------------------------------ Graph */

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

static void close_graph(Graph *self) {
    tl_index_close(self->index);
    self->index = NULL;
    if (self->has_kinds)
        PyBuffer_Release(&self->kinds);
    self->has_kinds = 0;
    tl_graph_close(self->graph);
    self->graph = NULL;
    if (self->has_view)
        PyBuffer_Release(&self->view);
    self->has_view = 0;
    self->generation++;
}

/* Graph(buffer, big=False). A failed call leaves the graph as it was. */
static int Graph_init(Graph *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"buffer", "big", NULL};
    PyObject *buffer;
    int big = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|p", kwlist, &buffer, &big))
        return -1;
    Py_buffer view;
    if (PyObject_GetBuffer(buffer, &view, PyBUF_SIMPLE))
        return -1;
    tl_graph *graph;
    tl_error err;
    if (tl_graph_open(view.buf, (size_t)view.len, big ? TL_LAYOUT_KBWG : TL_LAYOUT_KWG, &graph, &err) != TL_OK) {
        PyBuffer_Release(&view);
        raise_error(&err);
        return -1;
    }
    close_graph(self);
    self->view = view;
    self->has_view = 1;
    self->graph = graph;
    return 0;
}

static void Graph_dealloc(Graph *self) {
    close_graph(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int check_open(const Graph *self) {
    if (!self->graph) {
        PyErr_SetString(PyExc_ValueError, "the word graph is closed");
        return -1;
    }
    return 0;
}

static PyObject *Graph_release(Graph *self, PyObject *unused) {
    close_graph(self);
    Py_RETURN_NONE;
}

static Py_ssize_t Graph_len(Graph *self) { return self->graph ? (Py_ssize_t)tl_graph_nodes(self->graph) : 0; }

/* The counts rank needs, made on first use. */
static int need_counts(Graph *self) {
    tl_error err;
    if (tl_graph_count_words(self->graph, &err) != TL_OK) {
        raise_error(&err);
        return -1;
    }
    return 0;
}

/* A str key: its code units and their width, for the index. */
static int need_index(const Graph *self) {
    if (!self->index) {
        PyErr_SetString(PyExc_TypeError, "this word graph has no letter numbering: look up tile numbers (bytes)");
        return -1;
    }
    return 0;
}

#define KEY(obj) PyUnicode_DATA(obj), (size_t)PyUnicode_GET_LENGTH(obj), (int)PyUnicode_KIND(obj)

static PyObject *Graph_contains_method(Graph *self, PyObject *arg) {
    seq_arg s;
    if (check_open(self) || get_seq(arg, &s))
        return NULL;
    int found;
    tl_error err;
    tl_status rc = tl_graph_contains(self->graph, s.data, s.len, &found, &err);
    put_seq(&s);
    if (rc != TL_OK)
        return raise_error(&err);
    return PyBool_FromLong(found);
}

/* spells(key, letters) -> bool, or None: can a parts graph (tl_graph_spells) cut the str key into its
 * parts? None when a character is not one of the index's letters or the key is longer than the
 * precheck takes: it cannot tell. */
static PyObject *Graph_spells(Graph *self, PyObject *args) {
    PyObject *key;
    unsigned letters;
    if (!PyArg_ParseTuple(args, "UI", &key, &letters) || check_open(self) || need_index(self))
        return NULL;
    uint8_t word[TL_MAX_LENGTH];
    size_t n;
    if (!tl_index_encode(self->index, KEY(key), word, &n) || n < 1 || n > TL_PARTS_MAX)
        Py_RETURN_NONE;
    int spelled;
    tl_error err;
    if (tl_graph_spells(self->graph, letters, word, n, &spelled, &err) != TL_OK)
        return raise_error(&err);
    return PyBool_FromLong(spelled);
}

/* `key in graph`: a str key in letters (a key index: a valid key), or tile numbers. */
static int Graph_sq_contains(Graph *self, PyObject *arg) {
    if (check_open(self))
        return -1;
    int found;
    tl_error err;
    tl_status rc;
    if (PyUnicode_Check(arg)) {
        if (need_index(self))
            return -1;
        rc = tl_index_contains(self->index, KEY(arg), &found, &err);
    } else {
        seq_arg s;
        if (get_seq(arg, &s))
            return -1;
        rc = tl_graph_contains(self->graph, s.data, s.len, &found, &err);
        put_seq(&s);
    }
    if (rc != TL_OK) {
        raise_error(&err);
        return -1;
    }
    return found;
}

/* follow(tiles, start=None) -> node index or 0 */
static PyObject *Graph_follow(Graph *self, PyObject *args) {
    PyObject *tiles, *start_obj = Py_None;
    if (!PyArg_ParseTuple(args, "O|O", &tiles, &start_obj) || check_open(self))
        return NULL;
    uint32_t start = tl_graph_root(self->graph);
    if (start_obj != Py_None) {
        unsigned long v = PyLong_AsUnsignedLong(start_obj);
        if (PyErr_Occurred())
            return NULL;
        if (v > 0xFFFFFFFFul)
            return PyErr_Format(PyExc_IndexError, "node %lu is outside the word graph", v);
        start = (uint32_t)v;
    }
    seq_arg s;
    if (get_seq(tiles, &s))
        return NULL;
    uint32_t node;
    tl_error err;
    tl_status rc = tl_graph_follow(self->graph, start, s.data, s.len, &node, &err);
    put_seq(&s);
    if (rc != TL_OK)
        return raise_error(&err);
    return PyLong_FromUnsignedLong(node);
}

/* node(index) -> (tile, accepts, is_end, arc) */
static PyObject *Graph_node(Graph *self, PyObject *arg) {
    Py_ssize_t index = PyLong_AsSsize_t(arg);
    if ((index == -1 && PyErr_Occurred()) || check_open(self))
        return NULL;
    tl_node node;
    tl_error err;
    if (index < 0 || tl_graph_node(self->graph, (size_t)index, &node, &err) != TL_OK)
        return PyErr_Format(PyExc_IndexError, "node %zd is outside the word graph", index);
    return Py_BuildValue("(INNk)", node.tile, PyBool_FromLong(node.accepts), PyBool_FromLong(node.is_end),
                         (unsigned long)node.arc);
}

/* hooks(tiles) -> (front, back): the tiles, as bytes in tile order, that make a word when laid
 * before or after `tiles`. */
static PyObject *Graph_hooks(Graph *self, PyObject *arg) {
    seq_arg s;
    if (check_open(self) || get_seq(arg, &s))
        return NULL;
    uint8_t front[64], back[64];
    size_t n_front, n_back;
    tl_error err;
    tl_status rc = tl_graph_hooks(self->graph, s.data, s.len, front, &n_front, back, &n_back, &err);
    put_seq(&s);
    if (rc != TL_OK)
        return raise_error(&err);
    return Py_BuildValue("(y#y#)", front, (Py_ssize_t)n_front, back, (Py_ssize_t)n_back);
}

/* validate(name): the structure of untrusted bytes; ArtifactError names the file. */
static PyObject *Graph_validate(Graph *self, PyObject *name) {
    if (!PyUnicode_Check(name))
        return PyErr_Format(PyExc_TypeError, "validate(name): name is a str, not %R", name);
    if (check_open(self))
        return NULL;
    tl_error err;
    if (tl_graph_validate(self->graph, &err) != TL_OK) {
        if (err.status != TL_ERR_CORRUPT)
            return raise_error(&err);
        return PyErr_Format(ArtifactError, "%U: %s", name, err.message);
    }
    Py_RETURN_NONE;
}

/* The rank of a str key (with set_letters) or of tile numbers; -1: absent, -2: an exception. */
static int64_t rank_of(Graph *self, PyObject *item) {
    int64_t r;
    tl_error err;
    tl_status rc;
    if (PyUnicode_Check(item)) {
        if (need_index(self))
            return -2;
        rc = tl_index_number(self->index, KEY(item), &r, &err);
    } else {
        seq_arg s;
        if (get_seq(item, &s))
            return -2;
        rc = tl_graph_rank(self->graph, s.data, s.len, &r, &err);
        put_seq(&s);
    }
    if (rc != TL_OK) {
        raise_error(&err);
        return -2;
    }
    return r;
}

static PyObject *Graph_rank(Graph *self, PyObject *arg) {
    if (check_open(self) || need_counts(self))
        return NULL;
    int64_t r = rank_of(self, arg);
    return r < -1 ? NULL : PyLong_FromLongLong(r);
}

/* ranks(iterable of sequences or str keys) -> list of ranks (-1: absent) */
static PyObject *Graph_ranks(Graph *self, PyObject *iterable) {
    if (check_open(self) || need_counts(self))
        return NULL;
    PyObject *it = PyObject_GetIter(iterable);
    if (!it)
        return NULL;
    PyObject *out = PyList_New(0), *item;
    while (out && (item = PyIter_Next(it))) {
        int64_t r = rank_of(self, item);
        Py_DECREF(item);
        PyObject *value = r < -1 ? NULL : PyLong_FromLongLong(r);
        if (!value || PyList_Append(out, value))
            Py_CLEAR(out);
        Py_XDECREF(value);
    }
    Py_DECREF(it);
    if (out && PyErr_Occurred())
        Py_CLEAR(out);
    return out;
}

static PyObject *Graph_word_count(Graph *self, PyObject *unused) {
    if (check_open(self) || need_counts(self))
        return NULL;
    uint64_t count;
    tl_error err;
    if (tl_graph_word_count(self->graph, &count, &err) != TL_OK)
        return raise_error(&err);
    return PyLong_FromUnsignedLongLong(count);
}

/* set_letters(letters, kinds=None, excluded=0): letter i of the str `letters` is number i + 1, so
 * str keys can be looked up (`key in graph`, `rank(key)`). With `kinds`, a byte per word in rank
 * order, the graph is a key index: `key in graph` is true for a key whose kind is not `excluded`.
 * A failed call leaves the graph's letters and kinds as they were. */
static PyObject *Graph_set_letters(Graph *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"letters", "kinds", "excluded", NULL};
    PyObject *letters, *kinds = Py_None;
    unsigned char excluded = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "U|Ob", kwlist, &letters, &kinds, &excluded) || check_open(self))
        return NULL;
    Py_ssize_t n = PyUnicode_GET_LENGTH(letters);
    uint32_t points[64];
    if (n > 64)
        return PyErr_Format(SequenceError, "an index numbers at most %u letters, not %zd", TL_MAX_TILE, n);
    for (Py_ssize_t i = 0; i < n; i++)
        points[i] = PyUnicode_READ_CHAR(letters, i);
    tl_index *index;
    tl_error err;
    if (tl_index_open(self->graph, points, (size_t)n, &index, &err) != TL_OK)
        return raise_error(&err);
    Py_buffer view;
    int has_view = 0;
    if (kinds != Py_None) {
        if (need_counts(self) || PyObject_GetBuffer(kinds, &view, PyBUF_SIMPLE)) {
            tl_index_close(index);
            return NULL;
        }
        has_view = 1;
        if (tl_index_set_kinds(index, view.buf, (size_t)view.len, excluded, &err) != TL_OK) {
            PyBuffer_Release(&view);
            tl_index_close(index);
            return raise_error(&err);
        }
    }
    tl_index_close(self->index);
    if (self->has_kinds)
        PyBuffer_Release(&self->kinds);
    self->index = index;
    self->has_kinds = has_view;
    if (has_view)
        self->kinds = view;
    Py_RETURN_NONE;
}

/* The list after `prefix` (str in letters, or tile numbers) and `separator` (none when negative):
 * 0 when there is none; -1 with an exception. */
static int64_t list_after(Graph *self, PyObject *prefix, int separator) {
    uint32_t list;
    tl_error err;
    tl_status rc;
    if (PyUnicode_Check(prefix)) {
        if (need_index(self))
            return -1;
        rc = tl_index_list_after(self->index, KEY(prefix), separator, &list, &err);
    } else {
        seq_arg s;
        if (get_seq(prefix, &s))
            return -1;
        rc = tl_graph_list_after(self->graph, s.data, s.len, separator, &list, &err);
        put_seq(&s);
    }
    if (rc != TL_OK) {
        raise_error(&err);
        return -1;
    }
    return list;
}

typedef struct {
    PyObject *out;
    Py_ssize_t limit;
    int failed;
} collect;

static int collect_word(void *context, const uint8_t *tiles, size_t length) {
    collect *c = context;
    PyObject *word = PyBytes_FromStringAndSize((const char *)tiles, (Py_ssize_t)length);
    if (!word || PyList_Append(c->out, word)) {
        Py_XDECREF(word);
        c->failed = 1;
        return 1;
    }
    Py_DECREF(word);
    return PyList_GET_SIZE(c->out) >= c->limit;
}

/* after(prefix, separator=-1, limit=…) -> every word that follows the prefix (then the separator), in order */
static PyObject *Graph_after(Graph *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"prefix", "separator", "limit", NULL};
    PyObject *prefix;
    int separator = -1;
    Py_ssize_t limit = PY_SSIZE_T_MAX;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|in", kwlist, &prefix, &separator, &limit) || check_open(self))
        return NULL;
    int64_t list = list_after(self, prefix, separator);
    if (list < 0)
        return NULL;
    collect c = {PyList_New(0), limit, 0};
    if (!c.out || !list || limit <= 0)
        return c.out;
    tl_error err;
    tl_status rc = tl_graph_words(self->graph, (uint32_t)list, collect_word, &c, &err);
    if (c.failed || rc != TL_OK) {
        Py_CLEAR(c.out);
        if (!c.failed)
            raise_error(&err);
    }
    return c.out;
}

/* firsts_after(prefixes, separator) -> per prefix, the first word after it and the separator (bytes), or None */
static PyObject *Graph_firsts_after(Graph *self, PyObject *args) {
    PyObject *iterable;
    int separator;
    if (!PyArg_ParseTuple(args, "Oi", &iterable, &separator) || check_open(self))
        return NULL;
    if (separator < 0 || separator > 255)
        return PyErr_Format(SequenceError, "a separator is a tile number below 256, not %d", separator);
    PyObject *it = PyObject_GetIter(iterable);
    if (!it)
        return NULL;
    PyObject *out = PyList_New(0), *item;
    while (out && (item = PyIter_Next(it))) {
        int64_t list = list_after(self, item, separator);
        Py_DECREF(item);
        PyObject *found = NULL;
        if (list == 0) {
            found = Py_NewRef(Py_None);
        } else if (list > 0) {
            uint8_t path[TL_MAX_LENGTH];
            size_t length;
            tl_error err;
            if (tl_graph_first_word(self->graph, (uint32_t)list, path, &length, &err) != TL_OK)
                raise_error(&err);
            else
                found = PyBytes_FromStringAndSize((const char *)path, (Py_ssize_t)length);
        }
        if (!found || PyList_Append(out, found))
            Py_CLEAR(out);
        Py_XDECREF(found);
    }
    Py_DECREF(it);
    if (out && PyErr_Occurred())
        Py_CLEAR(out);
    return out;
}

static PyObject *Graph_get_root(Graph *self, void *closure) {
    return PyLong_FromUnsignedLong(self->graph ? tl_graph_root(self->graph) : 0);
}

static PyObject *Graph_get_gaddag_root(Graph *self, void *closure) {
    if (!self->graph || !tl_graph_has_gaddag(self->graph))
        Py_RETURN_NONE;
    return PyLong_FromUnsignedLong(tl_graph_gaddag_root(self->graph));
}

static PyObject *Graph_anagrams(Graph *self, PyObject *args, PyObject *kwargs);
static PyObject *Graph_pattern(Graph *self, PyObject *args, PyObject *kwargs);
static PyObject *Graph_moves(Graph *self, PyObject *args, PyObject *kwargs);
static PyObject *Graph_stack_moves(Graph *self, PyObject *args, PyObject *kwargs);

static PyGetSetDef Graph_getset[] = {
    {"root", (getter)Graph_get_root, NULL, "the first node of the DAWG's root list", NULL},
    {"gaddag_root", (getter)Graph_get_gaddag_root, NULL, "the first node of the GADDAG's root list, or None", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef Graph_methods[] = {
    {"contains", (PyCFunction)Graph_contains_method, METH_O, "Does the DAWG accept these tile numbers?"},
    {"follow", (PyCFunction)Graph_follow, METH_VARARGS, "follow(tiles, start=None) -> node or 0"},
    {"spells", (PyCFunction)Graph_spells, METH_VARARGS,
     "spells(key, letters) -> can a parts graph cut the key into its parts (None: it cannot tell)"},
    {"node", (PyCFunction)Graph_node, METH_O, "node(index) -> (tile, accepts, is_end, arc)"},
    {"hooks", (PyCFunction)Graph_hooks, METH_O, "hooks(tiles) -> (front tiles, back tiles) as bytes"},
    {"validate", (PyCFunction)Graph_validate, METH_O, "validate(name): check untrusted bytes"},
    {"rank", (PyCFunction)Graph_rank, METH_O, "rank(tiles) -> position among the words in tile order, or -1"},
    {"ranks", (PyCFunction)Graph_ranks, METH_O, "ranks(iterable of tiles, or of str keys) -> list of ranks"},
    {"word_count", (PyCFunction)Graph_word_count, METH_NOARGS, "the number of words in the DAWG"},
    {"after", (PyCFunction)(void (*)(void))Graph_after, METH_VARARGS | METH_KEYWORDS,
     "after(prefix, separator=-1, limit=…) -> the words that follow prefix (then separator), in order, as bytes"},
    {"firsts_after", (PyCFunction)Graph_firsts_after, METH_VARARGS,
     "firsts_after(prefixes, separator) -> per prefix, the first word after prefix + separator, or None"},
    {"anagrams", (PyCFunction)(void (*)(void))Graph_anagrams, METH_VARARGS | METH_KEYWORDS,
     "anagrams(counts, blanks, sub, min_tiles, max_visits, message) -> iterator of tile sequences"},
    {"pattern", (PyCFunction)(void (*)(void))Graph_pattern, METH_VARARGS | METH_KEYWORDS,
     "pattern(tokens, max_visits, message) -> iterator of tile sequences"},
    {"moves", (PyCFunction)(void (*)(void))Graph_moves, METH_VARARGS | METH_KEYWORDS,
     "moves(size, tiles, blanks, letter_premium, word_premium, start, points, rack, rack_size, bonus, every_word, "
     "phonies, max_visits, limit) -> (count, visits, plays)"},
    {"stack_moves", (PyCFunction)(void (*)(void))Graph_stack_moves, METH_VARARGS | METH_KEYWORDS,
     "stack_moves(size, tiles, heights, start, rack, max_height, rack_size, bonus, cube, flat_cube, whole_tower, "
     "rare, rare_bonus, rare_every_word, cover_whole_word, phonies, max_visits, limit) -> (count, visits, plays)"},
    {"set_letters", (PyCFunction)(void (*)(void))Graph_set_letters, METH_VARARGS | METH_KEYWORDS,
     "set_letters(letters, kinds=None, excluded=0): look up str keys (a key index with kinds)"},
    {"release", (PyCFunction)Graph_release, METH_NOARGS, "Let go of the buffer; the graph is closed afterwards."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Graph_as_sequence = {
    .sq_length = (lenfunc)Graph_len,
    .sq_contains = (objobjproc)Graph_sq_contains,
};

static PyTypeObject GraphType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lexicon.graph._core.Graph",
    .tp_doc = "Graph(buffer, big=False): a KWG file's nodes, read in place.",
    .tp_basicsize = sizeof(Graph),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Graph_init,
    .tp_dealloc = (destructor)Graph_dealloc,
    .tp_methods = Graph_methods,
    .tp_getset = Graph_getset,
    .tp_as_sequence = &Graph_as_sequence,
};

/* ------------------------------------------------------------------ Walk */

typedef struct {
    PyObject_HEAD
    Graph *graph;
    unsigned long generation;
    tl_walk *walk;
    int64_t max_visits;
    PyObject *message; /* TooCostly's message when the budget runs out */
} Walk;

static PyTypeObject WalkType;

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
        PyErr_SetObject(TooCostly, w->message);
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

static PyTypeObject WalkType = {
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

/* anagrams(counts, blanks, sub, min_tiles, max_visits, message): `counts` is 64 bytes, the rack's
 * count of each tile number. */
static PyObject *Graph_anagrams(Graph *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"counts", "blanks", "sub", "min_tiles", "max_visits", "message", NULL};
    Py_buffer counts;
    int blanks, sub;
    Py_ssize_t min_tiles;
    long long max_visits;
    PyObject *message;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*ipnLU", kwlist, &counts, &blanks, &sub, &min_tiles,
                                     &max_visits, &message))
        return NULL;
    uint8_t rack[64];
    int ok = counts.len == 64 && blanks >= 0 && blanks <= 255;
    if (ok)
        memcpy(rack, counts.buf, 64);
    PyBuffer_Release(&counts);
    if (!ok)
        return PyErr_Format(SequenceError, "counts must be 64 bytes, blanks 0 to 255");
    if (check_open(self))
        return NULL;
    rack[0] = (uint8_t)blanks;
    tl_walk *walk;
    tl_error err;
    if (tl_walk_anagrams(self->graph, rack, sub, min_tiles < 1 ? 1 : (size_t)min_tiles, max_visits, &walk, &err)
        != TL_OK)
        return raise_error(&err);
    return new_walk(self, walk, max_visits, message);
}

/* pattern(tokens, max_visits, message): `tokens` a sequence of ints, a tile number or ANY_TILE,
 * ANY_RUN, ACCEPT (each alternative ends with an accept). */
static PyObject *Graph_pattern(Graph *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"tokens", "max_visits", "message", NULL};
    PyObject *tokens_obj, *message;
    long long max_visits;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OLU", kwlist, &tokens_obj, &max_visits, &message) ||
        check_open(self))
        return NULL;
    PyObject *seq = PySequence_Fast(tokens_obj, "tokens must be a sequence of ints");
    if (!seq)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int16_t *tokens = malloc((n ? (size_t)n : 1) * sizeof *tokens);
    PyObject *result = NULL;
    if (!tokens) {
        PyErr_NoMemory();
        goto out;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long t = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (t == -1 && PyErr_Occurred())
            goto out;
        if (t < TL_ACCEPT || t > (long)TL_MAX_TILE) {
            PyErr_Format(SequenceError, "token %ld is neither a tile number nor a wildcard", t);
            goto out;
        }
        tokens[i] = (int16_t)t;
    }
    tl_walk *walk;
    tl_error err;
    if (tl_walk_pattern(self->graph, tokens, (size_t)n, max_visits, &walk, &err) != TL_OK)
        raise_error(&err);
    else
        result = new_walk(self, walk, max_visits, message);
out:
    free(tokens);
    Py_DECREF(seq);
    return result;
}

/* ------------------------------------------------------------------ the module */

/* ------------------------------------------------------------------ moves */

/* What moves() and stack_moves() answer for a generation that returned `rc`: (count, lists visited, the best
 * `limit` plays as (score, down, valid, ((square, tile, blank), …))), sorted only when some are asked for
 * (limit 0: the count alone; -1: every play); the moves freed. */
static PyObject *plays_result(tl_moves *moves, tl_status rc, tl_error *err, Py_ssize_t limit) {
    if (rc == TL_OK && limit != 0) {
        Py_BEGIN_ALLOW_THREADS
        rc = tl_moves_sort(moves, err);
        Py_END_ALLOW_THREADS
    }
    if (rc != TL_OK) {
        tl_moves_free(moves);
        raise_error(err);
        return NULL;
    }
    PyObject *result = NULL;
    size_t count = tl_moves_count(moves), take = limit < 0 ? count : (size_t)limit < count ? (size_t)limit : count;
    PyObject *plays = PyList_New((Py_ssize_t)take);
    for (size_t i = 0; plays && i < take; i++) {
        const tl_play *p = tl_moves_play(moves, i);
        PyObject *laid = PyTuple_New(p->n);
        for (unsigned k = 0; laid && k < p->n; k++) {
            PyObject *one = Py_BuildValue("(IIO)", (unsigned)p->squares[k], (unsigned)(p->tiles[k] & 63u),
                                          (p->tiles[k] & TL_BLANK_TILE) ? Py_True : Py_False);
            if (!one) {
                Py_CLEAR(laid);
                break;
            }
            PyTuple_SET_ITEM(laid, k, one);
        }
        PyObject *play = laid ? Py_BuildValue("(iOON)", (int)p->score, p->down ? Py_True : Py_False,
                                              p->valid ? Py_True : Py_False, laid) : NULL;
        if (!play) {
            Py_CLEAR(plays);
            break;
        }
        PyList_SET_ITEM(plays, (Py_ssize_t)i, play);
    }
    if (plays)
        result = Py_BuildValue("(nLN)", (Py_ssize_t)count, (long long)tl_moves_visits(moves), plays);
    tl_moves_free(moves);
    return result;
}

/* moves(...): every play of the rack on the board (play/moves.h), the GIL let go while they are found;
 * (count, lists visited, the best `limit` plays as (score, down, valid, ((square, tile, blank), …))), sorted
 * only when some are asked for (limit 0: the count alone; -1: every play). */
static PyObject *Graph_moves(Graph *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"size", "tiles", "blanks", "letter_premium", "word_premium", "start", "points", "rack",
                             "rack_size", "bonus", "every_word", "phonies", "max_visits", "limit", NULL};
    unsigned size, rack_size;
    int bonus, every_word, phonies;
    long long max_visits;
    Py_ssize_t limit;
    Py_buffer bufs[7];
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Iy*y*y*y*y*y*y*IippLn", kwlist, &size, &bufs[0], &bufs[1],
                                     &bufs[2], &bufs[3], &bufs[4], &bufs[5], &bufs[6], &rack_size, &bonus,
                                     &every_word, &phonies, &max_visits, &limit))
        return NULL;
    PyObject *result = NULL;
    size_t cells = (size_t)size * size;
    int ok = size <= TL_MAX_BOARD && bufs[5].len == 128 && bufs[6].len == 64;
    for (int i = 0; i < 5 && ok; i++)
        ok = (size_t)bufs[i].len == cells;
    if (!ok) {
        PyErr_SetString(SequenceError, "a board of size × size bytes a field, 64 points (u16) and 64 rack counts");
        goto out;
    }
    if (check_open(self))
        goto out;
    tl_board board = {.size = size, .tiles = bufs[0].buf, .blanks = bufs[1].buf, .letter_premium = bufs[2].buf,
                      .word_premium = bufs[3].buf, .start = bufs[4].buf, .rack_size = rack_size,
                      .whole_rack_bonus = bonus, .premiums_every_word = every_word};
    const uint8_t *points = bufs[5].buf;
    for (int t = 0; t < 64; t++)
        board.points[t] = (uint16_t)(points[2 * t] | points[2 * t + 1] << 8);
    tl_moves *moves = NULL;
    tl_error err;
    tl_status rc;
    Py_BEGIN_ALLOW_THREADS
    rc = tl_moves_generate(self->graph, &board, bufs[6].buf, phonies, max_visits, &moves, &err);
    Py_END_ALLOW_THREADS
    result = plays_result(moves, rc, &err, limit);
out:
    for (int i = 0; i < 7; i++)
        PyBuffer_Release(&bufs[i]);
    return result;
}

/* stack_moves(...): every play of one line of the rack on a stacking board (play/moves.h, tl_moves_stack),
 * the GIL let go while they are found; answered as moves() answers. `rare` is 64 bytes, nonzero for a rare
 * cube's tile number. */
static PyObject *Graph_stack_moves(Graph *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"size", "tiles", "heights", "start", "rack", "max_height", "rack_size", "bonus", "cube",
                             "flat_cube", "whole_tower", "rare", "rare_bonus", "rare_every_word", "cover_whole_word",
                             "phonies", "max_visits", "limit", NULL};
    tl_stack_board board = {0};
    int whole_tower, rare_every_word, cover_whole_word, phonies;
    long long max_visits;
    Py_ssize_t limit;
    Py_buffer bufs[5];
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Iy*y*y*y*IIiiipy*ipppLn", kwlist, &board.size, &bufs[0],
                                     &bufs[1], &bufs[2], &bufs[3], &board.max_height, &board.rack_size,
                                     &board.whole_rack_bonus, &board.cube, &board.flat_cube, &whole_tower, &bufs[4],
                                     &board.rare_bonus, &rare_every_word, &cover_whole_word, &phonies, &max_visits,
                                     &limit))
        return NULL;
    PyObject *result = NULL;
    size_t cells = (size_t)board.size * board.size;
    int ok = board.size <= TL_MAX_BOARD && bufs[3].len == 64 && bufs[4].len == 64;
    for (int i = 0; i < 3 && ok; i++)
        ok = (size_t)bufs[i].len == cells;
    if (!ok) {
        PyErr_SetString(SequenceError, "a board of size × size bytes a field, 64 rack counts and 64 rare flags");
        goto out;
    }
    if (check_open(self))
        goto out;
    board.tiles = bufs[0].buf;
    board.heights = bufs[1].buf;
    board.start = bufs[2].buf;
    board.whole_tower = whole_tower;
    board.rare_every_word = rare_every_word;
    board.cover_whole_word = cover_whole_word;
    const uint8_t *rare = bufs[4].buf;
    for (unsigned t = 1; t < 64; t++)
        board.rare |= (uint64_t)(rare[t] != 0) << t;
    tl_moves *moves = NULL;
    tl_error err;
    tl_status rc;
    Py_BEGIN_ALLOW_THREADS
    rc = tl_moves_stack(self->graph, &board, bufs[3].buf, phonies, max_visits, &moves, &err);
    Py_END_ALLOW_THREADS
    result = plays_result(moves, rc, &err, limit);
out:
    for (int i = 0; i < 5; i++)
        PyBuffer_Release(&bufs[i]);
    return result;
}

/* ------------------------------------------------------------------ Bundle */

typedef struct {
    PyObject_HEAD
    void *bytes;    /* a copy of the bundle, aligned as tl_lexicon_open needs, when the buffer could not serve */
    Py_buffer view; /* else the buffer itself, held: read-only and 8-aligned (an mmap, bytes) */
    int viewing;
    tl_lexicon *lexicon;
    tl_answer *answer;
} Bundle;

static void close_bundle(Bundle *self) {
    tl_lexicon_close(self->lexicon);
    self->lexicon = NULL;
    free(self->bytes);
    self->bytes = NULL;
    if (self->viewing)
        PyBuffer_Release(&self->view);
    self->viewing = 0;
    free(self->answer);
    self->answer = NULL;
}

/* Bundle(buffer): read and check a bundle. A read-only buffer at a multiple of 8 (a memory-mapped file, whose
 * pages every process mapping it shares) is read in place and held; any other is copied, so bytes the caller
 * may still change are never read after their check. */
static int Bundle_init(Bundle *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"buffer", NULL};
    Py_buffer view;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*", kwlist, &view))
        return -1;
    int in_place = view.readonly && (uintptr_t)view.buf % 8 == 0;
    void *bytes = in_place ? NULL : aligned_alloc(8, ((size_t)view.len + 7) / 8 * 8 + 8);
    tl_answer *answer = malloc(sizeof *answer);
    if ((!in_place && !bytes) || !answer) {
        PyBuffer_Release(&view);
        free(bytes);
        free(answer);
        PyErr_NoMemory();
        return -1;
    }
    if (!in_place)
        memcpy(bytes, view.buf, (size_t)view.len);
    size_t size = (size_t)view.len;
    tl_lexicon *lexicon;
    tl_error err;
    if (tl_lexicon_open(in_place ? view.buf : bytes, size, &lexicon, &err) != TL_OK) {
        PyBuffer_Release(&view);
        free(bytes);
        free(answer);
        raise_error(&err);
        return -1;
    }
    close_bundle(self);
    if (in_place) {
        self->view = view;
        self->viewing = 1;
    } else {
        PyBuffer_Release(&view);
    }
    self->bytes = bytes;
    self->lexicon = lexicon;
    self->answer = answer;
    return 0;
}

static void Bundle_dealloc(Bundle *self) {
    close_bundle(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The word's answer into self->answer; its UTF-8 (surrogates as JavaScript strings hold them) in *bytes. */
static int bundle_check(Bundle *self, PyObject *word, PyObject **bytes) {
    if (!self->lexicon) {
        PyErr_SetString(PyExc_ValueError, "the bundle is closed");
        return -1;
    }
    if (!PyUnicode_Check(word)) {
        PyErr_SetString(PyExc_TypeError, "a word is a str");
        return -1;
    }
    *bytes = PyUnicode_AsEncodedString(word, "utf-8", "surrogatepass");
    if (!*bytes)
        return -1;
    tl_error err;
    if (tl_lexicon_check(self->lexicon, PyBytes_AS_STRING(*bytes), (size_t)PyBytes_GET_SIZE(*bytes), self->answer,
                         &err) != TL_OK) {
        Py_CLEAR(*bytes);
        raise_error(&err);
        return -1;
    }
    return 0;
}

static PyObject *text_or_none(const char *text) {
    if (!text)
        Py_RETURN_NONE;
    return PyUnicode_DecodeUTF8(text, (Py_ssize_t)strlen(text), "surrogatepass");
}

/* check(word) -> the brief answer as a dict ({"word", "normalized", "valid", "reason", "detail", "lemma",
 * "tag"}; valid None: only analysis decides) */
static PyObject *Bundle_check(Bundle *self, PyObject *word) {
    PyObject *bytes;
    if (bundle_check(self, word, &bytes))
        return NULL;
    Py_DECREF(bytes);
    const tl_answer *a = self->answer;
    PyObject *valid = a->valid < 0 ? Py_None : a->valid ? Py_True : Py_False;
    return Py_BuildValue("{s:O,s:N,s:O,s:N,s:N,s:N,s:N,s:i}", "word", word, "normalized", text_or_none(a->normalized),
                         "valid", valid, "reason", text_or_none(a->reason), "detail", text_or_none(a->detail),
                         "lemma", text_or_none(a->lemma), "tag", text_or_none(a->tag), "position", a->position);
}

/* check_json(word) -> the brief answer as the C library writes it (tl_answer_json) */
static PyObject *Bundle_check_json(Bundle *self, PyObject *word) {
    PyObject *bytes;
    if (bundle_check(self, word, &bytes))
        return NULL;
    const char *text = PyBytes_AS_STRING(bytes);
    size_t size = (size_t)PyBytes_GET_SIZE(bytes);
    size_t need = tl_answer_json(self->answer, text, size, NULL, 0);
    char *out = malloc(need + 1);
    if (!out) {
        Py_DECREF(bytes);
        return PyErr_NoMemory();
    }
    tl_answer_json(self->answer, text, size, out, need + 1);
    Py_DECREF(bytes);
    PyObject *result = PyUnicode_DecodeUTF8(out, (Py_ssize_t)need, "strict");
    free(out);
    return result;
}

/* brief_json's batch as tl_lexicon_check_each emits it: the JSON written so far, and where the analyser's
 * answers go. */
typedef struct {
    const char **text;
    const Py_ssize_t *size;
    char *out;
    size_t used, room;
    int grown;
    long valid;
    Py_ssize_t *open, n_open;
} brief_batch;

static int brief_emit(void *context, size_t i, const tl_answer *answer) {
    brief_batch *b = context;
    /* The answer is written once where it fits (after its "[" or ",", with its NUL and a byte for the
     * closing "]"); where it does not, the buffer grows to what it needs and it is written again. */
    size_t start = b->used + 1, left = b->room > start + 1 ? b->room - start - 1 : 0;
    size_t len = tl_answer_json(answer, b->text[i], (size_t)b->size[i], left ? b->out + start : NULL, left);
    if (len >= left) {
        size_t bigger = b->room ? b->room : 4096;
        while (start + len + 2 > bigger)
            bigger *= 2;
        char *more = realloc(b->out, bigger);
        if (!(b->grown = more != NULL))
            return 1;
        b->out = more;
        b->room = bigger;
        tl_answer_json(answer, b->text[i], (size_t)b->size[i], b->out + start, b->room - start - 1);
    }
    b->out[b->used] = i ? ',' : '[';
    b->used = start + len;
    b->valid += answer->valid == 1;
    if (answer->valid < 0) {
        b->open[3 * b->n_open] = (Py_ssize_t)i;
        b->open[3 * b->n_open + 1] = (Py_ssize_t)start;
        b->open[3 * b->n_open + 2] = (Py_ssize_t)b->used;
        b->n_open++;
    }
    return 0;
}

/* brief_json(words) -> (JSON array of the brief answers, words valid, [(index, start, end), …] of the answers
 * only analysis decides: where in the bytes each lies, for the caller to put the analyser's answer in).
 * The whole batch in one call, without the interpreter (POST /valid's path): the words' UTF-8 is taken
 * first, then the lock is let go. A word with a lone surrogate (never in JSON a request parsed) is
 * encoded as the library reads it. */
static PyObject *Bundle_brief_json(Bundle *self, PyObject *words) {
    if (!self->lexicon) {
        PyErr_SetString(PyExc_ValueError, "the bundle is closed");
        return NULL;
    }
    if (!PyList_Check(words)) {
        PyErr_SetString(PyExc_TypeError, "brief_json takes a list of str");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(words);
    const char **text = PyMem_Malloc(((size_t)n + 1) * sizeof *text);
    Py_ssize_t *size = PyMem_Malloc(((size_t)n + 1) * sizeof *size);
    PyObject *held = PyList_New(0); /* the surrogatepass encodings, alive until the end */
    tl_answer *answers = malloc((TL_CHECK_AHEAD + 1) * sizeof *answers);
    brief_batch b = {text, size, NULL, 0, 0, 1, 0, PyMem_Malloc(((size_t)n + 1) * 3 * sizeof(Py_ssize_t)), 0};
    PyObject *result = NULL;
    if (!text || !size || !held || !answers || !b.open) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *word = PyList_GET_ITEM(words, i);
        if (!PyUnicode_Check(word)) {
            PyErr_SetString(PyExc_TypeError, "a word is a str");
            goto done;
        }
        text[i] = PyUnicode_AsUTF8AndSize(word, &size[i]);
        if (!text[i]) {
            PyErr_Clear();
            PyObject *bytes = PyUnicode_AsEncodedString(word, "utf-8", "surrogatepass");
            if (!bytes || PyList_Append(held, bytes)) {
                Py_XDECREF(bytes);
                goto done;
            }
            Py_DECREF(bytes);
            text[i] = PyBytes_AS_STRING(bytes);
            size[i] = PyBytes_GET_SIZE(bytes);
        }
    }
    tl_error err;
    tl_status rc;
    /* size_t and Py_ssize_t have one width: the sizes are read as the core takes them */
    Py_BEGIN_ALLOW_THREADS
    rc = tl_lexicon_check_each(self->lexicon, (size_t)n, text, (const size_t *)size, answers, brief_emit, &b, &err);
    Py_END_ALLOW_THREADS
    if (rc != TL_OK) {
        raise_error(&err);
        goto done;
    }
    if (!b.grown || (!b.out && !(b.out = malloc(2)))) {
        PyErr_NoMemory();
        goto done;
    }
    if (!n)
        b.out[b.used++] = '[';
    b.out[b.used++] = ']';
    PyObject *places = PyList_New(b.n_open);
    if (!places)
        goto done;
    for (Py_ssize_t k = 0; k < b.n_open; k++) {
        PyObject *place = Py_BuildValue("(nnn)", b.open[3 * k], b.open[3 * k + 1], b.open[3 * k + 2]);
        if (!place) {
            Py_DECREF(places);
            goto done;
        }
        PyList_SET_ITEM(places, k, place);
    }
    result = Py_BuildValue("(y#lN)", b.out, (Py_ssize_t)b.used, b.valid, places);
done:
    PyMem_Free(text);
    PyMem_Free(size);
    PyMem_Free(b.open);
    Py_XDECREF(held);
    free(answers);
    free(b.out);
    return result;
}

/* The text of a query the C library answers: (True, document) or (False, problem); an exception for
 * anything else (out of memory). */
static PyObject *query_result(tl_status rc, tl_text *text, const tl_error *err) {
    if (rc != TL_OK && !text->data)
        return raise_error(err);
    PyObject *doc = PyUnicode_DecodeUTF8(text->data, (Py_ssize_t)text->length, "surrogatepass");
    tl_text_free(text);
    return doc ? Py_BuildValue("(ON)", rc == TL_OK ? Py_True : Py_False, doc) : NULL;
}

static int bundle_open(Bundle *self) {
    if (!self->lexicon) {
        PyErr_SetString(PyExc_ValueError, "the bundle is closed");
        return -1;
    }
    return 0;
}

typedef tl_status (*word_query)(const tl_lexicon *, const char *, size_t, tl_text *, tl_error *);

/* tiles(word) / hooks(word) / verdict(word) -> (ok, JSON) */
static PyObject *bundle_word_query(Bundle *self, PyObject *args, word_query ask) {
    const char *word;
    Py_ssize_t size;
    if (bundle_open(self) || !PyArg_ParseTuple(args, "s#", &word, &size))
        return NULL;
    tl_text text = {0};
    tl_error err;
    tl_status rc;
    Py_BEGIN_ALLOW_THREADS
    rc = ask(self->lexicon, word, (size_t)size, &text, &err);
    Py_END_ALLOW_THREADS
    return query_result(rc, &text, &err);
}

static PyObject *Bundle_tiles(Bundle *self, PyObject *args) { return bundle_word_query(self, args, tl_lexicon_tiles); }
static PyObject *Bundle_hooks(Bundle *self, PyObject *args) { return bundle_word_query(self, args, tl_lexicon_hooks); }
static PyObject *Bundle_verdict(Bundle *self, PyObject *args) {
    return bundle_word_query(self, args, tl_lexicon_verdict);
}

/* verdict_json(word) -> (valid: True, False or None when only analysis decides, reason or None, GET /valid's
 * document as far as the bundle holds it, as bytes): what GET /valid answers from the bundle, with what the
 * caller needs to know whether the bundle holds the whole answer. A lone surrogate is encoded as the library
 * reads it. */
static PyObject *Bundle_verdict_json(Bundle *self, PyObject *word) {
    if (bundle_open(self))
        return NULL;
    if (!PyUnicode_Check(word)) {
        PyErr_SetString(PyExc_TypeError, "verdict_json takes a str");
        return NULL;
    }
    PyObject *held = NULL;
    Py_ssize_t size;
    const char *text = PyUnicode_AsUTF8AndSize(word, &size);
    if (!text) {
        PyErr_Clear();
        if (!(held = PyUnicode_AsEncodedString(word, "utf-8", "surrogatepass")))
            return NULL;
        text = PyBytes_AS_STRING(held);
        size = PyBytes_GET_SIZE(held);
    }
    tl_answer *answer = malloc(sizeof *answer);
    if (!answer) {
        Py_XDECREF(held);
        return PyErr_NoMemory();
    }
    tl_text doc = {0};
    tl_error err;
    tl_status rc;
    Py_BEGIN_ALLOW_THREADS
    rc = tl_lexicon_check(self->lexicon, text, (size_t)size, answer, &err);
    if (rc == TL_OK)
        rc = tl_lexicon_verdict(self->lexicon, text, (size_t)size, &doc, &err);
    Py_END_ALLOW_THREADS
    Py_XDECREF(held);
    PyObject *result = NULL;
    if (rc != TL_OK) {
        tl_text_free(&doc);
        raise_error(&err);
    } else {
        PyObject *valid = answer->valid < 0 ? Py_None : answer->valid ? Py_True : Py_False;
        result = Py_BuildValue("(Os#y#)", valid, answer->reason, (Py_ssize_t)(answer->reason ? strlen(answer->reason) : 0),
                               doc.data, (Py_ssize_t)doc.length);
        tl_text_free(&doc);
    }
    free(answer);
    return result;
}

/* anagram(rack, sub=False, order=None, offset=None, limit=None) / pattern(q, order=None, …) -> (ok, JSON) */
static PyObject *bundle_search(Bundle *self, PyObject *args, PyObject *kwargs, int anagram) {
    static char *kwlist[] = {"text", "sub", "order", "offset", "limit", NULL};
    const char *query, *order = NULL;
    Py_ssize_t size;
    int sub = 0;
    PyObject *offset = Py_None, *limit = Py_None;
    if (bundle_open(self) || !PyArg_ParseTupleAndKeywords(args, kwargs, "s#|pzOO", kwlist, &query, &size, &sub, &order,
                                                           &offset, &limit))
        return NULL;
    tl_query options = {sub, order, TL_QUERY_DEFAULT, TL_QUERY_DEFAULT};
    if ((offset != Py_None && (options.offset = PyLong_AsLong(offset)) == -1 && PyErr_Occurred()) ||
        (limit != Py_None && (options.limit = PyLong_AsLong(limit)) == -1 && PyErr_Occurred()))
        return NULL;
    tl_text text = {0};
    tl_error err;
    tl_status rc;
    Py_BEGIN_ALLOW_THREADS
    rc = (anagram ? tl_lexicon_anagram : tl_lexicon_pattern)(self->lexicon, query, (size_t)size, &options, &text, &err);
    Py_END_ALLOW_THREADS
    return query_result(rc, &text, &err);
}

static PyObject *Bundle_anagram(Bundle *self, PyObject *args, PyObject *kwargs) {
    return bundle_search(self, args, kwargs, 1);
}

static PyObject *Bundle_pattern(Bundle *self, PyObject *args, PyObject *kwargs) {
    return bundle_search(self, args, kwargs, 0);
}

/* verify(): the word graphs walked from their roots as well (tl_lexicon_verify) */
static PyObject *Bundle_verify(Bundle *self, PyObject *unused) {
    if (bundle_open(self))
        return NULL;
    tl_error err;
    tl_status rc;
    Py_BEGIN_ALLOW_THREADS
    rc = tl_lexicon_verify(self->lexicon, &err);
    Py_END_ALLOW_THREADS
    if (rc != TL_OK)
        return raise_error(&err);
    Py_RETURN_NONE;
}

static PyObject *Bundle_section(Bundle *self, PyObject *name) {
    const char *text = PyUnicode_AsUTF8(name);
    if (!text)
        return NULL;
    size_t size;
    const uint8_t *data = self->lexicon ? tl_lexicon_section(self->lexicon, text, &size) : NULL;
    if (!data)
        Py_RETURN_NONE;
    return PyBytes_FromStringAndSize((const char *)data, (Py_ssize_t)size);
}

static PyObject *Bundle_get_text(Bundle *self, void *which) {
    if (!self->lexicon)
        Py_RETURN_NONE;
    const char *text = which == (void *)0 ? tl_lexicon_name(self->lexicon)
                     : which == (void *)1 ? tl_lexicon_version(self->lexicon) : tl_lexicon_toolkit(self->lexicon);
    return PyUnicode_FromString(text);
}

static PyGetSetDef Bundle_getset[] = {
    {"name", (getter)Bundle_get_text, NULL, "the lexicon's name", (void *)0},
    {"version", (getter)Bundle_get_text, NULL, "the lexicon's version", (void *)1},
    {"toolkit", (getter)Bundle_get_text, NULL, "the toolkit version that wrote it", (void *)2},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef Bundle_methods[] = {
    {"check", (PyCFunction)Bundle_check, METH_O, "check(word) -> the brief answer, as a dict"},
    {"check_json", (PyCFunction)Bundle_check_json, METH_O, "check_json(word) -> the brief answer, as JSON"},
    {"brief_json", (PyCFunction)Bundle_brief_json, METH_O,
     "brief_json(words) -> (JSON array of brief answers, words valid, [(index, start, end)] only analysis decides)"},
    {"section", (PyCFunction)Bundle_section, METH_O, "section(name) -> its bytes, or None"},
    {"verify", (PyCFunction)Bundle_verify, METH_NOARGS, "verify(): walk the word graphs from their roots too"},
    {"tiles", (PyCFunction)Bundle_tiles, METH_VARARGS, "tiles(word) -> (ok, the GET /tiles document or the problem)"},
    {"hooks", (PyCFunction)Bundle_hooks, METH_VARARGS, "hooks(word) -> (ok, the GET /hooks document or the problem)"},
    {"verdict", (PyCFunction)Bundle_verdict, METH_VARARGS,
     "verdict(word) -> (ok, the verdict document as far as the bundle holds it)"},
    {"verdict_json", (PyCFunction)Bundle_verdict_json, METH_O,
     "verdict_json(word) -> (valid or None, reason or None, the verdict document as bytes)"},
    {"anagram", (PyCFunction)(void (*)(void))Bundle_anagram, METH_VARARGS | METH_KEYWORDS,
     "anagram(rack, sub=False, order=None, offset=None, limit=None) -> (ok, GET /anagram's document or the problem)"},
    {"pattern", (PyCFunction)(void (*)(void))Bundle_pattern, METH_VARARGS | METH_KEYWORDS,
     "pattern(q, order=None, offset=None, limit=None) -> (ok, GET /pattern's document or the problem)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject BundleType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lexicon.graph._core.Bundle",
    .tp_doc = "Bundle(buffer): a lexicon bundle, read and checked, answering words as the library does.",
    .tp_basicsize = sizeof(Bundle),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Bundle_init,
    .tp_dealloc = (destructor)Bundle_dealloc,
    .tp_methods = Bundle_methods,
    .tp_getset = Bundle_getset,
};

/* ------------------------------------------------------------------ Verdicts */

/* The slots of the library's verdict a quick answer fills (lexicon.verdict.Verdict); every other slot takes
 * the value Verdicts was given for it. */
enum { V_WORD, V_NORMALIZED, V_VALID, V_REASON, V_DETAIL, V_TILES, V_TILINGS, V_KIND, V_POS, V_LEMMA, V_TAG,
       V_FILLED };
static const char *const filled_names[V_FILLED] = {"word", "normalized", "valid", "reason", "detail", "tiles",
                                                   "tilings", "kind", "pos", "lemma", "tag"};
#define MAX_SLOTS 32
#define MAX_POS_CACHED 32

typedef struct {
    PyObject_HEAD
    Bundle *bundle;
    PyTypeObject *cls;
    Py_ssize_t n_slots;
    PyMemberDef *member[MAX_SLOTS];
    int filled[MAX_SLOTS];   /* V_…, or -1: `fixed` holds the slot's value */
    PyObject *fixed[MAX_SLOTS];
    PyObject *tile[TL_MAX_TILE + 1]; /* each tile number's letters */
    PyObject *headword, *inflected, *analysed, *not_in_lexicon;
    const char *pos_text[MAX_POS_CACHED]; /* parts of speech met, where the bundle holds them, and their strings */
    PyObject *pos[MAX_POS_CACHED];
    tl_answer *answer;
    PyObject *judge; /* what makes every verdict `check` does not: Lexicon.check's own way, or None */
    vectorcallfunc vectorcall;
    int begun; /* __init__ has run */
} Verdicts;

static void Verdicts_dealloc(Verdicts *self) {
    Py_XDECREF(self->bundle);
    Py_XDECREF(self->cls);
    for (Py_ssize_t i = 0; i < self->n_slots; i++)
        Py_XDECREF(self->fixed[i]);
    for (unsigned t = 0; t <= TL_MAX_TILE; t++)
        Py_XDECREF(self->tile[t]);
    Py_XDECREF(self->headword);
    Py_XDECREF(self->inflected);
    Py_XDECREF(self->analysed);
    Py_XDECREF(self->not_in_lexicon);
    Py_XDECREF(self->judge);
    for (int i = 0; i < MAX_POS_CACHED; i++)
        Py_XDECREF(self->pos[i]);
    free(self->answer);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Verdicts_call(Verdicts *self, PyObject *const *args, size_t nargsf, PyObject *kwnames);

/* Verdicts(bundle, cls, fixed, judge=None): `cls` a class with slots (a dataclass with slots=True); `fixed` the
 * value of every slot but the eleven a quick answer fills. A slot with neither is refused here, so that a field
 * added to the verdict is never left unset. `judge`, a callable taking (word, *, detail=True), makes the object
 * a callable of the same signature (Verdicts_call). */
static int Verdicts_init(Verdicts *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"bundle", "cls", "fixed", "judge", NULL};
    PyObject *bundle, *cls, *fixed, *judge = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!O!O!|O", kwlist, &BundleType, &bundle, &PyType_Type, &cls,
                                     &PyDict_Type, &fixed, &judge) ||
        bundle_open((Bundle *)bundle))
        return -1;
    self->vectorcall = (vectorcallfunc)Verdicts_call;
    if (judge != Py_None && !PyCallable_Check(judge)) {
        PyErr_SetString(PyExc_TypeError, "Verdicts' judge is a callable");
        return -1;
    }
    /* made once: a second call, even after a first that failed, would overwrite the references it holds */
    if (self->begun) {
        PyErr_SetString(PyExc_TypeError, "Verdicts is made once");
        return -1;
    }
    self->begun = 1;
    PyObject *slots = PyObject_GetAttrString(cls, "__slots__");
    if (!slots)
        return -1;
    PyObject *names = PySequence_Tuple(slots);
    Py_DECREF(slots);
    if (!names)
        return -1;
    int failed = 0;
    if (PyTuple_GET_SIZE(names) > MAX_SLOTS) {
        PyErr_Format(PyExc_TypeError, "%R has %zd slots; Verdicts fills at most %d", cls, PyTuple_GET_SIZE(names),
                     MAX_SLOTS);
        failed = 1;
    }
    for (Py_ssize_t i = 0; !failed && i < PyTuple_GET_SIZE(names); i++) {
        PyObject *name = PyTuple_GET_ITEM(names, i), *descr = PyObject_GetAttr(cls, name);
        if (!descr || !Py_IS_TYPE(descr, &PyMemberDescr_Type) ||
            ((PyMemberDescrObject *)descr)->d_member->type != T_OBJECT_EX) {
            if (descr)
                PyErr_Format(PyExc_TypeError, "%R's %R is not a slot", cls, name);
            Py_XDECREF(descr);
            failed = 1;
            break;
        }
        self->member[i] = ((PyMemberDescrObject *)descr)->d_member;
        Py_DECREF(descr);
        self->filled[i] = -1;
        for (int f = 0; f < V_FILLED; f++)
            if (PyUnicode_CompareWithASCIIString(name, filled_names[f]) == 0)
                self->filled[i] = f;
        if (self->filled[i] < 0) {
            PyObject *value = PyDict_GetItemWithError(fixed, name);
            if (!value) {
                if (!PyErr_Occurred())
                    PyErr_Format(PyExc_TypeError, "no value for %R's slot %R", cls, name);
                failed = 1;
                break;
            }
            self->fixed[i] = Py_NewRef(value);
        }
        self->n_slots = i + 1;
    }
    Py_DECREF(names);
    if (failed)
        return -1;
    const tl_lexicon *lex = ((Bundle *)bundle)->lexicon;
    for (unsigned t = 1; t <= TL_MAX_TILE; t++) {
        size_t len;
        const char *letters = tl_lexicon_tile(lex, t, &len);
        if (letters && !(self->tile[t] = PyUnicode_DecodeUTF8(letters, (Py_ssize_t)len, "strict")))
            return -1;
    }
    if (!(self->headword = PyUnicode_InternFromString("headword")) ||
        !(self->inflected = PyUnicode_InternFromString("inflected")) ||
        !(self->analysed = PyUnicode_InternFromString("analysed")) ||
        !(self->not_in_lexicon = PyUnicode_InternFromString("not-in-lexicon")))
        return -1;
    if (!(self->answer = malloc(sizeof *self->answer))) {
        PyErr_NoMemory();
        return -1;
    }
    self->bundle = (Bundle *)Py_NewRef(bundle);
    self->cls = (PyTypeObject *)Py_NewRef(cls);
    self->judge = Py_NewRef(judge);
    return 0;
}

/* The valid tilings as tuples of tile strings: the first, and the list of all once there is a second. */
typedef struct {
    PyObject *const *tile;
    PyObject *first, *all;
} tiling_sink;

static int add_tiling(void *context, const uint8_t *tiles, size_t n) {
    tiling_sink *sink = context;
    PyObject *tiling = PyTuple_New((Py_ssize_t)n);
    if (!tiling)
        return 1;
    for (size_t i = 0; i < n; i++) {
        PyObject *tile = sink->tile[tiles[i] & TL_MAX_TILE];
        if (!tile) {
            Py_DECREF(tiling);
            PyErr_SetString(ArtifactError, "the bundle's word graph holds a tile its tile set lacks");
            return 1;
        }
        PyTuple_SET_ITEM(tiling, (Py_ssize_t)i, Py_NewRef(tile));
    }
    if (!sink->first) {
        sink->first = tiling;
        return 0;
    }
    if (!sink->all && !(sink->all = PyList_New(0)))
        return 1;
    int failed = (PyList_GET_SIZE(sink->all) == 0 && PyList_Append(sink->all, sink->first) < 0) ||
                 PyList_Append(sink->all, tiling) < 0;
    Py_DECREF(tiling);
    return failed;
}

/* A part of speech's string, made once for each of the first few met. */
static PyObject *pos_string(Verdicts *self, const char *pos, size_t len) {
    if (!pos)
        return Py_NewRef(Py_None);
    for (int i = 0; i < MAX_POS_CACHED && self->pos_text[i]; i++)
        if (self->pos_text[i] == pos)
            return Py_NewRef(self->pos[i]);
    PyObject *text = PyUnicode_DecodeUTF8(pos, (Py_ssize_t)len, "strict");
    for (int i = 0; i < MAX_POS_CACHED && text; i++)
        if (!self->pos_text[i]) {
            self->pos_text[i] = pos;
            self->pos[i] = Py_NewRef(text);
            break;
        }
    return text;
}

/* The valid word's tilings, reading and lemma into `value` (V_…); 0 when it has no tiling known. */
static int valid_fields(Verdicts *self, PyObject **value) {
    const tl_lexicon *lex = self->bundle->lexicon;
    const tl_answer *a = self->answer;
    tiling_sink sink = {self->tile, NULL, NULL};
    int stopped = tl_answer_tilings(lex, a, add_tiling, &sink);
    if (stopped || !sink.first) {
        Py_XDECREF(sink.first);
        Py_XDECREF(sink.all);
        return stopped ? -1 : 0;
    }
    value[V_TILES] = sink.first;
    value[V_TILINGS] = sink.all ? PyList_AsTuple(sink.all) : PyTuple_Pack(1, sink.first);
    Py_XDECREF(sink.all);
    const char *kind, *pos;
    size_t pos_len;
    tl_answer_reading(lex, a, &kind, &pos, &pos_len);
    value[V_KIND] = Py_NewRef(!kind ? Py_None : kind[0] == 'h' ? self->headword
                              : kind[0] == 'i' ? self->inflected : self->analysed);
    value[V_POS] = pos_string(self, pos, pos_len);
    value[V_LEMMA] = text_or_none(a->lemma);
    value[V_TAG] = text_or_none(a->tag);
    return value[V_TILINGS] && value[V_POS] && value[V_LEMMA] && value[V_TAG] ? 1 : -1;
}

/* check(word) -> the verdict `Lexicon.check(word, detail=False)` gives, or None where the library must judge:
 * every answer but a valid word's and `not-in-lexicon` (those carry nothing the bundle lacks), tile notation,
 * and a word with a lone surrogate. */
static PyObject *Verdicts_check(Verdicts *self, PyObject *word) {
    if (!self->cls) {
        PyErr_SetString(PyExc_ValueError, "Verdicts is not made");
        return NULL;
    }
    if (bundle_open(self->bundle))
        return NULL;
    if (!PyUnicode_Check(word)) {
        PyErr_SetString(PyExc_TypeError, "a word is a str");
        return NULL;
    }
    Py_ssize_t size;
    const char *text = PyUnicode_AsUTF8AndSize(word, &size);
    if (!text) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    if (memchr(text, '[', (size_t)size) || memchr(text, ']', (size_t)size) || memchr(text, '"', (size_t)size))
        Py_RETURN_NONE;
    tl_error err;
    tl_answer *a = self->answer;
    if (tl_lexicon_check(self->bundle->lexicon, text, (size_t)size, a, &err) != TL_OK)
        return raise_error(&err);
    PyObject *value[V_FILLED] = {0};
    if (a->valid == 1) {
        int got = valid_fields(self, value);
        if (got <= 0) {
            for (int f = 0; f < V_FILLED; f++)
                Py_XDECREF(value[f]);
            if (got < 0)
                return NULL;
            Py_RETURN_NONE;
        }
        value[V_REASON] = Py_NewRef(Py_None);
    } else if (a->valid == 0 && a->reason && !strcmp(a->reason, "not-in-lexicon")) {
        value[V_REASON] = Py_NewRef(self->not_in_lexicon);
        value[V_TILES] = Py_NewRef(Py_None);
        value[V_TILINGS] = PyTuple_New(0);
        value[V_KIND] = Py_NewRef(Py_None);
        value[V_POS] = Py_NewRef(Py_None);
        value[V_LEMMA] = Py_NewRef(Py_None);
        value[V_TAG] = Py_NewRef(Py_None);
    } else {
        Py_RETURN_NONE;
    }
    value[V_WORD] = Py_NewRef(word);
    value[V_VALID] = Py_NewRef(a->valid ? Py_True : Py_False);
    value[V_NORMALIZED] = text_or_none(a->normalized);
    value[V_DETAIL] = text_or_none(a->detail); /* none but the precheck's refusal ("… does not accept it") */
    PyObject *verdict = NULL;
    int ready = 1;
    for (int f = 0; f < V_FILLED; f++)
        ready &= value[f] != NULL;
    if (ready && (verdict = self->cls->tp_alloc(self->cls, 0)))
        for (Py_ssize_t i = 0; i < self->n_slots; i++) {
            int f = self->filled[i];
            /* the new object's slots are empty: each takes its reference */
            *(PyObject **)((char *)verdict + self->member[i]->offset) = f < 0 ? Py_NewRef(self->fixed[i]) : value[f];
            if (f >= 0)
                value[f] = NULL;
        }
    for (int f = 0; f < V_FILLED; f++)
        Py_XDECREF(value[f]);
    return verdict;
}

/* verdicts(word, *, detail=True): Lexicon.check itself, with no Python frame on the way for the words the
 * bundle decides whole (a method written in Python made a plain word's check about 5% dearer);
 * the judge makes every other verdict, and raises where it raises, with the arguments as they came. */
static PyObject *Verdicts_call(Verdicts *self, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    if (!self->judge || self->judge == Py_None) {
        PyErr_SetString(PyExc_TypeError, "Verdicts made without a judge is not callable");
        return NULL;
    }
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf), nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nargs == 1 && nkw == 1 && PyUnicode_Check(args[0]) &&
        PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "detail") == 0) {
        int detail = PyObject_IsTrue(args[1]);
        if (detail < 0)
            return NULL;
        if (!detail) {
            PyObject *verdict = Verdicts_check(self, args[0]);
            if (verdict != Py_None)
                return verdict; /* the verdict, or NULL with the error set */
            Py_DECREF(verdict);
        }
    }
    return PyObject_Vectorcall(self->judge, args, nargsf, kwnames);
}

static PyMethodDef Verdicts_methods[] = {
    {"check", (PyCFunction)Verdicts_check, METH_O,
     "check(word) -> the verdict Lexicon.check(word, detail=False) gives, or None where the library judges"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject VerdictsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lexicon.graph._core.Verdicts",
    .tp_doc = "Verdicts(bundle, cls, fixed, judge=None): the library's quick verdicts, made from the bundle's "
              "answers; with a judge, a callable: verdicts(word, *, detail=True) -> the verdict Lexicon.check gives.",
    .tp_basicsize = sizeof(Verdicts),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_vectorcall_offset = offsetof(Verdicts, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Verdicts_init,
    .tp_dealloc = (destructor)Verdicts_dealloc,
    .tp_methods = Verdicts_methods,
};

static PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "lexicon.graph._core",
    .m_doc = "The compiled word-graph core: building KWG files and searching them (see lexicon.graph).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *errors = PyImport_ImportModule("lexicon.errors");
    if (!errors)
        return NULL;
    ArtifactError = PyObject_GetAttrString(errors, "ArtifactError");
    LimitExceeded = PyObject_GetAttrString(errors, "LimitExceeded");
    TooCostly = PyObject_GetAttrString(errors, "TooCostly");
    SequenceError = PyObject_GetAttrString(errors, "SequenceError");
    Py_DECREF(errors);
    if (!ArtifactError || !LimitExceeded || !TooCostly || !SequenceError)
        return NULL;
    if (PyType_Ready(&BuilderType) < 0 || PyType_Ready(&GraphType) < 0 || PyType_Ready(&WalkType) < 0 ||
        PyType_Ready(&BundleType) < 0 || PyType_Ready(&VerdictsType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddObjectRef(m, "Builder", (PyObject *)&BuilderType) < 0
        || PyModule_AddObjectRef(m, "Graph", (PyObject *)&GraphType) < 0
        || PyModule_AddObjectRef(m, "Walk", (PyObject *)&WalkType) < 0
        || PyModule_AddObjectRef(m, "Bundle", (PyObject *)&BundleType) < 0
        || PyModule_AddObjectRef(m, "Verdicts", (PyObject *)&VerdictsType) < 0
        || PyModule_AddIntConstant(m, "ANY_TILE", TL_ANY_TILE) < 0
        || PyModule_AddIntConstant(m, "ANY_RUN", TL_ANY_RUN) < 0
        || PyModule_AddIntConstant(m, "ACCEPT", TL_ACCEPT) < 0
        || PyModule_AddIntConstant(m, "MAX_TILE", TL_MAX_TILE) < 0
        || PyModule_AddIntConstant(m, "MAX_LENGTH", TL_MAX_LENGTH) < 0
        || PyModule_AddStringConstant(m, "VERSION", TL_GRAPH_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
