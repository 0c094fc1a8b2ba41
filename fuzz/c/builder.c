/* libFuzzer target: the builder over arbitrary sequences.
 *
 * The input is a flags byte (bit 0: a GADDAG, bit 1: the kbwg layout) and then runs of a length byte
 * and that many bytes, any values: the sequences are added one by one (tl_builder_add) and all at once
 * (tl_builder_add_packed) to two builders. Both refuse the same inputs; what one refuses adds nothing.
 * A build that is accepted validates, and its DAWG holds exactly the distinct sequences, in order.
 */
#include "graph/tl_graph.h"
#include "require.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t length;
} sequence;

static int compare(const void *a, const void *b) {
    const sequence *x = a, *y = b;
    size_t n = x->length < y->length ? x->length : y->length;
    int c = memcmp(x->data, y->data, n);
    return c ? c : (x->length > y->length) - (x->length < y->length);
}

typedef struct {
    const sequence *expected;
    size_t n, at;
} reading;

static int next_word(void *context, const uint8_t *tiles, size_t length) {
    reading *r = context;
    REQUIRE(r->at < r->n);
    const sequence *e = &r->expected[r->at++];
    REQUIRE(e->length == length && memcmp(e->data, tiles, length) == 0);
    return 0;
}

static uint8_t *finish(tl_builder *b, int gaddag, int layout, tl_build *build) {
    tl_error err;
    tl_status rc = tl_builder_finish(b, gaddag, layout, build, &err);
    REQUIRE(rc == TL_OK || rc == TL_ERR_LIMIT || rc == TL_ERR_NOMEM);
    if (rc != TL_OK)
        return NULL;
    uint8_t *bytes = malloc(build->bytes);
    REQUIRE(bytes && tl_builder_write(b, bytes, build->bytes, &err) == TL_OK);
    return bytes;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!size)
        return 0;
    int gaddag = data[0] & 1, layout = data[0] & 2 ? TL_LAYOUT_KBWG : TL_LAYOUT_KWG;
    const uint8_t *packed = data + 1;
    size_t packed_size = size - 1;
    sequence *seqs = malloc((packed_size + 1) * sizeof *seqs);
    size_t n = 0;
    tl_builder *one = tl_builder_new(), *all = tl_builder_new();
    REQUIRE(one && all && seqs);
    tl_error err;
    int refused = 0;
    size_t at = 0;
    while (at < packed_size) {
        size_t length = packed[at];
        if (at + 1 + length > packed_size) {
            refused = 1; /* a run past the end: the packed form refuses it */
            break;
        }
        tl_status rc = tl_builder_add(one, packed + at + 1, length, &err);
        REQUIRE(rc == TL_OK || rc == TL_ERR_INPUT);
        if (rc == TL_OK)
            seqs[n++] = (sequence){packed + at + 1, length};
        else
            refused = 1;
        at += 1 + length;
    }
    REQUIRE(tl_builder_count(one) == n);
    tl_status rc = tl_builder_add_packed(all, packed, packed_size, &err);
    REQUIRE(rc == (refused ? TL_ERR_INPUT : TL_OK));
    REQUIRE(tl_builder_count(all) == (refused ? 0 : n));
    if (!refused) {
        tl_build a, b;
        uint8_t *x = finish(one, gaddag, layout, &a), *y = finish(all, gaddag, layout, &b);
        REQUIRE((x == NULL) == (y == NULL));
        if (x) {
            REQUIRE(a.bytes == b.bytes && memcmp(x, y, a.bytes) == 0); /* the same bytes either way */
            qsort(seqs, n, sizeof *seqs, compare);
            size_t distinct = 0;
            for (size_t i = 0; i < n; i++)
                if (!distinct || compare(&seqs[distinct - 1], &seqs[i]))
                    seqs[distinct++] = seqs[i];
            REQUIRE(a.distinct == distinct && a.gaddag == gaddag && (int)a.layout == layout);
            tl_graph *g;
            REQUIRE(tl_graph_open(x, a.bytes, a.layout, &g, &err) == TL_OK);
            REQUIRE(tl_graph_validate(g, &err) == TL_OK);
            reading r = {seqs, distinct, 0};
            REQUIRE(tl_graph_words(g, tl_graph_root(g), next_word, &r, &err) == TL_OK && r.at == distinct);
            tl_graph_close(g);
        }
        free(x);
        free(y);
    }
    tl_builder_free(one);
    tl_builder_free(all);
    free(seqs);
    return 0;
}
