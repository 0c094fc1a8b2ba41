/* libFuzzer target: the reader over damaged or hostile bytes, in both layouts.
 *
 * Every entry point is called on the bytes unvalidated: each answers or fails with a status, and the
 * sanitizers (this target is only built with them, by `make sanitize`) fail the run on any read
 * outside the buffer libFuzzer hands over, which is exactly the input's size. On bytes that pass
 * tl_graph_validate, the readers must agree with each other: every word the DAWG enumerates is
 * contained, its rank is its place, the count is the number enumerated, and every walk ends.
 */
#include "graph/tl_graph.h"
#include "require.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUDGET 4000
#define MOST_WORDS 5000

typedef struct {
    const tl_graph *graph;
    int checked; /* counts made: ranks can be asked */
    size_t n;
    int consistent;
} enumeration;

static int check_word(void *context, const uint8_t *tiles, size_t length) {
    enumeration *e = context;
    int found;
    tl_error err;
    REQUIRE(tl_graph_contains(e->graph, tiles, length, &found, &err) == TL_OK && found);
    if (e->checked) {
        int64_t rank;
        REQUIRE(tl_graph_rank(e->graph, tiles, length, &rank, &err) == TL_OK && rank == (int64_t)e->n);
    }
    return ++e->n >= MOST_WORDS;
}

static void walk_all(tl_walk *w) {
    tl_error err;
    tl_status rc;
    size_t n = 0;
    while ((rc = tl_walk_next(w, &err)) == TL_WORD && n++ < MOST_WORDS) {
        size_t length;
        tl_walk_tiles(w, &length);
        REQUIRE(length >= 1 && length <= TL_MAX_LENGTH);
    }
    REQUIRE(rc == TL_WORD || rc == TL_DONE || rc == TL_ERR_COSTLY || rc == TL_ERR_CORRUPT || rc == TL_ERR_NOMEM);
    tl_walk_free(w);
}

/* Every entry point, answers or statuses, on unvalidated bytes. */
static void probe(tl_graph *g, const uint8_t *data, size_t size) {
    tl_error err;
    uint8_t tiles[8];
    size_t length = size < sizeof tiles ? size : sizeof tiles;
    memcpy(tiles, data, length);
    int found;
    uint32_t node;
    tl_graph_contains(g, tiles, length, &found, &err);
    tl_graph_follow(g, tl_graph_root(g), tiles, length, &node, &err);
    tl_graph_follow(g, tl_graph_gaddag_root(g), tiles, length, &node, &err);
    uint8_t front[64], back[64];
    size_t n_front, n_back;
    tl_graph_hooks(g, tiles, length, front, &n_front, back, &n_back, &err);
    if (length) { /* the precheck's walk: the first byte says how many letters, the rest is the word */
        unsigned letters = 1 + data[0] % 47;
        uint8_t word[8];
        for (size_t i = 1; i < length; i++)
            word[i - 1] = (uint8_t)(1 + tiles[i] % letters);
        int spelled;
        tl_status rc = tl_graph_spells(g, letters, word, length - 1, &spelled, &err);
        REQUIRE(rc == TL_OK || rc == TL_ERR_CORRUPT || (rc == TL_ERR_INPUT && length == 1));
    }
    uint32_t list;
    if (tl_graph_list_after(g, tiles, length / 2, length ? tiles[0] % 64 : -1, &list, &err) == TL_OK && list) {
        uint8_t first[TL_MAX_LENGTH];
        size_t n;
        tl_graph_first_word(g, list, first, &n, &err);
    }
    /* the walks taken together agree with each taken alone, on any bytes: the whole sequence and its prefixes */
    const uint8_t *starts[4] = {tiles, tiles, tiles, tiles};
    size_t lengths[4] = {length, length / 2, length ? 1 : 0, length > 2 ? 2 : length};
    uint32_t nodes[4];
    tl_graph_follow_each(g, 4, starts, lengths, nodes);
    for (int k = 0; k < 4; k++) {
        uint32_t alone;
        tl_status rc = tl_graph_follow(g, tl_graph_root(g), tiles, lengths[k], &alone, &err);
        REQUIRE(rc == TL_OK ? nodes[k] == alone : nodes[k] == UINT32_MAX);
    }
    if (tl_graph_count_words(g, &err) == TL_OK) {
        int64_t rank, ranks[4];
        uint64_t count;
        tl_graph_rank_each(g, 4, starts, lengths, ranks);
        for (int k = 0; k < 4; k++) {
            tl_status rc = tl_graph_rank(g, tiles, lengths[k], &rank, &err);
            REQUIRE(rc == TL_OK ? ranks[k] == rank : ranks[k] == INT64_MIN);
        }
        tl_graph_word_count(g, &count, &err);
    }
    uint8_t rack[64] = {0};
    for (size_t i = 0; i < length; i++)
        rack[tiles[i] % 64]++;
    rack[0] = 2;
    tl_walk *w;
    if (tl_walk_anagrams(g, rack, 1, 1, BUDGET, &w, &err) == TL_OK)
        walk_all(w);
    int16_t pattern[] = {TL_ANY_RUN, (int16_t)(length ? 1 + tiles[0] % 63 : 1), TL_ANY_RUN, TL_ACCEPT};
    if (tl_walk_pattern(g, pattern, 4, BUDGET, &w, &err) == TL_OK)
        walk_all(w);
}

/* On bytes that validate: the readers agree. */
static void agree(tl_graph *g) {
    tl_error err;
    tl_status counted = tl_graph_count_words(g, &err);
    REQUIRE(counted == TL_OK || counted == TL_ERR_LIMIT); /* no cycle; but a few nodes can hold 2^32 words */
    enumeration e = {g, counted == TL_OK, 0, 1};
    REQUIRE(tl_graph_words(g, tl_graph_root(g), check_word, &e, &err) == TL_OK);
    uint64_t count;
    REQUIRE(!e.checked || (tl_graph_word_count(g, &count, &err) == TL_OK && (e.n == MOST_WORDS || count == e.n)));
    int16_t every[] = {TL_ANY_RUN, TL_ACCEPT};
    tl_walk *w;
    REQUIRE(tl_walk_pattern(g, every, 2, 1 << 30, &w, &err) == TL_OK);
    size_t n = 0;
    tl_status rc = TL_DONE;
    while (n < MOST_WORDS && (rc = tl_walk_next(w, &err)) == TL_WORD)
        n++;
    REQUIRE(n == MOST_WORDS || (rc == TL_DONE && n == e.n));
    tl_walk_free(w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    for (int layout = TL_LAYOUT_KWG; layout <= TL_LAYOUT_KBWG; layout++) {
        tl_graph *g;
        tl_error err;
        if (tl_graph_open(data, size - size % 4, (tl_layout)layout, &g, &err) != TL_OK)
            continue;
        probe(g, data, size);
        if (tl_graph_validate(g, &err) == TL_OK)
            agree(g);
        tl_graph_close(g);
    }
    return 0;
}
