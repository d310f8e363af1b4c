/* Batch call checks with AVX-512 (eight pairs a step: gathers + VPOPCNTQ) or
 * AVX2 (four pairs a step: gathers + a nibble-table popcount).
 *
 * Only the two quick kinds of _core.pyx are vectorised (short at-least calls
 * and exact rank-count calls), and exact straights and flushes (kind 3). Lanes holding any other call are listed by index
 * in `later` (room for `n` + 8 entries), and the caller checks those with the general
 * kernel. The path is
 * chosen at run time (pb_cpu_paths says which this CPU runs; the caller picks
 * one); the build stays portable: each vector function carries its own target
 * attribute, never -march=native.
 *
 * Call indices come as int16, int32 or int64 (`width` bytes), or NULL for one
 * call (`one_call`) throughout. Two gathers per step: a call's small
 * fields ride in bits that no pool mask ever has (14-15 and 61-63), so ANDing
 * with a pool drops them:
 *   g0 = first group | quick kind << 14 | (k0 - 1) << 61
 *   g1 = second group | kick << 14 | k1 << 61
 * and the named ranks of an exact rank call are the rank bits of g0 | g1. For
 * kind 3, g0 holds the straight's ranks (bits 0..12) or the flush's top card, and
 * g1 = the suit's cards under the top | 1 << 14 for a flush | (top is the Ace) << 61.
 * `has_ranks`: bit 0 when the ladder has rank calls, bit 1 when it has kind 3, bit 2
 * when it has calls left to the general check.
 *
 * Exact-hand ladders without wild cards (holdem) take their own kernels instead
 * (pb_holds_avx2_exact, pb_holds_avx512_exact: records `er` built in _core.pyx,
 * judged from the pool's rank profile; layout at pb_holds_avx2_exact).
 */
#ifndef POKERBULL_SIMD_H
#define POKERBULL_SIMD_H

#include <stdint.h>
#include <stddef.h>

/* The batch paths, by the number the kernels pass around. */
enum { PB_PATH_SCALAR = 0, PB_PATH_AVX2 = 1, PB_PATH_AVX512 = 2 };

/* For each 8-bit set: the positions of its bits, one a byte, lowest first (the
 * vector loops list flagged lanes with it, without a branch per flag). */
static uint64_t pb_packed_bits[256];

static inline void pb_simd_init(void)
{
    for (unsigned set = 0; set < 256; set++) {
        uint64_t packed = 0;
        int k = 0;
        for (unsigned bit = 0; bit < 8; bit++)
            if (set >> bit & 1)
                packed |= (uint64_t)bit << (8 * k++);
        pb_packed_bits[set] = packed;
    }
}

#if defined(__GNUC__) && defined(__x86_64__) && !defined(PB_NO_SIMD)
#define PB_HAVE_X86_SIMD 1
#include <immintrin.h>

static int pb_cpu_state = -1;

/* Bit p set when this CPU (and this build) runs path p. AVX-512 here means F, BW,
 * VL, VPOPCNTDQ and BITALG (Ice Lake, Zen 4 and later); AVX2 means AVX2 and POPCNT. */
static inline int pb_cpu_paths(void)
{
    if (pb_cpu_state < 0) {
        int paths = 1 << PB_PATH_SCALAR;
        __builtin_cpu_init();
        if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"))
            paths |= 1 << PB_PATH_AVX2;
        if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
                && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vpopcntdq")
                && __builtin_cpu_supports("avx512bitalg"))
            paths |= 1 << PB_PATH_AVX512;
        pb_cpu_state = paths;
    }
    return pb_cpu_state;
}
#define PB_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vpopcntdq")))

/* The four suit lanes of eight pools, the ranks held once or more and twice or more. */
typedef struct { __m512i a, b, c, d, ge1, ge2; } pb_ranks8;

PB_TARGET static inline pb_ranks8 pb_rank_sets8(__m512i m)
{
    const __m512i lane = _mm512_set1_epi64(0x1FFF);
    pb_ranks8 r;
    r.a = _mm512_and_si512(m, lane);
    r.b = _mm512_and_si512(_mm512_srli_epi64(m, 16), lane);
    r.c = _mm512_and_si512(_mm512_srli_epi64(m, 32), lane);
    r.d = _mm512_and_si512(_mm512_srli_epi64(m, 48), lane);
    __m512i ab = _mm512_or_si512(r.a, r.b), cd = _mm512_or_si512(r.c, r.d);
    r.ge1 = _mm512_or_si512(ab, cd);
    r.ge2 = _mm512_ternarylogic_epi64(_mm512_and_si512(r.a, r.b), _mm512_and_si512(r.c, r.d),
                                      _mm512_and_si512(ab, cd), 0xFE);
    return r;
}

/* Eight call indices from an int16, int32 or int64 array (`width` bytes each). */
PB_TARGET static inline __m256i pb_load_calls(const void *calls, int width, ptrdiff_t i)
{
    if (width == 2)
        return _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)((const int16_t *)calls + i)));
    if (width == 8)   /* unsigned saturation: negative or huge indices stay out of range */
        return _mm512_cvtusepi64_epi32(_mm512_loadu_si512((const void *)((const int64_t *)calls + i)));
    return _mm256_loadu_si256((const __m256i *)((const int32_t *)calls + i));
}

/* The start of an AVX-512 step: eight pools (ORed into *seen) and their call
 * indices, clamped before any table read (in x; *bad gets a bit per lane outside
 * the ladder). Inlined, the constants leave the loop. `spill` (a constant at each
 * call): x is kept in memory, read back by scalar loads, which the compiler would
 * otherwise turn into extracts on the vector ports (pb_step4 says more). */
PB_TARGET static inline __m512i pb_step8(const uint64_t *masks, const void *calls, int width,
                                         ptrdiff_t i, int32_t one_call, uint32_t n_calls,
                                         __mmask8 *bad, __m512i *seen, uint32_t x[8], int spill)
{
    _mm_prefetch((const char *)(masks + i) + 2048, _MM_HINT_T0);
    if (calls)
        _mm_prefetch((const char *)calls + (i * width) + 1024, _MM_HINT_T0);
    __m256i raw = calls ? pb_load_calls(calls, width, i) : _mm256_set1_epi32(one_call);
    __m256i idx = _mm256_min_epu32(raw, _mm256_set1_epi32((int)(n_calls - 1)));
    *bad |= _mm256_cmpneq_epi32_mask(idx, raw);
    __m512i m = _mm512_loadu_si512((const void *)(masks + i));
    *seen = _mm512_or_si512(*seen, m);
    _mm256_storeu_si256((__m256i *)x, idx);
    if (spill)
        __asm__("" : "+m"(*(uint32_t (*)[8])x));
    return m;
}

PB_TARGET static ptrdiff_t pb_holds_avx512(
    const uint64_t *masks, const void *calls, int width, int32_t one_call, uint32_t n_calls,
    const uint64_t *qg0, const uint64_t *qg1,
    uint64_t wild, int has_ranks, uint8_t *out, ptrdiff_t n,
    uint64_t *seen_cards, int *bad_index, int32_t *later, ptrdiff_t *n_later)
{
    const __m512i three = _mm512_set1_epi64(3);
    const __m512i one = _mm512_set1_epi64(1);
    __m512i seen = _mm512_setzero_si512();
    __mmask8 bad = 0;
    const __m512i lane = _mm512_set1_epi64(0x1FFF);
    const __m512i wilds_mask = _mm512_set1_epi64((long long)wild);
    const __m512i zero = _mm512_setzero_si512();
    const __m512i five = _mm512_set1_epi64(5);
    const __m512i at_least = _mm512_set1_epi64(1);
    const __m512i ranks = _mm512_set1_epi64(2);
    ptrdiff_t i = 0, k = 0;
    for (; i + 8 <= n; i += 8) {
        /* the gathers keep the load ports busy: ask for the streams early */
        uint32_t at[8];
        __m512i m = pb_step8(masks, calls, width, i, one_call, n_calls, &bad, &seen, at, 1);
        /* plain loads beat gather instructions on AMD Zen 4 */
        __m512i g0 = _mm512_setr_epi64((long long)qg0[at[0]], (long long)qg0[at[1]], (long long)qg0[at[2]],
                                       (long long)qg0[at[3]], (long long)qg0[at[4]], (long long)qg0[at[5]],
                                       (long long)qg0[at[6]], (long long)qg0[at[7]]);
        __m512i g1 = _mm512_setr_epi64((long long)qg1[at[0]], (long long)qg1[at[1]], (long long)qg1[at[2]],
                                       (long long)qg1[at[3]], (long long)qg1[at[4]], (long long)qg1[at[5]],
                                       (long long)qg1[at[6]], (long long)qg1[at[7]]);
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

        __mmask8 is_shape = _mm512_cmpeq_epi64_mask(kind, three);
        /* no test of the lanes' kinds here: a branch on them would mispredict */
        if (has_ranks & 1) {
            __m512i kick = _mm512_and_si512(_mm512_srli_epi64(g1, 14), three);
            __m512i x = _mm512_or_si512(g0, g1);
            __m512i named = _mm512_and_si512(_mm512_or_si512(
                _mm512_or_si512(x, _mm512_srli_epi64(x, 16)),
                _mm512_or_si512(_mm512_srli_epi64(x, 32), _mm512_srli_epi64(x, 48))), lane);
            pb_ranks8 r = pb_rank_sets8(m);
            __m512i ge1 = r.ge1, ge2 = r.ge2;
            __mmask8 big = _mm512_cmpge_epi64_mask(_mm512_popcnt_epi64(m), five);
            /* five or more cards: counts at least as named, enough kicker ranks */
            __mmask8 ok_big = _mm512_cmpge_epi64_mask(c0, k0) & _mm512_cmpge_epi64_mask(c1, k1)
                & _mm512_cmpge_epi64_mask(_mm512_popcnt_epi64(_mm512_andnot_si512(named, ge1)), kick);
            /* fewer: the pool is the hand, so exact counts and no other pair */
            __mmask8 ok_small = _mm512_cmpeq_epi64_mask(c0, k0) & _mm512_cmpeq_epi64_mask(c1, k1)
                & _mm512_testn_epi64_mask(ge2, _mm512_andnot_si512(named, lane));
            ok |= is_ranks & ((big & ok_big) | ((__mmask8)~big & ok_small));
        }
        if (has_ranks & 2) {
            const __m512i cards = _mm512_set1_epi64(0x1FFF1FFF1FFF1FFFLL);
            /* exact straight: every rank of it held, and not all in one suit (or a rank doubled) */
            __m512i need = _mm512_and_si512(g0, lane);
            pb_ranks8 r = pb_rank_sets8(m);
            __m512i a = r.a, b = r.b, c = r.c, d = r.d, ge2 = r.ge2;
            __mmask8 all = _mm512_cmpeq_epi64_mask(_mm512_and_si512(r.ge1, need), need);
            __mmask8 doubled = _mm512_test_epi64_mask(ge2, need);
            __mmask8 suited = _mm512_cmpeq_epi64_mask(_mm512_and_si512(a, need), need)
                | _mm512_cmpeq_epi64_mask(_mm512_and_si512(b, need), need)
                | _mm512_cmpeq_epi64_mask(_mm512_and_si512(c, need), need)
                | _mm512_cmpeq_epi64_mask(_mm512_and_si512(d, need), need);
            __mmask8 ok_straight = all & (doubled | (__mmask8)~suited);
            /* exact flush: the top card, and four lower cards of its suit that are not
             * the four just under it (nor 2-5 under an Ace): a straight flush */
            __m512i top = _mm512_and_si512(g0, cards);
            __m512i held = _mm512_and_si512(_mm512_and_si512(g1, cards), m);
            __m512i nb = _mm512_popcnt_epi64(held);
            __m512i s0 = _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi64(top, 1), _mm512_srli_epi64(top, 2)),
                                         _mm512_or_si512(_mm512_srli_epi64(top, 3), _mm512_srli_epi64(top, 4)));
            __m512i s1 = _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi64(top, 9), _mm512_srli_epi64(top, 10)),
                                         _mm512_or_si512(_mm512_srli_epi64(top, 11), _mm512_srli_epi64(top, 12)));
            __mmask8 ace = _mm512_cmpeq_epi64_mask(k1, one);
            __mmask8 four = _mm512_cmpeq_epi64_mask(nb, _mm512_set1_epi64(4));
            __mmask8 ok_flush = _mm512_test_epi64_mask(m, top)
                & (_mm512_cmpgt_epi64_mask(nb, _mm512_set1_epi64(4))
                   | (four & _mm512_cmpneq_epi64_mask(held, s0)
                      & ~(ace & _mm512_cmpeq_epi64_mask(held, s1))));
            __mmask8 is_flush = _mm512_cmpeq_epi64_mask(_mm512_and_si512(_mm512_srli_epi64(g1, 14), three), one);
            ok |= is_shape & ((is_flush & ok_flush) | ((__mmask8)~is_flush & ok_straight));
        }
        _mm_storel_epi64((__m128i *)(out + i), _mm_maskz_set1_epi8(ok, 1));
        if (has_ranks & 4) {
            unsigned other = (__mmask8)~(is_at_least | is_ranks | is_shape);
            _mm256_storeu_si256((__m256i *)(later + k), _mm256_add_epi32(
                _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)pb_packed_bits[other])),
                _mm256_set1_epi32((int)i)));
            k += __builtin_popcount(other);
        }
    }
    *n_later = k;
    *seen_cards |= (uint64_t)_mm512_reduce_or_epi64(seen);
    *bad_index |= bad != 0;
    return i;
}

/* AVX-512: the exact-hand records of pb_holds_avx2_exact (layout there), eight pairs
 * a step, VPOPCNTQ for the two popcounts, answers as lane masks. */
PB_TARGET static ptrdiff_t pb_holds_avx512_exact(
    const uint64_t *masks, const void *calls, int width, int32_t one_call, uint32_t n_calls,
    const uint64_t *er, uint8_t *out, ptrdiff_t n,
    uint64_t *seen_cards, int *bad_index, int32_t *later, ptrdiff_t *n_later)
{
    const __m512i three = _mm512_set1_epi64(3);
    const __m512i one = _mm512_set1_epi64(1);
    const __m512i four = _mm512_set1_epi64(4);
    const __m512i five = _mm512_set1_epi64(5);
    const __m512i lane = _mm512_set1_epi64(0x1FFF);
    const __m512i cards = _mm512_set1_epi64(0x1FFF1FFF1FFF1FFFLL);
    __m512i seen = _mm512_setzero_si512();
    __mmask8 bad = 0;
    ptrdiff_t i = 0, k = 0;
    for (; i + 8 <= n; i += 8) {
        uint32_t x[8];
        __m512i m = pb_step8(masks, calls, width, i, one_call, n_calls, &bad, &seen, x, 1);
#define PB_REC(j) _mm_loadu_si128((const __m128i *)(er + 2 * (size_t)x[j]))
        __m512i even = _mm512_inserti32x4(_mm512_inserti32x4(_mm512_inserti32x4(
            _mm512_castsi128_si512(PB_REC(0)), PB_REC(2), 1), PB_REC(4), 2), PB_REC(6), 3);
        __m512i odd = _mm512_inserti32x4(_mm512_inserti32x4(_mm512_inserti32x4(
            _mm512_castsi128_si512(PB_REC(1)), PB_REC(3), 1), PB_REC(5), 2), PB_REC(7), 3);
#undef PB_REC
        __m512i w0 = _mm512_unpacklo_epi64(even, odd);
        __m512i w1 = _mm512_unpackhi_epi64(even, odd);
        __m512i need0 = _mm512_and_si512(w0, cards);
        __m512i need1 = _mm512_and_si512(w1, cards);
        __m512i cls = _mm512_and_si512(_mm512_srli_epi64(w0, 14), three);
        __mmask8 is_straight = _mm512_cmpeq_epi64_mask(cls, one);
        __mmask8 is_flush = _mm512_cmpeq_epi64_mask(cls, _mm512_set1_epi64(2));
        __mmask8 is_high = _mm512_cmpeq_epi64_mask(cls, three);

        pb_ranks8 r = pb_rank_sets8(m);
        __m512i ab2 = _mm512_and_si512(r.a, r.b), cd2 = _mm512_and_si512(r.c, r.d);
        __m512i ab = _mm512_or_si512(r.a, r.b), cd = _mm512_or_si512(r.c, r.d);
        __m512i ge3 = _mm512_or_si512(_mm512_and_si512(ab2, cd), _mm512_and_si512(cd2, ab));
        __m512i ge4 = _mm512_and_si512(ab2, cd2);
        __m512i P = _mm512_or_si512(_mm512_or_si512(r.ge1, _mm512_slli_epi64(r.ge2, 16)),
                                    _mm512_or_si512(_mm512_slli_epi64(ge3, 32), _mm512_slli_epi64(ge4, 48)));
        __m512i nranks = _mm512_popcnt_epi64(r.ge1);

        __mmask8 card_ok = _mm512_cmpeq_epi64_mask(_mm512_and_si512(m, need0), need0) | is_straight;
        __mmask8 prof_ok = _mm512_cmpeq_epi64_mask(_mm512_and_si512(P, need1), need1);
        __mmask8 enough_ranks = _mm512_cmple_epu64_mask(_mm512_srli_epi64(w0, 61), nranks);
        __mmask8 ok = card_ok & (prof_ok | is_flush) & enough_ranks;

        __mmask8 single = _mm512_testn_epi64_mask(r.ge2, need1);
        __m512i suit_done = _mm512_movm_epi16(_mm512_testn_epi16_mask(need0, _mm512_andnot_si512(m, need0)));
        __mmask8 suited = _mm512_test_epi64_mask(suit_done, suit_done);
        __mmask8 bad_straight = is_straight & single & suited;

        __m512i held = _mm512_and_si512(m, need1);
        __m512i nb = _mm512_popcnt_epi64(held);
        __m512i s0 = _mm512_xor_si512(_mm512_sub_epi64(need0, one),
                                      _mm512_sub_epi64(_mm512_srli_epi64(need0, 4), one));
        __m512i s1 = _mm512_xor_si512(_mm512_sub_epi64(_mm512_srli_epi64(need0, 8), one),
                                      _mm512_sub_epi64(_mm512_srli_epi64(need0, 12), one));
        __mmask8 ace = _mm512_cmpeq_epi64_mask(_mm512_srli_epi64(w1, 61), one);
        __mmask8 straight_flush = _mm512_cmpeq_epi64_mask(held, s0) | (ace & _mm512_cmpeq_epi64_mask(held, s1));
        __mmask8 enough = _mm512_cmpgt_epi64_mask(nb, four)
            | (_mm512_cmpeq_epi64_mask(nb, four) & (__mmask8)~straight_flush);
        __mmask8 bad_flush = is_flush & (__mmask8)~enough;

        ok &= (__mmask8)~(bad_straight | bad_flush | is_high);
        __mmask8 few_ranks = _mm512_cmplt_epi64_mask(nranks, five);
        __mmask8 left = few_ranks | (is_high & prof_ok);
        if (few_ranks) {
            /* under five cards: as in pb_holds_avx2_exact */
            __mmask8 small = _mm512_cmplt_epi64_mask(_mm512_popcnt_epi64(m), five);
            __m512i named = _mm512_and_si512(_mm512_or_si512(
                _mm512_or_si512(need1, _mm512_srli_epi64(need1, 16)),
                _mm512_or_si512(_mm512_srli_epi64(need1, 32), _mm512_srli_epi64(need1, 48))), lane);
            __m512i forbid = _mm512_or_si512(
                _mm512_slli_epi64(_mm512_or_si512(need1, _mm512_andnot_si512(named, lane)), 16),
                _mm512_maskz_andnot_epi64(is_high, _mm512_sub_epi64(_mm512_slli_epi64(need1, 1), one), lane));
            __mmask8 exact = (__mmask8)~(is_straight | is_flush) & _mm512_testn_epi64_mask(P, forbid);
            __mmask8 plain = _mm512_testn_epi64_mask(need1, need1) & _mm512_testn_epi64_mask(cls, cls);
            __mmask8 ok_small = card_ok & prof_ok & (plain | exact);
            ok = (ok & (__mmask8)~small) | (ok_small & small);
            left &= (__mmask8)~small;
        }
        _mm_storel_epi64((__m128i *)(out + i), _mm_maskz_set1_epi8(ok, 1));
        _mm256_storeu_si256((__m256i *)(later + k), _mm256_add_epi32(
            _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)pb_packed_bits[left])),
            _mm256_set1_epi32((int)i)));
        k += __builtin_popcount(left);
    }
    *n_later = k;
    *seen_cards |= (uint64_t)_mm512_reduce_or_epi64(seen);
    *bad_index |= bad != 0;
    return i;
}

/* ---- Cheung's Poker Bull (core/_cheung.pxi) ----------------------------------------
 * One 32-byte record a call, rec[4c .. 4c + 3], read with one 16-byte load a lane:
 *   w0 = cards | k0 << 61 | cap << 45: a pool making the call holds at least k0 of
 *        these cards, jokers standing in for missing ones (at most cap of them: the
 *        jokers the call's tier lets a hand use)
 *   w1 = cards | k1 << 61: a second such count; bit 30: a named pair or trips whose
 *        exact check on a pool of six cards or more is read off w0 and w1 (the
 *        kicker cost); bit 31: a high card or flush that holds on such a pool when
 *        the other ranks (suit cards) held reach bits 45-47 (ch_record_rule in
 *        _cheung.pxi: the lanes left here, and the scalar loop's pairs)
 *   The count of w0 or w1: of the cards (m & w), or with bit 14 of the ranks the pool
 *   holds (bits 0-12), or with bit 15 (w0 only) of the pool's fullest suit (a flush
 *   in any suit; AVX-512 only: elsewhere all the pool's cards, a weaker test).
 *   w2 = the sure rule: cards | by ranks << 14 | profile << 15 | suit << 30 | spread
 *        << 46 | k2 << 61: a pool that holds every card named (bits 0-12 of each
 *        lane; with bit 15 those bits are the ranks it holds at least once, twice,
 *        three and four times: its rank profile), at least k2 ranks (bit 14) or k2
 *        cards of the suit, and with bit 46 the named ranks (bits 0-12) not all in
 *        one suit alone, makes the call (bit 47: no rule; ch_sure_rule in
 *        _cheung.pxi says why each rule is sure). A flush rule (neither bit 14
 *        nor 15) lets the jokers that may stand in (w0's cap) take the place of
 *        missing named cards, each then counting as a suit card (ch_sure_allowed)
 *   w3 = the call itself (CheungCall), for the exact check: no second table read.
 * The vector kernels read copies (CheungKernel.vcount: w0, w1, 16 bytes a call;
 * vsure: w2, 8 bytes), whose random reads stay in L2: in vsure a flush rule's
 * stand-in cap is in bits 13 and 29 (no sure rule names them), and a spread rule
 * (bit 46) asks instead for every named rank held twice (bits 16-28), which
 * implies it: no spread test here.
 * A lane failing a count is a no, one passing both counts and the sure rule a yes;
 * the rest are listed in `later`, whose record rules pb_cheung_rules judges in
 * vectors; the sure rule and the exact (scalar) check take the lanes it leaves.
 * Each kernel runs two loops. Small pools: the counts alone, every lane that passes
 * listed (no sure rule in the loop: on 10-card pools a step's sure test, even one
 * rarely taken, cost 5-10 %). Crowded pools: the sure rules first, the counts only
 * for a half with a lane left. A running count of the lanes that pass (small loop)
 * or are sure (crowded loop), halved each step, switches between them; the mode
 * carries over to the caller's next batch (`crowded`). The call stream is read
 * ahead and the words of the pairs PB_CHEUNG_AHEAD on are prefetched, past the
 * batch's end (n_ahead: the pairs the arrays hold from the batch's start): the
 * reads stay random. AVX2's small loop does without (it ran as fast or faster). */
#define PB_CHEUNG_AHEAD 64
#define PB_CHEUNG_CROWDED 10    /* twice the lanes of eight that pass, a step: 5 */
#define PB_CHEUNG_SURE 10       /* ... and that are sure, to stay in the crowded loop */
#define PB_CHEUNG_SURE_START 16 /* entering it: one step of two sure lanes does not leave */
#define PB_CHEUNG_NEED 0x1FFF9FFF1FFF1FFFLL   /* a sure rule's cards and its no-rule bit */
#define PB_CHEUNG_NOT_FLUSH 0x80000000C000LL   /* a sure word without these is a flush rule */

static inline uint32_t pb_call_at(const void *calls, int width, ptrdiff_t i, uint32_t n_calls)
{
    uint64_t c = width == 2 ? (uint64_t)(uint16_t)((const int16_t *)calls)[i]
        : width == 8 ? (uint64_t)((const int64_t *)calls)[i]
        : (uint64_t)(uint32_t)((const int32_t *)calls)[i];
    return c < n_calls ? (uint32_t)c : 0;
}

/* Cheung's AVX-512 code also counts the bits of 16-bit words (BITALG, which the path needs). */
#define PB_CHEUNG512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512bitalg")))

/* The prefetch of an AVX-512 step: the words of the pairs PB_CHEUNG_AHEAD on that
 * the step will read first (crowded pools, `dense`: the sure words; else the count
 * words), their sixteen indices clamped in vectors (as pb_step8 does) and stored as
 * byte offsets: fewer instructions than an index a lane. */
PB_CHEUNG512 static inline void pb_cheung_prefetch16(const uint64_t *cnt, const uint64_t *sure, int dense,
                                                    const void *calls, int width,
                                                    ptrdiff_t i, ptrdiff_t n, uint32_t n_calls)
{
    if (calls && i + PB_CHEUNG_AHEAD + 16 <= n) {
        uint32_t at[16];
        const __m256i last = _mm256_set1_epi32((int)(n_calls - 1));
        const char *base = dense ? (const char *)sure : (const char *)cnt;
        int shift = dense ? 3 : 4;
        _mm256_storeu_si256((__m256i *)at, _mm256_sll_epi32(
            _mm256_min_epu32(pb_load_calls(calls, width, i + PB_CHEUNG_AHEAD), last), _mm_cvtsi32_si128(shift)));
        _mm256_storeu_si256((__m256i *)(at + 8), _mm256_sll_epi32(
            _mm256_min_epu32(pb_load_calls(calls, width, i + PB_CHEUNG_AHEAD + 8), last), _mm_cvtsi32_si128(shift)));
        for (int j = 0; j < 16; j++)
            __builtin_prefetch(base + at[j]);
    }
}

/* The counts of the two count words on eight pools, against k = w >> 61 (plus the
 * jokers that may stand in): of w0, popcount(pool & w0), or with bit 15 `most`: the
 * cards of the pool's fullest suit; of w1, popcount((pool, or with bit 14 the ranks
 * the pool holds) & w1). (w0 never counts ranks, w1 never by suit: ch_count_words.) */
PB_CHEUNG512 static inline __mmask8 pb_cheung_count8(__m512i m, __m512i ranks, __m512i most,
                                                    __m512i w0, __m512i w1, __m512i plus)
{
    __m512i c0 = _mm512_mask_mov_epi64(_mm512_popcnt_epi64(_mm512_and_si512(m, w0)),
                                       _mm512_test_epi64_mask(w0, _mm512_set1_epi64(1 << 15)), most);
    __m512i v1 = _mm512_mask_blend_epi64(_mm512_test_epi64_mask(w1, _mm512_set1_epi64(1 << 14)), m, ranks);
    __m512i c1 = _mm512_popcnt_epi64(_mm512_and_si512(v1, w1));
    return _mm512_cmpge_epu64_mask(_mm512_add_epi64(c0, plus), _mm512_srli_epi64(w0, 61))
        & _mm512_cmpge_epu64_mask(_mm512_add_epi64(c1, plus), _mm512_srli_epi64(w1, 61));
}

/* Eight pools' count words (w0, w1) and the jokers that may stand in for each:
 * those held (`held`), at most the cap of w0. */
PB_CHEUNG512 static inline __m512i pb_cheung_words8(__m512i held, const uint64_t *cnt, const uint32_t x[8],
                                                   __m512i *w0, __m512i *w1)
{
#define PB_CREC(j) _mm_loadu_si128((const __m128i *)(cnt + 2 * (size_t)x[j]))
#define PB_CFOUR(a, b, c, d) _mm512_inserti32x4(_mm512_inserti32x4(_mm512_inserti32x4( \
        _mm512_castsi128_si512(PB_CREC(a)), PB_CREC(b), 1), PB_CREC(c), 2), PB_CREC(d), 3)
    __m512i even = PB_CFOUR(0, 2, 4, 6), odd = PB_CFOUR(1, 3, 5, 7);
#undef PB_CFOUR
#undef PB_CREC
    *w0 = _mm512_unpacklo_epi64(even, odd);
    *w1 = _mm512_unpackhi_epi64(even, odd);
    return _mm512_min_epu64(held, _mm512_and_si512(_mm512_srli_epi64(*w0, 45), _mm512_set1_epi64(3)));
}

/* The jokers eight pools hold. */
PB_CHEUNG512 static inline __m512i pb_cheung_jokers8(__m512i m)
{
    return _mm512_popcnt_epi64(_mm512_and_si512(m, _mm512_set1_epi64(0x20002000LL)));
}

/* Eight pools against their calls' count words (pb_cheung_words8; held: the jokers
 * of each pool): the lanes that pass both counts. */
PB_CHEUNG512 static inline __mmask8 pb_cheung_counts8(__m512i m, __m512i ranks, const uint64_t *cnt,
                                                     const uint32_t x[8], __m512i held)
{
    __m512i w0, w1, plus = pb_cheung_words8(held, cnt, x, &w0, &w1);
    /* the cards of the fullest suit: the bits of each 16-bit lane, the most of four */
    __m512i most = _mm512_popcnt_epi16(_mm512_and_si512(m, _mm512_set1_epi64(0x1FFF1FFF1FFF1FFFLL)));
    most = _mm512_max_epu16(most, _mm512_srli_epi64(most, 32));
    most = _mm512_and_si512(_mm512_max_epu16(most, _mm512_srli_epi64(most, 16)), _mm512_set1_epi64(0xFFFF));
    return pb_cheung_count8(m, ranks, most, w0, w1, plus);
}

/* The sure rule (third word) of eight records: the lanes whose pools meet it. */
PB_CHEUNG512 static inline __mmask8 pb_cheung_sure8(__m512i m, __m512i ranks, const uint64_t *sure,
                                                   const uint32_t x[8], __m512i jokers)
{
    const __m512i lane = _mm512_set1_epi64(0x1FFF);
    __m512i w2 = _mm512_i32gather_epi64(_mm256_loadu_si256((const __m256i *)x), (const void *)sure, 8);
    /* the jokers that may stand in: those held, at most the cap (bits 13 and 29) */
    __m512i stand_in = _mm512_min_epu64(jokers, _mm512_popcnt_epi64(
        _mm512_and_si512(w2, _mm512_set1_epi64(0x20002000LL))));
    /* the rank profile: ranks held at least once (`ranks`), twice, three, four times */
    __m512i a = _mm512_and_si512(m, lane), b = _mm512_and_si512(_mm512_srli_epi64(m, 16), lane);
    __m512i c = _mm512_and_si512(_mm512_srli_epi64(m, 32), lane), d = _mm512_srli_epi64(m, 48);
    __m512i ab = _mm512_and_si512(a, b), cd = _mm512_and_si512(c, d);
    __m512i a_b = _mm512_or_si512(a, b), c_d = _mm512_or_si512(c, d);
    __m512i ge2 = _mm512_ternarylogic_epi64(ab, cd, _mm512_and_si512(a_b, c_d), 0xFE);
    __m512i ge3 = _mm512_or_si512(_mm512_and_si512(ab, c_d), _mm512_and_si512(cd, a_b));
    __m512i profile = _mm512_or_si512(_mm512_or_si512(ranks, _mm512_slli_epi64(ge2, 16)),
        _mm512_or_si512(_mm512_slli_epi64(ge3, 32), _mm512_slli_epi64(_mm512_and_si512(ab, cd), 48)));
    /* its cards (and the no-rule bit, which neither has), of the pool or its profile */
    __m512i need = _mm512_and_si512(w2, _mm512_set1_epi64(PB_CHEUNG_NEED));
    __m512i held = _mm512_mask_blend_epi64(_mm512_test_epi64_mask(w2, _mm512_set1_epi64(1 << 15)),
                                           m, profile);
    /* then k of the ranks or of the suit's cards */
    __m512i suit = _mm512_and_si512(_mm512_srli_epi64(w2, 30), _mm512_set1_epi64(3));
    __m512i cards = _mm512_and_si512(_mm512_srlv_epi64(m, _mm512_slli_epi64(suit, 4)), lane);
    __m512i v = _mm512_mask_blend_epi64(_mm512_test_epi64_mask(w2, _mm512_set1_epi64(1 << 14)), cards, ranks);
    /* a flush rule (neither bit 14 nor 15, a rule) lets the jokers that may stand in
     * (stand_in) take the place of its missing cards, each counting as a suit card */
    __mmask8 flush = _mm512_testn_epi64_mask(w2, _mm512_set1_epi64(PB_CHEUNG_NOT_FLUSH));
    __m512i missing = _mm512_popcnt_epi64(_mm512_andnot_si512(held, need));
    __m512i allowed = _mm512_maskz_mov_epi64(flush, stand_in);
    return _mm512_cmple_epu64_mask(missing, allowed)
        & _mm512_cmpge_epu64_mask(_mm512_add_epi64(_mm512_popcnt_epi64(v), missing),
                                  _mm512_srli_epi64(w2, 61));
}

PB_CHEUNG512 static inline __m512i pb_cheung_ranks8(__m512i m)
{
    return _mm512_and_si512(_mm512_or_si512(_mm512_or_si512(m, _mm512_srli_epi64(m, 16)),
        _mm512_or_si512(_mm512_srli_epi64(m, 32), _mm512_srli_epi64(m, 48))), _mm512_set1_epi64(0x1FFF));
}

/* AVX-512: sixteen pools a step (two halves of eight), answers 0 for lanes that
 * fail a count; the others listed in `later` (room for n + 16 entries). */
PB_CHEUNG512 static ptrdiff_t pb_cheung_avx512(
    const uint64_t *masks, const void *calls, int width, int32_t one_call, uint32_t n_calls,
    const uint64_t *cnt, const uint64_t *sure, uint8_t *out, ptrdiff_t n, ptrdiff_t n_ahead,
    uint64_t *seen_cards, int *bad_index, int32_t *later, ptrdiff_t *n_later, int *crowded)
{
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m512i seen = _mm512_setzero_si512();
    __mmask8 bad = 0;
    int dense = *crowded;
    ptrdiff_t i = 0, k = 0;
    while (i + 16 <= n) {
        if (!dense) {
            /* small pools: the counts alone (pb_cheung_avx2 says why) */
            unsigned recent = 2 * PB_CHEUNG_CROWDED - 1;
            for (; i + 16 <= n && recent < 2 * PB_CHEUNG_CROWDED; i += 16) {
                uint32_t x[8], y[8];
                pb_cheung_prefetch16(cnt, sure, 0, calls, width, i, n_ahead, n_calls);
                __m512i m0 = pb_step8(masks, calls, width, i, one_call, n_calls, &bad, &seen, x, 1);
                __m512i m1 = pb_step8(masks, calls, width, i + 8, one_call, n_calls, &bad, &seen, y, 1);
                unsigned pass = (unsigned)pb_cheung_counts8(m0, pb_cheung_ranks8(m0), cnt, x, pb_cheung_jokers8(m0))
                    | (unsigned)pb_cheung_counts8(m1, pb_cheung_ranks8(m1), cnt, y, pb_cheung_jokers8(m1)) << 8;
                _mm_storeu_si128((__m128i *)(out + i), _mm_setzero_si128());
                _mm512_storeu_si512((void *)(later + k), _mm512_maskz_compress_epi32((__mmask16)pass,
                    _mm512_add_epi32(lanes, _mm512_set1_epi32((int)i))));
                k += __builtin_popcount(pass);
                recent = (recent >> 1) + (unsigned)__builtin_popcount(pass);
            }
            dense = recent >= 2 * PB_CHEUNG_CROWDED;
            continue;
        }
        /* crowded pools: the sure rules first (a yes implies the counts), the count
         * words read and judged only for a half with a lane left */
        unsigned sure_recent = 2 * PB_CHEUNG_SURE_START;
        for (; i + 16 <= n && sure_recent >= 2 * PB_CHEUNG_SURE; i += 16) {
            uint32_t x[8], y[8];
            pb_cheung_prefetch16(cnt, sure, 1, calls, width, i, n_ahead, n_calls);
            __m512i m0 = pb_step8(masks, calls, width, i, one_call, n_calls, &bad, &seen, x, 0);
            __m512i m1 = pb_step8(masks, calls, width, i + 8, one_call, n_calls, &bad, &seen, y, 0);
            __m512i r0 = pb_cheung_ranks8(m0), r1 = pb_cheung_ranks8(m1);
            __m512i h0 = pb_cheung_jokers8(m0), h1 = pb_cheung_jokers8(m1);
            unsigned s0 = pb_cheung_sure8(m0, r0, sure, x, h0), s1 = pb_cheung_sure8(m1, r1, sure, y, h1);
            unsigned yes = s0 | s1 << 8;
            unsigned pass = (s0 == 255 ? 0u : (unsigned)pb_cheung_counts8(m0, r0, cnt, x, h0))
                | (s1 == 255 ? 0u : (unsigned)pb_cheung_counts8(m1, r1, cnt, y, h1)) << 8;
            _mm_storeu_si128((__m128i *)(out + i), _mm_maskz_set1_epi8((__mmask16)yes, 1));
            pass &= ~yes;
            /* the lanes left, listed: their indices packed by one compress */
            _mm512_storeu_si512((void *)(later + k), _mm512_maskz_compress_epi32((__mmask16)pass,
                _mm512_add_epi32(lanes, _mm512_set1_epi32((int)i))));
            k += __builtin_popcount(pass);
            sure_recent = (sure_recent >> 1) + (unsigned)__builtin_popcount(yes);
        }
        dense = sure_recent >= 2 * PB_CHEUNG_SURE;
    }
    *crowded = dense;
    *n_later = k;
    *seen_cards |= (uint64_t)_mm512_reduce_or_epi64(seen);
    *bad_index |= bad != 0;
    return i;
}

/* The record rules of the lanes a Cheung step left (ch_record_rule in _cheung.pxi,
 * its by_avail form, without a branch): on a pool of six cards or more, a named pair
 * or trips (w1 bit 30) by its kicker cost, a high card or a flush (w1 bit 31) by the
 * other ranks or suit cards held. `yes`: the lanes that hold; the return: the lanes
 * decided (the others go to the sure rule and the exact check). m: the pools, w0 and
 * w1 their records' count words, plus: the jokers that may stand in. */
PB_CHEUNG512 static inline __mmask8 pb_cheung_rule8(__m512i m, __m512i w0, __m512i w1, __m512i plus,
                                                   __mmask8 *yes)
{
    const __m512i lane = _mm512_set1_epi64(0x1FFF), zero = _mm512_setzero_si512();
    const __m512i cards = _mm512_set1_epi64(0x1FFF1FFF1FFF1FFFLL);
    __m512i ranks = pb_cheung_ranks8(m);
    __m512i w0l = _mm512_and_si512(w0, lane), named = _mm512_and_si512(w1, lane);
    __mmask8 big = _mm512_cmpge_epu64_mask(_mm512_popcnt_epi64(m), _mm512_set1_epi64(6));
    __mmask8 kick = big & _mm512_test_epi64_mask(w1, _mm512_set1_epi64(1LL << 30));
    __mmask8 avail = big & _mm512_test_epi64_mask(w1, _mm512_set1_epi64(1LL << 31));
    /* the kicker cost: cards of the pair's rank short, named kickers absent, other
     * ranks short of 5 - k0 */
    __m512i k0 = _mm512_srli_epi64(w0, 61), k1 = _mm512_srli_epi64(w1, 61);
    __m512i short1 = _mm512_max_epi64(_mm512_sub_epi64(k1, _mm512_popcnt_epi64(_mm512_and_si512(m, w1))), zero);
    __m512i absent = _mm512_popcnt_epi64(_mm512_andnot_si512(ranks, _mm512_andnot_si512(w1, w0l)));
    __m512i short2 = _mm512_max_epi64(_mm512_sub_epi64(_mm512_sub_epi64(_mm512_set1_epi64(5), k0),
        _mm512_popcnt_epi64(_mm512_andnot_si512(w0l, ranks))), zero);
    __mmask8 kick_yes = _mm512_cmple_epi64_mask(_mm512_add_epi64(_mm512_add_epi64(short1, absent), short2), plus);
    /* the other ranks (a high card), or the suit's other cards (a flush of a named
     * suit: w0 is that suit's cards), against the fewest of w1 bits 45-47 */
    __m512i fewest = _mm512_and_si512(_mm512_srli_epi64(w1, 45), _mm512_set1_epi64(7));
    __mmask8 by_rank = _mm512_test_epi64_mask(w1, _mm512_set1_epi64(1 << 14));
    __m512i other = _mm512_mask_blend_epi64(by_rank, _mm512_and_si512(_mm512_and_si512(m, w0), cards), ranks);
    __mmask8 enough = _mm512_cmpge_epu64_mask(_mm512_popcnt_epi64(_mm512_andnot_si512(w1, other)), fewest);
    /* a high card with no joker to stand in: its named ranks spread over suits */
    __m512i named4 = _mm512_or_si512(named, _mm512_slli_epi64(named, 16));
    named4 = _mm512_or_si512(named4, _mm512_slli_epi64(named4, 32));
    __m512i missed = _mm512_andnot_si512(m, named4);
    __mmask8 every_suit = _mm512_cmpeq_epi64_mask(
        _mm512_movm_epi16(_mm512_test_epi16_mask(missed, missed)), _mm512_set1_epi64(-1));
    __m512i a = _mm512_and_si512(m, lane), b = _mm512_and_si512(_mm512_srli_epi64(m, 16), lane);
    __m512i c = _mm512_and_si512(_mm512_srli_epi64(m, 32), lane), d = _mm512_srli_epi64(m, 48);
    __m512i ge2 = _mm512_ternarylogic_epi64(_mm512_and_si512(a, b), _mm512_and_si512(c, d),
        _mm512_and_si512(_mm512_or_si512(a, b), _mm512_or_si512(c, d)), 0xFE);
    __mmask8 spread = _mm512_test_epi64_mask(ge2, named) | every_suit
        | _mm512_cmpneq_epi64_mask(plus, zero) | (__mmask8)~by_rank;
    /* a flush in any suit (w0 bit 15), suit by suit: five cards with the jokers and
     * the named ranks (jokers standing in) makes a candidate, one with the fewest
     * other cards a yes; no candidate, a no */
    __m512i plus16 = _mm512_or_si512(plus, _mm512_slli_epi64(plus, 16));
    plus16 = _mm512_or_si512(plus16, _mm512_slli_epi64(plus16, 32));
    __m512i few16 = _mm512_or_si512(fewest, _mm512_slli_epi64(fewest, 16));
    few16 = _mm512_or_si512(few16, _mm512_slli_epi64(few16, 32));
    __m512i held16 = _mm512_popcnt_epi16(_mm512_and_si512(m, cards));
    __m512i miss16 = _mm512_popcnt_epi16(missed);
    __m512i rest16 = _mm512_popcnt_epi16(_mm512_andnot_si512(named4, _mm512_and_si512(m, cards)));
    __mmask32 cand = _mm512_cmpge_epu16_mask(_mm512_add_epi16(held16, plus16), _mm512_set1_epi16(5))
        & _mm512_cmple_epu16_mask(miss16, plus16);
    __mmask32 win = cand & _mm512_cmpge_epu16_mask(rest16, few16);
    __m512i cand_v = _mm512_movm_epi16(cand), win_v = _mm512_movm_epi16(win);
    __mmask8 some = _mm512_test_epi64_mask(cand_v, cand_v), won = _mm512_test_epi64_mask(win_v, win_v);
    __mmask8 by_suit = avail & _mm512_test_epi64_mask(w0, _mm512_set1_epi64(1 << 15));
    __mmask8 by_count = avail & (__mmask8)~by_suit;
    __mmask8 count_yes = enough & spread;
    *yes = (kick & kick_yes) | (by_suit & won) | (by_count & count_yes);
    return kick | (by_suit & (won | (__mmask8)~some)) | (by_count & count_yes);
}

/* The lanes of `later` (k pool indices, room for k + 8 entries) that the record
 * rules decide get their answers in out; the others are listed again at its front
 * (for the sure rule and the exact check); returns how many. */
PB_CHEUNG512 static ptrdiff_t pb_cheung_rules_avx512(
    const uint64_t *masks, const void *calls, int width, int32_t one_call, uint32_t n_calls,
    const uint64_t *cnt, uint8_t *out, int32_t *later, ptrdiff_t k)
{
    ptrdiff_t left = 0;
    for (ptrdiff_t j = 0; j < k; j += 8) {
        __mmask8 live = (__mmask8)((1u << (k - j < 8 ? k - j : 8)) - 1);
        __m256i at = _mm256_mask_loadu_epi32(_mm256_set1_epi32(later[j]), live, later + j);
        int32_t i[8];
        uint32_t x[8];
        _mm256_storeu_si256((__m256i *)i, at);
        for (int l = 0; l < 8; l++)
            x[l] = calls ? pb_call_at(calls, width, i[l], n_calls) : (uint32_t)one_call;
        __m512i m = _mm512_i32gather_epi64(at, (const void *)masks, 8), w0, w1;
        __m512i plus = pb_cheung_words8(pb_cheung_jokers8(m), cnt, x, &w0, &w1);
        __mmask8 yes, done = pb_cheung_rule8(m, w0, w1, plus, &yes);
        for (int l = 0; l < 8; l++)      /* the undecided lanes' answers come later */
            out[i[l]] = (uint8_t)(yes >> l & 1);
        _mm256_storeu_si256((__m256i *)(later + left), _mm256_maskz_compress_epi32(live & ~done, at));
        left += __builtin_popcount(live & ~done);
    }
    return left;
}

#define PB_AVX2 __attribute__((target("avx2,popcnt")))

/* Population count of each byte: a nibble table. */
PB_AVX2 static inline __m256i pb_popcount_bytes4(__m256i v)
{
    const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                           0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low = _mm256_set1_epi8(0x0F);
    return _mm256_add_epi8(_mm256_shuffle_epi8(table, _mm256_and_si256(v, low)),
                           _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(v, 4), low)));
}

/* Population count of each 64-bit lane: VPSADBW sums |a - b| over a lane's bytes,
 * with a = 4 + the low nibble's count and b = 4 - the high nibble's (a >= b): the
 * sum of both nibbles' counts, no add of the two lookups. */
PB_AVX2 static inline __m256i pb_popcount4(__m256i v)
{
    const __m256i plus = _mm256_setr_epi8(4, 5, 5, 6, 5, 6, 6, 7, 5, 6, 6, 7, 6, 7, 7, 8,
                                          4, 5, 5, 6, 5, 6, 6, 7, 5, 6, 6, 7, 6, 7, 7, 8);
    const __m256i minus = _mm256_setr_epi8(4, 3, 3, 2, 3, 2, 2, 1, 3, 2, 2, 1, 2, 1, 1, 0,
                                           4, 3, 3, 2, 3, 2, 2, 1, 3, 2, 2, 1, 2, 1, 1, 0);
    const __m256i low = _mm256_set1_epi8(0x0F);
    return _mm256_sad_epu8(_mm256_shuffle_epi8(plus, _mm256_and_si256(v, low)),
                           _mm256_shuffle_epi8(minus, _mm256_and_si256(_mm256_srli_epi16(v, 4), low)));
}

/* The four suit lanes of four pools, the ranks held once or more and twice or more. */
typedef struct { __m256i a, b, c, d, ge1, ge2; } pb_ranks4;

PB_AVX2 static inline pb_ranks4 pb_rank_sets4(__m256i m)
{
    const __m256i lane = _mm256_set1_epi64x(0x1FFF);
    pb_ranks4 r;
    r.a = _mm256_and_si256(m, lane);
    r.b = _mm256_and_si256(_mm256_srli_epi64(m, 16), lane);
    r.c = _mm256_and_si256(_mm256_srli_epi64(m, 32), lane);
    r.d = _mm256_and_si256(_mm256_srli_epi64(m, 48), lane);
    __m256i ab = _mm256_or_si256(r.a, r.b), cd = _mm256_or_si256(r.c, r.d);
    r.ge1 = _mm256_or_si256(ab, cd);
    r.ge2 = _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(r.a, r.b), _mm256_and_si256(r.c, r.d)),
                            _mm256_and_si256(ab, cd));
    return r;
}

/* Four call indices, clamped into the ladder; *bad gets a bit per lane out of it. */
PB_AVX2 static inline __m128i pb_load_calls4(const void *calls, int width, ptrdiff_t i,
                                             __m128i last_call, int *bad)
{
    __m128i raw;
    if (width == 8) {
        /* an int64 index beyond 32 bits (or negative) is out of range: pin it past the end */
        __m256i wide = _mm256_loadu_si256((const __m256i *)((const int64_t *)calls + i));
        __m256i big = _mm256_cmpgt_epi64(_mm256_srli_epi64(wide, 32), _mm256_setzero_si256());
        __m256i packed = _mm256_permutevar8x32_epi32(_mm256_or_si256(wide, big),
                                                     _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6));
        raw = _mm256_castsi256_si128(packed);
    } else if (width == 2) {
        raw = _mm_cvtepi16_epi32(_mm_loadl_epi64((const __m128i *)((const int16_t *)calls + i)));
    } else {
        raw = _mm_loadu_si128((const __m128i *)((const int32_t *)calls + i));
    }
    __m128i idx = _mm_min_epu32(raw, last_call);
    *bad |= _mm_movemask_ps(_mm_castsi128_ps(_mm_xor_si128(
        _mm_cmpeq_epi32(idx, raw), _mm_set1_epi32(-1))));
    return idx;
}

/* Four 0/1 answers (bits of `ok`) as bytes. */
static inline uint32_t pb_four_bytes(int ok)
{
    return (uint32_t)ok * 0x00204081u & 0x01010101u;
}

/* The start of an AVX2 step: four pools (ORed into *seen) and their call indices
 * (clamped, in x; *bad gets a bit per lane outside the ladder). Inlined, the
 * constants leave the loop. `spill` (a constant at each call): the indices go to x
 * through memory, a store and four loads on the load ports, instead of three
 * VPEXTRDs (two uops each) on the vector ports. Kernels bound by those ports gain
 * (Cheung 1.07-1.09x, holdem 1.04x); pagat's lose 3-4 % (Emerald Rapids, AVX2). */
PB_AVX2 static inline __m256i pb_step4(const uint64_t *masks, const void *calls, int width,
                                       ptrdiff_t i, int32_t one_call, uint32_t n_calls,
                                       int *bad, __m256i *seen, uint32_t x[4], int spill)
{
    const __m128i last_call = _mm_set1_epi32((int)(n_calls - 1));
    const __m128i same_call = _mm_min_epu32(_mm_set1_epi32(one_call), last_call);
    _mm_prefetch((const char *)(masks + i) + 1024, _MM_HINT_T0);
    __m128i idx = calls ? pb_load_calls4(calls, width, i, last_call, bad) : same_call;
    __m256i m = _mm256_loadu_si256((const __m256i *)(masks + i));
    *seen = _mm256_or_si256(*seen, m);
    if (spill) {
        _mm_storeu_si128((__m128i *)x, idx);
        __asm__("" : "+m"(*(uint32_t (*)[4])x));     /* kept in memory: no extracts */
    } else {
        x[0] = (uint32_t)_mm_cvtsi128_si32(idx);
        x[1] = (uint32_t)_mm_extract_epi32(idx, 1);
        x[2] = (uint32_t)_mm_extract_epi32(idx, 2);
        x[3] = (uint32_t)_mm_extract_epi32(idx, 3);
    }
    return m;
}

/* The lanes of `left` (bits) listed after the k entries of `later`; the new count. */
PB_AVX2 static inline ptrdiff_t pb_list4(int32_t *later, ptrdiff_t k, unsigned left, ptrdiff_t i)
{
    _mm_storeu_si128((__m128i *)(later + k), _mm_add_epi32(
        _mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)pb_packed_bits[left])), _mm_set1_epi32((int)i)));
    return k + __builtin_popcount(left);
}

/* The cards of every pool seen, ORed across the lanes. */
PB_AVX2 static inline uint64_t pb_seen4(__m256i seen)
{
    __m128i s2 = _mm_or_si128(_mm256_castsi256_si128(seen), _mm256_extracti128_si256(seen, 1));
    return (uint64_t)_mm_cvtsi128_si64(s2) | (uint64_t)_mm_extract_epi64(s2, 1);
}

PB_AVX2 static ptrdiff_t pb_holds_avx2(
    const uint64_t *masks, const void *calls, int width, int32_t one_call, uint32_t n_calls,
    const uint64_t *qg0, const uint64_t *qg1,
    uint64_t wild, int has_ranks, uint8_t *out, ptrdiff_t n,
    uint64_t *seen_cards, int *bad_index, int32_t *later, ptrdiff_t *n_later)
{
    const __m256i three = _mm256_set1_epi64x(3);
    const __m256i one = _mm256_set1_epi64x(1);
    const __m256i four = _mm256_set1_epi64x(4);
    const __m256i lane = _mm256_set1_epi64x(0x1FFF);
    const __m256i wilds_mask = _mm256_set1_epi64x((long long)wild);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i at_least = _mm256_set1_epi64x(1);
    const __m256i ranks = _mm256_set1_epi64x(2);
    __m256i seen = zero;
    int bad = 0;
    ptrdiff_t i = 0, k = 0;
    for (; i + 4 <= n; i += 4) {
        uint32_t x[4];
        __m256i m = pb_step4(masks, calls, width, i, one_call, n_calls, &bad, &seen, x, 0);
        /* plain loads beat gather instructions on AMD Zen (slow VPGATHERDQ) */
        __m256i g0 = _mm256_setr_epi64x((long long)qg0[x[0]], (long long)qg0[x[1]],
                                        (long long)qg0[x[2]], (long long)qg0[x[3]]);
        __m256i g1 = _mm256_setr_epi64x((long long)qg1[x[0]], (long long)qg1[x[1]],
                                        (long long)qg1[x[2]], (long long)qg1[x[3]]);
        __m256i k0 = _mm256_add_epi64(_mm256_srli_epi64(g0, 61), one);
        __m256i k1 = _mm256_srli_epi64(g1, 61);
        __m256i kind = _mm256_and_si256(_mm256_srli_epi64(g0, 14), three);
        __m256i c0 = pb_popcount4(_mm256_and_si256(m, g0));
        __m256i c1 = pb_popcount4(_mm256_and_si256(m, g1));
        __m256i is_at_least = _mm256_cmpeq_epi64(kind, at_least);
        __m256i is_ranks = _mm256_cmpeq_epi64(kind, ranks);
        __m256i ok;
        if (wild) {
            /* cards missing from both groups, covered by wild cards (counts are small:
             * 32-bit arithmetic on the low halves, the high halves stay zero) */
            __m256i short0 = _mm256_max_epi32(_mm256_sub_epi32(k0, c0), zero);
            __m256i short1 = _mm256_max_epi32(_mm256_sub_epi32(k1, c1), zero);
            __m256i wilds = pb_popcount4(_mm256_and_si256(m, wilds_mask));
            ok = _mm256_andnot_si256(_mm256_cmpgt_epi64(_mm256_add_epi64(short0, short1), wilds),
                                     is_at_least);
        } else {
            ok = _mm256_andnot_si256(_mm256_or_si256(_mm256_cmpgt_epi64(k0, c0),
                                                     _mm256_cmpgt_epi64(k1, c1)), is_at_least);
        }
        __m256i is_shape = _mm256_cmpeq_epi64(kind, three);
        /* no test of the lanes' kinds here: a branch on them would mispredict */
        if (has_ranks & 1) {
            __m256i kick = _mm256_and_si256(_mm256_srli_epi64(g1, 14), three);
            __m256i x = _mm256_or_si256(g0, g1);
            __m256i named = _mm256_and_si256(_mm256_or_si256(
                _mm256_or_si256(x, _mm256_srli_epi64(x, 16)),
                _mm256_or_si256(_mm256_srli_epi64(x, 32), _mm256_srli_epi64(x, 48))), lane);
            pb_ranks4 r = pb_rank_sets4(m);
            __m256i ge1 = r.ge1, ge2 = r.ge2;
            __m256i big = _mm256_cmpgt_epi64(pb_popcount4(m), four);
            /* five or more cards: counts at least as named, enough kicker ranks */
            __m256i fail_big = _mm256_or_si256(
                _mm256_or_si256(_mm256_cmpgt_epi64(k0, c0), _mm256_cmpgt_epi64(k1, c1)),
                _mm256_cmpgt_epi64(kick, pb_popcount4(_mm256_andnot_si256(named, ge1))));
            /* fewer: the pool is the hand, so exact counts and no other pair */
            __m256i ok_small = _mm256_and_si256(
                _mm256_and_si256(_mm256_cmpeq_epi64(c0, k0), _mm256_cmpeq_epi64(c1, k1)),
                _mm256_cmpeq_epi64(_mm256_andnot_si256(named, ge2), zero));
            __m256i ok_ranks = _mm256_blendv_epi8(ok_small, _mm256_xor_si256(fail_big, _mm256_set1_epi64x(-1)), big);
            ok = _mm256_or_si256(ok, _mm256_and_si256(is_ranks, ok_ranks));
        }
        if (has_ranks & 2) {
            const __m256i cards = _mm256_set1_epi64x(0x1FFF1FFF1FFF1FFFLL);
            /* exact straight: every rank of it held, and not all in one suit (or a rank doubled) */
            __m256i need = _mm256_and_si256(g0, lane);
            pb_ranks4 r = pb_rank_sets4(m);
            __m256i a = r.a, b = r.b, c = r.c, d = r.d, ge2 = r.ge2;
            __m256i all = _mm256_cmpeq_epi64(_mm256_and_si256(r.ge1, need), need);
            __m256i single = _mm256_cmpeq_epi64(_mm256_and_si256(ge2, need), zero);
            __m256i suited = _mm256_or_si256(
                _mm256_or_si256(_mm256_cmpeq_epi64(_mm256_and_si256(a, need), need),
                                _mm256_cmpeq_epi64(_mm256_and_si256(b, need), need)),
                _mm256_or_si256(_mm256_cmpeq_epi64(_mm256_and_si256(c, need), need),
                                _mm256_cmpeq_epi64(_mm256_and_si256(d, need), need)));
            __m256i ok_straight = _mm256_andnot_si256(_mm256_and_si256(single, suited), all);
            /* exact flush: the top card, and four lower cards of its suit that are not
             * the four just under it (nor 2-5 under an Ace): a straight flush */
            __m256i top = _mm256_and_si256(g0, cards);
            __m256i held = _mm256_and_si256(_mm256_and_si256(g1, cards), m);
            __m256i nb = pb_popcount4(held);
            __m256i s0 = _mm256_or_si256(_mm256_or_si256(_mm256_srli_epi64(top, 1), _mm256_srli_epi64(top, 2)),
                                         _mm256_or_si256(_mm256_srli_epi64(top, 3), _mm256_srli_epi64(top, 4)));
            __m256i s1 = _mm256_or_si256(_mm256_or_si256(_mm256_srli_epi64(top, 9), _mm256_srli_epi64(top, 10)),
                                         _mm256_or_si256(_mm256_srli_epi64(top, 11), _mm256_srli_epi64(top, 12)));
            __m256i ace = _mm256_cmpeq_epi64(k1, one);
            __m256i straight_flush = _mm256_or_si256(_mm256_cmpeq_epi64(held, s0),
                                                     _mm256_and_si256(ace, _mm256_cmpeq_epi64(held, s1)));
            __m256i enough = _mm256_or_si256(_mm256_cmpgt_epi64(nb, four),
                _mm256_andnot_si256(straight_flush, _mm256_cmpeq_epi64(nb, four)));
            __m256i ok_flush = _mm256_andnot_si256(_mm256_cmpeq_epi64(_mm256_and_si256(m, top), zero), enough);
            __m256i is_flush = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_srli_epi64(g1, 14), three), one);
            ok = _mm256_or_si256(ok, _mm256_and_si256(is_shape,
                                                      _mm256_blendv_epi8(ok_straight, ok_flush, is_flush)));
        }
        uint32_t word = pb_four_bytes(_mm256_movemask_pd(_mm256_castsi256_pd(ok)));
        __builtin_memcpy(out + i, &word, 4);
        if (has_ranks & 4) {
            unsigned other = 15u & ~(unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(
                _mm256_or_si256(_mm256_or_si256(is_at_least, is_ranks), is_shape)));
            k = pb_list4(later, k, other, i);
        }
    }
    *n_later = k;
    *seen_cards |= pb_seen4(seen);
    *bad_index |= bad != 0;
    return i;
}

/* The prefetch of an AVX2 crowded-pool step (pb_cheung_prefetch16), eight indices:
 * the sure words (the small-pool loop prefetches nothing). */
PB_AVX2 static inline void pb_cheung_prefetch8(const uint64_t *sure, const void *calls, int width,
                                              ptrdiff_t i, ptrdiff_t n, uint32_t n_calls)
{
    if (calls && i + PB_CHEUNG_AHEAD + 8 <= n) {
        uint32_t at[8];
        int ignored = 0;
        const __m128i last = _mm_set1_epi32((int)(n_calls - 1));
        _mm_storeu_si128((__m128i *)at, _mm_slli_epi32(
            pb_load_calls4(calls, width, i + PB_CHEUNG_AHEAD, last, &ignored), 3));
        _mm_storeu_si128((__m128i *)(at + 4), _mm_slli_epi32(
            pb_load_calls4(calls, width, i + PB_CHEUNG_AHEAD + 4, last, &ignored), 3));
        for (int j = 0; j < 8; j++)
            __builtin_prefetch((const char *)sure + at[j]);
    }
}

/* AVX2: the tests of pb_cheung_avx512, eight pools a step (two halves of four). A
 * count by suit (bit 15) counts here all the word's cards: a weaker test, still a
 * necessary one, that spares four word counts a step. */
PB_AVX2 static inline __m256i pb_cheung_count4(__m256i v, __m256i w, __m256i plus)
{
    __m256i c = _mm256_add_epi64(pb_popcount4(_mm256_and_si256(v, w)), plus);
    /* counts and k are small and positive: a signed compare; all ones where short */
    return _mm256_cmpgt_epi64(_mm256_srli_epi64(w, 61), c);
}

PB_AVX2 static inline __m256i pb_cheung_ranks4(__m256i m)
{
    /* the lanes folded in halves: two shifts and two ors, not three of each */
    __m256i half = _mm256_or_si256(m, _mm256_srli_epi64(m, 32));
    return _mm256_and_si256(_mm256_or_si256(half, _mm256_srli_epi64(half, 16)), _mm256_set1_epi64x(0x1FFF));
}

#define PB_CREC(j) _mm_loadu_si128((const __m128i *)(cnt + 2 * (size_t)x[j]))
/* Four pools' count words (w0, w1) and the jokers that may stand in for each: those
 * held (bits 13 and 29), at most the cap of w0. */
PB_AVX2 static inline __m256i pb_cheung_words4(__m256i held, const uint64_t *cnt, const uint32_t x[4],
                                               __m256i *w0, __m256i *w1)
{
    __m256i r02 = _mm256_inserti128_si256(_mm256_castsi128_si256(PB_CREC(0)), PB_CREC(2), 1);
    __m256i r13 = _mm256_inserti128_si256(_mm256_castsi128_si256(PB_CREC(1)), PB_CREC(3), 1);
    *w0 = _mm256_unpacklo_epi64(r02, r13);
    *w1 = _mm256_unpackhi_epi64(r02, r13);
    __m256i cap = _mm256_and_si256(_mm256_srli_epi64(*w0, 45), _mm256_set1_epi64x(3));
    return _mm256_min_epu32(held, cap);     /* small: the high halves are 0 */
}

/* The jokers four pools hold (bits 13 and 29). */
PB_AVX2 static inline __m256i pb_cheung_jokers4(__m256i m)
{
    /* the two bits moved to bits 0 and 16 (bytes 0 and 2), summed by VPSADBW */
    return _mm256_sad_epu8(_mm256_srli_epi64(_mm256_and_si256(m, _mm256_set1_epi64x(0x20002000)), 13),
                           _mm256_setzero_si256());
}

/* Four pools (held: their jokers): the lanes (bits) that pass both counts (w0 counts
 * the pool's cards, never its ranks: ch_count_words). */
PB_AVX2 static inline unsigned pb_cheung_counts4(__m256i m, __m256i ranks, const uint64_t *cnt,
                                                const uint32_t x[4], __m256i held)
{
    __m256i w0, w1, plus = pb_cheung_words4(held, cnt, x, &w0, &w1);
    /* w1's bit 14 (count its ranks) moved to the sign bit, which VBLENDVPD reads */
    __m256i v1 = _mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(m), _mm256_castsi256_pd(ranks),
                                                      _mm256_castsi256_pd(_mm256_slli_epi64(w1, 49))));
    __m256i fail = _mm256_or_si256(pb_cheung_count4(m, w0, plus), pb_cheung_count4(v1, w1, plus));
    return 15u & ~(unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(fail));
}

/* Four pools: the lanes (bits) whose sure rules they meet. */
PB_AVX2 static inline unsigned pb_cheung_sure4(__m256i m, __m256i ranks, const uint64_t *sure,
                                              const uint32_t x[4], __m256i jokers)
{
    const __m256i lane = _mm256_set1_epi64x(0x1FFF), zero = _mm256_setzero_si256();
    /* four loads (a gather of four ran 52-card pools 0.6-0.75x on Emerald Rapids) */
    __m256i w2 = _mm256_setr_epi64x((long long)sure[x[0]], (long long)sure[x[1]],
                                    (long long)sure[x[2]], (long long)sure[x[3]]);
    /* the jokers that may stand in: those held, at most the cap (bits 13 and 29) */
    __m256i cap = pb_cheung_jokers4(w2);
    __m256i stand_in = _mm256_min_epu32(jokers, cap);     /* small: the high halves are 0 */
    /* the rank profile, as on AVX-512 */
    __m256i a = _mm256_and_si256(m, lane), b = _mm256_and_si256(_mm256_srli_epi64(m, 16), lane);
    __m256i c = _mm256_and_si256(_mm256_srli_epi64(m, 32), lane), d = _mm256_srli_epi64(m, 48);
    __m256i ab = _mm256_and_si256(a, b), cd = _mm256_and_si256(c, d);
    __m256i a_b = _mm256_or_si256(a, b), c_d = _mm256_or_si256(c, d);
    __m256i ge2 = _mm256_or_si256(_mm256_or_si256(ab, cd), _mm256_and_si256(a_b, c_d));
    __m256i ge3 = _mm256_or_si256(_mm256_and_si256(ab, c_d), _mm256_and_si256(cd, a_b));
    __m256i profile = _mm256_or_si256(_mm256_or_si256(ranks, _mm256_slli_epi64(ge2, 16)),
        _mm256_or_si256(_mm256_slli_epi64(ge3, 32), _mm256_slli_epi64(_mm256_and_si256(ab, cd), 48)));
    __m256i need = _mm256_and_si256(w2, _mm256_set1_epi64x(PB_CHEUNG_NEED));
    /* bits 15 (by profile) and 14 (by ranks) moved to the sign bit, which VBLENDVPD reads */
    __m256i held = _mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(m), _mm256_castsi256_pd(profile),
                                                        _mm256_castsi256_pd(_mm256_slli_epi64(w2, 48))));
    __m256i suit = _mm256_and_si256(_mm256_srli_epi64(w2, 30), _mm256_set1_epi64x(3));
    __m256i cards = _mm256_and_si256(_mm256_srlv_epi64(m, _mm256_slli_epi64(suit, 4)), lane);
    __m256i v = _mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(cards), _mm256_castsi256_pd(ranks),
                                                     _mm256_castsi256_pd(_mm256_slli_epi64(w2, 49))));
    /* a flush rule (neither bit 14 nor 15, a rule): jokers stand in for its missing
     * cards (as on AVX-512) */
    __m256i flush = _mm256_cmpeq_epi64(_mm256_and_si256(w2, _mm256_set1_epi64x(PB_CHEUNG_NOT_FLUSH)), zero);
    __m256i missing = pb_popcount4(_mm256_andnot_si256(held, need));
    __m256i too_many = _mm256_cmpgt_epi64(missing, _mm256_and_si256(flush, stand_in));
    __m256i few = _mm256_or_si256(too_many, _mm256_cmpgt_epi64(_mm256_srli_epi64(w2, 61),
                                                               _mm256_add_epi64(pb_popcount4(v), missing)));
    __m256i held_up = _mm256_xor_si256(few, _mm256_set1_epi64x(-1));
    return (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(held_up));
}
#undef PB_CREC

/* Population count of each 16-bit lane: the bytes' counts summed in pairs. */
PB_AVX2 static inline __m256i pb_popcount16x4(__m256i v)
{
    __m256i bytes = pb_popcount_bytes4(v);
    return _mm256_add_epi16(_mm256_and_si256(bytes, _mm256_set1_epi16(0xFF)), _mm256_srli_epi16(bytes, 8));
}

/* The record rules of four lanes (pb_cheung_rule8): all ones where decided; *yes
 * all ones where they hold. */
PB_AVX2 static inline __m256i pb_cheung_rule4(__m256i m, __m256i w0, __m256i w1, __m256i plus, __m256i *yes)
{
    const __m256i lane = _mm256_set1_epi64x(0x1FFF), zero = _mm256_setzero_si256();
    const __m256i cards = _mm256_set1_epi64x(0x1FFF1FFF1FFF1FFFLL), ones = _mm256_set1_epi64x(-1);
#define PB_HAS(w, bit) _mm256_cmpeq_epi64(_mm256_and_si256(w, _mm256_set1_epi64x(bit)), _mm256_set1_epi64x(bit))
    __m256i ranks = pb_cheung_ranks4(m);
    __m256i w0l = _mm256_and_si256(w0, lane), named = _mm256_and_si256(w1, lane);
    __m256i big = _mm256_cmpgt_epi64(pb_popcount4(m), _mm256_set1_epi64x(5));
    __m256i kick = _mm256_and_si256(big, PB_HAS(w1, 1LL << 30));
    __m256i avail = _mm256_and_si256(big, PB_HAS(w1, 1LL << 31));
    /* the kicker cost, as on AVX-512 (counts small: signed compares) */
    __m256i k0 = _mm256_srli_epi64(w0, 61), k1 = _mm256_srli_epi64(w1, 61);
    __m256i d1 = _mm256_sub_epi64(k1, pb_popcount4(_mm256_and_si256(m, w1)));
    __m256i short1 = _mm256_and_si256(d1, _mm256_cmpgt_epi64(d1, zero));
    __m256i absent = pb_popcount4(_mm256_andnot_si256(ranks, _mm256_andnot_si256(w1, w0l)));
    __m256i d2 = _mm256_sub_epi64(_mm256_sub_epi64(_mm256_set1_epi64x(5), k0),
                                  pb_popcount4(_mm256_andnot_si256(w0l, ranks)));
    __m256i short2 = _mm256_and_si256(d2, _mm256_cmpgt_epi64(d2, zero));
    __m256i kick_no = _mm256_cmpgt_epi64(_mm256_add_epi64(_mm256_add_epi64(short1, absent), short2), plus);
    /* a high card or a flush of a named suit: the other ranks or suit cards */
    __m256i fewest = _mm256_and_si256(_mm256_srli_epi64(w1, 45), _mm256_set1_epi64x(7));
    __m256i by_rank = PB_HAS(w1, 1 << 14);
    __m256i other = _mm256_blendv_epi8(_mm256_and_si256(_mm256_and_si256(m, w0), cards), ranks, by_rank);
    __m256i enough = _mm256_xor_si256(_mm256_cmpgt_epi64(fewest,
        pb_popcount4(_mm256_andnot_si256(w1, other))), ones);
    __m256i named4 = _mm256_or_si256(named, _mm256_slli_epi64(named, 16));
    named4 = _mm256_or_si256(named4, _mm256_slli_epi64(named4, 32));
    __m256i missed = _mm256_andnot_si256(m, named4);
    __m256i every_suit = _mm256_cmpeq_epi64(_mm256_cmpeq_epi16(missed, zero), zero);
    __m256i a = _mm256_and_si256(m, lane), b = _mm256_and_si256(_mm256_srli_epi64(m, 16), lane);
    __m256i c = _mm256_and_si256(_mm256_srli_epi64(m, 32), lane), d = _mm256_srli_epi64(m, 48);
    __m256i ge2 = _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(a, b), _mm256_and_si256(c, d)),
                                  _mm256_and_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d)));
    __m256i spread = _mm256_or_si256(
        _mm256_or_si256(_mm256_xor_si256(_mm256_cmpeq_epi64(_mm256_and_si256(ge2, named), zero), ones),
                        every_suit),
        _mm256_or_si256(_mm256_xor_si256(_mm256_cmpeq_epi64(plus, zero), ones),
                        _mm256_xor_si256(by_rank, ones)));
    /* a flush in any suit, suit by suit */
    __m256i plus16 = _mm256_or_si256(plus, _mm256_slli_epi64(plus, 16));
    plus16 = _mm256_or_si256(plus16, _mm256_slli_epi64(plus16, 32));
    __m256i few16 = _mm256_or_si256(fewest, _mm256_slli_epi64(fewest, 16));
    few16 = _mm256_or_si256(few16, _mm256_slli_epi64(few16, 32));
    __m256i held16 = pb_popcount16x4(_mm256_and_si256(m, cards));
    __m256i miss16 = pb_popcount16x4(missed);
    __m256i rest16 = pb_popcount16x4(_mm256_andnot_si256(named4, _mm256_and_si256(m, cards)));
    __m256i cand = _mm256_andnot_si256(
        _mm256_or_si256(_mm256_cmpgt_epi16(_mm256_set1_epi16(5), _mm256_add_epi16(held16, plus16)),
                        _mm256_cmpgt_epi16(miss16, plus16)), ones);
    __m256i win = _mm256_andnot_si256(_mm256_cmpgt_epi16(few16, rest16), cand);
    __m256i some = _mm256_xor_si256(_mm256_cmpeq_epi64(cand, zero), ones);
    __m256i won = _mm256_xor_si256(_mm256_cmpeq_epi64(win, zero), ones);
    __m256i by_suit = _mm256_and_si256(avail, PB_HAS(w0, 1 << 15));
    __m256i by_count = _mm256_andnot_si256(by_suit, avail);
    __m256i count_yes = _mm256_and_si256(enough, spread);
#undef PB_HAS
    *yes = _mm256_or_si256(_mm256_andnot_si256(kick_no, kick),
        _mm256_or_si256(_mm256_and_si256(by_suit, won), _mm256_and_si256(by_count, count_yes)));
    return _mm256_or_si256(kick, _mm256_or_si256(
        _mm256_and_si256(by_suit, _mm256_or_si256(won, _mm256_xor_si256(some, ones))),
        _mm256_and_si256(by_count, count_yes)));
}

/* pb_cheung_rules_avx512 on AVX2, four lanes at a time (room for k + 4 entries). */
PB_AVX2 static ptrdiff_t pb_cheung_rules_avx2(
    const uint64_t *masks, const void *calls, int width, int32_t one_call, uint32_t n_calls,
    const uint64_t *cnt, uint8_t *out, int32_t *later, ptrdiff_t k)
{
    ptrdiff_t left = 0;
    for (ptrdiff_t j = 0; j < k; j += 4) {
        int lanes = k - j < 4 ? (int)(k - j) : 4;
        int32_t i[4];
        uint32_t x[4];
        for (int l = 0; l < 4; l++) {
            i[l] = later[j + (l < lanes ? l : 0)];
            x[l] = calls ? pb_call_at(calls, width, i[l], n_calls) : (uint32_t)one_call;
        }
        __m256i m = _mm256_setr_epi64x((long long)masks[i[0]], (long long)masks[i[1]],
                                       (long long)masks[i[2]], (long long)masks[i[3]]), w0, w1, yes;
        __m256i plus = pb_cheung_words4(pb_cheung_jokers4(m), cnt, x, &w0, &w1);
        unsigned done = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(pb_cheung_rule4(m, w0, w1, plus, &yes)));
        unsigned y = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(yes));
        for (int l = 0; l < 4; l++)      /* the undecided lanes' answers come later */
            out[i[l]] = (uint8_t)(y >> l & 1);
        unsigned und = ~done & ((1u << lanes) - 1);
        for (int l = 0; l < 4; l++) {     /* writes behind the reads: left <= j */
            later[left] = i[l];
            left += und >> l & 1;
        }
    }
    return left;
}

PB_AVX2 static ptrdiff_t pb_cheung_avx2(
    const uint64_t *masks, const void *calls, int width, int32_t one_call, uint32_t n_calls,
    const uint64_t *cnt, const uint64_t *sure, uint8_t *out, ptrdiff_t n, ptrdiff_t n_ahead,
    uint64_t *seen_cards, int *bad_index, int32_t *later, ptrdiff_t *n_later, int *crowded)
{
    __m256i seen = _mm256_setzero_si256();
    int bad = 0, dense = *crowded;
    ptrdiff_t i = 0, k = 0;
    while (i + 8 <= n) {
        if (!dense) {
            /* small pools: the counts alone, no sure rule in the loop (the lanes that
             * pass go to the record rules); `recent` follows how many pass, halved
             * each step (twice the mean): crowded pools, where most pass, go to the
             * loop below */
            unsigned recent = PB_CHEUNG_CROWDED - 1;
            for (; i + 8 <= n && recent < PB_CHEUNG_CROWDED; i += 8) {
                uint32_t x[4], y[4];
                __m256i m0 = pb_step4(masks, calls, width, i, one_call, n_calls, &bad, &seen, x, 1);
                __m256i m1 = pb_step4(masks, calls, width, i + 4, one_call, n_calls, &bad, &seen, y, 1);
                unsigned p0 = pb_cheung_counts4(m0, pb_cheung_ranks4(m0), cnt, x, pb_cheung_jokers4(m0));
                unsigned p1 = pb_cheung_counts4(m1, pb_cheung_ranks4(m1), cnt, y, pb_cheung_jokers4(m1));
                __builtin_memset(out + i, 0, 8);
                k = pb_list4(later, k, p0, i);
                k = pb_list4(later, k, p1, i + 4);
                recent = (recent >> 1) + (unsigned)__builtin_popcount(p0 | p1 << 4);
            }
            dense = recent >= PB_CHEUNG_CROWDED;
            continue;
        }
        /* crowded pools: the sure rules first (a yes implies the counts), the counts
         * only for a half with a lane left; back above once fewer than five lanes a
         * step are sure (halved each step, as above) */
        unsigned sure_recent = PB_CHEUNG_SURE_START;
        for (; i + 8 <= n && sure_recent >= PB_CHEUNG_SURE; i += 8) {
            uint32_t x[4], y[4];
            pb_cheung_prefetch8(sure, calls, width, i, n_ahead, n_calls);
            __m256i m0 = pb_step4(masks, calls, width, i, one_call, n_calls, &bad, &seen, x, 1);
            __m256i m1 = pb_step4(masks, calls, width, i + 4, one_call, n_calls, &bad, &seen, y, 1);
            __m256i r0 = pb_cheung_ranks4(m0), r1 = pb_cheung_ranks4(m1);
            __m256i h0 = pb_cheung_jokers4(m0), h1 = pb_cheung_jokers4(m1);
            unsigned s0 = pb_cheung_sure4(m0, r0, sure, x, h0), s1 = pb_cheung_sure4(m1, r1, sure, y, h1);
            unsigned p0 = s0 == 15 ? 0 : pb_cheung_counts4(m0, r0, cnt, x, h0);
            unsigned p1 = s1 == 15 ? 0 : pb_cheung_counts4(m1, r1, cnt, y, h1);
            uint32_t lo = pb_four_bytes((int)s0), hi = pb_four_bytes((int)s1);
            __builtin_memcpy(out + i, &lo, 4);
            __builtin_memcpy(out + i + 4, &hi, 4);
            k = pb_list4(later, k, p0 & ~s0, i);
            k = pb_list4(later, k, p1 & ~s1, i + 4);
            sure_recent = (sure_recent >> 1) + (unsigned)__builtin_popcount(s0 | s1 << 4);
        }
        dense = sure_recent >= PB_CHEUNG_SURE;
    }
    *crowded = dense;
    *n_later = k;
    *seen_cards |= pb_seen4(seen);
    *bad_index |= bad != 0;
    return i;
}

/* AVX2, exact-hand ladders without wild cards (holdem): every call is one record of
 * two words `er[2c]`, `er[2c + 1]` (built in _core.pyx), judged from the pool's rank
 * profile P = ge1 | ge2 << 16 | ge3 << 32 | ge4 << 48 (ranks held at least 1..4 times)
 * with two subset tests, one rank-count threshold and the straight and flush extras:
 *   w0 = cards the pool must hold (straight: its ranks in every suit, not required)
 *        | class << 14 | threshold << 61
 *   w1 = profile bits the pool must have (flush: the suit's cards under the top, not
 *        required) | (flush: top is the Ace) << 61
 * class 0: plain; 1: exact straight; 2: exact flush; 3: exact high card (holds only if
 * the top rank is held: those lanes go to the general check). Threshold: distinct
 * ranks needed (an exact rank call's kickers and named ranks). Pools under five cards
 * are judged apart (in a branch taken only when a lane has under five ranks); pools
 * of five or more cards in under five ranks go to the general check. */
PB_AVX2 static ptrdiff_t pb_holds_avx2_exact(
    const uint64_t *masks, const void *calls, int width, int32_t one_call, uint32_t n_calls,
    const uint64_t *er, uint8_t *out, ptrdiff_t n,
    uint64_t *seen_cards, int *bad_index, int32_t *later, ptrdiff_t *n_later)
{
    const __m256i three = _mm256_set1_epi64x(3);
    const __m256i one = _mm256_set1_epi64x(1);
    const __m256i two = _mm256_set1_epi64x(2);
    const __m256i four = _mm256_set1_epi64x(4);
    const __m256i lane = _mm256_set1_epi64x(0x1FFF);
    const __m256i cards = _mm256_set1_epi64x(0x1FFF1FFF1FFF1FFFLL);
    const __m256i zero = _mm256_setzero_si256();
    __m256i seen = zero;
    int bad = 0;
    ptrdiff_t i = 0, k = 0;
    for (; i + 4 <= n; i += 4) {
        uint32_t x[4];
        __m256i m = pb_step4(masks, calls, width, i, one_call, n_calls, &bad, &seen, x, 1);
        /* one 16-byte record a lane: lanes 0, 2 and 1, 3 side by side, then unpacked */
        __m256i r02 = _mm256_inserti128_si256(_mm256_castsi128_si256(
            _mm_loadu_si128((const __m128i *)(er + 2 * (size_t)x[0]))),
            _mm_loadu_si128((const __m128i *)(er + 2 * (size_t)x[2])), 1);
        __m256i r13 = _mm256_inserti128_si256(_mm256_castsi128_si256(
            _mm_loadu_si128((const __m128i *)(er + 2 * (size_t)x[1]))),
            _mm_loadu_si128((const __m128i *)(er + 2 * (size_t)x[3])), 1);
        __m256i w0 = _mm256_unpacklo_epi64(r02, r13);
        __m256i w1 = _mm256_unpackhi_epi64(r02, r13);
        __m256i need0 = _mm256_and_si256(w0, cards);
        __m256i need1 = _mm256_and_si256(w1, cards);
        __m256i cls = _mm256_and_si256(_mm256_srli_epi64(w0, 14), three);
        __m256i is_straight = _mm256_cmpeq_epi64(cls, one);
        __m256i is_flush = _mm256_cmpeq_epi64(cls, two);
        __m256i is_high = _mm256_cmpeq_epi64(cls, three);

        /* the pool's rank profile */
        __m256i a = _mm256_and_si256(m, lane);
        __m256i b = _mm256_and_si256(_mm256_srli_epi64(m, 16), lane);
        __m256i c = _mm256_and_si256(_mm256_srli_epi64(m, 32), lane);
        __m256i d = _mm256_and_si256(_mm256_srli_epi64(m, 48), lane);
        __m256i ab = _mm256_or_si256(a, b), cd = _mm256_or_si256(c, d);
        __m256i ab2 = _mm256_and_si256(a, b), cd2 = _mm256_and_si256(c, d);
        __m256i ge1 = _mm256_or_si256(ab, cd);
        __m256i ge2 = _mm256_or_si256(_mm256_or_si256(ab2, cd2), _mm256_and_si256(ab, cd));
        __m256i ge3 = _mm256_or_si256(_mm256_and_si256(ab2, cd), _mm256_and_si256(cd2, ab));
        __m256i ge4 = _mm256_and_si256(ab2, cd2);
        __m256i P = _mm256_or_si256(_mm256_or_si256(ge1, _mm256_slli_epi64(ge2, 16)),
                                    _mm256_or_si256(_mm256_slli_epi64(ge3, 32), _mm256_slli_epi64(ge4, 48)));
        __m256i nranks = pb_popcount4(ge1);

        /* the subset tests (the straight's cards and the flush's profile skipped) */
        __m256i card_ok = _mm256_or_si256(_mm256_cmpeq_epi64(_mm256_and_si256(m, need0), need0), is_straight);
        __m256i prof_ok = _mm256_cmpeq_epi64(_mm256_and_si256(P, need1), need1);
        __m256i few = _mm256_cmpgt_epi64(_mm256_srli_epi64(w0, 61), nranks);
        __m256i ok = _mm256_andnot_si256(few, _mm256_and_si256(card_ok, _mm256_or_si256(prof_ok, is_flush)));

        /* exact straight: not all its ranks lone cards of one suit */
        __m256i single = _mm256_cmpeq_epi64(_mm256_and_si256(ge2, need1), zero);
        __m256i suit_done = _mm256_cmpeq_epi16(_mm256_andnot_si256(m, need0), zero);
        __m256i suited = _mm256_xor_si256(_mm256_cmpeq_epi64(suit_done, zero), _mm256_set1_epi64x(-1));
        __m256i bad_straight = _mm256_and_si256(is_straight, _mm256_and_si256(single, suited));

        /* exact flush: four lower cards of the suit that are not the four just under
         * the top (nor 2-5 under an Ace) */
        __m256i held = _mm256_and_si256(m, need1);
        __m256i nb = pb_popcount4(held);
        __m256i s0 = _mm256_xor_si256(_mm256_sub_epi64(need0, one),
                                      _mm256_sub_epi64(_mm256_srli_epi64(need0, 4), one));
        __m256i s1 = _mm256_xor_si256(_mm256_sub_epi64(_mm256_srli_epi64(need0, 8), one),
                                      _mm256_sub_epi64(_mm256_srli_epi64(need0, 12), one));
        __m256i ace = _mm256_cmpeq_epi64(_mm256_srli_epi64(w1, 61), one);
        __m256i straight_flush = _mm256_or_si256(_mm256_cmpeq_epi64(held, s0),
                                                 _mm256_and_si256(ace, _mm256_cmpeq_epi64(held, s1)));
        __m256i enough = _mm256_or_si256(_mm256_cmpgt_epi64(nb, four),
            _mm256_andnot_si256(straight_flush, _mm256_cmpeq_epi64(nb, four)));
        __m256i bad_flush = _mm256_andnot_si256(enough, is_flush);

        ok = _mm256_andnot_si256(_mm256_or_si256(_mm256_or_si256(bad_straight, bad_flush), is_high), ok);
        __m256i few_ranks = _mm256_cmpgt_epi64(_mm256_set1_epi64x(5), nranks);
        __m256i left = _mm256_or_si256(few_ranks, _mm256_and_si256(is_high, prof_ok));
        if (_mm256_movemask_pd(_mm256_castsi256_pd(few_ranks))) {
            /* under five cards the pool is the hand: exact counts (the next profile
             * bit clear), no other pair, no higher rank under a high card; pools of
             * five or more cards in under five ranks go to the general check */
            __m256i small = _mm256_cmpgt_epi64(_mm256_set1_epi64x(5), pb_popcount4(m));
            __m256i named = _mm256_and_si256(_mm256_or_si256(
                _mm256_or_si256(need1, _mm256_srli_epi64(need1, 16)),
                _mm256_or_si256(_mm256_srli_epi64(need1, 32), _mm256_srli_epi64(need1, 48))), lane);
            __m256i forbid = _mm256_or_si256(
                _mm256_slli_epi64(_mm256_or_si256(need1, _mm256_andnot_si256(named, lane)), 16),
                _mm256_and_si256(is_high, _mm256_andnot_si256(
                    _mm256_sub_epi64(_mm256_slli_epi64(need1, 1), one), lane)));
            __m256i exact = _mm256_andnot_si256(_mm256_or_si256(is_straight, is_flush),
                                                _mm256_cmpeq_epi64(_mm256_and_si256(P, forbid), zero));
            __m256i ok_small = _mm256_and_si256(_mm256_and_si256(card_ok, prof_ok),
                _mm256_or_si256(_mm256_and_si256(_mm256_cmpeq_epi64(need1, zero),
                                                 _mm256_cmpeq_epi64(cls, zero)), exact));
            ok = _mm256_blendv_epi8(ok, ok_small, small);
            left = _mm256_andnot_si256(small, left);
        }
        uint32_t word = pb_four_bytes(_mm256_movemask_pd(_mm256_castsi256_pd(ok)));
        __builtin_memcpy(out + i, &word, 4);
        unsigned other = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(left));
        k = pb_list4(later, k, other, i);
    }
    *n_later = k;
    *seen_cards |= pb_seen4(seen);
    *bad_index |= bad != 0;
    return i;
}
#endif

/* Checks a leading run of pairs on `path` (a multiple of eight, or four on AVX2); returns
 * how many it did (0 on the scalar path, or when this CPU cannot run `path`). ORs
 * every mask into *seen_cards and sets *bad_index when an index is outside
 * 0..n_calls-1 (that lane's answer is then meaningless: the caller raises). */
static inline ptrdiff_t pb_holds_batch(
    int path, const uint64_t *masks, const void *calls, int width, int32_t one_call,
    uint32_t n_calls, const uint64_t *qg0, const uint64_t *qg1, const uint64_t *er,
    uint64_t wild, int has_ranks, uint8_t *out, ptrdiff_t n,
    uint64_t *seen_cards, int *bad_index, int32_t *later, ptrdiff_t *n_later)
{
    *n_later = 0;
#ifdef PB_HAVE_X86_SIMD
    if (path == PB_PATH_AVX512 && er && (pb_cpu_paths() >> PB_PATH_AVX512 & 1))
        return pb_holds_avx512_exact(masks, calls, width, one_call, n_calls, er, out, n,
                                     seen_cards, bad_index, later, n_later);
    if (path == PB_PATH_AVX512 && (pb_cpu_paths() >> PB_PATH_AVX512 & 1))
        return pb_holds_avx512(masks, calls, width, one_call, n_calls, qg0, qg1, wild,
                               has_ranks, out, n, seen_cards, bad_index, later, n_later);
    if (path == PB_PATH_AVX2 && er && (pb_cpu_paths() >> PB_PATH_AVX2 & 1))
        return pb_holds_avx2_exact(masks, calls, width, one_call, n_calls, er, out, n,
                                   seen_cards, bad_index, later, n_later);
    if (path == PB_PATH_AVX2 && (pb_cpu_paths() >> PB_PATH_AVX2 & 1))
        return pb_holds_avx2(masks, calls, width, one_call, n_calls, qg0, qg1, wild,
                             has_ranks, out, n, seen_cards, bad_index, later, n_later);
#endif
    (void)path; (void)masks; (void)calls; (void)width; (void)one_call; (void)n_calls; (void)qg0;
    (void)qg1; (void)er; (void)wild; (void)has_ranks; (void)out; (void)n; (void)seen_cards; (void)bad_index;
    (void)later;
    return 0;
}

/* Cheung's batch: the count tests of a leading run of pairs on `path` (a multiple of
 * sixteen, or eight on AVX2); returns how many it did (0: scalar, or a path this CPU
 * cannot run). Lanes left for the record rules (pb_cheung_rules) and the exact check
 * are listed in `later`; masks and calls hold n_ahead >= n pairs (read by the
 * prefetch only). */
static inline ptrdiff_t pb_cheung_batch(
    int path, const uint64_t *masks, const void *calls, int width, int32_t one_call,
    uint32_t n_calls, const uint64_t *cnt, const uint64_t *sure, uint8_t *out, ptrdiff_t n, ptrdiff_t n_ahead,
    uint64_t *seen_cards, int *bad_index, int32_t *later, ptrdiff_t *n_later, int *crowded)
{
    *n_later = 0;
#ifdef PB_HAVE_X86_SIMD
    if (path == PB_PATH_AVX512 && (pb_cpu_paths() >> PB_PATH_AVX512 & 1))
        return pb_cheung_avx512(masks, calls, width, one_call, n_calls, cnt, sure, out, n, n_ahead,
                                seen_cards, bad_index, later, n_later, crowded);
    if (path == PB_PATH_AVX2 && (pb_cpu_paths() >> PB_PATH_AVX2 & 1))
        return pb_cheung_avx2(masks, calls, width, one_call, n_calls, cnt, sure, out, n, n_ahead,
                              seen_cards, bad_index, later, n_later, crowded);
#endif
    (void)path; (void)masks; (void)calls; (void)width; (void)one_call; (void)n_calls; (void)cnt;
    (void)sure; (void)out; (void)n; (void)n_ahead; (void)seen_cards; (void)bad_index; (void)later;
    (void)crowded;
    return 0;
}

/* After pb_cheung_batch on `path`: the lanes it left (`later`, k of them, room for
 * k + 8) that the record rules decide get their answers in `out`; the others are
 * listed again at the front of `later` (the sure rule and the exact check are the
 * caller's); returns how many. The same `path` the batch ran on. */
static inline ptrdiff_t pb_cheung_rules(
    int path, const uint64_t *masks, const void *calls, int width, int32_t one_call,
    uint32_t n_calls, const uint64_t *cnt, uint8_t *out, int32_t *later, ptrdiff_t k)
{
#ifdef PB_HAVE_X86_SIMD
    if (path == PB_PATH_AVX512 && (pb_cpu_paths() >> PB_PATH_AVX512 & 1))
        return pb_cheung_rules_avx512(masks, calls, width, one_call, n_calls, cnt, out, later, k);
    if (path == PB_PATH_AVX2 && (pb_cpu_paths() >> PB_PATH_AVX2 & 1))
        return pb_cheung_rules_avx2(masks, calls, width, one_call, n_calls, cnt, out, later, k);
#endif
    (void)path; (void)masks; (void)calls; (void)width; (void)one_call; (void)n_calls; (void)cnt;
    (void)out; (void)later;
    return k;
}

#ifndef PB_HAVE_X86_SIMD
static inline int pb_cpu_paths(void) { return 1 << PB_PATH_SCALAR; }
#endif

/* A hint that `p` is read soon; nothing where the compiler has no such hint. */
#if defined(__GNUC__) || defined(__clang__)
#define pb_prefetch(p) __builtin_prefetch(p)
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <xmmintrin.h>
#define pb_prefetch(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#else
#define pb_prefetch(p) ((void)(p))
#endif

#endif
