# Cheung's Poker Bull (RULES.md 2.4), compiled: the twin of _pure_cheung.py,
# function for function. Closed form on the masks: the only loops run over
# ranks, suits or the ten straights, never over hands or joker choices.

# Categories, joker tiers, Cheung's tables and the per-pool check (ch_holds and
# its helpers) are in _core.pxd, which the wings' engines cimport too.

cdef int8_t CH_STAND_IN_CAP[5]     # by tier: the most jokers a hand may use (any pool)
# ranks as two halves, 0-6 (the low 7 bits) and 7-12 (the high 6): by a half's bits,
# its ranks as nibbles (rank + 1, the lowest in nibble 0), and its k highest ranks
cdef uint32_t CH_NIBBLES_LO[128]
cdef uint32_t CH_NIBBLES_HI[64]
cdef uint8_t CH_TOP_LO[6][128]
cdef uint8_t CH_TOP_HI[6][64]

cdef void _init_cheung_tables():
    cdef int t, n, k, x, r, i
    for t in range(5):
        CH_STAND_IN_CAP[t] = 0
        for n in range(2):
            for k in range(3):
                if CH_BUDGET[t][n][k] > CH_STAND_IN_CAP[t]:
                    CH_STAND_IN_CAP[t] = CH_BUDGET[t][n][k]
    for x in range(128):
        CH_NIBBLES_LO[x] = 0
        if x < 64:
            CH_NIBBLES_HI[x] = 0
        i = 0
        for r in range(7):
            if (x >> r) & 1:
                CH_NIBBLES_LO[x] |= <uint32_t>(r + 1) << (4 * i)
                if x < 64 and r < 6:
                    CH_NIBBLES_HI[x] |= <uint32_t>(r + 8) << (4 * i)
                i += 1
        for k in range(6):
            CH_TOP_LO[k][x] = 0
            n = k
            for r in range(6, -1, -1):
                if n > 0 and (x >> r) & 1:
                    CH_TOP_LO[k][x] |= 1 << r
                    n -= 1
            if x < 64:
                CH_TOP_HI[k][x] = 0
                n = k
                for r in range(5, -1, -1):
                    if n > 0 and (x >> r) & 1:
                        CH_TOP_HI[k][x] |= 1 << r
                        n -= 1

_init_cheung_tables()

DEF CH_HOLD_BLOCK = 512    # pairs per vector batch call: the lanes it leaves are checked
                           # while their records are still near (in L1)
DEF CH_HASH_BITS = 17       # the key -> index table: 131,072 slots, at most half full
DEF CH_AHEAD = 16           # the scalar loop prefetches the record of the pair this many on
DEF CH_SCALAR_BLOCK = 256   # pairs whose counts the scalar loop judges before those that pass
DEF CH_CROWDED = 4          # blocks a crowded run of the scalar loop takes one pair after another

cdef extern from *:
    """
    /* a if c else b, without a branch (c follows no pattern: a branch on it would
       mispredict often, and compilers choose a branch or not as they please) */
    static inline uint64_t pb_pick(uint64_t c, uint64_t a, uint64_t b) {
    #if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
        __asm__("test %1, %1; cmovnz %2, %0" : "+r"(b) : "r"(c), "r"(a) : "cc");
        return b;
    #else
        return b ^ ((a ^ b) & (0 - (uint64_t)(c != 0)));
    #endif
    }
    """
    uint64_t pb_pick(uint64_t c, uint64_t a, uint64_t b) noexcept nogil


cdef inline uint64_t ch_hash(int64_t key) noexcept nogil:
    return (<uint64_t>key * 0x9E3779B97F4A7C15ULL) >> (64 - CH_HASH_BITS)


cdef inline Py_ssize_t ch_find(const CheungData* D, int64_t key) noexcept nogil:
    """The index of the call with this order key (open addressing, linear probing;
    an entry holds the key in its high half and the index in its low half, so a
    lookup reads one random word, not a slot and then the call's key)."""
    cdef uint64_t h = ch_hash(key)
    cdef uint64_t e
    while True:
        e = D.table[h]
        if e == (~(<uint64_t>0)):
            return -1
        if <int64_t>(e >> 32) == key:
            return <Py_ssize_t>(e & 0xFFFFFFFFULL)
        h = (h + 1) & ((1 << CH_HASH_BITS) - 1)


cdef inline int ch_next_primary(int cat, int k, int p1, int r) noexcept nogil:
    """Whether rank r may fill primary role k (after p1 for k == 1)."""
    if cat == CH_STRAIGHT:
        return r >= 3
    if cat == CH_STRAIGHT_FLUSH:
        return 3 <= r <= 11
    if cat == CH_TWO_PAIR:
        return r >= 1 if k == 0 else r < p1
    return k == 0 or r != p1


cdef inline int ch_primary_count(int cat, int k) noexcept nogil:
    """Cards of its rank a primary role needs (0: no such bound)."""
    if cat == CH_PAIR or cat == CH_TWO_PAIR:
        return 2
    if cat == CH_TRIPS:
        return 3
    if cat == CH_QUADS:
        return 4
    if cat == CH_FIVE:
        return 5
    if cat == CH_FULL_HOUSE:
        return 3 if k == 0 else 2
    return 0


DEF CH_SEARCH = -2          # ch_best_shape leaves this pool to the block search


cdef int ch_best(const CheungData* D, uint64_t mask) noexcept nogil:
    """The highest call that holds: read off the pool's hand (ch_best_shape), or
    where that leaves the pool (a rare hand) the block search."""
    cdef int c
    if not D.by_search:
        c = ch_best_shape(D, mask)
        if c != CH_SEARCH:
            return c
    return ch_best_search(D, mask)



cdef inline uint32_t ch_top_ranks(uint32_t x, int k) noexcept nogil:
    """The k highest ranks of x (all of them when x has fewer); 0 <= k <= 5. From the
    halves' tables, without a branch (a loop's exit mispredicted at random)."""
    cdef uint32_t hi = x >> 7
    cdef int kh = popcount(hi)
    if kh > k:
        kh = k
    return (<uint32_t>CH_TOP_HI[kh][hi] << 7) | CH_TOP_LO[k - kh][x & 0x7F]


cdef inline uint32_t ch_kicker_ranks(uint32_t present, uint32_t taken, int spare,
                                     int k) noexcept nogil:
    """The k highest kickers a hand may add to the ranks `taken`: ranks present, and
    with each of `spare` jokers the highest rank absent (a joker stands for it)."""
    return ch_top_ranks((present & ~taken) | ch_top_ranks(LANE & ~present & ~taken, spare), k)


cdef inline uint32_t ch_at(const uint32_t* ge, int k) noexcept nogil:
    """Ranks of which the pool holds at least k cards (ge[i]: at least i; k <= 0: all)."""
    return LANE if k <= 0 else (ge[k] if k <= 4 else 0)


cdef inline int ch_cnt(uint64_t natural, int r) noexcept nogil:
    return popcount(natural & RANK_COLUMN[r])


cdef inline uint32_t ch_nibbles(uint32_t x) noexcept nogil:
    """The ranks of x (at most five) as nibbles (rank + 1), the highest in the top
    nibble used; from the halves' tables, without a branch."""
    return CH_NIBBLES_LO[x & 0x7F] | (CH_NIBBLES_HI[x >> 7] << (4 * popcount(x & 0x7F)))


cdef inline int64_t ch_hand(uint32_t nibbles, int n, int suit, int jmin) noexcept nogil:
    """A hand ch_shape_hand found: its n named ranks' nibbles (high first), left-aligned
    in 20 bits as the order key has them (bits 5-24), its suit + 1 (bits 2-4, 0: none)
    and the fewest jokers it needs (bits 0-1); bit 31 set, so it is never 0 or -1."""
    return ((<int64_t>1 << 31) | (<int64_t>(nibbles << (4 * (5 - n))) << 5) |
            ((suit + 1) << 2) | jmin)


cdef inline int64_t ch_shape_hand(int cat, int j, uint64_t natural, const uint32_t* ge,
                                  const uint32_t* lane, const int* suits_high_first) noexcept nogil:
    """The highest (named ranks, suit) of category `cat` some five-card hand of a big
    pool (six cards or more) makes with at most j jokers, and the fewest jokers that
    hand needs, packed by ch_hand; 0 when no hand is of the category; -1 when the
    lex-highest set of a flush or high card is itself a straight or flush (left to the
    block search)."""
    cdef uint32_t R, P, K, x, s5, others, bit
    cdef uint64_t tops
    cdef int r, k, t, s, i, need, spare, need2, best, cost, suit
    if cat == CH_FIVE:
        R = ch_at(ge, 5 - j)
        if j < 1 or not R:
            return 0
        r = highest_bit(R)
        return ch_hand(r + 1, 1, -1, 5 - ch_cnt(natural, r))
    if cat == CH_ROYAL:
        for i in range(4):
            s = suits_high_first[i]
            need = popcount(0x1F00 & ~lane[s])
            if need <= j:
                return ch_hand(0, 0, s, need)
        return 0
    if cat == CH_STRAIGHT_FLUSH:
        tops = window_tops(natural, 5 - j) & ~0x1000100010001000ULL   # no Ace-high top
        if not tops:
            return 0
        best = -1
        for s in range(4):
            x = <uint32_t>(tops >> (16 * s)) & LANE
            if x and highest_bit(x) > best:
                best = highest_bit(x)
        for i in range(4):
            s = suits_high_first[i]
            if (tops >> (16 * s + best)) & 1:
                break
        return ch_hand(best + 1, 1, s, popcount(CH_STRAIGHTS[best - 3] & ~lane[s]))
    if cat == CH_QUADS:
        R = ch_at(ge, 4 - j)
        while R:
            r = highest_bit(R)
            R &= ~(1u << r)
            need = ch_short(4, ch_cnt(natural, r))
            others = ge[1] & ~(1u << r)
            k = 11 if r == 12 else 12          # the kicker a spare joker stands for
            if j - need >= 1 and (others == 0 or highest_bit(others) < k):
                need += 1
            elif others:
                k = highest_bit(others)
            else:
                continue
            return ch_hand(<uint32_t>((r + 1) << 4 | (k + 1)), 2, -1, need)
        return 0
    if cat == CH_FULL_HOUSE:
        R = ch_at(ge, 3 - j)
        while R:
            t = highest_bit(R)
            R &= ~(1u << t)
            need = ch_short(3, ch_cnt(natural, t))
            P = ch_at(ge, 2 - (j - need)) & ~(1u << t)
            if P:
                r = highest_bit(P)
                return ch_hand(<uint32_t>((t + 1) << 4 | (r + 1)), 2, -1,
                               need + ch_short(2, ch_cnt(natural, r)))
        return 0
    if cat == CH_FLUSH:
        best = 0
        suit = -1
        for i in range(4):
            s = suits_high_first[i]
            if popcount(lane[s]) + j < 5:
                continue
            s5 = ch_top_ranks(lane[s] | ch_top_ranks(LANE & ~lane[s], j), 5)
            if <int>s5 > best:
                best = <int>s5
                suit = s
        if not best:
            return 0
        for t in range(10):
            if <uint32_t>best == CH_STRAIGHTS[t]:
                return -1
        return ch_hand(ch_nibbles(<uint32_t>best), 5, suit,
                       popcount(<uint32_t>best & ~lane[suit]))
    if cat == CH_STRAIGHT:
        x = <uint32_t>window_tops(ge[1], 5 - j) & LANE
        while x:
            t = highest_bit(x)
            x &= ~(1u << t)
            cost = popcount(CH_STRAIGHTS[t - 3] & ~ge[1])
            if cost == 0:
                for s in range(4):      # its cards all of one suit, each the rank's only card
                    if (CH_STRAIGHTS[t - 3] & ~(lane[s] & ~(lane[(s + 1) & 3] | lane[(s + 2) & 3] |
                                                            lane[(s + 3) & 3]))) == 0:
                        cost = 1
            if cost <= j:
                return ch_hand(t + 1, 1, -1, cost)
        return 0
    if cat == CH_PAIR or cat == CH_TRIPS:
        k = 2 if cat == CH_PAIR else 3
        R = ch_at(ge, k - j)
        while R:
            r = highest_bit(R)
            R &= ~(1u << r)
            need = ch_short(k, ch_cnt(natural, r))
            K = ch_kicker_ranks(ge[1], 1u << r, j - need, 5 - k)
            if popcount(K) < 5 - k:
                continue
            return ch_hand(<uint32_t>(r + 1) << (4 * (5 - k)) | ch_nibbles(K), 6 - k, -1,
                           need + popcount(K & ~ge[1]))
        return 0
    if cat == CH_TWO_PAIR:
        R = ch_at(ge, 2 - j) & ~1u
        while R:
            r = highest_bit(R)
            R &= ~(1u << r)
            need = ch_short(2, ch_cnt(natural, r))
            P = ch_at(ge, 2 - (j - need)) & ((1u << r) - 1)
            while P:
                t = highest_bit(P)
                P &= ~(1u << t)
                need2 = need + ch_short(2, ch_cnt(natural, t))
                K = ch_kicker_ranks(ge[1], (1u << r) | (1u << t), j - need2, 1)
                if K:
                    return ch_hand(<uint32_t>((r + 1) << 8 | (t + 1) << 4 | (highest_bit(K) + 1)),
                                   3, -1, need2 + popcount(K & ~ge[1]))
        return 0
    if cat == CH_HIGH:
        K = ch_kicker_ranks(ge[1], 0, j, 5)
        if popcount(K) < 5:
            return 0
        for t in range(10):
            if K == CH_STRAIGHTS[t]:
                return -1
        need = popcount(K & ~ge[1])
        if need == 0:
            for s in range(4):          # each of its ranks only in suit s: a flush
                if (K & ~(lane[s] & ~(lane[(s + 1) & 3] | lane[(s + 2) & 3] |
                                      lane[(s + 3) & 3]))) == 0:
                    return -1
        return ch_hand(ch_nibbles(K), 5, -1, need)
    return -1


cdef inline bint ch_names_all(const CheungCall* q) noexcept nogil:
    """Whether a call names every role of its category, and its suit where the
    category has one: the calls a pool of six cards or more can have as its best."""
    return (q.nprim == CH_PRIMARIES[q.cat] and popcount(q.named) == CH_OTHERS[q.cat] and
            (q.suit >= 0 or not (q.cat == CH_FLUSH or q.cat == CH_STRAIGHT_FLUSH or
                                 q.cat == CH_ROYAL)))


cdef inline int ch_best_shape(const CheungData* D, uint64_t mask) noexcept nogil:
    """ch_best of a pool read off its hand (ch_best_key), or CH_SEARCH."""
    cdef int64_t key = ch_best_key(D, mask)
    cdef Py_ssize_t i
    if key < 0:
        return CH_SEARCH
    i = ch_find(D, key)
    return <int>i if i >= 0 else CH_SEARCH


cdef inline uint32_t ch_pool_counts(uint64_t natural, int w, uint32_t* lane,
                                    uint32_t* ge) noexcept nogil:
    """A pool's suits (lane[s]: its ranks of suit s) and ranks held at least k times
    (ge[k]), and the categories its counts allow (a mask, bit cat): the most cards of
    one rank, of two ranks, of one suit, and the ranks, jokers added."""
    lane[0] = natural & LANE
    lane[1] = (natural >> 16) & LANE
    lane[2] = (natural >> 32) & LANE
    lane[3] = (natural >> 48) & LANE
    ge[0] = LANE
    ge[1] = lane[0] | lane[1] | lane[2] | lane[3]
    ge[2] = (lane[0] & lane[1]) | (lane[2] & lane[3]) | ((lane[0] | lane[1]) & (lane[2] | lane[3]))
    ge[3] = (lane[0] & lane[1] & (lane[2] | lane[3])) | (lane[2] & lane[3] & (lane[0] | lane[1]))
    ge[4] = lane[0] & lane[1] & lane[2] & lane[3]
    cdef int most = ch_top_count(ge[1], ge[2], ge[3], ge[4]) + w
    cdef int two_most = most + ch_second_count(ge[1], ge[2], ge[3], ge[4])
    cdef int suited = ch_max_lane(lane[0], lane[1], lane[2], lane[3]) + w
    cdef int spread = popcount(ge[1]) + w
    return (((most >= 5) << CH_FIVE) | ((most >= 4) << CH_QUADS) |
            ((two_most >= 5) << CH_FULL_HOUSE) | ((most >= 3) << CH_TRIPS) |
            ((two_most >= 4) << CH_TWO_PAIR) | ((most >= 2) << CH_PAIR) |
            ((spread >= 5) * ((1 << CH_STRAIGHT) | (1 << CH_HIGH))) |
            ((suited >= 5) * ((1 << CH_FLUSH) | (1 << CH_STRAIGHT_FLUSH) | (1 << CH_ROYAL))))


cdef inline int64_t ch_slot_key(const CheungData* D, int si, int w, int64_t got) noexcept nogil:
    """The order key of the call slot si makes of a hand that ch_shape_hand,
    ch_small_hand or ch_plain_key found (`got`), in a pool with w jokers: its named
    ranks and suit, and the highest tier of the slot whose joker budget covers the
    jokers the hand needs."""
    cdef int suit = ((got >> 2) & 7) - 1
    cdef int64_t key = (<int64_t>D.slots[si].slot << 20) | ((got >> 5) & 0xFFFFF)
    return ((key * 8 + (D.suit_rank[suit] if suit >= 0 else 0)) * 4 +
            D.slots[si].tier_code[w][got & 3])


cdef inline int64_t ch_plain_key(const CheungData* D, uint64_t natural) noexcept nogil:
    """The order key of ch_best of a pool of six cards or more without a joker: the
    poker evaluator's best hand (plain_hand; Cheung's hands are poker hands, ordered
    the same way, and its role nibbles are the key's named ranks), in the highest slot
    of its category (an Ace-high straight flush: a royal flush, no rank named), and
    for a flush, straight flush or royal flush the highest suit that makes that very
    hand; -1 where the slot's lowest tier needs a joker (the block search)."""
    cdef uint64_t v = plain_hand(natural)
    cdef int cat = <int>(v >> EV_CLASS_AT), i, s, suit = -1   # classes 0-8: Cheung's numbers
    cdef uint32_t nibbles = <uint32_t>(v & 0xFFFFF), top
    if cat == CH_FLUSH or cat == CH_STRAIGHT_FLUSH:
        for i in range(4):
            s = D.suits_high_first[i]
            if flush_hand(<uint32_t>(natural >> (16 * s)) & LANE) == v:
                suit = s
                break
        if cat == CH_STRAIGHT_FLUSH and nibbles >> 16 == 13:
            cat = CH_ROYAL
            nibbles = 0
    top = D.slots_of[1 << cat]
    if not top:
        return -1
    i = lowest_bit(top)
    if D.slots[i].jokers[0] < 0:
        return -1
    # packed as ch_shape_hand packs a hand: the nibbles, the suit + 1, no joker needed
    return ch_slot_key(D, i, 0, (<int64_t>nibbles << 5) | ((suit + 1) << 2))


cdef inline int64_t ch_best_key(const CheungData* D, uint64_t mask) noexcept nogil:
    """The order key of ch_best of a pool, read off its hand. Six cards or more
    without a joker: ch_plain_key, the poker evaluator's hand. With jokers, slot by
    slot from the top, the category's highest named ranks and suit with the jokers
    the slot's lowest tier allows (ch_shape_hand), then the highest tier whose joker
    budget covers the fewest jokers that hand needs. Five cards or fewer:
    ch_small_key. -1 for the rare hands these leave to the block search."""
    cdef uint64_t natural = mask & ~(<uint64_t>JOKERS)
    cdef int w = popcount(mask & <uint64_t>JOKERS)
    cdef int si, j
    cdef int64_t got
    cdef uint32_t lane[4]
    cdef uint32_t ge[5]
    if popcount(natural) + w <= 5:
        return ch_small_key(D, natural, w)
    if w == 0:
        return ch_plain_key(D, natural)
    # the slots of the categories the counts allow (a loop over those alone, without
    # a branch per slot that fails)
    cdef uint32_t slots = D.slots_of[ch_pool_counts(natural, w, lane, ge)]
    while slots:
        si = lowest_bit(slots)          # the slots run from the top
        slots &= slots - 1
        j = D.slots[si].jokers[w]
        if j < 0:
            continue
        got = ch_shape_hand(D.slots[si].cat, j, natural, ge, lane, D.suits_high_first)
        if got == 0:
            continue
        if got < 0:
            return -1
        return ch_slot_key(D, si, w, got)
    return -1


cdef inline int ch_window_top(uint32_t ranks, int top) noexcept nogil:
    """The top rank (3: the wheel, up to `top`) of the highest straight whose five
    ranks hold all of `ranks` (not 0); -1: none."""
    cdef int t
    if ranks & (1u << 12):          # an Ace: the Ace-high straight or the wheel
        if top == 12 and (ranks & ~0x1F00u) == 0:
            return 12
        return 3 if (ranks & ~0x100Fu) == 0 else -1
    t = lowest_bit(ranks) + 4
    if t > top:
        t = top
    return t if highest_bit(ranks) <= t else -1


cdef inline int64_t ch_small_hand(int cat, int w, int h, uint64_t natural, const uint32_t* ge,
                                  const uint32_t* lane) noexcept nogil:
    """The highest (named ranks, suit) of category `cat` a pool of h <= 5 cards makes:
    its hand is the whole pool, each of its w jokers any card not in it (RULES.md 2.4),
    packed by ch_hand with the pool's jokers as the jokers it needs; 0 when the pool is
    not of the category; -1 when the highest high-card or flush set is a straight (left
    to the block search). ch_pool_counts' mask has already ruled out the categories the
    pool's counts cannot make (a flush, straight, full house or five of a kind: five
    cards, the naturals of one suit, of distinct ranks, of two ranks, of one rank)."""
    cdef uint32_t present = ge[1], K, P, S, X
    cdef int r, k, s, free, need, f
    if cat == CH_FIVE:
        return ch_hand(highest_bit(present) + 1, 1, -1, w)
    s = lowest_bit(natural) >> 4 if natural else 0    # a flush's suit: its naturals' one suit
    if cat == CH_ROYAL:
        return ch_hand(0, 0, s, w) if (lane[s] & ~0x1F00u) == 0 else 0
    if cat == CH_STRAIGHT_FLUSH:
        r = ch_window_top(lane[s], 11)
        return ch_hand(r + 1, 1, s, w) if r >= 0 else 0
    if cat == CH_FLUSH:
        K = lane[s] | ch_top_ranks(LANE & ~lane[s], w)
        return -1 if ch_is_straight(K) else ch_hand(ch_nibbles(K), 5, s, w)
    if cat == CH_STRAIGHT:             # distinct ranks; with no joker, not one suit
        if w == 0 and ch_max_lane(lane[0], lane[1], lane[2], lane[3]) == 5:
            return 0
        r = ch_window_top(present, 12)
        return ch_hand(r + 1, 1, -1, w) if r >= 0 else 0
    if cat == CH_FULL_HOUSE:           # the naturals of two ranks (or one: three)
        r = highest_bit(present)
        P = present & ~(1u << r)
        if not P:
            if ge[4]:
                return 0
            k = 11 if r == 12 else 12
            return ch_hand(<uint32_t>((r + 1) << 4 | (k + 1)), 2, -1, w)
        k = highest_bit(P)
        if (ge[4] | (ge[3] & P)) == 0:              # r three, k two
            return ch_hand(<uint32_t>((r + 1) << 4 | (k + 1)), 2, -1, w)
        if (ge[4] | (ge[3] & (1u << r))) == 0:      # k three, r two
            return ch_hand(<uint32_t>((k + 1) << 4 | (r + 1)), 2, -1, w)
        return 0
    if cat == CH_QUADS:                # the rank held most, all but h - 4 naturals of it
        r = highest_bit(ge[4] if ge[4] else ge[3] if ge[3] else ge[2] if ge[2] else present)
        if h == 4:
            return ch_hand(r + 1, 1, -1, w)
        P = present & ~(1u << r)
        k = highest_bit(P) if P else (11 if r == 12 else 12)
        return ch_hand(<uint32_t>((r + 1) << 4 | (k + 1)), 2, -1, w)
    if cat == CH_TWO_PAIR:             # pairs: the ranks held twice and `free` more
        if ge[3] or popcount(ge[2]) > 2:
            return 0
        S = present & ~ge[2]
        free = 2 - popcount(ge[2])
        need = popcount(S) - (h - 4)   # singles that must be paired (h - 4 may stay)
        if need > free:
            return 0
        X = ch_top_ranks(S, need) if need > 0 else 0
        P = ge[2] | X | ch_top_ranks(LANE & ~ge[2] & ~X, free - popcount(X))
        r = highest_bit(P)
        k = lowest_bit(P)
        if h == 4:
            return ch_hand(<uint32_t>((r + 1) << 4 | (k + 1)), 2, -1, w)
        S = present & ~P
        f = highest_bit(S) if S else highest_bit(LANE & ~P)
        return ch_hand(<uint32_t>((r + 1) << 8 | (k + 1) << 4 | (f + 1)), 3, -1, w)
    if cat == CH_PAIR or cat == CH_TRIPS:
        k = 2 if cat == CH_PAIR else 3
        if (ge[3] if k == 2 else ge[4]) or popcount(ge[2]) > 1:
            return 0
        if ge[2]:
            r = highest_bit(ge[2])
        elif popcount(present) <= h - k:
            r = 12
        else:
            r = highest_bit(present)
        K = present & ~(1u << r)
        if popcount(K) > h - k:
            return 0
        K |= ch_top_ranks(LANE & ~present & ~(1u << r), h - k - popcount(K))
        return ch_hand(<uint32_t>(r + 1) << (4 * (h - k)) | ch_nibbles(K), 1 + h - k, -1, w)
    if cat == CH_HIGH:
        if ge[2] or (h == 5 and w == 0 and ch_max_lane(lane[0], lane[1], lane[2], lane[3]) == 5):
            return 0
        K = present | ch_top_ranks(LANE & ~present, w)
        if h == 5 and ch_is_straight(K):
            return 0 if w == 0 else -1
        return ch_hand(ch_nibbles(K), h, -1, w)
    return -1


cdef int64_t ch_small_key(const CheungData* D, uint64_t natural, int w) noexcept nogil:
    """The order key of ch_best of a pool of five cards or fewer (-1: none, or left to
    the block search). The hand is the whole pool with every joker in it (RULES.md
    2.4: h = N), so a slot holds when its lowest tier lets a hand use the pool's w
    jokers, and its tier is the highest that does; the named ranks and suit are the
    highest the pool's hand makes in the slot's category (ch_small_hand)."""
    cdef int si
    cdef int64_t got
    cdef uint32_t lane[4]
    cdef uint32_t ge[5]
    cdef int h = popcount(natural) + w
    if h == 0:
        return -1
    # a high card of fewer than five cards needs no five ranks
    cdef uint32_t slots = D.slots_of[ch_pool_counts(natural, w, lane, ge) | (1 << CH_HIGH)]
    while slots:
        si = lowest_bit(slots)
        slots &= slots - 1
        if D.slots[si].jokers[w] < w:      # its lowest tier's budget (big pools) < w: a
            continue                       # five-card-or-fewer pool's budget is below 0
        got = ch_small_hand(D.slots[si].cat, w, h, natural, ge, lane)
        if got == 0:
            continue
        if got < 0:
            return -1
        return ch_slot_key(D, si, w, got)
    return -1


DEF CH_BEST_BLOCK = 64      # pools whose key -> index reads are in flight together


cdef void ch_best_many(const CheungData* D, const uint64_t* masks, int32_t* res,
                       Py_ssize_t n) noexcept nogil:
    """ch_best of n pools, a block at a time: every pool's key first, its hash entry
    prefetched, then the lookups (ch_find's random read, one pool after another, was
    a third of the time)."""
    cdef int64_t keys[CH_BEST_BLOCK]
    cdef Py_ssize_t start, size, i, c
    for start in range(0, n, CH_BEST_BLOCK):
        size = n - start if n - start < CH_BEST_BLOCK else CH_BEST_BLOCK
        for i in range(size):
            keys[i] = -1 if D.by_search else ch_best_key(D, masks[start + i])
            if keys[i] >= 0:
                pb_prefetch(D.table + ch_hash(keys[i]))
        for i in range(size):
            c = ch_find(D, keys[i]) if keys[i] >= 0 else -1
            res[start + i] = <int32_t>c if c >= 0 else ch_best_search(D, masks[start + i])


cdef int ch_best_search(const CheungData* D, uint64_t mask) noexcept nogil:
    """The highest call that holds (greedy on the ladder order, see _pure_cheung)."""
    cdef int si, cat, low, k, r, p1, p2, npr, nn, suit, tier, s, i
    cdef uint32_t nmask, cand, kick_cand
    cdef uint32_t by_count[6]
    cdef int ranks[5]
    cdef int64_t key
    cdef bint found
    cdef int jokers = popcount(mask & <uint64_t>JOKERS), need
    cdef uint64_t natural = mask & ~(<uint64_t>JOKERS)
    cdef uint32_t a = natural & LANE, b = (natural >> 16) & LANE
    cdef uint32_t c = (natural >> 32) & LANE, d = (natural >> 48) & LANE
    # ranks held at least k times (k = 0..5), to skip ranks no joker can save
    by_count[0] = LANE
    by_count[1] = a | b | c | d
    by_count[2] = (a & b) | (c & d) | ((a | b) & (c | d))
    by_count[3] = (a & b & (c | d)) | (c & d & (a | b))
    by_count[4] = a & b & c & d
    by_count[5] = 0
    kick_cand = LANE if jokers else by_count[1]
    cdef int most = ch_top_count(by_count[1], by_count[2], by_count[3], by_count[4]) + jokers
    cdef int suited = ch_max_lane(a, b, c, d) + jokers
    cdef int spread = popcount(by_count[1]) + jokers
    cdef int two_most = most + ch_second_count(by_count[1], by_count[2], by_count[3],
                                               by_count[4])   # jokers counted once
    for si in range(D.n_slots):
        cat = D.slots[si].cat
        # necessary counts first: most slots fail here without a check
        if (cat == CH_FIVE and most < 5) or (cat == CH_QUADS and most < 4) or \
                ((cat == CH_FLUSH or cat == CH_STRAIGHT_FLUSH or cat == CH_ROYAL) and suited < 5) or \
                (cat == CH_STRAIGHT and spread < 5) or (cat == CH_FULL_HOUSE and two_most < 5):
            continue
        low = D.slots[si].tiers[0]
        if not ch_holds(cat, 0, -1, -1, 0, -1, low, mask):
            continue
        p1 = -1
        p2 = -1
        npr = 0
        for k in range(CH_PRIMARIES[cat]):
            found = False
            need = ch_primary_count(cat, k) - jokers
            cand = by_count[need] if need > 0 else LANE
            for r in range(12, -1, -1):
                if not (cand >> r) & 1 or not ch_next_primary(cat, k, p1, r):
                    continue
                if k == 0:
                    if ch_holds(cat, 1, r, -1, 0, -1, low, mask):
                        p1 = r
                        found = True
                        break
                elif ch_holds(cat, 2, p1, r, 0, -1, low, mask):
                    p2 = r
                    found = True
                    break
            if not found:
                break
            ranks[npr] = r
            npr += 1
        nn = 0
        nmask = 0
        if npr == CH_PRIMARIES[cat]:
            for k in range(CH_OTHERS[cat]):
                found = False
                r = (ranks[npr + nn - 1] - 1) if nn else 12
                while r >= 0:
                    if (kick_cand >> r) & 1 and not ((npr >= 1 and r == p1) or (npr >= 2 and r == p2)):
                        if ch_holds(cat, npr, p1, p2, nmask | (1u << r), -1, low, mask):
                            found = True
                            break
                    r -= 1
                if not found:
                    break
                nmask |= 1u << r
                ranks[npr + nn] = r
                nn += 1
        suit = -1
        if cat == CH_FLUSH or cat == CH_STRAIGHT_FLUSH or cat == CH_ROYAL:
            for i in range(4):
                s = D.suits_high_first[i]
                if ch_holds(cat, npr, p1, p2, nmask, s, low, mask):
                    suit = s
                    break
        tier = low
        for i in range(D.slots[si].n_tiers - 1, 0, -1):
            if ch_holds(cat, npr, p1, p2, nmask, suit, D.slots[si].tiers[i], mask):
                tier = D.slots[si].tiers[i]
                break
        key = D.slots[si].slot
        for i in range(5):
            key = key * 16 + ((ranks[i] + 1) if i < npr + nn else 0)
        key = (key * 8 + (D.suit_rank[suit] if suit >= 0 else 0)) * 4 + D.tier_rank[tier]
        return <int>ch_find(D, key)
    return -1


# need[c]: bits 61-63 hold k; no pool mask has those bits, so m & need[c] is the cards

cdef inline uint64_t ch_columns(uint32_t ranks) noexcept nogil:
    """Every card of these ranks."""
    cdef uint64_t r = ranks
    return r | (r << 16) | (r << 32) | (r << 48)


cdef uint64_t ch_necessary(int cat, int nprim, int p1, int p2, uint32_t named,
                           int suit) noexcept nogil:
    """(cards, k) packed: any pool that makes the call holds at least k cards of
    `cards` or jokers standing in (a pure necessary condition, never sufficient)."""
    cdef uint64_t cards = 0
    cdef uint64_t k = 0
    if (cat == CH_FLUSH or cat == CH_STRAIGHT_FLUSH or cat == CH_ROYAL) and suit >= 0:
        cards, k = <uint64_t>LANE << (16 * suit), 5
    elif (cat == CH_PAIR or cat == CH_TRIPS or cat == CH_QUADS or cat == CH_FIVE) and nprim:
        cards = RANK_COLUMN[p1] | ch_columns(named)
        k = (2 if cat == CH_PAIR else 3 if cat == CH_TRIPS else 4 if cat == CH_QUADS else 5) \
            + popcount(named)
    elif (cat == CH_TWO_PAIR or cat == CH_FULL_HOUSE) and nprim == 2:
        cards = RANK_COLUMN[p1] | RANK_COLUMN[p2] | ch_columns(named)
        k = (4 if cat == CH_TWO_PAIR else 5) + popcount(named)
    elif cat == CH_STRAIGHT and nprim:
        cards, k = ch_columns(CH_STRAIGHTS[p1 - 3]), 5
    elif (cat == CH_HIGH or cat == CH_FLUSH) and named:
        cards, k = ch_columns(named), popcount(named)
    return cards | (k << 61)


cdef uint64_t ch_count_rule(int cat, int nprim, int p1, int p2, uint32_t named,
                            int suit) noexcept nogil:
    """A second necessary count (layout in _simd.h): cards, or with bit 14 the
    ranks the pool holds, of which the call needs k (bits 61-63), jokers standing in."""
    cdef uint64_t k = 0, cards = 0
    if (cat == CH_FLUSH) and suit >= 0 and named:
        cards, k = <uint64_t>named << (16 * suit), popcount(named)
    elif (cat == CH_PAIR or cat == CH_TRIPS or cat == CH_QUADS or cat == CH_FIVE) and nprim:
        cards = RANK_COLUMN[p1]
        k = 2 if cat == CH_PAIR else 3 if cat == CH_TRIPS else 4 if cat == CH_QUADS else 5
    elif cat == CH_TWO_PAIR and nprim:
        cards, k = RANK_COLUMN[p1], 2
    elif cat == CH_FULL_HOUSE and nprim:
        cards, k = RANK_COLUMN[p1], 3
    elif cat == CH_STRAIGHT and nprim:
        cards, k = CH_STRAIGHTS[p1 - 3] | (1 << 14), 5
    elif cat == CH_STRAIGHT_FLUSH and nprim or cat == CH_ROYAL:
        cards = CH_STRAIGHTS[(p1 if cat == CH_STRAIGHT_FLUSH else 12) - 3]
        if suit >= 0:
            cards <<= 16 * suit
        else:
            cards |= 1 << 14
        k = 5
    elif (cat == CH_HIGH or cat == CH_FLUSH) and named:
        cards, k = named | (1 << 14), popcount(named)
    return cards | (k << 61)


DEF CH_NO_RULE = 0x800000000000ULL   # bit 47, which no pool has: a sure word with it never holds
DEF CH_BY_RANKS = 1 << 14    # a count of the ranks the pool holds (else of its cards, or a suit's)
DEF CH_BY_SUIT = 1 << 15     # a count (w0): of the pool's fullest suit (a flush in any suit)
DEF CH_KICKERS = 1 << 30     # w1: the counts decide a big pool exactly (ch_record_rule)
DEF CH_AVAIL_BIT = 31        # w1: enough other ranks make a big pool hold (bits 45-47: how many)
DEF CH_PROFILE = 1 << 15     # a sure rule's cards: ranks held at least once .. four times
# constants, not module variables: the C compiler folds them into the scalar loop
# (a variable it reloads there, and keeps a register or a stack slot for)
DEF CH_SPREAD = 0x400000000000ULL             # bit 46, a sure rule: the named ranks not all in one suit alone
DEF CH_SURE_NEED = 0x1FFF9FFF1FFF1FFFULL     # a sure rule's cards and the no-rule bit
DEF CH_NOT_FLUSH = 0x80000000C000ULL          # a sure word without these bits is a flush rule


cdef inline uint64_t ch_cards_in(uint32_t ranks, int suit) noexcept nogil:
    return <uint64_t>ranks << (16 * suit)


cdef inline bint ch_is_straight(uint32_t ranks) noexcept nogil:
    cdef int t
    for t in range(10):
        if ranks == CH_STRAIGHTS[t]:
            return True
    return False


cdef void ch_count_words(const CheungCall* q, uint64_t* w0, uint64_t* w1) noexcept nogil:
    """A record's two necessary counts (layout in _simd.h): ch_necessary (a flush in
    any suit: its fullest suit) and ch_count_rule, and the most jokers that may stand
    in (a hand uses at most ch_budget of them, never more than its tier's cap)."""
    cdef int k, need, worst, fewest, t
    w0[0] = ch_necessary(q.cat, q.nprim, q.p1, q.p2, q.named, q.suit)
    w1[0] = ch_count_rule(q.cat, q.nprim, q.p1, q.p2, q.named, q.suit)
    if q.cat == CH_FLUSH and q.suit < 0:
        # five cards of one suit (by suit on AVX-512; all cards elsewhere); the named
        # ranks stay in w1
        w0[0] = ch_columns(LANE) | CH_BY_SUIT | (<uint64_t>5 << 61)
    w0[0] |= <uint64_t>CH_STAND_IN_CAP[q.tier] << 45
    if (q.cat == CH_PAIR or q.cat == CH_TRIPS) and q.nprim == 1 and q.tier <= T_NAT:
        # a named pair or trips: on a pool of six cards or more its exact check is
        # the kicker cost of ch_holds (cards of p1 short, named ranks absent,
        # kickers short), all of it read off the two words (ch_record_rule); the
        # tiers any, max1 and nat let a big pool's hand use min(jokers, cap) jokers
        w1[0] |= CH_KICKERS
    if q.tier <= T_NAT and (q.cat == CH_FLUSH or (q.cat == CH_HIGH and q.named)):
        # a high card or a flush (of a suit: each suit) on a big pool whose counts pass
        # (the named ranks held or stood in for: a budget of min(jokers, cap) less
        # those missing, at least 0) holds when its hands outnumber the straights
        # that could be forced on it: ch_high_or_flush's ways are at least
        # C(avail, 5 - k) (the other ranks, or suit cards, held: no joker), its
        # bad at most the straights holding every named rank (and for a high card
        # with no joker to spend, the one-suit hands: none when the named ranks are
        # spread, ch_record_rule). The fewest `avail` for that, in bits 45-47.
        k = popcount(q.named)
        need = 5 - k
        worst = 0
        for t in range(10):
            if (CH_STRAIGHTS[t] & q.named) == q.named:
                worst += 1
        fewest = need
        while fewest <= 13 and CH_COMB[fewest][need] <= worst:
            fewest += 1
        if fewest <= 7:
            w1[0] |= (<uint64_t>1 << CH_AVAIL_BIT) | (<uint64_t>fewest << 45)


cdef uint64_t ch_sure_rule(int cat, int nprim, int p1, int p2, uint32_t named, int suit,
                           int tier) noexcept nogil:
    """A sufficient condition, natural cards only, as one word (layout in _simd.h):
    the pool holds every card the word names (or with CH_PROFILE: its ranks the
    times the word says, any suits) and at least k (bits 61-63) ranks (bit 14) or
    cards of the suit in bits 30-31; either makes it a big pool (six cards or
    more). Then a hand of its naturals makes the call, which every tier but min1
    and min2 accepts. No rule: bit 47. Suits play no part but in flushes and
    straights: a rank held twice may be any two of its cards."""
    cdef uint32_t kick
    cdef int t, p, hi, lo, k
    cdef uint64_t cards = 0, n = 7, by = CH_BY_RANKS | CH_PROFILE
    if tier == T_MIN1 or tier == T_MIN2 or cat == CH_FIVE:
        return CH_NO_RULE
    if cat == CH_HIGH:
        if named:
            # seven ranks, the named ones among them, and the named ones not all in
            # one suit alone (then no hand of them is forced to be a flush). The
            # hands of the named ranks and five minus k others outnumber the
            # straights among them: C(7 - k, 5 - k) > the straights holding k given
            # ranks (5, 4, 3, 2 for k = 1 .. 4; for k = 5 none, the named ranks
            # being no straight)
            k = popcount(named)
            if k > 5 or (k == 5 and ch_is_straight(named)):
                return CH_NO_RULE
            cards = named
            by |= <uint64_t>CH_SPREAD
        else:
            # the Aces twice (a one-suit hand can always be broken), seven ranks:
            # C(6, 4) = 15 hands with an Ace against two straights
            cards = <uint64_t>(1u << 12) << 16
    elif cat == CH_FLUSH:
        # the named cards and seven of the suit: more five-card sets than straights
        # (jokers that may stand in take the place of missing named cards, each
        # counting as a suit card: ch_sure_allowed)
        t = suit if suit >= 0 else 3
        cards = ch_cards_in(named, t)
        by = <uint64_t>t << 30
    elif cat == CH_PAIR or cat == CH_TRIPS or cat == CH_QUADS:
        # the rank held 2, 3 or 4 times, the named kickers, seven ranks
        p = p1 if nprim else 12
        t = 2 if cat == CH_PAIR else 3 if cat == CH_TRIPS else 4
        cards = named | (<uint64_t>(1u << p) << (16 * (t - 1)))
    elif cat == CH_TWO_PAIR:
        hi = p1 if nprim else 12
        lo = p2 if nprim == 2 else (11 if nprim == 0 else 0)
        cards = named | (<uint64_t>((1u << hi) | (1u << lo)) << 16)
    elif cat == CH_FULL_HOUSE:
        t = p1 if nprim else 12
        p = p2 if nprim == 2 else (11 if t == 12 else 12)
        cards = (<uint64_t>(1u << t) << 32) | (<uint64_t>(1u << p) << 16)
        n = 6
    elif cat == CH_STRAIGHT:
        t = p1 if nprim else 12
        # its five ranks in one suit and the top again in another: not a straight flush
        cards = ch_cards_in(CH_STRAIGHTS[t - 3], 0) | ch_cards_in(1u << t, 1)
        n = 6
        by = CH_BY_RANKS
    elif cat == CH_STRAIGHT_FLUSH or cat == CH_ROYAL:
        t = (p1 if nprim else 11) if cat == CH_STRAIGHT_FLUSH else 12
        cards = ch_cards_in(CH_STRAIGHTS[t - 3], suit if suit >= 0 else 3)
        n = 6
        by = CH_BY_RANKS
    else:
        return CH_NO_RULE
    return cards | by | (n << 61)


cdef inline bint ch_counts_pass(const uint64_t* r, uint64_t m) noexcept nogil:
    """Both necessary counts of a call's record (r: its four words) on a pool. A
    count by suit (bit 15, a flush in any suit) counts here all its cards: a
    weaker test, still necessary, that spares the scalar loop four counts. No
    branch: the records' kinds come in no order."""
    cdef uint64_t w0 = r[0], w1 = r[1]
    cdef uint64_t t = m | (m >> 32)
    cdef uint64_t ge1 = (t | (t >> 16)) & LANE
    # w0 counts cards, never ranks; w1 the ranks with CH_BY_RANKS
    cdef uint64_t v1 = pb_pick(w1 & CH_BY_RANKS, ge1, m)
    cdef int j = popcount(m & <uint64_t>JOKERS)
    cdef int cap = (w0 >> 45) & 3
    cdef int plus = j if j < cap else cap
    cdef int short0 = popcount(m & w0) - <int>(w0 >> 61)
    cdef int short1 = popcount(v1 & w1) - <int>(w1 >> 61)
    return (short0 if short0 < short1 else short1) + plus >= 0


cdef inline int ch_stand_in(const uint64_t* r, uint64_t m) noexcept nogil:
    """The jokers of pool m that may stand in for missing cards in a hand of the
    call of record r (four words): those held, at most its tier's cap (w0 bits 45-46)."""
    cdef int j = popcount(m & <uint64_t>JOKERS)
    cdef int cap = (r[0] >> 45) & 3
    return j if j < cap else cap


cdef inline int ch_sure_allowed(uint64_t w, int stand_in) noexcept nogil:
    """How many of a sure rule's cards may be missing: for a flush rule (neither
    CH_BY_RANKS nor CH_PROFILE, and a rule) the jokers that may stand in, each then
    counting as a card of the suit; none for the others. A flush rule asks for the
    named cards of its suit and seven of the suit: with s suit cards held and x named
    ones missing, s + x >= 7, jokers standing in for the x (x <= the budget of a pool
    of six cards or more, which for the tiers with rules is min(jokers, cap)), the
    hand still has C(s - (k - x), 5 - k) >= C(7 - k, 5 - k) ways to complete the k
    named cards, more than the straights that hold k given ranks (the joker-free
    argument of ch_sure_rule)."""
    return stand_in if (w & <uint64_t>CH_NOT_FLUSH) == 0 else 0


cdef inline bint ch_sure(uint64_t w, uint64_t m, int stand_in) noexcept nogil:
    """The sure rule `w` (a record's third word) on a pool; stand_in: ch_stand_in."""
    cdef uint64_t a = m & LANE, b = (m >> 16) & LANE, c = (m >> 32) & LANE, d = m >> 48
    cdef uint64_t ge1 = a | b | c | d
    cdef uint64_t v = ge1 if w & CH_BY_RANKS else (m >> (16 * ((w >> 30) & 3))) & LANE
    cdef int allowed = ch_sure_allowed(w, stand_in)
    if popcount(v) + allowed < <int>(w >> 61):     # the common no of small pools, before the rest
        return False
    cdef uint64_t need = w & <uint64_t>CH_SURE_NEED      # the cards and the no-rule bit
    cdef uint64_t ge2 = (a & b) | (c & d) | ((a | b) & (c | d))
    cdef uint64_t profile = ge1 | (ge2 << 16) | (((a & b & (c | d)) | (c & d & (a | b))) << 32) | \
        ((a & b & c & d) << 48)
    cdef uint64_t held = profile if w & CH_PROFILE else m
    cdef uint64_t named = need & LANE
    # spread: a named rank held twice, or each suit lane missing a named rank
    cdef bint spread = ((named & ge2) != 0) | (((named & ~a) != 0) & ((named & ~b) != 0) &
                                               ((named & ~c) != 0) & ((named & ~d) != 0))
    cdef int missing = popcount(need & ~held)
    return (missing <= allowed) & (popcount(v) + missing >= <int>(w >> 61)) & \
        (spread | ((w & <uint64_t>CH_SPREAD) == 0))


cdef inline bint ch_sure_lowest_suits(uint64_t w, uint64_t m, int stand_in) noexcept nogil:
    """A cheaper, weaker form of ch_sure for the scalar loop (the rules before the
    rank profile): a rank the profile needs k times is asked for as its cards in
    the k lowest suits, and with CH_SPREAD the named ranks in the two lowest suits
    (each held twice: spread). Holding those implies the profile and spread, so a
    yes here is a yes of ch_sure; a pool it misses goes to the exact check. The
    full rule cost the scalar loop more than the exact checks it spared (52-card
    pools: 12 % slower)."""
    cdef uint64_t need = w & <uint64_t>CH_SURE_NEED      # the cards and the no-rule bit
    # lane j asks for every rank of need's lanes j..3 (the no-rule bit, shifted into
    # bits 15 and 31, still no pool has)
    cdef uint64_t low = need | (need >> 16)
    low |= low >> 32
    low |= ((need & LANE) << 16) & (<uint64_t>0 - ((w >> 46) & 1))    # CH_SPREAD
    # selections by masks, not branches: the records' kinds come in no order
    cdef uint64_t held = need ^ ((low ^ need) & (<uint64_t>0 - ((w >> 15) & 1)))   # CH_PROFILE
    cdef uint64_t ge1 = (m | (m >> 16) | (m >> 32) | (m >> 48)) & LANE
    cdef uint64_t suited = (m >> (16 * ((w >> 30) & 3))) & LANE
    cdef uint64_t v = suited ^ ((ge1 ^ suited) & (<uint64_t>0 - ((w >> 14) & 1)))  # CH_BY_RANKS
    # a flush rule's held cards are its named ones (no profile): jokers may stand in
    cdef int missing = popcount(held & ~m)
    return (missing <= ch_sure_allowed(w, stand_in)) & (popcount(v) + missing >= <int>(w >> 61))


cdef inline int ch_record_rule(const uint64_t* r, uint64_t m, bint by_avail) noexcept nogil:
    """What a record's two count words alone decide on a pool of six cards or more
    whose counts pass: 1 holds, 0 fails, -1 undecided (the sure rule and the exact
    check then). A named pair or trips (CH_KICKERS in w1): ch_holds' kicker cost
    (the cards of p1 short of k1, the named ranks absent, the kickers short of
    5 - k0 among the other ranks held) against the jokers that may stand in. A
    high card or a flush (CH_AVAIL_BIT): holds when the other ranks held (a flush:
    the suit's other cards) reach the count in bits 45-47 of w1 (ch_count_words
    says why), and for a high card with no joker to stand in, its named ranks
    spread over suits (no one-suit hand forced); a flush in any suit fails when no
    suit holds five cards and its named ranks, jokers standing in. by_avail False: the
    kicker cost alone (the scalar loop, where the sure rule takes most of the
    others on crowded pools and the extra tests cost more than they spare). The
    vector paths judge the lanes they leave by the same rules, by_avail True, in
    vectors (pb_cheung_rule8 / pb_cheung_rule4 in _simd.h): a change here goes there."""
    cdef uint64_t w1 = r[1]
    if not (w1 & (CH_KICKERS | ((<uint64_t>by_avail) << CH_AVAIL_BIT))) or popcount(m) < 6:
        return -1
    cdef uint64_t ranks = (m | (m >> 16) | (m >> 32) | (m >> 48)) & LANE
    cdef uint64_t w0l = r[0] & LANE, named, a, b, c, d
    cdef int k0, k1, cost, plus = ch_stand_in(r, m)
    if w1 & CH_KICKERS:
        k0 = <int>(r[0] >> 61)
        k1 = <int>(w1 >> 61)
        cost = ch_short(k1, popcount(m & w1)) + popcount(w0l & ~w1 & ~ranks) + \
            ch_short(5 - k0, popcount(ranks & ~w0l))
        return cost <= plus
    cdef int s, fewest = <int>((w1 >> 45) & 7), some = 0
    cdef uint32_t lane
    if r[0] & CH_BY_SUIT:           # a flush in any suit (named ranks in w1): suit by suit
        named = w1 & LANE
        for s in range(4):
            lane = (m >> (16 * s)) & LANE
            if popcount(lane) + plus >= 5 and popcount(named & ~lane) <= plus:
                if popcount(lane & ~named) >= fewest:
                    return 1
                some = 1
        return -1 if some else 0    # no suit can make it: a no (ch_holds asks the same)
    if not (w1 & CH_BY_RANKS):      # a flush of a named suit: w0 is that suit's cards
        return 1 if popcount(m & r[0] & ~w1 & <uint64_t>0x1FFF1FFF1FFF1FFFULL) >= fewest else -1
    named = w1 & LANE
    if plus == 0:
        a, b, c, d = m & LANE, (m >> 16) & LANE, (m >> 32) & LANE, (m >> 48) & LANE
        if not ((named & ((a & b) | (c & d) | ((a | b) & (c | d)))) or
                ((named & ~a) and (named & ~b) and (named & ~c) and (named & ~d))):
            return -1
    return 1 if popcount(ranks & ~named) >= fewest else -1


cdef inline bint ch_holds_rest(const uint64_t* r, uint64_t m) noexcept nogil:
    """The call of record r (four words) on a pool m that passes its counts: the
    record rule, then its sure rule (the scalar loop's cheaper form), then the exact
    check on the call in its fourth word."""
    if ch_sure_lowest_suits(r[2], m, ch_stand_in(r, m)):
        return True
    cdef int known = ch_record_rule(r, m, False)
    if known >= 0:
        return known
    return ch_holds_call(<const CheungCall*>(r + 3), m)


cdef inline Py_ssize_t ch_scalar_counts(const uint64_t* cw, const uint64_t* masks,
                                        const call_index_t* calls, uint8_t* out,
                                        Py_ssize_t start, Py_ssize_t end, Py_ssize_t ahead,
                                        Py_ssize_t n_calls, int32_t* later,
                                        uint64_t* seen_cards) noexcept nogil:
    """The counts of pairs start..end (their calls valid), read off the count words
    `cw` (two a call), without a branch: out 0 for all, the pairs that pass listed
    in `later` (how many returned); the words of the pair CH_AHEAD on prefetched
    below `ahead`."""
    cdef Py_ssize_t i, k = 0
    cdef size_t p
    cdef uint64_t seen = 0, m
    memset(out + start, 0, end - start)
    for i in range(start, ahead):
        p = <size_t>calls[i + CH_AHEAD]
        pb_prefetch(cw + 2 * (p if p < <size_t>n_calls else 0))
        m = masks[i]
        seen |= m
        later[k] = <int32_t>i
        k += ch_counts_pass(cw + 2 * <size_t>calls[i], m)
    for i in range(ahead if ahead > start else start, end):
        m = masks[i]
        seen |= m
        later[k] = <int32_t>i
        k += ch_counts_pass(cw + 2 * <size_t>calls[i], m)
    seen_cards[0] |= seen
    return k


cdef inline void ch_scalar_left(const uint64_t* rec, const uint64_t* cw, const uint64_t* masks,
                                const call_index_t* calls, uint8_t* out, int32_t* later,
                                Py_ssize_t k) noexcept nogil:
    """The pairs ch_scalar_counts listed: by kind, the pairs and trips the kicker cost
    decides first (no branch), then the rest by the record rules, the sure rule and
    the exact check, so that each loop's branches follow one kind of call. The
    record rules read the count words `cw`; the records, prefetched while the pairs
    are sorted, only the sure rule and the exact check."""
    cdef int32_t kicks[CH_SCALAR_BLOCK]
    cdef Py_ssize_t i, j, c, nk = 0, nr = 0
    cdef const uint64_t* r
    cdef uint64_t m
    cdef int known, kick
    for j in range(k):
        i = later[j]
        c = calls[i]
        pb_prefetch(rec + 4 * c)
        kick = ((cw[2 * c + 1] & CH_KICKERS) != 0) & (popcount(masks[i]) >= 6)
        kicks[nk] = <int32_t>i
        later[nr] = <int32_t>i
        nk += kick
        nr += 1 - kick
    for j in range(nk):
        i = kicks[j]
        c = calls[i]
        out[i] = ch_record_rule(cw + 2 * c, masks[i], False)    # the count words alone
    for j in range(nr):
        i = later[j]
        c = calls[i]
        r = rec + 4 * c
        m = masks[i]
        known = ch_record_rule(cw + 2 * c, m, True)
        out[i] = known if known >= 0 else (
            ch_sure(r[2], m, ch_stand_in(r, m)) or ch_holds_call(<const CheungCall*>(r + 3), m))


cdef inline Py_ssize_t ch_scalar_whole(const uint64_t* rec, const uint64_t* masks,
                                       const call_index_t* calls, Py_ssize_t one, uint8_t* out,
                                       Py_ssize_t start, Py_ssize_t end, Py_ssize_t ahead,
                                       Py_ssize_t n_calls, uint64_t* seen_cards,
                                       int* bad_index) noexcept nogil:
    """Pairs start..end (calls NULL: call `one`) one by one: counts, record rule, sure
    rule and exact check (ch_holds_rest), for crowded pools where most pairs pass the
    counts: how many passed them. An index outside the ladder sets *bad_index (and
    is checked as call 0 meanwhile)."""
    cdef Py_ssize_t i, k = 0
    cdef size_t p, c
    cdef uint64_t seen = 0, m
    cdef int passed
    cdef const uint64_t* r
    for i in range(start, end):
        if calls != NULL:
            if i < ahead:
                p = <size_t>calls[i + CH_AHEAD]
                pb_prefetch(rec + 4 * (p if p < <size_t>n_calls else 0))
            c = <size_t>calls[i]
            if c >= <size_t>n_calls:
                bad_index[0] = 1
                c = 0
        else:
            c = <size_t>one
        m = masks[i]
        seen |= m
        r = rec + 4 * c
        passed = ch_counts_pass(r, m)
        k += passed
        out[i] = passed and ch_holds_rest(r, m)
    seen_cards[0] |= seen
    return k


cdef void ch_holds_scalar(const uint64_t* rec, const uint64_t* cw, const uint64_t* masks,
                          const call_index_t* calls,
                          Py_ssize_t one, Py_ssize_t n_calls, uint8_t* out, Py_ssize_t n,
                          uint64_t* seen_cards, int* bad_index) noexcept nogil:
    """The scalar loop of holds_many (calls NULL: call `one` for every pool), a block
    at a time. Small pools: the block's calls validated first (one outside the
    ladder sets *bad_index and stops the loop: the caller raises), every pair's
    counts without a branch (a pair failing them is a no, most random small-pool
    pairs), then the pairs that passed (ch_scalar_left). After a block where most
    pairs passed (crowded pools) CH_CROWDED blocks one pair after another
    (ch_scalar_whole), then the same test. The masks are ORed into *seen_cards."""
    cdef int32_t later[CH_SCALAR_BLOCK]
    cdef Py_ssize_t end, i, ahead, k = 0
    cdef call_index_t lo, hi
    if calls == NULL:
        if one < 0 or one >= n_calls:
            bad_index[0] = 1
            return
        ch_scalar_whole(rec, masks, calls, one, out, 0, n, 0, n_calls, seen_cards, bad_index)
        return
    cdef Py_ssize_t start = 0
    while start < n:
        if k * 2 > CH_SCALAR_BLOCK:         # crowded: CH_CROWDED blocks one pair after another
            end = start + CH_CROWDED * CH_SCALAR_BLOCK
            end = end if end < n else n
            ahead = end if end < n - CH_AHEAD else n - CH_AHEAD
            k = ch_scalar_whole(rec, masks, calls, one, out, start, end, ahead, n_calls,
                                seen_cards, bad_index) // CH_CROWDED
            start = end
            continue
        end = start + CH_SCALAR_BLOCK if n - start > CH_SCALAR_BLOCK else n
        lo = hi = calls[start]
        for i in range(start + 1, end):     # without a branch, in vectors where it can
            lo = calls[i] if calls[i] < lo else lo
            hi = calls[i] if calls[i] > hi else hi
        if lo < 0 or hi >= n_calls:
            bad_index[0] = 1
            return
        ahead = end if end < n - CH_AHEAD else n - CH_AHEAD
        k = ch_scalar_counts(cw, masks, calls, out, start, end, ahead, n_calls, later,
                             seen_cards)
        ch_scalar_left(rec, cw, masks, calls, out, later, k)
        start = end


def _aligned_words(Py_ssize_t n):
    """n zero uint64 words starting on a 64-byte line (numpy's large arrays start 16
    bytes past one: a record would then straddle two lines)."""
    words = np.zeros(n + 8, dtype=np.uint64)
    start = (-words.ctypes.data % 64) // 8
    return words[start:start + n]


cdef class CheungKernel:
    """Checks Cheung calls against pools (compiled); the interface of ``Kernel``."""

    cdef CheungData D
    cdef const uint64_t* vcount     # the vector paths' count words: w0, w1 of each record
    cdef const uint64_t* vsure      # and their sure words (w2)
    cdef object _arrays
    cdef object owner
    cdef object call_type
    cdef object pool_type
    cdef readonly int path_number

    @property
    def path(self):
        """The batch path of ``holds_many``: "avx512", "avx2" or "scalar"."""
        return PATHS[self.path_number]

    @property
    def simd(self):
        """Whether batch checks take a vector path."""
        return self.path_number != 0

    @property
    def best_method(self):
        """How best / best_many find the best call: "hand shapes" (read off the pool's
        hand; the empty pool and a few rare hands take the block search)
        or "block search" (call by call down the ladder's order)."""
        return "block search" if self.D.by_search else "hand shapes"

    def __init__(self, tables, simd=None, best_method=None):
        if best_method not in (None, "hand shapes", "block search"):
            raise ValueError(f"unknown best method {best_method!r}: choose from hand shapes, "
                             f"block search")
        x = tables.extra
        n = len(x["cat"])
        calls = np.zeros(n, dtype=np.dtype([("cat", np.uint8), ("nprim", np.uint8),
                                            ("p1", np.int8), ("p2", np.int8), ("suit", np.int8),
                                            ("tier", np.uint8), ("named", np.uint16)]))
        if calls.dtype.itemsize != sizeof(CheungCall):
            raise RuntimeError("cheung call record layout does not match its C struct")
        for name in ("cat", "nprim", "p1", "p2", "named", "suit", "tier"):
            calls[name] = x[name]
        keys = np.ascontiguousarray(x["key"], dtype=np.int64)
        if n * 2 > (1 << CH_HASH_BITS) or (n and (keys.min() < 0 or keys.max() >= 1 << 32)):
            raise RuntimeError("cheung ladder too large for its key table")
        table = np.full(1 << CH_HASH_BITS, np.iinfo(np.uint64).max, dtype=np.uint64)
        need = np.empty(n, dtype=np.uint64)
        cdef uint64_t[::1] tv = table
        cdef const int64_t[::1] kv = keys
        cdef uint64_t[::1] nv = need
        cdef const CheungCall* cv = <const CheungCall*>_data(calls)
        cdef Py_ssize_t c, n_c = n
        cdef uint64_t h
        cdef int full
        with nogil:
            # the key table (linear probing): first the calls a pool's best can be
            # (every role named, and the suit where the category has one; the calls
            # of pools of five cards or fewer aside), from the top of the ladder down,
            # then the rest, so the bests mostly sit in their first slot (inserted
            # from the bottom up, the high calls that or higher's games look up most
            # took a second probe or more 39 % of the time; now 5 %)
            for full in range(1, -1, -1):
                for c in range(n_c - 1, -1, -1):
                    if ch_names_all(&cv[c]) != full:
                        continue
                    h = ch_hash(kv[c])
                    while tv[h] != (~(<uint64_t>0)):
                        h = (h + 1) & ((1 << CH_HASH_BITS) - 1)
                    tv[h] = (<uint64_t>kv[c] << 32) | <uint64_t>c
            for c in range(n_c):
                nv[c] = ch_necessary(cv[c].cat, cv[c].nprim, cv[c].p1, cv[c].p2, cv[c].named,
                                     cv[c].suit)
        # 64-byte aligned: a record then sits in one cache line, the one the loops
        # prefetch (numpy's large arrays start 16 bytes past a line, which split every
        # other record across two lines: its sure word and call in the second)
        rec = _aligned_words(4 * n)
        cdef uint64_t[::1] rv = rec
        with nogil:
            for c in range(n_c):
                ch_count_words(&cv[c], &rv[4 * c], &rv[4 * c + 1])
                rv[4 * c + 2] = ch_sure_rule(cv[c].cat, cv[c].nprim, cv[c].p1, cv[c].p2,
                                             cv[c].named, cv[c].suit, cv[c].tier)
                memcpy(&rv[4 * c + 3], &cv[c], sizeof(CheungCall))
        # the vector kernels count w0 by the pool's cards (or its fullest suit) and w1 by
        # its cards or ranks (pb_cheung_count8, pb_cheung_counts4), never otherwise
        if (rec[0::4] & np.uint64(CH_BY_RANKS)).any() or (rec[1::4] & np.uint64(CH_BY_SUIT)).any():
            raise RuntimeError("cheung count words: w0 counts ranks or w1 counts by suit")
        # the vector paths (and the scalar loop's first pass: the count words) read
        # copies of the count and sure words, in arrays of their own (16 and 8 bytes
        # a call, 64-byte aligned): the random reads of a batch touch 1 MB or 0.5 MB,
        # not the records' 2 MB, and stay in L2
        vcount = _aligned_words(2 * n)
        vsure = _aligned_words(n)
        vcount[0::2] = rec[0::4]
        vcount[1::2] = rec[1::4]
        # with the stand-in cap (w0 bits 45-46: 0..2) in bits 13 and 29, which no sure
        # rule names (a count of those bits)
        cap = (rec[0::4] >> np.uint64(45)) & np.uint64(3)
        vsure[:] = rec[2::4] | np.where(cap >= 1, np.uint64(1 << 13), np.uint64(0)) | \
            np.where(cap >= 2, np.uint64(1 << 29), np.uint64(0))
        # a high card's rule whose named ranks must not all lie in one suit alone
        # (CH_SPREAD) asks there for every named rank held twice, which implies it:
        # the vector kernels need no spread test (a stricter rule, still sure; the
        # lanes it misses go to the record rules and the exact check)
        spread = (vsure & np.uint64(CH_SPREAD)) != 0
        vsure[spread] = (vsure[spread] & ~np.uint64(CH_SPREAD | LANE)) | \
            ((vsure[spread] & np.uint64(LANE)) << np.uint64(16))
        self._arrays = (calls, keys, table, need, rec, vcount, vsure)
        self.D.rec = <const uint64_t*>_data(rec)
        self.vcount = <const uint64_t*>_data(vcount)
        self.vsure = <const uint64_t*>_data(vsure)
        self.path_number = path_number(simd)
        self.D.table = <const uint64_t*>_data(table)
        self.D.need = <const uint64_t*>_data(need)
        self.D.calls = cv
        self.D.keys = <const int64_t*>_data(keys)
        self.D.n = n
        self.D.allowed = <uint64_t>int(tables.allowed_mask)
        self.D.by_search = best_method == "block search"
        for s in range(4):
            self.D.suit_rank[s] = int(x["suit_rank"][s])
        for t in range(5):
            self.D.tier_rank[t] = int(x["tier_rank"][t])
        for i, s in enumerate(sorted(range(4), key=lambda v: -int(x["suit_rank"][v]))):
            self.D.suits_high_first[i] = s
        # the slots (a category, or the royal flush above five of a kind) and their tiers
        pairs = np.flatnonzero(np.bincount((keys >> 25) * 8 + x["tier"].astype(np.int64)))
        slots = {}
        for slot, tier in zip((pairs >> 3).tolist(), (pairs & 7).tolist()):
            slots.setdefault(slot, set()).add(tier)
        self.D.n_slots = len(slots)
        for i, (slot, tiers) in enumerate(sorted(slots.items(), reverse=True)):
            self.D.slots[i].slot = slot
            self.D.slots[i].cat = slot if slot <= CH_FIVE else CH_ROYAL
            ordered = sorted(tiers, key=lambda v: int(x["tier_rank"][v]))
            self.D.slots[i].n_tiers = len(ordered)
            for k, t in enumerate(ordered):
                self.D.slots[i].tiers[k] = t
            for w in range(3):
                self.D.slots[i].jokers[w] = CH_BUDGET[ordered[0]][0][w]
                for k in range(3):      # the fewest jokers the hand needs
                    t = ordered[0]
                    for u in reversed(ordered[1:]):
                        if CH_BUDGET[u][0][w] >= k:
                            t = u
                            break
                    self.D.slots[i].tier_code[w][k] = self.D.tier_rank[t]
        for m in range(2048):
            self.D.slots_of[m] = sum(1 << i for i in range(self.D.n_slots)
                                     if (m >> self.D.slots[i].cat) & 1)

    def bind(self, owner, call_type, pool_type):
        self.owner, self.call_type, self.pool_type = owner, call_type, pool_type

    def holds_call(self, call, pool):
        cdef uint64_t mask
        if type(call) is self.call_type and type(pool) is self.pool_type:
            if (<CallBase>call).ladder is self.owner:
                mask = (<PoolBase>pool)._mask
                if not mask & ~self.D.allowed:
                    return ch_holds_call(&self.D.calls[(<CallBase>call).index], mask)
        return self.owner._holds_general(call, pool)

    cdef int _valid(self, uint64_t mask) except -1:
        if mask & ~self.D.allowed:
            raise ValueError(f"pool mask {mask:#x} has cards these rules do not have: "
                             f"{mask & ~self.D.allowed:#x}")
        return 0

    cdef int _index(self, Py_ssize_t c) except -1:
        if c < 0 or c >= self.D.n:
            raise ValueError(f"call index {c} is outside the ladder (0..{self.D.n - 1})")
        return 0

    def holds(self, Py_ssize_t c, uint64_t mask):
        self._index(c)
        self._valid(mask)
        return ch_holds_call(&self.D.calls[c], mask)

    cdef int _batch(self, const uint64_t* masks, const call_index_t* calls, Py_ssize_t one,
                    uint8_t* out, Py_ssize_t n) except -1:
        """Every pair: the vector path's count tests (the exact check for the pairs
        it leaves), then the scalar loop for the rest; validating as it goes."""
        cdef Py_ssize_t i, j, k, c, got, size, done = 0, n_calls = self.D.n
        cdef uint64_t seen = 0
        cdef int bad = 0, crowded = 0
        cdef const uint64_t* rec = self.D.rec
        cdef int32_t later[CH_HOLD_BLOCK + 16]
        with nogil:
            while self.path_number and done < n:
                size = CH_HOLD_BLOCK if n - done > CH_HOLD_BLOCK else n - done
                got = pb_cheung_batch(self.path_number, masks + done,
                                      calls + done if calls != NULL else NULL,
                                      sizeof(call_index_t), <int32_t>one, <uint32_t>n_calls,
                                      self.vcount, self.vsure, out + done, size, n - done,
                                      &seen, &bad, later, &k, &crowded)
                if bad:
                    break
                # the record rules of the lanes left, in vectors; the sure rule and
                # the exact check for those they leave
                k = pb_cheung_rules(self.path_number, masks + done,
                                    calls + done if calls != NULL else NULL,
                                    sizeof(call_index_t), <int32_t>one, <uint32_t>n_calls,
                                    self.vcount, out + done, later, k)
                for j in range(k):
                    i = done + later[j]
                    c = calls[i] if calls != NULL else one
                    out[i] = ch_sure(rec[4 * c + 2], masks[i], ch_stand_in(rec + 4 * c, masks[i])) or \
                        ch_holds_call(<const CheungCall*>(rec + 4 * c + 3), masks[i])
                done += got
                if got < size:
                    break
            if done < n:
                ch_holds_scalar(rec, self.vcount, masks + done, calls + done if calls != NULL else NULL, one,
                                n_calls, out + done, n - done, &seen, &bad)
        if bad:
            raise ValueError(f"call indices must lie in 0..{self.D.n - 1}")
        self._valid(seen)
        return 0

    def holds_many(self, const uint64_t[::1] masks, const call_index_t[::1] calls):
        cdef Py_ssize_t n = masks.shape[0]
        if calls.shape[0] != n:
            raise ValueError(f"{calls.shape[0]} calls for {n} masks")
        out = np.empty(n, dtype=np.bool_)
        cdef uint8_t[::1] res = out.view(np.uint8)
        if n:
            self._batch(&masks[0], &calls[0], 0, &res[0], n)
        return out

    def holds_many_one(self, const uint64_t[::1] masks, Py_ssize_t c):
        cdef Py_ssize_t n = masks.shape[0]
        self._index(c)
        out = np.empty(n, dtype=np.bool_)
        cdef uint8_t[::1] res = out.view(np.uint8)
        if n:
            self._batch(&masks[0], <const int32_t*>NULL, c, &res[0], n)
        return out

    def truth(self, uint64_t mask):
        cdef Py_ssize_t c
        self._valid(mask)
        out = np.empty(self.D.n, dtype=np.bool_)
        cdef uint8_t[::1] res = out.view(np.uint8)
        with nogil:
            for c in range(self.D.n):
                res[c] = popcount(mask & self.D.need[c]) + popcount(mask & <uint64_t>JOKERS) \
                    >= <int>(self.D.need[c] >> 61) and ch_holds_call(&self.D.calls[c], mask)
        return out

    def best(self, uint64_t mask):
        self._valid(mask)
        return ch_best(&self.D, mask)

    def best_many(self, const uint64_t[::1] masks):
        cdef Py_ssize_t i, n = masks.shape[0]
        cdef uint64_t seen = 0
        for i in range(n):
            seen |= masks[i]
        self._valid(seen)
        out = np.empty(n, dtype=np.int32)
        cdef int32_t[::1] res = out
        if n:
            with nogil:
                ch_best_many(&self.D, &masks[0], &res[0], n)
        return out


cdef const CheungData* cheung_data(object kernel) noexcept:
    """The call tables of a compiled ``CheungKernel``, or NULL when `kernel` is anything else."""
    if isinstance(kernel, CheungKernel):
        return &(<CheungKernel>kernel).D
    return NULL
