/* A game's rules as the engine holds them (game.c), filled from a game document by the wire layer
 * (wire/game_json.c), read by the judge, the scoring and the move generators' callers. Not installed. */
#ifndef TL_GAME_H
#define TL_GAME_H

#include "graph/internal.h"
#include "play/tl_play.h"

#define GAME_TEXT 128      /* bytes of a name */
#define GAME_TILE_TEXT 24  /* bytes of a tile's letters, upper or lower case */
#define GAME_MAX_LAYOUTS 16
#define GAME_MAX_FOLD 64
#define GAME_SQUARES (TL_MAX_BOARD * TL_MAX_BOARD)

enum { CHALLENGE_VOID, CHALLENGE_SINGLE, CHALLENGE_DOUBLE, CHALLENGE_FIVE, CHALLENGE_TEN };

typedef struct {
    char letter[GAME_TILE_TEXT]; /* UTF-8, as the tile set writes it: `CS` */
    char lower[GAME_TILE_TEXT];  /* as a blank writes it: `cs` */
    uint8_t letter_len, lower_len;
    uint8_t chars;               /* code points in `letter`: a tile of more is written in brackets */
    uint8_t number, count, vowel;
    uint16_t points;
} game_tile;

typedef struct {
    char name[GAME_TEXT];
    char codes[GAME_SQUARES]; /* '.', 'd', 't', 'D', 'T' a square */
    int verified;
} game_layout;

struct tl_game {
    char name[GAME_TEXT];
    char lexicon[GAME_TEXT]; /* the lexicon a play is judged by unless the request names one */
    unsigned size, rack;
    unsigned exchange_bag_minimum, exchange_most; /* an exchange: while the bag holds so many, of at most so many */
    uint16_t start[GAME_SQUARES]; /* the start squares, in the game's order */
    unsigned n_start;
    uint8_t is_start[GAME_SQUARES];
    game_layout *layouts; /* n_layouts of them */
    unsigned n_layouts;
    int layout;           /* the default layout's index; -1: a board without premiums */
    /* scoring */
    int cubes;            /* the cubes rule, else letters */
    int32_t whole_rack_bonus;
    int premiums_every_word;
    int32_t cube, flat_cube, rare_bonus;
    uint64_t rare;        /* bit t: tile number t is a rare cube */
    int rare_every_word;
    /* stacking (Betűtorony) */
    int stacking;
    unsigned max_height;
    int whole_tower, cover_whole_word;
    int several_words;
    /* challenges */
    int challenge;        /* CHALLENGE_… */
    int32_t challenger_penalty;
    /* the end */
    int per_tile_end;
    int32_t per_tile;
    int going_out_gains;
    int scoreless_rounds; /* the game ends after so many rounds of scoreless turns; -1: the document does not say */
    int pass_scoreless;   /* a pass is one of those turns */
    /* the tile set, the lexicon's own when the two play together */
    char tileset[GAME_TEXT], language[32];
    unsigned blanks, n_tiles;
    game_tile tiles[TL_MAX_TILE];
    uint8_t place_of[64]; /* tile number → place + 1 (0: none) */
    int multi;            /* some tile is more than one letter */
    unsigned n_fold;
    char fold_from[GAME_MAX_FOLD][8], fold_to[GAME_MAX_FOLD][GAME_TILE_TEXT];
    const tl_leaves *leaves; /* its leave values (borrowed, or `own`), NULL: none */
    tl_leaves *own;          /* values read with the game from a bundle, freed with it */
};

/* The challenge rules' names, as a game file gives them; and what each does (docs/games.md). */
extern const char *const game_challenge_names[5];
int game_challenge_void(const tl_game *game);
int game_challenger_loses_turn(const tl_game *game);
int32_t game_player_bonus(const tl_game *game);

/* A square's name, `H8`, into `out` (at least 4 bytes): its length. */
size_t game_square_name(const tl_game *game, unsigned square, char *out);
/* The tile of a number, or NULL. */
static inline const game_tile *game_tile_of(const tl_game *game, unsigned number) {
    return number < 64 && game->place_of[number] ? &game->tiles[game->place_of[number] - 1] : NULL;
}
/* A new game, zeroed with its defaults, or NULL out of memory (wire/game_json.c fills it). */
tl_game *game_new(void);
/* Is the game one the generators play: letters and premiums a word a play, or cubes stacked scored per cube? */
int game_generates(const tl_game *game);

/* Does the lexicon's tile set differ from the game's: 0 when they are the same set, else 1 with the first
 * difference as Alphabet.difference words it (`H: points 5, not 4`) in `out`, or only the tile sets' names when
 * they are not named alike (*named 1). */
int game_tileset_differs(const tl_game *game, const tl_lexicon *lexicon, int *named, char *out, size_t cap);

#endif
