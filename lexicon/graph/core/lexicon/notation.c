/* Tiles: the cuts of a key into a game's tiles, the preferred one, what tiles spell, the shortest
 * notation naming a cut, and the tile notation of a word (`HÁ[Z][S]OR`, `["H","Á"]`), step for step
 * and message for message as lexicon.tiling (the reference; tests/test_bundle.py holds them together). */
#include "lexicon/notation.h"

#include <stdio.h>

/* ------------------------------------------------------------------ tiles and cuts */

/* The tile whose letters are cp[0..len), as its place + 1, or 0. */
int tile_of(const tl_lexicon *lex, const uint32_t *cp, size_t len) {
    if (len == 1) {
        if (cp[0] < 0x10000 && lex->letter_tile[lex->letter_of[cp[0]]])
            return lex->letter_tile[lex->letter_of[cp[0]]];
        for (uint32_t t = 0; t < lex->n_tiles; t++)
            if (lex->tile_len[t] == 1 && lex->tile_cp[t][0] == cp[0])
                return (int)t + 1;
        return 0;
    }
    for (uint64_t from = multi_from(lex, cp[0]); from; from &= from - 1) {
        unsigned t = lex->multi[__builtin_ctzll(from)];
        if (lex->tile_len[t] == len && tile_spells_at(lex, t, cp, len, 0))
            return (int)t + 1;
    }
    return 0;
}

/* The steps at `pos` (tiling._steps): tiles consumed (1, or 2 for a doubled digraph under the
 * pronounced policy) and characters consumed, longest first, the doubled before the as-written. */
typedef struct {
    uint8_t tiles[2];
    uint8_t n_tiles, chars;
} step;

static size_t steps_with(const tl_lexicon *lex, int pronounced, const uint32_t *key, size_t n, size_t pos,
                         step out[64]) {
    size_t count = 0;
    uint64_t from = multi_from(lex, key[pos]);
    if (pronounced)
        for (uint64_t f = from; f; f &= f - 1) {
            unsigned t = lex->multi[__builtin_ctzll(f)];
            if (key[pos] != lex->tile_cp[t][0] || !tile_spells_at(lex, t, key, n, pos + 1))
                continue; /* the first letter checked too: a letter outside the alphabet shares multi_from[0] */
            out[count++] = (step){{(uint8_t)t, (uint8_t)t}, 2, (uint8_t)(lex->tile_len[t] + 1)};
        }
    /* at most one multi-letter tile of each length spells the letters here (tiles differ), so their order
     * before the sort below does not matter */
    for (uint64_t f = from; f; f &= f - 1) {
        unsigned t = lex->multi[__builtin_ctzll(f)];
        if (tile_spells_at(lex, t, key, n, pos))
            out[count++] = (step){{(uint8_t)t, 0}, 1, (uint8_t)lex->tile_len[t]};
    }
    int t = tile_of(lex, key + pos, 1);
    if (t)
        out[count++] = (step){{(uint8_t)(t - 1), 0}, 1, 1};
    /* sorted by characters consumed, longest first, stably (sorted(here, key=-consumed)) */
    for (size_t i = 1; i < count; i++)
        for (size_t j = i; j > 0 && out[j - 1].chars < out[j].chars; j--) {
            step s = out[j];
            out[j] = out[j - 1];
            out[j - 1] = s;
        }
    return count;
}

static size_t steps_at(const tl_lexicon *lex, const uint32_t *key, size_t n, size_t pos, step out[64]) {
    return steps_with(lex, lex->pronounced, key, n, pos, out);
}

/* The cut of a key in which no multi-letter tile spells any letters, in one pass: 1 with it in `out`, 0 when a
 * letter is no tile, -1 when some multi-letter tile spells letters of the key (its cuts are then a search). */
static int single_cut(const tl_lexicon *lex, const uint32_t *key, size_t n, tiling *out) {
    int found = 1;
    out->n = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = key[i];
        uint8_t letter = cp < 0x10000 ? lex->letter_of[cp] : 0;
        for (uint64_t f = lex->single_letter_tiles ? 0 : lex->multi_from[letter]; f; f &= f - 1)
            if (tile_spells_at(lex, lex->multi[__builtin_ctzll(f)], key, n, i))
                return -1;
        int t = found ? (lex->letter_tile[letter] ? lex->letter_tile[letter] : tile_of(lex, key + i, 1)) : 0;
        if (t)
            out->tile[out->n++] = (uint8_t)(t - 1);
        else
            found = 0;
    }
    return found;
}

/* fewest[pos]: the fewest tiles that cut key[pos..n), NO_CUT when none does; key[0..n) has a cut when fewest[0]
 * is not NO_CUT. A cut searched through this table takes only steps that lead to a cut, so no search is longer
 * than the cuts it gives (without it, a run of digraph letters with no cut, SZSZ…SZY, is exponential). */
enum { NO_CUT = 0xFFFF };

static void fewest_tiles_from(const tl_lexicon *lex, int pronounced, const uint32_t *key, size_t n,
                              uint16_t *fewest) {
    fewest[n] = 0;
    for (size_t pos = n; pos-- > 0;) {
        step s[64];
        size_t k = steps_with(lex, pronounced, key, n, pos, s);
        fewest[pos] = NO_CUT;
        for (size_t i = 0; i < k; i++)
            if (fewest[pos + s[i].chars] != NO_CUT && fewest[pos + s[i].chars] + s[i].n_tiles < fewest[pos])
                fewest[pos] = (uint16_t)(fewest[pos + s[i].chars] + s[i].n_tiles);
    }
}

int count_tilings(const tl_lexicon *lex, const uint32_t *key, size_t n, uint64_t *ways) {
    tiling one;
    int single = n <= MAX_KEY ? single_cut(lex, key, n, &one) : -1;
    if (single >= 0) {
        *ways = (uint64_t)single;
        return 1;
    }
    uint64_t w[MAX_KEY + 1];
    if (n > MAX_KEY)
        return 0;
    w[n] = 1;
    for (size_t pos = n; pos-- > 0;) {
        step s[64];
        size_t k = steps_at(lex, key, n, pos, s);
        uint64_t sum = 0;
        for (size_t i = 0; i < k; i++) {
            sum += w[pos + s[i].chars];
            if (sum > (1ull << 62))
                sum = 1ull << 62;
        }
        w[pos] = sum;
    }
    *ways = w[0];
    return 1;
}

int preferred_cut(const tl_lexicon *lex, int pronounced, const uint32_t *key, size_t n, tiling *out) {
    out->n = 0;
    if (n > MAX_KEY)
        return 0;
    int single = single_cut(lex, key, n, out);
    if (single >= 0)
        return single;
    out->n = 0;
    uint16_t fewest[MAX_KEY + 1];
    fewest_tiles_from(lex, pronounced, key, n, fewest);
    if (fewest[0] == NO_CUT)
        return 0;
    for (size_t pos = 0; pos < n;) {
        step s[64];
        size_t k = steps_with(lex, pronounced, key, n, pos, s), i = 0;
        while (i + 1 < k && fewest[pos + s[i].chars] == NO_CUT) /* a step that completes exists */
            i++;
        for (int j = 0; j < s[i].n_tiles; j++)
            out->tile[out->n++] = s[i].tiles[j];
        pos += s[i].chars;
    }
    return 1;
}

int preferred_tiling(const tl_lexicon *lex, const uint32_t *key, size_t n, tiling *out) {
    return preferred_cut(lex, lex->pronounced, key, n, out);
}

/* Is `t[0..count)` a cut of key[0..n) (a tiling tiling.tilings lists)? */
static int is_cut(const tl_lexicon *lex, const uint32_t *key, size_t n, const uint8_t *t, size_t count) {
    if (!count)
        return n == 0;
    if (!n)
        return 0;
    step s[64];
    size_t k = steps_at(lex, key, n, 0, s);
    for (size_t i = 0; i < k; i++) {
        if (s[i].n_tiles > count || s[i].tiles[0] != t[0] || (s[i].n_tiles == 2 && s[i].tiles[1] != t[1]))
            continue;
        if (is_cut(lex, key + s[i].chars, n - s[i].chars, t + s[i].n_tiles, count - s[i].n_tiles))
            return 1;
    }
    return 0;
}

/* Every cut of a key of at most `most` tiles, in tiling.tilings' order, to `each`; a nonzero return stops. Only
 * steps after which a cut of at most `most` tiles in all remains are taken (`fewest`). */
static int cuts_from(const tl_lexicon *lex, const uint32_t *key, size_t n, size_t pos, size_t most,
                     const uint16_t *fewest, tiling *acc, int (*each)(void *, const tiling *), void *context) {
    if (pos == n)
        return each(context, acc);
    step s[64];
    size_t k = steps_at(lex, key, n, pos, s), before = acc->n;
    for (size_t i = 0; i < k; i++) {
        uint16_t rest = fewest[pos + s[i].chars];
        if (rest == NO_CUT || before + s[i].n_tiles + rest > most)
            continue;
        for (int j = 0; j < s[i].n_tiles; j++)
            acc->tile[acc->n++] = s[i].tiles[j];
        int rc = cuts_from(lex, key, n, pos + s[i].chars, most, fewest, acc, each, context);
        acc->n = before;
        if (rc)
            return rc;
    }
    return 0;
}

int each_tiling(const tl_lexicon *lex, const uint32_t *key, size_t n, int (*each)(void *, const tiling *),
                void *context) {
    return each_tiling_within(lex, key, n, SIZE_MAX, each, context);
}

int each_tiling_within(const tl_lexicon *lex, const uint32_t *key, size_t n, size_t most,
                       int (*each)(void *, const tiling *), void *context) {
    tiling acc;
    if (n > MAX_KEY)
        return 0;
    int single = single_cut(lex, key, n, &acc);
    if (single >= 0)
        return single && acc.n <= most ? each(context, &acc) : 0;
    uint16_t fewest[MAX_KEY + 1];
    fewest_tiles_from(lex, lex->pronounced, key, n, fewest);
    acc.n = 0;
    return cuts_from(lex, key, n, 0, most, fewest, &acc, each, context);
}

size_t spell(const tl_lexicon *lex, const tiling *t, uint32_t *out) {
    size_t w = 0;
    for (size_t i = 0; i < t->n; i++) {
        uint8_t tile = t->tile[i];
        size_t len = lex->tile_len[tile];
        if (lex->pronounced && len > 1 && i + 1 < t->n && t->tile[i + 1] == tile) {
            out[w++] = lex->tile_cp[tile][0]; /* a long digraph is written shortened: SZ SZ spells SSZ */
            i++;
        }
        memcpy(out + w, lex->tile_cp[tile], len * sizeof *out);
        w += len;
    }
    return w;
}

size_t format_tiling(const tl_lexicon *lex, const tiling *t, char *out, size_t cap) {
    size_t w = 0;
#define EMIT(text, len)                                                                                           \
    do {                                                                                                          \
        if (w + (len) >= cap)                                                                                     \
            return 0;                                                                                             \
        memcpy(out + w, (text), (len));                                                                           \
        w += (len);                                                                                               \
    } while (0)
    for (size_t i = 0; i < t->n;) {
        uint8_t tile = t->tile[i];
        size_t letters;
        const char *text = strlist_at(&lex->tiles, tile, &letters);
        if (lex->tile_len[tile] > 1) {
            EMIT("[", 1);
            EMIT(text, letters);
            EMIT("]", 1);
            i++;
            continue;
        }
        size_t j = i;
        uint32_t run[MAX_KEY];
        while (j < t->n && lex->tile_len[t->tile[j]] == 1) {
            run[j - i] = lex->tile_cp[t->tile[j]][0];
            j++;
        }
        size_t n = j - i;
        uint8_t covered[MAX_KEY] = {0}; /* positions some multi-letter tile could also cover: bracketed */
        for (uint32_t m = 0; m < lex->n_multi; m++)
            for (size_t s = 0; s < n; s++)
                if (tile_spells_at(lex, lex->multi[m], run, n, s))
                    memset(covered + s, 1, lex->tile_len[lex->multi[m]]);
        for (size_t k = 0; k < n; k++) {
            const char *one = strlist_at(&lex->tiles, t->tile[i + k], &letters);
            if (covered[k])
                EMIT("[", 1);
            EMIT(one, letters);
            if (covered[k])
                EMIT("]", 1);
        }
        i = j;
    }
#undef EMIT
    out[w] = 0;
    return w;
}

/* ------------------------------------------------------------------ tile notation */

static void fail(notation *out, size_t position, const char *format, ...) __attribute__((format(printf, 3, 4)));

#include <stdarg.h>

static void fail(notation *out, size_t position, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(out->message, sizeof out->message, format, args);
    va_end(args);
    out->failed = 1;
    out->position = position;
}

/* `text` in a message, as tiling.quoted writes it; at most `most` characters. */
const char *quote_plain(const uint32_t *cp, size_t n, size_t most, char buffer[1200]) {
    size_t len = 1;
    buffer[0] = '\'';
    for (size_t i = 0; i < n && i < most; i++) {
        if (cp[i] >= 0xD800 && cp[i] < 0xE000) { /* a lone surrogate a JSON escape made: named, as UTF-8 has none */
            len += (size_t)snprintf(buffer + len, 8, "U+%04X", (unsigned)cp[i]);
            continue;
        }
        long one = utf8_encode(cp + i, 1, buffer + len, 8);
        len += one > 0 ? (size_t)one : 0;
    }
    buffer[len] = '\'';
    buffer[len + 1] = 0;
    return buffer;
}

static int bundle_unprintable(const void *tables, uint32_t c) {
    return (uni_props(tables, c) & P_UNPRINTABLE) != 0;
}

/* `text` in a message as Python's repr writes it ('hus', "it's"); at most `most` characters. */
size_t py_repr(const unicode_tables *u, const uint32_t *cp, size_t n, size_t most, char *out, size_t cap) {
    return py_repr_by(bundle_unprintable, u, cp, n, most, out, cap);
}

size_t py_repr_by(int (*unprintable)(const void *, uint32_t), const void *tables, const uint32_t *cp, size_t n,
                  size_t most, char *out, size_t cap) {
    if (n > most)
        n = most;
    int single = 0, dbl = 0;
    for (size_t i = 0; i < n; i++) {
        single |= cp[i] == '\'';
        dbl |= cp[i] == '"';
    }
    char quote = single && !dbl ? '"' : '\'';
    size_t w = 0;
#define PUT(text, len)                                                                                            \
    do {                                                                                                          \
        if (w + (len) + 2 > cap)                                                                                  \
            goto full;                                                                                            \
        memcpy(out + w, (text), (len));                                                                           \
        w += (len);                                                                                               \
    } while (0)
    PUT(&quote, 1);
    for (size_t i = 0; i < n; i++) {
        uint32_t c = cp[i];
        char text[16];
        size_t len;
        if (c == (uint32_t)quote || c == '\\') {
            text[0] = '\\';
            text[1] = (char)c;
            len = 2;
        } else if (c == '\n' || c == '\r' || c == '\t') {
            text[0] = '\\';
            text[1] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
            len = 2;
        } else if (c < 0x20 || c == 0x7F || (c >= 0x80 && unprintable(tables, c))) {
            /* str.isprintable() is false (a space other than U+0020 too): an escape */
            len = (size_t)snprintf(text, sizeof text, c < 0x100 ? "\\x%02x" : c < 0x10000 ? "\\u%04x" : "\\U%08x", c);
        } else {
            long got = utf8_encode(&c, 1, text, sizeof text);
            len = got < 0 ? 0 : (size_t)got;
        }
        PUT(text, len);
    }
    PUT(&quote, 1);
#undef PUT
    out[w] = 0;
    return w;
full:
    out[w] = 0;
    return w;
}

static int is_white(uint32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static int hex_value(uint32_t c) {
    return c >= '0' && c <= '9' ? (int)(c - '0') : c >= 'a' && c <= 'f' ? (int)(c - 'a' + 10)
         : c >= 'A' && c <= 'F' ? (int)(c - 'A' + 10) : -1;
}

static int hex4(const uint32_t *t, size_t n, size_t at, uint32_t *value) {
    if (at + 4 > n)
        return 0;
    uint32_t v = 0;
    for (size_t k = 0; k < 4; k++) {
        int h = hex_value(t[at + k]);
        if (h < 0)
            return 0;
        v = v << 4 | (uint32_t)h;
    }
    *value = v;
    return 1;
}

/* A tile a piece of text names (the normaliser's key of it), as its place + 1; 0 when none. Empty text
 * is itself (tiling._tile), so no tile either. */
static int named_tile(const tl_lexicon *lex, const uint32_t *text, size_t n, normalized *work, cpbuf *scratch) {
    if (!n)
        return 0;
    normalize_word(lex, text, n, work, scratch);
    if (work->reason != R_NONE)
        return 0;
    return tile_of(lex, work->key.cp, work->key.n);
}

/* A JSON array of strings (tiling.parse_tile_list): each item's text in out->pool (at, len) and where it
 * starts (pos); 1, or 0 with out->failed, message and position. */
int parse_items(const uint32_t *t, size_t n, notation *out, size_t *item_at, size_t *item_len, size_t *item_pos,
                size_t *count) {
    size_t pos = 0, items = 0, used = 0;
    uint32_t *pool = out->pool;
    out->failed = 0;
    *count = 0;
#define SKIP() while (pos < n && is_white(t[pos])) pos++
#define FAIL(at, ...) do { fail(out, (at), __VA_ARGS__); return 0; } while (0)
    SKIP();
    if (pos >= n || t[pos] != '[')
        FAIL(pos, "not a JSON array of tiles: expected '[' at position %zu", pos);
    pos++;
    SKIP();
    if (pos < n && t[pos] == ']') {
        pos++;
        SKIP();
        if (pos < n)
            FAIL(pos, "not a JSON array of tiles: text after the array at position %zu", pos);
        return 1;
    }
    for (;;) {
        if (pos >= n || t[pos] != '"')
            FAIL(pos, "not a JSON array of tiles: item %zu is not a string at position %zu", items, pos);
        size_t start = pos++;
        if (items < MAX_SEGMENTS) {
            item_at[items] = used;
            item_pos[items] = start;
        }
        for (;;) {
            if (pos >= n)
                FAIL(start, "not a JSON array of tiles: a string without its closing quote at position %zu", start);
            uint32_t c = t[pos];
            if (c == '"') {
                pos++;
                break;
            }
            if (c < 0x20)
                FAIL(pos, "not a JSON array of tiles: a control character in a string at position %zu", pos);
            uint32_t value = c;
            if (c != '\\') {
                pos++;
            } else {
                uint32_t code = pos + 1 < n ? t[pos + 1] : 0;
                static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
                const char *found = code && code < 0x80 ? strchr(from, (int)code) : NULL;
                uint32_t low;
                if (found && *found) {
                    value = (uint32_t)(unsigned char)to[found - from];
                    pos += 2;
                } else if (code == 'u' && hex4(t, n, pos + 2, &value)) {
                    pos += 6;
                    if (value >= 0xD800 && value < 0xDC00 && pos + 1 < n && t[pos] == '\\' && t[pos + 1] == 'u' &&
                        hex4(t, n, pos + 2, &low) && low >= 0xDC00 && low < 0xE000) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00);
                        pos += 6;
                    }
                } else {
                    FAIL(pos, "not a JSON array of tiles: an escape JSON does not have at position %zu", pos);
                }
            }
            if (used < MAX_CPS)
                pool[used++] = value;
        }
        if (items < MAX_SEGMENTS)
            item_len[items] = used - item_at[items];
        items++;
        SKIP();
        if (pos < n && t[pos] == ',') {
            pos++;
            SKIP();
            continue;
        }
        if (pos < n && t[pos] == ']') {
            pos++;
            SKIP();
            if (pos < n)
                FAIL(pos, "not a JSON array of tiles: text after the array at position %zu", pos);
            break;
        }
        FAIL(pos, "not a JSON array of tiles: expected ',' or ']' at position %zu", pos);
    }
#undef SKIP
#undef FAIL
    *count = items < MAX_SEGMENTS ? items : MAX_SEGMENTS;
    return 1;
}

/* An array of strings, parsed whole first (a syntax error anywhere comes before any item's tile), then each
 * item named as a tile. */
static void parse_list(const tl_lexicon *lex, const uint32_t *t, size_t n, notation *out, normalized *work,
                       cpbuf *scratch) {
    size_t item_at[MAX_SEGMENTS], item_len[MAX_SEGMENTS], item_pos[MAX_SEGMENTS], items;
    if (!parse_items(t, n, out, item_at, item_len, item_pos, &items))
        return;
    if (!items) {
        fail(out, 0, "a JSON tile list must be a non-empty array of strings, at position 0");
        return;
    }
    for (size_t i = 0; i < items; i++) {
        int tile = named_tile(lex, out->pool + item_at[i], item_len[i], work, scratch);
        if (!tile) {
            char shown[1200];
            fail(out, item_pos[i], "item %zu (%s) is not a tile of %s (position %zu)", i,
                 quote_plain(out->pool + item_at[i], item_len[i], 20, shown), lex->tileset, item_pos[i]);
            return;
        }
        segment *s = &out->segments[out->n_segments++];
        s->fixed = 1;
        s->tile = (uint8_t)(tile - 1);
        s->n = 0;
    }
}

static long find(const uint32_t *t, size_t n, size_t from, uint32_t c) {
    for (size_t i = from; i < n; i++)
        if (t[i] == c)
            return (long)i;
    return -1;
}

#define FAIL(at, ...) do { fail(out, (at), __VA_ARGS__); return; } while (0)

void parse_notation(const tl_lexicon *lex, const uint32_t *t, size_t n, notation *out, normalized *work,
                    cpbuf *scratch) {
    out->failed = 0;
    out->n_segments = 0;
    out->position = 0;
    out->used = 0;
    if (find(t, n, 0, '"') >= 0) {
        parse_list(lex, t, n, out, work, scratch);
        return;
    }
    for (size_t pos = 0; pos < n;) {
        uint32_t c = t[pos];
        if (c == '[') {
            long end = find(t, n, pos + 1, ']'), nested = find(t, n, pos + 1, '[');
            if (end < 0)
                FAIL(pos, "unclosed '[' at position %zu", pos);
            if (nested >= 0 && nested < end)
                FAIL((size_t)nested, "'[' inside a bracket at position %ld", nested);
            const uint32_t *inner = t + pos + 1;
            size_t len = (size_t)end - pos - 1;
            if (!len)
                FAIL(pos, "empty brackets at position %zu", pos);
            int tile = named_tile(lex, inner, len, work, scratch);
            if (!tile) {
                char text[1200];
                long w = utf8_encode(inner, len, text, sizeof text - 1);
                text[w < 0 ? 0 : w] = 0;
                FAIL(pos, "[%s] at position %zu is not a tile of %s", text, pos, lex->tileset);
            }
            if (out->n_segments < MAX_SEGMENTS) {
                segment *s = &out->segments[out->n_segments++];
                s->fixed = 1;
                s->tile = (uint8_t)(tile - 1);
                s->n = 0;
            }
            pos = (size_t)end + 1;
        } else if (c == ']') {
            FAIL(pos, "']' without '[' at position %zu", pos);
        } else {
            long a = find(t, n, pos, '['), b = find(t, n, pos, ']');
            size_t end = a < 0 && b < 0 ? n : a < 0 ? (size_t)b : b < 0 ? (size_t)a : (size_t)(a < b ? a : b);
            const uint32_t *piece = t + pos;
            size_t len = end - pos, s0 = 0, s1 = len;
            while (s0 < s1 && (uni_props(&lex->uni, piece[s0]) & P_SPACE))
                s0++;
            while (s1 > s0 && (uni_props(&lex->uni, piece[s1 - 1]) & P_SPACE))
                s1--;
            if (s0 < s1) { /* a piece with letters: its cut stays open */
                normalize_word(lex, piece, len, work, scratch);
                if (work->reason != R_NONE) {
                    char shown[1200];
                    FAIL(pos + work->position, "%s is not a word: %s at position %zu",
                         quote_plain(piece + s0, s1 - s0, 20, shown), reason_name(work->reason), pos + work->position);
                }
                if (out->n_segments < MAX_SEGMENTS && work->key.n <= MAX_KEY && out->used + work->key.n <= MAX_CPS) {
                    segment *s = &out->segments[out->n_segments++];
                    s->fixed = 0;
                    s->n = work->key.n;
                    s->text = out->pool + out->used;
                    memcpy(out->pool + out->used, work->key.cp, work->key.n * sizeof *s->text);
                    out->used += work->key.n;
                } else {
                    FAIL(pos, "the notation is longer than a word can be at position %zu", pos);
                }
            }
            pos = end;
        }
    }
    if (!out->n_segments)
        FAIL(0, "no tiles in the notation");
#undef FAIL
}

int notation_tilings(const tl_lexicon *lex, const notation *nt, tiling *first, int *any, char *message, size_t cap) {
    uint64_t total = 1;
    int empty = 0;
    first->n = 0;
    for (size_t i = 0; i < nt->n_segments; i++) {
        const segment *s = &nt->segments[i];
        if (s->fixed) {
            if (first->n < MAX_KEY)
                first->tile[first->n++] = s->tile;
            continue;
        }
        uint64_t ways;
        if (!count_tilings(lex, s->text, s->n, &ways))
            ways = 0;
        if (ways > MAX_TILINGS) {
            char shown[1200];
            snprintf(message, cap, "%s%s has more than %d tilings (the limit); it is not a word",
                     quote_plain(s->text, s->n, 40, shown), s->n > 40 ? "…" : "", MAX_TILINGS);
            return 0;
        }
        if (!ways)
            empty = 1;
        total = total * ways > (1ull << 62) ? (1ull << 62) : total * ways;
        tiling t;
        if (ways && preferred_tiling(lex, s->text, s->n, &t))
            for (size_t k = 0; k < t.n && first->n < MAX_KEY; k++)
                first->tile[first->n++] = t.tile[k];
    }
    if (!empty && total > MAX_TILINGS) {
        snprintf(message, cap, "the notation allows more than %d tilings (the limit)", MAX_TILINGS);
        return 0;
    }
    *any = !empty;
    return 1;
}

/* Does the cut `t` follow the notation: each fixed segment one tile, each open one a cut of its letters? */
static int follows(const tl_lexicon *lex, const notation *nt, size_t seg, const uint8_t *t, size_t n) {
    if (seg == nt->n_segments)
        return n == 0;
    const segment *s = &nt->segments[seg];
    if (s->fixed)
        return n > 0 && t[0] == s->tile && follows(lex, nt, seg + 1, t + 1, n - 1);
    for (size_t take = 1; take <= n; take++)
        if (is_cut(lex, s->text, s->n, t, take) && follows(lex, nt, seg + 1, t + take, n - take))
            return 1;
    return 0;
}

int notation_allows(const tl_lexicon *lex, const notation *nt, const tiling *t) {
    return follows(lex, nt, 0, t->tile, t->n);
}

size_t notation_letters(const notation *nt, const tl_lexicon *lex, uint32_t *out) {
    size_t w = 0;
    for (size_t i = 0; i < nt->n_segments; i++) {
        const segment *s = &nt->segments[i];
        if (s->fixed) {
            memcpy(out + w, lex->tile_cp[s->tile], lex->tile_len[s->tile] * sizeof *out);
            w += lex->tile_len[s->tile];
        } else {
            memcpy(out + w, s->text, s->n * sizeof *out);
            w += s->n;
        }
    }
    return w;
}
