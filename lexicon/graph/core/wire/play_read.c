/* A request's board, layout, plays and rack read into the judge's values, as lexicon/play/board.py, move.py and
 * game.py read them: the same notation (a square a character, a multi-letter tile in brackets, a blank in lower
 * case, spaces ignored), the same checks in the same order, and each refusal worded as they word it, the field
 * and the square named. */
#include "wire/request.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define QUOTE_CAP 8192 /* bytes of a value quoted in a message */

/* ------------------------------------------------------------------ the request */

tl_status request_open(request *q, const char *body, size_t size, const char *const *fields, size_t n_fields,
                       const char *const *required, size_t n_required, const char *example) {
    char why[256];
    if (size > TL_MAX_BODY)
        return REFUSE(q, "body", NULL, "not valid JSON: a body of %zu bytes; at most %u", size, TL_MAX_BODY);
    if (!json_read(body, size, TL_MAX_DEPTH, &q->doc, why, sizeof why))
        return REFUSE(q, "body", NULL, "not valid JSON: %s", why);
    const jdoc *d = &q->doc;
    if (jn(d, 0)->type != J_OBJECT)
        return REFUSE(q, "body", NULL, "a JSON object: %s", example);
    /* an unknown field: the first of them in str order */
    const char *unknown = NULL;
    size_t unknown_len = 0;
    uint32_t at = 1;
    for (uint32_t i = 0; i < jn(d, 0)->count; i++, at = jn(d, at + 1)->next) {
        const char *key = jstr(d, at);
        size_t len = jn(d, at)->length;
        int known = 0;
        for (size_t f = 0; f < n_fields && !known; f++)
            known = strlen(fields[f]) == len && !memcmp(fields[f], key, len);
        if (known)
            continue;
        size_t common = len < unknown_len ? len : unknown_len;
        int c = unknown ? memcmp(key, unknown, common) : -1;
        if (!unknown || c < 0 || (c == 0 && len < unknown_len)) {
            unknown = key;
            unknown_len = len;
        }
    }
    if (unknown) {
        uint32_t *cps = malloc((unknown_len + 1) * sizeof *cps);
        char quoted[QUOTE_CAP], allowed[512];
        if (!cps)
            return tl_nomem(q->err);
        size_t n = utf8_code_points(unknown, unknown_len, cps, unknown_len + 1);
        py_repr_text(cps, n, 40, quoted, sizeof quoted);
        free(cps);
        size_t w = 0;
        for (size_t f = 0; f < n_fields; f++)
            w += (size_t)snprintf(allowed + w, sizeof allowed - w, "%s%s", f ? ", " : "", fields[f]);
        return REFUSE(q, "body", NULL, "unknown field %s (allowed: %s)", quoted, allowed);
    }
    for (size_t r = 0; r < n_required; r++)
        if (!json_member(d, 0, required[r]))
            return REFUSE(q, required[r], NULL, "required");
    at = 1;
    for (uint32_t i = 0; i < jn(d, 0)->count; i++, at = jn(d, at + 1)->next) {
        const char *key = jstr(d, at);
        int needed = 0;
        for (size_t r = 0; r < n_required && !needed; r++)
            needed = !strcmp(required[r], key);
        if (jn(d, at + 1)->type == J_NULL && !needed && strcmp(key, "lexicon"))
            return REFUSE(q, key, NULL, "leave it out rather than null");
    }
    uint32_t detail = json_member(d, 0, "detail");
    if (detail && jn(d, detail)->type != J_TRUE && jn(d, detail)->type != J_FALSE)
        return REFUSE(q, "detail", NULL, "true or false");
    q->detail = detail && jn(d, detail)->type == J_TRUE;
    return TL_OK;
}

void request_close(request *q) {
    json_free(&q->doc);
    free(q->tiles);
    q->tiles = NULL;
}

uint32_t request_field(const request *q, const char *name) { return json_member(&q->doc, 0, name); }

/* ------------------------------------------------------------------ text */

/* A string value's code points (malloc'd; the caller frees), or NULL out of memory. */
static uint32_t *code_points(const request *q, uint32_t value, size_t *n) {
    const jnode *v = jn(&q->doc, value);
    uint32_t *cps = malloc(((size_t)v->length + 1) * sizeof *cps);
    if (cps)
        *n = utf8_code_points(jstr(&q->doc, value), v->length, cps, (size_t)v->length + 1);
    return cps;
}

static const char *repr(const uint32_t *cp, size_t n, size_t most, char *out) {
    py_repr_text(cp, n, most, out, QUOTE_CAP);
    return out;
}

static int is(const uint32_t *cp, size_t n, const char *ascii) {
    size_t len = strlen(ascii);
    if (n != len)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (cp[i] != (uint8_t)ascii[i])
            return 0;
    return 1;
}

/* The squares of a row, a word or a rack (lexicon.play.board._squares): each code point one, unless the text
 * holds a bracket or a space: then `\[[^\[\]]*\]|\S`, a bracketed tile or a character other than whitespace. The
 * squares' starts and lengths into `at` and `len` (the caller's, `n` long at most): how many. */
static size_t squares_of(const uint32_t *cp, size_t n, size_t *at, size_t *len) {
    int plain = 1;
    for (size_t i = 0; i < n && plain; i++)
        plain = cp[i] != '[' && cp[i] != ']' && cp[i] != ' ';
    size_t count = 0;
    for (size_t i = 0; i < n;) {
        if (plain) {
            at[count] = i;
            len[count++] = 1;
            i++;
            continue;
        }
        if (cp[i] == '[') {
            size_t k = i + 1;
            while (k < n && cp[k] != '[' && cp[k] != ']')
                k++;
            if (k < n && cp[k] == ']') {
                at[count] = i;
                len[count++] = k + 1 - i;
                i = k + 1;
                continue;
            }
        }
        if (py_isspace(cp[i])) {
            i++;
            continue;
        }
        at[count] = i;
        len[count++] = 1;
        i++;
    }
    return count;
}

static int same_text(const uint32_t *cp, size_t n, const char *utf8, size_t len) {
    char text[GAME_TILE_TEXT * 2 + 8];
    if (n > GAME_TILE_TEXT)
        return 0;
    size_t w = utf8_from_code_points(cp, n, text, sizeof text);
    return w == len && !memcmp(text, utf8, len);
}

enum { CELL_NONE = -1, CELL_EMPTY = 0, CELL_TILE = 1 };

/* What a square's text is (lexicon.play.board.cell_table): `.` an empty square, a tile (upper case; in lower case
 * a blank; in brackets, `[CS]`, a tile of more letters or any tile), or none. A letter with no tile of its own
 * (Swedish W) is only ever a blank, and a game without blanks has no lower-case tiles. */
static int cell_of(const tl_game *g, const uint32_t *cp, size_t n, uint8_t *tile) {
    if (is(cp, n, "."))
        return CELL_EMPTY;
    int bracketed = n >= 2 && cp[0] == '[' && cp[n - 1] == ']';
    const uint32_t *inner = bracketed ? cp + 1 : cp;
    size_t m = bracketed ? n - 2 : n;
    /* the table is a dict filled tile by tile, each tile's blank after its own form: the last to write a text
     * is the one read, so they are tried the other way round */
    for (unsigned i = g->n_tiles; i-- > 0;) {
        const game_tile *t = &g->tiles[i];
        if (!bracketed && t->chars != 1)
            continue;
        if (g->blanks && same_text(inner, m, t->lower, t->lower_len)) {
            *tile = (uint8_t)(t->number | TL_BLANK_TILE);
            return CELL_TILE;
        }
        if (t->count && same_text(inner, m, t->letter, t->letter_len)) {
            *tile = t->number;
            return CELL_TILE;
        }
    }
    return CELL_NONE;
}

/* The tile of the tile set whose letters are `cp` (`upper in alphabet`), or NULL. */
static const game_tile *tile_named(const tl_game *g, const uint32_t *cp, size_t n) {
    for (unsigned i = 0; i < g->n_tiles; i++)
        if (same_text(cp, n, g->tiles[i].letter, g->tiles[i].letter_len))
            return &g->tiles[i];
    return NULL;
}

/* A message into `out`, cut where it does not fit. */
static void say(char *out, size_t cap, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void say(char *out, size_t cap, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(out, cap, format, args);
    va_end(args);
}

/* Why a square's text is no tile (lexicon.play.board._why_not_a_square), into `out`. */
static void why_not(const tl_game *g, const uint32_t *cp, size_t n, char *out, size_t cap) {
    int bracketed = n >= 2 && cp[0] == '[' && cp[n - 1] == ']';
    const uint32_t *inner = bracketed ? cp + 1 : cp;
    size_t m = bracketed ? n - 2 : n;
    uint32_t *upper = malloc((3 * m + 1) * sizeof *upper);
    char quoted[QUOTE_CAP], shown[QUOTE_CAP];
    if (!upper) {
        say(out, cap, "out of memory");
        return;
    }
    size_t nu = py_upper(inner, m, upper, 3 * m + 1);
    const game_tile *t = tile_named(g, upper, nu);
    int same = nu == m && !memcmp(upper, inner, m * sizeof *upper);
    int starts_bracket = n >= 1 && cp[0] == '[';
    if (t && !same && !g->blanks) {
        say(out, cap, "%s is a blank, and %s has no blanks (write the tile in upper case)", repr(cp, n, n, quoted),
                 g->tileset);
    } else if (t && same && t->count == 0) {
        uint32_t lower[GAME_TILE_TEXT * 3];
        size_t nl = py_lower(inner, m, lower, sizeof lower / sizeof *lower);
        say(out, cap, "%s has no tile in %s: only a blank plays it (write %s)", t->letter, g->tileset,
                 repr(lower, nl, nl, quoted));
    } else if (t && t->chars > 1 && !starts_bracket) {
        utf8_from_code_points(inner, m, shown, sizeof shown);
        say(out, cap, "%s is one tile: write it in brackets, [%s]", repr(cp, n, n, quoted), shown);
    } else if (is(cp, n, "[]")) {
        say(out, cap, "empty brackets");
    } else {
        say(out, cap,
                 "%s is not a tile of %s (a square is '.', a tile, a lower-case tile for a blank, or a multi-letter "
                 "tile in brackets such as [CS])",
                 repr(cp, n, n, quoted), g->tileset);
    }
    free(upper);
}

static void square_name(const tl_game *g, unsigned square, char out[4]) { game_square_name(g, square, out); }

/* ------------------------------------------------------------------ the board */

static tl_status read_heights(request *q, uint32_t value);

tl_status read_board(request *q) {
    const tl_game *g = q->game;
    const jdoc *d = &q->doc;
    uint32_t rows = request_field(q, "board");
    unsigned size = g->size;
    if (jn(d, rows)->type != J_ARRAY || jn(d, rows)->count != size) {
        char got[64];
        if (jn(d, rows)->type == J_ARRAY)
            snprintf(got, sizeof got, "%u rows", jn(d, rows)->count);
        else
            snprintf(got, sizeof got, "a %s", py_type_name(d, rows));
        return REFUSE(q, "board", NULL, "%s has a %u\xc3\x97%u board: %u rows of %u squares, not %s", g->name, size,
                      size, size, size, got);
    }
    memset(&q->board, 0, sizeof q->board);
    uint32_t row = rows + 1;
    tl_status rc = TL_OK;
    for (unsigned r = 0; r < size && rc == TL_OK; r++, row = jn(d, row)->next) {
        char field[32];
        snprintf(field, sizeof field, "board[%u]", r);
        if (jn(d, row)->type != J_STRING)
            return REFUSE(q, field, NULL, "row %u must be a string", r + 1);
        size_t n;
        uint32_t *cp = code_points(q, row, &n);
        size_t *at = malloc((n + 1) * sizeof *at), *len = malloc((n + 1) * sizeof *len);
        if (!cp || !at || !len) {
            rc = tl_nomem(q->err);
        } else {
            size_t count = squares_of(cp, n, at, len);
            if (count != size) {
                rc = REFUSE(q, field, NULL, "row %u has %zu squares; the board is %u wide", r + 1, count, size);
            } else {
                for (unsigned c = 0; c < size; c++) {
                    uint8_t tile = 0;
                    int cell = cell_of(g, cp + at[c], len[c], &tile);
                    if (cell == CELL_NONE) {
                        char name[4], why[QUOTE_CAP + 512];
                        square_name(g, r * size + c, name);
                        why_not(g, cp + at[c], len[c], why, sizeof why);
                        rc = REFUSE(q, field, name, "square %s: %s", name, why);
                        break;
                    }
                    q->board.tiles[r * size + c] = cell == CELL_TILE ? tile : 0;
                    q->board.heights[r * size + c] = cell == CELL_TILE;
                }
            }
        }
        free(cp);
        free(at);
        free(len);
    }
    uint32_t heights = request_field(q, "heights");
    if (rc == TL_OK && heights)
        rc = read_heights(q, heights);
    return rc;
}

static tl_status read_heights(request *q, uint32_t value) {
    const tl_game *g = q->game;
    const jdoc *d = &q->doc;
    unsigned size = g->size;
    if (!g->stacking)
        return REFUSE(q, "heights", NULL, "%s does not stack tiles, so its board has no heights", g->name);
    if (jn(d, value)->type != J_ARRAY || jn(d, value)->count != size)
        return REFUSE(q, "heights", NULL, "%u strings of %u digits, one per row", size, size);
    uint32_t row = value + 1;
    for (unsigned r = 0; r < size; r++, row = jn(d, row)->next) {
        const jnode *n = jn(d, row);
        int ok = n->type == J_STRING && n->length == size;
        for (unsigned c = 0; ok && c < size; c++)
            ok = jstr(d, row)[c] >= '0' && jstr(d, row)[c] <= '9';
        if (!ok) {
            char field[32];
            snprintf(field, sizeof field, "heights[%u]", r);
            return REFUSE(q, field, NULL, "row %u must be a string of %u digits", r + 1, size);
        }
    }
    row = value + 1;
    for (unsigned r = 0; r < size; r++, row = jn(d, row)->next) {
        for (unsigned c = 0; c < size; c++) {
            unsigned i = r * size + c, height = (unsigned)(jstr(d, row)[c] - '0');
            uint8_t tile = q->board.tiles[i];
            if (height <= g->max_height && (height == 0) == (tile == 0)) {
                q->board.heights[i] = (uint8_t)height;
                continue;
            }
            char field[32], name[4];
            snprintf(field, sizeof field, "heights[%u]", r);
            square_name(g, i, name);
            if (height > g->max_height)
                return REFUSE(q, field, name, "square %s: a stack of %u; %s stacks at most %u high", name, height,
                              g->name, g->max_height);
            if (!tile)
                return REFUSE(q, field, name, "square %s is empty but its height is %u", name, height);
            return REFUSE(q, field, name, "square %s holds %s but its height is %u", name,
                          game_tile_of(g, tile & 63u)->letter, height);
        }
    }
    return TL_OK;
}

/* ------------------------------------------------------------------ the layout */

tl_status read_layout(request *q) {
    const tl_game *g = q->game;
    const jdoc *d = &q->doc;
    unsigned size = g->size, cells = size * size;
    uint32_t value = request_field(q, "layout");
    if (!value) {
        if (g->layout >= 0)
            memcpy(q->premiums, g->layouts[g->layout].codes, cells);
        else
            memset(q->premiums, '.', cells);
        return TL_OK;
    }
    const jnode *v = jn(d, value);
    if (v->type == J_STRING) {
        for (unsigned i = 0; i < g->n_layouts; i++)
            if (strlen(g->layouts[i].name) == v->length && !memcmp(g->layouts[i].name, jstr(d, value), v->length)) {
                memcpy(q->premiums, g->layouts[i].codes, cells);
                return TL_OK;
            }
        char known[GAME_MAX_LAYOUTS * (GAME_TEXT + 2) + 8], quoted[QUOTE_CAP];
        size_t w = 0, n;
        for (unsigned i = 0; i < g->n_layouts; i++)
            w += (size_t)snprintf(known + w, sizeof known - w, "%s%s", i ? ", " : "", g->layouts[i].name);
        if (!w)
            snprintf(known, sizeof known, "none");
        uint32_t *cp = code_points(q, value, &n);
        if (!cp)
            return tl_nomem(q->err);
        repr(cp, n, 40, quoted);
        free(cp);
        return REFUSE(q, "layout", NULL, "%s has no layout %s (layouts: %s)", g->name, quoted, known);
    }
    if (v->type != J_ARRAY || v->count != size)
        return REFUSE(q, "layout", NULL, "a layout is %u strings, one per row", size);
    uint32_t row = value + 1;
    for (unsigned r = 0; r < size; r++, row = jn(d, row)->next) {
        char field[32];
        snprintf(field, sizeof field, "layout[%u]", r);
        size_t n = 0;
        uint32_t *cp = jn(d, row)->type == J_STRING ? code_points(q, row, &n) : NULL;
        if (!cp || n != size) {
            free(cp);
            return REFUSE(q, field, NULL, "row %u must be a string of %u premium codes", r + 1, size);
        }
        for (unsigned c = 0; c < size; c++) {
            if (cp[c] < 0x80 && cp[c] && strchr(".dtDT", (int)cp[c])) {
                q->premiums[r * size + c] = (char)cp[c];
                continue;
            }
            char name[4], quoted[64];
            square_name(g, r * size + c, name);
            repr(cp + c, 1, 1, quoted);
            free(cp);
            return REFUSE(q, field, name,
                          "square %s: %s is not a premium code (. plain, d/t double/triple letter, D/T double/triple "
                          "word)",
                          name, quoted);
        }
        free(cp);
    }
    return TL_OK;
}

/* ------------------------------------------------------------------ squares and moves */

/* A square named like `H8` (lexicon.play.game.parse_square): its index, or a refusal naming `where`. */
static tl_status parse_square(request *q, uint32_t value, const char *where, unsigned *square) {
    const tl_game *g = q->game;
    const jdoc *d = &q->doc;
    char quoted[QUOTE_CAP];
    if (jn(d, value)->type != J_STRING) {
        py_repr_value(d, value, 20, quoted, sizeof quoted);
        return REFUSE(q, where, NULL, "%s is not a square name like H8 (column letter, row number)", quoted);
    }
    size_t n;
    uint32_t *cp = code_points(q, value, &n);
    if (!cp)
        return tl_nomem(q->err);
    size_t a = 0, b = n;
    while (a < b && py_isspace(cp[a]))
        a++;
    while (b > a && py_isspace(cp[b - 1]))
        b--;
    uint32_t letter = b > a ? cp[a] : 0;
    int ok = b - a >= 2 && b - a <= 3 && ((letter >= 'A' && letter <= 'Z') || (letter >= 'a' && letter <= 'z'));
    unsigned row = 0;
    for (size_t i = a + 1; ok && i < b; i++) {
        ok = cp[i] >= '0' && cp[i] <= '9';
        row = row * 10 + (cp[i] - '0');
    }
    if (!ok) {
        repr(cp, n, 20, quoted);
        free(cp);
        return REFUSE(q, where, NULL, "%s is not a square name like H8 (column letter, row number)", quoted);
    }
    free(cp);
    unsigned col = (letter | 0x20) - 'a';
    if (col >= g->size || row < 1 || row > g->size) {
        char last[4];
        square_name(g, g->size * g->size - 1, last);
        const char *name = jstr(d, value);
        return REFUSE(q, where, name, "%s is off the %u\xc3\x97%u board (A1 to %s)", name, g->size, g->size, last);
    }
    *square = (row - 1) * g->size + col;
    return TL_OK;
}

static tl_status check_count(request *q, size_t count, const char *where, const char *after) {
    const tl_game *g = q->game;
    if (count < 1 || count > g->rack)
        return REFUSE(q, where, NULL, "%zu tiles%s%s; a move in %s lays 1 to %u", count, *after ? " " : "", after,
                      g->name, g->rack);
    return TL_OK;
}

static tl_status add_tile(request *q, unsigned square, uint8_t tile) {
    if (q->n_tiles == q->cap_tiles) {
        size_t cap = q->cap_tiles ? q->cap_tiles * 2 : 32;
        tl_laid *tiles = realloc(q->tiles, cap * sizeof *tiles);
        if (!tiles)
            return tl_nomem(q->err);
        q->tiles = tiles;
        q->cap_tiles = cap;
    }
    q->tiles[q->n_tiles++] = (tl_laid){(uint16_t)square, tile};
    return TL_OK;
}

/* An object's field names against those allowed: the first unknown one (str order) refused. */
static tl_status known_fields(request *q, uint32_t object, const char *where, const char *const *allowed, size_t n,
                              const char *list) {
    const jdoc *d = &q->doc;
    const char *unknown = NULL;
    size_t unknown_len = 0;
    uint32_t at = object + 1;
    for (uint32_t i = 0; i < jn(d, object)->count; i++, at = jn(d, at + 1)->next) {
        const char *key = jstr(d, at);
        size_t len = jn(d, at)->length;
        int known = 0;
        for (size_t f = 0; f < n && !known; f++)
            known = strlen(allowed[f]) == len && !memcmp(allowed[f], key, len);
        size_t common = len < unknown_len ? len : unknown_len;
        int c = unknown ? memcmp(key, unknown, common) : -1;
        if (!known && (!unknown || c < 0 || (c == 0 && len < unknown_len))) {
            unknown = key;
            unknown_len = len;
        }
    }
    if (!unknown)
        return TL_OK;
    uint32_t *cp = malloc((unknown_len + 1) * sizeof *cp);
    char quoted[QUOTE_CAP];
    if (!cp)
        return tl_nomem(q->err);
    size_t count = utf8_code_points(unknown, unknown_len, cp, unknown_len + 1);
    repr(cp, count, 40, quoted);
    free(cp);
    return REFUSE(q, where, NULL, "unknown field %s (allowed: %s)", quoted, list);
}

/* Tiles given one by one (lexicon.play.move.placements). */
static tl_status read_placements(request *q, uint32_t items, const char *where) {
    const tl_game *g = q->game;
    const jdoc *d = &q->doc;
    static const char *const allowed[] = {"row", "col", "square", "tile", "blank"};
    if (jn(d, items)->type != J_ARRAY)
        return REFUSE(q, where, NULL, "a list of tiles, or a word with a start square and a direction");
    tl_status rc = check_count(q, jn(d, items)->count, where, "");
    if (rc != TL_OK)
        return rc;
    unsigned size = g->size;
    int seen[GAME_SQUARES];
    for (unsigned s = 0; s < size * size; s++)
        seen[s] = -1;
    uint32_t item = items + 1;
    for (uint32_t i = 0; i < jn(d, items)->count; i++, item = jn(d, item)->next) {
        char here[64], field[80];
        snprintf(here, sizeof here, "%s[%u]", where, i);
        if (jn(d, item)->type != J_OBJECT)
            return REFUSE(q, here, NULL, "a tile is an object like {\"row\": 7, \"col\": 7, \"tile\": \"H\"}");
        if ((rc = known_fields(q, item, here, allowed, 5, "row, col, square, tile, blank")) != TL_OK)
            return rc;
        unsigned square = 0;
        uint32_t named = json_member(d, item, "square");
        if (named) {
            if (json_member(d, item, "row") || json_member(d, item, "col"))
                return REFUSE(q, here, NULL, "give either square or row and col, not both");
            snprintf(field, sizeof field, "%s.square", here);
            if ((rc = parse_square(q, named, field, &square)) != TL_OK)
                return rc;
        } else {
            static const char *const keys[] = {"row", "col"};
            unsigned at[2];
            for (int k = 0; k < 2; k++) {
                uint32_t v = json_member(d, item, keys[k]);
                snprintf(field, sizeof field, "%s.%s", here, keys[k]);
                if (!v || jn(d, v)->type != J_INT)
                    return REFUSE(q, field, NULL, "an integer from 0 (rows and columns count from 0 at the top left)");
                const jnode *n = jn(d, v);
                if (n->unsigned_big || n->integer < 0 || n->integer >= size) {
                    char number[32];
                    if (n->unsigned_big)
                        snprintf(number, sizeof number, "%llu", (unsigned long long)(uint64_t)n->integer);
                    else
                        snprintf(number, sizeof number, "%lld", (long long)n->integer);
                    return REFUSE(q, field, NULL, "%s is off the %u\xc3\x97%u board (0 to %u)", number, size, size,
                                  size - 1);
                }
                at[k] = (unsigned)n->integer;
            }
            square = at[0] * size + at[1];
        }
        uint32_t tile = json_member(d, item, "tile"), blank = json_member(d, item, "blank");
        snprintf(field, sizeof field, "%s.tile", here);
        if (!tile || jn(d, tile)->type != J_STRING || !jn(d, tile)->length)
            return REFUSE(q, field, NULL, "the tile laid, as a string");
        if (blank && jn(d, blank)->type != J_TRUE && jn(d, blank)->type != J_FALSE) {
            snprintf(field, sizeof field, "%s.blank", here);
            return REFUSE(q, field, NULL, "true or false");
        }
        char name[4];
        square_name(g, square, name);
        size_t n;
        uint32_t *cp = code_points(q, tile, &n);
        uint32_t *text = malloc((3 * n + 3) * sizeof *text);
        if (!cp || !text) {
            free(cp);
            free(text);
            return tl_nomem(q->err);
        }
        if (is(cp, n, "?")) {
            free(cp);
            free(text);
            return REFUSE(q, field, name, "the blank on %s must name the letter it stands for", name);
        }
        size_t m = 0;
        int wrap = n != 1 && cp[0] != '[';
        if (wrap)
            text[m++] = '[';
        memcpy(text + m, cp, n * sizeof *cp);
        m += n;
        if (wrap)
            text[m++] = ']';
        if (blank && jn(d, blank)->type == J_TRUE) {
            uint32_t *lowered = malloc((3 * m + 1) * sizeof *lowered);
            if (!lowered) {
                free(cp);
                free(text);
                return tl_nomem(q->err);
            }
            size_t nl = py_lower(text, m, lowered, 3 * m + 1);
            free(text);
            text = lowered;
            m = nl;
        }
        uint8_t laid = 0;
        if (cell_of(g, text, m, &laid) != CELL_TILE) {
            char why[QUOTE_CAP + 512];
            why_not(g, text, m, why, sizeof why);
            free(cp);
            free(text);
            return REFUSE(q, field, name, "square %s: %s", name, why);
        }
        if (blank && jn(d, blank)->type == J_FALSE && (laid & TL_BLANK_TILE)) {
            char quoted[QUOTE_CAP];
            repr(cp, n, n, quoted);
            free(cp);
            free(text);
            snprintf(field, sizeof field, "%s.blank", here);
            return REFUSE(q, field, name, "square %s: %s in lower case is a blank, but blank is false", name, quoted);
        }
        free(cp);
        free(text);
        if (seen[square] >= 0)
            return REFUSE(q, here, name, "two tiles on square %s (also %s[%d])", name, where, seen[square]);
        seen[square] = (int)i;
        if ((rc = add_tile(q, square, laid)) != TL_OK)
            return rc;
    }
    return TL_OK;
}

static const char *const DIRECTIONS[] = {"across", "down"};

/* A word, its start square and direction (lexicon.play.move.word_move), on `board`: the tiles it needs. */
static tl_status read_word(request *q, const board_state *board, uint32_t word, uint32_t start, uint32_t direction,
                           const char *where) {
    const tl_game *g = q->game;
    const jdoc *d = &q->doc;
    char field[80], quoted[QUOTE_CAP];
    snprintf(field, sizeof field, "%s.word", where);
    size_t n = 0;
    uint32_t *cp = word && jn(d, word)->type == J_STRING ? code_points(q, word, &n) : NULL;
    int blank_word = 1;
    for (size_t i = 0; cp && i < n && blank_word; i++)
        blank_word = py_isspace(cp[i]);
    if (!cp || blank_word) {
        free(cp);
        return REFUSE(q, field, NULL, "the word laid, in tile notation (lower case for a blank)");
    }
    int down = -1;
    if (!direction)
        down = 0;
    else if (jn(d, direction)->type == J_STRING)
        for (int k = 0; k < 2; k++)
            if (!strcmp(jstr(d, direction), DIRECTIONS[k]) && jn(d, direction)->length == strlen(DIRECTIONS[k]))
                down = k;
    if (down < 0) {
        free(cp);
        snprintf(field, sizeof field, "%s.direction", where);
        py_repr_value(d, direction, 20, quoted, sizeof quoted);
        return REFUSE(q, field, NULL, "across or down, not %s", quoted);
    }
    snprintf(field, sizeof field, "%s.start", where);
    if (!start || jn(d, start)->type != J_STRING) {
        free(cp);
        return REFUSE(q, field, NULL, "a square name like H8");
    }
    unsigned first;
    tl_status rc = parse_square(q, start, field, &first);
    if (rc != TL_OK) {
        free(cp);
        return rc;
    }
    unsigned size = g->size, step = down ? size : 1, row = first / size, col = first % size;
    size_t *at = malloc((n + 1) * sizeof *at), *len = malloc((n + 1) * sizeof *len);
    if (!at || !len) {
        free(cp);
        free(at);
        free(len);
        return tl_nomem(q->err);
    }
    size_t count = squares_of(cp, n, at, len), room = size - (down ? row : col), laid = 0;
    snprintf(field, sizeof field, "%s.word", where);
    if (count > room) {
        rc = REFUSE(q, field, jstr(d, start), "%zu tiles from %s %s run off the board (%zu squares to the edge)", count,
                    jstr(d, start), DIRECTIONS[down], room);
    }
    for (size_t k = 0; k < count && rc == TL_OK; k++) {
        unsigned square = first + (unsigned)k * step;
        char name[4];
        square_name(g, square, name);
        if (is(cp + at[k], len[k], ".")) {
            if (!board->heights[square])
                rc = REFUSE(q, field, name, "tile %zu (%s): '.' stands for the tile on the board, and %s is empty", k + 1,
                            name, name);
            continue;
        }
        uint8_t tile = 0;
        if (cell_of(g, cp + at[k], len[k], &tile) != CELL_TILE) {
            char why[QUOTE_CAP + 512];
            why_not(g, cp + at[k], len[k], why, sizeof why);
            rc = REFUSE(q, field, name, "tile %zu (%s): %s", k + 1, name, why);
            break;
        }
        if (board->heights[square] && (board->tiles[square] & 63u) == (tile & 63u))
            continue; /* already on the board: the word runs through it */
        rc = add_tile(q, square, tile);
        laid++;
    }
    free(cp);
    free(at);
    free(len);
    if (rc == TL_OK)
        rc = check_count(q, laid, field, "once the tiles already on the board are passed over");
    return rc;
}

/* A move as a request gives it: a list of tiles, or a word with its start and direction. */
static tl_status read_move(request *q, const board_state *board, uint32_t value, const char *where) {
    const jdoc *d = &q->doc;
    if (jn(d, value)->type == J_OBJECT) {
        static const char *const allowed[] = {"word", "start", "direction"};
        tl_status rc = known_fields(q, value, where, allowed, 3, "word, start, direction");
        if (rc != TL_OK)
            return rc;
        return read_word(q, board, json_member(d, value, "word"), json_member(d, value, "start"),
                         json_member(d, value, "direction"), where);
    }
    return read_placements(q, value, where);
}

tl_status read_plays(request *q) {
    const tl_game *g = q->game;
    const jdoc *d = &q->doc;
    uint32_t turn = request_field(q, "turn");
    q->n_tiles = q->plays = 0;
    if (!turn) {
        size_t before = q->n_tiles;
        tl_status rc = read_move(q, &q->board, request_field(q, "move"), "move");
        q->lengths[0] = q->n_tiles - before;
        q->plays = 1;
        return rc;
    }
    if (jn(d, turn)->type != J_ARRAY || !jn(d, turn)->count)
        return REFUSE(q, "turn", NULL,
                      "a list of plays, each a list of tiles or a word with a start square and a direction");
    unsigned most = g->rack < MAX_TURN_PLAYS ? g->rack : MAX_TURN_PLAYS;
    if (jn(d, turn)->count > most)
        return REFUSE(q, "turn", NULL, "%u plays; a turn in %s holds at most %u", jn(d, turn)->count, g->name, most);
    board_state *board = malloc(sizeof *board);
    if (!board)
        return tl_nomem(q->err);
    memcpy(board, &q->board, sizeof *board);
    uint32_t item = turn + 1;
    tl_status rc = TL_OK;
    for (uint32_t i = 0; i < jn(d, turn)->count && rc == TL_OK; i++, item = jn(d, item)->next) {
        char where[32];
        snprintf(where, sizeof where, "turn[%u]", i);
        size_t before = q->n_tiles;
        rc = read_move(q, board, item, where);
        q->lengths[q->plays++] = q->n_tiles - before;
        for (size_t k = before; k < q->n_tiles && rc == TL_OK; k++) {
            board->tiles[q->tiles[k].square] = q->tiles[k].tile;
            board->heights[q->tiles[k].square]++;
        }
    }
    free(board);
    return rc;
}

/* ------------------------------------------------------------------ the rack */

tl_status read_rack(request *q, uint32_t value) {
    q->has_rack = 1;
    return read_tiles(q, value, "rack", q->rack, &q->rack_tiles);
}

tl_status read_tiles(request *q, uint32_t value, const char *field, uint8_t tiles[64], unsigned *n_tiles) {
    const tl_game *g = q->game;
    const jdoc *d = &q->doc;
    memset(tiles, 0, 64);
    *n_tiles = 0;
    if (jn(d, value)->type != J_STRING)
        return REFUSE(q, field, NULL, "%s as a string of tiles, ? for a blank",
                      strcmp(field, "rack") ? "the other rack" : "the rack");
    size_t n;
    uint32_t *cp = code_points(q, value, &n);
    size_t *at = cp ? malloc((n + 1) * sizeof *at) : NULL, *len = at ? malloc((n + 1) * sizeof *len) : NULL;
    if (!len) {
        free(cp);
        free(at);
        return tl_nomem(q->err);
    }
    size_t count = squares_of(cp, n, at, len);
    tl_status rc = TL_OK;
    if (count > g->rack)
        rc = REFUSE(q, field, NULL, "%zu tiles; a rack in %s holds at most %u", count, g->name, g->rack);
    for (size_t k = 0; k < count && rc == TL_OK; k++) {
        if (is(cp + at[k], len[k], "?")) {
            if (!g->blanks)
                rc = REFUSE(q, field, NULL, "tile %zu is a blank, and %s has no blanks", k + 1, g->tileset);
            tiles[0]++;
            ++*n_tiles;
            continue;
        }
        uint32_t *upper = malloc((3 * len[k] + 1) * sizeof *upper);
        if (!upper) {
            rc = tl_nomem(q->err);
            break;
        }
        size_t nu = py_upper(cp + at[k], len[k], upper, 3 * len[k] + 1);
        uint8_t tile = 0;
        if (cell_of(g, upper, nu, &tile) != CELL_TILE) {
            char why[QUOTE_CAP + 512];
            why_not(g, upper, nu, why, sizeof why);
            rc = REFUSE(q, field, NULL, "tile %zu: %s", k + 1, why);
        } else {
            tiles[tile & 63u]++;
            ++*n_tiles;
        }
        free(upper);
    }
    free(cp);
    free(at);
    free(len);
    return rc;
}
