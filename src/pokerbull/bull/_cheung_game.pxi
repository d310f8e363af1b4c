# Cheung's Poker Bull played whole in C, with Cheung's two built-in bots.
#
# Every rule of the preset: hand sizes (growth or shrink, card limit), direction,
# next starter, first starter (fixed or a seeded random seat), the opening rule
# (no call certain for the cards in play, per deck), "or higher" (variation 4),
# 5a (the jokers leave the deck) and 5b (recharge). Each game draws from its own
# xoshiro256** stream (_simulate.pxi; pokerbull.sim.streams is the Python twin) in
# the order pokerbull.bull.simulate.play_game and the Python bots
# (pokerbull.bull.cheung_bots) draw, so both engines play the same games.

DEF CH_CANDIDATES = 12      # plain calls an odds bot weighs per decision (CANDIDATES in Python)

cdef enum:
    FAILED_DECK = -4

cdef enum:
    CH_BOT_RANDOM = 0
    CH_BOT_ODDS = 1


ctypedef struct CheungTable:
    int players
    int start
    int limit
    int change
    int step
    int next_starter            # NEXT_LOSER, NEXT_WINNER, NEXT_AFTER_CHALLENGER
    int first                   # the first starter, -1: a seeded random seat
    int or_higher
    int jokers_leave_at
    int recharge_at
    int max_n[2]                # rows of the banned tables: 0..max_n cards in play
    int n_calls
    const uint8_t* banned[2]    # [max_n + 1][n_calls] opening calls certain: full deck / no jokers
    const int32_t* n_banned[2]  # [max_n + 1] how many (rows: as many as the game can reach)
    const int64_t* plain        # the calls an odds bot raises to, ascending
    int n_plain
    uint64_t deck[2][64]        # the deck's cards in order: full / without jokers
    int n_deck[2]
    int kind[MAX_SEATS]
    double a[MAX_SEATS]         # random: challenge chance; odds: challenge below
    double b[MAX_SEATS]         # odds: raise at least
    int reach[MAX_SEATS]        # random: how many of the lowest legal calls it picks from
    int samples[MAX_SEATS]      # odds: draws of the unseen cards per hand
    int max_samples


ctypedef struct CheungSeatMemory:
    int seat
    int64_t hand                # the hand its draws belong to (-1: none yet)
    uint64_t* draws             # [max_samples] own cards + one draw of the unseen cards
    int32_t* best               # [max_samples] the highest call each draw makes (or higher)


cdef inline int ch_next_live(const CheungTable* T, const int* sizes, int seat) noexcept nogil:
    cdef int s = (seat + T.step + T.players) % T.players
    while not sizes[s]:
        s = (s + T.step + T.players) % T.players
    return s


cdef inline bint ch_holds_on(const CheungData* D, int c, uint64_t m) noexcept nogil:
    """Whether call c holds on pool m: the quick count of the cards it needs (D.need:
    some k of them, jokers standing in) first, a necessary test, then the exact check."""
    cdef uint64_t q = D.need[c]
    return (popcount(m & q) + popcount(m & <uint64_t>JOKERS) >= <int>(q >> 61) and
            ch_holds_call(&D.calls[c], m))


cdef inline int ch_hits(const CheungData* D, const CheungTable* T, CheungSeatMemory* M,
                        int c, int n, double goal) noexcept nogil:
    """Whether call c holds on at least `goal` of the n draws (or a higher call
    does, under or higher); stops as soon as the answer is known. The counts are
    whole, so they are compared with the whole number `need`, the same tests as
    against `goal` without a conversion to double at each step."""
    cdef int s, hits = 0
    cdef int need = n + 1 if not goal <= n else (0 if goal <= 0 else <int>ceil(goal))
    if T.or_higher and M.best[0] == -2:
        # every draw's best at once: their key lookups overlap (one draw at a time,
        # each waited for its random read of the key table)
        ch_best_many(D, M.draws, M.best, T.samples[M.seat])
    for s in range(n):
        if T.or_higher:              # the call or a higher one holds: its best is at least c
            hits += M.best[s] >= c
        else:
            hits += ch_holds_on(D, c, M.draws[s])
        if hits >= need:
            return 1
        if hits + (n - 1 - s) < need:
            return 0
    return hits >= need


cdef inline int ch_open_call(const CheungTable* T, const uint8_t* banned, int k) noexcept nogil:
    """The k-th (from 0) call an opening may make."""
    cdef int c
    for c in range(T.n_calls):
        if not banned[c]:
            if k == 0:
                return c
            k -= 1
    return 0


cdef int ch_decide(const CheungData* D, const CheungTable* T, CheungSeatMemory* M,
                   Stream* st, int seat, int64_t hand, uint64_t own, int total, int last,
                   int gone, uint64_t* cards) noexcept nogil:
    """The action of the bot at `seat`: a ladder index, or n_calls to challenge."""
    cdef int n = T.n_calls, first = last + 1, span, k, i
    cdef int cand[CH_CANDIDATES]
    cdef const uint8_t* banned = T.banned[gone] + <Py_ssize_t>total * n
    cdef int lo, hi, mid, c, S
    if last >= 0 and first >= n:
        return n
    if T.kind[seat] == CH_BOT_RANDOM and last >= 0 and stream_random(st) < T.a[seat]:
        return n
    S = T.samples[seat]
    if M.hand != hand:               # a new hand: draw the unseen cards `S` times
        M.hand = hand
        ch_draw(T, M, st, own, total - popcount(own), gone, cards)
    if T.kind[seat] == CH_BOT_RANDOM:
        # a random call of the lowest `reach` it may make that holds on its draw
        # (so it can hold), drawn again up to `reach` times; else it challenges,
        # or opens with the lowest call that holds on the draw
        span = n - first if last >= 0 else n - T.n_banned[gone][total]
        if span > T.reach[seat]:
            span = T.reach[seat]
        for i in range(span):
            k = <int>stream_below(st, <uint32_t>span)
            c = first + k if last >= 0 else ch_open_call(T, banned, k)
            if ch_holds_on(D, c, M.draws[0]):
                return c
        if last >= 0:                # none of them held: it challenges
            return n
        return ch_lowest_holding(D, T, banned, 0, -1, M.draws[0], ch_best(D, M.draws[0]))
    if last >= 0 and not ch_hits(D, T, M, last, S, T.a[seat] * S):
        return n
    lo, hi = 0, T.n_plain
    while lo < hi:
        mid = (lo + hi) >> 1
        if T.plain[mid] < first:
            lo = mid + 1
        else:
            hi = mid
    k = 0
    while lo < T.n_plain and k < CH_CANDIDATES:      # the next plain calls it may make
        c = <int>T.plain[lo]
        lo += 1
        if last < 0 and banned[c]:
            continue
        cand[k] = c
        k += 1
    for i in range(k - 1, -1, -1):                   # the highest likely one
        if ch_hits(D, T, M, cand[i], S, T.b[seat] * S) and ch_held(D, M, cand[i], S):
            return cand[i]
    if last >= 0:
        return n
    for i in range(k):                               # opening: the lowest that can hold
        if ch_held(D, M, cand[i], S):
            return cand[i]
    return ch_lowest_holding(D, T, banned, 0, -1, M.draws[0],
                             M.best[0] if M.best[0] != -2 else n - 1)


cdef inline bint ch_held(const CheungData* D, CheungSeatMemory* M, int c, int n) noexcept nogil:
    """Whether call c itself holds on one of the n draws (so it can hold)."""
    cdef int s
    for s in range(n):
        if ch_holds_on(D, c, M.draws[s]):
            return True
    return False


cdef int ch_lowest_holding(const CheungData* D, const CheungTable* T, const uint8_t* banned,
                           int first, int last, uint64_t draw, int top) noexcept nogil:
    """The lowest call it may make that holds on `draw`; else the challenge (or,
    opening, the lowest call it may make). No call above `top` holds on `draw` (its
    best call when known, else the last call), so the scan stops there."""
    cdef int c
    for c in range(first, top + 1):
        if (last >= 0 or not banned[c]) and ch_holds_on(D, c, draw):
            return c
    return T.n_calls if last >= 0 else ch_open_call(T, banned, 0)


cdef void ch_draw(const CheungTable* T, CheungSeatMemory* M, Stream* st, uint64_t own,
                  int unseen, int gone, uint64_t* cards) noexcept nogil:
    """`samples` pools: own cards plus `unseen` cards drawn from the rest of the
    deck, six bits of the stream a pick (ten picks a draw, the rest of a draw
    unused once the pool is full); a pick outside the rest or of a card already
    drawn is dropped, so each pool is uniform. A word whose new cards the pool still
    needs all is taken whole: the union of its ten picks, read at once (no pick waits
    for the one before). The word that fills the pool keeps the new cards up to the
    `need`-th, read off the unions of its picks' runs from the start, again without a
    pick waiting on the one before: the same pools as pick by pick throughout."""
    cdef int others = 0, i, s, t, need, k
    cdef uint64_t m, r, run, kept, fresh
    for i in range(T.n_deck[gone]):        # the cards not its own, without a branch
        cards[others] = T.deck[gone][i]
        others += (T.deck[gone][i] & own) == 0
    for i in range(others, 64):
        cards[i] = 0
    for s in range(T.samples[M.seat]):
        m = own
        need = unseen
        while need > 0:
            r = stream_next(st)
            fresh = ((cards[r & 63] | cards[(r >> 6) & 63] | cards[(r >> 12) & 63] |
                      cards[(r >> 18) & 63] | cards[(r >> 24) & 63]) |
                     (cards[(r >> 30) & 63] | cards[(r >> 36) & 63] | cards[(r >> 42) & 63] |
                      cards[(r >> 48) & 63] | cards[(r >> 54) & 63])) & ~m
            k = popcount(fresh)
            if k <= need:
                m |= fresh
                need -= k
                continue
            # the word that fills the pool: its new cards up to the need-th are the
            # new cards of its longest run of picks from the start with at most
            # `need` of them (the runs' unions grow, their counts with them)
            run = 0
            kept = 0
            for t in range(10):
                run |= cards[r & 63]
                r >>= 6
                fresh = run & ~m
                kept = fresh if popcount(fresh) <= need else kept
            m |= kept
            need = 0
        M.draws[s] = m
        M.best[s] = -2               # not known yet


ctypedef struct CheungTotals:
    int winner
    int hands
    int calls
    int64_t failed_calls
    int64_t* last_count
    int64_t* last_held


cdef int ch_play_game(const CheungData* D, const CheungTable* T, CheungSeatMemory* memory,
                      uint64_t k0, uint64_t k1, uint64_t game, int64_t* hand_id,
                      CheungTotals* out, int64_t* trace, Py_ssize_t cap) noexcept nogil:
    """One game; its winner, hands and calls into `out`. With `trace`, every deal
    (TRACE_DEAL, the starter, one mask per seat) and action; FAILED_TRACE if it
    does not fit, FAILED_BOT if a bot chose an illegal action."""
    cdef Stream st
    cdef int sizes[MAX_SEATS]
    cdef uint64_t hands[MAX_SEATS]
    cdef uint64_t cards[64]
    cdef int p, live = T.players, starter, turn, total, i, j, t, gone = 0, recharged = 0
    cdef int last, caller, action, loser, size, n = T.n_calls
    cdef bint held
    cdef uint64_t pool, tmp
    cdef Py_ssize_t at = 0
    stream_seed(&st, k0, k1, game)
    starter = T.first if T.first >= 0 else <int>stream_below(&st, <uint32_t>T.players)
    for p in range(T.players):
        sizes[p] = T.start
    out.hands = 0
    out.calls = 0
    while True:
        total = 0
        for p in range(T.players):
            total += sizes[p]
        if total > T.n_deck[gone] or total > T.max_n[gone]:
            return FAILED_DECK
        # deal: a partial Fisher-Yates shuffle of the deck (sim.streams.deal)
        for i in range(T.n_deck[gone]):
            cards[i] = T.deck[gone][i]
        for i in range(total):
            j = i + <int>stream_below(&st, <uint32_t>(T.n_deck[gone] - i))
            tmp = cards[i]
            cards[i] = cards[j]
            cards[j] = tmp
        i = 0
        pool = 0
        for p in range(T.players):
            hands[p] = 0
            for t in range(sizes[p]):
                hands[p] |= cards[i]
                i += 1
            pool |= hands[p]
        if trace != NULL:
            if at + 2 + T.players > cap:
                return FAILED_TRACE
            trace[at] = TRACE_DEAL
            trace[at + 1] = starter
            for p in range(T.players):
                trace[at + 2 + p] = <int64_t>hands[p]
            at += 2 + T.players
        hand_id[0] += 1
        out.hands += 1
        turn = starter
        last = -1
        caller = -1
        while True:
            action = ch_decide(D, T, &memory[turn], &st, turn, hand_id[0], hands[turn], total,
                               last, gone, cards)
            if trace != NULL:
                if at >= cap:
                    return FAILED_TRACE
                trace[at] = action
                at += 1
            if action == n:
                if last < 0:
                    return FAILED_BOT
                break
            if action <= last or action > n or (last < 0 and T.banned[gone][
                    <Py_ssize_t>total * n + action]):
                return FAILED_BOT
            out.calls += 1
            last = action
            caller = turn
            turn = ch_next_live(T, sizes, turn)
        # seat `turn` challenges `caller`
        held = ch_holds_call(&D.calls[last], pool)
        if not held and T.or_higher:
            held = ch_best(D, pool) > last
        out.last_count[last] += 1
        if held:
            out.last_held[last] += 1
            loser = turn
        else:
            out.failed_calls += 1
            loser = caller
        size = sizes[loser] + T.change
        if 0 < size <= T.limit:
            sizes[loser] = size
        else:
            sizes[loser] = 0
            live -= 1
        if live == 1:
            break
        if T.next_starter == NEXT_LOSER:
            starter = loser if sizes[loser] else ch_next_live(T, sizes, loser)
        elif T.next_starter == NEXT_WINNER:
            starter = caller if held else turn
        else:
            starter = ch_next_live(T, sizes, turn)
        # variations 5a and 5b, on the next hand's sizes (Game._cheung_thresholds)
        total = 0
        for p in range(T.players):
            total += sizes[p]
        if T.jokers_leave_at and not gone and total <= T.jokers_leave_at:
            gone = 1
        if T.recharge_at and not recharged and total <= T.recharge_at:
            recharged = 1
            for p in range(T.players):
                if sizes[p]:
                    sizes[p] += 1
    for p in range(T.players):
        if sizes[p]:
            out.winner = p
    return 0


cdef class CheungGames:
    """Whole games of Cheung's Poker Bull in C between Cheung's built-in bots
    (see pokerbull.bull.simulate, which builds it from Rules and the bots).

    ``kernel`` is the ladder's CheungKernel; ``rules`` a dict of the game's
    numbers; ``banned``/``n_banned`` the opening rule's tables per deck (full,
    without jokers); ``plain`` the calls an odds bot raises to; ``decks`` the two
    decks' card masks in order; ``bots`` one ``(kind, a, b, reach, samples)`` per seat.
    """

    cdef CheungTable T
    cdef object kernel              # keeps D's tables alive
    cdef const CheungData* D
    cdef CheungSeatMemory memory[MAX_SEATS]
    cdef object _keep
    cdef readonly int players
    cdef readonly int n_calls

    def __init__(self, kernel, rules, banned, n_banned, plain, decks, bots):
        cdef int s
        self.D = cheung_data(kernel)
        if self.D == NULL:
            raise TypeError(f"CheungGames needs a compiled CheungKernel, not {type(kernel).__name__}")
        self.kernel = kernel
        players = int(rules["players"])
        if not 2 <= players <= MAX_SEATS or len(bots) != players:
            raise ValueError(f"players must be 2..{MAX_SEATS}, one bot each")
        self.players = self.T.players = players
        self.n_calls = self.T.n_calls = <int>self.D.n
        for name in ("start", "limit", "change", "step", "next_starter", "first", "or_higher",
                     "jokers_leave_at", "recharge_at"):
            setattr_table(&self.T, name, int(rules[name]))
        keep = []
        for g in range(2):
            b = np.ascontiguousarray(banned[g], dtype=np.uint8)
            nb = np.ascontiguousarray(n_banned[g], dtype=np.int32)
            if b.ndim != 2 or b.shape != (len(nb), self.n_calls) or not len(nb):
                raise ValueError("banned tables must be [cards in play + 1, calls]")
            keep += [b, nb]
            self.T.banned[g] = <const uint8_t*>_data(b)
            self.T.n_banned[g] = <const int32_t*>_data(nb)
            self.T.max_n[g] = len(nb) - 1
            if not 1 <= len(decks[g]) <= 64:
                raise ValueError("a deck holds 1..64 cards")
            self.T.n_deck[g] = len(decks[g])
            for i, card in enumerate(decks[g]):
                self.T.deck[g][i] = <uint64_t>int(card)
        pl = np.ascontiguousarray(plain, dtype=np.int64)
        keep.append(pl)
        self.T.plain = <const int64_t*>_data(pl)
        self.T.n_plain = len(pl)
        self.T.max_samples = 1
        for s, (kind, a, b_, reach, samples) in enumerate(bots):
            if kind not in (CH_BOT_RANDOM, CH_BOT_ODDS) or reach < 1 or samples < 1:
                raise ValueError(f"seat {s}: bad bot {(kind, a, b_, reach, samples)}")
            self.T.kind[s] = kind
            self.T.a[s] = a
            self.T.b[s] = b_
            self.T.reach[s] = reach
            self.T.samples[s] = samples
            self.T.max_samples = max(self.T.max_samples, samples)
        draws = np.zeros((players, self.T.max_samples), np.uint64)
        best = np.zeros((players, self.T.max_samples), np.int32)
        keep += [draws, best]
        for s in range(players):
            self.memory[s].hand = -1
            self.memory[s].seat = s
            self.memory[s].draws = <uint64_t*>_data(draws) + s * self.T.max_samples
            self.memory[s].best = <int32_t*>_data(best) + s * self.T.max_samples
        self._keep = keep

    def run(self, uint64_t k0, uint64_t k1, Py_ssize_t first_game, Py_ssize_t games):
        """Games ``first_game ..`` of the chunk with keys k0, k1: per-game winners,
        hands and calls, per-call counts of being challenged and holding then
        (the shape of ``SimulationTable.run``)."""
        winners = np.empty(games, np.int16)
        hands = np.empty(games, np.int32)
        calls = np.empty(games, np.int32)
        last_count = np.zeros(self.n_calls, np.int64)
        last_held = np.zeros(self.n_calls, np.int64)
        cdef int16_t[::1] w = winners
        cdef int32_t[::1] h = hands
        cdef int32_t[::1] k = calls
        cdef CheungTotals totals
        cdef Py_ssize_t g
        cdef int status = 0
        cdef int64_t hand_id = 0
        totals.failed_calls = 0
        totals.last_count = <int64_t*>_data(last_count)
        totals.last_held = <int64_t*>_data(last_held)
        self._forget()
        with nogil:
            for g in range(games):
                status = ch_play_game(self.D, &self.T, self.memory, k0, k1,
                                      <uint64_t>(first_game + g), &hand_id, &totals, NULL, 0)
                if status:
                    break
                w[g] = totals.winner
                h[g] = totals.hands
                k[g] = totals.calls
        if status:
            raise RuntimeError(_failure(status, first_game + g))
        return {"winners": winners, "hands": hands, "calls": calls,
                "failed_calls": int(totals.failed_calls), "last_count": last_count,
                "last_held": last_held}

    def trace(self, uint64_t k0, uint64_t k1, Py_ssize_t game):
        """Game `game` of the chunk as played: ``("deal", starter, masks)`` and
        ``("action", a)`` events, and the winner."""
        cdef Py_ssize_t size = 1 << 14
        cdef CheungTotals totals
        cdef int status
        cdef int64_t hand_id = 0
        last_count = np.zeros(self.n_calls, np.int64)
        last_held = np.zeros(self.n_calls, np.int64)
        totals.failed_calls = 0
        totals.last_count = <int64_t*>_data(last_count)
        totals.last_held = <int64_t*>_data(last_held)
        while True:
            buffer = np.full(size, -9, np.int64)
            self._forget()
            status = ch_play_game(self.D, &self.T, self.memory, k0, k1, <uint64_t>game,
                                  &hand_id, &totals, <int64_t*>_data(buffer), size)
            if status != FAILED_TRACE:
                break
            size *= 4
        if status:
            raise RuntimeError(_failure(status, game))
        events = []
        values = buffer.view(np.uint64)
        i = 0
        while i < size and buffer[i] != -9:
            if buffer[i] == TRACE_DEAL:
                events.append(("deal", int(buffer[i + 1]),
                               [int(m) for m in values[i + 2:i + 2 + self.players]]))
                i += 2 + self.players
            else:
                events.append(("action", int(buffer[i])))
                i += 1
        return {"events": events, "winner": totals.winner, "hands": totals.hands,
                "calls": totals.calls}

    cdef void _forget(self):
        cdef int s
        for s in range(self.players):
            self.memory[s].hand = -1


cdef void setattr_table(CheungTable* T, str name, int value):
    if name == "start":
        T.start = value
    elif name == "limit":
        T.limit = value
    elif name == "change":
        T.change = value
    elif name == "step":
        T.step = value
    elif name == "next_starter":
        T.next_starter = value
    elif name == "first":
        T.first = value
    elif name == "or_higher":
        T.or_higher = value
    elif name == "jokers_leave_at":
        T.jokers_leave_at = value
    else:
        T.recharge_at = value


def _failure(int status, game):
    if status == FAILED_DECK:
        return f"game {game}: the hand sizes need more cards than the deck holds"
    return f"game {game}: a built-in bot chose an illegal action"
