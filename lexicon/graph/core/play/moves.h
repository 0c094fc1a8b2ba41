/* moves.h: every legal play of a rack on a board: found with the GADDAG of a word graph for games
 * scored by letters and premium squares (Swedish Scrabble, Betapet), with its DAWG for games that stack
 * cubes on cubes (Betűtorony, Upwords).
 *
 * The rules come in as data, the way the caller's game file gives them: each tile's face value, each
 * square's letter and word premium, the squares the first play may cover, the rack's size and what
 * laying all of it earns, and whether a new tile's premium counts in its cross word too. Nothing here
 * knows a game by name. The scores are the play judge's, by the one definition of play/score.h: a tile's
 * face value (a blank 0), times the letter premium of a square newly covered; the word's sum times every
 * word premium newly covered; premiums under tiles already on the board are spent.
 *
 * The conventions are tl_graph.h's: a status and a message in the caller's tl_error, the caller's
 * buffers borrowed for the call, nothing global. A generation reads the graph and the board only, so
 * any number may run at once over one graph.
 */
#ifndef TL_MOVES_H
#define TL_MOVES_H

#include "graph/tl_graph.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TL_MAX_BOARD 26u /* squares a side: columns are named by the letters A..Z */
#define TL_BLANK_TILE 0x80u /* in a play's tiles: the tile is a blank standing for tile & 63 */

/* A board and the rules that score it. Every array is size × size, row by row. */
typedef struct tl_board {
    unsigned size;                 /* squares a side, 2..TL_MAX_BOARD */
    const uint8_t *tiles;          /* the tile number on each square (1..63), 0 on an empty square */
    const uint8_t *blanks;         /* nonzero where the square's tile is a blank (it scores 0) */
    const uint8_t *letter_premium; /* 1, 2 or 3: what a tile newly laid there is multiplied by */
    const uint8_t *word_premium;   /* 1, 2 or 3: what a word newly covering it is multiplied by */
    const uint8_t *start;          /* nonzero on a square the first play may cover (one at least) */
    uint16_t points[64];           /* face value of each tile number */
    unsigned rack_size;            /* a play of this many tiles earns whole_rack_bonus */
    int32_t whole_rack_bonus;
    int premiums_every_word;       /* a new tile's premiums count in its cross word too */
} tl_board;

/* What a turn in a list of plays is: a play of tiles (what the generators find), or, where the caller asks for
 * them (tl_moves_add_turns, tl_play.h), an exchange or a pass. */
enum { TL_TURN_PLAY = 0, TL_TURN_EXCHANGE = 1, TL_TURN_PASS = 2 };

/* One play: the tiles it lays (squares in increasing order), its score, its direction. An exchange is one of no
 * squares whose `tiles` are the n tiles it puts back (a blank TL_BLANK_TILE); a pass has none. */
typedef struct tl_play {
    int32_t score;
    uint8_t down;   /* the main word reads down (for one tile: down when it has no neighbour across) */
    uint8_t valid;  /* every cross word is a word (always, unless phonies were asked for) */
    uint8_t n;      /* tiles laid */
    uint16_t squares[TL_MAX_BOARD]; /* row × size + column */
    uint8_t tiles[TL_MAX_BOARD];    /* tile numbers, | TL_BLANK_TILE for a blank */
    float leave;    /* what the tiles the play keeps are worth: set by tl_moves_sort_stage (tl_play.h), else 0 */
    float adjustment; /* what the stage of the game adds to its equity: set by tl_moves_sort_stage, else 0 */
    uint8_t kind;     /* TL_TURN_PLAY, _EXCHANGE or _PASS */
} tl_play;

/* A stacking game's board and the rules that score it (play/score.h's `cubes` rule). A cube
 * goes on an empty square or on a cube of another letter in a stack lower than max_height. Every word
 * a play forms scores `cube` for each position (times its stack's height with whole_tower), or
 * `flat_cube` for each when every cube of the word lies on the first level; a rare cube the play lays
 * adds rare_bonus to each word it is in (rare_every_word) or once. Arrays are size × size, row by row. */
typedef struct tl_stack_board {
    unsigned size;            /* squares a side, 2..TL_MAX_BOARD */
    const uint8_t *tiles;     /* the top cube's tile number on each square (1..63), 0 on an empty square */
    const uint8_t *heights;   /* the cubes stacked on each square: 0 exactly where tiles is 0 */
    const uint8_t *start;     /* nonzero on a square the first play may cover (one at least) */
    unsigned max_height;      /* 1..255 */
    unsigned rack_size;       /* a play of this many cubes earns whole_rack_bonus */
    int32_t whole_rack_bonus;
    int32_t cube, flat_cube;
    int whole_tower;
    uint64_t rare;            /* bit t: tile t is a rare cube */
    int32_t rare_bonus;
    int rare_every_word;
    int cover_whole_word;     /* a play may cover every cube of a word on the board at once */
} tl_stack_board;

typedef struct tl_moves tl_moves;

/* Every play the rack (rack[t] tiles of number t, rack[0] blanks) makes on the board whose main word
 * is a word of the graph's DAWG (found through its GADDAG): with `phonies` 0 only those whose every
 * cross word is a word too, else also those with a cross word that is not (`valid` 0). They come in
 * the order found until tl_moves_sort. Each list of the GADDAG entered costs one visit; past
 * `max_visits` the call fails with TL_ERR_COSTLY. Free the result with tl_moves_free. */
tl_status tl_moves_generate(const tl_graph *graph, const tl_board *board, const uint8_t rack[64], int phonies,
                            int64_t max_visits, tl_moves **out, tl_error *err);

/* Every play of one line the rack makes on a stacking board whose every word is a word of the graph's
 * DAWG (with `phonies`, also those whose main word is and a cross word is not). The rack has no blanks
 * (rack[0] is 0). One visit is one list of the DAWG entered; past `max_visits`, TL_ERR_COSTLY. */
tl_status tl_moves_stack(const tl_graph *graph, const tl_stack_board *board, const uint8_t rack[64], int phonies,
                         int64_t max_visits, tl_moves **out, tl_error *err);

/* Put the plays best first: by score, highest first; ties by their first square, across before down,
 * then by the tiles laid (tile numbers, a blank after the tile), so the order depends on nothing but
 * the plays. A caller that wants them all in any order (a count, its own ranking) need not pay for it. */
tl_status tl_moves_sort(tl_moves *moves, tl_error *err);

size_t tl_moves_count(const tl_moves *moves);
const tl_play *tl_moves_play(const tl_moves *moves, size_t i); /* NULL past the last */
int64_t tl_moves_visits(const tl_moves *moves);
void tl_moves_free(tl_moves *moves);

#ifdef __cplusplus
}
#endif

#endif
