/* Can a word be cut into a dictionary's parts? The precheck of a lexicon validated by analysis.
 *
 * The parts graph (lexicon_pipelines.hunspell.parts) holds every form a compound may be made of and
 * every prefix, each as its letters and then one marker: letters + 1 + m, where m's bits are the
 * places in a compound the string may take (TL_PART_FIRST, _MIDDLE, _LAST) and TL_PART_LEAD for a
 * prefix. One walk from each position finds every string that starts there (markers sort after
 * letters, so each sibling list is read once for the next letter and the markers together); then
 * a pass over the cut points decides, as Hunspell's compound check would if it forbade nothing.
 */
#include "graph/internal.h"

typedef struct {
    uint8_t form[TL_PARTS_MAX + 1]; /* by end: TL_PART_HELD | places, for a form from this start */
    uint8_t lead[TL_PARTS_MAX + 1]; /* by end: TL_PART_HELD | places, for a prefix */
} starts_at;

#define TL_PART_HELD 0x10u

/* Every string of the parts graph that starts at `from`, into `row`: one pass over each sibling list
 * reads the markers of the string that ends there and finds the next letter. */
static tl_status strings_from(const tl_graph *g, unsigned base, const uint8_t *word, size_t length, size_t from,
                              starts_at *row, tl_error *err) {
    uint32_t list = g->root;
    /* `list` follows word[from..at); past the word's end only its markers are read, so a walk ends after
     * length - from lists whatever the bytes (a damaged graph's tile 0 leads nowhere: no letter is 0) */
    for (size_t at = from; list && at <= length; at++) {
        unsigned want = at < length ? word[at] : TL_MAX_TILE + 1;
        uint32_t next = 0;
        for (uint32_t index = list;; index++) {
            if (index >= g->n)
                return tl_bad_index(g, index, err);
            uint32_t v = tl_load(g->base, index);
            unsigned tile = tl_tile(g, v);
            if (tile == want)
                next = tl_arc(g, v);
            else if (at > from && tile >= base && tile < base + TL_PART_MARKERS && tl_accepts(g, v)) {
                unsigned m = tile - base;
                uint8_t *into = m & TL_PART_LEAD ? &row->lead[at] : &row->form[at];
                *into |= (uint8_t)(TL_PART_HELD | (m & TL_PART_PLACES));
            }
            if (tl_is_end(g, v))
                break;
        }
        list = next;
    }
    return TL_OK;
}

tl_status tl_graph_spells(const tl_graph *g, unsigned letters, const uint8_t *word, size_t length, int *spelled,
                          tl_error *err) {
    *spelled = 0;
    if (letters < 1 || letters > TL_MAX_TILE - TL_PART_MARKERS) /* so that letters + 1 + every marker ≤ 63 */
        return tl_fail(err, TL_ERR_INPUT, "%u letters leave no room for the parts graph's %u markers", letters,
                       TL_PART_MARKERS);
    if (length < 1 || length > TL_PARTS_MAX)
        return tl_fail(err, TL_ERR_INPUT, "a word of %zu letters; the precheck takes 1 to %u", length,
                       TL_PARTS_MAX);
    for (size_t i = 0; i < length; i++)
        if (word[i] < 1 || word[i] > letters)
            return tl_fail(err, TL_ERR_INPUT, "letter %zu is number %u, not one of the %u letters", i,
                           (unsigned)word[i], letters);
    starts_at rows[TL_PARTS_MAX];
    memset(rows, 0, length * sizeof rows[0]);
    for (size_t from = 0; from < length; from++) {
        tl_status rc = strings_from(g, letters + 1, word, length, from, &rows[from], err);
        if (rc != TL_OK)
            return rc;
    }
    /* places[i][j]: the places word[i..j) may take as one part (a form, or a prefix and a form);
     * TL_PART_HELD when it is one at all, which is all a word of one part needs. */
    uint8_t places[TL_PARTS_MAX][TL_PARTS_MAX + 1];
    for (size_t i = 0; i < length; i++)
        for (size_t j = i + 1; j <= length; j++) {
            uint8_t p = rows[i].form[j];
            for (size_t k = i + 1; k < j && (p & TL_PART_PLACES) != TL_PART_PLACES; k++) {
                uint8_t lead = rows[i].lead[k], form = rows[k].form[j];
                if (lead && form)
                    p |= (uint8_t)(TL_PART_HELD | ((lead | form) & TL_PART_PLACES));
            }
            places[i][j] = p;
        }
    if (places[0][length]) {
        *spelled = 1;
        return TL_OK;
    }
    /* reach[j]: word[0..j) is a first part and any middle ones */
    uint8_t reach[TL_PARTS_MAX + 1] = {0};
    for (size_t j = 1; j < length; j++) {
        if (places[0][j] & TL_PART_FIRST) {
            reach[j] = 1;
            continue;
        }
        for (size_t i = 1; i < j && !reach[j]; i++)
            reach[j] = reach[i] && (places[i][j] & TL_PART_MIDDLE);
    }
    for (size_t i = 1; i < length && !*spelled; i++)
        *spelled = reach[i] && (places[i][length] & TL_PART_LAST);
    return TL_OK;
}
