/* The move generator's contract, tested in C against the library alone: the plays of a rack on a small
 * board, their scores reckoned by hand, their order, and what it refuses. `make sanitize` runs it under
 * AddressSanitizer and UndefinedBehaviorSanitizer; tests/test_c_library.py compiles and runs it with cc.
 */
#include "check.h"
#include "graph/tl_graph.h"
#include "play/moves.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Swedish tile numbers: A 1, C 3, E 5, R 18, S 19, T 20 */
enum { A = 1, C = 3, E = 5, R = 18, S = 19, T = 20 };
#define SIDE 5
#define CELLS (SIDE * SIDE)

static uint8_t *graph_bytes;

/* CAR CARE CARS CAT CATS AT, with the GADDAG (or without). */
static tl_graph *example(int gaddag) {
    static const uint8_t words[][4] = {{C, A, R}, {C, A, R, E}, {C, A, R, S}, {C, A, T}, {C, A, T, S}, {A, T}};
    static const size_t lengths[] = {3, 4, 4, 3, 4, 2};
    tl_builder *b = tl_builder_new();
    tl_error err;
    for (int i = 0; i < 6; i++)
        CHECK(tl_builder_add(b, words[i], lengths[i], &err) == TL_OK);
    tl_build info;
    CHECK(tl_builder_finish(b, gaddag, TL_LAYOUT_KWG, &info, &err) == TL_OK);
    free(graph_bytes);
    graph_bytes = malloc(info.bytes);
    CHECK(tl_builder_write(b, graph_bytes, info.bytes, &err) == TL_OK);
    tl_builder_free(b);
    tl_graph *g;
    CHECK(tl_graph_open(graph_bytes, info.bytes, TL_LAYOUT_KWG, &g, &err) == TL_OK);
    return g;
}

static uint8_t tiles[CELLS], blanks[CELLS], letter[CELLS], word[CELLS], start[CELLS];

/* A 5×5 board: a triple letter on row 3's first square, a double word on the centre, the start. */
static tl_board board(void) {
    memset(tiles, 0, sizeof tiles);
    memset(blanks, 0, sizeof blanks);
    memset(letter, 1, sizeof letter);
    memset(word, 1, sizeof word);
    memset(start, 0, sizeof start);
    letter[2 * SIDE] = 3;
    word[2 * SIDE + 2] = 2;
    start[2 * SIDE + 2] = 1;
    tl_board b = {.size = SIDE, .tiles = tiles, .blanks = blanks, .letter_premium = letter, .word_premium = word,
                  .start = start, .rack_size = 3, .whole_rack_bonus = 50, .premiums_every_word = 1};
    for (int t = 0; t < 64; t++)
        b.points[t] = 1;
    b.points[C] = 3;
    return b;
}

static void test_the_first_play(tl_graph *g) {
    tl_board b = board();
    b.rack_size = 7; /* three tiles of seven: no bonus */
    uint8_t rack[64] = {0};
    rack[C] = rack[A] = rack[T] = 1;
    tl_moves *m;
    tl_error err;
    CHECK(tl_moves_generate(g, &b, rack, 0, 1000000, &m, &err) == TL_OK && tl_moves_sort(m, &err) == TL_OK);
    /* CAT from three squares and AT from two, across row 3 and down column C, each over the centre */
    CHECK(tl_moves_count(m) == 10);
    const tl_play *best = tl_moves_play(m, 0);
    /* C on the triple letter: (3 × 3 + 1 + 1) × 2 for the centre */
    CHECK(best->score == 22 && !best->down && best->n == 3 && best->squares[0] == 10 && best->tiles[0] == C);
    /* then the plays of 10, by their first square: C3 down, C4 down, B3 across, C3 across, then C3 down */
    static const unsigned first[] = {2, 7, 11, 12, 12}, down[] = {1, 1, 0, 0, 1};
    for (int i = 0; i < 5; i++) {
        const tl_play *p = tl_moves_play(m, 1 + (size_t)i);
        CHECK(p->score == 10 && p->squares[0] == first[i] && p->down == down[i] && p->valid);
    }
    CHECK(tl_moves_play(m, 6)->score == 4 && tl_moves_play(m, 9)->score == 4 && tl_moves_play(m, 10) == NULL);
    tl_moves_free(m);
}

static void test_plays_through_and_beside_the_board(tl_graph *g) {
    tl_board b = board();
    tiles[11] = C, tiles[12] = A, tiles[13] = T; /* CAT across B3–D3, over the spent double word */
    uint8_t rack[64] = {0};
    rack[S] = 1;
    tl_moves *m;
    tl_error err;
    CHECK(tl_moves_generate(g, &b, rack, 0, 1000000, &m, &err) == TL_OK && tl_moves_sort(m, &err) == TL_OK);
    /* CATS: the S on E3, the premium under the A spent */
    CHECK(tl_moves_count(m) == 1);
    const tl_play *p = tl_moves_play(m, 0);
    CHECK(p->score == 6 && p->n == 1 && p->squares[0] == 14 && p->tiles[0] == S && !p->down);
    tl_moves_free(m);

    memset(rack, 0, sizeof rack);
    rack[0] = 1; /* a blank */
    CHECK(tl_moves_generate(g, &b, rack, 0, 1000000, &m, &err) == TL_OK && tl_moves_sort(m, &err) == TL_OK);
    /* CATs across (0 for the blank: 3 + 1 + 1); AT down with the blank an A over the T (0 + 1), and with
     * the blank a T under the A (1 + 0), in square order */
    CHECK(tl_moves_count(m) == 3);
    p = tl_moves_play(m, 0);
    CHECK(p->score == 5 && p->squares[0] == 14 && p->tiles[0] == (S | TL_BLANK_TILE));
    p = tl_moves_play(m, 1);
    CHECK(p->score == 1 && p->down && p->squares[0] == 8 && p->tiles[0] == (A | TL_BLANK_TILE));
    p = tl_moves_play(m, 2);
    CHECK(p->score == 1 && p->down && p->squares[0] == 17 && p->tiles[0] == (T | TL_BLANK_TILE));
    tl_moves_free(m);

    /* with phonies, also the plays whose main word is a word and a cross word is not: AT on C2–D2, over
     * the A and the T (AA, TT) */
    rack[0] = 0;
    rack[A] = rack[T] = 1;
    CHECK(tl_moves_generate(g, &b, rack, 1, 1000000, &m, &err) == TL_OK && tl_moves_sort(m, &err) == TL_OK);
    size_t phonies = 0;
    for (size_t i = 0; i < tl_moves_count(m); i++)
        phonies += !tl_moves_play(m, i)->valid;
    CHECK(tl_moves_count(m) >= 1 && phonies >= 1);
    tl_moves_free(m);
}

static void test_the_whole_rack_earns_its_bonus(tl_graph *g) {
    tl_board b = board();
    uint8_t rack[64] = {0};
    rack[C] = rack[A] = rack[T] = 1; /* three tiles of a rack of three */
    tl_moves *m;
    tl_error err;
    CHECK(tl_moves_generate(g, &b, rack, 0, 1000000, &m, &err) == TL_OK && tl_moves_sort(m, &err) == TL_OK);
    CHECK(tl_moves_play(m, 0)->score == 22 + 50);
    tl_moves_free(m);
}

static void test_what_it_refuses(tl_graph *g, tl_graph *dawg) {
    tl_board b = board();
    uint8_t rack[64] = {0};
    rack[C] = rack[A] = rack[T] = 1;
    tl_moves *m = (tl_moves *)&b;
    tl_error err;
    CHECK(tl_moves_generate(dawg, &b, rack, 0, 1000000, &m, &err) == TL_ERR_INPUT && m == NULL);
    SAYS(err, "no GADDAG");
    CHECK(tl_moves_generate(g, &b, rack, 0, 3, &m, &err) == TL_ERR_COSTLY && m == NULL);
    SAYS(err, "budget of 3");
    b.size = 1;
    CHECK(tl_moves_generate(g, &b, rack, 0, 1000000, &m, &err) == TL_ERR_INPUT);
    b = board();
    tiles[3] = 64;
    CHECK(tl_moves_generate(g, &b, rack, 0, 1000000, &m, &err) == TL_ERR_INPUT);
    SAYS(err, "tile 64");
    b = board();
    word[4] = 4;
    CHECK(tl_moves_generate(g, &b, rack, 0, 1000000, &m, &err) == TL_ERR_INPUT);
    b = board();
    start[12] = 0;
    CHECK(tl_moves_generate(g, &b, rack, 0, 1000000, &m, &err) == TL_ERR_INPUT);
    CHECK(tl_moves_count(NULL) == 0 && tl_moves_play(NULL, 0) == NULL);
    tl_moves_free(NULL);
}

/* ------------------------------------------------------------------ stacking */

static uint8_t heights[CELLS];

/* A 5×5 stacking board: the centre the start, stacks up to 5, each cube of a word 1 (2 on the first level), a
 * tower its height, a play of two cubes a bonus of 10, T a rare cube of 2 in every word. */
static tl_stack_board stack_board(void) {
    memset(tiles, 0, sizeof tiles);
    memset(heights, 0, sizeof heights);
    memset(start, 0, sizeof start);
    start[2 * SIDE + 2] = 1;
    tl_stack_board b = {.size = SIDE, .tiles = tiles, .heights = heights, .start = start, .max_height = 5,
                        .rack_size = 2, .whole_rack_bonus = 10, .cube = 1, .flat_cube = 2, .whole_tower = 1,
                        .rare = 1ull << T, .rare_bonus = 2, .rare_every_word = 1, .cover_whole_word = 0};
    return b;
}

/* The score of the play laying exactly `n` tiles on `squares`, or -1 when there is none. */
static int32_t score_of(const tl_moves *m, unsigned n, const uint16_t *squares, const uint8_t *laid) {
    for (size_t i = 0; i < tl_moves_count(m); i++) {
        const tl_play *p = tl_moves_play(m, i);
        if (p->n == n && !memcmp(p->squares, squares, n * sizeof *squares) && !memcmp(p->tiles, laid, n))
            return p->score;
    }
    return -1;
}

static void test_the_first_stacking_play(tl_graph *dawg) {
    tl_stack_board b = stack_board();
    b.rack_size = 7;
    uint8_t rack[64] = {0};
    rack[C] = rack[A] = rack[T] = 1;
    tl_moves *m;
    tl_error err;
    CHECK(tl_moves_stack(dawg, &b, rack, 0, 1000000, &m, &err) == TL_OK && tl_moves_sort(m, &err) == TL_OK);
    /* CAT from A3, B3 and C3 across and from C1, C2 and C3 down, AT from B3 and C3 across and C2 and C3 down: every
     * one over the centre. CAT on the first level is 3 × 2, and 2 for its T: 8; AT 2 × 2 + 2: 6 */
    CHECK(tl_moves_count(m) == 10);
    for (size_t i = 0; i < 10; i++)
        CHECK(tl_moves_play(m, i)->score == (i < 6 ? 8 : 6) && tl_moves_play(m, i)->valid);
    CHECK(tl_moves_play(m, 0)->squares[0] == 2 && tl_moves_play(m, 0)->down); /* C1 down: the first square first */
    tl_moves_free(m);
}

static void test_cubes_on_cubes(tl_graph *dawg) {
    tl_stack_board b = stack_board();
    tiles[11] = C, tiles[12] = A, tiles[13] = T; /* CAT across B3–D3 on the first level */
    heights[11] = heights[12] = heights[13] = 1;
    uint8_t rack[64] = {0};
    rack[R] = rack[S] = 1;
    tl_moves *m;
    tl_error err;
    CHECK(tl_moves_stack(dawg, &b, rack, 0, 1000000, &m, &err) == TL_OK && tl_moves_sort(m, &err) == TL_OK);
    /* CATS: S on E3, all on the first level, 4 × 2; CAR: R on the T, towers 1 + 1 + 2; CARS: both, 1 + 1 + 2 + 1
     * and 10 for the whole rack. S on the C, the A or the T, or R on the C or the A, makes no word. */
    static const uint16_t on_e3[] = {14}, on_d3[] = {13}, both[] = {13, 14};
    static const uint8_t s[] = {S}, r[] = {R}, rs[] = {R, S};
    CHECK(tl_moves_count(m) == 3);
    CHECK(score_of(m, 1, on_e3, s) == 8 && score_of(m, 1, on_d3, r) == 4 && score_of(m, 2, both, rs) == 15);
    tl_moves_free(m);
    /* a stack's top cube alone: CAR 3, CARS 4 + 10 */
    b.whole_tower = 0;
    CHECK(tl_moves_stack(dawg, &b, rack, 0, 1000000, &m, &err) == TL_OK);
    CHECK(score_of(m, 1, on_d3, r) == 3 && score_of(m, 2, both, rs) == 14);
    tl_moves_free(m);
    /* stacks of one at most: no cube on the T */
    b.max_height = 1;
    CHECK(tl_moves_stack(dawg, &b, rack, 0, 1000000, &m, &err) == TL_OK);
    CHECK(tl_moves_count(m) == 1 && score_of(m, 1, on_e3, s) == 8);
    tl_moves_free(m);
}

static void test_covering_a_whole_word(tl_graph *dawg) {
    tl_stack_board b = stack_board();
    tiles[11] = A, tiles[12] = T; /* AT across B3–C3 */
    heights[11] = heights[12] = 1;
    uint8_t rack[64] = {0};
    rack[C] = rack[A] = rack[T] = 1;
    b.rack_size = 7;
    static const uint16_t over[] = {11, 12, 13};
    static const uint8_t cat[] = {C, A, T};
    tl_moves *m;
    tl_error err;
    /* CAT over both cubes of AT and on D3 covers the word whole: refused, unless the rules allow it; then its
     * towers 2 + 2 + 1, and 2 for the T */
    CHECK(tl_moves_stack(dawg, &b, rack, 0, 1000000, &m, &err) == TL_OK && score_of(m, 3, over, cat) == -1);
    tl_moves_free(m);
    b.cover_whole_word = 1;
    CHECK(tl_moves_stack(dawg, &b, rack, 0, 1000000, &m, &err) == TL_OK && score_of(m, 3, over, cat) == 7);
    tl_moves_free(m);
}

static void test_what_the_stacking_generator_refuses(tl_graph *dawg) {
    tl_stack_board b = stack_board();
    uint8_t rack[64] = {0};
    rack[C] = 1;
    tl_moves *m = (tl_moves *)&b;
    tl_error err;
    rack[0] = 1;
    CHECK(tl_moves_stack(dawg, &b, rack, 0, 1000000, &m, &err) == TL_ERR_INPUT && m == NULL);
    SAYS(err, "no blanks");
    rack[0] = 0;
    tiles[3] = C; /* a tile with no stack under it */
    CHECK(tl_moves_stack(dawg, &b, rack, 0, 1000000, &m, &err) == TL_ERR_INPUT);
    SAYS(err, "square 3");
    heights[3] = 6; /* higher than the game stacks */
    CHECK(tl_moves_stack(dawg, &b, rack, 0, 1000000, &m, &err) == TL_ERR_INPUT);
    b = stack_board();
    b.max_height = 0;
    CHECK(tl_moves_stack(dawg, &b, rack, 0, 1000000, &m, &err) == TL_ERR_INPUT);
    b = stack_board();
    b.cube = -1;
    CHECK(tl_moves_stack(dawg, &b, rack, 0, 1000000, &m, &err) == TL_ERR_INPUT);
    b = stack_board();
    start[12] = 0;
    CHECK(tl_moves_stack(dawg, &b, rack, 0, 1000000, &m, &err) == TL_ERR_INPUT);
    SAYS(err, "no start square");
    b = stack_board();
    rack[A] = rack[T] = 1;
    CHECK(tl_moves_stack(dawg, &b, rack, 0, 2, &m, &err) == TL_ERR_COSTLY && m == NULL);
    CHECK(tl_moves_stack(NULL, &b, rack, 0, 1000000, &m, &err) == TL_ERR_INPUT);
}

int main(void) {
    tl_graph *dawg = example(0);
    uint8_t *dawg_bytes = graph_bytes;
    graph_bytes = NULL;
    tl_graph *g = example(1);
    test_the_first_play(g);
    test_plays_through_and_beside_the_board(g);
    test_the_whole_rack_earns_its_bonus(g);
    test_what_it_refuses(g, dawg);
    test_the_first_stacking_play(dawg);
    test_cubes_on_cubes(dawg);
    test_covering_a_whole_word(dawg);
    test_what_the_stacking_generator_refuses(dawg);
    test_the_first_stacking_play(g); /* a graph with a GADDAG reads the same through its DAWG */
    tl_graph_close(g);
    tl_graph_close(dawg);
    free(graph_bytes);
    free(dawg_bytes);
    printf("%d checks, %d failed\n", checks, failures);
    return failures != 0;
}
