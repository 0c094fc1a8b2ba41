/* The compiled word rule (rule.h): a word of two pieces, decided from data the build made.
 *
 * The pieces graph holds each piece as its tile numbers, then the separator, then one of its roles in
 * `digits` digits of `base` (a piece with several roles is there once a role). A tiling of a word is
 * read as Hunspell's compound check reads a word of two parts, but over this data, in the same order
 * (lexicon_pipelines.hunspell.pieces.PieceRule is the reference the tests hold this to): first a lead
 * and a form at any cut (an affix comes before any compound), then each cut from the left as a
 * compound, the first that passes winning and a part on a forbidden stem ending the search. The seam's
 * checks read the pieces' letters: no three equal letters across it, no pattern of the dictionary's
 * (`ssz` before `sz`), not the same piece twice, and a compound that counts more words than the
 * dictionary allows only within its syllables.
 */
#include "lexicon/rule.h"

#include <stdlib.h>

/* ------------------------------------------------------------------ reading the pieces graph */

/* The list after `tiles` from the root (0: no such path). */
static tl_status follow(const tl_graph *g, const uint8_t *tiles, size_t n, uint32_t *out, tl_error *err) {
    uint32_t node;
    tl_status rc = tl_graph_follow(g, g->root, tiles, n, &node, err);
    *out = rc == TL_OK && node ? tl_arc(g, tl_load(g->base, node)) : 0;
    return rc;
}

typedef struct {
    const tl_rule *r;
    uint16_t *roles;
    unsigned n, bad;
} role_sink;

static int take_role(void *context, const uint8_t *digits, size_t length) {
    role_sink *s = context;
    unsigned number = 0;
    if (length != s->r->digits) {
        s->bad = 1;
        return 1;
    }
    for (size_t i = 0; i < length; i++) {
        if (digits[i] < 1 || digits[i] > s->r->base) {
            s->bad = 1;
            return 1;
        }
        number = number * s->r->base + (digits[i] - 1u);
    }
    if (number >= s->r->n_roles) {
        s->bad = 1;
        return 1;
    }
    if (s->n < RULE_PIECE_ROLES)
        s->roles[s->n++] = (uint16_t)number;
    return 0;
}

/* The roles under `list`, each `digits` digits long (take_role), read no deeper than that: a role of another
 * length is a damaged graph. */
static tl_status read_roles(const tl_graph *g, uint32_t list, uint8_t *digits, unsigned depth, role_sink *sink,
                            tl_error *err) {
    for (uint32_t i = list; i; i++) {
        if (i >= g->n)
            return tl_bad_index(g, i, err);
        uint32_t v = tl_load(g->base, i), arc = tl_arc(g, v);
        digits[depth] = (uint8_t)tl_tile(g, v);
        if (depth + 1 == sink->r->digits) {
            if (tl_accepts(g, v))
                take_role(sink, digits, depth + 1);
            sink->bad |= arc != 0;
        } else {
            sink->bad |= (unsigned)tl_accepts(g, v);
            tl_status rc = arc ? read_roles(g, arc, digits, depth + 1, sink, err) : TL_OK;
            if (rc != TL_OK)
                return rc;
        }
        if (sink->bad || tl_is_end(g, v))
            break;
    }
    return TL_OK;
}

/* The roles of the piece whose tiles end at `list` (the list after them): into roles[0..*n). */
static tl_status roles_at(const tl_rule *r, uint32_t list, uint16_t *roles, unsigned *n, tl_error *err) {
    *n = 0;
    if (!list)
        return TL_OK;
    uint32_t node;
    tl_status rc = tl_child(r->pieces, list, r->separator, &node, err);
    if (rc != TL_OK || !node)
        return rc;
    role_sink sink = {r, roles, 0, 0};
    uint8_t digits[4];
    rc = read_roles(r->pieces, tl_arc(r->pieces, tl_load(r->pieces->base, node)), digits, 0, &sink, err);
    if (rc == TL_OK && sink.bad)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's pieces graph holds a role it cannot read");
    *n = sink.n;
    return rc;
}

/* The kinds of the piece whose tiles end at `list`, from `at_separator` (each separator node's kinds): 0 for a list
 * without the separator. */
static tl_status list_kinds(const tl_rule *r, const uint16_t *at_separator, uint32_t list, unsigned *kinds,
                            tl_error *err) {
    uint32_t node;
    *kinds = 0;
    tl_status rc = tl_child(r->pieces, list, r->separator, &node, err);
    if (rc == TL_OK && node)
        *kinds = at_separator[node];
    return rc;
}

tl_status rule_kinds_at(const tl_rule *r, uint32_t list, unsigned *kinds, tl_error *err) {
    if (list < r->pieces->n && r->kinds[list]) { /* read_rule made the table: every list an arc leads to */
        *kinds = r->kinds[list] - 1u;
        return TL_OK;
    }
    return tl_fail(err, TL_ERR_CORRUPT, "no arc of the pieces graph leads to node %u", (unsigned)list);
}

tl_status rule_index_kinds(tl_rule *r, tl_error *err) {
    const tl_graph *g = r->pieces;
    uint16_t *kinds = calloc(g->n, sizeof *kinds), *by_arc = calloc(g->n, sizeof *by_arc); /* kinds + 1 */
    if (!kinds || !by_arc) {
        free(kinds);
        free(by_arc);
        return tl_nomem(err);
    }
    tl_status rc = TL_OK;
    for (uint32_t i = 1; i < g->n && rc == TL_OK; i++) {
        uint32_t v = tl_load(g->base, i), arc = tl_arc(g, v);
        if (tl_tile(g, v) != r->separator)
            continue;
        if (arc >= g->n) {
            rc = tl_bad_index(g, arc, err);
            break;
        }
        if (!by_arc[arc]) { /* pieces of one set of roles share the list of them */
            uint16_t roles[RULE_PIECE_ROLES];
            uint8_t digits[4];
            role_sink sink = {r, roles, 0, 0};
            unsigned bits = 0;
            if (arc && (rc = read_roles(g, arc, digits, 0, &sink, err)) == TL_OK && sink.bad)
                rc = tl_fail(err, TL_ERR_CORRUPT, "the bundle's pieces graph holds a role it cannot read");
            for (unsigned k = 0; k < sink.n; k++)
                bits |= 1u << r->roles[roles[k]].kind;
            by_arc[arc] = (uint16_t)(bits + 1);
        }
        kinds[i] = (uint16_t)(by_arc[arc] - 1);
    }
    /* then by the list each arc leads to (kinds + 1; 0: no arc leads there), which the language's walk holds: one
     * read where it would scan the list for the separator at every tile */
    uint16_t *at_list = rc == TL_OK ? calloc(g->n, sizeof *at_list) : NULL;
    if (rc == TL_OK && !at_list)
        rc = tl_nomem(err);
    for (uint32_t i = 0; i <= g->n && rc == TL_OK; i++) {
        uint32_t list = i == g->n ? g->root : tl_arc(g, tl_load(g->base, i)); /* the root list too */
        unsigned bits;
        if (!list || (list < g->n && at_list[list]))
            continue;
        if (list >= g->n)
            rc = tl_bad_index(g, list, err);
        else if ((rc = list_kinds(r, kinds, list, &bits, err)) == TL_OK)
            at_list[list] = (uint16_t)(bits + 1);
    }
    free(by_arc);
    free(kinds);
    /* the root list's tiles, which every seam's second piece begins with: read here once, not at every seam */
    r->root_tiles = 0;
    if (rc == TL_OK)
        rc = lang_list_tiles(g, g->root, piece_tiles(r, LANG_EVERY_TILE), NULL, &r->root_tiles, err);
    if (rc != TL_OK) {
        free(at_list);
        return rc;
    }
    r->kinds = at_list;
    return TL_OK;
}

static int has_kind(const tl_rule *r, const uint16_t *roles, unsigned n, int kind) {
    for (unsigned i = 0; i < n; i++)
        if (r->roles[roles[i]].kind == kind)
            return 1;
    return 0;
}

/* ------------------------------------------------------------------ letters */

typedef struct {
    uint32_t cp[MAX_KEY];
    size_t n;
    size_t at[TL_MAX_LENGTH + 1]; /* the letters before each tile */
} lettered;

static int letters_of(const tl_lexicon *lex, const uint8_t *tiles, size_t n, lettered *out) {
    out->n = 0;
    for (size_t i = 0; i < n; i++) {
        out->at[i] = out->n;
        unsigned place = lex->tile_of_number[tiles[i] & 63];
        if (!place)
            return 0;
        for (size_t k = 0; k < lex->tile_len[place - 1]; k++)
            out->cp[out->n++] = lex->tile_cp[place - 1][k];
    }
    out->at[n] = out->n;
    return 1;
}

static int is_vowel(const tl_rule *r, uint32_t cp) { return cp < 0x10000 && (r->vowel[cp >> 3] >> (cp & 7) & 1); }

static unsigned syllables(const tl_rule *r, const uint32_t *cp, size_t n) {
    unsigned count = 0;
    for (size_t i = 0; i < n; i++)
        count += (unsigned)is_vowel(r, cp[i]);
    return count;
}

/* Does text[0..n) begin (end, with `at_end`) with the pattern's side: letters, `.` any letter. */
static int pattern_side(const strlist *l, uint32_t i, const uint32_t *text, size_t n, int at_end) {
    uint32_t side[64];
    size_t k = strlist_cps(l, i, side, 64);
    if (!k || k > n)
        return 0;
    const uint32_t *from = at_end ? text + n - k : text;
    for (size_t j = 0; j < k; j++)
        if (side[j] != '.' && side[j] != from[j])
            return 0;
    return 1;
}

static int tripled(const tl_rule *r, const uint32_t *a, size_t na, const uint32_t *b, size_t nb) {
    /* Hunspell compares bytes: three equal ASCII letters across the seam */
    uint32_t last = a[na - 1];
    return r->triple && last < 0x80 && b[0] == last && ((na > 1 && a[na - 2] == last) || (nb > 1 && b[1] == last));
}

static int patterned(const tl_rule *r, const uint32_t *a, size_t na, const uint32_t *b, size_t nb) {
    for (uint32_t i = 0; i + 1 < r->patterns.count; i += 2)
        if (pattern_side(&r->patterns, i, a, na, 1) && pattern_side(&r->patterns, i + 1, b, nb, 0))
            return 1;
    return 0;
}

/* Does the compound of `words` counted words beyond its two parts, of `syllables`, pass the word bound? */
static int within_bound(const tl_rule *r, unsigned words, int syllables_) {
    if (!r->max_words || words + 1 < r->max_words)
        return 1;
    return r->max_syllables && syllables_ <= (int)r->max_syllables;
}

/* A Hunspell condition read from the start of `text`: letters, `.`, `[set]`, `[^set]`. */
static int condition_holds(const uint32_t *cond, size_t nc, const uint32_t *text, size_t n) {
    size_t t = 0;
    for (size_t i = 0; i < nc; t++) {
        if (t >= n)
            return 0;
        if (cond[i] == '[') {
            size_t close = i + 1;
            while (close < nc && cond[close] != ']')
                close++;
            int negate = i + 1 < close && cond[i + 1] == '^', found = 0;
            for (size_t k = i + 1 + (size_t)negate; k < close; k++)
                found |= cond[k] == text[t];
            if (found == negate)
                return 0;
            i = close + 1;
        } else {
            if (cond[i] != '.' && cond[i] != text[t])
                return 0;
            i++;
        }
    }
    return 1;
}

/* Does a lead of class `cls` spelled a[0..na) come before b: some prefix of that lead and class whose
 * condition holds on b (none: always). */
static int lead_allows(const tl_rule *r, const uint32_t *a, size_t na, unsigned cls, const uint32_t *b, size_t nb) {
    for (uint32_t i = 0; i + 2 < r->leads.count; i += 3) {
        uint32_t lead[64], cond[256], number[8];
        size_t nl = strlist_cps(&r->leads, i, lead, 64), nn = strlist_cps(&r->leads, i + 1, number, 8);
        unsigned k = 0;
        for (size_t j = 0; j < nn; j++)
            k = k * 10 + (number[j] - '0');
        if (k != cls || nl != na || memcmp(lead, a, na * sizeof *a))
            continue;
        size_t nc = strlist_cps(&r->leads, i + 2, cond, 256);
        if (!nc || condition_holds(cond, nc, b, nb))
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ the rule */

tl_status rule_judge(const tl_lexicon *lex, const uint8_t *tiles, size_t n, rule_reading *out, tl_error *err) {
    const tl_rule *r = lex->rule;
    memset(out, 0, sizeof *out);
    if (!r || n < 2 || n > TL_MAX_LENGTH)
        return TL_OK;
    lettered w;
    if (!letters_of(lex, tiles, n, &w))
        return TL_OK;
    const tl_graph *g = r->pieces;
    /* the list after each first piece tiles[0..i), and after the whole word, walked once */
    uint32_t after[TL_MAX_LENGTH + 1], list = g->root;
    tl_status rc = TL_OK;
    for (size_t i = 1; i <= n; i++) {
        uint32_t node = 0;
        if (list && (rc = tl_child(g, list, tiles[i - 1], &node, err)) != TL_OK)
            return rc;
        after[i] = list = node ? tl_arc(g, tl_load(g->base, node)) : 0;
    }
    uint16_t whole[RULE_PIECE_ROLES];
    unsigned n_whole;
    if ((rc = roles_at(r, after[n], whole, &n_whole, err)) != TL_OK)
        return rc;
    if (has_kind(r, whole, n_whole, ROLE_VETO))
        return TL_OK;
    for (unsigned k = 0; k < n_whole; k++)
        if (r->roles[whole[k]].kind == ROLE_WHOLE) {
            *out = (rule_reading){RULE_WHOLE, n, w.n, whole[k], whole[k]};
            return TL_OK;
        }
    /* the roles of each first piece tiles[0..i) */
    uint16_t first[TL_MAX_LENGTH][RULE_PIECE_ROLES];
    unsigned n_first[TL_MAX_LENGTH];
    for (size_t i = 1; i < n; i++) {
        n_first[i] = 0;
        if (after[i] && (rc = roles_at(r, after[i], first[i], &n_first[i], err)) != TL_OK)
            return rc;
    }
    uint16_t last[RULE_PIECE_ROLES];
    unsigned n_last;
    /* a lead and a form, at any cut */
    for (size_t i = 1; i < n; i++) {
        int leads = 0;
        for (unsigned k = 0; k < n_first[i]; k++)
            leads |= r->roles[first[i][k]].kind == ROLE_LEAD;
        if (!leads)
            continue;
        if ((rc = follow(g, tiles + i, n - i, &list, err)) != TL_OK ||
            (rc = roles_at(r, list, last, &n_last, err)) != TL_OK)
            return rc;
        const uint32_t *a = w.cp, *b = w.cp + w.at[i];
        size_t na = w.at[i], nb = w.n - w.at[i];
        for (unsigned k = 0; k < n_first[i]; k++) {
            const rule_role *lead = &r->roles[first[i][k]];
            if (lead->kind != ROLE_LEAD)
                continue;
            for (unsigned m = 0; m < n_last; m++) {
                const rule_role *form = &r->roles[last[m]];
                if (form->kind == ROLE_TAKES && form->cls == lead->cls && lead_allows(r, a, na, lead->cls, b, nb)) {
                    *out = (rule_reading){RULE_LEAD, i, na, first[i][k], last[m]};
                    return TL_OK;
                }
            }
        }
    }
    if (has_kind(r, whole, n_whole, ROLE_VETO_COMPOUND))
        return TL_OK;
    /* a compound: each cut from the left, as Hunspell tries them */
    for (size_t i = 1; i < n; i++) {
        const uint32_t *a = w.cp, *b = w.cp + w.at[i];
        size_t na = w.at[i], nb = w.n - w.at[i];
        if (na < r->min_letters || nb < r->min_letters || !n_first[i])
            continue;
        int firsts = 0, stop = 0;
        for (unsigned k = 0; k < n_first[i]; k++) {
            int kind = r->roles[first[i][k]].kind;
            firsts |= kind == ROLE_FIRST || kind == ROLE_FIRST_COUNTED;
            stop |= kind == ROLE_FIRST_STOP;
        }
        if (!firsts) {
            if (stop)
                return TL_OK;
            continue;
        }
        if (tripled(r, a, na, b, nb))
            continue;
        if ((rc = follow(g, tiles + i, n - i, &list, err)) != TL_OK ||
            (rc = roles_at(r, list, last, &n_last, err)) != TL_OK)
            return rc;
        if (!n_last)
            continue;
        if (!patterned(r, a, na, b, nb) && !(r->dup && na == nb && !memcmp(a, b, na * sizeof *a))) {
            int count = (int)(syllables(r, a, na) + syllables(r, b, nb));
            /* the first parts' roles in rising order, and the last's, as the reference tries them */
            for (unsigned kind = ROLE_FIRST; kind <= ROLE_FIRST_COUNTED; kind++)
                for (unsigned k = 0; k < n_first[i]; k++) {
                    if (r->roles[first[i][k]].kind != kind)
                        continue;
                    for (unsigned m = 0; m < n_last; m++) {
                        const rule_role *l = &r->roles[last[m]];
                        if (l->kind == ROLE_LAST &&
                            within_bound(r, (kind == ROLE_FIRST_COUNTED) + l->counted, count + l->adj)) {
                            *out = (rule_reading){RULE_COMPOUND, i, na, first[i][k], last[m]};
                            return TL_OK;
                        }
                    }
                }
        }
        if (has_kind(r, last, n_last, ROLE_LAST_STOP))
            return TL_OK;
    }
    return TL_OK;
}

/* ------------------------------------------------------------------ refusals by the key */

tl_status rule_refusal(const tl_lexicon *lex, const uint32_t *key, size_t nk, int compound, int *why,
                       uint32_t *variant, size_t *nv, tl_error *err) {
    const tl_rule *r = lex->rule;
    *why = 0;
    *nv = 0;
    if (!r || !r->pairs || nk > TL_MAX_LENGTH)
        return TL_OK;
    uint8_t codes[TL_MAX_LENGTH];
    uint64_t letters = 0; /* the key's letters, by number: a slip whose first letter is not among them is passed by */
    for (size_t i = 0; i < nk; i++) {
        if (!(codes[i] = key[i] < 0x10000 ? lex->letter_of[key[i]] : 0))
            return TL_OK;
        letters |= 1ull << codes[i];
    }
    if (r->refused) {
        uint32_t list;
        tl_status rc = tl_graph_list_after(r->refused, codes, nk, -1, &list, err);
        if (rc != TL_OK)
            return rc;
        /* the markers after the key: the list of its next letters and markers, in tile order */
        for (uint32_t i = list; i;) {
            if (i >= r->refused->n)
                return tl_bad_index(r->refused, i, err);
            uint32_t v = tl_load(r->refused->base, i);
            unsigned t = tl_tile(r->refused, v);
            if (t > lex->n_letters && t <= lex->n_letters + REFUSED_KINDS && tl_accepts(r->refused, v)) {
                *why = (int)(t - lex->n_letters);
                return TL_OK;
            }
            if (tl_is_end(r->refused, v))
                break;
            i++;
        }
    }
    if (!compound)
        return TL_OK;
    /* a misspelling: one change of the typo table makes a word of the list or the dictionary's forms */
    for (uint32_t p = 0; p < r->n_typos; p++) {
        const uint32_t *from = r->typo[p].from, *to = r->typo[p].to;
        size_t nf = r->typo[p].n_from, nt = r->typo[p].n_to;
        unsigned first = nf && from[0] < 0x10000 ? lex->letter_of[from[0]] : 0;
        if (!first || !(letters >> first & 1) || nf > nk || nk - nf + nt > TL_MAX_LENGTH)
            continue;
        for (size_t at = 0; at + nf <= nk; at++) {
            if (key[at] != from[0] || memcmp(key + at, from, nf * sizeof *key))
                continue;
            size_t n = 0;
            memcpy(variant, key, at * sizeof *key);
            n = at;
            memcpy(variant + n, to, nt * sizeof *key);
            n += nt;
            memcpy(variant + n, key + at + nf, (nk - at - nf) * sizeof *key);
            n += nk - at - nf;
            int found = 0;
            tl_status rc = tl_index_contains(lex->keys_index, variant, n, 4, &found, err);
            if (rc != TL_OK)
                return rc;
            if (!found && lex->forms_index) {
                uint32_t list;
                if ((rc = tl_index_list_after(lex->forms_index, variant, n, 4, (int)lex->forms_separator, &list,
                                              err)) != TL_OK)
                    return rc;
                found = list != 0;
            }
            if (found) {
                *why = RULE_TYPO;
                *nv = n;
                return TL_OK;
            }
        }
    }
    return TL_OK;
}
