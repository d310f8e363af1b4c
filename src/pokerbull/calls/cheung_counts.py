"""On how many of many pools each cheung call holds, every call at once.

For :func:`pokerbull.odds` on the whole ``cheung`` ladder (61,501 calls): rather
than the kernel on every (pool, call) pair, each pool is reduced to what the
calls read from it, and each call to the fewest cards its best hand lacks.

A pool of six cards or more makes a call when some five of its cards do; with
``b`` the jokers the call's tier lets the hand use (all the pool's; at most one;
none; all, but at least one or two must be there), the call holds when its
cheapest hand lacks at most ``b`` natural cards of the pool (RULES.md 2.4 and
the kernel's closed form). What a hand lacks, per category:

- pair, trips, quads, two pair, full house, five of a kind: from the rank counts
  (cards of the pair's rank short of two, named kickers absent, kickers short
  of the ranks present), the unnamed ranks at their best;
- flush: the fewest cards of the suit missing from a set of five ranks that is
  no straight and holds the named ranks (a table over every set of ranks of
  one suit and every named set);
- high card: the same table on the ranks present, except where five single
  cards of one suit could be the only way (such pools go to the kernel);
- straight, straight flush, royal flush (66 calls before tiers): the kernel.

The test suite checks every count against the kernel on random pools.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from .ladder import Call, Ladder
from .possible import primary_choices

_LANE = 0x1FFF
_COUNTED = ("pair", "trips", "quads", "two_pair", "full_house", "five_kind")
_POP = np.array([bin(x).count("1") for x in range(1 << 13)], np.int8)


_BUDGETS = {"": (0, 1, 2), "max1": (0, 1, 1), "nat": (0, 0, 0), "min1": (-1, 1, 2),
            "min2": (-1, -1, 2)}
"""Jokers a hand of each tier may use with 0, 1 or 2 in the pool (-1: none may)."""


_Packed = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64] | None, list[npt.NDArray[np.int64]]]
"""Calls counted together: their indices, their columns of the lacks (None: one
column for all), and per jokers in the pool (0, 1, 2) each call's budget."""


@lru_cache(maxsize=1)
def _flush_table() -> tuple[npt.NDArray[np.int8], dict[int, int]]:
    """Cards missing from the best set of five ranks (no straight) holding a
    named set N, for every set L of ranks held: table[L, column of N]."""
    five_sets = [sum(1 << r for r in c) for c in combinations(range(13), 5)]
    straights = {0x100F} | {0x1F << lo for lo in range(9)}
    fives = np.array([f for f in five_sets if f not in straights], np.int64)
    held = np.arange(1 << 13, dtype=np.int64)
    lacks = _POP[fives[:, None] & ~held[None, :] & _LANE]          # [five, L]
    named = sorted({n for f in fives.tolist() for k in range(6)
                    for n in (sum(1 << r for r in c) for c in combinations(
                        [r for r in range(13) if f >> r & 1], k))})
    column = {n: i for i, n in enumerate(named)}
    table = np.empty((1 << 13, len(named)), np.int8)
    for n, i in column.items():
        rows = (fives & n) == n
        table[:, i] = lacks[rows].min(axis=0)
    return table, column


def holding_counts(lad: Ladder, masks: npt.NDArray[np.uint64],
                   wanted: npt.NDArray[np.bool_] | None = None) -> npt.NDArray[np.int64]:
    """For each call of a cheung ladder, on how many of `masks` (pools of six
    cards or more) it holds; calls not `wanted` get 0."""
    masks = np.ascontiguousarray(masks, dtype=np.uint64)
    n = len(lad)
    wanted = np.ones(n, bool) if wanted is None else wanted
    if len(masks) and int(np.min(_popcount64(masks))) < 6:
        raise ValueError("holding_counts counts pools of six cards or more")
    jokers = ((masks >> np.uint64(13)) & np.uint64(1)) + ((masks >> np.uint64(29)) & np.uint64(1))
    jokers = jokers.astype(np.int64)
    lanes = np.stack([((masks >> np.uint64(16 * s)) & np.uint64(_LANE)).astype(np.int64)
                      for s in range(4)], axis=1)                   # [pool, suit]
    present = lanes[:, 0] | lanes[:, 1] | lanes[:, 2] | lanes[:, 3]
    counts_r = np.stack([sum((lanes[:, s] >> r) & 1 for s in range(4)) for r in range(13)],
                        axis=1)                                     # [pool, rank]
    out = np.zeros(n, np.int64)
    # pools by their jokers: a tier's budget depends on nothing else
    groups = [jokers == j for j in range(3)]

    def count(lacks: npt.NDArray[np.int8], calls: _Packed) -> None:
        """Add, per call, the pools where its hand lacks no more than its budget;
        lacks is [pool] or [pool, column], calls (indices, columns, budget per
        jokers in the pool)."""
        index, col, budget = calls
        for j, rows in enumerate(groups):
            if not rows.any():
                continue
            part = lacks[rows]
            for b in range(j + 1):
                pick = budget[j] == b
                if pick.any():
                    within = np.count_nonzero(part <= b, axis=0)
                    out[index[pick]] += within if col is None else within[col[pick]]

    def pack(calls: list[Call], cols: list[int] | None) -> _Packed:
        return (np.array([c.index for c in calls], np.int64),
                None if cols is None else np.array(cols, np.int64),
                [np.array([_BUDGETS[c.tier][j] for c in calls], np.int64) for j in range(3)])

    bases: dict[tuple[str, tuple[int, ...], int | None], list[Call]] = {}
    for c in lad:
        if wanted[c.index]:
            bases.setdefault((c.category, c.ranks, c.suit), []).append(c)
    table, column = _flush_table()
    singles = _one_suit_singles(lanes, counts_r)
    kernel: list[int] = []
    suited: dict[tuple[str, int | None], list[tuple[Call, int]]] = {}  # [(call, column)]
    counted: list[tuple[str, tuple[int, ...], list[Call]]] = []
    for (cat, ranks, suit), calls in bases.items():
        if cat in _COUNTED:
            counted.append((cat, ranks, calls))
        elif cat in ("flush", "high_card"):
            col = column[sum(1 << r for r in ranks)]
            suited.setdefault((cat, suit), []).extend((c, col) for c in calls)
        else:
            kernel += [c.index for c in calls]
    packed = {k: pack([c for c, _ in v], [col for _, col in v]) for k, v in suited.items()}
    short = {w: np.maximum(0, w - counts_r).astype(np.int8) for w in (2, 3, 4, 5)}
    for start in range(0, len(counted), 256):     # their lacks side by side, 256 at a time
        block = counted[start:start + 256]
        lacks = np.stack([_counted_lacks(cat, ranks, short, present) for cat, ranks, _ in block],
                         axis=1)
        columns = [(c, k) for k, (_, _, cs) in enumerate(block) for c in cs]
        count(lacks, pack([c for c, _ in columns], [k for _, k in columns]))
    for start in range(0, len(masks), _CHUNK):
        part = slice(start, start + _CHUNK)
        rows = [g[part] for g in groups]
        saved, groups[:] = groups[:], rows
        for (cat, suit), group in packed.items():
            if cat == "high_card":
                lacks = table[present[part]]
                lacks[singles[part]] = 99      # those pools go to the kernel, below
            elif suit is None:
                lacks = table[lanes[part, 0]]
                for s in range(1, 4):
                    np.minimum(lacks, table[lanes[part, s]], out=lacks)
            else:
                lacks = table[lanes[part, suit]]
            count(lacks, group)
        groups[:] = saved
    if singles.any():
        risky = masks[singles]
        for c, _ in suited.get(("high_card", None), []):
            out[c.index] += int(lad.holds_many(risky, c.index).sum())
    for index in kernel:
        out[index] = int(lad.holds_many(masks, index).sum())
    return out


_CHUNK = 4096
"""Pools whose rows of the flush table are taken at once."""


def _popcount64(masks: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    total = np.zeros(len(masks), np.int64)
    for s in range(4):
        total += _POP[((masks >> np.uint64(16 * s)) & np.uint64(_LANE)).astype(np.int64)]
    return total + (((masks >> np.uint64(13)) & np.uint64(1)) +
                    ((masks >> np.uint64(29)) & np.uint64(1))).astype(np.int64)


def _one_suit_singles(lanes: npt.NDArray[np.int64], counts_r: npt.NDArray[np.int64]
                      ) -> npt.NDArray[np.bool_]:
    """Pools where five or more ranks hold a single card, all of one suit: a
    high card from them alone would be a flush."""
    single = np.zeros(len(lanes), np.int64)
    for r in range(13):
        single |= (counts_r[:, r] == 1).astype(np.int64) << r
    found: npt.NDArray[np.bool_] = np.any(_POP[lanes & single[:, None]] >= 5, axis=1)
    return found


def _counted_lacks(cat: str, ranks: tuple[int, ...], short: dict[int, npt.NDArray[np.int8]],
                   present: npt.NDArray[np.int64]) -> npt.NDArray[np.int8]:
    """Cards the cheapest hand of a rank-count call lacks, per pool (short[w][:, r]:
    cards of rank r short of w)."""
    want = {"pair": (2,), "trips": (3,), "quads": (4,), "two_pair": (2, 2),
            "full_house": (3, 2), "five_kind": (5,)}[cat]
    prims, named = ranks[:len(want)], ranks[len(want):]
    spare = 5 - sum(want)
    choices = primary_choices(cat, prims)
    named_mask = sum(1 << r for r in named)
    kick_missing = _POP[named_mask & ~present & _LANE]
    best: npt.NDArray[np.int8] | None = None
    for prim in choices:
        lacks = kick_missing.copy()
        taken = named_mask
        for r, w in zip(prim, want):
            lacks += short[w][:, r]
            taken |= 1 << r
        if spare > len(named):
            others = _POP[present & ~taken & _LANE]
            lacks += np.maximum(0, spare - len(named) - others).astype(np.int8)
        best = lacks if best is None else np.minimum(best, lacks)
    if best is None:        # every call of a cheung ladder has a hand
        raise ValueError(f"no hand makes the {cat} call naming ranks {ranks}")
    return best
