/* Building the minimal DAWG (and the GADDAG) from tile sequences, and laying it out as KWG.
 *
 * The same algorithm as lexicon/graph/dawg.py and lexicon/graph/writer.py (the reference; the tests
 * compare bytes): sequences are collected in one flat arena, sorted, and fed to the incremental
 * construction for sorted input (Daciuk, Mihov, Watson and Watson 2000). A node is a chain of arcs
 * (tile, accepts, target, next), hash-consed, so equal sibling-list tails are one chain; the GADDAG
 * reuses the DAWG's arcs.
 */
#include "graph/internal.h"

#include <stdio.h>
#include <stdlib.h>

/* ------------------------------------------------------------------ sequences */

/* Sequences one after another in `bytes`, each its length less one (a byte: an entry is 1 to 256
 * long, a word and the GADDAG's separator) and then its tiles. Sequence i begins segment[i >> 16] +
 * at[i] bytes in: a segment of 65,536 sequences spans at most 16.8 MB, so the offset within it fits
 * 32 bits however large the whole. 5 bytes of overhead a sequence (9 with targets). */
#define SEGMENT_BITS 16

typedef struct {
    uint8_t *bytes;
    size_t len, cap;
    uint32_t *at;
    uint64_t *segment;
    uint32_t *target; /* with_targets: per sequence, the state its last arc points to (GADDAG) */
    int with_targets;
    size_t n, slots, segments;
} seqs;

static inline const uint8_t *seq_at(const seqs *s, size_t i) {
    return s->bytes + s->segment[i >> SEGMENT_BITS] + s->at[i];
}
static inline size_t seq_len(const uint8_t *p) { return (size_t)p[0] + 1; }

static int grow(void **data, size_t *cap, size_t need, size_t size) {
    if (need <= *cap)
        return 0;
    size_t cap_ = *cap ? *cap : 1024;
    while (cap_ < need)
        cap_ += cap_ / 2 + 1;
    void *grown = realloc(*data, cap_ * size);
    if (!grown)
        return -1;
    *data = grown;
    *cap = cap_;
    return 0;
}

static int seqs_add(seqs *s, const uint8_t *data, size_t len, uint32_t target) {
    size_t slots = s->slots, segments = s->segments;
    if (grow((void **)&s->at, &slots, s->n + 1, sizeof *s->at))
        return -1;
    if (s->with_targets && (slots != s->slots || !s->target)) {
        uint32_t *t = realloc(s->target, slots * sizeof *t);
        if (!t)
            return -1;
        s->target = t;
    }
    s->slots = slots;
    if ((s->n & ((1u << SEGMENT_BITS) - 1)) == 0) {
        if (grow((void **)&s->segment, &segments, (s->n >> SEGMENT_BITS) + 1, sizeof *s->segment))
            return -1;
        s->segments = segments;
        s->segment[s->n >> SEGMENT_BITS] = s->len;
    }
    if (grow((void **)&s->bytes, &s->cap, s->len + 1 + len, 1))
        return -1;
    s->at[s->n] = (uint32_t)(s->len - s->segment[s->n >> SEGMENT_BITS]);
    s->bytes[s->len] = (uint8_t)(len - 1);
    memcpy(s->bytes + s->len + 1, data, len);
    s->len += 1 + len;
    if (s->with_targets)
        s->target[s->n] = target;
    s->n++;
    return 0;
}

static void seqs_free(seqs *s) {
    int with_targets = s->with_targets;
    free(s->bytes);
    free(s->at);
    free(s->segment);
    free(s->target);
    memset(s, 0, sizeof *s);
    s->with_targets = with_targets;
}

/* Sorting: each sequence as its first 12 bytes in two integers (padding 0 sorts before any
 * byte, or ties and is decided by the full comparison, which reads the sequences themselves:
 * rarer than it would be with 8, as GADDAG entries are reversed prefixes and Swedish compounds
 * end alike), 16 bytes an item, merge-sorted; a merge of two runs already in order is skipped,
 * so input that is nearly sorted (a list in key order) is quick. */
typedef struct {
    uint64_t key;
    uint32_t key2;
    uint32_t index;
} sort_item;

static inline int seq_cmp(const seqs *s, uint32_t a, uint32_t b) {
    const uint8_t *pa = seq_at(s, a), *pb = seq_at(s, b);
    size_t la = seq_len(pa), lb = seq_len(pb);
    int c = memcmp(pa + 1, pb + 1, la < lb ? la : lb);
    if (c)
        return c;
    if (la != lb)
        return la < lb ? -1 : 1;
    if (s->with_targets) { /* equal sequences: by target, as the reference sorts (sequence, target) pairs */
        uint32_t ta = s->target[a], tb = s->target[b];
        if (ta != tb)
            return ta < tb ? -1 : 1;
    }
    return 0;
}

static inline int item_less(const seqs *s, const sort_item *a, const sort_item *b) {
    if (a->key != b->key)
        return a->key < b->key;
    if (a->key2 != b->key2)
        return a->key2 < b->key2;
    return seq_cmp(s, a->index, b->index) < 0;
}

static void merge_sort(const seqs *s, sort_item *a, sort_item *tmp, size_t n) {
    if (n < 24) {
        for (size_t i = 1; i < n; i++) {
            sort_item x = a[i];
            size_t j = i;
            while (j > 0 && item_less(s, &x, &a[j - 1])) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
        return;
    }
    size_t half = n / 2;
    merge_sort(s, a, tmp, half);
    merge_sort(s, a + half, tmp, n - half);
    if (!item_less(s, &a[half], &a[half - 1]))
        return; /* already in order */
    memcpy(tmp, a, half * sizeof *a);
    size_t i = 0, j = half, k = 0;
    while (i < half && j < n) {
        if (item_less(s, &a[j], &tmp[i]))
            a[k++] = a[j++];
        else
            a[k++] = tmp[i++];
    }
    while (i < half)
        a[k++] = tmp[i++];
}

/* The order of the sequences: indexes into `s`, sorted. NULL when out of memory. */
static uint32_t *sorted_order(const seqs *s) {
    size_t n = s->n;
    sort_item *items = malloc((n ? n : 1) * sizeof *items);
    if (!items)
        return NULL;
    int sorted = 1;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = seq_at(s, i) + 1;
        size_t len = seq_len(p - 1);
        uint64_t key = 0;
        uint32_t key2 = 0;
        for (size_t k = 0; k < 8; k++)
            key = key << 8 | (k < len ? p[k] : 0);
        for (size_t k = 8; k < 12; k++)
            key2 = key2 << 8 | (k < len ? p[k] : 0);
        items[i].key = key;
        items[i].key2 = key2;
        items[i].index = (uint32_t)i; /* n < 2^32: tl_builder_add and the GADDAG's entries check */
        if (i && sorted && item_less(s, &items[i], &items[i - 1]))
            sorted = 0;
    }
    if (!sorted) {
        sort_item *tmp = malloc((n / 2 + 1) * sizeof *tmp);
        if (!tmp) {
            free(items);
            return NULL;
        }
        merge_sort(s, items, tmp, n);
        free(tmp);
    }
    /* the order, in the items' own memory: each index is written over an item already read */
    uint32_t *order = (uint32_t *)items;
    for (size_t i = 0; i < n; i++)
        order[i] = items[i].index;
    uint32_t *shrunk = realloc(order, (n ? n : 1) * sizeof *order);
    return shrunk ? shrunk : order;
}

/* ------------------------------------------------------------------ hash-consed arcs */

/* Arc i, in one 64-bit word: tile | accepts << 6, the state it leads to, and the rest of its sibling
 * list, 28 bits each (a graph of more arcs could not be laid out: every arc is a node of the file, and
 * the big layout holds 2^24). Arc 0 is state 0, the empty list. */
typedef uint64_t arc;
#define ARC_BITS 28
#define ARC_MASK ((1u << ARC_BITS) - 1)
#define MOST_ARCS (ARC_MASK - 15)
#define ACCEPTS 64u

static inline arc make_arc(uint8_t ta, uint32_t target, uint32_t next) {
    return (uint64_t)ta << (2 * ARC_BITS) | (uint64_t)target << ARC_BITS | next;
}
static inline uint8_t ta_of(arc x) { return (uint8_t)(x >> (2 * ARC_BITS)); }
static inline uint32_t target_of(arc x) { return (uint32_t)(x >> ARC_BITS) & ARC_MASK; }
static inline uint32_t next_of(arc x) { return (uint32_t)x & ARC_MASK; }

typedef struct {
    arc *arc;
    size_t n, cap;
    uint32_t *table; /* open addressing, 0 = empty slot, at most 3/4 full */
    size_t mask;
    tl_status failed; /* why intern gave 0: TL_ERR_NOMEM or TL_ERR_LIMIT */
} arcs;

static inline size_t arc_hash(arc x) {
    /* every field reaches the low bits the table uses (murmur3's finaliser) */
    uint64_t h = x * 0x9E3779B97F4A7C15ull;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return (size_t)h;
}

static int arcs_init(arcs *a) {
    memset(a, 0, sizeof *a);
    a->cap = 1 << 12;
    a->arc = malloc(a->cap * sizeof *a->arc);
    a->mask = (1 << 13) - 1;
    a->table = calloc(a->mask + 1, sizeof *a->table);
    if (!a->arc || !a->table)
        return -1;
    a->arc[0] = 0;
    a->n = 1;
    return 0;
}

static void arcs_free(arcs *a) {
    free(a->arc);
    free(a->table);
    memset(a, 0, sizeof *a);
}

static int arcs_grow_table(arcs *a) {
    size_t mask = a->mask * 2 + 1;
    uint32_t *table = calloc(mask + 1, sizeof *table);
    if (!table)
        return -1;
    for (size_t i = 1; i < a->n; i++) {
        size_t h = arc_hash(a->arc[i]) & mask;
        while (table[h])
            h = (h + 1) & mask;
        table[h] = (uint32_t)i;
    }
    free(a->table);
    a->table = table;
    a->mask = mask;
    return 0;
}

/* The arc (ta, target, next): found, or added. 0 when it cannot be (a->failed says why). */
static uint32_t intern(arcs *a, uint8_t ta, uint32_t target, uint32_t next) {
    arc x = make_arc(ta, target, next);
    size_t h = arc_hash(x) & a->mask;
    for (;;) {
        uint32_t i = a->table[h];
        if (!i)
            break;
        if (a->arc[i] == x)
            return i;
        h = (h + 1) & a->mask;
    }
    if (a->n >= MOST_ARCS) {
        a->failed = TL_ERR_LIMIT;
        return 0;
    }
    if (a->n == a->cap) {
        size_t cap = a->cap * 2;
        arc *grown = realloc(a->arc, cap * sizeof *grown);
        if (!grown) {
            a->failed = TL_ERR_NOMEM;
            return 0;
        }
        a->arc = grown;
        a->cap = cap;
    }
    uint32_t i = (uint32_t)a->n++;
    a->arc[i] = x;
    a->table[h] = i;
    if (a->n * 4 > (a->mask + 1) * 3 && arcs_grow_table(a)) {
        a->failed = TL_ERR_NOMEM;
        return 0;
    }
    return i;
}

/* ------------------------------------------------------------------ construction */

typedef struct {
    uint8_t ta;
    uint32_t target;
} partial;

/* The state of a finished sibling list: the chain of its arcs, each found or added. */
static int register_level(arcs *a, const partial *level, size_t count, uint32_t *head) {
    uint32_t h = 0;
    for (size_t i = count; i-- > 0;) {
        h = intern(a, level[i].ta, level[i].target, h);
        if (!h)
            return -1;
    }
    *head = h;
    return 0;
}

/* levels[d] holds the arcs, so far, of the node reached after d tiles of the previous entry: at
 * most one arc per tile number and the separator, so 64 a level; an entry is at most a word and the
 * GADDAG's separator long. */
#define LEVEL 64
#define LEVELS (TL_MAX_LENGTH + 2)

/* The incremental construction for sorted input, one entry at a time: the previous entry's path and
 * the arcs of its nodes still open. */
typedef struct {
    partial *levels;        /* LEVELS × LEVEL */
    size_t count[LEVELS + 1];
    size_t depth;
    uint8_t prev[LEVELS];
    size_t prev_len;        /* 0: no entry yet */
    size_t unique;          /* entries without repeats */
} dawg_run;

static int run_start(dawg_run *r) {
    memset(r, 0, sizeof *r);
    r->levels = malloc(LEVELS * LEVEL * sizeof *r->levels);
    return r->levels ? 0 : -1;
}

static void run_free(dawg_run *r) {
    free(r->levels);
    r->levels = NULL;
}

/* Register the nodes deeper than `to`: the next entry leaves the previous one's path there, so
 * they can never change again. Each becomes the target of the last arc one level up. */
static int close_levels(arcs *a, dawg_run *r, size_t to) {
    partial *levels = r->levels;
    size_t *count = r->count;
    while (r->depth > to) {
        size_t c = count[r->depth];
        r->depth--;
        if (!c)
            continue; /* a leaf: its arc keeps its target (0, or the GADDAG's) */
        uint32_t head;
        if (register_level(a, levels + (r->depth + 1) * LEVEL, c, &head))
            return -1;
        levels[r->depth * LEVEL + count[r->depth] - 1].target = head;
    }
    return 0;
}

/* Add the next entry, not before the previous one (a repeat is skipped); `target` nonzero: its
 * last arc points there (a GADDAG entry) instead of accepting. -1 when an arc cannot be added. */
static int run_add(arcs *a, dawg_run *r, const uint8_t *word, size_t len, uint32_t target) {
    size_t common = 0, m = len < r->prev_len ? len : r->prev_len;
    while (common < m && word[common] == r->prev[common])
        common++;
    if (r->prev_len && common == len)
        return 0; /* the same sequence again */
    r->unique++;
    if (close_levels(a, r, common))
        return -1;
    partial *levels = r->levels;
    for (size_t d = common; d < len; d++) {
        partial *p = &levels[d * LEVEL + r->count[d]++];
        p->ta = word[d];
        p->target = 0;
        r->count[d + 1] = 0;
    }
    r->depth = len;
    partial *last = &levels[(len - 1) * LEVEL + r->count[len - 1] - 1];
    if (target)
        last->target = target;
    else
        last->ta |= ACCEPTS;
    memcpy(r->prev + common, word + common, len - common);
    r->prev_len = len;
    return 0;
}

/* The root state of everything added; the run can take no more. */
static int run_finish(arcs *a, dawg_run *r, uint32_t *root) {
    return close_levels(a, r, 0) || register_level(a, r->levels, r->count[0], root) ? -1 : 0;
}

/* Build from the sequences in `order` (sorted) into *root. -1 when an arc cannot be added
 * (a->failed), -2 when out of memory. */
static int run(arcs *a, const seqs *s, const uint32_t *order, uint32_t *root, size_t *distinct) {
    dawg_run r;
    if (run_start(&r))
        return -2;
    int rc = 0;
    for (size_t k = 0; k < s->n && !rc; k++) {
        uint32_t i = order[k];
        const uint8_t *p = seq_at(s, i);
        rc = run_add(a, &r, p + 1, seq_len(p), s->with_targets ? s->target[i] : 0);
    }
    if (!rc)
        rc = run_finish(a, &r, root);
    if (distinct)
        *distinct = r.unique;
    run_free(&r);
    return rc;
}

/* Every path from the DAWG at `root` (each distinct prefix once), depth first in tile order, with the
 * arc that ends it, to `visit`; a nonzero return stops the walk and is returned. */
typedef int (*path_fn)(void *context, const uint8_t *path, size_t length, arc last);

static int each_path(const arcs *a, uint32_t root, path_fn visit, void *context) {
    uint32_t stack[LEVELS];
    uint8_t path[LEVELS];
    size_t top = 0;
    stack[0] = root;
    for (;;) {
        uint32_t at = stack[top];
        if (!at) {
            if (top == 0)
                return 0;
            top--;
            continue;
        }
        arc x = a->arc[at];
        stack[top] = next_of(x);
        path[top] = ta_of(x) & 63;
        int rc = visit(context, path, top + 1, x);
        if (rc)
            return rc;
        if (target_of(x))
            stack[++top] = target_of(x); /* a DAWG's paths are its sequences: at most TL_MAX_LENGTH long */
    }
}

/* collect_words: the words of a DAWG, in order, into a seqs (an input that stopped coming in order). */
static int collect_word(void *out, const uint8_t *path, size_t length, arc last) {
    return (ta_of(last) & ACCEPTS) && seqs_add(out, path, length, 0) ? -1 : 0;
}

/* The GADDAG's entries from the DAWG: for every path, its reverse if a word ends there, and its reverse
 * + separator pointing at the state after it (CARE gives ERAC, and RAC@, AC@, C@ pointing at the DAWG
 * states after CAR, CA, C). -1 out of memory, -2 past the sequences a builder sorts. */
static int gaddag_entry(void *out, const uint8_t *path, size_t length, arc last) {
    seqs *s = out;
    uint8_t reverse[LEVELS];
    for (size_t k = 0; k < length; k++)
        reverse[k] = path[length - 1 - k];
    if (s->n >= 0xFFFFFFFEu)
        return -2;
    if ((ta_of(last) & ACCEPTS) && seqs_add(s, reverse, length, 0))
        return -1;
    reverse[length] = TL_SEPARATOR;
    return target_of(last) && seqs_add(s, reverse, length + 1, target_of(last)) ? -1 : 0;
}

static tl_status gaddag_entries(const arcs *a, uint32_t root, seqs *out, tl_error *err) {
    int rc = each_path(a, root, gaddag_entry, out);
    if (rc == -2) {
        char most[32];
        return tl_fail(err, TL_ERR_LIMIT, "the GADDAG needs more than %s sequences", tl_thousands(out->n, most));
    }
    return rc ? tl_nomem(err) : TL_OK;
}

/* ------------------------------------------------------------------ layout */

typedef struct {
    uint32_t *position; /* file position of each arc's node */
    uint32_t *chains;   /* heads of the lists written, in order */
    size_t n_chains;
    size_t count;       /* nodes in the file */
} placement;

/* As lexicon.graph.writer._place: only lists that are no other list's tail are written,
 * breadth-first from the DAWG root, then the GADDAG root. */
static int place(const arcs *a, const uint32_t *roots, size_t n_roots, placement *p) {
    size_t n = a->n;
    uint8_t *is_tail = calloc(n, 1);
    uint8_t *seen = calloc(n, 1);
    uint32_t *queue = malloc(n * sizeof *queue);
    p->position = calloc(n, sizeof *p->position);
    p->chains = malloc(n * sizeof *p->chains);
    p->n_chains = 0;
    int rc = -1;
    if (!is_tail || !seen || !queue || !p->position || !p->chains)
        goto done;
    for (size_t i = 0; i < n; i++)
        is_tail[next_of(a->arc[i])] = 1;
    size_t count = n_roots;
    seen[0] = 1;
    for (size_t r = 0; r < n_roots; r++) {
        uint32_t root = roots[r];
        if (seen[root])
            continue;
        seen[root] = 1;
        size_t head_at = 0, tail_at = 0;
        queue[tail_at++] = root;
        while (head_at < tail_at) {
            uint32_t head = queue[head_at++];
            if (!is_tail[head]) {
                p->chains[p->n_chains++] = head;
                for (uint32_t state = head; state; state = next_of(a->arc[state])) {
                    if (!p->position[state]) /* a position past 2^32 fails the capacity check anyway */
                        p->position[state] = count > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)count;
                    count++;
                }
            }
            for (uint32_t state = head; state; state = next_of(a->arc[state])) {
                uint32_t target = target_of(a->arc[state]);
                if (!seen[target]) {
                    seen[target] = 1;
                    queue[tail_at++] = target;
                }
            }
        }
    }
    p->count = count;
    rc = 0;
done:
    free(is_tail);
    free(seen);
    free(queue);
    return rc;
}

static void placement_free(placement *p) {
    free(p->position);
    free(p->chains);
    memset(p, 0, sizeof *p);
}

static void put(uint8_t *out, size_t *w, uint32_t v) {
    out[(*w)++] = (uint8_t)v;
    out[(*w)++] = (uint8_t)(v >> 8);
    out[(*w)++] = (uint8_t)(v >> 16);
    out[(*w)++] = (uint8_t)(v >> 24);
}

static void encode(const arcs *a, const placement *p, const uint32_t *roots, size_t n_roots, int big, uint8_t *out) {
    unsigned tile_shift = big ? 0 : 24, arc_shift = big ? 8 : 0;
    uint32_t accepts_bit = big ? 1u << 7 : 1u << 23, end_bit = big ? 1u << 6 : 1u << 22;
    size_t w = 0;
    for (size_t r = 0; r < n_roots; r++)
        put(out, &w, end_bit | p->position[roots[r]] << arc_shift);
    for (size_t c = 0; c < p->n_chains; c++) {
        for (uint32_t state = p->chains[c]; state; state = next_of(a->arc[state])) {
            uint8_t ta = ta_of(a->arc[state]);
            put(out, &w, (uint32_t)(ta & 63) << tile_shift | ((ta & ACCEPTS) ? accepts_bit : 0)
                | (next_of(a->arc[state]) ? 0 : end_bit) | p->position[target_of(a->arc[state])] << arc_shift);
        }
    }
}

/* ------------------------------------------------------------------ the builder */

enum { OPEN, FINISHED, WRITTEN };

/* Sequences that come in order (each not before the one added last) go straight into the DAWG's
 * construction and are not kept: a sorted list is built in the memory of its graph. The first that
 * comes out of order turns the builder to collecting: the words so far are read back out of the
 * DAWG begun, and every sequence is kept, to be sorted when the builder finishes. */
struct tl_builder {
    int stage;
    int streaming;
    dawg_run run;       /* streaming: the DAWG under construction */
    seqs words;         /* collecting: every sequence */
    size_t added;
    arcs arcs;
    placement placement;
    uint32_t roots[2];
    tl_build build;
};

tl_builder *tl_builder_new(void) {
    tl_builder *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->streaming = 1;
    if (arcs_init(&b->arcs) || run_start(&b->run)) {
        tl_builder_free(b);
        return NULL;
    }
    return b;
}

void tl_builder_free(tl_builder *b) {
    if (!b)
        return;
    run_free(&b->run);
    seqs_free(&b->words);
    arcs_free(&b->arcs);
    placement_free(&b->placement);
    free(b);
}

size_t tl_builder_count(const tl_builder *b) { return b->added; }

static tl_status check_open(const tl_builder *b, tl_error *err) {
    if (b->stage != OPEN)
        return tl_fail(err, TL_ERR_STATE, "this builder has finished; make a new one");
    return TL_OK;
}

/* a->failed as a status with its message */
static tl_status arcs_failed(const arcs *a, tl_error *err) {
    if (a->failed == TL_ERR_LIMIT) {
        char most[32];
        return tl_fail(err, TL_ERR_LIMIT, "the word graph needs more than %s arcs", tl_thousands(MOST_ARCS, most));
    }
    return tl_nomem(err);
}

/* From streaming to collecting: the DAWG begun holds the words so far, in order. */
static tl_status start_collecting(tl_builder *b, tl_error *err) {
    uint32_t root;
    if (run_finish(&b->arcs, &b->run, &root))
        return arcs_failed(&b->arcs, err);
    run_free(&b->run);
    b->streaming = 0;
    if (each_path(&b->arcs, root, collect_word, &b->words))
        return tl_nomem(err);
    arcs_free(&b->arcs);
    return arcs_init(&b->arcs) ? tl_nomem(err) : TL_OK;
}

/* The first bytes of a sequence, as a message shows them: "01 41 02". */
static const char *show(const uint8_t *tiles, size_t length, char out[64]) {
    size_t w = 0, shown = length < 12 ? length : 12;
    for (size_t i = 0; i < shown; i++)
        w += (size_t)snprintf(out + w, 64 - w, i ? " %02x" : "%02x", tiles[i]);
    if (shown < length)
        snprintf(out + w, 64 - w, " …");
    return out;
}

/* The contract of a sequence (lexicon.graph.format.check_sequence says the same): 1 to
 * TL_MAX_LENGTH tiles, each 1..63. `number` is its place in the order added. */
static tl_status check_sequence(const uint8_t *tiles, size_t length, size_t number, tl_error *err) {
    if (length == 0)
        return tl_fail(err, TL_ERR_INPUT, "sequence %zu: the empty sequence cannot be stored in a word graph", number);
    if (length > TL_MAX_LENGTH)
        return tl_fail(err, TL_ERR_INPUT, "sequence %zu: %zu tiles; a word graph path holds at most %u", number,
                       length, TL_MAX_LENGTH);
    for (size_t i = 0; i < length; i++) {
        if (tiles[i] == 0 || tiles[i] > TL_MAX_TILE) {
            char shown[64];
            return tl_fail(err, TL_ERR_INPUT, "sequence %zu (%s): tile %u at position %zu is outside 1..%u", number,
                           show(tiles, length, shown), tiles[i], i, TL_MAX_TILE);
        }
    }
    return TL_OK;
}

static tl_status add(tl_builder *b, const uint8_t *tiles, size_t length, tl_error *err) {
    if (b->streaming) {
        const dawg_run *r = &b->run;
        size_t m = length < r->prev_len ? length : r->prev_len;
        int c = memcmp(tiles, r->prev, m);
        if (c > 0 || (c == 0 && length >= r->prev_len)) { /* in order (or a repeat) */
            if (run_add(&b->arcs, &b->run, tiles, length, 0))
                return arcs_failed(&b->arcs, err);
            b->added++;
            return TL_OK;
        }
        tl_status rc = start_collecting(b, err);
        if (rc != TL_OK)
            return rc;
    }
    if (b->words.n >= 0xFFFFFFFEu) {
        char most[32];
        return tl_fail(err, TL_ERR_LIMIT, "a builder holds at most %s sequences out of order",
                       tl_thousands(b->words.n, most));
    }
    if (seqs_add(&b->words, tiles, length, 0))
        return tl_nomem(err);
    b->added++;
    return TL_OK;
}

tl_status tl_builder_add(tl_builder *b, const uint8_t *tiles, size_t length, tl_error *err) {
    tl_status rc = check_open(b, err);
    if (rc == TL_OK)
        rc = check_sequence(tiles, length, b->added, err);
    return rc == TL_OK ? add(b, tiles, length, err) : rc;
}

tl_status tl_builder_add_packed(tl_builder *b, const uint8_t *data, size_t size, tl_error *err) {
    tl_status rc = check_open(b, err);
    if (rc != TL_OK)
        return rc;
    /* the whole run first, so that a refused run adds nothing */
    size_t number = b->added;
    for (size_t at = 0; at < size; number++) {
        size_t n = data[at];
        if (!n || at + 1 + n > size)
            return tl_fail(err, TL_ERR_INPUT, "packed sequences: %s at byte %zu",
                           n ? "a sequence runs past the end" : "an empty sequence", at);
        for (size_t i = 0; i < n; i++) {
            uint8_t t = data[at + 1 + i];
            if (t == 0 || t > TL_MAX_TILE)
                return tl_fail(err, TL_ERR_INPUT, "packed sequences: tile %u at byte %zu is outside 1..%u (sequence %zu)",
                               t, at + 1 + i, TL_MAX_TILE, number);
        }
        at += 1 + n;
    }
    for (size_t at = 0; rc == TL_OK && at < size; at += 1 + (size_t)data[at])
        rc = add(b, data + at + 1, data[at], err);
    return rc;
}

/* The DAWG (and GADDAG) of the sequences, placed; the sequences are let go. */
static tl_status construct(tl_builder *b, int gaddag, tl_error *err) {
    arcs *a = &b->arcs;
    size_t distinct = 0;
    int built;
    if (b->streaming) {
        built = run_finish(a, &b->run, &b->roots[0]);
        distinct = b->run.unique;
        run_free(&b->run);
    } else {
        uint32_t *order = sorted_order(&b->words);
        if (!order)
            return tl_nomem(err);
        built = run(a, &b->words, order, &b->roots[0], &distinct);
        free(order);
        seqs_free(&b->words);
    }
    if (built)
        return built == -2 ? tl_nomem(err) : arcs_failed(a, err);
    if (gaddag) {
        seqs entries = {.with_targets = 1};
        tl_status rc = gaddag_entries(a, b->roots[0], &entries, err);
        uint32_t *gorder = rc == TL_OK ? sorted_order(&entries) : NULL;
        if (rc == TL_OK && !gorder)
            rc = tl_nomem(err);
        if (rc == TL_OK && (built = run(a, &entries, gorder, &b->roots[1], NULL)))
            rc = built == -2 ? tl_nomem(err) : arcs_failed(a, err);
        free(gorder);
        seqs_free(&entries);
        if (rc != TL_OK)
            return rc;
    }
    if (place(a, b->roots, gaddag ? 2 : 1, &b->placement))
        return tl_nomem(err);
    b->build.distinct = distinct;
    b->build.gaddag = gaddag;
    return TL_OK;
}

tl_status tl_builder_finish(tl_builder *b, int gaddag, int layout, tl_build *out, tl_error *err) {
    tl_status rc = check_open(b, err);
    if (rc != TL_OK)
        return rc;
    if (layout != TL_LAYOUT_AUTO && layout != TL_LAYOUT_KWG && layout != TL_LAYOUT_KBWG)
        return tl_fail(err, TL_ERR_INPUT, "unknown word-graph layout %d (kwg or kbwg)", layout);
    b->stage = FINISHED;
    rc = construct(b, gaddag != 0, err);
    if (rc != TL_OK) {
        b->stage = WRITTEN;
        arcs_free(&b->arcs);
        placement_free(&b->placement);
        return rc;
    }
    size_t count = b->placement.count;
    if (layout == TL_LAYOUT_AUTO)
        layout = count <= TL_KWG_CAPACITY ? TL_LAYOUT_KWG : TL_LAYOUT_KBWG;
    size_t capacity = layout == TL_LAYOUT_KWG ? TL_KWG_CAPACITY : TL_KBWG_CAPACITY;
    if (count > capacity) {
        char need[32], most[32];
        b->stage = WRITTEN;
        arcs_free(&b->arcs);
        placement_free(&b->placement);
        return tl_fail(err, TL_ERR_LIMIT, "the word graph needs %s nodes; the %s layout holds at most %s",
                       tl_thousands(count, need), layout == TL_LAYOUT_KWG ? "kwg" : "kbwg",
                       tl_thousands(capacity, most));
    }
    b->build.layout = (tl_layout)layout;
    b->build.nodes = count;
    b->build.bytes = 4 * count;
    if (out)
        *out = b->build;
    return TL_OK;
}

tl_status tl_builder_write(tl_builder *b, uint8_t *out, size_t size, tl_error *err) {
    if (b->stage != FINISHED)
        return tl_fail(err, TL_ERR_STATE, b->stage == OPEN ? "finish the builder before writing its graph"
                                                          : "this builder's graph was written; make a new one");
    if (size != b->build.bytes)
        return tl_fail(err, TL_ERR_INPUT, "the output holds %zu bytes; the graph is %zu", size, b->build.bytes);
    encode(&b->arcs, &b->placement, b->roots, b->build.gaddag ? 2 : 1, b->build.layout == TL_LAYOUT_KBWG, out);
    b->stage = WRITTEN;
    arcs_free(&b->arcs);
    placement_free(&b->placement);
    return TL_OK;
}
