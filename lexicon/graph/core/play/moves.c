/* Move generation: every play of a rack on a board, through the GADDAG (Gordon 1994, as wolges and
 * Macondo do it).
 *
 * Every run of tiles on the board, either way, is read once through the GADDAG from its last tile to its
 * first (read_runs, as wolges does): the node it reaches starts the plays that hold the run, and gives the
 * cross sets of the squares on either side of it. The board is then read one lane at a time (each row for
 * plays across, then each column for plays down). For every empty square of the lane a cross set says
 * which tiles make a word with the tiles above and below it (all of them when it has none), and what those
 * tiles score. From each anchor the
 * walk reads the GADDAG: tiles leftwards from the anchor, then after the separator rightwards from the
 * square beyond it, laying rack tiles on empty squares and reading the board's tiles where they lie.
 *
 * The anchors are wolges' (movegen.rs, gen_place_placements), taken right to left: the last tile of each
 * run of tiles in the lane, from which the walk first reads the run itself, so that the tiles on the
 * board choose the GADDAG's path before any rack tile is tried; and each empty square with a cross word
 * that touches no run in the lane. A play that holds a run is found from the rightmost run it holds
 * (rightwards an anchor's plays stop before the square next to the run on its right); any other play
 * from the rightmost such square it covers (leftwards and rightwards they stop before the squares next
 * to a run, and before the anchor found before them). A play of one tile is found once, in the
 * direction the judge reads it (across when it has a neighbour across). An empty board's anchors are its
 * start squares.
 *
 * Scores are kept as the walk goes (the main word's letters with their premiums, its word multiplier,
 * the cross words' scores) with the scoring rules of score.h, the judge's own.
 */
#include "graph/internal.h"
#include "play/movegen.h"
#include "play/score.h"

#include <stdlib.h>


/* What the play made so far scores: the main word's letters with their premiums, its word multiplier,
 * the cross words' scores. Passed as three numbers, never as a struct: a struct copied from the stores
 * just made to it waits for them (store forwarding fails on the wider load), a third of the walk. */
#define TALLY int32_t letters, int32_t mult, int32_t cross

typedef struct {
    const tl_graph *g;
    const tl_board *b;
    tl_error *err;
    tl_status status;
    tl_moves *out;
    int64_t visits, max_visits;
    uint64_t rack_mask; /* bit t: the rack still holds a tile t */
    int phonies, down;
    unsigned size, lane, rack_left, anchor;
    unsigned leftmost, rightmost; /* the squares the anchor's plays may lay on: leftmost ≤ square < rightmost */
    uint8_t rack[64];
    /* the lane: its squares' tiles and what the rules say of each */
    uint8_t tile[TL_MAX_BOARD], blank[TL_MAX_BOARD], has_cross[TL_MAX_BOARD];
    uint8_t lm[TL_MAX_BOARD], wm[TL_MAX_BOARD];
    uint64_t cross[TL_MAX_BOARD];
    int32_t cross_sum[TL_MAX_BOARD];
    /* every run of tiles on the board, either way (runs[down]): kept at its first and its last square */
    struct run {
        uint32_t node; /* the GADDAG's node once the run is read from its last tile to its first (0: no word) */
        int32_t score; /* its tiles' points */
    } runs[2][TL_MAX_BOARD * TL_MAX_BOARD];
    /* the tiles laid so far: lane positions and tiles (| TL_BLANK_TILE) */
    uint8_t at[TL_MAX_BOARD], laid[TL_MAX_BOARD];
    unsigned n;
    unsigned invalid; /* cross words of the play so far that are not words (phonies only) */
} gen;

static inline unsigned square_of(const gen *G, unsigned pos) {
    return G->down ? pos * G->size + G->lane : G->lane * G->size + pos;
}

static int fail_status(gen *G, tl_status status) {
    if (!G->status)
        G->status = status;
    return 0;
}

/* ------------------------------------------------------------------ runs and cross sets */

/* The node for `tile` in the list `list`, 0 for none (and for a damaged graph, G's status then set). */
static uint32_t child(gen *G, uint32_t list, unsigned tile) {
    uint32_t node;
    if (tl_child(G->g, list, tile, &node, G->err) != TL_OK)
        return (uint32_t)fail_status(G, TL_ERR_CORRUPT);
    return node;
}

/* Every run of tiles, across and down, read once through the GADDAG from its last tile back to its first
 * (wolges reads them so too): the node it reaches starts the plays of the lane that hold the run, and gives the
 * cross sets of the squares before and after it, which the plays the other way need. */
static void read_runs(gen *G) {
    const tl_board *b = G->b;
    unsigned size = G->size;
    for (int down = 0; down < 2; down++)
        for (unsigned lane = 0; lane < size; lane++)
            for (unsigned last = size; last-- > 0;) {
                unsigned sq = down ? last * size + lane : lane * size + last, step = down ? size : 1;
                if (!b->tiles[sq])
                    continue;
                uint32_t list = G->g->gaddag, node = 0;
                int32_t score = 0;
                unsigned first = last;
                for (;; first--) {
                    unsigned at = sq - (last - first) * step;
                    score += score_tile(b->points[b->tiles[at]], b->blanks[at]);
                    node = list ? child(G, list, b->tiles[at]) : 0;
                    list = node ? tl_arc_of(G->g, node) : 0;
                    if (!first || !b->tiles[at - step])
                        break;
                }
                struct run run = {node, score};
                G->runs[down][sq] = G->runs[down][sq - (last - first) * step] = run;
                last = first;
            }
}

/* The tiles x that make a word of the run ending before a square, x and the run starting after it (NULL: none),
 * each run's GADDAG node as read_runs left it. */
static uint64_t cross_set(gen *G, const struct run *before, const struct run *after, const uint8_t *then,
                          unsigned n_then, int step) {
    const tl_graph *g = G->g;
    uint32_t list;
    if (after) /* after backwards, x, then before backwards */
        list = after->node ? tl_arc_of(g, after->node) : 0;
    else { /* before backwards, the separator, x */
        uint32_t sep = before->node ? child(G, tl_arc_of(g, before->node), TL_SEPARATOR) : 0;
        list = sep ? tl_arc_of(g, sep) : 0;
    }
    uint64_t set = 0;
    for (uint32_t i = list; i && !G->status; i++) {
        uint32_t v = 0;
        tl_status rc = tl_list_node(g, i, &v, G->err);
        if (rc != TL_OK)
            return (uint64_t)fail_status(G, rc);
        int ok = tl_accepts(g, v);
        if (after && before) { /* the tiles before the square, from the nearest */
            uint32_t node = i;
            for (unsigned k = 0; node && k < n_then; k++) {
                uint32_t at = tl_arc_of(g, node);
                node = at ? child(G, at, then[-(int)k * step]) : 0;
            }
            ok = node && tl_accepts(g, tl_load(g->base, node));
        }
        if (ok)
            set |= 1ull << tl_tile(g, v);
        if (tl_is_end(g, v))
            break;
    }
    return set & EVERY_TILE;
}

/* Read the lane `lane` of the board into G: tiles, premiums and cross sets. */
static void read_lane(gen *G) {
    const tl_board *b = G->b;
    unsigned size = G->size, down = !G->down; /* the cross words' way: down for plays across */
    for (unsigned p = 0; p < size && !G->status; p++) {
        unsigned sq = square_of(G, p);
        G->tile[p] = b->tiles[sq];
        G->blank[p] = b->tiles[sq] && b->blanks[sq];
        G->lm[p] = b->letter_premium[sq];
        G->wm[p] = b->word_premium[sq];
        G->has_cross[p] = 0;
        G->cross[p] = EVERY_TILE;
        G->cross_sum[p] = 0;
        if (G->tile[p])
            continue;
        /* the cross word's runs, across the lane: before and after this square */
        unsigned step = down ? size : 1, at = down ? sq / size : sq % size;
        const struct run *before = at > 0 && b->tiles[sq - step] ? &G->runs[down][sq - step] : NULL;
        const struct run *after = at + 1 < size && b->tiles[sq + step] ? &G->runs[down][sq + step] : NULL;
        if (!before && !after)
            continue;
        unsigned n_before = 0;
        while (before && n_before < at && b->tiles[sq - (n_before + 1) * step])
            n_before++;
        G->has_cross[p] = 1;
        G->cross_sum[p] = (before ? before->score : 0) + (after ? after->score : 0);
        G->cross[p] = cross_set(G, before, after, before ? &b->tiles[sq - step] : NULL, n_before, (int)step);
    }
}

/* ------------------------------------------------------------------ the walk */

static void record(gen *G, TALLY, unsigned left, unsigned right) {
    if (right - left + 1 < 2 || !G->n)
        return; /* one tile alone is no word; a run of the board's own tiles is no play */
    if (G->down && G->n == 1 && G->has_cross[G->at[0]])
        return; /* a tile with a neighbour across is read across, and found there */
    tl_play *p;
    tl_status rc = tl_moves_push(G->out, &p, G->err);
    if (rc != TL_OK) {
        fail_status(G, rc);
        return;
    }
    p->score = score_word(letters, mult) + cross + score_whole_rack(G->n, G->b->rack_size, G->b->whole_rack_bonus);
    p->down = (uint8_t)G->down;
    p->valid = G->invalid == 0;
    p->n = (uint8_t)G->n;
    /* laid leftwards from the anchor, then rightwards past it: the first part reversed is square order */
    unsigned n = G->n, k = 0;
    while (k < n && G->at[k] <= G->anchor)
        k++;
    for (unsigned i = 0; i < n; i++) {
        unsigned from = i < k ? k - 1 - i : i;
        p->squares[i] = (uint16_t)square_of(G, G->at[from]);
        p->tiles[i] = G->laid[from];
    }
}

static void walk(gen *G, unsigned pos, uint32_t list, int leftward, unsigned left, TALLY);

/* The tile at `pos` was read (laid, or on the board) at GADDAG node `node`. */
static void go_on(gen *G, unsigned pos, uint32_t node, int leftward, unsigned left, TALLY) {
    const tl_graph *g = G->g;
    uint32_t v = tl_load(g->base, node), next = tl_arc(g, v);
    unsigned size = G->size;
    if (leftward) {
        int open_left = pos == 0 || !G->tile[pos - 1];
        int open_right = G->anchor + 1 >= size || !G->tile[G->anchor + 1];
        if (tl_accepts(g, v) && open_left && open_right)
            record(G, letters, mult, cross, pos, G->anchor);
        if (!next || G->status)
            return;
        if (pos > G->leftmost)
            walk(G, pos - 1, next, 1, pos - 1, letters, mult, cross);
        if (open_left && G->anchor + 1 < G->rightmost && !G->status) {
            uint32_t sep;
            if (tl_child(g, next, TL_SEPARATOR, &sep, G->err) != TL_OK) {
                fail_status(G, TL_ERR_CORRUPT);
                return;
            }
            if (sep) {
                uint32_t after = tl_arc(g, tl_load(g->base, sep));
                if (after)
                    walk(G, G->anchor + 1, after, 0, pos, letters, mult, cross);
            }
        }
    } else {
        if (tl_accepts(g, v) && (pos + 1 >= size || !G->tile[pos + 1]))
            record(G, letters, mult, cross, left, pos);
        if (next && pos + 1 < G->rightmost && !G->status)
            walk(G, pos + 1, next, 0, left, letters, mult, cross);
    }
}

/* Lay `tile` (| TL_BLANK_TILE) from the rack at `pos`, found at GADDAG node `node`. */
static void lay(gen *G, unsigned pos, uint32_t node, uint8_t tile, int leftward, unsigned left, TALLY) {
    const tl_board *b = G->b;
    unsigned real = tile & 63u;
    int32_t value = score_tile(b->points[real], (tile & TL_BLANK_TILE) != 0);
    int counts = score_premium_counts(0, b->premiums_every_word); /* in the cross word */
    unsigned phony = 0;
    letters = score_with_letter(letters, value, G->lm[pos], 1);
    mult = score_with_word(mult, G->wm[pos], 1);
    if (G->has_cross[pos]) {
        cross += score_word(score_with_letter(G->cross_sum[pos], value, G->lm[pos], counts),
                            score_with_word(1, G->wm[pos], counts));
        phony = !(G->cross[pos] >> real & 1);
    }
    G->invalid += phony;
    G->at[G->n] = (uint8_t)pos;
    G->laid[G->n] = tile;
    G->n++;
    G->rack_left--;
    go_on(G, pos, node, leftward, left, letters, mult, cross);
    G->rack_left++;
    G->n--;
    G->invalid -= phony;
}

/* One list more entered: 0 past the budget (G's status then TL_ERR_COSTLY) or once the walk has failed. */
static int spend(gen *G) {
    if (G->status)
        return 0;
    if (++G->visits > G->max_visits)
        return fail_status(G, tl_fail(G->err, TL_ERR_COSTLY, "move generation past its budget of %lld lists",
                                      (long long)G->max_visits));
    return 1;
}

/* Read the square at `pos` from the GADDAG list `list`. */
static void walk(gen *G, unsigned pos, uint32_t list, int leftward, unsigned left, TALLY) {
    const tl_graph *g = G->g;
    if (!spend(G))
        return;
    uint8_t on = G->tile[pos];
    if (on) { /* the board's tiles: leftwards the whole run at once, as go_on would read it a tile at a time */
        for (;;) {
            uint32_t node = child(G, list, on);
            if (!node)
                return;
            letters += score_tile(G->b->points[on], G->blank[pos]);
            if (!leftward || pos <= G->leftmost || !G->tile[pos - 1]) {
                go_on(G, pos, node, leftward, left, letters, mult, cross);
                return;
            }
            on = G->tile[--pos];
            if (!(list = tl_arc_of(g, node)))
                return;
        }
    }
    if (!G->rack_left)
        return;
    /* the tiles worth trying here: those the cross word allows and, without a blank, the rack holds */
    uint64_t allowed = (G->phonies ? EVERY_TILE : G->cross[pos]) & (G->rack[0] ? EVERY_TILE : G->rack_mask);
    const uint8_t *base = g->base;
    const size_t nodes = g->n;
    const int big = g->big;
    for (uint32_t i = list; i && allowed; i++) {
        if (i >= nodes) {
            fail_status(G, tl_bad_index(g, i, G->err));
            return;
        }
        uint32_t v = tl_load(base, i);
        unsigned tile = tl_node_tile(big, v);
        if (tile > TL_MAX_TILE) {
            tl_status rc = tl_list_node(g, i, &v, G->err); /* the damaged node named */
            fail_status(G, rc ? rc : TL_ERR_CORRUPT);
            return;
        }
        if (!(allowed >> tile))
            break; /* siblings come in tile order: none after this one is worth trying */
        if (tile && (allowed >> tile & 1)) {
            if (G->rack[tile]) {
                if (!--G->rack[tile])
                    G->rack_mask &= ~(1ull << tile);
                lay(G, pos, i, (uint8_t)tile, leftward, left, letters, mult, cross);
                G->rack[tile]++;
                G->rack_mask |= 1ull << tile;
            }
            if (G->rack[0] && !G->status) {
                G->rack[0]--;
                lay(G, pos, i, (uint8_t)(tile | TL_BLANK_TILE), leftward, left, letters, mult, cross);
                G->rack[0]++;
            }
            if (G->status)
                return;
        }
        if (tl_node_is_end(big, v))
            break;
    }
}

static void from(gen *G, unsigned anchor, unsigned leftmost, unsigned rightmost) {
    G->anchor = anchor;
    G->leftmost = leftmost;
    G->rightmost = rightmost;
    walk(G, anchor, G->g->gaddag, 1, anchor, 0, 1, 0);
}

/* The plays holding the run that ends at `anchor`: the run as read_runs read it, then on from its first tile. */
static void from_run(gen *G, unsigned anchor, unsigned rightmost) {
    const struct run *run = &G->runs[G->down][square_of(G, anchor)];
    unsigned first = anchor;
    while (first > 0 && G->tile[first - 1])
        first--;
    G->anchor = anchor;
    G->leftmost = 0;
    G->rightmost = rightmost;
    if (run->node && spend(G))
        go_on(G, first, run->node, 1, first, run->score, 1, 0);
}

/* Every play of the lane, from its anchors taken right to left (wolges' order; the file's comment). */
static void walk_lane(gen *G) {
    unsigned end = G->size; /* the squares right of the stretch being read are done */
    for (;;) {
        unsigned right = end, left = end;
        while (left > 0 && !G->tile[left - 1])
            left--;
        /* [left, right) is a stretch of empty squares; the tile before it ends a run */
        if (left > 0)
            from_run(G, left - 1, right);
        /* squares with a cross word that touch no run: not the one next to the run on the left (its
         * plays hold that run), and `right` is already next to a run on the right, or the edge */
        unsigned first = left + (left > 0);
        for (unsigned a = right; a-- > first && !G->status;) {
            if (!G->has_cross[a])
                continue;
            if ((G->cross[a] || G->phonies) && right - first >= 2)
                from(G, a, first, right);
            right = a;
        }
        if (left <= 1 || G->status)
            return;
        /* on past the run, to the square before it: next to the run, so no square of the next stretch */
        left--;
        while (left > 0 && G->tile[left])
            left--;
        if (G->tile[left])
            return; /* the run reaches the lane's start */
        end = left;
    }
}

/* The first play: from each start square of the lane, right to left, each reaching right only up to
 * the one before. */
static void start_lane(gen *G) {
    unsigned right = G->size;
    for (unsigned a = G->size; a-- > 0 && !G->status;) {
        if (!G->b->start[square_of(G, a)])
            continue;
        from(G, a, 0, right);
        right = a;
    }
}

/* ------------------------------------------------------------------ the call */

static tl_status check_board(const tl_board *b, const uint8_t rack[64], tl_error *err) {
    if (!b || !b->tiles || !b->blanks || !b->letter_premium || !b->word_premium || !b->start || !rack)
        return tl_fail(err, TL_ERR_INPUT, "a board needs its tiles, blanks, premiums, start squares and a rack");
    if (b->size < 2 || b->size > TL_MAX_BOARD)
        return tl_fail(err, TL_ERR_INPUT, "a board is 2 to %u squares a side, not %u", TL_MAX_BOARD, b->size);
    size_t n = (size_t)b->size * b->size;
    int starts = 0;
    for (size_t i = 0; i < n; i++) {
        if (b->tiles[i] > TL_MAX_TILE)
            return tl_fail(err, TL_ERR_INPUT, "square %zu holds tile %u, outside 1..63", i, b->tiles[i]);
        if (b->letter_premium[i] < 1 || b->letter_premium[i] > 3 || b->word_premium[i] < 1 || b->word_premium[i] > 3)
            return tl_fail(err, TL_ERR_INPUT, "square %zu has a premium outside 1..3", i);
        starts += b->start[i] != 0;
    }
    if (!starts)
        return tl_fail(err, TL_ERR_INPUT, "the board names no start square");
    for (unsigned t = 1; t < 64; t++)
        if (b->points[t] > 1000)
            return tl_fail(err, TL_ERR_INPUT, "tile %u is worth %u points; at most 1000", t, b->points[t]);
    if (b->whole_rack_bonus < 0 || b->whole_rack_bonus > 1000)
        return tl_fail(err, TL_ERR_INPUT, "a whole-rack bonus of %d; 0 to 1000", (int)b->whole_rack_bonus);
    return TL_OK;
}

tl_status tl_moves_generate(const tl_graph *graph, const tl_board *board, const uint8_t rack[64], int phonies,
                            int64_t max_visits, tl_moves **out, tl_error *err) {
    *out = NULL;
    tl_status rc = check_board(board, rack, err);
    if (rc != TL_OK)
        return rc;
    if (!graph || !graph->gaddag)
        return tl_fail(err, TL_ERR_INPUT, "the word graph has no GADDAG: moves need a .kwg or .kbwg with one");
    tl_moves *m;
    gen *G;
    if ((rc = tl_moves_start(&m, (void **)&G, sizeof *G, err)) != TL_OK)
        return rc;
    G->g = graph;
    G->b = board;
    G->err = err;
    G->out = m;
    G->max_visits = max_visits;
    G->phonies = phonies != 0;
    G->size = board->size;
    G->rack_left = tl_rack_copy(rack, G->rack, &G->rack_mask);
    read_runs(G);
    size_t cells = (size_t)board->size * board->size;
    int empty_board = 1;
    for (size_t i = 0; i < cells; i++)
        if (board->tiles[i])
            empty_board = 0;
    for (int down = 0; down < 2 && !G->status; down++) {
        G->down = down;
        for (unsigned lane = 0; lane < G->size && !G->status; lane++) {
            G->lane = lane;
            read_lane(G);
            if (empty_board)
                start_lane(G);
            else
                walk_lane(G);
        }
    }
    return tl_moves_finish(m, G, G->status, G->visits, out);
}
