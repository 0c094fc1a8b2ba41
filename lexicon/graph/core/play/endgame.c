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
 * losing its own). The board is changed in place as the search goes down a line and put back as it comes up.
 *
 * Lines that reach one position by turns in another order (A then B, B then A) meet in a table of positions
 * searched (a transposition table, keyed by a Zobrist hash of the tiles laid, both racks and the scoreless
 * turns): a position's value is taken from it where it was searched at least as deep, or to the game's end
 * whatever the depth, and its best turn is tried first where it was not. */
#include "play/game.h"
#include "play/movegen.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A position searched: its hash, its value and whether that is exact or a bound, how deep, whether some line of
 * it was cut at the depth (else the value is the game's, good at any depth), and its best turn's hash. */
enum { BOUND_EXACT = 0, BOUND_LOWER = 1, BOUND_UPPER = 2 };
typedef struct {
    uint64_t key, best;
    int32_t value;
    uint8_t depth, bound, horizon, used;
} entry;
#define TABLE_BITS 16 /* 65,536 positions, 1.5 MB a search */
#define PASS_HASH 1u

typedef struct {
    const tl_game *game;
    const tl_graph *graph;
    tl_board board; /* its tiles and blanks the search's own copies, below */
    uint8_t tiles[GAME_SQUARES], blanks[GAME_SQUARES];
    long times;     /* what going out gains: the other's tiles once, or twice */
    unsigned ends;  /* scoreless turns in a row that end the game; 0: a pass never does */
    int64_t budget, visits, positions;
    int horizon;    /* some line below the position being searched was cut at the depth, not played to the end */
    uint64_t board_hash; /* the tiles the search has laid */
    uint64_t chosen;     /* the hash of the turn the position just searched chose */
    entry *table;
    tl_error *err;
} search;

/* splitmix64: the Zobrist numbers, made from their index (nothing to keep between calls). */
static uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static uint64_t tile_hash(unsigned square, uint8_t tile) { return mix((uint64_t)square << 8 | tile); }

/* A rack as the player to move (`side` 1) or the other (2) holds it. */
static uint64_t rack_hash(const uint8_t rack[64], unsigned side) {
    uint64_t h = 0;
    for (unsigned t = 0; t < 64; t++)
        if (rack[t])
            h ^= mix((uint64_t)side << 24 | (uint64_t)t << 16 | rack[t]);
    return h;
}

/* A play by the tiles it lays. */
static uint64_t play_hash(const tl_play *p) {
    uint64_t h = 0;
    for (unsigned k = 0; k < p->n; k++)
        h ^= tile_hash(p->squares[k], p->tiles[k]);
    return h ? h : 2; /* never 0 (none) nor PASS_HASH */
}

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

static long cost(const search *s, const uint8_t rack[64]) { return tl_game_rack_value(s->game, rack); }

static tl_status search_turns(search *s, const uint8_t mover[64], const uint8_t other[64], unsigned scoreless,
                              unsigned depth, long alpha, long beta, long *value, uint64_t first, tl_play *best);

/* The spread the player to move (`mover`, the other holding `other`) gains from here, searched `depth` turns on,
 * into *value; at the root, the turn that gains it into *best (kind TL_TURN_PASS for the pass), `first` the hash
 * of the turn tried first (0: none). TL_ERR_COSTLY when the budget runs out. Below the root, through the table of
 * positions searched. */
static tl_status turns(search *s, const uint8_t mover[64], const uint8_t other[64], unsigned scoreless,
                       unsigned depth, long alpha, long beta, long *value, uint64_t first, tl_play *best) {
    s->positions++;
    if (!depth) {
        s->horizon = 1;
        *value = cost(s, other) - cost(s, mover);
        return TL_OK;
    }
    if (best) /* the root: its turn is wanted, so it is searched */
        return search_turns(s, mover, other, scoreless, depth, alpha, beta, value, first, best);
    uint64_t key = s->board_hash ^ rack_hash(mover, 1) ^ rack_hash(other, 2) ^ mix(0xE0000000ull + scoreless);
    entry *e = &s->table[key & ((1u << TABLE_BITS) - 1)];
    long floor = alpha, ceiling = beta;
    if (e->used && e->key == key) {
        first = e->best;
        if (!e->horizon || e->depth >= depth) {
            long v = e->value;
            if (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && v >= beta) ||
                (e->bound == BOUND_UPPER && v <= alpha)) {
                s->horizon |= e->horizon;
                *value = v;
                return TL_OK;
            }
        }
    }
    int above = s->horizon;
    s->horizon = 0;
    tl_status rc = search_turns(s, mover, other, scoreless, depth, alpha, beta, value, first, NULL);
    if (rc == TL_OK) {
        *e = (entry){key, s->chosen, (int32_t)*value, (uint8_t)(depth > 255 ? 255 : depth),
                     (uint8_t)(*value <= floor ? BOUND_UPPER : *value >= ceiling ? BOUND_LOWER : BOUND_EXACT),
                     (uint8_t)s->horizon, 1};
    }
    s->horizon |= above;
    return rc;
}

/* The position searched: every turn, best first by its order, through `turns` below. */
static tl_status search_turns(search *s, const uint8_t mover[64], const uint8_t other[64], unsigned scoreless,
                              unsigned depth, long alpha, long beta, long *value, uint64_t first, tl_play *best) {
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
    for (size_t i = 1; first && i < n; i++) /* the turn found before (a depth before, or in the table), first */
        if (play_hash(order[i].play) == first) {
            ordered chosen = order[i];
            memmove(order + 1, order, i * sizeof *order);
            order[0] = chosen;
            break;
        }
    long most = LONG_MIN;
    uint64_t chosen = 0;
    int cut = 0;
    for (size_t i = 0; i < n && rc == TL_OK && !cut; i++) {
        const tl_play *p = order[i].play;
        long gain;
        if (order[i].out) { /* the other's tiles are the player's, and the other loses them */
            gain = p->score + s->times * cost(s, other);
        } else {
            uint8_t left[64];
            memcpy(left, mover, sizeof left);
            uint64_t laid = play_hash(p);
            for (unsigned k = 0; k < p->n; k++) {
                unsigned square = p->squares[k], blank = (p->tiles[k] & TL_BLANK_TILE) != 0;
                s->tiles[square] = p->tiles[k] & 63u;
                s->blanks[square] = (uint8_t)blank;
                left[blank ? 0 : p->tiles[k] & 63u]--;
            }
            s->board_hash ^= laid;
            long line = 0;
            rc = turns(s, other, left, 0, depth - 1, -beta, -alpha, &line, 0, NULL);
            s->board_hash ^= laid;
            for (unsigned k = 0; k < p->n; k++)
                s->tiles[p->squares[k]] = s->blanks[p->squares[k]] = 0;
            gain = p->score - line;
        }
        if (rc != TL_OK)
            break;
        if (gain > most) {
            most = gain;
            chosen = play_hash(p);
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
            if ((rc = turns(s, other, mover, scoreless + 1, depth - 1, -beta, -alpha, &line, 0, NULL)) != TL_OK)
                return rc;
            gain = -line;
        }
        if (gain > most) {
            most = gain;
            chosen = PASS_HASH;
            if (best)
                *best = (tl_play){.kind = TL_TURN_PASS, .valid = 1};
        }
    }
    *value = most;
    s->chosen = chosen;
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
    entry *table = calloc((size_t)1 << TABLE_BITS, sizeof *table);
    if (!s || !table) {
        free(s);
        free(table);
        return tl_nomem(err);
    }
    unsigned cells = board->size * board->size;
    *s = (search){.game = game, .graph = graph, .board = *board, .budget = max_visits, .err = err, .table = table,
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
        uint64_t first = depth == 1 ? 0 : out->play.kind == TL_TURN_PASS ? PASS_HASH : play_hash(&out->play);
        rc = turns(s, mine, other, scoreless, depth, LONG_MIN + 1, LONG_MAX, &spread, first, &chosen);
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
    free(table);
    free(s);
    return rc;
}
