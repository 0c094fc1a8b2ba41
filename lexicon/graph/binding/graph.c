/* Graph: a KWG read in place, with its key letters (tl_graph, tl_index); lexicon/graph/reader.py, keys.py and
 * forms.py wrap it. Its searches are in walk.c, its move generators in moves.c. */
#include "binding.h"

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
    if (graph_open(self) || get_seq(arg, &s))
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
    if (!PyArg_ParseTuple(args, "UI", &key, &letters) || graph_open(self) || need_index(self))
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
    if (graph_open(self))
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
    if (!PyArg_ParseTuple(args, "O|O", &tiles, &start_obj) || graph_open(self))
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
    if ((index == -1 && PyErr_Occurred()) || graph_open(self))
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
    if (graph_open(self) || get_seq(arg, &s))
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
    if (graph_open(self))
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
    if (graph_open(self) || need_counts(self))
        return NULL;
    int64_t r = rank_of(self, arg);
    return r < -1 ? NULL : PyLong_FromLongLong(r);
}

/* ranks(iterable of sequences or str keys) -> list of ranks (-1: absent) */
static PyObject *Graph_ranks(Graph *self, PyObject *iterable) {
    if (graph_open(self) || need_counts(self))
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
    if (graph_open(self) || need_counts(self))
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
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "U|Ob", kwlist, &letters, &kinds, &excluded) || graph_open(self))
        return NULL;
    Py_ssize_t n = PyUnicode_GET_LENGTH(letters);
    uint32_t points[64];
    if (n > 64)
        return PyErr_Format(InputError, "an index numbers at most %u letters, not %zd", TL_MAX_TILE, n);
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
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|in", kwlist, &prefix, &separator, &limit) || graph_open(self))
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
    if (!PyArg_ParseTuple(args, "Oi", &iterable, &separator) || graph_open(self))
        return NULL;
    if (separator < 0 || separator > 255)
        return PyErr_Format(InputError, "a separator is a tile number below 256, not %d", separator);
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

PyTypeObject GraphType = {
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
