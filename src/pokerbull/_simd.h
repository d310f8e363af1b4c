/* Batch call checks eight pairs at a time with AVX-512 (gathers + VPOPCNTQ).
 *
 * Only the two quick kinds of _core.pyx are vectorised: short at-least calls
 * and exact rank-count calls. Lanes holding any other call get the value 2 in
 * `out`, and the caller checks those with the general kernel. Chosen at run
 * time: on CPUs (or compilers) without AVX-512 VPOPCNTDQ, pb_holds_batch does
 * nothing and returns 0, and the scalar loop does all the work.
 *
 * Per call, `info` packs: k0 | k1 << 8 | kick << 16 | quick kind << 24 | named ranks << 32.
 */
#ifndef POKERBULL_SIMD_H
#define POKERBULL_SIMD_H

#include <stdint.h>
#include <stddef.h>

#if defined(__GNUC__) && defined(__x86_64__) && !defined(PB_NO_SIMD)
#define PB_HAVE_AVX512 1
#include <immintrin.h>

#define PB_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vpopcntdq")))

PB_TARGET static ptrdiff_t pb_holds_avx512(
    const uint64_t *masks, const int32_t *calls, int32_t one_call,
    const uint64_t *qm0, const uint64_t *qm1, const uint64_t *qinfo,
    uint64_t wild, int has_ranks, uint8_t *out, ptrdiff_t n)
{
    const __m512i byte = _mm512_set1_epi64(0xFF);
    const __m512i lane = _mm512_set1_epi64(0x1FFF);
    const __m512i wilds_mask = _mm512_set1_epi64((long long)wild);
    const __m512i zero = _mm512_setzero_si512();
    const __m512i five = _mm512_set1_epi64(5);
    const __m512i at_least = _mm512_set1_epi64(1);
    const __m512i ranks = _mm512_set1_epi64(2);
    const __m256i same_call = _mm256_set1_epi32(one_call);
    ptrdiff_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i idx = calls ? _mm256_loadu_si256((const __m256i *)(calls + i)) : same_call;
        __m512i m = _mm512_loadu_si512((const void *)(masks + i));
        __m512i g0 = _mm512_i32gather_epi64(idx, (const void *)qm0, 8);
        __m512i g1 = _mm512_i32gather_epi64(idx, (const void *)qm1, 8);
        __m512i info = _mm512_i32gather_epi64(idx, (const void *)qinfo, 8);
        __m512i k0 = _mm512_and_si512(info, byte);
        __m512i k1 = _mm512_and_si512(_mm512_srli_epi64(info, 8), byte);
        __m512i kind = _mm512_and_si512(_mm512_srli_epi64(info, 24), byte);
        __m512i c0 = _mm512_popcnt_epi64(_mm512_and_si512(m, g0));
        __m512i c1 = _mm512_popcnt_epi64(_mm512_and_si512(m, g1));
        __mmask8 is_at_least = _mm512_cmpeq_epi64_mask(kind, at_least);
        __mmask8 is_ranks = _mm512_cmpeq_epi64_mask(kind, ranks);

        /* at least: cards missing from both groups, covered by wild cards */
        __m512i short0 = _mm512_max_epi64(_mm512_sub_epi64(k0, c0), zero);
        __m512i short1 = _mm512_max_epi64(_mm512_sub_epi64(k1, c1), zero);
        __m512i wilds = _mm512_popcnt_epi64(_mm512_and_si512(m, wilds_mask));
        __mmask8 ok = is_at_least & _mm512_cmple_epi64_mask(_mm512_add_epi64(short0, short1), wilds);

        if (has_ranks && is_ranks) {
            __m512i kick = _mm512_and_si512(_mm512_srli_epi64(info, 16), byte);
            __m512i named = _mm512_srli_epi64(info, 32);
            __m512i a = _mm512_and_si512(m, lane);
            __m512i b = _mm512_and_si512(_mm512_srli_epi64(m, 16), lane);
            __m512i c = _mm512_and_si512(_mm512_srli_epi64(m, 32), lane);
            __m512i d = _mm512_and_si512(_mm512_srli_epi64(m, 48), lane);
            __m512i ab = _mm512_or_si512(a, b), cd = _mm512_or_si512(c, d);
            __m512i ge1 = _mm512_or_si512(ab, cd);
            __m512i ge2 = _mm512_or_si512(
                _mm512_or_si512(_mm512_and_si512(a, b), _mm512_and_si512(c, d)),
                _mm512_and_si512(ab, cd));
            __mmask8 big = _mm512_cmpge_epi64_mask(_mm512_popcnt_epi64(m), five);
            /* five or more cards: counts at least as named, enough kicker ranks */
            __mmask8 ok_big = _mm512_cmpge_epi64_mask(c0, k0) & _mm512_cmpge_epi64_mask(c1, k1)
                & _mm512_cmpge_epi64_mask(_mm512_popcnt_epi64(_mm512_andnot_si512(named, ge1)), kick);
            /* fewer: the pool is the hand, so exact counts and no other pair */
            __mmask8 ok_small = _mm512_cmpeq_epi64_mask(c0, k0) & _mm512_cmpeq_epi64_mask(c1, k1)
                & _mm512_testn_epi64_mask(ge2, _mm512_andnot_si512(named, lane));
            ok |= is_ranks & ((big & ok_big) | ((__mmask8)~big & ok_small));
        }
        __m128i res = _mm_maskz_set1_epi8(ok, 1);
        res = _mm_mask_set1_epi8(res, (__mmask8)~(is_at_least | is_ranks), 2);
        _mm_storel_epi64((__m128i *)(out + i), res);
    }
    return i;
}

static int pb_simd_state = -1;

static inline int pb_simd_available(void)
{
    if (pb_simd_state < 0) {
        __builtin_cpu_init();
        pb_simd_state = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
            && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vpopcntdq");
    }
    return pb_simd_state;
}
#else
static inline int pb_simd_available(void) { return 0; }
#endif

/* Checks the leading multiple of eight pairs; returns how many it did. */
static inline ptrdiff_t pb_holds_batch(
    const uint64_t *masks, const int32_t *calls, int32_t one_call,
    const uint64_t *qm0, const uint64_t *qm1, const uint64_t *qinfo,
    uint64_t wild, int has_ranks, uint8_t *out, ptrdiff_t n)
{
#ifdef PB_HAVE_AVX512
    if (pb_simd_available())
        return pb_holds_avx512(masks, calls, one_call, qm0, qm1, qinfo, wild, has_ranks, out, n);
#endif
    (void)masks; (void)calls; (void)one_call; (void)qm0; (void)qm1; (void)qinfo;
    (void)wild; (void)has_ranks; (void)out; (void)n;
    return 0;
}

#endif
