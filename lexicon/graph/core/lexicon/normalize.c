/* A word to the key a game plays, step for step as lexicon.normalize.Normalizer (the reference; the
 * tests hold the two together on every code point and on words): strip, NFC, upper case, and then
 * every character cluster outside the alphabet folds to letters inside it (the tile set's fold table,
 * then accent stripping) or names why the text is not a word and where. */
#include "lexicon/lexicon.h"

static const char *const REASONS[] = {"", "empty", "multiword", "hyphenated", "affix", "digit", "non-letter"};
/* Several problems in one word: the one that explains it best, at its first position (normalize._RANK). */
static const int RANK[] = {9, 9, 0, 2, 1, 3, 4};

const char *reason_name(int reason) { return REASONS[reason]; }

int is_letter(const tl_lexicon *lex, uint32_t cp) { return cp < 0x10000 && lex->letter_of[cp]; }

static int all_letters(const tl_lexicon *lex, const uint32_t *cp, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!is_letter(lex, cp[i]))
            return 0;
    return 1;
}

/* The fold table's letters for one code point, appended to `out`; 0 when it has none. */
static int fold_one(const tl_lexicon *lex, uint32_t cp, cpbuf *out) {
    for (uint32_t i = 0; i < lex->fold_from.count; i++) {
        size_t len;
        const char *from = strlist_at(&lex->fold_from, i, &len);
        uint32_t c;
        size_t bad;
        if (utf8_decode((const uint8_t *)from, len, &c, 1, &bad) != 1 || c != cp)
            continue;
        const char *to = strlist_at(&lex->fold_to, i, &len);
        long n = utf8_decode((const uint8_t *)to, len, out->cp + out->n, MAX_CPS - out->n, &bad);
        if (n < 0)
            return 0;
        out->n += (size_t)n;
        return 1;
    }
    return 0;
}

/* A cluster outside the alphabet folded to letters inside it (normalize._fold_cluster_uncached):
 * appended to `key`, 1; or 0. */
static int fold_cluster(const tl_lexicon *lex, const uint32_t *cluster, size_t n, cpbuf *key, cpbuf *work) {
    if (n == 1 && fold_one(lex, cluster[0], key))
        return 1;
    /* NFD, the nonspacing marks removed, NFC */
    if (!uni_nfd(&lex->uni, cluster, n, work))
        return 0;
    size_t w = 0;
    for (size_t i = 0; i < work->n; i++)
        if (!(uni_props(&lex->uni, work->cp[i]) & P_MARK))
            work->cp[w++] = work->cp[i];
    cpbuf stripped;
    if (!uni_nfc(&lex->uni, work->cp, w, &stripped))
        return 0;
    if (stripped.n && all_letters(lex, stripped.cp, stripped.n)) {
        if (key->n + stripped.n > MAX_CPS)
            return 0;
        memcpy(key->cp + key->n, stripped.cp, stripped.n * sizeof *stripped.cp);
        key->n += stripped.n;
        return 1;
    }
    return stripped.n == 1 && fold_one(lex, stripped.cp[0], key);
}

void normalize_word(const tl_lexicon *lex, const uint32_t *word, size_t n, normalized *out, cpbuf *work) {
    const unicode_tables *u = &lex->uni;
    size_t start = 0, end = n;
    while (start < end && (uni_props(u, word[start]) & P_SPACE))
        start++;
    while (end > start && (uni_props(u, word[end - 1]) & P_SPACE))
        end--;
    out->reason = R_NONE;
    out->position = 0;
    out->character = 0;
    out->key.n = 0;
    if (start == end) {
        out->reason = R_EMPTY;
        return;
    }
    /* upper case of the NFC text (ICU's, in the alphabet's locale; text below LATIN_END is its own NFC) */
    int latin = 1;
    for (size_t i = start; i < end && latin; i++)
        latin = word[i] < LATIN_END;
    cpbuf *upper = &out->key;
    if (latin) {
        if (!uni_upper(u, word + start, end - start, upper))
            goto too_long;
    } else {
        if (!uni_nfc(u, word + start, end - start, work) || !uni_upper(u, work->cp, work->n, upper))
            goto too_long;
    }
    if (all_letters(lex, upper->cp, upper->n))
        return; /* the key is the upper case itself */
    cpbuf text;
    if (!uni_nfc(u, upper->cp, upper->n, &text))
        goto too_long;
    out->key.n = 0;
    int bad = R_NONE;
    size_t bad_at = 0;
    for (size_t s = 0; s < text.n;) {
        size_t e = s + 1;
        while (e < text.n && uni_combining(u, text.cp[e]))
            e++;
        size_t len = e - s;
        uint32_t first = text.cp[s];
        if (len == 1 && is_letter(lex, first)) {
            if (out->key.n == MAX_CPS)
                goto too_long;
            out->key.cp[out->key.n++] = first;
        } else if (!(len <= 8 && fold_cluster(lex, text.cp + s, len, &out->key, work))) {
            uint32_t props = uni_props(u, first);
            if ((props & P_UNPRINTABLE) && !(props & P_SPACE)) { /* a control or invisible character: first */
                out->reason = R_NON_LETTER;
                out->position = s;
                out->character = first;
                return;
            }
            int reason = props & P_SPACE ? R_MULTIWORD
                       : props & P_HYPHEN ? (s == 0 || s == text.n - 1 ? R_AFFIX : R_HYPHENATED)
                       : props & P_DIGIT ? R_DIGIT : R_NON_LETTER;
            if (bad == R_NONE || RANK[reason] < RANK[bad]) {
                bad = reason;
                bad_at = s;
                out->character = first;
            }
        }
        s = e;
    }
    if (bad != R_NONE) {
        out->reason = bad;
        out->position = bad_at;
    }
    return;
too_long: /* past MAX_CPS code points: no alphabet spells that */
    out->reason = R_NON_LETTER;
    out->position = 0;
    out->character = 0;
}
