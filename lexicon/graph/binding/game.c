/* Game: a game's rules compiled (tl_game, play/tl_play.h), read from its game document; lexicon/play/compiled.py
 * makes one per game. */
#include "binding.h"

static int Game_init(GameObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"document", NULL};
    Py_buffer view;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*", kwlist, &view))
        return -1;
    tl_game *game = NULL;
    tl_error err;
    tl_status rc = tl_game_read(view.buf, (size_t)view.len, &game, &err);
    PyBuffer_Release(&view);
    if (rc != TL_OK) {
        raise_error(&err);
        return -1;
    }
    tl_game_free(self->game);
    Py_CLEAR(self->leaves);
    self->game = game;
    return 0;
}

static void Game_dealloc(GameObject *self) {
    tl_game_free(self->game);
    Py_XDECREF(self->leaves);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int game_open(GameObject *self) {
    if (!self->game) {
        PyErr_SetString(PyExc_ValueError, "the game was never read");
        return -1;
    }
    return 0;
}

static PyObject *Game_name(GameObject *self, void *closure) {
    (void)closure;
    return game_open(self) ? NULL : PyUnicode_FromString(tl_game_name(self->game));
}

static PyObject *Game_size(GameObject *self, void *closure) {
    (void)closure;
    return game_open(self) ? NULL : PyLong_FromUnsignedLong(tl_game_size(self->game));
}

/* rack_value(counts): what the tiles left on a rack (64 counts, [0] the blanks) cost at the end. */
static PyObject *Game_rack_value(GameObject *self, PyObject *arg) {
    Py_buffer view;
    if (game_open(self) || PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE))
        return NULL;
    PyObject *result = NULL;
    if (view.len != 64)
        PyErr_SetString(InputError, "a rack is 64 counts, one a tile number");
    else
        result = PyLong_FromLong(tl_game_rack_value(self->game, view.buf));
    PyBuffer_Release(&view);
    return result;
}

/* use_leaves(leaves): the leave values POST /moves' order `equity` ranks by (None: none). */
static PyObject *Game_use_leaves(GameObject *self, PyObject *arg) {
    if (game_open(self))
        return NULL;
    if (arg != Py_None && (!PyObject_TypeCheck(arg, &LeavesType) || !((LeavesObject *)arg)->leaves)) {
        PyErr_SetString(PyExc_TypeError, "use_leaves takes Leaves read from a file, or None");
        return NULL;
    }
    tl_game_use_leaves(self->game, arg == Py_None ? NULL : ((LeavesObject *)arg)->leaves);
    Py_XSETREF(self->leaves, arg == Py_None ? NULL : Py_NewRef(arg));
    Py_RETURN_NONE;
}

static PyObject *Game_leaves(GameObject *self, void *closure) {
    (void)closure;
    return Py_NewRef(self->leaves ? self->leaves : Py_None);
}

static PyGetSetDef Game_getset[] = {
    {"name", (getter)Game_name, NULL, "the game's name", NULL},
    {"leaves", (getter)Game_leaves, NULL, "the leave values given with use_leaves, or None", NULL},
    {"size", (getter)Game_size, NULL, "squares a side", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef Game_methods[] = {
    {"rack_value", (PyCFunction)Game_rack_value, METH_O, "what the tiles left on a rack cost at the end"},
    {"use_leaves", (PyCFunction)Game_use_leaves, METH_O, "the leave values order `equity` ranks by (None: none)"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject GameType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lexicon.graph._core.Game",
    .tp_basicsize = sizeof(GameObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game's rules compiled from its game document (docs/games.md).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Game_init,
    .tp_dealloc = (destructor)Game_dealloc,
    .tp_getset = Game_getset,
    .tp_methods = Game_methods,
};
