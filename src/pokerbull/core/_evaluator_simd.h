/* The evaluator's common_hand (see _evaluator.pxi), eight pools at a time with
 * AVX-512: the same rank sets, the same two tables read by gathers, the same
 * branch-free choice. Pools with a flush, a full house or quads are not judged
 * here: their indices are listed in `rare` for the scalar rare_hand.
 *
 * Chosen at run time: on CPUs (or compilers) without AVX-512 F/BW/VL/BITALG,
 * pb_plain_hands_simd does nothing and returns 0, and the scalar loop does all
 * the work.
 */
#ifndef POKERBULL_EVALUATOR_SIMD_H
#define POKERBULL_EVALUATOR_SIMD_H

#include <stdint.h>
#include <stddef.h>

#if defined(__GNUC__) && defined(__x86_64__) && !defined(PB_NO_SIMD)
#define PB_EV_HAVE_AVX512 1
#include <immintrin.h>

#define PB_EV_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512bitalg")))

PB_EV_TARGET static ptrdiff_t pb_plain_hands_avx512(
    const uint64_t *masks, int64_t *out, ptrdiff_t n, uint64_t tier,
    const uint32_t *rank_set_info, const uint64_t *rank_groups,
    int32_t *rare, ptrdiff_t *n_rare)
{
    const __m512i lane = _mm512_set1_epi64(0x1FFF);
    const __m512i low20 = _mm512_set1_epi64(0xFFFFF);
    const __m512i nibble = _mm512_set1_epi64(0xF);
    const __m512i full_house = _mm512_set1_epi64(1 << 13);
    const __m512i three = _mm512_set1_epi16(3);
    const __m512i five_or_more = _mm512_set1_epi64(0x0018001800180018LL);
    const __m512i tiers = _mm512_set1_epi64((long long)tier);
    const __m256i eight = _mm256_set1_epi32(8);
    __m256i index = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    ptrdiff_t i = 0, k = 0;
    for (; i + 8 <= n; i += 8, index = _mm256_add_epi32(index, eight)) {
        __m512i m = _mm512_loadu_si512((const void *)(masks + i));
        __m512i a = _mm512_and_si512(m, lane);
        __m512i b = _mm512_and_si512(_mm512_srli_epi64(m, 16), lane);
        __m512i c = _mm512_and_si512(_mm512_srli_epi64(m, 32), lane);
        __m512i d = _mm512_srli_epi64(m, 48);
        __m512i ab = _mm512_and_si512(a, b), cd = _mm512_and_si512(c, d);
        __m512i a_b = _mm512_or_si512(a, b), c_d = _mm512_or_si512(c, d);
        __m512i ge1 = _mm512_or_si512(a_b, c_d);
        /* ge2 = ab | cd | (a_b & c_d); ge3 = (ab & c_d) | (cd & a_b) */
        __m512i ge2 = _mm512_ternarylogic_epi64(ab, cd, _mm512_and_si512(a_b, c_d), 0xFE);
        __m512i ge3 = _mm512_ternarylogic_epi64(_mm512_and_si512(ab, c_d), cd, a_b, 0xF8);
        __mmask8 trips = _mm512_test_epi64_mask(ge3, ge3);
        __m512i key = _mm512_mask_or_epi64(ge2, trips, ge2, full_house);
        __m512i info = _mm512_cvtepu32_epi64(_mm512_i64gather_epi32(ge1, (const void *)rank_set_info, 4));
        __m512i groups = _mm512_i64gather_epi64(key, (const void *)rank_groups, 8);
        __m512i kick_ranks = _mm512_xor_si512(ge1, _mm512_and_si512(groups, lane));
        __m512i kickers = _mm512_and_si512(
            _mm512_cvtepu32_epi64(_mm512_i64gather_epi32(kick_ranks, (const void *)rank_set_info, 4)),
            low20);
        __m512i shift = _mm512_and_si512(_mm512_srli_epi64(groups, 16), nibble);
        __m512i keep = _mm512_and_si512(_mm512_srli_epi64(groups, 20), low20);
        __m512i v = _mm512_or_si512(_mm512_srli_epi64(groups, 40),
                                    _mm512_and_si512(_mm512_srlv_epi64(kickers, shift), keep));
        __m512i straight = _mm512_slli_epi64(_mm512_srli_epi64(info, 24), 16);
        v = _mm512_max_epu64(v, straight);
        /* rare: a suit lane of five cards or more, a full house, four of a kind */
        __m512i counts = _mm512_add_epi16(_mm512_popcnt_epi16(m), three);
        __mmask8 odd = _mm512_test_epi64_mask(counts, five_or_more)
                     | _mm512_test_epi64_mask(groups, full_house)
                     | _mm512_test_epi64_mask(ab, cd);
        _mm512_storeu_si512((void *)(out + i), _mm512_or_si512(_mm512_slli_epi64(v, 17), tiers));
        _mm256_mask_compressstoreu_epi32((void *)(rare + k), odd, index);
        k += __builtin_popcount((unsigned)odd);
    }
    *n_rare = k;
    return i;
}

static int pb_ev_simd_state = -1;

static inline int pb_evaluator_simd_available(void)
{
    if (pb_ev_simd_state < 0) {
        __builtin_cpu_init();
        pb_ev_simd_state = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
            && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bitalg");
    }
    return pb_ev_simd_state;
}
#else
static inline int pb_evaluator_simd_available(void) { return 0; }
#endif

/* Judges the leading multiple of eight pools (indices relative to `masks`, listed
 * in `rare` when rare_hand must judge them); returns how many it did. */
static inline ptrdiff_t pb_plain_hands_simd(
    const uint64_t *masks, int64_t *out, ptrdiff_t n, uint64_t tier,
    const uint32_t *rank_set_info, const uint64_t *rank_groups,
    int32_t *rare, ptrdiff_t *n_rare)
{
    *n_rare = 0;
#ifdef PB_EV_HAVE_AVX512
    if (pb_evaluator_simd_available())
        return pb_plain_hands_avx512(masks, out, n, tier, rank_set_info, rank_groups, rare, n_rare);
#endif
    (void)masks; (void)out; (void)n; (void)tier; (void)rank_set_info; (void)rank_groups; (void)rare;
    return 0;
}

#endif
