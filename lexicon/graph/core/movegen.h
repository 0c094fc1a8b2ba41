/* What the two move generators share (moves.c for games scored by letters and premiums, stacks.c for
 * games that stack cubes): the list of plays they fill and sort, and the cross sets they read the board
 * with. Not installed. */
#ifndef TL_MOVEGEN_H
#define TL_MOVEGEN_H

#include "internal.h"
#include "moves.h"

#define EVERY_TILE (~1ull) /* bits 1..63: no cross word constrains the square */
/* More plays than this is a board no game makes; it stops a hostile request's memory. */
#define MAX_PLAYS ((size_t)1 << 22)

struct tl_moves {
    tl_play *plays;
    const tl_play **order; /* best first, once tl_moves_sort has run */
    size_t n, cap;
    int64_t visits;
};

/* A new play at the end of the list into *play, for the generator to fill; TL_ERR_LIMIT past MAX_PLAYS. */
tl_status tl_moves_push(tl_moves *moves, tl_play **play, tl_error *err);

/* The tiles t for which `before` t `after` is a word of the graph's DAWG, as bits 1..63, into *set. */
tl_status tl_cross_set(const tl_graph *g, const uint8_t *before, unsigned nb, const uint8_t *after, unsigned na,
                       uint64_t *set, tl_error *err);

#endif
