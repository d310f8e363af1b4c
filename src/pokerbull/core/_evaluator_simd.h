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
#include "_simd.h"

#ifdef PB_HAVE_X86_SIMD

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

/* The AVX2 twin of pb_plain_hands_avx512, four pools a step. */
PB_AVX2 static ptrdiff_t pb_plain_hands_avx2(
    const uint64_t *masks, int64_t *out, ptrdiff_t n, uint64_t tier,
    const uint32_t *rank_set_info, const uint64_t *rank_groups,
    int32_t *rare, ptrdiff_t *n_rare)
{
    const __m256i lane = _mm256_set1_epi64x(0x1FFF);
    const __m256i low20 = _mm256_set1_epi64x(0xFFFFF);
    const __m256i nibble = _mm256_set1_epi64x(0xF);
    const __m256i full_house = _mm256_set1_epi64x(1 << 13);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i three = _mm256_set1_epi16(3);
    const __m256i low_bytes = _mm256_set1_epi16(0x00FF);
    const __m256i five_or_more = _mm256_set1_epi64x(0x0008000800080008LL);
    const __m256i tiers = _mm256_set1_epi64x((long long)tier);
    const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                           0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low = _mm256_set1_epi8(0x0F);
    ptrdiff_t i = 0, k = 0;
    for (; i + 4 <= n; i += 4) {
        __m256i m = _mm256_loadu_si256((const __m256i *)(masks + i));
        __m256i a = _mm256_and_si256(m, lane);
        __m256i b = _mm256_and_si256(_mm256_srli_epi64(m, 16), lane);
        __m256i c = _mm256_and_si256(_mm256_srli_epi64(m, 32), lane);
        __m256i d = _mm256_srli_epi64(m, 48);
        __m256i ab = _mm256_and_si256(a, b), cd = _mm256_and_si256(c, d);
        __m256i a_b = _mm256_or_si256(a, b), c_d = _mm256_or_si256(c, d);
        __m256i ge1 = _mm256_or_si256(a_b, c_d);
        __m256i ge2 = _mm256_or_si256(_mm256_or_si256(ab, cd), _mm256_and_si256(a_b, c_d));
        __m256i ge3 = _mm256_or_si256(_mm256_and_si256(ab, c_d), _mm256_and_si256(cd, a_b));
        __m256i key = _mm256_or_si256(ge2, _mm256_andnot_si256(_mm256_cmpeq_epi64(ge3, zero),
                                                               full_house));
        __m256i info = _mm256_cvtepu32_epi64(
            _mm256_i64gather_epi32((const int *)rank_set_info, ge1, 4));
        __m256i groups = _mm256_i64gather_epi64((const long long *)rank_groups, key, 8);
        __m256i kick_ranks = _mm256_xor_si256(ge1, _mm256_and_si256(groups, lane));
        __m256i kickers = _mm256_and_si256(_mm256_cvtepu32_epi64(
            _mm256_i64gather_epi32((const int *)rank_set_info, kick_ranks, 4)), low20);
        __m256i shift = _mm256_and_si256(_mm256_srli_epi64(groups, 16), nibble);
        __m256i keep = _mm256_and_si256(_mm256_srli_epi64(groups, 20), low20);
        __m256i v = _mm256_or_si256(_mm256_srli_epi64(groups, 40),
                                    _mm256_and_si256(_mm256_srlv_epi64(kickers, shift), keep));
        __m256i straight = _mm256_slli_epi64(_mm256_srli_epi64(info, 24), 16);
        v = _mm256_blendv_epi8(v, straight, _mm256_cmpgt_epi64(straight, v));
        /* rare: a suit lane of five cards or more, a full house, four of a kind */
        __m256i bytes = _mm256_add_epi8(
            _mm256_shuffle_epi8(table, _mm256_and_si256(m, low)),
            _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(m, 4), low)));
        __m256i counts = _mm256_add_epi16(_mm256_add_epi16(_mm256_and_si256(bytes, low_bytes),
                                                           _mm256_srli_epi16(bytes, 8)), three);
        __m256i odd = _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(counts, five_or_more),
                                                      _mm256_and_si256(groups, full_house)),
                                      _mm256_and_si256(ab, cd));
        unsigned flags = 15u & ~(unsigned)_mm256_movemask_pd(
            _mm256_castsi256_pd(_mm256_cmpeq_epi64(odd, zero)));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_or_si256(_mm256_slli_epi64(v, 17), tiers));
        while (flags) {
            rare[k++] = (int32_t)(i + __builtin_ctz(flags));
            flags &= flags - 1;
        }
    }
    *n_rare = k;
    return i;
}
#endif

/* Judges a leading run of pools on `path` (indices relative to `masks`, listed in
 * `rare` when rare_hand must judge them); returns how many it did. */
static inline ptrdiff_t pb_plain_hands_simd(
    int path, const uint64_t *masks, int64_t *out, ptrdiff_t n, uint64_t tier,
    const uint32_t *rank_set_info, const uint64_t *rank_groups,
    int32_t *rare, ptrdiff_t *n_rare)
{
    *n_rare = 0;
#ifdef PB_HAVE_X86_SIMD
    if (path == PB_PATH_AVX512 && (pb_cpu_paths() >> PB_PATH_AVX512 & 1))
        return pb_plain_hands_avx512(masks, out, n, tier, rank_set_info, rank_groups, rare, n_rare);
    if (path == PB_PATH_AVX2 && (pb_cpu_paths() >> PB_PATH_AVX2 & 1))
        return pb_plain_hands_avx2(masks, out, n, tier, rank_set_info, rank_groups, rare, n_rare);
#endif
    (void)path; (void)masks; (void)out; (void)n; (void)tier; (void)rank_set_info;
    (void)rank_groups; (void)rare;
    return 0;
}

#endif
