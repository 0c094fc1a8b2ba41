/* Reading a KWG file in place (a memory map): membership, following a path, hooks, the
 * structural check for untrusted bytes, and a word's rank in the sorted order of the DAWG.
 *
 * Every node index is checked against the file's size before it is read, so bytes from an
 * untrusted place can make a walk fail (ArtifactError) but never read outside the file.
 */
#include "graph.h"

#include <stdlib.h>

PyObject *lg_ArtifactError;
PyObject *lg_LimitExceeded;
PyObject *lg_TooCostly;

int lg_bad_index(const lg_Graph *self, size_t index) {
    PyErr_Format(lg_ArtifactError, "the word graph points to node %zu, past its last (%zu)", index,
                 self->g.n - 1);
    return -1;
}

static int check_view(const lg_Graph *self) {
    if (!self->has_view) {
        PyErr_SetString(PyExc_ValueError, "the word graph is closed");
        return -1;
    }
    return 0;
}

static void release_kinds(lg_Graph *self) {
    if (self->has_kinds)
        PyBuffer_Release(&self->kinds);
    self->has_kinds = 0;
}

static int Graph_init(lg_Graph *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"buffer", "big", NULL};
    PyObject *buffer;
    int big = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|p", kwlist, &buffer, &big))
        return -1;
    release_kinds(self);
    if (self->has_view) {
        PyBuffer_Release(&self->view);
        self->has_view = 0;
    }
    free(self->counts);
    self->counts = NULL;
    free(self->letters);
    self->letters = NULL;
    if (PyObject_GetBuffer(buffer, &self->view, PyBUF_SIMPLE))
        return -1;
    self->has_view = 1;
    if (self->view.len % 4 || self->view.len < 4) {
        PyErr_Format(lg_ArtifactError, "%zd bytes is not a whole number of 4-byte nodes", self->view.len);
        return -1;
    }
    self->g.base = self->view.buf;
    self->g.n = (size_t)self->view.len / 4;
    self->g.big = big;
    self->root = lg_arc(&self->g, lg_load(self->g.base, 0));
    /* The root list is the longest and is read by every lookup: index it by tile once. A damaged
     * list is left unindexed (lookups then scan it, and fail where it breaks). */
    memset(self->first, 0, sizeof self->first);
    self->indexed = 0;
    unsigned previous = 0;
    for (uint32_t index = self->root; index && index < self->g.n; index++) {
        uint32_t v = lg_load(self->g.base, index);
        unsigned tile = lg_tile(&self->g, v);
        if (tile >= 64 || (index > self->root && tile <= previous))
            break;
        self->first[tile] = index;
        previous = tile;
        if (lg_is_end(&self->g, v)) {
            self->indexed = 1;
            break;
        }
    }
    return 0;
}

static void Graph_dealloc(lg_Graph *self) {
    release_kinds(self);
    if (self->has_view)
        PyBuffer_Release(&self->view);
    free(self->counts);
    free(self->letters);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Graph_release(lg_Graph *self, PyObject *unused) {
    release_kinds(self);
    if (self->has_view) {
        PyBuffer_Release(&self->view);
        self->has_view = 0;
    }
    free(self->counts);
    self->counts = NULL;
    Py_RETURN_NONE;
}

static Py_ssize_t Graph_len(lg_Graph *self) { return self->has_view ? (Py_ssize_t)self->g.n : 0; }

/* The node for `tile` in the list starting at `index` (0: none), or 0; -1 on a bad file. */
static int64_t child(const lg_Graph *self, uint32_t index, unsigned tile) {
    const lg_nodes *g = &self->g;
    if (!index)
        return 0;

    for (;;) {
        if (index >= g->n)
            return lg_bad_index(self, index);
        uint32_t v = lg_load(g->base, index);
        unsigned t = lg_tile(g, v);
        if (t == tile)
            return index;
        if (lg_is_end(g, v) || t > tile)
            return 0;
        index++;
    }
}

/* The node reached by reading `tiles` from the list at `start`, or 0; -1 on a bad file. */
static int64_t follow(const lg_Graph *self, const uint8_t *tiles, size_t len, uint32_t start) {
    uint32_t index = start;
    int64_t node = 0;
    for (size_t i = 0; i < len; i++) {
        if (index == self->root && self->indexed)
            node = tiles[i] < 64 ? self->first[tiles[i]] : 0;
        else
            node = child(self, index, tiles[i]);
        if (node <= 0)
            return node;
        index = lg_arc(&self->g, lg_load(self->g.base, (size_t)node));
    }
    return node;
}

typedef struct {
    Py_buffer view;
    int has_view;
    const uint8_t *data;
    Py_ssize_t len;
} seq_arg;

/* A str key as the numbers of its letters (set_letters); -1 with no exception when a character
 * has no number (so the key cannot be in the graph), -1 with an exception on error. */
static int key_numbers(const lg_Graph *self, PyObject *key, uint8_t *out, size_t cap, size_t *len) {
    if (!self->letters) {
        PyErr_SetString(PyExc_TypeError, "this word graph has no letter numbering: look up tile numbers (bytes)");
        return -1;
    }
    Py_ssize_t n = PyUnicode_GET_LENGTH(key);
    if ((size_t)n > cap)
        return -1;
    int kind = PyUnicode_KIND(key);
    const void *data = PyUnicode_DATA(key);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 ch = PyUnicode_READ(kind, data, i);
        uint8_t number = ch < 0x10000 ? self->letters[ch] : 0;
        if (!number)
            return -1;
        out[i] = number;
    }
    *len = (size_t)n;
    return 0;
}

static int get_seq(PyObject *obj, seq_arg *s) {
    s->has_view = 0;
    if (PyBytes_Check(obj)) {
        s->data = (const uint8_t *)PyBytes_AS_STRING(obj);
        s->len = PyBytes_GET_SIZE(obj);
        return 0;
    }
    if (PyObject_GetBuffer(obj, &s->view, PyBUF_SIMPLE))
        return -1;
    s->has_view = 1;
    s->data = s->view.buf;
    s->len = s->view.len;
    return 0;
}

static void put_seq(seq_arg *s) {
    if (s->has_view)
        PyBuffer_Release(&s->view);
}

static int contains(const lg_Graph *self, const uint8_t *tiles, size_t len) {
    if (!len)
        return 0;
    int64_t node = follow(self, tiles, len, self->root);
    if (node <= 0)
        return (int)node;
    return lg_accepts(&self->g, lg_load(self->g.base, (size_t)node));
}

static PyObject *Graph_contains_method(lg_Graph *self, PyObject *arg) {
    seq_arg s;
    if (check_view(self) || get_seq(arg, &s))
        return NULL;
    int found = contains(self, s.data, (size_t)s.len);
    put_seq(&s);
    if (found < 0)
        return NULL;
    return PyBool_FromLong(found);
}

static int64_t rank(const lg_Graph *self, const uint8_t *tiles, size_t len);

static int Graph_sq_contains(lg_Graph *self, PyObject *arg) {
    seq_arg s;
    if (check_view(self))
        return -1;
    if (PyUnicode_Check(arg)) { /* a key in letters: `"HUND" in graph` */
        uint8_t numbers[256];
        size_t len;
        if (key_numbers(self, arg, numbers, sizeof numbers, &len))
            return PyErr_Occurred() ? -1 : 0;
        if (!self->has_kinds)
            return contains(self, numbers, len);
        /* a key index: the word's number, then its kind */
        int64_t r = rank(self, numbers, len);
        if (r < -1)
            return -1;
        return r >= 0 && r < self->kinds.len && ((const uint8_t *)self->kinds.buf)[r] != self->excluded;
    }
    if (get_seq(arg, &s))
        return -1;
    int found = contains(self, s.data, (size_t)s.len);
    put_seq(&s);
    return found;
}

/* follow(tiles, start=None) -> node index or 0 */
static PyObject *Graph_follow(lg_Graph *self, PyObject *args) {
    PyObject *tiles, *start_obj = Py_None;
    if (!PyArg_ParseTuple(args, "O|O", &tiles, &start_obj))
        return NULL;
    uint32_t start = self->root;
    if (start_obj != Py_None) {
        unsigned long v = PyLong_AsUnsignedLong(start_obj);
        if (PyErr_Occurred())
            return NULL;
        start = (uint32_t)v;
    }
    seq_arg s;
    if (check_view(self) || get_seq(tiles, &s))
        return NULL;
    int64_t node = follow(self, s.data, (size_t)s.len, start);
    put_seq(&s);
    if (node < 0)
        return NULL;
    return PyLong_FromLongLong(node);
}

/* node(index) -> (tile, accepts, is_end, arc) */
static PyObject *Graph_node(lg_Graph *self, PyObject *arg) {
    Py_ssize_t index = PyLong_AsSsize_t(arg);
    if (index == -1 && PyErr_Occurred())
        return NULL;
    if (check_view(self))
        return NULL;
    if (index < 0 || (size_t)index >= self->g.n) {
        PyErr_Format(PyExc_IndexError, "node %zd is outside the word graph", index);
        return NULL;
    }
    uint32_t v = lg_load(self->g.base, (size_t)index);
    return Py_BuildValue("(INNk)", lg_tile(&self->g, v), PyBool_FromLong(lg_accepts(&self->g, v)),
                         PyBool_FromLong(lg_is_end(&self->g, v)), (unsigned long)lg_arc(&self->g, v));
}

/* hooks(tiles) -> (front, back): the tiles, as bytes in tile order, that make a word when laid
 * before or after `tiles`. */
static PyObject *Graph_hooks(lg_Graph *self, PyObject *arg) {
    seq_arg s;
    if (check_view(self) || get_seq(arg, &s))
        return NULL;
    const lg_nodes *g = &self->g;
    uint8_t front[64], back[64];
    size_t n_front = 0, n_back = 0;
    PyObject *result = NULL;
    int64_t end = follow(self, s.data, (size_t)s.len, self->root);
    if (end < 0)
        goto out;
    if (end) {
        for (uint32_t index = lg_arc(g, lg_load(g->base, (size_t)end)); index; index++) {
            if (index >= g->n) {
                lg_bad_index(self, index);
                goto out;
            }
            uint32_t v = lg_load(g->base, index);
            if (lg_accepts(g, v) && n_back < 64)
                back[n_back++] = (uint8_t)lg_tile(g, v);
            if (lg_is_end(g, v))
                break;
        }
    }
    for (uint32_t index = self->root; index; index++) {
        if (index >= g->n) {
            lg_bad_index(self, index);
            goto out;
        }
        uint32_t v = lg_load(g->base, index);
        int64_t node = follow(self, s.data, (size_t)s.len, lg_arc(g, v));
        if (node < 0)
            goto out;
        if (node && lg_accepts(g, lg_load(g->base, (size_t)node)) && n_front < 64)
            front[n_front++] = (uint8_t)lg_tile(g, v);
        if (lg_is_end(g, v))
            break;
    }
    result = Py_BuildValue("(y#y#)", front, (Py_ssize_t)n_front, back, (Py_ssize_t)n_back);
out:
    put_seq(&s);
    return result;
}

/* ------------------------------------------------------------------ validation */

/* validate(name, gaddag_root): the checks of lexicon.kwg.Kwg.validate, in its order and with
 * its messages: every arc inside the file, the last list ending with the file, siblings in
 * increasing tile order, no cycle reachable from the roots. */
static PyObject *Graph_validate(lg_Graph *self, PyObject *args) {
    PyObject *name;
    unsigned long gaddag_root;
    if (!PyArg_ParseTuple(args, "Uk", &name, &gaddag_root))
        return NULL;
    if (check_view(self))
        return NULL;
    const lg_nodes *g = &self->g;
    size_t n = g->n;
    for (size_t index = 0; index < n; index++) {
        uint32_t arc = lg_arc(g, lg_load(g->base, index));
        if (arc >= n)
            return PyErr_Format(lg_ArtifactError, "%U: node %zu points to node %u, past the last (%zu)", name,
                                index, arc, n - 1);
    }
    if (!lg_is_end(g, lg_load(g->base, n - 1)))
        return PyErr_Format(lg_ArtifactError, "%U: the last sibling list runs past the end of the file", name);
    for (size_t index = 0; index + 1 < n; index++) {
        uint32_t v = lg_load(g->base, index);
        if (!lg_is_end(g, v) && lg_tile(g, lg_load(g->base, index + 1)) <= lg_tile(g, v))
            return PyErr_Format(lg_ArtifactError, "%U: siblings at nodes %zu and %zu are not in increasing tile order",
                                name, index, index + 1);
    }
    /* Depth-first from each root over lists; a frame is a list start and the next sibling whose
     * arc is still to be looked at. state: 0 unseen, 1 on the current path, 2 done. */
    uint8_t *state = calloc(n, 1);
    uint32_t(*stack)[2] = malloc(n * sizeof *stack);
    if (!state || !stack) {
        free(state);
        free(stack);
        return PyErr_NoMemory();
    }
    uint32_t starts[2] = {self->root, (uint32_t)gaddag_root};
    PyObject *result = Py_None;
    for (int r = 0; r < 2 && result; r++) {
        uint32_t start = starts[r];
        if (!start)
            continue;
        size_t top = 0;
        stack[0][0] = start;
        stack[0][1] = start;
        state[start] = 1;
        while (top + 1 > 0 && result) {
            uint32_t current = stack[top][0];
            uint32_t at = stack[top][1];
            uint32_t next_child = 0;
            /* the next sibling from `at` with an arc; at == 0 marks the list as exhausted */
            while (at) {
                uint32_t v = lg_load(g->base, at);
                uint32_t arc = lg_arc(g, v);
                at = lg_is_end(g, v) ? 0 : at + 1;
                if (arc) {
                    next_child = arc;
                    break;
                }
            }
            stack[top][1] = at;
            if (!next_child) {
                state[current] = 2;
                if (top == 0)
                    break;
                top--;
            } else if (state[next_child] == 1) {
                PyErr_Format(lg_ArtifactError, "%U: the lists at nodes %u and %u form a cycle", name, current,
                             next_child);
                result = NULL;
            } else if (!state[next_child]) {
                state[next_child] = 1;
                top++;
                stack[top][0] = next_child;
                stack[top][1] = next_child;
            }
        }
    }
    free(state);
    free(stack);
    if (!result)
        return NULL;
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ word counts and rank */

/* counts[p] = the words of the sibling list from node p to its end: accepts(p), the words
 * after p's arc, and counts[p + 1] unless p ends its list (as wolges' count_words_at). Only
 * nodes reachable from the DAWG root are counted; a cycle is an ArtifactError. */
int lg_graph_counts(lg_Graph *self) {
    if (self->counts)
        return 0;
    const lg_nodes *g = &self->g;
    size_t n = g->n;
    uint32_t *counts = calloc(n, sizeof *counts);
    uint8_t *state = calloc(n, 1);
    uint32_t *stack = malloc(n * sizeof *stack);
    int rc = -1;
    if (!counts || !state || !stack) {
        PyErr_NoMemory();
        goto done;
    }
    if (self->root) {
        if (self->root >= n) {
            lg_bad_index(self, self->root);
            goto done;
        }
        size_t top = 0;
        stack[0] = self->root;
        state[self->root] = 1;
        while (top + 1 > 0) {
            uint32_t p = stack[top];
            uint32_t v = lg_load(g->base, p);
            uint32_t arc = lg_arc(g, v);
            uint32_t after = lg_is_end(g, v) ? 0 : p + 1;
            uint32_t deps[2] = {arc, after};
            int pushed = 0;
            for (int k = 0; k < 2; k++) {
                uint32_t d = deps[k];
                if (!d)
                    continue;
                if (d >= n) {
                    lg_bad_index(self, d);
                    goto done;
                }
                if (state[d] == 1) {
                    PyErr_Format(lg_ArtifactError, "the word graph has a cycle through node %u", d);
                    goto done;
                }
                if (!state[d]) {
                    state[d] = 1;
                    stack[++top] = d;
                    pushed = 1;
                    break;
                }
            }
            if (pushed)
                continue;
            uint64_t total = (uint64_t)lg_accepts(g, v) + (arc ? counts[arc] : 0) + (after ? counts[after] : 0);
            if (total > 0xFFFFFFFFu) {
                PyErr_SetString(lg_LimitExceeded, "the word graph holds more than 2**32 - 1 words");
                goto done;
            }
            counts[p] = (uint32_t)total;
            state[p] = 2;
            if (top == 0)
                break;
            top--;
        }
    }
    self->counts = counts;
    counts = NULL;
    rc = 0;
done:
    free(counts);
    free(state);
    free(stack);
    return rc;
}

/* The rank of `tiles` among the DAWG's words in tile order, or -1 (as wolges' get_word_index). */
static int64_t rank(const lg_Graph *self, const uint8_t *tiles, size_t len) {
    const lg_nodes *g = &self->g;
    const uint32_t *counts = self->counts;
    uint32_t p = self->root;
    uint64_t index = 0;
    for (size_t i = 0; i < len; i++) {
        if (!p)
            return -1;
        if (p >= g->n)
            return lg_bad_index(self, p) - 1;
        index += counts[p];
        int64_t node = child(self, p, tiles[i]);
        if (node <= 0)
            return node - 1; /* absent: -1; a bad file: -2 */
        uint32_t v = lg_load(g->base, (size_t)node);
        index -= counts[node];
        if (i + 1 == len)
            return lg_accepts(g, v) ? (int64_t)index : -1;
        index += (uint64_t)lg_accepts(g, v);
        p = lg_arc(g, v);
    }
    return -1;
}

static PyObject *Graph_rank(lg_Graph *self, PyObject *arg) {
    seq_arg s;
    if (check_view(self) || lg_graph_counts(self))
        return NULL;
    if (PyUnicode_Check(arg)) { /* a key in letters */
        uint8_t numbers[256];
        size_t len;
        if (key_numbers(self, arg, numbers, sizeof numbers, &len))
            return PyErr_Occurred() ? NULL : PyLong_FromLong(-1);
        int64_t r = len ? rank(self, numbers, len) : -1;
        return r < -1 ? NULL : PyLong_FromLongLong(r);
    }
    if (get_seq(arg, &s))
        return NULL;
    int64_t r = rank(self, s.data, (size_t)s.len);
    put_seq(&s);
    if (r < -1)
        return NULL;
    return PyLong_FromLongLong(r);
}

/* One item of `ranks`: a str key in letters (set_letters), or tile numbers as bytes. -2: an error. */
static int64_t rank_item(lg_Graph *self, PyObject *item) {
    if (PyUnicode_Check(item)) {
        uint8_t numbers[256];
        size_t len;
        if (key_numbers(self, item, numbers, sizeof numbers, &len))
            return PyErr_Occurred() ? -2 : -1;
        return len ? rank(self, numbers, len) : -1;
    }
    seq_arg s;
    if (get_seq(item, &s))
        return -2;
    int64_t r = rank(self, s.data, (size_t)s.len);
    put_seq(&s);
    return r;
}

/* ranks(iterable of sequences or str keys) -> list of ranks (-1: absent) */
static PyObject *Graph_ranks(lg_Graph *self, PyObject *iterable) {
    if (check_view(self) || lg_graph_counts(self))
        return NULL;
    PyObject *it = PyObject_GetIter(iterable);
    if (!it)
        return NULL;
    PyObject *out = PyList_New(0);
    PyObject *item;
    while (out && (item = PyIter_Next(it))) {
        int64_t r = rank_item(self, item);
        Py_DECREF(item);
        PyObject *value = r < -1 ? NULL : PyLong_FromLongLong(r);
        if (!value || PyList_Append(out, value)) {
            Py_XDECREF(value);
            Py_CLEAR(out);
            break;
        }
        Py_DECREF(value);
    }
    Py_DECREF(it);
    if (out && PyErr_Occurred())
        Py_CLEAR(out);
    return out;
}

/* word_count() -> the number of words of the DAWG */
static PyObject *Graph_word_count(lg_Graph *self, PyObject *unused) {
    if (check_view(self) || lg_graph_counts(self))
        return NULL;
    return PyLong_FromUnsignedLong(self->root ? self->counts[self->root] : 0);
}

/* set_letters(mapping, kinds=None, excluded=0): the number of each letter (a one-character str →
 * 1..255), so that str keys can be looked up (`key in graph`, `rank(key)`). With `kinds`, a
 * byte per word in rank order, the graph is a key index: `key in graph` is true for a word
 * whose kind is not `excluded`. The word counts are made now, so no lookup pays for them. */
static PyObject *Graph_set_letters(lg_Graph *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"letters", "kinds", "excluded", NULL};
    PyObject *mapping, *kinds = Py_None;
    unsigned char excluded = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|Ob", kwlist, &mapping, &kinds, &excluded))
        return NULL;
    if (check_view(self))
        return NULL;
    if (!PyDict_Check(mapping))
        return PyErr_Format(PyExc_TypeError, "letters must be a dict of one-character str to numbers");
    uint8_t *letters = calloc(0x10000, 1);
    if (!letters)
        return PyErr_NoMemory();
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(mapping, &pos, &key, &value)) {
        long number = PyLong_Check(value) ? PyLong_AsLong(value) : -1;
        if (!PyUnicode_Check(key) || PyUnicode_GET_LENGTH(key) != 1 || PyUnicode_READ_CHAR(key, 0) >= 0x10000
            || number < 1 || number > 255) {
            free(letters);
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "letter %R → %R: letters are one character below U+10000, numbers "
                             "1 to 255", key, value);
            return NULL;
        }
        letters[PyUnicode_READ_CHAR(key, 0)] = (uint8_t)number;
    }
    release_kinds(self);
    if (kinds != Py_None) {
        if (lg_graph_counts(self) || PyObject_GetBuffer(kinds, &self->kinds, PyBUF_SIMPLE)) {
            free(letters);
            return NULL;
        }
        self->has_kinds = 1;
        self->excluded = excluded;
    }
    free(self->letters);
    self->letters = letters;
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ what follows a prefix */

/* The list of the nodes that follow `prefix` (str, in letters, or bytes) and then `separator`
 * (none when negative): 0 when the graph has no such path, -1 on error (an exception is set). */
static int64_t list_after(lg_Graph *self, PyObject *prefix, int separator) {
    uint8_t numbers[257];
    size_t len;
    if (PyUnicode_Check(prefix)) {
        if (key_numbers(self, prefix, numbers, sizeof numbers - 1, &len))
            return PyErr_Occurred() ? -1 : 0;
    } else {
        seq_arg s;
        if (get_seq(prefix, &s))
            return -1;
        if ((size_t)s.len > sizeof numbers - 1) {
            put_seq(&s);
            return 0;
        }
        memcpy(numbers, s.data, (size_t)s.len);
        len = (size_t)s.len;
        put_seq(&s);
    }
    if (separator >= 0)
        numbers[len++] = (uint8_t)separator;
    if (!len)
        return self->root;
    int64_t node = follow(self, numbers, len, self->root);
    if (node <= 0)
        return node;
    return lg_arc(&self->g, lg_load(self->g.base, (size_t)node));
}

/* Every word of the lists below `index`, in order, up to `limit`: appended to `out` as bytes. */
static int words_below(const lg_Graph *self, uint32_t index, Py_ssize_t limit, PyObject *out) {
    enum { DEEPEST = 256 };
    uint32_t stack[DEEPEST];
    uint8_t path[DEEPEST];
    size_t top = 0;
    stack[0] = index;
    while (index && PyList_GET_SIZE(out) < limit) {
        uint32_t node = stack[top];
        if (!node) { /* this list is done: back to the next sibling one level up */
            if (top == 0)
                break;
            top--;
            continue;
        }
        if (node >= self->g.n)
            return lg_bad_index(self, node);
        uint32_t v = lg_load(self->g.base, node);
        stack[top] = lg_is_end(&self->g, v) ? 0 : node + 1;
        path[top] = (uint8_t)lg_tile(&self->g, v);
        if (lg_accepts(&self->g, v)) {
            PyObject *word = PyBytes_FromStringAndSize((const char *)path, (Py_ssize_t)top + 1);
            if (!word || PyList_Append(out, word)) {
                Py_XDECREF(word);
                return -1;
            }
            Py_DECREF(word);
        }
        uint32_t arc = lg_arc(&self->g, v);
        if (arc) {
            if (top + 1 >= DEEPEST) {
                PyErr_SetString(lg_ArtifactError, "the word graph has a path longer than 256 tiles");
                return -1;
            }
            stack[++top] = arc;
        }
    }
    return 0;
}

/* after(prefix, separator=-1, limit=…) -> every word that follows the prefix (then the separator), in order */
static PyObject *Graph_after(lg_Graph *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"prefix", "separator", "limit", NULL};
    PyObject *prefix;
    int separator = -1;
    Py_ssize_t limit = PY_SSIZE_T_MAX;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|in", kwlist, &prefix, &separator, &limit))
        return NULL;
    if (check_view(self))
        return NULL;
    if (separator > 255)
        return PyErr_Format(PyExc_ValueError, "a separator is a tile number below 256, not %d", separator);
    int64_t index = list_after(self, prefix, separator);
    if (index < 0)
        return NULL;
    PyObject *out = PyList_New(0);
    if (out && index && words_below(self, (uint32_t)index, limit, out))
        Py_CLEAR(out);
    return out;
}

/* firsts_after(prefixes, separator) -> per prefix, the first word after it and the separator (bytes), or None */
static PyObject *Graph_firsts_after(lg_Graph *self, PyObject *args) {
    PyObject *iterable;
    int separator;
    if (!PyArg_ParseTuple(args, "Oi", &iterable, &separator))
        return NULL;
    if (check_view(self))
        return NULL;
    if (separator < 0 || separator > 255)
        return PyErr_Format(PyExc_ValueError, "a separator is a tile number below 256, not %d", separator);
    PyObject *it = PyObject_GetIter(iterable);
    if (!it)
        return NULL;
    PyObject *out = PyList_New(0), *item;
    while (out && (item = PyIter_Next(it))) {
        int64_t index = list_after(self, item, separator);
        Py_DECREF(item);
        PyObject *found = NULL;
        if (index == 0) {
            found = Py_NewRef(Py_None);
        } else if (index > 0) {
            /* the first word: the first node of each list, down to one that accepts */
            uint8_t path[256];
            size_t len = 0;
            uint32_t node = (uint32_t)index;
            for (;;) {
                if (node >= self->g.n) {
                    lg_bad_index(self, node);
                    break;
                }
                uint32_t v = lg_load(self->g.base, node);
                path[len++] = (uint8_t)lg_tile(&self->g, v);
                if (lg_accepts(&self->g, v)) {
                    found = PyBytes_FromStringAndSize((const char *)path, (Py_ssize_t)len);
                    break;
                }
                node = lg_arc(&self->g, v);
                if (!node || len == sizeof path) {
                    PyErr_SetString(lg_ArtifactError, "the word graph has a path that ends in no word");
                    break;
                }
            }
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

static PyObject *Graph_get_root(lg_Graph *self, void *closure) { return PyLong_FromUnsignedLong(self->root); }

static PyGetSetDef Graph_getset[] = {
    {"root", (getter)Graph_get_root, NULL, "the first node of the DAWG's root list", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef Graph_methods[] = {
    {"contains", (PyCFunction)Graph_contains_method, METH_O, "Does the DAWG accept these tile numbers?"},
    {"follow", (PyCFunction)Graph_follow, METH_VARARGS, "follow(tiles, start=None) -> node or 0"},
    {"node", (PyCFunction)Graph_node, METH_O, "node(index) -> (tile, accepts, is_end, arc)"},
    {"hooks", (PyCFunction)Graph_hooks, METH_O, "hooks(tiles) -> (front tiles, back tiles) as bytes"},
    {"validate", (PyCFunction)Graph_validate, METH_VARARGS, "validate(name, gaddag_root): check untrusted bytes"},
    {"rank", (PyCFunction)Graph_rank, METH_O, "rank(tiles) -> position among the words in tile order, or -1"},
    {"ranks", (PyCFunction)Graph_ranks, METH_O, "ranks(iterable of tiles, or of str keys) -> list of ranks"},
    {"word_count", (PyCFunction)Graph_word_count, METH_NOARGS, "the number of words in the DAWG"},
    {"after", (PyCFunction)(void (*)(void))Graph_after, METH_VARARGS | METH_KEYWORDS,
     "after(prefix, separator=-1, limit=…) -> the words that follow prefix (then separator), in order, as bytes"},
    {"firsts_after", (PyCFunction)Graph_firsts_after, METH_VARARGS,
     "firsts_after(prefixes, separator) -> per prefix, the first word after prefix + separator, or None"},
    {"anagrams", (PyCFunction)(void (*)(void))lg_graph_anagrams, METH_VARARGS | METH_KEYWORDS,
     "anagrams(counts, blanks, sub, min_tiles, max_visits, message) -> iterator of tile sequences"},
    {"pattern", (PyCFunction)(void (*)(void))lg_graph_pattern, METH_VARARGS | METH_KEYWORDS,
     "pattern(tokens, max_visits, message) -> iterator of tile sequences"},
    {"set_letters", (PyCFunction)(void (*)(void))Graph_set_letters, METH_VARARGS | METH_KEYWORDS,
     "set_letters({letter: number}, kinds=None, excluded=0): look up str keys (a key index with kinds)"},
    {"release", (PyCFunction)Graph_release, METH_NOARGS, "Let go of the buffer; the graph is closed afterwards."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Graph_as_sequence = {
    .sq_length = (lenfunc)Graph_len,
    .sq_contains = (objobjproc)Graph_sq_contains,
};

PyTypeObject lg_GraphType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lexicon._graph.Graph",
    .tp_doc = "Graph(buffer, big=False): a KWG file's nodes, read in place.",
    .tp_basicsize = sizeof(lg_Graph),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Graph_init,
    .tp_dealloc = (destructor)Graph_dealloc,
    .tp_methods = Graph_methods,
    .tp_getset = Graph_getset,
    .tp_as_sequence = &Graph_as_sequence,
};
