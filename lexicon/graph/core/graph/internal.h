/* What the library's own files share: the graph's struct, node access, errors. Not installed. */
#ifndef TL_INTERNAL_H
#define TL_INTERNAL_H

#include "graph/tl_graph.h"

#include <string.h>

/* Set `err` (when given) and return its status: `return fail(err, TL_ERR_INPUT, "…", …);` */
tl_status tl_fail(tl_error *err, tl_status status, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
tl_status tl_nomem(tl_error *err);

/* Ask the memory for the line at `p` ahead of its use (a hint: nothing where the compiler has none). */
#if defined(__GNUC__)
#define TL_PREFETCH(p) __builtin_prefetch(p)
#else
#define TL_PREFETCH(p) ((void)(p))
#endif

/* CRC-32 as zlib computes it (crc32.c): the checksums of a bundle. */
uint32_t tl_crc32(const uint8_t *p, size_t n);

/* 1,234,567: counts in messages read as the Python side writes them. */
const char *tl_thousands(size_t value, char out[32]);

/* Node access over a little-endian u32 array, in either layout. */
static inline uint32_t tl_load(const uint8_t *base, size_t index) {
    uint32_t v;
    memcpy(&v, base + 4 * index, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

struct tl_graph {
    const uint8_t *base;
    size_t n;           /* nodes */
    int big;            /* TL_LAYOUT_KBWG */
    uint32_t root;      /* node 0's arc: the DAWG's root list */
    uint32_t gaddag;    /* node 1's arc when node 1 is a root pointer, else 0 */
    const uint32_t *counts; /* words per node for rank (tl_graph_count_words or _use_counts), else NULL */
    int own_counts;         /* `counts` were made here (and are freed with the graph) */
    /* The first two steps of a walk from the root read off a table: for tiles a, b the node of b in a's list
     * (pairs[a * 64 + b]; 0: no word starts so) and, once there are counts, the rank so far; for each a whose
     * list is whole (pair_rows). NULL when the root list is not indexed or the table could not be had. */
    struct tl_pair { uint32_t node, before; } *pairs;
    uint64_t pair_rows;
    uint32_t first[64]; /* the root list's node for each tile (0: none): every lookup starts there */
    int indexed;        /* `first` holds the whole, well-formed root list */
};

/* A node's fields in the layout `big` says (a hot loop keeps it, and the graph's base, in registers). */
static inline unsigned tl_node_tile(int big, uint32_t v) { return big ? (v & 63u) : (v >> 24); }
static inline int tl_node_is_end(int big, uint32_t v) { return big ? (v >> 6) & 1 : (v >> 22) & 1; }
static inline unsigned tl_tile(const tl_graph *g, uint32_t v) { return tl_node_tile(g->big, v); }
static inline int tl_accepts(const tl_graph *g, uint32_t v) { return g->big ? (v >> 7) & 1 : (v >> 23) & 1; }
static inline int tl_is_end(const tl_graph *g, uint32_t v) { return tl_node_is_end(g->big, v); }
static inline uint32_t tl_arc(const tl_graph *g, uint32_t v) { return g->big ? (v >> 8) : (v & 0x3FFFFFu); }

/* The list a node leads to (0: none, or no node). */
static inline uint32_t tl_arc_of(const tl_graph *g, uint32_t node) { return node ? tl_arc(g, tl_load(g->base, node)) : 0; }

/* tl_graph_validate's checks of the nodes themselves (every arc inside, every tile 0..63, lists ending
 * with the file and in tile order), without the walk from the roots: what keeps every read inside. */
tl_status tl_graph_check_nodes(const tl_graph *g, tl_error *err);

/* Every node a DAWG path reaches holds a tile of `tiles` (bit t for tile t), or TL_ERR_CORRUPT naming one. */
tl_status tl_graph_check_tiles(const tl_graph *g, uint64_t tiles, tl_error *err);

/* TL_ERR_CORRUPT for a node index past the end. */
tl_status tl_bad_index(const tl_graph *g, size_t index, tl_error *err);

/* The node for `tile` in the list at `index` (0: none) into *node, 0 when there is none. The root list, where
 * every word and every piece of a compound starts, is read off its index. */
static inline tl_status tl_child(const tl_graph *g, uint32_t index, unsigned tile, uint32_t *node, tl_error *err) {
    *node = 0;
    if (!index)
        return TL_OK;
    if (index == g->root && g->indexed) {
        *node = tile < 64 ? g->first[tile] : 0;
        return TL_OK;
    }
    for (;;) {
        if (index >= g->n)
            return tl_bad_index(g, index, err);
        uint32_t v = tl_load(g->base, index);
        unsigned t = tl_tile(g, v);
        if (t == tile) {
            *node = index;
            return TL_OK;
        }
        if (tl_is_end(g, v) || t > tile)
            return TL_OK;
        index++;
    }
}

#endif
