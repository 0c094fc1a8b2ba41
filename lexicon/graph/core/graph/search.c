/* Searches as walks: anagrams of a rack (with blanks, or sub-anagrams) and patterns.
 *
 * Both walk the DAWG depth-first in tile order, as lexicon.search.Search does step for step (the
 * reference: the tests compare results, their order, and where a budget runs out). Every list
 * entered costs one visit of the budget, and TL_ERR_COSTLY ends the walk past it. The walks are
 * resumable, so a caller that takes ten results pays for ten.
 *
 * Anagrams carry the rack's tile counts down the path and stop where the rack is used up: the rack
 * bounds the walk, and a memo of lists that gave nothing would cost more than it saves (on the 814,000
 * words of sv-dsso, 10% fewer visits for twice the time: docs/kwg.md). Patterns carry a subset of
 * their NFA positions, interned as a DFA state built on demand (0 is the empty subset: no way on),
 * and remember a sibling list that yielded nothing in a state, so that `*Q*Z*` walks each list once
 * per state instead of once per path.
 */
#include "graph/internal.h"

#include <stdlib.h>

#define MAX_DFA_STATES 1000000

enum { ANAGRAM, PATTERN };
enum { STAGE_NODE, STAGE_DESCEND, STAGE_NEXT };

/* A pattern walk's place in a list. */
typedef struct {
    uint32_t start;  /* the list being walked (the memo's key with `state`) */
    uint32_t index;  /* the node being looked at */
    uint32_t state;  /* the state on entering the list */
    uint32_t after;  /* the state after the current node's tile */
    uint8_t stage;
    uint8_t found;   /* a result came out of this list */
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
        if ((set[p >> 6] >> (p & 63) & 1) && d->tokens[p] == TL_ANY_RUN)
            set[(p + 1) >> 6] |= 1ull << ((p + 1) & 63);
}

/* The state of a subset: found, or added. -1 when out of memory, -2 past MAX_DFA_STATES. */
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
    if (d->n >= MAX_DFA_STATES)
        return -2;
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
        if ((set[p >> 6] >> (p & 63) & 1) && d->tokens[p] == TL_ACCEPT)
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
    return -1;
}

/* The state after reading `tile` (0: no way on), or dfa_state's -1 or -2. */
static int64_t dfa_step(dfa *d, uint32_t state, unsigned tile) {
    int32_t known = d->next[(size_t)state * 64 + tile];
    if (known >= 0)
        return known;
    uint64_t stack_set[8];
    uint64_t *after = d->words <= 8 ? stack_set : calloc(d->words, 8);
    if (!after)
        return -1;
    memset(after, 0, d->words * 8);
    const uint64_t *set = d->sets + (size_t)state * d->words;
    for (size_t p = 0; p < d->positions; p++) {
        if (!(set[p >> 6] >> (p & 63) & 1))
            continue;
        int16_t token = d->tokens[p];
        if (token == TL_ANY_RUN)
            after[p >> 6] |= 1ull << (p & 63);
        else if (token == (int16_t)tile || token == TL_ANY_TILE)
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
        return -1;
    }
    memcpy(d->tokens, tokens, positions * sizeof *tokens);
    d->tokens[positions] = TL_ACCEPT;  /* never read as a token: the last one is an accept */
    if (dfa_state(d, set) != 0) { /* state 0: the empty subset */
        free(set);
        return -1;
    }
    /* each alternative starts at 0 or right after an accept position */
    int at_start = 1;
    for (size_t p = 0; p < positions; p++) {
        if (at_start)
            set[p >> 6] |= 1ull << (p & 63);
        at_start = tokens[p] == TL_ACCEPT;
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

/* ------------------------------------------------------------------ a pattern alone */

/* The pattern's DFA for a walk of the caller's own (a lexicon's words beyond one graph): states built on
 * demand, as the pattern walk builds them. */
struct tl_pattern {
    dfa dfa;
};

tl_status tl_pattern_new(const int16_t *tokens, size_t count, tl_pattern **out, uint32_t *start, tl_error *err) {
    *out = NULL;
    if (!count || count > TL_MAX_PATTERN || tokens[count - 1] != TL_ACCEPT)
        return tl_fail(err, TL_ERR_INPUT, "a pattern is 1 to %d tokens, the last TL_ACCEPT", TL_MAX_PATTERN);
    tl_pattern *p = calloc(1, sizeof *p);
    if (!p)
        return tl_nomem(err);
    if (dfa_init(&p->dfa, tokens, count, start)) {
        dfa_free(&p->dfa);
        free(p);
        return tl_nomem(err);
    }
    *out = p;
    return TL_OK;
}

tl_status tl_pattern_step(tl_pattern *p, uint32_t state, unsigned tile, uint32_t *next, tl_error *err) {
    if (state >= p->dfa.n || tile > TL_MAX_TILE)
        return tl_fail(err, TL_ERR_INPUT, "no pattern state %u, or tile %u", state, tile);
    int64_t s = dfa_step(&p->dfa, state, tile);
    if (s == -2)
        return tl_fail(err, TL_ERR_COSTLY, "the pattern needs more than %d states", MAX_DFA_STATES);
    if (s < 0)
        return tl_nomem(err);
    *next = (uint32_t)s;
    return TL_OK;
}

int tl_pattern_final(const tl_pattern *p, uint32_t state) { return state < p->dfa.n && p->dfa.final[state]; }

void tl_pattern_free(tl_pattern *p) {
    if (!p)
        return;
    dfa_free(&p->dfa);
    free(p);
}

/* ------------------------------------------------------------------ the walk */

struct tl_walk {
    const tl_graph *graph;
    int kind;
    size_t depth;       /* frames in use */
    uint8_t path[TL_MAX_LENGTH];
    size_t length;      /* of the word last found */
    int64_t budget, max_visits;
    int done;
    /* anagrams: per depth, the node looked at and the rack slot its tile took (0: a blank) */
    uint32_t at[TL_MAX_LENGTH];
    uint8_t slot[TL_MAX_LENGTH];
    uint8_t counts[64]; /* what is left of each tile of the rack; counts[0] the blanks */
    size_t left;        /* tiles left in the rack */
    int sub, resume;    /* resume: the last word's node is still to be descended from */
    size_t min_tiles;
    /* patterns */
    frame frames[TL_MAX_LENGTH];
    key_set dead;
    dfa dfa;
};

static tl_walk *new_walk(const tl_graph *graph, int kind, int64_t max_visits) {
    tl_walk *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->graph = graph;
    w->kind = kind;
    w->budget = w->max_visits = max_visits;
    return w;
}

void tl_walk_free(tl_walk *w) {
    if (!w)
        return;
    free(w->dead.slots);
    dfa_free(&w->dfa);
    free(w);
}

int64_t tl_walk_visits(const tl_walk *w) { return w->max_visits - w->budget; }

const uint8_t *tl_walk_tiles(const tl_walk *w, size_t *length) {
    *length = w->length;
    return w->path;
}

static tl_status stop(tl_walk *w, tl_status rc) {
    w->done = 1;
    return rc;
}

static tl_status over_budget(tl_walk *w, tl_error *err) {
    return stop(w, tl_fail(err, TL_ERR_COSTLY, "the search visited more than %lld lists", (long long)w->max_visits));
}

static tl_status too_deep(tl_error *err) {
    return tl_fail(err, TL_ERR_CORRUPT, "the word graph has a path of more than %u tiles: not a word graph that can be "
                   "searched (validate it)", TL_MAX_LENGTH);
}

/* ------------------------------------------------------------------ anagrams */

/* The anagram walk, as one loop over locals: at[d - 1] is the node looked at, depth d. A word's own
 * tile is taken before a blank, so each word comes once; a word is found where its last node
 * accepts and the rack is used up (with `sub`: at `min_tiles` or more). Written once per layout,
 * as the node's fields sit elsewhere in each. */
#define ANAGRAM_WALK(name, TILE, ACCEPTS, IS_END, ARC)                                                       \
    static tl_status name(tl_walk *w, tl_error *err) {                                                       \
        const tl_graph *g = w->graph;                                                                         \
        const uint8_t *base = g->base;                                                                        \
        const size_t n = g->n;                                                                                \
        uint32_t *at = w->at;                                                                                 \
        uint8_t *slot = w->slot, *path = w->path, *counts = w->counts;                                        \
        size_t d = w->depth, left = w->left;                                                                  \
        int64_t budget = w->budget;                                                                           \
        const size_t min_tiles = w->sub ? w->min_tiles : 0; /* 0: every tile of the rack */                   \
        tl_status rc;                                                                                         \
        uint32_t v;                                                                                           \
        if (!d) {                                                                                             \
            rc = TL_DONE;                                                                                     \
            goto out;                                                                                         \
        }                                                                                                     \
        if (w->resume) {                                                                                      \
            w->resume = 0;                                                                                    \
            v = tl_load(base, at[d - 1]);                                                                     \
            goto descend;                                                                                     \
        }                                                                                                     \
    look:                                                                                                     \
        if (at[d - 1] >= n) {                                                                                 \
            rc = tl_bad_index(g, at[d - 1], err);                                                             \
            goto out;                                                                                         \
        }                                                                                                     \
        v = tl_load(base, at[d - 1]);                                                                         \
        {                                                                                                     \
            unsigned tile = TILE(v) & 63, s = counts[tile] ? tile : 0;                                        \
            if (!counts[s])                                                                                   \
                goto next;                                                                                    \
            counts[s]--;                                                                                      \
            left--;                                                                                           \
            slot[d - 1] = (uint8_t)s;                                                                         \
            path[d - 1] = (uint8_t)tile;                                                                      \
        }                                                                                                     \
        if (min_tiles ? d >= min_tiles && ACCEPTS(v) : !left && ACCEPTS(v)) {                                 \
            w->length = d;                                                                                    \
            w->resume = 1;                                                                                    \
            rc = TL_WORD;                                                                                     \
            goto out;                                                                                         \
        }                                                                                                     \
    descend:                                                                                                  \
        if (left && ARC(v)) {                                                                                 \
            if (--budget < 0) {                                                                               \
                rc = tl_fail(err, TL_ERR_COSTLY, "the search visited more than %lld lists",                   \
                             (long long)w->max_visits);                                                       \
                goto out;                                                                                     \
            }                                                                                                 \
            if (d == TL_MAX_LENGTH) {                                                                         \
                rc = too_deep(err);                                                                           \
                goto out;                                                                                     \
            }                                                                                                 \
            at[d++] = ARC(v);                                                                                 \
            goto look;                                                                                        \
        }                                                                                                     \
    undo:                                                                                                     \
        counts[slot[d - 1]]++;                                                                                \
        left++;                                                                                               \
    next:                                                                                                     \
        if (IS_END(v)) {                                                                                      \
            if (--d == 0) {                                                                                   \
                rc = TL_DONE;                                                                                 \
                goto out;                                                                                     \
            }                                                                                                 \
            v = tl_load(base, at[d - 1]);                                                                     \
            goto undo;                                                                                        \
        }                                                                                                     \
        at[d - 1]++;                                                                                          \
        goto look;                                                                                            \
    out:                                                                                                      \
        w->depth = d;                                                                                         \
        w->left = left;                                                                                       \
        w->budget = budget;                                                                                   \
        return rc == TL_WORD ? rc : stop(w, rc);                                                              \
    }

#define KWG_TILE(v) ((v) >> 24)
#define KWG_ACCEPTS(v) ((v) >> 23 & 1)
#define KWG_IS_END(v) ((v) >> 22 & 1)
#define KWG_ARC(v) ((v) & 0x3FFFFFu)
#define KBWG_TILE(v) ((v) & 63u)
#define KBWG_ACCEPTS(v) ((v) >> 7 & 1)
#define KBWG_IS_END(v) ((v) >> 6 & 1)
#define KBWG_ARC(v) ((v) >> 8)

ANAGRAM_WALK(next_anagram_kwg, KWG_TILE, KWG_ACCEPTS, KWG_IS_END, KWG_ARC)
ANAGRAM_WALK(next_anagram_kbwg, KBWG_TILE, KBWG_ACCEPTS, KBWG_IS_END, KBWG_ARC)

tl_status tl_walk_anagrams(const tl_graph *graph, const uint8_t rack[64], int sub, size_t min_tiles,
                           int64_t max_visits, tl_walk **out, tl_error *err) {
    *out = NULL;
    tl_walk *w = new_walk(graph, ANAGRAM, max_visits);
    if (!w)
        return tl_nomem(err);
    memcpy(w->counts, rack, 64);
    for (int t = 0; t < 64; t++)
        w->left += rack[t];
    w->sub = sub != 0;
    w->min_tiles = min_tiles < 1 ? 1 : min_tiles;
    if (graph->root && w->left) {
        w->at[0] = graph->root;
        w->depth = 1;
    }
    *out = w;
    return TL_OK;
}

/* ------------------------------------------------------------------ patterns */

static tl_status push(tl_walk *w, uint32_t list, uint32_t state, tl_error *err) {
    if (w->depth == TL_MAX_LENGTH)
        return stop(w, too_deep(err));
    frame *f = &w->frames[w->depth++];
    f->start = f->index = list;
    f->state = state;
    f->after = 0;
    f->stage = STAGE_NODE;
    f->found = 0;
    return TL_OK;
}

static tl_status next_pattern(tl_walk *w, tl_error *err) {
    const tl_graph *g = w->graph;
    while (w->depth) {
        frame *f = &w->frames[w->depth - 1];
        if (f->index >= g->n)
            return stop(w, tl_bad_index(g, f->index, err));
        uint32_t v = tl_load(g->base, f->index);
        switch (f->stage) {
        case STAGE_NODE: {
            unsigned tile = tl_tile(g, v) & 63;
            int64_t after = dfa_step(&w->dfa, f->state, tile);
            if (after == -1)
                return stop(w, tl_nomem(err));
            if (after == -2)
                return stop(w, tl_fail(err, TL_ERR_COSTLY, "the pattern reaches too many states; make it simpler"));
            if (!after) {
                f->stage = STAGE_NEXT;
                continue;
            }
            f->after = (uint32_t)after;
            w->path[w->depth - 1] = (uint8_t)tile;
            f->stage = STAGE_DESCEND;
            if (tl_accepts(g, v) && w->dfa.final[after]) {
                f->found = 1;
                w->length = w->depth;
                return TL_WORD;
            }
            continue;
        }
        case STAGE_DESCEND: {
            uint32_t arc = tl_arc(g, v);
            f->stage = STAGE_NEXT;
            if (arc && !set_has(&w->dead, (uint64_t)f->after << 32 | arc)) {
                if (--w->budget < 0)
                    return over_budget(w, err);
                tl_status rc = push(w, arc, f->after, err);
                if (rc != TL_OK)
                    return stop(w, rc);
            }
            continue;
        }
        default: /* STAGE_NEXT */
            if (tl_is_end(g, v)) {
                w->depth--;
                if (w->depth) {
                    if (f->found)
                        w->frames[w->depth - 1].found = 1;
                    else if (set_add(&w->dead, (uint64_t)f->state << 32 | f->start))
                        return stop(w, tl_nomem(err));
                }
                continue;
            }
            f->index++;
            f->stage = STAGE_NODE;
        }
    }
    return stop(w, TL_DONE);
}

tl_status tl_walk_next(tl_walk *w, tl_error *err) {
    if (w->done)
        return TL_DONE;
    if (w->kind == PATTERN)
        return next_pattern(w, err);
    return w->graph->big ? next_anagram_kbwg(w, err) : next_anagram_kwg(w, err);
}

tl_status tl_walk_pattern(const tl_graph *graph, const int16_t *tokens, size_t count, int64_t max_visits,
                          tl_walk **out, tl_error *err) {
    *out = NULL;
    if (count > TL_MAX_PATTERN)
        return tl_fail(err, TL_ERR_INPUT, "a pattern has at most %d tokens, not %zu", TL_MAX_PATTERN, count);
    for (size_t i = 0; i < count; i++)
        if (tokens[i] < TL_ACCEPT || tokens[i] > (int)TL_MAX_TILE)
            return tl_fail(err, TL_ERR_INPUT, "token %d is neither a tile number nor a wildcard", tokens[i]);
    if (!count || tokens[count - 1] != TL_ACCEPT)
        return tl_fail(err, TL_ERR_INPUT, "a pattern's tokens end with an accept position");
    tl_walk *w = new_walk(graph, PATTERN, max_visits);
    uint32_t start;
    if (!w || dfa_init(&w->dfa, tokens, count, &start)) {
        tl_walk_free(w);
        return tl_nomem(err);
    }
    tl_status rc = graph->root ? push(w, graph->root, start, err) : TL_OK;
    if (rc != TL_OK) {
        tl_walk_free(w);
        return rc;
    }
    *out = w;
    return TL_OK;
}
