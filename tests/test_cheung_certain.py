"""Certainty in the cheung family (RULES.md 2.4): `certain(call, n)` is exact.

Above four cards the pools where a call fails are closed under taking cards
away (down to five), so the call is certain for n cards exactly when n exceeds
its largest failing pool. The engine finds that pool by a search over shapes
(docs/cheung.md); these tests check the pools it returns, the lemmas that let
the search look at shapes only (on random pools, against the kernel), every
five-card pool, and the search that decided certainty before it was exact."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.cards import NATURAL_MASK
from pokerbull.calls.cheung import certain_calls, largest_failing_pool, max_avoiding_size

from cheung_reference import searched_failing_pool

JOKER_BITS = (13, 29)
COUNT = ("pair", "two_pair", "trips", "full_house", "quads", "five_kind")
LANES = ("flush", "straight_flush", "royal_flush")


def _plain(lad):
    """The calls that name no rank and no suit."""
    return [c for c in lad if not c.ranks and c.suit is None]


def _sample(lad, rng, k):
    return _plain(lad) + [lad[int(i)] for i in rng.choice(len(lad), k, replace=False)]


def _deck(lad):
    return [b for b in range(64) if lad.allowed_mask >> b & 1]


LADDERS = [dict(jokers=0), dict(jokers=1), dict(jokers=2), dict(jokers=2, joker_order="wild")]


@pytest.mark.parametrize("options", LADDERS)
def test_largest_failing_pool_fails_and_no_card_can_join_it(options):
    lad = pb.ladder("cheung", **options)
    rng = np.random.default_rng(len(lad))
    deck = _deck(lad)
    for call in _sample(lad, rng, 60):
        pool = largest_failing_pool(lad, call)
        size = max_avoiding_size(lad, call)
        if not pool:
            assert size == 4, call.code
            continue
        assert pool.bit_count() == size >= 5 and pool & ~lad.allowed_mask == 0, call.code
        assert not lad.holds(call, pool), call.code
        grown = np.array([pool | 1 << b for b in deck if not pool >> b & 1], np.uint64)
        assert lad.holds_many(grown, call.index).all(), call.code


def _normal(call, pool: int) -> list[int]:
    """Pools of the search's shapes that fail whenever `pool` fails, with at
    least as many cards (the lemmas of docs/cheung.md)."""
    jokers = pool & ((1 << 13) | (1 << 29))
    counts = [sum(pool >> (16 * s + r) & 1 for s in range(4)) for r in range(13)]
    if call.category in COUNT:       # the rank counts decide: lowest suits
        return [jokers | sum(1 << (16 * s + r) for r in range(13) for s in range(counts[r]))]
    if call.category in LANES:
        lanes = [(pool >> (16 * s)) & 0x1FFF for s in range(4)]
        if call.suit is not None:    # the other suits play no part
            return [pool | (NATURAL_MASK & ~(0x1FFF << (16 * call.suit)))]
        return [jokers | sum(lane << (16 * s) for s in range(4)) for lane in lanes]
    # high card, straight: a rank of two cards or more takes all four; singles are clubs
    out = jokers
    for r in range(13):
        if counts[r] >= 2:
            out |= sum(1 << (16 * s + r) for s in range(4))
        elif counts[r] == 1:
            out |= 1 << r
    return [out]


@pytest.mark.parametrize("options", LADDERS[::2] + LADDERS[3:])
def test_the_shapes_hold_a_largest_failing_pool(options):
    """Random pools near and far from the largest failing one: every failing
    pool maps to failing pools of the search's shapes with as many cards, so
    none is larger than the largest failing pool found."""
    lad = pb.ladder("cheung", **options)
    rng = np.random.default_rng(7 + len(lad))
    deck = np.array(_deck(lad))
    checked = 0
    for call in _sample(lad, rng, 60):
        best = largest_failing_pool(lad, call)
        most = max_avoiding_size(lad, call)
        pools = set()
        for _ in range(60):
            n = int(rng.integers(5, len(deck) + 1))
            pools.add(sum(1 << int(b) for b in rng.choice(deck, n, replace=False)))
            if best:
                inside = [b for b in deck if best >> b & 1]
                out = rng.choice(inside, int(rng.integers(0, 8)), replace=False)
                pool = best & ~sum(1 << int(b) for b in out)
                pool |= sum(1 << int(b) for b in rng.choice(deck, int(rng.integers(0, 4)),
                                                             replace=False))
                if pool.bit_count() >= 5:
                    pools.add(pool)
        pools = np.array(sorted(pools), np.uint64)
        failing = pools[~lad.holds_many(pools, call.index)]
        for pool in map(int, failing):
            assert pool.bit_count() <= most, (call.code, pb.Pool(pool))
            normal = _normal(call, pool)
            for p in normal:
                assert not lad.holds(call, p), (call.code, pb.Pool(pool), pb.Pool(p))
            # one shape with as many natural cards (no suit named: four copies of
            # P's largest lane, which has at least a quarter of P's natural cards)
            assert max(_naturals(p) for p in normal) >= _naturals(pool), call.code
            checked += 1
    assert checked > 500


def _naturals(pool: int) -> int:
    return (pool & NATURAL_MASK).bit_count()


@pytest.fixture(scope="module")
def five_card_pools():
    cards = [b for b in range(64) if NATURAL_MASK >> b & 1]
    bits = np.array([1 << b for b in cards], np.uint64)
    idx = np.array(list(combinations(range(52), 5)), np.int8)
    return np.bitwise_or.reduce(bits[idx], axis=1)


def test_every_five_card_pool(five_card_pools):
    """n = 5 against all 2,598,960 pools (no jokers)."""
    lad = pb.ladder("cheung", jokers=0)
    rng = np.random.default_rng(5)
    for call in _plain(lad) + [lad[int(i)] for i in rng.choice(len(lad), 6, replace=False)]:
        every = bool(lad.holds_many(five_card_pools, call.index).all())
        assert lad.certain(call, 5) == every, call.code


@pytest.mark.parametrize("jokers", [0, 2])
def test_agrees_with_the_earlier_search_up_to_twenty_cards(jokers):
    """The hill-climbing search that decided certainty before never finds a
    failing pool larger than the largest one, and for n = 1..20 it found the
    same certain calls."""
    lad = pb.ladder("cheung", jokers=jokers)
    rng = np.random.default_rng(20 + jokers)
    for call in _plain(lad):
        searched = searched_failing_pool(lad, call, lad.allowed_mask, rng).bit_count()
        most = max_avoiding_size(lad, call)
        assert searched <= most, call.code
        for n in range(6, 21):
            assert (searched < n) == (most < n), (call.code, n, searched, most)
    for n in range(1, 21):
        certain = set(certain_calls(lad, n))
        for index in certain:
            assert lad.certain(index, n)
        assert all(not lad.certain(c, n) for c in _plain(lad) if c.index not in certain)


@pytest.mark.parametrize("options", LADDERS)
def test_avoiding_pools_for_every_n(options):
    lad = pb.ladder("cheung", **options)
    rng = np.random.default_rng(3 + len(lad))
    size = lad.allowed_mask.bit_count()
    for call in _plain(lad) + [lad[int(i)] for i in rng.choice(len(lad), 4, replace=False)]:
        was_certain = False
        for n in range(1, size + 1):
            pool = lad.avoiding_pool(call, n)
            if n > 5:                 # above five cards certainty only grows with n
                assert not (was_certain and pool is not None), (call.code, n)
            was_certain = pool is None
            if pool is not None:
                assert len(pool) == n and pool.mask & ~lad.allowed_mask == 0, (call.code, n)
                assert not lad.holds(call, pool), (call.code, n, pool)
            assert lad.certain(call, n) == (pool is None)


def _untiered(code: str) -> str:
    cat, ranks, suit, _tier = (code.split(":") + ["", ""])[:4]
    return f"{cat}:{ranks}" + (f":{suit}" if suit else "")


def test_the_deck_without_jokers():
    """Variation 5a: with the jokers gone, a call is certain exactly when the
    same call of the jokerless ladder is; calls that need a joker never are."""
    lad2, lad0 = pb.ladder("cheung", jokers=2), pb.ladder("cheung", jokers=0)
    for n in (5, 14, 17, 27, 45, 49):
        mine = set(certain_calls(lad2, n, NATURAL_MASK))
        theirs = {lad0[i].code for i in certain_calls(lad0, n)}
        for call in lad2:
            if call.tier in ("min1", "min2") or call.category == "five_kind":
                assert call.index not in mine, (call.code, n)
            else:
                assert (call.index in mine) == (_untiered(call.code) in theirs), (call.code, n)
    with pytest.raises(ValueError, match="52 natural cards"):
        lad2.certain("a pair", 20, deck=NATURAL_MASK & ~1)
    with pytest.raises(ValueError, match="n must be"):
        lad2.certain("a pair", 55)


def test_suit_order_and_royal_option_change_no_certainty():
    base = pb.ladder("cheung")
    for options in (dict(suit_order="shdc", royal_over_five="any"),):
        other = pb.ladder("cheung", **options)
        for n in (20, 45):
            assert {base[i].code for i in certain_calls(base, n)} == \
                {other[i].code for i in certain_calls(other, n)}, (options, n)


@pytest.mark.parametrize("options", [dict(jokers=2), dict(jokers=2, joker_order="wild")])
def test_the_shipped_table_is_the_search(options):
    """max_avoiding_size and certain_table read the shipped table; the search
    gives the same size for a sample of calls (every tier, decks of 0, 1 and 2
    jokers), and certain_calls agrees with the table for every n."""
    from pokerbull.calls.cheung import certain_table, searched_avoiding_size
    lad = pb.ladder("cheung", **options)
    rng = np.random.default_rng(41)
    for deck in (NATURAL_MASK, NATURAL_MASK | 1 << 13, lad.allowed_mask):
        for call in _sample(lad, rng, 25):
            assert max_avoiding_size(lad, call, deck) == searched_avoiding_size(lad, call, deck), \
                (call.code, deck)
        size = deck.bit_count()
        table = certain_table(lad, size, deck)
        assert table.shape == (size + 1, len(lad)) and not table[0].any()
        for n in (1, 4, 5, 13, 26, size):
            assert certain_calls(lad, n, deck) == tuple(np.flatnonzero(table[n]))
    with pytest.raises(ValueError, match="rows must be 0..54"):
        certain_table(lad, 55)


def test_a_damaged_or_stale_table_is_refused_by_name(tmp_path, monkeypatch):
    from pokerbull.calls import cheung
    for name, content in (("damaged.npz", b"not a zip file"), ("stale.npz", None)):
        path = tmp_path / name
        if content is None:
            np.savez_compressed(path, fail=np.zeros((3, 5, 7), np.uint8),
                                small=np.zeros((3, 5, 7), np.uint8), digest=np.array("x"))
        else:
            path.write_bytes(content)
        monkeypatch.setattr(cheung, "_TABLE_FILE", path)
        cheung._certain_file.cache_clear()
        cheung._LADDER_TABLES.clear()
        with pytest.raises(RuntimeError, match=f"{name}.*build_cheung_table.py"):
            certain_calls(pb.ladder("cheung", jokers=1), 20)
    monkeypatch.undo()
    cheung._certain_file.cache_clear()
    cheung._LADDER_TABLES.clear()
    assert certain_calls(pb.ladder("cheung", jokers=1), 20)
