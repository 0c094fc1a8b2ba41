/* What the JavaScript package calls in the WebAssembly build of the C core (index.js is the other side).
 *
 * Two modules are built from it: tile-lexicon.wasm answers words, and tile-lexicon-play.wasm (TLJ_PLAY) also
 * turns and plays (POST /play and POST /moves): the play engine doubles the module, and a game that only checks
 * words does not download it.
 *
 * A call's text goes in through a buffer the module owns (tlj_input, grown on demand); an answer's fields
 * are read in place from the one answer the module keeps (tlj_answer, its layout given by tlj_layout), a
 * document from the one text it keeps (tlj_text). The module answers one call at a time, as JavaScript
 * runs it.
 */
#include "lexicon/tl_lexicon.h"
#ifdef TLJ_PLAY
#include "play/tl_play.h"
#endif

#include <stddef.h>
#include <stdlib.h>

#define EXPORT(name) __attribute__((export_name(#name)))

static tl_error error;
static tl_answer answer;
static tl_text text;
static char *input;
static size_t input_size;

EXPORT(tlj_input) char *tlj_input(size_t size) {
    if (size > input_size) {
        char *grown = realloc(input, size);
        if (!grown)
            return NULL;
        input = grown;
        input_size = size;
    }
    return input;
}

EXPORT(tlj_alloc) void *tlj_alloc(size_t size) { return aligned_alloc(8, (size + 7) / 8 * 8); }
EXPORT(tlj_free) void tlj_free(void *p) { free(p); }
EXPORT(tlj_error) const char *tlj_error(void) { return error.message; }

/* The offsets of the answer's fields (valid, normalized, reason, detail, lemma, tag, position) in bytes, then
 * where its own storage starts and its size: text elsewhere is constant. */
static const uint32_t layout[9] = {offsetof(tl_answer, valid),  offsetof(tl_answer, normalized),
                                   offsetof(tl_answer, reason), offsetof(tl_answer, detail),
                                   offsetof(tl_answer, lemma),  offsetof(tl_answer, tag),
                                   offsetof(tl_answer, position), offsetof(tl_answer, storage),
                                   sizeof(((tl_answer *)0)->storage)};
EXPORT(tlj_layout) const uint32_t *tlj_layout(void) { return layout; }

/* The core's bounds (tl_lexicon.h), which the library, the service and its page read too: the longest word in
 * characters, a rack's characters, tiles and blanks, a pattern's characters. */
static const uint32_t limits[5] = {TL_MAX_WORD, TL_MAX_RACK_CHARS, TL_MAX_RACK_TILES, TL_MAX_RACK_BLANKS,
                                   TL_MAX_PATTERN_CHARS};
EXPORT(tlj_limits) const uint32_t *tlj_limits(void) { return limits; }
EXPORT(tlj_answer) const tl_answer *tlj_answer(void) { return &answer; }

EXPORT(tlj_open) tl_lexicon *tlj_open(const uint8_t *bytes, size_t size) {
    tl_lexicon *lexicon;
    return tl_lexicon_open(bytes, size, &lexicon, &error) == TL_OK ? lexicon : NULL;
}

#ifdef TLJ_PLAY
/* The games a body may name: [0] a caller's game document (tlj_game), then the bundle's own, read once. */
#define GAMES 64
static tl_game *games[GAMES + 1];
static size_t n_games;
static int games_read;

static void games_free(void) {
    for (size_t i = 0; i <= n_games; i++)
        tl_game_free(games[i]), games[i] = NULL;
    n_games = 0;
    games_read = 0;
}
#else
static void games_free(void) {}
#endif

EXPORT(tlj_close) void tlj_close(tl_lexicon *lexicon) {
    games_free();
    tl_lexicon_close(lexicon);
}
EXPORT(tlj_name) const char *tlj_name(const tl_lexicon *lexicon) { return tl_lexicon_name(lexicon); }
EXPORT(tlj_version) const char *tlj_version(const tl_lexicon *lexicon) { return tl_lexicon_version(lexicon); }
EXPORT(tlj_toolkit) const char *tlj_toolkit(const tl_lexicon *lexicon) { return tl_lexicon_toolkit(lexicon); }

/* A section's bytes (its size at *size), or NULL. */
EXPORT(tlj_section) const uint8_t *tlj_section(const tl_lexicon *lexicon, const char *name, uint32_t *size) {
    size_t n;
    const uint8_t *p = tl_lexicon_section(lexicon, name, &n);
    *size = (uint32_t)n;
    return p;
}

/* The status of checking the `size` bytes at tlj_input; the answer at tlj_answer. */
EXPORT(tlj_check) int tlj_check(const tl_lexicon *lexicon, size_t size) {
    return tl_lexicon_check(lexicon, input, size, &answer, &error);
}

/* 1, 0, -1 (only analysis decides); -2 for a failed call (tlj_error says why). */
EXPORT(tlj_has) int tlj_has(const tl_lexicon *lexicon, size_t size) {
    int valid;
    return tl_lexicon_has(lexicon, input, size, &answer, &valid, &error) == TL_OK ? valid : -2;
}

/* The brief document of the last check as JSON, for the word at tlj_input: its length; the text at tlj_text. */
EXPORT(tlj_answer_json) size_t tlj_answer_json(size_t size) {
    tl_text_free(&text);
    size_t need = tl_answer_json(&answer, input, size, NULL, 0);
    text.data = malloc(need + 1);
    if (!text.data)
        return 0;
    text.length = tl_answer_json(&answer, input, size, text.data, need + 1);
    return text.length;
}

/* A query of the `size` bytes at tlj_input: 0 tiles, 1 hooks, 2 anagram, 3 pattern, 4 the verdict. The status; the
 * document (or the problem) at tlj_text, tlj_text_length long. `order` NULL for the default, `offset` and
 * `limit` TL_QUERY_DEFAULT for theirs. */
EXPORT(tlj_query) int tlj_query(const tl_lexicon *lexicon, int kind, size_t size, int sub, const char *order,
                                long offset, long limit) {
    tl_text_free(&text);
    tl_query options = {sub, order, offset, limit};
    switch (kind) {
    case 0: return tl_lexicon_tiles(lexicon, input, size, &text, &error);
    case 1: return tl_lexicon_hooks(lexicon, input, size, &text, &error);
    case 2: return tl_lexicon_anagram(lexicon, input, size, &options, &text, &error);
    case 4: return tl_lexicon_verdict(lexicon, input, size, &text, &error);
    default: return tl_lexicon_pattern(lexicon, input, size, &options, &text, &error);
    }
}

EXPORT(tlj_text) const char *tlj_text(void) { return text.data; }
EXPORT(tlj_text_length) size_t tlj_text_length(void) { return text.length; }

/* ------------------------------------------------------------------ POST /play and POST /moves */

#ifdef TLJ_PLAY

/* The game document of the `size` bytes at tlj_input, for the next tlj_play that asks for it: the status
 * (tlj_error says why not). */
EXPORT(tlj_game) int tlj_game(size_t size) {
    tl_game_free(games[0]);
    games[0] = NULL;
    return tl_game_read(input, size, &games[0], &error);
}

/* The body of `size` bytes at tlj_input answered as POST /play (`moves` 0) or POST /moves (1) answers it, by the
 * bundle's games (and tlj_game's, `own` 1, before them): the status; the document, or the problem, at tlj_text. */
EXPORT(tlj_play) int tlj_play(const tl_lexicon *lexicon, int moves, size_t size, int own) {
    tl_text_free(&text);
    if (!games_read) { /* the section read once, not at every call */
        tl_status rc = tl_lexicon_read_games(lexicon, games + 1, GAMES, &n_games, &error);
        if (rc != TL_OK)
            return rc;
        games_read = 1;
    }
    const tl_game *const *list = (const tl_game *const *)games + !own;
    size_t n = n_games + (own != 0);
    return (moves ? tl_moves_json : tl_play_json)(lexicon, list, n, input, size, &text, &error);
}
#endif
