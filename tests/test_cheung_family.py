"""The cheung family (RULES.md 2.4): ladder, text, order and satisfaction on both
backends, against a brute-force reference (every hand, every joker choice)."""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerbull as pb
from pokerbull.cards import card_bit
from conftest import BACKENDS, ladder_on
from cheung_reference import brute_codes

DECK = [(r, s) for r in range(13) for s in range(4)]


def pool_mask(naturals, jokers: int) -> int:
    mask = sum(1 << card_bit(r, s) for r, s in naturals)
    return mask | ((1 << 13) if jokers >= 1 else 0) | ((1 << 29) if jokers >= 2 else 0)


@lru_cache(maxsize=None)
def cheung_on(backend: str, **options):
    return ladder_on(BACKENDS[backend], "cheung", **options)


def test_ladder_sizes_match_rules():
    assert len(pb.ladder("cheung", jokers=0)) == 20491
    assert len(pb.ladder("cheung", jokers=1)) == 40996
    assert len(pb.ladder("cheung")) == 61501
    # wild joker order: five of a kind gets every tier too
    assert len(pb.ladder("cheung", jokers=1, joker_order="wild")) == 2 * (20491 + 14)
    assert len(pb.ladder("cheung", jokers=2, joker_order="wild")) == 3 * (20491 + 14)
    lad = pb.ladder("cheung")
    assert lad.n_levels == len(lad)                       # every call its own level
    assert pb.ladder("cheung", jokers=2) is lad           # defaults resolve to one ladder


@pytest.mark.parametrize("option,value", [
    ("jokers", 3), ("jokers", -1), ("jokers", "2"), ("jokers", True),
    ("suit_order", "cdhs"), ("joker_order", "jokers high"), ("royal_over_five", "yes"),
])
def test_bad_options_name_the_option_and_its_choices(option, value):
    with pytest.raises(ValueError, match=option) as err:
        pb.ladder("cheung", **{option: value})
    assert "choose one of" in str(err.value)


def test_unknown_option_is_refused():
    with pytest.raises(ValueError, match="the cheung family has no option 'jokerz': it takes "
                                         "jokers, suit_order, joker_order, royal_over_five"):
        pb.ladder("cheung", jokerz=1)


@pytest.mark.parametrize("text,code", [
    ("three Queens, a Nine and a Four", "trips:Q,9,4"),
    ("a flush of spades with a Jack, a Six and a Four", "flush:J,6,4:s"),
    ("a pair", "pair:"),
    ("four Queens with a King, natural", "quads:Q,K::nat"),
    ("pair of kings with an ace", "pair:K,A"),
    ("two Kings and a Nine", "pair:K,9"),
    ("trips q 9", "trips:Q,9"),
    ("flush spades J 6 4", "flush:J,6,4:s"),
    ("Aces full of Fives", "full_house:A,5"),
    ("two pair, Fours and Nines", "two_pair:9,4"),
    ("two pair kings up", "two_pair:K"),
    ("straight to the nine", "straight:9"),
    ("straight flush to the King of hearts", "straight_flush:K:h"),
    ("royal flush", "royal_flush:"),
    ("five aces", "five_kind:A"),
    ("a high card with a King", "high_card:K"),
    ("three of a kind, at most one joker", "trips:::max1"),
    ("trips:Q::nat", "trips:Q::nat"),
])
def test_parse_spellings(text, code):
    assert pb.ladder("cheung").parse(text).code == code


@pytest.mark.parametrize("text", ["three Queens and a Queen", "flush with a Jack of hearts and clubs",
                                  "four Queens with a King and a Nine", "a straight to the Four",
                                  "bull", "pair:Q,Q", "six of a kind"])
def test_parse_refuses_what_is_not_a_call(text):
    with pytest.raises(ValueError):
        pb.ladder("cheung").parse(text)


@pytest.mark.parametrize("jokers", [0, 2])
def test_every_phrase_and_code_names_its_own_call(jokers):
    lad = pb.ladder("cheung", jokers=jokers)
    step = 1 if jokers == 0 else 7
    for call in lad.calls[::step]:
        assert lad.parse(call.phrase) is call, call.phrase
        assert lad.parse(call.code) is call


def test_order_more_specific_raises():
    lad = pb.ladder("cheung")
    chain = ["trips:Q", "trips:Q,9", "trips:Q,9,4", "trips:Q,9,5", "trips:Q,T", "trips:K"]
    for low, high in zip(chain, chain[1:]):
        assert lad.is_raise(high, low) and not lad.is_raise(low, high)
    assert lad.is_raise("flush:J,9,6,4:s", "flush:J,6,4:s")
    assert lad.is_raise("flush:J,9,7,3:s", "flush:J,6,4:s")       # higher, not more specific
    assert lad.is_raise("quads:6,K::nat", "quads:6,K::max1")       # natural beats jokers
    assert lad.is_raise("quads:6,K::max1", "quads:6,K")
    # suits: spades > hearts > clubs > diamonds, unnamed lowest; option shdc swaps the last two
    assert lad.is_raise("flush::c", "flush::d") and lad.is_raise("flush::d", "flush:")
    alt = pb.ladder("cheung", suit_order="shdc")
    assert alt.is_raise("flush::d", "flush::c")
    # categories
    assert lad.is_raise("five_kind:2", "royal_flush::s:nat")
    assert lad.is_raise("royal_flush:", "straight_flush:K:s:nat")


def test_joker_order_and_royal_option():
    wild = pb.ladder("cheung", joker_order="wild")
    assert wild.is_raise("trips:Q::min2", "trips:Q::min1") and wild.is_raise("trips:Q::min1", "trips:Q")
    nat = pb.ladder("cheung", royal_over_five="natural")
    assert nat.is_raise("royal_flush:::nat", "five_kind:A::max1")
    assert not nat.is_raise("royal_flush:::max1", "five_kind:2")
    anyr = pb.ladder("cheung", royal_over_five="any")
    assert anyr.is_raise("royal_flush:", "five_kind:A::max1")
    assert anyr[-1].category == "royal_flush"


@pytest.mark.parametrize("backend", ["python", "cython"])
def test_rules_examples(backend):
    if BACKENDS[backend] is None:
        pytest.skip("compiled core not built")
    lad = cheung_on(backend)
    flush = pb.Pool.parse("Js 9s 6s 4s 2s")
    assert lad.holds(lad.parse("flush:J,6,4:s"), flush)
    assert lad.holds(lad.parse("flush:9,4:s"), flush)
    assert not lad.holds(lad.parse("flush:J,6,4:h"), flush)
    assert not lad.holds(lad.parse("straight:"), flush)
    trips = pb.Pool.parse("Qs Qh Qd 9c 4d")
    assert lad.holds(lad.parse("trips:Q,9,4"), trips)
    assert not lad.holds(lad.parse("trips:Q,T"), trips)
    assert not lad.holds(lad.parse("pair:Q"), trips)          # exact hands only
    # four sixes and a King beat three sixes, a King and a joker
    assert lad.holds(lad.parse("quads:6,K::nat"), pb.Pool.parse("6s 6h 6d 6c Kd"))
    assert lad.holds(lad.parse("quads:6,K"), pb.Pool.parse("6s 6h 6d Kd X1"))
    assert not lad.holds(lad.parse("quads:6,K::nat"), pb.Pool.parse("6s 6h 6d Kd X1"))
    assert lad.holds(lad.parse("five_kind:6::max1"), pb.Pool.parse("6s 6h 6d 6c X1 2d"))
    assert lad.best(pb.Pool.parse("6s 6h 6d X1 X2")).code == "five_kind:6"


def _random_pool(rng: random.Random, n: int, jokers_in_deck: int):
    jokers = rng.randint(0, min(jokers_in_deck, n))
    naturals = rng.sample(DECK, n - jokers)
    return naturals, jokers


@pytest.mark.parametrize("jokers_in_deck,joker_order", [(0, "natural"), (1, "natural"),
                                                        (2, "natural"), (2, "wild")])
def test_truth_and_best_match_brute_force(jokers_in_deck, joker_order):
    """Every call of the ladder against every hand and joker choice, pools of 1-9."""
    backend = "cython" if BACKENDS["cython"] is not None else "python"
    lad = cheung_on(backend, jokers=jokers_in_deck, joker_order=joker_order)
    codes = np.array([c.code for c in lad])
    rng = random.Random(100 + jokers_in_deck + (joker_order == "wild"))
    for n in range(1, 10):
        for _ in range(3 if n <= 6 else 1):
            naturals, jokers = _random_pool(rng, n, jokers_in_deck)
            if n >= 8:
                jokers = min(jokers_in_deck, 1)   # two jokers at 8-9 cards: see the slow test
                naturals = naturals[:n - jokers] if len(naturals) >= n - jokers else \
                    naturals + rng.sample([c for c in DECK if c not in naturals], 1)
            mask = pool_mask(naturals, jokers)
            expected = brute_codes(naturals, jokers, jokers_in_deck, joker_order)
            got = set(codes[lad.truth(mask)])
            assert got == expected, (pb.Pool(mask), sorted(got ^ expected)[:6])
            best = lad.best(mask)
            top = max((lad.parse(c).index for c in expected), default=-1)
            assert (best.index if best is not None else -1) == top


@pytest.mark.slow
def test_two_jokers_big_pools_match_brute_force():
    lad = cheung_on("cython" if BACKENDS["cython"] is not None else "python")
    codes = np.array([c.code for c in lad])
    rng = random.Random(7)
    for n in (8, 9):
        naturals = rng.sample(DECK, n - 2)
        mask = pool_mask(naturals, 2)
        assert set(codes[lad.truth(mask)]) == brute_codes(naturals, 2, 2), pb.Pool(mask)


def test_small_pools_exhaustive_shapes():
    """Pools of one to three cards: the brute force on many random draws (cheap)."""
    backend = "cython" if BACKENDS["cython"] is not None else "python"
    lad = cheung_on(backend)
    codes = np.array([c.code for c in lad])
    rng = random.Random(5)
    for _ in range(40):
        naturals, jokers = _random_pool(rng, rng.randint(1, 4), 2)
        mask = pool_mask(naturals, jokers)
        assert set(codes[lad.truth(mask)]) == brute_codes(naturals, jokers, 2)


@st.composite
def pools(draw, jokers_in_deck=2, lo=1, hi=20):
    n = draw(st.integers(lo, hi))
    cards = draw(st.lists(st.sampled_from(range(52 + jokers_in_deck)), min_size=n, max_size=n,
                          unique=True))
    bits = [16 * (c // 13) + c % 13 if c < 52 else (13 if c == 52 else 29) for c in cards]
    return sum(1 << b for b in bits)


@pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")
@settings(max_examples=60, deadline=None)
@given(masks=st.lists(pools(), min_size=1, max_size=20), seed=st.integers(0, 2**32 - 1),
       options=st.sampled_from([{}, {"joker_order": "wild", "suit_order": "shdc"},
                                {"royal_over_five": "any"}, {"royal_over_five": "natural"}]))
def test_backends_agree(masks, seed, options):
    py, cy = cheung_on("python", **options), cheung_on("cython", **options)
    arr = np.array(masks, dtype=np.uint64)
    calls = np.random.default_rng(seed).integers(0, len(py), len(arr))
    assert (py.holds_many(arr, calls) == cy.holds_many(arr, calls)).all()
    assert (py.best_many(arr) == cy.best_many(arr)).all()


@pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")
@settings(max_examples=15, deadline=None)
@given(mask=pools(hi=14))
def test_truth_agrees_across_backends_and_best_is_highest_true(mask):
    py, cy = cheung_on("python"), cheung_on("cython")
    truth = cy.truth(mask)
    assert (py.truth(mask) == truth).all()
    best = cy.best(mask)
    assert best.index == int(np.flatnonzero(truth)[-1])


@pytest.mark.parametrize("backend", ["python", "cython"])
def test_bad_input_is_refused(backend):
    if BACKENDS[backend] is None:
        pytest.skip("compiled core not built")
    lad = cheung_on(backend, jokers=0)
    with pytest.raises(ValueError, match="joker"):
        lad.holds("pair:", pb.Pool.parse("As X1"))
    with pytest.raises(ValueError):
        lad.holds_many(np.array([1], np.uint64), np.array([len(lad)]))
    with pytest.raises(ValueError):
        lad.best_many(np.array([1 << 14], np.uint64))
    assert lad.holds_many(np.array([0b11], np.uint64), np.array([0])).tolist() == [True]


def test_witness_shows_the_hand():
    lad = pb.ladder("cheung")
    pool = pb.Pool.parse("Qs Qh Qd 9c 4d 2s X1")
    call = lad.parse("trips:Q,9,4::nat")
    shown = lad.witness(call, pool)
    assert shown is not None and shown.mask & ~pool.mask == 0
    assert lad.holds(call, shown)
    assert lad.witness("quads:Q", pb.Pool.parse("Qs Qh 2d")) is None


def _mixed_pools(rng, n: int, jokers: int = 2) -> np.ndarray:
    """Random pools of 0..54 cards (most of 4-12 and 48-54), jokers included."""
    bits = np.array([16 * s + r for s in range(4) for r in range(13)] + [13, 29][:jokers],
                    np.uint64)
    sizes = rng.choice(np.r_[np.arange(len(bits) + 1), np.arange(4, 13).repeat(4),
                             np.arange(len(bits) - 6, len(bits) + 1).repeat(4)], n)
    order = np.argsort(rng.random((n, len(bits))), axis=1)
    picked = np.arange(len(bits))[None, :] < sizes[:, None]
    return np.bitwise_or.reduce(np.where(picked, np.uint64(1) << bits[order], np.uint64(0)), axis=1)


@pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")
@pytest.mark.parametrize("options", [{}, {"jokers": 0}, {"joker_order": "wild"}])
def test_every_batch_path_answers_as_the_scalar_loop_and_the_pure_backend(options):
    """holds_many on each vector path this CPU runs (the count tests in _simd.h, the
    exact check for what they leave) against the scalar loop for every index width
    and one call for all; a slice against the pure backend."""
    from pokerbull.core import _core
    lad = cheung_on("cython", **options)
    rng = np.random.default_rng(len(lad))
    masks = _mixed_pools(rng, 40_003, options.get("jokers", 2))
    calls = rng.integers(0, len(lad), len(masks))
    scalar = _core.CheungKernel(lad.tables, simd="scalar")
    want = scalar.holds_many(masks, calls.astype(np.int32))
    assert 0.05 < want.mean() < 0.95
    one = int(calls[0])
    for path in _core.simd_paths():
        kernel = _core.CheungKernel(lad.tables, simd=path)
        assert kernel.path == path
        for width in (np.int32, np.int64):
            assert np.array_equal(kernel.holds_many(masks, calls.astype(width)), want), (path, width)
        low = (calls % 32768).astype(np.int16)      # int16 indices reach the lowest calls
        assert np.array_equal(kernel.holds_many(masks, low),
                              scalar.holds_many(masks, low.astype(np.int32))), path
        assert np.array_equal(kernel.holds_many_one(masks, one),
                              scalar.holds_many(masks, np.full(len(masks), one, np.int32)))
        bad = calls.astype(np.int64)
        bad[-20] = len(lad)
        with pytest.raises(ValueError, match="call indices"):
            kernel.holds_many(masks, bad)
    py = cheung_on("python", **options)
    assert np.array_equal(py.holds_many(masks[:3000], calls[:3000]), want[:3000])
    # the scalar loop's counts and sure rules against the exact check alone
    exact = [scalar.holds(c, m) for c, m in zip(calls[:15000].tolist(), masks[:15000].tolist())]
    assert want[:15000].tolist() == exact


def _one_suit_pools(rng, n: int, jokers: int) -> np.ndarray:
    """Pools of 5..13 cards of one suit, 0..2 cards of the others, 0..`jokers` jokers:
    flushes forced on every hand, or nearly."""
    suit = rng.integers(0, 4, n)
    ranks = np.argsort(rng.random((n, 13)), axis=1)
    sizes = rng.integers(5, 14, n)
    own = np.where(np.arange(13)[None, :] < sizes[:, None],
                   np.uint64(1) << (16 * suit[:, None] + ranks).astype(np.uint64), np.uint64(0))
    masks = np.bitwise_or.reduce(own, axis=1)
    for _ in range(2):
        card = rng.integers(0, 52, n)
        extra = np.uint64(1) << (16 * (card // 13) + card % 13).astype(np.uint64)
        masks |= np.where(rng.random(n) < 0.5, extra, np.uint64(0))
    for bit in (13, 29)[:jokers]:
        masks |= np.where(rng.random(n) < 0.4, np.uint64(1) << np.uint64(bit), np.uint64(0))
    return masks


@pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")
@pytest.mark.parametrize("options", [{}, {"joker_order": "wild"}])
def test_batch_paths_on_each_kind_of_call(options):
    """Each kind of call (category) on big mixed pools and one-suit pools, where the
    vector paths' sure rules (a rank profile, named ranks spread over suits) and
    their counts by suit decide most lanes: every path against the exact check."""
    from pokerbull.core import _core
    lad = cheung_on("cython", **options)
    rng = np.random.default_rng(23)
    cat = np.asarray(lad.tables.extra["cat"])
    pools = np.concatenate([_one_suit_pools(rng, 2000, 2), _mixed_pools(rng, 2000)])
    scalar = _core.CheungKernel(lad.tables, simd="scalar")
    for kind in range(11):
        calls = rng.choice(np.flatnonzero(cat == kind), len(pools)).astype(np.int32)
        exact = np.array([scalar.holds(c, m) for c, m in zip(calls.tolist(), pools.tolist())])
        assert 0 < exact.sum() < len(pools), kind
        for path in _core.simd_paths():
            got = _core.CheungKernel(lad.tables, simd=path).holds_many(pools, calls)
            assert np.array_equal(got, exact), (kind, path, np.flatnonzero(got != exact)[:5])


def _paths_against_exact(lad, options, pools, calls) -> np.ndarray:
    """Every batch path's holds_many against the exact check (pair by pair) and a
    slice against the pure backend; the exact answers."""
    from pokerbull.core import _core
    scalar = _core.CheungKernel(lad.tables, simd="scalar")
    exact = np.array([scalar.holds(c, m) for c, m in zip(calls.tolist(), pools.tolist())])
    for path in _core.simd_paths():
        got = _core.CheungKernel(lad.tables, simd=path).holds_many(pools, calls)
        assert np.array_equal(got, exact), (path, np.flatnonzero(got != exact)[:5])
    py = cheung_on("python", **options)
    assert np.array_equal(py.holds_many(pools[:800], calls[:800]), exact[:800])
    return exact


@pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")
@pytest.mark.parametrize("options", [{}, {"jokers": 1}, {"joker_order": "wild"}])
def test_record_rules_at_the_big_pool_edge(options):
    """The rules read off a record's count words alone (a named pair or trips:
    its kicker cost) apply to pools of six cards or more: pools of 4..10 cards,
    jokers or not, where the cost is at or next to the jokers that may stand in,
    on every path against the exact check and the pure backend."""
    lad = cheung_on("cython", **options)
    rng = np.random.default_rng(6)
    x = lad.tables.extra
    named = np.isin(np.asarray(x["cat"]), [1, 3]) & (np.asarray(x["nprim"]) == 1)
    jokers = options.get("jokers", 2)
    bits = np.array([16 * s + r for s in range(4) for r in range(13)] + [13, 29][:jokers], np.uint64)
    n = 6000
    sizes = rng.integers(4, 9, n)
    order = np.argsort(rng.random((n, len(bits))), axis=1)
    picked = np.arange(len(bits))[None, :] < sizes[:, None]
    pools = np.bitwise_or.reduce(np.where(picked, np.uint64(1) << bits[order], np.uint64(0)), axis=1)
    for bit in bits[52:]:       # a joker in about half the pools: a cost of one may be met
        pools |= np.where(rng.random(n) < 0.4, np.uint64(1) << bit, np.uint64(0))
    # calls whose pair or trips rank the pool holds at least once less than needed
    # and every named kicker: most costs then sit at or next to the jokers that
    # may stand in
    ranks = np.zeros(n, np.int64)
    for lane in range(4):
        ranks |= ((pools >> np.uint64(16 * lane)) & np.uint64(0x1FFF)).astype(np.int64)
    ones = np.array([bin(v).count("1") for v in range(1 << 13)])
    choices = np.flatnonzero(named)
    cand = rng.choice(choices, (n, 64))
    kick = np.asarray(x["named"]).astype(np.int64)[cand]
    p1 = np.asarray(x["p1"]).astype(np.uint64)[cand]
    held = sum(((pools[:, None] >> (p1 + np.uint64(16 * lane))) & np.uint64(1)).astype(np.int64)
               for lane in range(4))
    k = np.where(np.asarray(x["cat"])[cand] == 1, 2, 3)
    near = (held >= k - 1) & (ones[kick & ~ranks[:, None]] == 0)
    calls = cand[np.arange(n), np.argmax(near, axis=1)].astype(np.int32)
    exact = _paths_against_exact(lad, options, pools, calls)
    assert 0.1 < exact.mean() < 0.9


@pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")
@pytest.mark.parametrize("options", [{}, {"jokers": 1}])
def test_record_rules_where_straights_crowd_the_hands(options):
    """The other rule read off a record's count words (a high card or a flush holds
    on a big pool when enough other ranks, or suit cards, are held: more hands than
    straights; a flush in any suit fails when no suit has five cards and its named
    ranks) on pools of 6..9 cards from seven ranks in a
    row, mostly of one suit, where straights and one-suit hands take many of the
    hands: calls named on ranks the pool holds, every path against the exact check
    and the pure backend."""
    lad = cheung_on("cython", **options)
    rng = np.random.default_rng(9)
    x = lad.tables.extra
    cat, suit, tier = np.asarray(x["cat"]), np.asarray(x["suit"]), np.asarray(x["tier"])
    named = np.asarray(x["named"]).astype(np.int64)
    n, jokers = 4000, options.get("jokers", 2)
    low = rng.integers(-1, 7, n)                 # ranks low .. low + 6 (-1: the Ace below)
    own = rng.integers(0, 4, n)
    pools = np.zeros(n, np.uint64)
    for i in range(n):
        ranks = [(int(low[i]) + d) % 13 for d in range(7)]
        cards = [16 * int(own[i]) + r for r in ranks] * 3 + \
            [16 * t + r for t in range(4) if t != own[i] for r in ranks]
        picked = set()
        size = int(rng.integers(6, 10))
        while len(picked) < size:
            picked.add(int(rng.choice(cards)))
        pools[i] = sum(1 << b for b in picked)
    for bit in (13, 29)[:jokers]:
        pools |= np.where(rng.random(n) < 0.3, np.uint64(1) << np.uint64(bit), np.uint64(0))
    lane = (pools[:, None] >> (np.uint64(16) * np.arange(4, dtype=np.uint64))) & np.uint64(0x1FFF)
    held = np.bitwise_or.reduce(lane, axis=1).astype(np.int64)
    mine = lane[np.arange(n), own].astype(np.int64)
    kind = rng.random(n) < 0.5       # half high cards, half flushes (of the own suit or any)
    high = np.flatnonzero((cat == 0) & (named > 0) & (tier <= 2))
    cand = np.where(kind[:, None], rng.choice(high, (n, 64)), 0)
    for t in range(4):
        rows = np.flatnonzero(~kind & (own == t))
        flushes = np.flatnonzero((cat == 5) & ((suit == t) | (suit < 0)) & (tier <= 2))
        cand[rows] = rng.choice(flushes, (len(rows), 64))
    inside = (named[cand] & ~np.where(kind, held, mine)[:, None]) == 0
    calls = cand[np.arange(n), np.argmax(inside, axis=1)].astype(np.int32)
    exact = _paths_against_exact(lad, options, pools, calls)
    assert 0.1 < exact[kind].mean() < 0.9 and 0.1 < exact[~kind].mean() < 0.9


def _runs_of_pools(rng, crowded: np.ndarray, jokers: int) -> np.ndarray:
    """Random pools of the deck with `jokers` jokers: 40 cards or more where `crowded`
    is set, 3..11 elsewhere."""
    bits = np.array([16 * s + r for s in range(4) for r in range(13)] + [13, 29][:jokers], np.uint64)
    n = len(crowded)
    sizes = np.where(crowded, rng.integers(40, len(bits) + 1, n), rng.integers(3, 12, n))
    order = np.argsort(rng.random((n, len(bits))), axis=1)
    picked = np.arange(len(bits))[None, :] < sizes[:, None]
    return np.bitwise_or.reduce(np.where(picked, np.uint64(1) << bits[order], np.uint64(0)), axis=1)


@pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")
@pytest.mark.parametrize("options", [{}, {"jokers": 0}, {"joker_order": "wild"}])
def test_batch_paths_on_crowded_runs(options):
    """Runs of crowded pools (40..54 cards), where the vector paths judge the sure
    rules first and the counts only for the lanes left, broken by runs of small
    pools (the switch back): every path against the scalar loop, and a slice
    against the exact check."""
    from pokerbull.core import _core
    lad = cheung_on("cython", **options)
    rng = np.random.default_rng(40)
    n = 24_000
    run = (np.arange(n) // 640) % 4 != 3            # 640 crowded pools, then 640 small ones, ...
    pools = _runs_of_pools(rng, run, options.get("jokers", 2))
    calls = rng.integers(0, len(lad), n).astype(np.int32)
    scalar = _core.CheungKernel(lad.tables, simd="scalar")
    want = scalar.holds_many(pools, calls)
    assert 0.05 < (~want[run]).mean() < 0.5
    for path in _core.simd_paths():
        got = _core.CheungKernel(lad.tables, simd=path).holds_many(pools, calls)
        assert np.array_equal(got, want), (path, np.flatnonzero(got != want)[:5])
    exact = [scalar.holds(c, m) for c, m in zip(calls[:4000].tolist(), pools[:4000].tolist())]
    assert want[:4000].tolist() == exact


@pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")
def test_scalar_loop_modes_against_the_exact_check():
    """The scalar loop's two modes (blocks of small pools: every pair's counts, then
    the pairs that pass them by kind; crowded runs: one pair after another) on runs
    of small and crowded pools of random lengths, the mode switching both ways at
    block edges and inside them: pair by pair against the exact check, short arrays
    (below the prefetch distance, a block and a bit), one call for all, and a bad
    index in a late block or a negative one."""
    from pokerbull.core import _core
    lad = cheung_on("cython")
    rng = np.random.default_rng(77)
    lengths = rng.integers(1, 700, 20)
    crowded = np.repeat(np.arange(len(lengths)) % 2 == 1, lengths)
    n = len(crowded)
    pools = _runs_of_pools(rng, crowded, 2)
    calls = rng.integers(0, len(lad), n).astype(np.int32)
    scalar = _core.CheungKernel(lad.tables, simd="scalar")
    exact = np.array([scalar.holds(c, m) for c, m in zip(calls.tolist(), pools.tolist())])
    assert 0.005 < exact[~crowded].mean() < 0.3 and 0.5 < exact[crowded].mean() < 0.98
    got = scalar.holds_many(pools, calls)
    assert np.array_equal(got, exact), np.flatnonzero(got != exact)[:5]
    for size in (1, 15, 17, 130):
        assert np.array_equal(scalar.holds_many(pools[-size:], calls[-size:]), exact[-size:]), size
    one = int(calls[1])
    want = [scalar.holds(one, m) for m in pools[:1500].tolist()]
    assert scalar.holds_many_one(pools[:1500], one).tolist() == want
    for where, value in ((n - 3, len(lad)), (n // 2, -1)):
        bad = calls.copy()
        bad[where] = value
        with pytest.raises(ValueError, match="call indices"):
            scalar.holds_many(pools, bad)


def _dense_pools(rng, n: int, jokers: int) -> np.ndarray:
    """Pools of 6..16 cards drawn from a few ranks or a few suits (and the jokers):
    rich in quads, full houses, five of a kind, flushes and straight flushes."""
    out = np.empty(n, np.uint64)
    for i in range(n):
        if i % 2:
            ranks = rng.choice(13, rng.integers(3, 7), replace=False)
            cards = [16 * s + int(r) for r in ranks for s in range(4)]
        else:
            suits = rng.choice(4, rng.integers(1, 3), replace=False)
            cards = [16 * int(s) + r for s in suits for r in range(13)]
        cards += [13, 29][:jokers]
        size = min(len(cards), int(rng.integers(6, 17)))
        out[i] = sum(1 << int(b) for b in rng.choice(cards, size, replace=False))
    return out


@pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")
@pytest.mark.parametrize("options", [{}, {"jokers": 0}, {"jokers": 1},
                                     {"joker_order": "wild", "suit_order": "shdc"},
                                     {"royal_over_five": "natural"}, {"royal_over_five": "any"}])
def test_best_from_the_hand_shape_matches_the_block_search_and_the_pure_backend(options):
    """best_many read off the pool's hand, answer for answer against the block search
    (pools of every size 0..54, and dense pools), and a slice against the pure backend."""
    from pokerbull.core import _core
    lad = cheung_on("cython", **options)
    jokers = options.get("jokers", 2)
    rng = np.random.default_rng(23 + len(lad))
    masks = np.r_[_mixed_pools(rng, 6_000, jokers), _dense_pools(rng, 1_500, jokers)]
    shape = _core.CheungKernel(lad.tables)
    search = _core.CheungKernel(lad.tables, best_method="block search")
    assert (shape.best_method, search.best_method) == ("hand shapes", "block search")
    want = search.best_many(masks)
    assert np.array_equal(shape.best_many(masks), want)
    assert [shape.best(int(m)) for m in masks[:200]] == want[:200].tolist()
    # the answers span the ladder's categories (the test reaches the rare hands)
    cats = {lad[int(c)].code.split(":")[0] for c in want if c >= 0}
    assert {"pair", "flush", "full_house", "quads", "straight_flush", "royal_flush"} <= cats, cats
    pure = cheung_on("python", **options)
    assert np.array_equal(pure.best_many(masks[::40]), want[::40])
    with pytest.raises(ValueError, match="unknown best method"):
        _core.CheungKernel(lad.tables, best_method="fastest")


@lru_cache(maxsize=None)
def _small_deck_pools(jokers: int) -> np.ndarray:
    """Every pool of one to five cards of two small decks with the deck's jokers: the
    four suits of four ranks (pairs up to five of a kind, full houses, two pairs), and
    two suits of eleven ranks (the wheel, the Ace-high straight, straights and flushes
    beside them, the straight flushes, high cards); and random pools of the whole deck."""
    from itertools import combinations
    joker_bits = [13, 29][:jokers]
    decks = ([16 * s + r for r in (0, 1, 11, 12) for s in range(4)],
             [16 * s + r for r in (12, 0, 1, 2, 3, 4, 7, 8, 9, 10, 11) for s in (0, 1)])
    masks = {sum(1 << b for b in pool) for deck in decks for n in range(1, 6)
             for pool in combinations(deck + joker_bits, n)}
    rng = random.Random(29)
    whole = [16 * s + r for s in range(4) for r in range(13)] + joker_bits
    masks |= {sum(1 << b for b in rng.sample(whole, rng.randint(1, 5))) for _ in range(20_000)}
    return np.array(sorted(masks), np.uint64)


@pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")
@pytest.mark.parametrize("options", [{}, {"jokers": 0}, {"jokers": 1},
                                     {"joker_order": "wild", "suit_order": "shdc"},
                                     {"joker_order": "wild", "jokers": 1},
                                     {"royal_over_five": "natural"}, {"royal_over_five": "any"},
                                     {"royal_over_five": "natural", "joker_order": "wild"}])
def test_best_of_small_pools_from_their_hand_matches_the_block_search(options):
    """Pools of five cards or fewer (the hand is the whole pool, jokers and all): best
    read off the hand, every pool of two small decks and random ones, against the block
    search, under each ladder option (5a and 5b play pools without jokers on the full
    ladder: the pools here without jokers)."""
    from pokerbull.core import _core
    lad = cheung_on("cython", **options)
    masks = _small_deck_pools(options.get("jokers", 2))
    shape = _core.CheungKernel(lad.tables)
    want = _core.CheungKernel(lad.tables, best_method="block search").best_many(masks)
    got = shape.best_many(masks)
    bad = np.flatnonzero(got != want)
    assert not len(bad), [(str(pb.Pool(int(masks[i]))), lad[int(got[i])].code if got[i] >= 0
                           else None, lad[int(want[i])].code if want[i] >= 0 else None)
                          for i in bad[:5]]
    assert [shape.best(int(m)) for m in masks[::97]] == want[::97].tolist()
    # every category and tier a small pool makes is reached
    codes = {lad[int(c)].code for c in want if c >= 0}
    cats = {c.split(":")[0] for c in codes}
    assert {"high_card", "pair", "two_pair", "trips", "straight", "flush", "full_house",
            "quads", "straight_flush", "royal_flush"} <= cats, cats
    if options.get("jokers", 2):
        assert "five_kind" in cats
