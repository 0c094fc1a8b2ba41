/* What the C tests share: CHECK counts a check and reports a failed one with its line, so that a run
 * reports every failure and ends with "N checks, M failed". Each test file is its own program. */
#ifndef TESTS_CHECK_H
#define TESTS_CHECK_H

#include <stdio.h>
#include <string.h>

static int failures, checks;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        checks++;                                                                     \
        if (!(cond)) {                                                                \
            failures++;                                                               \
            fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond);        \
        }                                                                             \
    } while (0)

/* err's message contains `text` */
#define SAYS(err, text) CHECK(strstr((err).message, (text)) != NULL)

#endif
