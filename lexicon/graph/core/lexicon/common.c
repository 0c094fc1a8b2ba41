/* The words a beginner knows (tl_lexicon.h: tl_lexicon_common): a bundle's `common` section, the most frequent
 * words of the lexicon's language (lexicon/common.py writes it), as a key graph. A word is looked up by its key,
 * normalised as a check normalises it, so a lemma written in small letters finds its headword. */
#include "lexicon/lexicon.h"

#include <stdlib.h>

int tl_lexicon_has_common(const tl_lexicon *lex) { return lex->common_index != NULL; }

/* What one lookup works in: the text, its key and normalisation's own work, within an answer's work area. */
typedef struct {
    uint32_t text[MAX_CPS];
    normalized norm;
    cpbuf work;
} common_work;

_Static_assert(sizeof(common_work) <= TL_ANSWER_WORK, "a common word's lookup works in an answer's work area");

tl_status tl_lexicon_common(const tl_lexicon *lex, const char *word, size_t size, tl_answer *scratch, int *common,
                            tl_error *err) {
    *common = 0;
    if (!lex->common_index)
        return tl_fail(err, TL_ERR_INPUT, "%s@%s has no common words: its bundle was written without a frequency "
                       "list (wordfreq)", lex->name, lex->version);
    common_work *w = (common_work *)scratch->work.bytes;
    size_t bad;
    long n = utf8_decode((const uint8_t *)word, size, w->text, MAX_CPS, &bad);
    if (n <= 0)
        return TL_OK; /* no text, or not text: no key */
    normalize_word(lex, w->text, (size_t)n, &w->norm, &w->work);
    if (w->norm.reason != R_NONE || !w->norm.key.n)
        return TL_OK;
    return tl_index_contains(lex->common_index, w->norm.key.cp, w->norm.key.n, 4, common, err);
}
