/* What the fuzz targets that read real bundles share: the bundles of the folder FUZZ_BUNDLES names (make sanitize
 * writes them), each read into memory aligned as tl_lexicon_open reads it, and opened. */
#ifndef FUZZ_BUNDLES_H
#define FUZZ_BUNDLES_H

#include "lexicon/tl_lexicon.h"
#include "require.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOST_BUNDLES 8

typedef struct {
    uint8_t *bytes;
    size_t size;
    tl_lexicon *lexicon;
} loaded;

static uint8_t *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *data = aligned_alloc(8, ((size_t)n + 7) / 8 * 8);
    if (data && fread(data, 1, (size_t)n, f) != (size_t)n) {
        free(data);
        data = NULL;
    }
    fclose(f);
    *size = (size_t)n;
    return data;
}

/* Every bundle of FUZZ_BUNDLES into `out` (MOST_BUNDLES at most): how many, one at least. */
static size_t load_bundles(loaded *out) {
    const char *folder = getenv("FUZZ_BUNDLES");
    DIR *dir = folder ? opendir(folder) : NULL;
    REQUIRE(dir != NULL);
    size_t count = 0;
    struct dirent *e;
    while ((e = readdir(dir)) && count < MOST_BUNDLES) {
        if (!strstr(e->d_name, ".bundle"))
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", folder, e->d_name);
        loaded *b = &out[count];
        tl_error err;
        REQUIRE((b->bytes = read_file(path, &b->size)) != NULL);
        REQUIRE(tl_lexicon_open(b->bytes, b->size, &b->lexicon, &err) == TL_OK);
        count++;
    }
    closedir(dir);
    REQUIRE(count > 0);
    return count;
}

#endif
