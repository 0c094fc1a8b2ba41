/* The scoring rules, once (docs/games.md, "Scoring as implemented"): what a tile, a word and a play score by
 * the game's rule. The judge reckons each word of a turn with them (score.c), and the move generators keep
 * the same sums tile by tile as they walk (moves.c, stacks.c): both call these functions, so a rule changed
 * here changes every door's scores together. They are inline because the generators call them in their hot
 * loop, on numbers, never on structs (moves.c says why). Not installed.
 *
 * `letters` (Scrabble, Betapet): each tile's face value, a blank 0; a tile newly laid on a letter premium
 * counts that many times; the word's sum is multiplied by every word premium newly covered; a premium counts
 * in the main word always and in a cross word when the game says so (scoring.premiums_every_word); a premium
 * under a tile already on the board is spent. `cubes` (Betűtorony): each position of a new word scores
 * `cube` (times its tower's height when a stack scores whole), or `flat_cube` when every cube of the word lies
 * on the first level; each rare cube the player laid adds its bonus to every word it is in, or once. A play
 * of as many tiles as the rack holds earns the whole-rack bonus, once. */
#ifndef TL_SCORE_H
#define TL_SCORE_H

#include <stdint.h>

/* A tile's face value: its points, or 0 for a blank. */
static inline int32_t score_tile(uint16_t points, int blank) { return blank ? 0 : (int32_t)points; }

/* Does a new tile's premium count in this word: always in the main word, in a cross word when the game's
 * premiums count in every word. */
static inline int score_premium_counts(int main, int every_word) { return main || every_word; }

/* A word's letters sum with a tile of `value` newly laid on a square of letter premium `letter_premium`. */
static inline int32_t score_with_letter(int32_t letters, int32_t value, unsigned letter_premium, int counts) {
    return letters + value * (int32_t)(counts ? letter_premium : 1u);
}

/* A word's multiplier with a square of word premium `word_premium` newly covered. */
static inline int32_t score_with_word(int32_t multiplier, unsigned word_premium, int counts) {
    return multiplier * (int32_t)(counts ? word_premium : 1u);
}

/* A word of the letters rule: its letters' sum times its multiplier. */
static inline int32_t score_word(int32_t letters, int32_t multiplier) { return letters * multiplier; }

/* A word of the cubes rule by its positions: `length` of them, the highest tower `high`, the towers' heights
 * summed `heights` (the rare bonus apart). */
static inline int32_t score_cubes(int32_t cube, int32_t flat_cube, int whole_tower, unsigned length, unsigned high,
                                  unsigned heights) {
    if (high <= 1)
        return flat_cube * (int32_t)length;
    return cube * (int32_t)(whole_tower ? heights : length);
}

/* One position's points in a word of the cubes rule (the document's reckoning, position by position). */
static inline int32_t score_cube_at(int32_t cube, int32_t flat_cube, int whole_tower, int flat, unsigned height) {
    if (flat)
        return flat_cube;
    return cube * (int32_t)(whole_tower ? height : 1u);
}

/* What a rare cube the player laid adds over the `words` new words it is in: its bonus in each, or once. */
static inline int32_t score_rare(int32_t rare_bonus, int every_word, unsigned words) {
    return rare_bonus * (int32_t)(every_word ? words : (words > 0));
}

/* The bonus a play of `laid` tiles earns: the whole-rack bonus when it lays as many as the rack holds. */
static inline int32_t score_whole_rack(unsigned laid, unsigned rack_size, int32_t bonus) {
    return laid == rack_size ? bonus : 0;
}

#endif
