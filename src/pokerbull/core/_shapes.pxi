# best / best_many from the pool's hand, not call by call (issue 13).
#
# A ladder made only of the usual poker shapes (one rank k times, two pair, full
# house, straight, flush, straight flush; exact hands as in holdem, or at-least calls
# with wild cards as in pagat-wild) keeps, per shape, the index of each call by its
# named ranks and suit. The best call is then read off the pool: the highest category
# present, and in it the highest named ranks, a handful of rank-set operations and
# table reads. Kernel.__init__ recognises the shapes and checks the order these
# functions rely on (see Kernel._shape_profile); any other ladder keeps the block search.

DEF MAX_KIND = 8          # "eight Aces" with four wild deuces
DEF SORT_BLOCK = 2048     # pools per block of at_least_best_many

cdef enum:
    SHAPES_NONE = 0
    SHAPES_EXACT = 1      # exact hands (holdem)
    SHAPES_AT_LEAST = 2   # at-least calls, wild cards counted (pagat-wild)

cdef enum:
    NEEDS_BLOCK_SEARCH = -2   # a call the tables lack: ask best_call


ctypedef struct ShapeProfile:
    int32_t one[13 * (MAX_KIND + 1)]   # [r * 9 + k]: k cards of rank r (exact: pair, trips, quads)
    uint16_t one_has[MAX_KIND + 1]     # ranks with such a call, per k
    int32_t two[13 * 13]               # two pair [h * 13 + l]
    uint16_t two_has[13]               # per h: the l with a call
    uint16_t two_top                   # the h with any call
    int32_t full[13 * 13]              # full house [t * 13 + p]
    uint16_t full_has[13]
    uint16_t full_top
    int32_t straight[13]               # by top rank
    uint16_t straight_has
    int32_t flush[13 * 4]              # [t * 4 + s]
    uint16_t flush_has[4]              # per suit: the tops with a call
    int32_t sf[13 * 4]                 # straight flushes (royal: top Ace) [t * 4 + s]
    uint16_t sf_has[4]
    int32_t high[13]                   # exact high card, by top
    uint64_t wild


cdef inline uint32_t ranks_with(const RankSets* rs, int need) noexcept nogil:
    """Ranks held at least `need` times (every rank when `need` <= 0)."""
    if need <= 0:
        return LANE
    if need == 1:
        return rs.ge1
    if need == 2:
        return rs.ge2
    if need == 3:
        return rs.ge3
    if need == 4:
        return rs.ge4
    return 0


cdef inline int min2(int x) noexcept nogil:
    return x if x < 2 else 2


cdef inline uint64_t window_tops(uint64_t x, int need) noexcept nogil:
    """For up to four 13-bit lanes of x (bits 13-15 of each empty): the bit of rank t
    set where the five ranks of the straight to t (A-2-3-4-5 for t = 3) hold at least
    `need` bits of x. Five shifted copies summed bit-sliced, all lanes at once."""
    cdef uint64_t y, a0, a1, a2, a3, a4, s1, c1, s2, c2, t0, t1, hit
    x &= 0x1FFF1FFF1FFF1FFFULL
    y = (x << 1) | ((x >> 12) & 0x0001000100010001ULL)   # bit 0: the Ace low
    a0 = y
    a1 = y << 1
    a2 = y << 2
    a3 = y << 3
    a4 = y << 4
    s1 = a0 ^ a1 ^ a2
    c1 = (a0 & a1) | (a2 & (a0 ^ a1))
    s2 = s1 ^ a3 ^ a4                       # weight 1
    c2 = (s1 & a3) | (a4 & (s1 ^ a3))
    t0 = c1 ^ c2                            # weight 2
    t1 = c1 & c2                            # weight 4
    if need <= 0:
        hit = ~0ULL
    elif need == 1:
        hit = s2 | t0 | t1
    elif need == 2:
        hit = t0 | t1
    elif need == 3:
        hit = t1 | (t0 & s2)
    elif need == 4:
        hit = t1
    elif need == 5:
        hit = t1 & s2
    else:
        hit = 0
    return (hit & 0x3FF03FF03FF03FF0ULL) >> 1            # tops Five (bit 4 of y) .. Ace


cdef inline int best_suited(const int32_t* table, const uint16_t* has, uint64_t tops) noexcept nogil:
    """The highest call among each suit's highest top in `tops` (four lanes)."""
    cdef int best = -1, s, c
    cdef uint32_t lane
    for s in range(4):
        lane = <uint32_t>(tops >> (16 * s)) & has[s]
        if lane:
            c = table[highest_bit(lane) * 4 + s]
            best = c if c > best else best
    return best


cdef inline int exact_shapes_best(const ShapeProfile* S, uint64_t m) noexcept nogil:
    """holdem's best call: the category of the pool's best hand and its named ranks
    (and suit). NEEDS_BLOCK_SEARCH where the ladder lacks that call."""
    cdef int n = popcount(m)
    cdef RankSets rs = rank_sets(m)
    cdef uint64_t tops
    cdef uint32_t lane, rest
    cdef int best, s, c, t, h
    if n == 0:
        return -1
    if n >= 5:
        tops = window_tops(m, 5)
        if tops:
            best = best_suited(S.sf, S.sf_has, tops)
            return best if best >= 0 else NEEDS_BLOCK_SEARCH
        if rs.ge4:
            c = S.one[highest_bit(rs.ge4) * (MAX_KIND + 1) + 4]
            return c if c >= 0 else NEEDS_BLOCK_SEARCH
        if rs.ge3:
            t = highest_bit(rs.ge3)
            rest = rs.ge2 & ~(1u << t)
            if rest:
                c = S.full[t * 13 + highest_bit(rest)]
                return c if c >= 0 else NEEDS_BLOCK_SEARCH
        best = -1
        for s in range(4):
            lane = <uint32_t>(m >> (16 * s)) & LANE
            if popcount(lane) >= 5:       # no straight flush: the suit's top card tops a flush
                c = S.flush[highest_bit(lane) * 4 + s]
                if c < 0:
                    return NEEDS_BLOCK_SEARCH
                best = c if c > best else best
        if best >= 0:
            return best
        tops = window_tops(rs.ge1, 5)
        if tops:
            c = S.straight[highest_bit(tops)]
            return c if c >= 0 else NEEDS_BLOCK_SEARCH
    # below five cards the whole pool is the hand; from five on, no higher hand is left
    if rs.ge4:
        c = S.one[highest_bit(rs.ge4) * (MAX_KIND + 1) + 4]
    elif rs.ge3:
        c = S.one[highest_bit(rs.ge3) * (MAX_KIND + 1) + 3]
    elif rs.ge2:
        h = highest_bit(rs.ge2)
        rest = rs.ge2 & ~(1u << h)
        c = S.two[h * 13 + highest_bit(rest)] if rest else S.one[h * (MAX_KIND + 1) + 2]
    else:
        c = S.high[highest_bit(rs.ge1)]
    return c if c >= 0 else NEEDS_BLOCK_SEARCH


cdef inline int pair_of_ranks(const int32_t* table, const uint16_t* has, uint32_t first,
                              const uint32_t* ge, uint64_t m, int k1, int k2, int w) noexcept nogil:
    """Two-rank at-least calls (k1 of r1, k2 of r2), wild cards counted: the first r1
    (highest first) with some r2, and its highest r2; -1 if none. ge[j]: the ranks
    held at least j - 4 times (see at_least_shapes_best)."""
    cdef int r1, c1, left
    cdef uint32_t seconds
    while first:
        r1 = highest_bit(first)
        first &= ~(1u << r1)
        c1 = popcount(m & RANK_COLUMN[r1])
        left = w - (k1 - c1 if k1 > c1 else 0)
        seconds = ge[4 + k2 - left] & has[r1]
        if seconds:
            return table[r1 * 13 + highest_bit(seconds)]
    return -1


cdef inline int at_least_shapes_best(const ShapeProfile* S, uint64_t m) noexcept nogil:
    """pagat-wild's (and pagat's) best call: each category from the top, wild cards
    counted into the rank counts, the suit lanes and the straight windows. The
    ladder's groups name natural cards only (a wild deuce is no Two of its own)."""
    return at_least_best_with(S, m & ~S.wild, popcount(m & S.wild))


cdef void at_least_best_many(const ShapeProfile* S, const uint64_t* masks, int32_t* res,
                             Py_ssize_t n) noexcept nogil:
    """at_least_shapes_best for n pools. With wild cards, each block's pools are taken
    in three runs, without a wild card, with one, with more: the walk branches more
    alike within a run (random 7-card pagat-wild pools, CPU time, in turns with the
    unsorted loop: 51.7-52.7 against 50.4-51.3 M/s)."""
    cdef int32_t order[3][SORT_BLOCK]
    cdef Py_ssize_t count[3]
    cdef Py_ssize_t start, size, i, j
    cdef int w, b
    if not S.wild:
        for i in range(n):
            res[i] = at_least_best_with(S, masks[i], 0)
        return
    for start in range(0, n, SORT_BLOCK):
        size = n - start if n - start < SORT_BLOCK else SORT_BLOCK
        count[0] = count[1] = count[2] = 0
        for i in range(size):           # no branch: every pool's index goes to its run
            w = popcount(masks[start + i] & S.wild)
            b = w if w < 2 else 2
            order[b][count[b]] = <int32_t>i
            count[b] += 1
        for b in range(3):
            for j in range(count[b]):
                i = start + order[b][j]
                res[i] = at_least_shapes_best(S, masks[i])


cdef inline int at_least_best_with(const ShapeProfile* S, uint64_t m, int w) noexcept nogil:
    """at_least_shapes_best for the natural cards m and w wild cards."""
    cdef RankSets rs
    cdef uint32_t ranks, lane, tops13
    cdef uint32_t ge[4 + MAX_KIND + 1]     # ge[4 + j]: ranks held at least j times (j in -4..8)
    cdef uint32_t* at = ge + 4 - w        # at[k]: ranks that reach k with the wild cards
    cdef uint64_t tops
    cdef int k, c, s, t, cost, below, best, top, top2, suited
    rs = rank_sets(m)
    ge[0] = ge[1] = ge[2] = ge[3] = ge[4] = LANE
    ge[5] = rs.ge1
    ge[6] = rs.ge2
    ge[7] = rs.ge3
    ge[8] = rs.ge4
    ge[9] = ge[10] = ge[11] = ge[12] = 0
    # the most cards of one rank, of two ranks together and of one suit
    top = (rs.ge1 != 0) + (rs.ge2 != 0) + (rs.ge3 != 0) + (rs.ge4 != 0)
    top2 = (min2(popcount(rs.ge1)) + min2(popcount(rs.ge2)) + min2(popcount(rs.ge3))
            + min2(popcount(rs.ge4)))
    suited = 0
    for s in range(4):
        c = popcount(m & (<uint64_t>LANE << (16 * s)))
        suited = c if c > suited else suited
    k = top + w if top + w < MAX_KIND else MAX_KIND
    while k >= 5:                                       # five .. eight of a kind
        ranks = at[k] & S.one_has[k]
        if ranks:
            return S.one[highest_bit(ranks) * (MAX_KIND + 1) + k]
        k -= 1
    if suited + w >= 5:
        tops = window_tops(m, 5 - w)
        if tops:
            best = best_suited(S.sf, S.sf_has, tops)
            if best >= 0:
                return best
    ranks = at[4] & S.one_has[4]
    if ranks:
        return S.one[highest_bit(ranks) * (MAX_KIND + 1) + 4]
    if top2 + w >= 5:
        c = pair_of_ranks(S.full, S.full_has, at[3] & S.full_top, ge, m, 3, 2, w)
        if c >= 0:
            return c
    if suited + w >= 5:
        best = -1
        for s in range(4):
            lane = <uint32_t>(m >> (16 * s)) & LANE
            if popcount(lane) + w < 5:
                continue
            tops13 = S.flush_has[s]
            while tops13:                               # the highest top the wilds reach
                t = highest_bit(tops13)
                tops13 &= ~(1u << t)
                below = popcount(lane & ((1u << t) - 1))
                cost = (1 - ((lane >> t) & 1)) + (4 - below if below < 4 else 0)
                if cost <= w:
                    c = S.flush[t * 4 + s]
                    best = c if c > best else best
                    break
        if best >= 0:
            return best
    tops13 = <uint32_t>window_tops(rs.ge1, 5 - w) & S.straight_has
    if tops13:
        return S.straight[highest_bit(tops13)]
    ranks = at[3] & S.one_has[3]
    if ranks:
        return S.one[highest_bit(ranks) * (MAX_KIND + 1) + 3]
    if top2 + w >= 4:
        c = pair_of_ranks(S.two, S.two_has, at[2] & S.two_top, ge, m, 2, 2, w)
        if c >= 0:
            return c
    ranks = at[2] & S.one_has[2]
    if ranks:
        return S.one[highest_bit(ranks) * (MAX_KIND + 1) + 2]
    ranks = at[1] & S.one_has[1]
    if ranks:
        return S.one[highest_bit(ranks) * (MAX_KIND + 1) + 1]
    return -1


# ---- recognising the shapes (at Kernel construction, in Python) ---------------------

# Categories low to high, as the best-call functions above walk them.
EXACT_ORDER = ("high", "one2", "two", "one3", "straight", "flush", "full", "one4", "sf")
AT_LEAST_ORDER = ("one1", "one2", "two", "one3", "straight", "flush", "full", "one4", "sf",
                  "one5", "one6", "one7", "one8")


def _straight_set(int top):
    return 0x100F if top == 3 else 0x1F << (top - 4)


def _at_least_shape(groups, columns, straight_sets, uint64_t wild):
    """(category, key) of an at-least call from its (mask, count) groups, or None."""
    if len(groups) == 1:
        m, k = groups[0]
        if m in columns and 1 <= k <= MAX_KIND:
            return f"one{k}", (k, columns[m])
        if k == 5 and m in straight_sets:
            return "sf", straight_sets[m]
        return None
    if len(groups) == 2:
        (m1, k1), (m2, k2) = groups
        if m1 in columns and m2 in columns and m1 != m2:
            r1, r2 = columns[m1], columns[m2]
            if (k1, k2) == (2, 2) and r1 > r2:
                return "two", (r1, r2)
            if (k1, k2) == (3, 2):
                return "full", (r1, r2)
            return None
        if k1 == 1 and k2 == 4 and m1.bit_count() == 1:
            bit = m1.bit_length() - 1
            t, s = bit % 16, bit // 16
            if t < 13 and m2 == ((1 << t) - 1) << (16 * s) & ~wild:
                return "flush", (t, s)
        return None
    if len(groups) == 5 and all(m in columns and k == 1 for m, k in groups):
        ranks = sum(1 << columns[m] for m, _ in groups)
        for top in range(3, 13):
            if ranks == _straight_set(top):
                return "straight", (top,)
    return None


def _exact_shape(arrays, Py_ssize_t c, groups, straight_sets):
    kind = arrays["kind"][c]
    r1, r2 = int(arrays["rank1"][c]), int(arrays["rank2"][c])
    k1, k2, kick = int(arrays["count1"][c]), int(arrays["count2"][c]), int(arrays["kick"][c])
    if kind == EXACT_HIGH and 0 <= r1 < 13:
        return "high", (r1,)
    if kind == EXACT_RANKS and 0 <= r1 < 13 and r2 < 0 and (k1, kick) in ((2, 3), (3, 2), (4, 1)):
        return f"one{k1}", (k1, r1)
    if kind == EXACT_RANKS and 0 <= r2 < r1 < 13 and (k1, k2, kick) == (2, 2, 1):
        return "two", (r1, r2)
    if kind == EXACT_RANKS and 0 <= r1 < 13 and 0 <= r2 < 13 and r1 != r2 and (k1, k2, kick) == (3, 2, 0):
        return "full", (r1, r2)
    if kind == EXACT_STRAIGHT and 3 <= r1 < 13:
        return "straight", (r1,)
    if kind == EXACT_FLUSH and 0 <= r1 < 13 and 0 <= arrays["suit"][c] < 4:
        return "flush", (r1, int(arrays["suit"][c]))
    if kind == AT_LEAST and len(groups) == 1 and groups[0][1] == 5 and groups[0][0] in straight_sets:
        return "sf", straight_sets[groups[0][0]]
    return None


def _ordered(entries):
    """Indices rise with the keys (tuples compared in order)."""
    idx = [c for _, c in sorted(entries.items())]
    return all(a < b for a, b in zip(idx, idx[1:]))


def ladder_shapes(arrays, Py_ssize_t n, uint64_t wild):
    """(SHAPES_EXACT or SHAPES_AT_LEAST, {category: {key: call index}}) when every call
    of the ladder is one of the known shapes, ordered as the best-call functions
    walk them; None otherwise."""
    if wild and wild not in [RANK_COLUMN[r] for r in range(13)]:
        return None                       # wild cards other than one whole rank
    # groups name natural cards: a wild rank's column is empty
    columns = {int(RANK_COLUMN[r] & ~wild): r for r in range(13)}
    straight_sets = {(_straight_set(t) << (16 * s)) & ~wild: (t, s)
                     for t in range(3, 13) for s in range(4)}
    kinds = set(int(k) for k in arrays["kind"])
    if kinds == {AT_LEAST}:
        mode, order = SHAPES_AT_LEAST, AT_LEAST_ORDER
    elif not wild and kinds <= {AT_LEAST, EXACT_RANKS, EXACT_HIGH, EXACT_STRAIGHT, EXACT_FLUSH}:
        mode, order = SHAPES_EXACT, EXACT_ORDER
    else:
        return None
    cats = {name: {} for name in order}
    gm, gc = arrays["group_mask"], arrays["group_count"]
    for c in range(n):
        groups = [(int(gm[c * MAX_GROUPS + g]), int(gc[c * MAX_GROUPS + g]))
                  for g in range(arrays["ngroups"][c])]
        if mode == SHAPES_AT_LEAST:
            shape = _at_least_shape(groups, columns, straight_sets, wild)
        else:
            shape = _exact_shape(arrays, c, groups, straight_sets)
        if shape is None or shape[0] not in cats or shape[1] in cats[shape[0]]:
            return None
        cats[shape[0]][shape[1]] = c
    # categories low to high, each wholly above the one before
    filled = [cats[name] for name in order if cats[name]]
    if any(max(lo.values()) >= min(hi.values()) for lo, hi in zip(filled, filled[1:])):
        return None
    # in a category: higher named ranks, higher index (flushes: within a suit)
    for name in order:
        if name in ("flush", "sf"):
            if not all(_ordered({t: c for (t, s), c in cats[name].items() if s == suit})
                       for suit in range(4)):
                return None
        elif not _ordered(cats[name]):
            return None
    out = {"one": {}, "two": cats["two"], "full": cats["full"], "straight": cats["straight"],
           "flush": cats["flush"], "sf": cats["sf"], "high": cats.get("high", {})}
    for name in order:
        if name.startswith("one"):
            out["one"].update(cats[name])
    return mode, out
