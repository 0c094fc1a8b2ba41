/* Building the minimal DAWG (and the GADDAG) from tile sequences, and laying it out as KWG.
 *
 * The same algorithm as lexicon/dawg.py and lexicon/kwg.py (the reference; the tests compare
 * bytes): sequences are collected in one flat arena (no Python object per word), sorted, and
 * fed to the incremental construction for sorted input (Daciuk, Mihov, Watson and Watson
 * 2000). A node is a chain of arcs (tile, accepts, target, next), hash-consed, so equal
 * sibling-list tails are one chain; the GADDAG reuses the DAWG's arcs.
 */
#include "graph.h"

#include <stdlib.h>

#define SEPARATOR 0

int lg_bytes_reserve(lg_bytes *b, size_t extra) {
    if (b->len + extra <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra)
        cap += cap / 2 + 1;
    uint8_t *data = realloc(b->data, cap);
    if (!data)
        return -1;
    b->data = data;
    b->cap = cap;
    return 0;
}

void lg_bytes_free(lg_bytes *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

/* ------------------------------------------------------------------ sequences */

/* Sequences one after another in `bytes`; sequence i is bytes[start[i] .. start[i+1]). */
typedef struct {
    lg_bytes bytes;
    uint64_t *start;
    uint32_t *target;  /* with_targets: per sequence, the state its last arc points to (GADDAG) */
    int with_targets;
    size_t n, cap;
    size_t longest;
} seqs;

static int seqs_add(seqs *s, const uint8_t *data, size_t len, uint32_t target) {
    if (s->n + 2 > s->cap) {
        size_t cap = s->cap ? s->cap + s->cap / 2 : 1024;
        uint64_t *start = realloc(s->start, cap * sizeof *start);
        if (!start)
            return -1;
        s->start = start;
        if (s->with_targets) {
            uint32_t *t = realloc(s->target, cap * sizeof *t);
            if (!t)
                return -1;
            s->target = t;
        }
        s->cap = cap;
    }
    if (lg_bytes_reserve(&s->bytes, len))
        return -1;
    s->start[s->n] = s->bytes.len;
    memcpy(s->bytes.data + s->bytes.len, data, len);
    s->bytes.len += len;
    if (s->with_targets)
        s->target[s->n] = target;
    s->n++;
    s->start[s->n] = s->bytes.len;
    if (len > s->longest)
        s->longest = len;
    return 0;
}

static void seqs_free(seqs *s) {
    lg_bytes_free(&s->bytes);
    free(s->start);
    free(s->target);
    memset(s, 0, sizeof *s);
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
    int c = memcmp(s->bytes.data + s->start[a], s->bytes.data + s->start[b], la < lb ? la : lb);
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
        const uint8_t *p = s->bytes.data + s->start[i];
        size_t len = s->start[i + 1] - s->start[i];
        uint64_t key = 0;
        uint32_t key2 = 0;
        for (size_t k = 0; k < 8; k++)
            key = key << 8 | (k < len ? p[k] : 0);
        for (size_t k = 8; k < 12; k++)
            key2 = key2 << 8 | (k < len ? p[k] : 0);
        items[i].key = key;
        items[i].key2 = key2;
        items[i].index = (uint32_t)i;
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

/* One struct per arc, so that a probe of the table reads one place. */
typedef struct {
    arc *arc;
    size_t n, cap;
    uint32_t *table; /* open addressing, 0 = empty slot */
    size_t mask;
} arcs;

#define ACCEPTS 64u

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

/* The arc (ta, target, next): found, or added. 0 when out of memory or past 2^32 arcs. */
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
    if (a->n >= 0xFFFFFFF0u)
        return 0;
    if (a->n == a->cap) {
        size_t cap = a->cap * 2;
        arc *grown = realloc(a->arc, cap * sizeof *grown);
        if (!grown)
            return 0;
        a->arc = grown;
        a->cap = cap;
    }
    uint32_t i = (uint32_t)a->n++;
    a->arc[i] = (arc){target, next, ta};
    a->table[h] = i;
    if (a->n * 2 > a->mask + 1 && arcs_grow_table(a))
        return 0;
    return i;
}

/* ------------------------------------------------------------------ construction */

typedef struct {
    uint8_t ta;
    uint32_t target;
} partial;

/* levels[d] holds the arcs, so far, of the node reached after d tiles of the previous entry. */
typedef struct {
    partial *arcs; /* 257 per level: at most one arc per byte value */
    size_t *count;
    size_t depth;
} level_stack;

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

/* Register the nodes deeper than `to`: the next entry leaves the previous one's path there, so
 * they can never change again. Each becomes the target of the last arc one level up. */
static int close_levels(arcs *a, partial *levels, size_t *count, size_t *depth, size_t to) {
    while (*depth > to) {
        size_t c = count[*depth];
        (*depth)--;
        if (!c)
            continue; /* a leaf: its arc keeps its target (0, or the GADDAG's) */
        uint32_t head;
        if (register_level(a, levels + (*depth + 1) * 257, c, &head))
            return -1;
        levels[*depth * 257 + count[*depth] - 1].target = head;
    }
    return 0;
}

/* Build from the sequences in `order` (sorted); return the root state, or -1 (no memory). */
static int64_t run(arcs *a, const seqs *s, const uint32_t *order, size_t *distinct) {
    size_t width = s->longest + 1;
    partial *levels = malloc(width * 257 * sizeof *levels);
    size_t *count = calloc(width, sizeof *count);
    if (!levels || !count) {
        free(levels);
        free(count);
        return -1;
    }
    size_t depth = 0, unique = 0;
    const uint8_t *prev = NULL;
    size_t prev_len = 0;
    int64_t result = -1;
    for (size_t k = 0; k < s->n; k++) {
        uint32_t i = order[k];
        const uint8_t *word = s->bytes.data + s->start[i];
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
            partial *p = &levels[d * 257 + count[d]++];
            p->ta = word[d];
            p->target = 0;
            count[d + 1] = 0;
        }
        depth = len;
        partial *last = &levels[(len - 1) * 257 + count[len - 1] - 1];
        uint32_t target = s->with_targets ? s->target[i] : 0;
        if (target)
            last->target = target;
        else
            last->ta |= ACCEPTS;
        prev = word;
        prev_len = len;
    }
    if (close_levels(a, levels, count, &depth, 0))
        goto done;
    {
        uint32_t root;
        if (register_level(a, levels, count[0], &root))
            goto done;
        result = root;
    }
    if (distinct)
        *distinct = unique;
done:
    free(levels);
    free(count);
    return result;
}

/* The GADDAG's entries from the DAWG at `root`: for every path (each distinct prefix once),
 * its reverse if a word ends there, and its reverse + separator pointing at the state after it
 * (CARE gives ERAC, and RAC@, AC@, C@ pointing at the DAWG states after CAR, CA, C). */
static int gaddag_entries(const arcs *a, uint32_t root, size_t longest, seqs *out) {
    size_t width = longest + 2;
    uint32_t *stack = malloc(width * sizeof *stack);
    uint8_t *path = malloc(width);
    uint8_t *reverse = malloc(width);
    int rc = -1;
    if (!stack || !path || !reverse)
        goto done;
    size_t top = 0;
    stack[0] = root;
    for (;;) {
        uint32_t arc = stack[top];
        if (!arc) {
            if (top == 0)
                break;
            top--;
            continue;
        }
        stack[top] = a->arc[arc].next;
        path[top] = a->arc[arc].ta & 63;
        size_t len = top + 1;
        for (size_t k = 0; k < len; k++)
            reverse[k] = path[len - 1 - k];
        if ((a->arc[arc].ta & ACCEPTS) && seqs_add(out, reverse, len, 0))
            goto done;
        uint32_t target = a->arc[arc].target;
        if (target) {
            reverse[len] = SEPARATOR;
            if (seqs_add(out, reverse, len + 1, target))
                goto done;
            if (top + 1 >= width - 1)
                goto done; /* deeper than the longest word: cannot happen in a DAWG we built */
            stack[++top] = target;
        }
    }
    rc = 0;
done:
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

/* As lexicon.kwg._place: only lists that are no other list's tail are written, breadth-first
 * from the DAWG root, then the GADDAG root. */
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
                    if (!p->position[state])
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

static void encode(const arcs *a, const placement *p, const uint32_t *roots, size_t n_roots, int big,
                   uint8_t *out) {
    unsigned tile_shift = big ? 0 : 24, arc_shift = big ? 8 : 0;
    uint32_t accepts_bit = big ? 1u << 7 : 1u << 23, end_bit = big ? 1u << 6 : 1u << 22;
    size_t w = 0;
#define PUT(v)                                   \
    do {                                         \
        uint32_t v_ = (v);                       \
        out[w++] = (uint8_t)v_;                  \
        out[w++] = (uint8_t)(v_ >> 8);           \
        out[w++] = (uint8_t)(v_ >> 16);          \
        out[w++] = (uint8_t)(v_ >> 24);          \
    } while (0)
    for (size_t r = 0; r < n_roots; r++)
        PUT(end_bit | p->position[roots[r]] << arc_shift);
    for (size_t c = 0; c < p->n_chains; c++) {
        for (uint32_t state = p->chains[c]; state; state = a->arc[state].next) {
            uint8_t ta = a->arc[state].ta;
            PUT((uint32_t)(ta & 63) << tile_shift | ((ta & ACCEPTS) ? accepts_bit : 0)
                | (a->arc[state].next ? 0 : end_bit) | p->position[a->arc[state].target] << arc_shift);
        }
    }
#undef PUT
}

/* ------------------------------------------------------------------ the Builder type */

typedef struct {
    PyObject_HEAD
    seqs words;
    int finished;
} Builder;

static int Builder_init(Builder *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "", kwlist))
        return -1;
    seqs_free(&self->words);
    self->finished = 0;
    return 0;
}

static void Builder_dealloc(Builder *self) {
    seqs_free(&self->words);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int add_one(Builder *self, PyObject *item) {
    const uint8_t *data;
    Py_ssize_t len;
    Py_buffer view;
    int has_view = 0;
    if (PyBytes_Check(item)) {
        data = (const uint8_t *)PyBytes_AS_STRING(item);
        len = PyBytes_GET_SIZE(item);
    } else {
        if (PyObject_GetBuffer(item, &view, PyBUF_SIMPLE))
            return -1;
        has_view = 1;
        data = view.buf;
        len = view.len;
    }
    int rc = 0;
    if (len == 0) {
        PyErr_SetString(PyExc_ValueError, "the empty sequence cannot be stored in a word graph");
        rc = -1;
    } else if (len > 0xFFFF) {
        PyErr_Format(PyExc_ValueError, "a sequence of %zd tiles is longer than a word graph path may be", len);
        rc = -1;
    } else if (seqs_add(&self->words, data, (size_t)len, 0)) {
        PyErr_NoMemory();
        rc = -1;
    }
    if (has_view)
        PyBuffer_Release(&view);
    return rc;
}

static int check_open(Builder *self) {
    if (self->finished) {
        PyErr_SetString(PyExc_ValueError, "this builder has finished; make a new one");
        return -1;
    }
    return 0;
}

static PyObject *Builder_add(Builder *self, PyObject *item) {
    if (check_open(self) || add_one(self, item))
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *Builder_extend(Builder *self, PyObject *iterable) {
    if (check_open(self))
        return NULL;
    PyObject *it = PyObject_GetIter(iterable);
    if (!it)
        return NULL;
    PyObject *item;
    while ((item = PyIter_Next(it))) {
        int rc = add_one(self, item);
        Py_DECREF(item);
        if (rc) {
            Py_DECREF(it);
            return NULL;
        }
    }
    Py_DECREF(it);
    if (PyErr_Occurred())
        return NULL;
    Py_RETURN_NONE;
}

static Py_ssize_t Builder_len(Builder *self) { return (Py_ssize_t)self->words.n; }

static PyObject *thousands(size_t value) {
    char digits[32], out[48];
    int n = snprintf(digits, sizeof digits, "%zu", value), w = 0;
    for (int i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0)
            out[w++] = ',';
        out[w++] = digits[i];
    }
    out[w] = 0;
    return PyUnicode_FromString(out);
}

/* finish(gaddag=False, layout=None) -> (data, layout, nodes, gaddag, distinct sequences) */
static PyObject *Builder_finish(Builder *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"gaddag", "layout", NULL};
    int gaddag = 0;
    const char *layout_name = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|pz", kwlist, &gaddag, &layout_name))
        return NULL;
    int layout = -1;
    if (layout_name) {
        if (!strcmp(layout_name, "kwg"))
            layout = LAYOUT_KWG;
        else if (!strcmp(layout_name, "kbwg"))
            layout = LAYOUT_KBWG;
        else
            return PyErr_Format(PyExc_ValueError, "unknown word-graph layout %R (kwg or kbwg)",
                                PyTuple_GET_ITEM(args, 1));
    }
    if (check_open(self))
        return NULL;
    self->finished = 1;
    arcs a;
    seqs entries = {.with_targets = 1};
    placement p = {0};
    uint32_t *order = NULL, *gorder = NULL;
    int64_t dawg_root = -1, gaddag_root = -1;
    size_t distinct = 0;
    int failed = 0;
    PyObject *result = NULL;

    Py_BEGIN_ALLOW_THREADS
    if (arcs_init(&a))
        failed = 1;
    if (!failed && !(order = sorted_order(&self->words)))
        failed = 1;
    if (!failed && (dawg_root = run(&a, &self->words, order, &distinct)) < 0)
        failed = 1;
    free(order);
    order = NULL;
    size_t longest = self->words.longest;
    seqs_free(&self->words);
    if (!failed && gaddag) {
        if (gaddag_entries(&a, (uint32_t)dawg_root, longest, &entries))
            failed = 1;
        if (!failed && !(gorder = sorted_order(&entries)))
            failed = 1;
        if (!failed && (gaddag_root = run(&a, &entries, gorder, NULL)) < 0)
            failed = 1;
        free(gorder);
        seqs_free(&entries);
    }
    if (!failed) {
        uint32_t roots[2] = {(uint32_t)dawg_root, (uint32_t)gaddag_root};
        if (place(&a, roots, gaddag ? 2 : 1, &p))
            failed = 1;
    }
    Py_END_ALLOW_THREADS

    if (failed) {
        PyErr_NoMemory();
        goto out;
    }
    if (layout < 0)
        layout = p.count <= KWG_CAPACITY ? LAYOUT_KWG : LAYOUT_KBWG;
    size_t capacity = layout == LAYOUT_KWG ? KWG_CAPACITY : KBWG_CAPACITY;
    const char *name = layout == LAYOUT_KWG ? "kwg" : "kbwg";
    if (p.count > capacity) {
        PyObject *need = thousands(p.count), *most = thousands(capacity);
        if (need && most)
            PyErr_Format(lg_LimitExceeded, "the word graph needs %U nodes; the %s layout holds at most %U",
                         need, name, most);
        Py_XDECREF(need);
        Py_XDECREF(most);
        goto out;
    }
    PyObject *data = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(4 * p.count));
    if (!data)
        goto out;
    {
        uint32_t roots[2] = {(uint32_t)dawg_root, (uint32_t)gaddag_root};
        encode(&a, &p, roots, gaddag ? 2 : 1, layout == LAYOUT_KBWG, (uint8_t *)PyBytes_AS_STRING(data));
    }
    result = Py_BuildValue("(NsnNn)", data, name, (Py_ssize_t)p.count, PyBool_FromLong(gaddag), (Py_ssize_t)distinct);
out:
    arcs_free(&a);
    free(p.position);
    free(p.chains);
    return result;
}

static PyMethodDef Builder_methods[] = {
    {"add", (PyCFunction)Builder_add, METH_O, "Add one sequence of tile numbers (bytes)."},
    {"extend", (PyCFunction)Builder_extend, METH_O, "Add every sequence of an iterable."},
    {"finish", (PyCFunction)(void (*)(void))Builder_finish, METH_VARARGS | METH_KEYWORDS,
     "finish(gaddag=False, layout=None) -> (data, layout, nodes, gaddag, distinct)"},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Builder_as_sequence = {
    .sq_length = (lenfunc)Builder_len,
};

PyTypeObject lg_BuilderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lexicon._graph.Builder",
    .tp_doc = "Tile sequences in, KWG bytes out: add() or extend(), then finish().",
    .tp_basicsize = sizeof(Builder),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Builder_init,
    .tp_dealloc = (destructor)Builder_dealloc,
    .tp_methods = Builder_methods,
    .tp_as_sequence = &Builder_as_sequence,
};
