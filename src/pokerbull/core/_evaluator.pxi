# The best poker hand of a pool, compiled: mirrors ``_pure_evaluator.py`` (read
# that module's doc for the value layout and the rules code).
#
# Plain pools (no joker, no suit order) take a table-driven fast path on 13-bit
# rank sets (the ranks held at least once, twice, three times, as in _core.pxd):
# common_hand judges high card, pair, two pair, trips and straights without a
# branch, from one table on the ranks held (five highest, best straight) and one on
# the ranks held twice (the rank groups); it flags the rare pools with a flush (a
# suit lane of five cards or more), a full house or quads for rare_hand. Batches
# judge the flagged pools in a second pass over each block, and run common_hand
# eight pools at a time where the CPU has AVX-512 (_evaluator_simd.h). Jokers and suit order
# take the general path, which finds each category in closed form from the
# highest down, like the pure backend.

from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t

cdef enum:
    EV_TIER_SHIFT = 15
    EV_ROLES_SHIFT = 17
    EV_CLASS_AT = 20            # class bits above the 20 role bits (before ROLES_SHIFT)
    EV_ACE = 12

cdef enum:
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8
    FIVE_KIND = 9
    ROYAL_ON_TOP = 10

cdef enum:
    RULE_JOKERS_WILD = 1
    RULE_JOKER_ORDER_SHIFT = 1
    RULE_ROYAL_SHIFT = 3
    RULE_SUIT_ORDER_ON = 32
    RULE_SUIT_STRENGTH_SHIFT = 6
    RULES_LIMIT = 16384
    NO_TIERS = 0
    NATURAL_BEATS_WILD = 1
    WILD_BEATS_NATURAL = 2
    ROYAL_NO = 0
    ROYAL_NATURAL = 1
    ROYAL_ANY = 2

cdef uint64_t EV_JOKERS = (1ULL << 13) | (1ULL << 29)
cdef uint64_t EV_NATURAL = 0x1FFF1FFF1FFF1FFFULL
cdef uint64_t EV_DECK = EV_NATURAL | EV_JOKERS
cdef uint64_t EV_ROYAL_PLAIN = (<uint64_t>STRAIGHT_FLUSH << EV_CLASS_AT) | (13 << 16)

# For each 13-bit rank set: its five highest ranks as nibbles (rank + 1, top first,
# bits 0..19) and, when it holds a straight, the class and top nibble of that
# straight (STRAIGHT << 4 | top + 1, bits 24..31; 0 if none).
cdef uint32_t RANK_SET_INFO[8192]
# How a pool groups its ranks, indexed by the ranks held twice or more (bits 0..12)
# and whether some rank is held three times (bit 13):
#   bits 0..12   the group ranks (one triplet, or the two highest pairs, or none)
#   bit 13       set when those ranks make a full house: rare_hand judges the pool
#   bits 16..19  how far the kickers' nibbles shift right (4 per group rank)
#   bits 20..39  which kicker nibbles the hand keeps
#   bits 40..63  the hand's class << 20 | the group ranks' nibbles
cdef uint64_t RANK_GROUPS[16384]
cdef int STRAIGHT_SLOTS[13][5]      # ranks of the straight to a top, in hand order


cdef uint64_t rank_groups(uint32_t pairs, int trips):
    """The RANK_GROUPS entry of the ranks held twice or more, and whether a triplet is held."""
    cdef uint32_t groups = pairs, keep, cls, nib
    cdef int n, k, r
    if trips and popcount(pairs) != 1:
        return 1 << 13      # a triplet beside another pair, or two triplets
    while popcount(groups) > 2:
        groups &= groups - 1
    n = popcount(groups)
    if trips:
        cls, keep = TRIPS, 0x0FF00          # the triplet, two kickers
    elif n == 2:
        cls, keep = TWO_PAIR, 0x00F00       # two pairs, one kicker
    elif n == 1:
        cls, keep = PAIR, 0x0FFF0           # the pair, three kickers
    else:
        cls, keep = HIGH_CARD, 0xFFFFF      # five kickers
    nib = 0
    k = 0
    for r in range(12, -1, -1):
        if (groups >> r) & 1:
            nib |= <uint32_t>(r + 1) << (4 * (4 - k))
            k += 1
    return (groups | <uint64_t>(4 * n) << 16 | <uint64_t>keep << 20
            | (<uint64_t>cls << EV_CLASS_AT | nib) << 40)


cdef void _init_evaluator_tables():
    cdef int m, r, k, t
    cdef uint32_t nib
    for m in range(8192):
        nib = 0
        k = 0
        r = 12
        while r >= 0 and k < 5:
            if (m >> r) & 1:
                nib |= <uint32_t>(r + 1) << (4 * (4 - k))
                k += 1
            r -= 1
        for t in range(12, 2, -1):
            if (m & STRAIGHT_BITS[t]) == STRAIGHT_BITS[t]:
                nib |= <uint32_t>(STRAIGHT << 4 | (t + 1)) << 24
                break
        RANK_SET_INFO[m] = nib
    for m in range(16384):
        RANK_GROUPS[m] = rank_groups(m & 0x1FFF, m >> 13)
    for t in range(13):
        for k in range(5):
            STRAIGHT_SLOTS[t][k] = (3 - k if k < 4 else EV_ACE) if t == 3 else t - k

_init_evaluator_tables()


cdef extern from *:
    """
    #if defined(_MSC_VER)
    static inline int pb_top_rank(unsigned int x) { unsigned long i; _BitScanReverse(&i, x); return (int)i; }
    #else
    static inline int pb_top_rank(unsigned int x) { return 31 - __builtin_clz(x); }
    #endif
    """
    int top_rank "pb_top_rank"(uint32_t ranks) noexcept nogil   # highest rank of a non-empty set

cdef inline uint32_t top_five(uint32_t ranks) noexcept nogil:
    """The five highest ranks of a rank set as nibbles, highest at bits 16..19."""
    return RANK_SET_INFO[ranks] & 0xFFFFF


cdef inline uint64_t flush_hand(uint32_t lane) noexcept nogil:
    """Class and roles of the best five cards of one suit lane; 0 under five cards."""
    cdef uint32_t info = RANK_SET_INFO[lane]
    # a straight flush is the lane's straight entry with the class raised
    cdef uint64_t straight = 0 - <uint64_t>(info >> 24 != 0)
    cdef uint64_t v = ((<uint64_t>((info >> 24) + ((STRAIGHT_FLUSH - STRAIGHT) << 4)) << 16) & straight
                       | ((<uint64_t>FLUSH << EV_CLASS_AT) | (info & 0xFFFFF)) & ~straight)
    return v & (0 - <uint64_t>(popcount(lane) >= 5))


cdef inline uint64_t flush_value(uint64_t m) noexcept nogil:
    """The best flush or straight flush of a pool of natural cards (0 if none)."""
    cdef uint64_t best = flush_hand(<uint16_t>m), v
    v = flush_hand(<uint16_t>(m >> 16))
    best = v if v > best else best
    v = flush_hand(<uint16_t>(m >> 32))
    best = v if v > best else best
    v = flush_hand(<uint16_t>(m >> 48))
    return v if v > best else best


cdef uint64_t rare_hand(uint64_t m) noexcept nogil:
    """plain_hand of a pool holding a full house or four of a kind, or a flush
    beside other cards that make one (the pools common_hand leaves out)."""
    cdef uint32_t a = <uint16_t>m
    cdef uint32_t b = <uint16_t>(m >> 16)
    cdef uint32_t c = <uint16_t>(m >> 32)
    cdef uint32_t d = <uint16_t>(m >> 48)
    cdef uint32_t ge1 = a | b | c | d
    cdef uint32_t ge2 = (a & b) | (c & d) | ((a | b) & (c | d))
    cdef uint32_t ge3 = (a & b & (c | d)) | (c & d & (a | b))
    cdef uint32_t ge4 = a & b & c & d
    cdef uint64_t flush = flush_value(m)
    cdef int r
    if flush >> EV_CLASS_AT == STRAIGHT_FLUSH:
        return flush
    if ge4:
        r = top_rank(ge4)
        return ((<uint64_t>QUADS << EV_CLASS_AT) | <uint32_t>(r + 1) << 16
                | (top_five(ge1 ^ (1u << r)) >> 16) << 12)
    if ge3 and popcount(ge2) >= 2:
        # a full house: the highest triplet, then the highest other rank held twice
        r = top_rank(ge3)
        return ((<uint64_t>FULL_HOUSE << EV_CLASS_AT) | <uint32_t>(r + 1) << 16
                | <uint32_t>(top_rank(ge2 ^ (1u << r)) + 1) << 12)
    return flush


cdef inline uint64_t common_hand(uint64_t m, uint32_t* rare) noexcept nogil:
    """plain_hand, without a branch, unless the pool holds a flush, a full house or
    four of a kind: then `rare` is set non-zero and rare_hand has the value."""
    # bits 13..15 of each lane are clear in such a pool: a 16-bit cast is the lane
    cdef uint32_t a = <uint16_t>m
    cdef uint32_t b = <uint16_t>(m >> 16)
    cdef uint32_t c = <uint16_t>(m >> 32)
    cdef uint32_t d = <uint16_t>(m >> 48)
    cdef uint32_t ab = a & b, cd = c & d, a_b = a | b, c_d = c | d
    cdef uint32_t ge1 = a_b | c_d
    cdef uint32_t ge2 = ab | cd | (a_b & c_d)
    cdef uint32_t ge3 = (ab & c_d) | (cd & a_b)
    cdef uint64_t straight = <uint64_t>(RANK_SET_INFO[ge1] >> 24) << 16
    cdef uint64_t groups = RANK_GROUPS[ge2 | <uint32_t>(ge3 != 0) << 13]
    # a lane holds five or more cards exactly when its count + 3 reaches 8
    cdef uint32_t flushes = ((<uint32_t>popcount(a) + 3) | (<uint32_t>popcount(b) + 3)
                             | (<uint32_t>popcount(c) + 3) | (<uint32_t>popcount(d) + 3)) >> 3
    cdef uint64_t v = ((groups >> 40)
                       | ((top_five(ge1 ^ (<uint32_t>groups & 0x1FFF)) >> ((groups >> 16) & 0xF))
                          & (groups >> 20) & 0xFFFFF))
    rare[0] = flushes | (<uint32_t>groups & 0x2000) | (ab & cd)     # ab & cd: quads
    return v if v > straight else straight      # a straight beats all of those


cdef inline uint64_t plain_hand(uint64_t m) noexcept nogil:
    """Class and roles (class << 20 | roles) of a valid pool of natural cards."""
    cdef uint32_t rare
    cdef uint64_t v = common_hand(m, &rare)
    return rare_hand(m) if rare else v


# ---- the general path: jokers, joker tiers, suit order ------------------------

ctypedef struct EvalRules:
    int jokers_wild
    int order
    int royal
    int by_suits
    int strength[4]
    int suits_down[4]          # suit indices, strongest first
    uint64_t plain_tier        # tier field of a hand with no joker

ctypedef struct Judge:
    const EvalRules* R
    uint64_t natural
    uint32_t lanes[4]
    uint32_t ranks
    int counts[13]
    int jokers
    int n_natural
    int hand_size


cdef int read_rules(object rules, EvalRules* R) except -1:
    """Unpack and check a rules code (see _pure_evaluator.check_rules)."""
    cdef long code, i, s
    cdef int seen = 0
    if type(rules) is not int and (isinstance(rules, bool) or not isinstance(rules, (int, np.integer))):
        raise ValueError(f"evaluator rules must be an int code, not {type(rules).__name__}")
    if not 0 <= rules < RULES_LIMIT:
        raise ValueError(f"evaluator rules code {rules} is out of range")
    code = rules
    R.jokers_wild = code & RULE_JOKERS_WILD
    R.order = (code >> RULE_JOKER_ORDER_SHIFT) & 3
    R.royal = (code >> RULE_ROYAL_SHIFT) & 3
    R.by_suits = (code & RULE_SUIT_ORDER_ON) != 0
    if R.order == 3:
        raise ValueError(f"evaluator rules code {rules}: joker order 3 is unknown")
    if R.royal == 3:
        raise ValueError(f"evaluator rules code {rules}: royal option 3 is unknown")
    if R.by_suits:
        for s in range(4):
            R.strength[s] = (code >> (RULE_SUIT_STRENGTH_SHIFT + 2 * s)) & 3
            seen |= 1 << R.strength[s]
        if seen != 15:
            raise ValueError(f"evaluator rules code {rules}: suit strengths "
                             f"{tuple(R.strength[s] for s in range(4))} are not an order of the four suits")
    elif code >> RULE_SUIT_STRENGTH_SHIFT:
        raise ValueError(f"evaluator rules code {rules}: suit strengths given "
                         "without the suit order flag")
    else:
        for s in range(4):
            R.strength[s] = s
    for i in range(4):
        for s in range(4):
            if R.strength[s] == 3 - i:
                R.suits_down[i] = s
    R.plain_tier = (2 if R.order == NATURAL_BEATS_WILD else 0) << EV_TIER_SHIFT
    return 0


cdef uint64_t score(const Judge* J, int cls, const int* roles, int n_roles,
                    const int* slot_rank, const int* slot_suit, int n_slots,
                    bint natural_only) noexcept nogil:
    """Value of a reading; slots list (rank, suit or -1 for any) in hand order."""
    cdef const EvalRules* R = J.R
    cdef uint64_t free = J.natural, bit, value
    cdef int marks[5]
    cdef int forced = 0, i, k, s, mark, least, used, extra, tier
    for i in range(n_slots):
        mark = 0
        for k in range(4):
            s = R.suits_down[k] if slot_suit[i] < 0 else slot_suit[i]
            bit = 1ULL << (16 * s + slot_rank[i])
            if free & bit:
                free ^= bit
                mark = R.strength[s] + 1
                break
            if slot_suit[i] >= 0:
                break
        if not mark:
            forced += 1          # no natural card left for this slot: a joker fills it
        marks[i] = mark
    least = J.hand_size - J.n_natural
    if forced > least:
        least = forced
    if natural_only:
        used = 0
    elif R.order == WILD_BEATS_NATURAL:
        used = J.jokers          # every joker can stand in for a card it replaces
    else:
        used = least
    # jokers beyond the forced ones replace the least significant natural cards
    extra = used - forced
    i = n_slots - 1
    while extra > 0 and i >= 0:
        if marks[i]:
            marks[i] = 0
            extra -= 1
        i -= 1
    if R.order == NATURAL_BEATS_WILD:
        tier = 2 - used
    elif R.order == WILD_BEATS_NATURAL:
        tier = used
    else:
        tier = 0
    value = cls
    for i in range(5):
        value = (value << 4) | (<uint64_t>(roles[i] + 1) if i < n_roles else 0)
    value = (value << 2) | <uint64_t>tier
    for i in range(5):
        value = (value << 3) | (<uint64_t>marks[i] if R.by_suits and i < n_slots else 0)
    return value


cdef int top_ranks(uint32_t ranks, int count, int* out) noexcept nogil:
    """Write the `count` highest ranks of a rank set, highest first; return how many."""
    cdef int n = 0, r
    while ranks and n < count:
        r = highest_bit(ranks)
        out[n] = r
        n += 1
        ranks ^= 1u << r
    return n


cdef int best_straight_top(uint32_t ranks, int jokers) noexcept nogil:
    cdef int t
    for t in range(12, 2, -1):
        if popcount(STRAIGHT_BITS[t] & ~ranks) <= jokers:
            return t
    return -1


cdef int highest_rank_with(const Judge* J, int count) noexcept nogil:
    cdef int r
    for r in range(12, -1, -1):
        if J.counts[r] + J.jokers >= count:
            return r
    return -1


cdef int two_groups(const Judge* J, int big, int small, int* second_out) noexcept nogil:
    """Highest (first, second) ranks holding `big` and `small` cards, jokers shared."""
    cdef int first, second, need, need2
    for first in range(12, -1, -1):
        need = big - J.counts[first]
        if need < 0:
            need = 0
        if need > J.jokers:
            continue
        second = 12 if big != small else first - 1
        while second >= 0:
            need2 = small - J.counts[second]
            if need2 < 0:
                need2 = 0
            if second != first and need + need2 <= J.jokers:
                second_out[0] = second
                return first
            second -= 1
    return -1


cdef uint64_t grouped(const Judge* J, int cls, int r1, int n1, int r2, int n2) noexcept nogil:
    """Score a hand of one or two rank groups, filled up with the best kickers."""
    cdef int roles[8]        # never more than five used; room to spare for the compiler
    cdef int slot_rank[8]
    cdef int slot_suit[8]
    cdef int n_roles = 0, n_slots = 0, i, k
    cdef uint32_t away = 1u << r1
    roles[n_roles] = r1
    n_roles += 1
    for i in range(n1):
        slot_rank[n_slots] = r1
        n_slots += 1
    if n2:
        away |= 1u << r2
        roles[n_roles] = r2
        n_roles += 1
        for i in range(n2):
            slot_rank[n_slots] = r2
            n_slots += 1
    k = top_ranks(J.ranks & ~away, J.hand_size - n_slots, roles + n_roles)
    for i in range(k):
        slot_rank[n_slots + i] = roles[n_roles + i]
    n_roles += k
    n_slots += k
    for i in range(n_slots):
        slot_suit[i] = -1
    return score(J, cls, roles, n_roles, slot_rank, slot_suit, n_slots, 0)


cdef uint64_t ranks_with_aces(const Judge* J, int cls, uint32_t ranks, int suit) noexcept nogil:
    """Score the five highest of `ranks` plus one Ace per joker (flush, high card)."""
    cdef int roles[5]
    cdef int slot_suit[5]
    cdef int n, i
    for i in range(J.jokers):
        roles[i] = EV_ACE
    n = J.jokers + top_ranks(ranks, 5 - J.jokers, roles + J.jokers)
    for i in range(n):
        slot_suit[i] = suit
    return score(J, cls, roles, n, roles, slot_suit, n, 0)


cdef uint64_t straight_reading(const Judge* J, int cls, int top, int suit,
                               bint natural_only) noexcept nogil:
    cdef int slot_suit[5]
    cdef int i
    for i in range(5):
        slot_suit[i] = suit
    return score(J, cls, &top, 1, STRAIGHT_SLOTS[top], slot_suit, 5, natural_only)


cdef uint64_t judged_value(uint64_t mask, const EvalRules* R) noexcept nogil:
    """Value of the best hand of any valid pool under any rules (the general path)."""
    cdef Judge J
    cdef uint64_t best = 0, v
    cdef bint found = 0, natural_only
    cdef int s, r, top, cls, second
    J.R = R
    J.natural = mask & ~EV_JOKERS
    J.jokers = popcount(mask & EV_JOKERS)
    J.n_natural = popcount(J.natural)
    J.hand_size = J.n_natural + J.jokers
    if J.hand_size > 5:
        J.hand_size = 5
    for s in range(4):
        J.lanes[s] = (J.natural >> (16 * s)) & LANE
    J.ranks = J.lanes[0] | J.lanes[1] | J.lanes[2] | J.lanes[3]
    for r in range(13):
        J.counts[r] = ((J.lanes[0] >> r) & 1) + ((J.lanes[1] >> r) & 1) \
                      + ((J.lanes[2] >> r) & 1) + ((J.lanes[3] >> r) & 1)
    # straight flushes (and royals, when they rank over five of a kind)
    for s in range(4):
        top = best_straight_top(J.lanes[s], J.jokers)
        if top < 0:
            continue
        cls = STRAIGHT_FLUSH
        natural_only = 0
        if top == EV_ACE and R.royal == ROYAL_ANY:
            cls = ROYAL_ON_TOP
        elif top == EV_ACE and R.royal == ROYAL_NATURAL and (STRAIGHT_BITS[EV_ACE] & ~J.lanes[s]) == 0:
            cls = ROYAL_ON_TOP
            natural_only = 1
        v = straight_reading(&J, cls, top, s, natural_only)
        if not found or v > best:
            best = v
            found = 1
    if J.jokers:
        r = highest_rank_with(&J, 5)
        if r >= 0:
            v = grouped(&J, FIVE_KIND, r, 5, 0, 0)
            if not found or v > best:
                best = v
                found = 1
    if found:
        return best
    r = highest_rank_with(&J, 4)
    if r >= 0:
        return grouped(&J, QUADS, r, 4, 0, 0)
    if J.hand_size == 5:
        r = two_groups(&J, 3, 2, &second)
        if r >= 0:
            return grouped(&J, FULL_HOUSE, r, 3, second, 2)
        for s in range(4):
            if popcount(J.lanes[s]) + J.jokers >= 5:
                v = ranks_with_aces(&J, FLUSH, J.lanes[s], s)
                if not found or v > best:
                    best = v
                    found = 1
        if found:
            return best
        top = best_straight_top(J.ranks, J.jokers)
        if top >= 0:
            return straight_reading(&J, STRAIGHT, top, -1, 0)
    r = highest_rank_with(&J, 3)
    if r >= 0:
        return grouped(&J, TRIPS, r, 3, 0, 0)
    if J.hand_size >= 4:
        r = two_groups(&J, 2, 2, &second)
        if r >= 0:
            return grouped(&J, TWO_PAIR, r, 2, second, 2)
    r = highest_rank_with(&J, 2)
    if r >= 0:
        return grouped(&J, PAIR, r, 2, 0, 0)
    return ranks_with_aces(&J, HIGH_CARD, J.ranks, -1)


cdef inline uint64_t hand_value(uint64_t mask, const EvalRules* R) noexcept nogil:
    """Value of the best hand of a valid pool: the fast path when it applies."""
    cdef uint64_t v
    if (mask & EV_JOKERS) == 0 and not R.by_suits:
        v = plain_hand(mask)
        if R.royal != ROYAL_NO and v == EV_ROYAL_PLAIN:
            v = (<uint64_t>ROYAL_ON_TOP << EV_CLASS_AT) | (13 << 16)
        return (v << EV_ROLES_SHIFT) | R.plain_tier
    return judged_value(mask, R)


cdef extern from "_evaluator_simd.h":
    Py_ssize_t pb_plain_hands_simd(int path, const uint64_t* masks, int64_t* out, Py_ssize_t n,
                                   uint64_t tier, const uint32_t* top_five,
                                   int32_t* rare, Py_ssize_t* n_rare, uint64_t* seen,
                                   uint64_t* empty) noexcept nogil
    Py_ssize_t pb_rows_simd(int path, const uint8_t* base, int k, Py_ssize_t n, uint64_t* masks,
                            int64_t* out, uint64_t tier, const uint32_t* top_five, int32_t* rare,
                            Py_ssize_t* n_rare, uint64_t* seen) noexcept nogil

    ctypedef uint64_t (*pb_ev_judge)(uint64_t mask) noexcept nogil
    int pb_ev_build_tables(pb_ev_judge judge) noexcept nogil
    enum: PB_EV_MULTISETS, PB_EV_SLOTS, PB_EV_BUCKETS
    Py_ssize_t pb_ev_table_hands(const uint64_t* masks, int64_t* out, Py_ssize_t n, uint64_t tier,
                                 int32_t* rare, uint64_t* seen) noexcept nogil
    int pb_ev_table_rows(int k, const uint8_t* base, Py_ssize_t step, Py_ssize_t n,
                         int64_t* out, uint64_t tier, int path, uint64_t* bad,
                         uint64_t* seen) noexcept nogil


cdef uint64_t table_hand(uint64_t mask) noexcept nogil:
    return plain_hand(mask)

# the scalar path's table of every pool of at most seven cards (_evaluator_simd.h).
# No silent fallback: a table that cannot be built stops the import (the scalar path
# always judges by it), and evaluator_table() reports what was built.
cdef Py_ssize_t TABLE_POOLS = pb_ev_build_tables(table_hand)
if TABLE_POOLS != PB_EV_MULTISETS:
    raise RuntimeError("pokerbull: the scalar evaluator's table of pools of at most seven "
                       f"cards could not be built ({TABLE_POOLS} of {PB_EV_MULTISETS} rank "
                       "multisets placed: out of memory, or no hash displacement fits)")


DEF BLOCK = 1024


def evaluator_table():
    """What the scalar path's table holds (built at import, or the import fails):
    ``pools`` (rank multisets of one to seven cards, at most four of a rank, each in
    its own slot of its size's perfect hash), ``slots`` (of the seven sizes together)
    and ``bytes`` (slot values, the flush part: a value for each 13-bit suit lane, and
    bucket displacements)."""
    return {"pools": TABLE_POOLS, "slots": PB_EV_SLOTS,
            "bytes": 4 * (PB_EV_SLOTS + 8192) + 2 * PB_EV_BUCKETS}


def table_values(const uint64_t[::1] masks):
    """The scalar table's own answers for plain pools of one to seven cards (no
    jokers), without the fallback judges: ``(values, listed)``, `listed` the indices
    of the pools the table hands on (a suit of five or more, over seven cards, empty;
    their values are left 0). For tests: it pins that the table judges the rest."""
    cdef Py_ssize_t n = masks.shape[0], start, size, k, i
    cdef uint64_t seen
    cdef int32_t later[BLOCK]
    out = np.zeros(n, dtype=np.int64)
    cdef int64_t[::1] res = out
    listed = []
    for start in range(0, n, BLOCK):
        size = BLOCK if start + BLOCK < n else n - start
        for i in range(size):
            if masks[start + i] & ~EV_NATURAL:
                raise ValueError(f"pool mask {start + i} is not a plain pool (a joker or a "
                                 f"bit outside the deck): {masks[start + i]:#x}")
        k = pb_ev_table_hands(&masks[start], &res[start], size, 0, later, &seen)
        for i in range(k):
            res[start + later[i]] = 0
            listed.append(start + later[i])
    return out, listed


cdef void listed_values(const uint64_t* masks, int64_t* out, const int32_t* listed, Py_ssize_t k,
                        uint64_t tier) noexcept nogil:
    """plain_hand of the pools the table listed (indices into `masks` and `out`). The
    table lists a pool of one to seven cards only for a suit lane of five cards or
    more, and then the flush (or straight flush) is its best hand: beside five cards
    of one suit, two more make neither a full house nor four of a kind (each needs
    three cards off the suit). So those take flush_value alone; bigger pools (and an
    empty one, which the callers refuse) take plain_hand."""
    cdef Py_ssize_t i
    cdef uint64_t m, v
    for i in range(k):
        m = masks[listed[i]]
        v = flush_value(m) if <unsigned int>(popcount(m) - 1) < 7 else plain_hand(m)
        out[listed[i]] = <int64_t>((v << EV_ROLES_SHIFT) | tier)


cdef bint plain_values(const uint64_t* masks, int64_t* out, Py_ssize_t n, uint64_t tier,
                       int path, bint check) noexcept nogil:
    """Values of many plain pools. Block by block: every pool through the branch-free
    common_hand (several at a time on a vector `path`), noting the rare ones,
    then those few through rare_hand, so that the hot loop does not mispredict.
    The scalar path first tries the table of pools of at most seven cards; after a
    block that was mostly bigger pools (or flushes), it goes straight to common_hand.
    With `check` (not on the table path: checked_plain_values checks it itself), each
    block's pools are checked as they are judged (the vector kernels read any mask
    safely and report the union and an empty mask; the scalar loop checks before it
    judges): false, with `out` partly written, at the first block holding a pool
    that is empty or not plain (a joker, a bit outside the deck)."""
    cdef Py_ssize_t start, i, k, size, done
    cdef uint32_t rare
    cdef int32_t later[BLOCK + 16]  # rare pools, by index in the block (room for a vector store)
    cdef bint table = path == 0     # path -1: scalar, without the table
    cdef uint64_t seen, empty, m
    for start in range(0, n, BLOCK):
        size = BLOCK if start + BLOCK < n else n - start
        if table:
            k = pb_ev_table_hands(masks + start, out + start, size, tier, later, &seen)
            if 2 * k <= size:
                listed_values(masks + start, out + start, later, k, tier)
                continue
            table = False           # mostly pools the table cannot judge: redo the block
        k = done = 0
        seen = empty = 0
        if path:
            done = pb_plain_hands_simd(path, masks + start, out + start, size, tier,
                                       RANK_SET_INFO, later, &k, &seen, &empty)
        if check:
            for i in range(done, size):
                m = masks[start + i]
                seen |= m
                empty |= (m - 1) & ~m     # bit 63 set only by an empty mask
            if (seen & ~EV_NATURAL) or empty >> 63:
                return False
        for i in range(done, size):
            out[start + i] = <int64_t>((common_hand(masks[start + i], &rare) << EV_ROLES_SHIFT) | tier)
            later[k] = <int32_t>i
            k += rare != 0
        for i in range(k):
            out[start + later[i]] = <int64_t>((rare_hand(masks[start + later[i]]) << EV_ROLES_SHIFT)
                                             | tier)
    return True


cdef bint checked_plain_values(const uint64_t* masks, int64_t* out, Py_ssize_t n, uint64_t tier,
                               int path) noexcept nogil:
    """plain_values with the pool checks done block by block in the same pass as the
    judging (one pass over the masks instead of two): false, with `out` partly
    written, as soon as a block holds a pool that is empty or not plain (a joker,
    a bit outside the deck); the caller then checks and judges the whole batch."""
    cdef Py_ssize_t start, i, size, k
    cdef uint64_t seen
    cdef int32_t later[BLOCK]
    if path == 0:
        # the table path checks each block in the same pass as it judges it
        for start in range(0, n, BLOCK):
            size = BLOCK if start + BLOCK < n else n - start
            k = pb_ev_table_hands(masks + start, out + start, size, tier, later, &seen)
            if seen & ~EV_NATURAL:
                return False
            if 2 * k > size:        # mostly pools over seven cards: common_hand from here
                return checked_plain_values(masks + start, out + start, n - start, tier, -1)
            for i in range(k):
                if masks[start + later[i]] == 0:
                    return False
            listed_values(masks + start, out + start, later, k, tier)
        return True
    return plain_values(masks, out, n, tier, path, True)


# ---- card-index rows --------------------------------------------------------------

# The mask bit of each card index (13 * suit + rank; 52 and 53 the jokers X1, X2), 0
# for an index past the deck: a row with such an index, or a card twice, has fewer
# bits than cards, so one popcount checks both. Indices are clamped to 255 first.
cdef uint64_t INDEX_BIT[256]

cdef void _init_index_bits():
    cdef int c
    for c in range(256):
        INDEX_BIT[c] = 0
    for c in range(52):
        INDEX_BIT[c] = 1ULL << (16 * (c // 13) + c % 13)
    INDEX_BIT[52] = 1ULL << 13
    INDEX_BIT[53] = 1ULL << 29

_init_index_bits()

ctypedef fused card_t:
    int8_t
    uint8_t
    int16_t
    uint16_t
    int32_t
    uint32_t
    int64_t
    uint64_t


cdef inline uint64_t index_bit(card_t c) noexcept nogil:
    cdef uint64_t u = <uint64_t>c      # a negative index wraps to a huge one
    return INDEX_BIT[u if u < 256 else 255]


cdef uint64_t read_rows(const char* base, Py_ssize_t row_step, Py_ssize_t col_step, int k,
                        Py_ssize_t n, uint64_t* masks, card_t kind) noexcept nogil:
    """The masks of `n` rows of `k` card indices (steps in bytes); non-zero when some
    row has an index past the deck or a card twice."""
    cdef Py_ssize_t i
    cdef int j
    cdef uint64_t m, bad = 0
    cdef const card_t* row
    if col_step == sizeof(card_t):
        for i in range(n):
            row = <const card_t*>(base + i * row_step)
            m = 0
            for j in range(k):
                m |= index_bit(row[j])
            masks[i] = m
            bad |= <uint64_t>(popcount(m) ^ k)
    else:
        for i in range(n):
            m = 0
            for j in range(k):
                m |= index_bit((<const card_t*>(base + i * row_step + j * col_step))[0])
            masks[i] = m
            bad |= <uint64_t>(popcount(m) ^ k)
    return bad


cdef Py_ssize_t judge_rows(const char* base, Py_ssize_t row_step, Py_ssize_t col_step, int k,
                           Py_ssize_t n, int64_t* out, const EvalRules* R, int path,
                           card_t kind) noexcept nogil:
    """Values of `n` rows of card indices, block by block (each block's masks built
    in the cache, then judged as evaluate_masks judges them); returns `n`, or the
    start of the first block holding a bad row (an index past the deck, a card twice,
    a joker when jokers are off), where the caller looks for it."""
    cdef uint64_t masks[BLOCK]
    cdef int32_t later[BLOCK + 16]      # room for a vector store
    cdef Py_ssize_t start, size, i, listed, done
    cdef uint64_t seen, bad, seen_rows = 0
    cdef bint plain_rules = not R.by_suits and R.royal == ROYAL_NO
    cdef bint table = (card_t is uint8_t and col_step == 1 and k <= 7
                       and plain_rules)
    for start in range(0, n, BLOCK):
        size = BLOCK if start + BLOCK < n else n - start
        if table:
            # AVX-512 (with VBMI) reads sixteen rows a step and judges them in the vector
            # (listing its rows with a flush); the table path reads each other row and
            # judges it in one go, flushes included
            done = listed = 0
            bad = seen = 0
            if path and row_step == k:
                done = pb_rows_simd(path, <const uint8_t*>(base + start * row_step), k, size, masks,
                                    out + start, R.plain_tier, RANK_SET_INFO, later, &listed, &seen_rows)
            pb_ev_table_rows(k, <const uint8_t*>(base + (start + done) * row_step), row_step,
                             size - done, out + start + done, R.plain_tier, path, &bad, &seen)
            if bad:
                return start
            if done:
                seen |= seen_rows
            if not (seen & EV_JOKERS):
                listed_values(masks, out + start, later, listed, R.plain_tier)
                continue
            # a joker: the block's masks for the general judge below (the rows are good)
            read_rows(base + start * row_step, row_step, col_step, k, size, masks, kind)
        elif read_rows(base + start * row_step, row_step, col_step, k, size, masks, kind):
            return start
        else:
            seen = 0
            for i in range(size):
                seen |= masks[i]
        if seen & EV_JOKERS and not R.jokers_wild:
            return start
        if plain_rules and not (seen & EV_JOKERS):
            plain_values(masks, out + start, size, R.plain_tier, path, False)
        else:
            for i in range(size):
                out[start + i] = <int64_t>hand_value(masks[i], R)
    return n


cdef object bad_row(object rows, Py_ssize_t start, const EvalRules* R):
    """The ValueError for the first bad row at or after `start`."""
    cdef Py_ssize_t i, j
    for i in range(start, rows.shape[0]):
        row = [int(c) for c in rows[i]]
        for j, c in enumerate(row):
            if not 0 <= c < 54:
                return ValueError(f"card index {c} in row {i} (column {j}) is out of range: "
                                  f"0..51 are the cards (13 * suit + rank), 52, 53 the jokers")
            if c >= 52 and not R.jokers_wild:
                return ValueError(f"row {i} holds the joker X{c - 51} (card index {c}), but jokers "
                                  "are off "
                                  "(ask for jokers=True)")
            if c in row[:j]:
                return ValueError(f"row {i} repeats card index {c} (a row holds distinct cards)")
    return ValueError(f"no bad row after row {start}: the rows changed while they were read")


def evaluate_indices(cards, rules=0, simd=None):
    """Values of the best hands of many pools given as an (N, k) integer array of card
    indices (13 * suit + rank, 52 and 53 the jokers; see ``evaluator.card_index``), as
    an int64 array: the same values as ``evaluate_masks`` on the rows' masks. Any
    integer dtype and any strides: the rows are read as they are, never converted.

    `simd`: the batch path, as for ``evaluate_masks``."""
    cdef EvalRules R
    cdef cnp.ndarray rows
    if not isinstance(cards, np.ndarray):
        raise ValueError(f"card indices must be a NumPy array, not {type(cards).__name__}")
    rows = cards
    if rows.ndim != 2:
        raise ValueError(f"card indices must be a 2-d array (one row a pool), got shape {cards.shape}")
    if rows.dtype.kind not in "iu":
        raise ValueError(f"card indices must be an integer array, not {rows.dtype}")
    read_rules(rules, &R)
    cdef int path = path_number(simd)
    cdef Py_ssize_t n = rows.shape[0], width = rows.shape[1]
    if n and not 1 <= width <= 54:
        raise ValueError(f"a row of card indices holds 1 to 54 cards, not {width}")
    out = np.empty(n, dtype=np.int64)
    if n == 0:
        return out
    cdef int64_t[::1] res = out
    cdef const char* base = <const char*>cnp.PyArray_DATA(rows)
    cdef Py_ssize_t row_step = rows.strides[0], col_step = rows.strides[1], done = n
    cdef int k = <int>width, size = rows.dtype.itemsize
    cdef bint signed = rows.dtype.kind == "i"
    with nogil:
        if size == 1:
            if signed:
                done = judge_rows[int8_t](base, row_step, col_step, k, n, &res[0], &R, path, 0)
            else:
                done = judge_rows[uint8_t](base, row_step, col_step, k, n, &res[0], &R, path, 0)
        elif size == 2:
            if signed:
                done = judge_rows[int16_t](base, row_step, col_step, k, n, &res[0], &R, path, 0)
            else:
                done = judge_rows[uint16_t](base, row_step, col_step, k, n, &res[0], &R, path, 0)
        elif size == 4:
            if signed:
                done = judge_rows[int32_t](base, row_step, col_step, k, n, &res[0], &R, path, 0)
            else:
                done = judge_rows[uint32_t](base, row_step, col_step, k, n, &res[0], &R, path, 0)
        elif signed:
            done = judge_rows[int64_t](base, row_step, col_step, k, n, &res[0], &R, path, 0)
        else:
            done = judge_rows[uint64_t](base, row_step, col_step, k, n, &res[0], &R, path, 0)
    if done != n:
        raise bad_row(rows, done, &R)
    return out


def evaluator_simd_available():
    """Whether this CPU runs a vector path of the evaluator (see ``simd_paths``)."""
    return simd_available()


# ---- Python-facing kernels ------------------------------------------------------

cdef int check_pool(uint64_t mask, const EvalRules* R, str where) except -1:
    if mask & ~EV_DECK:
        raise ValueError(f"pool mask{where} {mask:#x} has bits outside the deck: "
                         f"{mask & ~EV_DECK:#x}")
    if mask & EV_JOKERS and not R.jokers_wild:
        raise ValueError(f"pool mask{where} {mask:#x} holds the "
                         + ("jokers X1 and X2" if mask & EV_JOKERS == EV_JOKERS else
                            "joker X1" if mask & (1 << 13) else "joker X2")
                         + ", but jokers are off (ask for jokers=True)")
    if mask == 0:
        raise ValueError(f"pool mask{where} is empty: an empty pool has no poker hand")
    return 0


def evaluate_mask(mask, rules=0):
    """Value of the best poker hand of one pool (see _pure_evaluator for the layout)."""
    cdef EvalRules R
    cdef uint64_t m
    if type(mask) is not int and (isinstance(mask, bool) or not isinstance(mask, (int, np.integer))):
        raise ValueError(f"pool mask must be an int, not {type(mask).__name__}")
    if not 0 <= mask < (1 << 64):
        raise ValueError(f"pool mask {mask:#x} is not an unsigned 64-bit value")
    m = mask
    if type(rules) is int and rules == 0 and m and (m & ~EV_NATURAL) == 0:
        # the common case: no options, a pool of natural cards
        return <int64_t>(plain_hand(m) << EV_ROLES_SHIFT)
    read_rules(rules, &R)
    check_pool(m, &R, "")
    return <int64_t>hand_value(m, &R)


def evaluate_masks(const uint64_t[::1] masks, rules=0, simd=None):
    """Values of the best hands of many pools (uint64 masks) as an int64 array.

    `simd`: the batch path, as for ``Kernel``: None the process default (see
    ``simd_path``), True the fastest this CPU runs, False scalar, or a path name
    ("avx512", "avx2", "scalar"); the values are the same on every path."""
    cdef EvalRules R
    cdef Py_ssize_t i, n = masks.shape[0]
    cdef uint64_t seen = 0, zero = 0
    read_rules(rules, &R)
    cdef int path = path_number(simd)
    out = np.empty(n, dtype=np.int64)
    cdef int64_t[::1] res = out
    cdef bint done = False
    if not R.by_suits and R.royal == ROYAL_NO and n:
        # the common case (plain pools, no option that weighs them): one pass
        with nogil:
            done = checked_plain_values(&masks[0], &res[0], n, R.plain_tier, path)
        if done:
            return out
    with nogil:
        for i in range(n):
            seen |= masks[i]
            zero |= (masks[i] - 1) & ~masks[i]      # bit 63 set only by an empty mask
    if (seen & ~EV_DECK) or (seen & EV_JOKERS and not R.jokers_wild) or zero >> 63:
        for i in range(n):
            check_pool(masks[i], &R, f" at index {i}")
    cdef bint plain = (seen & EV_JOKERS) == 0 and not R.by_suits and R.royal == ROYAL_NO
    with nogil:
        if plain:
            plain_values(&masks[0] if n else NULL, &res[0] if n else NULL, n, R.plain_tier, path, False)
        else:
            for i in range(n):
                res[i] = <int64_t>hand_value(masks[i], &R)
    return out


# ---- one pool at a time: pb.evaluate and its HandRank -----------------------------------

cimport cython

cdef class PoolBase

# evaluator.py's general evaluate and its readers of a value (bind_evaluator)
cdef object _general_evaluate = None
cdef object _category_of = None
cdef object _ranks_of = None
cdef object _is_royal = None
cdef object _words_of = None
cdef object _check_value = None
cdef str _NO_ROYAL = "no"


@cython.freelist(64)
cdef class HandRank:
    """The strength of a poker hand: totally ordered, hashable, readable.

    Compare two ranks only when they come from the same options. ``value`` is
    the integer behind the order (bigger is better). Compiled, a HandRank holds
    no Python object, so the garbage collector does not track it.

    >>> r = evaluate("Kh Kd 9s 9c 4d")
    >>> r.category, r.ranks, str(r)
    ('two_pair', (11, 7, 2), 'Two Pair, Kings and Nines (4)')
    """

    cdef readonly int64_t value

    def __init__(self, value):
        if (isinstance(value, bool) or not isinstance(value, (int, np.integer))
                or not 0 <= value < (1 << 63)):
            raise ValueError(f"a hand rank value must be a non-negative int, not {value!r}")
        if _check_value is not None:
            _check_value(value)
        self.value = value

    @property
    def category(self):
        """Category code: 'high_card' ... 'straight_flush', 'five_kind'."""
        return _category_of(self.value)

    @property
    def ranks(self):
        """The ranks that decide the hand, in role order (0 is the Two, 12 the Ace);
        see ``pokerbull.evaluator.HandRank``."""
        return _ranks_of(self.value)

    @property
    def is_royal(self):
        """Is this a royal flush (a straight flush to the Ace)?"""
        return _is_royal(self.value)

    def __str__(self):
        return _words_of(self.value)

    def __repr__(self):
        return f"<HandRank {self.value:#x}: {self}>"

    def __eq__(self, other):
        if type(other) is HandRank:
            return self.value == (<HandRank>other).value
        return NotImplemented

    def __ne__(self, other):
        if type(other) is HandRank:
            return self.value != (<HandRank>other).value
        return NotImplemented

    def __lt__(self, other):
        if type(other) is HandRank:
            return self.value < (<HandRank>other).value
        return NotImplemented

    def __le__(self, other):
        if type(other) is HandRank:
            return self.value <= (<HandRank>other).value
        return NotImplemented

    def __gt__(self, other):
        if type(other) is HandRank:
            return self.value > (<HandRank>other).value
        return NotImplemented

    def __ge__(self, other):
        if type(other) is HandRank:
            return self.value >= (<HandRank>other).value
        return NotImplemented

    def __hash__(self):
        return hash(self.value)

    def __reduce__(self):
        return (HandRank, (self.value,))


cdef inline HandRank new_rank(int64_t value):
    cdef HandRank rank = HandRank.__new__(HandRank)
    rank.value = value
    return rank


def hand_rank(int64_t value):
    """A HandRank of a value the evaluator gave (not checked)."""
    return new_rank(value)


def bind_evaluator(general, category_of, ranks_of, is_royal, words_of, check_value=None):
    """Called once by pokerbull.evaluator: the general evaluate that the fast path
    hands every other call to, the readers of a value HandRank uses, and the check
    of a value given to HandRank()."""
    global _general_evaluate, _category_of, _ranks_of, _is_royal, _words_of, _check_value
    _general_evaluate, _category_of, _ranks_of, _is_royal, _words_of, _check_value = (
        general, category_of, ranks_of, is_royal, words_of, check_value)


def evaluate(pool, *, jokers=False, joker_order=None, suit_order=None, royal_over_five="no"):
    """pokerbull.evaluator.evaluate, compiled: a Pool or an int mask of natural cards
    under the default options is judged here; anything else goes to the general
    evaluate (bind_evaluator)."""
    cdef uint64_t m
    if jokers is False and joker_order is None and suit_order is None and royal_over_five is _NO_ROYAL:
        if isinstance(pool, PoolBase):
            m = (<PoolBase>pool)._mask
        elif type(pool) is int:
            try:
                m = pool
            except OverflowError:       # negative or over 64 bits: the general path says so
                m = 0
        else:
            m = 0
        if m and not (m & ~EV_NATURAL):
            return new_rank(<int64_t>(plain_hand(m) << EV_ROLES_SHIFT))
    return _general_evaluate(pool, jokers=jokers, joker_order=joker_order, suit_order=suit_order,
                             royal_over_five=royal_over_five)
