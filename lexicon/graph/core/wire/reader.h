/* Reading JSON (json_read.c): a strict reader into a flat tree, bounded in depth and size, every malformation
 * refused with what and where; and the rules of Python's str that the service's messages follow (pystr.c:
 * whitespace, printable characters, case, repr), so that a refusal reads as the service words it. Not
 * installed. */
#ifndef TL_READER_H
#define TL_READER_H

#include <stddef.h>
#include <stdint.h>

typedef enum { J_NULL, J_FALSE, J_TRUE, J_INT, J_FLOAT, J_STRING, J_ARRAY, J_OBJECT } jtype;

/* A value; an object's members follow it as key and value, an array's items follow it, each item's own members
 * before the next (`next` skips a value and all it holds). */
typedef struct {
    uint8_t type;
    uint8_t unsigned_big; /* J_INT past INT64_MAX: `integer` holds it as uint64 */
    uint32_t next;        /* the node after this value and all it holds */
    uint32_t count;       /* an array's items, an object's members */
    uint32_t at, length;  /* a string: its UTF-8 in the document's text */
    uint32_t raw, raw_end; /* any value: where its text lies in the body */
    int64_t integer;
    double number;
} jnode;

typedef struct {
    jnode *nodes;
    size_t n, cap;
    char *text; /* the strings, decoded, each NUL-terminated */
    size_t used, cap_text;
    const char *body;
} jdoc;

/* Read `size` bytes of JSON into `doc` (freed with json_free whatever happens): 1, or 0 with why it is not JSON
 * (`unexpected character: line 1 column 5 (byte 4)`) in `why`. At most `max_depth` arrays and objects deep;
 * duplicate keys, lone surrogates, numbers past 64 bits and bytes that are not UTF-8 are refused. */
int json_read(const char *body, size_t size, unsigned max_depth, jdoc *doc, char *why, size_t cap);
void json_free(jdoc *doc);

static inline const jnode *jn(const jdoc *d, uint32_t i) { return &d->nodes[i]; }
static inline const char *jstr(const jdoc *d, uint32_t i) { return d->text + d->nodes[i].at; }
/* The value of `key` in the object at `i`, or 0 (the root is never a member). */
uint32_t json_member(const jdoc *d, uint32_t object, const char *key);
/* The first member of an object / item of an array, and the value after one (an object's member: its key). */
static inline uint32_t json_first(uint32_t i) { return i + 1; }
static inline uint32_t json_after(const jdoc *d, uint32_t i) { return d->nodes[i].next; }
/* Is the value an integer (not a bool), and does it fit an int64? */
static inline int json_is_int(const jdoc *d, uint32_t i) { return d->nodes[i].type == J_INT; }

/* ------------------------------------------------------------------ Python's str (pystr.c) */

int py_isspace(uint32_t cp);     /* str.isspace */
int py_isprintable(uint32_t cp); /* str.isprintable */
/* str.upper() and str.lower() of code points into `out` (at most `cap`): the count (the full mappings: ß → SS). */
size_t py_upper(const uint32_t *cp, size_t n, uint32_t *out, size_t cap);
size_t py_lower(const uint32_t *cp, size_t n, uint32_t *out, size_t cap);
/* repr(text[:most]) as UTF-8 into `out`: its length. */
size_t py_repr_text(const uint32_t *cp, size_t n, size_t most, char *out, size_t cap);
/* str(value) of a JSON value as Python holds it once read (`None`, `True`, `7`, `1.5`, `[1, 'a']`, `{'a': 1}`), its
 * first `most` code points into `out`: the count. */
size_t py_str_value(const jdoc *d, uint32_t i, uint32_t *out, size_t most);
/* repr(str(value)[:most]) of a JSON value: `'None'`, `'[1, 2]'`, a string's own repr. */
size_t py_repr_value(const jdoc *d, uint32_t i, size_t most, char *out, size_t cap);
/* The name Python's type() gives a JSON value once read: NoneType, bool, int, float, str, list, dict. */
const char *py_type_name(const jdoc *d, uint32_t i);

/* UTF-8 to code points (valid UTF-8 only: the reader checked it) into `out`: the count (at most `cap`). */
size_t utf8_code_points(const char *s, size_t size, uint32_t *out, size_t cap);
/* Code points to UTF-8 into `out` (NUL-terminated): the length. */
size_t utf8_from_code_points(const uint32_t *cp, size_t n, char *out, size_t cap);

/* The generated tables (pystr_tables.c, support/pystr_tables.py writes them from Python's unicodedata). */
extern const uint32_t py_space_ranges[], py_unprintable_ranges[];
extern const size_t py_space_count, py_unprintable_count;
extern const uint32_t py_upper_single[], py_lower_single[]; /* code point, mapping */
extern const size_t py_upper_single_count, py_lower_single_count;
extern const uint32_t py_upper_multi[], py_lower_multi[];   /* code point, length, 3 code points */
extern const size_t py_upper_multi_count, py_lower_multi_count;
extern const char py_unicode_version[];

#endif
