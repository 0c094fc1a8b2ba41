/* A game's rules as the engine holds them: what every part of the judge asks of them, and whether a lexicon's
 * tile set is the game's own. */
#include "play/game.h"

#include "lexicon/lexicon.h"

#include <stdio.h>
#include <stdlib.h>

const char *const game_challenge_names[5] = {"void", "single", "double", "five-point", "ten-point"};

/* What each rule does (lexicon.play.game.CHALLENGE_RULES): a wrong challenge costs the challenger the next turn
 * (double), or gives the player 5 or 10. */
int game_challenge_void(const tl_game *game) { return game->challenge == CHALLENGE_VOID; }
int game_challenger_loses_turn(const tl_game *game) { return game->challenge == CHALLENGE_DOUBLE; }
int32_t game_player_bonus(const tl_game *game) {
    return game->challenge == CHALLENGE_FIVE ? 5 : game->challenge == CHALLENGE_TEN ? 10 : 0;
}

tl_game *game_new(void) {
    tl_game *game = calloc(1, sizeof *game);
    if (!game)
        return NULL;
    game->layout = -1;
    game->premiums_every_word = 1;
    game->cube = 1;
    game->flat_cube = 2;
    game->rare_every_word = 1;
    game->cover_whole_word = 1;
    game->challenge = CHALLENGE_SINGLE;
    game->scoreless_rounds = -1;
    return game;
}

void tl_game_free(tl_game *game) {
    if (!game)
        return;
    free(game->layouts);
    tl_leaves_free(game->own);
    free(game);
}

size_t game_square_name(const tl_game *game, unsigned square, char *out) {
    unsigned row = square / game->size, col = square % game->size;
    return (size_t)snprintf(out, 4, "%c%u", 'A' + col, row + 1);
}

int game_generates(const tl_game *game) {
    if (!game->stacking)
        return !game->cubes && !game->several_words;
    return game->cubes;
}

const char *tl_game_name(const tl_game *game) { return game->name; }
const char *tl_game_lexicon(const tl_game *game) { return game->lexicon; }
unsigned tl_game_size(const tl_game *game) { return game->size; }
unsigned tl_game_rack(const tl_game *game) { return game->rack; }

unsigned tl_game_tile(const tl_game *game, const char *letters, size_t size) {
    for (unsigned i = 0; i < game->n_tiles; i++)
        if (game->tiles[i].letter_len == size && !memcmp(game->tiles[i].letter, letters, size))
            return game->tiles[i].number;
    return 0;
}

const char *tl_game_letters(const tl_game *game, unsigned number) {
    const game_tile *t = game_tile_of(game, number);
    return t ? t->letter : NULL;
}

int32_t tl_game_rack_value(const tl_game *game, const uint8_t rack[64]) {
    int32_t total = 0;
    for (unsigned t = 0; t < 64; t++) {
        if (!rack[t])
            continue;
        if (game->per_tile_end) {
            total += game->per_tile * rack[t];
            continue;
        }
        const game_tile *tile = t ? game_tile_of(game, t) : NULL;
        total += tile ? tile->points * rack[t] : 0; /* a blank costs nothing */
    }
    return total;
}

/* ------------------------------------------------------------------ the tile sets of a game and a lexicon */

/* The lexicon's tile at place `i`: its letters, number, count, points and vowel flag (docs/bundle.md, `tiles`). */
static void lexicon_tile(const tl_lexicon *lex, uint32_t i, const char **letters, size_t *len, unsigned *number,
                         unsigned *count, unsigned *points, unsigned *vowel) {
    *letters = strlist_at(&lex->tiles, i, len);
    *number = lex->tile_number[i];
    *count = lex->tile_count[i];
    *points = lex->tile_points[i];
    *vowel = lex->tile_points[lex->n_tiles + i];
}

static int lexicon_place(const tl_lexicon *lex, const char *letters, size_t size) {
    for (uint32_t i = 0; i < lex->n_tiles; i++) {
        size_t len;
        const char *s = strlist_at(&lex->tiles, i, &len);
        if (len == size && !memcmp(s, letters, size))
            return (int)i;
    }
    return -1;
}

/* Python's str order of two UTF-8 strings (by code point, which UTF-8's byte order keeps). */
static int text_before(const char *a, size_t na, const char *b, size_t nb) {
    int c = memcmp(a, b, na < nb ? na : nb);
    return c < 0 || (c == 0 && na < nb);
}

static int folds_alike(const tl_game *game, const tl_lexicon *lex) {
    if (lex->fold_from.count != game->n_fold)
        return 0;
    /* the game's pairs are sorted by the letter folded; the bundle's in the tile set's order: every pair is one */
    for (unsigned i = 0; i < game->n_fold; i++) {
        int found = 0;
        for (uint32_t k = 0; k < lex->fold_from.count && !found; k++) {
            size_t nf, nt;
            const char *from = strlist_at(&lex->fold_from, k, &nf), *to = strlist_at(&lex->fold_to, k, &nt);
            found = nf == strlen(game->fold_from[i]) && !memcmp(from, game->fold_from[i], nf) &&
                    nt == strlen(game->fold_to[i]) && !memcmp(to, game->fold_to[i], nt);
        }
        if (!found)
            return 0;
    }
    return 1;
}

int game_tileset_differs(const tl_game *game, const tl_lexicon *lex, int *named, char *out, size_t cap) {
    *named = strcmp(game->tileset, lex->tileset) != 0;
    if (*named) {
        snprintf(out, cap, "%s", lex->tileset);
        return 1;
    }
    /* Alphabet.difference's order: the name, the blanks, a letter of one only (the first in str order), then
     * each of the game's tiles' count, points, number and vowel flag, then the folding */
    if ((unsigned)lex->blanks != game->blanks) {
        snprintf(out, cap, "blanks %u, not %u", game->blanks, (unsigned)lex->blanks);
        return 1;
    }
    const char *only = NULL;
    size_t only_len = 0;
    int mine = 0;
    for (unsigned i = 0; i < game->n_tiles; i++) {
        const game_tile *t = &game->tiles[i];
        if (lexicon_place(lex, t->letter, t->letter_len) < 0 &&
            (!only || text_before(t->letter, t->letter_len, only, only_len))) {
            only = t->letter;
            only_len = t->letter_len;
            mine = 1;
        }
    }
    for (uint32_t i = 0; i < lex->n_tiles; i++) {
        size_t len;
        const char *s = strlist_at(&lex->tiles, i, &len);
        if (!tl_game_tile(game, s, len) && (!only || text_before(s, len, only, only_len))) {
            only = s;
            only_len = len;
            mine = 0;
        }
    }
    if (only) {
        snprintf(out, cap, "%.*s is a tile of %s only", (int)only_len, only, mine ? "one" : "the other");
        return 1;
    }
    for (unsigned i = 0; i < game->n_tiles; i++) {
        const game_tile *t = &game->tiles[i];
        const char *letters;
        size_t len;
        unsigned number, count, points, vowel;
        lexicon_tile(lex, (uint32_t)lexicon_place(lex, t->letter, t->letter_len), &letters, &len, &number, &count,
                     &points, &vowel);
        const char *key = NULL;
        unsigned ours = 0, theirs = 0;
        if (t->count != count)
            key = "count", ours = t->count, theirs = count;
        else if (t->points != points)
            key = "points", ours = t->points, theirs = points;
        else if (t->number != number)
            key = "number", ours = t->number, theirs = number;
        if (key) {
            snprintf(out, cap, "%s: %s %u, not %u", t->letter, key, ours, theirs);
            return 1;
        }
        if (!t->vowel != !vowel) {
            snprintf(out, cap, "%s: vowel %s, not %s", t->letter, t->vowel ? "True" : "False",
                     vowel ? "True" : "False");
            return 1;
        }
    }
    if (!folds_alike(game, lex)) {
        snprintf(out, cap, "the folding of letters outside the alphabet differs");
        return 1;
    }
    return 0;
}
