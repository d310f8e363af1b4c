"""Both backends agree with each other and with brute force, for any pool."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import BACKENDS, FAMILIES, ladder_on
from reference import call_key, holdem_hands, pagat_holds

DECK_BITS = [16 * s + r for s in range(4) for r in range(13)]

pools = st.lists(st.sampled_from(DECK_BITS), min_size=1, max_size=52, unique=True).map(
    lambda bits: sum(1 << b for b in bits))
# few suits and a rank window: where straights, flushes and high cards get subtle
dense_pools = st.builds(
    lambda suits, lo, picks: sum(1 << (16 * s + r) for s, r in set(picks)
                                 if s in suits and (r >= lo or r == 12)),
    st.sets(st.integers(0, 3), min_size=1, max_size=2), st.integers(0, 8),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 12)), min_size=1, max_size=14))
small_pools = st.lists(st.sampled_from(DECK_BITS), min_size=1, max_size=10, unique=True).map(
    lambda bits: sum(1 << b for b in bits))

def _index(call):
    return -1 if call is None else call.index


needs_core = pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")


@pytest.fixture(scope="module")
def ladders():
    out = {}
    for family in FAMILIES:
        out[family] = {name: ladder_on(mod, family) for name, mod in BACKENDS.items() if mod}
    return out


@needs_core
@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=300, deadline=None)
@given(mask=st.one_of(pools, dense_pools))
def test_backends_agree_on_every_call(ladders, family, mask):
    py, cy = ladders[family]["python"], ladders[family]["cython"]
    truth = cy.truth(mask)
    assert np.array_equal(py.truth(mask), truth)
    assert _index(py.best(mask)) == _index(cy.best(mask))
    n = len(cy)
    masks = np.full(n, mask, np.uint64)
    assert np.array_equal(cy.holds_many(masks, np.arange(n)), truth)
    assert all(cy.holds(c, mask) == truth[c.index] for c in cy)


@pytest.mark.parametrize("family", ["pagat", "pagat-wild"])
@settings(max_examples=150, deadline=None)
@given(mask=pools)
def test_at_least_families_match_rank_counting(ladders, family, mask):
    lad = next(iter(ladders[family].values()))
    truth = lad.truth(mask)
    wild = family == "pagat-wild"
    assert [bool(t) for t in truth] == [pagat_holds(c, mask, wild) for c in lad]


@settings(max_examples=250, deadline=None)
@given(mask=st.one_of(small_pools, dense_pools))
def test_holdem_matches_brute_force_over_every_hand(ladders, mask):
    hands = holdem_hands(mask)
    for lad in ladders["holdem"].values():
        expect = [call_key(c) in hands for c in lad]
        assert [bool(t) for t in lad.truth(mask)] == expect


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=150, deadline=None)
@given(mask=st.one_of(pools, dense_pools))
def test_best_is_the_highest_call_that_holds(ladders, family, mask):
    for lad in ladders[family].values():
        truth = lad.truth(mask)
        holding = np.flatnonzero(truth)
        best = lad.best(mask)
        if len(holding) == 0:
            assert best is None
        else:
            assert best.index == holding.max()   # ladder order is strength order
        assert lad.best_many(np.array([mask], np.uint64))[0] == (best.index if best else -1)


@needs_core
@pytest.mark.parametrize("family", FAMILIES)
def test_batches_agree_across_backends(ladders, family):
    rng = np.random.default_rng(7)
    n = 3000
    sizes = rng.integers(1, 53, n)
    masks = np.array([sum(1 << int(b) for b in rng.choice(DECK_BITS, k, replace=False))
                      for k in sizes], np.uint64)
    py, cy = ladders[family]["python"], ladders[family]["cython"]
    calls = rng.integers(0, len(cy), n)
    assert np.array_equal(py.holds_many(masks, calls), cy.holds_many(masks, calls))
    assert np.array_equal(py.holds_many(masks, 17), cy.holds_many(masks, 17))
    assert np.array_equal(py.best_many(masks), cy.best_many(masks))


def test_exact_hand_checks_enumerate_no_subsets():
    """The holdem kernels are closed-form: the pure backend imports no itertools."""
    import inspect

    from pokerbull.core import _pure
    assert "combinations" not in inspect.getsource(_pure)


@needs_core
@pytest.mark.parametrize("family", FAMILIES)
def test_every_batch_path_agrees_with_the_scalar_loop(family):
    """Each path this CPU runs (AVX-512, AVX2, scalar) gives the per-call answers,
    including pools under five cards, batch lengths that are not multiples of the
    vector width, and call indices given as int16, int32 and int64."""
    core = BACKENDS["cython"]
    lad = ladder_on(core, family)
    scalar = core.Kernel(lad.tables, simd=False)
    assert not scalar.simd and scalar.path == "scalar"
    assert core.Kernel(lad.tables, simd=True).path == core.simd_paths()[0]
    rng = np.random.default_rng(11)
    n = 20_003
    sizes = rng.integers(0, 20, n)
    masks = np.array([sum(1 << int(b) for b in rng.choice(DECK_BITS, k, replace=False))
                      for k in sizes], np.uint64)
    calls = rng.integers(0, len(lad), n).astype(np.int32)
    expect = np.array([lad.holds(int(c), int(m)) for m, c in zip(masks, calls)])
    assert np.array_equal(scalar.holds_many(masks, calls), expect)
    for path in core.simd_paths():
        kernel = core.Kernel(lad.tables, simd=path)
        assert kernel.path == path
        for dtype in (np.int16, np.int32, np.int64):
            assert np.array_equal(kernel.holds_many(masks, calls.astype(dtype)), expect), (path, dtype)
        for start in range(1, 9):      # every alignment of the vector steps
            assert np.array_equal(kernel.holds_many(masks[start:start + 37], calls[start:start + 37]),
                                  expect[start:start + 37]), (path, start)
        for c in (0, len(lad) // 2, len(lad) - 1):
            assert np.array_equal(kernel.holds_many_one(masks, c), scalar.holds_many_one(masks, c))


@needs_core
@pytest.mark.parametrize("dtype,bad", [
    (dtype, bad) for dtype in (np.int16, np.int32, np.int64)
    for bad in (-1, 326, 30_000, 40_000, -(1 << 40), 1 << 33)
    if np.iinfo(dtype).min <= bad <= np.iinfo(dtype).max])
def test_every_batch_path_refuses_a_call_index_outside_the_ladder(dtype, bad):
    core = BACKENDS["cython"]
    lad = ladder_on(core, "pagat")
    masks = np.full(64, 0b11111, np.uint64)
    for path in core.simd_paths():
        kernel = core.Kernel(lad.tables, simd=path)
        for where in (0, 5, 33, 63):
            calls = np.zeros(64, dtype)
            calls[where] = bad
            with pytest.raises(ValueError, match="call indices must lie in"):
                kernel.holds_many(masks, calls)


@needs_core
def test_a_path_this_cpu_lacks_or_an_unknown_one_is_refused():
    core = BACKENDS["cython"]
    lad = ladder_on(core, "pagat")
    with pytest.raises(ValueError, match="unknown batch path 'sse9'"):
        core.Kernel(lad.tables, simd="sse9")
    for path in set(core.PATHS) - set(core.simd_paths()):
        with pytest.raises(ValueError, match=f"cannot run the {path} path"):
            core.Kernel(lad.tables, simd=path)


@needs_core
def test_every_batch_path_judges_exact_straights_flushes_and_high_cards_like_the_scalar_loop():
    """Dense pools (few suits, a window of ranks) against every holdem straight, flush
    and high-card call: straight flushes just under the top card, the Ace over 2-5,
    doubled ranks, pools of four suited cards and pools under five cards are where
    the vector kind-3 check could slip."""
    core = BACKENDS["cython"]
    lad = ladder_on(core, "holdem")
    kinds = lad.tables.kind
    shape_calls = np.flatnonzero((kinds == 2) | (kinds == 3) | (kinds == 4)).astype(np.int32)
    rng = np.random.default_rng(12)
    n = 30_000
    calls = rng.choice(shape_calls, n).astype(np.int32)
    masks = np.zeros(n, np.uint64)
    for i, c in enumerate(calls.tolist()):
        top, suit = int(lad.tables.rank1[c]), int(lad.tables.suit[c])
        suits = [suit if suit >= 0 else int(rng.integers(4)), int(rng.integers(4))]
        ranks = [r for r in range(top - 5, top + 2) if 0 <= r <= 12] + [12, 0, 1, 2, 3]
        for _ in range(rng.integers(1 if kinds[c] == 2 else 4, 10)):   # high cards: small pools too
            masks[i] |= np.uint64(1 << int(16 * suits[int(rng.random() < 0.3)] + rng.choice(ranks)))
    scalar = core.Kernel(lad.tables, simd=False).holds_many(masks, calls)
    for kind in (2, 3, 4):      # both answers are well represented, for each kind
        assert 0.01 < scalar[kinds[calls] == kind].mean() < 0.99, kind
    for path in core.simd_paths():
        assert np.array_equal(core.Kernel(lad.tables, simd=path).holds_many(masks, calls), scalar), path


@needs_core
@pytest.mark.parametrize("family", FAMILIES)
def test_best_from_the_hand_shapes_is_the_highest_holding_call(family):
    """Ladders of the usual poker shapes (every family here) answer best / best_many
    from the pool's hand; pagat can also take its rank profile. The answer is the
    highest call that holds (checked against every call's check), for pools of
    every size."""
    core = BACKENDS["cython"]
    lad = ladder_on(core, family)
    fast = core.Kernel(lad.tables)
    general = core.Kernel(lad.tables, rank_profile=False)
    assert fast.best_method == "hand shapes" and lad._kernel.best_method == "hand shapes"
    assert general.best_method == "block search" and not general.rank_profile
    methods = [fast, general]
    if family == "pagat":
        methods.append(core.Kernel(lad.tables, best_method="rank profile"))
        assert methods[-1].rank_profile
    else:
        with pytest.raises(ValueError, match="does not fit the rank profile"):
            core.Kernel(lad.tables, best_method="rank profile")
    rng = np.random.default_rng(13)
    masks = [0] + [sum(1 << int(b) for b in rng.choice(DECK_BITS, k, replace=False))
                   for k in list(range(1, 21)) * 60 + [26, 40, 52]]
    # straight flushes (and near misses) beside other holdings
    for top in range(3, 13):
        for extra in range(4):
            suit = int(rng.integers(4))
            ranks = [12 if top == 3 and r == -1 else r for r in range(top - 4, top + 1)]
            sf = sum(1 << (16 * suit + r) for r in ranks[:5 - (extra == 3)])
            masks.append(sf | sum(1 << int(b) for b in rng.choice(DECK_BITS, extra + 2, replace=False)))
    masks = np.array(masks, np.uint64)
    expect = [int(np.flatnonzero(t).max()) if t.any() else -1
              for t in (general.truth(int(m)) for m in masks)]
    for kernel in methods:
        assert kernel.best_many(masks).tolist() == expect, kernel.best_method
        assert [kernel.best(int(m)) for m in masks[:300]] == expect[:300], kernel.best_method


# pools of every size, and pools rich in deuces (wild in pagat-wild) and in one suit
every_size_pools = st.lists(st.sampled_from(DECK_BITS), min_size=0, max_size=52, unique=True).map(
    lambda bits: sum(1 << b for b in bits))
deuce_pools = st.builds(
    lambda deuces, bits: sum(1 << (16 * s) for s in deuces) | sum(1 << b for b in bits),
    st.sets(st.integers(0, 3)), st.lists(st.sampled_from(DECK_BITS), max_size=9, unique=True))


@needs_core
@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=400, deadline=None)
@given(mask=st.one_of(every_size_pools, small_pools, dense_pools, deuce_pools))
def test_best_from_the_hand_shapes_matches_the_block_search_and_the_pure_backend(ladders, family, mask):
    core = BACKENDS["cython"]
    tables = ladders[family]["cython"].tables
    pure = ladders[family]["python"]
    expect = _index(pure.best(mask))
    for method in ("hand shapes", "block search"):
        kernel = core.Kernel(tables, best_method=method)
        assert kernel.best(mask) == expect, method
        assert kernel.best_many(np.array([mask, mask], np.uint64)).tolist() == [expect] * 2, method


@needs_core
@pytest.mark.parametrize("family", FAMILIES)
def test_hand_shapes_cope_with_a_ladder_missing_calls(family):
    """A ladder of the same shapes lacking some calls (every third one dropped) still
    fits the hand shapes (exact hands the tables lack go to the block search) and
    gives the block search's answers; one in another order keeps the block search."""
    from dataclasses import replace

    from pokerbull.calls.ladder import FAMILY_BUILDERS
    from pokerbull.calls.spec import FamilyDefinition, build_tables

    core = BACKENDS["cython"]
    definition = FAMILY_BUILDERS[family]()
    thinned = FamilyDefinition(family, tuple(s for i, s in enumerate(definition.specs) if i % 3),
                               wild_mask=definition.wild_mask)
    tables = build_tables(thinned)
    fast, general = core.Kernel(tables), core.Kernel(tables, best_method="block search")
    assert fast.best_method == "hand shapes"
    rng = np.random.default_rng(17)
    masks = np.array([sum(1 << int(b) for b in rng.choice(DECK_BITS, k, replace=False))
                      for k in list(range(0, 15)) * 300], np.uint64)
    assert np.array_equal(fast.best_many(masks), general.best_many(masks))
    # the same calls with the pairs ranked just above the trips: the shapes' order fails
    specs = [s for s in definition.specs if s.category != "pair"]
    trips = [i for i, s in enumerate(specs) if s.category == "trips"]
    moved = [replace(s, level_key=specs[trips[0]].level_key[:1] + (99,) + s.level_key[1:])
             for s in definition.specs if s.category == "pair"]
    reordered = FamilyDefinition(family, tuple(specs[:trips[-1] + 1] + moved + specs[trips[-1] + 1:]),
                                 wild_mask=definition.wild_mask)
    kernel = core.Kernel(build_tables(reordered))
    assert kernel.best_method == ("rank profile" if family == "pagat" else "block search")
    general = core.Kernel(build_tables(reordered), best_method="block search")
    assert np.array_equal(kernel.best_many(masks), general.best_many(masks))
    with pytest.raises(ValueError, match="does not fit the hand shapes"):
        core.Kernel(build_tables(reordered), best_method="hand shapes")
    with pytest.raises(ValueError, match="unknown best method 'fastest'"):
        core.Kernel(tables, best_method="fastest")


def test_the_pure_backend_runs_the_block_search_only():
    from pokerbull.core import _pure

    lad = ladder_on(_pure, "holdem")
    assert _pure.Kernel(lad.tables).best_method == "block search"
    assert _pure.Kernel(lad.tables, best_method="block search").best(0b11111) == lad.best(0b11111).index
    with pytest.raises(ValueError, match="no hand shapes method"):
        _pure.Kernel(lad.tables, best_method="hand shapes")
    with pytest.raises(ValueError, match="unknown best method"):
        _pure.Kernel(lad.tables, best_method="fastest")


@needs_core
def test_every_batch_path_judges_every_holdem_call_on_small_and_few_rank_pools():
    """Every holdem call against pools of 0-9 cards, some spread, some crowded into
    three ranks: the AVX2 path judges the exact-hand calls from the pool's rank
    profile, with pools under five cards (exact counts, no other pair, no higher
    rank under a high card) apart and pools of five or more cards in under five
    ranks left to the general check."""
    core = BACKENDS["cython"]
    lad = ladder_on(core, "holdem")
    rng = np.random.default_rng(13)
    crowded = [16 * s + r for s in range(4) for r in (3, 7, 12)]
    pools = []
    for k in range(10):
        for _ in range(60):
            bits = rng.choice(DECK_BITS if _ % 2 else crowded, k, replace=False)
            pools.append(sum(1 << int(b) for b in bits))
    masks = np.repeat(np.array(pools, np.uint64), len(lad))
    calls = np.tile(np.arange(len(lad), dtype=np.int32), len(pools))
    scalar = core.Kernel(lad.tables, simd=False).holds_many(masks, calls)
    assert scalar.sum() > 1000
    for k in range(1, 10):      # holding calls at every pool size
        assert scalar[np.repeat(np.array([int(p).bit_count() for p in pools]), len(lad)) == k].any(), k
    for path in core.simd_paths():
        assert np.array_equal(core.Kernel(lad.tables, simd=path).holds_many(masks, calls), scalar), path
