/* tl_lexicon_load: a bundle memory-mapped from its file (POSIX), for native games.
 *
 * Kept out of bundle.c so the WebAssembly build, which has no files, compiles everything else. Mapped
 * read-only and private: the pages are the file's, shared with every process that maps the same version,
 * and the toolkit replaces a bundle by renaming a whole new file over it, so a mapping never sees a
 * file shrink under it.
 */
#define _POSIX_C_SOURCE 200809L

#include "lexicon/lexicon.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static void unmap(const uint8_t *bytes, size_t size) { munmap((void *)bytes, size); }

static tl_status refuse(tl_error *err, tl_status status, const char *path, const char *why) {
    return tl_fail(err, status, "%.120s: %s", path, why);
}

tl_status tl_lexicon_load(const char *path, tl_lexicon **out, tl_error *err) {
    *out = NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return refuse(err, TL_ERR_INPUT, path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
        int was = errno;
        close(fd);
        return refuse(err, TL_ERR_INPUT, path, !S_ISREG(st.st_mode) ? "not a file" : st.st_size ? strerror(was)
                                                                                                     : "an empty file");
    }
    size_t size = (size_t)st.st_size;
    void *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    int was = errno;
    close(fd);
    if (map == MAP_FAILED)
        return refuse(err, was == ENOMEM ? TL_ERR_NOMEM : TL_ERR_INPUT, path, strerror(was));
    tl_error local;
    tl_status rc = tl_lexicon_open(map, size, out, err ? err : &local);
    if (rc != TL_OK) {
        munmap(map, size);
        if (err) {
            char why[sizeof err->message];
            memcpy(why, err->message, sizeof why);
            refuse(err, rc, path, why);
        }
        return rc;
    }
    (*out)->release = unmap;
    return TL_OK;
}
