# cython: language_level=3
"""Poker roulette's compiled kernels: the multiset hand evaluator and whole games.

``multiset_value`` is the twin of ``pokerbull.evaluator.multiset_value`` (same
closed forms, same values, tested). ``play_games`` plays whole games with the
built-in bots, no Python per action, exactly as ``simulation.play_pure`` does
one action at a time through ``Game`` and the Python bots.
"""

from libc.stdint cimport int8_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

DEF KINDS = 54
DEF CLASS_SHIFT = 37
DEF ROLES_SHIFT = 17

DEF HIGH_CARD = 0
DEF PAIR = 1
DEF TWO_PAIR = 2
DEF TRIPS = 3
DEF STRAIGHT = 4
DEF FLUSH = 5
DEF FULL_HOUSE = 6
DEF QUADS = 7
DEF STRAIGHT_FLUSH = 8
DEF FIVE_KIND = 9

DEF FOLD = 0
DEF CALL = 1
DEF RAISE = 2


cdef struct Hand:
    int roles[5]
    int nroles
    int marks[5]
    int nmarks


cdef inline uint64_t _encode(int cls, Hand* h, bint by_suit) noexcept nogil:
    cdef uint64_t nib = 0, suits = 0
    cdef int i
    for i in range(h.nroles):
        nib |= <uint64_t>(h.roles[i] + 1) << (4 * (4 - i))
    if by_suit:
        for i in range(h.nmarks):
            suits |= <uint64_t>(h.marks[i] + 1) << (3 * (4 - i))
    return (<uint64_t>cls << CLASS_SHIFT) | (nib << ROLES_SHIFT) | suits


cdef inline void _group(Hand* h, int r, int size, int wild, int top,
                        int (*bystr)[4]) noexcept nogil:
    """`wild` jokers (the strongest suit), then the best natural cards of rank r."""
    cdef int i, k, c
    for i in range(wild):
        h.marks[h.nmarks] = top
        h.nmarks += 1
    size -= wild
    k = 3
    while size > 0 and k >= 0:
        c = bystr[r][k]
        while c > 0 and size > 0:
            h.marks[h.nmarks] = k
            h.nmarks += 1
            c -= 1
            size -= 1
        k -= 1


cdef inline void _kickers(Hand* h, int away1, int away2, int count,
                          int (*bystr)[4]) noexcept nogil:
    cdef int r, k, c
    r = 12
    while r >= 0 and count > 0:
        if r != away1 and r != away2:
            k = 3
            while k >= 0 and count > 0:
                c = bystr[r][k]
                while c > 0 and count > 0:
                    h.roles[h.nroles] = r
                    h.nroles += 1
                    h.marks[h.nmarks] = k
                    h.nmarks += 1
                    c -= 1
                    count -= 1
                k -= 1
        r -= 1


cdef inline bint _of_a_kind(Hand* h, int size, int hand_size, int jokers, int top,
                            const int* rank_cnt, int (*bystr)[4]) noexcept nogil:
    """The highest rank with `size` cards (jokers filling in), then the kickers; every
    joker goes in (one the group does not need is its card in the strongest suit)."""
    cdef int r
    for r in range(12, -1, -1):
        if rank_cnt[r] + jokers >= size:
            h.roles[0] = r
            h.nroles = 1
            _group(h, r, size, jokers if jokers < size else size, top, bystr)
            _kickers(h, r, -1, hand_size - size, bystr)
            return True
    return False


cdef inline int _window(int t, int i) noexcept nogil:
    """The i-th rank (hand order) of the straight to t; the wheel ends on its Ace."""
    if t == 3 and i == 4:
        return 12
    return t - i


cdef uint64_t mvalue(const int* counts, const int* st, bint by_suit) noexcept nogil:
    """Value of the best hand of at most five cards of a multiset (54 counts)."""
    cdef int cnt[4][13]
    cdef int bystr[13][4]
    cdef int rank_cnt[13]
    cdef int suit_total[4]
    cdef int order[4]
    cdef int s, r, t, p, i, k, c, n, h, jokers, top, missing, need_t, need_p, spare
    cdef int best_s
    cdef uint64_t key, best_key
    cdef Hand hand
    top = 3 if by_suit else 0
    memset(bystr, 0, sizeof(bystr))
    memset(rank_cnt, 0, sizeof(rank_cnt))
    n = 0
    for s in range(4):
        suit_total[s] = 0
        for r in range(13):
            c = counts[13 * s + r]
            cnt[s][r] = c
            rank_cnt[r] += c
            suit_total[s] += c
            bystr[r][st[s] if by_suit else 0] += c
            n += c
    jokers = counts[52] + counts[53]
    n += jokers
    h = n if n < 5 else 5
    # suits strongest first (a stable order by strength)
    k = 0
    for i in range(3, -1, -1):
        for s in range(4):
            if (st[s] if by_suit else 0) == i:
                order[k] = s
                k += 1
    hand.nroles = 0
    hand.nmarks = 0
    if h == 5:
        if _of_a_kind(&hand, 5, h, jokers, top, rank_cnt, bystr):
            return _encode(FIVE_KIND, &hand, by_suit)
        for t in range(12, 2, -1):
            for k in range(4):
                s = order[k]
                missing = 0
                for i in range(5):
                    if cnt[s][_window(t, i)] == 0:
                        missing += 1
                if missing <= jokers:
                    hand.roles[0] = t
                    hand.nroles = 1
                    for i in range(5):
                        hand.marks[i] = st[s] if by_suit else 0
                    hand.nmarks = 5
                    return _encode(STRAIGHT_FLUSH, &hand, by_suit)
    if h >= 4 and _of_a_kind(&hand, 4, h, jokers, top, rank_cnt, bystr):
        return _encode(QUADS, &hand, by_suit)
    if h == 5:
        for t in range(12, -1, -1):
            need_t = 3 - rank_cnt[t] if rank_cnt[t] < 3 else 0
            if need_t > jokers:
                continue
            for p in range(12, -1, -1):
                if p == t:
                    continue
                need_p = 2 - rank_cnt[p] if rank_cnt[p] < 2 else 0
                if need_t + need_p <= jokers:
                    hand.roles[0] = t
                    hand.roles[1] = p
                    hand.nroles = 2
                    _group(&hand, t, 3, need_t, top, bystr)
                    _group(&hand, p, 2, need_p, top, bystr)
                    return _encode(FULL_HOUSE, &hand, by_suit)
        best_s = -1
        best_key = 0
        for s in range(4):
            if suit_total[s] + jokers >= 5:
                key = 0
                k = 0
                for i in range(jokers):
                    if k < 5:
                        key |= <uint64_t>(12 + 1) << (4 * (4 - k))
                        k += 1
                r = 12
                while r >= 0 and k < 5:
                    c = cnt[s][r]
                    while c > 0 and k < 5:
                        key |= <uint64_t>(r + 1) << (4 * (4 - k))
                        k += 1
                        c -= 1
                    r -= 1
                key = key << 2 | <uint64_t>(st[s] if by_suit else 0)
                if best_s < 0 or key > best_key:
                    best_key = key
                    best_s = s
        if best_s >= 0:
            for i in range(5):
                hand.roles[i] = <int>((best_key >> (2 + 4 * (4 - i))) & 15) - 1
                hand.marks[i] = st[best_s] if by_suit else 0
            hand.nroles = 5
            hand.nmarks = 5
            return _encode(FLUSH, &hand, by_suit)
        for t in range(12, 2, -1):
            missing = 0
            for i in range(5):
                if rank_cnt[_window(t, i)] == 0:
                    missing += 1
            if missing <= jokers:
                for i in range(5):
                    r = _window(t, i)
                    hand.marks[i] = top
                    if rank_cnt[r]:
                        for k in range(3, -1, -1):
                            if bystr[r][k]:
                                hand.marks[i] = k
                                break
                spare = jokers - missing
                for i in range(5):
                    if spare and hand.marks[i] != top:
                        hand.marks[i] = top
                        spare -= 1
                hand.nmarks = 5
                hand.roles[0] = t
                hand.nroles = 1
                return _encode(STRAIGHT, &hand, by_suit)
    if h >= 3 and _of_a_kind(&hand, 3, h, jokers, top, rank_cnt, bystr):
        return _encode(TRIPS, &hand, by_suit)
    if h >= 4:
        for t in range(12, -1, -1):
            need_t = 2 - rank_cnt[t] if rank_cnt[t] < 2 else 0
            if need_t > jokers:
                continue
            for p in range(t - 1, -1, -1):
                need_p = 2 - rank_cnt[p] if rank_cnt[p] < 2 else 0
                if need_t + need_p <= jokers:
                    hand.roles[0] = t
                    hand.roles[1] = p
                    hand.nroles = 2
                    _group(&hand, t, 2, need_t, top, bystr)
                    _group(&hand, p, 2, need_p, top, bystr)
                    _kickers(&hand, t, p, h - 4, bystr)
                    return _encode(TWO_PAIR, &hand, by_suit)
    if h >= 2 and _of_a_kind(&hand, 2, h, jokers, top, rank_cnt, bystr):
        return _encode(PAIR, &hand, by_suit)
    if jokers:
        hand.roles[0] = 12
        hand.nroles = 1
        hand.marks[0] = top
        hand.nmarks = 1
        return _encode(HIGH_CARD, &hand, by_suit)
    _kickers(&hand, -1, -1, h, bystr)
    return _encode(HIGH_CARD, &hand, by_suit)


def multiset_value(counts, strengths):
    """The value of the best hand of 54 counts; `strengths` per suit c d h s, or None."""
    cdef int c_counts[KINDS]
    cdef int st[4]
    cdef int i = 0
    cdef bint by_suit = strengths is not None
    for x in counts:
        if i >= KINDS:
            raise ValueError(f"counts must have {KINDS} entries, not more")
        c_counts[i] = x
        i += 1
    if i != KINDS:
        raise ValueError(f"counts must have {KINDS} entries, not {i}")
    for i in range(4):
        st[i] = strengths[i] if by_suit else 0
    return mvalue(c_counts, st, by_suit)


cdef inline uint64_t _splitmix(uint64_t* state) noexcept nogil:
    cdef uint64_t z
    state[0] += 0x9E3779B97F4A7C15ULL
    z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline bint _matches(int c, int m) noexcept nogil:
    return c < 52 and m < 52 and (c // 13 == m // 13 or c % 13 == m % 13)


cdef int _kept(const int* active, int nact, int m, bint* pair) noexcept nogil:
    """``game.match_cards``: a bit per active card kept against match card `m`; `pair` set
    when both are natural cards of m's rank (the player claims m if no one has yet)."""
    cdef int k
    pair[0] = False
    if m >= 52:
        for k in range(nact):
            if active[k] >= 52:
                return 0
        return 3
    if nact == 2:
        if active[0] >= 52 and active[1] >= 52:
            return 0
        if active[0] >= 52 or active[1] >= 52:
            return 3 if _matches(active[1] if active[0] >= 52 else active[0], m) else 0
        if active[0] % 13 == m % 13 and active[1] % 13 == m % 13:
            pair[0] = True
            return 3
        return (1 if _matches(active[0], m) else 0) | (2 if _matches(active[1], m) else 0)
    if nact == 1 and _matches(active[0], m):
        return 1
    return 0


def play_games(const uint8_t[:, ::1] decks, int players, strengths, bint betting, int ante,
               int bet_size, int max_raises, const int[::1] kinds, const int[::1] params,
               uint64_t[::1] states, double[::1] returns, int64_t[::1] wins):
    """Play one game per deck row; add each seat's return and wins; the number of bets made.

    Bot kinds: 0 random (SplitMix64 state in `states`), 1 station, 2 reader with
    ``raise_at`` in `params` (the timid bot is a reader that never raises).
    """
    cdef int n = players
    cdef int st[4]
    cdef int i
    for i in range(4):
        st[i] = strengths[i]
    if kinds.shape[0] != n or params.shape[0] != n or states.shape[0] != n \
            or returns.shape[0] != n or wins.shape[0] != n:
        raise ValueError("one bot kind, parameter, state, return and win slot per seat")
    if n < 3 or decks.shape[1] < 3 * n + 1:
        raise ValueError(f"{n} players need decks of at least {3 * n + 1} cards "
                         f"(rows of {decks.shape[1]})")
    for i in range(n):
        if not 0 <= kinds[i] <= 2:
            raise ValueError(f"bot kind {kinds[i]} at seat {i} is not 0..2")
    cdef Py_ssize_t row, col
    cdef bint bad = False
    with nogil:
        for row in range(decks.shape[0]):
            for col in range(decks.shape[1]):
                if decks[row, col] >= KINDS:
                    bad = True
    if bad:
        raise ValueError(f"deck entries must be card indices 0..{KINDS - 1}")
    cdef int* cnt = <int*>calloc(n * KINDS, sizeof(int))
    cdef int* vis = <int*>calloc(n * KINDS, sizeof(int))
    cdef int* ints = <int*>calloc(n * 10, sizeof(int))
    cdef uint64_t* vals = <uint64_t*>calloc(n * 2, sizeof(uint64_t))
    cdef double* ret = <double*>calloc(n, sizeof(double))
    if cnt == NULL or vis == NULL or ints == NULL or vals == NULL or ret == NULL:
        free(cnt); free(vis); free(ints); free(vals); free(ret)
        raise MemoryError()
    cdef int* active = ints            # two per seat
    cdef int* nact = ints + 2 * n
    cdef int* folded = ints + 3 * n
    cdef int* matched = ints + 4 * n
    cdef int* put = ints + 5 * n
    cdef int* contrib = ints + 6 * n
    cdef int* dirty = ints + 7 * n
    cdef int* nvis = ints + 8 * n
    cdef int* payout = ints + 9 * n
    cdef uint64_t* own_val = vals
    cdef uint64_t* vis_val = vals + n
    cdef int64_t actions = 0
    cdef Py_ssize_t g, games = decks.shape[0]
    cdef int L = decks.shape[1]
    cdef int pos, s, o, k, c, m, live, pot, level, raises, pending, owe, a, amount, nlegal
    cdef int claimed, kept, need, matched_live, winners, share, odd
    cdef bint pair
    cdef int legal[3]
    cdef uint64_t best, mine, v
    cdef double top_ret
    cdef const uint8_t* deck
    with nogil:
        for g in range(games):
            deck = &decks[g, 0]
            memset(cnt, 0, n * KINDS * sizeof(int))
            memset(vis, 0, n * KINDS * sizeof(int))
            memset(ints, 0, n * 10 * sizeof(int))
            pos = 0
            pot = 0
            for s in range(n):
                put[s] = ante
                pot += ante
            for s in range(n):
                cnt[s * KINDS + deck[pos]] += 1
                pos += 1
                dirty[s] = 1
            for k in range(2):
                for s in range(n):
                    active[2 * s + nact[s]] = deck[pos]
                    nact[s] += 1
                    pos += 1
            live = n
            while True:
                if betting and live >= 2:
                    for s in range(n):
                        if dirty[s] and not folded[s]:
                            own_val[s] = mvalue(cnt + s * KINDS, st, True)
                            vis_val[s] = mvalue(vis + s * KINDS, st, True) if nvis[s] else 0
                            dirty[s] = 0
                        contrib[s] = 0
                    level = 0
                    raises = 0
                    pending = live
                    s = 0
                    while folded[s]:
                        s += 1
                    while True:
                        owe = level - contrib[s]
                        if kinds[s] == 0:
                            nlegal = 0
                            if owe > 0:
                                legal[nlegal] = FOLD
                                nlegal += 1
                            legal[nlegal] = CALL
                            nlegal += 1
                            if raises <= max_raises:
                                legal[nlegal] = RAISE
                                nlegal += 1
                            a = legal[_splitmix(&states[s]) % <uint64_t>nlegal]
                        elif kinds[s] == 1:
                            a = CALL
                        else:
                            mine = own_val[s]
                            best = 0
                            for o in range(n):
                                if o != s and not folded[o] and vis_val[o] > best:
                                    best = vis_val[o]
                            if owe > 0 and best > mine:
                                a = FOLD
                            elif raises <= max_raises and mine > best \
                                    and <int>(mine >> CLASS_SHIFT) >= params[s]:
                                a = RAISE
                            else:
                                a = CALL
                        actions += 1
                        if a == FOLD:
                            folded[s] = 1
                            nact[s] = 0
                            pending -= 1
                            live -= 1
                            amount = 0
                        elif a == CALL:
                            amount = owe
                            pending -= 1
                        else:
                            amount = owe + bet_size
                            level += bet_size
                            raises += 1
                            pending = live - 1
                        contrib[s] += amount
                        put[s] += amount
                        pot += amount
                        if live == 1 or pending == 0:
                            break
                        s = (s + 1) % n
                        while folded[s]:
                            s = (s + 1) % n
                    if live == 1:
                        break
                # the match card, and every live player's active cards against it
                m = deck[pos]
                pos += 1
                claimed = -1
                matched_live = 0
                for s in range(n):
                    matched[s] = 0
                    if folded[s]:
                        continue
                    kept = _kept(active + 2 * s, nact[s], m, &pair)
                    if pair and claimed < 0:
                        claimed = s
                        cnt[s * KINDS + m] += 1
                        vis[s * KINDS + m] += 1
                        nvis[s] += 1
                    for k in range(nact[s]):
                        if kept & (1 << k):
                            c = active[2 * s + k]
                            cnt[s * KINDS + c] += 1
                            vis[s * KINDS + c] += 1
                            nvis[s] += 1
                    if kept:
                        matched[s] = 1
                        dirty[s] = 1
                        matched_live += 1
                    nact[s] = 0
                need = live + matched_live + 1
                if L - pos < need:
                    break
                for s in range(n):
                    if not folded[s]:
                        active[2 * s] = deck[pos]
                        nact[s] = 1
                        pos += 1
                for s in range(n):
                    if not folded[s] and matched[s]:
                        active[2 * s + 1] = deck[pos]
                        nact[s] = 2
                        pos += 1
            # the pot: to the one left, or to the best stockpile hands
            best = 0
            winners = 0
            for s in range(n):
                payout[s] = 0
                if folded[s]:
                    continue
                v = mvalue(cnt + s * KINDS, st, True) if live > 1 else 1
                if v > best:
                    best = v
                    winners = 0
                if v == best:
                    payout[s] = 1       # marks a winner for now
                    winners += 1
                own_val[s] = v
            for s in range(n):
                if payout[s] and own_val[s] != best:
                    payout[s] = 0
            share = pot // winners
            odd = pot % winners
            for s in range(n):
                if payout[s]:
                    payout[s] = share + (1 if odd > 0 else 0)
                    if odd > 0:
                        odd -= 1
            top_ret = -1e300
            for s in range(n):
                ret[s] = payout[s] - put[s]
                returns[s] += ret[s]
                if ret[s] > top_ret:
                    top_ret = ret[s]
            for s in range(n):
                if ret[s] == top_ret:
                    wins[s] += 1
    free(cnt); free(vis); free(ints); free(vals); free(ret)
    return actions


# ---- N games stepped at once (pokerbull.rl.vector_env("roulette")) ----------------

cdef extern from "_pcg64.h":   # numpy's PCG64 in a struct, portable C (bull/_pcg64.h)
    ctypedef struct pb_pcg64:
        int has32
    void pb_pcg_seed(pb_pcg64* r, uint64_t seed) noexcept nogil
    uint32_t pb_pcg_below(pb_pcg64* r, uint32_t n) noexcept nogil


DEF NUM_ACTIONS = 3 + KINDS     # game.NUM_ACTIONS: the bets, then one deal outcome per card


cdef class VectorCore:
    """N games of Poker roulette of one table, each stepped by one betting action.

    The twin of N ``game.Game`` objects played through the protocol: a game dealt from
    seed s draws its cards exactly as ``Game(seed=s)`` does (numpy's PCG64 seeded
    through SeedSequence, one ``integers(cards left)`` a card), bets as ``Game._bet``,
    matches as ``match_cards``, ends as ``_showdown``/``_finish``, and observes as
    ``Observation.to_array`` for the seat to bet (tests/test_rl_vector_compiled.py
    compares them step by step). A game that ends waits for :meth:`deal`.
    """
    cdef int N, n, decks, ante, bet_size, max_raises
    cdef int st[4]
    cdef pb_pcg64* pcg
    cdef int* g_int          # per game: see the offsets below
    cdef int* s_int          # per game and seat
    cdef int* left           # per game and card kind: copies not yet dealt
    cdef int* discard        # per game and card kind: the face-up discard pile
    cdef uint8_t* stock      # per game, seat and card kind: the stockpile's counts
    cdef readonly int num_games, num_players, observation_size

    def __cinit__(self, int num_games, int players, strengths, int ante, int bet_size,
                  int max_raises):
        cdef int i
        if num_games < 1 or players < 3:
            raise ValueError("at least one game of at least 3 players")
        self.N, self.n = num_games, players
        self.num_games, self.num_players = num_games, players
        self.observation_size = 60 * players + 3 * KINDS + 7
        self.decks = (players + 4) // 5      # rules.decks
        self.ante, self.bet_size, self.max_raises = ante, bet_size, max_raises
        for i in range(4):
            self.st[i] = strengths[i]
        self.pcg = <pb_pcg64*>calloc(num_games, sizeof(pb_pcg64))
        self.g_int = <int*>calloc(num_games * 12, sizeof(int))
        self.s_int = <int*>calloc(num_games * players * 10, sizeof(int))
        self.left = <int*>calloc(num_games * KINDS, sizeof(int))
        self.discard = <int*>calloc(num_games * KINDS, sizeof(int))
        self.stock = <uint8_t*>calloc(num_games * players * KINDS, sizeof(uint8_t))
        if self.pcg == NULL or self.g_int == NULL or self.s_int == NULL or self.left == NULL \
                or self.discard == NULL or self.stock == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.pcg); free(self.g_int); free(self.s_int); free(self.left)
        free(self.discard); free(self.stock)

    # per game ints: 0 round, 1 pot, 2 level, 3 raises, 4 pending, 5 to_act, 6 live,
    # 7 cards left, 8 match card (-1 none), 9 mucked (folded players' active cards), 10 over
    # per seat ints: 0 folded, 1 matched, 2 put in, 3 contribution this round,
    # 4 active cards held, 5 and 6 the active cards, 7 stockpile size, 8 stock card, 9 payout

    cdef int _draw(self, int g) noexcept nogil:
        cdef int* G = self.g_int + 12 * g
        cdef int* left = self.left + KINDS * g
        cdef int k = <int>pb_pcg_below(&self.pcg[g], <uint32_t>G[7]), i
        for i in range(KINDS):
            if k < left[i]:
                left[i] -= 1
                G[7] -= 1
                return i
            k -= left[i]
        return -1   # not reached: k < the cards left

    cdef void _to_stock(self, int g, int s, int card) noexcept nogil:
        cdef int* S = self.s_int + 10 * (g * self.n + s)
        self.stock[KINDS * (g * self.n + s) + card] += 1
        if S[7] == 0:
            S[8] = card
        S[7] += 1

    cdef void _to_active(self, int g, int s, int card) noexcept nogil:
        cdef int* S = self.s_int + 10 * (g * self.n + s)
        S[5 + S[4]] = card
        S[4] += 1

    cdef void _start_betting(self, int g) noexcept nogil:
        cdef int* G = self.g_int + 12 * g
        cdef int s
        G[2] = 0
        G[3] = 0
        G[4] = G[6]
        G[5] = -1
        for s in range(self.n):
            self.s_int[10 * (g * self.n + s) + 3] = 0
            if G[5] < 0 and not self.s_int[10 * (g * self.n + s)]:
                G[5] = s

    cdef void _finish(self, int g, int best_only) noexcept nogil:
        """Pay the pot: to the one seat left, or split among the best stockpile hands."""
        cdef int* G = self.g_int + 12 * g
        cdef int* S
        cdef int s, i, winners = 0, share, odd
        cdef int counts[KINDS]
        cdef uint64_t v, best = 0
        cdef uint64_t vals[128]
        for s in range(self.n):
            S = self.s_int + 10 * (g * self.n + s)
            S[9] = 0
            if S[0]:
                continue
            if best_only:
                for i in range(KINDS):
                    counts[i] = self.stock[KINDS * (g * self.n + s) + i]
                v = mvalue(counts, self.st, True)
            else:
                v = 1
            if s < 128:
                vals[s] = v
            if v > best:
                best = v
        for s in range(self.n):
            S = self.s_int + 10 * (g * self.n + s)
            if not S[0] and vals[s if s < 128 else 127] == best:
                S[9] = 1
                winners += 1
        share = G[1] // winners
        odd = G[1] % winners
        for s in range(self.n):
            S = self.s_int + 10 * (g * self.n + s)
            if S[9]:
                S[9] = share + (1 if odd > 0 else 0)
                if odd > 0:
                    odd -= 1
        G[10] = 1

    cdef void _match_and_deal(self, int g) noexcept nogil:
        """The match card, every live seat's active cards against it, then the next round's
        active cards and betting (or the showdown when the deck is short)."""
        cdef int* G = self.g_int + 12 * g
        cdef int* S
        cdef int m = self._draw(g), s, k, kept, claimed = -1, matched_live = 0, c
        cdef bint pair
        for s in range(self.n):
            S = self.s_int + 10 * (g * self.n + s)
            S[1] = 0
            if S[0]:
                continue
            kept = _kept(S + 5, S[4], m, &pair)
            if pair and claimed < 0:
                claimed = s
            for k in range(S[4]):
                c = S[5 + k]
                if kept & (1 << k):
                    self._to_stock(g, s, c)
                else:
                    self.discard[KINDS * g + c] += 1
            if claimed == s:
                self._to_stock(g, s, m)
            if kept:
                S[1] = 1
                matched_live += 1
            S[4] = 0
        G[8] = m
        if claimed < 0:
            self.discard[KINDS * g + m] += 1
        if G[7] < G[6] + matched_live + 1:
            self._finish(g, 1)
            return
        G[0] += 1
        for s in range(self.n):
            if not self.s_int[10 * (g * self.n + s)]:
                self._to_active(g, s, self._draw(g))
        for s in range(self.n):
            S = self.s_int + 10 * (g * self.n + s)
            if not S[0] and S[1]:
                self._to_active(g, s, self._draw(g))
        self._start_betting(g)

    cdef void _deal_one(self, int g, uint64_t seed) noexcept nogil:
        cdef int* G = self.g_int + 12 * g
        cdef int s, i, k
        pb_pcg_seed(&self.pcg[g], seed)
        memset(G, 0, 12 * sizeof(int))
        memset(self.s_int + 10 * g * self.n, 0, 10 * self.n * sizeof(int))
        memset(self.discard + KINDS * g, 0, KINDS * sizeof(int))
        memset(self.stock + KINDS * g * self.n, 0, KINDS * self.n)
        for i in range(KINDS):
            self.left[KINDS * g + i] = self.decks
        G[0] = 1
        G[1] = self.ante * self.n
        G[6] = self.n
        G[7] = KINDS * self.decks
        G[8] = -1
        for s in range(self.n):
            self.s_int[10 * (g * self.n + s) + 2] = self.ante
        for s in range(self.n):
            self._to_stock(g, s, self._draw(g))
        for k in range(2):
            for s in range(self.n):
                self._to_active(g, s, self._draw(g))
        self._start_betting(g)

    cdef int _legal(self, int g, int* out) noexcept nogil:
        cdef int* G = self.g_int + 12 * g
        cdef int k = 0
        if G[2] > self.s_int[10 * (g * self.n + G[5]) + 3]:
            out[k] = FOLD
            k += 1
        out[k] = CALL
        k += 1
        if G[3] <= self.max_raises:
            out[k] = RAISE
            k += 1
        return k

    cdef void _bet(self, int g, int a) noexcept nogil:
        cdef int* G = self.g_int + 12 * g
        cdef int seat = G[5], s, amount
        cdef int* S = self.s_int + 10 * (g * self.n + seat)
        cdef int owe = G[2] - S[3]
        if a == FOLD:
            S[0] = 1
            for s in range(S[4]):
                G[9] += 1
            S[4] = 0
            G[4] -= 1
            G[6] -= 1
            amount = 0
        elif a == CALL:
            amount = owe
            G[4] -= 1
        else:
            amount = owe + self.bet_size
            G[2] += self.bet_size
            G[3] += 1
            G[4] = G[6] - 1
        S[3] += amount
        S[2] += amount
        G[1] += amount
        if G[6] == 1:
            self._finish(g, 0)
        elif G[4] == 0:
            self._match_and_deal(g)
        else:
            s = (seat + 1) % self.n
            while self.s_int[10 * (g * self.n + s)]:
                s = (s + 1) % self.n
            G[5] = s

    def deal(self, const int64_t[::1] games, const uint64_t[::1] seeds):
        """Deal game ``games[k]`` afresh from ``seeds[k]`` (as ``Game(seed=seeds[k])``)."""
        cdef Py_ssize_t k
        if games.shape[0] != seeds.shape[0]:
            raise ValueError("one seed per game dealt")
        for k in range(games.shape[0]):
            if not 0 <= games[k] < self.N:
                raise ValueError(f"game {games[k]} does not exist: games are 0..{self.N - 1}")
        with nogil:
            for k in range(games.shape[0]):
                self._deal_one(<int>games[k], seeds[k])

    def step(self, const int64_t[::1] actions, double[::1] reward, uint8_t[::1] dones,
             float[:, ::1] returns):
        """One betting action per game: the acting seat's reward, ``dones`` and every seat's
        return of the games that ended (they wait for :meth:`deal`). Returns -1, or the
        first game whose action is not legal (then no game has moved)."""
        cdef Py_ssize_t g
        cdef int k, i, ok, seat, s
        cdef Py_ssize_t bad = -1
        cdef int legal[3]
        cdef int* G
        cdef int* S
        if actions.shape[0] != self.N or reward.shape[0] != self.N or dones.shape[0] != self.N \
                or returns.shape[0] != self.N or returns.shape[1] != self.n:
            raise ValueError("one action, reward, done and row of returns per game")
        with nogil:
            for g in range(self.N):
                k = self._legal(<int>g, legal)
                ok = 0
                for i in range(k):
                    if actions[g] == legal[i]:
                        ok = 1
                if not ok:
                    bad = g
                    break
        if bad >= 0:
            return bad
        with nogil:
            for g in range(self.N):
                G = self.g_int + 12 * g
                seat = G[5]
                self._bet(<int>g, <int>actions[g])
                dones[g] = G[10]
                if G[10]:
                    for s in range(self.n):
                        S = self.s_int + 10 * (g * self.n + s)
                        returns[g, s] = S[9] - S[2]
                    reward[g] = returns[g, seat]
                else:
                    reward[g] = 0.0
                    for s in range(self.n):
                        returns[g, s] = 0.0
        return -1

    def observations(self, float[:, ::1] out):
        """Each game's ``Observation.to_array()`` for its seat to bet."""
        cdef Py_ssize_t g
        cdef int n = self.n, seat, s, i, base, c
        cdef int* G
        cdef int* S
        cdef float* o
        cdef uint8_t* cnt
        if out.shape[0] != self.N or out.shape[1] != self.observation_size:
            raise ValueError("one observation row per game")
        with nogil:
            for g in range(self.N):
                G = self.g_int + 12 * g
                o = &out[g, 0]
                memset(o, 0, self.observation_size * sizeof(float))
                seat = G[5]
                o[seat] = 1.0
                o[n + seat] = 1.0
                base = 6 * n
                for s in range(n):
                    S = self.s_int + 10 * (g * n + s)
                    o[2 * n + s] = S[0]
                    o[3 * n + s] = S[7]
                    o[4 * n + s] = S[4]
                    o[5 * n + s] = S[2]
                    cnt = self.stock + KINDS * (g * n + s)
                    for i in range(KINDS):
                        o[base + KINDS * s + i] = cnt[i]
                    if s != seat and S[7]:
                        o[base + KINDS * s + S[8]] -= 1.0
                base += KINDS * n
                S = self.s_int + 10 * (g * n + seat)
                if S[7]:
                    o[base + S[8]] = 1.0
                base += KINDS
                if G[8] >= 0:
                    o[base + G[8]] = 1.0
                base += KINDS
                for i in range(KINDS):
                    o[base + i] = self.discard[KINDS * g + i]
                base += KINDS
                o[base] = G[1]
                o[base + 1] = G[2] - S[3]
                o[base + 2] = self.max_raises + 1 - G[3]
                o[base + 3] = G[0]
                o[base + 4] = G[7]
                o[base + 5] = G[9]
                o[base + 6] = 1.0

    def action_masks(self, int8_t[:, ::1] out):
        """1 for each legal action of each game (``Game.action_mask()``)."""
        cdef Py_ssize_t g
        cdef int k, i
        cdef int legal[3]
        if out.shape[0] != self.N or out.shape[1] != NUM_ACTIONS:
            raise ValueError("one mask row per game")
        with nogil:
            for g in range(self.N):
                memset(&out[g, 0], 0, NUM_ACTIONS)
                k = self._legal(<int>g, legal)
                for i in range(k):
                    out[g, legal[i]] = 1

    def random_actions(self, const double[::1] uniforms, int64_t[::1] out):
        """The legal action of each game that ``uniforms[g]`` (in [0, 1)) falls on."""
        cdef Py_ssize_t g
        cdef int k, i
        cdef int legal[3]
        if uniforms.shape[0] != self.N or out.shape[0] != self.N:
            raise ValueError("one draw and one action per game")
        with nogil:
            for g in range(self.N):
                k = self._legal(<int>g, legal)
                i = <int>(uniforms[g] * k)
                out[g] = legal[i if i < k else k - 1]
