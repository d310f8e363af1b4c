# The compiled Poker Bull state behind pokerbull.Game, and N of them stepped at once.
#
# One C struct (`BullCore`) holds a whole game: hands as 64-bit masks, hand sizes,
# the current call, the turn and the generator. `BullTable` holds the rules, shared
# by every game of the same rules. The rules logic (calls, challenges, elimination,
# next starter, Cheung's thresholds, the deal) is written once, in the `core_*`
# functions below; `BullState` (one game, pokerbull.bull.game.Game's compiled
# engine) and `VectorGame` (N games, pokerbull.VectorGame) both call them.
#
# The deal draws exactly as bull/game.py's Python engine does: numpy's PCG64 seeded
# through numpy's SeedSequence, then Generator.shuffle of the deck list (one bounded
# draw per card, numpy's masked rejection), so a seed gives the same game on both
# engines and old saves load unchanged. The generator is kept in the struct (a copy
# is a struct copy); a numpy Generator passed in by the user is drawn through its
# bit generator, so it advances as before.

from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset
from numpy.random cimport bitgen_t

cdef extern from "_pcg64.h":   # numpy's PCG64 in a struct, portable C (bull/_pcg64.h)
    ctypedef struct pb_pcg64:
        int has32
        uint32_t u32
    uint64_t pb_pcg_next64(pb_pcg64* r) noexcept nogil
    uint32_t pb_pcg_next32(pb_pcg64* r) noexcept nogil
    void pb_pcg_set(pb_pcg64* r, uint64_t s_hi, uint64_t s_lo, uint64_t i_hi, uint64_t i_lo,
                    int has32, uint32_t u32) noexcept nogil
    uint64_t pb_pcg_word(const pb_pcg64* r, int which) noexcept nogil
    void pb_pcg_seed(pb_pcg64* r, uint64_t seed) noexcept nogil


DEF LOG_DEAL = 1
DEF LOG_CALL = 2
DEF LOG_CHALLENGE = 3
DEF PLAYER_CHANCE = -1
DEF PLAYER_TERMINAL = -4
DEF JOKER_BITS = 0x20002000  # bits 13 and 29: the two jokers

cdef enum:
    RNG_NONE = 0      # dealt by hand: nothing random left to draw
    RNG_OWN = 1       # numpy's PCG64, kept in the struct
    RNG_BITGEN = 2    # a numpy bit generator object, drawn through its C interface


ctypedef struct BullTable:
    # the rules of one game, shared by every game of these rules
    const LadderData* L         # the ladder's kernel (NULL for Cheung's family: D)
    const CheungData* D
    int players
    int start
    int limit
    int change
    int next_starter
    int step
    int n_calls
    int or_higher
    int jokers_leave_at
    int recharge_at
    int cheung
    int deck_n
    int obs_size
    const int32_t* raise_start
    uint64_t deck[DECK_MAX]
    int8_t card_index[64]       # bit -> position in the deck (observation layout)


ctypedef struct BullCore:
    # one whole game
    int sizes[MAX_SEATS]
    uint64_t hands[MAX_SEATS]
    int hand_no
    int starter
    int to_play
    int last
    int last_caller
    int winner
    int first_starter
    int live
    int manual
    int jokers_gone
    int recharged
    int hand_calls              # calls made this hand
    int hand_log_only           # keep only the current hand in the log (batched games)
    int rng_kind
    pb_pcg64 pcg
    bitgen_t* bitgen            # RNG_BITGEN: the object's C interface (kept alive by the owner)
    const uint8_t* banned       # cheung: opening calls certain for the cards in play (or NULL)
    int64_t* log                # the compact history (NULL: keep none)
    Py_ssize_t log_len
    Py_ssize_t log_cap
    Py_ssize_t deal_at          # where this hand's deal starts in the log


cdef inline uint32_t core_draw32(BullCore* G) noexcept nogil:
    if G.rng_kind == RNG_OWN:
        return pb_pcg_next32(&G.pcg)
    return G.bitgen.next_uint32(G.bitgen.state)


cdef inline uint32_t core_interval(BullCore* G, uint32_t top) noexcept nogil:
    """Uniform in 0..top as numpy's random_interval draws it (mask, then reject)."""
    cdef uint32_t mask = top, value
    if top == 0:
        return 0
    mask |= mask >> 1
    mask |= mask >> 2
    mask |= mask >> 4
    mask |= mask >> 8
    mask |= mask >> 16
    value = core_draw32(G) & mask
    while value > top:
        value = core_draw32(G) & mask
    return value


cdef inline uint32_t core_below(BullCore* G, uint32_t n) noexcept nogil:
    """Generator.integers(n) (numpy's Lemire draw on 32 bits)."""
    cdef uint64_t m
    cdef uint32_t leftover, threshold
    if n <= 1:
        return 0
    m = <uint64_t>core_draw32(G) * n
    leftover = <uint32_t>m
    if leftover < n:
        threshold = (<uint32_t>0xFFFFFFFF - (n - 1)) % n
        while leftover < threshold:
            m = <uint64_t>core_draw32(G) * n
            leftover = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline int core_log_room(BullCore* G, Py_ssize_t words) noexcept nogil:
    cdef Py_ssize_t cap
    cdef int64_t* grown
    if G.log_len + words <= G.log_cap:
        return 0
    cap = G.log_cap * 2 if G.log_cap else 256
    while cap < G.log_len + words:
        cap *= 2
    grown = <int64_t*>realloc(G.log, cap * sizeof(int64_t))
    if grown == NULL:
        return -1
    G.log = grown
    G.log_cap = cap
    return 0


cdef inline int core_next_live(const BullTable* T, const BullCore* G, int seat) noexcept nogil:
    cdef int s = (seat + T.step + T.players) % T.players
    while G.sizes[s] == 0:
        s = (s + T.step + T.players) % T.players
    return s


cdef inline void core_reset(const BullTable* T, BullCore* G) noexcept nogil:
    """A new game before its first deal (the generator and the log are left alone)."""
    cdef int s
    for s in range(T.players):
        G.sizes[s] = T.start
        G.hands[s] = 0
    G.hand_no = 0
    G.starter = -1
    G.to_play = PLAYER_CHANCE
    G.last = -1
    G.last_caller = -1
    G.winner = -1
    G.first_starter = 0
    G.live = T.players
    G.jokers_gone = 0
    G.recharged = 0
    G.hand_calls = 0
    G.banned = NULL
    G.deal_at = -1


cdef inline int core_start_hand(const BullTable* T, BullCore* G, const uint64_t* hands,
                                int starter) noexcept nogil:
    """The hand's cards are dealt: `starter` opens. -1 if the log cannot grow."""
    cdef int s
    G.hand_no += 1
    for s in range(T.players):
        G.hands[s] = hands[s]
    G.starter = starter
    G.to_play = starter
    G.last = -1
    G.last_caller = -1
    G.hand_calls = 0
    if G.log != NULL:
        if G.hand_log_only:
            G.log_len = 0
        if core_log_room(G, 1 + T.players):
            return -1
        G.deal_at = G.log_len
        G.log[G.log_len] = LOG_DEAL | (<int64_t>starter << 8)
        for s in range(T.players):
            G.log[G.log_len + 1 + s] = <int64_t>hands[s]
        G.log_len += 1 + T.players
    return 0


cdef inline int core_deal_random(const BullTable* T, BullCore* G, int starter) noexcept nogil:
    """Shuffle the deck as Generator.shuffle shuffles the Python engine's list, then deal
    each seat its cards in seat order."""
    cdef uint64_t deck[DECK_MAX]
    cdef uint64_t hands[MAX_SEATS]
    cdef uint64_t card
    cdef int i, j, s, k, n = 0
    for i in range(T.deck_n):
        if not (G.jokers_gone and (T.deck[i] & <uint64_t>JOKER_BITS) != 0):
            deck[n] = T.deck[i]
            n += 1
    i = n - 1
    while i > 0:
        j = <int>core_interval(G, <uint32_t>i)
        card = deck[i]
        deck[i] = deck[j]
        deck[j] = card
        i -= 1
    i = 0
    for s in range(T.players):
        hands[s] = 0
        for k in range(G.sizes[s]):
            hands[s] |= deck[i]
            i += 1
    return core_start_hand(T, G, hands, starter)


cdef inline bint core_can_call(const BullTable* T, const BullCore* G, Py_ssize_t a) noexcept nogil:
    if G.to_play < 0 or a < 0 or a >= T.n_calls:
        return False
    if G.last >= 0:
        return a >= T.raise_start[G.last]
    return G.banned == NULL or not G.banned[a]


cdef inline int core_call(const BullTable* T, BullCore* G, int a) noexcept nogil:
    """The seat to play raises to call `a` (already known to be legal)."""
    if G.log != NULL:
        if core_log_room(G, 1):
            return -1
        G.log[G.log_len] = LOG_CALL | (<int64_t>G.to_play << 8) | (<int64_t>a << 16)
        G.log_len += 1
    G.last = a
    G.last_caller = G.to_play
    G.hand_calls += 1
    G.to_play = core_next_live(T, G, G.to_play)
    return 0


cdef inline bint core_holds(const BullTable* T, int index, uint64_t pool, int or_higher) noexcept nogil:
    if T.D != NULL:
        if ch_holds_call(&T.D.calls[index], pool):
            return True
        return or_higher and ch_best(T.D, pool) > index
    if holds_one(T.L, index, pool):
        return True
    return or_higher and best_call(T.L, pool) > index


cdef int core_challenge(const BullTable* T, BullCore* G) noexcept nogil:
    """The seat to play challenges the last call: the hand settles, then the next is
    dealt (random dealing), awaited (manual) or the game ends. 1 when the generator
    must be asked about cheung's banned calls, -1 if the log cannot grow."""
    cdef uint64_t pool = 0
    cdef int s, challenger = G.to_play, caller = G.last_caller, index = G.last
    cdef int held, loser, size, eliminated = -1, starter = -1, winner = -1, total
    for s in range(T.players):
        pool |= G.hands[s]
    held = core_holds(T, index, pool, T.or_higher)
    loser = challenger if held else caller
    size = G.sizes[loser] + T.change
    if 0 < size <= T.limit:
        G.sizes[loser] = size
    else:
        G.sizes[loser] = 0
        eliminated = loser
        G.live -= 1
    if G.live == 1:
        for s in range(T.players):
            if G.sizes[s]:
                winner = s
    else:
        if T.next_starter == NEXT_LOSER:
            starter = loser if G.sizes[loser] else core_next_live(T, G, loser)
        elif T.next_starter == NEXT_WINNER:
            starter = caller if held else challenger
        else:
            starter = core_next_live(T, G, challenger)
        total = 0
        for s in range(T.players):
            total += G.sizes[s]
        if T.jokers_leave_at and not G.jokers_gone and total <= T.jokers_leave_at:
            G.jokers_gone = 1
        if T.recharge_at and not G.recharged and total <= T.recharge_at:
            G.recharged = 1
            for s in range(T.players):
                if G.sizes[s]:
                    G.sizes[s] += 1
    if G.log != NULL:
        if core_log_room(G, 2 + (T.players + 7) // 8):
            return -1
        G.log[G.log_len] = (LOG_CHALLENGE | (<int64_t>challenger << 8) | (<int64_t>caller << 16)
                            | (<int64_t>index << 24) | (<int64_t>held << 48))
        G.log[G.log_len + 1] = (loser | (<int64_t>(eliminated + 1) << 8)
                                | (<int64_t>(starter + 1) << 16) | (<int64_t>(winner + 1) << 24))
        for s in range((T.players + 7) // 8):
            G.log[G.log_len + 2 + s] = 0
        for s in range(T.players):
            G.log[G.log_len + 2 + s // 8] |= <int64_t>G.sizes[s] << (8 * (s % 8))
        G.log_len += 2 + (T.players + 7) // 8
    for s in range(T.players):
        G.hands[s] = 0
    G.last = -1
    G.last_caller = -1
    G.hand_calls = 0
    G.banned = NULL
    if winner >= 0:
        G.winner = winner
        G.starter = -1
        G.to_play = PLAYER_TERMINAL
        return 0
    G.starter = starter
    G.to_play = PLAYER_CHANCE
    if G.manual or G.rng_kind == RNG_NONE:
        return 0
    if core_deal_random(T, G, starter):
        return -1
    return 1 if T.cheung else 0


cdef inline int core_apply(const BullTable* T, BullCore* G, Py_ssize_t a) noexcept nogil:
    """Apply action `a` if legal: 0 done, 1 done and cheung's banned calls are due,
    2 illegal (nothing changed), -1 out of memory."""
    if core_can_call(T, G, a):
        return core_call(T, G, <int>a)
    if a == T.n_calls and G.to_play >= 0 and G.last >= 0:
        return core_challenge(T, G)
    return 2


cdef inline void core_observe(const BullTable* T, const BullCore* G, int seat,
                              float* out) noexcept nogil:
    """The float32 observation of `seat` (layout in docs/game.md); `out` is zeroed."""
    cdef int n = T.players, s, base
    cdef uint64_t cards = G.hands[seat], word
    cdef Py_ssize_t i, c
    out[seat] = 1.0
    if G.to_play >= 0:
        out[n + G.to_play] = 1.0
    if G.starter >= 0:
        out[2 * n + G.starter] = 1.0
    for s in range(n):
        out[3 * n + s] = G.sizes[s]
    base = 4 * n
    while cards:
        out[base + T.card_index[lowest_bit(cards)]] = 1.0
        cards &= cards - 1
    base += T.deck_n
    if G.hand_calls and G.log != NULL:
        i = G.deal_at + 1 + n
        while i < G.log_len:
            word = <uint64_t>G.log[i]
            if (word & 0xFF) == LOG_CALL:
                out[base + <int>((word >> 16) & 0xFFFFFFFFULL)] = 1.0
            i += 1
    elif G.hand_calls and G.last >= 0:
        out[base + G.last] = 1.0     # no log: the calls below the last are not kept
    if G.last_caller >= 0:
        out[base + T.n_calls + G.last_caller] = 1.0



cdef class LegalActions:
    """The legal actions of a Poker Bull state, read-only and sorted: every action from
    `start` up to (not including) `stop`, or (Cheung's openings, which skip the certain
    calls) a shared tuple of them. It behaves as the list it stands for (len, indexing,
    slicing, iteration, ``in``, ``index``, ``count``, ``==`` with a list or tuple, ``+``
    with a list) without building one; ``list(actions)`` or ``actions.tolist()`` gives
    the list."""

    cdef readonly Py_ssize_t start
    cdef readonly Py_ssize_t stop
    cdef tuple _values          # None: the run start..stop-1
    cdef frozenset _set

    def __cinit__(self, Py_ssize_t start=0, Py_ssize_t stop=0):
        self.start = start
        self.stop = stop if stop > start else start

    def __len__(self):
        return self.stop - self.start if self._values is None else len(self._values)

    def __bool__(self):
        return len(self) > 0

    def __getitem__(self, item):
        cdef Py_ssize_t i, n
        if self._values is not None:
            return list(self._values[item]) if isinstance(item, slice) else self._values[item]
        if isinstance(item, slice):
            return list(range(self.start, self.stop))[item]
        n = self.stop - self.start
        i = item
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("legal action index out of range")
        return self.start + i

    def _range(self):
        return range(self.start, self.stop) if self._values is None else self._values

    def __iter__(self):
        return iter(self._range())

    def __reversed__(self):
        return reversed(self._range())

    def __contains__(self, value):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            return False
        if self._values is not None:
            return value in self._set
        return self.start <= value < self.stop

    def index(self, value, *args):
        if value in self:
            return value - self.start if self._values is None else self._values.index(value)
        raise ValueError(f"{value!r} is not a legal action")

    def count(self, value):
        return 1 if value in self else 0

    def tolist(self):
        """The actions as a list."""
        return list(self._range())

    def __array__(self, dtype=None, copy=None):
        if self._values is None:
            return np.arange(self.start, self.stop, dtype=dtype if dtype is not None else np.int64)
        return np.array(self._values, dtype=dtype if dtype is not None else np.int64)

    def __eq__(self, other):
        cdef Py_ssize_t i, n
        if isinstance(other, LegalActions):
            if self._values is None and (<LegalActions>other)._values is None:
                return len(self) == len(other) and (not len(self) or
                                                    self.start == (<LegalActions>other).start)
            return self.tolist() == other.tolist()
        if isinstance(other, (list, tuple)):
            if self._values is not None:
                return self._values == tuple(other)
            n = self.stop - self.start
            if len(other) != n:
                return False
            for i in range(n):
                if other[i] != self.start + i:
                    return False
            return True
        return NotImplemented

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    __hash__ = None

    def __add__(self, other):
        return self.tolist() + list(other)

    def __radd__(self, other):
        return list(other) + self.tolist()

    def __repr__(self):
        return repr(self.tolist())

    def __reduce__(self):
        return (list, (self.tolist(),))


cdef LegalActions _legal_range(Py_ssize_t start, Py_ssize_t stop):
    cdef LegalActions out = LegalActions.__new__(LegalActions)
    out.start = start
    out.stop = stop if stop > start else start
    return out


cdef LegalActions _legal_values(tuple values, frozenset allowed):
    cdef LegalActions out = LegalActions.__new__(LegalActions)
    out._values = values
    out._set = allowed
    return out


_EMPTY_LEGAL = _legal_range(0, 0)


cdef class BullTableObject:
    """The rules of Poker Bull as C tables (one per rules and ladder, shared)."""

    cdef BullTable T
    cdef object _keep
    cdef readonly object ladder
    cdef readonly object rules
    cdef public dict banned_cache      # (cards in play, jokers gone) -> bytes (cheung)

    def __init__(self, rules, ladder, raise_start):
        kernel = ladder._kernel
        cdef const LadderData* calls = ladder_data(kernel)
        cdef const CheungData* cheung = cheung_data(kernel)
        if calls == NULL and cheung == NULL:
            raise ValueError("the compiled state needs a ladder on the compiled backend")
        if not 2 <= rules.players <= MAX_SEATS:
            raise ValueError(f"players must be 2..{MAX_SEATS}, not {rules.players}")
        starts = np.ascontiguousarray(raise_start, dtype=np.int32)
        self._keep = (kernel, starts)
        self.ladder = ladder
        self.rules = rules
        self.banned_cache = {}
        memset(&self.T, 0, sizeof(BullTable))
        self.T.L = calls
        self.T.D = cheung
        self.T.players = rules.players
        self.T.start = rules.start_cards
        self.T.limit = rules.card_limit
        self.T.change = rules.loser_change
        self.T.next_starter = {"loser": NEXT_LOSER, "winner": NEXT_WINNER,
                               "after-challenger": NEXT_AFTER_CHALLENGER}[rules.next_starter]
        self.T.step = rules.step
        self.T.n_calls = len(ladder)
        self.T.or_higher = bool(rules.or_higher)
        self.T.jokers_leave_at = rules.jokers_leave_at
        self.T.recharge_at = rules.recharge_at
        self.T.cheung = rules.family == "cheung"
        self.T.obs_size = rules.observation_size
        self.T.raise_start = <const int32_t*>_data(starts)
        from ..cards import deck_bits
        bits = deck_bits(ladder.allowed_mask)
        if len(bits) > DECK_MAX:
            raise ValueError(f"a deck of {len(bits)} cards is more than {DECK_MAX}")
        self.T.deck_n = len(bits)
        for i in range(64):
            self.T.card_index[i] = -1
        for i, b in enumerate(bits):
            self.T.deck[i] = (<uint64_t>1) << <int>b
            self.T.card_index[b] = i


cdef BullTable _NO_TABLE     # zeros: what a state points at before Game sets it up


cdef class BullState:
    """The compiled engine of one Poker Bull game (see pokerbull.bull.game.Game).

    The struct holds the game; the Python attributes below are what the Python
    side of Game reads (rules, ladder, and caches of the records built from the log).
    """

    cdef BullCore G
    cdef BullTableObject table
    cdef const BullTable* T
    cdef object _rng_object                 # RNG_BITGEN: the numpy Generator drawn from
    cdef object _banned_bytes               # keeps G.banned alive
    cdef public object rules
    cdef public object _lad
    cdef public object _core
    cdef public object _raise_start
    cdef public object _records             # history records built so far (shared by clones)
    cdef public Py_ssize_t _record_words    # log words they cover
    cdef public bint _records_owned
    cdef public object _record_context      # (hand number, last Deal record) at that point

    def __cinit__(self):
        self.T = &_NO_TABLE             # a state not set up is over: nothing is legal
        self.G.to_play = PLAYER_TERMINAL

    def __dealloc__(self):
        if self.G.log != NULL:
            free(self.G.log)
            self.G.log = NULL

    # ---- set-up (called by Game)
    def _set_table(self, BullTableObject table, rules, lad, core, raise_start):
        self.table = table
        self.T = &table.T
        self.rules = rules
        self._lad = lad
        self._core = core
        self._raise_start = raise_start
        core_reset(self.T, &self.G)
        self.G.manual = 0
        self.G.rng_kind = RNG_NONE
        self.G.log_len = 0
        if self.G.log == NULL:
            self.G.log = <int64_t*>malloc(256 * sizeof(int64_t))
            if self.G.log == NULL:
                raise MemoryError()
            self.G.log_cap = 256
        self._records = []
        self._record_words = 0
        self._records_owned = True
        self._record_context = (0, None, 0)

    def _seed_own(self, uint64_t seed):
        """numpy.random.default_rng(seed)'s generator, kept in the struct."""
        pb_pcg_seed(&self.G.pcg, seed)
        self.G.rng_kind = RNG_OWN
        self._rng_object = None

    def _set_generator(self, generator, bint own):
        """Draw from a numpy Generator: copied into the struct when `own` and it is a
        PCG64 (nobody else holds it), else drawn through its bit generator."""
        bit_generator = generator.bit_generator
        if own and type(bit_generator) is np.random.PCG64:
            self._load_pcg_state(bit_generator.state)
            return
        self.G.bitgen = <bitgen_t*>PyCapsule_GetPointer(bit_generator.capsule, "BitGenerator")
        self.G.rng_kind = RNG_BITGEN
        self._rng_object = generator

    def _load_pcg_state(self, state):
        inner = state["state"]
        s, inc = int(inner["state"]), int(inner["inc"])
        pb_pcg_set(&self.G.pcg, s >> 64, s & 0xFFFFFFFFFFFFFFFF, inc >> 64,
                   inc & 0xFFFFFFFFFFFFFFFF, int(state["has_uint32"]), int(state["uinteger"]))
        self.G.rng_kind = RNG_OWN
        self._rng_object = None

    def _drop_generator(self):
        self.G.rng_kind = RNG_NONE
        self._rng_object = None

    def _generator_state(self):
        """The generator's state as numpy gives it (None when nothing random is left)."""
        if self.G.rng_kind == RNG_OWN:
            return {"bit_generator": "PCG64",
                    "state": {"state": (int(pb_pcg_word(&self.G.pcg, 0)) << 64)
                              | int(pb_pcg_word(&self.G.pcg, 1)),
                              "inc": (int(pb_pcg_word(&self.G.pcg, 2)) << 64)
                              | int(pb_pcg_word(&self.G.pcg, 3))},
                    "has_uint32": self.G.pcg.has32, "uinteger": self.G.pcg.u32}
        if self.G.rng_kind == RNG_BITGEN:
            return self._rng_object.bit_generator.state
        return None

    def _draw_seat(self):
        """A random seat (Generator.integers(players))."""
        return <int>core_below(&self.G, <uint32_t>self.T.players)

    def _set_first_starter(self, int seat):
        self.G.first_starter = seat
        self.G.starter = seat

    def _set_manual(self, bint manual):
        self.G.manual = manual

    def _deal_random(self, int starter):
        if self.G.rng_kind == RNG_NONE:
            raise ValueError("this game has no generator to deal from")
        self._check(core_deal_random(self.T, &self.G, starter))
        if self.T.cheung:
            self._update_banned()

    cdef inline void _check(self, int status) except *:
        if status < 0:
            raise MemoryError("the game's log cannot grow")

    def _update_banned(self):
        """Cheung: opening calls certain for the cards in play (one table per count)."""
        cdef int s, total = 0
        for s in range(self.T.players):
            total += self.G.sizes[s]
        key = (total, bool(self.G.jokers_gone))
        banned = self.table.banned_cache.get(key)
        if banned is None:
            from ..calls.cheung import certain_calls
            deck = self._lad.allowed_mask & ~(JOKER_BITS if self.G.jokers_gone else 0)
            flags = bytearray(self.T.n_calls)
            for c in certain_calls(self._lad, total, deck):
                flags[c] = 1
            allowed = tuple(c for c in range(self.T.n_calls) if not flags[c])
            banned = self.table.banned_cache[key] = (bytes(flags), frozenset(
                c for c in range(self.T.n_calls) if flags[c]), allowed, frozenset(allowed))
        self._banned_bytes = banned
        self.G.banned = <const uint8_t*><char*>banned[0] if banned[1] else NULL

    # ---- the state as the Python side reads it
    @property
    def _to_play(self):
        return self.G.to_play

    @property
    def current_player(self):
        """The seat to act; CHANCE_PLAYER (-1) awaiting a deal, TERMINAL_PLAYER (-4) at the end."""
        return self.G.to_play

    @property
    def to_play(self):
        """The seat to act, or None when the game is over or awaits a deal."""
        return self.G.to_play if self.G.to_play >= 0 else None

    @property
    def _last(self):
        return self.G.last

    @property
    def _last_caller(self):
        return self.G.last_caller

    @property
    def _hand_no(self):
        return self.G.hand_no

    @property
    def _starter(self):
        return self.G.starter

    @property
    def _winner(self):
        return self.G.winner

    @property
    def _first_starter(self):
        return self.G.first_starter

    @property
    def _manual(self):
        return bool(self.G.manual)

    @property
    def _jokers_gone(self):
        return bool(self.G.jokers_gone)

    @property
    def _recharged(self):
        return bool(self.G.recharged)

    @property
    def _players(self):
        return self.T.players

    @property
    def _n_calls(self):
        return self.T.n_calls

    @property
    def _step(self):
        return self.T.step

    @property
    def _sizes(self):
        return [self.G.sizes[s] for s in range(self.T.players)]

    @property
    def hand_sizes(self):
        """Cards each seat holds this hand (or is due next hand); 0 for seats that are out."""
        return tuple([self.G.sizes[s] for s in range(self.T.players)])

    @property
    def _hands(self):
        return [self.G.hands[s] for s in range(self.T.players)]

    @property
    def _banned(self):
        return self._banned_bytes[1] if self.G.banned != NULL else frozenset()

    @property
    def _calls(self):
        """This hand's calls as (seat, ladder index)."""
        cdef Py_ssize_t i
        cdef uint64_t word
        out = []
        if self.G.hand_calls == 0:
            return out
        i = self.G.deal_at + 1 + self.T.players
        while i < self.G.log_len:
            word = <uint64_t>self.G.log[i]
            if (word & 0xFF) == LOG_CALL:
                out.append((<int>((word >> 8) & 0xFF), <int>((word >> 16) & 0xFFFFFFFFULL)))
            i += 1
        return out

    def _log_words(self, Py_ssize_t start):
        """The compact log from word `start` on (int64; decoded by bull/game.py)."""
        out = np.empty(max(self.G.log_len - start, 0), np.int64)
        cdef int64_t[::1] view = out
        if self.G.log_len > start:
            memcpy(&view[0], &self.G.log[start], (self.G.log_len - start) * sizeof(int64_t))
        return out

    @property
    def _log_len(self):
        return self.G.log_len

    # ---- the hot paths
    def is_terminal(self):
        """True when the game is over (:attr:`is_over`); OpenSpiel's name."""
        return self.G.to_play == PLAYER_TERMINAL

    @property
    def is_over(self):
        """True once one seat is left: the game has a :attr:`winner`."""
        return self.G.to_play == PLAYER_TERMINAL

    def legal_actions(self):
        """Sorted legal action ids: the ladder indices of every raise, then the challenge
        (a read-only list-like :class:`LegalActions`)."""
        if self.G.to_play < 0:
            return _legal_range(0, 0)
        if self.G.last >= 0:
            return _legal_range(self.T.raise_start[self.G.last], self.T.n_calls + 1)
        if self.G.banned != NULL:
            return _legal_values(self._banned_bytes[2], self._banned_bytes[3])
        return _legal_range(0, self.T.n_calls)

    def apply_action(self, action):
        """Apply an action id (see :meth:`legal_actions`); IllegalAction if not legal now."""
        cdef Py_ssize_t a
        cdef int status
        if type(action) is int or isinstance(action, np.integer):
            if not isinstance(action, bool) and -1 <= action <= self.T.n_calls:
                a = action
                status = core_apply(self.T, &self.G, a)
                if status == 0:
                    return
                if status == 1:
                    self._update_banned()
                    return
                self._check(status)
        self._refuse(action)

    def _apply_call(self, int index):
        self._check(core_call(self.T, &self.G, index))

    def _apply_challenge(self):
        cdef int status = core_challenge(self.T, &self.G)
        self._check(status)
        if status == 1:
            self._update_banned()

    def _start_hand(self, hands, int starter):
        cdef uint64_t masks[MAX_SEATS]
        for s in range(self.T.players):
            masks[s] = hands[s]
        self._check(core_start_hand(self.T, &self.G, masks, starter))
        if self.T.cheung:
            self._update_banned()

    def clone(self):
        """An independent copy; it continues exactly as this game would."""
        cdef BullState g = self.__class__.__new__(self.__class__)
        cdef int64_t* log = NULL
        if self.G.log != NULL:
            log = <int64_t*>malloc(self.G.log_cap * sizeof(int64_t))
            if log == NULL:
                raise MemoryError()
            memcpy(log, self.G.log, self.G.log_len * sizeof(int64_t))
        memcpy(&g.G, &self.G, sizeof(BullCore))
        g.G.log = log
        g.table = self.table
        g.T = self.T
        g.rules = self.rules
        g._lad = self._lad
        g._core = self._core
        g._raise_start = self._raise_start
        g._banned_bytes = self._banned_bytes
        g._records = self._records
        g._record_words = self._record_words
        g._record_context = self._record_context
        g._records_owned = False
        self._records_owned = False
        if self.G.rng_kind == RNG_BITGEN:
            # another holder's generator: the copy takes a snapshot of its own
            g._rng_object = None
            g._take_snapshot(self._rng_object.bit_generator.state)
        return g

    def _take_snapshot(self, state):
        if state.get("bit_generator") == "PCG64":
            self._load_pcg_state(state)
        else:
            from ..randomness import generator_from_state
            self._set_generator(generator_from_state(state), False)

    def returns(self):
        """Per seat: zeros until the end; then +1 for the winner, -1/(players-1) for the rest."""
        cdef int n = self.T.players
        if self.G.to_play != PLAYER_TERMINAL:
            return [0.0] * n
        out = [-1.0 / (n - 1)] * n
        out[self.G.winner] = 1.0
        return out

    def action_mask(self, seat=None):
        """int8 mask over the action space: 1 for each legal action of `seat`
        (default: the seat to play; all zeros for any other seat)."""
        cdef Py_ssize_t c, lo
        cdef cnp.npy_intp width = self.T.n_calls + 1
        # PyArray_ZEROS and a raw pointer: np.zeros and a typed memoryview cost more than
        # the mask itself (an RL adapter asks for one every step)
        cdef cnp.ndarray out = cnp.PyArray_ZEROS(1, &width, cnp.NPY_INT8, 0)
        if self.G.to_play < 0:
            if seat is not None:
                self._seat(seat)        # a seat that does not exist is refused, even at the end
            return out
        if seat is not None and not (type(seat) is int and seat == self.G.to_play):
            if self._seat(seat) != self.G.to_play:      # checks the seat, as before
                return out
        cdef int8_t* m = <int8_t*> cnp.PyArray_DATA(out)
        if self.G.last >= 0:
            lo = self.T.raise_start[self.G.last]
            memset(m + lo, 1, width - lo)
        elif self.G.banned == NULL:
            memset(m, 1, width - 1)
        else:
            for c in range(self.T.n_calls):
                m[c] = not self.G.banned[c]
        return out

    def observation_array(self, seat):
        """The fixed-size float32 observation of `seat` (layout in docs/game.md)."""
        cdef int s = seat if type(seat) is int and 0 <= seat < self.T.players \
            else self._seat(seat)
        cdef cnp.npy_intp size = self.T.obs_size
        cdef cnp.ndarray out = cnp.PyArray_ZEROS(1, &size, cnp.NPY_FLOAT32, 0)
        core_observe(self.T, &self.G, s, <float*> cnp.PyArray_DATA(out))
        return out


cdef class VectorCore:
    """N games of the same Poker Bull rules stepped at once (pokerbull.VectorGame's core).

    Game i's episodes are the games ``Game(rules, seed=seeds[i])``, then seeds[i] +
    N, seeds[i] + 2N, ... (mod 2**64): each ends, is scored and restarts in the same step.
    The arrays below are written in place by every step.

    Cheung's family: an opening may not make a call certain for the cards in play.
    Those calls depend only on how many cards are in play and whether the jokers
    have left, so every such row is read once, at construction, from the shipped
    table (``calls.cheung.certain_table``, what ``Game`` reads): a byte per call
    (``G.banned`` points into it) and the sorted banned calls of the row.
    """

    cdef BullCore* games
    cdef BullTableObject table
    cdef const BullTable* T
    cdef readonly Py_ssize_t num_games
    cdef readonly int players
    cdef int random_first
    cdef int first
    cdef readonly object seeds          # uint64 (N,): the seed of each game's episode
    cdef readonly object to_play        # int32 (N,): the seat to act
    cdef readonly object legal_start    # int32 (N,): legal actions are legal_start..legal_stop-1
    cdef readonly object legal_stop
    cdef readonly object cards          # uint64 (N,): the cards of the seat to act
    cdef readonly object hand_sizes     # int32 (N, players)
    cdef readonly object last_call      # int32 (N,): -1 at an opening
    cdef readonly object last_caller    # int32 (N,)
    cdef readonly object starter        # int32 (N,)
    cdef readonly object rewards        # float32 (N, players): returns of games ended this step
    cdef readonly object dones          # bool (N,): the game ended this step (and restarted)
    cdef readonly object winners        # int32 (N,): the winner of a game ended this step, else -1
    cdef readonly object episodes       # int64 (N,): episodes finished so far per game
    cdef uint64_t* p_seeds
    cdef int32_t* p_to_play
    cdef int32_t* p_start
    cdef int32_t* p_stop
    cdef uint64_t* p_cards
    cdef int32_t* p_sizes
    cdef int32_t* p_last
    cdef int32_t* p_caller
    cdef int32_t* p_starter
    cdef float* p_rewards
    cdef uint8_t* p_dones
    cdef int32_t* p_winners
    cdef int64_t* p_episodes
    # Cheung: row r = jokers_gone * (ban_rows + 1) + cards in play
    cdef int ban_rows                   # most cards in play a row is kept for
    cdef object _ban_keep               # the arrays below, kept alive
    cdef const uint8_t* ban_flags       # (2 * (ban_rows + 1), n_calls): 1 = banned
    cdef const int32_t* ban_offset      # row r's banned calls: ban_list[ban_offset[r]:ban_offset[r+1]]
    cdef const int32_t* ban_list
    cdef const int32_t* ban_first       # the row's lowest and highest allowed call + 1
    cdef const int32_t* ban_stop
    cdef int32_t* game_row              # (N,): each game's row (-1: no banned call now)

    def __cinit__(self):
        self.games = NULL
        self.num_games = 0
        self.T = &_NO_TABLE
        self.game_row = NULL

    def __dealloc__(self):
        cdef Py_ssize_t i
        if self.games != NULL:
            for i in range(self.num_games):
                if self.games[i].log != NULL:
                    free(self.games[i].log)
            free(self.games)
            self.games = NULL
        if self.game_row != NULL:
            free(self.game_row)
            self.game_row = NULL

    def __init__(self, BullTableObject table, seeds):
        cdef Py_ssize_t i, n = len(seeds)
        if n < 1:     # VectorGame says why in words
            raise ValueError("VectorCore: no games")
        self.table = table
        self.T = &table.T
        self.game_row = <int32_t*>malloc(n * sizeof(int32_t))
        if self.game_row == NULL:
            raise MemoryError()
        for i in range(n):
            self.game_row[i] = -1
        if table.T.cheung:
            self._read_banned(table)
        self.players = table.T.players
        first = table.rules.first_starter
        self.random_first = first == "random"
        self.first = 0 if self.random_first else int(first)
        self.games = <BullCore*>malloc(n * sizeof(BullCore))
        if self.games == NULL:
            raise MemoryError()
        memset(self.games, 0, n * sizeof(BullCore))
        self.num_games = n
        for i in range(n):
            self.games[i].log = <int64_t*>malloc(64 * sizeof(int64_t))
            if self.games[i].log == NULL:
                raise MemoryError()
            self.games[i].log_cap = 64
            self.games[i].hand_log_only = 1
        p = self.players
        self.seeds = np.array(seeds, dtype=np.uint64)
        self.to_play = np.zeros(n, np.int32)
        self.legal_start = np.zeros(n, np.int32)
        self.legal_stop = np.zeros(n, np.int32)
        self.cards = np.zeros(n, np.uint64)
        self.hand_sizes = np.zeros((n, p), np.int32)
        self.last_call = np.zeros(n, np.int32)
        self.last_caller = np.zeros(n, np.int32)
        self.starter = np.zeros(n, np.int32)
        self.rewards = np.zeros((n, p), np.float32)
        self.dones = np.zeros(n, np.bool_)
        self.winners = np.full(n, -1, np.int32)
        self.episodes = np.zeros(n, np.int64)
        self.p_seeds = <uint64_t*>_data(self.seeds)
        self.p_to_play = <int32_t*>_data(self.to_play)
        self.p_start = <int32_t*>_data(self.legal_start)
        self.p_stop = <int32_t*>_data(self.legal_stop)
        self.p_cards = <uint64_t*>_data(self.cards)
        self.p_sizes = <int32_t*>_data(self.hand_sizes)
        self.p_last = <int32_t*>_data(self.last_call)
        self.p_caller = <int32_t*>_data(self.last_caller)
        self.p_starter = <int32_t*>_data(self.starter)
        self.p_rewards = <float*>_data(self.rewards)
        self.p_dones = <uint8_t*>_data(self.dones)
        self.p_winners = <int32_t*>_data(self.winners)
        self.p_episodes = <int64_t*>_data(self.episodes)
        self.reset()

    def _read_banned(self, BullTableObject table):
        """Cheung: the banned opening calls of every count of cards in play, with and
        without the jokers (see the class's text)."""
        from ..calls.cheung import certain_table
        rules, lad = table.rules, table.ladder
        n_calls = self.T.n_calls
        decks = (lad.allowed_mask, lad.allowed_mask & ~JOKER_BITS)
        # sizes never pass the limit, but a recharge adds one card to every live seat
        most = rules.players * (max(rules.card_limit, rules.start_cards) + 1)
        self.ban_rows = min(most, lad.allowed_mask.bit_count())
        flags = np.zeros((2 * (self.ban_rows + 1), n_calls), np.uint8)
        for j, deck in enumerate(decks):
            rows = min(self.ban_rows, deck.bit_count())
            flags[j * (self.ban_rows + 1):j * (self.ban_rows + 1) + rows + 1] = \
                certain_table(lad, rows, deck)
        offsets = np.zeros(len(flags) + 1, np.int32)
        firsts = np.zeros(len(flags), np.int32)
        stops = np.zeros(len(flags), np.int32)
        lists = []
        for r, row in enumerate(flags):
            banned = np.flatnonzero(row).astype(np.int32)
            allowed = np.flatnonzero(row == 0)
            lists.append(banned)
            offsets[r + 1] = offsets[r] + len(banned)
            firsts[r] = allowed[0] if len(allowed) else 0
            stops[r] = allowed[len(allowed) - 1] + 1 if len(allowed) else 0
        banned_list = np.concatenate(lists + [np.zeros(1, np.int32)])
        self._ban_keep = (flags, offsets, banned_list, firsts, stops)
        self.ban_flags = <const uint8_t*>_data(flags)
        self.ban_offset = <const int32_t*>_data(offsets)
        self.ban_list = <const int32_t*>_data(banned_list)
        self.ban_first = <const int32_t*>_data(firsts)
        self.ban_stop = <const int32_t*>_data(stops)

    cdef void _set_banned(self, Py_ssize_t i) noexcept nogil:
        """Cheung: game i's opening calls that are certain for its cards in play."""
        cdef BullCore* G = &self.games[i]
        cdef int s, total = 0, r
        for s in range(self.players):
            total += G.sizes[s]
        r = (self.ban_rows + 1) * (1 if G.jokers_gone else 0) + total
        if self.ban_offset[r + 1] > self.ban_offset[r]:
            G.banned = &self.ban_flags[<Py_ssize_t>r * self.T.n_calls]
            self.game_row[i] = r
        else:
            G.banned = NULL
            self.game_row[i] = -1

    def reset(self, seeds=None):
        """Every game starts a new episode (from `seeds` when given)."""
        cdef Py_ssize_t i
        if seeds is not None:
            self.seeds[:] = np.asarray(seeds, dtype=np.uint64)
        for i in range(self.num_games):
            self._check(self._start(i, self.p_seeds[i]))
            if self.T.cheung:
                self._set_banned(i)
            self._publish(i)
        self.rewards[:] = 0
        self.dones[:] = False
        self.winners[:] = -1

    cdef inline void _check(self, int status) except *:
        if status < 0:
            raise MemoryError("a game's log cannot grow")

    cdef int _start(self, Py_ssize_t i, uint64_t seed) noexcept nogil:
        cdef BullCore* G = &self.games[i]
        cdef int first
        core_reset(self.T, G)
        pb_pcg_seed(&G.pcg, seed)
        G.rng_kind = RNG_OWN
        G.manual = 0
        first = <int>core_below(G, <uint32_t>self.players) if self.random_first else self.first
        G.first_starter = first
        G.starter = first
        return core_deal_random(self.T, G, first)

    cdef void _publish(self, Py_ssize_t i) noexcept nogil:
        """Write game i's compact state into the arrays."""
        cdef BullCore* G = &self.games[i]
        cdef int s
        self.p_to_play[i] = G.to_play
        if G.last >= 0:
            self.p_start[i] = self.T.raise_start[G.last]
            self.p_stop[i] = self.T.n_calls + 1
        elif G.banned != NULL:        # Cheung's opening: the span of the allowed calls
            self.p_start[i] = self.ban_first[self.game_row[i]]
            self.p_stop[i] = self.ban_stop[self.game_row[i]]
        else:
            self.p_start[i] = 0
            self.p_stop[i] = self.T.n_calls
        self.p_cards[i] = G.hands[G.to_play]
        for s in range(self.players):
            self.p_sizes[i * self.players + s] = G.sizes[s]
        self.p_last[i] = G.last
        self.p_caller[i] = G.last_caller
        self.p_starter[i] = G.starter

    def step(self, actions):
        """Apply one action per game; -1, or the first game whose action is not legal
        (then nothing was applied)."""
        cdef const int64_t[::1] a = np.ascontiguousarray(actions, dtype=np.int64)
        cdef Py_ssize_t i, n = self.num_games
        cdef int status, s, p = self.players
        cdef BullCore* G
        cdef BullTable* T = <BullTable*>self.T
        if a.shape[0] != n:
            raise ValueError(f"step needs one action per game ({n}), not {a.shape[0]}")
        for i in range(n):
            G = &self.games[i]
            if not (core_can_call(T, G, a[i])
                    or (a[i] == T.n_calls and G.to_play >= 0 and G.last >= 0)):
                return i
        cdef float lose = -1.0 / (p - 1)
        cdef float* reward
        cdef int failed = 0
        with nogil:
            for i in range(n):
                G = &self.games[i]
                status = core_apply(T, G, a[i])
                if status < 0:
                    failed = 1
                    break
                if status == 1:               # Cheung's next hand is dealt
                    self._set_banned(i)
                reward = &self.p_rewards[i * p]
                if G.to_play == PLAYER_TERMINAL:
                    for s in range(p):
                        reward[s] = lose
                    reward[G.winner] = 1.0
                    self.p_dones[i] = 1
                    self.p_winners[i] = G.winner
                    self.p_episodes[i] += 1
                    self.p_seeds[i] += <uint64_t>n
                    if self._start(i, self.p_seeds[i]) < 0:
                        failed = 1
                        break
                    if T.cheung:
                        self._set_banned(i)
                else:
                    for s in range(p):
                        reward[s] = 0.0
                    self.p_dones[i] = 0
                    self.p_winners[i] = -1
                self._publish(i)
        if failed:
            raise MemoryError("a game's log cannot grow")
        return -1

    def observations(self, out=None):
        """float32 (N, observation_size): each game's observation for its seat to act
        (the layout of Game.observation_array)."""
        cdef Py_ssize_t i, size = self.T.obs_size
        if out is None:
            out = np.empty((self.num_games, size), np.float32)
        cdef float[:, ::1] view = out
        if view.shape[0] != self.num_games or view.shape[1] != size:
            raise ValueError(f"out must be float32 of shape ({self.num_games}, {size})")
        with nogil:
            for i in range(self.num_games):
                memset(&view[i, 0], 0, size * sizeof(float))
                core_observe(self.T, &self.games[i], self.games[i].to_play, &view[i, 0])
        return out

    def action_masks(self, out=None):
        """int8 (N, num_actions): 1 for each legal action of each game's seat to act."""
        cdef Py_ssize_t i, c, width = self.T.n_calls + 1
        if out is None:
            out = np.empty((self.num_games, width), np.int8)
        cdef int8_t[:, ::1] view = out
        cdef int32_t[::1] start = self.legal_start
        cdef int32_t[::1] stop = self.legal_stop
        if view.shape[0] != self.num_games or view.shape[1] != width:
            raise ValueError(f"out must be int8 of shape ({self.num_games}, {width})")
        cdef int32_t r, k
        with nogil:
            for i in range(self.num_games):
                memset(&view[i, 0], 0, width)
                for c in range(start[i], stop[i]):
                    view[i, c] = 1
                r = self.game_row[i]
                if r >= 0 and self.games[i].last < 0:      # Cheung's opening
                    for k in range(self.ban_offset[r], self.ban_offset[r + 1]):
                        view[i, self.ban_list[k]] = 0
        return out

    def pick_actions(self, uniforms, out=None):
        """int64 (N,): for each game the legal action at position floor(u * count) of
        its sorted legal actions (u in [0, 1) from `uniforms`, count = how many there
        are): uniform legal play from uniform numbers, Cheung's openings included."""
        cdef const double[::1] u = np.ascontiguousarray(uniforms, dtype=np.float64)
        cdef Py_ssize_t i, n = self.num_games
        if u.shape[0] != n:
            raise ValueError(f"pick_actions needs one number per game ({n}), not {u.shape[0]}")
        if out is None:
            out = np.empty(n, np.int64)
        cdef int64_t[::1] view = out
        cdef int32_t[::1] start = self.legal_start
        cdef int32_t[::1] stop = self.legal_stop
        cdef int32_t r, k, lo, hi, b
        cdef int64_t a, count
        with nogil:
            for i in range(n):
                lo, hi = start[i], stop[i]
                r = self.game_row[i]
                if r < 0 or self.games[i].last >= 0:
                    view[i] = lo + <int64_t>(u[i] * (hi - lo))
                    continue
                count = hi - lo           # Cheung's opening: skip the banned calls
                for k in range(self.ban_offset[r], self.ban_offset[r + 1]):
                    b = self.ban_list[k]
                    if lo <= b < hi:
                        count -= 1
                a = lo + <int64_t>(u[i] * count)
                for k in range(self.ban_offset[r], self.ban_offset[r + 1]):
                    b = self.ban_list[k]
                    if b < lo:
                        continue
                    if b <= a:
                        a += 1
                    else:
                        break
                view[i] = a
        return out
