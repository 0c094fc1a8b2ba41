/* The brief document of an answer, `{"word":…,"normalized":…,"valid":…,"reason":…,"detail":…,"lemma":…,"tag":…}`,
 * as POST /valid answers each word (orjson's bytes). */
#include "lexicon/tl_lexicon.h"
#include "wire/json.h"

void brief_write(jbuf *j, const char *word, size_t size, int valid, const char *normalized, const char *reason,
                 const char *detail, const char *lemma, const char *tag) {
    j_lit(j, "{\"word\":");
    j_str(j, word, size);
    j_lit(j, ",\"normalized\":");
    j_cstr(j, normalized);
    j_lit(j, valid > 0 ? ",\"valid\":true" : valid == 0 ? ",\"valid\":false" : ",\"valid\":null");
    j_lit(j, ",\"reason\":");
    j_cstr(j, reason);
    j_lit(j, ",\"detail\":");
    j_cstr(j, detail);
    j_lit(j, ",\"lemma\":");
    j_cstr(j, lemma);
    j_lit(j, ",\"tag\":");
    j_cstr(j, tag);
    j_lit(j, "}");
}

static void answer_write(const tl_answer *answer, const char *word, size_t size, jbuf *j) {
    brief_write(j, word, size, answer->valid, answer->normalized, answer->reason, answer->detail, answer->lemma,
                answer->tag);
}

size_t tl_answer_json(const tl_answer *answer, const char *word, size_t size, char *out, size_t capacity) {
    jbuf j = {out, 0, capacity, 0, 0};
    answer_write(answer, word, size, &j);
    if (capacity)
        out[j.length < capacity ? j.length : capacity - 1] = 0;
    return j.length;
}
