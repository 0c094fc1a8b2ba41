/* The play judge's contract, tested in C against the library alone: a game read from its document, turns judged
 * on a small board with their scores reckoned by hand (premiums, a blank, the whole-rack bonus, cubes on cubes),
 * the problems of turns the rules refuse, the document written, and what the reader refuses. `make sanitize`
 * runs it under AddressSanitizer and UndefinedBehaviorSanitizer; tests/test_c_library.py compiles and runs it
 * with cc. The JSON entry points over a bundle are the fuzz target fuzz/c/play.c's and tests/test_play_engine.py's.
 */
#include "check.h"
#include "play/tl_play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A 5 × 5 letters game: a triple letter on A3, a double word on the centre C3, which is the start; racks of 3. */
static const char LETTERS[] =
    "{\"format\":\"tile-lexicon-game\",\"format_version\":1,\"name\":\"t-letters\",\"lexicon\":\"t-words\","
    "\"size\":5,\"rack\":3,\"start\":[\"C3\"],\"layout\":\"small\","
    "\"layouts\":[{\"name\":\"small\",\"verified\":true,\"rows\":[\".....\",\".....\",\"t.D..\",\".....\",\".....\"]}],"
    "\"scoring\":{\"rule\":\"letters\",\"whole_rack_bonus\":50,\"premiums_every_word\":true,\"cube\":1,\"flat_cube\":2,"
    "\"rare\":[],\"rare_bonus\":0,\"rare_bonus_every_word\":true},\"stacking\":null,\"several_words\":false,"
    "\"challenge\":{\"rule\":\"double\",\"challenger_penalty\":0},"
    "\"end\":{\"remaining\":\"face-value\",\"per_tile\":0,\"going_out_gains\":true},"
    "\"tileset\":{\"name\":\"t-tiles\",\"language\":\"sv\",\"blanks\":2,\"fold\":[],\"tiles\":["
    "{\"letter\":\"A\",\"lower\":\"a\",\"number\":1,\"count\":9,\"points\":1,\"vowel\":true},"
    "{\"letter\":\"C\",\"lower\":\"c\",\"number\":3,\"count\":2,\"points\":3,\"vowel\":false},"
    "{\"letter\":\"T\",\"lower\":\"t\",\"number\":20,\"count\":6,\"points\":1,\"vowel\":false}]}}";

/* The same board stacking cubes up to 3 high, scored per cube, two plays a turn. */
static const char CUBES[] =
    "{\"format\":\"tile-lexicon-game\",\"format_version\":1,\"name\":\"t-cubes\",\"lexicon\":\"t-words\","
    "\"size\":5,\"rack\":3,\"start\":[\"C3\"],\"layout\":null,\"layouts\":[],"
    "\"scoring\":{\"rule\":\"cubes\",\"whole_rack_bonus\":10,\"premiums_every_word\":true,\"cube\":1,\"flat_cube\":2,"
    "\"rare\":[\"C\"],\"rare_bonus\":2,\"rare_bonus_every_word\":true},"
    "\"stacking\":{\"max_height\":3,\"scores\":\"stack\",\"cover_whole_word\":false},\"several_words\":true,"
    "\"challenge\":{\"rule\":\"single\",\"challenger_penalty\":0},"
    "\"end\":{\"remaining\":\"per-tile\",\"per_tile\":5,\"going_out_gains\":false},"
    "\"tileset\":{\"name\":\"t-cubes\",\"language\":\"hu\",\"blanks\":0,\"fold\":[],\"tiles\":["
    "{\"letter\":\"A\",\"lower\":\"a\",\"number\":1,\"count\":9,\"points\":1,\"vowel\":true},"
    "{\"letter\":\"C\",\"lower\":\"c\",\"number\":3,\"count\":2,\"points\":3,\"vowel\":false},"
    "{\"letter\":\"T\",\"lower\":\"t\",\"number\":20,\"count\":6,\"points\":1,\"vowel\":false}]}}";

enum { A = 1, C = 3, T = 20, BLANK = TL_BLANK_TILE };

static tl_game *read_game(const char *text) {
    tl_game *g = NULL;
    tl_error err;
    CHECK(tl_game_read(text, strlen(text), &g, &err) == TL_OK);
    return g;
}

/* The LETTERS game with the text `from` of its document written `to` instead. */
static tl_game *letters_with(const char *from, const char *to) {
    const char *at = strstr(LETTERS, from);
    char text[sizeof LETTERS + 128];
    CHECK(at != NULL && strlen(to) < strlen(from) + 100);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - LETTERS), LETTERS, to, at + strlen(from));
    return read_game(text);
}

static tl_judgement *judged(const tl_game *g, const uint8_t *tiles, const uint8_t *heights, const tl_laid *laid,
                            const size_t *lengths, size_t plays, const uint8_t *rack) {
    tl_position board = {tiles, heights, NULL};
    tl_turn turn = {plays, lengths, laid, rack};
    tl_judgement *j = NULL;
    tl_error err;
    CHECK(tl_judge(g, NULL, &board, &turn, &j, &err) == TL_OK && j);
    return j;
}

static int has_problem(const tl_judgement *j, const char *code) {
    for (size_t i = 0; i < tl_judgement_problems(j); i++)
        if (!strcmp(tl_judgement_problem(j, i)->code, code))
            return 1;
    return 0;
}

static void test_a_letters_game(void) {
    tl_game *g = read_game(LETTERS);
    CHECK(g && !strcmp(tl_game_name(g), "t-letters") && tl_game_size(g) == 5 && tl_game_rack(g) == 3);
    CHECK(tl_game_tile(g, "C", 1) == C && !strcmp(tl_game_letters(g, T), "T"));
    uint8_t tiles[25] = {0};
    /* CAT from A3 across: C on the triple letter, T on the centre's double word: (3 × 3 + 1 + 1) × 2, + 50 */
    tl_laid cat[] = {{10, C}, {11, A}, {12, T}};
    size_t three = 3;
    tl_judgement *j = judged(g, tiles, NULL, cat, &three, 1, NULL);
    int32_t score = 0;
    CHECK(tl_judgement_legal(j) && tl_judgement_words(j) == 1 && tl_judgement_bonus(j) == 50);
    CHECK(tl_judgement_score(j) == 22 + 50 && tl_judgement_score_if_valid(j, &score) && score == 72);
    const tl_word *w = tl_judgement_word(j, 0);
    CHECK(w->length == 3 && w->main && !w->down && w->valid == -2 && !strcmp(w->notation, "CAT"));
    CHECK(w->letters == 11 && w->multiplier == 2 && w->premium[0] == 't' && w->premium[2] == 'D');
    tl_text doc;
    tl_error err;
    CHECK(tl_judgement_json(j, &doc, &err) == TL_OK);
    CHECK(strstr(doc.data, "\"premiums\":{\"A3\":\"TL\",\"C3\":\"DW\"}") && strstr(doc.data, "\"score\":72") &&
          strstr(doc.data, "\"challenge\":null"));
    tl_text_free(&doc);
    int32_t points;
    int loses, challenger_loses;
    CHECK(tl_judgement_challenge(j, &points, &loses, &points, &challenger_loses) == TL_CHALLENGE_NONE);
    tl_judgement_free(j);
    /* a blank scores 0: cAT, and the bonus stays */
    tl_laid blank_cat[] = {{10, C | BLANK}, {11, A}, {12, T}};
    j = judged(g, tiles, NULL, blank_cat, &three, 1, NULL);
    CHECK(tl_judgement_score(j) == (0 + 1 + 1) * 2 + 50);
    tl_judgement_free(j);
    /* not through the centre; a gap; tiles not on the rack */
    tl_laid corner[] = {{0, C}, {1, A}};
    size_t two = 2;
    j = judged(g, tiles, NULL, corner, &two, 1, NULL);
    CHECK(!tl_judgement_legal(j) && has_problem(j, "start") && tl_judgement_score(j) == 0 &&
          !tl_judgement_score_if_valid(j, &score));
    tl_judgement_free(j);
    tl_laid gap[] = {{10, C}, {12, T}};
    j = judged(g, tiles, NULL, gap, &two, 1, NULL);
    CHECK(has_problem(j, "gap") && tl_judgement_words(j) == 0 && tl_judgement_problem(j, 0)->square == 11);
    tl_judgement_free(j);
    uint8_t rack[64] = {0};
    rack[C] = rack[A] = 1;
    j = judged(g, tiles, NULL, cat, &three, 1, rack);
    CHECK(has_problem(j, "not-on-rack") && strstr(tl_judgement_problem(j, 0)->message, "the T on C3 is not on the rack"));
    tl_judgement_free(j);
    /* a tile on a tile, two plays in a game of one line */
    tiles[12] = T;
    tl_laid on_t[] = {{12, A}};
    size_t one = 1;
    j = judged(g, tiles, NULL, on_t, &one, 1, NULL);
    CHECK(has_problem(j, "occupied"));
    tl_judgement_free(j);
    tl_laid two_plays[] = {{11, A}, {13, A}};
    size_t ones[] = {1, 1};
    j = judged(g, tiles, NULL, two_plays, ones, 2, NULL);
    CHECK(has_problem(j, "not-in-line") && tl_judgement_problem(j, 0)->part == 1);
    tl_judgement_free(j);
    /* the end: a rack's face value */
    memset(rack, 0, sizeof rack);
    rack[C] = 2;
    rack[0] = 1;
    CHECK(tl_game_rack_value(g, rack) == 6);
    tl_game_free(g);
}

static void test_a_stacking_game(void) {
    tl_game *g = read_game(CUBES);
    uint8_t tiles[25] = {0}, heights[25] = {0};
    /* CAT on the first level across row 3: 3 cubes × 2, + 2 for the rare C */
    tl_laid cat[] = {{10, C}, {11, A}, {12, T}};
    size_t three = 3, one = 1;
    tl_judgement *j = judged(g, tiles, heights, cat, &three, 1, NULL);
    CHECK(tl_judgement_legal(j) && tl_judgement_score(j) == 6 + 2 + 10);
    tl_judgement_free(j);
    /* on CAT: an A on the C makes AAT, its towers 2, 1, 1: (2 + 1 + 1) × 1 */
    tiles[10] = C, tiles[11] = A, tiles[12] = T;
    heights[10] = heights[11] = heights[12] = 1;
    tl_laid a_on_c[] = {{10, A}};
    j = judged(g, tiles, heights, a_on_c, &one, 1, NULL);
    CHECK(tl_judgement_legal(j) && tl_judgement_score(j) == 4 && tl_judgement_word(j, 0)->heights[0] == 2);
    tl_judgement_free(j);
    /* the same letter; a full stack; every cube of CAT covered at once */
    tl_laid a_on_a[] = {{11, A}};
    j = judged(g, tiles, heights, a_on_a, &one, 1, NULL);
    CHECK(has_problem(j, "same-letter"));
    tl_judgement_free(j);
    heights[10] = 3;
    j = judged(g, tiles, heights, a_on_c, &one, 1, NULL);
    CHECK(has_problem(j, "stack-full"));
    tl_judgement_free(j);
    heights[10] = 1;
    tl_laid cover[] = {{10, T}, {11, C}, {12, A}};
    j = judged(g, tiles, heights, cover, &three, 1, NULL);
    CHECK(has_problem(j, "covers-word"));
    tl_judgement_free(j);
    /* a cube laid twice on one square in a turn of two plays */
    tl_laid twice[] = {{10, A}, {10, T}};
    size_t ones[] = {1, 1};
    j = judged(g, tiles, heights, twice, ones, 2, NULL);
    CHECK(has_problem(j, "occupied"));
    tl_judgement_free(j);
    uint8_t rack[64] = {0};
    rack[A] = 2;
    CHECK(tl_game_rack_value(g, rack) == 10);
    tl_game_free(g);
}

/* What the stage of the game adds to a play's equity (tl_stage): the opening's vowels beside a double letter, across
 * the play's line; with the bag empty, the end's rule in place of the leave values. */
static void test_the_stage_of_a_game(void) {
    tl_game *g = read_game(LETTERS), *cubes = read_game(CUBES);
    static const char opening[] = "..d.." "....." "....." "....." ".....";
    tl_stage first = {.bag = -1, .opening = opening};
    uint8_t left[64] = {0};
    /* across row 2: the T on C2 lies under the double letter C1, and a consonant there costs nothing */
    tl_play across = {.score = 3, .down = 0, .n = 3, .squares = {5, 6, 7}, .tiles = {A, A | BLANK, T}};
    tl_play_value(g, NULL, &first, left, &across);
    CHECK(across.leave == 0 && across.adjustment == 0);
    /* one square on, the blank standing for A lies there: it costs what a vowel does */
    tl_play under = {.score = 3, .down = 0, .n = 3, .squares = {6, 7, 8}, .tiles = {A, A | BLANK, T}};
    tl_play_value(g, NULL, &first, left, &under);
    CHECK(under.adjustment == -TL_OPENING_VOWEL);
    /* down column B from B1: the A on B1 has the double letter C1 beside it */
    tl_play down = {.score = 3, .down = 1, .n = 3, .squares = {1, 6, 11}, .tiles = {A, T, A}};
    tl_play_value(g, NULL, &first, left, &down);
    CHECK(down.adjustment == -TL_OPENING_VOWEL);
    tl_stage later = {.bag = 4};
    tl_play_value(g, NULL, &later, left, &down);
    CHECK(down.adjustment == 0);
    /* the bag empty: going out gains twice the others' 2 A and 1 C (5 points); 1 T kept costs twice 1 and 10 */
    tl_stage end = {.bag = 0};
    end.others[A] = 2;
    end.others[C] = 1;
    tl_play_value(g, NULL, &end, left, &down);
    CHECK(down.leave == 0 && down.adjustment == 10);
    left[T] = 1;
    tl_play_value(g, NULL, &end, left, &down);
    CHECK(down.adjustment == -2 - TL_END_NOT_OUT);
    /* cubes: 5 a cube, gained once (going out gains nothing there, the others lose theirs) */
    tl_play_value(cubes, NULL, &end, left, &down);
    CHECK(down.adjustment == -5 - TL_END_NOT_OUT);
    left[T] = 0;
    tl_play_value(cubes, NULL, &end, left, &down);
    CHECK(down.adjustment == 15);
    tl_game_free(g);
    tl_game_free(cubes);
}

/* The exchanges and the pass beside a rack's plays: every distinct set of tiles put back while the bag holds the
 * game's least (a document without the exchange's rules: a rack's worth, 3 here), and the pass, after the plays
 * where nothing is valued. */
/* AT and CAT (DAWG and GADDAG), over `*bytes` (free it after closing the graph). */
static tl_graph *at_cat(uint8_t **bytes) {
    static const uint8_t words[][3] = {{A, T}, {C, A, T}};
    tl_builder *builder = tl_builder_new();
    tl_error err;
    CHECK(tl_builder_add(builder, words[0], 2, &err) == TL_OK && tl_builder_add(builder, words[1], 3, &err) == TL_OK);
    tl_build info;
    CHECK(tl_builder_finish(builder, 1, TL_LAYOUT_KWG, &info, &err) == TL_OK);
    *bytes = malloc(info.bytes);
    CHECK(*bytes && tl_builder_write(builder, *bytes, info.bytes, &err) == TL_OK);
    tl_builder_free(builder);
    tl_graph *graph;
    CHECK(tl_graph_open(*bytes, info.bytes, TL_LAYOUT_KWG, &graph, &err) == TL_OK);
    return graph;
}

/* An empty board of 5 × 5, no premiums, its start in the middle, every tile worth 1: `squares` holds its arrays. */
static tl_board empty_five(uint8_t squares[5][25], unsigned rack_size) {
    memset(squares, 0, 5 * 25);
    memset(squares[2], 1, 25);
    memset(squares[3], 1, 25);
    squares[4][12] = 1;
    tl_board b = {.size = 5, .tiles = squares[0], .blanks = squares[1], .letter_premium = squares[2],
                  .word_premium = squares[3], .start = squares[4], .rack_size = rack_size, .whole_rack_bonus = 0};
    for (int t = 0; t < 64; t++)
        b.points[t] = 1;
    return b;
}

static void test_exchanges_and_the_pass(void) {
    uint8_t *bytes, squares[5][25], rack[64] = {0};
    tl_graph *graph = at_cat(&bytes);
    tl_error err;
    tl_game *g = read_game(LETTERS);
    tl_board b = empty_five(squares, 3);
    rack[C] = rack[A] = rack[T] = 1;
    for (int bag = 2; bag <= 3; bag++) {
        tl_moves *m;
        CHECK(tl_moves_generate(graph, &b, rack, 0, 1000000, &m, &err) == TL_OK);
        size_t plays = tl_moves_count(m);
        tl_stage stage = {.bag = bag};
        CHECK(plays > 0 && tl_moves_add_turns(m, g, rack, &stage, &err) == TL_OK);
        CHECK(tl_moves_sort_stage(m, g, NULL, rack, &stage, &err) == TL_OK);
        size_t turns = bag == 2 ? 1 : 7 + 1; /* below the least: the pass alone; else C A T CA CT AT CAT, the pass */
        CHECK(tl_moves_count(m) == plays + turns);
        for (size_t i = 0; i < tl_moves_count(m); i++) {
            const tl_play *p = tl_moves_play(m, i);
            CHECK(i < plays ? p->kind == TL_TURN_PLAY && p->score > 0
                            : p->kind == (i + 1 < plays + turns ? TL_TURN_EXCHANGE : TL_TURN_PASS) && !p->score);
        }
        tl_moves_free(m);
    }
    tl_game_free(g);
    tl_graph_close(graph);
    free(bytes);
}

/* A rack of many tiles (a custom game's) whose exchanges number more than the core lists is refused before any is
 * made: fifteen kinds go back in 32,767 ways, sixteen in 65,535. */
static void test_too_many_exchanges(void) {
    tl_game *g = letters_with("\"rack\":3,", "\"rack\":20,");
    uint8_t *bytes, squares[5][25];
    tl_graph *graph = at_cat(&bytes);
    tl_board b = empty_five(squares, 20);
    tl_error err;
    for (unsigned kinds = 15; kinds <= 16; kinds++) {
        uint8_t rack[64] = {0};
        for (unsigned t = 1; t < kinds; t++) /* A, C and others, and T: AT and CAT played */
            rack[t] = 1;
        rack[T] = 1;
        tl_moves *m;
        CHECK(tl_moves_generate(graph, &b, rack, 0, 1000000, &m, &err) == TL_OK);
        size_t plays = tl_moves_count(m);
        tl_stage stage = {.bag = 40};
        tl_status rc = tl_moves_add_turns(m, g, rack, &stage, &err);
        CHECK(kinds == 15 ? rc == TL_OK && plays && tl_moves_count(m) == plays + 32767 + 1
                          : rc == TL_ERR_COSTLY && tl_moves_count(m) == plays);
        if (kinds == 16)
            SAYS(err, "more than 32768 ways");
        tl_moves_free(m);
    }
    tl_game_free(g);
    tl_graph_close(graph);
    free(bytes);
}

/* A budget of visits is all or nothing: below what the whole generation enters, TL_ERR_COSTLY, never some of the
 * plays (a run's plays start from its node, read once: that start is a visit too). */
static void test_a_budget_short_of_the_plays_refuses(void) {
    uint8_t *bytes, squares[5][25], rack[64] = {0};
    tl_graph *graph = at_cat(&bytes);
    tl_board b = empty_five(squares, 3);
    squares[0][24] = T; /* the corner: the run's plays start from its node */
    rack[A] = rack[C] = 1;
    tl_error err;
    tl_moves *m;
    CHECK(tl_moves_generate(graph, &b, rack, 0, 1000000, &m, &err) == TL_OK);
    size_t plays = tl_moves_count(m);
    int64_t visits = tl_moves_visits(m);
    tl_moves_free(m);
    CHECK(plays == 4 && visits > 1);
    for (int64_t budget = 1; budget < visits; budget++) {
        CHECK(tl_moves_generate(graph, &b, rack, 0, budget, &m, &err) == TL_ERR_COSTLY);
        SAYS(err, "past its budget");
    }
    CHECK(tl_moves_generate(graph, &b, rack, 0, visits, &m, &err) == TL_OK && tl_moves_count(m) == plays);
    tl_moves_free(m);
    tl_graph_close(graph);
    free(bytes);
}

/* The endgame searched on the small board with AT and CAT: a rack that goes out at once, two racks that cannot play
 * passing until the game's scoreless turns end it, a budget short of one turn deep, and the games it refuses. */
static void test_the_endgame(void) {
    tl_game *g = letters_with("\"going_out_gains\":true}",
                              "\"going_out_gains\":true,\"scoreless_rounds\":2,\"scoreless\":[\"pass\"]}");
    tl_game *unsaid = read_game(LETTERS), *cubes = read_game(CUBES);
    uint8_t *bytes, squares[5][25], mine[64] = {0}, other[64] = {0};
    tl_graph *graph = at_cat(&bytes);
    tl_board b = empty_five(squares, 3);
    tl_endgame found;
    tl_error err;
    mine[C] = mine[A] = mine[T] = 1;
    other[A] = 1;
    /* CAT goes out: its 3 points, and the A the other holds (1 point) gained twice (exact once the line of AT,
     * which keeps the C, is played to its end too) */
    CHECK(tl_endgame_search(g, graph, &b, mine, other, 0, 100000, &found, &err) == TL_OK);
    CHECK(found.play.kind == TL_TURN_PLAY && found.play.n == 3 && found.play.score == 3);
    CHECK(found.spread == 3 + 2 * 1 && found.exact && found.visits > 0 && found.visits <= 100000);
    CHECK(squares[0][11] == 0 && squares[0][12] == 0 && squares[0][13] == 0); /* the caller's board as it was */
    /* neither A nor C makes a word on an empty board: four passes end sv-scrabble's way, each losing its own */
    memset(mine, 0, sizeof mine);
    memset(other, 0, sizeof other);
    mine[A] = 1;
    other[C] = 1;
    CHECK(tl_endgame_search(g, graph, &b, mine, other, 0, 100000, &found, &err) == TL_OK);
    CHECK(found.play.kind == TL_TURN_PASS && found.spread == 3 - 1 && found.depth == 4 && found.exact);
    CHECK(tl_endgame_search(g, graph, &b, mine, other, 3, 100000, &found, &err) == TL_OK);
    CHECK(found.play.kind == TL_TURN_PASS && found.spread == 2 && found.depth == 1 && found.exact);
    /* one turn deep costs more than the budget: refused, not guessed */
    mine[C] = mine[T] = 1;
    CHECK(tl_endgame_search(g, graph, &b, mine, other, 0, 1, &found, &err) == TL_ERR_COSTLY);
    CHECK(tl_endgame_search(g, graph, &b, mine, other, 0, 0, &found, &err) == TL_ERR_INPUT);
    SAYS(err, "one at least");
    CHECK(tl_endgame_search(unsaid, graph, &b, mine, other, 0, 100000, &found, &err) == TL_ERR_INPUT);
    SAYS(err, "compile it again");
    CHECK(tl_endgame_search(cubes, graph, &b, mine, other, 0, 100000, &found, &err) == TL_ERR_INPUT);
    SAYS(err, "letters and premium squares");
    memset(mine, 0, sizeof mine);
    CHECK(tl_endgame_search(g, graph, &b, mine, other, 0, 100000, &found, &err) == TL_ERR_INPUT);
    SAYS(err, "the rack is empty");
    tl_game_free(g);
    tl_game_free(unsaid);
    tl_game_free(cubes);
    tl_graph_close(graph);
    free(bytes);
}

static void test_what_it_refuses(void) {
    tl_game *g = NULL;
    tl_error err;
    CHECK(tl_game_read("{\"name\":", 8, &g, &err) == TL_ERR_INPUT && !g);
    SAYS(err, "not JSON");
    CHECK(tl_game_read("{\"format\":\"x\"}", 14, &g, &err) == TL_ERR_INPUT);
    SAYS(err, "not a game document");
    g = read_game(LETTERS);
    uint8_t tiles[25] = {0};
    tl_position board = {tiles, NULL, NULL};
    tl_laid off[] = {{25, A}};
    size_t one = 1;
    tl_turn turn = {1, &one, off, NULL};
    tl_judgement *j = NULL;
    CHECK(tl_judge(g, NULL, &board, &turn, &j, &err) == TL_ERR_INPUT && !j);
    tl_laid many[] = {{10, A}, {11, A}, {12, A}, {13, A}};
    size_t four = 4;
    tl_turn too_many = {1, &four, many, NULL};
    CHECK(tl_judge(g, NULL, &board, &too_many, &j, &err) == TL_ERR_INPUT && !j);
    SAYS(err, "turn: 4 tiles; a turn in t-letters lays 1 to 3");
    tl_laid twice[] = {{12, A}, {12, C}};
    size_t two = 2;
    tl_turn same_square = {1, &two, twice, NULL};
    CHECK(tl_judge(g, NULL, &board, &same_square, &j, &err) == TL_ERR_INPUT);
    SAYS(err, "move: two tiles on square C3");
    tl_game_free(g);
}

int main(void) {
    test_a_letters_game();
    test_a_stacking_game();
    test_the_stage_of_a_game();
    test_exchanges_and_the_pass();
    test_too_many_exchanges();
    test_a_budget_short_of_the_plays_refuses();
    test_the_endgame();
    test_what_it_refuses();
    printf("%d checks, %d failed\n", checks, failures);
    return failures != 0;
}
