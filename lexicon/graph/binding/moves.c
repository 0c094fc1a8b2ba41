/* Graph.moves and Graph.stack_moves: every play of a rack on a board (play/moves.h), the GIL let go while
 * they are found; lexicon/play/moves.py wraps them. */
#include "binding.h"

/* What moves() and stack_moves() answer for a generation that returned `rc`: (count, lists visited, the best
 * `limit` plays as (score, down, valid, ((square, tile, blank), …))), sorted only when some are asked for
 * (limit 0: the count alone; -1: every play); the moves freed. */
static PyObject *plays_result(tl_moves *moves, tl_status rc, tl_error *err, Py_ssize_t limit) {
    if (rc == TL_OK && limit != 0) {
        Py_BEGIN_ALLOW_THREADS
        rc = tl_moves_sort(moves, err);
        Py_END_ALLOW_THREADS
    }
    if (rc != TL_OK) {
        tl_moves_free(moves);
        raise_error(err);
        return NULL;
    }
    PyObject *result = NULL;
    size_t count = tl_moves_count(moves), take = limit < 0 ? count : (size_t)limit < count ? (size_t)limit : count;
    PyObject *plays = PyList_New((Py_ssize_t)take);
    for (size_t i = 0; plays && i < take; i++) {
        const tl_play *p = tl_moves_play(moves, i);
        PyObject *laid = PyTuple_New(p->n);
        for (unsigned k = 0; laid && k < p->n; k++) {
            PyObject *one = Py_BuildValue("(IIO)", (unsigned)p->squares[k], (unsigned)(p->tiles[k] & 63u),
                                          (p->tiles[k] & TL_BLANK_TILE) ? Py_True : Py_False);
            if (!one) {
                Py_CLEAR(laid);
                break;
            }
            PyTuple_SET_ITEM(laid, k, one);
        }
        PyObject *play = laid ? Py_BuildValue("(iOON)", (int)p->score, p->down ? Py_True : Py_False,
                                              p->valid ? Py_True : Py_False, laid) : NULL;
        if (!play) {
            Py_CLEAR(plays);
            break;
        }
        PyList_SET_ITEM(plays, (Py_ssize_t)i, play);
    }
    if (plays)
        result = Py_BuildValue("(nLN)", (Py_ssize_t)count, (long long)tl_moves_visits(moves), plays);
    tl_moves_free(moves);
    return result;
}

/* moves(...): every play of the rack on the board (play/moves.h), the GIL let go while they are found;
 * (count, lists visited, the best `limit` plays as (score, down, valid, ((square, tile, blank), …))), sorted
 * only when some are asked for (limit 0: the count alone; -1: every play). */
PyObject *Graph_moves(Graph *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"size", "tiles", "blanks", "letter_premium", "word_premium", "start", "points", "rack",
                             "rack_size", "bonus", "every_word", "phonies", "max_visits", "limit", NULL};
    unsigned size, rack_size;
    int bonus, every_word, phonies;
    long long max_visits;
    Py_ssize_t limit;
    Py_buffer bufs[7];
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Iy*y*y*y*y*y*y*IippLn", kwlist, &size, &bufs[0], &bufs[1],
                                     &bufs[2], &bufs[3], &bufs[4], &bufs[5], &bufs[6], &rack_size, &bonus,
                                     &every_word, &phonies, &max_visits, &limit))
        return NULL;
    PyObject *result = NULL;
    size_t cells = (size_t)size * size;
    int ok = size <= TL_MAX_BOARD && bufs[5].len == 128 && bufs[6].len == 64;
    for (int i = 0; i < 5 && ok; i++)
        ok = (size_t)bufs[i].len == cells;
    if (!ok) {
        PyErr_SetString(InputError, "a board of size × size bytes a field, 64 points (u16) and 64 rack counts");
        goto out;
    }
    if (graph_open(self))
        goto out;
    tl_board board = {.size = size, .tiles = bufs[0].buf, .blanks = bufs[1].buf, .letter_premium = bufs[2].buf,
                      .word_premium = bufs[3].buf, .start = bufs[4].buf, .rack_size = rack_size,
                      .whole_rack_bonus = bonus, .premiums_every_word = every_word};
    const uint8_t *points = bufs[5].buf;
    for (int t = 0; t < 64; t++)
        board.points[t] = (uint16_t)(points[2 * t] | points[2 * t + 1] << 8);
    tl_moves *moves = NULL;
    tl_error err;
    tl_status rc;
    Py_BEGIN_ALLOW_THREADS
    rc = tl_moves_generate(self->graph, &board, bufs[6].buf, phonies, max_visits, &moves, &err);
    Py_END_ALLOW_THREADS
    result = plays_result(moves, rc, &err, limit);
out:
    for (int i = 0; i < 7; i++)
        PyBuffer_Release(&bufs[i]);
    return result;
}

/* stack_moves(...): every play of one line of the rack on a stacking board (play/moves.h, tl_moves_stack),
 * the GIL let go while they are found; answered as moves() answers. `rare` is 64 bytes, nonzero for a rare
 * cube's tile number. */
PyObject *Graph_stack_moves(Graph *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"size", "tiles", "heights", "start", "rack", "max_height", "rack_size", "bonus", "cube",
                             "flat_cube", "whole_tower", "rare", "rare_bonus", "rare_every_word", "cover_whole_word",
                             "phonies", "max_visits", "limit", NULL};
    tl_stack_board board = {0};
    int whole_tower, rare_every_word, cover_whole_word, phonies;
    long long max_visits;
    Py_ssize_t limit;
    Py_buffer bufs[5];
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Iy*y*y*y*IIiiipy*ipppLn", kwlist, &board.size, &bufs[0],
                                     &bufs[1], &bufs[2], &bufs[3], &board.max_height, &board.rack_size,
                                     &board.whole_rack_bonus, &board.cube, &board.flat_cube, &whole_tower, &bufs[4],
                                     &board.rare_bonus, &rare_every_word, &cover_whole_word, &phonies, &max_visits,
                                     &limit))
        return NULL;
    PyObject *result = NULL;
    size_t cells = (size_t)board.size * board.size;
    int ok = board.size <= TL_MAX_BOARD && bufs[3].len == 64 && bufs[4].len == 64;
    for (int i = 0; i < 3 && ok; i++)
        ok = (size_t)bufs[i].len == cells;
    if (!ok) {
        PyErr_SetString(InputError, "a board of size × size bytes a field, 64 rack counts and 64 rare flags");
        goto out;
    }
    if (graph_open(self))
        goto out;
    board.tiles = bufs[0].buf;
    board.heights = bufs[1].buf;
    board.start = bufs[2].buf;
    board.whole_tower = whole_tower;
    board.rare_every_word = rare_every_word;
    board.cover_whole_word = cover_whole_word;
    const uint8_t *rare = bufs[4].buf;
    for (unsigned t = 1; t < 64; t++)
        board.rare |= (uint64_t)(rare[t] != 0) << t;
    tl_moves *moves = NULL;
    tl_error err;
    tl_status rc;
    Py_BEGIN_ALLOW_THREADS
    rc = tl_moves_stack(self->graph, &board, bufs[3].buf, phonies, max_visits, &moves, &err);
    Py_END_ALLOW_THREADS
    result = plays_result(moves, rc, &err, limit);
out:
    for (int i = 0; i < 5; i++)
        PyBuffer_Release(&bufs[i]);
    return result;
}
