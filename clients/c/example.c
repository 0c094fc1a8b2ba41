/* example: open a lexicon bundle and check words, one JSON brief document a line, as POST /valid answers.
 *
 *   example BUNDLE WORD…     the words given
 *   example BUNDLE -         a word a line from standard input (UTF-8; a lone surrogate in its three bytes)
 *
 * Built by `make clients` against build/clients/c/libtilelexicon.a and its one header tile_lexicon.h;
 * docs/embedding.md walks through it. Exit status 0, or 2 with a message when the bundle cannot be read.
 */
#define _POSIX_C_SOURCE 200809L /* getline */

#include "tile_lexicon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int answer(const tl_lexicon *lexicon, tl_answer *a, const char *word, size_t size, char **json,
                  size_t *capacity) {
    tl_error err;
    if (tl_lexicon_check(lexicon, word, size, a, &err) != TL_OK) {
        fprintf(stderr, "example: %s\n", err.message);
        return 0;
    }
    size_t need = tl_answer_json(a, word, size, *json, *capacity);
    if (need >= *capacity) {
        *capacity = need + 1;
        char *grown = realloc(*json, *capacity);
        if (!grown)
            return 0;
        *json = grown;
        tl_answer_json(a, word, size, *json, *capacity);
    }
    fwrite(*json, 1, need, stdout);
    fputc('\n', stdout);
    return 1;
}

int main(int argc, char **argv) {
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
    tl_answer *a = malloc(sizeof *a); /* large (TL_ANSWER_WORK): one, reused */
    size_t capacity = 1024;
    char *json = malloc(capacity);
    int ok = a && json;
    if (ok && strcmp(argv[2], "-") == 0) {
        char *line = NULL;
        size_t room = 0;
        ssize_t n;
        while (ok && (n = getline(&line, &room, stdin)) >= 0) {
            if (n && line[n - 1] == '\n')
                n--;
            ok = answer(lexicon, a, line, (size_t)n, &json, &capacity);
        }
        free(line);
    } else {
        for (int i = 2; ok && i < argc; i++)
            ok = answer(lexicon, a, argv[i], strlen(argv[i]), &json, &capacity);
    }
    free(json);
    free(a);
    tl_lexicon_close(lexicon);
    return ok ? 0 : 1;
}
