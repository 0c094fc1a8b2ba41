/* libFuzzer target: the play engine's JSON entry points (play/tl_play.h) over hostile bodies and game documents.
 *
 * FUZZ_BUNDLES names a folder of real bundles (make sanitize writes a small Swedish and a small Hungarian one,
 * each carrying the games that play its tiles). An input's first byte chooses the bundle (byte / 4) and what the
 * rest is (byte % 4): 0 a POST /play body and 1 a POST /moves body answered as a client with the bundle alone
 * answers them (tl_play_json, tl_moves_json); 2 a game document (tl_game_read), which, when it reads, judges a
 * turn made of the document's own bytes on a board made of them; 3 a POST /play body answered with the game
 * read from the bundle beside the bundle's own (the caller's games). Every call must answer or refuse with a
 * status, its text the answer or the problem document; the sanitizers fail the run on anything else.
 */
#include "bundles.h"
#include "play/tl_play.h"

static loaded bundles[MOST_BUNDLES];
static tl_game *games[MOST_BUNDLES]; /* the first game each bundle's section carries */
static size_t count;

static int first_name(void *context, const char *name, size_t size) {
    size_t *i = context;
    tl_error err;
    REQUIRE(tl_lexicon_game(bundles[*i].lexicon, name, size, &games[*i], &err) == TL_OK);
    return 1;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    count = load_bundles(bundles);
    for (size_t i = 0; i < count; i++)
        REQUIRE(tl_lexicon_games(bundles[i].lexicon, first_name, &i) > 0 && games[i]);
    return 0;
}

/* An answer or a problem document: whole text, an object; nothing on any other failure. */
static void answered(tl_status rc, const tl_text *out) {
    REQUIRE(rc == TL_OK || rc == TL_ERR_INPUT || rc == TL_ERR_COSTLY || rc == TL_ERR_LIMIT || rc == TL_ERR_NOMEM);
    if (rc == TL_OK || rc == TL_ERR_INPUT || rc == TL_ERR_COSTLY)
        REQUIRE(out->data && strlen(out->data) == out->length && out->data[0] == '{' &&
                out->data[out->length - 1] == '}');
}

/* A turn made of bytes judged by a game read from a document: squares and tiles wrapped into the game's. */
static void judge_bytes(const tl_game *g, const uint8_t *data, size_t size) {
    unsigned cells = tl_game_size(g) * tl_game_size(g);
    uint8_t tiles[TL_MAX_BOARD * TL_MAX_BOARD] = {0}, heights[TL_MAX_BOARD * TL_MAX_BOARD] = {0};
    for (size_t i = 0; i < size && i < cells; i++) {
        unsigned number = data[i] % 64;
        if (data[i] > 200 && tl_game_letters(g, number)) {
            tiles[i] = (uint8_t)number;
            heights[i] = 1;
        }
    }
    tl_laid laid[8];
    size_t n = 0;
    for (size_t i = 0; i + 1 < size && n < 8; i += 2)
        laid[n++] = (tl_laid){(uint16_t)(data[i] % cells), (uint8_t)(data[i + 1] % 64 | (data[i + 1] & 0x80))};
    size_t lengths[2] = {n / 2 + n % 2, n / 2};
    tl_position board = {tiles, heights, NULL};
    tl_turn turn = {n > 1 ? 2 : 1, lengths, laid, NULL};
    tl_judgement *j = NULL;
    tl_error err;
    tl_status rc = tl_judge(g, NULL, &board, &turn, &j, &err);
    REQUIRE(rc == TL_OK || rc == TL_ERR_INPUT);
    if (rc == TL_OK) {
        tl_text doc;
        REQUIRE(tl_judgement_json(j, &doc, &err) == TL_OK && strlen(doc.data) == doc.length);
        tl_text_free(&doc);
        for (size_t i = 0; i < tl_judgement_words(j); i++)
            REQUIRE(tl_judgement_word(j, i)->length >= 2);
        tl_judgement_free(j);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!size)
        return 0;
    size_t which = (data[0] >> 2) % count;
    const loaded *b = &bundles[which];
    const char *body = (const char *)data + 1;
    size_t n = size - 1;
    tl_text out = {0};
    tl_error err;
    tl_status rc;
    switch (data[0] % 4) {
    case 0:
        rc = tl_play_json(b->lexicon, NULL, 0, body, n, &out, &err);
        answered(rc, &out);
        break;
    case 1:
        rc = tl_moves_json(b->lexicon, NULL, 0, body, n, &out, &err);
        answered(rc, &out);
        break;
    case 2: {
        tl_game *g = NULL;
        rc = tl_game_read(body, n, &g, &err);
        REQUIRE(rc == TL_OK || rc == TL_ERR_INPUT || rc == TL_ERR_NOMEM);
        if (g)
            judge_bytes(g, data + 1, n);
        tl_game_free(g);
        break;
    }
    default: {
        const tl_game *own[] = {games[which]};
        rc = tl_play_json(b->lexicon, own, 1, body, n, &out, &err);
        answered(rc, &out);
        break;
    }
    }
    tl_text_free(&out);
    return 0;
}
