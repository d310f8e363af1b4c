# cython: language_level=3
"""What the compiled core shares with the wings' engines (``cimport`` it).

The bit helpers and card-layout tables, the call tables of a ladder (``LadderData``)
and Cheung's (``CheungData``), and the per-pool checks. The checks a game loop runs
once per challenge (``holds_one`` and its quick records, Cheung's ``ch_holds`` and its
helpers with Cheung's tables) are ``cdef inline`` here, so every engine that cimports
them compiles its own copy. The general check and the larger searches (``check``,
``best_call``, ``ch_best``, ``ch_best_many``) are exported by ``_core`` and called
through its C API. Tables are C constants, one copy per module.
"""

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t

cimport numpy as cnp

# ---- bits: population counts, rank sets, the card layout (RULES.md section 1) -----

cdef extern from *:
    """
    #include <stdint.h>
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int pb_popcount(unsigned long long x) { return (int)__popcnt64(x); }
    static inline int pb_lowest_bit(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    static inline int pb_highest_bit(unsigned long long x) { unsigned long i; _BitScanReverse64(&i, x); return (int)i; }
    #else
    static inline int pb_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int pb_lowest_bit(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int pb_highest_bit(unsigned long long x) { return 63 - __builtin_clzll(x); }
    #endif
    /* the four cards of each rank (bit 16 * suit + rank) */
    static const uint64_t pb_rank_column[13] = {0x0001000100010001ULL, 0x0002000200020002ULL, 0x0004000400040004ULL, 0x0008000800080008ULL, 0x0010001000100010ULL, 0x0020002000200020ULL, 0x0040004000400040ULL, 0x0080008000800080ULL, 0x0100010001000100ULL, 0x0200020002000200ULL, 0x0400040004000400ULL, 0x0800080008000800ULL, 0x1000100010001000ULL};
    /* n choose 4 */
    static const int pb_choose4[14] = {0, 0, 0, 0, 1, 5, 15, 35, 70, 126, 210, 330, 495, 715};
    /* the five ranks of the straight to a top (0: none; the Five's is the wheel) */
    static const uint32_t pb_straight_bits[13] = {0x0000, 0x0000, 0x0000, 0x100F, 0x001F, 0x003E, 0x007C, 0x00F8, 0x01F0, 0x03E0, 0x07C0, 0x0F80, 0x1F00};
    /* 4-rank sets that complete a straight with the top (0xFFFF: a set no mask holds) */
    static const uint32_t pb_straights_under[13][2] = {{0xFFFF, 0xFFFF}, {0xFFFF, 0xFFFF}, {0xFFFF, 0xFFFF}, {0xFFFF, 0xFFFF}, {0x000F, 0xFFFF}, {0x001E, 0xFFFF}, {0x003C, 0xFFFF}, {0x0078, 0xFFFF}, {0x00F0, 0xFFFF}, {0x01E0, 0xFFFF}, {0x03C0, 0xFFFF}, {0x0780, 0xFFFF}, {0x0F00, 0x000F}};
    """
    int popcount "pb_popcount"(uint64_t x) noexcept nogil
    int lowest_bit "pb_lowest_bit"(uint64_t x) noexcept nogil    # x != 0
    int highest_bit "pb_highest_bit"(uint64_t x) noexcept nogil  # x != 0
    const uint64_t RANK_COLUMN "pb_rank_column"[13]
    const int CHOOSE4 "pb_choose4"[14]
    const uint32_t STRAIGHT_BITS "pb_straight_bits"[13]
    const uint32_t STRAIGHTS_UNDER "pb_straights_under"[13][2]

cdef enum:
    LANE = 0x1FFF           # the 13 rank bits of one suit's lane
    MAX_GROUPS = 5          # card groups an at-least call may name
    JOKERS = 0x20002000     # bits 13 and 29: the two jokers

ctypedef struct RankSets:
    uint32_t ge1     # ranks held at least once
    uint32_t ge2     # ... at least twice
    uint32_t ge3
    uint32_t ge4


cdef inline RankSets rank_sets(uint64_t mask) noexcept nogil:
    cdef uint32_t a = mask & LANE
    cdef uint32_t b = (mask >> 16) & LANE
    cdef uint32_t c = (mask >> 32) & LANE
    cdef uint32_t d = (mask >> 48) & LANE
    cdef RankSets rs
    rs.ge1 = a | b | c | d
    rs.ge2 = (a & b) | (c & d) | ((a | b) & (c | d))
    rs.ge3 = (a & b & (c | d)) | (c & d & (a | b))
    rs.ge4 = a & b & c & d
    return rs


cdef inline const void* _data(cnp.ndarray arr):
    return cnp.PyArray_DATA(arr)


# ---- a ladder's call tables and the per-pool check --------------------------------

cdef enum:
    AT_LEAST = 0
    EXACT_RANKS = 1
    EXACT_HIGH = 2
    EXACT_STRAIGHT = 3
    EXACT_FLUSH = 4

cdef enum:
    FIRST_FAILS = -1
    FAILS = 0
    HOLDS = 1


cdef enum:
    QUICK_NONE = 0       # take the general check()
    QUICK_AT_LEAST = 1   # at-least call with at most two groups
    QUICK_RANKS = 2      # exact-hand call made of one or two rank counts

ctypedef struct Quick:
    # what the batch loops need of one call, read in one go
    uint64_t m0          # first group / rank column
    uint64_t m1          # second group / rank column (0 if none)
    uint16_t named       # EXACT_RANKS: the named ranks
    uint8_t k0
    uint8_t k1
    uint8_t kick
    uint8_t simple       # QUICK_*


ctypedef struct LadderData:
    const Quick* quick
    const uint8_t* block_subsets
    Py_ssize_t n
    Py_ssize_t n_blocks
    const uint8_t* kind
    const uint8_t* ngroups
    const uint64_t* group_mask
    const uint8_t* group_count
    const int8_t* rank1
    const uint8_t* count1
    const int8_t* rank2
    const uint8_t* count2
    const uint8_t* kick
    const int8_t* suit
    const int32_t* skip
    const int32_t* block_start
    const int32_t* block_end
    const uint8_t* block_min_cards
    const uint8_t* block_min_same
    const uint8_t* block_min_suit
    const uint8_t* block_key_count
    const int32_t* block_rank_start
    const int32_t* block_rank_end
    uint64_t wild
    uint64_t allowed



cdef int check(const LadderData* L, Py_ssize_t c, uint64_t mask) noexcept nogil
    # HOLDS, FAILS, or FIRST_FAILS when the first requirement fails: the general check,
    # exported by _core (a call through its C API; not inline, so that holds_quick
    # stays small enough to inline into the game loops, as it did in one module)


cdef inline bint holds_quick(const LadderData* L, const Quick* q, Py_ssize_t c, uint64_t mask,
                             uint64_t wild) noexcept nogil:
    """check() == HOLDS for call c (quick record q), short at-least calls branch-free.
    The batch loop passes q and the wild mask from locals (see holds_loop)."""
    cdef int short0, short1
    if q.simple == QUICK_RANKS:
        return holds_ranks(q, mask)
    if q.simple == QUICK_NONE:
        return check(L, c, mask) == HOLDS
    if wild == 0:
        return (popcount(mask & q.m0) >= q.k0) & (popcount(mask & q.m1) >= q.k1)
    short0 = <int>q.k0 - popcount(mask & q.m0)
    short1 = <int>q.k1 - popcount(mask & q.m1)
    return (short0 if short0 > 0 else 0) + (short1 if short1 > 0 else 0) <= popcount(mask & wild)


cdef inline bint holds_one(const LadderData* L, Py_ssize_t c, uint64_t mask) noexcept nogil:
    return holds_quick(L, &L.quick[c], c, mask, L.wild)


cdef inline int holds_ranks(const Quick* q, uint64_t m) noexcept nogil:
    """EXACT_RANKS from its quick record (same answer as check())."""
    cdef uint32_t a = m & LANE
    cdef uint32_t b = (m >> 16) & LANE
    cdef uint32_t c = (m >> 32) & LANE
    cdef uint32_t d = (m >> 48) & LANE
    cdef int c1 = popcount(m & q.m0)
    cdef int c2 = popcount(m & q.m1)
    if popcount(m) >= 5:
        return (c1 >= q.k0) & (c2 >= q.k1) & (popcount((a | b | c | d) & ~q.named) >= q.kick)
    return (c1 == q.k0) & (c2 == q.k1) & \
        ((((a & b) | (c & d) | ((a | b) & (c | d))) & ~q.named) == 0)


cdef int best_call(const LadderData* L, uint64_t mask) noexcept nogil
cdef const LadderData* ladder_data(object kernel) noexcept


# ---- Cheung's calls ----------------------------------------------------------------

ctypedef struct CheungCall:
    uint8_t cat
    uint8_t nprim
    int8_t p1
    int8_t p2
    int8_t suit
    uint8_t tier
    uint16_t named


ctypedef struct CheungSlot:
    int slot
    int cat
    int n_tiers
    int tiers[3]     # lowest first
    int8_t jokers[3]         # by jokers in the pool: the most its lowest tier lets a hand use
    int8_t tier_code[3][3]   # by jokers in the pool and jokers the hand needs: the tier_rank
                             # of the highest tier whose budget covers them


ctypedef struct CheungData:
    const CheungCall* calls
    Py_ssize_t n
    const int64_t* keys
    const uint64_t* table     # hash of a key -> key << 32 | call index (all ones: empty)
    const uint64_t* need      # per call: cards it needs some k of (bits 61-63: k, with jokers)
    const uint64_t* rec       # per call 4 words: two counts, a sure rule, the call (_simd.h)
    int n_slots
    CheungSlot slots[12]
    uint16_t slots_of[2048]   # by a mask of categories (bit cat): the slots of those categories
    int suit_rank[4]
    int tier_rank[5]
    int suits_high_first[4]
    uint64_t allowed
    bint by_search            # best: the block search only (else the hand's shape first)


cdef int ch_best(const CheungData* D, uint64_t mask) noexcept nogil
cdef void ch_best_many(const CheungData* D, const uint64_t* masks, int32_t* res,
                       Py_ssize_t n) noexcept nogil
cdef const CheungData* cheung_data(object kernel) noexcept


# ---- Cheung's calls: categories, joker tiers, tables and the per-pool check ------
# (cdef inline: every engine that cimports them compiles its own copy; the tables
# are C constants, one copy per module, as the card-layout tables above)

cdef enum:
    CH_HIGH = 0
    CH_PAIR = 1
    CH_TWO_PAIR = 2
    CH_TRIPS = 3
    CH_STRAIGHT = 4
    CH_FLUSH = 5
    CH_FULL_HOUSE = 6
    CH_QUADS = 7
    CH_STRAIGHT_FLUSH = 8
    CH_ROYAL = 9
    CH_FIVE = 10

cdef enum:
    T_ANY = 0
    T_MAX1 = 1
    T_NAT = 2
    T_MIN1 = 3
    T_MIN2 = 4

cdef extern from *:
    """
    /* the rank sets of the straights to the Five .. the Ace */
    static const uint32_t pb_ch_straights[10] = {0x100F, 0x001F, 0x003E, 0x007C, 0x00F8, 0x01F0, 0x03E0, 0x07C0, 0x0F80, 0x1F00};
    /* n choose k, k <= 5 */
    static const int pb_ch_comb[14][6] = {{1, 0, 0, 0, 0, 0}, {1, 1, 0, 0, 0, 0}, {1, 2, 1, 0, 0, 0}, {1, 3, 3, 1, 0, 0}, {1, 4, 6, 4, 1, 0}, {1, 5, 10, 10, 5, 1}, {1, 6, 15, 20, 15, 6}, {1, 7, 21, 35, 35, 21}, {1, 8, 28, 56, 70, 56}, {1, 9, 36, 84, 126, 126}, {1, 10, 45, 120, 210, 252}, {1, 11, 55, 165, 330, 462}, {1, 12, 66, 220, 495, 792}, {1, 13, 78, 286, 715, 1287}};
    /* primary roles and other ranks a call of each category may name */
    static const int pb_ch_primaries[11] = {0, 1, 2, 1, 1, 0, 2, 1, 1, 0, 1};
    static const int pb_ch_others[11] = {5, 3, 1, 2, 0, 5, 0, 1, 0, 0, 0};
    /* the jokers a hand may use by tier (any, max1, nat, min1, min2), pool of six
       cards or more / five or fewer, jokers in the pool; -1: the tier cannot hold */
    static const signed char pb_ch_budget[5][2][3] = {{{0, 1, 2}, {0, 1, 2}}, {{0, 1, 1}, {0, 1, -1}}, {{0, 0, 0}, {0, -1, -1}}, {{-1, 1, 2}, {-1, 1, 2}}, {{-1, -1, 2}, {-1, -1, 2}}};
    /* the most straights that hold k given ranks (k = 0 .. 5) */
    static const int pb_ch_most_straights[6] = {10, 5, 4, 3, 2, 1};
    """
    const uint32_t CH_STRAIGHTS "pb_ch_straights"[10]
    const int CH_COMB "pb_ch_comb"[14][6]
    const int CH_PRIMARIES "pb_ch_primaries"[11]
    const int CH_OTHERS "pb_ch_others"[11]
    const int8_t CH_BUDGET "pb_ch_budget"[5][2][3]
    const int CH_MOST_STRAIGHTS "pb_ch_most_straights"[6]

cdef inline int ch_count_within(int absent, int avail, int need, int budget) noexcept nogil:
    cdef int m, total = 0
    if budget > need:
        budget = need
    for m in range(budget + 1):
        if need - m <= avail:
            total += CH_COMB[absent][m] * CH_COMB[avail][need - m]
    return total


cdef inline int ch_straights_within(uint32_t named, uint32_t present, int budget,
                                    uint32_t only) noexcept nogil:
    cdef int t, n = 0
    cdef uint32_t s
    for t in range(10):
        s = CH_STRAIGHTS[t]
        if (s & named) == named and (s & ~only) == 0 and popcount(s & ~present) <= budget:
            n += 1
    return n


cdef inline bint ch_high_or_flush(uint32_t named, uint32_t present, int j, bint small, int h,
                                  int jokers, const uint32_t* uniq) noexcept nogil:
    cdef int k = popcount(named)
    cdef int missing = popcount(named & ~present)
    cdef int need, avail, budget, ways, bad, s, t
    cdef uint32_t q
    if small:
        if missing > jokers:
            return False
        if h < 5 or jokers - missing > 0:
            return True
        q = present | named
        for t in range(10):
            if q == CH_STRAIGHTS[t]:
                return False
        return True
    need = 5 - k
    avail = popcount(present & ~named)
    budget = j - missing
    if budget < 0:
        return False
    ways = ch_count_within(13 - k - avail, avail, need, budget)
    if ways == 0:
        return False
    # no more than CH_MOST_STRAIGHTS[k] straights hold k given ranks: more ways than
    # that hold, unless one-suit hands are counted below (a suit alone holding the
    # named ranks), without counting the straights one by one
    if ways > CH_MOST_STRAIGHTS[k] and (uniq == NULL or j != 0 or not (
            ((named & ~uniq[0]) == 0) | ((named & ~uniq[1]) == 0) |
            ((named & ~uniq[2]) == 0) | ((named & ~uniq[3]) == 0))):
        return True
    bad = ch_straights_within(named, present, j, LANE)
    if uniq != NULL and j == 0:
        for s in range(4):
            if (named & ~uniq[s]) == 0:
                bad += CH_COMB[popcount(uniq[s] & ~named)][need] - \
                    ch_straights_within(named, present, 0, uniq[s])
    return ways > bad


cdef inline int ch_rank_cost(int have, int want) noexcept nogil:
    return want - have if have < want else 0


cdef inline int ch_kicker_cost(int count, int have, int rank, uint32_t named, uint32_t present,
                               int kickers) noexcept nogil:
    cdef int free = popcount(present & ~named & ~(1u << rank))
    cdef int short = kickers - popcount(named) - free
    return ch_rank_cost(have, count) + popcount(named & ~present) + (short if short > 0 else 0)


cdef inline int ch_max_lane(uint32_t a, uint32_t b, uint32_t c, uint32_t d) noexcept nogil:
    cdef int m = popcount(a), x
    x = popcount(b)
    if x > m:
        m = x
    x = popcount(c)
    if x > m:
        m = x
    x = popcount(d)
    return x if x > m else m


cdef inline bint ch_holds(int cat, int nprim, int p1, int p2, uint32_t named, int suit, int tier,
                   uint64_t mask) noexcept nogil:
    cdef uint64_t natural = mask & ~(<uint64_t>JOKERS)   # masks are validated: the rest is natural
    cdef int jokers = popcount(mask & <uint64_t>JOKERS)
    cdef int n_cards = popcount(natural) + jokers
    cdef int j, h, r, t, s, lo, hi, cost, best, hi_s, cnt, x1, x2, k
    cdef bint small
    cdef uint32_t a, b, c, d, present, ge2, ge3, ge4, lane, need, pair, rest
    cdef uint32_t uniq[4]
    if n_cards == 0:
        return False
    j = CH_BUDGET[tier][n_cards <= 5][jokers]
    if j < 0:
        return False
    small = n_cards <= 5
    h = n_cards if small else 5
    a = natural & LANE
    b = (natural >> 16) & LANE
    c = (natural >> 32) & LANE
    d = (natural >> 48) & LANE
    if cat == CH_FLUSH:
        if h < 5:
            return False
        if suit >= 0:      # the common case, without a loop whose exit moves at random
            lane = <uint32_t>((natural >> (16 * suit)) & LANE)
            if popcount(lane) + j < 5 or (small and (natural & ~(<uint64_t>LANE << (16 * suit)))):
                return False
            return ch_high_or_flush(named, lane, j, small, 5, jokers, NULL)
        for s in range(4):
            if suit >= 0 and s != suit:
                continue
            lane = <uint32_t>((natural >> (16 * s)) & LANE)
            if popcount(lane) + j < 5 or (small and (natural & ~(<uint64_t>LANE << (16 * s)))):
                continue
            if ch_high_or_flush(named, lane, j, small, 5, jokers, NULL):
                return True
        return False

    present = a | b | c | d
    ge2 = (a & b) | (c & d) | ((a | b) & (c | d))

    if cat == CH_HIGH:
        if h < popcount(named):
            return False
        if small:
            if ge2:
                return False
            if h == 5 and jokers == 0 and ch_max_lane(a, b, c, d) == 5:
                return False
            return ch_high_or_flush(named, present, j, True, h, jokers, NULL)
        uniq[0] = a & ~(b | c | d)
        uniq[1] = b & ~(a | c | d)
        uniq[2] = c & ~(a | b | d)
        uniq[3] = d & ~(a | b | c)
        return ch_high_or_flush(named, present, j, False, h, jokers, uniq)

    if not small:
        # the common named calls of a big pool first: a few popcounts each
        if (cat == CH_PAIR or cat == CH_TRIPS) and nprim:
            k = 2 if cat == CH_PAIR else 3
            return ch_kicker_cost(k, popcount(natural & RANK_COLUMN[p1]), p1, named, present,
                                  5 - k) <= j
        if cat == CH_TWO_PAIR and nprim == 2:
            cost = ch_rank_cost(popcount(natural & RANK_COLUMN[p1]), 2) + \
                ch_rank_cost(popcount(natural & RANK_COLUMN[p2]), 2)
            if named:
                return cost + (0 if named & present else 1) <= j
            return cost + (0 if present & ~((1u << p1) | (1u << p2)) else 1) <= j
        if cat == CH_FULL_HOUSE and nprim == 2:
            return ch_rank_cost(popcount(natural & RANK_COLUMN[p1]), 3) + \
                ch_rank_cost(popcount(natural & RANK_COLUMN[p2]), 2) <= j
        if cat == CH_FULL_HOUSE and nprim == 1:
            # the pair: the rank other than the triplet's with the most cards
            rest = ~(1u << p1)
            ge3 = (a & b & (c | d)) | (c & d & (a | b))
            return ch_rank_cost(popcount(natural & RANK_COLUMN[p1]), 3) + ch_rank_cost(
                ch_top_count(present & rest, ge2 & rest, ge3 & rest, a & b & c & d & rest),
                2) <= j

    ge3 = (a & b & (c | d)) | (c & d & (a | b))
    ge4 = a & b & c & d

    if cat == CH_PAIR or cat == CH_TRIPS:
        k = 2 if cat == CH_PAIR else 3        # cards of the named rank; 5 - k kickers
        if h < k:
            return False
        if small:
            if (ge3 if k == 2 else ge4) or (ge2 & (ge2 - 1)):
                return False
            rest = (1u << p1) if nprim else (ge2 if ge2 else present & (~present + 1))
            return (ge2 & ~rest) == 0 and popcount((present & ~rest) | named) <= h - k
        if nprim == 0:
            x1 = ch_top_count(present, ge2, ge3, ge4)
            return ch_rank_cost(x1, k) + ch_short(5 - k, popcount(present) - (x1 > 0)) <= j
        return ch_kicker_cost(k, popcount(natural & RANK_COLUMN[p1]), p1, named, present,
                              5 - k) <= j

    if cat == CH_QUADS:
        if h < 4:
            return False
        if small:
            if nprim == 0:
                best = 0
                for r in range(13):
                    cnt = popcount(natural & RANK_COLUMN[r])
                    if cnt > best:
                        best = cnt
                return popcount(natural) - best <= h - 4
            if popcount(natural & ~RANK_COLUMN[p1]) > h - 4 or popcount(named) > h - 4:
                return False
            return (present & ~(1u << p1) & ~named) == 0 if named else True
        if nprim == 0:
            x1 = ch_top_count(present, ge2, ge3, ge4)
            return 4 - x1 + (popcount(present) < 2) <= j
        return ch_kicker_cost(4, popcount(natural & RANK_COLUMN[p1]), p1, named, present, 1) <= j

    if cat == CH_TWO_PAIR:
        if h < 4:
            return False
        if small and (ge3 or popcount(ge2) > 2):
            return False
        if nprim == 0 and not small:
            x1 = ch_top_count(present, ge2, ge3, ge4)
            x2 = ch_second_count(present, ge2, ge3, ge4)
            return ch_rank_cost(x1, 2) + ch_rank_cost(x2, 2) + (popcount(present) < 3) <= j
        hi_s = 12
        if nprim >= 1:
            hi_s = p1
        for hi in range(hi_s, 0, -1):
            if nprim >= 1 and hi != p1:
                break
            for lo in range(hi - 1, -1, -1):
                if nprim == 2 and lo != p2:
                    continue
                pair = (1u << hi) | (1u << lo)
                if small:
                    if ge2 & ~pair:
                        continue
                    rest = present & ~pair
                    if named:
                        if h == 5 and (rest & ~named) == 0:
                            return True
                    elif popcount(rest) <= h - 4:
                        return True
                    continue
                cost = ch_rank_cost(popcount(natural & RANK_COLUMN[hi]), 2) + \
                    ch_rank_cost(popcount(natural & RANK_COLUMN[lo]), 2)
                if named:
                    cost += 0 if named & present else 1
                else:
                    cost += 0 if present & ~pair else 1
                if cost <= j:
                    return True
        return False

    if cat == CH_FULL_HOUSE:
        if h < 5:
            return False
        if nprim == 0:
            x1 = ch_top_count(present, ge2, ge3, ge4)
            x2 = ch_second_count(present, ge2, ge3, ge4)
            if small:
                return popcount(present) <= 2 and x1 <= 3 and x2 <= 2
            return ch_rank_cost(x1, 3) + ch_rank_cost(x2, 2) <= j
        for t in range(13):
            if nprim >= 1 and t != p1:
                continue
            for r in range(13):
                if r == t or (nprim == 2 and r != p2):
                    continue
                if small:
                    if (natural & ~(RANK_COLUMN[t] | RANK_COLUMN[r])) == 0 and \
                            popcount(natural & RANK_COLUMN[t]) <= 3 and \
                            popcount(natural & RANK_COLUMN[r]) <= 2:
                        return True
                elif ch_rank_cost(popcount(natural & RANK_COLUMN[t]), 3) + \
                        ch_rank_cost(popcount(natural & RANK_COLUMN[r]), 2) <= j:
                    return True
        return False

    if cat == CH_STRAIGHT:
        if h < 5:
            return False
        uniq[0] = a & ~(b | c | d)
        uniq[1] = b & ~(a | c | d)
        uniq[2] = c & ~(a | b | d)
        uniq[3] = d & ~(a | b | c)
        for t in range(3, 13):
            if nprim and t != p1:
                continue
            need = CH_STRAIGHTS[t - 3]
            if small:
                if ge2 == 0 and (present & ~need) == 0 and \
                        (jokers or ch_max_lane(a, b, c, d) < 5):
                    return True
                continue
            cost = popcount(need & ~present)
            if cost == 0:
                for s in range(4):
                    if (need & ~uniq[s]) == 0:
                        cost = 1
            if cost <= j:
                return True
        return False

    if cat == CH_STRAIGHT_FLUSH or cat == CH_ROYAL:
        if h < 5:
            return False
        for s in range(4):
            if suit >= 0 and s != suit:
                continue
            lane = <uint32_t>((natural >> (16 * s)) & LANE)
            for t in range(3, 13):
                if cat == CH_ROYAL:
                    if t != 12:
                        continue
                elif t == 12 or (nprim and t != p1):
                    continue
                need = CH_STRAIGHTS[t - 3]
                if small:
                    if (natural & ~(<uint64_t>need << (16 * s))) == 0:
                        return True
                elif popcount(need & ~lane) <= j:
                    return True
        return False

    if cat == CH_FIVE:
        if h < 5:
            return False
        for r in range(13):
            if nprim and r != p1:
                continue
            if small:
                if (natural & ~RANK_COLUMN[r]) == 0:
                    return True
            elif popcount(natural & RANK_COLUMN[r]) + j >= 5:
                return True
        return False
    return False


cdef inline int ch_top_count(uint32_t present, uint32_t ge2, uint32_t ge3,
                             uint32_t ge4) noexcept nogil:
    """The most natural cards of one rank."""
    return 4 if ge4 else 3 if ge3 else 2 if ge2 else 1 if present else 0


cdef inline int ch_second_count(uint32_t present, uint32_t ge2, uint32_t ge3,
                                uint32_t ge4) noexcept nogil:
    """The second most natural cards of one rank."""
    return 4 if popcount(ge4) > 1 else 3 if popcount(ge3) > 1 else 2 if popcount(ge2) > 1 \
        else 1 if popcount(present) > 1 else 0


cdef inline int ch_short(int want, int have) noexcept nogil:
    return want - have if have < want else 0


cdef inline bint ch_holds_call(const CheungCall* q, uint64_t mask) noexcept nogil:
    return ch_holds(q.cat, q.nprim, q.p1, q.p2, q.named, q.suit, q.tier, mask)
