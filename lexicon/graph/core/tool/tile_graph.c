/* tile-graph: the word-graph core from the command line, with no Python (`make lib` builds it).
 *
 *   tile-graph build [--gaddag] [--layout kwg|kbwg] [--time] ALPHABET WORDS OUT
 *   tile-graph check GRAPH
 *   tile-graph words GRAPH ALPHABET
 *   tile-graph same GRAPH GRAPH
 *   tile-graph anagram [--time] [--sub MIN_TILES] GRAPH ALPHABET RACKS
 *
 * ALPHABET is an alphabet file in wolges' format (every artifact's alphabet.txt: line i is tile i,
 * its label first, aliases after the counts); a word is cut into tiles by the longest label first, as
 * wolges' buildlex cuts it (a lexicon's own build cuts by its rules: see docs/tiling.md). A graph's
 * layout comes from its name (.kbwg, .kbdwg: kbwg). `build` sorts the words into tile order, as engines'
 * builds take them, so the builder streams them (tl_builder.c), and writes OUT through a temporary
 * file, so a failed build leaves what was there. `--time` prints one line of JSON with the best CPU
 * time of three runs of the builder and the peak memory they added, measured as bench/bench_kwg.py
 * measures its peers. `same` says whether two graphs hold the same words and GADDAG paths, whatever
 * the order their builders laid the lists out in (exit status 1 and the first difference when not).
 */
#define _POSIX_C_SOURCE 200809L
#include "graph/tl_graph.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    char *label[64 * 4]; /* a tile's label and aliases */
    size_t length[64 * 4];
    uint8_t tile[64 * 4];
    size_t n;
    uint16_t by_first[256][8]; /* per first byte, the labels that begin with it, longest first (index + 1) */
} alphabet;

static void die(const char *format, const char *a, const char *b) {
    fprintf(stderr, "tile-graph: ");
    fprintf(stderr, format, a, b);
    fputc('\n', stderr);
    exit(1);
}

static char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f)
        die("%s: cannot open it%s", path, "");
    size_t cap = 1 << 16, n = 0;
    char *data = malloc(cap + 1);
    size_t got;
    while (data && (got = fread(data + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            data = realloc(data, cap + 1);
        }
    }
    if (!data || ferror(f))
        die("%s: cannot read it%s", path, "");
    fclose(f);
    data[n] = 0;
    *size = n;
    return data;
}

/* The next line of `text` at *at (without its newline or carriage return), or NULL at the end. */
static char *next_line(char *text, size_t size, size_t *at) {
    if (*at >= size)
        return NULL;
    char *line = text + *at, *end = memchr(line, '\n', size - *at);
    size_t length = end ? (size_t)(end - line) : size - *at;
    *at += length + 1;
    line[length] = 0;
    if (length && line[length - 1] == '\r')
        line[length - 1] = 0;
    return line;
}

static void add_label(alphabet *a, char *label, unsigned tile) {
    uint16_t *first = a->by_first[(uint8_t)label[0]];
    size_t k = 0, length = strlen(label);
    while (k < 8 && first[k])
        k++;
    if (a->n >= sizeof a->tile || k == 8)
        die("the alphabet has too many labels (%s)%s", label, "");
    a->label[a->n] = label;
    a->length[a->n] = length;
    a->tile[a->n++] = (uint8_t)tile;
    for (; k > 0 && a->length[first[k - 1] - 1] < length; k--) /* longest first */
        first[k] = first[k - 1];
    first[k] = (uint16_t)a->n;
}

static void read_alphabet(const char *path, alphabet *a) {
    size_t size, at = 0;
    char *text = read_file(path, &size), *line;
    unsigned tile = 0;
    memset(a, 0, sizeof *a);
    while ((line = next_line(text, size, &at))) {
        char *fields[64];
        size_t n = 0;
        for (char *f = strtok(line, " \t"); f && n < 64; f = strtok(NULL, " \t"))
            fields[n++] = f;
        if (tile > 0 && n > 0 && tile <= TL_MAX_TILE) {
            add_label(a, fields[0], tile);
            size_t aliases = n > 5 ? (size_t)atoi(fields[5]) : 0;
            for (size_t i = 0; i < aliases && 6 + i < n; i++)
                add_label(a, fields[6 + i], tile);
        }
        tile++;
    }
    if (!a->n)
        die("%s: no tiles in the alphabet file%s", path, "");
}

/* `word` cut into tiles, the longest label first; 0 when some part is no label. */
static size_t cut(const alphabet *a, const char *word, uint8_t *out) {
    size_t n = 0;
    while (*word) {
        const uint16_t *first = a->by_first[(uint8_t)*word];
        size_t k = 0;
        while (k < 8 && first[k] && strncmp(word, a->label[first[k] - 1], a->length[first[k] - 1]))
            k++;
        if (k == 8 || !first[k] || n == TL_MAX_LENGTH + 1)
            return 0;
        out[n++] = a->tile[first[k] - 1];
        word += a->length[first[k] - 1];
    }
    return n;
}

static const char *label_of(const alphabet *a, uint8_t tile) {
    for (size_t i = 0; i < a->n; i++)
        if (a->tile[i] == tile)
            return a->label[i];
    return "?";
}

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* VmRSS or VmHWM of this process, in MiB (Linux); -1 elsewhere. */
static double status_mib(const char *field) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    double value = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, field, strlen(field)) == 0)
            value = atof(line + strlen(field) + 1) / 1024;
    if (f)
        fclose(f);
    return value;
}

static void reset_peak(void) {
    FILE *f = fopen("/proc/self/clear_refs", "w"); /* "5" resets VmHWM to the current RSS */
    if (f) {
        fputs("5", f);
        fclose(f);
    }
}

static void fail(const char *what, const tl_error *err) { die("%s: %s", what, err->message); }

static tl_layout layout_of(const char *path) {
    size_t n = strlen(path);
    return (n > 5 && !strcmp(path + n - 5, ".kbwg")) || (n > 6 && !strcmp(path + n - 6, ".kbdwg")) ? TL_LAYOUT_KBWG
                                                                                                   : TL_LAYOUT_KWG;
}

static const uint8_t *sorting; /* the packed words qsort compares */

static int by_tiles(const void *x, const void *y) {
    const uint8_t *a = sorting + *(const size_t *)x, *b = sorting + *(const size_t *)y;
    int c = memcmp(a + 1, b + 1, a[0] < b[0] ? a[0] : b[0]);
    return c ? c : (a[0] > b[0]) - (a[0] < b[0]);
}

static int build(int argc, char **argv) {
    int gaddag = 0, layout = TL_LAYOUT_AUTO, timed = 0, i = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        if (!strcmp(argv[i], "--gaddag"))
            gaddag = 1;
        else if (!strcmp(argv[i], "--time"))
            timed = 1;
        else if (!strcmp(argv[i], "--layout") && i + 1 < argc)
            layout = !strcmp(argv[++i], "kbwg") ? TL_LAYOUT_KBWG : TL_LAYOUT_KWG;
        else
            die("build: unknown option %s%s", argv[i], "");
    }
    if (argc - i != 3)
        die("usage: tile-graph build [--gaddag] [--layout kwg|kbwg] [--time] ALPHABET WORDS OUT%s%s", "", "");
    alphabet a;
    read_alphabet(argv[i], &a);
    size_t size, at = 0, line_number = 0, packed_n = 0;
    char *text = read_file(argv[i + 1], &size), *line;
    uint8_t *packed = malloc(size + 2 * (size / 2 + 1) + TL_MAX_LENGTH + 2); /* each word: a length and its tiles */
    while ((line = next_line(text, size, &at))) {
        line_number++;
        if (!*line)
            continue;
        size_t n = cut(&a, line, packed + packed_n + 1);
        if (!n || n > TL_MAX_LENGTH) {
            char where[4200];
            snprintf(where, sizeof where, "%s:%zu", argv[i + 1], line_number);
            die("%s: '%s' is not a word of the alphabet's tiles (255 at most)", where, line);
        }
        packed[packed_n] = (uint8_t)n;
        packed_n += 1 + n;
    }
    free(text);
    /* the words in tile order, as an engine's build takes them, so that the builder streams them */
    size_t words = 0;
    for (size_t at = 0; at < packed_n; at += 1 + packed[at])
        words++;
    size_t *order = malloc((words ? words : 1) * sizeof *order);
    for (size_t at = 0, k = 0; at < packed_n; at += 1 + packed[at])
        order[k++] = at;
    sorting = packed;
    qsort(order, words, sizeof *order, by_tiles);
    double best = 1e300, before = 0;
    if (timed) {
        reset_peak();
        before = status_mib("VmRSS:");
    }
    uint8_t *out = NULL;
    tl_build info;
    tl_error err;
    for (int run = 0; run < (timed ? 3 : 1); run++) {
        free(out); /* the previous run's result is no part of this one's peak */
        double start = cpu_seconds();
        tl_builder *b = tl_builder_new();
        if (!b)
            die("out of memory%s%s", "", "");
        for (size_t k = 0; k < words; k++)
            if (tl_builder_add(b, packed + order[k] + 1, packed[order[k]], &err) != TL_OK)
                fail(argv[i + 1], &err);
        if (tl_builder_finish(b, gaddag, layout, &info, &err) != TL_OK)
            fail(argv[i + 1], &err);
        out = malloc(info.bytes ? info.bytes : 1);
        if (!out || tl_builder_write(b, out, info.bytes, &err) != TL_OK)
            fail(argv[i + 1], &err);
        tl_builder_free(b);
        double seconds = cpu_seconds() - start;
        best = seconds < best ? seconds : best;
    }
    double peak = timed ? status_mib("VmHWM:") - before : 0;
    free(order);
    free(packed);
    char temporary[4096];
    snprintf(temporary, sizeof temporary, "%s.tmp", argv[i + 2]);
    FILE *f = fopen(temporary, "wb");
    if (!f || fwrite(out, 1, info.bytes, f) != info.bytes || fclose(f) || rename(temporary, argv[i + 2]))
        die("%s: cannot write it%s", argv[i + 2], "");
    free(out);
    if (timed)
        printf("{\"seconds\": %.6f, \"peak_mib\": %.2f, \"size\": %zu, \"nodes\": %zu, \"distinct\": %zu}\n", best,
               peak, info.bytes, info.nodes, info.distinct);
    return 0;
}

typedef struct {
    uint8_t *bytes;
    tl_graph *graph;
} opened;

static opened open_graph(const char *path) {
    size_t size;
    opened o;
    o.bytes = (uint8_t *)read_file(path, &size);
    tl_error err;
    if (tl_graph_open(o.bytes, size, layout_of(path), &o.graph, &err) != TL_OK)
        fail(path, &err);
    return o;
}

/* A graph that validates, and the alphabet to spell its words. */
static opened open_checked(const char *graph, const char *alphabet_path, alphabet *a) {
    opened o = open_graph(graph);
    read_alphabet(alphabet_path, a);
    tl_error err;
    if (tl_graph_validate(o.graph, &err) != TL_OK)
        fail(graph, &err);
    return o;
}

static int check(int argc, char **argv) {
    if (argc != 1)
        die("usage: tile-graph check GRAPH%s%s", "", "");
    opened o = open_graph(argv[0]);
    tl_error err;
    if (tl_graph_validate(o.graph, &err) != TL_OK)
        fail(argv[0], &err);
    printf("%s: %zu nodes, %s\n", argv[0], tl_graph_nodes(o.graph),
           tl_graph_has_gaddag(o.graph) ? "DAWG and GADDAG" : "DAWG");
    tl_graph_close(o.graph);
    free(o.bytes);
    return 0;
}

static int print_word(void *context, const uint8_t *tiles, size_t length) {
    const alphabet *a = context;
    for (size_t i = 0; i < length; i++)
        fputs(label_of(a, tiles[i]), stdout);
    putchar('\n');
    return 0;
}

static int words(int argc, char **argv) {
    if (argc != 2)
        die("usage: tile-graph words GRAPH ALPHABET%s%s", "", "");
    alphabet a;
    opened o = open_checked(argv[0], argv[1], &a);
    tl_error err;
    if (tl_graph_words(o.graph, tl_graph_root(o.graph), print_word, &a, &err) != TL_OK)
        fail(argv[0], &err);
    tl_graph_close(o.graph);
    free(o.bytes);
    return 0;
}

/* Lists `a` of one graph and `b` of the other hold the same paths: walked side by side in tile order,
 * each list of one paired with one list of the other (minimal graphs of one language pair up one to
 * one). 0, or the node of `a`'s graph where they part. */
static uint32_t differ(const tl_graph *x, const tl_graph *y, uint32_t a, uint32_t b, uint32_t *pair) {
    enum { MOST = 64 * (TL_MAX_LENGTH + 2) }; /* a list's children on each level of one path */
    uint32_t (*stack)[2] = malloc(MOST * sizeof *stack), at = 0;
    size_t top = 0;
    stack[top][0] = a;
    stack[top++][1] = b;
    while (top && !at) {
        a = stack[--top][0];
        b = stack[top][1];
        if (!a || !b) {
            at = a || b ? (a ? a : 1) : 0;
            continue;
        }
        if (pair[a]) { /* met before: with the same list of the other graph, or the two part here */
            at = pair[a] == b + 1 ? 0 : a;
            continue;
        }
        pair[a] = b + 1;
        for (;; a++, b++) {
            tl_node p, q;
            tl_error err;
            if (tl_graph_node(x, a, &p, &err) != TL_OK || tl_graph_node(y, b, &q, &err) != TL_OK ||
                p.tile != q.tile || p.accepts != q.accepts || p.is_end != q.is_end || top == MOST) {
                at = a;
                break;
            }
            stack[top][0] = p.arc;
            stack[top++][1] = q.arc;
            if (p.is_end)
                break;
        }
    }
    free(stack);
    return at;
}

static int same(int argc, char **argv) {
    if (argc != 2)
        die("usage: tile-graph same GRAPH GRAPH%s%s", "", "");
    opened x = open_graph(argv[0]), y = open_graph(argv[1]);
    tl_error err;
    if (tl_graph_validate(x.graph, &err) != TL_OK)
        fail(argv[0], &err);
    if (tl_graph_validate(y.graph, &err) != TL_OK)
        fail(argv[1], &err);
    uint32_t *pair = calloc(tl_graph_nodes(x.graph) + 1, sizeof *pair);
    uint32_t at = differ(x.graph, y.graph, tl_graph_root(x.graph), tl_graph_root(y.graph), pair);
    const char *part = "DAWG";
    if (!at && tl_graph_has_gaddag(x.graph) != tl_graph_has_gaddag(y.graph)) {
        fprintf(stderr, "tile-graph: %s and %s differ: only one has a GADDAG\n", argv[0], argv[1]);
        return 1;
    }
    if (!at && tl_graph_has_gaddag(x.graph)) {
        part = "GADDAG";
        at = differ(x.graph, y.graph, tl_graph_gaddag_root(x.graph), tl_graph_gaddag_root(y.graph), pair);
    }
    free(pair);
    if (at) {
        fprintf(stderr, "tile-graph: %s and %s differ: the %s at node %u of the first\n", argv[0], argv[1], part, at);
        return 1;
    }
    printf("the same words%s\n", tl_graph_has_gaddag(x.graph) ? " and GADDAG paths" : "");
    tl_graph_close(x.graph);
    tl_graph_close(y.graph);
    free(x.bytes);
    free(y.bytes);
    return 0;
}

static int by_value(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static int anagram(int argc, char **argv) {
    int timed = 0, sub = 0;
    size_t min_tiles = 1;
    for (; argc > 0 && argv[0][0] == '-' && argv[0][1] == '-'; argc--, argv++) {
        if (!strcmp(argv[0], "--time"))
            timed = 1;
        else if (!strcmp(argv[0], "--sub") && argc > 1) {
            sub = 1;
            min_tiles = (size_t)atoi(argv[1]);
            argc--, argv++;
        } else
            die("anagram: unknown option %s%s", argv[0], "");
    }
    if (argc != 3)
        die("usage: tile-graph anagram [--time] [--sub MIN_TILES] GRAPH ALPHABET RACKS%s%s", "", "");
    alphabet a;
    opened o = open_checked(argv[0], argv[1], &a);
    tl_error err;
    size_t size, at = 0, n = 0;
    char *text = read_file(argv[2], &size), *line;
    double *times = malloc((size / 2 + 1) * sizeof *times);
    int64_t visits = 0;
    if (timed)
        printf("{\"words\": [");
    while ((line = next_line(text, size, &at))) {
        uint8_t rack[64] = {0}, tiles[TL_MAX_LENGTH + 1];
        size_t blanks = 0, w = 0;
        for (char *p = line; *p; p++) /* blanks may come anywhere: count them, then cut the rest */
            if (*p == '?')
                blanks++;
            else
                line[w++] = *p;
        line[w] = 0;
        size_t length = cut(&a, line, tiles);
        if (!length && *line)
            die("%s: a rack holds a letter that is no tile: %s", argv[2], line);
        for (size_t i = 0; i < length; i++)
            rack[tiles[i]]++;
        rack[0] = (uint8_t)blanks;
        /* timed: the walk and a copy of each word's tiles, as the peers time theirs; spelling comes after */
        size_t cap = 4096, used = 0, found = 0;
        uint8_t *paths = malloc(cap);
        double start = cpu_seconds();
        tl_walk *walk;
        if (tl_walk_anagrams(o.graph, rack, sub, min_tiles, INT64_MAX, &walk, &err) != TL_OK)
            fail(argv[2], &err);
        tl_status rc;
        while ((rc = tl_walk_next(walk, &err)) == TL_WORD) {
            size_t k;
            const uint8_t *word = tl_walk_tiles(walk, &k);
            if (used + k + 1 > cap)
                paths = realloc(paths, cap *= 2);
            paths[used++] = (uint8_t)k;
            memcpy(paths + used, word, k);
            used += k;
            found++;
        }
        if (rc != TL_DONE)
            fail(argv[2], &err);
        visits += tl_walk_visits(walk);
        tl_walk_free(walk);
        times[n] = (cpu_seconds() - start) * 1000;
        size_t widest = 1, spelt = 0;
        for (size_t i = 0; i < a.n; i++)
            widest = strlen(a.label[i]) > widest ? strlen(a.label[i]) : widest;
        char *results = malloc(used * widest + 4 * found + 1);
        for (size_t p = 0; p < used; p += 1 + paths[p]) {
            spelt += (size_t)sprintf(results + spelt, "%s\"", p ? ", " : "");
            for (size_t i = 0; i < paths[p]; i++)
                spelt += (size_t)sprintf(results + spelt, "%s", label_of(&a, paths[p + 1 + i]));
            results[spelt++] = '"';
        }
        results[spelt] = 0;
        free(paths);
        if (timed)
            printf("%s[%s]", n ? ", " : "", results);
        else
            printf("%s\n", results);
        free(results);
        n++;
    }
    if (timed) {
        qsort(times, n, sizeof *times, by_value);
        printf("], \"racks\": %zu, \"visits\": %lld, \"p50_ms\": %.4f, \"p90_ms\": %.4f}\n", n, (long long)visits,
               n ? times[(n - 1) / 2] : 0.0, n ? times[(size_t)((n - 1) * 0.9)] : 0.0);
    }
    free(times);
    free(text);
    tl_graph_close(o.graph);
    free(o.bytes);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 2 && !strcmp(argv[1], "build"))
        return build(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "check"))
        return check(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "words"))
        return words(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "same"))
        return same(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "anagram"))
        return anagram(argc - 2, argv + 2);
    fprintf(stderr, "usage: tile-graph build|check|words|same|anagram … (tile-graph %s; see lexicon/graph/core/tool/"
                    "tile_graph.c)\n", tl_version());
    return 2;
}
