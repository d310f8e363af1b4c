# Bit tools shared by the compiled kernels: population counts, rank sets and
# the small constant tables of the card layout (RULES.md section 1).

from libc.stdint cimport uint32_t, uint64_t

cdef extern from *:
    """
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
    """
    int popcount "pb_popcount"(uint64_t x) noexcept nogil
    int lowest_bit "pb_lowest_bit"(uint64_t x) noexcept nogil    # x != 0
    int highest_bit "pb_highest_bit"(uint64_t x) noexcept nogil  # x != 0

DEF LANE = 0x1FFF
DEF NO_SET = 0xFFFF     # a 4-rank set no 13-bit mask contains

ctypedef struct RankSets:
    uint32_t ge1     # ranks held at least once
    uint32_t ge2     # ... at least twice
    uint32_t ge3
    uint32_t ge4

cdef uint64_t RANK_COLUMN[13]
cdef int CHOOSE4[14]
cdef uint32_t STRAIGHT_BITS[13]       # the five ranks of the straight to a top
cdef uint32_t STRAIGHTS_UNDER[13][2]  # 4-rank sets that complete one with the top

cdef void _init_bit_tables():
    cdef int r, n
    for r in range(13):
        RANK_COLUMN[r] = (1ULL << r) | (1ULL << (16 + r)) | (1ULL << (32 + r)) | (1ULL << (48 + r))
        STRAIGHT_BITS[r] = 0x100F if r == 3 else ((0x1F << (r - 4)) if r >= 4 else 0)
        STRAIGHTS_UNDER[r][0] = (0xF << (r - 4)) if r >= 4 else NO_SET
        STRAIGHTS_UNDER[r][1] = 0xF if r == 12 else NO_SET
    for n in range(14):
        CHOOSE4[n] = n * (n - 1) * (n - 2) * (n - 3) // 24 if n >= 4 else 0

_init_bit_tables()


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
