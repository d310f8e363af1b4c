"""The witness shown at a reveal: cards of the pool that make the call, for every
holding call of every family, on pools of every size (large ones included)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerbull as pb
from pokerbull.cards import deck_bits

FAMILIES = pb.family_names()


def _pool(lad: pb.Ladder, picks: list[int]) -> int:
    bits = deck_bits(lad.allowed_mask)
    return sum(1 << bits[i] for i in picks)


def _check_every_witness(lad: pb.Ladder, mask: int) -> int:
    held = np.flatnonzero(lad.truth(mask))
    for i in held.tolist():
        w = lad.witness(i, mask)
        assert w is not None, (lad[i].code, hex(mask))
        assert w.mask & ~mask == 0, "a witness shows only cards of the pool"
        assert lad.holds(i, w.mask), (lad[i].code, str(w))
        if lad[i].category != "one_card" and "high_card" not in lad[i].code:
            assert len(w) <= 8
    return len(held)


def test_high_card_when_every_rank_comes_in_two_suits():
    """Every chosen rank has a spade and a heart: the witness mixes the suits."""
    lad = pb.ladder("holdem")
    pool = pb.Pool.parse("8s 8h 7s 7h 6s 6h 5s 5h 3s 3h")
    w = lad.witness("high_card:8", pool)
    assert w is not None and len(w) == 5 and lad.holds("high_card:8", w)
    assert len({c.suit for c in w}) > 1


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_holding_call_has_a_witness_on_large_pools(family, data):
    lad = pb.ladder(family)
    size = len(deck_bits(lad.allowed_mask))
    n = data.draw(st.integers(40, size))
    picks = data.draw(st.lists(st.integers(0, size - 1), min_size=n, max_size=n, unique=True))
    assert _check_every_witness(lad, _pool(lad, picks)) > 0


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_holding_call_has_a_witness_on_pools_of_any_size(family, data):
    lad = pb.ladder(family)
    size = len(deck_bits(lad.allowed_mask))
    picks = data.draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=size, unique=True))
    _check_every_witness(lad, _pool(lad, picks))


def test_pairs_of_suits_over_many_ranks_in_every_family():
    """The case that once failed, for every family: two suits of many ranks."""
    for family in FAMILIES:
        lad = pb.ladder(family)
        for suits in ("sh", "dc", "sc"):
            mask = pb.Pool.parse(" ".join(r + s for r in "AKQJT98765432" for s in suits)).mask
            assert _check_every_witness(lad, mask) > 0
