/* example: open a lexicon bundle and check words, one JSON brief document a line, as POST /valid answers; or judge
 * turns and find the best plays, as POST /play and POST /moves answer.
 *
 *   example BUNDLE WORD…     the words given
 *   example BUNDLE -         a word a line from standard input (UTF-8; a lone surrogate in its three bytes)
 *   example BUNDLE --play    a POST /play body a line from standard input: its answer, or its problem, a line
 *   example BUNDLE --moves   the same for POST /moves
 *   example --version        the library's version, and the header's it was built with
 *
 * Built by `make clients` against build/clients/c/libtilelexicon.a and its one header tile_lexicon.h, or
 * against an installed copy (`make install`): `cc example.c $(pkg-config --cflags --libs tile-lexicon)`;
 * docs/embedding.md walks through it. Exit status 0, or 2 with a message when the bundle cannot be read.
 */
#define _POSIX_C_SOURCE 200809L /* getline */

#include "tile_lexicon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *const *words;
    const size_t *sizes;
    char *json;
    size_t capacity;
    int ok;
} printer;

/* Print an answer's brief document on a line of its own (tl_lexicon_check_each's emit: 1 stops the batch). */
static int print(void *context, size_t i, const tl_answer *a) {
    printer *p = context;
    size_t need = tl_answer_json(a, p->words[i], p->sizes[i], p->json, p->capacity);
    if (need >= p->capacity) {
        char *grown = realloc(p->json, need + 1);
        if (!(p->ok = grown != NULL))
            return 1;
        p->json = grown;
        p->capacity = need + 1;
        tl_answer_json(a, p->words[i], p->sizes[i], p->json, p->capacity);
    }
    fwrite(p->json, 1, need, stdout);
    fputc('\n', stdout);
    return 0;
}

/* Check n words as one batch, printing each answer; 0 when a word is refused or memory runs out. */
static int check(const tl_lexicon *lexicon, tl_answer *answers, size_t n, const char *const *words,
                 const size_t *sizes, printer *p) {
    tl_error err;
    p->words = words;
    p->sizes = sizes;
    if (tl_lexicon_check_each(lexicon, n, words, sizes, answers, print, p, &err) != TL_OK) {
        fprintf(stderr, "example: %s\n", err.message);
        return 0;
    }
    return p->ok;
}

/* Each body of standard input answered by tl_play_json or tl_moves_json: the document or the problem a line.
 * 0 when memory runs out or the bundle is found damaged. */
static int answer_bodies(const tl_lexicon *lexicon, int moves) {
    tl_game *games[64]; /* the bundle's games, read once and given to every call: the section is not read again */
    size_t n;
    tl_error err;
    if (tl_lexicon_read_games(lexicon, games, 64, &n, &err) != TL_OK) {
        fprintf(stderr, "example: %s\n", err.message);
        return 0;
    }
    char *line = NULL;
    size_t room = 0;
    ssize_t got;
    int ok = 1;
    while (ok && (got = getline(&line, &room, stdin)) >= 0) {
        size_t size = (size_t)got - (got && line[got - 1] == '\n');
        tl_text answer = {0};
        tl_status rc = (moves ? tl_moves_json : tl_play_json)(lexicon, (const tl_game *const *)games, n, line, size,
                                                               &answer, &err);
        if (answer.data) { /* TL_OK: the document; TL_ERR_INPUT, TL_ERR_COSTLY: the problem the service answers */
            fwrite(answer.data, 1, answer.length, stdout);
            fputc('\n', stdout);
        } else {
            fprintf(stderr, "example: %s\n", err.message);
            ok = rc == TL_OK;
        }
        tl_text_free(&answer);
    }
    free(line);
    for (size_t i = 0; i < n; i++)
        tl_game_free(games[i]);
    return ok;
}

int main(int argc, char **argv) {
    if (argc == 2 && !strcmp(argv[1], "--version")) { /* the library's, and the header's it was built with */
        printf("%s (built with %s)\n", tl_version(), TL_VERSION);
        return 0;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: example BUNDLE WORD… (or - for a word a line from standard input)\n");
        return 2;
    }
    tl_lexicon *lexicon;
    tl_error err;
    if (tl_lexicon_load(argv[1], &lexicon, &err) != TL_OK) { /* memory-mapped; checked section by section */
        fprintf(stderr, "example: %s\n", err.message);
        return 2;
    }
    if (!strcmp(argv[2], "--play") || !strcmp(argv[2], "--moves")) {
        int ok = answer_bodies(lexicon, argv[2][2] == 'm');
        tl_lexicon_close(lexicon);
        return ok ? 0 : 1;
    }
    tl_answer *answers = malloc((TL_CHECK_AHEAD + 1) * sizeof *answers); /* large (TL_ANSWER_WORK): reused */
    size_t n = (size_t)argc - 2, *sizes = malloc(n * sizeof *sizes);
    printer p = {NULL, NULL, malloc(1024), 1024, 1};
    int ok = answers && sizes && p.json;
    if (ok && strcmp(argv[2], "-") == 0) {
        char *line = NULL;
        size_t room = 0;
        ssize_t got;
        while (ok && (got = getline(&line, &room, stdin)) >= 0) {
            size_t size = (size_t)got - (got && line[got - 1] == '\n');
            const char *word = line;
            ok = check(lexicon, answers, 1, &word, &size, &p);
        }
        free(line);
    } else if (ok) { /* the words given, as one batch */
        for (size_t i = 0; i < n; i++)
            sizes[i] = strlen(argv[2 + i]);
        ok = check(lexicon, answers, n, (const char *const *)argv + 2, sizes, &p);
    }
    free(p.json);
    free(sizes);
    free(answers);
    tl_lexicon_close(lexicon);
    return ok ? 0 : 1;
}
