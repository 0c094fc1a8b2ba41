/* Python's str as the service's messages use it (reader.h): whitespace, printable characters, the full case
 * mappings, repr, and str() of a value read from JSON, over the tables of pystr_tables.c. The one rule of
 * Python's lower() not here is the final sigma's (Σ at a word's end lowers to ς): a message quoting such a
 * Greek word lowers it to σ. */
#include "lexicon/notation.h"
#include "wire/reader.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int in_ranges(const uint32_t *ranges, size_t count, uint32_t cp) {
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (ranges[2 * mid + 1] < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < count && ranges[2 * lo] <= cp;
}

int py_isspace(uint32_t cp) { return in_ranges(py_space_ranges, py_space_count, cp); }
int py_isprintable(uint32_t cp) { return !in_ranges(py_unprintable_ranges, py_unprintable_count, cp); }

/* The mapping of `cp` in a table of `width` numbers an entry, sorted by code point: the entry, or NULL. */
static const uint32_t *entry_of(const uint32_t *table, size_t count, size_t width, uint32_t cp) {
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (table[width * mid] < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < count && table[width * lo] == cp ? table + width * lo : NULL;
}

static size_t mapped(const uint32_t *single, size_t n_single, const uint32_t *multi, size_t n_multi,
                     const uint32_t *cp, size_t n, uint32_t *out, size_t cap) {
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t *e = entry_of(single, n_single, 2, cp[i]);
        if (e) {
            if (w < cap)
                out[w++] = e[1];
            continue;
        }
        e = entry_of(multi, n_multi, 5, cp[i]);
        if (e) {
            for (uint32_t k = 0; k < e[1]; k++)
                if (w < cap)
                    out[w++] = e[2 + k];
            continue;
        }
        if (w < cap)
            out[w++] = cp[i];
    }
    return w;
}

size_t py_upper(const uint32_t *cp, size_t n, uint32_t *out, size_t cap) {
    return mapped(py_upper_single, py_upper_single_count, py_upper_multi, py_upper_multi_count, cp, n, out, cap);
}

size_t py_lower(const uint32_t *cp, size_t n, uint32_t *out, size_t cap) {
    return mapped(py_lower_single, py_lower_single_count, py_lower_multi, py_lower_multi_count, cp, n, out, cap);
}

static int unprintable(const void *tables, uint32_t cp) {
    (void)tables;
    return !py_isprintable(cp);
}

size_t py_repr_text(const uint32_t *cp, size_t n, size_t most, char *out, size_t cap) {
    return py_repr_by(unprintable, NULL, cp, n, most, out, cap);
}

size_t utf8_code_points(const char *s, size_t size, uint32_t *out, size_t cap) {
    const uint8_t *p = (const uint8_t *)s;
    size_t w = 0;
    for (size_t i = 0; i < size && w < cap;) {
        uint8_t c = p[i];
        size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        uint32_t v = len == 1 ? c : c & (0x7Fu >> len);
        for (size_t k = 1; k < len && i + k < size; k++)
            v = v << 6 | (p[i + k] & 0x3Fu);
        out[w++] = v;
        i += len;
    }
    return w;
}

size_t utf8_from_code_points(const uint32_t *cp, size_t n, char *out, size_t cap) {
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = cp[i];
        size_t len = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
        if (w + len + 1 > cap)
            break;
        if (len == 1) {
            out[w] = (char)c;
        } else if (len == 2) {
            out[w] = (char)(0xC0 | c >> 6);
            out[w + 1] = (char)(0x80 | (c & 0x3F));
        } else if (len == 3) {
            out[w] = (char)(0xE0 | c >> 12);
            out[w + 1] = (char)(0x80 | (c >> 6 & 0x3F));
            out[w + 2] = (char)(0x80 | (c & 0x3F));
        } else {
            out[w] = (char)(0xF0 | c >> 18);
            out[w + 1] = (char)(0x80 | (c >> 12 & 0x3F));
            out[w + 2] = (char)(0x80 | (c >> 6 & 0x3F));
            out[w + 3] = (char)(0x80 | (c & 0x3F));
        }
        w += len;
    }
    if (cap)
        out[w] = 0;
    return w;
}

/* ------------------------------------------------------------------ str() of a value */

typedef struct {
    uint32_t *out;
    size_t n, most;
} cps;

static int full(const cps *c) { return c->n >= c->most; }

static void put_ascii(cps *c, const char *text) {
    for (; *text && !full(c); text++)
        c->out[c->n++] = (uint8_t)*text;
}

/* repr(float) as Python writes it: the shortest digits that read back, fixed from 1e-4 up to 1e16. */
static void float_repr(double x, char *out, size_t cap) {
    if (isinf(x) || isnan(x)) {
        snprintf(out, cap, isnan(x) ? "nan" : x < 0 ? "-inf" : "inf");
        return;
    }
    char buf[40];
    for (int precision = 0; precision < 17; precision++) {
        snprintf(buf, sizeof buf, "%.*e", precision, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    /* buf: [-]d[.ddd]e±XX */
    const char *s = buf;
    int negative = *s == '-';
    s += negative;
    char digits[24];
    size_t nd = 0;
    for (; *s && *s != 'e'; s++)
        if (*s != '.')
            digits[nd++] = *s;
    int exponent = atoi(s + 1);
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    digits[nd] = 0;
    int point = exponent + 1; /* digits before the decimal point */
    size_t w = 0;
    if (negative)
        out[w++] = '-';
    if (digits[0] == '0' && nd == 1) {
        snprintf(out + w, cap - w, "0.0");
        return;
    }
    if (point > -4 && point <= 16) {
        if (point <= 0) {
            w += (size_t)snprintf(out + w, cap - w, "0.");
            for (int i = 0; i < -point; i++)
                out[w++] = '0';
            snprintf(out + w, cap - w, "%s", digits);
        } else if ((size_t)point >= nd) {
            w += (size_t)snprintf(out + w, cap - w, "%s", digits);
            for (size_t i = nd; i < (size_t)point; i++)
                out[w++] = '0';
            snprintf(out + w, cap - w, ".0");
        } else {
            snprintf(out + w, cap - w, "%.*s.%s", point, digits, digits + point);
        }
        return;
    }
    if (nd > 1)
        snprintf(out + w, cap - w, "%c.%se%c%02d", digits[0], digits + 1, exponent < 0 ? '-' : '+', abs(exponent));
    else
        snprintf(out + w, cap - w, "%ce%c%02d", digits[0], exponent < 0 ? '-' : '+', abs(exponent));
}

static void put_number(cps *c, const jnode *n) {
    char text[64];
    if (n->type == J_FLOAT) {
        float_repr(n->number, text, sizeof text);
    } else if (n->unsigned_big) {
        uint64_t v;
        memcpy(&v, &n->integer, sizeof v);
        snprintf(text, sizeof text, "%llu", (unsigned long long)v);
    } else {
        snprintf(text, sizeof text, "%lld", (long long)n->integer);
    }
    put_ascii(c, text);
}

/* repr of a string: the quote chosen by the whole string, as Python chooses it, the text cut where room ends. */
static void put_string_repr(cps *c, const jdoc *d, uint32_t i) {
    const jnode *n = jn(d, i);
    size_t room = c->most - c->n;
    uint32_t *text = malloc(((size_t)n->length + 1) * sizeof *text);
    char *utf8 = malloc(room * 12 + 16);
    if (!text || !utf8) {
        free(text);
        free(utf8);
        return;
    }
    size_t count = utf8_code_points(jstr(d, i), n->length, text, n->length + 1);
    size_t len = py_repr_by(unprintable, NULL, text, count, count, utf8, room * 12 + 16);
    c->n += utf8_code_points(utf8, len, c->out + c->n, room);
    free(text);
    free(utf8);
}

static void put_value(cps *c, const jdoc *d, uint32_t i, int quoted) {
    const jnode *n = jn(d, i);
    if (full(c))
        return;
    switch (n->type) {
    case J_NULL: put_ascii(c, "None"); return;
    case J_TRUE: put_ascii(c, "True"); return;
    case J_FALSE: put_ascii(c, "False"); return;
    case J_INT:
    case J_FLOAT: put_number(c, n); return;
    case J_STRING:
        if (quoted)
            put_string_repr(c, d, i);
        else
            c->n += utf8_code_points(jstr(d, i), n->length, c->out + c->n, c->most - c->n);
        return;
    case J_ARRAY:
    case J_OBJECT: {
        int object = n->type == J_OBJECT;
        put_ascii(c, object ? "{" : "[");
        uint32_t at = i + 1;
        for (uint32_t k = 0; k < n->count && !full(c); k++) {
            if (k)
                put_ascii(c, ", ");
            if (object) {
                put_string_repr(c, d, at);
                put_ascii(c, ": ");
                at++;
            }
            put_value(c, d, at, 1);
            at = jn(d, at)->next;
        }
        put_ascii(c, object ? "}" : "]");
        return;
    }
    }
}

size_t py_str_value(const jdoc *d, uint32_t i, uint32_t *out, size_t most) {
    cps c = {out, 0, most};
    put_value(&c, d, i, 0);
    return c.n;
}

size_t py_repr_value(const jdoc *d, uint32_t i, size_t most, char *out, size_t cap) {
    uint32_t text[256];
    if (most > 256)
        most = 256;
    size_t n = py_str_value(d, i, text, most);
    return py_repr_text(text, n, most, out, cap);
}

const char *py_type_name(const jdoc *d, uint32_t i) {
    switch (jn(d, i)->type) {
    case J_NULL: return "NoneType";
    case J_TRUE:
    case J_FALSE: return "bool";
    case J_INT: return "int";
    case J_FLOAT: return "float";
    case J_STRING: return "str";
    case J_ARRAY: return "list";
    default: return "dict";
    }
}
