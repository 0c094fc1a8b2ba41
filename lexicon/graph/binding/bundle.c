/* Bundle: a lexicon bundle, answering words (tl_lexicon: the clients' core, held to the library's answers by
 * tests/test_bundle.py); lexicon/bundle.py opens it (answerer). */
#include "binding.h"

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

typedef tl_status (*body_query)(const tl_lexicon *, const tl_game *const *, size_t, const char *, size_t, tl_text *,
                                tl_error *);

/* play(body) / moves(body) -> (ok, JSON): POST /play's and POST /moves' documents as a client that has this bundle
 * alone gets them (tl_play_json, tl_moves_json: the bundle's games, its own words), or the problem. */
static PyObject *bundle_body_query(Bundle *self, PyObject *args, body_query ask) {
    const char *body;
    Py_ssize_t size;
    if (bundle_open(self) || !PyArg_ParseTuple(args, "y#", &body, &size))
        return NULL;
    tl_text text = {0};
    tl_error err;
    tl_status rc;
    Py_BEGIN_ALLOW_THREADS
    rc = ask(self->lexicon, NULL, 0, body, (size_t)size, &text, &err);
    Py_END_ALLOW_THREADS
    return query_result(rc, &text, &err);
}

static PyObject *Bundle_play(Bundle *self, PyObject *args) { return bundle_body_query(self, args, tl_play_json); }
static PyObject *Bundle_moves(Bundle *self, PyObject *args) { return bundle_body_query(self, args, tl_moves_json); }

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
    {"play", (PyCFunction)Bundle_play, METH_VARARGS, "play(body) -> (ok, POST /play's document or the problem)"},
    {"moves", (PyCFunction)Bundle_moves, METH_VARARGS, "moves(body) -> (ok, POST /moves' document or the problem)"},
    {"anagram", (PyCFunction)(void (*)(void))Bundle_anagram, METH_VARARGS | METH_KEYWORDS,
     "anagram(rack, sub=False, order=None, offset=None, limit=None) -> (ok, GET /anagram's document or the problem)"},
    {"pattern", (PyCFunction)(void (*)(void))Bundle_pattern, METH_VARARGS | METH_KEYWORDS,
     "pattern(q, order=None, offset=None, limit=None) -> (ok, GET /pattern's document or the problem)"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject BundleType = {
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
