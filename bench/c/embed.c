/* bench embed: the C library's calls as a native game makes them, timed in-process.
 *
 *   embed BUNDLE WORDS [RACKS [BODIES]]
 *                                load (the file mapped → open → first answer: tl_lexicon_load), then tl_lexicon_check,
 *                                tl_lexicon_check_each (all the words as one batch) and tl_lexicon_has over the
 *                                words (one a line), the best of five passes each;
 *                                with RACKS (one a line; - for none), tl_lexicon_anagram's page of each (alpha order,
 *                                limit 0: the count), five times in a row, its p50 and p95;
 *                                with BODIES (a line each `moves ` or `play ` and a POST /moves or /play body),
 *                                tl_moves_json or tl_play_json over each, the bundle's games read once, five times
 *                                in a row, the p50 and p95 of each kind and the plays found
 *
 * Prints one JSON object, as bench/js/embed.mjs does for the JavaScript package. Built and run by
 * `python -m bench embed`.
 */
#define _POSIX_C_SOURCE 200809L

#include "tile_lexicon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* tl_lexicon_check_each's emit: the valid answers counted. */
static int count_valid(void *context, size_t i, const tl_answer *answer) {
    (void)i;
    *(long *)context += answer->valid == 1;
    return 0;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The lines of a file, each without its newline. */
typedef struct lines {
    char **text;
    size_t *size, count;
} lines;

static int read_lines(const char *path, lines *out) {
    FILE *f = fopen(path, "r");
    size_t room = 0;
    *out = (lines){0};
    if (!f)
        return 0;
    char *line = NULL;
    size_t capacity = 0;
    ssize_t n;
    while ((n = getline(&line, &capacity, f)) >= 0) {
        if (out->count == room) {
            room = room ? 2 * room : 1024;
            out->text = realloc(out->text, room * sizeof *out->text);
            out->size = realloc(out->size, room * sizeof *out->size);
        }
        if (n && line[n - 1] == '\n')
            n--;
        out->text[out->count] = strndup(line, (size_t)n);
        out->size[out->count++] = (size_t)n;
    }
    free(line);
    fclose(f);
    return out->count > 0;
}

/* The bodies answered five times each in a row: `"moves_p50_ms": …` and the same for play, and the plays found. */
static void time_bodies(const tl_lexicon *lex, const lines *bodies) {
    tl_game *games[64];
    size_t n_games;
    tl_error err;
    if (tl_lexicon_read_games(lex, games, 64, &n_games, &err) != TL_OK) {
        fprintf(stderr, "embed: %s\n", err.message);
        exit(2);
    }
    double *times[2] = {malloc((bodies->count + 1) * 5 * sizeof(double)),
                        malloc((bodies->count + 1) * 5 * sizeof(double))};
    size_t timed[2] = {0, 0};
    long found = 0, bytes = 0;
    for (size_t i = 0; i < bodies->count; i++) {
        int moves = !strncmp(bodies->text[i], "moves ", 6);
        size_t skip = moves ? 6 : 5;
        for (int r = 0; r < 5; r++) {
            tl_text out = {0};
            double s = now();
            tl_status rc = (moves ? tl_moves_json : tl_play_json)(lex, (const tl_game *const *)games, n_games,
                                                                  bodies->text[i] + skip, bodies->size[i] - skip,
                                                                  &out, &err);
            times[moves][timed[moves]++] = (now() - s) * 1e3;
            const char *count = out.data ? strstr(out.data, "\"count\":") : NULL;
            if (r == 0 && rc == TL_OK && moves && count) {
                found += strtol(count + 8, NULL, 10);
                bytes += out.length;
            }
            tl_text_free(&out);
        }
    }
    const char *kinds[2] = {"play", "moves"};
    for (int k = 0; k < 2; k++) {
        qsort(times[k], timed[k], sizeof(double), by_value);
        if (timed[k])
            printf(", \"%s_p50_ms\": %.3f, \"%s_p95_ms\": %.3f", kinds[k], times[k][timed[k] / 2], kinds[k],
                   times[k][timed[k] * 95 / 100]);
        free(times[k]);
    }
    printf(", \"plays_found\": %ld, \"moves_bytes\": %ld", found, timed[1] ? bytes * 5 / (long)timed[1] : 0);
    for (size_t i = 0; i < n_games; i++)
        tl_game_free(games[i]);
}

int main(int argc, char **argv) {
    if (argc < 3 || argc > 5) {
        fprintf(stderr, "usage: embed BUNDLE WORDS [RACKS [BODIES]]\n");
        return 2;
    }
    lines words;
    if (!read_lines(argv[2], &words)) {
        fprintf(stderr, "embed: %s: no words\n", argv[2]);
        return 2;
    }
    size_t n = words.count;
    tl_answer *a = malloc(sizeof *a);
    tl_error err;
    tl_lexicon *lex;
    double t0 = now();
    if (tl_lexicon_load(argv[1], &lex, &err) != TL_OK || tl_lexicon_check(lex, words.text[0], words.size[0], a, &err)) {
        fprintf(stderr, "embed: %s\n", err.message);
        return 2;
    }
    double load = now() - t0;
    tl_answer *batch = malloc((TL_CHECK_AHEAD + 1) * sizeof *batch);
    if (!batch) {
        fprintf(stderr, "embed: no memory for the batch's answers\n");
        return 2;
    }
    long valid = 0, each_valid = 0;
    double best_check = 1e9, best_has = 1e9, best_each = 1e9;
    for (int pass = 0; pass < 5; pass++) {
        double s = now();
        for (size_t i = 0; i < n; i++) {
            tl_lexicon_check(lex, words.text[i], words.size[i], a, &err);
            valid += a->valid == 1;
        }
        double e = now();
        if (e - s < best_check)
            best_check = e - s;
        s = now();
        if (tl_lexicon_check_each(lex, n, (const char *const *)words.text, words.size, batch, count_valid, &each_valid,
                                  &err) != TL_OK) {
            fprintf(stderr, "embed: %s\n", err.message);
            return 2;
        }
        e = now();
        if (e - s < best_each)
            best_each = e - s;
        s = now();
        for (size_t i = 0; i < n; i++) {
            int v;
            tl_lexicon_has(lex, words.text[i], words.size[i], a, &v, &err);
            valid += v == 1;
        }
        e = now();
        if (e - s < best_has)
            best_has = e - s;
    }
    printf("{\"load_ms\": %.2f, \"check_per_s\": %.0f, \"check_each_per_s\": %.0f, \"has_per_s\": %.0f, "
           "\"words\": %zu, \"valid\": %ld, \"each_valid\": %ld",
           load * 1e3, (double)n / best_check, (double)n / best_each, (double)n / best_has, n, valid / 10,
           each_valid / 5);
    if (argc >= 4 && strcmp(argv[3], "-")) {
        lines racks;
        read_lines(argv[3], &racks);
        double *times = malloc((racks.count + 1) * 5 * sizeof *times);
        size_t timed = 0;
        long found = 0;
        tl_query options = {0, "alpha", 0, 0};
        for (size_t i = 0; i < racks.count; i++)
            for (int r = 0; r < 5; r++) {
                tl_text out = {0};
                double s = now();
                tl_status rc = tl_lexicon_anagram(lex, racks.text[i], racks.size[i], &options, &out, &err);
                times[timed++] = (now() - s) * 1e3;
                const char *total = out.data ? strstr(out.data, "\"total\":") : NULL;
                if (r == 0 && rc == TL_OK && total)
                    found += strtol(total + 8, NULL, 10);
                tl_text_free(&out);
            }
        qsort(times, timed, sizeof *times, by_value);
        if (timed)
            printf(", \"anagram_p50_ms\": %.3f, \"anagram_p95_ms\": %.3f, \"anagram_words\": %ld", times[timed / 2],
                   times[timed * 95 / 100], found);
    }
    if (argc == 5) {
        lines bodies;
        read_lines(argv[4], &bodies);
        time_bodies(lex, &bodies);
    }
    printf("}\n");
    tl_lexicon_close(lex);
    return 0;
}
