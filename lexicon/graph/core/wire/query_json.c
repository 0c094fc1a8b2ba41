/* The service's other documents, field for field and byte for byte: GET /tiles, /valid (as far as the bundle
 * holds it), /anagram, /pattern and /hooks, written from what lexicon/query.c judged; a refused query's text
 * is the problem the service would answer, {"code", "status", "detail", "position"?, "parameter"?}. */
#include "lexicon/query.h"
#include "wire/json.h"

#include <stdlib.h>

/* ------------------------------------------------------------------ the text handed over */

/* The document is the text: the caller owns it now (tl_text_free). */
static void hand_over(jbuf *j, tl_text *out) {
    j_raw(j, "", 1); /* the NUL */
    out->data = j->data;
    out->length = j->length - 1;
    j->data = NULL;
}

static tl_status finish(jbuf *j, tl_text *out, tl_error *err) {
    if (j->failed)
        return tl_nomem(err);
    hand_over(j, out);
    return TL_OK;
}

/* A refused query's text is its problem document; any other failure leaves `out` empty, not holding part of an
 * answer. */
static tl_status refused(const query *q, tl_text *out, tl_status status) {
    const problem *p = &q->refusal;
    if (!p->code || (status != TL_ERR_INPUT && status != TL_ERR_COSTLY))
        return status;
    jbuf j = {NULL, 0, 0, 1, 0};
    int first = 1;
    j_lit(&j, "{");
    j_key(&j, "code", &first);
    j_cstr(&j, p->code);
    j_key(&j, "status", &first);
    j_int(&j, p->status);
    j_key(&j, "detail", &first);
    j_cstr(&j, p->detail);
    if (p->position >= 0) {
        j_key(&j, "position", &first);
        j_int(&j, p->position);
    }
    if (p->parameter) {
        j_key(&j, "parameter", &first);
        j_cstr(&j, p->parameter);
    }
    j_lit(&j, "}");
    if (!j.failed)
        hand_over(&j, out);
    free(j.data);
    return status;
}

/* A query's document written by `write` from what it judged (`found`), or the problem it was refused with. */
typedef void (*writer)(jbuf *j, const tl_lexicon *lex, const void *found, const char *asked, size_t size);

static tl_status document(const tl_lexicon *lex, const query *q, tl_status judged, writer write, const void *found,
                          const char *asked, size_t size, tl_text *out) {
    *out = (tl_text){NULL, 0};
    if (judged != TL_OK)
        return refused(q, out, judged);
    jbuf j = {NULL, 0, 0, 1, 0};
    write(&j, lex, found, asked, size);
    tl_status rc = finish(&j, out, q->err);
    free(j.data);
    return rc;
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
    j_key(j, "points", first);
    j_lit(j, "[");
    for (size_t i = 0; i < t->n; i++) {
        if (i)
            j_lit(j, ",");
        j_int(j, lex->tile_points[t->tile[i]]);
    }
    j_lit(j, "]");
    bag_use bag;
    weigh_tiling(lex, t, &bag);
    j_key(j, "value", first);
    j_int(j, bag.value);
    j_key(j, "bag", first);
    j_lit(j, "{\"formable\":");
    j_bool(j, bag.formable);
    j_lit(j, ",\"blanks\":");
    j_int(j, bag.blanks);
    j_lit(j, ",\"short\":{");
    for (size_t i = 0; i < bag.n_short; i++) {
        size_t len;
        const char *s = strlist_at(&lex->tiles, bag.short_place[i], &len);
        if (i)
            j_lit(j, ",");
        j_str(j, s, len);
        j_lit(j, ":");
        j_int(j, bag.short_by[i]);
    }
    j_lit(j, "}}");
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

/* ------------------------------------------------------------------ GET /tiles */

static void write_tiles(jbuf *j, const tl_lexicon *lex, const void *judged, const char *word, size_t size) {
    const tiles_found *found = judged;
    int first = 1;
    j_opened(j, word, size, found->answer, &first);
    j_identity(j, lex, &first);
    j_judged(j, found->answer, &first);
    j_key(j, "tilings", &first);
    j_lit(j, "[");
    for (size_t i = 0; i < found->cuts.count; i++) {
        int member = 1;
        if (i)
            j_lit(j, ",");
        j_lit(j, "{");
        j_tiles_members(j, lex, &found->cuts.cuts[i], &member);
        j_key(j, "valid", &member);
        j_lit(j, found->valid[i] > 0 ? "true" : found->valid[i] == 0 ? "false" : "null");
        j_lit(j, "}");
    }
    j_lit(j, "]}");
}

tl_status tl_lexicon_tiles(const tl_lexicon *lex, const char *word, size_t size, tl_text *out, tl_error *err) {
    query q = {.err = err};
    tiles_found found;
    tl_status rc = document(lex, &q, query_tiles(lex, &q, word, size, &found), write_tiles, &found, word, size, out);
    tiles_found_free(&found);
    return rc;
}

/* ------------------------------------------------------------------ GET /valid, as far as the bundle holds it */

/* The reading of a word the compiled rule takes (lexicon.lookup, Lexicon._by_rule, reads it back): its two
 * pieces, each with its role, the last with its lemma, and the rule as its source. */
static void j_rule_reading(jbuf *j, const verdict_found *found) {
    const tl_answer *answer = found->answer;
    const uint32_t *a = found->lower, *b = found->lower + found->split;
    size_t na = found->split, nb = found->n_lower - found->split;
    int lead = found->rule == RULE_LEAD, first = 1;
    j_lit(j, "[{");
    j_key(j, "display", &first);
    j_cps(j, found->lower, found->n_lower);
    j_key(j, "lemma", &first);
    j_cstr(j, answer->lemma);
    j_key(j, "pos", &first);
    j_str(j, found->pos, found->pos_len);
    j_key(j, "kind", &first);
    j_cstr(j, found->kind);
    j_key(j, "tag", &first);
    j_cstr(j, answer->tag);
    j_key(j, "rule", &first);
    if (found->rule == RULE_WHOLE) { /* one piece, a word by itself */
        j_cps(j, a, found->n_lower);
        j_lit(j, ",\"source\":\"rule\",\"record\":0,\"morphology\":{\"parts\":[{\"text\":");
        j_cps(j, a, found->n_lower);
        j_lit(j, ",\"role\":\"whole\",\"lemma\":");
        j_cstr(j, answer->lemma);
        j_lit(j, "}]}}]");
        return;
    }
    uint32_t shown[TL_MAX_LENGTH * 4 + 3];
    memcpy(shown, a, na * sizeof *a);
    memcpy(shown + na, (const uint32_t[]){' ', '+', ' '}, 3 * sizeof *a);
    memcpy(shown + na + 3, b, nb * sizeof *b);
    j_cps(j, shown, na + 3 + nb);
    j_lit(j, ",\"source\":\"rule\",\"record\":0,\"morphology\":{\"parts\":[{\"text\":");
    j_cps(j, a, na);
    j_lit(j, lead ? ",\"role\":\"lead\"},{\"text\":" : ",\"role\":\"first\"},{\"text\":");
    j_cps(j, b, nb);
    j_lit(j, lead ? ",\"role\":\"form\",\"lemma\":" : ",\"role\":\"last\",\"lemma\":");
    /* the last piece's lemma: the word's lemma after the first piece's letters */
    const char *lemma = answer->lemma;
    size_t skip = 0;
    for (size_t i = 0; lemma && i < na; i++) {
        unsigned char c = (unsigned char)lemma[skip];
        skip += c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    }
    if (lemma && strlen(lemma) >= skip)
        j_cstr(j, lemma + skip);
    else
        j_lit(j, "null");
    j_lit(j, "}]}}]");
}

static void write_verdict(jbuf *j, const tl_lexicon *lex, const void *judged, const char *word, size_t size) {
    const verdict_found *found = judged;
    const tl_answer *answer = found->answer;
    int first = 1;
    j_opened(j, word, size, answer, &first);
    j_judged(j, answer, &first);
    j_key(j, "lemma", &first);
    j_cstr(j, answer->lemma);
    j_key(j, "tag", &first);
    j_cstr(j, answer->tag);
    j_identity(j, lex, &first);
    j_key(j, "position", &first);
    if (answer->position >= 0)
        j_int(j, answer->position);
    else
        j_lit(j, "null");
    j_key(j, "kind", &first);
    j_cstr(j, found->kind);
    j_key(j, "pos", &first);
    j_str(j, found->pos, found->pos_len);
    if (found->shown) {
        j_tiles_members(j, lex, found->shown, &first);
    } else {
        static const char *const none[] = {"tiles", "notation", "tile_count", "points", "value", "bag"};
        for (size_t i = 0; i < sizeof none / sizeof *none; i++) {
            j_key(j, none[i], &first);
            j_lit(j, "null");
        }
    }
    j_key(j, "tilings", &first);
    j_tilings(j, lex, &found->valid);
    if (found->rule) {
        j_key(j, "readings", &first);
        j_rule_reading(j, found);
        j_lit(j, ",\"excluded\":null}");
        return;
    }
    /* what the bundle does not hold: every reading's source record, and the records the rules dropped */
    j_lit(j, ",\"readings\":null,\"excluded\":null}");
}

tl_status tl_lexicon_verdict(const tl_lexicon *lex, const char *word, size_t size, tl_text *out, tl_error *err) {
    query q = {.err = err};
    verdict_found found;
    tl_status rc = document(lex, &q, query_verdict(lex, &q, word, size, &found), write_verdict, &found, word, size,
                            out);
    verdict_found_free(&found);
    return rc;
}

/* ------------------------------------------------------------------ GET /anagram and GET /pattern */

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

/* A search's document: {"<key>": the text asked, identity, the page (Page.as_dict), scope}. */
static void write_search(jbuf *j, const tl_lexicon *lex, const page *p, const char *key, const char *asked,
                         size_t size) {
    int first = 1;
    j_lit(j, "{");
    j_key(j, key, &first);
    j_str(j, asked, size);
    j_identity(j, lex, &first);
    j_key(j, "order", &first);
    j_cstr(j, p->order);
    j_key(j, "offset", &first);
    j_int(j, p->offset);
    j_key(j, "limit", &first);
    j_int(j, p->limit);
    j_key(j, "total", &first);
    p->total >= 0 ? j_int(j, p->total) : j_lit(j, "null");
    j_key(j, "total_at_least", &first);
    p->at_least >= 0 ? j_int(j, p->at_least) : j_lit(j, "null");
    j_key(j, "truncated", &first);
    j_bool(j, p->truncated);
    j_key(j, "next_offset", &first);
    p->truncated ? j_int(j, p->offset + (long)(p->to - p->from)) : j_lit(j, "null");
    j_key(j, "words", &first);
    j_lit(j, "[");
    for (size_t i = p->from; i < p->to; i++) {
        if (i > p->from)
            j_lit(j, ",");
        j_hit(j, lex, &p->hits[i]);
    }
    j_lit(j, "]");
    j_scope(j, lex, &first);
    j_lit(j, "}");
}

static void write_anagram(jbuf *j, const tl_lexicon *lex, const void *found, const char *rack, size_t size) {
    write_search(j, lex, found, "rack", rack, size);
}

static void write_pattern(jbuf *j, const tl_lexicon *lex, const void *found, const char *pattern, size_t size) {
    write_search(j, lex, found, "q", pattern, size);
}

tl_status tl_lexicon_anagram(const tl_lexicon *lex, const char *rack, size_t size, const tl_query *options,
                             tl_text *out, tl_error *err) {
    query q = {.err = err};
    page found;
    tl_status rc = document(lex, &q, query_anagram(lex, &q, rack, size, options, &found), write_anagram, &found, rack,
                            size, out);
    page_free(&found);
    return rc;
}

tl_status tl_lexicon_pattern(const tl_lexicon *lex, const char *pattern, size_t size, const tl_query *options,
                             tl_text *out, tl_error *err) {
    query q = {.err = err};
    page found;
    tl_status rc = document(lex, &q, query_pattern(lex, &q, pattern, size, options, &found), write_pattern, &found,
                            pattern, size, out);
    page_free(&found);
    return rc;
}

/* ------------------------------------------------------------------ GET /hooks */

static void write_hooks(jbuf *j, const tl_lexicon *lex, const void *judged, const char *word, size_t size) {
    const hooks_found *found = judged;
    int first = 1;
    j_lit(j, "{");
    j_identity(j, lex, &first);
    j_key(j, "word", &first);
    j_str(j, word, size);
    j_key(j, "normalized", &first);
    j_cps(j, found->letters, found->n_letters);
    j_key(j, "tilings", &first);
    j_tilings(j, lex, &found->cuts);
    for (int side = 0; side < 2; side++) {
        const uint8_t *set = side ? found->back : found->front;
        j_key(j, side ? "back" : "front", &first);
        j_lit(j, "[");
        for (int k = 1, any_hook = 0; k < 64; k++)
            if (set[k] && lex->tile_of_number[k]) {
                size_t len;
                const char *s = strlist_at(&lex->tiles, lex->tile_of_number[k] - 1u, &len);
                if (any_hook++)
                    j_lit(j, ",");
                j_str(j, s, len);
            }
        j_lit(j, "]");
    }
    j_scope(j, lex, &first);
    j_lit(j, "}");
}

tl_status tl_lexicon_hooks(const tl_lexicon *lex, const char *word, size_t size, tl_text *out, tl_error *err) {
    query q = {.err = err};
    hooks_found found;
    tl_status rc = document(lex, &q, query_hooks(lex, &q, word, size, &found), write_hooks, &found, word, size, out);
    hooks_found_free(&found);
    return rc;
}

void tl_text_free(tl_text *text) {
    if (!text)
        return;
    free(text->data);
    text->data = NULL;
    text->length = 0;
}
