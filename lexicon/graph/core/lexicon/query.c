/* The service's other answers judged, query for query: GET /tiles, /valid, /anagram, /pattern and /hooks, with the
 * service's parameter checks and the library's searches (lexicon.search, lexicon.pages, lexicon.verdict; the
 * reference, which tests/test_bundle.py holds these to), each into its struct (query.h). A refused query
 * leaves the problem the service would answer in the query's refusal. wire/query_json.c writes the documents. */
#include "lexicon/query.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_ALTERNATIVES 64
#define COUNT_BOUND 10000
#define RANK_BOUND 5000
#define MAX_LIMIT 1000 /* the service's `limit` */
#define MAX_OFFSET 10000
#define DEFAULT_LIMIT 100

/* ------------------------------------------------------------------ problems */

tl_status query_problem(query *q, tl_status status, const char *code, int http, long position, const char *parameter,
                        const char *format, ...) {
    problem *p = &q->refusal;
    va_list args;
    va_start(args, format);
    vsnprintf(p->detail, sizeof p->detail, format, args);
    va_end(args);
    p->code = code;
    p->status = http;
    p->position = position;
    p->parameter = parameter;
    return tl_fail(q->err, status, "%s", p->detail);
}

/* ------------------------------------------------------------------ parameters (service/params.py) */

typedef struct {
    uint32_t cp[4 * TL_MAX_WORD];
    size_t n;
} text;

/* A text parameter: UTF-8, at most `most` characters, not text the checks refuse (lexicon.text). */
static tl_status text_parameter(const tl_lexicon *lex, query *q, const char *name, const char *utf8, size_t size,
                                size_t most, size_t least, text *out) {
    size_t bad;
    long n = utf8_decode((const uint8_t *)utf8, size, NULL, 0, &bad);
    if (n < 0)
        return query_problem(q, TL_ERR_INPUT, "bad-input", 400, -1, name, "'%s' is not UTF-8 (at byte %zu)", name, bad);
    if ((size_t)n > most)
        return query_problem(q, TL_ERR_INPUT, "too-long", 414, -1, name,
                             "'%s' is %ld characters long; the limit is %zu", name, n, most);
    if ((size_t)n < least)
        return query_problem(q, TL_ERR_INPUT, "bad-input", 400, -1, name, "'%s' is empty", name);
    out->n = (size_t)utf8_decode((const uint8_t *)utf8, size, out->cp, sizeof out->cp / sizeof *out->cp, &bad);
    for (size_t i = 0; i < out->n; i++)
        if (uni_props(&lex->uni, out->cp[i]) & P_REFUSED)
            return query_problem(q, TL_ERR_INPUT, "bad-input", 400, (long)i, name,
                                 "'%s' has a control or invisible character (U+%04X) at position %zu", name,
                                 out->cp[i], i);
    for (size_t i = 0, run = 0; i < out->n; i++) {
        run = uni_props(&lex->uni, out->cp[i]) & P_COMBINING ? run + 1 : 0;
        if (run > 4)
            return query_problem(q, TL_ERR_INPUT, "bad-input", 400, (long)(i - 4), name,
                                 "'%s' has more than 4 combining marks in a row at position %zu", name, i - 4);
    }
    return TL_OK;
}

/* The page asked: its order (`fallback` when none is given), offset and limit into `out`. */
static tl_status page_parameters(const tl_lexicon *lex, query *q, const tl_query *options, const char *fallback,
                                 page *out) {
    const char **order = &out->order;
    long *offset = &out->offset, *limit = &out->limit;
    *order = options && options->order ? options->order : fallback;
    if (strcmp(*order, "alpha") && strcmp(*order, "length") && strcmp(*order, "score")) {
        text given;
        size_t bad, len = strlen(*order);
        long n = utf8_decode((const uint8_t *)*order, len, given.cp, sizeof given.cp / sizeof *given.cp, &bad);
        char shown[512];
        py_repr(&lex->uni, given.cp, n > 0 ? (size_t)n : 0, 20, shown, sizeof shown);
        return query_problem(q, TL_ERR_INPUT, "bad-input", 400, -1, "order",
                             "'order' must be one of alpha, length, score; got %s", shown);
    }
    *offset = options && options->offset != TL_QUERY_DEFAULT ? options->offset : 0;
    *limit = options && options->limit != TL_QUERY_DEFAULT ? options->limit : DEFAULT_LIMIT;
    if (*offset < 0 || *offset > MAX_OFFSET)
        return query_problem(q, TL_ERR_INPUT, "bad-input", 400, -1, "offset",
                             "'offset' must be an integer from 0 to %d, got %ld", MAX_OFFSET, *offset);
    if (*limit < 0 || *limit > MAX_LIMIT)
        return query_problem(q, TL_ERR_INPUT, "bad-input", 400, -1, "limit",
                             "'limit' must be an integer from 0 to %d, got %ld", MAX_LIMIT, *limit);
    return TL_OK;
}

/* ------------------------------------------------------------------ the bag (lexicon.verdict) */

void weigh_tiling(const tl_lexicon *lex, const tiling *t, bag_use *out) {
    unsigned used[64] = {0};
    out->value = 0;
    for (size_t i = 0; i < t->n; i++) {
        out->value += lex->tile_points[t->tile[i]];
        used[t->tile[i]]++;
    }
    out->blanks = 0;
    out->n_short = 0;
    for (uint32_t k = 0; k < lex->n_tiles; k++)
        if (used[k] > lex->tile_count[k]) {
            out->blanks += used[k] - lex->tile_count[k];
            out->value -= (long)(used[k] - lex->tile_count[k]) * lex->tile_points[k]; /* a blank plays it, worth 0 */
            out->short_place[out->n_short++] = (uint8_t)k;
        }
    out->formable = out->blanks <= lex->blanks;
    /* the tiles the bag is short of, sorted by their letters (dict(sorted(short.items()))) */
    uint8_t *order = out->short_place;
    for (size_t a = 1; a < out->n_short; a++)
        for (size_t b = a; b > 0; b--) {
            size_t la, lb;
            const char *sa = strlist_at(&lex->tiles, order[b - 1], &la);
            const char *sb = strlist_at(&lex->tiles, order[b], &lb);
            uint32_t ca[4], cb[4];
            size_t bad;
            long na = utf8_decode((const uint8_t *)sa, la, ca, 4, &bad);
            long nb = utf8_decode((const uint8_t *)sb, lb, cb, 4, &bad);
            int cmp = 0;
            for (long i = 0; !cmp && i < na && i < nb; i++)
                cmp = ca[i] < cb[i] ? -1 : ca[i] > cb[i];
            if (!cmp)
                cmp = na < nb ? -1 : na > nb;
            if (cmp <= 0)
                break;
            uint8_t tmp = order[b];
            order[b] = order[b - 1];
            order[b - 1] = tmp;
        }
    for (size_t i = 0; i < out->n_short; i++)
        out->short_by[i] = used[order[i]] - lex->tile_count[order[i]];
}

/* ------------------------------------------------------------------ every cut of a notation */

/* `items` with room for one more than `count` (doubling from `first`), *capacity updated; NULL out of memory,
 * `items` then unchanged. */
static void *room_for_one(void *items, size_t *capacity, size_t count, size_t size, size_t first) {
    if (count < *capacity)
        return items;
    size_t bigger = *capacity ? 2 * *capacity : first;
    void *more = realloc(items, bigger * size);
    if (more)
        *capacity = bigger;
    return more;
}

static int keep_cut(void *context, const tiling *t) {
    cut_list *l = context;
    tiling *cuts = room_for_one(l->cuts, &l->capacity, l->count, sizeof *cuts, 8);
    if (!cuts)
        return 1;
    l->cuts = cuts;
    l->cuts[l->count++] = *t;
    return 0;
}

/* Every cut the notation allows, in tiling.notation_tilings' order (the product of each open run's cuts,
 * the first run varying slowest): 1, or 0 out of memory. Call after notation_tilings said how many. */
static int every_cut(const tl_lexicon *lex, const notation *nt, cut_list *out) {
    cut_list parts[MAX_SEGMENTS];
    size_t n = nt->n_segments;
    int ok = 1;
    memset(parts, 0, sizeof parts);
    for (size_t s = 0; s < n && ok; s++) {
        const segment *g = &nt->segments[s];
        if (g->fixed) {
            tiling one = {.n = 1};
            one.tile[0] = g->tile;
            ok = !keep_cut(&parts[s], &one);
        } else {
            each_tiling(lex, g->text, g->n, keep_cut, &parts[s]);
            ok = parts[s].count || !g->n;
        }
    }
    size_t at[MAX_SEGMENTS] = {0};
    int empty = 0;
    for (size_t s = 0; s < n; s++)
        empty |= !parts[s].count;
    while (ok && !empty) {
        tiling t = {.n = 0};
        for (size_t s = 0; s < n; s++) {
            const tiling *p = &parts[s].cuts[at[s]];
            if (t.n + p->n > MAX_KEY) {
                ok = 0;
                break;
            }
            memcpy(t.tile + t.n, p->tile, p->n);
            t.n += p->n;
        }
        if (!ok || keep_cut(out, &t)) {
            ok = 0;
            break;
        }
        size_t s = n;
        while (s > 0 && ++at[s - 1] == parts[s - 1].count)
            at[--s] = 0;
        if (s == 0)
            break;
    }
    for (size_t s = 0; s < n; s++)
        free(parts[s].cuts);
    return ok;
}

/* Parse `cp` as notation into `nt` (nt->failed says whether it could be): TL_OK, or out of memory. */
static tl_status parse_only(const tl_lexicon *lex, query *q, const uint32_t *cp, size_t n, notation *nt) {
    normalized *work = malloc(sizeof *work);
    cpbuf *scratch = malloc(sizeof *scratch);
    if (work && scratch)
        parse_notation(lex, cp, n, nt, work, scratch);
    free(work);
    free(scratch);
    return work && scratch ? TL_OK : tl_nomem(q->err);
}

/* Parse `cp` as notation into `nt` and count its cuts: TL_OK with *any, or the problem (bad-notation,
 * limit-exceeded; `code` for both when given) with `shift` added to its position and `context` to its
 * message. */
static tl_status read_notation(const tl_lexicon *lex, query *q, const uint32_t *cp, size_t n, notation *nt,
                               tiling *first, int *any, size_t shift, const char *code, const char *context) {
    tl_status rc = parse_only(lex, q, cp, n, nt);
    if (rc != TL_OK)
        return rc;
    if (nt->failed)
        return query_problem(q, TL_ERR_INPUT, code ? code : "bad-notation", 400, (long)(shift + nt->position), NULL,
                             "%s%s", nt->message, context ? context : "");
    char message[1600];
    if (!notation_tilings(lex, nt, first, any, message, sizeof message))
        return query_problem(q, TL_ERR_INPUT, code ? code : "limit-exceeded", 400, code ? (long)shift : -1, NULL,
                             "%s%s", message, context ? context : "");
    return TL_OK;
}

/* ------------------------------------------------------------------ racks (Search.parse_rack) */

static int is_space(const tl_lexicon *lex, uint32_t cp) { return (uni_props(&lex->uni, cp) & P_SPACE) != 0; }

static void strip(const tl_lexicon *lex, const uint32_t **cp, size_t *n) {
    while (*n && is_space(lex, (*cp)[0])) {
        (*cp)++;
        (*n)--;
    }
    while (*n && is_space(lex, (*cp)[*n - 1]))
        (*n)--;
}

typedef struct {
    uint8_t counts[64]; /* by tile number; [0]: blanks */
    size_t tiles;
} rack;

/* The tile a rack's list item names (Search._tile) */
static tl_status rack_item(const tl_lexicon *lex, query *q, const uint32_t *cp, size_t n, size_t index, rack *r) {
    normalized *work = malloc(sizeof *work);
    cpbuf *scratch = malloc(sizeof *scratch);
    if (!work || !scratch) {
        free(work);
        free(scratch);
        return tl_nomem(q->err);
    }
    normalize_word(lex, cp, n, work, scratch);
    int tile = work->reason == R_NONE ? tile_of(lex, work->key.cp, work->key.n) : 0;
    free(work);
    free(scratch);
    if (!tile) {
        char shown[1200];
        return query_problem(q, TL_ERR_INPUT, "bad-rack", 400, (long)index, NULL, "%s (item %zu) is not a tile of %s",
                             quote_plain(cp, n, 20, shown), index, lex->tileset);
    }
    r->counts[lex->tile_number[tile - 1]]++;
    r->tiles++;
    return TL_OK;
}

/* A rack's plain letter that is no tile (Search.single_letter_problem): one only as part of a tile of several
 * letters, which the rack writes in brackets. */
static tl_status single_letter_problem(const tl_lexicon *lex, query *q, uint32_t letter, long position) {
    char shown[1200], part_of[512] = "";
    size_t w = 0;
    for (uint32_t t = 0; t < lex->n_tiles; t++) {
        if (lex->tile_len[t] < 2)
            continue;
        int has = 0;
        for (unsigned k = 0; k < lex->tile_len[t]; k++)
            has |= lex->tile_cp[t][k] == letter;
        if (!has)
            continue;
        char tile[16];
        long len = utf8_encode(lex->tile_cp[t], lex->tile_len[t], tile, sizeof tile - 1);
        int wrote = snprintf(part_of + w, sizeof part_of - w, "%s[%.*s]", w ? ", " : "", (int)(len > 0 ? len : 0),
                             tile);
        if (wrote < 0 || (size_t)wrote >= sizeof part_of - w)
            break;
        w += (size_t)wrote;
    }
    quote_plain(&letter, 1, 1, shown);
    if (w)
        return query_problem(q, TL_ERR_INPUT, "bad-rack", 400, position, NULL,
                             "%s is no tile of %s by itself: a tile of several letters is written in brackets (%s)",
                             shown, lex->tileset, part_of);
    return query_problem(q, TL_ERR_INPUT, "bad-rack", 400, position, NULL, "%s is not a tile of %s", shown,
                         lex->tileset);
}

static tl_status parse_rack(const tl_lexicon *lex, query *q, const uint32_t *all, size_t total, rack *r) {
    const uint32_t *cp = all;
    size_t n = total;
    strip(lex, &cp, &n);
    memset(r, 0, sizeof *r);
    if (n > 4 * TL_MAX_RACK_TILES)
        return query_problem(q, TL_ERR_INPUT, "bad-rack", 400, -1, NULL,
                             "the rack is %zu characters long; the limit is %d", n, 4 * TL_MAX_RACK_TILES);
    int quoted = 0;
    for (size_t i = 0; i < n; i++)
        quoted |= cp[i] == '"';
    notation *nt = malloc(sizeof *nt);
    if (!nt)
        return tl_nomem(q->err);
    tl_status rc = TL_OK;
    if (quoted) {
        size_t at[MAX_SEGMENTS], len[MAX_SEGMENTS], pos[MAX_SEGMENTS], count;
        if (!parse_items(cp, n, nt, at, len, pos, &count)) {
            rc = query_problem(q, TL_ERR_INPUT, "bad-rack", 400, (long)nt->position, NULL, "%s", nt->message);
            goto done;
        }
        for (size_t i = 0; i < count && rc == TL_OK; i++) {
            const uint32_t *item = nt->pool + at[i];
            size_t m = len[i];
            strip(lex, &item, &m);
            if (m == 1 && item[0] == '?')
                r->counts[0]++;
            else
                rc = rack_item(lex, q, nt->pool + at[i], len[i], i, r);
        }
    } else {
        for (size_t s = 0; s < n && rc == TL_OK;) {
            if (cp[s] == '?') {
                r->counts[0]++;
                s++;
                continue;
            }
            size_t e = s;
            while (e < n && cp[e] != '?')
                e++;
            const uint32_t *piece = cp + s;
            size_t m = e - s;
            strip(lex, &piece, &m);
            if (m) { /* the piece's tiles: the bracketed ones, and each plain letter a tile by itself */
                char context[96] = "";
                if (s)
                    snprintf(context, sizeof context, " (in the part of the rack from position %zu)", s);
                if ((rc = parse_only(lex, q, cp + s, e - s, nt)) != TL_OK)
                    break;
                if (nt->failed) {
                    rc = query_problem(q, TL_ERR_INPUT, "bad-rack", 400, (long)(s + nt->position), NULL, "%s%s",
                                       nt->message, context);
                    break;
                }
                for (size_t g = 0; g < nt->n_segments && rc == TL_OK; g++) {
                    const segment *seg = &nt->segments[g];
                    if (seg->fixed) {
                        r->counts[lex->tile_number[seg->tile]]++;
                        r->tiles++;
                        continue;
                    }
                    for (size_t k = 0; k < seg->n && rc == TL_OK; k++) {
                        int tile = tile_of(lex, seg->text + k, 1);
                        if (!tile) {
                            rc = single_letter_problem(lex, q, seg->text[k], (long)s);
                            break;
                        }
                        r->counts[lex->tile_number[tile - 1]]++;
                        r->tiles++;
                    }
                }
            }
            s = e;
        }
    }
    if (rc != TL_OK)
        goto done;
    if (!r->tiles && !r->counts[0])
        rc = query_problem(q, TL_ERR_INPUT, "bad-rack", 400, 0, NULL, "the rack is empty");
    else if (r->counts[0] > TL_MAX_RACK_BLANKS)
        rc = query_problem(q, TL_ERR_INPUT, "bad-rack", 400, -1, NULL, "the rack has %d blanks; the limit is %d",
                           r->counts[0], TL_MAX_RACK_BLANKS);
    else if (r->tiles + r->counts[0] > TL_MAX_RACK_TILES)
        rc = query_problem(q, TL_ERR_INPUT, "bad-rack", 400, -1, NULL, "the rack has %zu tiles; the limit is %d",
                           r->tiles + r->counts[0], TL_MAX_RACK_TILES);
done:
    free(nt);
    return rc;
}

/* ------------------------------------------------------------------ pages (lexicon.pages) */

static int add_hit(page *l, const hit *h) {
    hit *hits = room_for_one(l->hits, &l->capacity, l->count, sizeof *hits, 64);
    if (!hits)
        return 0;
    l->hits = hits;
    l->hits[l->count++] = *h;
    return 1;
}

/* A walk's word as a hit: which positions a blank plays (every tile beyond the rack's own, the earliest
 * positions natural first: search._blanks) and its face value (a blank scores 0). 0 when the word graph
 * holds a tile the tile set lacks (a bundle damaged past its checksums), else 1. */
static int make_hit(const tl_lexicon *lex, const uint8_t *path, size_t n, const rack *r, hit *h) {
    uint8_t left[64];
    memcpy(left, r ? r->counts : (const uint8_t[64]){0}, 64);
    h->n = (uint8_t)n;
    h->blanks = 0;
    h->value = 0;
    memcpy(h->tiles, path, n);
    for (size_t i = 0; i < n; i++) {
        uint8_t number = path[i];
        if (number > TL_MAX_TILE || !lex->tile_of_number[number])
            return 0;
        if (!r || left[number]) {
            if (r)
                left[number]--;
            h->value += lex->tile_points[lex->tile_of_number[number] - 1];
        } else if (i < 64) {
            h->blanks |= 1ull << i;
        }
    }
    return 1;
}

static int by_length(const void *a, const void *b) {
    const hit *x = a, *y = b;
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    if (x->value != y->value)
        return x->value > y->value ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static int by_score(const void *a, const void *b) {
    const hit *x = a, *y = b;
    if (x->value != y->value)
        return x->value > y->value ? -1 : 1;
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* A search's walk: the word graph's alone, or every word of a lexicon with a compiled rule (tl_words_*). */
typedef struct {
    tl_walk *graph;
    tl_words_walk *words;
} search_walk;

static tl_status walk_next(search_walk *walk, tl_error *err) {
    if (walk->words)
        return tl_words_next(walk->words, err);
    return walk->graph ? tl_walk_next(walk->graph, err) : TL_DONE;
}

static const uint8_t *walk_tiles(const search_walk *walk, size_t *n) {
    return walk->words ? tl_words_tiles(walk->words, n) : tl_walk_tiles(walk->graph, n);
}

static void walk_free(search_walk *walk) {
    tl_walk_free(walk->graph);
    tl_words_free(walk->words);
}

/* The walk's words into the page asked (out->order, offset and limit set): TL_OK, or the walk's problem. */
static tl_status fill_page(const tl_lexicon *lex, query *q, search_walk *walk, const rack *r, const char *advice,
                           page *out) {
    const char *order = out->order;
    long offset = out->offset, limit = out->limit;
    hit h;
    tl_status rc;
    int alpha = !strcmp(order, "alpha");
    size_t seen = 0, wanted = alpha ? (size_t)(offset + limit) : RANK_BOUND + 1, counted = 0;
    int costly = 0;
    out->total = out->at_least = -1;
    out->truncated = 0;
    for (;;) {
        rc = walk_next(walk, q->err);
        if (rc == TL_DONE)
            break;
        if (rc != TL_WORD) {
            if (rc == TL_ERR_COSTLY && alpha && seen >= wanted) { /* the page is whole: only its count is cut */
                costly = 1;
                break;
            }
            if (rc == TL_ERR_COSTLY)
                return query_problem(q, TL_ERR_COSTLY, "too-costly", 400, -1, NULL,
                                     "the search visited more than 500,000 lists; %s", advice);
            return rc;
        }
        size_t n;
        const uint8_t *path = walk_tiles(walk, &n);
        if (seen < wanted) {
            if (!alpha || seen >= (size_t)offset) {
                if (!make_hit(lex, path, n, r, &h))
                    return tl_fail(q->err, TL_ERR_CORRUPT, "the bundle's word graph holds a tile its tile set lacks");
                h.order = seen;
                if (!add_hit(out, &h))
                    return tl_nomem(q->err);
            }
            seen++;
            continue;
        }
        if (!alpha)
            break; /* more than RANK_BOUND */
        counted++; /* alpha: counting what follows the page */
        if (counted > (size_t)(COUNT_BOUND > offset + limit ? COUNT_BOUND - (offset + limit) : 0))
            break;
    }
    out->from = 0;
    out->to = out->count;
    if (alpha) {
        size_t budget = COUNT_BOUND > offset + limit ? (size_t)(COUNT_BOUND - (offset + limit)) : 0;
        if (seen < wanted) {
            out->total = (long long)seen;
        } else if (counted > budget || costly) {
            out->at_least = (long long)(seen + counted);
            out->truncated = 1;
        } else {
            out->total = (long long)(seen + counted);
            out->truncated = counted > 0;
        }
    } else {
        if (out->count > RANK_BOUND)
            return query_problem(q, TL_ERR_COSTLY, "too-costly", 400, -1, NULL,
                                 "the search has more than 5,000 results to rank by %s; make it more specific or "
                                 "page through it with order=alpha", order);
        if (out->count)
            qsort(out->hits, out->count, sizeof *out->hits, !strcmp(order, "length") ? by_length : by_score);
        out->from = (size_t)offset < out->count ? (size_t)offset : out->count;
        out->to = out->from + (size_t)limit < out->count ? out->from + (size_t)limit : out->count;
        out->total = (long long)out->count;
        out->truncated = out->to < out->count;
    }
    return TL_OK;
}

void page_free(page *found) {
    free(found->hits);
    found->hits = NULL;
    found->count = found->capacity = 0;
}

/* ------------------------------------------------------------------ GET /anagram */

tl_status query_anagram(const tl_lexicon *lex, query *q, const char *rack_text, size_t size, const tl_query *options,
                        page *out) {
    *out = (page){0};
    text *t = malloc(sizeof *t);
    search_walk walk = {0};
    tl_status rc;
    rack r;
    if (!t) {
        rc = tl_nomem(q->err);
        goto done;
    }
    if ((rc = text_parameter(lex, q, "rack", rack_text, size, TL_MAX_RACK_CHARS, 1, t)) != TL_OK ||
        (rc = page_parameters(lex, q, options, "length", out)) != TL_OK ||
        (rc = parse_rack(lex, q, t->cp, t->n, &r)) != TL_OK)
        goto done;
    size_t min_tiles = lex->min_length > 1 ? lex->min_length : 1;
    uint8_t counts[64];
    memcpy(counts, r.counts, 64);
    int sub = options && options->sub;
    if ((rc = lex->rule ? tl_words_anagrams(lex, counts, sub, min_tiles, TL_MAX_SEARCH_VISITS, &walk.words, q->err)
                        : tl_walk_anagrams(lex->graph, counts, sub, min_tiles, TL_MAX_SEARCH_VISITS, &walk.graph, q->err)) != TL_OK)
        goto done;
    rc = fill_page(lex, q, &walk, &r, "use fewer blanks or a shorter rack", out);
done:
    walk_free(&walk);
    free(t);
    return rc;
}

/* ------------------------------------------------------------------ GET /pattern (search._Pattern) */

#define MOST_TOKENS (4 * TL_MAX_PATTERN_CHARS + 1) /* an alternative's: a letter folds to at most a few tiles */

typedef struct {
    int16_t tokens[MAX_ALTERNATIVES * MOST_TOKENS];
    size_t count;
} pattern;

static tl_status compile_pattern(const tl_lexicon *lex, query *q, const uint32_t *all, size_t total, pattern *p) {
    const uint32_t *cp = all;
    size_t n = total;
    strip(lex, &cp, &n);
    if (!n)
        return query_problem(q, TL_ERR_INPUT, "bad-pattern", 400, 0, NULL, "the pattern is empty");
    if (n > TL_MAX_PATTERN_CHARS)
        return query_problem(q, TL_ERR_INPUT, "bad-pattern", 400, -1, NULL,
                             "the pattern is %zu characters long; the limit is %d", n, TL_MAX_PATTERN_CHARS);
    /* the alternatives, grown piece by piece: each a token list */
    typedef struct {
        int16_t t[MOST_TOKENS];
        size_t n;
    } alternative;
    alternative *alts = malloc(sizeof *alts * MAX_ALTERNATIVES), *next = malloc(sizeof *next * MAX_ALTERNATIVES);
    notation *nt = malloc(sizeof *nt);
    cut_list cuts = {0};
    tl_status rc = TL_OK;
    if (!alts || !next || !nt) {
        rc = tl_nomem(q->err);
        goto done;
    }
    size_t count = 1, last = 0; /* last: the previous piece was `*` */
    alts[0].n = 0;
    for (size_t s = 0; s < n && rc == TL_OK;) {
        if (cp[s] == '?' || cp[s] == '*') {
            int run = cp[s] == '*';
            if (!(run && last))
                for (size_t a = 0; a < count; a++)
                    if (alts[a].n + 1 < MOST_TOKENS)
                        alts[a].t[alts[a].n++] = run ? TL_ANY_RUN : TL_ANY_TILE;
            last = run;
            s++;
            continue;
        }
        size_t e = s;
        while (e < n && cp[e] != '?' && cp[e] != '*')
            e++;
        const uint32_t *piece = cp + s;
        size_t m = e - s;
        strip(lex, &piece, &m);
        if (m) {
            char context[96] = "";
            if (s)
                snprintf(context, sizeof context, " (in the part of the pattern from position %zu)", s);
            tiling firstcut;
            int any;
            if ((rc = read_notation(lex, q, cp + s, e - s, nt, &firstcut, &any, s, "bad-pattern", context)) != TL_OK)
                break;
            cuts.count = 0;
            if (any && !every_cut(lex, nt, &cuts)) {
                rc = tl_nomem(q->err);
                break;
            }
            if (!cuts.count) {
                char shown[1200];
                long w = utf8_encode(piece, m, shown, sizeof shown - 1);
                shown[w < 0 ? 0 : w] = 0;
                rc = query_problem(q, TL_ERR_INPUT, "bad-pattern", 400, (long)s, NULL,
                                   "'%s' at position %zu cannot be cut into %s's tiles", shown, s, lex->tileset);
                break;
            }
            if (count * cuts.count > MAX_ALTERNATIVES) {
                rc = query_problem(q, TL_ERR_INPUT, "bad-pattern", 400, 0, NULL, "the pattern's letters can be cut "
                                   "into tiles in too many ways; bracket the tiles you mean");
                break;
            }
            size_t made = 0;
            for (size_t a = 0; a < count; a++)
                for (size_t c = 0; c < cuts.count; c++) {
                    next[made] = alts[a];
                    for (size_t k = 0; k < cuts.cuts[c].n && next[made].n + 1 < MOST_TOKENS; k++)
                        next[made].t[next[made].n++] = lex->tile_number[cuts.cuts[c].tile[k]];
                    made++;
                }
            alternative *swap = alts;
            alts = next;
            next = swap;
            count = made;
            last = 0;
        }
        s = e;
    }
    if (rc == TL_OK) {
        p->count = 0;
        for (size_t a = 0; a < count; a++) {
            memcpy(p->tokens + p->count, alts[a].t, alts[a].n * sizeof *p->tokens);
            p->count += alts[a].n;
            p->tokens[p->count++] = TL_ACCEPT;
        }
    }
done:
    free(alts);
    free(next);
    free(nt);
    free(cuts.cuts);
    return rc;
}

/* The fewest tiles a word matching the pattern has (Search.min_tiles). */
static size_t fewest_matched(const pattern *p) {
    size_t fewest = (size_t)-1, count = 0;
    for (size_t i = 0; i < p->count; i++) {
        if (p->tokens[i] == TL_ACCEPT) {
            if (count < fewest)
                fewest = count;
            count = 0;
        } else if (p->tokens[i] != TL_ANY_RUN) {
            count++;
        }
    }
    return fewest == (size_t)-1 ? 0 : fewest;
}


tl_status query_pattern(const tl_lexicon *lex, query *q, const char *query_text, size_t size, const tl_query *options,
                        page *out) {
    *out = (page){0};
    text *t = malloc(sizeof *t);
    pattern *p = malloc(sizeof *p);
    search_walk walk = {0};
    tl_status rc;
    if (!t || !p) {
        rc = tl_nomem(q->err);
        goto done;
    }
    if ((rc = text_parameter(lex, q, "q", query_text, size, TL_MAX_PATTERN_CHARS, 1, t)) != TL_OK ||
        (rc = page_parameters(lex, q, options, "alpha", out)) != TL_OK ||
        (rc = compile_pattern(lex, q, t->cp, t->n, p)) != TL_OK)
        goto done;
    /* a pattern longer than every word of the lexicon is answered without a walk */
    if (fewest_matched(p) <= lex->max_tiles &&
        (rc = lex->rule ? tl_words_pattern(lex, p->tokens, p->count, TL_MAX_SEARCH_VISITS, &walk.words, q->err)
                        : tl_walk_pattern(lex->graph, p->tokens, p->count, TL_MAX_SEARCH_VISITS, &walk.graph, q->err)) != TL_OK) {
        if (rc == TL_ERR_INPUT) /* more tokens than a walk takes */
            rc = query_problem(q, rc, "bad-input", 400, -1, NULL, "%s",
                               q->err ? q->err->message : "the pattern is too large");
        goto done;
    }
    rc = fill_page(lex, q, &walk, NULL, "make the pattern more specific", out);
done:
    walk_free(&walk);
    free(t);
    free(p);
    return rc;
}

/* ------------------------------------------------------------------ GET /tiles */

tl_status query_tiles(const tl_lexicon *lex, query *q, const char *word, size_t size, tiles_found *out) {
    *out = (tiles_found){0};
    text *t = malloc(sizeof *t);
    notation *nt = malloc(sizeof *nt);
    tl_status rc;
    if (!t || !nt || !(out->answer = malloc(sizeof *out->answer))) {
        rc = tl_nomem(q->err);
        goto done;
    }
    if ((rc = text_parameter(lex, q, "word", word, size, TL_MAX_WORD, 0, t)) != TL_OK ||
        (rc = tl_lexicon_check(lex, word, size, out->answer, q->err)) != TL_OK)
        goto done;
    if (out->answer->normalized) { /* the text is letters or readable tile notation: its cuts */
        tiling first;
        int any;
        if ((rc = read_notation(lex, q, t->cp, t->n, nt, &first, &any, 0, NULL, NULL)) != TL_OK)
            goto done;
        if (any && (!every_cut(lex, nt, &out->cuts) ||
                    !(out->valid = malloc(out->cuts.count ? out->cuts.count : 1)))) {
            rc = tl_nomem(q->err);
            goto done;
        }
        for (size_t i = 0; i < out->cuts.count; i++)
            out->valid[i] = (signed char)valid_cut(lex, out->answer, &out->cuts.cuts[i], q->err);
    }
done:
    free(t);
    free(nt);
    return rc;
}

void tiles_found_free(tiles_found *found) {
    free(found->answer);
    free(found->cuts.cuts);
    free(found->valid);
    *found = (tiles_found){0};
}

/* ------------------------------------------------------------------ GET /valid, as far as the bundle holds it */

tl_status query_verdict(const tl_lexicon *lex, query *q, const char *word, size_t size, verdict_found *out) {
    *out = (verdict_found){0};
    if (!(out->answer = malloc(sizeof *out->answer)))
        return tl_nomem(q->err);
    size_t bad;
    if (utf8_decode((const uint8_t *)word, size, NULL, 0, &bad) < 0)
        return query_problem(q, TL_ERR_INPUT, "bad-input", 400, -1, "word", "'word' is not UTF-8 (at byte %zu)", bad);
    tl_status rc = tl_lexicon_check(lex, word, size, out->answer, q->err);
    if (rc != TL_OK)
        return rc;
    const tl_answer *answer = out->answer;
    const work_area *w = answer_work(answer);
    if (each_valid_cut(lex, answer, keep_cut, &out->valid) ||
        (w->asked && answer->valid > 0 && !every_cut(lex, &w->nt, &out->asked)))
        return tl_nomem(q->err);
    /* the tiles shown: the first cut asked that is valid (Lexicon._answer), else the preferred valid one */
    if (answer->valid > 0 && !w->asked)
        out->shown = out->valid.count ? &out->valid.cuts[0] : NULL;
    for (size_t a = 0; a < out->asked.count && !out->shown; a++)
        for (size_t v = 0; v < out->valid.count && !out->shown; v++)
            if (same_cut(&out->asked.cuts[a], &out->valid.cuts[v]))
                out->shown = &out->asked.cuts[a];
    tl_answer_reading(lex, answer, &out->kind, &out->pos, &out->pos_len);
    if (w->from == FROM_RULE && answer->valid > 0 && w->nk <= TL_MAX_LENGTH * 4) {
        out->rule = w->rule.kind;
        out->split = w->rule.split_letters;
        out->n_lower = w->nk;
        for (size_t i = 0; i < w->nk; i++) {
            uint8_t letter = w->key[i] < 0x10000 ? lex->letter_of[w->key[i]] : 0;
            size_t len, bad;
            const char *text = letter ? strlist_at(&lex->letters_lower, letter - 1u, &len) : NULL;
            if (!text || utf8_decode((const uint8_t *)text, len, &out->lower[i], 1, &bad) != 1)
                out->lower[i] = w->key[i];
        }
    }
    return TL_OK;
}

void verdict_found_free(verdict_found *found) {
    free(found->answer);
    free(found->valid.cuts);
    free(found->asked.cuts);
    *found = (verdict_found){0};
}

/* ------------------------------------------------------------------ GET /hooks */

/* The hooks the compiled rule adds: each tile before or after the cut that makes a word of two pieces. */
static tl_status rule_hooks(const tl_lexicon *lex, const uint8_t *numbers, size_t n, hooks_found *out, tl_error *err) {
    uint8_t word[TL_MAX_LENGTH];
    for (uint32_t place = 0; place < lex->n_tiles; place++) {
        uint8_t t = lex->tile_number[place];
        int found;
        tl_status rc;
        word[0] = t;
        memcpy(word + 1, numbers, n);
        if (!out->front[t] && (rc = tl_words_rule_takes(lex, word, n + 1, &found, err)) != TL_OK)
            return rc;
        else if (!out->front[t])
            out->front[t] = (uint8_t)found;
        memcpy(word, numbers, n);
        word[n] = t;
        if (!out->back[t] && (rc = tl_words_rule_takes(lex, word, n + 1, &found, err)) != TL_OK)
            return rc;
        else if (!out->back[t])
            out->back[t] = (uint8_t)found;
    }
    return TL_OK;
}

tl_status query_hooks(const tl_lexicon *lex, query *q, const char *word, size_t size, hooks_found *out) {
    out->cuts = (cut_list){0};
    memset(out->front, 0, sizeof out->front);
    memset(out->back, 0, sizeof out->back);
    out->n_letters = 0;
    text *t = malloc(sizeof *t);
    notation *nt = malloc(sizeof *nt);
    tl_status rc;
    if (!t || !nt) {
        rc = tl_nomem(q->err);
        goto done;
    }
    tiling first;
    int any;
    if ((rc = text_parameter(lex, q, "word", word, size, TL_MAX_WORD, 0, t)) != TL_OK ||
        (rc = read_notation(lex, q, t->cp, t->n, nt, &first, &any, 0, NULL, NULL)) != TL_OK)
        goto done;
    if (any && !every_cut(lex, nt, &out->cuts)) {
        rc = tl_nomem(q->err);
        goto done;
    }
    for (size_t i = 0; i < out->cuts.count; i++) {
        uint8_t numbers[MAX_KEY], f[64], b[64];
        const tiling *c = &out->cuts.cuts[i];
        for (size_t k = 0; k < c->n; k++)
            numbers[k] = lex->tile_number[c->tile[k]];
        if (c->n > TL_MAX_LENGTH - 1)
            continue; /* longer than any word: no hooks */
        size_t nf, nb;
        if ((rc = tl_graph_hooks(lex->graph, numbers, c->n, f, &nf, b, &nb, q->err)) != TL_OK)
            goto done;
        for (size_t k = 0; k < nf; k++)
            out->front[f[k] & 63] = 1;
        for (size_t k = 0; k < nb; k++)
            out->back[b[k] & 63] = 1;
        if (lex->rule && (rc = rule_hooks(lex, numbers, c->n, out, q->err)) != TL_OK)
            goto done;
    }
    out->n_letters = notation_letters(nt, lex, out->letters);
done:
    free(t);
    free(nt);
    return rc;
}

void hooks_found_free(hooks_found *found) {
    free(found->cuts.cuts);
    found->cuts = (cut_list){0};
}
