/* Writing JSON documents (json.c): into a buffer that grows, or one of fixed size that only counts past
 * its end. Shared by the wire layer's files. Not installed. */
#ifndef TL_JSON_H
#define TL_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    char *data;
    size_t length, capacity;
    int grows;  /* malloc'd and grown; else the caller's buffer, counted past its end */
    int failed; /* out of memory */
} jbuf;

/* Is there room for `len` more bytes (grown if it must and may)? Out of line: the buffer is rarely full. */
int j_room(jbuf *j, size_t len);

/* Inline: most of a document is short pieces, and a literal's length is then known where it is written. */
static inline void j_raw(jbuf *j, const char *text, size_t len) {
    if (j->length + len < j->capacity || j_room(j, len))
        memcpy(j->data + j->length, text, len);
    j->length += len;
}

/* a literal: `{`, `"key":`, `null` */
static inline void j_lit(jbuf *j, const char *text) { j_raw(j, text, strlen(text)); }

void j_str(jbuf *j, const char *utf8, size_t len);     /* a string (NULL: null) */
void j_cstr(jbuf *j, const char *utf8);                /* a NUL-terminated string (NULL: null) */
void j_cps(jbuf *j, const uint32_t *cp, size_t n);     /* a string of code points */
void j_int(jbuf *j, long long value);
void j_bool(jbuf *j, int value);
/* `,"name":` (no comma for the first member of an object: *first is then cleared) */
void j_key(jbuf *j, const char *name, int *first);

/* The brief document of a word's verdict from its fields (answer_json.c): what tl_answer_json writes of an
 * answer, and the play documents of the verdicts their judgement keeps. */
void brief_write(jbuf *j, const char *word, size_t size, int valid, const char *normalized, const char *reason,
                 const char *detail, const char *lemma, const char *tag);

#endif
