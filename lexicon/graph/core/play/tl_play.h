/* tl_play.h: the rules of a game, once: a turn judged on a board (legality, the words it forms with their
 * verdicts, scoring, bonuses, what a challenge does), the best plays of a rack, and the documents POST /play
 * and POST /moves answer, JSON in and JSON out (docs/games.md).
 *
 * A game is data: the toolkit compiles each game file (the TOML files of `lexicon/data/games/`) into a game document,
 * JSON, which a bundle carries in its `games` section for the games whose lexicon it is (docs/bundle.md), so
 * a client that has the bundle has the rules; a caller may read any game document itself (tl_game_read).
 * The move generators (play/moves.h) and the judge score with one definition of the rules.
 *
 * The conventions are tl_graph.h's: opaque handles, a status and the caller's tl_error from every call that
 * can fail, the caller's buffers borrowed for the call, nothing global.
 */
#ifndef TL_PLAY_H
#define TL_PLAY_H

#include "lexicon/tl_lexicon.h"
#include "play/moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ games */

typedef struct tl_game tl_game;

/* The largest game document read (a game has a handful of layouts of 26 × 26 squares at most). */
#define TL_GAME_MAX_DOCUMENT (1u << 20)

/* Read a game document (docs/games.md, "Games as compiled data"); TL_ERR_INPUT names the field at fault. */
tl_status tl_game_read(const char *json, size_t size, tl_game **out, tl_error *err);
/* The game named `name` (UTF-8, `size` bytes) of the bundle's `games` section; TL_ERR_INPUT when the bundle
 * carries none of that name. */
tl_status tl_lexicon_game(const tl_lexicon *lexicon, const char *name, size_t size, tl_game **out, tl_error *err);
/* The games the bundle carries, by name, to `fn` until it returns nonzero: how many there are. */
typedef int (*tl_name_fn)(void *context, const char *name, size_t size);
size_t tl_lexicon_games(const tl_lexicon *lexicon, tl_name_fn fn, void *context);
/* Every game the bundle carries, read once, up to `capacity` of them into `games` (*n of them; each freed with
 * tl_game_free), for tl_play_json and tl_moves_json to be given: a client that asks often spares reading the section
 * at each call. None without a games section; TL_ERR_CORRUPT for a game document the bundle holds that cannot be
 * read (nothing is kept). */
tl_status tl_lexicon_read_games(const tl_lexicon *lexicon, tl_game **games, size_t capacity, size_t *n, tl_error *err);
void tl_game_free(tl_game *game);

const char *tl_game_name(const tl_game *game);    /* sv-scrabble */
const char *tl_game_lexicon(const tl_game *game); /* the lexicon a play is judged by unless one is named */
unsigned tl_game_size(const tl_game *game);       /* squares a side */
unsigned tl_game_rack(const tl_game *game);       /* tiles a rack holds */
/* The tile number of a tile's letters (`CS`, UTF-8), 0 for none; and the letters of a tile number. */
unsigned tl_game_tile(const tl_game *game, const char *letters, size_t size);
const char *tl_game_letters(const tl_game *game, unsigned number);

/* ------------------------------------------------------------------ a turn judged */

/* One tile laid: its square (row × size + column) and its tile number, | TL_BLANK_TILE for a blank. */
typedef struct tl_laid {
    uint16_t square;
    uint8_t tile;
} tl_laid;

/* A board as the judge reads it. */
typedef struct tl_position {
    const uint8_t *tiles;   /* size × size: the top tile's number, | TL_BLANK_TILE for a blank; 0 on an empty square */
    const uint8_t *heights; /* size × size: the tiles each square holds; NULL: one under every tile */
    const char *premiums;   /* size × size codes: '.' plain, 'd'/'t' double/triple letter, 'D'/'T' double/triple
                             * word; NULL: the game's own layout */
} tl_position;

/* A turn: one play or, in a game whose turn may form several words, several, laid in order from one rack. */
typedef struct tl_turn {
    size_t plays;
    const size_t *lengths; /* the tiles each play lays */
    const tl_laid *tiles;  /* every play's tiles, one play after the other */
    const uint8_t *rack;   /* rack[t] tiles of number t, rack[0] blanks: what the tiles must come from; NULL: any */
} tl_turn;

/* Why a turn is not legal (docs/games.md, "Legality"): a stable code (`gap`, `start`, `covers-word`, …), a
 * sentence, the square concerned (-1: none) and the play of the turn it is about. */
typedef struct tl_problem {
    const char *code;
    char message[1024]; /* a longer one (a rack of hundreds of tiles quoted) is cut */
    int square;
    unsigned part;
} tl_problem;

#define TL_WORD_MAX TL_MAX_BOARD /* a word is one line of a board */

/* A word the turn forms, read on the board after it: every line of two or more tiles through a tile laid. */
typedef struct tl_word {
    unsigned length;
    uint16_t squares[TL_WORD_MAX];
    uint8_t tiles[TL_WORD_MAX];   /* tile numbers, | TL_BLANK_TILE for a blank */
    uint8_t fresh[TL_WORD_MAX];   /* laid by this turn */
    uint8_t heights[TL_WORD_MAX]; /* each position's tower (1 without stacking) */
    int down, main;               /* its direction; the play's main word, else a cross word */
    unsigned part;                /* the play of the turn that formed it */
    int valid;                    /* 1, 0, -1 (only analysis can say), -2 (judged without a lexicon) */
    const char *reason;           /* the verdict's reason, NULL when valid or not judged */
    const char *spelled;          /* the letters the tiles spell, as the game's policy reads them */
    const char *notation;         /* its exact tiles in tile notation (KO[C][S]I) */
    int32_t score;
    /* the reckoning: the letters rule's face values, premiums applied (a code, 0 none), the letters' sum and
     * the word multiplier; the cubes rule's points a position, whether it lies flat, the cubes' sum and each
     * rare cube's bonus (0 none) */
    int32_t points[TL_WORD_MAX];
    char premium[TL_WORD_MAX];
    int32_t letters, multiplier;
    int flat;
    int32_t rare[TL_WORD_MAX];
} tl_word;

typedef struct tl_judgement tl_judgement;
typedef struct tl_words tl_words;
typedef struct tl_refusal tl_refusal;

/* Judge `turn` laid on `board` by the game's rules, every word it forms by `lexicon` (NULL: scored, validity
 * left out). A turn the rules do not allow is answered, not refused (tl_judgement_legal, its problems); input
 * no turn can be (a square off the board, a tile the game lacks, more tiles than a rack holds, a lexicon of
 * another tile set) is TL_ERR_INPUT with the field at fault named. Free the judgement with tl_judgement_free. */
tl_status tl_judge(const tl_game *game, const tl_lexicon *lexicon, const tl_position *board, const tl_turn *turn,
                   tl_judgement **out, tl_error *err);
/* The same with the words judged as `words` says (below; NULL: validity left out), each word's verdict document
 * in full with `detail`, and a refusal's field and square in `refused` (may be NULL). */
tl_status tl_judge_turn(const tl_game *game, const tl_words *words, int detail, const tl_position *board,
                        const tl_turn *turn, tl_judgement **out, tl_refusal *refused, tl_error *err);
/* The judgement as POST /play answers it, into `out` (tl_text_free). */
tl_status tl_judgement_json(const tl_judgement *judgement, tl_text *out, tl_error *err);

int tl_judgement_legal(const tl_judgement *judgement);
size_t tl_judgement_problems(const tl_judgement *judgement);
const tl_problem *tl_judgement_problem(const tl_judgement *judgement, size_t i); /* NULL past the last */
size_t tl_judgement_words(const tl_judgement *judgement);
const tl_word *tl_judgement_word(const tl_judgement *judgement, size_t i);      /* NULL past the last */
/* The turn's score: what it scores if it stands (legal, every word valid or not judged), else 0. */
int32_t tl_judgement_score(const tl_judgement *judgement);
/* What it scores if no word is challenged off the board: 1 with *score, 0 for a turn that is not legal. */
int tl_judgement_score_if_valid(const tl_judgement *judgement, int32_t *score);
/* The whole-rack bonus the tiles laid earn if the turn stands (0: none). */
int32_t tl_judgement_bonus(const tl_judgement *judgement);
/* What a challenge does by the game's rule (docs/games.md, "Challenges"): TL_CHALLENGE_NONE when there is
 * nothing to challenge (a turn not legal, a valid turn in a void game, no lexicon), else what becomes of the
 * play, with the points the player is left with and what the challenger loses. */
typedef enum { TL_CHALLENGE_NONE = 0, TL_CHALLENGE_REFUSED, TL_CHALLENGE_WITHDRAWN, TL_CHALLENGE_STANDS } tl_challenge;
tl_challenge tl_judgement_challenge(const tl_judgement *judgement, int32_t *player_points, int *player_loses_turn,
                                    int32_t *challenger_points, int *challenger_loses_turn);
void tl_judgement_free(tl_judgement *judgement);

/* What the tiles left on a rack (64 counts, rack[0] blanks) cost at the end of a game by its rule: their face
 * value, or so much a tile (docs/games.md, "End of game"). */
int32_t tl_game_rack_value(const tl_game *game, const uint8_t rack[64]);

/* ------------------------------------------------------------------ leave values */

/* What the tiles a player keeps after a play are worth, from a KLV2 file (play/leaves.c says the format): an
 * engine that ranks plays by equity, score plus leave, plays better than one that ranks them by score. */
typedef struct tl_leaves tl_leaves;

/* Read a KLV2 file (copied: `bytes` may go after the call); TL_ERR_CORRUPT says what is wrong with it. */
tl_status tl_leaves_read(const uint8_t *bytes, size_t size, tl_leaves **out, tl_error *err);
void tl_leaves_free(tl_leaves *leaves);
size_t tl_leaves_count(const tl_leaves *leaves); /* the leaves valued */
/* The value of the leave of rack[t] tiles of number t (rack[0] blanks): 0 for none; for a leave of at most 7 tiles the
 * file lacks, the mean over its kinds of tile t of the value without one t plus the value of t (play/leaves.c). */
float tl_leaves_value(const tl_leaves *leaves, const uint8_t rack[64]);
/* Give a game its leave values (borrowed: they outlive every call with the game; NULL: none), for POST /moves'
 * order `equity`. */
void tl_game_use_leaves(tl_game *game, const tl_leaves *leaves);
const tl_leaves *tl_game_leaves(const tl_game *game);
/* Put the plays of `rack` best first by equity: each play's `leave` the value of what it keeps, then by score
 * plus leave, highest first; ties by score, then as tl_moves_sort. */
tl_status tl_moves_sort_equity(tl_moves *moves, const tl_leaves *leaves, const uint8_t rack[64], tl_error *err);

/* Where in a game a play is made, for the static adjustments engines add to equity beside the leave (Quackle's,
 * Macondo's and MAGPIE's; play/equity.c, docs/games.md "Equity and leave values"):
 * - the opening (an empty board): each vowel laid beside a double-letter square, across the play's line, costs
 *   TL_OPENING_VOWEL, for the tile the next player may put on that square, doubled in two words;
 * - the bag empty: nothing is drawn to the tiles kept, so the end's rule values them, not the leave values. A play
 *   that goes out gains what the others' tiles cost, twice where going out gains them (they lose them too), and
 *   one that does not loses what its own tiles cost as many times and TL_END_NOT_OUT more (the next player may go
 *   out). */
typedef struct tl_stage {
    int bag;              /* tiles in the bag before the play; negative: not said, valued as in mid-game */
    uint8_t others[64];   /* with the bag empty: the tiles on the other racks, others[t] of number t */
    const char *opening;  /* an empty board: its size × size premium codes ('d' double letter); NULL: not empty */
} tl_stage;
#define TL_OPENING_VOWEL 0.7f
#define TL_END_NOT_OUT 10
/* Put the plays of `rack` best first by equity at `stage` (NULL: mid-game, as tl_moves_sort_equity): each play's
 * `leave` (0 with the bag empty) and `adjustment` set, then by score + leave + adjustment; ties as above. */
tl_status tl_moves_sort_stage(tl_moves *moves, const tl_game *game, const tl_leaves *leaves, const uint8_t rack[64],
                              const tl_stage *stage, tl_error *err);
/* Add to `moves` the turns other than plays that `stage` allows (its bag said): every exchange the game allows
 * (while the bag holds its least, of one tile up to its most and what the bag holds; each distinct set of tiles
 * put back once) and the pass. By equity each is worth what it keeps, as a play is: an exchange its leave, the
 * pass the whole rack (a full rack's value worked out from its parts, tl_leaves_value), or with the bag empty
 * what the end makes of it. A rack whose exchanges number more than TL_EXCHANGES_MOST (a custom game's rack of
 * more than 15 tiles may) is TL_ERR_COSTLY, nothing added. */
#define TL_EXCHANGES_MOST 32768u
tl_status tl_moves_add_turns(tl_moves *moves, const tl_game *game, const uint8_t rack[64], const tl_stage *stage,
                             tl_error *err);
/* One play's `leave` and `adjustment` at `stage`, `left` the tiles it keeps: as tl_moves_sort_stage sets them. */
void tl_play_value(const tl_game *game, const tl_leaves *leaves, const tl_stage *stage, const uint8_t left[64],
                   tl_play *play);

/* ------------------------------------------------------------------ the endgame searched */

/* With the bag empty both racks are known (the tiles on neither the board nor one's own rack are the other
 * player's), so the best turn is the one whose line gains the most spread with both players playing their best
 * (play/endgame.c). Two players, games scored by letters and premium squares. */
typedef struct tl_endgame {
    tl_play play;      /* the turn found: a play, or kind TL_TURN_PASS */
    int32_t spread;    /* what its line gains the player to move from here on, both playing their best to `depth` */
    unsigned depth;    /* the turns searched ahead by the deepest search finished */
    int exact;         /* every line ended the game within the depth: `spread` is the game's, not a guess */
    int64_t positions; /* positions read, in all */
    int64_t visits;    /* lists of the word graph entered, in all */
} tl_endgame;
#define TL_ENDGAME_MOST_TURNS 32 /* more turns than two racks last: a play lays a tile, passes end the game */
/* The best turn of `mine` on `board` (its rules the caller's, as for tl_moves_generate) with `other` on the other
 * rack, `scoreless` the scoreless turns just before this one, searched a turn deeper at a time until exact or
 * until the next depth would enter more than `max_visits` lists of the graph in all: the deepest search finished
 * answers. TL_ERR_COSTLY only when one turn deep costs more; TL_ERR_INPUT for a game the search does not play. */
tl_status tl_endgame_search(const tl_game *game, const tl_graph *graph, const tl_board *board, const uint8_t mine[64],
                            const uint8_t other[64], unsigned scoreless, int64_t max_visits, tl_endgame *out,
                            tl_error *err);

/* ------------------------------------------------------------------ the documents, JSON in and JSON out */

/* A request refused: what POST /play or POST /moves answers with a problem document. */
struct tl_refusal {
    const char *code;  /* `bad-play`, `too-costly`, `unknown-lexicon`, …; NULL: nothing was refused */
    int status;        /* the HTTP status: 400, 404 */
    char field[96];    /* the request's field at fault (`board[3]`, `move.word`); empty: none */
    char square[288];  /* the square named (`H8`), as the request wrote it; empty: none */
    char message[8192];/* the sentence, without the field (a longer one is cut) */
};

/* The words of a request's lexicon: whose verdicts, and where the word graph is. */
typedef struct tl_verdict {
    int valid;            /* 1 or 0 */
    const char *reason;   /* why not (NUL-terminated), NULL when valid */
    const char *document; /* the verdict document (JSON), `length` bytes */
    size_t length;
} tl_verdict;

typedef tl_status (*tl_verdict_fn)(void *context, const char *notation, size_t size, int detail, tl_verdict *out,
                                   tl_error *err);

struct tl_words {
    const char *name, *version;  /* the lexicon as the documents name it */
    const tl_lexicon *bundle;    /* its bundle: verdicts, the tile set the game must share; NULL: none */
    const tl_graph *graph;       /* the word graph plays are found in; NULL: the bundle's */
    int pronounced;              /* without a bundle: a doubled digraph is laid as pronounced (SZ SZ spells SSZ) */
    /* A word's verdict where the bundle cannot give it: a word only analysis decides (valid -1), with `detail`
     * the full document (beyond the bundle: readings, records), every word without a bundle. NULL: none. */
    tl_verdict_fn verdict;
    void *context;
};

/* Where a request's names lead: the game the request's "game" names (its JSON text, as sent) and the lexicon a
 * spec names (`sv-betapet`, `sv-betapet@e14523cfa180`; NULL when the request names none: the game's own,
 * tl_game_lexicon, or the one lexicon a client has). A callback answers TL_OK, TL_ERR_INPUT with the
 * refusal filled, or TL_ERR_HOST when the host met an error of its own (which it keeps; the call returns
 * TL_ERR_HOST and writes nothing). A game and a lexicon stay alive until the call returns. */
typedef struct tl_host {
    void *context;
    tl_status (*game)(void *context, const char *value, size_t size, const tl_game **game, tl_refusal *refusal,
                      tl_error *err);
    tl_status (*lexicon)(void *context, const char *spec, size_t size, const tl_game *game, tl_words *words,
                         tl_refusal *refusal, tl_error *err);
} tl_host;

/* The largest request body read, and the nesting a body may have. */
#define TL_MAX_BODY (1u << 20)
#define TL_MAX_DEPTH 32

/* POST /play: the body (JSON, `size` bytes) judged into the answer document, `out`, byte for byte the
 * service's. A request the service refuses gets TL_ERR_INPUT with `refused` filled and its problem document in
 * `out`, `{"code", "status", "detail", "parameter", "square"}`; TL_ERR_HOST, TL_ERR_NOMEM and a damaged bundle
 * (TL_ERR_CORRUPT) leave `out` empty. */
tl_status tl_play_answer(const tl_host *host, const char *body, size_t size, tl_text *out, tl_refusal *refused,
                         tl_error *err);
/* POST /moves: the best plays of the body's rack, as tl_play_answer answers; a search past `max_visits` lists of
 * the word graph is refused as `too-costly` (TL_ERR_COSTLY). */
tl_status tl_moves_answer(const tl_host *host, const char *body, size_t size, int64_t max_visits, tl_text *out,
                          tl_refusal *refused, tl_error *err);

/* The same for a client that has one bundle: the request's game is one of `games` (NULL: the bundle's own
 * games section) and its lexicon the bundle's (by name or name@version, or null for POST /play's scores only).
 * `out` holds the answer or the problem document; the status is as above. */
#define TL_MOVES_MAX_VISITS 8000000
tl_status tl_play_json(const tl_lexicon *lexicon, const tl_game *const *games, size_t n_games, const char *body,
                       size_t size, tl_text *out, tl_error *err);
tl_status tl_moves_json(const tl_lexicon *lexicon, const tl_game *const *games, size_t n_games, const char *body,
                        size_t size, tl_text *out, tl_error *err);

#ifdef __cplusplus
}
#endif

#endif
