/* Words: every word of a bundle's lexicon, for lexicon/search.py, with Graph's search methods (anagrams,
 * pattern, contains, hooks) over the word graph and, where the lexicon has one, its compiled word rule
 * (tl_words_*): a lexicon's searches then find every word its verdicts accept. */
#include "binding.h"

typedef struct {
    PyObject_HEAD
    Bundle *bundle;
} Words;

typedef struct {
    PyObject_HEAD
    Words *words;
    tl_words_walk *walk;
    int64_t max_visits;
    PyObject *message; /* the message when the budget runs out (too-costly) */
} WordsWalk;

static int Words_init(Words *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"bundle", NULL};
    PyObject *bundle;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!", kwlist, &BundleType, &bundle) || bundle_open((Bundle *)bundle))
        return -1;
    Py_XSETREF(self->bundle, (Bundle *)Py_NewRef(bundle));
    return 0;
}

static void Words_dealloc(Words *self) {
    Py_XDECREF(self->bundle);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int words_open(Words *self) {
    if (!self->bundle) {
        PyErr_SetString(PyExc_ValueError, "Words is not made");
        return -1;
    }
    return bundle_open(self->bundle);
}

static PyObject *new_walk(Words *words, tl_words_walk *walk, int64_t max_visits, PyObject *message) {
    WordsWalk *w = PyObject_New(WordsWalk, &WordsWalkType);
    if (!w) {
        tl_words_free(walk);
        return NULL;
    }
    w->words = (Words *)Py_NewRef(words);
    w->walk = walk;
    w->max_visits = max_visits;
    w->message = Py_NewRef(message);
    return (PyObject *)w;
}

static void WordsWalk_dealloc(WordsWalk *w) {
    tl_words_free(w->walk);
    Py_XDECREF(w->words);
    Py_XDECREF(w->message);
    PyObject_Free(w);
}

static PyObject *WordsWalk_next(WordsWalk *w) {
    if (!w->walk || words_open(w->words))
        return NULL;
    tl_error err;
    tl_status rc = tl_words_next(w->walk, &err);
    if (rc == TL_WORD) {
        size_t length;
        const uint8_t *tiles = tl_words_tiles(w->walk, &length);
        return PyBytes_FromStringAndSize((const char *)tiles, (Py_ssize_t)length);
    }
    if (rc == TL_DONE)
        return NULL;
    if (rc == TL_ERR_COSTLY)
        raise_code(LimitExceeded, "too-costly", w->message);
    else
        raise_error(&err);
    return NULL;
}

/* anagrams(counts, blanks, sub, min_tiles, max_visits, message), as Graph.anagrams. */
static PyObject *Words_anagrams(Words *self, PyObject *args, PyObject *kwargs) {
    rack_args a;
    if (read_rack_args(args, kwargs, &a) || words_open(self))
        return NULL;
    tl_words_walk *walk;
    tl_error err;
    if (tl_words_anagrams(self->bundle->lexicon, a.rack, a.sub, a.min_tiles, a.max_visits, &walk, &err) != TL_OK)
        return raise_error(&err);
    return new_walk(self, walk, a.max_visits, a.message);
}

/* pattern(tokens, max_visits, message), as Graph.pattern. */
static PyObject *Words_pattern(Words *self, PyObject *args, PyObject *kwargs) {
    pattern_args a;
    if (words_open(self) || read_pattern_args(args, kwargs, &a))
        return NULL;
    tl_words_walk *walk;
    tl_error err;
    PyObject *result = NULL;
    if (tl_words_pattern(self->bundle->lexicon, a.tokens, a.count, a.max_visits, &walk, &err) != TL_OK)
        raise_error(&err);
    else
        result = new_walk(self, walk, a.max_visits, a.message);
    free(a.tokens);
    return result;
}

static PyObject *Words_contains(Words *self, PyObject *arg) {
    seq_arg s;
    if (words_open(self) || get_seq(arg, &s))
        return NULL;
    int found = 0;
    tl_error err;
    tl_status rc = s.len <= TL_MAX_LENGTH ? tl_words_has(self->bundle->lexicon, s.data, s.len, &found, &err) : TL_OK;
    put_seq(&s);
    if (rc != TL_OK)
        return raise_error(&err);
    return PyBool_FromLong(found);
}

/* hooks(tiles) -> (front tiles, back tiles) as bytes: each tile that makes a word laid before or after. */
static PyObject *Words_hooks(Words *self, PyObject *arg) {
    seq_arg s;
    if (words_open(self) || get_seq(arg, &s))
        return NULL;
    const tl_lexicon *lex = self->bundle->lexicon;
    uint8_t front[64], back[64], word[TL_MAX_LENGTH];
    size_t n_front = 0, n_back = 0;
    tl_error err;
    tl_status rc = TL_OK;
    for (unsigned t = 1; t <= TL_MAX_TILE && s.len < TL_MAX_LENGTH && rc == TL_OK; t++) {
        size_t len;
        if (!tl_lexicon_tile(lex, t, &len))
            continue;
        int found;
        word[0] = (uint8_t)t;
        memcpy(word + 1, s.data, s.len);
        if ((rc = tl_words_has(lex, word, s.len + 1, &found, &err)) == TL_OK && found)
            front[n_front++] = (uint8_t)t;
        memcpy(word, s.data, s.len);
        word[s.len] = (uint8_t)t;
        if (rc == TL_OK && (rc = tl_words_has(lex, word, s.len + 1, &found, &err)) == TL_OK && found)
            back[n_back++] = (uint8_t)t;
    }
    put_seq(&s);
    if (rc != TL_OK)
        return raise_error(&err);
    return Py_BuildValue("(y#y#)", front, (Py_ssize_t)n_front, back, (Py_ssize_t)n_back);
}

static PyMethodDef Words_methods[] = {
    {"anagrams", (PyCFunction)(void (*)(void))Words_anagrams, METH_VARARGS | METH_KEYWORDS,
     "anagrams(counts, blanks, sub, min_tiles, max_visits, message) -> iterator of tile sequences"},
    {"pattern", (PyCFunction)(void (*)(void))Words_pattern, METH_VARARGS | METH_KEYWORDS,
     "pattern(tokens, max_visits, message) -> iterator of tile sequences"},
    {"contains", (PyCFunction)Words_contains, METH_O, "Is this tile sequence a word of the lexicon?"},
    {"hooks", (PyCFunction)Words_hooks, METH_O, "hooks(tiles) -> (front tiles, back tiles) as bytes"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject WordsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lexicon.graph._core.Words",
    .tp_doc = "Words(bundle): every word of the bundle's lexicon, its compiled rule's too, for searches.",
    .tp_basicsize = sizeof(Words),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Words_init,
    .tp_dealloc = (destructor)Words_dealloc,
    .tp_methods = Words_methods,
};

PyTypeObject WordsWalkType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lexicon.graph._core.WordsWalk",
    .tp_doc = "A search over a lexicon's words, as an iterator of tile sequences (bytes).",
    .tp_basicsize = sizeof(WordsWalk),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)WordsWalk_dealloc,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)WordsWalk_next,
};
