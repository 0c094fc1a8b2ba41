/* A word's score by the game's rule and how it was reckoned, with score.h's rules: the judge's answer shows the
 * reckoning of each word (docs/games.md, "Words formed"). */
#include "play/judge.h"
#include "play/score.h"

/* A premium code's letter and word multipliers ('.' and anything else: none). */
static void premium_of(char code, unsigned *letter, unsigned *word) {
    *letter = code == 'd' ? 2 : code == 't' ? 3 : 1;
    *word = code == 'D' ? 2 : code == 'T' ? 3 : 1;
}

void score_letters(const tl_game *g, const char *premiums, tl_word *w) {
    int counts = score_premium_counts(w->main, g->premiums_every_word);
    int32_t letters = 0, multiplier = 1;
    for (unsigned i = 0; i < w->length; i++) {
        const game_tile *t = game_tile_of(g, w->tiles[i] & 63u);
        int32_t value = score_tile(t ? t->points : 0, (w->tiles[i] & TL_BLANK_TILE) != 0);
        w->points[i] = value;
        char code = w->fresh[i] && counts ? premiums[w->squares[i]] : '.';
        unsigned lm, wm;
        premium_of(code, &lm, &wm);
        w->premium[i] = lm > 1 || wm > 1 ? code : 0;
        letters = w->fresh[i] ? score_with_letter(letters, value, lm, counts) : letters + value;
        multiplier = w->fresh[i] ? score_with_word(multiplier, wm, counts) : multiplier;
    }
    w->letters = letters;
    w->multiplier = multiplier;
    w->score = score_word(letters, multiplier);
}

void score_cube_word(const tl_game *g, tl_word *w, uint8_t *credited) {
    unsigned high = 0;
    for (unsigned i = 0; i < w->length; i++)
        high = w->heights[i] > high ? w->heights[i] : high;
    w->flat = high <= 1;
    int whole = g->stacking && g->whole_tower;
    int32_t cubes = 0, rare = 0;
    for (unsigned i = 0; i < w->length; i++) {
        w->points[i] = score_cube_at(g->cube, g->flat_cube, whole, w->flat, w->heights[i]);
        cubes += w->points[i];
        unsigned tile = w->tiles[i] & 63u, square = w->squares[i];
        w->rare[i] = 0;
        if (g->rare_bonus && w->fresh[i] && (g->rare >> tile & 1) && !(credited && credited[square])) {
            w->rare[i] = score_rare(g->rare_bonus, 1, 1);
            rare += w->rare[i];
            if (credited)
                credited[square] = 1;
        }
    }
    w->letters = cubes;
    w->score = cubes + rare;
}
