/* What the fuzz targets hold: a broken promise aborts, which libFuzzer reports as a finding. */
#ifndef FUZZ_REQUIRE_H
#define FUZZ_REQUIRE_H

#include <stdio.h>
#include <stdlib.h>

#define REQUIRE(cond)                                                                         \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            fprintf(stderr, "%s:%d: broken: %s\n", __FILE__, __LINE__, #cond);               \
            abort();                                                                          \
        }                                                                                     \
    } while (0)

#endif
