/* Status names and the error messages every call fills in. */
#include "graph/internal.h"

#include <stdarg.h>
#include <stdio.h>

const char *tl_status_name(tl_status status) {
    switch (status) {
    case TL_OK: return "ok";
    case TL_ERR_NOMEM: return "out of memory";
    case TL_ERR_INPUT: return "bad input";
    case TL_ERR_CORRUPT: return "corrupt graph";
    case TL_ERR_LIMIT: return "limit exceeded";
    case TL_ERR_COSTLY: return "too costly";
    case TL_ERR_STATE: return "out of order";
    case TL_ERR_HOST: return "the caller's error";
    case TL_WORD: return "word";
    case TL_DONE: return "done";
    }
    return "unknown status";
}

tl_status tl_fail(tl_error *err, tl_status status, const char *format, ...) {
    if (err) {
        /* formatted apart first: a caller may name the message it is replacing (`"…: %s", err->message`) */
        char message[sizeof err->message];
        va_list args;
        va_start(args, format);
        vsnprintf(message, sizeof message, format, args);
        va_end(args);
        err->status = status;
        memcpy(err->message, message, sizeof message);
    }
    return status;
}

tl_status tl_nomem(tl_error *err) { return tl_fail(err, TL_ERR_NOMEM, "out of memory"); }

const char *tl_thousands(size_t value, char out[32]) {
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%zu", value), w = 0;
    for (int i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0)
            out[w++] = ',';
        out[w++] = digits[i];
    }
    out[w] = 0;
    return out;
}

tl_status tl_bad_index(const tl_graph *g, size_t index, tl_error *err) {
    return tl_fail(err, TL_ERR_CORRUPT, "the word graph points to node %zu, past its last (%zu)", index, g->n - 1);
}
