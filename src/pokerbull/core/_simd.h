/* Batch call checks eight pairs at a time with AVX-512 (gathers + VPOPCNTQ).
 *
 * Only the two quick kinds of _core.pyx are vectorised: short at-least calls
 * and exact rank-count calls. Lanes holding any other call get the value 2 in
 * `out`, and the caller checks those with the general kernel. Chosen at run
 * time: on CPUs (or compilers) without AVX-512 VPOPCNTDQ, pb_holds_batch does
 * nothing and returns 0, and the scalar loop does all the work.
 *
 * Call indices come as int16, int32 or int64 (`width` bytes), or NULL for one
 * call (`one_call`) throughout. Two gathers per eight pairs: a call's small
 * fields ride in bits that no pool mask ever has (14-15 and 61-63), so ANDing
 * with a pool drops them:
 *   g0 = first group | quick kind << 14 | (k0 - 1) << 61
 *   g1 = second group | kick << 14 | k1 << 61
 * and the named ranks of an exact rank call are the rank bits of g0 | g1.
 */
#ifndef POKERBULL_SIMD_H
#define POKERBULL_SIMD_H

#include <stdint.h>
#include <stddef.h>

#if defined(__GNUC__) && defined(__x86_64__) && !defined(PB_NO_SIMD)
#define PB_HAVE_AVX512 1
#include <immintrin.h>

#define PB_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vpopcntdq")))

/* Eight call indices from an int16, int32 or int64 array (`width` bytes each). */
PB_TARGET static inline __m256i pb_load_calls(const void *calls, int width, ptrdiff_t i)
{
    if (width == 2)
        return _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)((const int16_t *)calls + i)));
    if (width == 8)   /* unsigned saturation: negative or huge indices stay out of range */
        return _mm512_cvtusepi64_epi32(_mm512_loadu_si512((const void *)((const int64_t *)calls + i)));
    return _mm256_loadu_si256((const __m256i *)((const int32_t *)calls + i));
}

PB_TARGET static ptrdiff_t pb_holds_avx512(
    const uint64_t *masks, const void *calls, int width, int32_t one_call, uint32_t n_calls,
    const uint64_t *qg0, const uint64_t *qg1,
    uint64_t wild, int has_ranks, uint8_t *out, ptrdiff_t n,
    uint64_t *seen_cards, int *bad_index)
{
    const __m512i three = _mm512_set1_epi64(3);
    const __m512i one = _mm512_set1_epi64(1);
    const __m256i last_call = _mm256_set1_epi32((int)(n_calls - 1));
    __m512i seen = _mm512_setzero_si512();
    __mmask8 bad = 0;
    const __m512i lane = _mm512_set1_epi64(0x1FFF);
    const __m512i wilds_mask = _mm512_set1_epi64((long long)wild);
    const __m512i zero = _mm512_setzero_si512();
    const __m512i five = _mm512_set1_epi64(5);
    const __m512i at_least = _mm512_set1_epi64(1);
    const __m512i ranks = _mm512_set1_epi64(2);
    const __m256i same_call = _mm256_set1_epi32(one_call);
    ptrdiff_t i = 0;
    for (; i + 8 <= n; i += 8) {
        /* the gathers keep the load ports busy: ask for the streams early */
        _mm_prefetch((const char *)(masks + i) + 2048, _MM_HINT_T0);
        if (calls)
            _mm_prefetch((const char *)calls + (i * width) + 1024, _MM_HINT_T0);
        __m256i raw = calls ? pb_load_calls(calls, width, i) : same_call;
        /* clamp before gathering, so a bad index never reads outside the tables */
        __m256i idx = _mm256_min_epu32(raw, last_call);
        bad |= _mm256_cmpneq_epi32_mask(idx, raw);
        __m512i m = _mm512_loadu_si512((const void *)(masks + i));
        seen = _mm512_or_si512(seen, m);
        __m512i g0 = _mm512_i32gather_epi64(idx, (const void *)qg0, 8);
        __m512i g1 = _mm512_i32gather_epi64(idx, (const void *)qg1, 8);
        __m512i k0 = _mm512_add_epi64(_mm512_srli_epi64(g0, 61), one);
        __m512i k1 = _mm512_srli_epi64(g1, 61);
        __m512i kind = _mm512_and_si512(_mm512_srli_epi64(g0, 14), three);
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
            __m512i kick = _mm512_and_si512(_mm512_srli_epi64(g1, 14), three);
            __m512i x = _mm512_or_si512(g0, g1);
            __m512i named = _mm512_and_si512(_mm512_or_si512(
                _mm512_or_si512(x, _mm512_srli_epi64(x, 16)),
                _mm512_or_si512(_mm512_srli_epi64(x, 32), _mm512_srli_epi64(x, 48))), lane);
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
    *seen_cards |= (uint64_t)_mm512_reduce_or_epi64(seen);
    *bad_index |= bad != 0;
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

/* Checks the leading multiple of eight pairs; returns how many it did. ORs every
 * mask into *seen_cards and sets *bad_index when an index is outside
 * 0..n_calls-1 (that lane's answer is then meaningless: the caller raises). */
static inline ptrdiff_t pb_holds_batch(
    const uint64_t *masks, const void *calls, int width, int32_t one_call, uint32_t n_calls,
    const uint64_t *qg0, const uint64_t *qg1,
    uint64_t wild, int has_ranks, uint8_t *out, ptrdiff_t n,
    uint64_t *seen_cards, int *bad_index)
{
#ifdef PB_HAVE_AVX512
    if (pb_simd_available())
        return pb_holds_avx512(masks, calls, width, one_call, n_calls, qg0, qg1, wild,
                               has_ranks, out, n, seen_cards, bad_index);
#endif
    (void)masks; (void)calls; (void)width; (void)one_call; (void)n_calls; (void)qg0; (void)qg1;
    (void)wild; (void)has_ranks; (void)out; (void)n; (void)seen_cards; (void)bad_index;
    return 0;
}

#endif
