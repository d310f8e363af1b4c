# cython: language_level=3
"""What the compiled core shares with the wings' engines (``cimport`` it).

The bit helpers and card-layout tables, the call tables of a ladder (``LadderData``)
and Cheung's (``CheungData``), and the per-pool checks. The checks a game loop runs
once per challenge (``holds_one`` and its quick records) are ``cdef inline`` here, so
every engine that cimports them compiles its own copy. The general check and the
larger searches (``check``, ``best_call``, ``ch_holds``, ``ch_best``) are exported by
``_core`` and called through its C API. Tables are C constants, one copy per module.
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


ctypedef struct CheungData:
    const CheungCall* calls
    Py_ssize_t n
    const int64_t* keys
    const uint64_t* table     # hash of a key -> key << 32 | call index (all ones: empty)
    const uint64_t* need      # per call: cards it needs some k of (bits 61-63: k, with jokers)
    const uint64_t* rec       # per call 4 words: two counts, a sure rule, the call (_simd.h)
    int n_slots
    CheungSlot slots[12]
    int suit_rank[4]
    int tier_rank[5]
    int suits_high_first[4]
    uint64_t allowed
    bint by_search            # best: the block search only (else the hand's shape first)


cdef bint ch_holds(int cat, int nprim, int p1, int p2, uint32_t named, int suit, int tier,
                   uint64_t mask) noexcept nogil
cdef int ch_best(const CheungData* D, uint64_t mask) noexcept nogil
cdef void ch_best_many(const CheungData* D, const uint64_t* masks, int32_t* res,
                       Py_ssize_t n) noexcept nogil
cdef const CheungData* cheung_data(object kernel) noexcept


cdef inline bint ch_holds_call(const CheungCall* q, uint64_t mask) noexcept nogil:
    return ch_holds(q.cat, q.nprim, q.p1, q.p2, q.named, q.suit, q.tier, mask)
