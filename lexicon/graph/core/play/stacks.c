/* Move generation for games that stack cubes on cubes (Betűtorony, Upwords): every play of one line.
 *
 * A play here may lay a cube on an empty square or on a cube of another letter, so every square of a
 * lane, empty or not, may take a rack cube, and the tiles on the board choose no path the way they do
 * in a GADDAG walk from an anchor. The boards are small (10×10), so the walk is the plain one: from
 * every square a run may start at (the first square of the lane, or one after an empty square), the
 * DAWG is read rightwards square by square, each square either keeping the cube on top of it or taking
 * a rack cube that fits (not on its own letter, not on a full stack, making a word across the lane when
 * it has neighbours there), and a play is recorded where the DAWG accepts and the next square is empty.
 * A walk that has not touched the board yet stops when the nearest square that would connect it is
 * further than the cubes left can reach.
 *
 * A play of one cube is found once, in the direction the judge reads it: across when it has a
 * neighbour across. Scores are the `cubes` rule of score.h, the judge's own; a play that covers every cube
 * of a word on the board is refused unless the rules allow it.
 *
 * A lexicon with a compiled word rule (lexicon/rule.h: Hungarian compounds) has words the DAWG lacks: its
 * generation reads the lexicon's whole language instead, a tile at a time (lang_step), the rule judging a
 * word where a piece ends, and the cross sets take the rule's words too, so the plays found are those the
 * judge accepts.
 */
#include "lexicon/lexicon.h"
#include "lexicon/rule.h"
#include "play/movegen.h"
#include "play/score.h"

#include <stdlib.h>
#include <string.h>

/* A word the rule judged (tl_words_rule_takes), kept for the rest of the generation: one word is met at many squares
 * of a board, across and down, and as a cross word, and the rule reads it whole each time. A slot a hash of the
 * tiles, the last word judged there kept (n 0: none). */
#define JUDGED 1024u
#define JUDGED_LONGEST (2u * TL_MAX_BOARD + 1u)
typedef struct {
    uint8_t n, takes;
    uint8_t tiles[JUDGED_LONGEST];
} judged_word;

typedef struct {
    const tl_graph *g;
    const tl_lexicon *lex;              /* with a rule: the language read instead of the DAWG alone */
    const tl_stack_board *b;
    tl_error *err;
    tl_status status;
    tl_moves *out;
    int64_t visits, max_visits;
    uint64_t rack_mask;
    int phonies, down;
    unsigned size, lane, rack_left, first;
    uint8_t rack[64];
    /* the lane: each square's top cube and height, and what a cube laid there would do */
    uint8_t tile[TL_MAX_BOARD], height[TL_MAX_BOARD], has_cross[TL_MAX_BOARD];
    uint64_t fits[TL_MAX_BOARD];    /* the cubes the square may take at all */
    uint64_t cross[TL_MAX_BOARD];   /* of those, the ones making a word across the lane (the rule's words asked
                                     * of the rack's cubes alone: no other is laid) */
    int32_t cross_points[TL_MAX_BOARD]; /* the word across the lane with a cube laid here, rare bonus apart */
    unsigned connects[TL_MAX_BOARD + 1]; /* the first square from here on that connects a play; size: none */
    /* the play so far */
    uint8_t at[TL_MAX_BOARD], laid[TL_MAX_BOARD], placed[TL_MAX_BOARD];
    unsigned n, invalid, touch, high, heights;
    int32_t cross_sum, rare;
    /* reading the language: the lane's tiles of the run so far, and the state after each square */
    uint8_t path[TL_MAX_BOARD];
    lang_state state[TL_MAX_BOARD];
    lang_state start;               /* the state before any tile, and its next tiles: every run begins there */
    lang_next start_next;
    judged_word judged[JUDGED];
} stack_gen;

static inline unsigned square_of(const stack_gen *G, unsigned pos) {
    return G->down ? pos * G->size + G->lane : G->lane * G->size + pos;
}

static void fail_status(stack_gen *G, tl_status status) {
    if (!G->status)
        G->status = status;
}

/* What a word scores by its positions' heights (the rare bonus apart): score.h's rule. */
static int32_t word_points(const tl_stack_board *b, unsigned length, unsigned high, unsigned heights) {
    return score_cubes(b->cube, b->flat_cube, b->whole_tower, length, high, heights);
}

/* ------------------------------------------------------------------ the lane */

/* Is the path `tiles`, which led to state `s`, a word: lang_is_word, with the rule's judgements remembered in
 * `judged` (JUDGED slots). */
static tl_status is_word(const tl_lexicon *lex, judged_word *judged, const lang_state *s, const uint8_t *tiles,
                         unsigned n, int *word, tl_error *err) {
    if (s->main_accepts || !s->rule_ends || n > JUDGED_LONGEST)
        return lang_is_word(lex, s, tiles, n, word, err);
    uint32_t h = 2166136261u; /* FNV-1a */
    for (unsigned i = 0; i < n; i++)
        h = (h ^ tiles[i]) * 16777619u;
    judged_word *e = &judged[h & (JUDGED - 1)];
    if (e->n == n && !memcmp(e->tiles, tiles, n)) {
        *word = e->takes;
        return TL_OK;
    }
    tl_status rc = tl_words_rule_takes(lex, tiles, n, word, err);
    if (rc == TL_OK) {
        e->n = (uint8_t)n;
        e->takes = (uint8_t)(*word != 0);
        memcpy(e->tiles, tiles, n);
    }
    return rc;
}

/* The tiles t of `candidates` for which `before` t `after` is a word the rule takes, added to *set: the language
 * read through `before` once, then through each candidate it goes on with and `after`; the rule is asked only of
 * a word where a piece ends (lang_is_word), not of every candidate. */
static tl_status rule_cross_set(const tl_lexicon *lex, judged_word *judged, const uint8_t *before, unsigned nb,
                                const uint8_t *after, unsigned na, uint64_t candidates, uint64_t *set, tl_error *err) {
    lang_state from, state, next;
    int alive = 1;
    tl_status rc = TL_OK;
    lang_start(lex, &from);
    for (unsigned i = 0; rc == TL_OK && alive && i < nb; i++)
        if ((rc = lang_step(lex, &from, before[i], &next, &alive, err)) == TL_OK)
            from = next;
    lang_next goes_on;
    if (rc != TL_OK || !alive || (rc = lang_read_next(lex, &from, candidates, &goes_on, err)) != TL_OK)
        return rc;
    uint8_t word[2 * TL_MAX_BOARD + 1];
    memcpy(word, before, nb);
    memcpy(word + nb + 1, after, na);
    for (candidates &= goes_on.tiles; candidates; candidates &= candidates - 1) {
        unsigned t = (unsigned)__builtin_ctzll(candidates);
        if ((rc = lang_step_next(lex, &from, &goes_on, t, &state, &alive, err)) != TL_OK)
            return rc;
        for (unsigned k = 0; alive && k < na; k++) {
            if ((rc = lang_step(lex, &state, after[k], &next, &alive, err)) != TL_OK)
                return rc;
            state = next;
        }
        int takes = 0;
        word[nb] = (uint8_t)t;
        if (alive && (rc = is_word(lex, judged, &state, word, nb + na + 1, &takes, err)) != TL_OK)
            return rc;
        if (takes)
            *set |= 1ull << t;
    }
    return TL_OK;
}

static void read_square(stack_gen *G, unsigned p) {
    const tl_stack_board *b = G->b;
    unsigned size = G->size, sq = square_of(G, p);
    G->has_cross[p] = 0;
    G->cross[p] = EVERY_TILE;
    G->cross_points[p] = 0;
    G->fits[p] = G->height[p] >= b->max_height ? 0 : EVERY_TILE & ~(1ull << G->tile[p]);
    if (!G->fits[p])
        return;
    /* the word across the lane through this square: its squares before and after */
    unsigned step = G->down ? 1 : size, cross_pos = G->down ? sq % size : sq / size;
    uint8_t before[TL_MAX_BOARD], after[TL_MAX_BOARD];
    unsigned nb = 0, na = 0, k = cross_pos;
    while (k > 0 && b->heights[sq - (cross_pos - k + 1) * step])
        k--;
    unsigned high = G->height[p] + 1u, heights = high;
    for (unsigned j = k; j < cross_pos; j++) {
        unsigned s = sq - (cross_pos - j) * step;
        before[nb++] = b->tiles[s];
        heights += b->heights[s];
        high = b->heights[s] > high ? b->heights[s] : high;
    }
    for (unsigned j = cross_pos + 1; j < size && b->heights[sq + (j - cross_pos) * step]; j++) {
        unsigned s = sq + (j - cross_pos) * step;
        after[na++] = b->tiles[s];
        heights += b->heights[s];
        high = b->heights[s] > high ? b->heights[s] : high;
    }
    if (!nb && !na)
        return;
    G->has_cross[p] = 1;
    G->cross_points[p] = word_points(b, nb + na + 1, high, heights);
    tl_status rc = tl_cross_set(G->g, before, nb, after, na, &G->cross[p], G->err);
    /* only the rack's cubes are ever laid here (may_read, lay), so the rule judges no word of another */
    if (rc == TL_OK && G->lex)
        rc = rule_cross_set(G->lex, G->judged, before, nb, after, na, G->fits[p] & ~G->cross[p] & G->rack_mask,
                            &G->cross[p], G->err);
    if (rc != TL_OK)
        fail_status(G, rc);
}

static void read_lane(stack_gen *G) {
    const tl_stack_board *b = G->b;
    unsigned size = G->size;
    for (unsigned p = 0; p < size; p++) {
        unsigned sq = square_of(G, p);
        G->tile[p] = b->tiles[sq];
        G->height[p] = b->heights[sq];
    }
    for (unsigned p = 0; p < size && !G->status; p++)
        read_square(G, p);
    /* a square connects a play when it holds a cube, has a word across the lane, or (the first play)
     * is a start square */
    G->connects[size] = size;
    for (unsigned p = size; p-- > 0;) {
        int connects = G->first ? b->start[square_of(G, p)] != 0 : G->height[p] || G->has_cross[p];
        G->connects[p] = connects ? p : G->connects[p + 1];
    }
}

/* ------------------------------------------------------------------ the walk */

/* Does the play lay a cube on every cube of a word of the lane already on the board? */
static int covers_a_word(const stack_gen *G, unsigned left, unsigned right) {
    for (unsigned p = left; p <= right;) {
        if (!G->height[p]) {
            p++;
            continue;
        }
        unsigned q = p, all = 1;
        for (; q <= right && G->height[q]; q++)
            all &= G->placed[q];
        if (q - p >= 2 && all)
            return 1;
        p = q;
    }
    return 0;
}

static void record(stack_gen *G, unsigned left, unsigned right) {
    const tl_stack_board *b = G->b;
    if (G->down && G->n == 1 && G->has_cross[G->at[0]])
        return; /* a cube with a neighbour across is read across, and found there */
    if (!b->cover_whole_word && covers_a_word(G, left, right))
        return;
    tl_play *p;
    tl_status rc = tl_moves_push(G->out, &p, G->err);
    if (rc != TL_OK) {
        fail_status(G, rc);
        return;
    }
    p->score = word_points(b, right - left + 1, G->high, G->heights) + G->cross_sum + G->rare +
               score_whole_rack(G->n, b->rack_size, b->whole_rack_bonus);
    p->down = (uint8_t)G->down;
    p->valid = G->invalid == 0;
    p->n = (uint8_t)G->n;
    for (unsigned i = 0; i < G->n; i++) {
        p->squares[i] = (uint16_t)square_of(G, G->at[i]);
        p->tiles[i] = G->laid[i];
    }
}

static void walk(stack_gen *G, unsigned left, unsigned pos, uint32_t list);
static void walk_language(stack_gen *G, unsigned left, unsigned pos);

/* The square `pos` was read at DAWG node `node` (reading the language: into G->state[pos]), its cube on top
 * `height` high. */
static void go_on(stack_gen *G, unsigned left, unsigned pos, uint32_t node, unsigned height) {
    const tl_graph *g = G->g;
    unsigned high = G->high, heights = G->heights;
    G->high = height > high ? height : high;
    G->heights += height;
    int ends = pos + 1 >= G->size || !G->height[pos + 1];
    int more = pos + 1 < G->size && (!ends || G->rack_left);
    if (!G->lex) {
        uint32_t v = tl_load(g->base, node);
        if (tl_accepts(g, v) && ends && pos > left && G->n && G->touch)
            record(G, left, pos);
        uint32_t next = tl_arc(g, v);
        if (next && more && !G->status)
            walk(G, left, pos + 1, next);
    } else {
        const lang_state *s = &G->state[pos];
        if (ends && pos > left && G->n && G->touch) {
            int word;
            tl_status rc = is_word(G->lex, G->judged, s, G->path + left, pos - left + 1, &word, G->err);
            if (rc != TL_OK)
                fail_status(G, rc);
            else if (word)
                record(G, left, pos);
        }
        if ((s->main || s->first || s->n_second) && more && !G->status)
            walk_language(G, left, pos + 1);
    }
    G->high = high;
    G->heights = heights;
}

/* Lay `tile` from the rack on the square at `pos`, read at DAWG node `node`. */
static void lay(stack_gen *G, unsigned left, unsigned pos, uint32_t node, unsigned tile) {
    const tl_stack_board *b = G->b;
    unsigned phony = G->has_cross[pos] && !(G->cross[pos] >> tile & 1);
    int32_t cross = G->has_cross[pos] ? G->cross_points[pos] : 0;
    int32_t rare = (b->rare >> tile & 1) ? score_rare(b->rare_bonus, b->rare_every_word, 1u + G->has_cross[pos]) : 0;
    unsigned touches = G->height[pos] || G->has_cross[pos] || (G->first && b->start[square_of(G, pos)]);
    if (!--G->rack[tile])
        G->rack_mask &= ~(1ull << tile);
    G->rack_left--;
    G->at[G->n] = (uint8_t)pos;
    G->laid[G->n] = (uint8_t)tile;
    G->n++;
    G->placed[pos] = 1;
    G->invalid += phony;
    G->touch += touches;
    G->cross_sum += cross;
    G->rare += rare;
    go_on(G, left, pos, node, G->height[pos] + 1u);
    G->rare -= rare;
    G->cross_sum -= cross;
    G->touch -= touches;
    G->invalid -= phony;
    G->placed[pos] = 0;
    G->n--;
    G->rack_left++;
    G->rack[tile]++;
    G->rack_mask |= 1ull << tile;
}

/* What the square at `pos` may hold: the cubes the rack may lay there (into *allowed), 0 when a walk cannot go
 * on from here (past its budget, or too far from the board for the cubes left). */
static int may_read(stack_gen *G, unsigned pos, uint64_t *allowed) {
    if (++G->visits > G->max_visits) {
        fail_status(G, tl_fail(G->err, TL_ERR_COSTLY, "move generation past its budget of %lld lists",
                               (long long)G->max_visits));
        return 0;
    }
    if (!G->touch) {
        /* squares pos.. up to the one that connects are empty: each takes a cube, that one too if empty */
        unsigned a = G->connects[pos];
        if (a >= G->size || a - pos + !G->height[a] > G->rack_left)
            return 0;
    }
    *allowed = G->rack_left ? G->fits[pos] & (G->phonies ? EVERY_TILE : G->cross[pos]) & G->rack_mask : 0;
    return G->tile[pos] || *allowed;
}

/* Read the square at `pos` from the DAWG list `list`, the run having started at `left`. */
static void walk(stack_gen *G, unsigned left, unsigned pos, uint32_t list) {
    const tl_graph *g = G->g;
    uint64_t allowed;
    if (!may_read(G, pos, &allowed))
        return;
    unsigned top = G->tile[pos];
    uint64_t wanted = allowed | (top ? 1ull << top : 0);
    for (uint32_t i = list; i && !G->status; i++) {
        uint32_t v = 0;
        tl_status rc = tl_list_node(g, i, &v, G->err);
        if (rc != TL_OK) {
            fail_status(G, rc);
            return;
        }
        unsigned tile = tl_tile(g, v);
        if (!(wanted >> tile))
            break; /* siblings come in tile order: none after this one is wanted */
        if (tile && tile == top) {
            G->touch++; /* a run through the board's cubes is connected */
            go_on(G, left, pos, i, G->height[pos]);
            G->touch--;
        }
        else if (tile && (allowed >> tile & 1))
            lay(G, left, pos, i, tile);
        if (tl_is_end(g, v))
            break;
    }
}

/* The same, reading the lexicon's language from the state after the square before (or its start). */
static void walk_language(stack_gen *G, unsigned left, unsigned pos) {
    uint64_t allowed;
    lang_next next;
    if (!may_read(G, pos, &allowed))
        return;
    unsigned top = G->tile[pos];
    uint64_t wanted = allowed | (top ? 1ull << top : 0); /* laid here, or read on the board */
    const lang_state *from = pos == left ? &G->start : &G->state[pos - 1];
    const lang_next *read = &G->start_next;
    tl_status rc;
    if (pos != left) {
        if ((rc = lang_read_next(G->lex, from, wanted, &next, G->err)) != TL_OK) {
            fail_status(G, rc);
            return;
        }
        read = &next;
    }
    for (wanted &= read->tiles; wanted && !G->status; wanted &= wanted - 1) {
        unsigned tile = (unsigned)__builtin_ctzll(wanted);
        int alive;
        if ((rc = lang_step_next(G->lex, from, read, tile, &G->state[pos], &alive, G->err)) != TL_OK) {
            fail_status(G, rc);
            return;
        }
        if (!alive)
            continue;
        G->path[pos] = (uint8_t)tile;
        if (tile == top) {
            G->touch++;
            go_on(G, left, pos, 0, G->height[pos]);
            G->touch--;
        }
        else if (allowed >> tile & 1)
            lay(G, left, pos, 0, tile);
    }
}

static void walk_lane(stack_gen *G) {
    for (unsigned left = 0; left + 1 < G->size && !G->status; left++) {
        if (left > 0 && G->height[left - 1])
            continue; /* a run starts after an empty square */
        G->touch = G->n = G->invalid = G->high = G->heights = 0;
        G->cross_sum = G->rare = 0;
        if (G->lex)
            walk_language(G, left, left);
        else
            walk(G, left, left, G->g->root);
    }
}

/* ------------------------------------------------------------------ the call */

static tl_status check_board(const tl_stack_board *b, const uint8_t rack[64], tl_error *err) {
    if (!b || !b->tiles || !b->heights || !b->start || !rack)
        return tl_fail(err, TL_ERR_INPUT, "a board needs its tiles, heights, start squares and a rack");
    if (b->size < 2 || b->size > TL_MAX_BOARD)
        return tl_fail(err, TL_ERR_INPUT, "a board is 2 to %u squares a side, not %u", TL_MAX_BOARD, b->size);
    if (b->max_height < 1 || b->max_height > 255)
        return tl_fail(err, TL_ERR_INPUT, "a stack may be 1 to 255 cubes high, not %u", b->max_height);
    size_t n = (size_t)b->size * b->size;
    int starts = 0;
    for (size_t i = 0; i < n; i++) {
        if (b->tiles[i] > TL_MAX_TILE)
            return tl_fail(err, TL_ERR_INPUT, "square %zu holds tile %u, outside 1..63", i, b->tiles[i]);
        if (!b->tiles[i] != !b->heights[i] || b->heights[i] > b->max_height)
            return tl_fail(err, TL_ERR_INPUT, "square %zu holds tile %u in a stack %u high; a stack is 1 to %u "
                                              "cubes under a tile, 0 on an empty square",
                           i, b->tiles[i], b->heights[i], b->max_height);
        starts += b->start[i] != 0;
    }
    if (!starts)
        return tl_fail(err, TL_ERR_INPUT, "the board names no start square");
    if (rack[0])
        return tl_fail(err, TL_ERR_INPUT, "a stacking game has no blanks; the rack holds %u", rack[0]);
    const int32_t points[] = {b->cube, b->flat_cube, b->rare_bonus, b->whole_rack_bonus};
    for (int i = 0; i < 4; i++)
        if (points[i] < 0 || points[i] > 1000)
            return tl_fail(err, TL_ERR_INPUT, "points of %d; the rules' points are 0 to 1000", (int)points[i]);
    return TL_OK;
}

static tl_status generate(const tl_graph *graph, const tl_lexicon *lex, const tl_stack_board *board,
                          const uint8_t rack[64], int phonies, int64_t max_visits, tl_moves **out, tl_error *err) {
    *out = NULL;
    tl_status rc = check_board(board, rack, err);
    if (rc != TL_OK)
        return rc;
    if (!graph)
        return tl_fail(err, TL_ERR_INPUT, "no word graph");
    tl_moves *m;
    stack_gen *G;
    if ((rc = tl_moves_start(&m, (void **)&G, sizeof *G, err)) != TL_OK)
        return rc;
    G->g = graph;
    G->lex = lex;
    G->b = board;
    G->err = err;
    G->out = m;
    G->max_visits = max_visits;
    G->phonies = phonies != 0;
    G->size = board->size;
    G->rack_left = tl_rack_copy(rack, G->rack, &G->rack_mask); /* no blanks: check_board refused them */
    size_t cells = (size_t)board->size * board->size;
    G->first = 1;
    for (size_t i = 0; i < cells; i++)
        if (board->heights[i])
            G->first = 0;
    if (lex) {
        lang_start(lex, &G->start);
        if ((rc = lang_read_next(lex, &G->start, LANG_EVERY_TILE, &G->start_next, err)) != TL_OK)
            G->status = rc;
    }
    for (int down = 0; down < 2 && !G->status; down++) {
        G->down = down;
        for (unsigned lane = 0; lane < G->size && !G->status; lane++) {
            G->lane = lane;
            read_lane(G);
            if (!G->status)
                walk_lane(G);
        }
    }
    return tl_moves_finish(m, G, G->status, G->visits, out);
}

tl_status tl_moves_stack(const tl_graph *graph, const tl_stack_board *board, const uint8_t rack[64], int phonies,
                         int64_t max_visits, tl_moves **out, tl_error *err) {
    return generate(graph, NULL, board, rack, phonies, max_visits, out, err);
}

tl_status moves_stack_lexicon(const tl_lexicon *lex, const tl_stack_board *board, const uint8_t rack[64], int phonies,
                              int64_t max_visits, tl_moves **out, tl_error *err) {
    return generate(lex->graph, lex->rule ? lex : NULL, board, rack, phonies, max_visits, out, err);
}
