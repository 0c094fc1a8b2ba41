/* The judge's work and its judgement (judge.c, score.c), which the wire layer reads requests into and writes
 * documents from. Not installed. */
#ifndef TL_JUDGE_H
#define TL_JUDGE_H

#include "play/game.h"

/* A board as the judge reads it: every square's top tile (| TL_BLANK_TILE) and height. */
typedef struct {
    uint8_t tiles[GAME_SQUARES];
    uint8_t heights[GAME_SQUARES];
} board_state;

/* Where a turn's words get their verdicts: the bundle's check, and the host's for what the bundle cannot give. */
typedef struct {
    const tl_words *words; /* NULL: judged without a lexicon */
    int detail;            /* the full verdict document, not the brief one */
    tl_answer *answer;     /* a check's work, made on first use */
} verdict_source;

/* A refusal into `r` (field, square, message) and TL_ERR_INPUT into err: `return refuse_input(r, err, …);` */
tl_status refuse_input(tl_refusal *r, tl_error *err, const char *field, const char *square, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* A word's texts in the judgement's pool: offsets, SIZE_MAX for none. Its verdict is the brief answer's fields
 * (the lexicon layer's check), or a document the host gave (`document`, JSON); the wire layer writes the
 * brief document from the fields, or with `detail` the bundle's full one. */
typedef struct {
    size_t spelled, notation, reason, document, document_length;
    size_t normalized, detail, lemma, tag;
} word_text;

struct tl_judgement {
    const tl_game *game;
    int judged_words;     /* a lexicon judged the words (else validity is left out) */
    int detail;           /* their verdicts' documents in full */
    const tl_lexicon *bundle; /* the bundle that judged them, for the full documents it writes (borrowed) */
    size_t lexicon, version; /* its name and version in the pool */
    int first_move;
    int direction;        /* the first play's: 0 across, 1 down, -1 not in one line */
    size_t n_plays;
    size_t n_placed;
    tl_laid *placed;      /* every play's tiles in order, each play's in square order */
    unsigned *part;       /* the play each placed tile belongs to */
    tl_problem *problems;
    size_t n_problems, problems_cap;
    tl_word *words;
    word_text *texts;
    size_t n_words, words_cap;
    int32_t earned;       /* the whole-rack bonus the tiles laid earn if the turn stands (0: none) */
    char *pool;           /* the words' texts */
    size_t pool_used, pool_cap;
    int pool_failed;
};

/* Judge a turn: `plays` plays of `lengths` tiles each in `tiles`, on `board` with `premiums` (size × size codes),
 * the rack checked when given (64 counts). A turn no rule allows is answered; input no turn can be is refused
 * (TL_ERR_INPUT, `refused`: the lexicon of another tile set, a play of no tiles or two on a square, more tiles
 * than a rack holds). */
tl_status judge_turn(const tl_game *game, verdict_source *verdicts, const board_state *board, const char *premiums,
                     size_t plays, const size_t *lengths, const tl_laid *tiles, const uint8_t *rack,
                     tl_judgement **out, tl_refusal *refused, tl_error *err);

/* The words and bonus of a play the move generator found (legal by construction, its tiles in square order, read
 * `down` or across), judged without checking its legality again: what POST /moves lists with it. */
tl_status judge_found(const tl_game *game, verdict_source *verdicts, const board_state *board, const char *premiums,
                      const tl_play *play, tl_judgement **out, tl_error *err);

/* Is the turn legal with every word valid (or judged without a lexicon)? Which words are not valid? */
int judgement_stands(const tl_judgement *j);
int word_invalid(const tl_judgement *j, const tl_word *w);
/* The lexicon that judged the words, by name and version (NULL: none); a word's text (NULL: none). */
const char *judgement_lexicon(const tl_judgement *j);
const char *judgement_version(const tl_judgement *j);
const char *judgement_text(const tl_judgement *j, size_t at);
/* What the turn scores if it stands: its words and its bonus. */
int32_t judgement_points(const tl_judgement *j);

/* score.c: the reckoning of a word by the game's rule, filling w->score and the reckoning's fields; a rare cube's
 * bonus once a cube is credited in `credited` (bit a square) when the game gives it once. */
void score_letters(const tl_game *game, const char *premiums, tl_word *w);
void score_cube_word(const tl_game *game, tl_word *w, uint8_t *credited);

/* The tiles of a word as tile notation (`HÁ[Z][S]OR`, Alphabet's shortest) and as the letters they spell
 * (`pronounced`: SZ SZ spells SSZ), into out: lengths, 0 when they do not fit. */
size_t game_notation(const tl_game *game, const uint8_t *tiles, size_t n, char *out, size_t cap);
size_t game_spelled(const tl_game *game, const uint8_t *tiles, size_t n, int pronounced, char *out, size_t cap);

#endif
