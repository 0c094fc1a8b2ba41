/* The word-graph core's contract, tested in C against the library alone (no Python): what the
 * builder refuses and says, what the reader refuses and says, and answers on a small real graph.
 * `make sanitize` runs it under AddressSanitizer and UndefinedBehaviorSanitizer; tests/test_c_library.py
 * compiles and runs it with plain cc.
 */
#include "check.h"
#include "graph/internal.h"
#include "graph/tl_graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* CAR CARE CARS CAT CATS with the Swedish numbers (A=1 C=3 E=5 R=18 S=19 T=20): docs/kwg.md's example */
static const uint8_t CAR[] = {3, 1, 18}, CARE[] = {3, 1, 18, 5}, CARS[] = {3, 1, 18, 19}, CAT[] = {3, 1, 20},
                     CATS[] = {3, 1, 20, 19};

typedef struct {
    uint8_t *bytes;
    tl_build build;
} graph_bytes;

/* The KWG of the docs' five words (and a repeat, out of order). */
static graph_bytes build_example(int gaddag, int layout) {
    tl_builder *b = tl_builder_new();
    tl_error err;
    const uint8_t *words[] = {CATS, CAR, CARE, CAT, CARS, CAR};
    const size_t lengths[] = {4, 3, 4, 3, 4, 3};
    for (int i = 0; i < 6; i++)
        CHECK(tl_builder_add(b, words[i], lengths[i], &err) == TL_OK);
    CHECK(tl_builder_count(b) == 6);
    graph_bytes g = {NULL, {0}};
    CHECK(tl_builder_finish(b, gaddag, layout, &g.build, &err) == TL_OK);
    g.bytes = malloc(g.build.bytes);
    CHECK(tl_builder_write(b, g.bytes, g.build.bytes, &err) == TL_OK);
    tl_builder_free(b);
    return g;
}

static void test_the_documented_example(void) {
    graph_bytes g = build_example(0, TL_LAYOUT_AUTO);
    static const uint8_t expected[] = {0x01, 0x00, 0x40, 0x00, 0x02, 0x00, 0x40, 0x03, 0x03, 0x00, 0x40, 0x01,
                                       0x05, 0x00, 0x80, 0x12, 0x06, 0x00, 0xc0, 0x14, 0x00, 0x00, 0x80, 0x05,
                                       0x00, 0x00, 0xc0, 0x13};
    CHECK(g.build.nodes == 7 && g.build.distinct == 5 && g.build.layout == TL_LAYOUT_KWG && !g.build.gaddag);
    CHECK(g.build.bytes == sizeof expected && memcmp(g.bytes, expected, sizeof expected) == 0);
    free(g.bytes);
}

static void test_the_builder_refuses_what_breaks_the_contract(void) {
    tl_builder *b = tl_builder_new();
    tl_error err;
    uint8_t zero[] = {1, 0}, past[] = {1, 64}, high[] = {1, 2, 255};
    CHECK(tl_builder_add(b, CAR, 3, &err) == TL_OK);
    CHECK(tl_builder_add(b, zero, 2, &err) == TL_ERR_INPUT);
    SAYS(err, "sequence 1 (01 00): tile 0 at position 1 is outside 1..63");
    CHECK(tl_builder_add(b, past, 2, &err) == TL_ERR_INPUT);
    SAYS(err, "tile 64 at position 1");
    CHECK(tl_builder_add(b, high, 3, &err) == TL_ERR_INPUT);
    SAYS(err, "tile 255 at position 2");
    CHECK(tl_builder_add(b, CAR, 0, &err) == TL_ERR_INPUT);
    SAYS(err, "the empty sequence");
    uint8_t longest[TL_MAX_LENGTH + 1];
    memset(longest, 7, sizeof longest);
    CHECK(tl_builder_add(b, longest, TL_MAX_LENGTH + 1, &err) == TL_ERR_INPUT);
    SAYS(err, "256 tiles; a word graph path holds at most 255");
    CHECK(tl_builder_count(b) == 1); /* nothing refused was added */
    uint8_t packed[] = {2, 1, 2, 2, 1, 65};
    CHECK(tl_builder_add_packed(b, packed, sizeof packed, &err) == TL_ERR_INPUT);
    SAYS(err, "packed sequences: tile 65 at byte 5 is outside 1..63 (sequence 2)");
    CHECK(tl_builder_count(b) == 1); /* a refused run adds nothing, its good part neither */
    uint8_t cut[] = {3, 1, 2};
    CHECK(tl_builder_add_packed(b, cut, sizeof cut, &err) == TL_ERR_INPUT);
    SAYS(err, "a sequence runs past the end at byte 0");
    CHECK(tl_builder_finish(b, 0, 7, NULL, &err) == TL_ERR_INPUT);
    SAYS(err, "unknown word-graph layout 7");
    uint8_t small[4];
    CHECK(tl_builder_write(b, small, 4, &err) == TL_ERR_STATE);
    tl_build build;
    CHECK(tl_builder_finish(b, 1, TL_LAYOUT_AUTO, &build, &err) == TL_OK);
    CHECK(tl_builder_write(b, small, 4, &err) == TL_ERR_INPUT);
    SAYS(err, "the output holds 4 bytes");
    CHECK(tl_builder_finish(b, 0, TL_LAYOUT_AUTO, &build, &err) == TL_ERR_STATE);
    CHECK(tl_builder_add(b, CAR, 3, &err) == TL_ERR_STATE);
    SAYS(err, "this builder has finished");
    tl_builder_free(b);
}

/* The longest sequence the contract allows is built and read back, by every reader. */
static void test_the_longest_path_is_read_by_every_reader(void) {
    uint8_t longest[TL_MAX_LENGTH];
    for (size_t i = 0; i < TL_MAX_LENGTH; i++)
        longest[i] = (uint8_t)(1 + i % 63);
    tl_builder *b = tl_builder_new();
    tl_error err;
    tl_build build;
    CHECK(tl_builder_add(b, longest, TL_MAX_LENGTH, &err) == TL_OK);
    CHECK(tl_builder_finish(b, 1, TL_LAYOUT_AUTO, &build, &err) == TL_OK);
    uint8_t *bytes = malloc(build.bytes);
    CHECK(tl_builder_write(b, bytes, build.bytes, &err) == TL_OK);
    tl_builder_free(b);
    tl_graph *g;
    CHECK(tl_graph_open(bytes, build.bytes, build.layout, &g, &err) == TL_OK);
    CHECK(tl_graph_validate(g, &err) == TL_OK);
    int found;
    CHECK(tl_graph_contains(g, longest, TL_MAX_LENGTH, &found, &err) == TL_OK && found);
    CHECK(tl_graph_count_words(g, &err) == TL_OK);
    int64_t rank;
    CHECK(tl_graph_rank(g, longest, TL_MAX_LENGTH, &rank, &err) == TL_OK && rank == 0);
    int16_t any[] = {TL_ANY_RUN, TL_ACCEPT};
    tl_walk *w;
    CHECK(tl_walk_pattern(g, any, 2, 1000, &w, &err) == TL_OK);
    CHECK(tl_walk_next(w, &err) == TL_WORD);
    size_t length;
    const uint8_t *tiles = tl_walk_tiles(w, &length);
    CHECK(length == TL_MAX_LENGTH && memcmp(tiles, longest, length) == 0);
    CHECK(tl_walk_next(w, &err) == TL_DONE);
    tl_walk_free(w);
    uint8_t first[TL_MAX_LENGTH];
    CHECK(tl_graph_first_word(g, tl_graph_root(g), first, &length, &err) == TL_OK && length == TL_MAX_LENGTH);
    tl_graph_close(g);
    free(bytes);
}

static void test_reading_the_example(void) {
    for (int layout = TL_LAYOUT_KWG; layout <= TL_LAYOUT_KBWG; layout++) {
        graph_bytes bytes = build_example(1, layout);
        tl_graph *g;
        tl_error err;
        CHECK(tl_graph_open(bytes.bytes, bytes.build.bytes, (tl_layout)layout, &g, &err) == TL_OK);
        CHECK(tl_graph_has_gaddag(g) && tl_graph_validate(g, &err) == TL_OK);
        int found;
        CHECK(tl_graph_contains(g, CARE, 4, &found, &err) == TL_OK && found);
        CHECK(tl_graph_contains(g, CARE, 2, &found, &err) == TL_OK && !found);
        int64_t rank;
        CHECK(tl_graph_rank(g, CAR, 3, &rank, &err) == TL_ERR_STATE); /* before the counts */
        CHECK(tl_graph_count_words(g, &err) == TL_OK);
        uint64_t words;
        CHECK(tl_graph_word_count(g, &words, &err) == TL_OK && words == 5);
        CHECK(tl_graph_rank(g, CATS, 4, &rank, &err) == TL_OK && rank == 4);
        CHECK(tl_graph_rank(g, CARS, 4, &rank, &err) == TL_OK && rank == 2);
        uint8_t front[64], back[64];
        size_t n_front, n_back;
        CHECK(tl_graph_hooks(g, CAT, 3, front, &n_front, back, &n_back, &err) == TL_OK);
        CHECK(n_front == 0 && n_back == 1 && back[0] == 19);
        /* anagrams of A C R and a blank: CARE and CARS, in tile order */
        uint8_t rack[64] = {0};
        rack[1] = rack[3] = rack[18] = 1;
        rack[0] = 1;
        tl_walk *w;
        CHECK(tl_walk_anagrams(g, rack, 0, 1, 100, &w, &err) == TL_OK);
        int n = 0;
        size_t length;
        while (tl_walk_next(w, &err) == TL_WORD) {
            const uint8_t *tiles = tl_walk_tiles(w, &length);
            CHECK(length == 4 && memcmp(tiles, n ? CARS : CARE, 4) == 0);
            n++;
        }
        CHECK(n == 2);
        tl_walk_free(w);
        CHECK(tl_walk_anagrams(g, rack, 1, 1, 1, &w, &err) == TL_OK); /* a budget of one list */
        tl_status rc;
        while ((rc = tl_walk_next(w, &err)) == TL_WORD)
            ;
        CHECK(rc == TL_ERR_COSTLY && tl_walk_next(w, &err) == TL_DONE);
        tl_walk_free(w);
        tl_graph_close(g);
        free(bytes.bytes);
    }
}

/* A graph of `n` nodes from values given by hand (little-endian kwg). */
static uint8_t *nodes(const uint32_t *values, size_t n) {
    uint8_t *out = malloc(4 * n);
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 4; k++)
            out[4 * i + k] = (uint8_t)(values[i] >> (8 * k));
    return out;
}

#define END (1u << 22)
#define ACC (1u << 23)
#define TILE(t) ((uint32_t)(t) << 24)

static tl_status validate(const uint32_t *values, size_t n, tl_error *err) {
    uint8_t *bytes = nodes(values, n);
    tl_graph *g;
    tl_status rc = tl_graph_open(bytes, 4 * n, TL_LAYOUT_KWG, &g, err);
    if (rc == TL_OK) {
        rc = tl_graph_validate(g, err);
        tl_graph_close(g);
    }
    free(bytes);
    return rc;
}

static void test_damaged_graphs_are_named(void) {
    tl_error err;
    tl_graph *g;
    uint8_t three[3] = {0};
    CHECK(tl_graph_open(three, 3, TL_LAYOUT_KWG, &g, &err) == TL_ERR_CORRUPT && g == NULL);
    SAYS(err, "3 bytes is not a whole number of 4-byte nodes");
    uint32_t not_root[] = {TILE(1) | END};
    CHECK(validate(not_root, 1, &err) == TL_ERR_CORRUPT);
    SAYS(err, "node 0 is not the DAWG's root pointer");
    /* node 1, the GADDAG's root pointer, points far past the end: named, not written through */
    uint32_t far_gaddag[] = {END | 2, END | 0x3FFFFF, TILE(1) | ACC | END};
    CHECK(validate(far_gaddag, 3, &err) == TL_ERR_CORRUPT);
    SAYS(err, "node 1 points to node 4194303, past the last (2)");
    uint32_t wide_tile[] = {END | 1, TILE(64) | ACC | END};
    CHECK(validate(wide_tile, 2, &err) == TL_ERR_CORRUPT);
    SAYS(err, "node 1 has tile 64; tiles are 0 to 63");
    uint32_t cycle[] = {END | 1, TILE(1) | ACC | END | 2, TILE(2) | END | 1};
    CHECK(validate(cycle, 3, &err) == TL_ERR_CORRUPT);
    SAYS(err, "form a cycle");
    uint32_t order[] = {END | 1, TILE(2) | ACC, TILE(1) | ACC | END};
    CHECK(validate(order, 3, &err) == TL_ERR_CORRUPT);
    SAYS(err, "not in increasing tile order");
    /* a chain of 256 nodes: a path longer than any reader follows */
    enum { CHAIN = 257 };
    uint32_t chain[CHAIN];
    chain[0] = END | 1;
    for (uint32_t i = 1; i < CHAIN; i++)
        chain[i] = TILE(1) | END | ACC | (i + 1 < CHAIN ? i + 1 : 0);
    CHECK(validate(chain, CHAIN, &err) == TL_ERR_CORRUPT);
    SAYS(err, "the DAWG has a path of more than 255 tiles");
    /* unvalidated, every reader stops at the limit with a named error */
    uint8_t *bytes = nodes(chain, CHAIN);
    CHECK(tl_graph_open(bytes, 4 * CHAIN, TL_LAYOUT_KWG, &g, &err) == TL_OK);
    int16_t any[] = {TL_ANY_RUN, TL_ACCEPT};
    tl_walk *w;
    CHECK(tl_walk_pattern(g, any, 2, 100000, &w, &err) == TL_OK);
    tl_status rc;
    while ((rc = tl_walk_next(w, &err)) == TL_WORD)
        ;
    CHECK(rc == TL_ERR_CORRUPT);
    SAYS(err, "a path of more than 255 tiles");
    tl_walk_free(w);
    uint8_t first[TL_MAX_LENGTH];
    size_t length;
    CHECK(tl_graph_first_word(g, tl_graph_root(g), first, &length, &err) == TL_OK && length == 1);
    tl_graph_close(g);
    free(bytes);
    /* an arc past the end is found by every read that reaches it */
    uint32_t past[] = {END | 1, TILE(1) | END | 9};
    bytes = nodes(past, 2);
    CHECK(tl_graph_open(bytes, 8, TL_LAYOUT_KWG, &g, &err) == TL_OK);
    int found;
    uint8_t word[] = {1, 1};
    CHECK(tl_graph_contains(g, word, 2, &found, &err) == TL_ERR_CORRUPT);
    SAYS(err, "points to node 9, past its last (1)");
    CHECK(tl_graph_count_words(g, &err) == TL_ERR_CORRUPT);
    tl_graph_close(g);
    free(bytes);
}

/* The builder's sequences as a DAWG in the kwg layout, opened over new bytes (free them after the graph). */
static tl_graph *finish_and_open(tl_builder *b, uint8_t **bytes) {
    tl_error err;
    tl_build build;
    CHECK(tl_builder_finish(b, 0, TL_LAYOUT_KWG, &build, &err) == TL_OK);
    *bytes = malloc(build.bytes);
    CHECK(tl_builder_write(b, *bytes, build.bytes, &err) == TL_OK);
    tl_builder_free(b);
    tl_graph *g = NULL;
    CHECK(tl_graph_open(*bytes, build.bytes, TL_LAYOUT_KWG, &g, &err) == TL_OK);
    return g;
}

static void test_key_indexes_read_text(void) {
    /* keys HUND, HUNDAR, KATT over letters A D H K N R T U (code-point order), one excluded */
    static const uint32_t letters[] = {'A', 'D', 'H', 'K', 'N', 'R', 'T', 'U'};
    static const uint8_t hund[] = {3, 8, 5, 2}, hundar[] = {3, 8, 5, 2, 1, 6}, katt[] = {4, 1, 7, 7};
    tl_builder *b = tl_builder_new();
    tl_error err;
    CHECK(tl_builder_add(b, hund, 4, &err) == TL_OK && tl_builder_add(b, hundar, 6, &err) == TL_OK);
    CHECK(tl_builder_add(b, katt, 4, &err) == TL_OK);
    uint8_t *bytes;
    tl_graph *g = finish_and_open(b, &bytes);
    tl_index *index;
    static const uint32_t twice[] = {'A', 'A'};
    CHECK(tl_index_open(g, twice, 2, &index, &err) == TL_ERR_INPUT);
    SAYS(err, "letter 1 (U+0041) comes twice");
    CHECK(tl_index_open(g, letters, 8, &index, &err) == TL_OK);
    CHECK(tl_graph_count_words(g, &err) == TL_OK);
    static const uint8_t kinds[] = {0, 2, 1}; /* HUND headword, HUNDAR excluded, KATT inflected */
    CHECK(tl_index_set_kinds(index, kinds, 2, 2, &err) == TL_ERR_CORRUPT);
    CHECK(tl_index_set_kinds(index, kinds, 3, 2, &err) == TL_OK);
    int64_t number;
    int valid;
    CHECK(tl_index_number(index, "HUNDAR", 6, TL_UTF8, &number, &err) == TL_OK && number == 1);
    CHECK(tl_index_contains(index, "HUNDAR", 6, TL_UTF8, &valid, &err) == TL_OK && !valid);
    CHECK(tl_index_contains(index, "KATT", 4, TL_UTF8, &valid, &err) == TL_OK && valid);
    static const uint16_t katt16[] = {'K', 'A', 'T', 'T'};
    static const uint32_t katt32[] = {'K', 'A', 'T', 'T'};
    CHECK(tl_index_number(index, katt16, 4, 2, &number, &err) == TL_OK && number == 2);
    CHECK(tl_index_number(index, katt32, 4, 4, &number, &err) == TL_OK && number == 2);
    CHECK(tl_index_number(index, "KAT\xC3\x84", 5, TL_UTF8, &number, &err) == TL_OK && number == -1);
    CHECK(tl_index_number(index, "KA\xFF", 3, TL_UTF8, &number, &err) == TL_OK && number == -1); /* not UTF-8 */
    CHECK(tl_index_number(index, "KATT", 4, 3, &number, &err) == TL_ERR_INPUT);
    uint8_t codes[TL_MAX_LENGTH];
    size_t n;
    CHECK(tl_index_encode(index, "HUND", 4, TL_UTF8, codes, &n) == 1 && n == 4 && memcmp(codes, hund, 4) == 0);
    tl_index_close(index);
    tl_graph_close(g);
    free(bytes);
}

/* The CRC-32 a bundle's checksums are, one bit at a time: the definition the fast one must equal. */
static uint32_t crc_by_bits(const uint8_t *p, size_t n) {
    uint32_t c = 0xFFFFFFFFu;
    while (n--) {
        c ^= *p++;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    }
    return c ^ 0xFFFFFFFFu;
}

static void test_the_checksum_is_zlibs_crc32(void) {
    CHECK(tl_crc32((const uint8_t *)"123456789", 9) == 0xCBF43926u); /* the standard check value */
    CHECK(tl_crc32(NULL, 0) == 0);
    enum { SIZE = 70000 };
    uint8_t *data = malloc(SIZE + 8);
    uint64_t x = 88172645463325252u;
    for (size_t i = 0; i < SIZE + 8; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        data[i] = (uint8_t)(x >> 32);
    }
    int agree = 1;
    for (size_t length = 0; length <= 2100 && agree; length++) /* one stream, four, and every remainder */
        for (size_t at = 0; at < 8; at++)
            agree &= tl_crc32(data + at, length) == crc_by_bits(data + at, length);
    CHECK(agree);
    CHECK(tl_crc32(data + 3, SIZE) == crc_by_bits(data + 3, SIZE));
    memset(data, 0xFF, SIZE);
    CHECK(tl_crc32(data, SIZE) == crc_by_bits(data, SIZE));
    free(data);
}

/* A parts graph over three letters (a=1 b=2 c=3, markers from 4): "ab" may begin or end a compound,
 * "c" may stand inside one, "ba" only alone, and "c" is a prefix too. */
static void test_parts_spell_words(void) {
    enum { A = 1, B, C, M = 4 };
    const uint8_t parts[][4] = {{A, B, M + TL_PART_FIRST + TL_PART_LAST}, {C, M + TL_PART_MIDDLE},
                                {B, A, M}, {C, M + TL_PART_LEAD}};
    const size_t lengths[] = {3, 2, 3, 2};
    tl_builder *b = tl_builder_new();
    tl_error err;
    for (int i = 0; i < 4; i++)
        CHECK(tl_builder_add(b, parts[i], lengths[i], &err) == TL_OK);
    uint8_t *bytes;
    tl_graph *g = finish_and_open(b, &bytes);
    const struct { uint8_t word[8]; size_t n; int spelled; } cases[] = {
        {{A, B}, 2, 1},                /* a form alone */
        {{B, A}, 2, 1},                /* one that stands only alone */
        {{A, B, A, B}, 4, 1},          /* first + last */
        {{A, B, C, C, A, B}, 6, 1},    /* first + middle + middle + last */
        {{C, B, A}, 3, 1},             /* a prefix and a form */
        {{A, B, B, A}, 4, 0},          /* ba may not end a compound */
        {{C}, 1, 1},                   /* c is a form too */
        {{A, B, C}, 3, 0},             /* c may not end one */
        {{A}, 1, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int spelled = -1;
        CHECK(tl_graph_spells(g, 3, cases[i].word, cases[i].n, &spelled, &err) == TL_OK);
        CHECK(spelled == cases[i].spelled);
    }
    int spelled;
    const uint8_t bad[] = {A, 4};
    CHECK(tl_graph_spells(g, 3, bad, 2, &spelled, &err) == TL_ERR_INPUT && strstr(err.message, "letter 1 is number 4"));
    CHECK(tl_graph_spells(g, 48, bad, 1, &spelled, &err) == TL_ERR_INPUT);
    CHECK(tl_graph_spells(g, 3, bad, 0, &spelled, &err) == TL_ERR_INPUT);
    tl_graph_close(g);
    free(bytes);
}

/* Counts made once and stored beside the graph (a bundle's keys.counts) serve rank as counting does; counts
 * that lie are found by tl_graph_check_counts and never lead a rank outside the graph or its words. */
static void test_stored_counts(void) {
    for (int layout = TL_LAYOUT_KWG; layout <= TL_LAYOUT_KBWG; layout++) {
        graph_bytes bytes = build_example(0, layout);
        tl_graph *counted, *g;
        tl_error err;
        CHECK(tl_graph_open(bytes.bytes, bytes.build.bytes, (tl_layout)layout, &counted, &err) == TL_OK);
        CHECK(tl_graph_open(bytes.bytes, bytes.build.bytes, (tl_layout)layout, &g, &err) == TL_OK);
        CHECK(tl_graph_count_words(counted, &err) == TL_OK);
        size_t n = tl_graph_nodes(g);
        uint32_t *stored = malloc(n * sizeof *stored);
        CHECK(tl_graph_counts(g, stored, n - 1, &err) == TL_ERR_INPUT);
        CHECK(tl_graph_counts(g, stored, n, &err) == TL_OK);
        CHECK(tl_graph_use_counts(g, stored, n + 1, &err) == TL_ERR_CORRUPT);
        SAYS(err, "word counts for a graph of");
        CHECK(tl_graph_use_counts(g, stored, n, &err) == TL_OK && tl_graph_check_counts(g, &err) == TL_OK);
        CHECK(tl_graph_use_counts(g, stored, n, &err) == TL_ERR_STATE);
        CHECK(tl_graph_use_counts(counted, stored, n, &err) == TL_ERR_STATE);
        const uint8_t *words[] = {CAR, CARE, CARS, CAT, CATS};
        const size_t lengths[] = {3, 4, 4, 3, 4};
        for (int i = 0; i < 5; i++) {
            int64_t mine, theirs;
            CHECK(tl_graph_rank(g, words[i], lengths[i], &mine, &err) == TL_OK);
            CHECK(tl_graph_rank(counted, words[i], lengths[i], &theirs, &err) == TL_OK && mine == theirs && mine == i);
        }
        { /* ranked together, and with sequences no word is, as each alone */
            const uint8_t *asked[] = {CATS, CAR, CAR, CAT, CARE, CARS, CARS, CAT};
            const size_t sizes[] = {4, 3, 2, 3, 4, 4, 0, 1};
            int64_t ranks[8];
            tl_graph_rank_each(g, 8, asked, sizes, ranks);
            for (int i = 0; i < 8; i++) {
                int64_t alone;
                CHECK(tl_graph_rank(g, asked[i], sizes[i], &alone, &err) == TL_OK && ranks[i] == alone);
            }
            CHECK(ranks[0] == 4 && ranks[1] == 0 && ranks[2] == -1 && ranks[6] == -1 && ranks[7] == -1);
            uint32_t nodes[8];
            tl_graph_follow_each(g, 8, asked, sizes, nodes);
            for (int i = 0; i < 8; i++) {
                uint32_t alone;
                CHECK(tl_graph_follow(g, tl_graph_root(g), asked[i], sizes[i], &alone, &err) == TL_OK &&
                      nodes[i] == alone);
            }
            CHECK(nodes[2] != 0 && nodes[6] == 0); /* CA leads somewhere; nothing is read for no tiles */
        }
        uint64_t total;
        CHECK(tl_graph_word_count(g, &total, &err) == TL_OK && total == 5);
        /* a lie: the root list's first node counts one word fewer, so CATS ranks past the words there are */
        stored[tl_graph_root(g)]--;
        CHECK(tl_graph_check_counts(g, &err) == TL_ERR_CORRUPT);
        SAYS(err, "not the graph's own");
        int64_t rank;
        CHECK(tl_graph_rank(g, CATS, 4, &rank, &err) == TL_ERR_CORRUPT && rank == -1);
        SAYS(err, "past the graph's 4 words");
        {
            const uint8_t *asked[] = {CAR, CATS};
            const size_t sizes[] = {3, 4};
            int64_t ranks[2];
            tl_graph_rank_each(g, 2, asked, sizes, ranks);
            CHECK(ranks[0] == 0 && ranks[1] == INT64_MIN); /* the one that fails alone fails together */
        }
        for (size_t i = 0; i < n; i++) /* any values at all: ranks are answered or refused, nothing read outside */
            stored[i] = (uint32_t)(0x9E3779B9u * (i + 1));
        for (int i = 0; i < 5; i++)
            CHECK(tl_graph_rank(g, words[i], lengths[i], &rank, &err) == TL_OK || rank == -1);
        tl_graph_close(g);
        tl_graph_close(counted);
        free(stored);
        free(bytes.bytes);
    }
}

/* The tiles a DAWG path reaches, each node once however the lists share their tails. */
static void test_the_tiles_a_graph_holds(void) {
    graph_bytes bytes = build_example(1, TL_LAYOUT_KWG);
    tl_graph *g;
    tl_error err;
    CHECK(tl_graph_open(bytes.bytes, bytes.build.bytes, TL_LAYOUT_KWG, &g, &err) == TL_OK);
    const uint64_t letters = 1ull << 1 | 1ull << 3 | 1ull << 5 | 1ull << 18 | 1ull << 19 | 1ull << 20; /* A C E R S T */
    CHECK(tl_graph_check_tiles(g, letters, &err) == TL_OK); /* the GADDAG's separators are not on a DAWG path */
    CHECK(tl_graph_check_tiles(g, letters & ~(1ull << 19), &err) == TL_ERR_CORRUPT);
    SAYS(err, "has tile 19, which the tile set lacks");
    tl_graph_close(g);
    free(bytes.bytes);
}

int main(void) {
    test_the_checksum_is_zlibs_crc32();
    test_the_documented_example();
    test_the_builder_refuses_what_breaks_the_contract();
    test_the_longest_path_is_read_by_every_reader();
    test_reading_the_example();
    test_damaged_graphs_are_named();
    test_key_indexes_read_text();
    test_parts_spell_words();
    test_stored_counts();
    test_the_tiles_a_graph_holds();
    printf("%d checks, %d failed\n", checks, failures);
    return failures != 0;
}
