/* JSON as the service writes it (orjson: UTF-8 kept, `"`, `\` and controls escaped), and Python's repr of
 * a string for messages that quote one. */
#include "json.h"

#include <stdio.h>
#include <stdlib.h>

int j_room(jbuf *j, size_t len) {
    if (j->length + len < j->capacity)
        return 1;
    if (!j->grows || j->failed)
        return 0;
    size_t capacity = j->capacity ? j->capacity : 256;
    while (j->length + len >= capacity)
        capacity *= 2;
    char *data = realloc(j->data, capacity);
    if (!data) {
        j->failed = 1;
        return 0;
    }
    j->data = data;
    j->capacity = capacity;
    return 1;
}

/* A lone surrogate (three bytes ED A0..BF xx) is written as its \u escape, so that JSON.parse gives back the
 * JavaScript string it came from. */
void j_str(jbuf *j, const char *s, size_t size) {
    if (!s) {
        j_raw(j, "null", 4);
        return;
    }
    j_raw(j, "\"", 1);
    const uint8_t *p = (const uint8_t *)s;
    size_t plain = 0;
    for (size_t i = 0; i < size;) {
        uint8_t c = p[i];
        char escaped[8];
        size_t n = 0, skip = 1;
        if (c == '"' || c == '\\') {
            escaped[0] = '\\';
            escaped[1] = (char)c;
            n = 2;
        } else if (c < 0x20) {
            static const char short_form[] = "\b\f\n\r\t", letters[] = "bfnrt";
            const char *found = c ? strchr(short_form, c) : NULL;
            if (found) {
                escaped[0] = '\\';
                escaped[1] = letters[found - short_form];
                n = 2;
            } else {
                n = (size_t)snprintf(escaped, sizeof escaped, "\\u%04x", c);
            }
        } else if (c == 0xED && i + 2 < size && p[i + 1] >= 0xA0) {
            unsigned cp = (unsigned)(c & 0x0F) << 12 | (unsigned)(p[i + 1] & 0x3F) << 6 | (p[i + 2] & 0x3F);
            n = (size_t)snprintf(escaped, sizeof escaped, "\\u%04x", cp);
            skip = 3;
        } else {
            i++;
            plain++;
            continue;
        }
        j_raw(j, s + i - plain, plain);
        plain = 0;
        j_raw(j, escaped, n);
        i += skip;
    }
    j_raw(j, s + size - plain, plain);
    j_raw(j, "\"", 1);
}

void j_cstr(jbuf *j, const char *s) { j_str(j, s, s ? strlen(s) : 0); }

void j_cps(jbuf *j, const uint32_t *cp, size_t n) {
    char text[4096];
    long len = utf8_encode(cp, n, text, sizeof text);
    if (len < 0) {
        j->failed = 1;
        return;
    }
    j_str(j, text, (size_t)len);
}

void j_int(jbuf *j, long long value) {
    char text[32];
    j_raw(j, text, (size_t)snprintf(text, sizeof text, "%lld", value));
}

void j_bool(jbuf *j, int value) { j_lit(j, value ? "true" : "false"); }

void j_key(jbuf *j, const char *name, int *first) {
    if (!*first)
        j_raw(j, ",", 1);
    *first = 0;
    j_raw(j, "\"", 1);
    j_lit(j, name);
    j_raw(j, "\":", 2);
}

size_t py_repr(const unicode_tables *u, const uint32_t *cp, size_t n, size_t most, char *out, size_t cap) {
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
        } else if (c < 0x20 || c == 0x7F || (c >= 0x80 && (uni_props(u, c) & P_UNPRINTABLE))) {
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
