/* The Unicode machinery normalisation needs, over the tables a bundle carries (lexicon/unicode_tables.py):
 * UTF-8, property and combining-class lookups, upper case, and NFC/NFD as UAX #15 defines them (full
 * canonical decomposition, canonical ordering, canonical composition; Hangul by arithmetic). */
#include "lexicon/lexicon.h"

static const uint32_t *find_range(const cpranges *r, uint32_t cp) {
    size_t lo = 0, hi = r->count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const uint32_t *e = r->ranges + 3 * mid;
        if (cp < e[0])
            hi = mid;
        else if (cp > e[1])
            lo = mid + 1;
        else
            return e;
    }
    return NULL;
}

uint32_t uni_props(const unicode_tables *u, uint32_t cp) {
    if (cp < 0x10000)
        return u->props_bmp[cp];
    const uint32_t *e = find_range(&u->props, cp);
    return e ? e[2] : 0;
}

unsigned uni_combining(const unicode_tables *u, uint32_t cp) {
    if (cp < 0x10000)
        return u->ccc_bmp[cp];
    const uint32_t *e = find_range(&u->combining, cp);
    return e ? e[2] : 0;
}

static const uint32_t *find_map(const cpmap *m, uint32_t cp);

void uni_index(unicode_tables *u) {
    const cpranges *tables[2] = {&u->props, &u->combining};
    uint8_t *into[2] = {u->props_bmp, u->ccc_bmp};
    for (int t = 0; t < 2; t++)
        for (uint32_t i = 0; i < tables[t]->count; i++) {
            const uint32_t *r = tables[t]->ranges + 3 * i;
            for (uint32_t cp = r[0]; cp <= r[1] && cp < 0x10000; cp++)
                into[t][cp] = (uint8_t)r[2];
        }
    for (uint32_t cp = 0; cp < LATIN_END; cp++) {
        const uint32_t *e = find_map(&u->upper, cp);
        u->upper_latin[cp] = (uint16_t)(!e ? cp : e[2] == 1 && u->upper.pool[e[1]] < 0x10000 ? u->upper.pool[e[1]] : 0);
    }
}

static const uint32_t *find_map(const cpmap *m, uint32_t cp) {
    size_t lo = 0, hi = m->count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const uint32_t *e = m->entries + 3 * mid;
        if (cp < e[0])
            hi = mid;
        else if (cp > e[0])
            lo = mid + 1;
        else
            return e;
    }
    return NULL;
}

static int put(cpbuf *out, uint32_t cp) {
    if (out->n >= MAX_CPS)
        return 0;
    out->cp[out->n++] = cp;
    return 1;
}

int uni_upper(const unicode_tables *u, const uint32_t *src, size_t n, cpbuf *out) {
    out->n = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = src[i];
        if (cp < LATIN_END && u->upper_latin[cp]) {
            if (!put(out, u->upper_latin[cp]))
                return 0;
            continue;
        }
        const uint32_t *e = find_map(&u->upper, cp);
        if (!e) {
            if (!put(out, cp))
                return 0;
            continue;
        }
        for (uint32_t k = 0; k < e[2]; k++)
            if (!put(out, u->upper.pool[e[1] + k]))
                return 0;
    }
    return 1;
}

/* Hangul syllables (UAX #15, 3.12) */
enum { S_BASE = 0xAC00, L_BASE = 0x1100, V_BASE = 0x1161, T_BASE = 0x11A7, L_COUNT = 19, V_COUNT = 21,
       T_COUNT = 28, N_COUNT = V_COUNT * T_COUNT, S_COUNT = L_COUNT * N_COUNT };

static int decompose_one(const unicode_tables *u, uint32_t cp, cpbuf *out) {
    if (cp >= S_BASE && cp < S_BASE + S_COUNT) {
        uint32_t s = cp - S_BASE;
        if (!put(out, L_BASE + s / N_COUNT) || !put(out, V_BASE + (s % N_COUNT) / T_COUNT))
            return 0;
        return s % T_COUNT ? put(out, T_BASE + s % T_COUNT) : 1;
    }
    const uint32_t *e = cp < 0xC0 ? NULL : find_map(&u->decompose, cp);
    if (!e)
        return put(out, cp);
    for (uint32_t k = 0; k < e[2]; k++)
        if (!put(out, u->decompose.pool[e[1] + k]))
            return 0;
    return 1;
}

/* Full canonical decomposition, then canonical ordering (a stable sort of each run of non-starters). */
int uni_nfd(const unicode_tables *u, const uint32_t *src, size_t n, cpbuf *out) {
    out->n = 0;
    for (size_t i = 0; i < n; i++)
        if (!decompose_one(u, src[i], out))
            return 0;
    for (size_t i = 1; i < out->n; i++) {
        unsigned c = uni_combining(u, out->cp[i]);
        if (!c)
            continue;
        for (size_t j = i; j > 0; j--) { /* insertion: move it before marks of a higher class */
            unsigned before = uni_combining(u, out->cp[j - 1]);
            if (before <= c)
                break;
            uint32_t t = out->cp[j];
            out->cp[j] = out->cp[j - 1];
            out->cp[j - 1] = t;
        }
    }
    return 1;
}

static uint32_t compose_pair(const unicode_tables *u, uint32_t a, uint32_t b) {
    if (a >= L_BASE && a < L_BASE + L_COUNT && b >= V_BASE && b < V_BASE + V_COUNT)
        return S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT;
    if (a >= S_BASE && a < S_BASE + S_COUNT && (a - S_BASE) % T_COUNT == 0 && b > T_BASE && b < T_BASE + T_COUNT)
        return a + (b - T_BASE);
    size_t lo = 0, hi = u->n_compose;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const uint32_t *e = u->compose + 3 * mid;
        if (a < e[0] || (a == e[0] && b < e[1]))
            hi = mid;
        else if (a > e[0] || b > e[1])
            lo = mid + 1;
        else
            return e[2];
    }
    return 0;
}

int uni_nfc(const unicode_tables *u, const uint32_t *src, size_t n, cpbuf *out) {
    if (!uni_nfd(u, src, n, out))
        return 0;
    if (out->n == 0)
        return 1;
    uint32_t *t = out->cp;
    size_t starter = 0, w = 1;
    unsigned last = uni_combining(u, t[0]);
    if (last)
        last = 256; /* a mark first: nothing composes with what precedes it */
    for (size_t i = 1; i < out->n; i++) {
        uint32_t cp = t[i];
        unsigned c = uni_combining(u, cp);
        uint32_t composite = compose_pair(u, t[starter], cp);
        if (composite && (last < c || last == 0) && last != 256) {
            t[starter] = composite;
        } else {
            if (c == 0)
                starter = w;
            last = c;
            t[w++] = cp;
        }
    }
    out->n = w;
    return 1;
}

long utf8_decode(const uint8_t *s, size_t size, uint32_t *out, size_t cap, size_t *bad) {
    size_t n = 0;
    for (size_t at = 0; at < size;) {
        uint8_t b = s[at];
        uint32_t cp;
        int extra;
        if (b < 0x80) {
            cp = b;
            extra = 0;
        } else if (b >= 0xC2 && b < 0xE0) {
            cp = b & 0x1F;
            extra = 1;
        } else if (b >= 0xE0 && b < 0xF0) {
            cp = b & 0x0F;
            extra = 2;
        } else if (b >= 0xF0 && b < 0xF5) {
            cp = b & 0x07;
            extra = 3;
        } else {
            *bad = at;
            return -1;
        }
        if (at + (size_t)extra >= size && extra) {
            *bad = at;
            return -1;
        }
        for (int k = 1; k <= extra; k++) {
            uint8_t c = s[at + (size_t)k];
            if ((c & 0xC0) != 0x80) {
                *bad = at;
                return -1;
            }
            cp = cp << 6 | (c & 0x3F);
        }
        if ((extra == 2 && cp < 0x800) || (extra == 3 && (cp < 0x10000 || cp > 0x10FFFF))) {
            *bad = at;
            return -1;
        }
        if (out) {
            if (n == cap)
                return -2;
            out[n] = cp;
        }
        n++;
        at += 1 + (size_t)extra;
    }
    return (long)n;
}

long utf8_encode(const uint32_t *cp, size_t n, char *out, size_t cap) {
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = cp[i];
        int len = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
        if (w + (size_t)len > cap)
            return -1;
        if (len == 1) {
            out[w++] = (char)c;
        } else if (len == 2) {
            out[w++] = (char)(0xC0 | c >> 6);
            out[w++] = (char)(0x80 | (c & 0x3F));
        } else if (len == 3) {
            out[w++] = (char)(0xE0 | c >> 12);
            out[w++] = (char)(0x80 | ((c >> 6) & 0x3F));
            out[w++] = (char)(0x80 | (c & 0x3F));
        } else {
            out[w++] = (char)(0xF0 | c >> 18);
            out[w++] = (char)(0x80 | ((c >> 12) & 0x3F));
            out[w++] = (char)(0x80 | ((c >> 6) & 0x3F));
            out[w++] = (char)(0x80 | (c & 0x3F));
        }
    }
    return (long)w;
}
