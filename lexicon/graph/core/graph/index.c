/* Key and form indexes: keys in letters over a graph of letter numbers (tl_graph.h). */
#include "graph/internal.h"

#include <stdlib.h>

struct tl_index {
    const tl_graph *graph;
    uint8_t *number;      /* code point below 0x10000 → letter number (1..63), 0: not a letter */
    const uint8_t *kinds; /* a kind byte per key in rank order, or NULL */
    size_t n_kinds;
    uint8_t excluded;
};

#define PLANE 0x10000u

tl_status tl_index_open(const tl_graph *graph, const uint32_t *letters, size_t count, tl_index **out, tl_error *err) {
    *out = NULL;
    if (count > TL_MAX_TILE)
        return tl_fail(err, TL_ERR_INPUT, "an index numbers at most %u letters, not %zu", TL_MAX_TILE, count);
    tl_index *index = calloc(1, sizeof *index);
    uint8_t *number = calloc(PLANE, 1);
    if (!index || !number) {
        free(index);
        free(number);
        return tl_nomem(err);
    }
    for (size_t i = 0; i < count; i++) {
        uint32_t c = letters[i];
        const char *wrong = c == 0 ? "is not a letter" : c >= PLANE ? "is not below U+10000"
                          : (c >= 0xD800 && c < 0xE000) ? "is a surrogate" : number[c] ? "comes twice" : NULL;
        if (wrong) {
            free(index);
            free(number);
            return tl_fail(err, TL_ERR_INPUT, "letter %zu (U+%04X) %s", i, (unsigned)c, wrong);
        }
        number[c] = (uint8_t)(i + 1);
    }
    index->graph = graph;
    index->number = number;
    *out = index;
    return TL_OK;
}

void tl_index_close(tl_index *index) {
    if (!index)
        return;
    free(index->number);
    free(index);
}

tl_status tl_index_set_kinds(tl_index *index, const uint8_t *kinds, size_t count, uint8_t excluded, tl_error *err) {
    uint64_t words;
    tl_status rc = tl_graph_word_count(index->graph, &words, err);
    if (rc != TL_OK)
        return rc;
    if (count != words)
        return tl_fail(err, TL_ERR_CORRUPT, "the kinds hold %zu keys; the key graph %llu", count,
                       (unsigned long long)words);
    index->kinds = kinds;
    index->n_kinds = count;
    index->excluded = excluded;
    return TL_OK;
}

/* The next code point of UTF-8 text at *at, or -1 when the bytes there are not UTF-8. */
static int32_t next_utf8(const uint8_t *s, size_t size, size_t *at) {
    uint8_t b = s[(*at)++];
    if (b < 0x80)
        return b;
    int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : -1;
    if (extra < 0 || b >= 0xF5 || *at + (size_t)extra > size)
        return -1;
    int32_t c = b & (0x3F >> extra);
    for (int i = 0; i < extra; i++) {
        uint8_t k = s[(*at)++];
        if ((k & 0xC0) != 0x80)
            return -1;
        c = c << 6 | (k & 0x3F);
    }
    static const int32_t least[4] = {0, 0x80, 0x800, 0x10000};
    if (c < least[extra] || c > 0x10FFFF || (c >= 0xD800 && c < 0xE000))
        return -1;
    return c;
}

int tl_index_encode(const tl_index *index, const void *key, size_t length, int width, uint8_t out[TL_MAX_LENGTH],
                    size_t *n) {
    const uint8_t *number = index->number;
    size_t w = 0;
    *n = 0;
    if (width == TL_UTF8) {
        const uint8_t *s = key;
        for (size_t at = 0; at < length;) {
            int32_t c = next_utf8(s, length, &at);
            if (c < 0 || (uint32_t)c >= PLANE || !number[c] || w == TL_MAX_LENGTH)
                return 0;
            out[w++] = number[c];
        }
    } else {
        if (length > TL_MAX_LENGTH)
            return 0;
        for (size_t i = 0; i < length; i++) {
            uint32_t c = width == 1 ? ((const uint8_t *)key)[i]
                       : width == 2 ? ((const uint16_t *)key)[i] : ((const uint32_t *)key)[i];
            if (c >= PLANE || !number[c])
                return 0;
            out[w++] = number[c];
        }
    }
    *n = w;
    return 1;
}

static tl_status check_width(int width, tl_error *err) {
    if (width != TL_UTF8 && width != 1 && width != 2 && width != 4)
        return tl_fail(err, TL_ERR_INPUT, "a key's code units are 1, 2 or 4 bytes wide (or UTF-8), not %d", width);
    return TL_OK;
}

tl_status tl_index_number(const tl_index *index, const void *key, size_t length, int width, int64_t *number,
                          tl_error *err) {
    uint8_t codes[TL_MAX_LENGTH];
    size_t n;
    *number = -1;
    tl_status rc = check_width(width, err);
    if (rc != TL_OK || !tl_index_encode(index, key, length, width, codes, &n) || !n)
        return rc;
    return tl_graph_rank(index->graph, codes, n, number, err);
}

tl_status tl_index_contains(const tl_index *index, const void *key, size_t length, int width, int *found,
                            tl_error *err) {
    *found = 0;
    if (!index->kinds) {
        uint8_t codes[TL_MAX_LENGTH];
        size_t n;
        tl_status rc = check_width(width, err);
        if (rc != TL_OK || !tl_index_encode(index, key, length, width, codes, &n))
            return rc;
        return tl_graph_contains(index->graph, codes, n, found, err);
    }
    int64_t number;
    tl_status rc = tl_index_number(index, key, length, width, &number, err);
    if (rc == TL_OK && number >= 0 && (uint64_t)number < index->n_kinds)
        *found = index->kinds[number] != index->excluded;
    return rc;
}

tl_status tl_index_list_after(const tl_index *index, const void *key, size_t length, int width, int separator,
                              uint32_t *list, tl_error *err) {
    uint8_t codes[TL_MAX_LENGTH];
    size_t n;
    *list = 0;
    tl_status rc = check_width(width, err);
    if (rc != TL_OK || !tl_index_encode(index, key, length, width, codes, &n))
        return rc;
    return tl_graph_list_after(index->graph, codes, n, separator, list, err);
}
