/* A check's work (answer.c), which the queries (query.c) read on: the key decided and where its valid
 * tilings come from. Not installed. */
#ifndef TL_CHECK_H
#define TL_CHECK_H

#include "lexicon/rule.h"

/* Where a checked word's valid tilings come from (Lexicon._valid_tilings, _from_graph). */
enum {
    FROM_NONE = 0, /* none: the word is not valid, nor a valid word asked with the wrong tiles */
    FROM_LISTED,   /* the key's listed tilings (the bundle's `tilings`) */
    FROM_PREFERRED,/* the key's preferred cut */
    FROM_GRAPH,    /* the cuts of the key the word graph holds (a form beyond the list) */
    FROM_UNKNOWN,  /* only analysis knows (valid -1) */
    FROM_RULE,     /* the cuts of the key the compiled rule takes (rule.h) */
};

enum { CUTS_HELD = 16, CUT_TILES = 24 }; /* the cuts of a key a check holds: how many, of how many tiles */

/* What one check works in: inside the answer (tl_answer.work), so a check allocates nothing. */
typedef struct {
    uint32_t word[TL_MAX_WORD];
    size_t n;
    normalized norm;
    cpbuf scratch;
    notation nt;
    uint32_t key[2 * MAX_KEY];
    tiling first, cut;
    int from;       /* FROM_…: where the valid tilings come from */
    int asked;      /* the word was tile notation (`nt` holds it) */
    uint32_t form_pos; /* FROM_GRAPH: the form index reading's part of speech, its number in forms.pos;
                        * FROM_RULE: the last piece's, plus one (0: none) */
    rule_reading rule; /* FROM_RULE: how the rule reads the word */
    int64_t number; /* the key's number in the key index, or -1 */
    int ranked;     /* `number` is the key's already: begun by tl_lexicon_check_each, not yet judged */
    /* tl_lexicon_check_each's walks, taken for a group of words at once: a plain word's letter numbers, to
     * rank (`to_rank`), and the list after its key in the form index (`forms_known`: `forms_list` is it) */
    uint8_t codes[TL_MAX_LENGTH + 1];
    size_t n_codes;
    int to_rank, forms_known;
    uint32_t forms_list;
    /* the cuts of the key being judged, made once for the judging's several readers (each_judged_cut): n_cuts
     * of them, -1 when there are too many or too long to hold here; cuts_made 0 until they are made */
    uint8_t cut_tiles[CUTS_HELD][CUT_TILES], cut_n[CUTS_HELD];
    int n_cuts, cuts_made;
    int first_held; /* 1: the word graph holds the first of those cuts (walk_group found it), 0: not known */
    size_t nk;      /* the key's length (in `key`) */
} work_area;

static inline work_area *answer_work(const tl_answer *answer) { return (work_area *)answer->work.bytes; }

static inline int same_cut(const tiling *a, const tiling *b) { return a->n == b->n && !memcmp(a->tile, b->tile, a->n); }

/* Is `t` one of the checked word's valid tilings: 1, 0, or -1 when only analysis could say. */
int valid_cut(const tl_lexicon *lex, const tl_answer *answer, const tiling *t, tl_error *err);
/* The preferred valid tiling of the checked word into *t: 1, or 0 when it has none known. */
int first_valid_cut(const tl_lexicon *lex, const tl_answer *answer, tiling *t, tl_error *err);

/* Each valid tiling of the checked word, preferred first (Lexicon._valid_tilings, _from_graph), to `fn` until
 * it returns nonzero: what it last returned. */
int each_valid_cut(const tl_lexicon *lex, const tl_answer *answer, int (*fn)(void *, const tiling *), void *context);

#endif
