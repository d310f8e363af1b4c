# Bulk simulation: whole games of RULES.md section 3 in C, with the built-in bots.
#
# The loop makes the same decisions as game.py (who starts, growth or shrink,
# elimination, next starter, direction) and the bots make the same choices as
# bots.py, reading the same chance tables (pokerbull.chances). Each game draws
# from its own xoshiro256** stream (pokerbull.streams is the Python twin), so a
# game's result depends only on the simulation's seed and the game's number.

from libc.stdint cimport int16_t, int64_t
from libc.string cimport memcpy

DEF MAX_SEATS = 52
DEF DECK_MAX = 64
DEF MAX_TABLES = 256
DEF NO_RANK = 13
DEF MAX_CREDIT = 2

cdef enum:
    BOT_RANDOM = 0
    BOT_CHANCE = 1

cdef enum:
    NEXT_LOSER = 0
    NEXT_WINNER = 1
    NEXT_AFTER_CHALLENGER = 2

cdef enum:
    TRACE_DEAL = -1     # then the starter and one mask per seat
    FAILED_BOT = -2
    FAILED_TRACE = -3


ctypedef struct Stream:
    uint64_t s0
    uint64_t s1
    uint64_t s2
    uint64_t s3


cdef inline uint64_t rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t splitmix(uint64_t* state) noexcept nogil:
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline void stream_seed(Stream* st, uint64_t k0, uint64_t k1, uint64_t game) noexcept nogil:
    cdef uint64_t sm = k0 + game * 0x9E3779B97F4A7C15ULL
    st.s0 = splitmix(&sm) ^ k1
    st.s1 = splitmix(&sm)
    st.s2 = splitmix(&sm)
    st.s3 = splitmix(&sm)
    if (st.s0 | st.s1 | st.s2 | st.s3) == 0:
        st.s0 = 1


cdef inline uint64_t stream_next(Stream* st) noexcept nogil:
    cdef uint64_t result = rotl(st.s1 * 5, 7) * 9
    cdef uint64_t t = st.s1 << 17
    st.s2 ^= st.s0
    st.s3 ^= st.s1
    st.s1 ^= st.s2
    st.s0 ^= st.s3
    st.s2 ^= t
    st.s3 = rotl(st.s3, 45)
    return result


cdef inline double stream_random(Stream* st) noexcept nogil:
    return <double>(stream_next(st) >> 11) * (1.0 / 9007199254740992.0)


cdef inline uint32_t stream_below(Stream* st, uint32_t k) noexcept nogil:
    """Uniform in 0..k-1 (Lemire: multiply a 32-bit draw, reject the biased low part)."""
    cdef uint64_t m = (stream_next(st) >> 32) * <uint64_t>k
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t floor
    if low < k:
        floor = (<uint32_t>(0 - k)) % k
        while low < floor:
            m = (stream_next(st) >> 32) * <uint64_t>k
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


ctypedef struct SeatBot:
    int kind
    double challenge        # random bot: chance of challenging; chance bot: challenge below
    double raise_at_least
    int reach
    int credit
    int doubt_caller


ctypedef struct ChanceData:
    int known_max
    int row                 # unseen_max + 1
    int wild_rank
    int wild_cap
    int n_tables
    const uint8_t* ngroups
    const uint64_t* group_mask
    const uint8_t* group_rank
    const uint8_t* group_cap
    const int32_t* stride
    const int32_t* wild_stride
    const uint8_t* evidence_rank
    const int32_t* table_of
    const int64_t* table_start
    const int32_t* keys
    const double* chance
    int n_runs
    const int32_t* run_start
    const int32_t* run_end
    const uint8_t* run_rank_groups
    const uint8_t* run_symmetric
    const int32_t* run_of


ctypedef struct TableRules:
    int players
    int start
    int limit
    int change
    int next_starter
    int step
    int first               # -1: a random seat from the game's stream
    int deck_n
    int n_calls
    const int32_t* raise_start
    uint64_t deck[DECK_MAX]


ctypedef struct HandView:
    # what the seat to play may know, plus the evidence ranks of every seat's calls
    uint64_t own
    const int* sizes
    int players
    int pool_size
    int last
    int last_caller
    uint8_t (*evidence)[MAX_CREDIT]
    # tally[c][r]: cards of rank r that every seat's evidence shows to a bot of
    # credit c + 1; named[c]: the ranks with such cards (kept by play_game)
    int (*tally)[14]
    uint32_t* named


ctypedef struct GameTotals:
    int winner
    int hands
    int calls
    int64_t failed_calls    # challenges won by the challenger
    int64_t* last_count     # per call: times it was the challenged call
    int64_t* last_held      # per call: times it held when challenged


cdef inline void drop_evidence(const HandView* v, int credit, int seat,
                               int* believed) noexcept nogil:
    """Take the cards seat's evidence shows to a bot of this credit out of `believed`."""
    cdef int i, r
    cdef int k = credit if credit < v.sizes[seat] else v.sizes[seat]
    for i in range(k):
        r = v.evidence[seat][i]
        if r != NO_RANK:
            believed[r] -= 1


cdef inline void believed_counts(const ChanceData* C, const SeatBot* bot, const HandView* v,
                                 int me, int doubted, const int* counts, int* out,
                                 int* known) noexcept nogil:
    """Own cards per rank plus the cards this bot believes the others hold."""
    cdef int believed[14]
    cdef uint32_t named
    cdef int r, k, extra = 0
    memcpy(out, counts, 14 * sizeof(int))
    if bot.credit > 0:
        # every seat's evidence, less the bot's own and the doubted seat's
        # (a seat out of the game has none: its evidence stays NO_RANK)
        memcpy(believed, v.tally[bot.credit - 1], 14 * sizeof(int))
        named = v.named[bot.credit - 1]
        drop_evidence(v, bot.credit, me, believed)
        if doubted >= 0 and doubted != me:
            drop_evidence(v, bot.credit, doubted, believed)
        while named:        # never more than the cards of the rank the bot does not hold
            r = lowest_bit(named)
            k = believed[r] if believed[r] < 4 - counts[r] else 4 - counts[r]
            out[r] += k
            extra += k
            named &= named - 1
    known[0] = popcount(v.own) + extra


cdef inline int chance_key(const ChanceData* C, Py_ssize_t c, const int* held, uint64_t own,
                           int wilds) noexcept nogil:
    cdef int key = wilds * C.wild_stride[c]
    cdef Py_ssize_t i = c * MAX_GROUPS
    cdef Py_ssize_t end = i + C.ngroups[c]
    cdef int h
    while i < end:
        if C.group_rank[i] != NO_RANK:
            h = held[C.group_rank[i]]
        else:
            h = popcount(own & C.group_mask[i])
        if h > C.group_cap[i]:
            h = C.group_cap[i]
        key += h * C.stride[i]
        i += 1
    return key


cdef inline int bound_key(const ChanceData* C, Py_ssize_t c, int rank_groups, const int* ranks,
                          int most_suit, int wilds) noexcept nogil:
    """Call c's table key with ranks[k] cards in its k-th rank group and
    `most_suit` in each card group."""
    cdef int key = wilds * C.wild_stride[c]
    cdef int g, h, k = 0
    cdef Py_ssize_t i
    for g in range(C.ngroups[c]):
        i = c * MAX_GROUPS + g
        if (rank_groups >> g) & 1:
            h = ranks[k]
            k += 1
        elif C.group_mask[i] and C.group_mask[i] & ~(<uint64_t>LANE << (16 * (lowest_bit(C.group_mask[i]) >> 4))):
            h = 5       # cards of several suits (a high card's lower cards): no suit bounds them
        else:
            h = most_suit
        if h > C.group_cap[i]:
            h = C.group_cap[i]
        key += h * C.stride[i]
    return key


cdef inline double run_bound(const ChanceData* C, int64_t base, Py_ssize_t run,
                             const int* top, int most_suit, int wilds) noexcept nogil:
    """No call of the run holds more likely than this (see chances.py)."""
    cdef Py_ssize_t c = C.run_start[run]
    cdef int groups = C.run_rank_groups[run]
    cdef int n = popcount(groups)
    cdef int ranks[MAX_GROUPS]
    cdef int g
    cdef double p, q
    if C.run_symmetric[run] or n <= 1:
        return C.chance[base + bound_key(C, c, groups, top, most_suit, wilds)]
    if n == 2:
        p = C.chance[base + bound_key(C, c, groups, top, most_suit, wilds)]
        ranks[0] = top[1]
        ranks[1] = top[0]
        q = C.chance[base + bound_key(C, c, groups, ranks, most_suit, wilds)]
        return p if p > q else q
    for g in range(MAX_GROUPS):
        ranks[g] = top[0]
    return C.chance[base + bound_key(C, c, groups, ranks, most_suit, wilds)]


cdef inline int wild_count(const ChanceData* C, const int* held) noexcept nogil:
    cdef int w = held[C.wild_rank]
    return w if w < C.wild_cap else C.wild_cap


cdef int chance_bot_act(const ChanceData* C, const TableRules* R, const SeatBot* bot,
                        const HandView* v, int me) noexcept nogil:
    """bots.ChanceBot.act, step for step."""
    cdef int counts[14]
    cdef int held[14]
    cdef int64_t case, base
    cdef int r, t, known, unseen, wilds, n = R.n_calls
    cdef Py_ssize_t c, lo, best, run
    cdef int most[MAX_GROUPS]
    cdef int hist[5]
    cdef int most_suit, k, g, groups, cap0, cap1, stride1
    cdef Py_ssize_t i, end
    cdef const double* rows
    cdef double p, top, bound
    cdef uint64_t cards = v.own
    cdef bint doubting
    for r in range(14):
        counts[r] = 0
    while cards:
        counts[lowest_bit(cards) & 15] += 1
        cards &= cards - 1
    lo = R.raise_start[v.last] if v.last >= 0 else 0
    doubting = v.last >= 0 and bot.doubt_caller and bot.credit > 0
    believed_counts(C, bot, v, me, v.last_caller if doubting else -1, counts, held, &known)
    if v.last >= 0:
        unseen = v.pool_size - known
        t = C.table_of[v.last]
        p = C.chance[C.table_start[t] + <int64_t>(known * C.row + unseen) * C.keys[t]
                     + chance_key(C, v.last, held, v.own, wild_count(C, held))]
        if p < bot.challenge or lo >= n:
            return n
    if doubting:    # raises are judged on every opponent's evidence
        believed_counts(C, bot, v, me, -1, counts, held, &known)
    unseen = v.pool_size - known
    wilds = wild_count(C, held)
    case = known * C.row + unseen
    # the seat's best ranks (most cards first) and best suit bound every run
    # (a histogram of the counts, 0..4, read from the top)
    for k in range(5):
        hist[k] = 0
    for r in range(13):
        hist[held[r]] += 1
    k = 4
    for g in range(MAX_GROUPS):
        while k > 0 and hist[k] == 0:
            k -= 1
        most[g] = k
        hist[k] -= 1
    most_suit = 0
    for r in range(4):
        k = popcount(v.own & (<uint64_t>LANE << (16 * r)))
        if k > most_suit:
            most_suit = k
    top = -1.0
    best = lo
    for run in range(C.run_of[lo], C.n_runs):
        c = C.run_start[run]
        t = C.table_of[c]
        base = C.table_start[t] + case * C.keys[t]
        bound = run_bound(C, base, run, most, most_suit, wilds)
        if bound <= top:
            continue                # nothing in this run can beat the best so far
        if c < lo:
            c = lo
        end = C.run_end[run]
        groups = C.ngroups[c]
        if C.run_rank_groups[run] == (1 << groups) - 1 and groups <= 2:
            # rank groups only: the run's caps and strides are its table's
            i = c * MAX_GROUPS
            cap0 = C.group_cap[i]
            cap1 = C.group_cap[i + 1] if groups == 2 else 0
            stride1 = C.stride[i + 1] if groups == 2 else 0
            rows = C.chance + base + wilds * C.wild_stride[c]
            while c < end:
                i = c * MAX_GROUPS
                k = held[C.group_rank[i]]
                g = held[C.group_rank[i + 1]] if groups == 2 else 0
                p = rows[(k if k < cap0 else cap0) + (g if g < cap1 else cap1) * stride1]
                if p > top:
                    top = p
                    best = c
                    if p >= bound:
                        break       # the rest of the run can only tie
                c += 1
        else:
            while c < end:
                p = C.chance[base + chance_key(C, c, held, v.own, wilds)]
                if p > top:
                    top = p
                    best = c
                    if p >= bound:
                        break
                c += 1
        if top >= 1.0:
            break
    if v.last >= 0 and (top < bot.raise_at_least or top <= 0.0):
        return n
    return <int>best


cdef inline double own_chance(const ChanceData* C, Py_ssize_t c, const int* counts,
                              uint64_t own, int case, int wilds) noexcept nogil:
    cdef int t = C.table_of[c]
    return C.chance[C.table_start[t] + <int64_t>case * C.keys[t]
                    + chance_key(C, c, counts, own, wilds)]


cdef inline int random_bot_act(Stream* st, const ChanceData* C, const TableRules* R,
                               const SeatBot* bot, const HandView* v) noexcept nogil:
    """bots.RandomBot.act, drawing from the game's stream: one of the next `reach`
    raises, drawn again while it cannot hold given the seat's cards (C NULL: any)."""
    cdef int n = R.n_calls
    cdef int lo = R.raise_start[v.last] if v.last >= 0 else 0
    cdef int span, c, r, k, case, wilds
    cdef int counts[14]
    cdef uint64_t cards = v.own
    if v.last >= 0 and (lo == n or stream_random(st) < bot.challenge):
        return n
    span = n - lo
    if bot.reach < span:
        span = bot.reach
    if C == NULL:
        return lo + <int>stream_below(st, <uint32_t>span)
    for r in range(14):
        counts[r] = 0
    while cards:
        counts[lowest_bit(cards) & 15] += 1
        cards &= cards - 1
    case = popcount(v.own) * C.row + v.pool_size - popcount(v.own)
    wilds = wild_count(C, counts)
    for k in range(span):
        c = lo + <int>stream_below(st, <uint32_t>span)
        if own_chance(C, c, counts, v.own, case, wilds) > 0.0:
            return c
    for c in range(lo, n):      # every draw missed: the lowest raise that can hold
        if own_chance(C, c, counts, v.own, case, wilds) > 0.0:
            return c
    return n if v.last >= 0 else lo     # none can hold (cannot happen when opening)


cdef inline int next_live(const TableRules* R, const int* sizes, int seat) noexcept nogil:
    cdef int s = (seat + R.step + R.players) % R.players
    while sizes[s] == 0:
        s = (s + R.step + R.players) % R.players
    return s


cdef int play_game(const LadderData* L, const TableRules* R, const ChanceData* C,
                   const SeatBot* bots, uint64_t k0, uint64_t k1, uint64_t game,
                   GameTotals* out, int64_t* trace, Py_ssize_t trace_len) noexcept nogil:
    """One whole game; 0, or a FAILED_* code. `trace` (may be NULL) receives the
    deals and actions as in SimulationTable.trace()."""
    cdef Stream st
    cdef int sizes[MAX_SEATS]
    cdef uint64_t hands[MAX_SEATS]
    cdef uint8_t evidence[MAX_SEATS][MAX_CREDIT]
    cdef int tally[MAX_CREDIT][14]
    cdef uint32_t named[MAX_CREDIT]
    cdef uint64_t deck[DECK_MAX]
    cdef uint64_t card, pool
    cdef HandView v
    cdef Py_ssize_t at = 0
    cdef int s, i, j, total, starter, live, to_play, action, last, caller, loser, size
    cdef int held, rank, slot, n = R.n_calls
    stream_seed(&st, k0, k1, game)
    for s in range(R.players):
        sizes[s] = R.start
    live = R.players
    starter = R.first if R.first >= 0 else <int>stream_below(&st, <uint32_t>R.players)
    out.hands = 0
    out.calls = 0
    v.sizes = sizes
    v.players = R.players
    v.evidence = evidence
    v.tally = tally
    v.named = named
    while True:
        # the deal: a partial shuffle for the cards in play, then seat order
        memcpy(deck, R.deck, R.deck_n * sizeof(uint64_t))
        total = 0
        for s in range(R.players):
            total += sizes[s]
        for i in range(total):
            j = i + <int>stream_below(&st, <uint32_t>(R.deck_n - i))
            card = deck[i]
            deck[i] = deck[j]
            deck[j] = card
        i = 0
        pool = 0
        for s in range(R.players):
            hands[s] = 0
            for j in range(sizes[s]):
                hands[s] |= deck[i]
                i += 1
            pool |= hands[s]
            evidence[s][0] = NO_RANK
            evidence[s][1] = NO_RANK
        for i in range(MAX_CREDIT):
            named[i] = 0
            for j in range(14):
                tally[i][j] = 0
        out.hands += 1
        if trace != NULL:
            if at + 2 + R.players > trace_len:
                return FAILED_TRACE
            trace[at] = TRACE_DEAL
            trace[at + 1] = starter
            for s in range(R.players):
                trace[at + 2 + s] = <int64_t>hands[s]
            at += 2 + R.players
        v.pool_size = total
        last = -1
        caller = -1
        to_play = starter
        while True:
            v.own = hands[to_play]
            v.last = last
            v.last_caller = caller
            if bots[to_play].kind == BOT_RANDOM:
                action = random_bot_act(&st, C, R, &bots[to_play], &v)
            else:
                action = chance_bot_act(C, R, &bots[to_play], &v, to_play)
            if action == n:
                if last < 0:
                    return FAILED_BOT
            elif action < 0 or action > n or (last >= 0 and action < R.raise_start[last]):
                return FAILED_BOT
            if trace != NULL:
                if at >= trace_len:
                    return FAILED_TRACE
                trace[at] = action
                at += 1
            if action == n:
                break
            rank = C.evidence_rank[action] if C != NULL else NO_RANK
            if rank != NO_RANK and evidence[to_play][0] != rank and evidence[to_play][1] != rank:
                slot = -1
                if evidence[to_play][0] == NO_RANK:
                    slot = 0
                elif evidence[to_play][1] == NO_RANK:
                    slot = 1
                if slot >= 0:
                    evidence[to_play][slot] = rank
                    # a bot of credit c + 1 reads the first min(c + 1, size) slots
                    for i in range(slot, MAX_CREDIT):
                        if slot < sizes[to_play]:
                            tally[i][rank] += 1
                            named[i] |= 1u << rank
            last = action
            caller = to_play
            out.calls += 1
            to_play = next_live(R, sizes, to_play)
        # the challenge: cards are shown and the hand settles
        held = holds_one(L, last, pool)
        loser = to_play if held else caller
        out.last_count[last] += 1
        if held:
            out.last_held[last] += 1
        else:
            out.failed_calls += 1
        size = sizes[loser] + R.change
        if 0 < size <= R.limit:
            sizes[loser] = size
        else:
            sizes[loser] = 0
            live -= 1
        if live == 1:
            for s in range(R.players):
                if sizes[s]:
                    out.winner = s
            return 0
        if R.next_starter == NEXT_LOSER:
            starter = loser if sizes[loser] else next_live(R, sizes, loser)
        elif R.next_starter == NEXT_WINNER:
            starter = caller if held else to_play
        else:
            starter = next_live(R, sizes, to_play)


cdef class SimulationTable:
    """A table of built-in bots playing whole games in C (see pokerbull.simulate).

    ``rules`` is a :class:`pokerbull.Rules`; ``bots`` one ``(kind, challenge,
    raise_at_least, reach, credit, doubt_caller)`` tuple per seat; ``table`` the
    :class:`pokerbull.chances.ChanceTable` the chance bots read (or None).
    """

    cdef LadderData L
    cdef TableRules R
    cdef ChanceData C
    cdef bint has_chances
    cdef SeatBot seats[MAX_SEATS]
    cdef object _keep
    cdef readonly int players
    cdef readonly int n_calls

    def __init__(self, rules, bots, table=None):
        lad = rules.ladder
        cdef const LadderData* data = ladder_data(lad._kernel)
        if data == NULL:
            raise ValueError("the compiled simulation needs a ladder on the compiled backend")
        self.L = data[0]
        if not 2 <= rules.players <= MAX_SEATS:
            raise ValueError(f"players must be 2..{MAX_SEATS}, not {rules.players}")
        if len(bots) != rules.players:
            raise ValueError(f"{len(bots)} bots for {rules.players} seats")
        raise_start = np.ascontiguousarray(lad._raise_start, dtype=np.int32)
        keep = [lad, raise_start]
        self.players = rules.players
        self.n_calls = len(lad)
        self.R.players = rules.players
        self.R.start = rules.start_cards
        self.R.limit = rules.card_limit
        self.R.change = rules.loser_change
        self.R.next_starter = {"loser": NEXT_LOSER, "winner": NEXT_WINNER,
                               "after-challenger": NEXT_AFTER_CHALLENGER}[rules.next_starter]
        self.R.step = rules.step
        self.R.first = -1 if rules.first_starter == "random" else int(rules.first_starter)
        self.R.n_calls = len(lad)
        self.R.raise_start = <const int32_t*>_data(raise_start)
        from ..cards import deck_bits
        cards = [pow(2, b) for b in deck_bits(lad.allowed_mask)]   # Python ints, never C shifts
        if len(cards) > DECK_MAX:
            raise ValueError(f"a deck of {len(cards)} cards is more than {DECK_MAX}")
        self.R.deck_n = len(cards)
        for i, card in enumerate(cards):
            self.R.deck[i] = card
        needs_chances = False
        for s, spec in enumerate(bots):
            kind, challenge, raise_at_least, reach, credit, doubt = spec
            if kind not in (BOT_RANDOM, BOT_CHANCE):
                raise ValueError(f"seat {s}: unknown bot kind {kind!r}")
            self.seats[s].kind = kind
            self.seats[s].challenge = challenge
            self.seats[s].raise_at_least = raise_at_least
            self.seats[s].reach = reach
            self.seats[s].credit = credit
            self.seats[s].doubt_caller = doubt
            needs_chances |= kind == BOT_CHANCE
        self.has_chances = table is not None
        if needs_chances and table is None:
            raise ValueError("chance bots need a chance table")
        if table is not None:
            arrays = {}
            for name, dtype in (("ngroups", np.uint8), ("group_mask", np.uint64),
                                ("group_rank", np.uint8), ("group_cap", np.uint8),
                                ("stride", np.int32), ("wild_stride", np.int32),
                                ("evidence_rank", np.uint8), ("table_of", np.int32),
                                ("table_start", np.int64), ("keys", np.int32),
                                ("chance", np.float64), ("run_start", np.int32),
                                ("run_end", np.int32), ("run_rank_groups", np.uint8),
                                ("run_symmetric", np.uint8), ("run_of", np.int32)):
                arrays[name] = np.ascontiguousarray(getattr(table, name), dtype=dtype)
            if len(arrays["ngroups"]) != len(lad) or len(arrays["keys"]) > MAX_TABLES:
                raise ValueError("the chance table does not fit this ladder")
            if table.known_max < min(rules.deck_size, rules.card_limit + MAX_CREDIT * (rules.players - 1)) \
                    or table.unseen_max < min(rules.deck_size, rules.max_cards_in_play):
                raise ValueError("the chance table is too small for these rules")
            keep.append(arrays)
            self.C.known_max = table.known_max
            self.C.row = table.unseen_max + 1
            self.C.wild_rank = table.wild_rank
            self.C.wild_cap = table.wild_cap
            self.C.n_tables = len(arrays["keys"])
            self.C.ngroups = <const uint8_t*>_data(arrays["ngroups"])
            self.C.group_mask = <const uint64_t*>_data(arrays["group_mask"])
            self.C.group_rank = <const uint8_t*>_data(arrays["group_rank"])
            self.C.group_cap = <const uint8_t*>_data(arrays["group_cap"])
            self.C.stride = <const int32_t*>_data(arrays["stride"])
            self.C.wild_stride = <const int32_t*>_data(arrays["wild_stride"])
            self.C.evidence_rank = <const uint8_t*>_data(arrays["evidence_rank"])
            self.C.table_of = <const int32_t*>_data(arrays["table_of"])
            self.C.table_start = <const int64_t*>_data(arrays["table_start"])
            self.C.keys = <const int32_t*>_data(arrays["keys"])
            self.C.chance = <const double*>_data(arrays["chance"])
            self.C.n_runs = len(arrays["run_start"])
            self.C.run_start = <const int32_t*>_data(arrays["run_start"])
            self.C.run_end = <const int32_t*>_data(arrays["run_end"])
            self.C.run_rank_groups = <const uint8_t*>_data(arrays["run_rank_groups"])
            self.C.run_symmetric = <const uint8_t*>_data(arrays["run_symmetric"])
            self.C.run_of = <const int32_t*>_data(arrays["run_of"])
        self._keep = keep

    cdef const ChanceData* _chances(self):
        return &self.C if self.has_chances else NULL

    def run(self, uint64_t k0, uint64_t k1, Py_ssize_t first_game, Py_ssize_t games):
        """Play games ``first_game .. first_game + games - 1`` of the chunk with keys
        k0, k1. Returns per-game winners, hands and calls, and per-call counts of
        being the challenged call and of holding then."""
        winners = np.empty(games, np.int16)
        hands = np.empty(games, np.int32)
        calls = np.empty(games, np.int32)
        last_count = np.zeros(self.n_calls, np.int64)
        last_held = np.zeros(self.n_calls, np.int64)
        cdef int16_t[::1] w = winners
        cdef int32_t[::1] h = hands
        cdef int32_t[::1] k = calls
        cdef GameTotals totals
        cdef Py_ssize_t g
        cdef int status = 0
        cdef const ChanceData* C = self._chances()
        totals.failed_calls = 0
        totals.last_count = <int64_t*>_data(last_count)
        totals.last_held = <int64_t*>_data(last_held)
        with nogil:
            for g in range(games):
                status = play_game(&self.L, &self.R, C, self.seats, k0, k1,
                                   <uint64_t>(first_game + g), &totals, NULL, 0)
                if status:
                    break
                w[g] = totals.winner
                h[g] = totals.hands
                k[g] = totals.calls
        if status:
            raise RuntimeError(f"game {first_game + g}: a built-in bot chose an illegal action")
        return {"winners": winners, "hands": hands, "calls": calls,
                "failed_calls": int(totals.failed_calls), "last_count": last_count,
                "last_held": last_held}

    def trace(self, uint64_t k0, uint64_t k1, Py_ssize_t game):
        """Game `game` of the chunk as played: a list of ``("deal", starter, masks)``
        and ``("action", a)`` events (a ladder index, or len(ladder) to challenge)."""
        cdef Py_ssize_t size = 1 << 16
        cdef GameTotals totals
        cdef int status
        last_count = np.zeros(self.n_calls, np.int64)
        last_held = np.zeros(self.n_calls, np.int64)
        totals.failed_calls = 0
        totals.last_count = <int64_t*>_data(last_count)
        totals.last_held = <int64_t*>_data(last_held)
        while True:
            buffer = np.zeros(size, np.int64)
            status = play_game(&self.L, &self.R, self._chances(), self.seats, k0, k1,
                               <uint64_t>game, &totals, <int64_t*>_data(buffer), size)
            if status != FAILED_TRACE:
                break
            size *= 4
        if status:
            raise RuntimeError(f"game {game}: a built-in bot chose an illegal action")
        events = []
        values = buffer.view(np.uint64)
        i = 0
        moves = totals.hands
        while moves:
            if buffer[i] == TRACE_DEAL:
                events.append(("deal", int(buffer[i + 1]),
                               [int(m) for m in values[i + 2:i + 2 + self.players]]))
                i += 2 + self.players
            else:
                events.append(("action", int(buffer[i])))
                if buffer[i] == self.n_calls:
                    moves -= 1
                i += 1
        return {"events": events, "winner": totals.winner, "hands": totals.hands,
                "calls": totals.calls}

