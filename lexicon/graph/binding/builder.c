/* Builder: tile sequences in, KWG bytes out (tl_builder); lexicon/graph/writer.py wraps it. */
#include "binding.h"

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
            return PyErr_Format(InputError, "unknown word-graph layout %R (kwg or kbwg)", layout_obj);
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

PyTypeObject BuilderType = {
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
