/* JSON as the service writes it (orjson: UTF-8 kept, `"`, `\` and controls escaped). */
#include "lexicon/lexicon.h"
#include "wire/json.h"

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
    /* the bytes that may need escaping: controls, quote, backslash, and 0xED (a lone surrogate's lead) */
    static const uint8_t special[256] = {
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        ['"'] = 1, ['\\'] = 1, [0xED] = 1,
    };
    for (size_t i = 0; i < size;) {
        if (!special[p[i]]) {
            i++;
            plain++;
            continue;
        }
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

/* Written by hand, not by snprintf: a document of plays holds thousands of numbers, and the WebAssembly build's
 * printf is several times slower than this. */
void j_int(jbuf *j, long long value) {
    char text[24], *end = text + sizeof text, *p = end;
    unsigned long long u = value < 0 ? 0ull - (unsigned long long)value : (unsigned long long)value;
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (value < 0)
        *--p = '-';
    j_raw(j, p, (size_t)(end - p));
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
