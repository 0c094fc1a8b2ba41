/* libFuzzer target: the lexicon layer (tl_lexicon.h) over hostile text and damaged bundles.
 *
 * FUZZ_BUNDLES names a folder of real bundles (make sanitize writes small Swedish and Hungarian ones). An
 * input's first byte chooses what it is:
 *   even: text, asked of bundle (byte / 2) % count as a word, a rack, a pattern, hooks and tiles, and,
 *         cut at each newline, as a batch (tl_lexicon_check_each), whose answers must be the ones a word
 *         checked alone gets, up to the first word refused, where the batch must stop with its status;
 *   odd:  edits to a bundle (a section number, an offset and bytes, repeated), applied with every
 *         checksum made right again, so that only the reader's shape checks stand between the bytes
 *         and the code that reads them; a bundle that still opens answers a few words and searches.
 * Every call must answer or refuse with a status; the sanitizers fail the run on anything else.
 */
#include "bundles.h"

static loaded bundles[MOST_BUNDLES];
static size_t count;
static tl_answer *answer, *ahead; /* ahead: tl_lexicon_check_each's TL_CHECK_AHEAD + 1 */

static uint32_t crc32(const uint8_t *p, size_t n) {
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    }
    return c ^ 0xFFFFFFFFu;
}

static uint32_t u32(const uint8_t *p) { return (uint32_t)p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

static void put32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    count = load_bundles(bundles);
    answer = malloc(sizeof *answer);
    ahead = malloc((TL_CHECK_AHEAD + 1) * sizeof *ahead);
    REQUIRE(answer != NULL && ahead != NULL);
    return 0;
}

/* A batch's answers held to the ones each word gets alone (tl_lexicon_check_each against tl_lexicon_check). */
#define MOST_WORDS 16

typedef struct {
    const tl_lexicon *lex;
    const char *const *text;
    const size_t *size;
    size_t emitted, stop_at; /* emit asks the batch to stop after answer stop_at */
} batch;

static int same_answer(void *context, size_t i, const tl_answer *got) {
    batch *b = context;
    REQUIRE(i == b->emitted);
    b->emitted++;
    tl_error err;
    REQUIRE(tl_lexicon_check(b->lex, b->text[i], b->size[i], answer, &err) == TL_OK);
    static char one[16384], other[16384];
    size_t n = tl_answer_json(answer, b->text[i], b->size[i], one, sizeof one);
    size_t m = tl_answer_json(got, b->text[i], b->size[i], other, sizeof other);
    REQUIRE(n == m && (n >= sizeof one || memcmp(one, other, n) == 0) && got->valid == answer->valid);
    return i == b->stop_at;
}

static void ask_batch(const tl_lexicon *lex, const char *text, size_t size) {
    const char *words[MOST_WORDS];
    size_t sizes[MOST_WORDS], n = 0;
    for (const char *at = text, *end = text + size; n < MOST_WORDS && at <= end; n++) {
        const char *cut = memchr(at, '\n', (size_t)(end - at));
        words[n] = at;
        sizes[n] = (size_t)((cut ? cut : end) - at);
        at += sizes[n] + 1;
    }
    size_t refused = n; /* the first word a check alone refuses */
    tl_status alone = TL_OK;
    tl_error err;
    for (size_t i = 0; i < n && refused == n; i++)
        if ((alone = tl_lexicon_check(lex, words[i], sizes[i], answer, &err)) != TL_OK)
            refused = i;
    for (int whole = 0; whole < 2; whole++) { /* once stopped by emit after the first answer, once to the end */
        batch b = {lex, words, sizes, 0, whole ? (size_t)-1 : 0};
        tl_status rc = tl_lexicon_check_each(lex, n, words, sizes, ahead, same_answer, &b, &err);
        if (whole)
            REQUIRE(rc == alone && b.emitted == refused);
        else if (refused)
            REQUIRE(rc == TL_OK && b.emitted == 1);
        else
            REQUIRE(rc == alone && b.emitted == 0);
    }
}

/* tl_answer_tilings' fn: each tile of each tiling one the tile set spells. */
static int spelled(void *context, const uint8_t *tiles, size_t n) {
    size_t len;
    REQUIRE(n > 0 && n <= TL_MAX_LENGTH);
    for (size_t i = 0; i < n; i++)
        REQUIRE(tl_lexicon_tile(context, tiles[i], &len) != NULL && len > 0);
    return 0;
}

/* Every kind of question, each answered or refused; of a `damaged` bundle (one its checksums cannot vouch
 * for: tl_lexicon_verify refused it), a call may also find the damage (TL_ERR_CORRUPT), as a rank that word
 * counts which are not the graph's own lead past the keys. */
static void ask(const tl_lexicon *lex, const char *text, size_t size, int damaged) {
    tl_error err;
    tl_status rc = tl_lexicon_check(lex, text, size, answer, &err);
    REQUIRE(rc == TL_OK || rc == TL_ERR_INPUT || (damaged && rc == TL_ERR_CORRUPT));
    if (rc == TL_OK) {
        char json[16384];
        size_t need = tl_answer_json(answer, text, size, json, sizeof json);
        REQUIRE(need < sizeof json || size > 2048);
        REQUIRE(answer->valid >= -1 && answer->valid <= 1);
        /* a valid answer's reading and tilings (the Python library's quick verdicts read them) */
        const char *kind, *pos;
        size_t pos_len;
        tl_answer_reading(lex, answer, &kind, &pos, &pos_len);
        REQUIRE(answer->valid != 1 || kind != NULL);
        REQUIRE(pos == NULL || pos_len > 0);
        REQUIRE(tl_answer_tilings(lex, answer, spelled, (void *)lex) == 0);
    }
    tl_text out = {0};
    tl_query options = {1, "score", 0, 5};
    tl_status (*words[3])(const tl_lexicon *, const char *, size_t, tl_text *, tl_error *) = {
        tl_lexicon_tiles, tl_lexicon_hooks, tl_lexicon_verdict};
    for (int i = 0; i < 3; i++) {
        rc = words[i](lex, text, size, &out, &err);
        REQUIRE(rc == TL_OK || rc == TL_ERR_INPUT || rc == TL_ERR_COSTLY || (damaged && rc == TL_ERR_CORRUPT));
        REQUIRE(rc == TL_ERR_CORRUPT ? out.data == NULL : out.data != NULL && strlen(out.data) == out.length);
        tl_text_free(&out);
    }
    tl_status (*searches[2])(const tl_lexicon *, const char *, size_t, const tl_query *, tl_text *, tl_error *) = {
        tl_lexicon_anagram, tl_lexicon_pattern};
    for (int i = 0; i < 2; i++) {
        rc = searches[i](lex, text, size, i ? NULL : &options, &out, &err);
        REQUIRE(rc == TL_OK || rc == TL_ERR_INPUT || rc == TL_ERR_COSTLY || (damaged && rc == TL_ERR_CORRUPT));
        REQUIRE(rc == TL_ERR_CORRUPT ? out.data == NULL : out.data != NULL && strlen(out.data) == out.length);
        tl_text_free(&out);
    }
}

/* The edits applied to a copy of a bundle, its checksums made right. */
static void damage(const loaded *b, const uint8_t *data, size_t size) {
    uint8_t *copy = aligned_alloc(8, (b->size + 7) / 8 * 8);
    REQUIRE(copy != NULL);
    memcpy(copy, b->bytes, b->size);
    uint32_t sections = u32(copy + 12);
    for (size_t at = 0; at + 4 <= size;) {
        uint32_t section = data[at] % sections, offset = (uint32_t)data[at + 1] | (uint32_t)data[at + 2] << 8;
        size_t n = data[at + 3] % 16;
        at += 4;
        uint8_t *entry = copy + 256 + 32 * section;
        uint32_t length = u32(entry + 24);
        uint8_t *start = copy + u32(entry + 16);
        for (size_t k = 0; k < n && at < size && length; k++, at++)
            start[(offset + k) % length] = data[at];
        put32(entry + 28, crc32(start, length));
    }
    put32(copy + 24, crc32(copy + 256, 32 * (size_t)sections));
    uint8_t header[256];
    memcpy(header, copy, 256);
    memset(header + 28, 0, 4);
    put32(copy + 28, crc32(header, 256));
    tl_lexicon *lex;
    tl_error err;
    tl_status rc = tl_lexicon_open(copy, b->size, &lex, &err);
    REQUIRE(rc == TL_OK || rc == TL_ERR_CORRUPT || rc == TL_ERR_INPUT || rc == TL_ERR_LIMIT);
    if (rc == TL_OK) {
        rc = tl_lexicon_verify(lex, &err); /* verified or not, every answer must stay inside the bytes */
        REQUIRE(rc == TL_OK || rc == TL_ERR_CORRUPT || rc == TL_ERR_NOMEM);
        static const char *const words[] = {"hus", "HÁZSOR", "allé", "[SZ]", "AB?", "A*", "", "házakban", "x9"};
        for (size_t i = 0; i < sizeof words / sizeof *words; i++)
            ask(lex, words[i], strlen(words[i]), rc != TL_OK);
        tl_lexicon_close(lex);
    }
    free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!size)
        return 0;
    const loaded *b = &bundles[(data[0] >> 1) % count];
    if (data[0] & 1) {
        damage(b, data + 1, size - 1);
    } else {
        ask(b->lexicon, (const char *)data + 1, size - 1, 0);
        ask_batch(b->lexicon, (const char *)data + 1, size - 1);
    }
    return 0;
}
