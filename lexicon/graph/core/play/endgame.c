/* The endgame searched (tl_play.h, tl_endgame_search): once the bag is empty both racks are known, so the best
 * turn is the one whose line gains the most spread with both players playing as well as they can.
 *
 * A negamax with alpha-beta over every play of the rack (the GADDAG's generator) and the pass, deepened a turn at
 * a time until it is exact (every line ends the game within the depth) or the budget of the word graph's lists
 * runs out, when the deepest search finished answers. Plays are tried a play that goes out first, then by score,
 * and at each depth the turn the depth before chose first of all: its line is the one most often best, and it
 * narrows the window the others are searched in. Past the depth a position is valued as if the game ended there,
 * each player losing what its tiles cost. The game ends when a player goes out (gaining what the other's tiles
 * cost, twice where going out gains them: they lose them too) or after the game's scoreless rounds of passes (each
 * losing its own). The board is changed in place as the search goes down a line and put back as it comes up. */
#include "play/game.h"
#include "play/movegen.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const tl_game *game;
    const tl_graph *graph;
    tl_board board; /* its tiles and blanks the search's own copies, below */
    uint8_t tiles[GAME_SQUARES], blanks[GAME_SQUARES];
    long times;     /* what going out gains: the other's tiles once, or twice */
    unsigned ends;  /* scoreless turns in a row that end the game; 0: a pass never does */
    int64_t budget, visits, positions;
    int horizon;    /* some line of this depth's search was cut at the depth, not played to the end */
    tl_error *err;
} search;

typedef struct {
    const tl_play *play;
    unsigned out; /* lays every tile of the rack */
} ordered;

static int compare_ordered(const void *x, const void *y) {
    const ordered *a = x, *b = y;
    if (a->out != b->out)
        return a->out ? -1 : 1;
    if (a->play->score != b->play->score)
        return a->play->score > b->play->score ? -1 : 1;
    return tl_play_later(a->play, b->play) - tl_play_later(b->play, a->play);
}

static int same_tiles(const tl_play *a, const tl_play *b) {
    return a->n == b->n && !memcmp(a->squares, b->squares, a->n * sizeof *a->squares) &&
           !memcmp(a->tiles, b->tiles, a->n);
}

static long cost(const search *s, const uint8_t rack[64]) { return tl_game_rack_value(s->game, rack); }

/* The spread the player to move (`mover`, the other holding `other`) gains from here, searched `depth` turns on,
 * into *value; at the root, the turn that gains it into *best (kind TL_TURN_PASS for the pass), `first` the turn
 * tried first (NULL: none). TL_ERR_COSTLY when the budget runs out. */
static tl_status turns(search *s, const uint8_t mover[64], const uint8_t other[64], unsigned scoreless,
                       unsigned depth, long alpha, long beta, long *value, const tl_play *first, tl_play *best) {
    s->positions++;
    if (!depth) {
        s->horizon = 1;
        *value = cost(s, other) - cost(s, mover);
        return TL_OK;
    }
    tl_moves *found = NULL;
    int64_t left_visits = s->budget - s->visits;
    if (left_visits <= 0)
        return TL_ERR_COSTLY;
    tl_status rc = tl_moves_generate(s->graph, &s->board, mover, 0, left_visits, &found, s->err);
    if (rc != TL_OK)
        return rc;
    s->visits += tl_moves_visits(found);
    size_t n = tl_moves_count(found);
    unsigned held = 0;
    for (unsigned t = 0; t < 64; t++)
        held += mover[t];
    ordered *order = n ? malloc(n * sizeof *order) : NULL;
    if (n && !order) {
        tl_moves_free(found);
        return tl_nomem(s->err);
    }
    for (size_t i = 0; i < n; i++)
        order[i] = (ordered){tl_moves_play(found, i), tl_moves_play(found, i)->n == held};
    if (n)
        qsort(order, n, sizeof *order, compare_ordered);
    for (size_t i = 1; first && i < n; i++) /* the turn found a depth before, to the front */
        if (same_tiles(order[i].play, first)) {
            ordered chosen = order[i];
            memmove(order + 1, order, i * sizeof *order);
            order[0] = chosen;
            break;
        }
    long most = LONG_MIN;
    int cut = 0;
    for (size_t i = 0; i < n && rc == TL_OK && !cut; i++) {
        const tl_play *p = order[i].play;
        long gain;
        if (order[i].out) { /* the other's tiles are the player's, and the other loses them */
            gain = p->score + s->times * cost(s, other);
        } else {
            uint8_t left[64];
            memcpy(left, mover, sizeof left);
            for (unsigned k = 0; k < p->n; k++) {
                unsigned square = p->squares[k], blank = (p->tiles[k] & TL_BLANK_TILE) != 0;
                s->tiles[square] = p->tiles[k] & 63u;
                s->blanks[square] = (uint8_t)blank;
                left[blank ? 0 : p->tiles[k] & 63u]--;
            }
            long line = 0;
            rc = turns(s, other, left, 0, depth - 1, -beta, -alpha, &line, NULL, NULL);
            for (unsigned k = 0; k < p->n; k++)
                s->tiles[p->squares[k]] = s->blanks[p->squares[k]] = 0;
            gain = p->score - line;
        }
        if (rc != TL_OK)
            break;
        if (gain > most) {
            most = gain;
            if (best)
                *best = *p;
        }
        alpha = gain > alpha ? gain : alpha;
        cut = alpha >= beta;
    }
    free(order);
    tl_moves_free(found);
    if (rc != TL_OK)
        return rc;
    if (!cut && (s->ends || !n)) { /* the pass: always a turn where passes end the game, else only for want of one */
        long gain;
        if (s->ends && scoreless + 1 >= s->ends) {
            gain = cost(s, other) - cost(s, mover);
        } else {
            long line = 0;
            if ((rc = turns(s, other, mover, scoreless + 1, depth - 1, -beta, -alpha, &line, NULL, NULL)) != TL_OK)
                return rc;
            gain = -line;
        }
        if (gain > most) {
            most = gain;
            if (best)
                *best = (tl_play){.kind = TL_TURN_PASS, .valid = 1};
        }
    }
    *value = most;
    return TL_OK;
}

tl_status tl_endgame_search(const tl_game *game, const tl_graph *graph, const tl_board *board, const uint8_t mine[64],
                            const uint8_t other[64], unsigned scoreless, int64_t max_visits, tl_endgame *out,
                            tl_error *err) {
    memset(out, 0, sizeof *out);
    if (game->stacking || game->cubes || game->several_words)
        return tl_fail(err, TL_ERR_INPUT, "%s: the endgame is searched for games scored by letters and premium "
                                          "squares, a word a play", game->name);
    if (game->scoreless_rounds < 0)
        return tl_fail(err, TL_ERR_INPUT, "%s's game document does not say when scoreless turns end the game "
                                          "(end.scoreless_rounds): compile it again", game->name);
    if (board->size != game->size || board->size > TL_MAX_BOARD)
        return tl_fail(err, TL_ERR_INPUT, "the board is %u squares a side, and %s's %u", board->size, game->name,
                       game->size);
    if (max_visits <= 0)
        return tl_fail(err, TL_ERR_INPUT, "a budget of %lld lists: one at least", (long long)max_visits);
    unsigned held = 0;
    for (unsigned t = 0; t < 64; t++)
        held += mine[t];
    if (!held)
        return tl_fail(err, TL_ERR_INPUT, "the rack is empty: the game is over");
    search *s = calloc(1, sizeof *s);
    if (!s)
        return tl_nomem(err);
    unsigned cells = board->size * board->size;
    *s = (search){.game = game, .graph = graph, .board = *board, .budget = max_visits, .err = err,
                  .times = game->going_out_gains ? 2 : 1,
                  .ends = game->pass_scoreless ? 2u * (unsigned)game->scoreless_rounds : 0};
    memcpy(s->tiles, board->tiles, cells);
    memcpy(s->blanks, board->blanks, cells);
    s->board.tiles = s->tiles;
    s->board.blanks = s->blanks;
    tl_status rc = TL_OK;
    for (unsigned depth = 1; depth <= TL_ENDGAME_MOST_TURNS; depth++) {
        tl_play chosen = {0};
        long spread = 0;
        tl_error scratch;
        s->horizon = 0;
        s->err = depth > 1 ? &scratch : err; /* a deeper search out of budget answers the one before */
        rc = turns(s, mine, other, scoreless, depth, LONG_MIN + 1, LONG_MAX, &spread,
                   depth > 1 ? &out->play : NULL, &chosen);
        if (rc == TL_ERR_COSTLY && depth > 1) {
            rc = TL_OK;
            break;
        }
        if (rc != TL_OK) {
            if (err && s->err == &scratch)
                *err = scratch;
            break;
        }
        out->play = chosen;
        out->spread = spread > INT32_MAX ? INT32_MAX : spread < -INT32_MAX ? -INT32_MAX : (int32_t)spread;
        out->depth = depth;
        out->exact = !s->horizon;
        if (out->exact)
            break;
    }
    out->positions = s->positions;
    out->visits = s->visits;
    free(s);
    return rc;
}
