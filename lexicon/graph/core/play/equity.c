/* The equity of a play, which POST /moves' order `equity` ranks by: its score, what the tiles it keeps are worth
 * (the leave values, play/leaves.c), and what the stage of the game adds (the static adjustments, tl_play.h's
 * tl_stage); and the plays put best first by it. */
#include "play/game.h"
#include "play/movegen.h"

#include <stdlib.h>
#include <string.h>

/* What the opening's vowels cost: each laid beside a double-letter square across the play's line. */
static float opening_cost(const tl_game *g, const char *premiums, const tl_play *p) {
    unsigned size = g->size;
    float cost = 0;
    for (unsigned k = 0; k < p->n; k++) {
        const game_tile *tile = game_tile_of(g, p->tiles[k] & 63u); /* a blank: the letter it stands for */
        if (!tile || !tile->vowel)
            continue;
        unsigned s = p->squares[k], row = s / size, column = s % size;
        int beside = p->down ? (column > 0 && premiums[s - 1] == 'd') || (column + 1 < size && premiums[s + 1] == 'd')
                             : (row > 0 && premiums[s - size] == 'd') || (row + 1 < size && premiums[s + size] == 'd');
        cost += beside ? TL_OPENING_VOWEL : 0;
    }
    return cost;
}

/* What the tiles kept are worth: their leave value, or with the bag empty what the end makes of them. */
static float kept_value(const tl_game *g, const tl_leaves *leaves, const tl_stage *stage, const uint8_t left[64]) {
    if (!stage || stage->bag != 0)
        return tl_leaves_value(leaves, left);
    int32_t times = g->going_out_gains ? 2 : 1, own = tl_game_rack_value(g, left);
    int out = 1;
    for (unsigned t = 0; t < 64 && out; t++)
        out = !left[t];
    if (out)
        return (float)(times * tl_game_rack_value(g, stage->others));
    return (float)(-times * own - TL_END_NOT_OUT);
}

/* A play's leave and adjustment from the value of what it keeps (kept_value). */
static void set_value(const tl_game *g, const tl_stage *stage, float kept, tl_play *p) {
    int end = stage && stage->bag == 0;
    p->leave = end ? 0 : kept;
    p->adjustment = (end ? kept : 0) -
                    (stage && stage->opening && p->kind == TL_TURN_PLAY ? opening_cost(g, stage->opening, p) : 0);
}

void tl_play_value(const tl_game *game, const tl_leaves *leaves, const tl_stage *stage, const uint8_t left[64],
                   tl_play *play) {
    set_value(game, stage, kept_value(game, leaves, stage, left), play);
}

static double equity(const tl_play *p) { return (double)p->score + (double)p->leave + (double)p->adjustment; }

static int compare_equity(const void *x, const void *y) {
    const tl_play *a = *(tl_play *const *)x, *b = *(tl_play *const *)y;
    double ea = equity(a), eb = equity(b);
    if (ea != eb)
        return ea > eb ? -1 : 1;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    if (a->kind != b->kind) /* a play before an exchange of one equity, an exchange before a pass */
        return a->kind < b->kind ? -1 : 1;
    return tl_play_later(a, b) - tl_play_later(b, a);
}

/* Every distinct set of `left` more tiles put back, from the kinds of tile at `kind` on, after `n` chosen. */
static tl_status exchanges(tl_moves *m, uint8_t have[64], unsigned kind, uint8_t *chosen, unsigned n, unsigned left,
                           tl_error *err) {
    if (!left) {
        tl_play *p;
        tl_status rc = tl_moves_push(m, &p, err);
        if (rc != TL_OK)
            return rc;
        p->kind = TL_TURN_EXCHANGE;
        p->score = 0;
        p->down = 0;
        p->valid = 1;
        p->n = (uint8_t)n;
        memset(p->squares, 0, sizeof p->squares);
        memcpy(p->tiles, chosen, n);
        return TL_OK;
    }
    for (unsigned t = kind; t < 64; t++) {
        if (!have[t])
            continue;
        have[t]--;
        chosen[n] = t ? (uint8_t)t : TL_BLANK_TILE;
        tl_status rc = exchanges(m, have, t, chosen, n + 1, left - 1, err);
        have[t]++;
        if (rc != TL_OK)
            return rc;
    }
    return TL_OK;
}

/* How many distinct sets of 1 to `most` tiles `have` can put back, counted up to past TL_EXCHANGES_MOST: the
 * coefficients of x¹ … x^most in the product over kinds of tile of 1 + x + … + x^have[t]. */
static size_t count_exchanges(const uint8_t have[64], unsigned most) {
    size_t ways[TL_MAX_BOARD + 1] = {1}, sum = 0;
    for (unsigned t = 0; t < 64; t++)
        for (unsigned size = most; have[t] && size >= 1; size--)
            for (unsigned k = 1; k <= have[t] && k <= size; k++)
                if ((ways[size] += ways[size - k]) > TL_EXCHANGES_MOST)
                    ways[size] = TL_EXCHANGES_MOST + 1;
    for (unsigned size = 1; size <= most && sum <= TL_EXCHANGES_MOST; size++)
        sum += ways[size];
    return sum;
}

tl_status tl_moves_add_turns(tl_moves *m, const tl_game *game, const uint8_t rack[64], const tl_stage *stage,
                             tl_error *err) {
    if (!m || !stage || stage->bag < 0)
        return TL_OK;
    free(m->order); /* sorted before: sorted again with the turns */
    m->order = NULL;
    unsigned tiles = 0;
    uint8_t have[64], chosen[TL_MAX_BOARD];
    for (unsigned t = 0; t < 64; t++)
        tiles += have[t] = rack[t];
    unsigned most = game->exchange_most < (unsigned)stage->bag ? game->exchange_most : (unsigned)stage->bag;
    most = most < tiles ? most : tiles;
    most = most < TL_MAX_BOARD ? most : TL_MAX_BOARD;
    int exchanging = stage->bag > 0 && (unsigned)stage->bag >= game->exchange_bag_minimum;
    if (exchanging && count_exchanges(have, most) > TL_EXCHANGES_MOST)
        return tl_fail(err, TL_ERR_COSTLY, "the rack's %u tiles can go back in more than %u ways: exchanges are "
                       "listed for a rack of fewer", tiles, TL_EXCHANGES_MOST);
    if (exchanging)
        for (unsigned size = 1; size <= most; size++) {
            tl_status rc = exchanges(m, have, 0, chosen, 0, size, err);
            if (rc != TL_OK)
                return rc;
        }
    tl_play *p;
    tl_status rc = tl_moves_push(m, &p, err);
    if (rc != TL_OK)
        return rc;
    memset(p, 0, sizeof *p);
    p->kind = TL_TURN_PASS;
    p->valid = 1;
    return TL_OK;
}

/* A rack's leaves are few (at most 2^15 for the largest rack a request may give): each valued once, indexed by how
 * many of each of the rack's kinds of tile it keeps, a number in mixed radix. */
#define MEMO_MOST (1u << 16)
tl_status tl_moves_sort_stage(tl_moves *m, const tl_game *game, const tl_leaves *leaves, const uint8_t rack[64],
                              const tl_stage *stage, tl_error *err) {
    if (!m || !m->n)
        return TL_OK;
    size_t stride[64] = {0}, cells = 1;
    for (unsigned t = 0; t < 64; t++)
        if (rack[t] && cells <= MEMO_MOST) {
            stride[t] = cells;
            cells *= (size_t)rack[t] + 1;
        }
    if (cells > MEMO_MOST) /* a rack larger than any game's: each play's leave valued anew */
        memset(stride, 0, sizeof stride), cells = 1;
    float *memo = malloc(cells * sizeof *memo);
    uint8_t *known = calloc(cells, 1);
    const tl_play **order = m->order ? m->order : malloc(m->n * sizeof *order);
    if (!memo || !known || !order) {
        free(memo);
        free(known);
        if (order != m->order)
            free(order);
        return tl_nomem(err);
    }
    for (size_t i = 0; i < m->n; i++) {
        tl_play *p = &m->plays[i];
        uint8_t left[64];
        memcpy(left, rack, 64);
        for (unsigned k = 0; k < p->n; k++) {
            unsigned t = p->tiles[k] & TL_BLANK_TILE ? 0 : p->tiles[k] & 63u;
            if (left[t])
                left[t]--;
        }
        size_t key = 0;
        for (unsigned t = 0; t < 64; t++)
            key += stride[t] * left[t];
        if (cells == 1 || !known[key]) {
            memo[key] = kept_value(game, leaves, stage, left);
            known[key] = 1;
        }
        set_value(game, stage, memo[key], p);
        order[i] = p;
    }
    free(memo);
    free(known);
    qsort(order, m->n, sizeof *order, compare_equity);
    m->order = order;
    return TL_OK;
}

tl_status tl_moves_sort_equity(tl_moves *m, const tl_leaves *leaves, const uint8_t rack[64], tl_error *err) {
    return tl_moves_sort_stage(m, NULL, leaves, rack, NULL, err);
}
