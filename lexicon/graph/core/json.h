/* Writing JSON documents (json.c): into a buffer that grows, or one of fixed size that only counts past
 * its end. Shared by answer.c and query.c. Not installed. */
#ifndef TL_JSON_H
#define TL_JSON_H

#include "lexicon.h"

typedef struct {
    char *data;
    size_t length, capacity;
    int grows;  /* malloc'd and grown; else the caller's buffer, counted past its end */
    int failed; /* out of memory */
} jbuf;

void j_raw(jbuf *j, const char *text, size_t len);
void j_lit(jbuf *j, const char *text);                 /* a literal: `{`, `"key":`, `null` */
void j_str(jbuf *j, const char *utf8, size_t len);     /* a string (NULL: null) */
void j_cstr(jbuf *j, const char *utf8);                /* a NUL-terminated string (NULL: null) */
void j_cps(jbuf *j, const uint32_t *cp, size_t n);     /* a string of code points */
void j_int(jbuf *j, long long value);
void j_bool(jbuf *j, int value);
/* `,"name":` (no comma for the first member of an object: *first is then cleared) */
void j_key(jbuf *j, const char *name, int *first);

/* A message's quoting of text as Python's repr writes it ('hus', "it's"), the first `most` characters. */
size_t py_repr(const unicode_tables *u, const uint32_t *cp, size_t n, size_t most, char *out, size_t cap);

#endif
