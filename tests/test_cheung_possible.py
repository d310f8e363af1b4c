"""can_hold decides cheung calls (RULES.md 2.4): some draw of the unseen cards
beside the known ones makes the call hold. Checked against every draw on small
cases and against the kernel, with the draw it shows, on larger ones."""

from __future__ import annotations

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.calls.odds import _every_draw
from pokerbull.calls.possible import can_hold, holding_draw


def _deal(lad, rng, known: int) -> int:
    cards = [b for b in range(64) if lad.allowed_mask >> b & 1]
    return sum(1 << int(b) for b in rng.choice(cards, size=known, replace=False))


def _calls(lad, rng, k):
    plain = [c.index for c in lad if not c.ranks and c.suit is None]
    return plain + [int(i) for i in rng.choice(len(lad), k, replace=False)]


# (known cards, unseen cards): every pool size 1..7, the hand itself at five
SMALL = [(0, 1), (1, 1), (0, 2), (2, 1), (1, 2), (3, 1), (2, 2), (4, 1), (3, 2), (5, 0),
         (2, 3), (4, 0), (5, 1), (4, 2), (6, 1), (3, 3), (7, 0)]


@pytest.mark.parametrize("options", [dict(jokers=2), dict(jokers=1), dict(jokers=0),
                                     dict(jokers=2, joker_order="wild")])
def test_can_hold_agrees_with_every_draw(options):
    lad = pb.ladder("cheung", **options)
    rng = np.random.default_rng(len(lad))
    jokers = [b for b in (13, 29) if lad.allowed_mask >> b & 1]
    for known, unseen in SMALL:
        for trial in range(2):
            mask = _deal(lad, rng, known)
            if trial and jokers and known:      # half the deals hold a joker
                mask = (mask & ~(mask & -mask)) | 1 << jokers[0]
            pools = _every_draw(mask, lad.allowed_mask & ~mask, unseen)
            for c in _calls(lad, rng, 400):
                truth = bool(lad.holds_many(pools, c).any())
                assert can_hold(lad, c, mask, unseen=unseen) == truth, \
                    (lad[c].code, pb.Pool(mask), unseen, truth)


@pytest.mark.parametrize("jokers", [0, 2])
def test_the_draw_shown_makes_the_call_on_larger_pools(jokers):
    lad = pb.ladder("cheung", jokers=jokers)
    rng = np.random.default_rng(40 + jokers)
    for known, unseen in [(5, 5), (4, 12), (5, 20), (8, 2), (10, 0), (3, 27), (1, 8)]:
        mask = _deal(lad, rng, known)
        left = lad.allowed_mask & ~mask
        randoms = _every_draw(mask, left, 0) if unseen == 0 else None
        if randoms is None:
            cards = np.array([1 << b for b in range(64) if left >> b & 1], np.uint64)
            picks = np.argsort(rng.random((1500, len(cards))), axis=1)[:, :unseen]
            randoms = np.bitwise_or.reduce(cards[picks], axis=1) | np.uint64(mask)
        for c in _calls(lad, rng, 1500):
            pool = holding_draw(lad, c, mask, unseen=unseen)
            assert (pool is not None) == can_hold(lad, c, mask, unseen=unseen)
            if pool is None:            # no random draw may make it either
                assert not lad.holds_many(randoms, c).any(), (lad[c].code, pb.Pool(mask))
            else:
                assert pool.mask & mask == mask and len(pool) == known + unseen
                assert pool.mask & ~lad.allowed_mask == 0
                assert lad.holds(c, pool), (lad[c].code, pb.Pool(mask), unseen, pool)


def test_examples_and_errors():
    lad = pb.ladder("cheung")
    assert can_hold(lad, "three Queens and a Nine", "Qs Qh 9c", unseen=1)
    assert not can_hold(lad, "three Queens and a Ten", "Qs Qh 9c Qd Kd", unseen=0)
    assert can_hold(lad, "five Aces", "As Ah", unseen=3)
    assert not can_hold(pb.ladder("cheung", jokers=0), "a straight", "2c 2d 2h", unseen=2)
    assert not can_hold(lad, "a flush", "Kc Kd Ks", unseen=2)     # five cards: the hand
    assert not can_hold(lad, "a flush", "Kc Kd Ks", unseen=3)     # one King and four more
    assert can_hold(lad, "a flush", "Kc Kd Ks", unseen=4)         # seven: any five of them
    with pytest.raises(ValueError, match="unseen"):
        can_hold(lad, "a pair", "As", unseen=54)
    with pytest.raises(ValueError):
        can_hold(pb.ladder("cheung", jokers=0), "a pair", "X1", unseen=2)
    with pytest.raises(ValueError, match="cheung"):
        holding_draw(pb.ladder("pagat"), "two Aces", "As", unseen=2)
