/* Every word of a lexicon as one walk in tile order: the word graph's, and where the lexicon has a compiled
 * rule (rule.h), the words of two pieces it takes (tl_lexicon.h: tl_words_*).
 *
 * The walk reads the word graph and the pieces graph side by side, as an automaton whose state is a list in
 * the word graph, a list in the pieces graph for a first piece from the word's start, and a list for each
 * second piece begun at a seam (a place where a piece ends). A tile steps every part that has it; a word is
 * the word graph's where its node accepts, else a candidate of two pieces where a second piece ends, which
 * the rule then judges whole, as a check would (rule_judge and rule_refusal), so that the searches find
 * exactly the words the verdicts accept. A string of tiles is one path, so each word comes once, in tile
 * order, with no repeats to remove.
 */
#include "lexicon/rule.h"

#include <stdlib.h>


enum { ANAGRAM, PATTERN };
enum { MAIN_PART = 1, FIRST_PART, SECOND_PART }; /* a part of the automaton, for the liveness memo */

/* What a pattern walk learnt of a part: whether a word the pattern takes can still end below a list in a
 * pattern state (1 live, 2 dead), by (part, list, state); open addressing over 64-bit keys, 0 empty. */
typedef struct {
    uint64_t *keys;
    uint8_t *values;
    size_t mask, n;
} live_memo;

struct tl_words_walk {
    const tl_lexicon *lex;
    int kind;
    int64_t budget, max_visits;
    int done;
    size_t depth;                      /* tiles on the path */
    uint8_t path[TL_MAX_LENGTH];
    size_t length;                     /* the word last found */
    lang_state state[TL_MAX_LENGTH + 1];
    uint64_t todo[TL_MAX_LENGTH + 1];  /* per depth, the tiles still to try after it */
    /* anagrams */
    uint8_t counts[64], slot[TL_MAX_LENGTH];
    size_t left, min_tiles;
    int sub;
    /* patterns */
    tl_pattern *pattern;
    uint32_t pstate[TL_MAX_LENGTH + 1];
    live_memo memo;
};

static inline uint64_t memo_key(unsigned part, uint32_t list, uint32_t state) {
    return (uint64_t)part << 62 | (uint64_t)(list & 0x3FFFFFFFu) << 32 | state;
}

static inline size_t memo_hash(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return (size_t)k;
}

static int memo_get(const live_memo *m, uint64_t key) {
    if (!m->keys)
        return 0;
    for (size_t h = memo_hash(key) & m->mask;; h = (h + 1) & m->mask) {
        if (m->keys[h] == key)
            return m->values[h];
        if (!m->keys[h])
            return 0;
    }
}

static int memo_put(live_memo *m, uint64_t key, uint8_t value) {
    if (!m->keys || (m->n + 1) * 2 > m->mask + 1) {
        size_t mask = m->keys ? m->mask * 2 + 1 : 4095;
        uint64_t *keys = calloc(mask + 1, sizeof *keys);
        uint8_t *values = calloc(mask + 1, 1);
        if (!keys || !values) {
            free(keys);
            free(values);
            return -1;
        }
        for (size_t i = 0; m->keys && i <= m->mask; i++)
            if (m->keys[i]) {
                size_t h = memo_hash(m->keys[i]) & mask;
                while (keys[h])
                    h = (h + 1) & mask;
                keys[h] = m->keys[i];
                values[h] = m->values[i];
            }
        free(m->keys);
        free(m->values);
        m->keys = keys;
        m->values = values;
        m->mask = mask;
    }
    size_t h = memo_hash(key) & m->mask;
    while (m->keys[h] && m->keys[h] != key)
        h = (h + 1) & m->mask;
    if (!m->keys[h])
        m->n++;
    m->keys[h] = key;
    m->values[h] = value;
    return 0;
}

/* Can a word the pattern takes still end below `list` of a part in pattern state `state`: the word graph's
 * where a node accepts in a final state; a piece where it ends in one and its roles let it end a word (a
 * last piece, a form a lead takes, a first piece that is a word by itself); a first piece that may begin a
 * word of two where it ends and a second piece can go on from there. A necessary condition only (the rule still judges the word
 * whole), which keeps a pattern walk off every path that can give nothing, each (part, list, state) once. */
static tl_status live(tl_words_walk *w, unsigned part, uint32_t list, uint32_t state, int *alive, tl_error *err) {
    *alive = 0;
    if (!list || !state)
        return TL_OK;
    uint64_t key = memo_key(part, list, state);
    int known = memo_get(&w->memo, key);
    if (known) {
        *alive = known == 1;
        return TL_OK;
    }
    if (--w->budget < 0)
        return tl_fail(err, TL_ERR_COSTLY, "the search visited more than %lld lists", (long long)w->max_visits);
    const tl_rule *r = w->lex->rule;
    const tl_graph *g = part == MAIN_PART ? w->lex->graph : r->pieces;
    unsigned below = part == MAIN_PART ? 64 : r->separator;
    tl_status rc = TL_OK;
    for (uint32_t i = list; i && !*alive;) {
        if (i >= g->n)
            return tl_bad_index(g, i, err);
        uint32_t v = tl_load(g->base, i);
        unsigned t = tl_tile(g, v);
        if (part != MAIN_PART && t == r->separator) { /* a piece ends here: what it may be says what follows */
            unsigned kinds;
            if ((rc = rule_kinds_at(r, list, &kinds, err)) != TL_OK)
                return rc;
            *alive = tl_pattern_final(w->pattern, state) && (kinds & (part == FIRST_PART ? KINDS_WHOLE : KINDS_END));
            if (!*alive && part == FIRST_PART && (kinds & KINDS_BEGIN) &&
                (rc = live(w, SECOND_PART, r->pieces->root, state, alive, err)) != TL_OK)
                return rc;
        } else if (t && t < below) {
            uint32_t next;
            if ((rc = tl_pattern_step(w->pattern, state, t, &next, err)) != TL_OK)
                return rc;
            if (next) {
                *alive = part == MAIN_PART && tl_accepts(g, v) && tl_pattern_final(w->pattern, next);
                if (!*alive && (rc = live(w, part, tl_arc(g, v), next, alive, err)) != TL_OK)
                    return rc;
            }
        }
        if (tl_is_end(g, v))
            break;
        i++;
    }
    if (memo_put(&w->memo, key, *alive ? 1 : 2) < 0)
        return tl_nomem(err);
    return TL_OK;
}

/* A pattern walk's state with the parts that can give nothing more in pattern state `p` let go. */
static tl_status prune(tl_words_walk *w, lang_state *s, uint32_t p, tl_error *err) {
    int alive;
    tl_status rc;
    if ((rc = live(w, MAIN_PART, s->main, p, &alive, err)) != TL_OK)
        return rc;
    if (!alive)
        s->main = 0;
    if (s->first) {
        if ((rc = live(w, FIRST_PART, s->first, p, &alive, err)) != TL_OK)
            return rc;
        if (!alive)
            s->first = 0;
    }
    uint8_t kept = 0;
    for (unsigned k = 0; k < s->n_second; k++) {
        if ((rc = live(w, SECOND_PART, s->second[k], p, &alive, err)) != TL_OK)
            return rc;
        if (alive)
            s->second[kept++] = s->second[k];
    }
    s->n_second = kept;
    return TL_OK;
}

tl_status lang_list_tiles(const tl_graph *g, uint32_t list, uint64_t wanted, uint32_t *nodes, uint64_t *mask,
                          tl_error *err) {
    /* the graph's fields and the mask in locals: a store into `nodes` may alias them, and this loop is the walk's
     * hottest */
    const uint8_t *base = g->base;
    const size_t n = g->n;
    const int big = g->big;
    uint64_t found = 0;
    wanted &= LANG_EVERY_TILE; /* tile 0 is no letter */
    for (uint32_t i = list; i && wanted; i++) {
        if (i >= n)
            return tl_bad_index(g, i, err);
        uint32_t v = tl_load(base, i);
        unsigned t = tl_node_tile(big, v);
        if (t > TL_MAX_TILE)
            break; /* no tile (an opened graph has none): and no shift of 64 or more below */
        if (wanted >> t & 1) {
            found |= 1ull << t;
            if (nodes)
                nodes[t] = i;
        }
        if (tl_node_is_end(big, v) || !(wanted >> t >> 1)) /* a list's tiles come in order: none wanted after t */
            break;
    }
    *mask |= found;
    return TL_OK;
}

/* The tiles of `wanted` a second piece goes on with from `list`, added to *mask: from the root, which every seam
 * begins with, as the rule read them once. */
static tl_status second_tiles(const tl_rule *r, uint32_t list, uint64_t wanted, uint64_t *mask, tl_error *err) {
    if (list == r->pieces->root) {
        *mask |= r->root_tiles & wanted;
        return TL_OK;
    }
    return lang_list_tiles(r->pieces, list, piece_tiles(r, wanted), NULL, mask, err);
}

tl_status lang_read_next(const tl_lexicon *lex, const lang_state *s, uint64_t wanted, lang_next *next, tl_error *err) {
    const tl_rule *r = lex->rule;
    next->main_has = next->first_has = 0;
    tl_status rc = s->main ? lang_list_tiles(lex->graph, s->main, wanted, next->main, &next->main_has, err) : TL_OK;
    if (rc == TL_OK && r && s->first)
        rc = lang_list_tiles(r->pieces, s->first, piece_tiles(r, wanted), next->first, &next->first_has, err);
    next->tiles = next->main_has | next->first_has;
    for (unsigned k = 0; rc == TL_OK && r && k < s->n_second; k++)
        rc = second_tiles(r, s->second[k], wanted, &next->tiles, err);
    return rc;
}

tl_status lang_next_tiles(const tl_lexicon *lex, const lang_state *s, uint64_t *mask, tl_error *err) {
    lang_next next;
    tl_status rc = lang_read_next(lex, s, LANG_EVERY_TILE, &next, err);
    *mask = rc == TL_OK ? next.tiles : 0;
    return rc;
}

/* The state after `tile`, the word graph's node and the first piece's given (0: none): lang_step's work. */
static tl_status step_from(const tl_lexicon *lex, const lang_state *s, unsigned tile, uint32_t node,
                           uint32_t first_node, lang_state *out, int *alive, tl_error *err) {
    const tl_graph *g = lex->graph;
    const tl_rule *r = lex->rule;
    tl_status rc;
    out->main = out->first = 0; /* the fields alone: `second` is read up to n_second */
    out->n_second = out->main_accepts = out->rule_ends = 0;
    if (node) {
        out->main = tl_arc_of(g, node);
        out->main_accepts = (uint8_t)tl_accepts(g, tl_load(g->base, node));
    }
    if (r) {
        const tl_graph *p = r->pieces;
        for (unsigned k = 0; k < s->n_second; k++) {
            uint32_t child;
            if ((rc = tl_child(p, s->second[k], tile, &child, err)) != TL_OK)
                return rc;
            uint32_t list = tl_arc_of(p, child);
            if (!list)
                continue;
            unsigned kinds;
            if ((rc = rule_kinds_at(r, list, &kinds, err)) != TL_OK)
                return rc;
            out->rule_ends |= (kinds & KINDS_END) != 0; /* a last piece, or a form a lead takes */
            out->second[out->n_second++] = list;
        }
        if (first_node) {
            out->first = tl_arc_of(p, first_node);
            unsigned kinds = 0;
            if (out->first && (rc = rule_kinds_at(r, out->first, &kinds, err)) != TL_OK)
                return rc;
            out->rule_ends |= (kinds & KINDS_WHOLE) != 0; /* a piece that is a word by itself */
            if ((kinds & KINDS_BEGIN) && out->n_second < LANG_MAX_SECOND) /* a second piece may begin after it */
                out->second[out->n_second++] = p->root;
        }
    }
    *alive = out->main || out->main_accepts || out->first || out->n_second || out->rule_ends;
    return TL_OK;
}

tl_status lang_step(const tl_lexicon *lex, const lang_state *s, unsigned tile, lang_state *out, int *alive,
                    tl_error *err) {
    uint32_t node = 0, first_node = 0;
    tl_status rc = tl_child(lex->graph, s->main, tile, &node, err);
    if (rc == TL_OK && lex->rule && s->first)
        rc = tl_child(lex->rule->pieces, s->first, tile, &first_node, err);
    return rc == TL_OK ? step_from(lex, s, tile, node, first_node, out, alive, err) : rc;
}

tl_status lang_step_next(const tl_lexicon *lex, const lang_state *s, const lang_next *next, unsigned tile,
                         lang_state *out, int *alive, tl_error *err) {
    return step_from(lex, s, tile, next->main_has >> tile & 1 ? next->main[tile] : 0,
                     next->first_has >> tile & 1 ? next->first[tile] : 0, out, alive, err);
}

tl_status lang_is_word(const tl_lexicon *lex, const lang_state *s, const uint8_t *tiles, size_t n, int *word,
                       tl_error *err) {
    *word = s->main_accepts;
    if (*word || !s->rule_ends)
        return TL_OK;
    return tl_words_rule_takes(lex, tiles, n, word, err);
}

tl_status tl_words_rule_takes(const tl_lexicon *lex, const uint8_t *tiles, size_t n, int *takes, tl_error *err) {
    *takes = 0;
    rule_reading reading;
    tl_status rc = rule_judge(lex, tiles, n, &reading, err);
    if (rc != TL_OK || !reading.kind)
        return rc;
    tiling t = {.n = n};
    for (size_t i = 0; i < n; i++) {
        if (!lex->tile_of_number[tiles[i] & 63])
            return TL_OK;
        t.tile[i] = (uint8_t)(lex->tile_of_number[tiles[i] & 63] - 1);
    }
    uint32_t key[2 * MAX_KEY], variant[MAX_KEY];
    size_t nk = spell(lex, &t, key), nv;
    int why;
    if ((rc = rule_refusal(lex, key, nk, reading.kind == RULE_COMPOUND, &why, variant, &nv, err)) != TL_OK)
        return rc;
    *takes = !why;
    return TL_OK;
}

void lang_start(const tl_lexicon *lex, lang_state *s) {
    *s = (lang_state){.main = tl_graph_root(lex->graph), .first = lex->rule ? lex->rule->pieces->root : 0};
}

tl_status tl_words_has(const tl_lexicon *lex, const uint8_t *tiles, size_t n, int *found, tl_error *err) {
    tl_status rc = tl_graph_contains(lex->graph, tiles, n, found, err);
    if (rc != TL_OK || *found || !lex->rule)
        return rc;
    return tl_words_rule_takes(lex, tiles, n, found, err);
}

/* ------------------------------------------------------------------ the walk */

static tl_status start(const tl_lexicon *lex, int kind, int64_t max_visits, tl_words_walk **out, tl_error *err) {
    *out = calloc(1, sizeof **out);
    if (!*out)
        return tl_nomem(err);
    tl_words_walk *w = *out;
    w->lex = lex;
    w->kind = kind;
    w->budget = w->max_visits = max_visits;
    lang_start(lex, &w->state[0]);
    return lang_next_tiles(lex, &w->state[0], &w->todo[0], err);
}

tl_status tl_words_anagrams(const tl_lexicon *lex, const uint8_t rack[64], int sub, size_t min_tiles,
                            int64_t max_visits, tl_words_walk **out, tl_error *err) {
    tl_status rc = start(lex, ANAGRAM, max_visits, out, err);
    if (rc != TL_OK) {
        tl_words_free(*out);
        *out = NULL;
        return rc;
    }
    tl_words_walk *w = *out;
    memcpy(w->counts, rack, 64);
    for (unsigned t = 0; t < 64; t++)
        w->left += rack[t];
    w->sub = sub;
    w->min_tiles = min_tiles ? min_tiles : 1;
    return TL_OK;
}

tl_status tl_words_pattern(const tl_lexicon *lex, const int16_t *tokens, size_t count, int64_t max_visits,
                           tl_words_walk **out, tl_error *err) {
    tl_status rc = start(lex, PATTERN, max_visits, out, err);
    if (rc == TL_OK)
        rc = tl_pattern_new(tokens, count, &(*out)->pattern, &(*out)->pstate[0], err);
    if (rc == TL_OK && (rc = prune(*out, &(*out)->state[0], (*out)->pstate[0], err)) == TL_OK)
        rc = lang_next_tiles(lex, &(*out)->state[0], &(*out)->todo[0], err);
    if (rc != TL_OK) {
        tl_words_free(*out);
        *out = NULL;
    }
    return rc;
}

void tl_words_free(tl_words_walk *w) {
    if (!w)
        return;
    tl_pattern_free(w->pattern);
    free(w->memo.keys);
    free(w->memo.values);
    free(w);
}

const uint8_t *tl_words_tiles(const tl_words_walk *w, size_t *length) {
    *length = w->length;
    return w->path;
}

int64_t tl_words_visits(const tl_words_walk *w) { return w->max_visits - w->budget; }

/* Undo the tile at depth d - 1 (an anagram gives its rack slot back). */
static void back(tl_words_walk *w) {
    w->depth--;
    if (w->kind == ANAGRAM) {
        w->counts[w->slot[w->depth]]++;
        w->left++;
    }
}

tl_status tl_words_next(tl_words_walk *w, tl_error *err) {
    if (w->done)
        return TL_DONE;
    const tl_lexicon *lex = w->lex;
    tl_status rc;
    for (;;) {
        size_t d = w->depth;
        uint64_t *todo = &w->todo[d];
        if (!*todo || d == TL_MAX_LENGTH) {
            if (!d) {
                w->done = 1;
                return TL_DONE;
            }
            back(w);
            continue;
        }
        unsigned tile = (unsigned)__builtin_ctzll(*todo);
        *todo &= *todo - 1;
        uint8_t slot = (uint8_t)tile;
        uint32_t pnext = 0;
        if (w->kind == ANAGRAM) {
            if (!w->counts[tile]) {
                if (!w->counts[0])
                    continue;
                slot = 0; /* a blank plays it: the word's own tile first, so each word comes once */
            }
        } else {
            if ((rc = tl_pattern_step(w->pattern, w->pstate[d], tile, &pnext, err)) != TL_OK) {
                w->done = 1;
                return rc;
            }
            if (!pnext)
                continue;
        }
        if (--w->budget < 0) {
            w->done = 1;
            return tl_fail(err, TL_ERR_COSTLY, "the search visited more than %lld lists", (long long)w->max_visits);
        }
        int alive;
        if ((rc = lang_step(lex, &w->state[d], tile, &w->state[d + 1], &alive, err)) != TL_OK) {
            w->done = 1;
            return rc;
        }
        if (!alive)
            continue;
        w->path[d] = (uint8_t)tile;
        w->depth = d + 1;
        w->todo[d + 1] = 0;
        int found = 0;
        if (w->kind == ANAGRAM) {
            w->slot[d] = slot;
            w->counts[slot]--;
            w->left--;
            int full = w->sub ? w->depth >= w->min_tiles : !w->left;
            if (w->left && (rc = lang_next_tiles(lex, &w->state[d + 1], &w->todo[d + 1], err)) != TL_OK)
                break;
            if (w->left && !w->counts[0]) { /* only the rack's tiles go on */
                uint64_t have = 0;
                for (unsigned t = 1; t < 64; t++)
                    if (w->counts[t])
                        have |= 1ull << t;
                w->todo[d + 1] &= have;
            }
            if (full && (rc = lang_is_word(lex, &w->state[d + 1], w->path, w->depth, &found, err)) != TL_OK)
                break;
        } else {
            w->pstate[d + 1] = pnext;
            if ((rc = prune(w, &w->state[d + 1], pnext, err)) != TL_OK ||
                (rc = lang_next_tiles(lex, &w->state[d + 1], &w->todo[d + 1], err)) != TL_OK)
                break;
            if (tl_pattern_final(w->pattern, pnext) &&
                (rc = lang_is_word(lex, &w->state[d + 1], w->path, w->depth, &found, err)) != TL_OK)
                break;
        }
        if (found) {
            w->length = w->depth;
            return TL_WORD;
        }
    }
    w->done = 1;
    return rc;
}
