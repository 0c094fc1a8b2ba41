/* The service's other answers, document for document: GET /tiles, /anagram, /pattern and /hooks, with the
 * service's parameter checks and the library's searches (lexicon.search, lexicon.pages, lexicon.verdict; the
 * reference, which tests/test_bundle.py holds these to). A refused query writes the problem the service
 * would answer: {"code", "status", "detail", "position"?, "parameter"?}. */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_RACK_TILES 15
#define MAX_BLANKS 3
#define MAX_RACK_CHARS 32    /* the service's `rack` parameter */
#define MAX_PATTERN_CHARS 64 /* the service's `q`, and the library's own limit */
#define MAX_VISITS 500000
#define MAX_ALTERNATIVES 64
#define COUNT_BOUND 10000
#define RANK_BOUND 5000
#define MAX_LIMIT 1000 /* the service's `limit` */
#define MAX_OFFSET 10000
#define DEFAULT_LIMIT 100

/* ------------------------------------------------------------------ problems */

typedef struct {
    jbuf *j;
    tl_error *err;
} query;

static tl_status problem(query *q, tl_status status, const char *code, int http, long position, const char *parameter,
                         const char *format, ...) __attribute__((format(printf, 7, 8)));

static tl_status problem(query *q, tl_status status, const char *code, int http, long position, const char *parameter,
                         const char *format, ...) {
    char detail[2048];
    va_list args;
    va_start(args, format);
    vsnprintf(detail, sizeof detail, format, args);
    va_end(args);
    jbuf *j = q->j;
    j->length = 0;
    int first = 1;
    j_lit(j, "{");
    j_key(j, "code", &first);
    j_cstr(j, code);
    j_key(j, "status", &first);
    j_int(j, http);
    j_key(j, "detail", &first);
    j_cstr(j, detail);
    if (position >= 0) {
        j_key(j, "position", &first);
        j_int(j, position);
    }
    if (parameter) {
        j_key(j, "parameter", &first);
        j_cstr(j, parameter);
    }
    j_lit(j, "}");
    return tl_fail(q->err, status, "%s", detail);
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
        return problem(q, TL_ERR_INPUT, "bad-input", 400, -1, name, "'%s' is not UTF-8 (at byte %zu)", name, bad);
    if ((size_t)n > most)
        return problem(q, TL_ERR_INPUT, "too-long", 414, -1, name, "'%s' is %ld characters long; the limit is %zu", name,
                       n, most);
    if ((size_t)n < least)
        return problem(q, TL_ERR_INPUT, "bad-input", 400, -1, name, "'%s' is empty", name);
    out->n = (size_t)utf8_decode((const uint8_t *)utf8, size, out->cp, sizeof out->cp / sizeof *out->cp, &bad);
    for (size_t i = 0; i < out->n; i++)
        if (uni_props(&lex->uni, out->cp[i]) & P_REFUSED)
            return problem(q, TL_ERR_INPUT, "bad-input", 400, (long)i, name,
                           "'%s' has a control or invisible character (U+%04X) at position %zu", name, out->cp[i], i);
    for (size_t i = 0, run = 0; i < out->n; i++) {
        run = uni_props(&lex->uni, out->cp[i]) & P_COMBINING ? run + 1 : 0;
        if (run > 4)
            return problem(q, TL_ERR_INPUT, "bad-input", 400, (long)(i - 4), name,
                           "'%s' has more than 4 combining marks in a row at position %zu", name, i - 4);
    }
    return TL_OK;
}

static tl_status page_parameters(const tl_lexicon *lex, query *q, const tl_query *options, const char *fallback,
                                 const char **order, long *offset, long *limit) {
    *order = options && options->order ? options->order : fallback;
    if (strcmp(*order, "alpha") && strcmp(*order, "length") && strcmp(*order, "score")) {
        text given;
        size_t bad, len = strlen(*order);
        long n = utf8_decode((const uint8_t *)*order, len, given.cp, sizeof given.cp / sizeof *given.cp, &bad);
        char shown[512];
        py_repr(&lex->uni, given.cp, n > 0 ? (size_t)n : 0, 20, shown, sizeof shown);
        return problem(q, TL_ERR_INPUT, "bad-input", 400, -1, "order", "'order' must be one of alpha, length, score; got %s",
                       shown);
    }
    *offset = options && options->offset != TL_QUERY_DEFAULT ? options->offset : 0;
    *limit = options && options->limit != TL_QUERY_DEFAULT ? options->limit : DEFAULT_LIMIT;
    if (*offset < 0 || *offset > MAX_OFFSET)
        return problem(q, TL_ERR_INPUT, "bad-input", 400, -1, "offset",
                       "'offset' must be an integer from 0 to %d, got %ld", MAX_OFFSET, *offset);
    if (*limit < 0 || *limit > MAX_LIMIT)
        return problem(q, TL_ERR_INPUT, "bad-input", 400, -1, "limit",
                       "'limit' must be an integer from 0 to %d, got %ld", MAX_LIMIT, *limit);
    return TL_OK;
}

/* ------------------------------------------------------------------ tiles in documents (lexicon.verdict) */

static void j_tiles(jbuf *j, const tl_lexicon *lex, const uint8_t *places, size_t n) {
    j_lit(j, "[");
    for (size_t i = 0; i < n; i++) {
        size_t len;
        const char *s = strlist_at(&lex->tiles, places[i], &len);
        if (i)
            j_lit(j, ",");
        j_str(j, s, len);
    }
    j_lit(j, "]");
}

static void j_notation(jbuf *j, const tl_lexicon *lex, const tiling *t, int always_format) {
    if (always_format || !lex->single_letter_tiles) {
        char text[4096];
        size_t len = format_tiling(lex, t, text, sizeof text);
        j_str(j, text, len);
        return;
    }
    j_lit(j, "\"");
    for (size_t i = 0; i < t->n; i++) {
        size_t len;
        const char *s = strlist_at(&lex->tiles, t->tile[i], &len);
        j_raw(j, s, len); /* a tile's letters need no escape */
    }
    j_lit(j, "\"");
}

/* `"tiles": […], "notation": …, "tile_count": n` (tiling_document, without its braces) */
static void j_tiling_members(jbuf *j, const tl_lexicon *lex, const tiling *t, int *first) {
    j_key(j, "tiles", first);
    j_tiles(j, lex, t->tile, t->n);
    j_key(j, "notation", first);
    j_notation(j, lex, t, 0);
    j_key(j, "tile_count", first);
    j_int(j, (long long)t->n);
}

/* tiles_document's members: the tiling's, each tile's points, the face value, whether the bag can lay it */
static void j_tiles_members(jbuf *j, const tl_lexicon *lex, const tiling *t, int *first) {
    j_tiling_members(j, lex, t, first);
    unsigned used[64] = {0};
    long value = 0;
    j_key(j, "points", first);
    j_lit(j, "[");
    for (size_t i = 0; i < t->n; i++) {
        if (i)
            j_lit(j, ",");
        j_int(j, lex->tile_points[t->tile[i]]);
        value += lex->tile_points[t->tile[i]];
        used[t->tile[i]]++;
    }
    j_lit(j, "]");
    long blanks = 0;
    for (uint32_t k = 0; k < lex->n_tiles; k++)
        if (used[k] > lex->tile_count[k]) {
            blanks += used[k] - lex->tile_count[k];
            value -= (long)(used[k] - lex->tile_count[k]) * lex->tile_points[k]; /* a blank plays it, worth 0 */
        }
    j_key(j, "value", first);
    j_int(j, value);
    j_key(j, "bag", first);
    j_lit(j, "{\"formable\":");
    j_bool(j, blanks <= lex->blanks);
    j_lit(j, ",\"blanks\":");
    j_int(j, blanks);
    j_lit(j, ",\"short\":{");
    /* the tiles the bag is short of, sorted by their letters (dict(sorted(short.items()))) */
    int any = 0;
    size_t order[64], count = 0;
    for (uint32_t k = 0; k < lex->n_tiles; k++)
        if (used[k] > lex->tile_count[k])
            order[count++] = k;
    for (size_t a = 1; a < count; a++)
        for (size_t b = a; b > 0; b--) {
            size_t la, lb;
            const char *sa = strlist_at(&lex->tiles, (uint32_t)order[b - 1], &la);
            const char *sb = strlist_at(&lex->tiles, (uint32_t)order[b], &lb);
            uint32_t ca[4], cb[4];
            size_t bad;
            long na = utf8_decode((const uint8_t *)sa, la, ca, 4, &bad), nb = utf8_decode((const uint8_t *)sb, lb, cb, 4, &bad);
            int cmp = 0;
            for (long i = 0; !cmp && i < na && i < nb; i++)
                cmp = ca[i] < cb[i] ? -1 : ca[i] > cb[i];
            if (!cmp)
                cmp = na < nb ? -1 : na > nb;
            if (cmp <= 0)
                break;
            size_t tmp = order[b];
            order[b] = order[b - 1];
            order[b - 1] = tmp;
        }
    for (size_t i = 0; i < count; i++) {
        size_t len;
        const char *s = strlist_at(&lex->tiles, (uint32_t)order[i], &len);
        if (any)
            j_lit(j, ",");
        any = 1;
        j_str(j, s, len);
        j_lit(j, ":");
        j_int(j, used[order[i]] - lex->tile_count[order[i]]);
    }
    j_lit(j, "}}");
}

static void j_scope(jbuf *j, const tl_lexicon *lex, int *first) {
    j_key(j, "results_from", first);
    j_lit(j, "\"word-graph\"");
    j_key(j, "graph_has_every_word", first);
    j_bool(j, !lex->analysis);
}

static void j_identity(jbuf *j, const tl_lexicon *lex, int *first) {
    j_key(j, "lexicon", first);
    j_cstr(j, lex->name);
    j_key(j, "version", first);
    j_cstr(j, lex->version);
}

/* `{"word": …, "normalized": …`: the document's start, the word as asked and its key */
static void j_opened(jbuf *j, const char *word, size_t size, const tl_answer *answer, int *first) {
    j_lit(j, "{");
    j_key(j, "word", first);
    j_str(j, word, size);
    j_key(j, "normalized", first);
    j_cstr(j, answer->normalized);
}

/* `"valid": …, "reason": …, "detail": …`: what the check judged */
static void j_judged(jbuf *j, const tl_answer *answer, int *first) {
    j_key(j, "valid", first);
    j_lit(j, answer->valid > 0 ? "true" : answer->valid == 0 ? "false" : "null");
    j_key(j, "reason", first);
    j_cstr(j, answer->reason);
    j_key(j, "detail", first);
    j_cstr(j, answer->detail);
}

/* ------------------------------------------------------------------ every cut of a notation */

typedef struct {
    tiling *cuts;
    size_t count, capacity;
} cut_list;

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

/* `[{"tiles": …, "notation": …, "tile_count": …}, …]` */
static void j_tilings(jbuf *j, const tl_lexicon *lex, const cut_list *l) {
    j_lit(j, "[");
    for (size_t i = 0; i < l->count; i++) {
        int member = 1;
        j_lit(j, i ? ",{" : "{");
        j_tiling_members(j, lex, &l->cuts[i], &member);
        j_lit(j, "}");
    }
    j_lit(j, "]");
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

/* Parse `cp` as notation into `nt` and count its cuts: TL_OK with *any, or the problem (bad-notation,
 * limit-exceeded) with `shift` added to its position and `context` to its message. */
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
        return problem(q, TL_ERR_INPUT, code ? code : "bad-notation", 400, (long)(shift + nt->position), NULL, "%s%s",
                       nt->message, context ? context : "");
    char message[1600];
    if (!notation_tilings(lex, nt, first, any, message, sizeof message))
        return problem(q, TL_ERR_INPUT, code ? code : "limit-exceeded", 400, code ? (long)shift : -1, NULL, "%s%s",
                       message, context ? context : "");
    return TL_OK;
}

/* ------------------------------------------------------------------ GET /tiles */

/* The document is the text: the caller owns it now (tl_text_free). */
static tl_status finish(query *q, tl_text *out) {
    jbuf *j = q->j;
    if (j->failed)
        return tl_nomem(q->err);
    j_raw(j, "", 1); /* the NUL */
    out->data = j->data;
    out->length = j->length - 1;
    j->data = NULL;
    return TL_OK;
}

static tl_status start(jbuf *j, query *q, tl_text *out, tl_error *err) {
    *j = (jbuf){NULL, 0, 0, 1, 0};
    q->j = j;
    q->err = err;
    out->data = NULL;
    out->length = 0;
    return TL_OK;
}

/* A problem ends the query too: its document is the text. */
static tl_status refused(query *q, tl_text *out, tl_status status) {
    jbuf *j = q->j;
    /* a problem document comes with the refusals of what was asked; any other failure leaves `out` empty,
     * not holding the part of the answer written before it */
    if (j->failed || !j->length || (status != TL_ERR_INPUT && status != TL_ERR_COSTLY))
        return status;
    j_raw(j, "", 1);
    out->data = j->data;
    out->length = j->length - 1;
    j->data = NULL;
    return status;
}

tl_status tl_lexicon_tiles(const tl_lexicon *lex, const char *word, size_t size, tl_text *out, tl_error *err) {
    jbuf j;
    query q;
    start(&j, &q, out, err);
    text *t = malloc(sizeof *t);
    tl_answer *answer = malloc(sizeof *answer);
    notation *nt = malloc(sizeof *nt);
    cut_list cuts = {0};
    tl_status rc = TL_ERR_NOMEM;
    if (!t || !answer || !nt) {
        rc = tl_nomem(err);
        goto done;
    }
    if ((rc = text_parameter(lex, &q, "word", word, size, TL_MAX_WORD, 0, t)) != TL_OK)
        goto refuse;
    if ((rc = tl_lexicon_check(lex, word, size, answer, err)) != TL_OK)
        goto done;
    int first = 1;
    j_opened(&j, word, size, answer, &first);
    j_identity(&j, lex, &first);
    j_judged(&j, answer, &first);
    j_key(&j, "tilings", &first);
    j_lit(&j, "[");
    if (answer->normalized) { /* the text is letters or readable tile notation: its cuts */
        tiling firstcut;
        int any;
        if ((rc = read_notation(lex, &q, t->cp, t->n, nt, &firstcut, &any, 0, NULL, NULL)) != TL_OK)
            goto refuse;
        if (any && !every_cut(lex, nt, &cuts)) {
            rc = tl_nomem(err);
            goto done;
        }
        for (size_t i = 0; i < cuts.count; i++) {
            int member = 1, valid = valid_cut(lex, answer, &cuts.cuts[i], err);
            if (i)
                j_lit(&j, ",");
            j_lit(&j, "{");
            j_tiles_members(&j, lex, &cuts.cuts[i], &member);
            j_key(&j, "valid", &member);
            j_lit(&j, valid > 0 ? "true" : valid == 0 ? "false" : "null");
            j_lit(&j, "}");
        }
    }
    j_lit(&j, "]}");
    rc = finish(&q, out);
    goto done;
refuse:
    rc = refused(&q, out, rc);
done:
    free(j.data);
    free(cuts.cuts);
    free(t);
    free(answer);
    free(nt);
    return rc;
}

/* ------------------------------------------------------------------ GET /valid, as far as the bundle holds it */

tl_status tl_lexicon_verdict(const tl_lexicon *lex, const char *word, size_t size, tl_text *out, tl_error *err) {
    jbuf j;
    query q;
    start(&j, &q, out, err);
    tl_answer *answer = malloc(sizeof *answer);
    cut_list valid = {0}, asked = {0};
    tl_status rc;
    if (!answer) {
        rc = tl_nomem(err);
        goto done;
    }
    size_t bad;
    if (utf8_decode((const uint8_t *)word, size, NULL, 0, &bad) < 0) {
        rc = refused(&q, out, problem(&q, TL_ERR_INPUT, "bad-input", 400, -1, "word",
                                      "'word' is not UTF-8 (at byte %zu)", bad));
        goto done;
    }
    if ((rc = tl_lexicon_check(lex, word, size, answer, err)) != TL_OK)
        goto done;
    const work_area *w = answer_work(answer);
    if (each_valid_cut(lex, answer, keep_cut, &valid) || (w->asked && answer->valid > 0 && !every_cut(lex, &w->nt, &asked))) {
        rc = tl_nomem(err);
        goto done;
    }
    /* the tiles shown: the first cut asked that is valid (Lexicon._answer), else the preferred valid one */
    const tiling *shown = NULL;
    if (answer->valid > 0 && !w->asked)
        shown = valid.count ? &valid.cuts[0] : NULL;
    for (size_t a = 0; a < asked.count && !shown; a++)
        for (size_t v = 0; v < valid.count && !shown; v++)
            if (same_cut(&asked.cuts[a], &valid.cuts[v]))
                shown = &asked.cuts[a];
    const char *kind, *pos;
    size_t pos_len;
    tl_answer_reading(lex, answer, &kind, &pos, &pos_len);
    int first = 1;
    j_opened(&j, word, size, answer, &first);
    j_judged(&j, answer, &first);
    j_key(&j, "lemma", &first);
    j_cstr(&j, answer->lemma);
    j_key(&j, "tag", &first);
    j_cstr(&j, answer->tag);
    j_identity(&j, lex, &first);
    j_key(&j, "position", &first);
    if (answer->position >= 0)
        j_int(&j, answer->position);
    else
        j_lit(&j, "null");
    j_key(&j, "kind", &first);
    j_cstr(&j, kind);
    j_key(&j, "pos", &first);
    j_str(&j, pos, pos_len);
    if (shown) {
        j_tiles_members(&j, lex, shown, &first);
    } else {
        static const char *const none[] = {"tiles", "notation", "tile_count", "points", "value", "bag"};
        for (size_t i = 0; i < sizeof none / sizeof *none; i++) {
            j_key(&j, none[i], &first);
            j_lit(&j, "null");
        }
    }
    j_key(&j, "tilings", &first);
    j_tilings(&j, lex, &valid);
    /* what the bundle does not hold: every reading's source record, and the records the rules dropped */
    j_lit(&j, ",\"readings\":null,\"excluded\":null}");
    rc = finish(&q, out);
done:
    free(j.data);
    free(valid.cuts);
    free(asked.cuts);
    free(answer);
    return rc;
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
        return problem(q, TL_ERR_INPUT, "bad-rack", 400, (long)index, NULL, "%s (item %zu) is not a tile of %s",
                       quote_plain(cp, n, 20, shown), index, lex->tileset);
    }
    r->counts[lex->tile_number[tile - 1]]++;
    r->tiles++;
    return TL_OK;
}

static tl_status parse_rack(const tl_lexicon *lex, query *q, const uint32_t *all, size_t total, rack *r) {
    const uint32_t *cp = all;
    size_t n = total;
    strip(lex, &cp, &n);
    memset(r, 0, sizeof *r);
    if (n > 4 * MAX_RACK_TILES)
        return problem(q, TL_ERR_INPUT, "bad-rack", 400, -1, NULL, "the rack is %zu characters long; the limit is %d", n,
                       4 * MAX_RACK_TILES);
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
            rc = problem(q, TL_ERR_INPUT, "bad-rack", 400, (long)nt->position, NULL, "%s", nt->message);
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
            if (m) { /* the piece's tiles: fixed ones, and open runs cut as a word is, as written */
                char context[96] = "";
                if (s)
                    snprintf(context, sizeof context, " (in the part of the rack from position %zu)", s);
                if ((rc = parse_only(lex, q, cp + s, e - s, nt)) != TL_OK)
                    break;
                if (nt->failed) {
                    rc = problem(q, TL_ERR_INPUT, "bad-rack", 400, (long)(s + nt->position), NULL, "%s%s", nt->message,
                                 context);
                    break;
                }
                for (size_t g = 0; g < nt->n_segments && rc == TL_OK; g++) {
                    const segment *seg = &nt->segments[g];
                    if (seg->fixed) {
                        r->counts[lex->tile_number[seg->tile]]++;
                        r->tiles++;
                        continue;
                    }
                    tiling cut;
                    if (!preferred_cut(lex, 0, seg->text, seg->n, &cut)) {
                        char shown[1200];
                        rc = problem(q, TL_ERR_INPUT, "bad-rack", 400, (long)s, NULL, "%s cannot be cut into %s's tiles",
                                     quote_plain(seg->text, seg->n, MAX_KEY, shown), lex->tileset);
                        break;
                    }
                    for (size_t k = 0; k < cut.n; k++)
                        r->counts[lex->tile_number[cut.tile[k]]]++;
                    r->tiles += cut.n;
                }
            }
            s = e;
        }
    }
    if (rc != TL_OK)
        goto done;
    if (!r->tiles && !r->counts[0])
        rc = problem(q, TL_ERR_INPUT, "bad-rack", 400, 0, NULL, "the rack is empty");
    else if (r->counts[0] > MAX_BLANKS)
        rc = problem(q, TL_ERR_INPUT, "bad-rack", 400, -1, NULL, "the rack has %d blanks; the limit is %d", r->counts[0],
                     MAX_BLANKS);
    else if (r->tiles + r->counts[0] > MAX_RACK_TILES)
        rc = problem(q, TL_ERR_INPUT, "bad-rack", 400, -1, NULL, "the rack has %zu tiles; the limit is %d",
                     r->tiles + r->counts[0], MAX_RACK_TILES);
done:
    free(nt);
    return rc;
}

/* ------------------------------------------------------------------ pages (lexicon.pages) */

typedef struct {
    uint8_t tiles[TL_MAX_LENGTH]; /* tile numbers */
    uint8_t n, blanks_mask_words;
    uint64_t blanks; /* positions a blank plays, as bits (a word has at most 63 tiles in a game) */
    long value;
    size_t order; /* the walk's order: alpha */
} hit;

typedef struct {
    hit *hits;
    size_t count, capacity;
} hit_list;

static int add_hit(hit_list *l, const hit *h) {
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

static void j_hit(jbuf *j, const tl_lexicon *lex, const hit *h) {
    tiling t = {.n = h->n};
    for (size_t i = 0; i < h->n; i++)
        t.tile[i] = (uint8_t)(lex->tile_of_number[h->tiles[i]] - 1);
    uint32_t word[2 * MAX_KEY];
    size_t n = spell(lex, &t, word);
    int first = 1;
    j_lit(j, "{");
    j_key(j, "word", &first);
    j_cps(j, word, n);
    j_key(j, "tiles", &first);
    j_tiles(j, lex, t.tile, t.n);
    j_key(j, "notation", &first);
    j_notation(j, lex, &t, 1);
    j_key(j, "tile_count", &first);
    j_int(j, h->n);
    j_key(j, "blanks", &first);
    j_lit(j, "[");
    for (size_t i = 0, any = 0; i < h->n && i < 64; i++)
        if (h->blanks >> i & 1) {
            if (any++)
                j_lit(j, ",");
            j_int(j, (long long)i);
        }
    j_lit(j, "]");
    j_key(j, "value", &first);
    j_int(j, h->value);
    j_lit(j, "}");
}

/* One page of a walk's words as the service's members (Page.as_dict): TL_OK, or the walk's problem. */
static tl_status page(const tl_lexicon *lex, query *q, tl_walk *walk, const rack *r, const char *order, long offset,
                      long limit, const char *advice, int *first) {
    jbuf *j = q->j;
    hit_list kept = {0};
    hit h;
    tl_status rc;
    int alpha = !strcmp(order, "alpha");
    size_t seen = 0, wanted = alpha ? (size_t)(offset + limit) : RANK_BOUND + 1, counted = 0;
    long long total = -1, at_least = -1;
    int truncated = 0;
    for (;;) {
        rc = walk ? tl_walk_next(walk, q->err) : TL_DONE;
        if (rc == TL_DONE)
            break;
        if (rc != TL_WORD) {
            free(kept.hits);
            if (rc == TL_ERR_COSTLY)
                return problem(q, TL_ERR_COSTLY, "too-costly", 400, -1, NULL,
                               "the search visited more than 500,000 lists; %s", advice);
            return rc;
        }
        size_t n;
        const uint8_t *path = tl_walk_tiles(walk, &n);
        if (seen < wanted) {
            if (!alpha || seen >= (size_t)offset) {
                if (!make_hit(lex, path, n, r, &h)) {
                    free(kept.hits);
                    return tl_fail(q->err, TL_ERR_CORRUPT, "the bundle's word graph holds a tile its tile set lacks");
                }
                h.order = seen;
                if (!add_hit(&kept, &h)) {
                    free(kept.hits);
                    return tl_nomem(q->err);
                }
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
    size_t from = 0, to = kept.count;
    if (alpha) {
        size_t budget = COUNT_BOUND > offset + limit ? (size_t)(COUNT_BOUND - (offset + limit)) : 0;
        if (seen < wanted) {
            total = (long long)seen;
        } else if (counted > budget) {
            at_least = (long long)(seen + counted);
            truncated = 1;
        } else {
            total = (long long)(seen + counted);
            truncated = counted > 0;
        }
    } else {
        if (kept.count > RANK_BOUND) {
            free(kept.hits);
            return problem(q, TL_ERR_COSTLY, "too-costly", 400, -1, NULL,
                           "the search has more than 5,000 results to rank by %s; make it more specific or page through "
                           "it with order=alpha", order);
        }
        if (kept.count)
            qsort(kept.hits, kept.count, sizeof *kept.hits, !strcmp(order, "length") ? by_length : by_score);
        from = (size_t)offset < kept.count ? (size_t)offset : kept.count;
        to = from + (size_t)limit < kept.count ? from + (size_t)limit : kept.count;
        total = (long long)kept.count;
        truncated = to < kept.count;
    }
    j_key(j, "order", first);
    j_cstr(j, order);
    j_key(j, "offset", first);
    j_int(j, offset);
    j_key(j, "limit", first);
    j_int(j, limit);
    j_key(j, "total", first);
    total >= 0 ? j_int(j, total) : j_lit(j, "null");
    j_key(j, "total_at_least", first);
    at_least >= 0 ? j_int(j, at_least) : j_lit(j, "null");
    j_key(j, "truncated", first);
    j_bool(j, truncated);
    j_key(j, "next_offset", first);
    truncated ? j_int(j, offset + (long)(to - from)) : j_lit(j, "null");
    j_key(j, "words", first);
    j_lit(j, "[");
    for (size_t i = from; i < to; i++) {
        if (i > from)
            j_lit(j, ",");
        j_hit(j, lex, &kept.hits[i]);
    }
    j_lit(j, "]");
    free(kept.hits);
    return TL_OK;
}

/* ------------------------------------------------------------------ GET /anagram */

/* A search's page as its document, {"<key>": the text asked, identity, the page, scope}, finished; or the
 * problem when the page is refused (over its budget). */
static tl_status search_document(const tl_lexicon *lex, query *q, jbuf *j, tl_text *out, const char *key,
                                 const char *asked, size_t size, tl_walk *walk, const rack *r, const char *order,
                                 long offset, long limit, const char *advice) {
    int first = 1;
    j_lit(j, "{");
    j_key(j, key, &first);
    j_str(j, asked, size);
    j_identity(j, lex, &first);
    tl_status rc = page(lex, q, walk, r, order, offset, limit, advice, &first);
    if (rc != TL_OK)
        return refused(q, out, rc);
    j_scope(j, lex, &first);
    j_lit(j, "}");
    return finish(q, out);
}

tl_status tl_lexicon_anagram(const tl_lexicon *lex, const char *rack_text, size_t size, const tl_query *options,
                             tl_text *out, tl_error *err) {
    jbuf j;
    query q;
    start(&j, &q, out, err);
    text *t = malloc(sizeof *t);
    tl_walk *walk = NULL;
    tl_status rc;
    const char *order;
    long offset, limit;
    rack r;
    if (!t) {
        rc = tl_nomem(err);
        goto done;
    }
    if ((rc = text_parameter(lex, &q, "rack", rack_text, size, MAX_RACK_CHARS, 1, t)) != TL_OK ||
        (rc = page_parameters(lex, &q, options, "length", &order, &offset, &limit)) != TL_OK ||
        (rc = parse_rack(lex, &q, t->cp, t->n, &r)) != TL_OK)
        goto refuse;
    size_t min_tiles = lex->min_length > 1 ? lex->min_length : 1;
    uint8_t counts[64];
    memcpy(counts, r.counts, 64);
    if ((rc = tl_walk_anagrams(lex->graph, counts, options && options->sub, min_tiles, MAX_VISITS, &walk, err)) != TL_OK)
        goto done;
    rc = search_document(lex, &q, &j, out, "rack", rack_text, size, walk, &r, order, offset, limit,
                         "use fewer blanks or a shorter rack");
    goto done;
refuse:
    rc = refused(&q, out, rc);
done:
    tl_walk_free(walk);
    free(j.data);
    free(t);
    return rc;
}

/* ------------------------------------------------------------------ GET /pattern (search._Pattern) */

#define MOST_TOKENS (4 * MAX_PATTERN_CHARS + 1) /* an alternative's: a letter folds to at most a few tiles */

typedef struct {
    int16_t tokens[MAX_ALTERNATIVES * MOST_TOKENS];
    size_t count;
} pattern;

static tl_status compile_pattern(const tl_lexicon *lex, query *q, const uint32_t *all, size_t total, pattern *p) {
    const uint32_t *cp = all;
    size_t n = total;
    strip(lex, &cp, &n);
    if (!n)
        return problem(q, TL_ERR_INPUT, "bad-pattern", 400, 0, NULL, "the pattern is empty");
    if (n > MAX_PATTERN_CHARS)
        return problem(q, TL_ERR_INPUT, "bad-pattern", 400, -1, NULL, "the pattern is %zu characters long; the limit is %d",
                       n, MAX_PATTERN_CHARS);
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
                rc = problem(q, TL_ERR_INPUT, "bad-pattern", 400, (long)s, NULL,
                             "'%s' at position %zu cannot be cut into %s's tiles", shown, s, lex->tileset);
                break;
            }
            if (count * cuts.count > MAX_ALTERNATIVES) {
                rc = problem(q, TL_ERR_INPUT, "bad-pattern", 400, 0, NULL,
                             "the pattern's letters can be cut into tiles in too many ways; bracket the tiles you mean");
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

tl_status tl_lexicon_pattern(const tl_lexicon *lex, const char *query_text, size_t size, const tl_query *options,
                             tl_text *out, tl_error *err) {
    jbuf j;
    query q;
    start(&j, &q, out, err);
    text *t = malloc(sizeof *t);
    pattern *p = malloc(sizeof *p);
    tl_walk *walk = NULL;
    tl_status rc;
    const char *order;
    long offset, limit;
    if (!t || !p) {
        rc = tl_nomem(err);
        goto done;
    }
    if ((rc = text_parameter(lex, &q, "q", query_text, size, MAX_PATTERN_CHARS, 1, t)) != TL_OK ||
        (rc = page_parameters(lex, &q, options, "alpha", &order, &offset, &limit)) != TL_OK ||
        (rc = compile_pattern(lex, &q, t->cp, t->n, p)) != TL_OK)
        goto refuse;
    /* a pattern longer than every word of the lexicon is answered without a walk */
    if (fewest_matched(p) <= lex->max_tiles &&
        (rc = tl_walk_pattern(lex->graph, p->tokens, p->count, MAX_VISITS, &walk, err)) != TL_OK) {
        if (rc == TL_ERR_INPUT) { /* more tokens than a walk takes */
            rc = problem(&q, rc, "bad-input", 400, -1, NULL, "%s", err ? err->message : "the pattern is too large");
            goto refuse;
        }
        goto done;
    }
    rc = search_document(lex, &q, &j, out, "q", query_text, size, walk, NULL, order, offset, limit,
                         "make the pattern more specific");
    goto done;
refuse:
    rc = refused(&q, out, rc);
done:
    tl_walk_free(walk);
    free(j.data);
    free(t);
    free(p);
    return rc;
}

/* ------------------------------------------------------------------ GET /hooks */

tl_status tl_lexicon_hooks(const tl_lexicon *lex, const char *word, size_t size, tl_text *out, tl_error *err) {
    jbuf j;
    query q;
    start(&j, &q, out, err);
    text *t = malloc(sizeof *t);
    notation *nt = malloc(sizeof *nt);
    cut_list cuts = {0};
    tl_status rc;
    if (!t || !nt) {
        rc = tl_nomem(err);
        goto done;
    }
    tiling firstcut;
    int any;
    if ((rc = text_parameter(lex, &q, "word", word, size, TL_MAX_WORD, 0, t)) != TL_OK ||
        (rc = read_notation(lex, &q, t->cp, t->n, nt, &firstcut, &any, 0, NULL, NULL)) != TL_OK)
        goto refuse;
    if (any && !every_cut(lex, nt, &cuts)) {
        rc = tl_nomem(err);
        goto done;
    }
    uint8_t front[64] = {0}, back[64] = {0};
    for (size_t i = 0; i < cuts.count; i++) {
        uint8_t numbers[MAX_KEY], f[64], b[64];
        const tiling *c = &cuts.cuts[i];
        for (size_t k = 0; k < c->n; k++)
            numbers[k] = lex->tile_number[c->tile[k]];
        if (c->n > TL_MAX_LENGTH - 1)
            continue; /* longer than any word: no hooks */
        size_t nf, nb;
        if ((rc = tl_graph_hooks(lex->graph, numbers, c->n, f, &nf, b, &nb, err)) != TL_OK)
            goto done;
        for (size_t k = 0; k < nf; k++)
            front[f[k] & 63] = 1;
        for (size_t k = 0; k < nb; k++)
            back[b[k] & 63] = 1;
    }
    uint32_t letters[2 * MAX_KEY];
    size_t nl = notation_letters(nt, lex, letters);
    int first = 1;
    j_lit(&j, "{");
    j_identity(&j, lex, &first);
    j_key(&j, "word", &first);
    j_str(&j, word, size);
    j_key(&j, "normalized", &first);
    j_cps(&j, letters, nl);
    j_key(&j, "tilings", &first);
    j_tilings(&j, lex, &cuts);
    for (int side = 0; side < 2; side++) {
        const uint8_t *set = side ? back : front;
        j_key(&j, side ? "back" : "front", &first);
        j_lit(&j, "[");
        for (int k = 1, any_hook = 0; k < 64; k++)
            if (set[k] && lex->tile_of_number[k]) {
                size_t len;
                const char *s = strlist_at(&lex->tiles, lex->tile_of_number[k] - 1u, &len);
                if (any_hook++)
                    j_lit(&j, ",");
                j_str(&j, s, len);
            }
        j_lit(&j, "]");
    }
    j_scope(&j, lex, &first);
    j_lit(&j, "}");
    rc = finish(&q, out);
    goto done;
refuse:
    rc = refused(&q, out, rc);
done:
    free(j.data);
    free(cuts.cuts);
    free(t);
    free(nt);
    return rc;
}

void tl_text_free(tl_text *text) {
    if (!text)
        return;
    free(text->data);
    text->data = NULL;
    text->length = 0;
}
