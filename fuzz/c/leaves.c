/* libFuzzer target: the leave-value reader (play/leaves.c) over damaged or hostile KLV2 files.
 *
 * The input's first byte picks the racks asked; the rest is the file. tl_leaves_read must answer or fail with
 * a status; on a file it reads, every value asked is one of the file's values or 0 (the empty leave, a leave it
 * lacks), whatever the rack, and ranking a list of plays by equity keeps every play.
 */
#include "play/tl_play.h"
#include "play/movegen.h"
#include "require.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1)
        return 0;
    uint8_t mode = data[0];
    tl_leaves *leaves = NULL;
    tl_error err;
    if (tl_leaves_read(data + 1, size - 1, &leaves, &err) != TL_OK) {
        REQUIRE(leaves == NULL);
        return 0;
    }
    uint8_t rack[64];
    for (unsigned k = 0; k < 64; k++) {
        memset(rack, 0, sizeof rack);
        /* racks of up to 8 tiles from the mode and the round: blanks, low tiles, tiles past any bag */
        for (unsigned i = 0; i < 1 + (mode + k) % 8; i++)
            rack[(k * 7 + i * (mode | 1)) % 64]++;
        float v = tl_leaves_value(leaves, rack);
        REQUIRE(v == v); /* not NaN: the reader refused those */
    }
    memset(rack, 0, sizeof rack);
    REQUIRE(tl_leaves_value(leaves, rack) == 0);
    /* a few plays of a rack, ranked by equity: each play is kept and the order is a permutation */
    tl_moves *moves = calloc(1, sizeof *moves);
    REQUIRE(moves);
    uint8_t full[64] = {0};
    full[0] = 2;
    full[1 + mode % 62] = 3;
    full[5] = 2;
    for (unsigned i = 0; i < 5; i++) {
        tl_play *p;
        REQUIRE(tl_moves_push(moves, &p, &err) == TL_OK);
        memset(p, 0, sizeof *p);
        p->score = (int32_t)(i * 3 % 7);
        p->n = (uint8_t)(1 + i % 3);
        p->squares[0] = (uint16_t)i;
        for (unsigned t = 0; t < p->n; t++)
            p->tiles[t] = t == 0 ? (uint8_t)(5 | TL_BLANK_TILE) : (uint8_t)(1 + mode % 62);
    }
    REQUIRE(tl_moves_sort_equity(moves, leaves, full, &err) == TL_OK);
    REQUIRE(tl_moves_count(moves) == 5);
    for (size_t i = 0; i < 5; i++)
        REQUIRE(tl_moves_play(moves, i) != NULL);
    tl_moves_free(moves);
    tl_leaves_free(leaves);
    return 0;
}
