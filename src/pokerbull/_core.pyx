# cython: language_level=3
"""The compiled backend: call-checking kernels on plain uint64 pool masks.

Mirrors ``_pure.py`` function for function over the same ladder tables
(see ``pokerbull.ladder``). The array loops release the GIL.
"""

from libc.stdint cimport int8_t, int32_t, uint8_t, uint64_t

import numpy as np

cimport numpy as cnp

cnp.import_array()

include "_bits.pxi"
include "_evaluator.pxi"

DEF MAX_GROUPS = 5

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

KINDS = {"AT_LEAST": AT_LEAST, "EXACT_RANKS": EXACT_RANKS, "EXACT_HIGH": EXACT_HIGH,
         "EXACT_STRAIGHT": EXACT_STRAIGHT, "EXACT_FLUSH": EXACT_FLUSH}


ctypedef struct LadderData:
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
    uint64_t wild
    uint64_t allowed


cdef inline int exact_high(uint64_t mask, int top) noexcept nogil:
    cdef RankSets rs = rank_sets(mask)
    cdef uint32_t below, flush_ranks, lane, s
    cdef uint64_t topcards
    cdef int ways, k, single_top
    if popcount(mask) < 5:
        return rs.ge2 == 0 and rs.ge1 != 0 and highest_bit(rs.ge1) == top
    if not (rs.ge1 >> top) & 1:
        return 0
    below = rs.ge1 & ((1u << top) - 1)
    ways = CHOOSE4[popcount(below)]
    if ways == 0:
        return 0
    topcards = mask & RANK_COLUMN[top]
    single_top = popcount(topcards) == 1
    flush_ranks = 0
    if single_top:
        # all one suit only when every rank is a lone card of the top card's suit
        lane = <uint32_t>((mask >> (16 * (lowest_bit(topcards) // 16))) & LANE)
        flush_ranks = lane & below & ~rs.ge2
        ways -= CHOOSE4[popcount(flush_ranks)]
    for k in range(2):
        s = STRAIGHTS_UNDER[top][k]
        if (below & s) == s and not (single_top and (flush_ranks & s) == s):
            ways -= 1
    return ways > 0


cdef inline int exact_straight(uint64_t mask, int top) noexcept nogil:
    cdef RankSets rs
    cdef uint32_t need = STRAIGHT_BITS[top]
    cdef int s
    if popcount(mask) < 5:
        return 0
    rs = rank_sets(mask)
    if (rs.ge1 & need) != need:
        return 0
    if rs.ge2 & need:
        return 1            # a doubled rank lets the suits differ
    for s in range(4):
        if (((mask >> (16 * s)) & LANE) & need) == need:
            return 0
    return 1


cdef inline int exact_flush(uint64_t mask, int top, int suit) noexcept nogil:
    cdef uint32_t lane = <uint32_t>((mask >> (16 * suit)) & LANE)
    cdef uint32_t below, s
    cdef int ways, k
    if not (lane >> top) & 1:
        return 0
    below = lane & ((1u << top) - 1)
    ways = CHOOSE4[popcount(below)]
    for k in range(2):
        s = STRAIGHTS_UNDER[top][k]
        if (below & s) == s:
            ways -= 1
    return ways > 0


cdef inline int check(const LadderData* L, Py_ssize_t c, uint64_t mask) noexcept nogil:
    """HOLDS, FAILS, or FIRST_FAILS when the first requirement fails."""
    cdef int kind = L.kind[c]
    cdef int wilds, missing, short, g, c1, c2, ok
    cdef Py_ssize_t base
    cdef int r1, r2
    cdef uint32_t named
    cdef RankSets rs
    if kind == AT_LEAST:
        wilds = popcount(mask & L.wild)
        missing = 0
        base = c * MAX_GROUPS
        for g in range(L.ngroups[c]):
            short = <int>L.group_count[base + g] - popcount(mask & L.group_mask[base + g])
            if short > 0:
                if g == 0 and short > wilds:
                    return FIRST_FAILS
                missing += short
        return HOLDS if missing <= wilds else FAILS
    if kind == EXACT_RANKS:
        r1 = L.rank1[c]
        r2 = L.rank2[c]
        c1 = popcount(mask & RANK_COLUMN[r1])
        c2 = popcount(mask & RANK_COLUMN[r2]) if r2 >= 0 else 0
        named = (1u << r1) | ((1u << r2) if r2 >= 0 else 0u)
        rs = rank_sets(mask)
        if popcount(mask) >= 5:
            if c1 < L.count1[c]:
                return FIRST_FAILS
            ok = c2 >= L.count2[c] and popcount(rs.ge1 & ~named) >= L.kick[c]
        else:
            # fewer than five cards: the whole pool is the hand
            if c1 != L.count1[c]:
                return FIRST_FAILS
            ok = c2 == L.count2[c] and (rs.ge2 & ~named) == 0
        return HOLDS if ok else FAILS
    if kind == EXACT_HIGH:
        return HOLDS if exact_high(mask, L.rank1[c]) else FAILS
    if kind == EXACT_STRAIGHT:
        return HOLDS if exact_straight(mask, L.rank1[c]) else FAILS
    if kind == EXACT_FLUSH:
        return HOLDS if exact_flush(mask, L.rank1[c], L.suit[c]) else FAILS
    return FAILS


cdef inline bint holds_one(const LadderData* L, Py_ssize_t c, uint64_t mask) noexcept nogil:
    """check() == HOLDS, with the at-least kind unrolled and branch-free."""
    cdef Py_ssize_t base
    cdef int wilds, missing, short, g
    if L.kind[c] != AT_LEAST:
        return check(L, c, mask) == HOLDS
    base = c * MAX_GROUPS
    wilds = popcount(mask & L.wild)
    short = <int>L.group_count[base] - popcount(mask & L.group_mask[base])
    missing = short if short > 0 else 0
    short = <int>L.group_count[base + 1] - popcount(mask & L.group_mask[base + 1])
    missing += short if short > 0 else 0
    if L.ngroups[c] > 2:
        for g in range(2, L.ngroups[c]):
            short = <int>L.group_count[base + g] - popcount(mask & L.group_mask[base + g])
            missing += short if short > 0 else 0
    return missing <= wilds


cdef inline int max_rank_count(uint64_t mask) noexcept nogil:
    cdef RankSets rs = rank_sets(mask)
    if rs.ge4:
        return 4
    if rs.ge3:
        return 3
    if rs.ge2:
        return 2
    return 1 if rs.ge1 else 0


cdef int best_call(const LadderData* L, uint64_t mask) noexcept nogil:
    cdef int cards = popcount(mask)
    cdef int wilds = popcount(mask & L.wild)
    cdef int same = max_rank_count(mask & ~L.wild) + wilds
    cdef Py_ssize_t b, c
    cdef int verdict
    for b in range(L.n_blocks - 1, -1, -1):
        if L.block_min_cards[b] > cards or L.block_min_same[b] > same:
            continue
        c = L.block_end[b] - 1
        while c >= L.block_start[b]:
            verdict = check(L, c, mask)
            if verdict == HOLDS:
                return <int>c
            c = L.skip[c] if verdict == FIRST_FAILS else c - 1
    return -1


cdef inline const void* _data(cnp.ndarray arr):
    return cnp.PyArray_DATA(arr)


cdef class Kernel:
    """Checks calls of one ladder against pools (compiled)."""

    cdef LadderData L
    cdef object _arrays     # keeps the tables' buffers alive

    def __init__(self, tables):
        arrays = {}
        for name, dtype in (("kind", np.uint8), ("ngroups", np.uint8),
                            ("group_mask", np.uint64), ("group_count", np.uint8),
                            ("rank1", np.int8), ("count1", np.uint8), ("rank2", np.int8),
                            ("count2", np.uint8), ("kick", np.uint8), ("suit", np.int8),
                            ("skip", np.int32), ("block_start", np.int32),
                            ("block_end", np.int32), ("block_min_cards", np.uint8),
                            ("block_min_same_rank", np.uint8)):
            arrays[name] = np.ascontiguousarray(getattr(tables, name), dtype=dtype)
        n = len(arrays["kind"])
        if len(arrays["group_mask"]) != n * MAX_GROUPS or len(arrays["group_count"]) != n * MAX_GROUPS:
            raise ValueError("ladder tables: group arrays must hold 5 entries per call")
        self._arrays = arrays
        self.L.n = n
        self.L.n_blocks = len(arrays["block_start"])
        self.L.kind = <const uint8_t*>_data(arrays["kind"])
        self.L.ngroups = <const uint8_t*>_data(arrays["ngroups"])
        self.L.group_mask = <const uint64_t*>_data(arrays["group_mask"])
        self.L.group_count = <const uint8_t*>_data(arrays["group_count"])
        self.L.rank1 = <const int8_t*>_data(arrays["rank1"])
        self.L.count1 = <const uint8_t*>_data(arrays["count1"])
        self.L.rank2 = <const int8_t*>_data(arrays["rank2"])
        self.L.count2 = <const uint8_t*>_data(arrays["count2"])
        self.L.kick = <const uint8_t*>_data(arrays["kick"])
        self.L.suit = <const int8_t*>_data(arrays["suit"])
        self.L.skip = <const int32_t*>_data(arrays["skip"])
        self.L.block_start = <const int32_t*>_data(arrays["block_start"])
        self.L.block_end = <const int32_t*>_data(arrays["block_end"])
        self.L.block_min_cards = <const uint8_t*>_data(arrays["block_min_cards"])
        self.L.block_min_same = <const uint8_t*>_data(arrays["block_min_same_rank"])
        self.L.wild = <uint64_t>int(tables.wild_mask)
        self.L.allowed = <uint64_t>int(tables.allowed_mask)

    cdef int _valid(self, uint64_t mask) except -1:
        if mask & ~self.L.allowed:
            raise ValueError(f"pool mask {mask:#x} has cards these rules do not have: "
                             f"{mask & ~self.L.allowed:#x}")
        return 0

    cdef int _index(self, Py_ssize_t c) except -1:
        if c < 0 or c >= self.L.n:
            raise ValueError(f"call index {c} is outside the ladder (0..{self.L.n - 1})")
        return 0

    cdef int _valid_masks(self, const uint64_t[::1] masks) except -1:
        cdef uint64_t seen = 0
        cdef Py_ssize_t i
        with nogil:
            for i in range(masks.shape[0]):
                seen |= masks[i]
        return self._valid(seen)

    def holds(self, Py_ssize_t c, uint64_t mask):
        self._index(c)
        self._valid(mask)
        return holds_one(&self.L, c, mask)

    def holds_many(self, const uint64_t[::1] masks, const int32_t[::1] calls):
        cdef Py_ssize_t i, n = masks.shape[0]
        cdef int32_t lo = 0, hi = 0
        if calls.shape[0] != n:
            raise ValueError(f"{calls.shape[0]} calls for {n} masks")
        self._valid_masks(masks)
        with nogil:
            for i in range(n):
                if calls[i] < lo:
                    lo = calls[i]
                if calls[i] > hi:
                    hi = calls[i]
        if n:
            self._index(lo)
            self._index(hi)
        out = np.empty(n, dtype=np.bool_)
        cdef uint8_t[::1] res = out.view(np.uint8)
        with nogil:
            for i in range(n):
                res[i] = holds_one(&self.L, calls[i], masks[i])
        return out

    def holds_many_one(self, const uint64_t[::1] masks, Py_ssize_t c):
        cdef Py_ssize_t i, n = masks.shape[0]
        self._index(c)
        self._valid_masks(masks)
        out = np.empty(n, dtype=np.bool_)
        cdef uint8_t[::1] res = out.view(np.uint8)
        with nogil:
            for i in range(n):
                res[i] = holds_one(&self.L, c, masks[i])
        return out

    def truth(self, uint64_t mask):
        cdef Py_ssize_t c
        self._valid(mask)
        out = np.empty(self.L.n, dtype=np.bool_)
        cdef uint8_t[::1] res = out.view(np.uint8)
        with nogil:
            for c in range(self.L.n):
                res[c] = check(&self.L, c, mask) == HOLDS
        return out

    def best(self, uint64_t mask):
        self._valid(mask)
        return best_call(&self.L, mask)

    def best_many(self, const uint64_t[::1] masks):
        cdef Py_ssize_t i, n = masks.shape[0]
        self._valid_masks(masks)
        out = np.empty(n, dtype=np.int32)
        cdef int32_t[::1] res = out
        with nogil:
            for i in range(n):
                res[i] = best_call(&self.L, masks[i])
        return out
