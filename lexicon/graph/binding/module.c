/* The module `lexicon.graph._core`: the word-graph core (lexicon/graph/core, a plain C library)
 * bound to Python. The binding only converts arguments, holds buffers alive, lets go of the GIL for
 * builds, and turns the library's statuses into the toolkit's exceptions; a file a type:
 *
 *   Builder   tile sequences in, KWG bytes out          (builder.c: tl_builder)
 *   Graph     a KWG read in place, with its key letters (graph.c: tl_graph, tl_index; moves.c: its plays)
 *   Walk      a search in progress, as an iterator      (walk.c: tl_walk)
 *   Bundle    a lexicon bundle, answering words          (bundle.c: tl_lexicon, the clients' core, held to the
 *             library's answers by tests/test_bundle.py)
 *   Verdicts  the library's quick verdicts from a Bundle (verdicts.c)
 *   Game      a game's rules compiled, read from its game document (game.c)
 *   Leaves    a game's leave values, read from a KLV2 file (leaves.c)
 * and the engine's calls (play.c): POST /play's and POST /moves' documents, a typed turn judged.
 *
 * lexicon/graph/writer.py, reader.py, keys.py, forms.py, lexicon/search.py and lexicon/bundle.py wrap them.
 */
#include "binding.h"

PyObject *ArtifactError, *LimitExceeded, *InputError, *PlayError;

PyObject *raise_error(const tl_error *err) {
    PyObject *type = PyExc_ValueError;
    switch (err->status) {
    case TL_ERR_NOMEM: return PyErr_NoMemory();
    case TL_ERR_INPUT: type = InputError; break;
    case TL_ERR_CORRUPT: type = ArtifactError; break;
    case TL_ERR_LIMIT: type = LimitExceeded; break;
    case TL_ERR_COSTLY: {
        PyObject *message = PyUnicode_FromString(err->message);
        if (message) {
            raise_code(LimitExceeded, "too-costly", message);
            Py_DECREF(message);
        }
        return NULL;
    }
    default: break;
    }
    PyErr_SetString(type, err->message);
    return NULL;
}

PyObject *raise_call(PyObject *type, PyObject *args, PyObject *kwargs) {
    PyObject *exc = args && kwargs ? PyObject_Call(type, args, kwargs) : NULL;
    Py_XDECREF(args);
    Py_XDECREF(kwargs);
    if (exc) {
        PyErr_SetObject(type, exc);
        Py_DECREF(exc);
    }
    return NULL;
}

PyObject *raise_code(PyObject *type, const char *code, PyObject *message) {
    PyObject *args = PyTuple_Pack(1, message);
    return raise_call(type, args, args ? Py_BuildValue("{s:s}", "code", code) : NULL);
}

int get_seq(PyObject *obj, seq_arg *s) {
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

void put_seq(seq_arg *s) {
    if (s->has_view)
        PyBuffer_Release(&s->view);
    s->has_view = 0;
}

static PyMethodDef functions[] = {
    {"play_answer", binding_play_answer, METH_VARARGS, "POST /play's answer to a body, the game and lexicon found by the caller"},
    {"moves_answer", binding_moves_answer, METH_VARARGS, "POST /moves' answer to a body, as play_answer"},
    {"judge_turn", binding_judge_turn, METH_VARARGS, "POST /play's document of a turn given as values"},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "lexicon.graph._core",
    .m_doc = "The compiled word-graph core: building KWG files and searching them (see lexicon.graph).",
    .m_size = -1,
    .m_methods = functions,
};

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *errors = PyImport_ImportModule("lexicon.errors");
    if (!errors)
        return NULL;
    ArtifactError = PyObject_GetAttrString(errors, "ArtifactError");
    LimitExceeded = PyObject_GetAttrString(errors, "LimitExceeded");
    InputError = PyObject_GetAttrString(errors, "InputError");
    PlayError = PyObject_GetAttrString(errors, "PlayError");
    Py_DECREF(errors);
    if (!ArtifactError || !LimitExceeded || !InputError || !PlayError)
        return NULL;
    if (PyType_Ready(&BuilderType) < 0 || PyType_Ready(&GraphType) < 0 || PyType_Ready(&WalkType) < 0 ||
        PyType_Ready(&BundleType) < 0 || PyType_Ready(&VerdictsType) < 0 || PyType_Ready(&WordsType) < 0 ||
        PyType_Ready(&WordsWalkType) < 0 || PyType_Ready(&GameType) < 0 || PyType_Ready(&LeavesType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddObjectRef(m, "Builder", (PyObject *)&BuilderType) < 0
        || PyModule_AddObjectRef(m, "Graph", (PyObject *)&GraphType) < 0
        || PyModule_AddObjectRef(m, "Walk", (PyObject *)&WalkType) < 0
        || PyModule_AddObjectRef(m, "Bundle", (PyObject *)&BundleType) < 0
        || PyModule_AddObjectRef(m, "Verdicts", (PyObject *)&VerdictsType) < 0
        || PyModule_AddObjectRef(m, "Words", (PyObject *)&WordsType) < 0
        || PyModule_AddObjectRef(m, "Game", (PyObject *)&GameType) < 0
        || PyModule_AddObjectRef(m, "Leaves", (PyObject *)&LeavesType) < 0
        || PyModule_AddIntConstant(m, "ANY_TILE", TL_ANY_TILE) < 0
        || PyModule_AddIntConstant(m, "ANY_RUN", TL_ANY_RUN) < 0
        || PyModule_AddIntConstant(m, "ACCEPT", TL_ACCEPT) < 0
        || PyModule_AddIntConstant(m, "MAX_TILE", TL_MAX_TILE) < 0
        || PyModule_AddIntConstant(m, "MAX_LENGTH", TL_MAX_LENGTH) < 0
        || PyModule_AddIntConstant(m, "MAX_WORD", TL_MAX_WORD) < 0
        || PyModule_AddIntConstant(m, "MAX_RACK_CHARS", TL_MAX_RACK_CHARS) < 0
        || PyModule_AddIntConstant(m, "MAX_RACK_TILES", TL_MAX_RACK_TILES) < 0
        || PyModule_AddIntConstant(m, "MAX_RACK_BLANKS", TL_MAX_RACK_BLANKS) < 0
        || PyModule_AddIntConstant(m, "MAX_PATTERN_CHARS", TL_MAX_PATTERN_CHARS) < 0
        || PyModule_AddIntConstant(m, "MAX_SEARCH_VISITS", TL_MAX_SEARCH_VISITS) < 0
        || PyModule_AddStringConstant(m, "VERSION", tl_version()) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
