/* A POST /play or POST /moves body read into the judge's typed values (play_read.c), field by field in the order
 * the service reads them, so that the first thing wrong is the one refused, worded as the service words it;
 * play_json.c answers it. Not installed. */
#ifndef TL_REQUEST_H
#define TL_REQUEST_H

#include "play/judge.h"
#include "wire/reader.h"

#define MAX_TURN_PLAYS 26 /* lexicon.play.request.MAX_PLAYS */

typedef struct {
    jdoc doc;
    tl_refusal *refused;
    tl_error *err;
    const tl_game *game;
    board_state board;
    char premiums[GAME_SQUARES];
    /* the plays, their tiles one play after the other */
    size_t plays, lengths[MAX_TURN_PLAYS];
    tl_laid *tiles;
    size_t n_tiles, cap_tiles;
    uint8_t rack[64];
    unsigned rack_tiles;
    int has_rack, detail;
} request;

/* Read the body as JSON (refused as `body: not valid JSON: …`), then its fields as the service checks them:
 * an object of known fields, the required ones present, no optional one null, `detail` true or false. */
tl_status request_open(request *q, const char *body, size_t size, const char *const *fields, size_t n_fields,
                       const char *const *required, size_t n_required, const char *example);
void request_close(request *q);
/* The value of a field, 0 when absent. */
uint32_t request_field(const request *q, const char *name);

/* The board (its rows, the heights of a stacking game), the premium layout, the move or the turn, the rack: each
 * read with the game in q->game, refused as the service refuses it. */
tl_status read_board(request *q);
tl_status read_layout(request *q);
tl_status read_plays(request *q);
tl_status read_rack(request *q, uint32_t value);
/* Tiles written as a rack is (tile notation, `?` a blank) into tiles[64] (tiles[0] blanks), *n_tiles of them, refused
 * naming `field`. */
tl_status read_tiles(request *q, uint32_t value, const char *field, uint8_t tiles[64], unsigned *n_tiles);

/* A refusal of the request, field and square named. */
#define REFUSE(q, field, square, ...) refuse_input((q)->refused, (q)->err, (field), (square), __VA_ARGS__)

#endif
