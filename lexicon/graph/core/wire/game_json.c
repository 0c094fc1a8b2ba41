/* A game document read into the engine's rules (docs/games.md, "Games as compiled data"): what the toolkit
 * compiles from a game file (lexicon/play/compiled.py) and a bundle carries in its `games` section, every field
 * checked, a wrong one named. */
#include "lexicon/lexicon.h"
#include "play/game.h"
#include "wire/reader.h"

#include <stdio.h>
#include <stdlib.h>

#define GAME_FORMAT "tile-lexicon-game"
#define GAME_FORMAT_VERSION 1

typedef struct {
    const jdoc *d;
    tl_error *err;
    tl_status status;
} reading;

static int bad(reading *r, const char *field, const char *what) {
    if (r->status == TL_OK)
        r->status = tl_fail(r->err, TL_ERR_INPUT, "the game document's %s %s", field, what);
    return 0;
}

static uint32_t need(reading *r, uint32_t object, const char *key, jtype type) {
    uint32_t v = json_member(r->d, object, key);
    if (!v) {
        bad(r, key, "is missing");
        return 0;
    }
    if (jn(r->d, v)->type != type && !(type == J_TRUE && jn(r->d, v)->type == J_FALSE)) {
        static const char *const names[] = {"null", "a boolean", "a boolean", "an integer", "a number", "a string",
                                            "a list", "an object"};
        char what[48];
        snprintf(what, sizeof what, "must be %s", names[type]);
        bad(r, key, what);
        return 0;
    }
    return v;
}

static int flag(reading *r, uint32_t object, const char *key, int *out) {
    uint32_t v = need(r, object, key, J_TRUE);
    if (v)
        *out = jn(r->d, v)->type == J_TRUE;
    return v != 0;
}

static int number(reading *r, uint32_t object, const char *key, long long lo, long long hi, long long *out) {
    uint32_t v = need(r, object, key, J_INT);
    if (!v)
        return 0;
    const jnode *n = jn(r->d, v);
    if (n->unsigned_big || n->integer < lo || n->integer > hi) {
        char what[96];
        snprintf(what, sizeof what, "must be %lld to %lld", lo, hi);
        return bad(r, key, what);
    }
    *out = n->integer;
    return 1;
}

static int text(reading *r, uint32_t object, const char *key, char *out, size_t cap) {
    uint32_t v = need(r, object, key, J_STRING);
    if (!v)
        return 0;
    const jnode *n = jn(r->d, v);
    if (!n->length || n->length >= cap || memchr(jstr(r->d, v), 0, n->length))
        return bad(r, key, "must be a name of a few characters");
    memcpy(out, jstr(r->d, v), n->length);
    out[n->length] = 0;
    return 1;
}

static int square_of(const tl_game *g, const char *name, size_t len, unsigned *out) {
    if (len < 2 || len > 3 || name[0] < 'A' || name[0] > 'Z')
        return 0;
    unsigned row = 0;
    for (size_t i = 1; i < len; i++) {
        if (name[i] < '0' || name[i] > '9')
            return 0;
        row = row * 10 + (unsigned)(name[i] - '0');
    }
    unsigned col = (unsigned)(name[0] - 'A');
    if (row < 1 || row > g->size || col >= g->size)
        return 0;
    *out = (row - 1) * g->size + col;
    return 1;
}

static int read_tileset(reading *r, uint32_t at, tl_game *g) {
    const jdoc *d = r->d;
    long long blanks;
    if (!text(r, at, "name", g->tileset, sizeof g->tileset) || !text(r, at, "language", g->language, sizeof g->language)
        || !number(r, at, "blanks", 0, 255, &blanks))
        return 0;
    g->blanks = (unsigned)blanks;
    uint32_t tiles = need(r, at, "tiles", J_ARRAY);
    if (!tiles)
        return 0;
    if (!jn(d, tiles)->count || jn(d, tiles)->count > TL_MAX_TILE)
        return bad(r, "tileset.tiles", "must hold 1 to 63 tiles");
    uint32_t item = tiles + 1;
    for (uint32_t i = 0; i < jn(d, tiles)->count; i++, item = jn(d, item)->next) {
        game_tile *t = &g->tiles[g->n_tiles++];
        long long number_, count, points;
        int vowel;
        if (jn(d, item)->type != J_OBJECT)
            return bad(r, "tileset.tiles", "must be objects");
        if (!text(r, item, "letter", t->letter, sizeof t->letter) || !text(r, item, "lower", t->lower, sizeof t->lower)
            || !number(r, item, "number", 1, TL_MAX_TILE, &number_) || !number(r, item, "count", 0, 255, &count)
            || !number(r, item, "points", 0, 1000, &points) || !flag(r, item, "vowel", &vowel))
            return 0;
        if (g->place_of[number_])
            return bad(r, "tileset.tiles", "must each have a number of their own");
        t->letter_len = (uint8_t)strlen(t->letter);
        t->lower_len = (uint8_t)strlen(t->lower);
        uint32_t cps[GAME_TILE_TEXT];
        t->chars = (uint8_t)utf8_code_points(t->letter, t->letter_len, cps, GAME_TILE_TEXT);
        g->multi |= t->chars > 1;
        t->number = (uint8_t)number_;
        t->count = (uint8_t)count;
        t->points = (uint16_t)points;
        t->vowel = (uint8_t)vowel;
        g->place_of[number_] = (uint8_t)(i + 1);
    }
    uint32_t fold = need(r, at, "fold", J_ARRAY);
    if (!fold)
        return 0;
    if (jn(d, fold)->count > GAME_MAX_FOLD)
        return bad(r, "tileset.fold", "holds too many letters");
    item = fold + 1;
    for (uint32_t i = 0; i < jn(d, fold)->count; i++, item = jn(d, item)->next) {
        const jnode *pair = jn(d, item);
        if (pair->type != J_ARRAY || pair->count != 2 || jn(d, item + 1)->type != J_STRING ||
            jn(d, item + 2)->type != J_STRING || jn(d, item + 1)->length >= sizeof g->fold_from[0] ||
            jn(d, item + 2)->length >= sizeof g->fold_to[0])
            return bad(r, "tileset.fold", "must be pairs of a letter and the letters it plays as");
        memcpy(g->fold_from[i], jstr(d, item + 1), jn(d, item + 1)->length + 1);
        memcpy(g->fold_to[i], jstr(d, item + 2), jn(d, item + 2)->length + 1);
        g->n_fold++;
    }
    return 1;
}

static int read_layouts(reading *r, uint32_t root, tl_game *g) {
    const jdoc *d = r->d;
    uint32_t layouts = need(r, root, "layouts", J_ARRAY);
    if (!layouts)
        return 0;
    uint32_t count = jn(d, layouts)->count;
    if (count > GAME_MAX_LAYOUTS)
        return bad(r, "layouts", "are too many");
    g->layouts = calloc(count ? count : 1, sizeof *g->layouts);
    if (!g->layouts) {
        r->status = tl_nomem(r->err);
        return 0;
    }
    uint32_t item = layouts + 1;
    for (uint32_t i = 0; i < count; i++, item = jn(d, item)->next) {
        game_layout *lay = &g->layouts[g->n_layouts++];
        if (jn(d, item)->type != J_OBJECT || !text(r, item, "name", lay->name, sizeof lay->name) ||
            !flag(r, item, "verified", &lay->verified))
            return r->status == TL_OK ? bad(r, "layouts", "must be objects") : 0;
        uint32_t rows = need(r, item, "rows", J_ARRAY);
        if (!rows)
            return 0;
        if (jn(d, rows)->count != g->size)
            return bad(r, "layouts.rows", "must be a row a line of the board");
        uint32_t row = rows + 1;
        for (unsigned y = 0; y < g->size; y++, row = jn(d, row)->next) {
            const char *s = jn(d, row)->type == J_STRING ? jstr(d, row) : NULL;
            if (!s || jn(d, row)->length != g->size)
                return bad(r, "layouts.rows", "must be strings of a code a square");
            for (unsigned x = 0; x < g->size; x++) {
                if (!strchr(".dtDT", s[x]) || !s[x])
                    return bad(r, "layouts.rows", "must hold the codes . d t D T");
                lay->codes[y * g->size + x] = s[x];
            }
        }
    }
    uint32_t def = json_member(d, root, "layout");
    if (!def || jn(d, def)->type == J_NULL)
        return 1;
    if (jn(d, def)->type != J_STRING)
        return bad(r, "layout", "must be a layout's name or null");
    for (unsigned i = 0; i < g->n_layouts; i++)
        if (!strcmp(g->layouts[i].name, jstr(d, def))) {
            g->layout = (int)i;
            return 1;
        }
    return bad(r, "layout", "must name one of the layouts");
}

/* When scoreless turns end the game: `end.scoreless_rounds` rounds of only the turns `end.scoreless` names. A
 * document compiled before they were written leaves them out (scoreless_rounds -1: the endgame is not searched). */
static int read_scoreless(reading *r, uint32_t end, tl_game *g) {
    static const char *const kinds[] = {"pass", "exchange", "withdrawn"};
    long long v;
    if (!json_member(r->d, end, "scoreless_rounds") && !json_member(r->d, end, "scoreless"))
        return 1;
    if (!number(r, end, "scoreless_rounds", 0, 1000, &v))
        return 0;
    uint32_t list = need(r, end, "scoreless", J_ARRAY);
    if (!list)
        return 0;
    uint32_t item = jn(r->d, list)->count ? list + 1 : 0;
    for (uint32_t i = 0; i < jn(r->d, list)->count; i++, item = jn(r->d, item)->next) {
        const jnode *n = jn(r->d, item);
        unsigned known = 3;
        for (unsigned k = 0; k < 3 && n->type == J_STRING; k++)
            if (n->length == strlen(kinds[k]) && !memcmp(jstr(r->d, item), kinds[k], n->length))
                known = k;
        if (known == 3)
            return bad(r, "end.scoreless", "must list pass, exchange or withdrawn");
        g->pass_scoreless |= known == 0;
    }
    g->scoreless_rounds = (int)v;
    return 1;
}
static int read_rules(reading *r, uint32_t root, tl_game *g) {
    const jdoc *d = r->d;
    long long v;
    uint32_t scoring = need(r, root, "scoring", J_OBJECT);
    if (!scoring)
        return 0;
    uint32_t rule = need(r, scoring, "rule", J_STRING);
    if (!rule)
        return 0;
    if (strcmp(jstr(d, rule), "letters") && strcmp(jstr(d, rule), "cubes"))
        return bad(r, "scoring.rule", "must be letters or cubes");
    g->cubes = !strcmp(jstr(d, rule), "cubes");
    if (!number(r, scoring, "whole_rack_bonus", 0, 1000, &v))
        return 0;
    g->whole_rack_bonus = (int32_t)v;
    if (!flag(r, scoring, "premiums_every_word", &g->premiums_every_word) || !number(r, scoring, "cube", 0, 1000, &v))
        return 0;
    g->cube = (int32_t)v;
    if (!number(r, scoring, "flat_cube", 0, 1000, &v))
        return 0;
    g->flat_cube = (int32_t)v;
    if (!number(r, scoring, "rare_bonus", 0, 1000, &v))
        return 0;
    g->rare_bonus = (int32_t)v;
    if (!flag(r, scoring, "rare_bonus_every_word", &g->rare_every_word))
        return 0;
    uint32_t rare = need(r, scoring, "rare", J_ARRAY);
    if (!rare)
        return 0;
    uint32_t item = rare + 1;
    for (uint32_t i = 0; i < jn(d, rare)->count; i++, item = jn(d, item)->next) {
        unsigned t = jn(d, item)->type == J_STRING ? tl_game_tile(g, jstr(d, item), jn(d, item)->length) : 0;
        if (!t)
            return bad(r, "scoring.rare", "must name tiles of the tile set");
        g->rare |= 1ull << t;
    }
    uint32_t stacking = json_member(d, root, "stacking");
    if (!stacking)
        return bad(r, "stacking", "is missing");
    if (jn(d, stacking)->type == J_OBJECT) {
        g->stacking = 1;
        if (!number(r, stacking, "max_height", 2, 9, &v))
            return 0;
        g->max_height = (unsigned)v;
        uint32_t scores = need(r, stacking, "scores", J_STRING);
        if (!scores)
            return 0;
        if (strcmp(jstr(d, scores), "stack") && strcmp(jstr(d, scores), "top"))
            return bad(r, "stacking.scores", "must be stack or top");
        g->whole_tower = !strcmp(jstr(d, scores), "stack");
        if (!flag(r, stacking, "cover_whole_word", &g->cover_whole_word))
            return 0;
    } else if (jn(d, stacking)->type != J_NULL) {
        return bad(r, "stacking", "must be an object or null");
    }
    if (!flag(r, root, "several_words", &g->several_words))
        return 0;
    uint32_t challenge = need(r, root, "challenge", J_OBJECT), name = challenge ? need(r, challenge, "rule", J_STRING) : 0;
    if (!name)
        return 0;
    g->challenge = -1;
    for (int i = 0; i < 5; i++)
        if (!strcmp(jstr(d, name), game_challenge_names[i]))
            g->challenge = i;
    if (g->challenge < 0)
        return bad(r, "challenge.rule", "must be void, single, double, five-point or ten-point");
    if (!number(r, challenge, "challenger_penalty", 0, 1000, &v))
        return 0;
    g->challenger_penalty = (int32_t)v;
    uint32_t end = need(r, root, "end", J_OBJECT), remaining = end ? need(r, end, "remaining", J_STRING) : 0;
    if (!remaining)
        return 0;
    if (strcmp(jstr(d, remaining), "face-value") && strcmp(jstr(d, remaining), "per-tile"))
        return bad(r, "end.remaining", "must be face-value or per-tile");
    g->per_tile_end = !strcmp(jstr(d, remaining), "per-tile");
    if (!number(r, end, "per_tile", 0, 1000, &v))
        return 0;
    g->per_tile = (int32_t)v;
    if (!flag(r, end, "going_out_gains", &g->going_out_gains))
        return 0;
    return read_scoreless(r, end, g);
}

/* The game document at `root` of `d` into a new game. */
static tl_status read_game(const jdoc *d, uint32_t root, tl_game **out, tl_error *err) {
    *out = NULL;
    reading r = {d, err, TL_OK};
    if (jn(d, root)->type != J_OBJECT)
        return tl_fail(err, TL_ERR_INPUT, "a game document is a JSON object");
    uint32_t format = json_member(d, root, "format"), version = json_member(d, root, "format_version");
    if (!format || jn(d, format)->type != J_STRING || strcmp(jstr(d, format), GAME_FORMAT))
        return tl_fail(err, TL_ERR_INPUT, "not a game document (its format is not %s)", GAME_FORMAT);
    if (!version || jn(d, version)->type != J_INT || jn(d, version)->integer != GAME_FORMAT_VERSION)
        return tl_fail(err, TL_ERR_INPUT, "a game document of another format version; this library reads %d",
                       GAME_FORMAT_VERSION);
    tl_game *g = game_new();
    if (!g)
        return tl_nomem(err);
    long long v;
    int ok = text(&r, root, "name", g->name, sizeof g->name) && text(&r, root, "lexicon", g->lexicon, sizeof g->lexicon)
             && number(&r, root, "size", 2, TL_MAX_BOARD, &v);
    if (ok) {
        g->size = (unsigned)v;
        ok = number(&r, root, "rack", 1, (long long)g->size * g->size, &v);
        g->rack = g->exchange_bag_minimum = g->exchange_most = (unsigned)v;
    }
    /* the exchange's rules, which a document of an earlier toolkit does not carry: then Scrabble's, a rack */
    uint32_t exchange = ok ? json_member(d, root, "exchange") : 0;
    if (exchange) {
        ok = jn(d, exchange)->type == J_OBJECT ? 1 : bad(&r, "exchange", "must be an object");
        ok = ok && number(&r, exchange, "bag_minimum", 0, 100000, &v);
        g->exchange_bag_minimum = (unsigned)v;
        ok = ok && number(&r, exchange, "most", 1, g->rack, &v);
        g->exchange_most = (unsigned)v;
    }
    uint32_t tileset = ok ? need(&r, root, "tileset", J_OBJECT) : 0;
    ok = ok && tileset && read_tileset(&r, tileset, g);
    uint32_t start = ok ? need(&r, root, "start", J_ARRAY) : 0;
    if (start) {
        uint32_t item = start + 1;
        for (uint32_t i = 0; i < jn(d, start)->count && ok; i++, item = jn(d, item)->next) {
            unsigned square;
            if (jn(d, item)->type != J_STRING || !square_of(g, jstr(d, item), jn(d, item)->length, &square) ||
                g->is_start[square])
                ok = bad(&r, "start", "must name squares of the board, each once");
            else {
                g->start[g->n_start++] = (uint16_t)square;
                g->is_start[square] = 1;
            }
        }
        if (ok && !g->n_start)
            ok = bad(&r, "start", "must name a square at least");
    }
    ok = ok && start && read_layouts(&r, root, g) && read_rules(&r, root, g);
    if (!ok) {
        tl_game_free(g);
        return r.status != TL_OK ? r.status : tl_fail(err, TL_ERR_INPUT, "a game document that cannot be read");
    }
    *out = g;
    return TL_OK;
}

tl_status tl_game_read(const char *json, size_t size, tl_game **out, tl_error *err) {
    *out = NULL;
    if (size > TL_GAME_MAX_DOCUMENT)
        return tl_fail(err, TL_ERR_INPUT, "a game document of %zu bytes; at most %u", size, TL_GAME_MAX_DOCUMENT);
    jdoc d;
    char why[256];
    tl_status rc;
    if (!json_read(json, size, 16, &d, why, sizeof why))
        rc = tl_fail(err, TL_ERR_INPUT, "the game document is not JSON: %s", why);
    else
        rc = read_game(&d, 0, out, err);
    json_free(&d);
    return rc;
}

/* The bundle's games, read: the section's JSON (a list of game documents), or 0 without one. */
static int bundle_games(const tl_lexicon *lex, jdoc *d, tl_error *err, tl_status *rc) {
    size_t size;
    const uint8_t *bytes = tl_lexicon_section(lex, "games", &size);
    *rc = TL_OK;
    if (!bytes)
        return 0;
    while (size && !bytes[size - 1])
        size--; /* the section's padding */
    char why[256];
    if (!json_read((const char *)bytes, size, 16, d, why, sizeof why) || jn(d, 0)->type != J_ARRAY) {
        json_free(d);
        *rc = tl_fail(err, TL_ERR_CORRUPT, "the bundle's section games is not a list of game documents");
        return 0;
    }
    return 1;
}

/* The leave values the bundle's `leaves` section gives its game `index` (lexicon/bundle.py writes it), read into
 * the game; none when the bundle has no such section or none for that game; TL_ERR_CORRUPT for a section or a
 * file that cannot be read. */
static tl_status bundle_leaves(const tl_lexicon *lex, uint32_t index, tl_game *game, tl_error *err) {
    size_t size;
    const uint8_t *bytes = tl_lexicon_section(lex, "leaves", &size);
    if (!bytes)
        return TL_OK;
    uint32_t count = size >= 4 ? tl_load(bytes, 0) : 0; /* then an offset and a size a game */
    if (size < 4 || count > (size - 4) / 8)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section leaves is too short for its table");
    if (index >= count)
        return TL_OK;
    uint32_t at = tl_load(bytes, 1 + 2 * (size_t)index), length = tl_load(bytes, 2 + 2 * (size_t)index);
    if (!length)
        return TL_OK;
    if (at > size || length > size - at)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's leave values of game %u lie outside their section", index + 1);
    tl_leaves *leaves = NULL;
    tl_status rc = tl_leaves_read(bytes + at, length, &leaves, err);
    if (rc != TL_OK) {
        char why[sizeof err->message];
        snprintf(why, sizeof why, "%s", err ? err->message : "");
        return rc == TL_ERR_NOMEM ? rc : tl_fail(err, TL_ERR_CORRUPT, "the bundle's game %u: %s", index + 1, why);
    }
    game->own = leaves;
    game->leaves = leaves;
    return TL_OK;
}

tl_status tl_lexicon_game(const tl_lexicon *lex, const char *name, size_t size, tl_game **out, tl_error *err) {
    *out = NULL;
    jdoc d;
    tl_status rc;
    if (!bundle_games(lex, &d, err, &rc))
        return rc != TL_OK ? rc : tl_fail(err, TL_ERR_INPUT, "the bundle of %s carries no games", lex->name);
    uint32_t item = 1;
    rc = TL_ERR_INPUT;
    for (uint32_t i = 0; i < jn(&d, 0)->count; i++, item = jn(&d, item)->next) {
        uint32_t n = json_member(&d, item, "name");
        if (n && jn(&d, n)->type == J_STRING && jn(&d, n)->length == size && !memcmp(jstr(&d, n), name, size)) {
            rc = read_game(&d, item, out, err);
            if (rc == TL_ERR_INPUT)
                rc = tl_fail(err, TL_ERR_CORRUPT, "the bundle's game %.*s: %s", (int)size, name, err ? err->message : "");
            if (rc == TL_OK && (rc = bundle_leaves(lex, i, *out, err)) != TL_OK) {
                tl_game_free(*out);
                *out = NULL;
            }
            break;
        }
    }
    json_free(&d);
    if (rc == TL_ERR_INPUT)
        return tl_fail(err, TL_ERR_INPUT, "the bundle of %s carries no game %.*s", lex->name, (int)(size > 64 ? 64 : size),
                       name);
    return rc;
}

size_t tl_lexicon_games(const tl_lexicon *lex, tl_name_fn fn, void *context) {
    jdoc d;
    tl_status rc;
    if (!bundle_games(lex, &d, NULL, &rc))
        return 0;
    size_t count = jn(&d, 0)->count, said = 0;
    uint32_t item = 1;
    for (uint32_t i = 0; i < count; i++, item = jn(&d, item)->next) {
        uint32_t n = json_member(&d, item, "name");
        if (fn && !said && n && jn(&d, n)->type == J_STRING)
            said = (size_t)fn(context, jstr(&d, n), jn(&d, n)->length);
    }
    json_free(&d);
    return count;
}

tl_status tl_lexicon_read_games(const tl_lexicon *lex, tl_game **games, size_t capacity, size_t *n, tl_error *err) {
    jdoc d;
    tl_status rc;
    *n = 0;
    if (!bundle_games(lex, &d, err, &rc))
        return rc;
    uint32_t item = 1;
    for (uint32_t i = 0; i < jn(&d, 0)->count && *n < capacity && rc == TL_OK; i++, item = jn(&d, item)->next) {
        rc = read_game(&d, item, &games[*n], err);
        if (rc == TL_OK && (rc = bundle_leaves(lex, i, games[*n], err)) != TL_OK)
            tl_game_free(games[*n]);
        else if (rc == TL_OK)
            ++*n;
        else if (rc == TL_ERR_INPUT) {
            char why[sizeof err->message];
            snprintf(why, sizeof why, "%s", err ? err->message : "");
            rc = tl_fail(err, TL_ERR_CORRUPT, "the bundle's game %u: %s", i + 1, why);
        }
    }
    json_free(&d);
    if (rc != TL_OK) {
        for (size_t i = 0; i < *n; i++)
            tl_game_free(games[i]);
        *n = 0;
    }
    return rc;
}
