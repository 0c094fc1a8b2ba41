/* CRC-32 with the IEEE polynomial, as zlib's crc32 and Python's zlib.crc32 compute it: the checksum a
 * bundle's header, section table and every section carry (lexicon/bundle.py writes them), checked over
 * every byte when a bundle opens.
 *
 * Eight bytes a step through eight tables ("slicing by eight"), and a long run as four streams at once:
 * one stream's steps each wait for the one before, four independent ones keep the processor's load
 * units busy (about three times the speed, natively and in WebAssembly, where the checksum was most of
 * opening a bundle). The four CRCs are joined as zlib's crc32_combine joins them: the CRC of a
 * concatenation A B is CRC(A) times x^(8·|B|) modulo the polynomial, plus CRC(B). The tables are made
 * once; a race makes them twice, alike. */
#include "graph/internal.h"

#define POLY 0xEDB88320u /* the IEEE polynomial, reflected */
#define STREAMS 4 /* the loop below names each */
#define FEWEST_SPLIT 256 /* shorter runs take one stream: joining costs a few hundred steps */

static uint32_t table[8][256];
static uint32_t x2n[32]; /* x^(2^k) modulo the polynomial */
static volatile int ready;

/* a × b modulo the polynomial, both reflected (zlib's multmodp) */
static uint32_t multmodp(uint32_t a, uint32_t b) {
    uint32_t m = 1u << 31, p = 0;
    for (;;) {
        if (a & m) {
            p ^= b;
            if ((a & (m - 1)) == 0)
                break;
        }
        m >>= 1;
        b = b & 1 ? (b >> 1) ^ POLY : b >> 1;
    }
    return p;
}

static void make_tables(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? POLY ^ (c >> 1) : c >> 1;
        table[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; i++)
        for (int t = 1; t < 8; t++)
            table[t][i] = table[0][table[t - 1][i] & 0xFF] ^ (table[t - 1][i] >> 8);
    uint32_t p = 1u << 30; /* x^1 */
    x2n[0] = p;
    for (int k = 1; k < 32; k++)
        x2n[k] = p = multmodp(p, p);
    ready = 1;
}

static inline uint32_t le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint32_t step8(uint32_t c, const uint8_t *p) {
    uint32_t lo = c ^ le32(p), hi = le32(p + 4);
    return table[7][lo & 0xFF] ^ table[6][(lo >> 8) & 0xFF] ^ table[5][(lo >> 16) & 0xFF] ^ table[4][lo >> 24] ^
           table[3][hi & 0xFF] ^ table[2][(hi >> 8) & 0xFF] ^ table[1][(hi >> 16) & 0xFF] ^ table[0][hi >> 24];
}

/* The running (uninverted) CRC `c` carried over n more bytes. */
static uint32_t run(uint32_t c, const uint8_t *p, size_t n) {
    for (; n >= 8; p += 8, n -= 8)
        c = step8(c, p);
    while (n--)
        c = table[0][(c ^ *p++) & 0xFF] ^ (c >> 8);
    return c;
}

/* CRC(A B) from CRC(A), CRC(B) and |B| */
static uint32_t combine(uint32_t a, uint32_t b, size_t length) {
    uint32_t power = 1u << 31; /* x^0 */
    for (unsigned k = 3; length; length >>= 1, k++) /* x^(8·length) = the product of x^(2^k) over its bits */
        if (length & 1)
            power = multmodp(x2n[k & 31], power);
    return multmodp(power, a) ^ b;
}

uint32_t tl_crc32(const uint8_t *p, size_t n) {
    if (!ready)
        make_tables();
    if (n < FEWEST_SPLIT)
        return run(0xFFFFFFFFu, p, n) ^ 0xFFFFFFFFu;
    size_t part = n / (8 * STREAMS) * 8; /* each of the first three streams; the last takes the rest too */
    /* Four named CRCs, not an array: compilers keep an array's CRCs in memory, and each step then waits for
     * the store of the step before it (half the time of a whole open went there). */
    uint32_t c0 = 0xFFFFFFFFu, c1 = c0, c2 = c0, c3 = c0;
    const uint8_t *p1 = p + part, *p2 = p1 + part, *p3 = p2 + part;
    for (size_t i = 0; i < part; i += 8) {
        c0 = step8(c0, p + i);
        c1 = step8(c1, p1 + i);
        c2 = step8(c2, p2 + i);
        c3 = step8(c3, p3 + i);
    }
    uint32_t c[STREAMS] = {c0, c1, c2, run(c3, p + STREAMS * part, n - STREAMS * part)};
    uint32_t crc = c[0] ^ 0xFFFFFFFFu;
    for (int s = 1; s < STREAMS; s++)
        crc = combine(crc, c[s] ^ 0xFFFFFFFFu, s < STREAMS - 1 ? part : n - (STREAMS - 1) * part);
    return crc;
}
