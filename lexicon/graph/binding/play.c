/* play_answer, moves_answer and judge_turn: POST /play's and POST /moves' documents and a typed turn judged by the
 * C core's engine (play/tl_play.h), the request's game and lexicon found by the caller's Python functions;
 * lexicon/play/engine.py calls them. A refusal raises what the library raises (PlayError with the field and
 * square, LimitExceeded too-costly); an exception in a caller's function comes through as it was raised. */
#include "binding.h"

/* A call's host: the caller's functions, and every object they gave, held until the call returns. */
typedef struct {
    PyObject *game_for, *lexicon_for;
    PyObject *held;
    PyObject *game;    /* the request's game, as given */
    PyObject *verdict; /* the lexicon's verdicts for what its bundle cannot give, or NULL */
    PyObject *last;    /* the last verdict the function gave, alive while the judge copies it */
} host_context;

static PyObject *text(const char *utf8) {
    return PyUnicode_DecodeUTF8(utf8, (Py_ssize_t)strlen(utf8), "replace"); /* a cut message may end mid-letter */
}

static PyObject *refusal_error(const tl_refusal *r) {
    PyObject *message = text(r->message);
    if (!message)
        return NULL;
    if (r->code && !strcmp(r->code, "too-costly")) { /* naming the field a cheaper request changes, if one */
        PyObject *args = PyTuple_Pack(1, message);
        Py_DECREF(message);
        PyObject *kwargs = args ? Py_BuildValue("{s:s,s:z}", "code", r->code, "parameter", r->field[0] ? r->field : NULL)
                                : NULL;
        return raise_call(LimitExceeded, args, kwargs);
    }
    PyObject *square = r->square[0] ? text(r->square) : Py_NewRef(Py_None);
    PyObject *kwargs = square ? Py_BuildValue("{s:N}", "square", square) : NULL;
    PyObject *args = kwargs ? Py_BuildValue("(NN)", text(r->field), message) : NULL;
    if (!args)
        Py_DECREF(message);
    return raise_call(PlayError, args, kwargs);
}

/* The result of a call: the document as bytes, or the exception it meets. */
static PyObject *answered(tl_status rc, tl_text *out, const tl_refusal *refused, const tl_error *err) {
    PyObject *result = NULL;
    if (rc == TL_OK)
        result = PyBytes_FromStringAndSize(out->data, (Py_ssize_t)out->length);
    else if (rc == TL_ERR_HOST)
        ; /* the caller's exception is set */
    else if ((rc == TL_ERR_INPUT || rc == TL_ERR_COSTLY) && refused->code)
        refusal_error(refused);
    else
        raise_error(err);
    tl_text_free(out);
    return result;
}

static int hold(host_context *h, PyObject *object) { return PyList_Append(h->held, object); }

static tl_status host_verdict(void *context, const char *notation, size_t size, int detail, tl_verdict *out,
                              tl_error *err) {
    host_context *h = context;
    PyObject *result = PyObject_CallFunction(h->verdict, "s#O", notation, (Py_ssize_t)size, detail ? Py_True : Py_False);
    if (!result)
        return TL_ERR_HOST;
    int valid;
    PyObject *reason;
    const char *document;
    Py_ssize_t length;
    if (!PyArg_ParseTuple(result, "pOy#", &valid, &reason, &document, &length) ||
        (reason != Py_None && !PyUnicode_Check(reason))) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "a verdict is (valid, reason or None, document bytes)");
        Py_DECREF(result);
        return TL_ERR_HOST;
    }
    out->valid = valid;
    out->reason = reason == Py_None ? NULL : PyUnicode_AsUTF8(reason);
    out->document = document;
    out->length = (size_t)length;
    Py_XSETREF(h->last, result);
    (void)err;
    return reason != Py_None && !out->reason ? TL_ERR_HOST : TL_OK;
}

/* A lexicon's words as (name, version, Bundle or None, Graph or None, pronounced, verdict function or None). */
static tl_status words_of(host_context *h, PyObject *tuple, tl_words *words) {
    PyObject *name, *version, *bundle, *graph, *verdict;
    int pronounced;
    if (!PyArg_ParseTuple(tuple, "UUOOpO", &name, &version, &bundle, &graph, &pronounced, &verdict) ||
        (bundle != Py_None && !PyObject_TypeCheck(bundle, &BundleType)) ||
        (graph != Py_None && !PyObject_TypeCheck(graph, &GraphType))) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "a lexicon's words are (name, version, Bundle, Graph, pronounced, verdict)");
        return TL_ERR_HOST;
    }
    if (hold(h, tuple) || (bundle != Py_None && bundle_open((Bundle *)bundle)) ||
        (graph != Py_None && graph_open((Graph *)graph)))
        return TL_ERR_HOST;
    *words = (tl_words){PyUnicode_AsUTF8(name), PyUnicode_AsUTF8(version),
                        bundle == Py_None ? NULL : ((Bundle *)bundle)->lexicon,
                        graph == Py_None ? NULL : ((Graph *)graph)->graph, pronounced,
                        verdict == Py_None ? NULL : host_verdict, h};
    h->verdict = verdict == Py_None ? NULL : verdict;
    return words->name && words->version ? TL_OK : TL_ERR_HOST;
}

static tl_status host_game(void *context, const char *value, size_t size, const tl_game **game, tl_refusal *refusal,
                           tl_error *err) {
    (void)refusal;
    (void)err;
    host_context *h = context;
    PyObject *found = PyObject_CallFunction(h->game_for, "y#", value, (Py_ssize_t)size);
    if (!found)
        return TL_ERR_HOST;
    if (!PyObject_TypeCheck(found, &GameType) || !((GameObject *)found)->game) {
        PyErr_SetString(PyExc_TypeError, "game_for must give a compiled Game");
        Py_DECREF(found);
        return TL_ERR_HOST;
    }
    int failed = hold(h, found);
    h->game = found;
    Py_DECREF(found);
    *game = ((GameObject *)found)->game;
    return failed ? TL_ERR_HOST : TL_OK;
}

static tl_status host_lexicon(void *context, const char *spec, size_t size, const tl_game *game, tl_words *words,
                              tl_refusal *refusal, tl_error *err) {
    (void)game;
    (void)refusal;
    (void)err;
    host_context *h = context;
    PyObject *tuple = spec ? PyObject_CallFunction(h->lexicon_for, "s#O", spec, (Py_ssize_t)size, h->game)
                           : PyObject_CallFunction(h->lexicon_for, "OO", Py_None, h->game);
    if (!tuple)
        return TL_ERR_HOST;
    tl_status rc = words_of(h, tuple, words);
    Py_DECREF(tuple);
    return rc;
}

static void host_done(host_context *h) {
    Py_XDECREF(h->held);
    Py_XDECREF(h->last);
}

/* A request's answer: tl_play_answer's, or with `moves` tl_moves_answer's (within `max_visits`). */
static PyObject *serve(PyObject *args, int moves) {
    Py_buffer body;
    long long max_visits = 0;
    host_context h = {NULL, NULL, NULL, Py_None, NULL, NULL};
    if (!(moves ? PyArg_ParseTuple(args, "y*OOL", &body, &h.game_for, &h.lexicon_for, &max_visits)
                : PyArg_ParseTuple(args, "y*OO", &body, &h.game_for, &h.lexicon_for)))
        return NULL;
    if (!(h.held = PyList_New(0))) {
        PyBuffer_Release(&body);
        return NULL;
    }
    tl_host host = {&h, host_game, host_lexicon};
    tl_text out = {NULL, 0};
    tl_refusal refused;
    tl_error err;
    tl_status rc = moves ? tl_moves_answer(&host, body.buf, (size_t)body.len, max_visits, &out, &refused, &err)
                         : tl_play_answer(&host, body.buf, (size_t)body.len, &out, &refused, &err);
    PyBuffer_Release(&body);
    PyObject *result = answered(rc, &out, &refused, &err);
    host_done(&h);
    return result;
}

/* play_answer(body, game_for, lexicon_for): POST /play's answer to `body` (bytes) as bytes. game_for(the "game"
 * field's JSON text) gives a Game; lexicon_for(spec or None for the game's own, game) the lexicon's words
 * (words_of). */
PyObject *binding_play_answer(PyObject *module, PyObject *args) {
    (void)module;
    return serve(args, 0);
}

/* moves_answer(body, game_for, lexicon_for, max_visits): POST /moves' answer to `body` as bytes. */
PyObject *binding_moves_answer(PyObject *module, PyObject *args) {
    (void)module;
    return serve(args, 1);
}

/* judge_turn(game, tiles, heights, premiums, plays, rack, words, detail): POST /play's document of a turn given as
 * values, and the whole-rack bonus its tiles earn if it stands: the board's tiles (a byte a square, | 0x80 a blank), heights and premium codes (bytes or None), each
 * play's tiles (bytes of square low, square high, tile), the rack's 64 counts (or None), the words (words_of's
 * tuple, or None: validity left out). */
PyObject *binding_judge_turn(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *game, *heights, *premiums, *plays, *rack, *words_tuple;
    Py_buffer tiles;
    int detail;
    if (!PyArg_ParseTuple(args, "O!y*OOO!OOp", &GameType, &game, &tiles, &heights, &premiums, &PyList_Type, &plays,
                          &rack, &words_tuple, &detail))
        return NULL;
    host_context h = {NULL, NULL, PyList_New(0), game, NULL, NULL};
    const tl_game *g = ((GameObject *)game)->game;
    size_t cells = g ? (size_t)tl_game_size(g) * tl_game_size(g) : 0, n_plays = (size_t)PyList_GET_SIZE(plays);
    size_t *lengths = PyMem_Calloc(n_plays + 1, sizeof *lengths);
    tl_laid *laid = NULL;
    PyObject *result = NULL;
    Py_buffer hv = {0}, pv = {0}, rv = {0};
    int has_h = 0, has_p = 0, has_r = 0;
    if (!h.held || !lengths || !g)
        goto out;
    if (heights != Py_None && (PyObject_GetBuffer(heights, &hv, PyBUF_SIMPLE) || !(has_h = 1)))
        goto out;
    if (premiums != Py_None && (PyObject_GetBuffer(premiums, &pv, PyBUF_SIMPLE) || !(has_p = 1)))
        goto out;
    if (rack != Py_None && (PyObject_GetBuffer(rack, &rv, PyBUF_SIMPLE) || !(has_r = 1)))
        goto out;
    if ((size_t)tiles.len != cells || (has_h && (size_t)hv.len != cells) || (has_p && (size_t)pv.len != cells) ||
        (has_r && rv.len != 64)) {
        PyErr_SetString(InputError, "a board of size × size bytes a field, and 64 rack counts");
        goto out;
    }
    size_t total = 0;
    for (size_t k = 0; k < n_plays; k++) {
        PyObject *play = PyList_GET_ITEM(plays, k);
        if (!PyBytes_Check(play) || PyBytes_GET_SIZE(play) % 3) {
            PyErr_SetString(InputError, "a play is bytes of square low, square high, tile");
            goto out;
        }
        lengths[k] = (size_t)PyBytes_GET_SIZE(play) / 3;
        total += lengths[k];
    }
    if (!(laid = PyMem_Calloc(total + 1, sizeof *laid))) {
        PyErr_NoMemory();
        goto out;
    }
    for (size_t k = 0, at = 0; k < n_plays; k++) {
        const uint8_t *p = (const uint8_t *)PyBytes_AS_STRING(PyList_GET_ITEM(plays, k));
        for (size_t i = 0; i < lengths[k]; i++, at++)
            laid[at] = (tl_laid){(uint16_t)(p[3 * i] | p[3 * i + 1] << 8), p[3 * i + 2]};
    }
    tl_words words;
    if (words_tuple != Py_None && words_of(&h, words_tuple, &words) != TL_OK)
        goto out;
    tl_position position = {tiles.buf, has_h ? hv.buf : NULL, has_p ? pv.buf : NULL};
    tl_turn turn = {n_plays, lengths, laid, has_r ? rv.buf : NULL};
    tl_judgement *judged = NULL;
    tl_refusal refused;
    tl_error err;
    tl_text out = {NULL, 0};
    refused.code = NULL;
    tl_status rc = tl_judge_turn(g, words_tuple == Py_None ? NULL : &words, detail, &position, &turn, &judged, &refused,
                                 &err);
    if (rc == TL_OK)
        rc = tl_judgement_json(judged, &out, &err);
    int32_t earned = judged ? tl_judgement_bonus(judged) : 0;
    tl_judgement_free(judged);
    PyObject *document = answered(rc, &out, &refused, &err);
    result = document ? Py_BuildValue("(Ni)", document, (int)earned) : NULL;
out:
    PyBuffer_Release(&tiles);
    if (has_h)
        PyBuffer_Release(&hv);
    if (has_p)
        PyBuffer_Release(&pv);
    if (has_r)
        PyBuffer_Release(&rv);
    PyMem_Free(lengths);
    PyMem_Free(laid);
    host_done(&h);
    return result;
}
