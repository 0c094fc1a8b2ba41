/* Building the minimal DAWG (and the GADDAG) from tile sequences, and laying it out as KWG.
 *
 * The same algorithm as lexicon/graph/dawg.py and lexicon/graph/writer.py (the reference; the tests
 * compare bytes): sequences are collected in one flat arena, sorted, and fed to the incremental
 * construction for sorted input (Daciuk, Mihov, Watson and Watson 2000). A node is a chain of arcs
 * (tile, accepts, target, next), hash-consed, so equal sibling-list tails are one chain; the GADDAG
 * reuses the DAWG's arcs.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

/* ------------------------------------------------------------------ sequences */

/* Sequences one after another in `bytes`; sequence i is bytes[start[i] .. start[i+1]). */
typedef struct {
    uint8_t *bytes;
    size_t len, cap;
    uint64_t *start;
    uint32_t *target; /* with_targets: per sequence, the state its last arc points to (GADDAG) */
    int with_targets;
    size_t n, slots;
    size_t longest;
} seqs;

static int seqs_add(seqs *s, const uint8_t *data, size_t len, uint32_t target) {
    if (s->n + 2 > s->slots) {
        size_t slots = s->slots ? s->slots + s->slots / 2 : 1024;
        uint64_t *start = realloc(s->start, slots * sizeof *start);
        if (!start)
            return -1;
        s->start = start;
        if (s->with_targets) {
            uint32_t *t = realloc(s->target, slots * sizeof *t);
            if (!t)
                return -1;
            s->target = t;
        }
        s->slots = slots;
    }
    if (s->len + len > s->cap) {
        size_t cap = s->cap ? s->cap : 4096;
        while (cap < s->len + len)
            cap += cap / 2 + 1;
        uint8_t *bytes = realloc(s->bytes, cap);
        if (!bytes)
            return -1;
        s->bytes = bytes;
        s->cap = cap;
    }
    s->start[s->n] = s->len;
    memcpy(s->bytes + s->len, data, len);
    s->len += len;
    if (s->with_targets)
        s->target[s->n] = target;
    s->n++;
    s->start[s->n] = s->len;
    if (len > s->longest)
        s->longest = len;
    return 0;
}

static void seqs_free(seqs *s) {
    int with_targets = s->with_targets;
    free(s->bytes);
    free(s->start);
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
    size_t la = s->start[a + 1] - s->start[a], lb = s->start[b + 1] - s->start[b];
    int c = memcmp(s->bytes + s->start[a], s->bytes + s->start[b], la < lb ? la : lb);
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
    uint32_t *order = malloc((n ? n : 1) * sizeof *order);
    if (!items || !order) {
        free(items);
        free(order);
        return NULL;
    }
    int sorted = 1;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = s->bytes + s->start[i];
        size_t len = s->start[i + 1] - s->start[i];
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
            free(order);
            return NULL;
        }
        merge_sort(s, items, tmp, n);
        free(tmp);
    }
    for (size_t i = 0; i < n; i++)
        order[i] = items[i].index;
    free(items);
    return order;
}

/* ------------------------------------------------------------------ hash-consed arcs */

/* Arc i: tile | accepts << 6 in `ta`, the state it leads to, the rest of its sibling list.
 * Arc 0 is state 0, the empty list. */
typedef struct {
    uint32_t target, next;
    uint8_t ta;
} arc;

#define ACCEPTS 64u
#define MOST_ARCS 0xFFFFFFF0u

/* One struct per arc, so that a probe of the table reads one place. */
typedef struct {
    arc *arc;
    size_t n, cap;
    uint32_t *table; /* open addressing, 0 = empty slot */
    size_t mask;
    tl_status failed; /* why intern gave 0: TL_ERR_NOMEM or TL_ERR_LIMIT */
} arcs;

static inline size_t arc_hash(uint8_t ta, uint32_t target, uint32_t next) {
    /* every field reaches the low bits the table uses (murmur3's finaliser) */
    uint64_t h = ((uint64_t)target << 32 | next) ^ (uint64_t)ta * 0x9E3779B97F4A7C15ull;
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
    a->arc[0] = (arc){0, 0, 0};
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
        size_t h = arc_hash(a->arc[i].ta, a->arc[i].target, a->arc[i].next) & mask;
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
    size_t h = arc_hash(ta, target, next) & a->mask;
    for (;;) {
        uint32_t i = a->table[h];
        if (!i)
            break;
        const arc *x = &a->arc[i];
        if (x->target == target && x->next == next && x->ta == ta)
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
    a->arc[i] = (arc){target, next, ta};
    a->table[h] = i;
    if (a->n * 2 > a->mask + 1 && arcs_grow_table(a)) {
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
 * most one arc per tile number and the separator, so 64 a level. */
#define LEVEL 64

/* Register the nodes deeper than `to`: the next entry leaves the previous one's path there, so
 * they can never change again. Each becomes the target of the last arc one level up. */
static int close_levels(arcs *a, partial *levels, size_t *count, size_t *depth, size_t to) {
    while (*depth > to) {
        size_t c = count[*depth];
        (*depth)--;
        if (!c)
            continue; /* a leaf: its arc keeps its target (0, or the GADDAG's) */
        uint32_t head;
        if (register_level(a, levels + (*depth + 1) * LEVEL, c, &head))
            return -1;
        levels[*depth * LEVEL + count[*depth] - 1].target = head;
    }
    return 0;
}

/* Build from the sequences in `order` (sorted) into *root. -1 when an arc cannot be added
 * (a->failed), -2 when out of memory. */
static int run(arcs *a, const seqs *s, const uint32_t *order, uint32_t *root, size_t *distinct) {
    size_t width = s->longest + 1;
    partial *levels = malloc(width * LEVEL * sizeof *levels);
    size_t *count = calloc(width, sizeof *count);
    if (!levels || !count) {
        free(levels);
        free(count);
        return -2;
    }
    size_t depth = 0, unique = 0;
    const uint8_t *prev = NULL;
    size_t prev_len = 0;
    int rc = -1;
    for (size_t k = 0; k < s->n; k++) {
        uint32_t i = order[k];
        const uint8_t *word = s->bytes + s->start[i];
        size_t len = s->start[i + 1] - s->start[i];
        size_t common = 0;
        if (prev) {
            size_t m = len < prev_len ? len : prev_len;
            while (common < m && word[common] == prev[common])
                common++;
        }
        if (prev && common == len)
            continue; /* the same sequence again */
        unique++;
        if (close_levels(a, levels, count, &depth, common))
            goto done;
        for (size_t d = common; d < len; d++) {
            partial *p = &levels[d * LEVEL + count[d]++];
            p->ta = word[d];
            p->target = 0;
            count[d + 1] = 0;
        }
        depth = len;
        partial *last = &levels[(len - 1) * LEVEL + count[len - 1] - 1];
        uint32_t target = s->with_targets ? s->target[i] : 0;
        if (target)
            last->target = target;
        else
            last->ta |= ACCEPTS;
        prev = word;
        prev_len = len;
    }
    if (close_levels(a, levels, count, &depth, 0) || register_level(a, levels, count[0], root))
        goto done;
    if (distinct)
        *distinct = unique;
    rc = 0;
done:
    free(levels);
    free(count);
    return rc;
}

/* The GADDAG's entries from the DAWG at `root`: for every path (each distinct prefix once),
 * its reverse if a word ends there, and its reverse + separator pointing at the state after it
 * (CARE gives ERAC, and RAC@, AC@, C@ pointing at the DAWG states after CAR, CA, C).
 * 0, or a status. */
static tl_status gaddag_entries(const arcs *a, uint32_t root, size_t longest, seqs *out, tl_error *err) {
    size_t width = longest + 2;
    uint32_t *stack = malloc(width * sizeof *stack);
    uint8_t *path = malloc(width);
    uint8_t *reverse = malloc(width);
    tl_status rc = TL_ERR_NOMEM;
    if (!stack || !path || !reverse)
        goto done;
    size_t top = 0;
    stack[0] = root;
    for (;;) {
        uint32_t at = stack[top];
        if (!at) {
            if (top == 0)
                break;
            top--;
            continue;
        }
        stack[top] = a->arc[at].next;
        path[top] = a->arc[at].ta & 63;
        size_t len = top + 1;
        for (size_t k = 0; k < len; k++)
            reverse[k] = path[len - 1 - k];
        if (out->n >= 0xFFFFFFFEu) {
            char most[32];
            rc = tl_fail(err, TL_ERR_LIMIT, "the GADDAG needs more than %s sequences", tl_thousands(out->n, most));
            goto done;
        }
        if ((a->arc[at].ta & ACCEPTS) && seqs_add(out, reverse, len, 0))
            goto done;
        uint32_t target = a->arc[at].target;
        if (target) {
            reverse[len] = TL_SEPARATOR;
            if (seqs_add(out, reverse, len + 1, target))
                goto done;
            if (top + 2 >= width) {
                rc = tl_fail(err, TL_ERR_STATE, "the DAWG built has a path longer than its longest sequence");
                goto done;
            }
            stack[++top] = target;
        }
    }
    rc = TL_OK;
done:
    if (rc == TL_ERR_NOMEM)
        tl_nomem(err);
    free(stack);
    free(path);
    free(reverse);
    return rc;
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
        is_tail[a->arc[i].next] = 1;
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
                for (uint32_t state = head; state; state = a->arc[state].next) {
                    if (!p->position[state]) /* a position past 2^32 fails the capacity check anyway */
                        p->position[state] = count > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)count;
                    count++;
                }
            }
            for (uint32_t state = head; state; state = a->arc[state].next) {
                uint32_t target = a->arc[state].target;
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
        for (uint32_t state = p->chains[c]; state; state = a->arc[state].next) {
            uint8_t ta = a->arc[state].ta;
            put(out, &w, (uint32_t)(ta & 63) << tile_shift | ((ta & ACCEPTS) ? accepts_bit : 0)
                | (a->arc[state].next ? 0 : end_bit) | p->position[a->arc[state].target] << arc_shift);
        }
    }
}

/* ------------------------------------------------------------------ the builder */

enum { OPEN, FINISHED, WRITTEN };

struct tl_builder {
    seqs words;
    int stage;
    arcs arcs;
    placement placement;
    uint32_t roots[2];
    tl_build build;
};

tl_builder *tl_builder_new(void) { return calloc(1, sizeof(tl_builder)); }

void tl_builder_free(tl_builder *b) {
    if (!b)
        return;
    seqs_free(&b->words);
    arcs_free(&b->arcs);
    placement_free(&b->placement);
    free(b);
}

size_t tl_builder_count(const tl_builder *b) { return b->words.n; }

static tl_status check_open(const tl_builder *b, tl_error *err) {
    if (b->stage != OPEN)
        return tl_fail(err, TL_ERR_STATE, "this builder has finished; make a new one");
    return TL_OK;
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
    if (b->words.n >= 0xFFFFFFFEu) {
        char most[32];
        return tl_fail(err, TL_ERR_LIMIT, "a builder holds at most %s sequences", tl_thousands(b->words.n, most));
    }
    if (seqs_add(&b->words, tiles, length, 0))
        return tl_nomem(err);
    return TL_OK;
}

tl_status tl_builder_add(tl_builder *b, const uint8_t *tiles, size_t length, tl_error *err) {
    tl_status rc = check_open(b, err);
    if (rc == TL_OK)
        rc = check_sequence(tiles, length, b->words.n, err);
    return rc == TL_OK ? add(b, tiles, length, err) : rc;
}

tl_status tl_builder_add_packed(tl_builder *b, const uint8_t *data, size_t size, tl_error *err) {
    tl_status rc = check_open(b, err);
    if (rc != TL_OK)
        return rc;
    /* the whole run first, so that a refused run adds nothing */
    size_t number = b->words.n;
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

/* a->failed as a status with its message */
static tl_status arcs_failed(const arcs *a, tl_error *err) {
    if (a->failed == TL_ERR_LIMIT) {
        char most[32];
        return tl_fail(err, TL_ERR_LIMIT, "the word graph needs more than %s arcs", tl_thousands(MOST_ARCS, most));
    }
    return tl_nomem(err);
}

/* The DAWG (and GADDAG) of the sequences, placed; the sequences are let go. */
static tl_status construct(tl_builder *b, int gaddag, tl_error *err) {
    arcs *a = &b->arcs;
    if (arcs_init(a))
        return tl_nomem(err);
    size_t distinct = 0;
    uint32_t *order = sorted_order(&b->words);
    if (!order)
        return tl_nomem(err);
    int built = run(a, &b->words, order, &b->roots[0], &distinct);
    free(order);
    size_t longest = b->words.longest;
    seqs_free(&b->words);
    if (built)
        return built == -2 ? tl_nomem(err) : arcs_failed(a, err);
    if (gaddag) {
        seqs entries = {.with_targets = 1};
        tl_status rc = gaddag_entries(a, b->roots[0], longest, &entries, err);
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
