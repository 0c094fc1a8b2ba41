/* libFuzzer target: the move generators over hostile boards, racks, rules and word graphs.
 *
 * The input is a mode byte, a board side, the board's squares (each byte a square's tile or none, and its
 * premiums or its stack's height), a rack and a bonus, and for an odd mode the bytes of a word graph (damaged or
 * not); an even mode plays on a small Swedish graph built once. Mode bit 16 asks the stacking generator
 * (tl_moves_stack), the others the letters one (tl_moves_generate). Every call answers or fails with a status (the
 * sanitizers fail the run on any read outside a buffer); every play it answers lays tiles from the rack in one
 * line, in increasing order: on empty squares, or (stacking) on a stack lower than the most, of another letter.
 */
#include "graph/tl_graph.h"
#include "play/moves.h"
#include "require.h"

#include <stdlib.h>
#include <string.h>

#define BUDGET 200000

static uint8_t *fixed_bytes;
static tl_graph *fixed;

static void build_fixed(void) {
    /* HUND HUNDAR KATT KATTER DAG AT TA AR: Swedish tile numbers (A 1, D 4, E 5, G 7, H 8, K 11, N 14, R 18,
     * T 20, U 21) */
    static const uint8_t words[][7] = {{8, 21, 14, 4}, {8, 21, 14, 4, 1, 18}, {11, 1, 20, 20}, {11, 1, 20, 20, 5, 18},
                                       {4, 1, 7}, {1, 20}, {20, 1}, {1, 18}};
    static const size_t lengths[] = {4, 6, 4, 6, 3, 2, 2, 2};
    tl_builder *b = tl_builder_new();
    tl_error err;
    for (size_t i = 0; i < sizeof lengths / sizeof *lengths; i++)
        REQUIRE(tl_builder_add(b, words[i], lengths[i], &err) == TL_OK);
    tl_build info;
    REQUIRE(tl_builder_finish(b, 1, TL_LAYOUT_KWG, &info, &err) == TL_OK);
    fixed_bytes = malloc(info.bytes);
    REQUIRE(fixed_bytes && tl_builder_write(b, fixed_bytes, info.bytes, &err) == TL_OK);
    tl_builder_free(b);
    REQUIRE(tl_graph_open(fixed_bytes, info.bytes, TL_LAYOUT_KWG, &fixed, &err) == TL_OK);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!fixed)
        build_fixed();
    if (size < 2)
        return 0;
    unsigned mode = data[0], side = 2 + data[1] % (TL_MAX_BOARD - 1);
    size_t cells = (size_t)side * side, need = 2 + cells + 8;
    if (size < need)
        return 0;
    uint8_t *tiles = calloc(cells, 1), *blanks = calloc(cells, 1), *lm = calloc(cells, 1), *wm = calloc(cells, 1),
            *start = calloc(cells, 1), *heights = calloc(cells, 1);
    REQUIRE(tiles && blanks && lm && wm && start && heights);
    for (size_t i = 0; i < cells; i++) {
        uint8_t c = data[2 + i];
        /* bytes below 200 are empty squares, so that there are anchors; 200 + 2 × (tile - 1), + 1 a blank */
        tiles[i] = c < 200 ? 0 : (uint8_t)(1 + (c - 200) / 2);
        blanks[i] = c >= 200 && (c - 200) % 2;
        lm[i] = 1 + c % 3;
        wm[i] = 1 + (c / 3) % 3;
        start[i] = i == cells / 2;
    }
    uint8_t rack[64] = {0};
    const uint8_t *r = data + 2 + cells;
    for (int i = 0; i < 7; i++)
        rack[r[i] % 64 < 22 ? r[i] % 22 : 1]++;
    tl_board board = {.size = side, .tiles = tiles, .blanks = blanks, .letter_premium = lm, .word_premium = wm,
                      .start = start, .rack_size = 7, .whole_rack_bonus = r[7] % 100, .premiums_every_word = mode & 2};
    for (int t = 0; t < 64; t++)
        board.points[t] = (uint16_t)(t % 11);
    tl_graph *g = fixed, *opened = NULL;
    uint8_t *copy = NULL;
    tl_error err;
    if (mode & 1) {
        size_t rest = size - need;
        copy = malloc(rest ? rest : 1);
        REQUIRE(copy);
        memcpy(copy, data + need, rest);
        if (tl_graph_open(copy, rest, TL_LAYOUT_KWG, &opened, &err) != TL_OK)
            goto out;
        g = opened;
    }
    /* the stacking board: a stack 1 to 7 high under each tile, up to 1 to 6 allowed (too high is refused) */
    unsigned stacking = mode & 16, max_height = 1 + r[7] % 6;
    for (size_t i = 0; i < cells; i++)
        heights[i] = tiles[i] ? (uint8_t)(1 + data[2 + i] % 7) : 0;
    tl_stack_board stacks = {.size = side, .tiles = tiles, .heights = heights, .start = start,
                             .max_height = max_height, .rack_size = 7, .whole_rack_bonus = r[7] % 100,
                             .cube = 1 + (mode >> 5 & 1), .flat_cube = 2, .whole_tower = mode & 64,
                             .rare = (uint64_t)r[0] << 1 | (uint64_t)r[1] << 20, .rare_bonus = r[6] % 5,
                             .rare_every_word = mode & 128, .cover_whole_word = mode & 2};
    if (stacking)
        rack[0] = 0; /* a stacking game has no blanks (one on the rack is refused: tests/c/test_moves.c) */
    tl_moves *moves = NULL;
    tl_status rc = stacking ? tl_moves_stack(g, &stacks, rack, mode & 4, BUDGET, &moves, &err)
                            : tl_moves_generate(g, &board, rack, mode & 4, BUDGET, &moves, &err);
    REQUIRE(rc == TL_OK || rc == TL_ERR_INPUT || rc == TL_ERR_CORRUPT || rc == TL_ERR_COSTLY || rc == TL_ERR_NOMEM ||
            rc == TL_ERR_LIMIT);
    if (rc == TL_OK && (mode & 8))
        rc = tl_moves_sort(moves, &err); /* sorted or not, the same plays */
    REQUIRE(rc == TL_OK || rc == TL_ERR_INPUT || rc == TL_ERR_CORRUPT || rc == TL_ERR_COSTLY || rc == TL_ERR_NOMEM ||
            rc == TL_ERR_LIMIT);
    if (rc == TL_OK) {
        for (size_t i = 0; i < tl_moves_count(moves); i++) {
            const tl_play *p = tl_moves_play(moves, i);
            REQUIRE(p->n >= 1 && p->n <= side);
            uint8_t left[64];
            memcpy(left, rack, 64);
            for (unsigned k = 0; k < p->n; k++) {
                REQUIRE(p->squares[k] < cells);
                if (stacking)
                    REQUIRE(heights[p->squares[k]] < max_height && tiles[p->squares[k]] != (p->tiles[k] & 63u) &&
                            !(p->tiles[k] & TL_BLANK_TILE));
                else
                    REQUIRE(!tiles[p->squares[k]]);
                REQUIRE(k == 0 || p->squares[k] > p->squares[k - 1]);
                unsigned t = p->tiles[k] & 63u;
                REQUIRE(t >= 1);
                unsigned from = (p->tiles[k] & TL_BLANK_TILE) ? 0 : t;
                REQUIRE(left[from] > 0);
                left[from]--;
                if (k)
                    REQUIRE(p->down ? p->squares[k] % side == p->squares[0] % side
                                    : p->squares[k] / side == p->squares[0] / side);
            }
            if (i && (mode & 8))
                REQUIRE(tl_moves_play(moves, i - 1)->score >= p->score);
        }
        REQUIRE(tl_moves_play(moves, tl_moves_count(moves)) == NULL);
    }
    tl_moves_free(moves);
out:
    tl_graph_close(opened);
    free(copy);
    free(tiles);
    free(blanks);
    free(lm);
    free(wm);
    free(start);
    free(heights);
    return 0;
}
