/* What the two move generators share (moves.c for games scored by letters and premiums, stacks.c for
 * games that stack cubes): the list of plays they fill and sort, and the cross sets they read the board
 * with. Not installed. */
#ifndef TL_MOVEGEN_H
#define TL_MOVEGEN_H

#include "graph/internal.h"
#include "play/moves.h"

#define EVERY_TILE (~1ull) /* bits 1..63: no cross word constrains the square */
/* More plays than this is a board no game makes; it stops a hostile request's memory. */
#define MAX_PLAYS ((size_t)1 << 22)

struct tl_moves {
    tl_play *plays;
    const tl_play **order; /* best first, once tl_moves_sort has run */
    size_t n, cap;
    int64_t visits;
};

/* Is `a` after `b` among plays of one score: by first square, across before down, then tiles laid. */
int tl_play_later(const tl_play *a, const tl_play *b);

/* A generation's start: its empty list, and `state` (a generator's own, `size` bytes) zeroed, both allocated;
 * TL_ERR_NOMEM with neither. */
tl_status tl_moves_start(tl_moves **moves, void **state, size_t size, tl_error *err);

/* A generation's end: the state freed; the list into *out with the visits made, or freed when `status` is a
 * failure, which is returned. */
tl_status tl_moves_finish(tl_moves *moves, void *state, tl_status status, int64_t visits, tl_moves **out);

/* The rack into a generator's own copy: the tiles of each number, bit t of *mask set while it holds a tile t
 * (1..63); the number of tiles, blanks (rack[0]) included. */
unsigned tl_rack_copy(const uint8_t rack[64], uint8_t copy[64], uint64_t *mask);

/* A new play at the end of the list into *play, for the generator to fill; TL_ERR_LIMIT past MAX_PLAYS. */
tl_status tl_moves_push(tl_moves *moves, tl_play **play, tl_error *err);

/* tl_moves_stack over a lexicon's whole language: its word graph's words, and where it has a compiled word
 * rule, the rule's too (stacks.c). */
struct tl_lexicon;
tl_status moves_stack_lexicon(const struct tl_lexicon *lex, const tl_stack_board *board, const uint8_t rack[64],
                              int phonies, int64_t max_visits, tl_moves **out, tl_error *err);

/* The tiles t for which `before` t `after` is a word of the graph's DAWG, as bits 1..63, into *set. */
tl_status tl_cross_set(const tl_graph *g, const uint8_t *before, unsigned nb, const uint8_t *after, unsigned na,
                       uint64_t *set, tl_error *err);

/* Node `i` of a list a walk reads, checked, into *v: TL_ERR_CORRUPT past the graph's end, or with a tile past
 * 63 (the kwg layout has eight bits for a tile: a damaged file may hold more than a rack can). */
static inline tl_status tl_list_node(const tl_graph *g, uint32_t i, uint32_t *v, tl_error *err) {
    if (i >= g->n)
        return tl_bad_index(g, i, err);
    *v = tl_load(g->base, i);
    unsigned tile = tl_tile(g, *v);
    if (tile > TL_MAX_TILE)
        return tl_fail(err, TL_ERR_CORRUPT, "node %u of the word graph has tile %u; tiles are 0 to 63", (unsigned)i,
                       tile);
    return TL_OK;
}

#endif
