/* Verdicts: the library's quick verdicts made from a Bundle's answers, and with a judge Lexicon.check itself
 * (lexicon/bundle.py, quick_verdicts). */
#include "binding.h"

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
        const char *kind, *pos;
        size_t pos_len;
        tl_answer_reading(self->bundle->lexicon, a, &kind, &pos, &pos_len);
        if (kind && (kind[0] == 'c' || kind[0] == 'p'))
            Py_RETURN_NONE; /* the compiled rule's word: its verdict carries the rule's reading (Lexicon._by_rule) */
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

PyTypeObject VerdictsType = {
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
