/* Opening a bundle (lexicon/bundle.py writes it; docs/bundle.md describes it): the header, the section
 * table, every section's CRC-32, and each section's shape against what reads it, so that a lexicon
 * once open reads nothing outside its bytes. */
#include "lexicon/rule.h"

#include <stdio.h>
#include <stdlib.h>

#define HEADER 256
#define ENTRY 32
#define MOST_SECTIONS 64

static uint32_t u32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t u64(const uint8_t *p) { return (uint64_t)u32(p) | (uint64_t)u32(p + 4) << 32; }

static void text_field(const uint8_t *p, size_t width, char *out) {
    size_t n = 0;
    while (n < width - 1 && p[n])
        n++;
    memcpy(out, p, n);
    out[n] = 0;
}

const uint8_t *tl_lexicon_section(const tl_lexicon *lex, const char *name, size_t *size) {
    for (uint32_t i = 0; i < lex->n_sections; i++) {
        const uint8_t *e = lex->table + ENTRY * i;
        if (strncmp((const char *)e, name, 16) == 0 && strlen(name) < 16) {
            *size = u32(e + 24);
            return lex->base + u64(e + 16);
        }
    }
    *size = 0;
    return NULL;
}

/* A section that must be there, of at least `least` bytes, 4-aligned in the file. */
static const uint8_t *need(const tl_lexicon *lex, const char *name, size_t least, size_t *size, tl_error *err) {
    const uint8_t *p = tl_lexicon_section(lex, name, size);
    if (!p) {
        tl_fail(err, TL_ERR_CORRUPT, "the bundle has no section %s", name);
        return NULL;
    }
    if (*size < least) {
        tl_fail(err, TL_ERR_CORRUPT, "the bundle's section %s is %zu bytes, too short", name, *size);
        return NULL;
    }
    return p;
}

/* A list of strings: the count, count + 1 offsets, rising, within the section. */
static tl_status read_strings(const tl_lexicon *lex, const char *name, const uint8_t *p, size_t size, size_t at,
                              strlist *out, size_t *end, tl_error *err) {
    if (at + 4 > size)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section %s ends before its strings", name);
    uint32_t count = u32(p + at);
    if (count > (size - at) / 4 || at + 8 + 4 * (size_t)count > size)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section %s holds %u strings, more than fit", name, count);
    out->count = count;
    out->offsets = (const uint32_t *)(p + at + 4);
    out->text = p + at + 8 + 4 * (size_t)count;
    size_t room = size - (at + 8 + 4 * (size_t)count);
    for (uint32_t i = 0; i < count; i++)
        if (out->offsets[i] > out->offsets[i + 1] || out->offsets[i + 1] > room)
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section %s: string %u lies outside it", name, i);
    if (out->offsets[0] != 0)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section %s: its strings do not start at 0", name);
    if (end) {
        size_t e = at + 8 + 4 * (size_t)count + out->offsets[count];
        *end = e + (-e & 3);
    }
    (void)lex;
    return TL_OK;
}

static tl_status read_strings_section(tl_lexicon *lex, const char *name, strlist *out, tl_error *err) {
    size_t size;
    const uint8_t *p = need(lex, name, 8, &size, err);
    return p ? read_strings(lex, name, p, size, 0, out, NULL, err) : err->status;
}

static tl_status read_map(tl_lexicon *lex, const char *name, cpmap *out, tl_error *err) {
    size_t size;
    const uint8_t *p = need(lex, name, 4, &size, err);
    if (!p)
        return err->status;
    uint32_t count = u32(p);
    if ((size_t)count > (size - 4) / 12)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section %s is too short for %u entries", name, count);
    out->count = count;
    out->entries = (const uint32_t *)(p + 4);
    out->pool = (const uint32_t *)(p + 4 + 12 * (size_t)count);
    out->pool_size = (uint32_t)((size - 4 - 12 * (size_t)count) / 4);
    for (uint32_t i = 0; i < count; i++) {
        const uint32_t *e = out->entries + 3 * i;
        if ((i && e[0] <= e[-3]) || e[1] > out->pool_size || e[2] > out->pool_size - e[1] || e[2] > 18)
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section %s: entry %u is out of order or outside", name, i);
    }
    return TL_OK;
}

static tl_status read_ranges(tl_lexicon *lex, const char *name, cpranges *out, tl_error *err) {
    size_t size;
    const uint8_t *p = need(lex, name, 4, &size, err);
    if (!p)
        return err->status;
    uint32_t count = u32(p);
    if ((size_t)count > (size - 4) / 12)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section %s is too short for %u ranges", name, count);
    out->count = count;
    out->ranges = (const uint32_t *)(p + 4);
    for (uint32_t i = 0; i < count; i++) {
        const uint32_t *r = out->ranges + 3 * i;
        if (r[0] > r[1] || (i && r[0] <= r[-2]))
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section %s: range %u is out of order", name, i);
    }
    return TL_OK;
}

/* A column of `keys` values `width` bytes each. */
static const void *column(tl_lexicon *lex, const char *name, size_t width, tl_error *err) {
    size_t size;
    const uint8_t *p = need(lex, name, lex->keys * width, &size, err);
    return p;
}

static tl_status open_graph(tl_lexicon *lex, const char *name, int big, tl_graph **out, tl_error *err) {
    size_t size;
    const uint8_t *p = need(lex, name, 4, &size, err);
    if (!p)
        return err->status;
    tl_status rc = tl_graph_open(p, size, big ? TL_LAYOUT_KBWG : TL_LAYOUT_KWG, out, err);
    if (rc == TL_OK) /* what keeps reads inside; tl_lexicon_verify walks the graphs too */
        rc = tl_graph_check_nodes(*out, err);
    if (rc != TL_OK)
        tl_fail(err, rc, "the bundle's section %s: %s", name, err ? err->message : "");
    return rc;
}

/* letters as code points: each string of the list one code point */
static tl_status code_points(tl_lexicon *lex, const strlist *l, const char *name, uint32_t *out, size_t most,
                             tl_error *err) {
    if (l->count > most)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section %s holds %u letters, more than %zu", name,
                       l->count, most);
    for (uint32_t i = 0; i < l->count; i++) {
        size_t len, bad;
        const char *s = strlist_at(l, i, &len);
        if (utf8_decode((const uint8_t *)s, len, out + i, 1, &bad) != 1)
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section %s: item %u is not one character", name, i);
    }
    (void)lex;
    return TL_OK;
}

static tl_status read_rules(tl_lexicon *lex, tl_error *err) {
    size_t size;
    const uint8_t *p = need(lex, "rules", 24, &size, err);
    if (!p)
        return err->status;
    lex->min_length = u32(p);
    lex->max_tiles = u32(p + 4);
    lex->words = u32(p + 8);
    lex->keys = u32(p + 12);
    lex->pronounced = p[16];
    lex->analysis = p[17];
    lex->big = p[18];
    lex->has_forms = p[19];
    lex->single_letter_tiles = p[20];
    lex->blanks = p[21];
    lex->n_tiles = p[22];
    lex->gaddag = p[23];
    if (lex->n_tiles == 0 || lex->n_tiles > 63)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's rules name %u tiles", lex->n_tiles);
    const uint8_t *t = need(lex, "tiles", 8, &size, err);
    if (!t)
        return err->status;
    size_t end;
    tl_status rc = read_strings(lex, "tiles", t, size, 0, &lex->tiles, &end, err);
    if (rc != TL_OK)
        return rc;
    if (lex->tiles.count != lex->n_tiles || end + 4 * (size_t)lex->n_tiles > size)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's tiles do not match its rules");
    lex->tile_number = t + end;
    lex->tile_count = t + end + lex->n_tiles;
    lex->tile_points = t + end + 2 * lex->n_tiles;
    for (uint32_t i = 0; i < lex->n_tiles; i++) {
        size_t len, bad;
        const char *s = strlist_at(&lex->tiles, i, &len);
        long n = utf8_decode((const uint8_t *)s, len, lex->tile_cp[i], 4, &bad);
        uint8_t number = lex->tile_number[i];
        if (n < 1 || number == 0 || number > TL_MAX_TILE || lex->tile_of_number[number])
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's tile %u is not a tile (1 to 4 letters, its own number)", i);
        lex->tile_len[i] = (uint8_t)n;
        lex->tile_of_number[number] = (uint8_t)(i + 1);
        if ((size_t)n > lex->longest_tile)
            lex->longest_tile = (size_t)n;
        if (n > 1)
            lex->multi[lex->n_multi++] = (uint8_t)i;
    }
    return TL_OK;
}

/* The key graph's word counts, which rank reads: stored in the bundle (keys.counts, since the counting pass
 * is a quarter of an open) or, in a bundle written before they were, counted here. */
static tl_status key_counts(tl_lexicon *lex, tl_error *err) {
    size_t size;
    const uint8_t *p = tl_lexicon_section(lex, "keys.counts", &size);
    if (!p)
        return tl_graph_count_words(lex->key_graph, err);
    tl_status rc = size % 4 ? tl_fail(err, TL_ERR_CORRUPT, "%zu bytes is not a whole number of counts", size)
                            : tl_graph_use_counts(lex->key_graph, (const uint32_t *)p, size / 4, err);
    if (rc != TL_OK)
        tl_fail(err, rc, "the bundle's section keys.counts: %s", err ? err->message : "");
    return rc;
}

static tl_status read_keys(tl_lexicon *lex, tl_error *err) {
    tl_status rc = open_graph(lex, "keys.graph", 0, &lex->key_graph, err);
    if (rc == TL_OK)
        rc = key_counts(lex, err);
    if (rc == TL_OK)
        rc = tl_index_open(lex->key_graph, lex->letters, lex->n_letters, &lex->keys_index, err);
    if (rc != TL_OK)
        return rc;
    if (!(lex->kind = column(lex, "keys.kind", 1, err)) || !(lex->reason = column(lex, "keys.reason", 1, err)) ||
        !(lex->tiles_column = column(lex, "keys.tiles", 1, err)) || !(lex->flags = column(lex, "keys.flags", 1, err)) ||
        !(lex->pos = column(lex, "keys.pos", 2, err)) || !(lex->lemma = column(lex, "keys.lemma", 4, err)) ||
        !(lex->note = column(lex, "keys.note", 4, err)))
        return err->status;
    if ((rc = tl_index_set_kinds(lex->keys_index, lex->kind, lex->keys, 2, err)) != TL_OK)
        return rc;
    size_t size;
    const uint8_t *s = need(lex, "keys.strings", 8, &size, err);
    if (!s)
        return err->status;
    lex->n_strings = u32(s);
    if ((size_t)lex->n_strings > (size - 8) / 4)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's key strings do not fit their section");
    lex->string_offsets = (const uint32_t *)(s + 4);
    lex->string_text = s + 8 + 4 * (size_t)lex->n_strings;
    size_t room = size - (8 + 4 * (size_t)lex->n_strings);
    for (uint32_t i = 0; i < lex->n_strings; i++)
        if (lex->string_offsets[i] > lex->string_offsets[i + 1] || lex->string_offsets[i + 1] > room)
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's key string %u lies outside its section", i);
    if ((rc = read_strings_section(lex, "keys.posnames", &lex->posnames, err)) != TL_OK ||
        (rc = read_strings_section(lex, "keys.reasons", &lex->reasons, err)) != TL_OK)
        return rc;
    if (lex->analysis && !(lex->refused = need(lex, "keys.refused", (lex->keys + 7) / 8, &size, err)))
        return err->status;
    for (uint32_t k = 0; k < lex->keys; k++)
        if (lex->lemma[k] >= lex->n_strings || lex->note[k] >= lex->n_strings || lex->pos[k] >= lex->posnames.count ||
            lex->reason[k] >= lex->reasons.count)
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's key %u names a string it does not hold", k);
    return TL_OK;
}

static tl_status read_tilings(tl_lexicon *lex, tl_error *err) {
    size_t size;
    const uint8_t *p = need(lex, "tilings", 4, &size, err);
    if (!p)
        return err->status;
    lex->n_listed = u32(p);
    if ((size_t)lex->n_listed > (size - 4) / 8)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's listed tilings do not fit their section");
    lex->listed = (const uint32_t *)(p + 4);
    lex->listed_tilings = p + 4 + 8 * (size_t)lex->n_listed;
    lex->listed_size = size - 4 - 8 * (size_t)lex->n_listed;
    for (uint32_t i = 0; i < lex->n_listed; i++) { /* each entry: in key order, its tilings inside the section */
        const uint32_t *e = lex->listed + 2 * i;
        if ((i && e[0] <= e[-2]) || e[0] >= lex->keys || e[1] >= lex->listed_size)
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's listed tiling %u is out of order or outside", i);
        size_t at = e[1], count = lex->listed_tilings[at++];
        for (size_t k = 0; k < count; k++) {
            if (at >= lex->listed_size || at + 1 + lex->listed_tilings[at] > lex->listed_size)
                return tl_fail(err, TL_ERR_CORRUPT, "the bundle's listed tiling %u runs past its section", i);
            for (size_t j = 0; j < lex->listed_tilings[at]; j++)
                if (!lex->tile_of_number[lex->listed_tilings[at + 1 + j] & 63])
                    return tl_fail(err, TL_ERR_CORRUPT, "the bundle's listed tiling %u names no tile", i);
            at += 1 + lex->listed_tilings[at];
        }
    }
    return TL_OK;
}

static tl_status read_forms(tl_lexicon *lex, tl_error *err) {
    size_t size;
    const uint8_t *m = need(lex, "forms.meta", 16, &size, err);
    if (!m)
        return err->status;
    lex->forms_separator = u32(m);
    lex->forms_digits = u32(m + 4);
    lex->forms_base = u32(m + 8);
    tl_status rc = open_graph(lex, "forms.graph", u32(m + 12) != 0, &lex->forms_graph, err);
    if (rc == TL_OK)
        rc = tl_index_open(lex->forms_graph, lex->letters, lex->n_letters, &lex->forms_index, err);
    if (rc == TL_OK && (lex->forms_separator == 0 || lex->forms_separator > 255 || lex->forms_digits > 8))
        rc = tl_fail(err, TL_ERR_CORRUPT, "the bundle's form index has no separator or too many digits");
    if (rc != TL_OK || (rc = read_strings_section(lex, "forms.pos", &lex->forms_pos, err)) != TL_OK ||
        (rc = read_strings_section(lex, "forms.kind", &lex->forms_kind, err)) != TL_OK ||
        (rc = read_strings_section(lex, "forms.strip", &lex->forms_strip, err)) != TL_OK ||
        (rc = read_strings_section(lex, "forms.add", &lex->forms_add, err)) != TL_OK ||
        (rc = read_strings_section(lex, "forms.morph", &lex->forms_morph, err)) != TL_OK)
        return rc;
    uint32_t rules = lex->forms_kind.count;
    if (lex->forms_strip.count != rules || lex->forms_add.count != rules || lex->forms_morph.count != rules)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's affix rules do not match in number");
    return TL_OK;
}

/* The precheck's parts graph, when the bundle has one: letters numbered as the key index numbers them. */
static tl_status read_parts(tl_lexicon *lex, tl_error *err) {
    size_t size;
    if (!tl_lexicon_section(lex, "parts.meta", &size))
        return TL_OK;
    const uint8_t *m = need(lex, "parts.meta", 8, &size, err);
    if (!m)
        return err->status;
    if (!lex->analysis || u32(m) != lex->n_letters || lex->n_letters + TL_PART_MARKERS > TL_MAX_TILE)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's parts graph numbers %u letters, not the key index's %u",
                       u32(m), lex->n_letters);
    return open_graph(lex, "parts.graph", u32(m + 4) != 0, &lex->parts_graph, err);
}

/* The common words' graph, when the bundle has one (common.c): keys in letters numbered as the key index's. */
static tl_status read_common(tl_lexicon *lex, tl_error *err) {
    size_t size;
    if (!tl_lexicon_section(lex, "common", &size))
        return TL_OK;
    tl_status rc = open_graph(lex, "common", 0, &lex->common_graph, err);
    return rc == TL_OK ? tl_index_open(lex->common_graph, lex->letters, lex->n_letters, &lex->common_index, err) : rc;
}

/* The compiled word rule, when the bundle has one (rule.h): its pieces graph, roles and tables. */
static tl_status read_rule(tl_lexicon *lex, tl_error *err) {
    size_t size;
    if (!tl_lexicon_section(lex, "rule.meta", &size))
        return TL_OK;
    const uint8_t *m = need(lex, "rule.meta", 40, &size, err);
    if (!m)
        return err->status;
    tl_rule *r = lex->rule = calloc(1, sizeof *r);
    if (!r)
        return tl_nomem(err);
    r->separator = u32(m);
    r->digits = u32(m + 4);
    r->base = u32(m + 8);
    int big = u32(m + 12) & 1, refused_big = (u32(m + 12) >> 1) & 1;
    r->dup = u32(m + 16) & 1;
    r->triple = (u32(m + 16) >> 1) & 1;
    r->min_letters = u32(m + 20);
    r->max_words = u32(m + 24);
    r->max_syllables = u32(m + 28);
    r->n_roles = u32(m + 32);
    r->pairs = u32(m + 36) != 0;
    if (r->separator <= lex->n_tiles || r->separator > TL_MAX_TILE || !r->digits || r->digits > 4 || !r->base ||
        r->base >= r->separator || !r->n_roles || r->n_roles > RULE_MAX_ROLES)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section rule.meta names a separator, digits or roles "
                                            "it cannot hold");
    const uint8_t *roles = need(lex, "rule.roles", 4 * (size_t)r->n_roles, &size, err);
    if (!roles)
        return err->status;
    for (uint32_t i = 0; i < r->n_roles; i++) {
        const uint8_t *e = roles + 4 * (size_t)i;
        r->roles[i] = (rule_role){e[0], e[1], e[2], (int8_t)e[3]};
        if (e[0] > ROLE_WHOLE || e[1] > 1)
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section rule.roles: role %u is of no kind known", i);
    }
    strlist vowels;
    tl_status rc;
    if ((rc = open_graph(lex, "rule.graph", big, &r->pieces, err)) != TL_OK ||
        (rc = read_strings_section(lex, "rule.vowels", &vowels, err)) != TL_OK ||
        (rc = read_strings_section(lex, "rule.patterns", &r->patterns, err)) != TL_OK ||
        (rc = read_strings_section(lex, "rule.leads", &r->leads, err)) != TL_OK ||
        (rc = read_strings_section(lex, "rule.typos", &r->typos, err)) != TL_OK)
        return rc;
    if (r->patterns.count % 2 || r->leads.count % 3 || r->typos.count % 2)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's rule tables do not pair up");
    r->n_typos = r->typos.count / 2;
    if (r->n_typos && !(r->typo = calloc(r->n_typos, sizeof *r->typo)))
        return tl_nomem(err);
    for (uint32_t i = 0; i < r->n_typos; i++) {
        struct rule_typo *t = &r->typo[i];
        t->n_from = (uint8_t)strlist_cps(&r->typos, 2 * i, t->from, 16);
        t->n_to = (uint8_t)strlist_cps(&r->typos, 2 * i + 1, t->to, 16);
    }
    for (uint32_t i = 0; i < vowels.count; i++) {
        uint32_t cp;
        size_t len, bad;
        const char *text = strlist_at(&vowels, i, &len);
        if (utf8_decode((const uint8_t *)text, len, &cp, 1, &bad) != 1 || cp >= 0x10000)
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section rule.vowels: vowel %u is not one letter", i);
        r->vowel[cp >> 3] |= (uint8_t)(1u << (cp & 7));
    }
    if ((rc = rule_index_kinds(r, err)) != TL_OK)
        return rc;
    if (tl_lexicon_section(lex, "rule.refused", &size))
        return open_graph(lex, "rule.refused", refused_big, &r->refused, err);
    return TL_OK;
}

static tl_status read_unicode(tl_lexicon *lex, tl_error *err) {
    size_t size;
    tl_status rc;
    if ((rc = read_map(lex, "uni.upper", &lex->uni.upper, err)) != TL_OK ||
        (rc = read_map(lex, "uni.decompose", &lex->uni.decompose, err)) != TL_OK ||
        (rc = read_ranges(lex, "uni.combining", &lex->uni.combining, err)) != TL_OK ||
        (rc = read_ranges(lex, "uni.props", &lex->uni.props, err)) != TL_OK)
        return rc;
    const uint8_t *p = need(lex, "uni.compose", 4, &size, err);
    if (!p)
        return err->status;
    lex->uni.n_compose = u32(p);
    if ((size_t)lex->uni.n_compose > (size - 4) / 12)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's compositions do not fit their section");
    lex->uni.compose = (const uint32_t *)(p + 4);
    uni_index(&lex->uni);
    return TL_OK;
}

/* The tables the quick paths read: the letter each code point below LATIN_END plays as (begin_check: text
 * there is its own NFC, and upper case maps each code point alone, so a word of letters in either case
 * normalises letter by letter), each letter's own tile (tile_of), and, where one letter is one tile, the
 * table tl_lexicon_has reads a plain word's tiles from. */
static void quick_tiles(tl_lexicon *lex) {
    for (uint32_t cp = 0; cp < LATIN_END; cp++) {
        cpbuf upper;
        if (!(uni_props(&lex->uni, cp) & (P_SPACE | P_UNPRINTABLE | P_REFUSED | P_COMBINING | P_MARK)) &&
            uni_upper(&lex->uni, &cp, 1, &upper) && upper.n == 1 && is_letter(lex, upper.cp[0]))
            lex->quick_key[cp] = lex->letter_of[upper.cp[0]];
    }
    for (uint32_t t = 0; t < lex->n_tiles; t++) {
        uint32_t cp = lex->tile_cp[t][0];
        if (lex->tile_len[t] == 1 && cp < 0x10000 && lex->letter_of[cp] && !lex->letter_tile[lex->letter_of[cp]])
            lex->letter_tile[lex->letter_of[cp]] = (uint8_t)(t + 1);
    }
    for (uint32_t m = 0; m < lex->n_multi; m++) {
        uint32_t cp = lex->tile_cp[lex->multi[m]][0];
        lex->multi_from[cp < 0x10000 ? lex->letter_of[cp] : 0] |= 1ull << m;
    }
    lex->quick = lex->single_letter_tiles && !lex->analysis;
    for (uint32_t t = 0; t < lex->n_tiles && lex->quick; t++) {
        uint32_t cp = lex->tile_cp[t][0], lower;
        size_t len, bad;
        if (lex->tile_len[t] != 1 || cp >= 0x800 || !lex->letter_of[cp]) {
            lex->quick = 0;
            break;
        }
        lex->quick_tile[cp] = lex->tile_number[t];
        const char *text = strlist_at(&lex->letters_lower, lex->letter_of[cp] - 1u, &len);
        if (utf8_decode((const uint8_t *)text, len, &lower, 1, &bad) == 1 && lower < 0x800 && !lex->letter_of[lower])
            lex->quick_tile[lower] = lex->tile_number[t];
    }
}

/* Every section a lexicon reads, in the order each needs the ones before. */
static tl_status read_all(tl_lexicon *lex, tl_error *err) {
    tl_status rc;
    if ((rc = read_rules(lex, err)) != TL_OK || (rc = read_strings_section(lex, "letters", &lex->letters_list, err)) ||
        (rc = code_points(lex, &lex->letters_list, "letters", lex->letters, 63, err)) != TL_OK)
        return rc;
    lex->n_letters = lex->letters_list.count;
    for (uint32_t i = 0; i < lex->n_letters; i++) {
        if (lex->letters[i] >= 0x10000 || lex->letter_of[lex->letters[i]])
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's letter %u is repeated or past U+FFFF", i);
        lex->letter_of[lex->letters[i]] = (uint8_t)(i + 1);
    }
    if ((rc = read_strings_section(lex, "letters.lower", &lex->letters_lower, err)) != TL_OK ||
        (rc = read_strings_section(lex, "fold.from", &lex->fold_from, err)) != TL_OK ||
        (rc = read_strings_section(lex, "fold.to", &lex->fold_to, err)) != TL_OK)
        return rc;
    if (lex->letters_lower.count != lex->n_letters || lex->fold_from.count != lex->fold_to.count)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's letters or fold table do not pair up");
    if ((rc = read_unicode(lex, err)) != TL_OK || (rc = open_graph(lex, "graph", lex->big, &lex->graph, err)) != TL_OK ||
        (rc = read_keys(lex, err)) != TL_OK || (rc = read_tilings(lex, err)) != TL_OK)
        return rc;
    if ((lex->has_forms && (rc = read_forms(lex, err)) != TL_OK) || (rc = read_parts(lex, err)) != TL_OK ||
        (rc = read_rule(lex, err)) != TL_OK || (rc = read_common(lex, err)) != TL_OK)
        return rc;
    quick_tiles(lex);
    return TL_OK;
}

tl_status tl_lexicon_open(const uint8_t *bytes, size_t size, tl_lexicon **out, tl_error *err) {
    *out = NULL;
    if (size < HEADER || memcmp(bytes, "TLBUNDLE", 8) != 0)
        return tl_fail(err, TL_ERR_CORRUPT, "not a tile-lexicon bundle (no TLBUNDLE header)");
    if ((uintptr_t)bytes % 8)
        return tl_fail(err, TL_ERR_INPUT, "a bundle's bytes must start at a multiple of 8 in memory");
    uint32_t format = u32(bytes + 8), count = u32(bytes + 12);
    if (format != TL_BUNDLE_FORMAT)
        return tl_fail(err, TL_ERR_INPUT, "bundle format version %u; this library reads %d", format, TL_BUNDLE_FORMAT);
    uint8_t header[HEADER];
    memcpy(header, bytes, HEADER);
    memset(header + 28, 0, 4);
    if (tl_crc32(header, HEADER) != u32(bytes + 28))
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's header is damaged (its checksum does not match)");
    if (u64(bytes + 16) != size)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle is %zu bytes; its header says %llu", size,
                       (unsigned long long)u64(bytes + 16));
    if (count > MOST_SECTIONS || HEADER + (size_t)ENTRY * count > size)
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's %u sections do not fit it", count);
    const uint8_t *table = bytes + HEADER;
    if (tl_crc32(table, (size_t)ENTRY * count) != u32(bytes + 24))
        return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section table is damaged (its checksum does not match)");
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *e = table + ENTRY * i;
        uint64_t at = u64(e + 16);
        uint32_t length = u32(e + 24);
        char name[17];
        text_field(e, 17, name);
        if (at % 8 || at > size || length > size - at)
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section %s lies outside it", name);
        if (tl_crc32(bytes + at, length) != u32(e + 28))
            return tl_fail(err, TL_ERR_CORRUPT, "the bundle's section %s is damaged (its checksum does not match)", name);
    }
    tl_lexicon *lex = calloc(1, sizeof *lex);
    if (!lex)
        return tl_nomem(err);
    lex->base = bytes;
    lex->size = size;
    lex->n_sections = count;
    lex->table = table;
    text_field(bytes + 32, 64, lex->name);
    text_field(bytes + 96, 32, lex->version);
    text_field(bytes + 128, 32, lex->toolkit);
    text_field(bytes + 160, 32, lex->tileset);
    tl_error local;
    if (!err)
        err = &local;
    tl_status rc = read_all(lex, err);
    if (rc != TL_OK) {
        tl_lexicon_close(lex);
        return rc;
    }
    *out = lex;
    return TL_OK;
}

tl_status tl_lexicon_verify(const tl_lexicon *lex, tl_error *err) {
    const tl_graph *graphs[7] = {lex->graph, lex->key_graph, lex->forms_graph, lex->parts_graph,
                                 lex->rule ? lex->rule->pieces : NULL, lex->rule ? lex->rule->refused : NULL,
                                 lex->common_graph};
    static const char *const names[7] = {"graph", "keys.graph", "forms.graph", "parts.graph", "rule.graph",
                                         "rule.refused", "common"};
    for (int i = 0; i < 7; i++) {
        tl_status rc = graphs[i] ? tl_graph_validate(graphs[i], err) : TL_OK;
        if (rc != TL_OK)
            return tl_fail(err, rc, "the bundle's section %s: %s", names[i], err ? err->message : "");
    }
    tl_status rc = tl_graph_check_counts(lex->key_graph, err);
    if (rc != TL_OK)
        return tl_fail(err, rc, "the bundle's section keys.counts: %s", err ? err->message : "");
    /* every tile a word of the word graph holds one of the tile set's, as its searches spell them */
    uint64_t tiles = 0;
    for (unsigned t = 1; t <= TL_MAX_TILE; t++)
        tiles |= (uint64_t)(lex->tile_of_number[t] != 0) << t;
    if ((rc = tl_graph_check_tiles(lex->graph, tiles, err)) != TL_OK)
        return tl_fail(err, rc, "the bundle's section graph: %s", err ? err->message : "");
    return TL_OK;
}

void tl_lexicon_close(tl_lexicon *lex) {
    if (!lex)
        return;
    tl_index_close(lex->keys_index);
    tl_index_close(lex->forms_index);
    tl_index_close(lex->common_index);
    tl_graph_close(lex->graph);
    tl_graph_close(lex->key_graph);
    tl_graph_close(lex->forms_graph);
    tl_graph_close(lex->parts_graph);
    tl_graph_close(lex->common_graph);
    if (lex->rule) {
        tl_graph_close(lex->rule->pieces);
        tl_graph_close(lex->rule->refused);
        free(lex->rule->typo);
        free(lex->rule->kinds);
        free(lex->rule);
    }
    if (lex->release)
        lex->release(lex->base, lex->size);
    free(lex);
}

const char *tl_lexicon_name(const tl_lexicon *lex) { return lex->name; }
const char *tl_lexicon_version(const tl_lexicon *lex) { return lex->version; }
const char *tl_lexicon_toolkit(const tl_lexicon *lex) { return lex->toolkit; }
const tl_graph *tl_lexicon_graph(const tl_lexicon *lex) { return lex->graph; }

const char *tl_lexicon_tile(const tl_lexicon *lex, unsigned number, size_t *len) {
    *len = 0;
    if (number > TL_MAX_TILE || !lex->tile_of_number[number])
        return NULL;
    return strlist_at(&lex->tiles, lex->tile_of_number[number] - 1u, len);
}
