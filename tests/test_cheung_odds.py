"""pb.odds on the whole cheung ladder: every call counted at once
(calls.cheung_counts) agrees with the kernel call by call."""

from __future__ import annotations

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.calls.cheung_counts import holding_counts
from pokerbull.calls.odds import _every_draw, _random_draws
from pokerbull.calls.possible import can_hold


def _pools(lad, rng, k):
    deck = [b for b in range(64) if lad.allowed_mask >> b & 1]
    pools = [sum(1 << int(b) for b in rng.choice(deck, int(rng.integers(6, 41)), replace=False))
             for _ in range(k)]
    # five or more single cards of one suit: the high card's flush trap
    pools.append(sum(1 << (48 + r) for r in (0, 2, 5, 8, 11)) | sum(1 << (16 * s + r)
                 for s in range(3) for r in (1, 3)))
    pools.append(sum(1 << (48 + r) for r in (0, 1, 2, 3, 12, 9)) | (lad.allowed_mask & (1 << 13))
                 | (1 << 6))
    return np.array(pools, np.uint64)


@pytest.mark.parametrize("options", [dict(jokers=2), dict(jokers=0), dict(jokers=1),
                                     dict(jokers=2, joker_order="wild")])
def test_holding_counts_agree_with_the_kernel(options):
    lad = pb.ladder("cheung", **options)
    rng = np.random.default_rng(len(lad))
    pools = _pools(lad, rng, 200)
    mine = holding_counts(lad, pools)
    truth = np.array([lad.holds_many(pools, c).sum() for c in range(len(lad))])
    wrong = np.flatnonzero(mine != truth)
    assert not len(wrong), [(lad[int(c)].code, mine[c], truth[c]) for c in wrong[:5]]
    with pytest.raises(ValueError, match="six cards"):
        holding_counts(lad, np.array([0b11111], np.uint64))


def test_whole_ladder_odds_are_the_kernel_counts():
    lad = pb.ladder("cheung")
    known = pb.Pool.parse("As Kd Qh 7c X1").mask
    left = lad.allowed_mask & ~known
    exact = pb.odds(lad, known, unseen=2)                  # 1,176 draws: every one
    draws = _every_draw(known, left, 2)
    assert exact.exact and exact.draws == len(draws)
    for c in np.random.default_rng(1).choice(len(lad), 400, replace=False):
        assert exact.favourable[c] == int(lad.holds_many(draws, int(c)).sum())
    est = pb.odds(lad, known, unseen=12, seed=3, samples=500)   # seeded draws
    pools = _random_draws(known, left, 12, 500, np.random.default_rng(3))
    for c in np.random.default_rng(2).choice(len(lad), 400, replace=False):
        c = int(c)
        if est.exact_calls[c]:               # no draw can make it: an exact 0
            assert est[c] == 0.0 and not can_hold(lad, c, known, unseen=12)
        else:
            assert est[c] == lad.holds_many(pools, c).mean()
            assert est.error(c) > 0
