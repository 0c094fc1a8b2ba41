/* tile-moves: the move generator of the C library as a command, for measuring it in-process and natively,
 * as tile-graph's `anagram --time` measures the searches (`make lib` builds it; bench/bench_moves.py runs it).
 *
 *   tile-moves GRAPH RULES POSITIONS REPEATS
 *
 * RULES is one line of comma-separated numbers: the board's side, the rack's size, the whole-rack bonus,
 * whether premiums count in every word (0/1), the 64 tiles' points, then a letter premium, a word premium
 * and a start flag for every square. Each line of POSITIONS is a board (a byte a square: 0 empty, the tile
 * number, + 128 for a blank) and, after a space, the rack's tile numbers (0 a blank), comma-separated: the
 * lines wolges-harness `moves` reads. Each position's plays are generated REPEATS times in the order found
 * and REPEATS times sorted best first; one line of JSON gives the CPU time percentiles and each position's
 * number of plays.
 */
#define _POSIX_C_SOURCE 200809L
#include "graph/tl_graph.h"
#include "play/moves.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void die(const char *message) {
    fprintf(stderr, "tile-moves: %s\n", message);
    exit(2);
}

static double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static uint8_t *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f || fseek(f, 0, SEEK_END))
        die("cannot read a file");
    long n = ftell(f);
    uint8_t *data = malloc(n > 0 ? (size_t)n : 1);
    if (!data || fseek(f, 0, SEEK_SET) || fread(data, 1, (size_t)n, f) != (size_t)n)
        die("cannot read a file");
    fclose(f);
    *size = (size_t)n;
    return data;
}

/* The next number of a comma-separated list at *s. */
static long next_number(char **s) {
    char *end;
    long v = strtol(*s, &end, 10);
    if (end == *s)
        die("a number was expected");
    *s = *end == ',' ? end + 1 : end;
    return v;
}

static double percentile(const double *sorted, size_t n, double p) {
    return n ? sorted[(size_t)(p * (double)(n - 1) + 0.5)] : 0;
}

int main(int argc, char **argv) {
    if (argc != 5)
        die("usage: tile-moves GRAPH RULES POSITIONS REPEATS");
    size_t size;
    uint8_t *bytes = read_file(argv[1], &size);
    tl_graph *graph;
    tl_error err;
    if (tl_graph_open(bytes, size, strstr(argv[1], ".kbwg") ? TL_LAYOUT_KBWG : TL_LAYOUT_KWG, &graph, &err))
        die(err.message);
    size_t rules_size;
    char *rules = (char *)read_file(argv[2], &rules_size), *s = rules;
    rules = realloc(rules, rules_size + 1);
    rules[rules_size] = 0;
    s = rules;
    tl_board board = {0};
    board.size = (unsigned)next_number(&s);
    board.rack_size = (unsigned)next_number(&s);
    board.whole_rack_bonus = (int32_t)next_number(&s);
    board.premiums_every_word = (int)next_number(&s);
    if (board.size < 2 || board.size > TL_MAX_BOARD)
        die("a board of 2 to 26 squares a side");
    size_t cells = (size_t)board.size * board.size;
    uint8_t *fields = calloc(5 * cells, 1);
    if (!fields)
        die("out of memory");
    uint8_t *letter = fields, *word = fields + cells, *start = fields + 2 * cells, *tiles = fields + 3 * cells,
            *blanks = fields + 4 * cells;
    for (int t = 0; t < 64; t++)
        board.points[t] = (uint16_t)next_number(&s);
    for (uint8_t *f = letter; f < tiles; f++)
        *f = (uint8_t)next_number(&s);
    board.letter_premium = letter, board.word_premium = word, board.start = start;
    board.tiles = tiles, board.blanks = blanks;
    int repeats = atoi(argv[4]);
    FILE *positions = fopen(argv[3], "r");
    if (!positions || repeats < 1)
        die("cannot read the positions");
    size_t cap = 0, n = 0, runs = 0, sorted_runs = 0;
    double *times = NULL, *sorted_times = NULL;
    char *line = NULL;
    size_t line_cap = 0;
    printf("{\"counts\": [");
    while (getline(&line, &line_cap, positions) > 0) {
        if (line[0] == '\n')
            continue;
        char *p = line;
        for (size_t i = 0; i < cells; i++) {
            long v = next_number(&p);
            tiles[i] = (uint8_t)(v & 127);
            blanks[i] = (v & 128) != 0;
        }
        uint8_t rack[64] = {0};
        while (*p == ' ')
            p++;
        while (*p >= '0' && *p <= '9')
            rack[next_number(&p) & 63]++;
        if (runs + 2 * (size_t)repeats > cap) {
            cap = 2 * cap + 2 * (size_t)repeats;
            times = realloc(times, cap * sizeof *times);
            sorted_times = realloc(sorted_times, cap * sizeof *sorted_times);
            if (!times || !sorted_times)
                die("out of memory");
        }
        size_t count = 0;
        for (int r = 0; r < 2 * repeats; r++) {
            int sort = r >= repeats;
            double t0 = cpu_ms();
            tl_moves *moves;
            if (tl_moves_generate(graph, &board, rack, 0, INT64_MAX, &moves, &err) ||
                (sort && tl_moves_sort(moves, &err)))
                die(err.message);
            double t1 = cpu_ms();
            count = tl_moves_count(moves);
            tl_moves_free(moves);
            if (sort)
                sorted_times[sorted_runs++] = t1 - t0;
            else
                times[runs++] = t1 - t0;
        }
        printf("%s%zu", n++ ? ", " : "", count);
    }
    qsort(times, runs, sizeof *times, by_value);
    qsort(sorted_times, sorted_runs, sizeof *sorted_times, by_value);
    printf("], \"runs\": %zu, \"p50_ms\": %.4f, \"p90_ms\": %.4f, \"sorted_p50_ms\": %.4f, \"sorted_p90_ms\": %.4f}\n",
           runs, percentile(times, runs, 0.5), percentile(times, runs, 0.9), percentile(sorted_times, sorted_runs, 0.5),
           percentile(sorted_times, sorted_runs, 0.9));
    free(line);
    fclose(positions);
    free(times);
    free(sorted_times);
    free(fields);
    free(rules);
    tl_graph_close(graph);
    free(bytes);
    return 0;
}
