/* Judging a turn: is it legal, which words does it form, are they words, what does it score (docs/games.md).
 *
 * A turn is one play (its tiles in one line) or, in a game whose turn may form several words (Betűtorony),
 * several plays laid one after the other from one rack, each judged on the board the ones before it left.
 * What breaks a rule is a problem with a stable code, the square concerned and the play it is about; the
 * words are every line of two or more tiles through a tile laid, each once, read on the board after the
 * whole turn, each judged by the lexicon on its exact tiles and scored by the game's rule (score.c). */
#include "play/judge.h"

#include "lexicon/lexicon.h"
#include "play/score.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define NO_TEXT ((size_t)-1)

tl_status refuse_input(tl_refusal *r, tl_error *err, const char *field, const char *square, const char *format, ...) {
    char message[sizeof r->message];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    if (r) {
        r->code = "bad-play";
        r->status = 400;
        snprintf(r->field, sizeof r->field, "%s", field ? field : "");
        snprintf(r->square, sizeof r->square, "%s", square ? square : "");
        memcpy(r->message, message, sizeof message);
    }
    if (field)
        return tl_fail(err, TL_ERR_INPUT, "%s: %s", field, message);
    return tl_fail(err, TL_ERR_INPUT, "%s", message);
}

/* ------------------------------------------------------------------ the judgement */

static tl_judgement *judgement_new(const tl_game *game, size_t plays, size_t laid) {
    tl_judgement *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->game = game;
    j->n_plays = plays;
    j->direction = -1;
    j->placed = malloc((laid ? laid : 1) * sizeof *j->placed);
    j->part = malloc((laid ? laid : 1) * sizeof *j->part);
    if (!j->placed || !j->part) {
        tl_judgement_free(j);
        return NULL;
    }
    return j;
}

void tl_judgement_free(tl_judgement *j) {
    if (!j)
        return;
    free(j->placed);
    free(j->part);
    free(j->problems);
    free(j->words);
    free(j->texts);
    free(j->pool);
    free(j);
}

static int grow(void **items, size_t *cap, size_t n, size_t size) {
    if (n < *cap)
        return 1;
    size_t more = *cap ? *cap * 2 : 8;
    void *bigger = realloc(*items, more * size);
    if (!bigger)
        return 0;
    *items = bigger;
    *cap = more;
    return 1;
}

static void problem(tl_judgement *j, const char *code, int square, unsigned part, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* A problem of the turn; out of memory, it is dropped and the judgement marked failed. */
static void problem(tl_judgement *j, const char *code, int square, unsigned part, const char *format, ...) {
    if (!grow((void **)&j->problems, &j->problems_cap, j->n_problems, sizeof *j->problems)) {
        j->pool_failed = 1;
        return;
    }
    tl_problem *p = &j->problems[j->n_problems++];
    p->code = code;
    p->square = square;
    p->part = part;
    va_list args;
    va_start(args, format);
    vsnprintf(p->message, sizeof p->message, format, args);
    va_end(args);
}

static size_t pool_add(tl_judgement *j, const char *text, size_t len) {
    if (j->pool_used + len + 1 > j->pool_cap) {
        size_t cap = j->pool_cap ? j->pool_cap : 1024;
        while (j->pool_used + len + 1 > cap)
            cap *= 2;
        char *bigger = realloc(j->pool, cap);
        if (!bigger) {
            j->pool_failed = 1;
            return NO_TEXT;
        }
        j->pool = bigger;
        j->pool_cap = cap;
    }
    size_t at = j->pool_used;
    memcpy(j->pool + at, text, len);
    j->pool[at + len] = 0;
    j->pool_used += len + 1;
    return at;
}

static const char *pool_text(const tl_judgement *j, size_t at) { return at == NO_TEXT ? NULL : j->pool + at; }

/* ------------------------------------------------------------------ the board */

static inline int occupied(const board_state *b, const uint8_t *fresh, unsigned square) {
    return fresh[square] || b->heights[square] > 0;
}

static inline unsigned number_of(uint8_t tile) { return tile & 63u; }

/* The squares of the unbroken line of tiles through `square` (across or down) on `heights`: first and last. */
static void line_through(unsigned size, const uint8_t *heights, unsigned square, int down, unsigned *first,
                         unsigned *last) {
    unsigned step = down ? size : 1, lo = down ? square % size : square - square % size;
    unsigned hi = down ? square % size + size * (size - 1) : lo + size - 1;
    unsigned a = square, b = square;
    while (a != lo && heights[a - step])
        a -= step;
    while (b != hi && heights[b + step])
        b += step;
    *first = a;
    *last = b;
}

static void name_of(const tl_game *g, unsigned square, char out[4]) { game_square_name(g, square, out); }

/* ------------------------------------------------------------------ legality */

/* One play of a turn, its tiles in square order, on the board the plays before it left: its direction (-1: not
 * in one line) and its problems (part k). `earlier[s]` is the play + 1 that covered square s this turn. */
static int check_play(tl_judgement *j, const board_state *b, const tl_laid *play, size_t n, unsigned k,
                      int first_move, const uint8_t *earlier) {
    const tl_game *g = j->game;
    unsigned size = g->size;
    uint8_t fresh[GAME_SQUARES] = {0};
    for (size_t i = 0; i < n; i++)
        fresh[play[i].square] = 1;
    int direction;
    unsigned row = play[0].square / size, col = play[0].square % size;
    int one_row = 1, one_col = 1;
    for (size_t i = 1; i < n; i++) {
        one_row &= play[i].square / size == row;
        one_col &= play[i].square % size == col;
    }
    if (n == 1) {
        /* one tile reads across when it has a neighbour across; its other word is the cross word */
        unsigned s = play[0].square;
        direction = !((col > 0 && occupied(b, fresh, s - 1)) || (col + 1 < size && occupied(b, fresh, s + 1)));
    } else if (one_row) {
        direction = 0;
    } else if (one_col) {
        direction = 1;
    } else {
        char names[TL_MAX_BOARD * TL_MAX_BOARD * 5 + 8];
        size_t w = 0;
        for (size_t i = 0; i < n && w + 8 < sizeof names; i++) {
            char name[4];
            name_of(g, play[i].square, name);
            w += (size_t)snprintf(names + w, sizeof names - w, "%s%s", i ? ", " : "", name);
        }
        problem(j, "not-in-line", -1, k, "the tiles (%s) are neither in one row nor in one column", names);
        direction = -1;
    }
    /* the squares: empty, or (stacking) a cube of another letter on a stack lower than the most */
    for (size_t i = 0; i < n; i++) {
        unsigned s = play[i].square;
        if (!b->heights[s])
            continue;
        char name[4];
        name_of(g, s, name);
        const game_tile *under = game_tile_of(g, number_of(b->tiles[s]));
        const char *under_text = under ? under->letter : "?";
        if (!g->stacking) {
            problem(j, "occupied", (int)s, k, "%s already holds %s", name, under_text);
        } else if (earlier[s]) {
            problem(j, "occupied", (int)s, k,
                    "%s already took a cube this turn (play %u): a square takes one cube a turn", name,
                    (unsigned)earlier[s]);
        } else if (number_of(b->tiles[s]) == number_of(play[i].tile)) {
            const game_tile *t = game_tile_of(g, number_of(play[i].tile));
            problem(j, "same-letter", (int)s, k, "%s on %s would lie on another %s: a cube goes only on a different letter",
                    t ? t->letter : "?", name, under_text);
        } else if (b->heights[s] >= g->max_height) {
            problem(j, "stack-full", (int)s, k, "the stack on %s is already %u high, the most %s allows", name,
                    (unsigned)b->heights[s], g->name);
        }
    }
    if (direction >= 0) {
        unsigned step = direction ? size : 1;
        for (unsigned s = play[0].square; s <= play[n - 1].square; s += step) {
            if (!occupied(b, fresh, s)) {
                char name[4];
                name_of(g, s, name);
                problem(j, "gap", (int)s, k, "%s is empty between the tiles laid: a play is one unbroken line", name);
                break;
            }
        }
    }
    if (first_move) {
        int covers = 0;
        for (size_t i = 0; i < n; i++)
            covers |= g->is_start[play[i].square];
        if (!covers) {
            char where[GAME_SQUARES * 8];
            size_t w = 0;
            for (unsigned i = 0; i < g->n_start && w + 12 < sizeof where; i++) {
                char name[4];
                name_of(g, g->start[i], name);
                w += (size_t)snprintf(where + w, sizeof where - w, "%s%s", i ? " or " : "", name);
            }
            problem(j, "start", -1, k, "the first play must cover %s", where);
        }
        return direction;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned s = play[i].square, r = s / size, c = s % size;
        if (b->heights[s] || (c > 0 && b->heights[s - 1]) || (c + 1 < size && b->heights[s + 1]) ||
            (r > 0 && b->heights[s - size]) || (r + 1 < size && b->heights[s + size]))
            return direction;
    }
    problem(j, "not-connected", -1, k, "the play touches no tile on the board");
    return direction;
}

static void lay(board_state *b, const tl_laid *play, size_t n) {
    for (size_t i = 0; i < n; i++) {
        b->tiles[play[i].square] = play[i].tile;
        b->heights[play[i].square]++;
    }
}

/* The rack as tile notation, its tiles in Python's str order (`?` first), multi-letter ones in brackets. */
static void rack_text(const tl_game *g, const uint8_t *rack, char *out, size_t cap) {
    size_t w = 0;
    out[0] = 0;
    /* `?` sorts before every letter a tile set has */
    for (unsigned i = 0; i < rack[0] && w + 2 < cap; i++)
        out[w++] = '?';
    uint8_t done[TL_MAX_TILE] = {0};
    for (;;) {
        int best = -1;
        for (unsigned i = 0; i < g->n_tiles; i++) {
            const game_tile *t = &g->tiles[i];
            if (done[i] || !rack[t->number])
                continue;
            if (best < 0) {
                best = (int)i;
                continue;
            }
            const game_tile *o = &g->tiles[best];
            int c = memcmp(t->letter, o->letter, t->letter_len < o->letter_len ? t->letter_len : o->letter_len);
            if (c < 0 || (c == 0 && t->letter_len < o->letter_len))
                best = (int)i;
        }
        if (best < 0)
            break;
        done[best] = 1;
        const game_tile *t = &g->tiles[best];
        for (unsigned i = 0; i < rack[t->number] && w + t->letter_len + 3 < cap; i++)
            w += (size_t)snprintf(out + w, cap - w, t->chars > 1 ? "[%s]" : "%s", t->letter);
    }
    if (!w)
        snprintf(out, cap, "empty");
    else
        out[w] = 0;
}

static void check_rack(tl_judgement *j, const uint8_t *rack, const unsigned *part_of) {
    const tl_game *g = j->game;
    int left[64];
    for (unsigned t = 0; t < 64; t++)
        left[t] = rack[t];
    char text[4096];
    int written = 0;
    for (size_t i = 0; i < j->n_placed; i++) {
        const tl_laid *p = &j->placed[i];
        unsigned key = p->tile & TL_BLANK_TILE ? 0 : number_of(p->tile);
        if (left[key] <= 0) {
            if (!written) {
                rack_text(g, rack, text, sizeof text);
                written = 1;
            }
            char name[4];
            name_of(g, p->square, name);
            const game_tile *t = game_tile_of(g, key);
            problem(j, "not-on-rack", (int)p->square, part_of[p->square], "the %s on %s is not on the rack (%s)",
                    key ? (t ? t->letter : "?") : "a blank", name, text);
        }
        left[key]--;
    }
}

/* A stacking game that replaces a word's letters only in part: no turn covers every cube of a word. `order` is
 * the squares the turn covered, in the order first covered. */
static void check_covered_words(tl_judgement *j, const board_state *before, const uint16_t *order, size_t n,
                                const unsigned *part_of, const uint8_t *covered) {
    const tl_game *g = j->game;
    unsigned size = g->size;
    uint32_t seen[2 * GAME_SQUARES];
    size_t n_seen = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned s = order[i];
        if (!before->heights[s])
            continue;
        for (int down = 0; down < 2; down++) {
            unsigned first, last, step = down ? size : 1;
            line_through(size, before->heights, s, down, &first, &last);
            if (first == last)
                continue;
            uint32_t key = (uint32_t)first << 16 | last;
            int again = 0, all = 1;
            for (size_t k = 0; k < n_seen; k++)
                again |= seen[k] == key;
            for (unsigned q = first; q <= last && all; q += step)
                all = covered[q];
            if (again || !all)
                continue;
            seen[n_seen++] = key;
            char word[TL_WORD_MAX * GAME_TILE_TEXT + 1], a[4], b[4];
            size_t w = 0;
            for (unsigned q = first; q <= last; q += step) {
                const game_tile *t = game_tile_of(g, number_of(before->tiles[q]));
                if (t && w + t->letter_len < sizeof word) {
                    memcpy(word + w, t->letter, t->letter_len);
                    w += t->letter_len;
                }
            }
            word[w] = 0;
            name_of(g, first, a);
            name_of(g, last, b);
            problem(j, "covers-word", (int)first, part_of[s],
                    "the cubes laid cover every letter of %s (%s\xe2\x80\x93%s): %s replaces a word's letters only in part",
                    word, a, b, g->name);
        }
    }
}

/* ------------------------------------------------------------------ the words */

size_t game_notation(const tl_game *g, const uint8_t *tiles, size_t n, char *out, size_t cap) {
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        const game_tile *t = game_tile_of(g, number_of(tiles[i]));
        if (!t)
            return 0;
        if (t->chars > 1) {
            if (w + t->letter_len + 3 > cap)
                return 0;
            out[w++] = '[';
            memcpy(out + w, t->letter, t->letter_len);
            w += t->letter_len;
            out[w++] = ']';
            i++;
            continue;
        }
        /* a run of one-letter tiles: a letter some multi-letter tile could also spell there is bracketed */
        size_t end = i;
        while (end < n && game_tile_of(g, number_of(tiles[end])) && game_tile_of(g, number_of(tiles[end]))->chars == 1)
            end++;
        uint8_t covered[TL_WORD_MAX] = {0};
        if (g->multi) {
            for (unsigned m = 0; m < g->n_tiles; m++) {
                const game_tile *multi = &g->tiles[m];
                if (multi->chars < 2)
                    continue;
                for (size_t at = i; at + multi->chars <= end; at++) {
                    size_t used = 0, k = 0;
                    for (; k < multi->chars; k++) {
                        const game_tile *one = game_tile_of(g, number_of(tiles[at + k]));
                        if (used + one->letter_len > multi->letter_len ||
                            memcmp(multi->letter + used, one->letter, one->letter_len))
                            break;
                        used += one->letter_len;
                    }
                    if (k == multi->chars && used == multi->letter_len)
                        for (k = 0; k < multi->chars; k++)
                            covered[at - i + k] = 1;
                }
            }
        }
        for (size_t k = i; k < end; k++) {
            const game_tile *one = game_tile_of(g, number_of(tiles[k]));
            if (w + one->letter_len + 3 > cap)
                return 0;
            if (covered[k - i])
                out[w++] = '[';
            memcpy(out + w, one->letter, one->letter_len);
            w += one->letter_len;
            if (covered[k - i])
                out[w++] = ']';
        }
        i = end;
    }
    out[w] = 0;
    return w;
}

size_t game_spelled(const tl_game *g, const uint8_t *tiles, size_t n, int pronounced, char *out, size_t cap) {
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        const game_tile *t = game_tile_of(g, number_of(tiles[i]));
        if (!t || w + 2 * t->letter_len + 1 > cap)
            return 0;
        if (pronounced && t->chars > 1 && i + 1 < n && number_of(tiles[i + 1]) == number_of(tiles[i])) {
            /* a long digraph is written shortened: SZ SZ spells SSZ */
            size_t first = 1;
            while (first < t->letter_len && (t->letter[first] & 0xC0) == 0x80)
                first++;
            memcpy(out + w, t->letter, first);
            w += first;
            i++;
        }
        memcpy(out + w, t->letter, t->letter_len);
        w += t->letter_len;
    }
    out[w] = 0;
    return w;
}

static int pronounces(const verdict_source *v) {
    if (!v || !v->words)
        return 0;
    return v->words->bundle ? v->words->bundle->pronounced : v->words->pronounced;
}

static size_t keep_text(tl_judgement *j, const char *text) { return text ? pool_add(j, text, strlen(text)) : NO_TEXT; }

/* A word's verdict into its texts: the bundle's answer, and the host's where the bundle cannot give it. */
static tl_status verdict(tl_judgement *j, verdict_source *v, tl_word *w, word_text *t, const char *notation,
                         size_t len, tl_error *err) {
    const tl_words *words = v->words;
    tl_status rc;
    if (words->bundle) {
        if (!v->answer && !(v->answer = malloc(sizeof *v->answer)))
            return tl_nomem(err);
        if ((rc = tl_lexicon_check(words->bundle, notation, len, v->answer, err)) != TL_OK)
            return rc;
        const tl_answer *a = v->answer;
        if (!(a->valid < 0 || v->detail) || !words->verdict) {
            w->valid = a->valid;
            t->reason = keep_text(j, a->reason);
            t->normalized = keep_text(j, a->normalized);
            t->detail = keep_text(j, a->detail);
            t->lemma = keep_text(j, a->lemma);
            t->tag = keep_text(j, a->tag);
            return TL_OK;
        }
    }
    if (!words->verdict) {
        w->valid = -1; /* no one here can say */
        return TL_OK;
    }
    tl_verdict asked = {0, NULL, NULL, 0};
    if ((rc = words->verdict(words->context, notation, len, v->detail, &asked, err)) != TL_OK)
        return rc;
    w->valid = asked.valid ? 1 : 0;
    t->reason = keep_text(j, asked.reason);
    t->document = asked.document ? pool_add(j, asked.document, asked.length) : NO_TEXT;
    t->document_length = asked.length;
    return TL_OK;
}

/* Every word on the board after the turn through a tile it laid, each once: for each play its main word along
 * it, then a cross word for each tile where one forms; a play that forms none is a `no-word` problem. `plays`
 * and `lengths` give each play's tiles (in `j->placed`), `directions` each play's direction. */
static tl_status read_words(tl_judgement *j, verdict_source *v, const board_state *after, const char *premiums,
                            const int *directions, const uint8_t *fresh, tl_error *err) {
    const tl_game *g = j->game;
    unsigned size = g->size;
    uint8_t credited[GAME_SQUARES] = {0};
    uint32_t seen[GAME_SQUARES * 2 + 8];
    size_t n_seen = 0, at = 0;
    int pronounced = pronounces(v);
    for (unsigned k = 0; k < j->n_plays; k++) {
        size_t n = 0;
        while (at + n < j->n_placed && j->part[at + n] == k)
            n++;
        const tl_laid *play = j->placed + at;
        at += n;
        int down = directions[k], formed = 0;
        for (size_t c = 0; c <= n; c++) {
            /* c == 0: the main word, along the play; then the cross word through each tile */
            int way = c == 0 ? down : !down;
            unsigned first, last, step = way ? size : 1;
            line_through(size, after->heights, play[c == 0 ? 0 : c - 1].square, way, &first, &last);
            if (first == last)
                continue; /* one square is not a word in any crossword game */
            formed = 1;
            uint32_t key = (uint32_t)first << 17 | (uint32_t)last << 1 | (uint32_t)way;
            int again = 0;
            for (size_t i = 0; i < n_seen && !again; i++)
                again = seen[i] == key;
            if (again)
                continue;
            seen[n_seen++] = key;
            if (!grow((void **)&j->words, &j->words_cap, j->n_words, sizeof *j->words)) {
                free(j->texts);
                j->texts = NULL;
                return tl_nomem(err);
            }
            word_text *grown = realloc(j->texts, j->words_cap * sizeof *j->texts);
            if (!grown)
                return tl_nomem(err);
            j->texts = grown;
            tl_word *w = &j->words[j->n_words];
            word_text *t = &j->texts[j->n_words];
            memset(w, 0, sizeof *w);
            *t = (word_text){NO_TEXT, NO_TEXT, NO_TEXT, NO_TEXT, 0, NO_TEXT, NO_TEXT, NO_TEXT, NO_TEXT};
            j->n_words++;
            w->down = way;
            w->main = c == 0;
            w->part = k;
            for (unsigned s = first; s <= last; s += step) {
                unsigned i = w->length++;
                w->squares[i] = (uint16_t)s;
                w->tiles[i] = after->tiles[s];
                w->fresh[i] = fresh[s];
                w->heights[i] = after->heights[s];
            }
            char notation[TL_WORD_MAX * (GAME_TILE_TEXT + 2) + 1], spelled[TL_WORD_MAX * 2 * GAME_TILE_TEXT + 1];
            size_t nn = game_notation(g, w->tiles, w->length, notation, sizeof notation);
            size_t ns = game_spelled(g, w->tiles, w->length, pronounced, spelled, sizeof spelled);
            t->notation = pool_add(j, notation, nn);
            t->spelled = pool_add(j, spelled, ns);
            if (v && v->words) {
                tl_status rc = verdict(j, v, w, t, notation, nn, err);
                if (rc != TL_OK)
                    return rc;
            } else {
                w->valid = -2;
            }
            if (g->cubes)
                score_cube_word(g, w, g->rare_every_word ? NULL : credited);
            else
                score_letters(g, premiums, w);
        }
        if (!formed) {
            char name[4];
            name_of(g, play[0].square, name);
            problem(j, "no-word", (int)play[0].square, k, "the play forms no word of two or more tiles");
        }
    }
    return j->pool_failed ? tl_nomem(err) : TL_OK;
}

/* The pointers of the words' texts, once the pool holds them all. */
static void fix_texts(tl_judgement *j) {
    for (size_t i = 0; i < j->n_words; i++) {
        j->words[i].reason = pool_text(j, j->texts[i].reason);
        j->words[i].spelled = pool_text(j, j->texts[i].spelled);
        j->words[i].notation = pool_text(j, j->texts[i].notation);
    }
}

static void remember_words(tl_judgement *j, const verdict_source *v) {
    j->judged_words = v && v->words;
    j->detail = v && v->detail;
    j->bundle = j->judged_words ? v->words->bundle : NULL;
    j->lexicon = j->version = NO_TEXT;
    if (j->judged_words) {
        const char *name = v->words->name ? v->words->name : "", *version = v->words->version ? v->words->version : "";
        j->lexicon = pool_add(j, name, strlen(name));
        j->version = pool_add(j, version, strlen(version));
    }
}

const char *judgement_lexicon(const tl_judgement *j) { return pool_text(j, j->lexicon); }
const char *judgement_text(const tl_judgement *j, size_t at) { return pool_text(j, at); }
const char *judgement_version(const tl_judgement *j) { return pool_text(j, j->version); }

static void earn(tl_judgement *j) {
    j->earned = score_whole_rack((unsigned)j->n_placed, j->game->rack, j->game->whole_rack_bonus);
}

/* A judgement made: into *out with its texts' pointers fixed, or freed when `rc` is a failure. */
static tl_status finished(tl_judgement *j, tl_status rc, tl_judgement **out) {
    if (rc != TL_OK) {
        tl_judgement_free(j);
        return rc;
    }
    fix_texts(j);
    *out = j;
    return TL_OK;
}

/* ------------------------------------------------------------------ a turn */

static int by_square(const void *x, const void *y) {
    const tl_laid *a = x, *b = y;
    return (a->square > b->square) - (a->square < b->square);
}

/* Codes that leave no well-defined words to list. */
static int shapeless(const char *code) {
    return !strcmp(code, "not-in-line") || !strcmp(code, "gap") || !strcmp(code, "occupied") ||
           !strcmp(code, "same-letter") || !strcmp(code, "stack-full");
}

tl_status judge_turn(const tl_game *g, verdict_source *v, const board_state *board, const char *premiums,
                     size_t plays, const size_t *lengths, const tl_laid *tiles, const uint8_t *rack,
                     tl_judgement **out, tl_refusal *refused, tl_error *err) {
    *out = NULL;
    if (v && v->words && v->words->bundle) {
        int named;
        char why[512];
        if (game_tileset_differs(g, v->words->bundle, &named, why, sizeof why)) {
            if (named)
                return refuse_input(refused, err, "lexicon", NULL, "%s plays the tile set %s, and %s plays %s",
                              v->words->name, why, g->name, g->tileset);
            return refuse_input(refused, err, "lexicon", NULL, "%s plays another tile set %s than %s does: %s in the game's",
                          v->words->name, g->tileset, g->name, why);
        }
    }
    size_t laid = 0;
    for (size_t k = 0; k < plays; k++)
        laid += lengths[k];
    tl_judgement *j = judgement_new(g, plays, laid);
    if (!j)
        return tl_nomem(err);
    size_t at = 0;
    for (size_t k = 0; k < plays; k++) {
        char where[32];
        snprintf(where, sizeof where, plays > 1 ? "turn[%zu]" : "move", k);
        if (!lengths[k]) {
            tl_judgement_free(j);
            return refuse_input(refused, err, where, NULL, "no tiles; a move in %s lays 1 to %u", g->name, g->rack);
        }
        tl_laid *play = j->placed + at;
        memcpy(play, tiles + at, lengths[k] * sizeof *play);
        qsort(play, lengths[k], sizeof *play, by_square);
        for (size_t i = 0; i < lengths[k]; i++)
            j->part[at + i] = (unsigned)k;
        for (size_t i = 1; i < lengths[k]; i++)
            if (play[i].square == play[i - 1].square) {
                char name[4];
                name_of(g, play[i].square, name);
                tl_judgement_free(j);
                return refuse_input(refused, err, where, name, "two tiles on square %s", name);
            }
        at += lengths[k];
    }
    j->n_placed = laid;
    if (!plays) {
        tl_judgement_free(j);
        return refuse_input(refused, err, "turn", NULL, "no plays; a turn in %s lays 1 to %u tiles", g->name, g->rack);
    }
    if (laid > g->rack) {
        tl_judgement_free(j);
        return refuse_input(refused, err, "turn", NULL, "%zu tiles; a turn in %s lays 1 to %u", laid, g->name, g->rack);
    }
    unsigned cells = g->size * g->size;
    int first_move = 1;
    for (unsigned s = 0; s < cells && first_move; s++)
        first_move = board->heights[s] == 0;
    j->first_move = first_move;
    remember_words(j, v);
    if (plays > 1 && !g->several_words)
        problem(j, "not-in-line", -1, 1, "%s lays every tile of a turn in one line, and this turn has %zu plays",
                g->name, plays);
    board_state *after = malloc(sizeof *after);
    int *directions = malloc(plays * sizeof *directions);
    unsigned *part_of = calloc(cells, sizeof *part_of);
    uint8_t *earlier = calloc(cells, 1), *fresh = calloc(cells, 1);
    uint16_t *order = malloc((laid ? laid : 1) * sizeof *order);
    tl_status rc = TL_OK;
    if (!after || !directions || !part_of || !earlier || !fresh || !order) {
        rc = tl_nomem(err);
        goto done;
    }
    memcpy(after, board, sizeof *after);
    size_t n_order = 0;
    int every_direction = 1;
    at = 0;
    for (unsigned k = 0; k < plays; k++) {
        const tl_laid *play = j->placed + at;
        directions[k] = check_play(j, after, play, lengths[k], k, first_move && k == 0, earlier);
        every_direction &= directions[k] >= 0;
        lay(after, play, lengths[k]);
        for (size_t i = 0; i < lengths[k]; i++) {
            unsigned s = play[i].square;
            if (!fresh[s])
                order[n_order++] = (uint16_t)s;
            fresh[s] = 1;
            part_of[s] = k;
            earlier[s] = (uint8_t)(k + 1 > 255 ? 255 : k + 1);
        }
        at += lengths[k];
    }
    j->direction = directions[0];
    if (rack)
        check_rack(j, rack, part_of);
    if (g->stacking && !g->cover_whole_word)
        check_covered_words(j, board, order, n_order, part_of, fresh);
    int words = every_direction;
    for (size_t i = 0; i < j->n_problems && words; i++)
        words = !shapeless(j->problems[i].code);
    if (words)
        rc = read_words(j, v, after, premiums, directions, fresh, err);
    if (rc == TL_OK && j->pool_failed)
        rc = tl_nomem(err);
    earn(j);
done:
    free(after);
    free(directions);
    free(part_of);
    free(earlier);
    free(fresh);
    free(order);
    return finished(j, rc, out);
}

tl_status judge_found(const tl_game *g, verdict_source *v, const board_state *board, const char *premiums,
                      const tl_play *play, tl_judgement **out, tl_error *err) {
    *out = NULL;
    tl_judgement *j = judgement_new(g, 1, play->n);
    board_state *after = malloc(sizeof *after);
    uint8_t *fresh = calloc(GAME_SQUARES, 1);
    tl_status rc = TL_OK;
    if (!j || !after || !fresh) {
        rc = tl_nomem(err);
        goto done;
    }
    j->n_placed = play->n;
    memcpy(after, board, sizeof *after);
    for (unsigned i = 0; i < play->n; i++) {
        j->placed[i] = (tl_laid){play->squares[i], play->tiles[i]};
        j->part[i] = 0;
        fresh[play->squares[i]] = 1;
    }
    lay(after, j->placed, j->n_placed);
    int first_move = 1;
    for (unsigned s = 0; s < g->size * g->size && first_move; s++)
        first_move = board->heights[s] == 0;
    j->first_move = first_move;
    j->direction = play->down;
    remember_words(j, v);
    int direction = play->down;
    rc = read_words(j, v, after, premiums, &direction, fresh, err);
    earn(j);
done:
    free(after);
    free(fresh);
    return finished(j, rc, out);
}

/* ------------------------------------------------------------------ what the judgement says */

int word_invalid(const tl_judgement *j, const tl_word *w) { return j->judged_words && w->valid != 1; }

int judgement_stands(const tl_judgement *j) {
    if (j->n_problems)
        return 0;
    for (size_t i = 0; i < j->n_words; i++)
        if (word_invalid(j, &j->words[i]))
            return 0;
    return 1;
}

int32_t judgement_points(const tl_judgement *j) {
    int32_t total = j->earned;
    for (size_t i = 0; i < j->n_words; i++)
        total += j->words[i].score;
    return total;
}

int tl_judgement_legal(const tl_judgement *j) { return j->n_problems == 0; }
size_t tl_judgement_problems(const tl_judgement *j) { return j->n_problems; }
const tl_problem *tl_judgement_problem(const tl_judgement *j, size_t i) {
    return i < j->n_problems ? &j->problems[i] : NULL;
}
size_t tl_judgement_words(const tl_judgement *j) { return j->n_words; }
const tl_word *tl_judgement_word(const tl_judgement *j, size_t i) { return i < j->n_words ? &j->words[i] : NULL; }
int32_t tl_judgement_score(const tl_judgement *j) { return judgement_stands(j) ? judgement_points(j) : 0; }
int tl_judgement_score_if_valid(const tl_judgement *j, int32_t *score) {
    if (j->n_problems)
        return 0;
    *score = judgement_points(j);
    return 1;
}
int32_t tl_judgement_bonus(const tl_judgement *j) { return j->earned; }

tl_challenge tl_judgement_challenge(const tl_judgement *j, int32_t *player_points, int *player_loses_turn,
                                    int32_t *challenger_points, int *challenger_loses_turn) {
    *player_points = *challenger_points = 0;
    *player_loses_turn = *challenger_loses_turn = 0;
    if (!j->judged_words || j->n_problems)
        return TL_CHALLENGE_NONE; /* no lexicon judged, or nothing is laid: nothing to challenge */
    int invalid = !judgement_stands(j);
    const tl_game *g = j->game;
    if (invalid && game_challenge_void(g))
        return TL_CHALLENGE_REFUSED;
    if (invalid) {
        *player_loses_turn = 1;
        return TL_CHALLENGE_WITHDRAWN;
    }
    if (game_challenge_void(g))
        return TL_CHALLENGE_NONE;
    *player_points = tl_judgement_score(j) + game_player_bonus(g);
    *challenger_points = -g->challenger_penalty;
    *challenger_loses_turn = game_challenger_loses_turn(g);
    return TL_CHALLENGE_STANDS;
}

/* ------------------------------------------------------------------ the typed call */

tl_status tl_judge_turn(const tl_game *game, const tl_words *words, int detail, const tl_position *position,
                        const tl_turn *turn, tl_judgement **out, tl_refusal *refused, tl_error *err) {
    *out = NULL;
    if (!game || !position || !position->tiles || !turn || (turn->plays && (!turn->lengths || !turn->tiles)))
        return tl_fail(err, TL_ERR_INPUT, "a judgement needs a game, a board's tiles and a turn");
    unsigned cells = game->size * game->size;
    board_state *board = malloc(sizeof *board);
    if (!board)
        return tl_nomem(err);
    tl_status rc = TL_OK;
    for (unsigned s = 0; s < cells && rc == TL_OK; s++) {
        uint8_t tile = position->tiles[s];
        uint8_t height = position->heights ? position->heights[s] : tile != 0;
        if ((tile && !game_tile_of(game, number_of(tile))) || (tile & 64u) || !tile != !height ||
            height > (game->stacking ? game->max_height : 1u))
            rc = tl_fail(err, TL_ERR_INPUT, "square %u holds tile %u in a stack %u high, which %s cannot hold", s, tile,
                         height, game->name);
        board->tiles[s] = tile;
        board->heights[s] = height;
    }
    size_t laid = 0;
    for (size_t k = 0; k < turn->plays && rc == TL_OK; k++)
        laid += turn->lengths[k];
    for (size_t i = 0; i < laid && rc == TL_OK; i++) {
        const tl_laid *p = &turn->tiles[i];
        if (p->square >= cells || !game_tile_of(game, number_of(p->tile)) || (p->tile & 64u) ||
            ((p->tile & TL_BLANK_TILE) && !game->blanks))
            rc = tl_fail(err, TL_ERR_INPUT, "tile %zu of the turn (%u on square %u) is no tile %s lays there", i,
                         p->tile, p->square, game->name);
    }
    const char *premiums = position->premiums;
    for (unsigned s = 0; premiums && s < cells && rc == TL_OK; s++)
        if (!premiums[s] || !strchr(".dtDT", premiums[s]))
            rc = tl_fail(err, TL_ERR_INPUT, "square %u has premium code %d, not one of . d t D T", s, premiums[s]);
    if (!premiums)
        premiums = game->layout >= 0 ? game->layouts[game->layout].codes : NULL;
    char plain[GAME_SQUARES];
    if (!premiums) {
        memset(plain, '.', sizeof plain);
        premiums = plain;
    }
    if (rc == TL_OK) {
        verdict_source v = {words, detail, NULL};
        rc = judge_turn(game, &v, board, premiums, turn->plays, turn->lengths, turn->tiles, turn->rack, out, refused,
                        err);
        free(v.answer);
    }
    free(board);
    return rc;
}

tl_status tl_judge(const tl_game *game, const tl_lexicon *lexicon, const tl_position *position, const tl_turn *turn,
                   tl_judgement **out, tl_error *err) {
    tl_words words = {NULL, NULL, lexicon, NULL, 0, NULL, NULL};
    if (lexicon) {
        words.name = tl_lexicon_name(lexicon);
        words.version = tl_lexicon_version(lexicon);
    }
    return tl_judge_turn(game, lexicon ? &words : NULL, 0, position, turn, out, NULL, err);
}
