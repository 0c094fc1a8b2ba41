/* Leave values: what the tiles a player keeps after a play are worth, read from a KLV2 file (wolges'
 * details.txt, "KURNIA LEAVE VALUES"), the format wolges, Macondo and MAGPIE read theirs in:
 *
 *     u32 LE   the number of nodes
 *     nodes    a KWG of the leaves (a DAWG: node 0 points to its root), each leave's tile numbers in
 *              increasing order, a blank tile 0 and so first
 *     u32 LE   the number of values: one a leave
 *     f32 LE   the values, in the leaves' order in the word graph
 *
 * A leave's rank among the graph's words (tl_graph_rank, the minimal perfect hash) is its value's index, so
 * a value is a walk of at most a rack's tiles. The empty leave is worth 0. Other engines give a leave the file
 * lacks 0 as well; here it is worked out from its parts (below), so that a file may hold only the leaves its
 * parts do not already say (lexicon.play.leavegen.prune) and still value every leave. */
#include "graph/internal.h"
#include "play/game.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct tl_leaves {
    uint8_t *nodes; /* the file's nodes, copied: the graph reads them in place */
    tl_graph *graph;
    float *values;
    size_t n;
};

tl_status tl_leaves_read(const uint8_t *bytes, size_t size, tl_leaves **out, tl_error *err) {
    *out = NULL;
    if (size < 8)
        return tl_fail(err, TL_ERR_CORRUPT, "leave values: %zu bytes; a KLV2 file is at least 8 (two counts)", size);
    size_t nodes = tl_load(bytes, 0);
    if (nodes < 1 || nodes > (size - 8) / 4)
        return tl_fail(err, TL_ERR_CORRUPT, "leave values: the file's %zu bytes cannot hold the %zu nodes it counts",
                       size, nodes);
    size_t values = tl_load(bytes, 1 + nodes);
    if (size != 8 + 4 * nodes + 4 * values)
        return tl_fail(err, TL_ERR_CORRUPT,
                       "leave values: %zu nodes and %zu values make %zu bytes, and the file has %zu", nodes, values,
                       8 + 4 * nodes + 4 * values, size);
    tl_leaves *l = calloc(1, sizeof *l);
    if (!l || !(l->nodes = malloc(4 * nodes)) || !(l->values = malloc(values ? 4 * values : 1))) {
        tl_leaves_free(l);
        return tl_nomem(err);
    }
    memcpy(l->nodes, bytes + 4, 4 * nodes);
    l->n = values;
    tl_status rc = tl_graph_open(l->nodes, 4 * nodes, TL_LAYOUT_KWG, &l->graph, err);
    if (rc == TL_OK)
        rc = tl_graph_validate(l->graph, err);
    if (rc == TL_OK)
        rc = tl_graph_count_words(l->graph, err);
    uint64_t words = 0;
    if (rc == TL_OK)
        rc = tl_graph_word_count(l->graph, &words, err);
    if (rc == TL_OK && words != values)
        rc = tl_fail(err, TL_ERR_CORRUPT, "leave values: %llu leaves in the word graph and %zu values",
                     (unsigned long long)words, values);
    for (size_t i = 0; rc == TL_OK && i < values; i++) {
        uint32_t bits = tl_load(bytes, 2 + nodes + i);
        memcpy(&l->values[i], &bits, 4);
        if (!isfinite(l->values[i]))
            rc = tl_fail(err, TL_ERR_CORRUPT, "leave values: value %zu is not a finite number", i);
    }
    if (rc != TL_OK) {
        if (rc != TL_ERR_NOMEM)
            rc = TL_ERR_CORRUPT;
        tl_leaves_free(l);
        return rc;
    }
    *out = l;
    return TL_OK;
}

void tl_leaves_free(tl_leaves *leaves) {
    if (!leaves)
        return;
    tl_graph_close(leaves->graph);
    free(leaves->nodes);
    free(leaves->values);
    free(leaves);
}

size_t tl_leaves_count(const tl_leaves *leaves) { return leaves ? leaves->n : 0; }

/* The value the file gives the leave `tiles` (n of them, in increasing order), or NAN when it lacks it. */
static float stored(const tl_leaves *l, const uint8_t *tiles, size_t n) {
    int64_t rank = -1;
    tl_error err;
    if (!n || tl_graph_rank(l->graph, tiles, n, &rank, &err) != TL_OK || rank < 0 || (uint64_t)rank >= l->n)
        return NAN;
    return l->values[rank];
}

/* A leave's value worked out from its parts where the file lacks it: the mean, over its kinds of tile t, of the
 * value of the leave without one t plus the value of t alone, as the trainer values a leave it never saw
 * (lexicon.play.leavegen); the parts' own values the same way where they are missing too. The parts of a leave
 * of at most ESTIMATED tiles are at most 2^ESTIMATED multisets, each worked out once (`memo`, by how many of each
 * kind it keeps, in mixed radix). */
#define ESTIMATED 7
typedef struct {
    const tl_leaves *l;
    unsigned kinds;
    uint8_t tile[ESTIMATED];
    unsigned stride[ESTIMATED];
    float memo[1u << ESTIMATED];
    uint8_t known[1u << ESTIMATED];
} estimate;

static float estimated(estimate *e, uint8_t have[ESTIMATED]) {
    unsigned key = 0;
    uint8_t tiles[ESTIMATED];
    size_t n = 0;
    for (unsigned k = 0; k < e->kinds; k++) {
        key += have[k] * e->stride[k];
        for (unsigned c = 0; c < have[k]; c++)
            tiles[n++] = e->tile[k];
    }
    if (e->known[key])
        return e->memo[key];
    float value = n ? stored(e->l, tiles, n) : 0;
    if (value != value) { /* missing */
        double sum = 0;
        unsigned parts = 0;
        for (unsigned k = 0; k < e->kinds && n > 1; k++) {
            if (!have[k])
                continue;
            float alone = stored(e->l, &e->tile[k], 1);
            have[k]--;
            sum += (double)estimated(e, have) + (alone == alone ? alone : 0);
            have[k]++;
            parts++;
        }
        value = parts ? (float)(sum / parts) : 0;
    }
    e->known[key] = 1;
    e->memo[key] = value;
    return value;
}

float tl_leaves_value(const tl_leaves *leaves, const uint8_t rack[64]) {
    uint8_t tiles[TL_MAX_LENGTH];
    size_t n = 0;
    for (unsigned t = 0; t < 64; t++)
        for (unsigned c = 0; c < rack[t]; c++) {
            if (n == TL_MAX_LENGTH)
                return 0; /* longer than any leave */
            tiles[n++] = (uint8_t)t;
        }
    if (!leaves || !n)
        return 0;
    float value = stored(leaves, tiles, n);
    if (value == value || n > ESTIMATED)
        return value == value ? value : 0;
    estimate e = {.l = leaves};
    uint8_t have[ESTIMATED] = {0};
    unsigned stride = 1;
    for (size_t i = 0; i < n; i++) {
        if (i && tiles[i] == tiles[i - 1]) {
            have[e.kinds - 1]++;
            continue;
        }
        e.tile[e.kinds] = tiles[i];
        have[e.kinds++] = 1;
    }
    for (unsigned k = 0; k < e.kinds; k++) {
        e.stride[k] = stride;
        stride *= have[k] + 1u;
    }
    return estimated(&e, have);
}

void tl_game_use_leaves(tl_game *game, const tl_leaves *leaves) { game->leaves = leaves; }

const tl_leaves *tl_game_leaves(const tl_game *game) { return game->leaves; }
