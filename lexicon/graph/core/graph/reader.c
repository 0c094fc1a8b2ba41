/* Reading a KWG file in place: membership, following a path, hooks, the structural check for
 * untrusted bytes, a word's rank in the sorted order of the DAWG, and what follows a prefix.
 *
 * Every node index is checked against the file's size before it is read, so bytes from an
 * untrusted place can make a call fail (TL_ERR_CORRUPT) but never read outside the file.
 */
#include "graph/internal.h"

#include <stdlib.h>

/* The nodes of the sibling list at `list` by tile into out[tile]: 1 when the list is whole (tiles 1..63 in
 * increasing order, ending inside the graph), else 0, `out` filled only in part. */
static int index_list(const tl_graph *g, uint32_t list, uint32_t out[64]) {
    unsigned previous = 0;
    for (uint32_t i = list; i && i < g->n; i++) {
        uint32_t v = tl_load(g->base, i);
        unsigned tile = tl_tile(g, v);
        if (tile >= 64 || tile <= previous)
            return 0;
        out[tile] = i;
        previous = tile;
        if (tl_is_end(g, v))
            return 1;
    }
    return 0;
}

/* The table of the first two steps from the root (struct tl_graph's `pairs`): the root list is indexed by tile
 * already, and the list after each of its nodes is the next widest a walk reads. A row whose list is out of
 * order or leaves the graph is left out, and walks starting there read the list as before. Without memory
 * for it, there is no table. */
static void index_pairs(tl_graph *g) {
    if (!g->indexed || !(g->pairs = calloc(64 * 64, sizeof *g->pairs)))
        return;
    for (unsigned a = 1; a < 64; a++) {
        uint32_t first = g->first[a], list = first ? tl_arc(g, tl_load(g->base, first)) : 0, row[64] = {0};
        /* no word starts with a, or none goes on after it: every pair of the row is none */
        if (list && !index_list(g, list, row))
            continue;
        for (unsigned b = 1; b < 64; b++)
            g->pairs[a * 64 + b].node = row[b];
        g->pair_rows |= 1ull << a;
    }
}

/* The table's pair for a walk from the root that starts with tiles[0], tiles[1], or NULL where the table does
 * not answer (no table, a word of one tile, a row left out): the walk then reads the lists itself. A pair
 * whose node is 0 says that no word starts so. */
static const struct tl_pair *first_pair(const tl_graph *g, const uint8_t *tiles, size_t length) {
    if (length < 2 || !g->pairs || tiles[0] >= 64 || tiles[1] >= 64 || !(g->pair_rows >> tiles[0] & 1))
        return NULL;
    return &g->pairs[tiles[0] * 64 + tiles[1]];
}

tl_status tl_graph_open(const uint8_t *bytes, size_t size, tl_layout layout, tl_graph **out, tl_error *err) {
    *out = NULL;
    if (layout != TL_LAYOUT_KWG && layout != TL_LAYOUT_KBWG)
        return tl_fail(err, TL_ERR_INPUT, "unknown word-graph layout %d (kwg or kbwg)", (int)layout);
    if (size % 4 || size < 4)
        return tl_fail(err, TL_ERR_CORRUPT, "%zu bytes is not a whole number of 4-byte nodes", size);
    tl_graph *g = calloc(1, sizeof *g);
    if (!g)
        return tl_nomem(err);
    g->base = bytes;
    g->n = size / 4;
    g->big = layout == TL_LAYOUT_KBWG;
    uint32_t first = tl_load(bytes, 0);
    if (tl_tile(g, first) != 0 || !tl_is_end(g, first)) {
        free(g);
        return tl_fail(err, TL_ERR_CORRUPT, "node 0 is not the DAWG's root pointer (tile 0, is_end)");
    }
    g->root = tl_arc(g, first);
    if (g->n > 1) {
        uint32_t second = tl_load(bytes, 1);
        if (tl_tile(g, second) == 0 && tl_is_end(g, second) && !tl_accepts(g, second))
            g->gaddag = tl_arc(g, second);
    }
    /* The root list is the longest and is read by every lookup: index it by tile once. A damaged
     * list is left unindexed (lookups then scan it, and fail where it breaks). */
    g->indexed = index_list(g, g->root, g->first);
    index_pairs(g);
    *out = g;
    return TL_OK;
}

void tl_graph_close(tl_graph *g) {
    if (!g)
        return;
    if (g->own_counts)
        free((uint32_t *)g->counts);
    free(g->pairs);
    free(g);
}

size_t tl_graph_nodes(const tl_graph *g) { return g->n; }
tl_layout tl_graph_layout(const tl_graph *g) { return g->big ? TL_LAYOUT_KBWG : TL_LAYOUT_KWG; }
uint32_t tl_graph_root(const tl_graph *g) { return g->root; }
uint32_t tl_graph_gaddag_root(const tl_graph *g) { return g->gaddag; }
int tl_graph_has_gaddag(const tl_graph *g) { return g->n > 1 && g->gaddag != 0; }

tl_status tl_graph_node(const tl_graph *g, size_t index, tl_node *out, tl_error *err) {
    if (index >= g->n)
        return tl_fail(err, TL_ERR_INPUT, "node %zu is outside the word graph", index);
    uint32_t v = tl_load(g->base, index);
    out->tile = tl_tile(g, v);
    out->accepts = tl_accepts(g, v);
    out->is_end = tl_is_end(g, v);
    out->arc = tl_arc(g, v);
    return TL_OK;
}

tl_status tl_graph_follow(const tl_graph *g, uint32_t start, const uint8_t *tiles, size_t length, uint32_t *node,
                          tl_error *err) {
    uint32_t index = start, found = 0;
    size_t i = 0;
    *node = 0;
    const struct tl_pair *pair = start == g->root ? first_pair(g, tiles, length) : NULL;
    if (pair) { /* the first two steps at once */
        if (!(found = pair->node))
            return TL_OK;
        index = tl_arc(g, tl_load(g->base, found));
        i = 2;
    }
    for (; i < length; i++) {
        if (index == g->root && g->indexed) {
            found = tiles[i] < 64 ? g->first[tiles[i]] : 0;
        } else {
            tl_status rc = tl_child(g, index, tiles[i], &found, err);
            if (rc != TL_OK)
                return rc;
        }
        if (!found)
            return TL_OK;
        index = tl_arc(g, tl_load(g->base, found));
    }
    *node = found;
    return TL_OK;
}

/* One step of a walk that tl_graph_follow_each or tl_graph_rank_each takes with others: the node for `tile` in
 * the list at `index`, 0 when there is none, UINT32_MAX when the list is damaged. */
static inline uint32_t step_from(const tl_graph *g, uint32_t index, unsigned tile) {
    if (index == g->root && g->indexed)
        return tile < 64 ? g->first[tile] : 0;
    uint32_t node;
    return tl_child(g, index, tile, &node, NULL) == TL_OK ? node : UINT32_MAX;
}

void tl_graph_follow_each(const tl_graph *g, size_t count, const uint8_t *const *tiles, const size_t *length,
                          uint32_t *node) {
    enum { GROUP = 16 };
    for (size_t from = 0; from < count; from += GROUP) {
        size_t m = count - from < GROUP ? count - from : GROUP, going = 0;
        uint32_t list[GROUP];
        size_t at[GROUP];
        for (size_t k = 0; k < m; k++) {
            size_t w = from + k;
            const struct tl_pair *pair = first_pair(g, tiles[w], length[w]);
            node[w] = 0;
            at[k] = SIZE_MAX; /* done */
            if (pair && !pair->node)
                continue;
            if (!length[w])
                continue;
            list[k] = pair ? tl_arc(g, tl_load(g->base, pair->node)) : g->root;
            node[w] = pair ? pair->node : 0;
            at[k] = pair ? 2 : 0;
            TL_PREFETCH(g->base + 4 * (size_t)list[k]);
            going++;
        }
        while (going) { /* a step of each walk still going, each asking for the list of its next step */
            for (size_t k = 0; k < m; k++) {
                size_t w = from + k;
                if (at[k] == SIZE_MAX)
                    continue;
                if (at[k] == length[w]) {
                    at[k] = SIZE_MAX;
                    going--;
                    continue;
                }
                uint32_t found = step_from(g, list[k], tiles[w][at[k]]);
                node[w] = found;
                if (!found || found == UINT32_MAX) {
                    at[k] = SIZE_MAX;
                    going--;
                    continue;
                }
                list[k] = tl_arc(g, tl_load(g->base, found));
                TL_PREFETCH(g->base + 4 * (size_t)list[k]);
                at[k]++;
            }
        }
    }
}

tl_status tl_graph_contains(const tl_graph *g, const uint8_t *tiles, size_t length, int *found, tl_error *err) {
    *found = 0;
    if (!length)
        return TL_OK;
    uint32_t node;
    tl_status rc = tl_graph_follow(g, g->root, tiles, length, &node, err);
    if (rc == TL_OK && node)
        *found = tl_accepts(g, tl_load(g->base, node));
    return rc;
}

tl_status tl_graph_hooks(const tl_graph *g, const uint8_t *tiles, size_t length, uint8_t front[64], size_t *n_front,
                         uint8_t back[64], size_t *n_back, tl_error *err) {
    *n_front = *n_back = 0;
    uint32_t end;
    tl_status rc = tl_graph_follow(g, g->root, tiles, length, &end, err);
    if (rc != TL_OK)
        return rc;
    if (end) {
        for (uint32_t index = tl_arc(g, tl_load(g->base, end)); index; index++) {
            if (index >= g->n)
                return tl_bad_index(g, index, err);
            uint32_t v = tl_load(g->base, index);
            if (tl_accepts(g, v) && *n_back < 64)
                back[(*n_back)++] = (uint8_t)tl_tile(g, v);
            if (tl_is_end(g, v))
                break;
        }
    }
    for (uint32_t index = g->root; index; index++) {
        if (index >= g->n)
            return tl_bad_index(g, index, err);
        uint32_t v = tl_load(g->base, index);
        uint32_t node;
        if ((rc = tl_graph_follow(g, tl_arc(g, v), tiles, length, &node, err)) != TL_OK)
            return rc;
        if (node && tl_accepts(g, tl_load(g->base, node)) && *n_front < 64)
            front[(*n_front)++] = (uint8_t)tl_tile(g, v);
        if (tl_is_end(g, v))
            break;
    }
    return TL_OK;
}

/* ------------------------------------------------------------------ validation */

/* The checks of lexicon.graph.reader.Kwg.validate, in its order and with its messages: every arc
 * inside the file and every tile 0..63, the last list ending with the file, siblings in increasing
 * tile order, and from the roots: no cycle, no list that leads to no word (so that listing words
 * costs at most a path per word), no path longer than TL_MAX_LENGTH tiles (and the GADDAG's
 * separator). A list's height is stored only when it is live, so height 0 also means "dead". */
/* The first fault of the nodes, named: the slow path of tl_graph_check_nodes once it knows there is one. */
static tl_status name_fault(const tl_graph *g, tl_error *err) {
    size_t n = g->n;
    for (size_t index = 0; index < n; index++) {
        uint32_t v = tl_load(g->base, index);
        if (tl_arc(g, v) >= n)
            return tl_fail(err, TL_ERR_CORRUPT, "node %zu points to node %u, past the last (%zu)", index, tl_arc(g, v),
                           n - 1);
        if (tl_tile(g, v) > TL_MAX_TILE)
            return tl_fail(err, TL_ERR_CORRUPT, "node %zu has tile %u; tiles are 0 to %u", index, tl_tile(g, v),
                           TL_MAX_TILE);
    }
    if (!tl_is_end(g, tl_load(g->base, n - 1)))
        return tl_fail(err, TL_ERR_CORRUPT, "the last sibling list runs past the end of the file");
    for (size_t index = 0; index + 1 < n; index++) {
        uint32_t v = tl_load(g->base, index);
        if (!tl_is_end(g, v) && tl_tile(g, tl_load(g->base, index + 1)) <= tl_tile(g, v))
            return tl_fail(err, TL_ERR_CORRUPT, "siblings at nodes %zu and %zu are not in increasing tile order", index,
                           index + 1);
    }
    return tl_fail(err, TL_ERR_CORRUPT, "the word graph's nodes are damaged"); /* not reached: the pass found one */
}

/* The faults of nodes 1..n-1, each node set beside the one before it (read again rather than carried from
 * the last step, so that no step waits for another), OR-ed together: a field's shift and mask are constants
 * where this is inlined, one copy for each layout, so that compilers check several nodes an instruction. */
static inline uint32_t node_faults(const uint8_t *base, size_t n, uint32_t last, unsigned tile_shift,
                                   unsigned end_shift, unsigned arc_shift, uint32_t tile_mask, uint32_t arc_mask) {
    uint32_t fault = 0;
    for (size_t index = 1; index < n; index++) {
        uint32_t v = tl_load(base, index), before = tl_load(base, index - 1);
        uint32_t tile = (v >> tile_shift) & tile_mask, previous = (before >> tile_shift) & tile_mask;
        uint32_t open = ~(before >> end_shift) & 1; /* the node before continues its list */
        /* each test a 32-bit 0 or 1, not a bool: GCC vectorizes no mix of the two widths */
        uint32_t outside = ((v >> arc_shift) & arc_mask) > last ? 1u : 0u, unknown = tile > TL_MAX_TILE ? 1u : 0u;
        fault |= outside | unknown | (tile <= previous ? open : 0u);
    }
    return fault;
}

/* One pass without a branch a node: every bundle and graph opened runs it over millions of nodes, so it is
 * most of an open's time after the checksums. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("tree-vectorize"))) /* GCC vectorizes at -O2 only loops it deems very cheap */
#endif
tl_status tl_graph_check_nodes(const tl_graph *g, tl_error *err) {
    const size_t n = g->n;
    const uint32_t arc_mask = g->big ? 0xFFFFFFu : 0x3FFFFFu;
    const uint32_t last = n - 1 > arc_mask ? arc_mask : (uint32_t)(n - 1); /* no arc reaches past arc_mask */
    uint32_t first = tl_load(g->base, 0), fault = tl_arc(g, first) > last || tl_tile(g, first) > TL_MAX_TILE;
    fault |= g->big ? node_faults(g->base, n, last, 0, 6, 8, 63u, 0xFFFFFFu)
                    : node_faults(g->base, n, last, 24, 22, 0, 0xFFu, 0x3FFFFFu);
    return fault || !tl_is_end(g, tl_load(g->base, n - 1)) ? name_fault(g, err) : TL_OK;
}

tl_status tl_graph_validate(const tl_graph *g, tl_error *err) {
    size_t n = g->n;
    tl_status rc = tl_graph_check_nodes(g, err);
    if (rc != TL_OK)
        return rc;
    /* Depth-first from each root over lists; a frame is a list start and the next sibling whose
     * arc is still to be looked at. state: 0 unseen, 1 on the current path, 2 done; a done list's
     * height is the longest path from it (saturating), and it leads to a word. */
    uint8_t *state = calloc(n, 1);
    uint16_t *height = calloc(n, sizeof *height);
    uint32_t(*stack)[2] = malloc(n * sizeof *stack);
    if (!state || !height || !stack) {
        rc = tl_nomem(err);
        goto done;
    }
    uint32_t starts[2] = {g->root, g->gaddag};
    for (int r = 0; r < 2 && rc == TL_OK; r++) {
        uint32_t start = starts[r];
        if (!start || state[start])
            continue;
        size_t top = 0;
        stack[0][0] = start;
        stack[0][1] = start;
        state[start] = 1;
        while (rc == TL_OK) {
            uint32_t current = stack[top][0];
            uint32_t at = stack[top][1];
            uint32_t next_child = 0;
            /* the next sibling from `at` with an arc; at == 0 marks the list as exhausted */
            while (at) {
                uint32_t v = tl_load(g->base, at);
                uint32_t arc = tl_arc(g, v);
                at = tl_is_end(g, v) ? 0 : at + 1;
                if (arc) {
                    next_child = arc;
                    break;
                }
            }
            stack[top][1] = at;
            if (!next_child) {
                unsigned longest = 1;
                int live = 0; /* a word ends in this list or below it */
                for (uint32_t i = current;; i++) {
                    uint32_t v = tl_load(g->base, i);
                    uint32_t arc = tl_arc(g, v);
                    if (arc && height[arc] + 1u > longest)
                        longest = height[arc] + 1u;
                    live |= tl_accepts(g, v) || (arc && height[arc]);
                    if (tl_is_end(g, v))
                        break;
                }
                if (!live) {
                    rc = tl_fail(err, TL_ERR_CORRUPT, "the list at node %u leads to no word", current);
                    break;
                }
                height[current] = (uint16_t)(longest > 0xFFFF ? 0xFFFF : longest);
                state[current] = 2;
                if (top == 0)
                    break;
                top--;
            } else if (state[next_child] == 1) {
                rc = tl_fail(err, TL_ERR_CORRUPT, "the lists at nodes %u and %u form a cycle", current, next_child);
            } else if (!state[next_child]) {
                state[next_child] = 1;
                top++;
                stack[top][0] = next_child;
                stack[top][1] = next_child;
            }
        }
        /* a GADDAG path is a word's tiles and the separator */
        if (rc == TL_OK && height[start] > TL_MAX_LENGTH + (unsigned)r)
            rc = tl_fail(err, TL_ERR_CORRUPT, "the %s has a path of more than %u tiles", r ? "GADDAG" : "DAWG",
                         TL_MAX_LENGTH + (unsigned)r);
    }
done:
    free(state);
    free(height);
    free(stack);
    return rc;
}

/* Every node a DAWG path reaches from the root holds a tile of `tiles` (bit t for tile t): what a reader that
 * spells words through a tile set needs of a graph from elsewhere. Each node is read once, so a list an arc
 * leads into the middle of stops where its tail was read before, and each node pushes at most one list: the
 * stack holds n; TL_ERR_CORRUPT names the first node that holds another tile. */
tl_status tl_graph_check_tiles(const tl_graph *g, uint64_t tiles, tl_error *err) {
    if (!g->root)
        return TL_OK;
    uint8_t *seen = calloc(g->n, 1);
    uint32_t *stack = malloc(g->n * sizeof *stack);
    tl_status rc = TL_OK;
    if (!seen || !stack) {
        rc = tl_nomem(err);
        goto done;
    }
    size_t top = 0;
    stack[top++] = g->root;
    while (top && rc == TL_OK) {
        for (uint32_t i = stack[--top];; i++) {
            if (i >= g->n) {
                rc = tl_bad_index(g, i, err);
                break;
            }
            if (seen[i])
                break; /* this node and the rest of its list were read from another start */
            seen[i] = 1;
            uint32_t v = tl_load(g->base, i), arc = tl_arc(g, v);
            unsigned tile = tl_tile(g, v);
            if (tile > 63 || !(tiles >> tile & 1)) {
                rc = tl_fail(err, TL_ERR_CORRUPT, "node %u has tile %u, which the tile set lacks", i, tile);
                break;
            }
            if (arc && arc < g->n && !seen[arc])
                stack[top++] = arc;
            if (tl_is_end(g, v))
                break;
        }
    }
done:
    free(seen);
    free(stack);
    return rc;
}

/* ------------------------------------------------------------------ word counts and rank */

/* counts[p] = the words of the sibling list from node p to its end: accepts(p), the words
 * after p's arc, and counts[p + 1] unless p ends its list (as wolges' count_words_at). Only
 * nodes reachable from the DAWG root are counted; a cycle is corrupt.
 *
 * Depth first over sibling lists, not nodes: a list is left on the stack until the lists its
 * nodes' arcs lead to are counted (`next` says how far its nodes have been looked at), then its
 * counts are summed from its last node back in one pass. A list an arc leads into the middle of
 * (lists share their tails) is a list of its own here, counted alike. Any cycle passes through a
 * node whose arc leads to a list still on the stack, which is how it is found. */
static tl_status count_into(const tl_graph *g, uint32_t *counts, tl_error *err) {
    size_t n = g->n;
    uint8_t *state = calloc(n, 1); /* of a list's first node: 1 on the stack, 2 counted */
    uint32_t *stack = malloc(n * sizeof *stack), *next = malloc(n * sizeof *next);
    tl_status rc = TL_OK;
    memset(counts, 0, n * sizeof *counts);
    if (!state || !stack || !next) {
        rc = tl_nomem(err);
        goto done;
    }
    if (g->root) {
        if (g->root >= n) {
            rc = tl_bad_index(g, g->root, err);
            goto done;
        }
        size_t top = 0;
        stack[0] = next[0] = g->root;
        state[g->root] = 1;
        for (;;) {
            uint32_t list = stack[top], p = next[top];
            int pushed = 0;
            for (;; p++) {
                if (p >= n) {
                    rc = tl_bad_index(g, p, err);
                    goto done;
                }
                uint32_t v = tl_load(g->base, p), arc = tl_arc(g, v);
                if (arc >= n) {
                    rc = tl_bad_index(g, arc, err);
                    goto done;
                }
                if (arc && state[arc] != 2) {
                    if (state[arc] == 1) {
                        rc = tl_fail(err, TL_ERR_CORRUPT, "the word graph has a cycle through node %u", arc);
                        goto done;
                    }
                    next[top] = p; /* back to this node once its arc's list is counted */
                    state[arc] = 1;
                    ++top;
                    stack[top] = next[top] = arc;
                    pushed = 1;
                    break;
                }
                if (tl_is_end(g, v))
                    break;
            }
            if (pushed)
                continue;
            uint64_t after = 0; /* p ends the list: its counts, from the last node back */
            for (uint32_t q = p + 1; q-- > list;) {
                uint32_t v = tl_load(g->base, q), arc = tl_arc(g, v);
                uint64_t total = (uint64_t)tl_accepts(g, v) + (arc ? counts[arc] : 0) + after;
                if (total > 0xFFFFFFFFu) {
                    rc = tl_fail(err, TL_ERR_LIMIT, "the word graph holds more than 2**32 - 1 words");
                    goto done;
                }
                counts[q] = (uint32_t)total;
                after = total;
            }
            state[list] = 2;
            if (top == 0)
                break;
            top--;
        }
    }
done:
    free(state);
    free(stack);
    free(next);
    return rc;
}

/* The rank so far at each pair's node (struct tl_graph's `pairs`), once the graph has counts: every rank starts
 * in the root list and the list after it, the widest two, so that reading them is most of a rank's work. */
static void rank_pairs(tl_graph *g) {
    const uint32_t *counts = g->counts;
    for (unsigned a = 1; g->pairs && a < 64; a++) {
        uint32_t first = g->first[a];
        if (!first || !(g->pair_rows >> a & 1))
            continue;
        uint32_t v = tl_load(g->base, first), list = tl_arc(g, v);
        uint64_t before = (uint64_t)counts[g->root] - counts[first] + tl_accepts(g, v) + (list ? counts[list] : 0);
        for (unsigned b = 1; b < 64; b++) {
            struct tl_pair *pair = &g->pairs[a * 64 + b];
            if (pair->node)
                pair->before = (uint32_t)(before - counts[pair->node]);
        }
    }
}

tl_status tl_graph_count_words(tl_graph *g, tl_error *err) {
    if (g->counts)
        return TL_OK;
    uint32_t *counts = malloc(g->n * sizeof *counts);
    if (!counts)
        return tl_nomem(err);
    tl_status rc = count_into(g, counts, err);
    if (rc != TL_OK) {
        free(counts);
        return rc;
    }
    g->counts = counts;
    g->own_counts = 1;
    rank_pairs(g);
    return TL_OK;
}

tl_status tl_graph_counts(const tl_graph *g, uint32_t *out, size_t n, tl_error *err) {
    if (n != g->n)
        return tl_fail(err, TL_ERR_INPUT, "room for %zu counts; the graph has %zu nodes", n, g->n);
    return count_into(g, out, err);
}

tl_status tl_graph_use_counts(tl_graph *g, const uint32_t *counts, size_t n, tl_error *err) {
    if (g->counts)
        return tl_fail(err, TL_ERR_STATE, "the graph has its word counts already");
    if (n != g->n)
        return tl_fail(err, TL_ERR_CORRUPT, "%zu word counts for a graph of %zu nodes", n, g->n);
    if (g->root >= g->n)
        return tl_bad_index(g, g->root, err);
    g->counts = counts;
    g->own_counts = 0;
    rank_pairs(g);
    return TL_OK;
}

tl_status tl_graph_check_counts(const tl_graph *g, tl_error *err) {
    if (!g->counts)
        return TL_OK;
    uint32_t *own = malloc(g->n * sizeof *own);
    if (!own)
        return tl_nomem(err);
    tl_status rc = count_into(g, own, err);
    for (size_t i = 0; rc == TL_OK && i < g->n; i++)
        if (own[i] != g->counts[i])
            rc = tl_fail(err, TL_ERR_CORRUPT, "the word counts are not the graph's own: node %zu counts %u words, "
                         "not %u", i, (unsigned)g->counts[i], (unsigned)own[i]);
    free(own);
    return rc;
}

static tl_status need_counts(const tl_graph *g, tl_error *err) {
    if (!g->counts)
        return tl_fail(err, TL_ERR_STATE, "count the graph's words (tl_graph_count_words) before asking for ranks");
    return TL_OK;
}

tl_status tl_graph_rank(const tl_graph *g, const uint8_t *tiles, size_t length, int64_t *rank, tl_error *err) {
    tl_status rc = need_counts(g, err);
    *rank = -1;
    if (rc != TL_OK || !length)
        return rc;
    const uint32_t *counts = g->counts;
    uint32_t p = g->root, node = 0; /* tiles[0..i) are read, the last of them at `node` (0: none read yet) */
    uint64_t index = 0;
    size_t i = 0;
    const struct tl_pair *pair = first_pair(g, tiles, length);
    if (pair) { /* the first two steps at once */
        if (!(node = pair->node))
            return TL_OK;
        index = pair->before;
        i = 2;
    }
    for (;;) {
        if (node) {
            uint32_t v = tl_load(g->base, node);
            if (i == length) {
                if (!tl_accepts(g, v))
                    return TL_OK;
                if (index >= counts[g->root]) /* counts that are not the graph's (tl_graph_use_counts) */
                    return tl_fail(err, TL_ERR_CORRUPT, "a rank of %llu past the graph's %u words: its counts are "
                                   "not its own", (unsigned long long)index, (unsigned)counts[g->root]);
                *rank = (int64_t)index;
                return TL_OK;
            }
            index += (uint64_t)tl_accepts(g, v); /* the word ending here comes before every longer one */
            p = tl_arc(g, v);
        }
        if (!p)
            return TL_OK;
        if (p >= g->n)
            return tl_bad_index(g, p, err);
        index += counts[p]; /* less the words from `node` on: those of the siblings before it */
        if (p == g->root && g->indexed) /* the root list, read by every lookup, is indexed by tile */
            node = tiles[i] < 64 ? g->first[tiles[i]] : 0;
        else if ((rc = tl_child(g, p, tiles[i], &node, err)) != TL_OK)
            return rc;
        if (!node)
            return TL_OK;
        index -= counts[node];
        i++;
    }
}

void tl_graph_rank_each(const tl_graph *g, size_t count, const uint8_t *const *tiles, const size_t *length,
                        int64_t *rank) {
    enum { GROUP = 16 };
    const uint32_t *counts = g->counts;
    for (size_t from = 0; from < count; from += GROUP) {
        size_t m = count - from < GROUP ? count - from : GROUP, going = 0;
        uint32_t p[GROUP], node[GROUP];
        uint64_t index[GROUP];
        size_t at[GROUP]; /* tiles read (SIZE_MAX: done), as in tl_graph_rank */
        for (size_t k = 0; k < m; k++) {
            size_t w = from + k;
            const struct tl_pair *pair = first_pair(g, tiles[w], length[w]);
            rank[w] = counts ? -1 : INT64_MIN;
            at[k] = SIZE_MAX;
            if (!counts || !length[w] || (pair && !pair->node))
                continue;
            p[k] = g->root;
            node[k] = pair ? pair->node : 0;
            index[k] = pair ? pair->before : 0;
            at[k] = pair ? 2 : 0;
            going++;
        }
        while (going) {
            for (size_t k = 0; k < m; k++) {
                size_t w = from + k;
                if (at[k] == SIZE_MAX)
                    continue;
                int64_t result = -1;
                if (node[k]) {
                    uint32_t v = tl_load(g->base, node[k]);
                    if (at[k] == length[w]) {
                        if (tl_accepts(g, v))
                            result = index[k] < counts[g->root] ? (int64_t)index[k] : INT64_MIN;
                        goto done;
                    }
                    index[k] += (uint64_t)tl_accepts(g, v);
                    p[k] = tl_arc(g, v);
                }
                if (!p[k])
                    goto done;
                if (p[k] >= g->n) {
                    result = INT64_MIN;
                    goto done;
                }
                index[k] += counts[p[k]];
                uint32_t found = step_from(g, p[k], tiles[w][at[k]]);
                if (!found || found == UINT32_MAX) {
                    result = found ? INT64_MIN : -1;
                    goto done;
                }
                node[k] = found;
                index[k] -= counts[found];
                at[k]++;
                if (at[k] < length[w]) { /* the next step reads the list after this node, and its count */
                    uint32_t next = tl_arc(g, tl_load(g->base, found));
                    TL_PREFETCH(g->base + 4 * (size_t)next);
                    TL_PREFETCH(counts + next);
                }
                continue;
            done:
                rank[w] = result;
                at[k] = SIZE_MAX;
                going--;
            }
        }
    }
}

tl_status tl_graph_word_count(const tl_graph *g, uint64_t *count, tl_error *err) {
    tl_status rc = need_counts(g, err);
    *count = rc == TL_OK && g->root ? g->counts[g->root] : 0;
    return rc;
}

/* ------------------------------------------------------------------ what follows a prefix */

tl_status tl_graph_list_after(const tl_graph *g, const uint8_t *prefix, size_t length, int separator, uint32_t *list,
                              tl_error *err) {
    *list = 0;
    if (separator > 255)
        return tl_fail(err, TL_ERR_INPUT, "a separator is a tile number below 256, not %d", separator);
    if (length > TL_MAX_LENGTH)
        return TL_OK; /* no path is that long */
    if (!length && separator < 0) {
        *list = g->root;
        return TL_OK;
    }
    uint8_t path[TL_MAX_LENGTH + 1];
    memcpy(path, prefix, length);
    if (separator >= 0)
        path[length++] = (uint8_t)separator;
    uint32_t node;
    tl_status rc = tl_graph_follow(g, g->root, path, length, &node, err);
    if (rc == TL_OK && node)
        *list = tl_arc(g, tl_load(g->base, node));
    return rc;
}

tl_status tl_graph_words(const tl_graph *g, uint32_t list, tl_word_fn emit, void *context, tl_error *err) {
    uint32_t stack[TL_MAX_LENGTH];
    uint8_t path[TL_MAX_LENGTH];
    size_t top = 0;
    stack[0] = list;
    while (list) {
        uint32_t node = stack[top];
        if (!node) { /* this list is done: back to the next sibling one level up */
            if (top == 0)
                break;
            top--;
            continue;
        }
        if (node >= g->n)
            return tl_bad_index(g, node, err);
        uint32_t v = tl_load(g->base, node);
        stack[top] = tl_is_end(g, v) ? 0 : node + 1;
        path[top] = (uint8_t)tl_tile(g, v);
        if (tl_accepts(g, v) && emit(context, path, top + 1))
            break;
        uint32_t arc = tl_arc(g, v);
        if (arc) {
            if (top + 1 >= TL_MAX_LENGTH)
                return tl_fail(err, TL_ERR_CORRUPT, "the word graph has a path of more than %u tiles", TL_MAX_LENGTH);
            stack[++top] = arc;
        }
    }
    return TL_OK;
}

tl_status tl_graph_first_word(const tl_graph *g, uint32_t list, uint8_t out[TL_MAX_LENGTH], size_t *length,
                              tl_error *err) {
    *length = 0;
    for (uint32_t node = list;;) {
        if (node >= g->n)
            return tl_bad_index(g, node, err);
        uint32_t v = tl_load(g->base, node);
        out[(*length)++] = (uint8_t)tl_tile(g, v);
        if (tl_accepts(g, v))
            return TL_OK;
        node = tl_arc(g, v);
        if (!node || *length == TL_MAX_LENGTH) {
            *length = 0;
            return tl_fail(err, TL_ERR_CORRUPT, "the word graph has a path that ends in no word");
        }
    }
}
