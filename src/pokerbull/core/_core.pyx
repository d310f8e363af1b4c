# cython: language_level=3
"""The compiled backend: call-checking kernels on plain uint64 pool masks.

Mirrors ``_pure.py`` function for function over the same ladder tables
(see ``pokerbull.calls.spec``). The array loops release the GIL.
"""

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.string cimport memcpy, memset

import os

import numpy as np

cimport numpy as cnp

cnp.import_array()

cdef extern from "_simd.h":
    void pb_simd_init() noexcept nogil
    int pb_cpu_paths() noexcept nogil
    Py_ssize_t pb_holds_batch(int path, const uint64_t* masks, const void* calls, int width,
                              int32_t one_call, uint32_t n_calls, const uint64_t* qg0,
                              const uint64_t* qg1, const uint64_t* er, uint64_t wild, int has_ranks, uint8_t* out,
                              Py_ssize_t n, uint64_t* seen_cards, int* bad_index,
                              int32_t* later, Py_ssize_t* n_later) noexcept nogil
    Py_ssize_t pb_cheung_batch(int path, const uint64_t* masks, const void* calls, int width,
                               int32_t one_call, uint32_t n_calls, const uint64_t* cnt,
                               const uint64_t* sure, uint8_t* out, Py_ssize_t n, Py_ssize_t n_ahead, uint64_t* seen_cards,
                               int* bad_index, int32_t* later, Py_ssize_t* n_later,
                               int* crowded) noexcept nogil
    Py_ssize_t pb_cheung_rules(int path, const uint64_t* masks, const void* calls, int width,
                               int32_t one_call, uint32_t n_calls, const uint64_t* cnt,
                               uint8_t* out, int32_t* later, Py_ssize_t k) noexcept nogil
    void pb_prefetch(const void* p) noexcept nogil     # a macro: portable (_simd.h)

# ---- the batch paths: chosen at run time by CPU features ---------------------------

pb_simd_init()

#: Path names by the number the C kernels take, slowest first.
PATHS = ("scalar", "avx2", "avx512")


def simd_paths():
    """The batch paths this CPU runs, fastest first (``"scalar"`` always)."""
    cdef int bits = pb_cpu_paths()
    return tuple(PATHS[p] for p in range(len(PATHS) - 1, -1, -1) if (bits >> p) & 1)


cdef int path_number(object path) except -1:
    """The number of a path choice: None (the process default), True (the fastest this
    CPU runs), False (scalar) or a path name; a path this CPU lacks is refused."""
    if path is None:
        return DEFAULT_PATH
    if path is True:
        return PATHS.index(simd_paths()[0])
    if path is False:
        return 0
    if path not in PATHS:
        raise ValueError(f"unknown batch path {path!r}: choose from {', '.join(PATHS)}")
    if path not in simd_paths():
        raise ValueError(f"this CPU cannot run the {path} path (it runs {', '.join(simd_paths())})")
    return PATHS.index(path)


cdef int default_path() except -1:
    forced = os.environ.get("POKERBULL_SIMD", "").strip().lower()
    if os.environ.get("POKERBULL_NO_SIMD", "").strip() not in ("", "0"):
        if forced not in ("", "scalar"):
            raise ValueError(f"POKERBULL_NO_SIMD is set but POKERBULL_SIMD asks for {forced!r}")
        return 0
    if forced:
        if forced not in PATHS:
            raise ValueError(f"POKERBULL_SIMD={forced!r} is not a batch path: "
                             f"choose from {', '.join(PATHS)}")
        if forced not in simd_paths():
            raise ValueError(f"POKERBULL_SIMD={forced}: this CPU cannot run that path "
                             f"(it runs {', '.join(simd_paths())})")
        return PATHS.index(forced)
    return PATHS.index(simd_paths()[0])


cdef int DEFAULT_PATH = default_path()


def simd_path():
    """The batch path the kernels take by default: ``"avx512"``, ``"avx2"`` or ``"scalar"``
    (the fastest this CPU runs; ``POKERBULL_SIMD=name`` forces one, ``POKERBULL_NO_SIMD=1``
    forces scalar)."""
    return PATHS[DEFAULT_PATH]


def simd_available():
    """Whether this CPU runs a vector batch path (AVX2 or AVX-512)."""
    return len(simd_paths()) > 1

include "_evaluator.pxi"

DEF HOLD_BLOCK = 4096       # pairs per vector batch call
#: How best / best_many may find the best call (Kernel.best_method).
BEST_METHODS = ("hand shapes", "rank profile", "block search")

DEF PROFILE_MAX_CARDS = 9   # larger pools: the block search is faster than the rank profile

KINDS = {"AT_LEAST": AT_LEAST, "EXACT_RANKS": EXACT_RANKS, "EXACT_HIGH": EXACT_HIGH,
         "EXACT_STRAIGHT": EXACT_STRAIGHT, "EXACT_FLUSH": EXACT_FLUSH}


DEF NEVER_CARDS = 0xE00000000000C000   # bits 14, 15, 61, 62, 63: in no pool mask


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


cdef int check(const LadderData* L, Py_ssize_t c, uint64_t mask) noexcept nogil:
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


cdef inline bint has_straight_flush(uint64_t m) noexcept nogil:
    """Five consecutive cards of one suit anywhere in a natural mask. Windows
    cannot cross suits: bits 13-15 of every lane are empty."""
    cdef uint64_t run = m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4)
    cdef uint64_t wheel = (m >> 12) & m & (m >> 1) & (m >> 2) & (m >> 3) & 0x0001000100010001ULL
    return (run | wheel) != 0


ctypedef fused call_index_t:
    int16_t
    int32_t
    int64_t


cdef void holds_loop(const LadderData* L, const uint64_t* masks, const call_index_t* calls,
                     Py_ssize_t one_call, uint8_t* out, Py_ssize_t n,
                     uint64_t* seen_cards, int* bad_index) noexcept nogil:
    """out[i] = holds(calls[i] (or one_call when calls is NULL), masks[i]).

    Validation rides along: every mask is ORed into *seen_cards and an index
    outside the ladder sets *bad_index (and is checked as call 0 meanwhile);
    the caller raises. Table pointers are copied to locals first: the uint8
    stores may alias anything and would otherwise force reloads every pair."""
    cdef const Quick* quick = L.quick
    cdef uint64_t wild = L.wild
    cdef uint64_t m, seen = 0
    cdef Py_ssize_t i, c, n_calls = L.n
    cdef int bad = 0
    for i in range(n):
        c = calls[i] if calls != NULL else one_call
        if c < 0 or c >= n_calls:
            bad = 1
            c = 0
        m = masks[i]
        seen |= m
        out[i] = holds_quick(L, &quick[c], c, m, wild)
    seen_cards[0] |= seen
    bad_index[0] |= bad


cdef inline int check_fast(const LadderData* L, Py_ssize_t c, uint64_t mask,
                           int wilds) noexcept nogil:
    """check() for a pool holding `wilds` wild cards, from the quick record
    when the call has one."""
    cdef const Quick* q = &L.quick[c]
    cdef int short0, short1
    if q.simple == QUICK_AT_LEAST:
        short0 = <int>q.k0 - popcount(mask & q.m0)
        if short0 > wilds:
            return FIRST_FAILS
        short1 = <int>q.k1 - popcount(mask & q.m1)
        return HOLDS if (short0 if short0 > 0 else 0) + (short1 if short1 > 0 else 0) <= wilds \
            else FAILS
    return check(L, c, mask)


cdef inline int max_rank_count(uint64_t mask) noexcept nogil:
    cdef RankSets rs = rank_sets(mask)
    if rs.ge4:
        return 4
    if rs.ge3:
        return 3
    if rs.ge2:
        return 2
    return 1 if rs.ge1 else 0


cdef inline uint32_t first_ranks(uint64_t natural, int need, bint exactly) noexcept nogil:
    """Ranks held at least `need` times (exactly, for a small exact-hand pool);
    every rank when `need` <= 0."""
    cdef RankSets rs
    cdef uint32_t held
    if need <= 0:
        return LANE
    if need > 4:
        return 0
    rs = rank_sets(natural)
    held = rs.ge1 if need == 1 else rs.ge2 if need == 2 else rs.ge3 if need == 3 else rs.ge4
    if exactly and need < 4:
        held &= ~(rs.ge2 if need == 1 else rs.ge3 if need == 2 else rs.ge4)
    return held


cdef int best_call(const LadderData* L, uint64_t mask) noexcept nogil:
    cdef int cards = popcount(mask)
    cdef int wilds = popcount(mask & L.wild)
    cdef uint64_t natural = mask & ~L.wild
    cdef int same = max_rank_count(natural) + wilds
    cdef int suited = -1, s, k
    cdef Py_ssize_t b, c
    cdef int verdict, r
    cdef uint32_t ranks
    for b in range(L.n_blocks - 1, -1, -1):
        if L.block_min_cards[b] > cards or L.block_min_same[b] > same:
            continue
        if L.block_min_suit[b] and L.block_subsets[b] != 2:
            if suited < 0:      # most cards of one suit, counted once, when first needed
                suited = 0
                for s in range(4):
                    k = popcount(natural & (<uint64_t>LANE << (16 * s)))
                    if k > suited:
                        suited = k
                suited += wilds
            if L.block_min_suit[b] > suited:
                continue
        if L.block_key_count[b]:
            # only ranks that can meet the first requirement, highest first
            ranks = first_ranks(natural, L.block_key_count[b] - wilds,
                                cards < 5 and L.kind[L.block_start[b]] == EXACT_RANKS)
            while ranks:
                r = highest_bit(ranks)
                ranks &= ~(1u << r)
                c = L.block_rank_end[b * 13 + r] - 1
                while c >= L.block_rank_start[b * 13 + r]:
                    verdict = check_fast(L, c, mask, wilds)
                    if verdict == HOLDS:
                        return <int>c
                    if verdict == FIRST_FAILS:
                        break
                    c -= 1
            continue
        c = L.block_end[b] - 1
        if L.block_subsets[b]:
            # every call names a whole set of cards: a subset test each
            # (2: every set is a straight flush, so first look for one at all)
            if L.block_subsets[b] == 2 and not has_straight_flush(mask):
                continue
            while c >= L.block_start[b]:
                if (mask & L.quick[c].m0) == L.quick[c].m0:
                    return <int>c
                c -= 1
            continue
        while c >= L.block_start[b]:
            verdict = check_fast(L, c, mask, wilds)
            if verdict == HOLDS:
                return <int>c
            c = L.skip[c] if verdict == FIRST_FAILS else c - 1
    return -1


ctypedef struct RankProfile:
    # best_call of a ladder whose calls are all "at least k cards of rank r", "at least
    # k1 of r1 and k2 of r2", or "this whole set of cards", with no wild cards (pagat):
    # the best call is then the highest index among a few table entries.
    const int32_t* best1       # [13 * 5]: highest call on one rank needing <= c cards, or -1
    const int32_t* best2       # [13 * 5 * 13 * 5]: the same for two ranks (both orders)
    const uint64_t* sets       # whole-set calls, highest index first
    const int32_t* set_index
    Py_ssize_t n_sets
    int pair_min               # fewest cards of a rank any two-rank call needs (5: none)
    bint sets_are_straight_flushes


cdef int profile_best(const RankProfile* P, uint64_t mask) noexcept nogil:
    cdef uint32_t held = rank_sets(mask).ge1
    cdef int best = -1, r, k, c, i, j, n2 = 0
    cdef int ranks2[13]
    cdef int counts2[13]
    cdef Py_ssize_t s
    while held:
        r = lowest_bit(held)
        held &= held - 1
        c = popcount(mask & RANK_COLUMN[r])
        k = P.best1[r * 5 + c]
        best = k if k > best else best
        if c >= P.pair_min:
            ranks2[n2] = r
            counts2[n2] = c
            n2 += 1
    for i in range(n2):
        for j in range(i + 1, n2):
            k = P.best2[((ranks2[i] * 5 + counts2[i]) * 13 + ranks2[j]) * 5 + counts2[j]]
            best = k if k > best else best
    if P.n_sets and (not P.sets_are_straight_flushes or has_straight_flush(mask)):
        for s in range(P.n_sets):
            if P.set_index[s] <= best:
                break
            if (mask & P.sets[s]) == P.sets[s]:
                return P.set_index[s]
    return best


include "_shapes.pxi"


cdef class PoolBase:
    """Storage of a Pool's mask, readable from C (cards.Pool builds on it)."""

    cdef readonly uint64_t _mask

    def __init__(self, uint64_t mask):
        self._mask = mask


cdef class CallBase:
    """Storage of a Call's ladder and index, readable from C (ladder.Call builds on it)."""

    cdef readonly object ladder
    cdef readonly Py_ssize_t index

    def __init__(self, ladder, Py_ssize_t index):
        self.ladder = ladder
        self.index = index



def _exact_records(arrays, uint64_t wild):
    """The AVX2 path's records of an exact-hand ladder without wild cards (layout in
    _simd.h: two words a call), or None when some call does not fit them."""
    cdef Py_ssize_t c, g, n = len(arrays["kind"])
    if wild:
        return None
    gm, gc = arrays["group_mask"], arrays["group_count"]
    er = np.zeros(2 * n, dtype=np.uint64)
    for c in range(n):
        kind, top = int(arrays["kind"][c]), int(arrays["rank1"][c])
        w0 = w1 = 0
        if kind == AT_LEAST:
            # every card of every group: one subset test
            for g in range(arrays["ngroups"][c]):
                group = int(gm[c * MAX_GROUPS + g])
                if gc[c * MAX_GROUPS + g] != group.bit_count():
                    return None
                w0 |= group
        elif kind == EXACT_RANKS:
            r2, k0, k1 = int(arrays["rank2"][c]), int(arrays["count1"][c]), int(arrays["count2"][c])
            if not 1 <= k0 <= 4 or (r2 >= 0 and not 1 <= k1 <= 4):
                return None
            w1 = 1 << (16 * (k0 - 1) + top)
            if r2 >= 0:
                w1 |= 1 << (16 * (k1 - 1) + r2)
            threshold = int(arrays["kick"][c]) + (2 if r2 >= 0 else 1)
            if threshold > 7:
                return None
            w0 = threshold << 61
        elif kind == EXACT_STRAIGHT:
            w0 = int(STRAIGHT_BITS[top]) * 0x0001000100010001 | 1 << 14
            w1 = int(STRAIGHT_BITS[top])
        elif kind == EXACT_FLUSH:
            lane = 16 * int(arrays["suit"][c])
            w0 = 1 << (lane + top) | 2 << 14
            w1 = ((1 << top) - 1) << lane | (top == EV_ACE) << 61
        elif kind == EXACT_HIGH:
            w0 = 3 << 14
            w1 = 1 << top
        else:
            return None
        er[2 * c], er[2 * c + 1] = w0, w1
    return er


cdef class Kernel:
    """Checks calls of one ladder against pools (compiled)."""

    cdef LadderData L
    cdef object _arrays     # keeps the tables' buffers alive
    cdef object owner       # the Ladder, for the per-call fast path
    cdef int path_number     # the batch path (index in PATHS)
    cdef int has_ranks      # bit 0: rank calls; 1: exact straights or flushes; 2: calls for check()
    cdef const uint64_t* qg0
    cdef const uint64_t* qg1
    cdef const uint64_t* er     # exact-hand records of the AVX2 path (_simd.h), or NULL
    cdef object call_type
    cdef object pool_type
    cdef RankProfile P
    cdef readonly bint rank_profile     # best / best_many read the rank-profile tables
    cdef ShapeProfile S
    cdef int shapes                     # SHAPES_*: best / best_many read the hand-shape tables

    def __init__(self, tables, simd=None, rank_profile=True, best_method=None):
        """`simd`: the batch path (see ``simd_path``); `rank_profile`: False keeps
        best / best_many on the general block search (for tests and benchmarks), else
        they read the hand shapes (pagat, holdem, pagat-wild) or the rank profile
        where the ladder fits them (see ``best_method``); `best_method` names one of
        those three (tests and benchmarks), refused when the ladder does not fit it."""
        arrays = {}
        for name, dtype in (("kind", np.uint8), ("ngroups", np.uint8),
                            ("group_mask", np.uint64), ("group_count", np.uint8),
                            ("rank1", np.int8), ("count1", np.uint8), ("rank2", np.int8),
                            ("count2", np.uint8), ("kick", np.uint8), ("suit", np.int8),
                            ("skip", np.int32), ("block_start", np.int32),
                            ("block_end", np.int32), ("block_min_cards", np.uint8),
                            ("block_min_same_rank", np.uint8), ("block_min_same_suit", np.uint8),
                            ("block_key_count", np.uint8),
                            ("block_rank_start", np.int32), ("block_rank_end", np.int32)):
            arrays[name] = np.ascontiguousarray(getattr(tables, name), dtype=dtype)
        n = len(arrays["kind"])
        if len(arrays["group_mask"]) != n * MAX_GROUPS or len(arrays["group_count"]) != n * MAX_GROUPS:
            raise ValueError("ladder tables: group arrays must hold 5 entries per call")
        quick = np.zeros(n, dtype=np.dtype([("m0", np.uint64), ("m1", np.uint64),
                                            ("named", np.uint16), ("k0", np.uint8),
                                            ("k1", np.uint8), ("kick", np.uint8),
                                            ("simple", np.uint8)], align=True))
        if quick.dtype.itemsize != sizeof(Quick):
            raise RuntimeError("quick record layout does not match its C struct")
        gm, gc = arrays["group_mask"], arrays["group_count"]
        for c in range(n):
            kind = arrays["kind"][c]
            if kind == AT_LEAST and arrays["ngroups"][c] <= 2:
                quick[c] = (gm[c * MAX_GROUPS], gm[c * MAX_GROUPS + 1], 0,
                            gc[c * MAX_GROUPS], gc[c * MAX_GROUPS + 1], 0, QUICK_AT_LEAST)
            elif kind == EXACT_RANKS:
                r1, r2 = int(arrays["rank1"][c]), int(arrays["rank2"][c])
                quick[c] = (RANK_COLUMN[r1], RANK_COLUMN[r2] if r2 >= 0 else 0,
                            (1 << r1) | ((1 << r2) if r2 >= 0 else 0),
                            arrays["count1"][c], arrays["count2"][c] if r2 >= 0 else 0,
                            arrays["kick"][c], QUICK_RANKS)
        straight_flushes = {int(STRAIGHT_BITS[t]) << (16 * s) for t in range(3, 13) for s in range(4)}
        subsets = np.zeros(len(arrays["block_start"]), dtype=np.uint8)
        for b in range(len(subsets)):
            calls = range(arrays["block_start"][b], arrays["block_end"][b])
            if int(tables.wild_mask) == 0 and all(
                    arrays["kind"][c] == AT_LEAST and arrays["ngroups"][c] == 1
                    and gc[c * MAX_GROUPS] == int(gm[c * MAX_GROUPS]).bit_count() for c in calls):
                subsets[b] = 2 if all(int(gm[c * MAX_GROUPS]) in straight_flushes for c in calls) else 1
        arrays["quick"] = quick
        arrays["block_subsets"] = subsets
        # The same quick records as two words per call for the vector gathers,
        # small fields packed into bits no pool mask has (layout in _simd.h).
        if ((quick["m0"] | quick["m1"]) & np.uint64(NEVER_CARDS)).any():
            raise RuntimeError("a quick record's cards overlap the bits that carry its fields")
        if ((quick["k0"] > 8) | (quick["k1"] > 7) | (quick["kick"] > 3)).any():
            raise RuntimeError("a quick record's counts do not fit their packed fields")
        u = np.uint64
        fast = quick["simple"] != QUICK_NONE
        k0_low = np.where(fast, quick["k0"].astype(u) - u(1), u(0)).astype(u)
        arrays["qg0"] = quick["m0"] | quick["simple"].astype(u) << u(14) | k0_low << u(61)
        arrays["qg1"] = (quick["m1"] | quick["kick"].astype(u) << u(14)
                         | quick["k1"].astype(u) << u(61))
        # exact straights and flushes: vector kind 3 (the scalar loops still call check())
        shapes = 0
        for c in range(n):
            kind, top = arrays["kind"][c], int(arrays["rank1"][c])
            if kind == EXACT_STRAIGHT:
                arrays["qg0"][c] = STRAIGHT_BITS[top] | 3 << 14
                arrays["qg1"][c] = 0
                shapes = 2
            elif kind == EXACT_FLUSH:
                lane = 16 * int(arrays["suit"][c])
                arrays["qg0"][c] = 1 << (lane + top) | 3 << 14
                arrays["qg1"][c] = ((1 << top) - 1) << lane | 1 << 14 | (top == EV_ACE) << 61
                shapes = 2
        self.qg0 = <const uint64_t*>_data(arrays["qg0"])
        self.qg1 = <const uint64_t*>_data(arrays["qg1"])
        left = ((quick["simple"] == QUICK_NONE) & (arrays["kind"] != EXACT_STRAIGHT)
                & (arrays["kind"] != EXACT_FLUSH))
        self.has_ranks = bool((quick["simple"] == QUICK_RANKS).any()) | shapes | 4 * bool(left.any())
        er = _exact_records(arrays, int(tables.wild_mask))
        if er is not None:
            arrays["er"] = er
            self.er = <const uint64_t*>_data(er)
        self.path_number = path_number(simd)
        self._arrays = arrays
        self.L.quick = <const Quick*>_data(quick)
        self.L.block_subsets = <const uint8_t*>_data(subsets)
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
        self.L.block_min_suit = <const uint8_t*>_data(arrays["block_min_same_suit"])
        self.L.block_key_count = <const uint8_t*>_data(arrays["block_key_count"])
        self.L.block_rank_start = <const int32_t*>_data(arrays["block_rank_start"])
        self.L.block_rank_end = <const int32_t*>_data(arrays["block_rank_end"])
        self.L.wild = <uint64_t>int(tables.wild_mask)
        self.L.allowed = <uint64_t>int(tables.allowed_mask)
        if best_method not in (None, *BEST_METHODS):
            raise ValueError(f"unknown best method {best_method!r}: choose from "
                             f"{', '.join(BEST_METHODS)}")
        if best_method is not None:
            rank_profile = best_method != "block search"
        self.shapes = SHAPES_NONE
        if rank_profile and best_method != "rank profile":
            self.shapes = self._shape_profile(arrays)
        self.rank_profile = (bool(rank_profile) and self.shapes == SHAPES_NONE
                             and best_method != "hand shapes"
                             and self._rank_profile(arrays, straight_flushes))
        if best_method is not None and self.best_method != best_method:
            raise ValueError(f"this ladder does not fit the {best_method} method of best")

    @property
    def best_method(self):
        """How best / best_many find the best call: "rank profile" (pagat), "hand
        shapes" (exact hands, or at-least calls with wild cards) or "block search"."""
        if self.rank_profile:
            return "rank profile"
        return "hand shapes" if self.shapes != SHAPES_NONE else "block search"

    def _shape_profile(self, arrays):
        """Fill the ShapeProfile tables when every call of the ladder is one of the
        shapes it knows and the ladder orders them as the best-call functions
        assume; return the SHAPES_* mode (SHAPES_NONE: keep the block search)."""
        cdef int k, r, r2, t, s
        shapes = ladder_shapes(arrays, self.L.n, self.L.wild)
        if shapes is None:
            return SHAPES_NONE
        mode, cats = shapes
        for k in range(MAX_KIND + 1):
            self.S.one_has[k] = 0
            for r in range(13):
                self.S.one[r * (MAX_KIND + 1) + k] = -1
        for r in range(13):
            self.S.two_has[r] = self.S.full_has[r] = 0
            self.S.straight[r] = self.S.high[r] = -1
            for r2 in range(13):
                self.S.two[r * 13 + r2] = self.S.full[r * 13 + r2] = -1
            for s in range(4):
                self.S.flush[r * 4 + s] = self.S.sf[r * 4 + s] = -1
        self.S.two_top = self.S.full_top = self.S.straight_has = 0
        for s in range(4):
            self.S.flush_has[s] = self.S.sf_has[s] = 0
        for (k, r), c in cats["one"].items():
            self.S.one[r * (MAX_KIND + 1) + k] = c
            self.S.one_has[k] |= 1 << r
        for (r, r2), c in cats["two"].items():
            self.S.two[r * 13 + r2] = c
            self.S.two_has[r] |= 1 << r2
            self.S.two_top |= 1 << r
        for (r, r2), c in cats["full"].items():
            self.S.full[r * 13 + r2] = c
            self.S.full_has[r] |= 1 << r2
            self.S.full_top |= 1 << r
        for (t,), c in cats["straight"].items():
            self.S.straight[t] = c
            self.S.straight_has |= 1 << t
        for (t, s), c in cats["flush"].items():
            self.S.flush[t * 4 + s] = c
            self.S.flush_has[s] |= 1 << t
        for (t, s), c in cats["sf"].items():
            self.S.sf[t * 4 + s] = c
            self.S.sf_has[s] |= 1 << t
        for (t,), c in cats["high"].items():
            self.S.high[t] = c
        self.S.wild = self.L.wild
        return mode

    def _rank_profile(self, arrays, straight_flushes):
        """Build the RankProfile tables when every call of the ladder fits them."""
        if self.L.wild:
            return False
        columns = {int(RANK_COLUMN[r]): r for r in range(13)}
        best1 = np.full((13, 5), -1, np.int32)
        best2 = np.full((13, 5, 13, 5), -1, np.int32)
        sets = []
        pair_min = 5
        gm, gc = arrays["group_mask"], arrays["group_count"]
        for c in range(self.L.n):
            groups = [(int(gm[c * MAX_GROUPS + g]), int(gc[c * MAX_GROUPS + g]))
                      for g in range(arrays["ngroups"][c])]
            if arrays["kind"][c] != AT_LEAST or not 1 <= len(groups) <= 2:
                return False
            if len(groups) == 1 and groups[0][0] in columns and 1 <= groups[0][1] <= 4:
                r, k = columns[groups[0][0]], groups[0][1]
                best1[r, k:] = np.maximum(best1[r, k:], c)
            elif len(groups) == 1 and groups[0][1] == groups[0][0].bit_count():
                sets.append((c, groups[0][0]))
            elif (len(groups) == 2 and all(m in columns and 1 <= k <= 4 for m, k in groups)
                  and groups[0][0] != groups[1][0]):
                (r1, k1), (r2, k2) = [(columns[m], k) for m, k in groups]
                best2[r1, k1:, r2, k2:] = np.maximum(best2[r1, k1:, r2, k2:], c)
                best2[r2, k2:, r1, k1:] = np.maximum(best2[r2, k2:, r1, k1:], c)
                pair_min = min(pair_min, k1, k2)
            else:
                return False
        sets.sort(reverse=True)
        arrays["profile_best1"] = best1.ravel()
        arrays["profile_best2"] = best2.ravel()
        arrays["profile_sets"] = np.array([m for _, m in sets], np.uint64)
        arrays["profile_set_index"] = np.array([c for c, _ in sets], np.int32)
        self.P.best1 = <const int32_t*>_data(arrays["profile_best1"])
        self.P.best2 = <const int32_t*>_data(arrays["profile_best2"])
        self.P.sets = <const uint64_t*>_data(arrays["profile_sets"]) if sets else NULL
        self.P.set_index = <const int32_t*>_data(arrays["profile_set_index"]) if sets else NULL
        self.P.n_sets = len(sets)
        self.P.pair_min = pair_min
        self.P.sets_are_straight_flushes = all(m in straight_flushes for _, m in sets)
        return True

    @property
    def path(self):
        """The batch path of this kernel's ``holds_many``: "avx512", "avx2" or "scalar"."""
        return PATHS[self.path_number]

    @property
    def simd(self):
        """Whether batch checks take a vector path."""
        return self.path_number != 0

    cdef int _valid(self, uint64_t mask) except -1:
        if mask & ~self.L.allowed:
            raise ValueError(f"pool mask {mask:#x} has cards these rules do not have: "
                             f"{mask & ~self.L.allowed:#x}")
        return 0

    cdef int _index(self, Py_ssize_t c) except -1:
        if c < 0 or c >= self.L.n:
            raise ValueError(f"call index {c} is outside the ladder (0..{self.L.n - 1})")
        return 0

    cdef int _holds_batch(self, const uint64_t* masks, const call_index_t* calls,
                          Py_ssize_t one_call, uint8_t* out, Py_ssize_t n) except -1:
        """Check every pair in one pass, validating as it goes; raise on bad input."""
        cdef Py_ssize_t done = 0, i, j, got, k, size
        cdef uint64_t seen = 0
        cdef int bad = 0
        cdef int32_t later[HOLD_BLOCK + 8]  # pairs of a block the vector path leaves to check()
        with nogil:
            while self.path_number and done < n:
                size = HOLD_BLOCK if n - done > HOLD_BLOCK else n - done
                got = pb_holds_batch(self.path_number, masks + done,
                                     calls + done if calls != NULL else NULL,
                                     sizeof(call_index_t), <int32_t>one_call, <uint32_t>self.L.n,
                                     self.qg0, self.qg1, self.er, self.L.wild, self.has_ranks, out + done,
                                     size, &seen, &bad, later, &k)
                if not bad:
                    for j in range(k):
                        i = done + later[j]
                        out[i] = check(&self.L, calls[i] if calls != NULL else one_call,
                                       masks[i]) == HOLDS
                done += got
                if got < size:
                    break
            holds_loop(&self.L, masks + done, calls + done if calls != NULL else NULL,
                       one_call, out + done, n - done, &seen, &bad)
        if bad:
            raise ValueError(f"call indices must lie in 0..{self.L.n - 1}")
        self._valid(seen)
        return 0

    def bind(self, owner, call_type, pool_type):
        """Serve ``owner.holds`` directly for its own Call and Pool objects."""
        self.owner, self.call_type, self.pool_type = owner, call_type, pool_type

    def holds_call(self, call, pool):
        """``Ladder.holds`` for a Call of the bound ladder and a Pool; anything
        else goes to the ladder's general path (which resolves and validates)."""
        cdef uint64_t mask
        if type(call) is self.call_type and type(pool) is self.pool_type:
            if (<CallBase>call).ladder is self.owner:
                mask = (<PoolBase>pool)._mask
                if not mask & ~self.L.allowed:
                    return holds_one(&self.L, (<CallBase>call).index, mask)
        return self.owner._holds_general(call, pool)

    def holds(self, Py_ssize_t c, uint64_t mask):
        self._index(c)
        self._valid(mask)
        return holds_one(&self.L, c, mask)

    def holds_many(self, const uint64_t[::1] masks, const call_index_t[::1] calls):
        """Call indices may be int16, int32 or int64: read as they are, never copied."""
        cdef Py_ssize_t n = masks.shape[0]
        if calls.shape[0] != n:
            raise ValueError(f"{calls.shape[0]} calls for {n} masks")
        out = np.empty(n, dtype=np.bool_)
        cdef uint8_t[::1] res = out.view(np.uint8)
        if n:
            self._holds_batch(&masks[0], &calls[0], 0, &res[0], n)
        return out

    def holds_many_one(self, const uint64_t[::1] masks, Py_ssize_t c):
        cdef Py_ssize_t n = masks.shape[0]
        self._index(c)
        out = np.empty(n, dtype=np.bool_)
        cdef uint8_t[::1] res = out.view(np.uint8)
        if n:
            self._holds_batch(&masks[0], <const int32_t*>NULL, c, &res[0], n)
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
        return self._best(mask)

    cdef inline int _best(self, uint64_t mask) noexcept nogil:
        cdef int c
        if self.shapes == SHAPES_EXACT:
            c = exact_shapes_best(&self.S, mask)
            return c if c != NEEDS_BLOCK_SEARCH else best_call(&self.L, mask)
        if self.shapes == SHAPES_AT_LEAST:
            return at_least_shapes_best(&self.S, mask)
        if self.rank_profile and popcount(mask) <= PROFILE_MAX_CARDS:
            return profile_best(&self.P, mask)
        return best_call(&self.L, mask)

    def best_many(self, const uint64_t[::1] masks):
        """Every mask is ORed into `seen` and checked at the end (in the same pass but
        for the at-least shapes): the kernels read no table by a pool's stray bits."""
        cdef Py_ssize_t i, n = masks.shape[0]
        cdef uint64_t m, seen = 0
        out = np.empty(n, dtype=np.int32)
        cdef int32_t[::1] res = out
        cdef const ShapeProfile* S = &self.S
        with nogil:
            if self.shapes == SHAPES_AT_LEAST:
                for i in range(n):
                    seen |= masks[i]
                if n:
                    at_least_best_many(S, &masks[0], &res[0], n)
            elif self.shapes == SHAPES_EXACT:     # one loop per method: the call inlines
                for i in range(n):
                    m = masks[i]
                    seen |= m
                    res[i] = exact_shapes_best(S, m)
                    if res[i] == NEEDS_BLOCK_SEARCH:
                        res[i] = best_call(&self.L, m)
            else:
                for i in range(n):
                    m = masks[i]
                    seen |= m
                    res[i] = self._best(m)
        self._valid(seen)
        return out


cdef const LadderData* ladder_data(object kernel) noexcept:
    """The call tables of a compiled ``Kernel`` (the wings' engines read them), or NULL
    when `kernel` is anything else."""
    if isinstance(kernel, Kernel):
        return &(<Kernel>kernel).L
    return NULL


include "_cheung.pxi"
