/* Leaves: a game's leave values read from a KLV2 file (tl_leaves, play/tl_play.h); lexicon/play/klv.py writes
 * them and lexicon/play/leaves.py gives a game its own. */
#include "binding.h"

static int Leaves_init(LeavesObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"data", NULL};
    Py_buffer view;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*", kwlist, &view))
        return -1;
    tl_leaves *leaves = NULL;
    tl_error err;
    tl_status rc = tl_leaves_read(view.buf, (size_t)view.len, &leaves, &err);
    PyBuffer_Release(&view);
    if (rc != TL_OK) {
        raise_error(&err);
        return -1;
    }
    tl_leaves_free(self->leaves);
    self->leaves = leaves;
    return 0;
}

static void Leaves_dealloc(LeavesObject *self) {
    tl_leaves_free(self->leaves);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t Leaves_len(LeavesObject *self) { return (Py_ssize_t)tl_leaves_count(self->leaves); }

/* value(counts): the value of the leave of counts[t] tiles of number t (64 counts, [0] the blanks). */
static PyObject *Leaves_value(LeavesObject *self, PyObject *arg) {
    Py_buffer view;
    if (!self->leaves) {
        PyErr_SetString(PyExc_ValueError, "the leave values were never read");
        return NULL;
    }
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE))
        return NULL;
    PyObject *result = NULL;
    if (view.len != 64)
        PyErr_SetString(InputError, "a leave is 64 counts, one a tile number");
    else
        result = PyFloat_FromDouble(tl_leaves_value(self->leaves, view.buf));
    PyBuffer_Release(&view);
    return result;
}

static PyMethodDef Leaves_methods[] = {
    {"value", (PyCFunction)Leaves_value, METH_O, "the value of a leave given as 64 counts, [0] the blanks"},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Leaves_sequence = {.sq_length = (lenfunc)Leaves_len};

PyTypeObject LeavesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lexicon.graph._core.Leaves",
    .tp_basicsize = sizeof(LeavesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game's leave values, read from a KLV2 file.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Leaves_init,
    .tp_dealloc = (destructor)Leaves_dealloc,
    .tp_methods = Leaves_methods,
    .tp_as_sequence = &Leaves_sequence,
};
