/* The list of plays the move generators fill (movegen.h): growing it, sorting it best first, reading
 * it; and the cross sets both read the board with. */
#include "play/movegen.h"
#include "play/tl_play.h"

#include <stdlib.h>
#include <string.h>

tl_status tl_moves_start(tl_moves **moves, void **state, size_t size, tl_error *err) {
    *moves = calloc(1, sizeof **moves);
    *state = calloc(1, size);
    if (*moves && *state)
        return TL_OK;
    free(*moves);
    free(*state);
    *moves = NULL;
    *state = NULL;
    return tl_nomem(err);
}

tl_status tl_moves_finish(tl_moves *moves, void *state, tl_status status, int64_t visits, tl_moves **out) {
    free(state);
    moves->visits = visits;
    if (status != TL_OK) {
        tl_moves_free(moves);
        return status;
    }
    *out = moves;
    return TL_OK;
}

unsigned tl_rack_copy(const uint8_t rack[64], uint8_t copy[64], uint64_t *mask) {
    unsigned total = 0;
    *mask = 0;
    for (unsigned t = 0; t < 64; t++) {
        copy[t] = rack[t];
        total += rack[t];
        if (t && rack[t])
            *mask |= 1ull << t;
    }
    return total;
}

tl_status tl_moves_push(tl_moves *m, tl_play **play, tl_error *err) {
    *play = NULL;
    if (m->n == m->cap) {
        if (m->cap >= MAX_PLAYS)
            return tl_fail(err, TL_ERR_LIMIT, "more than %zu plays", MAX_PLAYS);
        size_t cap = m->cap ? m->cap * 2 : 256;
        tl_play *plays = realloc(m->plays, cap * sizeof *plays);
        if (!plays)
            return tl_nomem(err);
        m->plays = plays;
        m->cap = cap;
    }
    *play = &m->plays[m->n++];
    (*play)->leave = (*play)->adjustment = 0; /* valued by tl_moves_sort_stage alone (play/equity.c) */
    (*play)->kind = TL_TURN_PLAY;
    return TL_OK;
}

/* The tiles x for which a word is read from `list` through `first` (`nf` tiles, read from the last when
 * `backwards`), x, then `then` (`nt`, likewise): through the DAWG, before x after; through the GADDAG, which holds
 * each word reversed, after backwards, x, before backwards. */
static tl_status cross_walk(const tl_graph *g, uint32_t list, const uint8_t *first, unsigned nf, const uint8_t *then,
                           unsigned nt, int backwards, uint64_t *out, tl_error *err) {
    uint32_t node;
    for (unsigned i = 0; i < nf; i++) {
        if (tl_child(g, list, first[backwards ? nf - 1 - i : i], &node, err) != TL_OK)
            return TL_ERR_CORRUPT;
        if (!node)
            return TL_OK;
        list = tl_arc(g, tl_load(g->base, node));
    }
    uint64_t set = 0;
    for (uint32_t i = list; i;) {
        if (i >= g->n)
            return tl_bad_index(g, i, err);
        uint32_t v = tl_load(g->base, i);
        unsigned t = tl_tile(g, v);
        int ok = tl_accepts(g, v);
        if (nt) {
            uint32_t at = tl_arc(g, v);
            ok = 0;
            for (unsigned k = 0; at && k < nt; k++) {
                if (tl_child(g, at, then[backwards ? nt - 1 - k : k], &node, err) != TL_OK)
                    return TL_ERR_CORRUPT;
                if (!node)
                    break;
                uint32_t w = tl_load(g->base, node);
                if (k + 1 == nt)
                    ok = tl_accepts(g, w);
                at = tl_arc(g, w);
            }
        }
        if (ok && t >= 1 && t <= TL_MAX_TILE)
            set |= 1ull << t;
        if (tl_is_end(g, v))
            break;
        i++;
    }
    *out = set;
    return TL_OK;
}

/* With more tiles after the square than before it, through the GADDAG: each tile's own walk is then the shorter
 * side (none for a square above a word). */
tl_status tl_cross_set(const tl_graph *g, const uint8_t *before, unsigned nb, const uint8_t *after, unsigned na,
                       uint64_t *out, tl_error *err) {
    *out = 0;
    if (g->gaddag && na > nb)
        return cross_walk(g, g->gaddag, after, na, before, nb, 1, out, err);
    return cross_walk(g, g->root, before, nb, after, na, 0, out, err);
}


int tl_play_later(const tl_play *a, const tl_play *b) {
    if (a->squares[0] != b->squares[0])
        return a->squares[0] > b->squares[0];
    if (a->down != b->down)
        return a->down > b->down;
    unsigned n = a->n < b->n ? a->n : b->n;
    for (unsigned i = 0; i < n; i++) {
        if (a->squares[i] != b->squares[i])
            return a->squares[i] > b->squares[i];
        if (a->tiles[i] != b->tiles[i])
            return a->tiles[i] > b->tiles[i];
    }
    return a->n > b->n;
}

static int compare_ties(const void *x, const void *y) {
    const tl_play *a = *(tl_play *const *)x, *b = *(tl_play *const *)y;
    return tl_play_later(a, b) - tl_play_later(b, a);
}

static int compare_plays(const void *x, const void *y) {
    const tl_play *a = *(tl_play *const *)x, *b = *(tl_play *const *)y;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    return tl_play_later(a, b) - tl_play_later(b, a);
}

/* Best first: the plays counted out by score (scores are small numbers), each score's few plays then
 * sorted by the tie order; pointers are moved, not the plays. */
tl_status tl_moves_sort(tl_moves *m, tl_error *err) {
    if (!m || m->order || !m->n)
        return TL_OK;
    int32_t low = m->plays[0].score, high = low;
    for (size_t i = 1; i < m->n; i++) {
        int32_t s = m->plays[i].score;
        low = s < low ? s : low;
        high = s > high ? s : high;
    }
    /* a board of a hostile layout can spread scores widely: then one sort does it all */
    size_t buckets = (size_t)(high - low) + 2;
    int counted = buckets <= 4 * m->n + 4096;
    size_t *start = counted ? calloc(buckets, sizeof *start) : NULL;
    const tl_play **order = malloc(m->n * sizeof *order);
    if ((counted && !start) || !order) {
        free(start);
        free(order);
        return tl_nomem(err);
    }
    if (counted) {
        for (size_t i = 0; i < m->n; i++)
            start[(size_t)(high - m->plays[i].score) + 1]++;
        for (size_t b = 1; b < buckets; b++)
            start[b] += start[b - 1];
        for (size_t i = 0; i < m->n; i++)
            order[start[(size_t)(high - m->plays[i].score)]++] = &m->plays[i];
        /* start[b] is now the end of bucket b */
        for (size_t b = 0, from = 0; b + 1 < buckets; from = start[b], b++)
            if (start[b] - from > 1)
                qsort(order + from, start[b] - from, sizeof *order, compare_ties);
    } else {
        for (size_t i = 0; i < m->n; i++)
            order[i] = &m->plays[i];
        qsort(order, m->n, sizeof *order, compare_plays);
    }
    free(start);
    m->order = order;
    return TL_OK;
}

size_t tl_moves_count(const tl_moves *moves) { return moves ? moves->n : 0; }

const tl_play *tl_moves_play(const tl_moves *moves, size_t i) {
    if (!moves || i >= moves->n)
        return NULL;
    return moves->order ? moves->order[i] : &moves->plays[i];
}

int64_t tl_moves_visits(const tl_moves *moves) { return moves ? moves->visits : 0; }

void tl_moves_free(tl_moves *moves) {
    if (!moves)
        return;
    free(moves->plays);
    free(moves->order);
    free(moves);
}
