/* numpy's PCG64 (XSL-RR 128/64) kept in a C struct, portable to every C compiler.
 *
 * The state is 128 bits. gcc and clang on 64-bit targets have __uint128_t and use it; any
 * other compiler (MSVC, 32-bit targets) gets the same arithmetic on two 64-bit halves, with
 * MSVC's _umul128 for the 64x64 -> 128 product on x64. Defining PB_PCG_NO_INT128 forces the
 * halves everywhere: tests/test_portable_c.py builds both and checks they draw the same.
 *
 * The seeding reproduces numpy's SeedSequence(seed).generate_state(4, uint64) for
 * 0 <= seed < 2**64, then PCG64's own seeding from those words (the 32-bit hash-mix of
 * O'Neill's seed_seq), so a seed gives the same stream as numpy's Generator. */
#ifndef POKERBULL_PCG64_H
#define POKERBULL_PCG64_H

#include <stdint.h>

#if defined(__SIZEOF_INT128__) && !defined(PB_PCG_NO_INT128)

typedef __uint128_t pb_u128;
static inline pb_u128 pb_u128_make(uint64_t hi, uint64_t lo) { return ((pb_u128)hi << 64) | lo; }
static inline uint64_t pb_u128_hi(pb_u128 v) { return (uint64_t)(v >> 64); }
static inline uint64_t pb_u128_lo(pb_u128 v) { return (uint64_t)v; }
static inline pb_u128 pb_u128_add(pb_u128 a, pb_u128 b) { return a + b; }
static inline pb_u128 pb_u128_mul(pb_u128 a, pb_u128 b) { return a * b; }

#else

#if defined(_MSC_VER) && defined(_M_X64)
#include <intrin.h>
#pragma intrinsic(_umul128)
#endif

typedef struct { uint64_t hi, lo; } pb_u128;
static inline pb_u128 pb_u128_make(uint64_t hi, uint64_t lo) { pb_u128 v; v.hi = hi; v.lo = lo; return v; }
static inline uint64_t pb_u128_hi(pb_u128 v) { return v.hi; }
static inline uint64_t pb_u128_lo(pb_u128 v) { return v.lo; }
static inline pb_u128 pb_u128_add(pb_u128 a, pb_u128 b) {
    pb_u128 v; v.lo = a.lo + b.lo; v.hi = a.hi + b.hi + (v.lo < a.lo); return v;
}
/* The full 128-bit product of two 64-bit words. */
static inline pb_u128 pb_mul64(uint64_t a, uint64_t b) {
    pb_u128 v;
#if defined(_MSC_VER) && defined(_M_X64)
    v.lo = _umul128(a, b, &v.hi);
#else
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t middle = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    v.hi = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
    v.lo = (middle << 32) | (uint32_t)p00;
#endif
    return v;
}
/* a * b modulo 2**128: the high halves only meet the low ones. */
static inline pb_u128 pb_u128_mul(pb_u128 a, pb_u128 b) {
    pb_u128 v = pb_mul64(a.lo, b.lo);
    v.hi += a.hi * b.lo + a.lo * b.hi;
    return v;
}

#endif

typedef struct { pb_u128 state; pb_u128 inc; int has32; uint32_t u32; } pb_pcg64;

static inline void pb_pcg_step(pb_pcg64* r) {
    const pb_u128 multiplier = pb_u128_make(0x2360ED051FC65DA4ULL, 0x4385DF649FCCF645ULL);
    r->state = pb_u128_add(pb_u128_mul(r->state, multiplier), r->inc);
}
static inline uint64_t pb_pcg_next64(pb_pcg64* r) {
    pb_pcg_step(r);
    uint64_t hi = pb_u128_hi(r->state);
    uint64_t x = hi ^ pb_u128_lo(r->state);
    unsigned rot = (unsigned)(hi >> 58);
    return (x >> rot) | (x << ((64 - rot) & 63));
}
static inline uint32_t pb_pcg_next32(pb_pcg64* r) {
    if (r->has32) { r->has32 = 0; return r->u32; }
    uint64_t v = pb_pcg_next64(r);
    r->has32 = 1; r->u32 = (uint32_t)(v >> 32);
    return (uint32_t)v;
}
static inline void pb_pcg_set(pb_pcg64* r, uint64_t s_hi, uint64_t s_lo, uint64_t i_hi,
                              uint64_t i_lo, int has32, uint32_t u32) {
    r->state = pb_u128_make(s_hi, s_lo);
    r->inc = pb_u128_make(i_hi, i_lo);
    r->has32 = has32; r->u32 = u32;
}
/* Word `which` of the generator: 0 and 1 the state's high and low halves, 2 and 3 the increment's. */
static inline uint64_t pb_pcg_word(const pb_pcg64* r, int which) {
    pb_u128 v = which < 2 ? r->state : r->inc;
    return (which & 1) ? pb_u128_lo(v) : pb_u128_hi(v);
}
static inline uint32_t pb_hashmix(uint32_t v, uint32_t* h) {
    v ^= *h; *h *= 0x931e8875u; v *= *h; v ^= v >> 16; return v;
}
static inline uint32_t pb_mix(uint32_t x, uint32_t y) {
    uint32_t r = 0xca01f9ddu * x - 0x4973f715u * y; r ^= r >> 16; return r;
}
static inline void pb_pcg_seed(pb_pcg64* r, uint64_t seed) {
    uint32_t entropy[2]; int n = 0, i, j;
    uint32_t pool[4]; uint32_t h = 0x43b0d7e5u; uint32_t words[8];
    entropy[n++] = (uint32_t)seed;
    if (seed >> 32) entropy[n++] = (uint32_t)(seed >> 32);
    for (i = 0; i < 4; i++) pool[i] = pb_hashmix(i < n ? entropy[i] : 0, &h);
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++)
            if (i != j) pool[j] = pb_mix(pool[j], pb_hashmix(pool[i], &h));
    h = 0x8b51f9ddu;
    for (i = 0; i < 8; i++) {
        uint32_t v = pool[i & 3];
        v ^= h; h *= 0x58f38dedu; v *= h; v ^= v >> 16; words[i] = v;
    }
    pb_u128 s = pb_u128_make(((uint64_t)words[1] << 32) | words[0], ((uint64_t)words[3] << 32) | words[2]);
    pb_u128 q = pb_u128_make(((uint64_t)words[5] << 32) | words[4], ((uint64_t)words[7] << 32) | words[6]);
    /* inc = (q << 1) | 1 */
    r->inc = pb_u128_make((pb_u128_hi(q) << 1) | (pb_u128_lo(q) >> 63), (pb_u128_lo(q) << 1) | 1u);
    r->state = pb_u128_make(0, 0);
    pb_pcg_step(r); r->state = pb_u128_add(r->state, s); pb_pcg_step(r);
    r->has32 = 0; r->u32 = 0;
}

/* Generator.integers(n) for 0 < n < 2**32 as numpy draws it (Lemire's method on 32 bits). */
static inline uint32_t pb_pcg_below(pb_pcg64* r, uint32_t n) {
    uint64_t m; uint32_t leftover, threshold;
    if (n <= 1) return 0;
    m = (uint64_t)pb_pcg_next32(r) * n;
    leftover = (uint32_t)m;
    if (leftover < n) {
        threshold = (0xFFFFFFFFu - (n - 1)) % n;
        while (leftover < threshold) { m = (uint64_t)pb_pcg_next32(r) * n; leftover = (uint32_t)m; }
    }
    return (uint32_t)(m >> 32);
}
/* numpy's random_interval(top) for top < 2**32 (mask, then reject): what Generator.shuffle
 * and permutation draw for each place. */
static inline uint32_t pb_pcg_interval(pb_pcg64* r, uint32_t top) {
    uint32_t mask = top, value;
    if (top == 0) return 0;
    mask |= mask >> 1; mask |= mask >> 2; mask |= mask >> 4; mask |= mask >> 8; mask |= mask >> 16;
    while ((value = pb_pcg_next32(r) & mask) > top) {}
    return value;
}

/* Generator.random() as numpy draws it: the top 53 bits of a 64-bit word. */
static inline double pb_pcg_double(pb_pcg64* r) {
    return (double)(pb_pcg_next64(r) >> 11) * (1.0 / 9007199254740992.0);
}
/* Generator.integers(n) for 2**32 < n < 2**64 as numpy draws it (Lemire's method on 64 bits,
 * the 128-bit product of a word and n). */
static inline uint64_t pb_pcg_below64(pb_pcg64* r, uint64_t n) {
    pb_u128 m = pb_u128_mul(pb_u128_make(0, pb_pcg_next64(r)), pb_u128_make(0, n));
    uint64_t leftover = pb_u128_lo(m), threshold;
    if (leftover < n) {
        threshold = (0xFFFFFFFFFFFFFFFFull - (n - 1)) % n;
        while (leftover < threshold) {
            m = pb_u128_mul(pb_u128_make(0, pb_pcg_next64(r)), pb_u128_make(0, n));
            leftover = pb_u128_lo(m);
        }
    }
    return pb_u128_hi(m);
}

#endif
