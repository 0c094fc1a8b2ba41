/* The module `lexicon._graph`: Builder (sequences in, KWG bytes out), Graph (a KWG read in
 * place) and Walk (a search in progress). lexicon/kwg.py and lexicon/search.py wrap them. */
#include "graph.h"

static PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "lexicon._graph",
    .m_doc = "The compiled word-graph core: building KWG files and searching them (see lexicon.kwg).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__graph(void) {
    PyObject *errors = PyImport_ImportModule("lexicon.errors");
    if (!errors)
        return NULL;
    lg_ArtifactError = PyObject_GetAttrString(errors, "ArtifactError");
    lg_LimitExceeded = PyObject_GetAttrString(errors, "LimitExceeded");
    lg_TooCostly = PyObject_GetAttrString(errors, "TooCostly");
    Py_DECREF(errors);
    if (!lg_ArtifactError || !lg_LimitExceeded || !lg_TooCostly)
        return NULL;
    if (PyType_Ready(&lg_BuilderType) < 0 || PyType_Ready(&lg_GraphType) < 0 || PyType_Ready(&lg_WalkType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddObjectRef(m, "Builder", (PyObject *)&lg_BuilderType) < 0
        || PyModule_AddObjectRef(m, "Graph", (PyObject *)&lg_GraphType) < 0
        || PyModule_AddObjectRef(m, "Walk", (PyObject *)&lg_WalkType) < 0
        || PyModule_AddIntConstant(m, "ANY_TILE", -1) < 0 || PyModule_AddIntConstant(m, "ANY_RUN", -2) < 0
        || PyModule_AddIntConstant(m, "ACCEPT", -3) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
