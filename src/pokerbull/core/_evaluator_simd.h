/* The evaluator's common_hand (see _evaluator.pxi) on many pools at once: sixteen
 * a step with AVX-512, eight with AVX2, each pool in one 32-bit lane per half of
 * its mask (lanes a | b << 16 and c | d << 16). The same values as the scalar
 * common_hand, by a leaner route that fits vectors: the group ranks (the triplet,
 * or the two highest pairs) and the best straight come from leading-zero counts,
 * and only the kickers' five highest ranks are read from a table (one gather).
 * Full houses and quads are judged here too, by the same counts; pools with a
 * flush are not: their indices are listed in `rare` (room for one vector step
 * beyond `n` is needed) for the scalar rare_hand.
 *
 * The caller picks the path (see _simd.h); on a path this CPU (or compiler) cannot
 * run, pb_plain_hands_simd does nothing and returns 0, and the scalar loop does
 * all the work.
 */
#ifndef POKERBULL_EVALUATOR_SIMD_H
#define POKERBULL_EVALUATOR_SIMD_H

#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "_simd.h"

/* The table path's slot values (see "the table path" below): class << 20 | roles of
 * each rank multiset of one to seven cards, by slot, then (from PB_EV_FLUSH_AT) of
 * each suit lane of five cards or more, by its 13 bits. */
#define PB_EV_SLOTS 120096u          /* 54560 + 2^16 */
#define PB_EV_FLUSH_AT PB_EV_SLOTS
static uint32_t pb_ev_slot_hand[PB_EV_FLUSH_AT + 8192];

/* value fields (see _pure_evaluator.py): class << 20 | five role nibbles */
#define PB_EV_STRAIGHT (4u << 20)
#define PB_EV_FULL_HOUSE (6u << 20)
#define PB_EV_QUADS (7u << 20)
/* which kicker nibbles count, by class: high card, pair, two pair, trips */
#define PB_EV_KEEP0 0xFFFFF
#define PB_EV_KEEP1 0x0FFF0
#define PB_EV_KEEP2 0x00F00
#define PB_EV_KEEP3 0x0FF00

#ifdef PB_HAVE_X86_SIMD

#define PB_EV_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512cd,avx512bitalg")))

/* class | the highest rank of `first` (nibble, bits 16..19) | the highest rank of
 * `second` other than that one (bits 12..15): a full house or four of a kind. */
PB_EV_TARGET static inline __m512i pb_ranked_hand16(__m512i cls, __m512i first, __m512i second)
{
    const __m512i thirty_two = _mm512_set1_epi32(32);
    __m512i lz = _mm512_lzcnt_epi32(first);
    __m512i top = _mm512_srlv_epi32(_mm512_set1_epi32((int)0x80000000u), lz);
    return _mm512_ternarylogic_epi32(cls,
        _mm512_slli_epi32(_mm512_sub_epi32(thirty_two, lz), 16),
        _mm512_slli_epi32(_mm512_sub_epi32(thirty_two, _mm512_lzcnt_epi32(_mm512_xor_si512(second, top))), 12),
        0xFE);
}

/* common_hand of sixteen pools given as the low (a | b << 16) and high (c | d << 16)
 * halves of their masks: the values (class << 20 | roles, one a lane), and in `*odd`
 * the pools with a suit lane of five cards or more (rare_hand weighs those). */
PB_EV_TARGET static inline __m512i pb_common_hands16(__m512i lo, __m512i hi, const uint32_t *top_five,
                                                     __mmask16 *odd)
{
    const __m512i lane = _mm512_set1_epi32(0x1FFF);
    const __m512i low20 = _mm512_set1_epi32(0xFFFFF);
    const __m512i top_bit = _mm512_set1_epi32((int)0x80000000u);
    const __m512i thirty_two = _mm512_set1_epi32(32);
    const __m512i one = _mm512_set1_epi32(1);
    const __m512i three = _mm512_set1_epi32(3);
    const __m512i keep = _mm512_setr_epi32(PB_EV_KEEP0, PB_EV_KEEP1, PB_EV_KEEP2, PB_EV_KEEP3,
                                           0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m512i straight_base = _mm512_set1_epi32((int)(PB_EV_STRAIGHT | (35u << 16)));
    const __m512i full_house = _mm512_set1_epi32((int)PB_EV_FULL_HOUSE);
    const __m512i quads = _mm512_set1_epi32((int)PB_EV_QUADS);
    const __m512i three16 = _mm512_set1_epi16(3);
    const __m512i five_or_more = _mm512_set1_epi32(0x00180018);
    __m512i a = _mm512_and_si512(lo, lane), b = _mm512_srli_epi32(lo, 16);
    __m512i c = _mm512_and_si512(hi, lane), d = _mm512_srli_epi32(hi, 16);
    __m512i ab = _mm512_and_si512(a, b), cd = _mm512_and_si512(c, d);
    __m512i a_b = _mm512_or_si512(a, b), c_d = _mm512_or_si512(c, d);
    __m512i ge1 = _mm512_or_si512(a_b, c_d);
    /* ge2 = ab | cd | (a_b & c_d); ge3 = (ab & c_d) | (cd & a_b) */
    __m512i ge2 = _mm512_ternarylogic_epi32(ab, cd, _mm512_and_si512(a_b, c_d), 0xFE);
    __m512i ge3 = _mm512_ternarylogic_epi32(_mm512_and_si512(ab, c_d), cd, a_b, 0xF8);
    /* the highest rank held twice (h1, nibble 32 - lz1, 0 if none), then the next */
    __m512i lz1 = _mm512_lzcnt_epi32(ge2);
    __m512i h1 = _mm512_srlv_epi32(top_bit, lz1);
    __m512i rest = _mm512_xor_si512(ge2, h1);
    __m512i lz2 = _mm512_lzcnt_epi32(rest);
    __m512i h2 = _mm512_srlv_epi32(top_bit, lz2);
    __mmask16 has1 = _mm512_test_epi32_mask(ge2, ge2);
    __mmask16 has2 = _mm512_test_epi32_mask(rest, rest);
    __mmask16 trips = _mm512_test_epi32_mask(ge3, ge3);
    __m512i groups = _mm512_or_si512(_mm512_slli_epi32(_mm512_sub_epi32(thirty_two, lz1), 16),
                                     _mm512_slli_epi32(_mm512_sub_epi32(thirty_two, lz2), 12));
    __m512i count = _mm512_add_epi32(_mm512_maskz_mov_epi32(has1, one),
                                     _mm512_maskz_mov_epi32(has2, one));
    __m512i cls = _mm512_mask_mov_epi32(count, trips, three);
    __m512i kick = _mm512_xor_si512(ge1, _mm512_or_si512(h1, h2));
    __m512i five = _mm512_and_si512(_mm512_i32gather_epi32(kick, (const void *)top_five, 4), low20);
    __m512i kickers = _mm512_and_si512(_mm512_srlv_epi32(five, _mm512_slli_epi32(count, 2)),
                                       _mm512_permutexvar_epi32(cls, keep));
    __m512i v = _mm512_ternarylogic_epi32(_mm512_slli_epi32(cls, 20), groups, kickers, 0xFE);
    /* straights: bit j of run when ranks j-1 .. j+3 are held (rank -1: the Ace low);
     * the best has top nibble j + 4 = 35 - lzcnt(run) */
    __m512i x = _mm512_or_si512(_mm512_slli_epi32(ge1, 1), _mm512_srli_epi32(ge1, 12));
    __m512i run = _mm512_ternarylogic_epi32(x, _mm512_srli_epi32(x, 1), _mm512_srli_epi32(x, 2), 0x80);
    run = _mm512_ternarylogic_epi32(run, _mm512_srli_epi32(x, 3), _mm512_srli_epi32(x, 4), 0x80);
    __m512i straight = _mm512_maskz_sub_epi32(_mm512_test_epi32_mask(run, run), straight_base,
                                              _mm512_slli_epi32(_mm512_lzcnt_epi32(run), 16));
    v = _mm512_max_epu32(v, straight);
    /* a full house: the highest triplet, then the highest other rank held twice */
    v = _mm512_mask_max_epu32(v, trips & has2, v, pb_ranked_hand16(full_house, ge3, ge2));
    /* four of a kind: the rank, then the highest other rank as kicker */
    __m512i ge4 = _mm512_and_si512(ab, cd);
    v = _mm512_mask_max_epu32(v, _mm512_test_epi32_mask(ge4, ge4), v, pb_ranked_hand16(quads, ge4, ge1));
    /* rare: a suit lane of five cards or more (rare_hand weighs it against the rest) */
    __m512i counts = _mm512_or_si512(_mm512_add_epi16(_mm512_popcnt_epi16(lo), three16),
                                     _mm512_add_epi16(_mm512_popcnt_epi16(hi), three16));
    *odd = _mm512_test_epi32_mask(counts, five_or_more);
    return v;
}

/* The odd pools (a suit lane of five cards or more) of at most seven cards take their
 * flush (or straight flush) from the table's flush part at that lane's bits: beside
 * five cards of a suit, two more make neither a full house nor four of a kind. They
 * leave `*odd`; bigger ones stay for rare_hand. */
PB_EV_TARGET static inline __m512i pb_flushes16(__m512i lo, __m512i hi, __m512i v, __mmask16 *odd)
{
    const __m512i ones16 = _mm512_set1_epi16(1), four16 = _mm512_set1_epi16(4);
    __m512i count_lo = _mm512_popcnt_epi16(lo), count_hi = _mm512_popcnt_epi16(hi);
    __m512i cards = _mm512_add_epi32(_mm512_madd_epi16(count_lo, ones16), _mm512_madd_epi16(count_hi, ones16));
    __mmask16 small = _mm512_mask_cmple_epu32_mask(*odd, cards, _mm512_set1_epi32(7));
    __m512i suit = _mm512_or_si512(_mm512_maskz_mov_epi16(_mm512_cmpgt_epu16_mask(count_lo, four16), lo),
                                   _mm512_maskz_mov_epi16(_mm512_cmpgt_epu16_mask(count_hi, four16), hi));
    __m512i lane = _mm512_and_si512(_mm512_or_si512(suit, _mm512_srli_epi32(suit, 16)), _mm512_set1_epi32(0x1FFF));
    *odd &= (__mmask16)~small;
    return _mm512_mask_i32gather_epi32(v, small, lane, (const void *)(pb_ev_slot_hand + PB_EV_FLUSH_AT), 4);
}

/* Store sixteen values (with the tier) and list the odd pools' indices (`index`). */
PB_EV_TARGET static inline ptrdiff_t pb_store_hands16(int64_t *out, __m512i v, __m512i tiers,
                                                      __mmask16 odd, __m512i index, int32_t *rare,
                                                      ptrdiff_t k)
{
    __m512i v0 = _mm512_cvtepu32_epi64(_mm512_castsi512_si256(v));
    __m512i v1 = _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(v, 1));
    _mm512_storeu_si512((void *)out, _mm512_or_si512(_mm512_slli_epi64(v0, 17), tiers));
    _mm512_storeu_si512((void *)(out + 8), _mm512_or_si512(_mm512_slli_epi64(v1, 17), tiers));
    /* compress in a register, then a plain store: a compressing store to memory
     * is microcoded and very slow on AMD Zen 4 */
    _mm512_storeu_si512((void *)(rare + k), _mm512_maskz_compress_epi32(odd, index));
    return k + __builtin_popcount((unsigned)odd);
}

PB_EV_TARGET static ptrdiff_t pb_plain_hands_avx512(
    const uint64_t *masks, int64_t *out, ptrdiff_t n, uint64_t tier,
    const uint32_t *top_five, int32_t *rare, ptrdiff_t *n_rare, uint64_t *seen, uint64_t *empty)
{
    const __m512i ones = _mm512_set1_epi64(-1);
    __m512i all = _mm512_setzero_si512(), none = _mm512_setzero_si512();
    const __m512i tiers = _mm512_set1_epi64((long long)tier);
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd_dw = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    const __m512i sixteen = _mm512_set1_epi32(16);
    __m512i index = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    ptrdiff_t i = 0, k = 0;
    for (; i + 16 <= n; i += 16, index = _mm512_add_epi32(index, sixteen)) {
        __m512i m0 = _mm512_loadu_si512((const void *)(masks + i));
        __m512i m1 = _mm512_loadu_si512((const void *)(masks + i + 8));
        __m512i lo = _mm512_permutex2var_epi32(m0, even, m1);     /* a | b << 16 */
        __m512i hi = _mm512_permutex2var_epi32(m0, odd_dw, m1);   /* c | d << 16 */
        __mmask16 odd;
        /* the masks' union, and bit 63 of (m - 1) & ~m: set only by an empty mask */
        all = _mm512_ternarylogic_epi64(all, m0, m1, 0xFE);
        none = _mm512_ternarylogic_epi64(none, _mm512_andnot_si512(m0, _mm512_add_epi64(m0, ones)),
                                         _mm512_andnot_si512(m1, _mm512_add_epi64(m1, ones)), 0xFE);
        __m512i v = pb_common_hands16(lo, hi, top_five, &odd);
        if (odd)
            v = pb_flushes16(lo, hi, v, &odd);
        k = pb_store_hands16(out + i, v, tiers, odd, index, rare, k);
    }
    *n_rare = k;
    *seen = (uint64_t)_mm512_reduce_or_epi64(all);
    *empty = (uint64_t)_mm512_reduce_or_epi64(none);
    return i;
}

#define PB_EV_ROWS_TARGET \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512cd,avx512bitalg,avx512vpopcntdq,avx512vbmi")))

/* pb_plain_hands_avx512 on rows of k (1 to 8) uint8 card indices, `step` = k bytes
 * apart (contiguous rows), sixteen rows a step: two loads take the 16 k bytes, a
 * byte permute per column puts each row's card in its lane, a 64-entry byte table
 * its bit position (indices from 52: the jokers' bits; past 53, and 64 or more: no
 * bit at all). The rows' masks go to `masks` (rare_hand reads them). Stops before
 * the first step holding a row with fewer bits than cards (an index past the deck
 * or a card twice); `*seen` gets the union of the masks read. */
PB_EV_ROWS_TARGET static ptrdiff_t pb_rows_avx512(
    const uint8_t *base, int k, ptrdiff_t n, uint64_t *masks, int64_t *out, uint64_t tier,
    const uint32_t *top_five, int32_t *rare, ptrdiff_t *n_rare, uint64_t *seen)
{
    const __m512i tiers = _mm512_set1_epi64((long long)tier);
    const __m512i sixteen = _mm512_set1_epi32(16);
    const __m512i one = _mm512_set1_epi32(1);
    const __m512i thirty_two = _mm512_set1_epi32(32);
    const __m512i high_bits = _mm512_set1_epi32(0xC0);
    const __m512i width = _mm512_set1_epi32(k);
    const __m512i first = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    const __m512i second = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    /* bit positions of card indices 0..63 (13 * suit + rank -> 16 * suit + rank) */
    __m512i positions;
    {
        uint8_t table[64];
        int c;
        for (c = 0; c < 64; c++) table[c] = 0xFF;
        for (c = 0; c < 52; c++) table[c] = (uint8_t)(16 * (c / 13) + c % 13);
        table[52] = 13;
        table[53] = 29;
        positions = _mm512_loadu_si512((const void *)table);
    }
    /* byte j of row L sits at L k + j: the byte permute's index, in byte 0 of lane L */
    __m512i row_start = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                                             12, 13, 14, 15), width);
    __m512i index = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __mmask64 low_bytes = 0x1111111111111111ull;
    const int bytes = 16 * k;
    const __mmask64 first_half = bytes >= 64 ? ~0ull : (1ull << bytes) - 1;
    const __mmask64 second_half = bytes <= 64 ? 0 : bytes >= 128 ? ~0ull : (1ull << (bytes - 64)) - 1;
    __m512i all_lo = _mm512_setzero_si512(), all_hi = _mm512_setzero_si512();
    ptrdiff_t i = 0, kk = 0;
    for (; i + 16 <= n; i += 16, index = _mm512_add_epi32(index, sixteen)) {
        const uint8_t *rows = base + i * k;
        __m512i r0 = _mm512_maskz_loadu_epi8(first_half, (const void *)rows);
        __m512i r1 = _mm512_maskz_loadu_epi8(second_half, (const void *)(rows + 64));
        __m512i lo = _mm512_setzero_si512(), hi = _mm512_setzero_si512();
        __m512i at = row_start;
        int j;
        for (j = 0; j < k; j++, at = _mm512_add_epi32(at, one)) {
            __m512i card = _mm512_maskz_permutex2var_epi8(low_bytes, r0, at, r1);
            __m512i p = _mm512_maskz_permutexvar_epi8(low_bytes, card, positions);
            p = _mm512_or_si512(p, _mm512_and_si512(card, high_bits));   /* 64 or more: no bit */
            lo = _mm512_or_si512(lo, _mm512_sllv_epi32(one, p));
            hi = _mm512_or_si512(hi, _mm512_sllv_epi32(one, _mm512_sub_epi32(p, thirty_two)));
        }
        __m512i cards = _mm512_add_epi32(_mm512_popcnt_epi32(lo), _mm512_popcnt_epi32(hi));
        if (_mm512_cmpneq_epi32_mask(cards, width))
            break;
        /* lo and hi hold a row a 32-bit lane: their unions are the union's halves (not
         * lo | hi << 32 by 64-bit lanes: that hid an odd row's joker from the check) */
        all_lo = _mm512_or_si512(all_lo, lo);
        all_hi = _mm512_or_si512(all_hi, hi);
        _mm512_storeu_si512((void *)(masks + i), _mm512_permutex2var_epi32(lo, first, hi));
        _mm512_storeu_si512((void *)(masks + i + 8), _mm512_permutex2var_epi32(lo, second, hi));
        __mmask16 odd;
        __m512i v = pb_common_hands16(lo, hi, top_five, &odd);
        kk = pb_store_hands16(out + i, v, tiers, odd, index, rare, kk);
    }
    *seen = (uint64_t)(uint32_t)_mm512_reduce_or_epi32(all_lo)
            | (uint64_t)(uint32_t)_mm512_reduce_or_epi32(all_hi) << 32;
    *n_rare = kk;
    return i;
}
/* Highest set bit + 1 of each 32-bit lane (0 for an empty lane), for values under
 * 2^24: the exponent of the lane converted to float. */
PB_AVX2 static inline __m256i pb_bit_length8(__m256i x)
{
    __m256i e = _mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(x)), 23);
    return _mm256_max_epi32(_mm256_sub_epi32(e, _mm256_set1_epi32(126)), _mm256_setzero_si256());
}

/* pb_ranked_hand16 on eight lanes. */
PB_AVX2 static inline __m256i pb_ranked_hand8(__m256i cls, __m256i first, __m256i second)
{
    const __m256i one = _mm256_set1_epi32(1);
    __m256i len = pb_bit_length8(first);
    __m256i top = _mm256_sllv_epi32(one, _mm256_sub_epi32(len, one));
    return _mm256_or_si256(_mm256_or_si256(cls, _mm256_slli_epi32(len, 16)),
                           _mm256_slli_epi32(pb_bit_length8(_mm256_xor_si256(second, top)), 12));
}

/* The AVX2 twin of pb_plain_hands_avx512, eight pools a step. */
PB_AVX2 static ptrdiff_t pb_plain_hands_avx2(
    const uint64_t *masks, int64_t *out, ptrdiff_t n, uint64_t tier,
    const uint32_t *top_five, int32_t *rare, ptrdiff_t *n_rare, uint64_t *seen, uint64_t *empty)
{
    const __m256i ones = _mm256_set1_epi64x(-1);
    __m256i all = _mm256_setzero_si256(), none = _mm256_setzero_si256();
    uint64_t lanes[4];
    const __m256i lane = _mm256_set1_epi32(0x1FFF);
    const __m256i low20 = _mm256_set1_epi32(0xFFFFF);
    const __m256i one = _mm256_set1_epi32(1);
    const __m256i three = _mm256_set1_epi32(3);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i keep = _mm256_setr_epi32(PB_EV_KEEP0, PB_EV_KEEP1, PB_EV_KEEP2, PB_EV_KEEP3,
                                           0, 0, 0, 0);
    const __m256i straight_base = _mm256_set1_epi32((int)(PB_EV_STRAIGHT | (3u << 16)));
    const __m256i full_house = _mm256_set1_epi32((int)PB_EV_FULL_HOUSE);
    const __m256i quads = _mm256_set1_epi32((int)PB_EV_QUADS);
    const __m256i split = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                           0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    const __m256i ones8 = _mm256_set1_epi8(1);
    const __m256i four16 = _mm256_set1_epi16(4);
    const __m256i tiers = _mm256_set1_epi64x((long long)tier);
    ptrdiff_t i = 0, k = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i q0 = _mm256_loadu_si256((const __m256i *)(masks + i));
        __m256i q1 = _mm256_loadu_si256((const __m256i *)(masks + i + 4));
        /* the masks' union, and bit 63 of (m - 1) & ~m: set only by an empty mask */
        all = _mm256_or_si256(all, _mm256_or_si256(q0, q1));
        none = _mm256_or_si256(none, _mm256_or_si256(_mm256_andnot_si256(q0, _mm256_add_epi64(q0, ones)),
                                                     _mm256_andnot_si256(q1, _mm256_add_epi64(q1, ones))));
        __m256i p0 = _mm256_permutevar8x32_epi32(q0, split);
        __m256i p1 = _mm256_permutevar8x32_epi32(q1, split);
        __m256i lo = _mm256_permute2x128_si256(p0, p1, 0x20);     /* a | b << 16 */
        __m256i hi = _mm256_permute2x128_si256(p0, p1, 0x31);     /* c | d << 16 */
        __m256i a = _mm256_and_si256(lo, lane), b = _mm256_srli_epi32(lo, 16);
        __m256i c = _mm256_and_si256(hi, lane), d = _mm256_srli_epi32(hi, 16);
        __m256i ab = _mm256_and_si256(a, b), cd = _mm256_and_si256(c, d);
        __m256i a_b = _mm256_or_si256(a, b), c_d = _mm256_or_si256(c, d);
        __m256i ge1 = _mm256_or_si256(a_b, c_d);
        __m256i ge2 = _mm256_or_si256(_mm256_or_si256(ab, cd), _mm256_and_si256(a_b, c_d));
        __m256i ge3 = _mm256_or_si256(_mm256_and_si256(ab, c_d), _mm256_and_si256(cd, a_b));
        /* the highest rank held twice (nibble len1, bit h1; 0 if none), then the next */
        __m256i len1 = pb_bit_length8(ge2);
        __m256i h1 = _mm256_sllv_epi32(one, _mm256_sub_epi32(len1, one));   /* 0 when len1 = 0 */
        __m256i rest = _mm256_xor_si256(ge2, h1);
        __m256i len2 = pb_bit_length8(rest);
        __m256i h2 = _mm256_sllv_epi32(one, _mm256_sub_epi32(len2, one));
        __m256i has1 = _mm256_cmpgt_epi32(len1, zero), has2 = _mm256_cmpgt_epi32(len2, zero);
        __m256i trips = _mm256_xor_si256(_mm256_cmpeq_epi32(ge3, zero), _mm256_set1_epi32(-1));
        __m256i groups = _mm256_or_si256(_mm256_slli_epi32(len1, 16), _mm256_slli_epi32(len2, 12));
        __m256i count = _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_add_epi32(has1, has2));
        __m256i cls = _mm256_blendv_epi8(count, three, trips);
        __m256i kick = _mm256_xor_si256(ge1, _mm256_or_si256(h1, h2));
        __m256i five = _mm256_and_si256(_mm256_i32gather_epi32((const int *)top_five, kick, 4), low20);
        __m256i kickers = _mm256_and_si256(_mm256_srlv_epi32(five, _mm256_slli_epi32(count, 2)),
                                           _mm256_permutevar8x32_epi32(keep, cls));
        __m256i v = _mm256_or_si256(_mm256_or_si256(_mm256_slli_epi32(cls, 20), groups), kickers);
        /* straights: bit j of run when ranks j-1 .. j+3 are held; top nibble j + 4 */
        __m256i x = _mm256_or_si256(_mm256_slli_epi32(ge1, 1), _mm256_srli_epi32(ge1, 12));
        __m256i run = _mm256_and_si256(_mm256_and_si256(x, _mm256_srli_epi32(x, 1)),
                                       _mm256_and_si256(_mm256_srli_epi32(x, 2), _mm256_srli_epi32(x, 3)));
        run = _mm256_and_si256(run, _mm256_srli_epi32(x, 4));
        __m256i straight = _mm256_andnot_si256(_mm256_cmpeq_epi32(run, zero), _mm256_add_epi32(
            straight_base, _mm256_slli_epi32(pb_bit_length8(run), 16)));
        v = _mm256_max_epu32(v, straight);
        /* a full house: the highest triplet, then the highest other rank held twice */
        v = _mm256_max_epu32(v, _mm256_and_si256(_mm256_and_si256(trips, has2),
                                                 pb_ranked_hand8(full_house, ge3, ge2)));
        /* four of a kind: the rank, then the highest other rank as kicker */
        __m256i ge4 = _mm256_and_si256(ab, cd);
        v = _mm256_max_epu32(v, _mm256_andnot_si256(_mm256_cmpeq_epi32(ge4, zero),
                                                    pb_ranked_hand8(quads, ge4, ge1)));
        /* rare: a suit lane of five cards or more (rare_hand weighs it against the rest) */
        __m256i blo = _mm256_add_epi8(_mm256_shuffle_epi8(table, _mm256_and_si256(lo, nibble)),
            _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(lo, 4), nibble)));
        __m256i bhi = _mm256_add_epi8(_mm256_shuffle_epi8(table, _mm256_and_si256(hi, nibble)),
            _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(hi, 4), nibble)));
        /* cards per suit lane (byte pairs summed), five or more in either half */
        __m256i most = _mm256_max_epu16(_mm256_maddubs_epi16(blo, ones8), _mm256_maddubs_epi16(bhi, ones8));
        __m256i odd = _mm256_cmpgt_epi16(most, four16);
        unsigned flags = (unsigned)_mm256_movemask_ps(
            _mm256_castsi256_ps(_mm256_or_si256(odd, _mm256_slli_epi32(odd, 16))));
        __m256i v0 = _mm256_cvtepu32_epi64(_mm256_castsi256_si128(v));
        __m256i v1 = _mm256_cvtepu32_epi64(_mm256_extracti128_si256(v, 1));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_or_si256(_mm256_slli_epi64(v0, 17), tiers));
        _mm256_storeu_si256((__m256i *)(out + i + 4), _mm256_or_si256(_mm256_slli_epi64(v1, 17), tiers));
        /* the flagged pools' indices, packed by a table: no branch on the flags */
        __m256i at = _mm256_add_epi32(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)pb_packed_bits[flags])),
                                      _mm256_set1_epi32((int)i));
        _mm256_storeu_si256((__m256i *)(rare + k), at);
        k += __builtin_popcount(flags);
    }
    *n_rare = k;
    _mm256_storeu_si256((__m256i *)lanes, all);
    *seen = lanes[0] | lanes[1] | lanes[2] | lanes[3];
    _mm256_storeu_si256((__m256i *)lanes, none);
    *empty = lanes[0] | lanes[1] | lanes[2] | lanes[3];
    return i;
}
#endif

/* Judges a leading run of pools on `path` (indices relative to `masks`, listed in
 * `rare` when rare_hand must judge them); returns how many it did. `top_five`:
 * the five highest ranks of each 13-bit rank set as nibbles (bits 0..19). Any mask
 * is read safely: `*seen` gets the union of the masks done, and bit 63 of `*empty`
 * is set when one of them is empty (the caller checks them before it trusts or
 * hands on any value). */
static inline ptrdiff_t pb_plain_hands_simd(
    int path, const uint64_t *masks, int64_t *out, ptrdiff_t n, uint64_t tier,
    const uint32_t *top_five, int32_t *rare, ptrdiff_t *n_rare, uint64_t *seen, uint64_t *empty)
{
    *n_rare = 0;
    *seen = *empty = 0;
#ifdef PB_HAVE_X86_SIMD
    if (path == PB_PATH_AVX512 && (pb_cpu_paths() >> PB_PATH_AVX512 & 1))
        return pb_plain_hands_avx512(masks, out, n, tier, top_five, rare, n_rare, seen, empty);
    if (path == PB_PATH_AVX2 && (pb_cpu_paths() >> PB_PATH_AVX2 & 1))
        return pb_plain_hands_avx2(masks, out, n, tier, top_five, rare, n_rare, seen, empty);
#endif
    (void)path; (void)masks; (void)out; (void)n; (void)tier; (void)top_five; (void)rare;
    return 0;
}

/* pb_rows_avx512 where the path is AVX-512 and the CPU has VBMI (byte permutes),
 * for 1 to 8 cards a row; else nothing (returns 0): the caller reads the rows. */
static inline ptrdiff_t pb_rows_simd(
    int path, const uint8_t *base, int k, ptrdiff_t n, uint64_t *masks, int64_t *out,
    uint64_t tier, const uint32_t *top_five, int32_t *rare, ptrdiff_t *n_rare, uint64_t *seen)
{
    *n_rare = 0;
    *seen = 0;
#ifdef PB_HAVE_X86_SIMD
    static int vbmi = -1;
    if (vbmi < 0) vbmi = __builtin_cpu_supports("avx512vbmi") ? 1 : 0;
    if (path == PB_PATH_AVX512 && vbmi && k >= 1 && k <= 8 && (pb_cpu_paths() >> PB_PATH_AVX512 & 1))
        return pb_rows_avx512(base, k, n, masks, out, tier, top_five, rare, n_rare, seen);
#endif
    (void)path; (void)base; (void)k; (void)n; (void)masks; (void)out; (void)tier; (void)top_five;
    (void)rare;
    return 0;
}

/* ---- the table path: pools of at most seven cards, in portable C ----------------
 *
 * Every pool of one to seven natural cards without a flush is judged by its rank
 * counts alone, and there are only 76,154 such multisets (at most four of a rank).
 * Each gets a code, the sum of its cards' rank codes (pb_ev_rank_code: the smallest
 * increasing numbers whose sums over those multisets are all distinct, found by a
 * greedy search; every code is under 2^25), read from a pool mask with one table
 * lookup per suit lane; a perfect hash (hash and displace: a multiply, then a
 * 16-bit displacement per bucket) places the codes in 2^17 slots holding each
 * multiset's value (class << 20 | roles), filled once by the scalar judge.
 * A lane's entry also holds its number of cards (bits 25..30) and, in bit 31, a
 * flag when the lane holds five cards or more: summed over the four lanes, bits
 * 25..31 read 1 to 7 exactly for a pool of one to seven cards without a possible
 * flush (two flagged lanes carry out of bit 31, but hold ten cards); any other pool
 * is listed for the caller's general loop. This is the scalar path's kernel (what
 * CPUs without AVX2 run); no builtin beyond a population count.
 */
#if defined(_MSC_VER)
#include <intrin.h>
#define PB_EV_POPCOUNT64(x) ((int)__popcnt64(x))
#elif defined(__GNUC__) || defined(__clang__)
#define PB_EV_POPCOUNT64(x) __builtin_popcountll(x)
#else                                   /* any other C compiler: the bit-parallel count */
static inline int pb_ev_popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#define PB_EV_POPCOUNT64(x) pb_ev_popcount64(x)
#endif

#define PB_EV_MULTISETS 76154       /* one to seven cards, at most four of a rank */
#define PB_EV_CODE_BITS 25           /* pool codes are under 2^25; the card count above */
#define PB_EV_ROWS_AT_ONCE 1024      /* pools whose slots are found before they are read */

static const uint32_t pb_ev_rank_code[13] = {1, 5, 24, 112, 521, 2247, 9244, 30823, 103066,
                                             250154, 667453, 1526359, 3453520};

/* One perfect hash for each pool size (1 to 7 cards: 13, 91, 455, 1,820, 6,175, 18,395
 * and 49,205 multisets), so that a batch of one size reads a table of its own size
 * (a 5-card batch 64 KB, a 7-card one 256 KB), not one spread over every size. Size k
 * has 2^slot_bits[k] slots from slot_at[k] and 2^bucket_bits[k] buckets from
 * bucket_at[k]; entry 0 (no card, or eight: pools the table lists) reads as size 1. */
static const uint8_t pb_ev_slot_bits[8] = {5, 5, 8, 10, 12, 14, 15, 16};
static const uint8_t pb_ev_bucket_bits[8] = {3, 3, 6, 8, 10, 12, 13, 14};
static const uint32_t pb_ev_slot_at[8] = {0, 0, 32, 288, 1312, 5408, 21792, 54560};
static const uint32_t pb_ev_bucket_at[8] = {0, 0, 8, 72, 328, 1352, 5448, 13640};
#define PB_EV_BUCKETS 30024u         /* 13640 + 2^14 */
/* the multiplier of each size's hash: the first of these with which every bucket of
 * that size finds a displacement (chosen at build) */
static const uint64_t pb_ev_multipliers[8] = {
    0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full, 0x165667B19E3779F9ull, 0xD6E8FEB86659FD93ull,
    0xFF51AFD7ED558CCDull, 0xC4CEB9FE1A85EC53ull, 0x94D049BB133111EBull, 0xBF58476D1CE4E5B9ull};
static uint64_t pb_ev_hash[8];

static uint32_t pb_ev_lane_code[8192];   /* a suit lane's code | its cards << 25 | five or more << 31 */
static uint16_t pb_ev_bucket_shift[PB_EV_BUCKETS + 4];  /* 4 zeros: room for a 64-bit gather */
/* class << 20 | roles of each slot's multiset; from PB_EV_FLUSH_AT on, of each suit lane
 * of five cards or more (by its 13 bits): a row of at most seven cards holding such a
 * lane has that flush (or straight flush) for its best hand, so the row readers send
 * it there instead of to the multiset's slot */
/* (PB_EV_SLOTS, PB_EV_FLUSH_AT and pb_ev_slot_hand are declared at the top: the
 * AVX-512 kernel reads the flush part) */

/* The slot of a pool code of `k` cards (0 to 7; 0 reads as 1). */
static inline uint32_t pb_ev_slot(unsigned k, uint32_t code)
{
    uint64_t h = (uint64_t)code * pb_ev_hash[k];
    return pb_ev_slot_at[k] + (((uint32_t)(h >> 24)
        ^ pb_ev_bucket_shift[pb_ev_bucket_at[k] + (uint32_t)(h >> (64 - pb_ev_bucket_bits[k]))])
        & ((1u << pb_ev_slot_bits[k]) - 1));
}

/* Rows of card indices are read OMPEval's way: each card adds its entry of
 * pb_ev_card, a pair (key, bit). The key is the card's rank code (the same sum as
 * the lane codes) plus one in its suit's byte of the high half, each byte starting
 * at 3, so that bit 3 of a byte is set by five cards or more of that suit (a flush
 * is possible: the row is listed). The bits summed are the row's mask when its
 * cards are distinct; a card twice carries into another bit and an index past the
 * deck adds nothing, so the mask has as many bits as the row has cards exactly when
 * the row is good (a population count checks it). Where the compiler has vector
 * types (gcc, clang: SSE2 on x86-64, NEON on ARM) the pair is one 128-bit add a
 * card; elsewhere (or with PB_EV_NO_VECTOR_TYPES defined) two 64-bit adds. */
#define PB_EV_SUITS_START 0x0303030300000000ull
#define PB_EV_SUITS_FIVE 0x0808080800000000ull
#if (defined(__GNUC__) || defined(__clang__)) && !defined(PB_EV_NO_VECTOR_TYPES)
typedef uint64_t pb_ev_pair __attribute__((vector_size(16)));
#define PB_EV_PAIR_KEY(p) ((p)[0])
#define PB_EV_PAIR_BITS(p) ((p)[1])
#define PB_EV_PAIR_ADD(acc, q) ((acc) += (q))
#define PB_EV_PAIR_SET(p, key, bits) ((p)[0] = (key), (p)[1] = (bits))
#else
typedef struct { uint64_t key, bits; } pb_ev_pair;
#define PB_EV_PAIR_KEY(p) ((p).key)
#define PB_EV_PAIR_BITS(p) ((p).bits)
#define PB_EV_PAIR_ADD(acc, q) ((acc).key += (q).key, (acc).bits += (q).bits)
#define PB_EV_PAIR_SET(p, k_, b_) ((p).key = (k_), (p).bits = (b_))
#endif
static pb_ev_pair pb_ev_card[256];     /* by card index (13 * suit + rank; 52, 53 the jokers) */
/* Two cards' pairs summed, by 55 a + b for card indices a, b (54: any index past the
 * deck, which adds nothing): the row readers take two cards a load (48 KB). */
#define PB_EV_PAIR_CARDS 55
static pb_ev_pair pb_ev_card2[PB_EV_PAIR_CARDS * PB_EV_PAIR_CARDS];

static void pb_ev_build_cards(void)
{
    int c, rank, suit;
    for (c = 0; c < 256; c++) PB_EV_PAIR_SET(pb_ev_card[c], 0, 0);
    for (rank = 0; rank < 13; rank++)
        for (suit = 0; suit < 4; suit++)
            PB_EV_PAIR_SET(pb_ev_card[13 * suit + rank],
                           pb_ev_rank_code[rank] + (1ull << (32 + 8 * suit)),
                           1ull << (16 * suit + rank));
    PB_EV_PAIR_SET(pb_ev_card[52], 0, 1ull << 13);      /* jokers: seen in the mask only */
    PB_EV_PAIR_SET(pb_ev_card[53], 0, 1ull << 29);
    for (c = 0; c < PB_EV_PAIR_CARDS * PB_EV_PAIR_CARDS; c++) {
        pb_ev_card2[c] = pb_ev_card[c / PB_EV_PAIR_CARDS];   /* pb_ev_card[54] is empty */
        PB_EV_PAIR_ADD(pb_ev_card2[c], pb_ev_card[c % PB_EV_PAIR_CARDS]);
    }
}

typedef uint64_t (*pb_ev_judge)(uint64_t mask);

/* Place the codes of one pool size's multisets (`codes`, `masks`, `n`) in that size's
 * slots with `hash`: each bucket, largest first, takes the first displacement that
 * puts all its codes in free slots. False if some bucket finds none (or no memory). */
static int pb_ev_place(unsigned k, uint64_t hash, const uint32_t *codes, const uint64_t *masks,
                       int n, pb_ev_judge judge)
{
    const uint32_t nb = 1u << pb_ev_bucket_bits[k], slots = 1u << pb_ev_slot_bits[k];
    const unsigned down = 64 - pb_ev_bucket_bits[k];
    uint32_t *start = (uint32_t *)calloc(nb + 1, sizeof(uint32_t));
    uint32_t *order = (uint32_t *)malloc((size_t)n * sizeof(uint32_t));
    uint32_t *by_size = (uint32_t *)malloc(nb * sizeof(uint32_t));
    uint8_t *taken = (uint8_t *)calloc(slots, 1);
    uint32_t b, most = 0;
    int t, m = 0, size, q, ok = start && order && by_size && taken;
    /* the codes by bucket (counting sort), then the buckets, largest first */
    for (t = 0; ok && t < n; t++) start[(uint32_t)(((uint64_t)codes[t] * hash) >> down) + 1]++;
    for (b = 0; ok && b < nb; b++) start[b + 1] += start[b];
    for (t = 0; ok && t < n; t++) order[start[(uint32_t)(((uint64_t)codes[t] * hash) >> down)]++] = (uint32_t)t;
    for (b = nb; ok && b > 0; b--) start[b] = start[b - 1];
    if (ok) start[0] = 0;
    for (b = 0; ok && b < nb; b++)
        if (start[b + 1] - start[b] > most) most = start[b + 1] - start[b];
    for (size = (int)most; ok && size > 0; size--)
        for (b = 0; b < nb; b++)
            if (start[b + 1] - start[b] == (uint32_t)size) by_size[m++] = b;
    for (q = 0; ok && q < m; q++) {
        uint32_t lo = start[by_size[q]], hi = start[by_size[q] + 1], d, s, u;
        for (d = 0; d < slots; d++) {
            for (s = lo; s < hi; s++) {
                uint32_t slot = ((uint32_t)(((uint64_t)codes[order[s]] * hash) >> 24) ^ d) & (slots - 1);
                if (taken[slot]) break;
                taken[slot] = 2;
            }
            for (u = lo; u < s; u++)
                taken[((uint32_t)(((uint64_t)codes[order[u]] * hash) >> 24) ^ d) & (slots - 1)] = 0;
            if (s == hi) break;
        }
        if (d == slots) { ok = 0; break; }
        pb_ev_bucket_shift[pb_ev_bucket_at[k] + by_size[q]] = (uint16_t)d;
        for (s = lo; s < hi; s++) {
            uint32_t slot = ((uint32_t)(((uint64_t)codes[order[s]] * hash) >> 24) ^ d) & (slots - 1);
            taken[slot] = 1;
            pb_ev_slot_hand[pb_ev_slot_at[k] + slot] = (uint32_t)judge(masks[order[s]]);
        }
    }
    free(start); free(order); free(by_size); free(taken);
    return ok;
}

/* Fill the tables, `judge` giving class << 20 | roles of a pool; returns the number
 * of multisets placed, or -1 (out of memory, or a size that no multiplier places). */
static int pb_ev_build_tables(pb_ev_judge judge)
{
    uint32_t lane;
    int counts[13] = {0}, n = 0, r, q, c, t, total, ok, placed = 0;
    unsigned k, h;
    for (lane = 0; lane < 8192; lane++) {
        uint32_t code = 0, cards = (uint32_t)PB_EV_POPCOUNT64(lane);
        for (r = 0; r < 13; r++) if (lane >> r & 1) code += pb_ev_rank_code[r];
        pb_ev_lane_code[lane] = code | cards << PB_EV_CODE_BITS | (uint32_t)(cards >= 5) << 31;
    }
    pb_ev_build_cards();
    uint32_t *codes = (uint32_t *)malloc(PB_EV_MULTISETS * sizeof(uint32_t));
    uint64_t *masks = (uint64_t *)malloc(PB_EV_MULTISETS * sizeof(uint64_t));
    uint8_t *sizes = (uint8_t *)malloc(PB_EV_MULTISETS);
    uint32_t *group = (uint32_t *)malloc(PB_EV_MULTISETS * sizeof(uint32_t));
    uint64_t *group_masks = (uint64_t *)malloc(PB_EV_MULTISETS * sizeof(uint64_t));
    ok = codes && masks && sizes && group && group_masks;
    /* every multiset, as an odometer over the thirteen rank counts */
    while (ok) {
        for (r = 0; r < 13; r++) {
            counts[r]++;
            for (total = 0, q = 0; q < 13; q++) total += counts[q];
            if (counts[r] <= 4 && total <= 7) break;
            counts[r] = 0;
        }
        if (r == 13) break;
        if (n == PB_EV_MULTISETS) { ok = 0; break; }
        uint32_t code = 0;
        uint64_t mask = 0;
        /* a pool of those ranks: card t in suit t % 4, at most two a suit (no flush) */
        for (t = 0, q = 0; q < 13; q++)
            for (c = 0; c < counts[q]; c++, t++) {
                code += pb_ev_rank_code[q];
                mask |= 1ull << (16 * (t % 4) + q);
            }
        codes[n] = code;
        masks[n] = mask;
        sizes[n++] = (uint8_t)t;
    }
    ok = ok && n == PB_EV_MULTISETS;
    /* each size in its own slots, with the first multiplier that places it */
    for (k = 1; ok && k <= 7; k++) {
        int m = 0;
        for (t = 0; t < n; t++)
            if (sizes[t] == k) { group[m] = codes[t]; group_masks[m++] = masks[t]; }
        for (h = 0; h < 8; h++) {
            memset(pb_ev_bucket_shift + pb_ev_bucket_at[k], 0, sizeof(uint16_t) << pb_ev_bucket_bits[k]);
            if (pb_ev_place(k, pb_ev_multipliers[h], group, group_masks, m, judge)) break;
        }
        if (h == 8) { ok = 0; break; }
        pb_ev_hash[k] = pb_ev_multipliers[h];
        placed += m;
    }
    pb_ev_hash[0] = pb_ev_hash[1];
    /* the flush part: a pool of the lane's cards alone has the lane's flush */
    for (lane = 0; ok && lane < 8192; lane++)
        pb_ev_slot_hand[PB_EV_FLUSH_AT + lane] =
            PB_EV_POPCOUNT64(lane) >= 5 ? (uint32_t)judge((uint64_t)lane) : 0;
    free(codes); free(masks); free(sizes); free(group); free(group_masks);
    return ok ? placed : -1;
}

/* One block of pb_ev_table_hands (`first` the index of masks[0] in `rare`'s numbering),
 * the pools taken as `k` cards (1 to 7: the hash's sizes
 * are constants once inlined), or each by its own count (`k` = 0); returns non-zero
 * when some pool of the block is not of `k` cards (its value then is wrong: the caller
 * reads the block again with `k` = 0). */
#if defined(__GNUC__) || defined(__clang__)
#define PB_EV_ALWAYS_INLINE static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define PB_EV_ALWAYS_INLINE static __forceinline
#else
#define PB_EV_ALWAYS_INLINE static inline
#endif
PB_EV_ALWAYS_INLINE uint32_t pb_ev_table_block(unsigned k, const uint64_t *masks, int64_t *out,
                                         ptrdiff_t first, ptrdiff_t n, uint64_t tier,
                                         int32_t *rare, ptrdiff_t *listed, uint64_t *seen)
{
    ptrdiff_t i, at = *listed;
    uint32_t slot[PB_EV_ROWS_AT_ONCE], differ = 0;
    uint64_t all = *seen;
    for (i = 0; i < n; i++) {
        uint64_t m = masks[i];
        uint32_t c = pb_ev_lane_code[m & 0x1FFF] + pb_ev_lane_code[(m >> 16) & 0x1FFF]
                     + pb_ev_lane_code[(m >> 32) & 0x1FFF] + pb_ev_lane_code[(m >> 48) & 0x1FFF];
        uint32_t cards = c >> PB_EV_CODE_BITS & 7;
        all |= m;
        differ |= cards ^ k;
        slot[i] = pb_ev_slot(k ? k : cards, c & ((1u << PB_EV_CODE_BITS) - 1));
        /* one to seven cards and no lane of five, else listed (0 cards wraps round) */
        if ((c >> PB_EV_CODE_BITS) - 1u > 6u) rare[at++] = (int32_t)(first + i);
    }
    for (i = 0; i < n; i++)      /* the slots' reads, many under way at once */
        out[i] = (int64_t)((uint64_t)pb_ev_slot_hand[slot[i]] << 17 | tier);
    *listed = at;
    *seen = all;
    return differ;
}

/* Values of pools by the table; the pools it cannot judge (a lane of five cards or
 * more, over seven cards, or empty) are listed by index in `rare`; returns how many.
 * Any mask is read safely: `*seen` gets the union of the masks, and the caller keeps
 * the values only when the pools were valid (an empty one is listed). PB_EV_ROWS_AT_ONCE
 * pools at a time, the slots are found first, then read in a second tight loop (many
 * reads under way at once); a block is read with the hash of the size of its first
 * pool as constants (a batch is usually of one size), and again pool by pool if
 * another size is in it. */
static inline ptrdiff_t pb_ev_table_hands(const uint64_t *masks, int64_t *out, ptrdiff_t n,
                                          uint64_t tier, int32_t *rare, uint64_t *seen)
{
    ptrdiff_t start, size, k = 0, before;
    uint64_t all = 0, m;
    uint32_t differ;
    for (start = 0; start < n; start += size) {
        size = n - start < PB_EV_ROWS_AT_ONCE ? n - start : PB_EV_ROWS_AT_ONCE;
        m = masks[start];
        before = k;
        switch ((unsigned)PB_EV_POPCOUNT64(m)) {
#define PB_EV_BLOCK(K) pb_ev_table_block(K, masks + start, out + start, start, size, tier, rare, &k, &all)
        case 1: differ = PB_EV_BLOCK(1); break;
        case 2: differ = PB_EV_BLOCK(2); break;
        case 3: differ = PB_EV_BLOCK(3); break;
        case 4: differ = PB_EV_BLOCK(4); break;
        case 5: differ = PB_EV_BLOCK(5); break;
        case 6: differ = PB_EV_BLOCK(6); break;
        case 7: differ = PB_EV_BLOCK(7); break;
        default: differ = 1;
        }
        if (differ) {
            k = before;
            PB_EV_BLOCK(0);
        }
#undef PB_EV_BLOCK
    }
    *seen = all;
    return k;
}

/* A flush row's entry in the codes of pb_ev_table_rows: this flag | its table index. */
#define PB_EV_FLUSH_FLAG 0x80000000u

/* The values of `n` rows of `k` cards from their codes (pool codes, or flagged table
 * indices). */
static inline void pb_ev_read_codes(unsigned k, const uint32_t *code, ptrdiff_t n, int64_t *out,
                                    uint64_t tier)
{
    ptrdiff_t i;
    for (i = 0; i < n; i++) {
        uint32_t c = code[i];
        uint32_t s = c & PB_EV_FLUSH_FLAG ? c & ~PB_EV_FLUSH_FLAG : pb_ev_slot(k, c);
        out[i] = (int64_t)((uint64_t)pb_ev_slot_hand[s] << 17 | tier);
    }
}

/* Rows of card indices by the table (pb_ev_table_rows below). A row's pair: its `K`
 * cards' (key, bits) summed, one 128-bit add a card. */
PB_EV_ALWAYS_INLINE pb_ev_pair pb_ev_row_pair(const uint8_t *row, unsigned K)
{
    pb_ev_pair acc;
    unsigned j;
    PB_EV_PAIR_SET(acc, PB_EV_SUITS_START, 0);
    for (j = 0; j < K; j++) PB_EV_PAIR_ADD(acc, pb_ev_card[row[j]]);
    return acc;
}

/* the flag of suit s (1 << 8 s) times this puts 16 s in bits 32..37 */
#define PB_EV_LANE_SHIFTS 0x0010203000ull

/* A row's code from its pair: the pool code, or, for a row that may hold a flush (five
 * cards or more of a suit: bit 3 of the suit's byte of the key), the table's flush part
 * at its suit lane's bits (at most one suit holds five of seven cards, and a multiply
 * turns that suit's flag into the lane's shift), flagged. `*wrong` non-zero when the
 * row's bits are not `K` (an index past the deck or a card twice), `*all` their union. */
PB_EV_ALWAYS_INLINE uint32_t pb_ev_pair_code(pb_ev_pair acc, unsigned K, uint64_t *all,
                                            uint64_t *wrong)
{
    uint64_t key = PB_EV_PAIR_KEY(acc), m = PB_EV_PAIR_BITS(acc);
    uint64_t five = (key & PB_EV_SUITS_FIVE) >> 35;  /* 1 << 8 s for suit s */
    uint32_t c = (uint32_t)key;
    *all |= m;
    *wrong |= (uint64_t)(PB_EV_POPCOUNT64(m) ^ K);
    if (five)
        c = PB_EV_FLUSH_FLAG | (PB_EV_FLUSH_AT
            + ((uint32_t)(m >> ((five * PB_EV_LANE_SHIFTS) >> 32 & 63)) & 0x1FFF));
    return c;
}

/* `words` byte offsets into pb_ev_card2 of the card pairs (b[2 q], b[2 q + 1]) of bytes
 * `b`, indices past the deck taken as 54: 16 (55 a + b), under 2^16. */
static inline void pb_ev_pair_offsets_c(const uint8_t *b, ptrdiff_t words, uint16_t *to)
{
    ptrdiff_t q;
    for (q = 0; q < words; q++) {
        unsigned a = b[2 * q] < PB_EV_PAIR_CARDS ? b[2 * q] : PB_EV_PAIR_CARDS - 1;
        unsigned c = b[2 * q + 1] < PB_EV_PAIR_CARDS ? b[2 * q + 1] : PB_EV_PAIR_CARDS - 1;
        to[q] = (uint16_t)(sizeof(pb_ev_pair) * (PB_EV_PAIR_CARDS * a + c));
    }
}

/* A row's pair from its cards two by two (`at`: the pairs' offsets) and, for an odd
 * `K`, the card left (`*alone`). */
PB_EV_ALWAYS_INLINE pb_ev_pair pb_ev_row_pair2(const uint16_t *at, const uint8_t *alone, unsigned K)
{
    pb_ev_pair acc;
    unsigned j;
    PB_EV_PAIR_SET(acc, PB_EV_SUITS_START, 0);
    for (j = 0; j < K / 2; j++)
        PB_EV_PAIR_ADD(acc, *(const pb_ev_pair *)((const char *)pb_ev_card2 + at[j]));
    if (K & 1) PB_EV_PAIR_ADD(acc, pb_ev_card[*alone]);
    return acc;
}

/* pb_ev_table_hands on rows of `K` (1 to 7) card indices (uint8, `step` bytes apart),
 * every row judged here, PB_EV_ROWS_AT_ONCE rows at a time: first each row's code
 * (pb_ev_pair_code), then the table reads, in a second tight loop, where many of
 * those reads (the table is bigger than the L1 cache) are under way at once: the
 * reads, not the adds, are what the rows wait for. `*bad` non-zero when a row has an
 * index past the deck or a card twice (then the values are not to be used), and
 * `*seen` the union of the rows' masks (a joker shows there: the caller then judges
 * the rows apart). The scalar path's reader; pb_ev_table_rows_avx2 the vector paths'. */
#define PB_EV_TABLE_ROWS(K)                                                                  \
static void pb_ev_table_rows##K(const uint8_t *base, ptrdiff_t step, ptrdiff_t n,           \
        int64_t *out, uint64_t tier, uint64_t *bad, uint64_t *seen)                          \
{                                                                                            \
    ptrdiff_t start, i, size;                                                                \
    uint32_t code[PB_EV_ROWS_AT_ONCE];                                                       \
    uint16_t at[PB_EV_ROWS_AT_ONCE * 3];                                                     \
    uint64_t wrong = 0, all = 0;                                                             \
    for (start = 0; start < n; start += size) {                                              \
        size = n - start < PB_EV_ROWS_AT_ONCE ? n - start : PB_EV_ROWS_AT_ONCE;              \
        i = 0;                                                                               \
        if (K % 2 == 0 && step == K) {   /* two cards a load (even K: 1.1x at six) */        \
            pb_ev_pair_offsets_c(base + start * step, size * K / 2, at);                     \
            for (; i < size; i++)                                                            \
                code[i] = pb_ev_pair_code(pb_ev_row_pair2(at + i * (K / 2), base, K), K,     \
                                          &all, &wrong);                                     \
        }                                                                                    \
        for (; i < size; i++)                                                                \
            code[i] = pb_ev_pair_code(pb_ev_row_pair(base + (start + i) * step, K), K,       \
                                      &all, &wrong);                                         \
        pb_ev_read_codes(K, code, size, out + start, tier);                                  \
    }                                                                                        \
    *bad = wrong;                                                                            \
    *seen = all;                                                                             \
}
PB_EV_TABLE_ROWS(1)
PB_EV_TABLE_ROWS(2)
PB_EV_TABLE_ROWS(3)
PB_EV_TABLE_ROWS(4)
PB_EV_TABLE_ROWS(5)
PB_EV_TABLE_ROWS(6)
PB_EV_TABLE_ROWS(7)

#ifdef PB_HAVE_X86_SIMD
#define PB_EV_PAIRS_AT_ONCE 256      /* rows whose pairs are summed before they are judged */

/* pb_ev_pair_offsets_c with AVX2, sixteen pairs a step. */
PB_AVX2 static inline void pb_ev_pair_offsets(const uint8_t *b, ptrdiff_t words, uint16_t *to)
{
    const __m256i past = _mm256_set1_epi8(PB_EV_PAIR_CARDS - 1);
    const __m256i weights = _mm256_set1_epi16(PB_EV_PAIR_CARDS | 1 << 8);
    ptrdiff_t q;
    for (q = 0; q + 16 <= words; q += 16)
        _mm256_storeu_si256((__m256i *)(to + q), _mm256_slli_epi16(_mm256_maddubs_epi16(
            _mm256_min_epu8(_mm256_loadu_si256((const __m256i *)(b + 2 * q)), past), weights), 4));
    pb_ev_pair_offsets_c(b + 2 * q, words - q, to + q);
}

/* pb_ev_table_rows##K with AVX2, `K` a constant once inlined. Each row's pair is summed
 * as there (scalar 128-bit adds: the part that does not vectorise, see
 * docs/performance.md) and stored, four rows at a time in the order 0, 2, 1, 3, so
 * that two loads and two unpacks give four rows' keys and bits in order; then four rows
 * a step take everything else in vectors: the bits' union and their population count
 * (summed: a row's bits never count more than `K`, so the rows are good exactly when the
 * sum is `K` a row), the 64-bit hash from two 32 x 32-bit products (pool codes are
 * under 2^25, the low half of the key), the displacements and the values gathered. A
 * step holding a row that may hold a flush (about one in eight at seven cards, one in
 * a hundred at five) takes those rows' lanes by a variable shift. */
PB_AVX2 PB_EV_ALWAYS_INLINE void pb_ev_table_rows_avx2_k(
        unsigned K, const uint8_t *base, ptrdiff_t step, ptrdiff_t n, int64_t *out,
        uint64_t tier, uint64_t *bad, uint64_t *seen)
{
    const __m256i hash_lo = _mm256_set1_epi64x((long long)(pb_ev_hash[K] & 0xFFFFFFFFu));
    const __m256i hash_hi = _mm256_set1_epi64x((long long)(pb_ev_hash[K] >> 32));
    /* at most 16 bits: this mask also keeps the displacement's 16 of the 64 gathered */
    const __m256i slots = _mm256_set1_epi64x((1 << pb_ev_slot_bits[K]) - 1);
    const __m256i slot_at = _mm256_set1_epi64x(pb_ev_slot_at[K]);
    const uint16_t *shifts = pb_ev_bucket_shift + pb_ev_bucket_at[K];
    const __m128i down = _mm_cvtsi32_si128(64 - pb_ev_bucket_bits[K]);
    const __m256i suits_five = _mm256_set1_epi64x((long long)PB_EV_SUITS_FIVE);
    const __m256i lane_shifts = _mm256_set1_epi64x((long long)PB_EV_LANE_SHIFTS);
    const __m256i lane = _mm256_set1_epi64x(0x1FFF), flush_at = _mm256_set1_epi64x(PB_EV_FLUSH_AT);
    const __m256i tiers = _mm256_set1_epi64x((long long)tier);
    __attribute__((aligned(32))) pb_ev_pair pair[PB_EV_PAIRS_AT_ONCE];
    uint16_t even[PB_EV_PAIRS_AT_ONCE * 7 / 2];
    __m256i union4 = _mm256_setzero_si256(), count4 = _mm256_setzero_si256();
    uint64_t wrong = 0, all = 0, counted = 0;
    ptrdiff_t start, size, i;
    for (start = 0; start < n; start += size) {
        size = n - start < PB_EV_PAIRS_AT_ONCE ? n - start : PB_EV_PAIRS_AT_ONCE;
        i = 0;
        if (K >= 2 && step == (ptrdiff_t)K) {
            /* contiguous rows: the cards two by two, by the offsets of the pairs that start
             * at an even byte, read in vectors first; for an odd K, a row that starts at an
             * even byte takes its last card alone, one that starts at an odd byte its first */
            const uint8_t *rows = base + start * step;
            pb_ev_pair_offsets(rows, (size & ~(ptrdiff_t)3) * (ptrdiff_t)K / 2, even);
            const uint8_t *row = rows;
            const uint16_t *at = even;
            for (; i + 4 <= size; i += 4, row += 4 * K, at += 2 * K) {
                pair[i] = pb_ev_row_pair2(at, row + K - 1, K);
                pair[i + 2] = pb_ev_row_pair2(at + (K + 1) / 2, row + K, K);
                pair[i + 1] = pb_ev_row_pair2(at + K, row + 3 * K - 1, K);
                pair[i + 3] = pb_ev_row_pair2(at + (3 * K + 1) / 2, row + 3 * K, K);
            }
        }
        for (; i + 4 <= size; i += 4) {
            const uint8_t *row = base + (start + i) * step;
            pair[i] = pb_ev_row_pair(row, K);
            pair[i + 2] = pb_ev_row_pair(row + step, K);
            pair[i + 1] = pb_ev_row_pair(row + 2 * step, K);
            pair[i + 3] = pb_ev_row_pair(row + 3 * step, K);
        }
        for (; i < size; i++) pair[i] = pb_ev_row_pair(base + (start + i) * step, K);
        for (i = 0; i + 4 <= size; i += 4) {
            __m256i a = _mm256_load_si256((const __m256i *)(pair + i));
            __m256i b = _mm256_load_si256((const __m256i *)(pair + i + 2));
            __m256i key = _mm256_unpacklo_epi64(a, b), m = _mm256_unpackhi_epi64(a, b);
            union4 = _mm256_or_si256(union4, m);
            count4 = _mm256_add_epi64(count4, pb_popcount4(m));
            __m256i h = _mm256_add_epi64(_mm256_mul_epu32(key, hash_lo),
                                         _mm256_slli_epi64(_mm256_mul_epu32(key, hash_hi), 32));
            __m256i d = _mm256_i64gather_epi64((const long long *)shifts, _mm256_srl_epi64(h, down), 2);
            __m256i slot = _mm256_add_epi64(
                _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64(h, 24), d), slots), slot_at);
            if (K >= 5 && !_mm256_testz_si256(key, suits_five)) {
                __m256i five = _mm256_and_si256(key, suits_five);
                __m256i by = _mm256_and_si256(_mm256_srli_epi64(_mm256_mul_epu32(
                    _mm256_srli_epi64(five, 35), lane_shifts), 32), _mm256_set1_epi64x(63));
                __m256i flush_slot = _mm256_add_epi64(
                    _mm256_and_si256(_mm256_srlv_epi64(m, by), lane), flush_at);
                slot = _mm256_blendv_epi8(flush_slot, slot,
                                          _mm256_cmpeq_epi64(five, _mm256_setzero_si256()));
            }
            __m128i v = _mm256_i64gather_epi32((const int *)pb_ev_slot_hand, slot, 4);
            _mm256_storeu_si256((__m256i *)(out + start + i), _mm256_or_si256(
                _mm256_slli_epi64(_mm256_cvtepu32_epi64(v), 17), tiers));
        }
        counted += (uint64_t)i;
        for (; i < size; i++) {
            uint32_t c = pb_ev_pair_code(pair[i], K, &all, &wrong);
            pb_ev_read_codes(K, &c, 1, out + start + i, tier);
        }
    }
    __m128i c2 = _mm_add_epi64(_mm256_castsi256_si128(count4), _mm256_extracti128_si256(count4, 1));
    __m128i u2 = _mm_or_si128(_mm256_castsi256_si128(union4), _mm256_extracti128_si256(union4, 1));
    wrong |= (uint64_t)_mm_cvtsi128_si64(_mm_add_epi64(c2, _mm_unpackhi_epi64(c2, c2))) ^ K * counted;
    all |= (uint64_t)_mm_cvtsi128_si64(_mm_or_si128(u2, _mm_unpackhi_epi64(u2, u2)));
    *bad = wrong;
    *seen = all;
}

PB_AVX2 static void pb_ev_table_rows_avx2(int k, const uint8_t *base, ptrdiff_t step, ptrdiff_t n,
                                          int64_t *out, uint64_t tier, uint64_t *bad, uint64_t *seen)
{
    switch (k) {
    case 1: pb_ev_table_rows_avx2_k(1, base, step, n, out, tier, bad, seen); break;
    case 2: pb_ev_table_rows_avx2_k(2, base, step, n, out, tier, bad, seen); break;
    case 3: pb_ev_table_rows_avx2_k(3, base, step, n, out, tier, bad, seen); break;
    case 4: pb_ev_table_rows_avx2_k(4, base, step, n, out, tier, bad, seen); break;
    case 5: pb_ev_table_rows_avx2_k(5, base, step, n, out, tier, bad, seen); break;
    case 6: pb_ev_table_rows_avx2_k(6, base, step, n, out, tier, bad, seen); break;
    default: pb_ev_table_rows_avx2_k(7, base, step, n, out, tier, bad, seen); break;
    }
}
#endif

/* The table path on rows of `k` (1 to 7) uint8 card indices, with AVX2 when `path` is
 * a vector path the CPU runs; false for another k. */
static inline int pb_ev_table_rows(int k, const uint8_t *base, ptrdiff_t step, ptrdiff_t n,
        int64_t *out, uint64_t tier, int path, uint64_t *bad, uint64_t *seen)
{
    if (k < 1 || k > 7) return 0;
#ifdef PB_HAVE_X86_SIMD
    if ((path == PB_PATH_AVX2 || path == PB_PATH_AVX512) && (pb_cpu_paths() >> PB_PATH_AVX2 & 1)) {
        pb_ev_table_rows_avx2(k, base, step, n, out, tier, bad, seen);
        return 1;
    }
#endif
    (void)path;
    switch (k) {
    case 1: pb_ev_table_rows1(base, step, n, out, tier, bad, seen); break;
    case 2: pb_ev_table_rows2(base, step, n, out, tier, bad, seen); break;
    case 3: pb_ev_table_rows3(base, step, n, out, tier, bad, seen); break;
    case 4: pb_ev_table_rows4(base, step, n, out, tier, bad, seen); break;
    case 5: pb_ev_table_rows5(base, step, n, out, tier, bad, seen); break;
    case 6: pb_ev_table_rows6(base, step, n, out, tier, bad, seen); break;
    default: pb_ev_table_rows7(base, step, n, out, tier, bad, seen); break;
    }
    return 1;
}

#endif
