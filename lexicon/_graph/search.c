/* Searches as iterators: anagrams of a rack (with blanks, or sub-anagrams) and patterns.
 *
 * The walk of lexicon.search.Search._walk, step for step: depth-first over the DAWG in tile
 * order, carrying a search state; a sibling list that yielded nothing in a state is remembered
 * and not walked again; every list entered costs one visit of the budget, and LimitExceeded is
 * raised past it, at the same point of the results as the reference. The walk is resumable,
 * so a caller that takes ten results pays for ten.
 *
 * States: a rack is a mixed-radix number (what is left of each tile of the rack, and blanks),
 * 0 when empty; a pattern is a subset of its NFA positions, interned as a DFA state built on
 * demand (0 is the empty subset: no way on).
 */
#include "graph.h"

#include <stdlib.h>

#define MAX_DEPTH 4096
#define MAX_DFA_STATES 1000000

enum { ANAGRAM, PATTERN };
enum { STAGE_NODE, STAGE_DESCEND, STAGE_UNDO, STAGE_NEXT };
/* pattern tokens, as lexicon.search passes them */
enum { TOKEN_ANY_TILE = -1, TOKEN_ANY_RUN = -2, TOKEN_ACCEPT = -3 };

typedef struct {
    uint32_t start;  /* the list being walked (the memo's key with `state`) */
    uint32_t index;  /* the node being looked at */
    uint32_t state;  /* the state on entering the list */
    uint32_t after;  /* the state after the current node's tile */
    uint8_t stage;
    uint8_t found;   /* a result came out of this list */
    uint8_t used;    /* anagrams: the rack slot the current tile took (0: a blank) */
} frame;

/* A set of (state, list) pairs, open addressing over 64-bit keys (0 never occurs: lists are
 * nonzero). */
typedef struct {
    uint64_t *slots;
    size_t mask, n;
} key_set;

static inline size_t mix(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return (size_t)k;
}

static int set_has(const key_set *s, uint64_t k) {
    if (!s->slots)
        return 0;
    for (size_t h = mix(k) & s->mask;; h = (h + 1) & s->mask) {
        if (s->slots[h] == k)
            return 1;
        if (!s->slots[h])
            return 0;
    }
}

static int set_add(key_set *s, uint64_t k) {
    if (!s->slots || (s->n + 1) * 2 > s->mask + 1) {
        size_t mask = s->slots ? s->mask * 2 + 1 : 1023;
        uint64_t *slots = calloc(mask + 1, sizeof *slots);
        if (!slots)
            return -1;
        if (s->slots)
            for (size_t i = 0; i <= s->mask; i++) {
                uint64_t x = s->slots[i];
                if (!x)
                    continue;
                size_t h = mix(x) & mask;
                while (slots[h])
                    h = (h + 1) & mask;
                slots[h] = x;
            }
        free(s->slots);
        s->slots = slots;
        s->mask = mask;
    }
    size_t h = mix(k) & s->mask;
    while (s->slots[h]) {
        if (s->slots[h] == k)
            return 0;
        h = (h + 1) & s->mask;
    }
    s->slots[h] = k;
    s->n++;
    return 0;
}

/* ------------------------------------------------------------------ the pattern's DFA */

typedef struct {
    int16_t *tokens;
    size_t positions, words;  /* NFA positions; 64-bit words per subset */
    uint64_t *sets;           /* subset of each DFA state */
    uint8_t *final;
    int32_t *next;            /* per state and tile: the next state, -1 not yet known */
    size_t n, cap;
    uint32_t *table;          /* subset → state, open addressing over state numbers + 1 */
    size_t mask;
} dfa;

static size_t subset_hash(const uint64_t *set, size_t words) {
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < words; i++)
        h = (h ^ set[i]) * 0x100000001b3ull;
    return mix(h);
}

static void closure(const dfa *d, uint64_t *set) {
    /* a run may match nothing: the position after a run in the set is in it too (positions in
     * increasing order, so runs in a row are followed) */
    for (size_t p = 0; p < d->positions; p++)
        if ((set[p >> 6] >> (p & 63) & 1) && d->tokens[p] == TOKEN_ANY_RUN)
            set[(p + 1) >> 6] |= 1ull << ((p + 1) & 63);
}

/* The state of a subset: found, or added. -1 on error (exception set). */
static int64_t dfa_state(dfa *d, const uint64_t *set) {
    size_t h = subset_hash(set, d->words) & d->mask;
    for (;;) {
        uint32_t s = d->table[h];
        if (!s)
            break;
        if (!memcmp(d->sets + (size_t)(s - 1) * d->words, set, d->words * 8))
            return s - 1;
        h = (h + 1) & d->mask;
    }
    if (d->n >= MAX_DFA_STATES) {
        PyErr_SetString(lg_TooCostly, "the pattern reaches too many states; make it simpler");
        return -1;
    }
    if (d->n == d->cap) {
        size_t cap = d->cap * 2;
        uint64_t *sets = realloc(d->sets, cap * d->words * 8);
        if (!sets)
            goto oom;
        d->sets = sets;
        uint8_t *final = realloc(d->final, cap);
        if (!final)
            goto oom;
        d->final = final;
        int32_t *next = realloc(d->next, cap * 64 * sizeof *next);
        if (!next)
            goto oom;
        d->next = next;
        d->cap = cap;
    }
    size_t s = d->n++;
    memcpy(d->sets + s * d->words, set, d->words * 8);
    uint8_t final = 0;
    for (size_t p = 0; p < d->positions; p++)
        if ((set[p >> 6] >> (p & 63) & 1) && d->tokens[p] == TOKEN_ACCEPT)
            final = 1;
    d->final[s] = final;
    for (int t = 0; t < 64; t++)
        d->next[s * 64 + t] = -1;
    d->table[h] = (uint32_t)s + 1;
    if (d->n * 2 > d->mask + 1) {
        size_t mask = d->mask * 2 + 1;
        uint32_t *table = calloc(mask + 1, sizeof *table);
        if (!table)
            goto oom;
        for (size_t i = 0; i < d->n; i++) {
            size_t g = subset_hash(d->sets + i * d->words, d->words) & mask;
            while (table[g])
                g = (g + 1) & mask;
            table[g] = (uint32_t)i + 1;
        }
        free(d->table);
        d->table = table;
        d->mask = mask;
    }
    return (int64_t)s;
oom:
    PyErr_NoMemory();
    return -1;
}

/* The state after reading `tile` (0: no way on), -1 on error. */
static int64_t dfa_step(dfa *d, uint32_t state, unsigned tile) {
    int32_t known = d->next[(size_t)state * 64 + tile];
    if (known >= 0)
        return known;
    uint64_t stack_set[8];
    uint64_t *after = d->words <= 8 ? stack_set : calloc(d->words, 8);
    if (!after) {
        PyErr_NoMemory();
        return -1;
    }
    memset(after, 0, d->words * 8);
    const uint64_t *set = d->sets + (size_t)state * d->words;
    for (size_t p = 0; p < d->positions; p++) {
        if (!(set[p >> 6] >> (p & 63) & 1))
            continue;
        int16_t token = d->tokens[p];
        if (token == TOKEN_ANY_RUN)
            after[p >> 6] |= 1ull << (p & 63);
        else if (token == (int16_t)tile || token == TOKEN_ANY_TILE)
            after[(p + 1) >> 6] |= 1ull << ((p + 1) & 63);
    }
    closure(d, after);
    int64_t s = dfa_state(d, after);
    if (after != stack_set)
        free(after);
    if (s >= 0)
        d->next[(size_t)state * 64 + tile] = (int32_t)s;
    return s;
}

static int dfa_init(dfa *d, const int16_t *tokens, size_t positions, uint32_t *start) {
    memset(d, 0, sizeof *d);
    d->positions = positions;
    d->words = (positions + 1 + 63) / 64;
    d->tokens = malloc((positions + 1) * sizeof *d->tokens);
    d->cap = 16;
    d->sets = malloc(d->cap * d->words * 8);
    d->final = malloc(d->cap);
    d->next = malloc(d->cap * 64 * sizeof *d->next);
    d->mask = 63;
    d->table = calloc(d->mask + 1, sizeof *d->table);
    uint64_t *set = calloc(d->words, 8);
    if (!d->tokens || !d->sets || !d->final || !d->next || !d->table || !set) {
        free(set);
        PyErr_NoMemory();
        return -1;
    }
    memcpy(d->tokens, tokens, positions * sizeof *tokens);
    d->tokens[positions] = TOKEN_ACCEPT;  /* never read as a token: the last one is an accept */
    if (dfa_state(d, set) != 0) { /* state 0: the empty subset */
        free(set);
        return -1;
    }
    /* each alternative starts at 0 or right after an accept position */
    int at_start = 1;
    for (size_t p = 0; p < positions; p++) {
        if (at_start)
            set[p >> 6] |= 1ull << (p & 63);
        at_start = tokens[p] == TOKEN_ACCEPT;
    }
    closure(d, set);
    int64_t s = dfa_state(d, set);
    free(set);
    if (s < 0)
        return -1;
    *start = (uint32_t)s;
    return 0;
}

static void dfa_free(dfa *d) {
    free(d->tokens);
    free(d->sets);
    free(d->final);
    free(d->next);
    free(d->table);
    memset(d, 0, sizeof *d);
}

/* ------------------------------------------------------------------ the walk */

typedef struct {
    PyObject_HEAD
    lg_Graph *graph;
    int kind;
    frame *frames;
    size_t depth, cap;  /* frames in use */
    uint8_t *path;
    long long budget, max_visits;
    PyObject *message;
    key_set dead;
    int done;
    /* anagrams */
    uint8_t counts[64];   /* what is left of each tile of the rack; counts[0] the blanks */
    uint32_t radix[64];   /* the state's place value of each slot */
    int sub;
    size_t min_tiles;
    /* patterns */
    dfa dfa;
} Walk;

static Walk *new_walk(lg_Graph *graph, int kind, long long max_visits, PyObject *message) {
    Walk *w = PyObject_New(Walk, &lg_WalkType);
    if (!w)
        return NULL;
    Py_INCREF(graph);
    w->graph = graph;
    w->kind = kind;
    w->cap = 64;
    w->frames = malloc(w->cap * sizeof *w->frames);
    w->path = malloc(w->cap);
    w->depth = 0;
    w->budget = w->max_visits = max_visits;
    Py_INCREF(message);
    w->message = message;
    memset(&w->dead, 0, sizeof w->dead);
    memset(&w->dfa, 0, sizeof w->dfa);
    w->done = 0;
    if (!w->frames || !w->path) {
        Py_DECREF(w);
        PyErr_NoMemory();
        return NULL;
    }
    return w;
}

static void Walk_dealloc(Walk *w) {
    Py_XDECREF(w->graph);
    Py_XDECREF(w->message);
    free(w->frames);
    free(w->path);
    free(w->dead.slots);
    dfa_free(&w->dfa);
    PyObject_Free(w);
}

static int push(Walk *w, uint32_t list, uint32_t state) {
    if (w->depth == w->cap) {
        if (w->cap >= MAX_DEPTH) {
            PyErr_Format(lg_ArtifactError, "the word graph has a path of more than %d tiles: not a word graph "
                         "that can be searched (validate it)", MAX_DEPTH);
            return -1;
        }
        size_t cap = w->cap * 2;
        frame *frames = realloc(w->frames, cap * sizeof *frames);
        if (!frames)
            goto oom;
        w->frames = frames;
        uint8_t *path = realloc(w->path, cap);
        if (!path)
            goto oom;
        w->path = path;
        w->cap = cap;
    }
    frame *f = &w->frames[w->depth++];
    f->start = f->index = list;
    f->state = state;
    f->after = 0;
    f->stage = STAGE_NODE;
    f->found = 0;
    f->used = 0;
    return 0;
oom:
    PyErr_NoMemory();
    return -1;
}

/* One step: the state after `tile` from frame `f`, in *after; 0 when there is no way on, 1 when
 * there is, -1 on error. */
static int step(Walk *w, frame *f, unsigned tile, uint32_t *after) {
    if (w->kind == ANAGRAM) {
        /* a tile of its own first, a blank only when none is left (tile 0, the separator,
         * takes a blank either way, as in the reference) */
        unsigned slot = w->counts[tile] ? tile : 0;
        if (!w->counts[slot])
            return 0;
        w->counts[slot]--;
        f->used = (uint8_t)slot;
        *after = f->state - w->radix[slot];
        return 1;
    }
    int64_t s = dfa_step(&w->dfa, f->state, tile);
    if (s < 0)
        return -1;
    *after = (uint32_t)s;
    return s != 0;
}

static int accepts_state(const Walk *w, uint32_t after, size_t depth) {
    if (w->kind == ANAGRAM)
        return w->sub ? depth >= w->min_tiles : after == 0;
    return w->dfa.final[after];
}

static PyObject *fail(Walk *w) {
    w->done = 1;
    return NULL;
}

static PyObject *Walk_next(Walk *w) {
    if (w->done)
        return NULL;
    if (!w->graph->has_view) {
        PyErr_SetString(PyExc_ValueError, "the word graph is closed");
        return fail(w);
    }
    const lg_nodes *g = &w->graph->g;
    while (w->depth) {
        frame *f = &w->frames[w->depth - 1];
        if (f->index >= g->n) {
            lg_bad_index(w->graph, f->index);
            return fail(w);
        }
        uint32_t v = lg_load(g->base, f->index);
        switch (f->stage) {
        case STAGE_NODE: {
            unsigned tile = lg_tile(g, v) & 63;
            uint32_t after;
            int ok = step(w, f, tile, &after);
            if (ok < 0)
                return fail(w);
            if (!ok) {
                f->stage = STAGE_NEXT;
                continue;
            }
            f->after = after;
            w->path[w->depth - 1] = (uint8_t)tile;
            f->stage = STAGE_DESCEND;
            if (lg_accepts(g, v) && accepts_state(w, after, w->depth)) {
                f->found = 1;
                return PyBytes_FromStringAndSize((const char *)w->path, (Py_ssize_t)w->depth);
            }
            continue;
        }
        case STAGE_DESCEND: {
            uint32_t arc = lg_arc(g, v);
            f->stage = STAGE_UNDO;
            int stop = w->kind == ANAGRAM && f->after == 0; /* the rack is used up */
            if (arc && !stop && !set_has(&w->dead, (uint64_t)f->after << 32 | arc)) {
                if (--w->budget < 0) {
                    PyErr_SetObject(lg_TooCostly, w->message);
                    return fail(w);
                }
                if (push(w, arc, f->after))
                    return fail(w);
            }
            continue;
        }
        case STAGE_UNDO:
            if (w->kind == ANAGRAM)
                w->counts[f->used]++;
            f->stage = STAGE_NEXT;
            continue;
        default: /* STAGE_NEXT */
            if (lg_is_end(g, v)) {
                w->depth--;
                if (w->depth) {
                    if (f->found)
                        w->frames[w->depth - 1].found = 1;
                    else if (set_add(&w->dead, (uint64_t)f->state << 32 | f->start)) {
                        PyErr_NoMemory();
                        return fail(w);
                    }
                }
                continue;
            }
            f->index++;
            f->stage = STAGE_NODE;
        }
    }
    w->done = 1;
    return NULL;
}

static PyObject *Walk_visits(Walk *w, PyObject *unused) {
    return PyLong_FromLongLong(w->max_visits - w->budget);
}

static PyMethodDef Walk_methods[] = {
    {"visits", (PyCFunction)Walk_visits, METH_NOARGS, "lists entered so far"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject lg_WalkType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lexicon._graph.Walk",
    .tp_doc = "A search over a word graph, as an iterator of tile sequences (bytes).",
    .tp_basicsize = sizeof(Walk),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)Walk_dealloc,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)Walk_next,
    .tp_methods = Walk_methods,
};

/* anagrams(counts, blanks, sub, min_tiles, max_visits, message): `counts` is 64 bytes, the
 * rack's count of each tile number. */
PyObject *lg_graph_anagrams(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"counts", "blanks", "sub", "min_tiles", "max_visits", "message", NULL};
    lg_Graph *graph = (lg_Graph *)self;
    Py_buffer counts;
    int blanks, sub;
    Py_ssize_t min_tiles;
    long long max_visits;
    PyObject *message;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*ipnLU", kwlist, &counts, &blanks, &sub, &min_tiles,
                                     &max_visits, &message))
        return NULL;
    Walk *w = NULL;
    if (counts.len != 64 || blanks < 0 || blanks > 255) {
        PyErr_SetString(PyExc_ValueError, "counts must be 64 bytes, blanks 0 to 255");
        goto out;
    }
    if (!graph->has_view) {
        PyErr_SetString(PyExc_ValueError, "the word graph is closed");
        goto out;
    }
    w = new_walk(graph, ANAGRAM, max_visits, message);
    if (!w)
        goto out;
    memcpy(w->counts, counts.buf, 64);
    w->counts[0] = (uint8_t)blanks;
    w->sub = sub;
    w->min_tiles = min_tiles < 1 ? 1 : (size_t)min_tiles;
    uint64_t place = 1, state = 0;
    for (int t = 0; t < 64; t++) {
        w->radix[t] = (uint32_t)place;
        state += (uint64_t)w->counts[t] * place;
        place *= (uint64_t)w->counts[t] + 1;
        if (place > 0xFFFFFFFFull) {
            PyErr_SetString(lg_TooCostly, "the rack has too many tiles to search");
            Py_CLEAR(w);
            goto out;
        }
    }
    if (graph->root && push(w, graph->root, (uint32_t)state))
        Py_CLEAR(w);
out:
    PyBuffer_Release(&counts);
    return (PyObject *)w;
}

/* pattern(tokens, max_visits, message): `tokens` a sequence of ints, a tile number or
 * TOKEN_ANY_TILE, TOKEN_ANY_RUN, TOKEN_ACCEPT (each alternative ends with an accept). */
PyObject *lg_graph_pattern(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"tokens", "max_visits", "message", NULL};
    lg_Graph *graph = (lg_Graph *)self;
    PyObject *tokens_obj, *message;
    long long max_visits;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OLU", kwlist, &tokens_obj, &max_visits, &message))
        return NULL;
    if (!graph->has_view) {
        PyErr_SetString(PyExc_ValueError, "the word graph is closed");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(tokens_obj, "tokens must be a sequence of ints");
    if (!seq)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int16_t *tokens = malloc((n ? n : 1) * sizeof *tokens);
    Walk *w = NULL;
    if (!tokens) {
        PyErr_NoMemory();
        goto out;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long t = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (t == -1 && PyErr_Occurred())
            goto out;
        if (t < TOKEN_ACCEPT || t > 63) {
            PyErr_Format(PyExc_ValueError, "token %ld is neither a tile number nor a wildcard", t);
            goto out;
        }
        tokens[i] = (int16_t)t;
    }
    if (!n || tokens[n - 1] != TOKEN_ACCEPT) {
        PyErr_SetString(PyExc_ValueError, "a pattern's tokens end with an accept position");
        goto out;
    }
    w = new_walk(graph, PATTERN, max_visits, message);
    if (!w)
        goto out;
    uint32_t start;
    if (dfa_init(&w->dfa, tokens, (size_t)n, &start)) {
        Py_CLEAR(w);
        goto out;
    }
    if (graph->root && push(w, graph->root, start))
        Py_CLEAR(w);
out:
    free(tokens);
    Py_DECREF(seq);
    return (PyObject *)w;
}
