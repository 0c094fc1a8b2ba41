/* The compiled word rule of a lexicon decided from a dictionary's morphology (rule.c): a word of exactly
 * two pieces, a compound's first and last part or a lead and the form that takes it, judged from the
 * bundle's pieces graph and the rule's tables (lexicon_pipelines.compounds writes them, docs/hungarian.md
 * says what they hold). Not installed. */
#ifndef TL_RULE_H
#define TL_RULE_H

#include "lexicon/notation.h"

/* What a role of a piece lets it be (the bundle's rule.roles, one entry a role number). */
enum {
    ROLE_NONE = 0,
    ROLE_FIRST,         /* a compound's first part */
    ROLE_FIRST_COUNTED, /* … that counts one word more (a compound root, a prefix of two syllables) */
    ROLE_FIRST_STOP,    /* a first part on a forbidden stem: Hunspell gives up the word there */
    ROLE_LAST_STOP,     /* the same for a last part */
    ROLE_VETO,          /* the word is refused whatever its pieces */
    ROLE_VETO_COMPOUND, /* … refused as a compound (a dictionary entry of two words written apart) */
    ROLE_LAST,          /* a compound's last part: counted, and its syllables' correction */
    ROLE_LEAD,          /* what a prefix of a class adds */
    ROLE_TAKES,         /* a form that takes a prefix of a class */
    ROLE_WHOLE,         /* a word by itself (a name's three-affix form written small: egyiptomiak) */
};

#define RULE_MAX_ROLES 4096u   /* role numbers a bundle may define */
#define RULE_PIECE_ROLES 64u   /* roles one piece may have */

typedef struct {
    uint8_t kind, counted, cls;
    int8_t adj;
} rule_role;

/* The rule as a lexicon holds it, read from its bundle's rule.* sections (bundle.c). */
typedef struct tl_rule {
    tl_graph *pieces;          /* each piece: its tile numbers, the separator, its role in `digits` digits */
    uint16_t *kinds;           /* for each list of `pieces` an arc leads to (and the root's): the kinds of the roles of
                                * the piece whose tiles end there, + 1 (rule_kinds_at); 0: no arc leads there */
    uint64_t root_tiles;       /* the tiles of the root list: those a second piece begins with (lang_read_next) */
    unsigned separator, digits, base;
    int dup, triple;
    unsigned min_letters, max_words, max_syllables; /* 0: no bound */
    uint32_t n_roles;
    rule_role roles[RULE_MAX_ROLES];
    uint8_t vowel[0x10000 / 8];                     /* a bit per code point */
    strlist patterns;                               /* end, begin, end, begin … ('.' any letter) */
    strlist leads;                                  /* lead, class (decimal), condition ("" none) … */
    strlist typos;                                  /* from, to, from, to … (key letters, capitals) */
    struct rule_typo {                              /* … decoded once: each side's first 16 code points */
        uint32_t from[16], to[16];
        uint8_t n_from, n_to;
    } *typo;
    uint32_t n_typos;
    tl_graph *refused;                              /* key letters, then a marker: letters + 1 + why */
    int pairs;                                      /* the typo check and the refusals apply */
} tl_rule;

/* Why the rule refuses a word it would otherwise take (RULE_REFUSED_*): the marker after a key in rule.refused. */
enum { REFUSED_FOREIGN = 0, REFUSED_NAME = 1, REFUSED_KINDS };

/* One reading the rule gives a tiling. */
typedef struct {
    int kind;                 /* 0: none; RULE_COMPOUND, RULE_LEAD or RULE_WHOLE */
    size_t split;             /* the first piece's tiles */
    size_t split_letters;     /* … and letters */
    uint16_t first_role, last_role;
} rule_reading;

enum { RULE_COMPOUND = 1, RULE_LEAD = 2, RULE_WHOLE = 3 };

struct tl_lexicon;

/* Does the rule take this tiling (tile numbers) of a word: into *out (kind 0: no). */
tl_status rule_judge(const struct tl_lexicon *lex, const uint8_t *tiles, size_t n, rule_reading *out, tl_error *err);

/* What the key-level checks say of a word the rule takes as a compound: 0 when nothing refuses it, else
 * REFUSED_FOREIGN / REFUSED_NAME + 1 from rule.refused, or RULE_TYPO with the variant into variant[0..*nv). */
enum { RULE_TYPO = REFUSED_KINDS + 1 };
tl_status rule_refusal(const struct tl_lexicon *lex, const uint32_t *key, size_t nk, int compound, int *why,
                       uint32_t *variant, size_t *nv, tl_error *err);

/* The kinds of role (bit 1 << ROLE_*) of the piece whose tiles end at `list` of the pieces graph; 0 when none
 * ends there. */
tl_status rule_kinds_at(const tl_rule *r, uint32_t list, unsigned *kinds, tl_error *err);
/* Work out `kinds` once, when the rule is read: every piece's roles read, and the bundle refused (TL_ERR_CORRUPT)
 * where one cannot be. The language's walk asks for a piece's kinds at every tile it reads. */
tl_status rule_index_kinds(tl_rule *r, tl_error *err);
/* A piece that may begin a word of two pieces, end one, or be one by itself. */
#define KINDS_BEGIN (1u << ROLE_FIRST | 1u << ROLE_FIRST_COUNTED | 1u << ROLE_LEAD)
#define KINDS_END (1u << ROLE_LAST | 1u << ROLE_TAKES)
#define KINDS_WHOLE (1u << ROLE_WHOLE)

/* The lexicon's words, the word graph's and the rule's, as one language read a tile at a time (words.c; the
 * searches walk it, and so does the stacking move generator, play/stacks.c). A state is a list in the word
 * graph, a list in the pieces graph for a first piece from the word's start, and one for each second piece
 * begun where a piece ended. */
#define LANG_MAX_SECOND TL_MAX_LENGTH
typedef struct {
    uint32_t main;                     /* the list to read next in the word graph (0: off) */
    uint32_t first;                    /* … in the pieces graph, for a first piece from the start (0: off) */
    uint32_t second[LANG_MAX_SECOND];  /* … for each second piece under way */
    uint8_t n_second;
    uint8_t main_accepts;              /* the word so far is the word graph's */
    uint8_t rule_ends;                 /* a piece ends here: the word so far may be one the rule takes */
} lang_state;

/* A state's next tiles and, for its word graph's list and its first piece's, the node of each: read in one pass
 * over each list, so that a walk that steps by several of them (the stacking generator) searches no list again. */
typedef struct {
    uint64_t tiles;                /* the tiles some part goes on with, as bits 1..63 */
    uint64_t main_has, first_has;  /* those the word graph's list and the first piece's have */
    uint32_t main[64], first[64];  /* their nodes, by tile (where the bit is set) */
} lang_next;

/* Every tile, as bits 1..63 of a mask of tiles. */
#define LANG_EVERY_TILE (~1ull)

/* The tiles of `wanted` that the list at `list` holds, added to *mask, and with `nodes`, each one's node at
 * nodes[tile]; a list's tiles come in order, so it is read no further than the last tile wanted (the pieces
 * graph's separator and its roles' digits, after every letter, are never wanted). */
tl_status lang_list_tiles(const tl_graph *g, uint32_t list, uint64_t wanted, uint32_t *nodes, uint64_t *mask,
                          tl_error *err);
/* The tiles of `wanted` a piece may hold: letters, below the separator (the roles' digits come after it). */
static inline uint64_t piece_tiles(const tl_rule *r, uint64_t wanted) {
    return wanted & ((1ull << r->separator) - 1) & LANG_EVERY_TILE;
}
/* The state before any tile. */
void lang_start(const struct tl_lexicon *lex, lang_state *s);
/* The tiles some part of the state goes on with, as bits 1..63. */
tl_status lang_next_tiles(const struct tl_lexicon *lex, const lang_state *s, uint64_t *mask, tl_error *err);
/* The next tiles of a state among `wanted`, and the nodes to step by them with lang_step_next (the tiles not wanted
 * may be left unread). */
tl_status lang_read_next(const struct tl_lexicon *lex, const lang_state *s, uint64_t wanted, lang_next *next,
                         tl_error *err);
/* lang_step, with the state's lang_read_next. */
tl_status lang_step_next(const struct tl_lexicon *lex, const lang_state *s, const lang_next *next, unsigned tile,
                         lang_state *out, int *alive, tl_error *err);
/* The state after `tile`; *alive 0 when no part goes on. */
tl_status lang_step(const struct tl_lexicon *lex, const lang_state *s, unsigned tile, lang_state *out, int *alive,
                    tl_error *err);
/* Is the path `tiles` (n of them), which led to state `s`, a word: the word graph's, or one the rule takes and
 * nothing refuses. */
tl_status lang_is_word(const struct tl_lexicon *lex, const lang_state *s, const uint8_t *tiles, size_t n, int *word,
                       tl_error *err);

/* Does the rule take these tiles as a word of two pieces that nothing refuses (words.c)? */
tl_status tl_words_rule_takes(const struct tl_lexicon *lex, const uint8_t *tiles, size_t n, int *takes, tl_error *err);

#endif
