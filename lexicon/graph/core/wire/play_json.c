/* POST /play and POST /moves, JSON in and JSON out: a body read (play_read.c) in the order the service reads it,
 * its game and lexicon found by the host, the turn judged or the plays found (play/), and the answer written
 * byte for byte as the service wrote them from Python (support/reference_judge.py's and reference_moves.py's
 * documents, by orjson, which tests/test_play_engine.py holds these to). */
#include "lexicon/lexicon.h"
#include "play/movegen.h"
#include "wire/json.h"
#include "wire/request.h"

#include <stdio.h>
#include <stdlib.h>

static const char *const PLAY_FIELDS[] = {"game", "lexicon", "board", "heights", "layout", "move", "turn", "rack",
                                          "detail", "rank", "bag"};
static const char *const PLAY_REQUIRED[] = {"game", "board"};
static const char *const MOVES_FIELDS[] = {"game", "lexicon", "board", "heights", "layout", "rack", "limit", "order",
                                           "phonies", "bag", "endgame", "other", "scoreless", "common"};
static const char *const MOVES_REQUIRED[] = {"game", "board", "rack"};
#define MOVES_DEFAULT_LIMIT 100
#define MOVES_MAX_LIMIT 1000
/* With `common`: the best plays looked at for those of common words alone (a bound on the judging it costs) */
#define MOVES_COMMON_WINDOW MOVES_MAX_LIMIT

/* ------------------------------------------------------------------ the text handed over */

static tl_status hand_over(jbuf *j, tl_text *out, tl_error *err) {
    j_raw(j, "", 1);
    if (j->failed) {
        free(j->data);
        j->data = NULL;
        return tl_nomem(err);
    }
    out->data = j->data;
    out->length = j->length - 1;
    j->data = NULL;
    return TL_OK;
}

/* The refusal's problem document, {"code", "status", "detail", "parameter", "square"}, into `out`. */
static void write_refusal(const tl_refusal *r, tl_text *out) {
    jbuf j = {NULL, 0, 0, 1, 0};
    int first = 1;
    char detail[sizeof r->message + sizeof r->field + 4];
    if (r->field[0] && !strcmp(r->code, "bad-play")) /* a PlayError's message names its field */
        snprintf(detail, sizeof detail, "%s: %s", r->field, r->message);
    else
        snprintf(detail, sizeof detail, "%s", r->message);
    j_lit(&j, "{");
    j_key(&j, "code", &first);
    j_cstr(&j, r->code);
    j_key(&j, "status", &first);
    j_int(&j, r->status);
    j_key(&j, "detail", &first);
    j_cstr(&j, detail);
    if (r->field[0]) {
        j_key(&j, "parameter", &first);
        j_cstr(&j, r->field);
    }
    if (r->square[0]) {
        j_key(&j, "square", &first);
        j_cstr(&j, r->square);
    }
    j_lit(&j, "}");
    tl_error ignored;
    hand_over(&j, out, &ignored);
}

/* ------------------------------------------------------------------ the judgement written */

static void j_square(jbuf *j, const tl_game *g, unsigned square) {
    char name[4];
    size_t n = game_square_name(g, square, name);
    j_str(j, name, n);
}

/* A tile as a board writes it (lexicon.play.board._written): its letters, lower case for a blank, a tile of more
 * letters in brackets. */
static void j_written(jbuf *j, const tl_game *g, uint8_t tile) {
    const game_tile *t = game_tile_of(g, tile & 63u);
    int blank = (tile & TL_BLANK_TILE) != 0;
    if (t->chars > 1)
        j_raw(j, "[", 1);
    j_raw(j, blank ? t->lower : t->letter, blank ? t->lower_len : t->letter_len);
    if (t->chars > 1)
        j_raw(j, "]", 1);
}

static void write_placed(jbuf *j, const tl_judgement *jd) {
    const tl_game *g = jd->game;
    j_lit(j, "[");
    for (size_t i = 0; i < jd->n_placed; i++) {
        const tl_laid *p = &jd->placed[i];
        const game_tile *t = game_tile_of(g, p->tile & 63u);
        j_lit(j, i ? ",{\"square\":" : "{\"square\":");
        j_square(j, g, p->square);
        j_lit(j, ",\"row\":");
        j_int(j, p->square / g->size);
        j_lit(j, ",\"col\":");
        j_int(j, p->square % g->size);
        j_lit(j, ",\"tile\":");
        j_str(j, t->letter, t->letter_len);
        j_lit(j, ",\"blank\":");
        j_bool(j, (p->tile & TL_BLANK_TILE) != 0);
        j_lit(j, ",\"part\":");
        j_int(j, jd->part[i]);
        j_lit(j, "}");
    }
    j_lit(j, "]");
}

static const char *premium_name(char code) {
    return code == 'd' ? "DL" : code == 't' ? "TL" : code == 'D' ? "DW" : "TW";
}

static void j_list(jbuf *j, const int32_t *values, unsigned n) {
    j_lit(j, "[");
    for (unsigned i = 0; i < n; i++) {
        if (i)
            j_lit(j, ",");
        j_int(j, values[i]);
    }
    j_lit(j, "]");
}

/* An object of the word's squares that have a premium applied (`codes`) or a rare cube's bonus (`values`). */
static void j_by_square(jbuf *j, const tl_game *g, const tl_word *w, const char *codes, const int32_t *values) {
    j_lit(j, "{");
    int first = 1;
    for (unsigned i = 0; i < w->length; i++) {
        if (codes ? !codes[i] : !values[i])
            continue;
        if (!first)
            j_lit(j, ",");
        first = 0;
        j_square(j, g, w->squares[i]);
        j_lit(j, ":");
        if (codes)
            j_cstr(j, premium_name(codes[i]));
        else
            j_int(j, values[i]);
    }
    j_lit(j, "}");
}

static void write_scoring(jbuf *j, const tl_game *g, const tl_word *w) {
    if (!g->cubes) {
        j_lit(j, "{\"points\":");
        j_list(j, w->points, w->length);
        j_lit(j, ",\"premiums\":");
        j_by_square(j, g, w, w->premium, NULL);
        j_lit(j, ",\"letters\":");
        j_int(j, w->letters);
        j_lit(j, ",\"word_multiplier\":");
        j_int(j, w->multiplier);
        j_lit(j, "}");
        return;
    }
    int32_t heights[TL_WORD_MAX];
    for (unsigned i = 0; i < w->length; i++)
        heights[i] = w->heights[i];
    j_lit(j, "{\"heights\":");
    j_list(j, heights, w->length);
    j_lit(j, ",\"points\":");
    j_list(j, w->points, w->length);
    j_lit(j, ",\"first_level\":");
    j_bool(j, w->flat);
    j_lit(j, ",\"cubes\":");
    j_int(j, w->letters);
    j_lit(j, ",\"rare\":");
    j_by_square(j, g, w, NULL, w->rare);
    j_lit(j, "}");
}

/* A word's verdict document: the host's as it gave it, the bundle's full one with `detail`, else the brief one
 * from the check's fields; null when no lexicon judged. */
static void write_verdict(jbuf *j, const tl_judgement *jd, const tl_word *w, const word_text *t) {
    if (t->document != (size_t)-1) {
        j_raw(j, jd->pool + t->document, t->document_length);
        return;
    }
    if (w->valid == -2) {
        j_lit(j, "null");
        return;
    }
    if (jd->detail && jd->bundle) {
        tl_text full = {NULL, 0};
        tl_error err;
        if (tl_lexicon_verdict(jd->bundle, w->notation, strlen(w->notation), &full, &err) == TL_OK)
            j_raw(j, full.data, full.length);
        else
            j->failed = 1;
        tl_text_free(&full);
        return;
    }
    brief_write(j, w->notation, strlen(w->notation), w->valid, judgement_text(jd, t->normalized), w->reason,
                judgement_text(jd, t->detail), judgement_text(jd, t->lemma), judgement_text(jd, t->tag));
}

static void write_words(jbuf *j, const tl_judgement *jd) {
    const tl_game *g = jd->game;
    j_lit(j, "[");
    for (size_t k = 0; k < jd->n_words; k++) {
        const tl_word *w = &jd->words[k];
        const word_text *t = &jd->texts[k];
        j_lit(j, k ? ",{\"word\":" : "{\"word\":");
        j_cstr(j, w->spelled);
        j_lit(j, ",\"notation\":");
        j_cstr(j, w->notation);
        j_lit(j, ",\"tiles\":[");
        for (unsigned i = 0; i < w->length; i++) {
            const game_tile *tile = game_tile_of(g, w->tiles[i] & 63u);
            if (i)
                j_lit(j, ",");
            j_str(j, tile->letter, tile->letter_len);
        }
        j_lit(j, "],\"squares\":[");
        for (unsigned i = 0; i < w->length; i++) {
            if (i)
                j_lit(j, ",");
            j_square(j, g, w->squares[i]);
        }
        j_lit(j, "],\"new\":[");
        for (unsigned i = 0; i < w->length; i++) {
            if (i)
                j_lit(j, ",");
            j_bool(j, w->fresh[i]);
        }
        j_lit(j, w->down ? "],\"direction\":\"down\",\"main\":" : "],\"direction\":\"across\",\"main\":");
        j_bool(j, w->main);
        j_lit(j, ",\"part\":");
        j_int(j, w->part);
        j_lit(j, w->valid == 1 ? ",\"valid\":true" : w->valid == 0 ? ",\"valid\":false" : ",\"valid\":null");
        j_lit(j, ",\"reason\":");
        j_cstr(j, w->reason);
        j_lit(j, ",\"verdict\":");
        write_verdict(j, jd, w, t);
        j_lit(j, ",\"score\":");
        j_int(j, w->score);
        j_lit(j, ",\"scoring\":");
        write_scoring(j, g, w);
        j_lit(j, "}");
    }
    j_lit(j, "]");
}

/* The bonuses the tiles laid earn (lexicon.play.judge._earned), written when `shown`. */
static void write_bonuses(jbuf *j, const tl_judgement *jd, int shown) {
    if (!shown || !jd->earned) {
        j_lit(j, "[]");
        return;
    }
    char detail[128];
    snprintf(detail, sizeof detail, "all %u tiles of the rack in one %s", jd->game->rack,
             jd->n_plays > 1 ? "turn" : "move");
    j_lit(j, "[{\"kind\":\"whole-rack\",\"points\":");
    j_int(j, jd->earned);
    j_lit(j, ",\"detail\":");
    j_cstr(j, detail);
    j_lit(j, "}]");
}

static void write_challenge(jbuf *j, const tl_judgement *jd) {
    const tl_game *g = jd->game;
    j_lit(j, "{\"rule\":");
    j_cstr(j, game_challenge_names[g->challenge]);
    int invalid = 0;
    for (size_t k = 0; k < jd->n_words; k++)
        invalid += word_invalid(jd, &jd->words[k]);
    j_lit(j, ",\"upheld\":");
    j_bool(j, invalid > 0);
    j_lit(j, ",\"invalid\":[");
    int first = 1;
    for (size_t k = 0; k < jd->n_words; k++) {
        if (!word_invalid(jd, &jd->words[k]))
            continue;
        if (!first)
            j_lit(j, ",");
        first = 0;
        j_cstr(j, jd->words[k].spelled);
    }
    j_lit(j, "],\"if_challenged\":");
    int32_t player, challenger;
    int player_loses, challenger_loses;
    tl_challenge outcome = tl_judgement_challenge(jd, &player, &player_loses, &challenger, &challenger_loses);
    static const char *const plays[] = {NULL, "refused", "withdrawn", "stands"};
    if (outcome == TL_CHALLENGE_NONE) {
        j_lit(j, "null}");
        return;
    }
    j_lit(j, "{\"play\":");
    j_cstr(j, plays[outcome]);
    j_lit(j, ",\"player\":{\"points\":");
    j_int(j, player);
    j_lit(j, ",\"loses_turn\":");
    j_bool(j, player_loses);
    j_lit(j, "},\"challenger\":");
    if (outcome == TL_CHALLENGE_REFUSED) {
        j_lit(j, "null}}");
        return;
    }
    j_lit(j, "{\"points\":");
    j_int(j, challenger);
    j_lit(j, ",\"loses_turn\":");
    j_bool(j, challenger_loses);
    j_lit(j, "}}}");
}

/* POST /play's answer (lexicon.play.judge.Judgement.as_dict). */
static void write_judgement(jbuf *j, const tl_judgement *jd) {
    const tl_game *g = jd->game;
    int legal = jd->n_problems == 0, stands = judgement_stands(jd);
    j_lit(j, "{\"game\":");
    j_cstr(j, g->name);
    j_lit(j, ",\"lexicon\":");
    j_cstr(j, judgement_lexicon(jd));
    j_lit(j, ",\"version\":");
    j_cstr(j, judgement_version(jd));
    j_lit(j, ",\"legal\":");
    j_bool(j, legal);
    j_lit(j, ",\"errors\":[");
    for (size_t i = 0; i < jd->n_problems; i++) {
        const tl_problem *p = &jd->problems[i];
        j_lit(j, i ? ",{\"code\":" : "{\"code\":");
        j_cstr(j, p->code);
        j_lit(j, ",\"message\":");
        j_cstr(j, p->message);
        j_lit(j, ",\"square\":");
        if (p->square < 0)
            j_lit(j, "null");
        else
            j_square(j, g, (unsigned)p->square);
        j_lit(j, ",\"part\":");
        j_int(j, p->part);
        j_lit(j, "}");
    }
    j_lit(j, "],\"first_move\":");
    j_bool(j, jd->first_move);
    j_lit(j, jd->direction < 0 ? ",\"direction\":null" : jd->direction ? ",\"direction\":\"down\""
                                                                       : ",\"direction\":\"across\"");
    j_lit(j, ",\"placed\":");
    write_placed(j, jd);
    j_lit(j, ",\"words\":");
    write_words(j, jd);
    j_lit(j, ",\"bonus\":");
    j_int(j, stands ? jd->earned : 0);
    j_lit(j, ",\"bonuses\":");
    write_bonuses(j, jd, stands);
    j_lit(j, ",\"score_if_valid\":");
    if (legal)
        j_int(j, judgement_points(jd));
    else
        j_lit(j, "null");
    j_lit(j, ",\"score\":");
    j_int(j, stands ? judgement_points(jd) : 0);
    j_lit(j, ",\"challenge\":");
    if (jd->judged_words)
        write_challenge(j, jd);
    else
        j_lit(j, "null");
    j_lit(j, "}");
}

tl_status tl_judgement_json(const tl_judgement *judgement, tl_text *out, tl_error *err) {
    jbuf j = {NULL, 0, 0, 1, 0};
    *out = (tl_text){NULL, 0};
    write_judgement(&j, judgement);
    return hand_over(&j, out, err);
}

/* ------------------------------------------------------------------ a request's game and lexicon */

/* The request's game from the host, by the "game" field's JSON text. */
static tl_status find_game(request *q, const tl_host *host) {
    uint32_t v = request_field(q, "game");
    const jnode *n = jn(&q->doc, v);
    return host->game(host->context, q->doc.body + n->raw, n->raw_end - n->raw, &q->game, q->refused, q->err);
}

/* The lexicon the request names, else the game's own: `none` when it asks for none (null). */
static tl_status find_words(request *q, const tl_host *host, tl_words *words, int *none, const char *not_text) {
    uint32_t v = request_field(q, "lexicon");
    *none = 0;
    memset(words, 0, sizeof *words);
    if (v && jn(&q->doc, v)->type == J_NULL) {
        *none = 1;
        return TL_OK;
    }
    if (v && jn(&q->doc, v)->type != J_STRING)
        return REFUSE(q, "lexicon", NULL, "%s", not_text);
    /* none named: the host's choice, the game's own lexicon (tl_game_lexicon) where it serves several */
    const char *spec = v ? jstr(&q->doc, v) : NULL;
    size_t size = v ? jn(&q->doc, v)->length : 0;
    return host->lexicon(host->context, spec, size, q->game, words, q->refused, q->err);
}

static void premium_bytes(const tl_game *g, const char *premiums, uint8_t *letter, uint8_t *word) {
    for (unsigned s = 0; s < g->size * g->size; s++) {
        char c = premiums[s];
        letter[s] = c == 'd' ? 2 : c == 't' ? 3 : 1;
        word[s] = c == 'D' ? 2 : c == 'T' ? 3 : 1;
    }
}

/* A request to read: its answer empty, its refusal none yet. */
static request *request_new(tl_text *out, tl_refusal *refused, tl_error *err) {
    *out = (tl_text){NULL, 0};
    refused->code = NULL;
    request *q = calloc(1, sizeof *q);
    if (q) {
        q->refused = refused;
        q->err = err;
    }
    return q;
}

/* ------------------------------------------------------------------ POST /play */

static tl_status rank_play(request *q, const tl_words *words, verdict_source *source, const tl_judgement *own,
                           jbuf *j);

tl_status tl_play_answer(const tl_host *host, const char *body, size_t size, tl_text *out, tl_refusal *refused,
                         tl_error *err) {
    tl_refusal scratch;
    request *q = request_new(out, refused ? refused : &scratch, err);
    if (!q)
        return tl_nomem(err);
    refused = q->refused;
    tl_words words;
    int none = 0;
    tl_judgement *jd = NULL;
    verdict_source source = {NULL, 0, NULL};
    tl_status rc = request_open(q, body, size, PLAY_FIELDS, 11, PLAY_REQUIRED, 2,
                                "{\"game\": \"sv-scrabble\", \"board\": [...], \"move\": [...]}");
    if (rc == TL_OK && !request_field(q, "move") == !request_field(q, "turn"))
        rc = REFUSE(q, "move", NULL, "required: a move, or a turn of several plays (not both)");
    if (rc == TL_OK)
        rc = find_game(q, host);
    if (rc == TL_OK)
        rc = read_board(q);
    if (rc == TL_OK)
        rc = read_layout(q);
    if (rc == TL_OK)
        rc = read_plays(q);
    if (rc == TL_OK && request_field(q, "rack"))
        rc = read_rack(q, request_field(q, "rack"));
    uint32_t v = rc == TL_OK ? request_field(q, "rank") : 0;
    int ranked = v && jn(&q->doc, v)->type == J_TRUE;
    if (v && !ranked && jn(&q->doc, v)->type != J_FALSE)
        rc = REFUSE(q, "rank", NULL, "true or false");
    if (rc == TL_OK)
        rc = find_words(q, host, &words, &none, "a lexicon name or name@version, or null to score without one");
    if (rc == TL_OK && ranked && none)
        rc = REFUSE(q, "rank", NULL, "plays are ranked with a lexicon's word graph: name one, or leave it out");
    if (rc == TL_OK && !ranked && request_field(q, "bag"))
        rc = REFUSE(q, "bag", NULL, "the tiles left in the bag count in a move's rank: ask for \"rank\": true");
    if (rc == TL_OK) {
        source.words = none ? NULL : &words;
        source.detail = q->detail;
        rc = judge_turn(q->game, &source, &q->board, q->premiums, q->plays, q->lengths, q->tiles,
                        q->has_rack ? q->rack : NULL, &jd, refused, err);
    }
    if (rc == TL_OK) {
        jbuf j = {NULL, 0, 0, 1, 0};
        write_judgement(&j, jd);
        if (ranked)
            rc = rank_play(q, &words, &source, jd, &j);
        if (rc == TL_OK)
            rc = hand_over(&j, out, err);
        else
            free(j.data);
    }
    if (rc != TL_OK && refused->code) {
        write_refusal(refused, out);
    }
    tl_judgement_free(jd);
    free(source.answer);
    request_close(q);
    free(q);
    return rc;
}

/* ------------------------------------------------------------------ POST /moves */

/* The play as POST /play takes a move (lexicon.play.moves._move): its main word from its first square, in board
 * notation, with the tiles on the board it runs through. */
static void write_move(jbuf *j, const tl_game *g, const board_state *b, const tl_play *p) {
    unsigned size = g->size, step = p->down ? size : 1, first = p->squares[0], last = p->squares[p->n - 1];
    unsigned lo = p->down ? first % size : first - first % size, hi = p->down ? size * size - 1 : lo + size - 1;
    while (first >= lo + step && b->heights[first - step])
        first -= step;
    while (last + step <= hi && b->heights[last + step])
        last += step;
    jbuf text = {NULL, 0, 0, 1, 0};
    for (unsigned s = first, k = 0; s <= last; s += step) {
        uint8_t tile = b->tiles[s];
        if (k < p->n && p->squares[k] == s)
            tile = p->tiles[k++];
        j_written(&text, g, tile);
    }
    j_lit(j, "{\"word\":");
    j_str(j, text.data, text.length);
    j->failed |= text.failed;
    free(text.data);
    j_lit(j, ",\"start\":");
    j_square(j, g, first);
    j_lit(j, p->down ? ",\"direction\":\"down\"}" : ",\"direction\":\"across\"}");
}

/* A found play (lexicon.play.moves.FoundPlay.as_dict). */
/* A value to two places (a leave, an equity), never written as -0.00. */
static void j_fixed(jbuf *j, double value) {
    char text[64];
    if (!(value > -1e15 && value < 1e15)) /* no leave is worth that much: never reached with read values */
        value = 0;
    long long hundredths = (long long)(value * 100 + (value < 0 ? -0.5 : 0.5));
    unsigned long long size = (unsigned long long)(hundredths < 0 ? -hundredths : hundredths);
    snprintf(text, sizeof text, "%s%llu.%02llu", hundredths < 0 ? "-" : "", size / 100, size % 100);
    j_lit(j, text);
}

static double play_equity(const tl_play *p) { return (double)p->score + (double)p->leave + (double)p->adjustment; }

/* A turn's `leave`, `adjustment` and `equity`, after its score. */
static void write_equity(jbuf *j, const tl_play *p) {
    j_lit(j, ",\"leave\":");
    j_fixed(j, p->leave);
    j_lit(j, ",\"adjustment\":");
    j_fixed(j, p->adjustment);
    j_lit(j, ",\"equity\":");
    j_fixed(j, play_equity(p));
}

static void write_found(jbuf *j, const tl_game *g, const board_state *b, const tl_play *p, const tl_judgement *jd,
                        int valid, int by_equity) {
    j_lit(j, "{\"move\":");
    write_move(j, g, b, p);
    j_lit(j, ",\"placed\":");
    write_placed(j, jd);
    j_lit(j, ",\"score\":");
    j_int(j, p->score);
    if (by_equity)
        write_equity(j, p);
    j_lit(j, ",\"valid\":");
    j_bool(j, valid);
    j_lit(j, ",\"words\":");
    write_words(j, jd);
    j_lit(j, ",\"bonuses\":");
    write_bonuses(j, jd, 1);
    j_lit(j, "}");
}

/* Tiles in tile notation, as a rack is written: `?` a blank, a tile of more letters in brackets. */
static void j_rack(jbuf *j, const tl_game *g, const uint8_t tiles[64]) {
    jbuf text = {NULL, 0, 0, 1, 0};
    for (unsigned c = 0; c < tiles[0]; c++)
        j_raw(&text, "?", 1);
    for (unsigned t = 1; t < 64; t++)
        for (unsigned c = 0; c < tiles[t]; c++)
            j_written(&text, g, (uint8_t)t);
    j_str(j, text.data ? text.data : "", text.length);
    j->failed |= text.failed;
    free(text.data);
}

/* An exchange or the pass, as POST /moves lists them by equity: the tiles put back and those kept. */
static void write_turn(jbuf *j, const tl_game *g, const uint8_t rack[64], const tl_play *p) {
    uint8_t back[64] = {0}, kept[64];
    memcpy(kept, rack, sizeof kept);
    for (unsigned k = 0; k < p->n; k++) {
        unsigned t = p->tiles[k] & TL_BLANK_TILE ? 0 : p->tiles[k] & 63u;
        back[t]++;
        kept[t]--;
    }
    if (p->kind == TL_TURN_EXCHANGE) {
        j_lit(j, "{\"exchange\":");
        j_rack(j, g, back);
    } else {
        j_lit(j, "{\"pass\":true");
    }
    j_lit(j, ",\"keep\":");
    j_rack(j, g, kept);
    j_lit(j, ",\"score\":0");
    write_equity(j, p);
    j_lit(j, "}");
}

/* A request's board as the generators read it: its squares' tiles and blanks, the premiums and the start. */
typedef struct {
    uint8_t tiles[GAME_SQUARES], blanks[GAME_SQUARES], letter[GAME_SQUARES], word[GAME_SQUARES], start[GAME_SQUARES];
} board_bytes;

/* The board of a game scored by letters and premiums, its arrays in `bytes`. */
static tl_board letters_board(const request *q, board_bytes *bytes) {
    const tl_game *g = q->game;
    unsigned cells = g->size * g->size;
    for (unsigned s = 0; s < cells; s++) {
        bytes->tiles[s] = q->board.tiles[s] & 63u;
        bytes->blanks[s] = (q->board.tiles[s] & TL_BLANK_TILE) != 0;
        bytes->start[s] = g->is_start[s];
    }
    tl_board b = {g->size, bytes->tiles, bytes->blanks, bytes->letter, bytes->word, bytes->start, {0}, g->rack,
                  g->whole_rack_bonus, g->premiums_every_word};
    premium_bytes(g, q->premiums, bytes->letter, bytes->word);
    for (unsigned i = 0; i < g->n_tiles; i++)
        b.points[g->tiles[i].number] = g->tiles[i].points;
    return b;
}

static tl_status generate(request *q, const tl_graph *graph, const tl_lexicon *lex, int phonies, int64_t max_visits,
                          tl_moves **found) {
    const tl_game *g = q->game;
    board_bytes bytes;
    if (!g->stacking) {
        tl_board b = letters_board(q, &bytes);
        return tl_moves_generate(graph, &b, q->rack, phonies, max_visits, found, q->err);
    }
    for (unsigned s = 0; s < g->size * g->size; s++) {
        bytes.tiles[s] = q->board.tiles[s] & 63u;
        bytes.start[s] = g->is_start[s];
    }
    tl_stack_board b = {g->size, bytes.tiles, q->board.heights, bytes.start, g->max_height, g->rack,
                        g->whole_rack_bonus, g->cube, g->flat_cube, g->whole_tower, g->rare, g->rare_bonus,
                        g->rare_every_word, g->cover_whole_word};
    if (lex && tl_lexicon_graph(lex) == graph) /* its rule's words too */
        return moves_stack_lexicon(lex, &b, q->rack, phonies, max_visits, found, q->err);
    return tl_moves_stack(graph, &b, q->rack, phonies, max_visits, found, q->err);
}

/* The word graph a request's plays are found in: the lexicon's, of the game's tile set, with a GADDAG for a game
 * of letters; refused naming `lexicon` otherwise. */
static tl_status plays_graph(request *q, const tl_words *words, const tl_graph **graph) {
    const tl_game *g = q->game;
    int named;
    char why[512];
    *graph = words->graph ? words->graph : words->bundle ? tl_lexicon_graph(words->bundle) : NULL;
    if (words->bundle && game_tileset_differs(g, words->bundle, &named, why, sizeof why))
        return REFUSE(q, "lexicon", NULL, "%s plays the tile set %s, and %s plays %s", words->name,
                      words->bundle->tileset, g->name, g->tileset);
    if (!*graph)
        return tl_fail(q->err, TL_ERR_INPUT, "the lexicon %s has no word graph here", words->name);
    if (!g->stacking && !tl_graph_has_gaddag(*graph))
        return REFUSE(q, "lexicon", NULL,
                      "%s's word graph has no GADDAG (a DAWG alone): plays are found with one; build it with "
                      "[graph] gaddag = true",
                      words->name);
    return TL_OK;
}

static void refuse_costly(tl_refusal *refused, int64_t max_visits) {
    char most[32];
    refused->code = "too-costly";
    refused->status = 400;
    refused->field[0] = refused->square[0] = 0;
    snprintf(refused->message, sizeof refused->message,
             "finding the plays visited more than %s lists of the word graph; a rack with fewer blanks costs far less",
             tl_thousands((size_t)max_visits, most));
}

/* The game's tiles less the board's top ones, into unseen[64] (unseen[0] blanks; below 0 for a board holding more
 * of a tile than the game has): the tiles laid into *laid, the cubes under the top ones into *covered. */
static void off_board(const request *q, long long unseen[64], unsigned *laid, unsigned *covered) {
    const tl_game *g = q->game;
    unsigned cells = g->size * g->size;
    memset(unseen, 0, 64 * sizeof *unseen);
    *laid = *covered = 0;
    for (unsigned i = 0; i < g->n_tiles; i++)
        unseen[g->tiles[i].number] = g->tiles[i].count;
    unseen[0] = g->blanks;
    for (unsigned s = 0; s < cells; s++) {
        uint8_t tile = q->board.tiles[s];
        if (!tile)
            continue;
        unseen[tile & TL_BLANK_TILE ? 0 : tile & 63u]--;
        ++*laid;
        *covered += g->stacking && q->board.heights[s] > 1 ? q->board.heights[s] - 1u : 0;
    }
}

/* Tile `t`, of which the board and the rack (with `other`, the racks) hold more than the game has (`unseen` below 0
 * by so many): refused naming `field`. */
static tl_status more_than_the_game(request *q, const char *field, long long unseen, unsigned t) {
    const tl_game *g = q->game;
    const game_tile *tile = game_tile_of(g, t);
    long long has = tile ? tile->count : t ? 0 : g->blanks;
    return REFUSE(q, field, NULL, "the board and the %s hold %lld %s, and %s has %lld",
                  strcmp(field, "other") ? "rack" : "racks", has - unseen, tile ? tile->letter : "blanks", g->name,
                  has);
}

/* The stage of the game a request's plays are ranked at (tl_stage): the opening when its board is empty, and with
 * `bag` the tiles left in the bag; with the bag empty, the tiles on the other racks are the game's tiles less the
 * board's and the rack's. */
static tl_status read_stage(request *q, tl_stage *stage) {
    const tl_game *g = q->game;
    const jdoc *d = &q->doc;
    unsigned covered, laid;
    long long unseen[64], total = 0;
    off_board(q, unseen, &laid, &covered);
    *stage = (tl_stage){.bag = -1, .opening = laid ? NULL : q->premiums};
    uint32_t v = request_field(q, "bag");
    if (!v)
        return TL_OK;
    for (unsigned t = 0; t < 64; t++) {
        unseen[t] -= q->rack[t];
        if (unseen[t] < 0)
            return more_than_the_game(q, "bag", unseen[t], t);
        total += unseen[t];
    }
    total -= covered;
    const jnode *n = jn(d, v);
    if (n->type != J_INT || n->unsigned_big || n->integer < 0 || n->integer > (total > 0 ? total : 0))
        return REFUSE(q, "bag", NULL, "0 to %lld tiles: what %s's tiles less the board's and the rack's leave",
                      total > 0 ? total : 0, g->name);
    stage->bag = (int)n->integer;
    if (stage->bag)
        return TL_OK;
    if (covered && !g->per_tile_end)
        return REFUSE(q, "bag", NULL, "0: the cubes under the board's top ones are not on it, so the tiles on the "
                      "other racks, which %s's end values at their points, cannot be told", g->name);
    /* under the per-tile rule only how many count: the covered cubes are taken from any kind */
    for (unsigned t = 0; t < 64; t++) {
        long long take = covered < unseen[t] ? covered : unseen[t];
        covered -= (unsigned)take;
        stage->others[t] = (uint8_t)(unseen[t] - take > 255 ? 255 : unseen[t] - take);
    }
    return TL_OK;
}

/* POST /moves' `endgame`: the best turn searched to the game's end (tl_endgame_search), asked for with `endgame`
 * true or a budget of lists of the word graph, the other rack given as `other` or the tiles on neither the board
 * nor the rack, `scoreless` the scoreless turns just before. */
typedef struct {
    int asked;
    int64_t budget;
    uint8_t other[64];
    unsigned scoreless;
} endgame_request;

static tl_status read_endgame(request *q, int64_t max_visits, endgame_request *e) {
    const tl_game *g = q->game;
    const jdoc *d = &q->doc;
    uint32_t v = request_field(q, "endgame"), other = request_field(q, "other"), scoreless;
    *e = (endgame_request){.budget = max_visits};
    if (v) {
        const jnode *n = jn(d, v);
        if (n->type == J_INT && !n->unsigned_big && n->integer >= 1 && n->integer <= max_visits) {
            e->budget = n->integer;
            e->asked = 1;
        } else if (n->type == J_TRUE || n->type == J_FALSE) {
            e->asked = n->type == J_TRUE;
        } else {
            char most[32];
            return REFUSE(q, "endgame", NULL, "true, false, or the lists of the word graph the search may visit, 1 to "
                          "%s", tl_thousands((size_t)max_visits, most));
        }
    }
    if (!e->asked) {
        const char *given = other ? "other" : request_field(q, "scoreless") ? "scoreless" : NULL;
        return given ? REFUSE(q, given, NULL, "read for the endgame searched: ask for \"endgame\": true") : TL_OK;
    }
    if (g->stacking)
        return REFUSE(q, "endgame", NULL, "%s stacks cubes: the endgame is searched for games scored by letters and "
                      "premium squares, a word a play", g->name);
    if (g->scoreless_rounds < 0)
        return REFUSE(q, "endgame", NULL, "%s's game document does not say when scoreless turns end the game "
                      "(end.scoreless_rounds): compile it again", g->name);
    if ((v = request_field(q, "bag")) && !(jn(d, v)->type == J_INT && jn(d, v)->integer == 0))
        return REFUSE(q, "bag", NULL, "0: the endgame is searched with the bag empty");
    long long unseen[64], total = 0;
    unsigned laid, covered, given = 0;
    off_board(q, unseen, &laid, &covered);
    tl_status rc = other ? read_tiles(q, other, "other", e->other, &given) : TL_OK;
    for (unsigned t = 0; t < 64 && rc == TL_OK; t++) {
        unseen[t] -= q->rack[t] + (other ? e->other[t] : 0);
        if (unseen[t] < 0)
            rc = more_than_the_game(q, other ? "other" : "rack", unseen[t], t);
        total += unseen[t];
    }
    if (rc != TL_OK)
        return rc;
    if (!other) {
        if (total > g->rack)
            return REFUSE(q, "endgame", NULL, "%lld tiles are on neither the board nor the rack, more than the other "
                          "rack holds (%u): the endgame is searched with the bag empty, or give the other rack "
                          "(`other`)", total, g->rack);
        for (unsigned t = 0; t < 64; t++)
            e->other[t] = (uint8_t)unseen[t];
        given = (unsigned)total;
    }
    if (!given)
        return REFUSE(q, other ? "other" : "endgame", NULL, "the other rack is empty: that player went out, and the "
                      "game is over");
    if ((scoreless = request_field(q, "scoreless"))) {
        const jnode *n = jn(d, scoreless);
        long long most = g->pass_scoreless ? 2ll * g->scoreless_rounds - 1 : 0;
        if (n->type != J_INT || n->unsigned_big || n->integer < 0 || n->integer > most)
            return g->pass_scoreless
                       ? REFUSE(q, "scoreless", NULL, "0 to %lld scoreless turns just before this one: %s ends after "
                                "%d rounds of them", most, g->name, g->scoreless_rounds)
                       : REFUSE(q, "scoreless", NULL, "0: a pass does not end %s", g->name);
        e->scoreless = (unsigned)n->integer;
    }
    return TL_OK;
}

/* The endgame's answer, `,"endgame":{…}` after the plays: the turn found (a play as POST /moves lists it, or the
 * pass), the spread its line gains, the turns searched ahead, whether that was to the game's end, and its cost. */
static tl_status write_endgame(request *q, verdict_source *source, const tl_endgame *found, jbuf *j) {
    const tl_game *g = q->game;
    tl_status rc = TL_OK;
    j_lit(j, ",\"endgame\":{\"turn\":");
    if (found->play.kind == TL_TURN_PASS) {
        j_lit(j, "{\"pass\":true,\"keep\":");
        j_rack(j, g, q->rack);
        j_lit(j, ",\"score\":0}");
    } else {
        tl_judgement *jd = NULL;
        if ((rc = judge_found(g, source, &q->board, q->premiums, &found->play, &jd, q->err)) == TL_OK)
            write_found(j, g, &q->board, &found->play, jd, judgement_stands(jd), 0);
        tl_judgement_free(jd);
    }
    j_lit(j, ",\"spread\":");
    j_int(j, found->spread);
    j_lit(j, ",\"depth\":");
    j_int(j, found->depth);
    j_lit(j, ",\"exact\":");
    j_bool(j, found->exact);
    j_lit(j, ",\"positions\":");
    j_int(j, (long long)found->positions);
    j_lit(j, ",\"visits\":");
    j_int(j, (long long)found->visits);
    j_lit(j, "}");
    return rc;
}

/* Does the generator's play lay exactly the judged play's tiles? */
static int same_play(const tl_play *p, const tl_judgement *jd) {
    if (p->n != jd->n_placed)
        return 0;
    for (unsigned k = 0; k < p->n; k++)
        if (p->squares[k] != jd->placed[k].square || p->tiles[k] != jd->placed[k].tile)
            return 0;
    return 1;
}

/* POST /play's `rank`: where the move stands among every valid play of the rack on the board (by equity when the
 * game has leave values, else by score), the best of them, and what the move lost against it; written into `j`,
 * the judgement's object, before its closing brace. */
static tl_status rank_play(request *q, const tl_words *words, verdict_source *source, const tl_judgement *own,
                           jbuf *j) {
    const tl_game *g = q->game;
    tl_error *err = q->err;
    if (!q->has_rack)
        return REFUSE(q, "rank", NULL, "a move is ranked among the plays of its rack: give the rack");
    if (q->plays != 1)
        return REFUSE(q, "rank", NULL, "a turn of one play is ranked; this one has %zu", q->plays);
    if (!game_generates(g))
        return REFUSE(q, "rank", NULL, "%s's plays are not generated, so a move of it is not ranked", g->name);
    const tl_graph *graph = NULL;
    tl_status rc = plays_graph(q, words, &graph);
    tl_moves *found = NULL;
    if (rc == TL_OK) {
        rc = generate(q, graph, words->bundle, 0, TL_MOVES_MAX_VISITS, &found);
        if (rc == TL_ERR_COSTLY)
            refuse_costly(q->refused, TL_MOVES_MAX_VISITS);
    }
    int by_equity = g->leaves != NULL;
    tl_stage stage;
    if (rc == TL_OK && !by_equity && request_field(q, "bag"))
        rc = REFUSE(q, "bag", NULL, "%s has no leave values here: its moves are ranked by score, which the bag does "
                    "not change", g->name);
    if (rc == TL_OK)
        rc = read_stage(q, &stage);
    if (rc == TL_OK)
        rc = by_equity ? tl_moves_sort_stage(found, g, g->leaves, q->rack, &stage, err) : tl_moves_sort(found, err);
    if (rc != TL_OK) {
        tl_moves_free(found);
        return rc;
    }
    uint8_t left[64];
    memcpy(left, q->rack, sizeof left);
    for (size_t k = 0; k < own->n_placed; k++) {
        unsigned t = own->placed[k].tile & TL_BLANK_TILE ? 0 : own->placed[k].tile & 63u;
        if (left[t])
            left[t]--;
    }
    int stands = judgement_stands(own);
    /* the move as a play, valued as the generator's plays are */
    tl_play mine = {.score = tl_judgement_score(own), .down = own->direction == 1, .n = (uint8_t)own->n_placed};
    for (size_t k = 0; k < own->n_placed && k < TL_MAX_BOARD; k++) {
        mine.squares[k] = own->placed[k].square;
        mine.tiles[k] = own->placed[k].tile;
    }
    if (by_equity)
        tl_play_value(g, g->leaves, &stage, left, &mine);
    double value = play_equity(&mine);
    size_t count = tl_moves_count(found), better = 0;
    int listed = 0;
    for (size_t i = 0; i < count; i++) {
        const tl_play *p = tl_moves_play(found, i);
        listed |= stands && same_play(p, own);
        better += play_equity(p) > value;
    }
    j->length--; /* the judgement's closing brace */
    j_lit(j, ",\"rank\":{\"order\":");
    j_lit(j, by_equity ? "\"equity\"" : "\"score\"");
    j_lit(j, ",\"plays\":");
    j_int(j, (long long)count);
    j_lit(j, ",\"rank\":");
    if (listed)
        j_int(j, (long long)better + 1);
    else
        j_lit(j, "null");
    if (by_equity) {
        j_lit(j, ",\"leave\":");
        j_fixed(j, mine.leave);
        j_lit(j, ",\"adjustment\":");
        j_fixed(j, mine.adjustment);
        j_lit(j, ",\"equity\":");
        j_fixed(j, value);
    }
    j_lit(j, ",\"best\":");
    double best = value;
    int first = 1;
    for (size_t i = 0; i < count && first && rc == TL_OK; i++) {
        const tl_play *p = tl_moves_play(found, i);
        tl_judgement *jd = NULL;
        rc = judge_found(g, source, &q->board, q->premiums, p, &jd, err);
        if (rc == TL_OK && judgement_stands(jd)) { /* one the judge refuses (its tiling) is no play */
            write_found(j, g, &q->board, p, jd, 1, by_equity);
            best = play_equity(p);
            first = 0;
        }
        tl_judgement_free(jd);
    }
    if (first)
        j_lit(j, "null");
    j_lit(j, ",\"lost\":");
    j_fixed(j, best > value ? best - value : 0);
    j_lit(j, "}}");
    tl_moves_free(found);
    return rc;
}

/* `common`: only the plays whose every word is one of the bundle's common words (tl_lexicon_common), or an inflected
 * form of one (all_common), asked with the endgame's search left out; *asked 1 when so. */
static tl_status read_common(request *q, const tl_words *words, const endgame_request *endgame, int *asked) {
    uint32_t v = request_field(q, "common");
    *asked = 0;
    if (!v)
        return TL_OK;
    const jnode *n = jn(&q->doc, v);
    if (n->type != J_TRUE && n->type != J_FALSE)
        return REFUSE(q, "common", NULL, "true or false");
    if (n->type == J_FALSE)
        return TL_OK;
    if (!words->bundle || !tl_lexicon_has_common(words->bundle))
        return REFUSE(q, "common", NULL, "%s@%s has no common words: its bundle was written without a frequency list "
                      "(wordfreq)", words->name, words->version);
    if (endgame->asked)
        return REFUSE(q, "common", NULL, "the endgame is searched over every play: ask for one or the other");
    *asked = 1;
    return TL_OK;
}

/* Does an analysis's tag name a derivational suffix (Hunspell's `ds:` field, morph(4))? Such a word is another
 * word than its lemma (ALTOSA, its alto singer, from alt), common or not on its own; inflection alone keeps it a
 * form of the lemma (ASZTALOK, tables, from asztal). */
static int derived(const char *tag) {
    for (const char *at = tag; at && (at = strstr(at, "ds:")); at++)
        if (at == tag || at[-1] == ' ')
            return 1;
    return 0;
}

/* Is every word of a judged play a common word or a form of one (its lemma common, reached by inflection)? */
static tl_status all_common(const tl_lexicon *lex, verdict_source *source, const tl_judgement *jd, int *known,
                            tl_error *err) {
    if (!source->answer && !(source->answer = malloc(sizeof *source->answer)))
        return tl_nomem(err);
    *known = 1;
    tl_status rc = TL_OK;
    for (size_t k = 0; k < jd->n_words && *known && rc == TL_OK; k++) {
        const tl_word *w = &jd->words[k];
        const char *lemma = judgement_text(jd, jd->texts[k].lemma);
        rc = tl_lexicon_common(lex, w->spelled, strlen(w->spelled), source->answer, known, err);
        if (rc == TL_OK && !*known && lemma && !derived(judgement_text(jd, jd->texts[k].tag)))
            rc = tl_lexicon_common(lex, lemma, strlen(lemma), source->answer, known, err);
    }
    return rc;
}

tl_status tl_moves_answer(const tl_host *host, const char *body, size_t size, int64_t max_visits, tl_text *out,
                          tl_refusal *refused, tl_error *err) {
    tl_refusal scratch;
    request *q = request_new(out, refused ? refused : &scratch, err);
    if (!q)
        return tl_nomem(err);
    refused = q->refused;
    tl_words words;
    int none = 0, phonies = 0, by_equity = 0, common = 0;
    long limit = MOVES_DEFAULT_LIMIT;
    tl_moves *found = NULL;
    verdict_source source = {NULL, 0, NULL};
    const jdoc *d = &q->doc;
    tl_status rc = request_open(q, body, size, MOVES_FIELDS, 14, MOVES_REQUIRED, 3,
                                "{\"game\": \"sv-scrabble\", \"board\": [...15 rows...], \"rack\": \"HUNDA?S\"}");
    uint32_t v;
    if (rc == TL_OK && (v = request_field(q, "lexicon")) && jn(d, v)->type == J_NULL)
        rc = REFUSE(q, "lexicon", NULL, "plays are found with a lexicon's word graph: name one, or leave it out");
    if (rc == TL_OK && (v = request_field(q, "phonies"))) {
        if (jn(d, v)->type != J_TRUE && jn(d, v)->type != J_FALSE)
            rc = REFUSE(q, "phonies", NULL, "true or false");
        phonies = jn(d, v)->type == J_TRUE;
    }
    if (rc == TL_OK)
        rc = find_game(q, host);
    const tl_game *g = q->game;
    if (rc == TL_OK && !game_generates(g))
        rc = REFUSE(q, "game", NULL,
                    "%s is scored by %s %s: its plays are not generated (the generator plays games scored by letters "
                    "and premium squares, like sv-scrabble, and stacking games scored per cube, like hu-betutorony)",
                    g->name, g->cubes ? "cubes" : "letters", g->stacking ? "with stacking" : "without stacking");
    if (rc == TL_OK)
        rc = read_board(q);
    if (rc == TL_OK)
        rc = read_layout(q);
    if (rc == TL_OK)
        rc = find_words(q, host, &words, &none, "a lexicon name or name@version");
    const tl_graph *graph = NULL;
    if (rc == TL_OK)
        rc = plays_graph(q, &words, &graph);
    if (rc == TL_OK && (v = request_field(q, "order"))) {
        const jnode *n = jn(d, v);
        by_equity = n->type == J_STRING && n->length == 6 && !memcmp(jstr(d, v), "equity", 6);
        if (!by_equity && (n->type != J_STRING || n->length != 5 || memcmp(jstr(d, v), "score", 5))) {
            char quoted[8192];
            py_repr_value(d, v, 20, quoted, sizeof quoted);
            rc = REFUSE(q, "order", NULL, "%s: plays are ordered by \"score\" or by \"equity\" (score plus the value "
                        "of the tiles kept)", quoted);
        } else if (by_equity && !g->leaves)
            rc = REFUSE(q, "order", NULL, "\"equity\": %s has no leave values here (lexicon leaves train makes them)",
                        g->name);
    }
    if (rc == TL_OK && (v = request_field(q, "limit"))) {
        const jnode *n = jn(d, v);
        if (n->type != J_INT || n->unsigned_big || n->integer < 0 || n->integer > MOVES_MAX_LIMIT)
            rc = REFUSE(q, "limit", NULL, "0 to %d plays", MOVES_MAX_LIMIT);
        else
            limit = (long)n->integer;
    }
    if (rc == TL_OK)
        rc = read_rack(q, request_field(q, "rack"));
    if (rc == TL_OK && !q->rack_tiles)
        rc = REFUSE(q, "rack", NULL, "no tiles: a play needs at least one");
    tl_stage stage;
    endgame_request endgame = {0};
    if (rc == TL_OK)
        rc = read_endgame(q, max_visits, &endgame);
    if (rc == TL_OK)
        rc = read_common(q, &words, &endgame, &common);
    if (rc == TL_OK && !by_equity && !endgame.asked && request_field(q, "bag"))
        rc = REFUSE(q, "bag", NULL, "the tiles left in the bag count in a play's equity: ask for \"order\": \"equity\"");
    if (rc == TL_OK)
        rc = read_stage(q, &stage);
    if (rc == TL_OK) {
        rc = generate(q, graph, words.bundle, phonies, max_visits, &found);
        if (rc == TL_ERR_COSTLY)
            refuse_costly(refused, max_visits);
    }
    if (rc == TL_OK && by_equity) {
        tl_error turns;
        if ((rc = tl_moves_add_turns(found, g, q->rack, &stage, &turns)) == TL_ERR_COSTLY) {
            REFUSE(q, "rack", NULL, "%s", turns.message); /* as the generator's own: 400 too-costly */
            refused->code = "too-costly";
            rc = tl_fail(err, TL_ERR_COSTLY, "rack: %s", turns.message);
        } else if (rc != TL_OK && err)
            *err = turns;
    }
    if (rc == TL_OK && limit)
        rc = by_equity ? tl_moves_sort_stage(found, g, g->leaves, q->rack, &stage, err) : tl_moves_sort(found, err);
    tl_endgame searched;
    if (rc == TL_OK && endgame.asked) {
        board_bytes bytes;
        tl_board b = letters_board(q, &bytes);
        rc = tl_endgame_search(g, graph, &b, q->rack, endgame.other, endgame.scoreless, endgame.budget, &searched, err);
        if (rc == TL_ERR_COSTLY)
            refuse_costly(refused, endgame.budget);
    }
    jbuf j = {NULL, 0, 0, 1, 0};
    if (rc == TL_OK) {
        source.words = &words;
        size_t count = tl_moves_count(found), take = (size_t)limit < count ? (size_t)limit : count, listed = 0;
        if (common) /* the plays of common words among the best: more are looked at than are listed */
            take = count < MOVES_COMMON_WINDOW ? count : MOVES_COMMON_WINDOW;
        int first = 1;
        j_lit(&j, "{\"plays\":[");
        for (size_t i = 0; i < take && listed < (size_t)limit && rc == TL_OK; i++) {
            const tl_play *p = tl_moves_play(found, i);
            if (p->kind != TL_TURN_PLAY) {
                j_lit(&j, first ? "" : ",");
                write_turn(&j, g, q->rack, p);
                first = 0;
                listed++;
                continue;
            }
            tl_judgement *jd = NULL;
            rc = judge_found(g, &source, &q->board, q->premiums, p, &jd, err);
            if (rc != TL_OK)
                break;
            int valid = p->valid;
            if (valid && !judgement_stands(jd)) {
                /* the word graph holds a word in a tiling the verdict refuses: the judge decides, as a challenge
                 * would */
                if (!phonies) {
                    count--;
                    tl_judgement_free(jd);
                    continue;
                }
                valid = 0;
            }
            int known = 1;
            if (common && (rc = all_common(words.bundle, &source, jd, &known, err)) == TL_OK && !known) {
                tl_judgement_free(jd);
                continue;
            }
            if (rc != TL_OK) {
                tl_judgement_free(jd);
                break;
            }
            if (!first)
                j_lit(&j, ",");
            first = 0;
            write_found(&j, g, &q->board, p, jd, valid, by_equity);
            listed++;
            tl_judgement_free(jd);
        }
        if (rc == TL_OK) {
            /* the head written last: the plays are spliced in after it */
            jbuf head = {NULL, 0, 0, 1, 0};
            j_lit(&head, "{\"game\":");
            j_cstr(&head, g->name);
            j_lit(&head, ",\"lexicon\":");
            j_cstr(&head, words.name);
            j_lit(&head, ",\"version\":");
            j_cstr(&head, words.version);
            j_lit(&head, ",\"rack\":");
            v = request_field(q, "rack");
            j_str(&head, jstr(d, v), jn(d, v)->length);
            j_lit(&head, by_equity ? ",\"order\":\"equity\"" : ",\"order\":\"score\"");
            if (stage.bag >= 0) {
                j_lit(&head, ",\"bag\":");
                j_int(&head, stage.bag);
            }
            j_lit(&head, ",\"phonies\":");
            j_bool(&head, phonies);
            if (common)
                j_lit(&head, ",\"common\":true");
            j_lit(&head, ",\"count\":");
            j_int(&head, (long long)count);
            j_lit(&head, ",\"cut\":");
            j_bool(&head, count > listed);
            j_lit(&head, ",\"limit\":");
            j_int(&head, limit);
            j_lit(&head, ",");
            j_raw(&head, j.data + 1, j.length - 1); /* `"plays":[…` */
            j_lit(&head, "]");
            if (endgame.asked)
                rc = write_endgame(q, &source, &searched, &head);
            j_lit(&head, "}");
            free(j.data);
            j = head;
            if (rc == TL_OK)
                rc = hand_over(&j, out, err);
        }
    }
    free(j.data);
    if (rc != TL_OK && refused->code)
        write_refusal(refused, out);
    tl_moves_free(found);
    free(source.answer);
    request_close(q);
    free(q);
    return rc;
}

/* ------------------------------------------------------------------ one bundle's client */

typedef struct {
    const tl_lexicon *lexicon;
    const tl_game *const *games;
    size_t n_games;
    tl_game *own; /* read from the bundle's section */
} own_host;

static int by_name(const void *a, const void *b) {
    return strcmp(tl_game_name(*(const tl_game *const *)a), tl_game_name(*(const tl_game *const *)b));
}

static tl_status own_game(void *context, const char *value, size_t size, const tl_game **game, tl_refusal *refusal,
                          tl_error *err) {
    own_host *h = context;
    jdoc d;
    char why[64], names[4096], quoted[8192];
    int text = json_read(value, size, 1, &d, why, sizeof why) && jn(&d, 0)->type == J_STRING;
    const char *name = text ? jstr(&d, 0) : NULL;
    size_t len = text ? jn(&d, 0)->length : 0;
    tl_status rc = TL_OK;
    *game = NULL;
    if (text && !memchr(name, 0, len)) {
        for (size_t i = 0; i < h->n_games && !*game; i++)
            if (strlen(tl_game_name(h->games[i])) == len && !memcmp(tl_game_name(h->games[i]), name, len))
                *game = h->games[i];
        if (!*game && !h->games) {
            rc = tl_lexicon_game(h->lexicon, name, len, &h->own, err);
            *game = h->own;
            if (rc == TL_ERR_INPUT)
                rc = TL_OK; /* none of that name: refused below */
        }
    }
    if (rc == TL_OK && !*game) {
        /* the games there are, by name */
        const tl_game *sorted[64];
        size_t n = 0, w = 0;
        tl_game *read[64];
        size_t n_read = 0;
        if (h->games) {
            for (size_t i = 0; i < h->n_games && n < 64; i++)
                sorted[n++] = h->games[i];
        } else {
            /* the section's games, read to be named */
            jdoc all;
            size_t bytes;
            const uint8_t *section = tl_lexicon_section(h->lexicon, "games", &bytes);
            while (section && bytes && !section[bytes - 1])
                bytes--;
            if (section && json_read((const char *)section, bytes, 16, &all, why, sizeof why) &&
                jn(&all, 0)->type == J_ARRAY) {
                uint32_t item = 1;
                for (uint32_t i = 0; i < jn(&all, 0)->count && n_read < 64; i++, item = jn(&all, item)->next) {
                    uint32_t nm = json_member(&all, item, "name");
                    if (nm && jn(&all, nm)->type == J_STRING &&
                        tl_lexicon_game(h->lexicon, jstr(&all, nm), jn(&all, nm)->length, &read[n_read], NULL) == TL_OK)
                        sorted[n++] = read[n_read++];
                }
            }
            json_free(&all);
        }
        qsort(sorted, n, sizeof *sorted, by_name);
        names[0] = 0;
        for (size_t i = 0; i < n; i++)
            w += (size_t)snprintf(names + w, w < sizeof names ? sizeof names - w : 0, "%s%s", i ? ", " : "",
                                  tl_game_name(sorted[i]));
        for (size_t i = 0; i < n_read; i++)
            tl_game_free(read[i]);
        if (text) {
            uint32_t cps[64];
            size_t m = utf8_code_points(name, len, cps, 64);
            py_repr_text(cps, m, 40, quoted, sizeof quoted);
            rc = refuse_input(refusal, err, "game", NULL, "%s is not a game; games: %s", quoted, names);
        } else {
            rc = refuse_input(refusal, err, "game", NULL, "a game's name, as a string; games: %s", names);
        }
    }
    json_free(&d);
    return rc;
}

static tl_status own_lexicon(void *context, const char *spec, size_t size, const tl_game *game, tl_words *words,
                             tl_refusal *refusal, tl_error *err) {
    (void)game;
    own_host *h = context;
    const char *name = tl_lexicon_name(h->lexicon), *version = tl_lexicon_version(h->lexicon);
    size_t nl = strlen(name), nv = strlen(version);
    int same = !spec || (size == nl && !memcmp(spec, name, nl)) ||
               (size == nl + 1 + nv && !memcmp(spec, name, nl) && spec[nl] == '@' && !memcmp(spec + nl + 1, version, nv));
    if (!same) {
        uint32_t cps[96];
        char quoted[8192];
        size_t m = utf8_code_points(spec, size, cps, 96);
        py_repr_text(cps, m, 80, quoted, sizeof quoted);
        /* the registry's refusal (service/registry.py): 404, naming the lexicons served */
        tl_status rc = refuse_input(refusal, err, "lexicon", NULL, "no lexicon %s is served here (served: %s)", quoted, name);
        refusal->code = "unknown-lexicon";
        refusal->status = 404;
        return rc;
    }
    *words = (tl_words){name, version, h->lexicon, NULL, 0, NULL, NULL};
    return TL_OK;
}

tl_status tl_play_json(const tl_lexicon *lexicon, const tl_game *const *games, size_t n_games, const char *body,
                       size_t size, tl_text *out, tl_error *err) {
    own_host h = {lexicon, games, n_games, NULL};
    tl_host host = {&h, own_game, own_lexicon};
    tl_status rc = tl_play_answer(&host, body, size, out, NULL, err);
    tl_game_free(h.own);
    return rc;
}

tl_status tl_moves_json(const tl_lexicon *lexicon, const tl_game *const *games, size_t n_games, const char *body,
                        size_t size, tl_text *out, tl_error *err) {
    own_host h = {lexicon, games, n_games, NULL};
    tl_host host = {&h, own_game, own_lexicon};
    tl_status rc = tl_moves_answer(&host, body, size, TL_MOVES_MAX_VISITS, out, NULL, err);
    tl_game_free(h.own);
    return rc;
}
