/* A strict JSON reader (RFC 8259) for request bodies: the whole body read once into a flat tree of values
 * (reader.h), each string decoded and checked, before anything reads a field. Limits are the caller's depth and
 * the body's size (every value takes a byte of it at least, so the tree is bounded by the body); what is not
 * JSON is refused with what and where, and so is what JSON allows but no request means: a key given twice,
 * a lone surrogate, a number past 64 bits. */
#include "wire/reader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *p;
    size_t size, pos;
    unsigned depth, max_depth;
    jdoc *d;
    char *why;
    size_t cap;
} parser;

static int fail_at(parser *P, size_t pos, const char *what) {
    size_t line = 1, column = 1;
    for (size_t i = 0; i < pos && i < P->size; i++) {
        if (P->p[i] == '\n') {
            line++;
            column = 1;
        } else if ((P->p[i] & 0xC0) != 0x80) {
            column++;
        }
    }
    snprintf(P->why, P->cap, "%s: line %zu column %zu (byte %zu)", what, line, column, pos);
    return 0;
}

static int fail(parser *P, const char *what) { return fail_at(P, P->pos, what); }

static void skip_space(parser *P) {
    while (P->pos < P->size) {
        uint8_t c = P->p[P->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        P->pos++;
    }
}

static int new_node(parser *P, jtype type, uint32_t *index) {
    jdoc *d = P->d;
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 64;
        jnode *nodes = realloc(d->nodes, cap * sizeof *nodes);
        if (!nodes)
            return fail(P, "out of memory");
        d->nodes = nodes;
        d->cap = cap;
    }
    *index = (uint32_t)d->n++;
    jnode *n = &d->nodes[*index];
    memset(n, 0, sizeof *n);
    n->type = (uint8_t)type;
    n->raw = (uint32_t)P->pos;
    return 1;
}

static int text_room(parser *P, size_t more) {
    jdoc *d = P->d;
    if (d->used + more <= d->cap_text)
        return 1;
    size_t cap = d->cap_text ? d->cap_text : 256;
    while (d->used + more > cap)
        cap *= 2;
    char *text = realloc(d->text, cap);
    if (!text)
        return fail(P, "out of memory");
    d->text = text;
    d->cap_text = cap;
    return 1;
}

static void put_code_point(jdoc *d, uint32_t c) {
    char *o = d->text + d->used;
    if (c < 0x80) {
        o[0] = (char)c;
        d->used += 1;
    } else if (c < 0x800) {
        o[0] = (char)(0xC0 | c >> 6);
        o[1] = (char)(0x80 | (c & 0x3F));
        d->used += 2;
    } else if (c < 0x10000) {
        o[0] = (char)(0xE0 | c >> 12);
        o[1] = (char)(0x80 | (c >> 6 & 0x3F));
        o[2] = (char)(0x80 | (c & 0x3F));
        d->used += 3;
    } else {
        o[0] = (char)(0xF0 | c >> 18);
        o[1] = (char)(0x80 | (c >> 12 & 0x3F));
        o[2] = (char)(0x80 | (c >> 6 & 0x3F));
        o[3] = (char)(0x80 | (c & 0x3F));
        d->used += 4;
    }
}

static int hex4(parser *P, size_t at, uint32_t *value) {
    if (at + 4 > P->size)
        return fail_at(P, at, "an escape \\u needs four hex digits");
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        uint8_t c = P->p[at + i];
        int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (digit < 0)
            return fail_at(P, at + i, "an escape \\u needs four hex digits");
        v = v << 4 | (uint32_t)digit;
    }
    *value = v;
    return 1;
}

/* One UTF-8 sequence at P->pos (a byte from 0x80): its code point, or 0 for bytes that are not UTF-8. */
static int utf8_at(parser *P, uint32_t *cp) {
    const uint8_t *p = P->p + P->pos;
    size_t left = P->size - P->pos;
    uint8_t c = p[0];
    size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
    if (!n || c > 0xF4 || left < n)
        return fail(P, "bytes that are not UTF-8");
    uint32_t v = c & (0x7F >> n);
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return fail(P, "bytes that are not UTF-8");
        v = v << 6 | (p[i] & 0x3F);
    }
    static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (v < least[n] || v > 0x10FFFF || (v >= 0xD800 && v < 0xE000))
        return fail(P, "bytes that are not UTF-8");
    *cp = v;
    P->pos += n;
    return 1;
}

static int read_string(parser *P, uint32_t index) {
    jdoc *d = P->d;
    P->pos++; /* the opening quote */
    size_t start = d->used;
    for (;;) {
        if (P->pos >= P->size)
            return fail(P, "a string that does not end");
        if (!text_room(P, 8))
            return 0;
        uint8_t c = P->p[P->pos];
        if (c == '"') {
            P->pos++;
            break;
        }
        if (c < 0x20)
            return fail(P, "a control character in a string");
        if (c >= 0x80) {
            uint32_t cp = 0;
            if (!utf8_at(P, &cp))
                return 0;
            put_code_point(d, cp);
            continue;
        }
        if (c != '\\') {
            d->text[d->used++] = (char)c;
            P->pos++;
            continue;
        }
        if (P->pos + 1 >= P->size)
            return fail(P, "a string that does not end");
        uint8_t e = P->p[P->pos + 1];
        static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
        const char *found = e ? strchr(from, e) : NULL;
        if (found) {
            d->text[d->used++] = to[found - from];
            P->pos += 2;
            continue;
        }
        if (e != 'u')
            return fail_at(P, P->pos + 1, "an escape that is not JSON's");
        uint32_t v;
        if (!hex4(P, P->pos + 2, &v))
            return 0;
        size_t at = P->pos;
        P->pos += 6;
        if (v >= 0xDC00 && v < 0xE000)
            return fail_at(P, at, "a lone surrogate");
        if (v >= 0xD800 && v < 0xDC00) {
            uint32_t low;
            if (P->pos + 1 >= P->size || P->p[P->pos] != '\\' || P->p[P->pos + 1] != 'u' || !hex4(P, P->pos + 2, &low) ||
                low < 0xDC00 || low >= 0xE000)
                return fail_at(P, at, "a lone surrogate");
            P->pos += 6;
            v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00);
        }
        put_code_point(d, v);
    }
    d->text[d->used++] = 0;
    jnode *n = &d->nodes[index];
    n->at = (uint32_t)start;
    n->length = (uint32_t)(d->used - 1 - start);
    return 1;
}

static int read_number(parser *P, uint32_t index) {
    size_t start = P->pos;
    const uint8_t *p = P->p;
    int negative = p[P->pos] == '-';
    if (negative)
        P->pos++;
    if (P->pos >= P->size || p[P->pos] < '0' || p[P->pos] > '9')
        return fail(P, "a number without digits");
    if (p[P->pos] == '0' && P->pos + 1 < P->size && p[P->pos + 1] >= '0' && p[P->pos + 1] <= '9')
        return fail(P, "a number with a leading zero");
    uint64_t value = 0;
    int overflow = 0;
    while (P->pos < P->size && p[P->pos] >= '0' && p[P->pos] <= '9') {
        unsigned digit = p[P->pos++] - '0';
        if (value > (UINT64_MAX - digit) / 10)
            overflow = 1;
        value = value * 10 + digit;
    }
    int real = 0;
    if (P->pos < P->size && p[P->pos] == '.') {
        real = 1;
        P->pos++;
        if (P->pos >= P->size || p[P->pos] < '0' || p[P->pos] > '9')
            return fail(P, "a number with no digit after its point");
        while (P->pos < P->size && p[P->pos] >= '0' && p[P->pos] <= '9')
            P->pos++;
    }
    if (P->pos < P->size && (p[P->pos] == 'e' || p[P->pos] == 'E')) {
        real = 1;
        P->pos++;
        if (P->pos < P->size && (p[P->pos] == '+' || p[P->pos] == '-'))
            P->pos++;
        if (P->pos >= P->size || p[P->pos] < '0' || p[P->pos] > '9')
            return fail(P, "a number with no digit in its exponent");
        while (P->pos < P->size && p[P->pos] >= '0' && p[P->pos] <= '9')
            P->pos++;
    }
    jnode *n = &P->d->nodes[index];
    if (real) {
        char text[128];
        size_t len = P->pos - start;
        if (len >= sizeof text)
            return fail_at(P, start, "a number of too many digits");
        memcpy(text, p + start, len);
        text[len] = 0;
        n->type = J_FLOAT;
        n->number = strtod(text, NULL);
        if (n->number > 1.7976931348623157e308 || n->number < -1.7976931348623157e308)
            return fail_at(P, start, "a number out of range");
        return 1;
    }
    if (overflow || (negative && value > (uint64_t)INT64_MAX + 1))
        return fail_at(P, start, "an integer past 64 bits");
    if (negative) {
        n->integer = value == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)value;
    } else if (value > (uint64_t)INT64_MAX) {
        n->unsigned_big = 1;
        memcpy(&n->integer, &value, sizeof value);
    } else {
        n->integer = (int64_t)value;
    }
    return 1;
}

static int read_value(parser *P);

typedef struct {
    const jdoc *d;
    uint32_t key;
} key_ref;

static int by_key(const void *x, const void *y) {
    const key_ref *a = x, *b = y;
    const jnode *ka = &a->d->nodes[a->key], *kb = &b->d->nodes[b->key];
    size_t n = ka->length < kb->length ? ka->length : kb->length;
    int c = memcmp(a->d->text + ka->at, b->d->text + kb->at, n);
    return c ? c : (ka->length > kb->length) - (ka->length < kb->length);
}

/* An object's keys, each once: sorted, so that a hostile body of many keys costs n log n. */
static int keys_once(parser *P, uint32_t object) {
    jdoc *d = P->d;
    uint32_t count = d->nodes[object].count;
    if (count < 2)
        return 1;
    key_ref *keys = malloc(count * sizeof *keys);
    if (!keys)
        return fail(P, "out of memory");
    uint32_t at = object + 1;
    for (uint32_t i = 0; i < count; i++) {
        keys[i] = (key_ref){d, at};
        at = d->nodes[at + 1].next;
    }
    qsort(keys, count, sizeof *keys, by_key);
    for (uint32_t i = 1; i < count; i++)
        if (!by_key(&keys[i - 1], &keys[i])) {
            size_t raw = d->nodes[keys[i].key].raw;
            free(keys);
            return fail_at(P, raw, "a key given twice");
        }
    free(keys);
    return 1;
}

static int read_container(parser *P, int object) {
    uint32_t index;
    if (!new_node(P, object ? J_OBJECT : J_ARRAY, &index))
        return 0;
    if (++P->depth > P->max_depth) {
        char what[64];
        snprintf(what, sizeof what, "nested deeper than %u", P->max_depth);
        return fail(P, what);
    }
    P->pos++;
    skip_space(P);
    char close = object ? '}' : ']';
    uint32_t count = 0;
    if (P->pos < P->size && P->p[P->pos] == close) {
        P->pos++;
    } else {
        for (;;) {
            skip_space(P);
            if (object) {
                if (P->pos >= P->size || P->p[P->pos] != '"')
                    return fail(P, P->pos >= P->size ? "unexpected end of data" : "a key (a string) was expected");
                uint32_t key;
                if (!new_node(P, J_STRING, &key) || !read_string(P, key))
                    return 0;
                P->d->nodes[key].next = key + 1;
                P->d->nodes[key].raw_end = (uint32_t)P->pos;
                skip_space(P);
                if (P->pos >= P->size || P->p[P->pos] != ':')
                    return fail(P, P->pos >= P->size ? "unexpected end of data" : "':' was expected");
                P->pos++;
            }
            if (!read_value(P))
                return 0;
            count++;
            skip_space(P);
            if (P->pos >= P->size)
                return fail(P, "unexpected end of data");
            if (P->p[P->pos] == ',') {
                P->pos++;
                continue;
            }
            if (P->p[P->pos] == close) {
                P->pos++;
                break;
            }
            return fail(P, object ? "',' or '}' was expected" : "',' or ']' was expected");
        }
    }
    P->depth--;
    jnode *n = &P->d->nodes[index];
    n->count = count;
    n->next = (uint32_t)P->d->n;
    n->raw_end = (uint32_t)P->pos;
    return object ? keys_once(P, index) : 1;
}

static int literal(parser *P, const char *word, jtype type) {
    size_t len = strlen(word);
    if (P->size - P->pos < len || memcmp(P->p + P->pos, word, len))
        return fail(P, "unexpected character");
    uint32_t index;
    if (!new_node(P, type, &index))
        return 0;
    P->pos += len;
    P->d->nodes[index].next = index + 1;
    P->d->nodes[index].raw_end = (uint32_t)P->pos;
    return 1;
}

static int read_value(parser *P) {
    skip_space(P);
    if (P->pos >= P->size)
        return fail(P, "unexpected end of data");
    uint8_t c = P->p[P->pos];
    uint32_t index;
    switch (c) {
    case '{':
        return read_container(P, 1);
    case '[':
        return read_container(P, 0);
    case '"':
        if (!new_node(P, J_STRING, &index) || !read_string(P, index))
            return 0;
        P->d->nodes[index].next = index + 1;
        P->d->nodes[index].raw_end = (uint32_t)P->pos;
        return 1;
    case 't':
        return literal(P, "true", J_TRUE);
    case 'f':
        return literal(P, "false", J_FALSE);
    case 'n':
        return literal(P, "null", J_NULL);
    default:
        if (c == '-' || (c >= '0' && c <= '9')) {
            if (!new_node(P, J_INT, &index) || !read_number(P, index))
                return 0;
            P->d->nodes[index].next = index + 1;
            P->d->nodes[index].raw_end = (uint32_t)P->pos;
            return 1;
        }
        return fail(P, "unexpected character");
    }
}

int json_read(const char *body, size_t size, unsigned max_depth, jdoc *doc, char *why, size_t cap) {
    memset(doc, 0, sizeof *doc);
    doc->body = body;
    parser P = {(const uint8_t *)body, size, 0, 0, max_depth, doc, why, cap};
    if (size > UINT32_MAX / 2)
        return fail(&P, "a body too large to read");
    if (!read_value(&P))
        return 0;
    skip_space(&P);
    if (P.pos != size)
        return fail(&P, "trailing characters");
    return 1;
}

void json_free(jdoc *doc) {
    free(doc->nodes);
    free(doc->text);
    doc->nodes = NULL;
    doc->text = NULL;
    doc->n = doc->cap = doc->used = doc->cap_text = 0;
}

uint32_t json_member(const jdoc *d, uint32_t object, const char *key) {
    const jnode *o = &d->nodes[object];
    if (o->type != J_OBJECT)
        return 0;
    size_t len = strlen(key);
    uint32_t at = object + 1;
    for (uint32_t i = 0; i < o->count; i++) {
        const jnode *k = &d->nodes[at];
        if (k->length == len && !memcmp(d->text + k->at, key, len))
            return at + 1;
        at = d->nodes[at + 1].next;
    }
    return 0;
}
