/* The brief answer for a word, step for step as lexicon.lookup.Lexicon answers a batch (`brief_answers`;
 * the reference: tests/test_bundle.py holds the two together on every word of the lexicons' lists and on
 * hostile text): the text checks, tile notation, normalisation, the key index's verdict, and why not. */
#include "lexicon/check.h"

#include <stdio.h>

enum { HEADWORD = 0, INFLECTED = 1, EXCLUDED = 2 }; /* lexicon.graph.keys' kinds */
enum { LISTED_TILINGS = 2 };                         /* its flag: the valid tilings are listed */
#define MAX_COMBINING_RUN 4                          /* lexicon.text: more marks in a row is a flood */

_Static_assert(sizeof(work_area) <= TL_ANSWER_WORK, "a check's work must fit the answer");

/* ------------------------------------------------------------------ the answer's text */

typedef struct {
    tl_answer *out;
    size_t used;
    int full; /* some text did not fit the answer's storage */
} answer;

static const char *keep(answer *a, const char *text, size_t len) {
    if (a->used + len + 1 > sizeof a->out->storage) {
        a->full = 1;
        return NULL;
    }
    char *at = a->out->storage + a->used;
    memcpy(at, text, len);
    at[len] = 0;
    a->used += len + 1;
    return at;
}

static const char *keep_cps(answer *a, const uint32_t *cp, size_t n) {
    size_t room = sizeof a->out->storage - a->used;
    long len = room ? utf8_encode(cp, n, a->out->storage + a->used, room - 1) : -1;
    if (len < 0) {
        a->full = 1;
        return NULL;
    }
    char *at = a->out->storage + a->used;
    at[len] = 0;
    a->used += (size_t)len + 1;
    return at;
}

static const char *keepf(answer *a, const char *format, ...) __attribute__((format(printf, 2, 3)));

#include <stdarg.h>

static const char *keepf(answer *a, const char *format, ...) {
    char text[2048];
    va_list args;
    va_start(args, format);
    int len = vsnprintf(text, sizeof text, format, args);
    va_end(args);
    if (len < 0 || (size_t)len >= sizeof text) {
        a->full = 1;
        return NULL;
    }
    return keep(a, text, (size_t)len);
}

static const char *key_string(const tl_lexicon *lex, answer *a, uint32_t id) {
    uint32_t start = lex->string_offsets[id], end = lex->string_offsets[id + 1];
    return end > start ? keep(a, (const char *)lex->string_text + start, end - start) : NULL;
}

static void refuse(answer *a, const char *reason, const char *detail, long position) {
    a->out->valid = 0;
    a->out->reason = reason;
    a->out->detail = detail;
    a->out->position = (int)position;
}

/* ------------------------------------------------------------------ tilings */

/* The tiles of a tiling as the word graph numbers them. */
static void tile_numbers(const tl_lexicon *lex, const tiling *t, uint8_t *out) {
    for (size_t i = 0; i < t->n; i++)
        out[i] = lex->tile_number[t->tile[i]];
}

/* Key `n`'s listed tilings: the first at *at, each its length and tile numbers (bundle.py, _tilings). */
static const uint8_t *listed_tilings(const tl_lexicon *lex, int64_t n, size_t *count) {
    size_t lo = 0, hi = lex->n_listed;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (lex->listed[2 * mid] < (uint64_t)n)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == lex->n_listed || lex->listed[2 * lo] != (uint64_t)n) {
        *count = 0;
        return NULL;
    }
    const uint8_t *p = lex->listed_tilings + lex->listed[2 * lo + 1];
    *count = p[0];
    return p + 1;
}

/* Is some valid tiling of key `n` one the notation allows (Lexicon._valid_tilings, then _answer)? */
static int asked_is_valid(const tl_lexicon *lex, int64_t n, const uint32_t *key, size_t nk, const notation *nt,
                          tiling *t) {
    if (lex->flags[n] & LISTED_TILINGS) {
        size_t count;
        const uint8_t *p = listed_tilings(lex, n, &count);
        for (size_t k = 0; k < count; k++) {
            t->n = p[0];
            for (size_t i = 0; i < t->n; i++)
                t->tile[i] = (uint8_t)(lex->tile_of_number[p[1 + i] & 63] - 1);
            if (notation_allows(lex, nt, t))
                return 1;
            p += 1 + p[0];
        }
        return 0;
    }
    return preferred_tiling(lex, key, nk, t) && notation_allows(lex, nt, t);
}

typedef struct {
    const tl_lexicon *lex;
    const notation *nt; /* the notation asked, or NULL */
    int held;           /* some cut is in the word graph */
    int allowed;        /* … and one of them the notation allows */
    tl_status rc;
    tl_error *err;
} graph_cuts;

static int held_cut(void *context, const tiling *t) {
    graph_cuts *c = context;
    uint8_t tiles[MAX_KEY];
    int found = 0;
    tile_numbers(c->lex, t, tiles);
    if ((c->rc = tl_graph_contains(c->lex->graph, tiles, t->n, &found, c->err)) != TL_OK)
        return 1;
    if (found) {
        c->held = 1;
        if (!c->nt || notation_allows(c->lex, c->nt, t))
            c->allowed = 1;
    }
    return c->allowed;
}

/* The fewest tiles any cut of a key has, a letter no tile spells counting one (tiling.fewest_tiles). */
static size_t fewest_tiles(const tl_lexicon *lex, const uint32_t *key, size_t n) {
    uint16_t best[2 * MAX_KEY + 1];
    best[n] = 0;
    for (size_t pos = n; pos-- > 0;) {
        size_t b = best[pos + 1];
        for (uint32_t m = 0; m < lex->n_multi; m++) {
            size_t len = lex->tile_len[lex->multi[m]];
            if (tile_spells_at(lex, lex->multi[m], key, n, pos) && best[pos + len] < b)
                b = best[pos + len];
        }
        best[pos] = (uint16_t)(1 + b);
    }
    return best[0];
}

/* The tiles asked for are none of a valid word's tilings: what was asked, as the shortest notation of
 * its first cut, or as written when the notation allows no cut. */
static void wrong_tiling(const tl_lexicon *lex, answer *a, const work_area *w) {
    char text[4096];
    size_t shown = w->first.n ? format_tiling(lex, &w->first, text, sizeof text) : 0;
    if (!w->first.n) {
        long len = utf8_encode(w->word, w->n, text, sizeof text - 1);
        shown = len > 0 ? (size_t)len : 0;
        text[shown] = 0;
    }
    if (!shown)
        a->full = 1;
    refuse(a, "wrong-tiling", shown ? keepf(a, "asked for %s", text) : NULL, -1);
}

/* ------------------------------------------------------------------ the cuts of the key judged */

typedef struct {
    work_area *w;
    int over;
} cut_store;

static int store_cut(void *context, const tiling *t) {
    cut_store *s = context;
    work_area *w = s->w;
    if (w->n_cuts == CUTS_HELD || t->n > CUT_TILES) {
        s->over = 1;
        return 1;
    }
    memcpy(w->cut_tiles[w->n_cuts], t->tile, t->n);
    w->cut_n[w->n_cuts++] = (uint8_t)t->n;
    return 0;
}

/* Makes the cuts of the key judged, where a game has tiles of several letters (cutting a word is then a search
 * that the form index, the rule and the refusal each need): 1 when they are held in w. Only a key of at most
 * CUT_TILES letters with at most CUTS_HELD cuts is held; other keys are cut by each reader as it needs. */
static int judged_cuts(const tl_lexicon *lex, work_area *w, const uint32_t *key, size_t nk) {
    if (lex->single_letter_tiles)
        return 0;
    if (!w->cuts_made) {
        cut_store s = {w, 0};
        w->cuts_made = 1;
        w->n_cuts = 0;
        if (nk > CUT_TILES)
            w->n_cuts = -1;
        else
            each_tiling(lex, key, nk, store_cut, &s);
        if (s.over)
            w->n_cuts = -1;
    }
    return w->n_cuts >= 0;
}

/* Each cut of the key judged of at most `most` tiles, as each_tiling_within gives them. */
static int each_judged_cut(const tl_lexicon *lex, work_area *w, const uint32_t *key, size_t nk, size_t most,
                           int (*fn)(void *, const tiling *), void *context) {
    if (!judged_cuts(lex, w, key, nk))
        return each_tiling_within(lex, key, nk, most, fn, context);
    tiling t;
    for (int i = 0; i < w->n_cuts; i++) {
        if (w->cut_n[i] > most)
            continue;
        t.n = w->cut_n[i];
        memcpy(t.tile, w->cut_tiles[i], t.n);
        int rc = fn(context, &t);
        if (rc)
            return rc;
    }
    return 0;
}

/* ------------------------------------------------------------------ the form index */

static void string_cps(const strlist *l, uint32_t i, uint32_t *out, size_t cap, size_t *n) {
    size_t len, bad;
    const char *s = strlist_at(l, i, &len);
    long got = utf8_decode((const uint8_t *)s, len, out, cap, &bad);
    *n = got > 0 ? (size_t)got : 0;
}

/* Key letters in small letters (a letter the alphabet lacks as it is), as a lemma is written. */
static void lower_letters(const tl_lexicon *lex, const uint32_t *key, size_t n, uint32_t *out) {
    for (size_t i = 0; i < n; i++) {
        uint8_t letter = key[i] < 0x10000 ? lex->letter_of[key[i]] : 0;
        size_t len = 0;
        if (letter)
            string_cps(&lex->letters_lower, letter - 1u, out + i, 1, &len);
        if (len != 1)
            out[i] = key[i];
    }
}

/* A form's preferred reading in the form index: its lemma (the key in lower case, its affix rules undone)
 * into lemma[0..*nl), its tag into tag[0..*nt) and its part of speech's number into *pos; *found 0 when the
 * index has no reading of the key. `lemma` holds MAX_KEY code points; `known`, when not NULL, is the list
 * after the key in the index, walked already. */
static tl_status form_reading(const tl_lexicon *lex, const uint32_t *key, size_t nk, const uint32_t *known,
                              int *found, uint32_t *lemma, size_t *nl, char tag[1024], size_t *nt, uint32_t *pos,
                              tl_error *err) {
    *found = 0;
    if (nk > TL_MAX_LENGTH || !lex->forms_index)
        return TL_OK; /* longer than any word a graph holds */
    uint32_t list = known ? *known : 0;
    tl_status rc = known ? TL_OK
                         : tl_index_list_after(lex->forms_index, key, nk, 4, (int)lex->forms_separator, &list, err);
    if (rc != TL_OK || !list)
        return rc;
    uint8_t code[TL_MAX_LENGTH];
    size_t length;
    if ((rc = tl_graph_first_word(lex->forms_graph, list, code, &length, err)) != TL_OK)
        return rc;
    /* the reading: its affix count, part of speech, rule numbers (lexicon.graph.forms, FormIndex.reading) */
    size_t digits = lex->forms_digits, count = length ? (size_t)code[0] - 1 : 0;
    if (length < 2 || code[0] == 0 || length < 2 + digits * count || code[1] == 0 ||
        code[1] > lex->forms_pos.count)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's form index holds a reading it cannot read");
    *pos = code[1] - 1u;
    uint32_t rules[32];
    if (count > 32)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's form index holds a reading of %zu affixes", count);
    for (size_t i = 0; i < count; i++) {
        uint32_t number = 0;
        for (size_t d = 0; d < digits; d++)
            number = number * lex->forms_base + (uint32_t)(code[2 + digits * i + d] - 1);
        if (number >= lex->forms_kind.count)
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's form index names affix rule %u, which it lacks", number);
        rules[i] = number;
    }
    /* the lemma: the key in lower case, prefixes undone first, then suffixes from the outermost in */
    uint32_t *word = lemma, strip[64];
    size_t n = nk, ns;
    lower_letters(lex, key, nk, word);
    for (int pass = 0; pass < 2; pass++)
        for (size_t k = 0; k < count; k++) {
            uint32_t r = rules[pass ? count - 1 - k : k];
            size_t kind_len;
            const char *kind = strlist_at(&lex->forms_kind, r, &kind_len);
            int prefix = kind_len == 3 && !memcmp(kind, "PFX", 3);
            if (prefix != (pass == 0))
                continue;
            size_t added, len;
            const char *add = strlist_at(&lex->forms_add, r, &len);
            uint32_t scratch[64];
            long got = utf8_decode((const uint8_t *)add, len, scratch, 64, &added);
            added = got > 0 ? (size_t)got : 0;
            string_cps(&lex->forms_strip, r, strip, 64, &ns);
            if (added > n)
                added = n;
            if (n - added + ns > MAX_KEY)
                return tl_fail(err, TL_ERR_CORRUPT, "the bundle's affix rules make a lemma too long");
            if (prefix) {
                memmove(word + ns, word + added, (n - added) * sizeof *word);
                memcpy(word, strip, ns * sizeof *word);
            } else {
                memcpy(word + n - added, strip, ns * sizeof *word);
            }
            n = n - added + ns;
        }
    *nl = n;
    /* the tag: the rules' morphology, in word order, joined by spaces */
    size_t t = 0;
    for (size_t i = 0; i < count; i++) {
        size_t len;
        const char *morph = strlist_at(&lex->forms_morph, rules[i], &len);
        if (!len || t + len + 1 >= 1024)
            continue;
        if (t)
            tag[t++] = ' ';
        memcpy(tag + t, morph, len);
        t += len;
    }
    *nt = t;
    *found = 1;
    return TL_OK;
}

/* The preferred reading of a form the word graph holds beyond the list (Lexicon._from_graph): 1 with the
 * answer made, 0 when the form index has no reading of it or the graph none of its cuts. */
static tl_status from_graph(const tl_lexicon *lex, answer *a, const uint32_t *key, size_t nk, const notation *nt,
                            work_area *w, int *done, tl_error *err) {
    *done = 0;
    int found;
    size_t nl, ntag;
    char tag[1024];
    uint32_t pos;
    tl_status rc = form_reading(lex, key, nk, w->forms_known && key == w->key ? &w->forms_list : NULL, &found,
                                w->key + MAX_KEY, &nl, tag, &ntag, &pos, err);
    if (rc != TL_OK || !found)
        return rc;
    graph_cuts cuts = {lex, nt, 0, 0, TL_OK, err};
    if (w->first_held && !nt)
        cuts.held = cuts.allowed = 1;
    else
        each_judged_cut(lex, w, key, nk, SIZE_MAX, held_cut, &cuts);
    if (cuts.rc != TL_OK)
        return cuts.rc;
    if (!cuts.held)
        return TL_OK;
    w->from = FROM_GRAPH;
    w->form_pos = pos;
    tl_answer *out = a->out;
    out->lemma = keep_cps(a, w->key + MAX_KEY, nl);
    out->tag = ntag ? keep(a, tag, ntag) : NULL;
    if (nt && !cuts.allowed)
        wrong_tiling(lex, a, w);
    else
        out->valid = 1;
    *done = 1;
    return TL_OK;
}

/* ------------------------------------------------------------------ the compiled rule */

/* The most tiles of a word the rule may take: the game's longest word (the pieces are made within it). */
static size_t rule_tiles(const tl_lexicon *lex) {
    return lex->max_tiles && lex->max_tiles < TL_MAX_LENGTH ? lex->max_tiles : TL_MAX_LENGTH;
}

typedef struct {
    const tl_lexicon *lex;
    const notation *nt;
    rule_reading first; /* the first cut's reading the rule takes */
    int allowed;        /* … a cut it takes that the notation allows */
    tl_status rc;
    tl_error *err;
} rule_cuts;

static int rule_cut(void *context, const tiling *t) {
    rule_cuts *c = context;
    uint8_t tiles[MAX_KEY];
    rule_reading r;
    if (t->n > TL_MAX_LENGTH)
        return 0;
    tile_numbers(c->lex, t, tiles);
    if ((c->rc = rule_judge(c->lex, tiles, t->n, &r, c->err)) != TL_OK)
        return 1;
    if (!r.kind)
        return 0;
    if (!c->first.kind)
        c->first = r;
    if (!c->nt || notation_allows(c->lex, c->nt, t))
        c->allowed = 1;
    return c->allowed;
}

/* The lemma of the word the rule takes: its first piece and the last piece's lemma (from the form index,
 * or the list's, or the piece itself); the last piece's tag and part of speech. */
static tl_status rule_lemma(const tl_lexicon *lex, answer *a, const uint32_t *key, size_t nk, work_area *w,
                            tl_error *err) {
    size_t split = w->rule.split_letters, nb = nk - split, nl = 0, ntag = 0;
    uint32_t *lemma = w->key + MAX_KEY, pos = 0;
    char tag[1024];
    int found;
    lower_letters(lex, key, split, lemma); /* the first piece in small letters */
    tl_status rc = form_reading(lex, key + split, nb, NULL, &found, lemma + split, &nl, tag, &ntag, &pos, err);
    if (rc != TL_OK)
        return rc;
    w->form_pos = found ? pos + 1u : 0;
    if (!found) { /* the last piece as it is, in small letters */
        lower_letters(lex, key + split, nb, lemma + split);
        nl = nb;
    }
    a->out->lemma = keep_cps(a, lemma, split + nl);
    a->out->tag = ntag ? keep(a, tag, ntag) : NULL;
    return TL_OK;
}

/* A word the compiled rule decides: 1 in *done with the answer made (valid, or refused as English, a name
 * written small or a misspelling), 0 when the rule does not take it. */
static tl_status by_rule(const tl_lexicon *lex, answer *a, const uint32_t *key, size_t nk, const notation *nt,
                         work_area *w, int *done, tl_error *err) {
    *done = 0;
    if (nk > TL_MAX_LENGTH)
        return TL_OK;
    rule_cuts cuts = {lex, nt, {0}, 0, TL_OK, err};
    each_judged_cut(lex, w, key, nk, rule_tiles(lex), rule_cut, &cuts);
    if (cuts.rc != TL_OK)
        return cuts.rc;
    if (!cuts.first.kind)
        return TL_OK;
    *done = 1;
    int why;
    size_t nv;
    uint32_t *variant = w->key + MAX_KEY;
    tl_status rc = rule_refusal(lex, key, nk, cuts.first.kind == RULE_COMPOUND, &why, variant, &nv, err);
    if (rc != TL_OK)
        return rc;
    if (why == REFUSED_FOREIGN + 1) {
        refuse(a, "excluded:foreign", "a word of another language; only its cut into two pieces is this one's", -1);
        return TL_OK;
    }
    if (why == REFUSED_NAME + 1) {
        refuse(a, "excluded:proper-noun", "a name, written small", -1);
        return TL_OK;
    }
    if (why == RULE_TYPO) {
        char text[1024];
        long len = utf8_encode(variant, nv, text, sizeof text - 1);
        text[len > 0 ? len : 0] = 0;
        refuse(a, "excluded:typo", keepf(a, "a misspelling of %s, which is a word", text), -1);
        return TL_OK;
    }
    w->from = FROM_RULE;
    w->rule = cuts.first;
    if ((rc = rule_lemma(lex, a, key, nk, w, err)) != TL_OK)
        return rc;
    if (nt && !cuts.allowed)
        wrong_tiling(lex, a, w);
    else
        a->out->valid = 1;
    return TL_OK;
}

/* ------------------------------------------------------------------ judging a key */

static const char *reason_string(const tl_lexicon *lex, answer *a, uint8_t reason) {
    size_t len;
    const char *text = strlist_at(&lex->reasons, reason, &len);
    if ((len == 9 && !memcmp(text, "too-short", 9)) || (len == 8 && !memcmp(text, "too-long", 8)))
        return keep(a, text, len);
    return keepf(a, "excluded:%.*s", (int)len, text);
}

/* Why a key the list does not hold as valid is not a word (Lexicon._why_not). */
static void why_not(const tl_lexicon *lex, answer *a, int64_t n, const uint32_t *key, size_t nk, work_area *w) {
    if (n >= 0) { /* a key the rules dropped */
        refuse(a, reason_string(lex, a, lex->reason[n]), key_string(lex, a, lex->note[n]), -1);
        return;
    }
    size_t count = nk;
    if (!lex->single_letter_tiles) {
        /* the first cut each_tiling gives is the preferred one */
        int cut = judged_cuts(lex, w, key, nk) ? w->n_cuts > 0 : preferred_tiling(lex, key, nk, &w->cut);
        if (!cut) {
            refuse(a, "non-letter", "untileable", -1);
            return;
        }
        if (w->n_cuts > 0) {
            w->cut.n = w->cut_n[0];
            memcpy(w->cut.tile, w->cut_tiles[0], w->cut.n);
        }
        count = w->cut.n;
    }
    if (count < lex->min_length)
        refuse(a, "too-short", keepf(a, "%zu tiles", count), -1);
    else if (count > lex->max_tiles)
        refuse(a, "too-long", keepf(a, "%zu tiles", count), -1);
    else
        refuse(a, "not-in-lexicon", NULL, -1);
}

/* Is the word as asked, without its spaces around, letters of the alphabet in either case, so that in
 * lower case it is its key in lower case? */
static int written_as_key(const tl_lexicon *lex, const work_area *w) {
    for (size_t i = 0; i < w->n; i++) {
        uint32_t cp = w->word[i];
        if (cp < 0x10000 && lex->letter_of[cp])
            continue;
        int lower = 0;
        for (uint32_t k = 0; k < lex->n_letters && !lower; k++) {
            size_t len;
            const char *text = strlist_at(&lex->letters_lower, k, &len);
            uint32_t c;
            size_t bad;
            lower = utf8_decode((const uint8_t *)text, len, &c, 1, &bad) == 1 && c == cp;
        }
        if (!lower && !(uni_props(&lex->uni, cp) & P_SPACE))
            return 0;
    }
    return 1;
}

/* An analysing lexicon's bounds before any analysis (Analyser._bounds): 1 with the refusal made. */
static int out_of_bounds(const tl_lexicon *lex, answer *a, const uint32_t *key, size_t nk, work_area *w) {
    size_t fewest = fewest_tiles(lex, key, nk);
    if (!nk)
        refuse(a, "empty", NULL, -1);
    else if (fewest > lex->max_tiles)
        refuse(a, "too-long", keepf(a, "%zu tiles at the fewest", fewest), -1);
    else if (nk < lex->min_length)
        refuse(a, "too-short", keepf(a, "%zu tiles", nk), -1);
    else if (!preferred_tiling(lex, key, nk, &w->cut))
        refuse(a, "non-letter", "untileable", -1);
    else
        return 0;
    return 1;
}

/* Was key n dropped for what its record is, a name or an abbreviation (Áron, FÁK), rather than for its
 * spelling? The same letters may be a form of a word of the game (ár + on, fa + k), which the word graph then
 * holds. */
static int dropped_for_its_record(const tl_lexicon *lex, int64_t n) {
    size_t len;
    const char *text = strlist_at(&lex->reasons, lex->reason[n], &len);
    return (len == 11 && (!memcmp(text, "proper-noun", 11) || !memcmp(text, "capitalised", 11))) ||
           (len == 12 && !memcmp(text, "abbreviation", 12));
}

static tl_status judge(const tl_lexicon *lex, answer *a, const uint32_t *key, size_t nk, const notation *nt,
                       work_area *w, tl_error *err) {
    tl_answer *out = a->out;
    out->normalized = keep_cps(a, key, nk);
    int64_t n = w->ranked ? w->number : -1;
    tl_status rc = !w->ranked && nk <= TL_MAX_LENGTH ? tl_index_number(lex->keys_index, key, nk, 4, &n, err) : TL_OK;
    w->ranked = 0;
    if (rc != TL_OK)
        return rc;
    w->number = n;
    w->nk = nk;
    if (n >= 0 && lex->kind[n] != EXCLUDED) {
        w->from = lex->flags[n] & LISTED_TILINGS ? FROM_LISTED : FROM_PREFERRED;
        if (lex->kind[n] == INFLECTED) {
            out->lemma = key_string(lex, a, lex->lemma[n]);
            out->tag = key_string(lex, a, lex->note[n]);
        }
        if (nt && !asked_is_valid(lex, n, key, nk, nt, &w->cut))
            wrong_tiling(lex, a, w);
        else
            out->valid = 1;
        return TL_OK;
    }
    if ((n < 0 || (!lex->analysis && dropped_for_its_record(lex, n))) && lex->has_forms) {
        int done;
        if ((rc = from_graph(lex, a, key, nk, nt, w, &done, err)) != TL_OK || done)
            return rc;
    }
    if (n < 0 && lex->rule) {
        int done;
        if ((rc = by_rule(lex, a, key, nk, nt, w, &done, err)) != TL_OK || done)
            return rc;
    }
    if (!lex->analysis) {
        why_not(lex, a, n, key, nk, w);
        return TL_OK;
    }
    if (out_of_bounds(lex, a, key, nk, w)) {
        if (n >= 0) { /* the list's reason and record, as every answer gives them */
            out->reason = out->detail = NULL;
            why_not(lex, a, n, key, nk, w);
        }
        return TL_OK;
    }
    /* A key the list excludes and the analyser refuses on its own keeps the list's reason, unless the word as
     * written could read otherwise (a letter the game folds: the analyser also looks the word up as written). */
    if (n >= 0 && lex->refused[n / 8] >> (n % 8) & 1 && (nt || written_as_key(lex, w))) {
        why_not(lex, a, n, key, nk, w);
        return TL_OK;
    }
    if (lex->parts_graph && !nt && written_as_key(lex, w)) {
        /* the precheck, as the analyser makes it: a key no cut into the dictionary's parts spells is one
         * Hunspell rejects in every spelling the analyser would ask (lexicon.precheck) */
        uint8_t letters[TL_PARTS_MAX];
        int spelled = 1, all_letters = nk <= TL_PARTS_MAX; /* else it cannot tell: ask the service */
        for (size_t i = 0; i < nk && all_letters; i++)
            all_letters = (letters[i] = key[i] < 0x10000 ? lex->letter_of[key[i]] : 0) != 0;
        if (all_letters &&
            (rc = tl_graph_spells(lex->parts_graph, lex->n_letters, letters, nk, &spelled, err)) != TL_OK)
            return rc;
        if (!spelled) { /* a key the list excluded keeps the list's reason and record, as every answer gives them */
            if (n >= 0)
                why_not(lex, a, n, key, nk, w);
            else
                refuse(a, "not-in-lexicon", "the dictionary's morphology does not accept it", -1);
            return TL_OK;
        }
    }
    out->valid = -1; /* the dictionary's morphology decides: only the service can say */
    w->from = FROM_UNKNOWN;
    out->reason = "needs-analysis";
    return TL_OK;
}

/* ------------------------------------------------------------------ the text asked */

/* Text no one types as a word (lexicon.text.refusal): 1 with the refusal made. */
static int refused_text(const tl_lexicon *lex, answer *a, const uint32_t *cp, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (uni_props(&lex->uni, cp[i]) & P_REFUSED) {
            refuse(a, "non-letter", keepf(a, "a control or invisible character (U+%04X) at position %zu", cp[i], i),
                   (long)i);
            return 1;
        }
    for (size_t i = 0, run = 0; i < n; i++) {
        run = uni_props(&lex->uni, cp[i]) & P_COMBINING ? run + 1 : 0;
        if (run > MAX_COMBINING_RUN) {
            size_t at = i + 1 - run;
            refuse(a, "non-letter",
                   keepf(a, "more than %d combining marks in a row at position %zu", MAX_COMBINING_RUN, at), (long)at);
            return 1;
        }
    }
    return 0;
}

static int is_notation(const uint32_t *cp, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (cp[i] == '[' || cp[i] == ']' || cp[i] == '"')
            return 1;
    return 0;
}

static void not_a_word(answer *a, const normalized *r) {
    const char *name = reason_name(r->reason);
    const char *detail = r->character
                             ? keepf(a, "%s (U+%04X) at position %zu", name, (unsigned)r->character, r->position)
                             : keepf(a, "%s at position %zu", name, r->position);
    refuse(a, r->reason == R_EMPTY ? "empty" : "non-letter", detail, (long)r->position);
}

static tl_status check_notation(const tl_lexicon *lex, answer *a, work_area *w, tl_error *err) {
    notation *nt = &w->nt;
    parse_notation(lex, w->word, w->n, nt, &w->norm, &w->scratch);
    if (nt->failed) {
        refuse(a, "bad-notation", keep(a, nt->message, strlen(nt->message)), (long)nt->position);
        return TL_OK;
    }
    char message[1600];
    int any;
    if (!notation_tilings(lex, nt, &w->first, &any, message, sizeof message)) {
        refuse(a, "bad-notation", keep(a, message, strlen(message)), -1);
        return TL_OK;
    }
    if (!any)
        w->first.n = 0;
    w->asked = 1;
    /* the word the tiles spell under the game's policy: [SZ][SZ] is SSZ when doubled digraphs are
     * pronounced (every cut of one notation spells the same word) */
    size_t nk = any ? spell(lex, &w->first, w->key) : notation_letters(nt, lex, w->key);
    return judge(lex, a, w->key, nk, nt, w, err);
}

/* The key ranked: the columns judge and tl_answer_reading read, asked of the memory now, all at once
 * (tl_lexicon_check_each ranks the words ahead while it judges this one, so that their reads from memory
 * overlap instead of waiting in turn), and the judging left to end_check. */
static tl_status ranked(const tl_lexicon *lex, work_area *w, int *pending) {
    if (w->number >= 0) {
        TL_PREFETCH(lex->kind + w->number);
        TL_PREFETCH(lex->flags + w->number);
        TL_PREFETCH(lex->lemma + w->number);
        TL_PREFETCH(lex->note + w->number);
        TL_PREFETCH(lex->pos + w->number);
    }
    w->ranked = *pending = 1;
    return TL_OK; /* nothing is kept in the answer's storage yet: end_check starts it */
}

/* A word of letters in either case, each below LATIN_END (quick_key), decoded straight into its key and the
 * key's letter numbers, as normalize_word would make them: 1, or 0 for any other text (the whole way decides). */
static int quick_key(const tl_lexicon *lex, const uint8_t *p, size_t size, work_area *w, uint8_t *codes) {
    size_t n = 0;
    for (size_t i = 0; i < size; n++) {
        uint32_t c = p[i];
        if (c >= 0x80) { /* two bytes, a code point from U+0080: a letter below LATIN_END has no more */
            if (c < 0xC2 || c > 0xDF || i + 1 >= size || (p[i + 1] & 0xC0) != 0x80)
                return 0;
            c = (c & 0x1F) << 6 | (p[i + 1] & 0x3F);
            i += 2;
        } else {
            i++;
        }
        if (n == TL_MAX_LENGTH || c >= LATIN_END || !(codes[n] = lex->quick_key[c]))
            return 0;
        w->word[n] = c;
        w->key[n] = lex->letters[codes[n] - 1];
    }
    w->n = w->norm.key.n = n;
    memcpy(w->norm.key.cp, w->key, n * sizeof *w->key);
    w->norm.reason = R_NONE;
    w->norm.position = 0;
    return n > 0;
}

/* A check up to the judging of a plain word's key, which is ranked (or, with `defer`, left to be ranked with
 * others by walk_group) and left to `end_check` (*pending 1); every other text is answered whole here. */
static tl_status begin_check(const tl_lexicon *lex, const char *text, size_t size, tl_answer *out, int *pending,
                             int defer, tl_error *err) {
    *pending = 0;
    out->valid = 0;
    out->normalized = out->reason = out->detail = out->lemma = out->tag = NULL;
    out->position = -1;
    answer a = {out, 0, 0};
    work_area *w = answer_work(out);
    w->from = FROM_NONE;
    w->number = -1;
    w->ranked = 0;
    w->nk = 0;
    w->asked = 0;
    w->to_rank = w->forms_known = w->cuts_made = w->first_held = 0;
    uint8_t *codes = w->codes;
    if (quick_key(lex, (const uint8_t *)text, size, w, codes)) {
        w->first.n = 0;
        if (defer) { /* ranked with the words of its group (walk_group) */
            w->n_codes = w->n;
            w->to_rank = *pending = 1;
            return TL_OK;
        }
        tl_status rc = tl_graph_rank(lex->key_graph, codes, w->n, &w->number, err);
        if (rc != TL_OK)
            return rc;
        return ranked(lex, w, pending);
    }
    size_t bad;
    long n = utf8_decode((const uint8_t *)text, size, w->word, TL_MAX_WORD, &bad);
    if (n == -1)
        return tl_fail(err, TL_ERR_INPUT, "the word is not UTF-8 (at byte %zu)", bad);
    if (n == -2) { /* past TL_MAX_WORD characters: refused before any other work, once it is UTF-8 throughout */
        long all = utf8_decode((const uint8_t *)text, size, NULL, 0, &bad);
        if (all < 0)
            return tl_fail(err, TL_ERR_INPUT, "the word is not UTF-8 (at byte %zu)", bad);
        refuse(&a, "too-long",
               keepf(&a, "%ld characters; a word has at most %d", all, TL_MAX_WORD),
               -1);
        return TL_OK;
    }
    w->n = (size_t)n;
    tl_status rc = TL_OK;
    if (refused_text(lex, &a, w->word, w->n)) {
    } else if (is_notation(w->word, w->n)) {
        rc = check_notation(lex, &a, w, err);
    } else {
        normalize_word(lex, w->word, w->n, &w->norm, &w->scratch);
        if (w->norm.reason != R_NONE) {
            not_a_word(&a, &w->norm);
        } else {
            size_t nk = w->norm.key.n;
            memcpy(w->key, w->norm.key.cp, nk * sizeof *w->key);
            w->first.n = 0;
            if (nk <= TL_MAX_LENGTH && (rc = tl_index_number(lex->keys_index, w->key, nk, 4, &w->number, err)) != TL_OK)
                return rc;
            return ranked(lex, w, pending);
        }
    }
    if (rc == TL_OK && a.full)
        return tl_fail(err, TL_ERR_LIMIT, "the answer does not fit its storage");
    return rc;
}

/* The judging of a key begin_check ranked. */
static tl_status end_check(const tl_lexicon *lex, tl_answer *out, tl_error *err) {
    answer a = {out, 0, 0};
    work_area *w = answer_work(out);
    tl_status rc = judge(lex, &a, w->key, w->norm.key.n, NULL, w, err);
    if (rc == TL_OK && a.full)
        return tl_fail(err, TL_ERR_LIMIT, "the answer does not fit its storage");
    return rc;
}

tl_status tl_lexicon_check(const tl_lexicon *lex, const char *text, size_t size, tl_answer *out, tl_error *err) {
    int pending;
    tl_status rc = begin_check(lex, text, size, out, &pending, 0, err);
    return rc == TL_OK && pending ? end_check(lex, out, err) : rc;
}

enum { SLOTS = TL_CHECK_AHEAD + 1 };

/* The walks of a group of checks begun together, each taken for the whole group at once (a step of each walk in
 * turn, so that their reads from memory overlap: tl_graph_rank_each, tl_graph_follow_each). A walk that meets a
 * damaged list is left to the check's own, which says what is wrong. */

/* The first reading in each list of the form index, which form_reading reads next: asked of the memory for the
 * group together, a step of each at a time. */
static void warm_first_readings(const tl_graph *g, uint32_t *list, size_t m) {
    for (size_t step = 0, going = m; going && step < TL_MAX_LENGTH; step++) {
        going = 0;
        for (size_t j = 0; j < m; j++) {
            if (!list[j] || list[j] >= g->n)
                continue;
            uint32_t v = tl_load(g->base, list[j]);
            list[j] = tl_accepts(g, v) ? 0 : tl_arc(g, v);
            TL_PREFETCH(g->base + 4 * (size_t)list[j]);
            going++;
        }
    }
}

/* The first cut of each key of `which` in the word graph, where the form index has a reading of it (from_graph
 * reads both: first_held says whether the graph holds it), or in the rule's pieces where it has none (by_rule
 * reads them next). */
static void walk_first_cuts(const tl_lexicon *lex, tl_answer *answers, const size_t *which, size_t m) {
    const uint8_t *cut[2][SLOTS];
    uint8_t numbers[SLOTS][CUT_TILES];
    size_t n_cut[2] = {0, 0}, size[2][SLOTS], held[SLOTS];
    for (size_t j = 0; j < m; j++) {
        work_area *w = answer_work(&answers[which[j]]);
        if (!w->forms_known || !judged_cuts(lex, w, w->key, w->norm.key.n) || w->n_cuts < 1)
            continue;
        for (size_t i = 0; i < w->cut_n[0]; i++)
            numbers[j][i] = lex->tile_number[w->cut_tiles[0][i]];
        int to = w->forms_list ? 0 : 1;
        if (to == 0)
            held[n_cut[0]] = which[j];
        cut[to][n_cut[to]] = numbers[j];
        size[to][n_cut[to]++] = w->cut_n[0];
    }
    uint32_t reached[SLOTS];
    tl_graph_follow_each(lex->graph, n_cut[0], cut[0], size[0], reached);
    for (size_t j = 0; j < n_cut[0]; j++)
        answer_work(&answers[held[j]])->first_held = reached[j] && reached[j] != UINT32_MAX &&
                                                     tl_accepts(lex->graph, tl_load(lex->graph->base, reached[j]));
    if (lex->rule)
        tl_graph_follow_each(lex->rule->pieces, n_cut[1], cut[1], size[1], reached);
}

/* Each plain word's rank in the key index; for a key the index lacks, the list after it in the form index, that
 * list's first reading, and the key's first cut (walk_first_cuts). */
static void walk_group(const tl_lexicon *lex, tl_answer *answers, const int *pending, const tl_status *status,
                       size_t count) {
    const uint8_t *tiles[SLOTS];
    size_t length[SLOTS], which[SLOTS], m = 0;
    int64_t rank[SLOTS];
    for (size_t k = 0; k < count; k++) {
        work_area *w = answer_work(&answers[k]);
        if (status[k] == TL_OK && pending[k] && w->to_rank) {
            tiles[m] = w->codes;
            length[m] = w->n_codes;
            which[m++] = k;
        }
    }
    tl_graph_rank_each(lex->key_graph, m, tiles, length, rank);
    size_t ranked_here = m;
    m = 0;
    for (size_t j = 0; j < ranked_here; j++) {
        work_area *w = answer_work(&answers[which[j]]);
        if (rank[j] == INT64_MIN)
            continue;
        int again;
        w->number = rank[j];
        w->to_rank = 0;
        ranked(lex, w, &again);
        if (rank[j] < 0 && lex->has_forms && lex->forms_index && lex->forms_separator < 256) {
            w->codes[w->n_codes] = (uint8_t)lex->forms_separator;
            tiles[m] = w->codes;
            length[m] = w->n_codes + 1;
            which[m++] = which[j];
        }
    }
    const tl_graph *g = lex->forms_graph;
    uint32_t node[SLOTS], lists[SLOTS];
    tl_graph_follow_each(g, m, tiles, length, node);
    for (size_t j = 0; j < m; j++) {
        work_area *w = answer_work(&answers[which[j]]);
        lists[j] = 0;
        if (node[j] == UINT32_MAX)
            continue;
        w->forms_list = lists[j] = node[j] ? tl_arc(g, tl_load(g->base, node[j])) : 0;
        w->forms_known = 1;
    }
    if (!lex->single_letter_tiles)
        walk_first_cuts(lex, answers, which, m);
    warm_first_readings(g, lists, m);
}

tl_status tl_lexicon_check_each(const tl_lexicon *lex, size_t n, const char *const *text, const size_t *size,
                                tl_answer answers[TL_CHECK_AHEAD + 1], tl_answer_fn emit, void *context,
                                tl_error *err) {
    /* The words in groups of SLOTS: each begun (a plain word's key read), the group's walks in the key and form
     * indexes taken at once (walk_group), then each judged and emitted in turn. A word whose check fails stops
     * the batch there, after every answer before it was emitted. */
    int pending[SLOTS];
    tl_status status[SLOTS];
    tl_error errors[SLOTS];
    for (size_t from = 0; from < n; from += SLOTS) {
        size_t count = n - from < SLOTS ? n - from : SLOTS;
        for (size_t k = 0; k < count; k++)
            status[k] = begin_check(lex, text[from + k], size[from + k], &answers[k], &pending[k], 1, &errors[k]);
        walk_group(lex, answers, pending, status, count);
        for (size_t k = 0; k < count; k++) {
            tl_status rc = status[k];
            if (rc == TL_OK && pending[k])
                rc = end_check(lex, &answers[k], &errors[k]);
            if (rc != TL_OK) {
                if (err)
                    *err = errors[k];
                return rc;
            }
            if (emit(context, from + k, &answers[k]))
                return TL_OK;
        }
    }
    return TL_OK;
}

/* ------------------------------------------------------------------ yes or no */

tl_status tl_lexicon_has(const tl_lexicon *lex, const char *word, size_t size, tl_answer *scratch, int *valid,
                         tl_error *err) {
    if (lex->quick && size) { /* plain letters in either case: the word graph holds its one tiling or not */
        const uint8_t *p = (const uint8_t *)word;
        uint8_t tiles[TL_MAX_LENGTH];
        size_t n = 0, i = 0;
        while (i < size && n < TL_MAX_LENGTH) {
            uint32_t c = p[i];
            if (c < 0x80) {
                i++;
            } else if ((c & 0xE0) == 0xC0 && i + 1 < size && (p[i + 1] & 0xC0) == 0x80 && c >= 0xC2) {
                c = (c & 0x1F) << 6 | (p[i + 1] & 0x3F);
                i += 2;
            } else {
                break;
            }
            if (!(tiles[n++] = lex->quick_tile[c]))
                break;
        }
        if (i == size && tiles[n - 1]) {
            tl_status rc = tl_graph_contains(lex->graph, tiles, n, valid, err);
            return rc;
        }
    }
    tl_status rc = tl_lexicon_check(lex, word, size, scratch, err);
    *valid = rc == TL_OK ? scratch->valid : 0;
    return rc;
}

/* ------------------------------------------------------------------ the checked word's tilings */


static int is_cut(void *context, const tiling *t) { return same_cut(context, t); }

static int copy_cut(void *context, const tiling *t) {
    *(tiling *)context = *t;
    return 1;
}

int valid_cut(const tl_lexicon *lex, const tl_answer *answer, const tiling *t, tl_error *err) {
    const work_area *w = answer_work(answer);
    if (w->from == FROM_UNKNOWN)
        return -1;
    if (w->from == FROM_GRAPH) { /* a cut of the key the graph holds (every cut asked of one notation spells it) */
        uint8_t tiles[MAX_KEY];
        int found = 0;
        tile_numbers(lex, t, tiles);
        return t->n <= TL_MAX_LENGTH && tl_graph_contains(lex->graph, tiles, t->n, &found, err) == TL_OK && found;
    }
    return each_valid_cut(lex, answer, is_cut, (void *)t);
}

int first_valid_cut(const tl_lexicon *lex, const tl_answer *answer, tiling *t, tl_error *err) {
    (void)err;
    return each_valid_cut(lex, answer, copy_cut, t);
}

typedef struct {
    const tl_lexicon *lex;
    int (*fn)(void *, const tiling *);
    void *context;
    int said;
} held_cuts;

static int each_held_cut(void *context, const tiling *t) {
    held_cuts *h = context;
    uint8_t tiles[MAX_KEY];
    int found = 0;
    tile_numbers(h->lex, t, tiles);
    if (t->n <= TL_MAX_LENGTH && tl_graph_contains(h->lex->graph, tiles, t->n, &found, NULL) == TL_OK && found)
        h->said = h->fn(h->context, t);
    return h->said;
}

static int each_rule_cut(void *context, const tiling *t) {
    held_cuts *h = context;
    uint8_t tiles[MAX_KEY];
    rule_reading r;
    tile_numbers(h->lex, t, tiles);
    if (t->n <= TL_MAX_LENGTH && rule_judge(h->lex, tiles, t->n, &r, NULL) == TL_OK && r.kind)
        h->said = h->fn(h->context, t);
    return h->said;
}

int each_valid_cut(const tl_lexicon *lex, const tl_answer *answer, int (*fn)(void *, const tiling *), void *context) {
    const work_area *w = answer_work(answer);
    tiling cut;
    switch (w->from) {
    case FROM_LISTED: {
        size_t count;
        const uint8_t *p = listed_tilings(lex, w->number, &count);
        for (size_t k = 0; k < count; k++, p += 1 + p[0]) {
            cut.n = p[0];
            for (size_t i = 0; i < cut.n; i++)
                cut.tile[i] = (uint8_t)(lex->tile_of_number[p[1 + i] & 63] - 1);
            int said = fn(context, &cut);
            if (said)
                return said;
        }
        return 0;
    }
    case FROM_PREFERRED:
        return preferred_tiling(lex, w->key, w->nk, &cut) ? fn(context, &cut) : 0;
    case FROM_GRAPH: {
        held_cuts h = {lex, fn, context, 0};
        each_tiling(lex, w->key, w->nk, each_held_cut, &h);
        return h.said;
    }
    case FROM_RULE: {
        held_cuts h = {lex, fn, context, 0};
        each_tiling_within(lex, w->key, w->nk, rule_tiles(lex), each_rule_cut, &h);
        return h.said;
    }
    default:
        return 0;
    }
}

void tl_answer_reading(const tl_lexicon *lex, const tl_answer *answer, const char **kind, const char **pos,
                       size_t *pos_len) {
    const work_area *w = answer_work(answer);
    *kind = *pos = NULL;
    *pos_len = 0;
    if (w->from == FROM_LISTED || w->from == FROM_PREFERRED) {
        *kind = lex->kind[w->number] == INFLECTED ? "inflected" : "headword";
        *pos = strlist_at(&lex->posnames, lex->pos[w->number], pos_len);
    } else if (w->from == FROM_GRAPH) {
        *kind = "analysed";
        *pos = strlist_at(&lex->forms_pos, w->form_pos, pos_len);
    } else if (w->from == FROM_RULE) {
        *kind = w->rule.kind == RULE_LEAD ? "prefixed" : w->rule.kind == RULE_WHOLE ? "affixed" : "compound";
        if (w->form_pos)
            *pos = strlist_at(&lex->forms_pos, w->form_pos - 1u, pos_len);
    }
    if (!*pos_len)
        *pos = NULL;
}

typedef struct {
    const tl_lexicon *lex;
    tl_tiling_fn fn;
    void *context;
} numbered_cuts;

static int give_numbered(void *context, const tiling *t) {
    numbered_cuts *c = context;
    uint8_t tiles[MAX_KEY];
    tile_numbers(c->lex, t, tiles);
    return c->fn(c->context, tiles, t->n);
}

int tl_answer_tilings(const tl_lexicon *lex, const tl_answer *answer, tl_tiling_fn fn, void *context) {
    numbered_cuts c = {lex, fn, context};
    return each_valid_cut(lex, answer, give_numbered, &c);
}
