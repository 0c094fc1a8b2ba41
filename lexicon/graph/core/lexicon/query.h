/* The queries judged (query.c): the service's parameter checks, racks, patterns, the cuts of tile notation,
 * a search's page, a word's hooks and what a verdict shows, each into a struct that wire/query_json.c writes
 * as the service's document. What a query refuses is a problem, the members of the service's problem
 * document. Not installed. */
#ifndef TL_QUERY_H
#define TL_QUERY_H

#include "lexicon/check.h"

/* A refusal of what was asked: {"code", "status", "detail", "position"?, "parameter"?} as the service answers. */
typedef struct {
    const char *code;      /* NULL: nothing was refused */
    int status;            /* the HTTP status */
    long position;         /* -1: none */
    const char *parameter; /* NULL: none */
    char detail[2048];
} problem;

/* A query as it is judged: its refusal, if any, and the caller's error. */
typedef struct {
    problem refusal;
    tl_error *err;
} query;

/* The refusal into q->refusal, and `status` with its detail into q->err: `return query_problem(q, …);` */
tl_status query_problem(query *q, tl_status status, const char *code, int http, long position, const char *parameter,
                        const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

/* Cuts of a text into tiles, grown as they come. */
typedef struct {
    tiling *cuts;
    size_t count, capacity;
} cut_list;

/* What the bag makes of a tiling (lexicon.verdict, tiles_document): its face value (a tile the bag is short of
 * is a blank's, worth 0), the blanks it takes, and the tiles it is short of (places), in their letters' order. */
typedef struct {
    long value, blanks;
    int formable;
    size_t n_short;
    uint8_t short_place[64];
    unsigned short_by[64];
} bag_use;

void weigh_tiling(const tl_lexicon *lex, const tiling *t, bag_use *out);

/* GET /tiles: the check's answer and, for a text of letters or readable tile notation, every cut of it with
 * whether the word is valid so cut (1, 0, or -1: only analysis can say). */
typedef struct {
    tl_answer *answer;
    cut_list cuts;
    signed char *valid;
} tiles_found;

/* GET /valid's verdict as far as the bundle holds it: the check's answer, its reading, the valid tilings, and
 * the tiles shown (the first cut asked that is valid, else the preferred valid one; NULL: none). */
typedef struct {
    tl_answer *answer;
    const char *kind, *pos;
    size_t pos_len;
    cut_list valid, asked;
    const tiling *shown;
    /* a word the compiled rule takes (RULE_COMPOUND or RULE_LEAD, else 0): its key in small letters, cut
     * after `split` letters into its two pieces */
    int rule;
    size_t split, n_lower;
    uint32_t lower[TL_MAX_LENGTH * 4];
} verdict_found;

/* A word a search found: its tiles (numbers), which positions a blank plays (bits), its face value. */
typedef struct {
    uint8_t tiles[TL_MAX_LENGTH];
    uint8_t n;
    uint64_t blanks;
    long value;
    size_t order; /* the walk's order: alpha */
} hit;

/* One page of a search's words (lexicon.pages, Page.as_dict): hits[from..to) in the order asked, and what is
 * known of the rest (total and total_at_least -1 for null). */
typedef struct {
    const char *order;
    long offset, limit;
    hit *hits;
    size_t count, capacity;
    size_t from, to;
    long long total, at_least;
    int truncated;
} page;

/* GET /hooks: every cut of the word, the tiles (by number) that make a word laid before or after one of them,
 * and the letters the word spells. */
typedef struct {
    cut_list cuts;
    uint8_t front[64], back[64];
    uint32_t letters[2 * MAX_KEY];
    size_t n_letters;
} hooks_found;

/* Each judges its query into `out` (freed by its _free, also after a failure): TL_OK, or the refusal in
 * q->refusal with TL_ERR_INPUT (TL_ERR_COSTLY for a search over its budget), or another failure. */
tl_status query_tiles(const tl_lexicon *lex, query *q, const char *word, size_t size, tiles_found *out);
void tiles_found_free(tiles_found *found);
tl_status query_verdict(const tl_lexicon *lex, query *q, const char *word, size_t size, verdict_found *out);
void verdict_found_free(verdict_found *found);
tl_status query_anagram(const tl_lexicon *lex, query *q, const char *rack_text, size_t size, const tl_query *options,
                        page *out);
tl_status query_pattern(const tl_lexicon *lex, query *q, const char *query_text, size_t size, const tl_query *options,
                        page *out);
void page_free(page *found);
tl_status query_hooks(const tl_lexicon *lex, query *q, const char *word, size_t size, hooks_found *out);
void hooks_found_free(hooks_found *found);

#endif
