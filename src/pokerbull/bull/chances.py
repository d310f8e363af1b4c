"""Chance tables: how likely each call holds, seen from one seat, looked up not counted.

A bot knows its own cards, the size of the pool and (if it reads the other
players' calls) some cards it *believes* are in the pool. For an at-least call
the exact chance depends only on

- how many of each card group's named cards the seat knows of (capped at what
  the group needs),
- how many wild cards it knows of,
- how many cards it knows in all (``known``) and how many are unseen.

:class:`ChanceTable` counts every such case once, with the method of
:mod:`pokerbull.calls.odds` run for all unseen counts at once, into one flat float64
array. A decision is then a few
popcounts and an array read per call, the same in Python and in the compiled
simulation loop (which reads these very arrays).

Exact-hand calls (``holdem``) are looked up through an at-least *stand-in*: a
pair as at least two of its rank, a straight as one card of each of its ranks, a
flush as its top card and four lower cards of its suit, a high card as one card
of its rank. On the pools of the game (eight cards or more) a hand that has the
named cards can nearly always leave out what would spoil it, so the stand-in
is close; it overrates a call only when the pool is small. See ``docs/bots.md``.

>>> import pokerbull as pb
>>> t = chance_table(pb.ladder("pagat"), known_max=5, unseen_max=10)
>>> lad = t.ladder
>>> own = pb.Pool.parse("As Ad").mask
>>> round(t.chance_of(lad.parse("three Aces").index, own, unseen=4), 4)
0.1551
>>> round(float(pb.odds("pagat", "As Ad", unseen=4)["three Aces"]), 4)
0.1551
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards import rank_column
from ..calls.families import straight_ranks
from ..calls.odds import shortfall_shapes
from ..calls.possible import impossible_pool_sizes
from ..calls.ladder import Ladder
from ..calls.spec import (AT_LEAST, EXACT_FLUSH, EXACT_HIGH, EXACT_RANKS, EXACT_STRAIGHT,
                          MAX_GROUPS)

NO_RANK = 13        # index of the always-zero entry of a seat's per-rank counts


@dataclass(frozen=True, eq=False)
class ChanceTable:
    """Exact chances of every call of a ladder for every case a seat can be in.

    Per call ``c`` and group ``g`` (``MAX_GROUPS`` slots, ``ngroups[c]`` used):
    ``group_mask`` its cards, ``group_rank`` the rank when the group is a whole
    rank column (else ``NO_RANK``: count it by popcount), ``group_cap`` the most
    cards worth counting, ``stride`` its place in the case key. A call's chance
    is ``chance[table_start[t] + (known * (unseen_max + 1) + unseen) * keys[t] + key]``
    with ``t = table_of[c]``.
    """

    ladder: Ladder
    known_max: int
    unseen_max: int
    deck: int
    wild_rank: int               # the rank whose cards are wild, or NO_RANK
    wild_cap: int                # wild cards in the deck
    ngroups: np.ndarray          # uint8  [n]
    group_mask: np.ndarray       # uint64 [n * MAX_GROUPS]
    group_rank: np.ndarray       # uint8  [n * MAX_GROUPS]
    group_cap: np.ndarray        # uint8  [n * MAX_GROUPS]
    stride: np.ndarray           # int32  [n * MAX_GROUPS]
    wild_stride: np.ndarray      # int32  [n]
    evidence_rank: np.ndarray    # uint8  [n]: the rank a caller of c is taken to hold, or NO_RANK
    table_of: np.ndarray         # int32  [n]
    table_start: np.ndarray      # int64  [tables]
    keys: np.ndarray             # int32  [tables]
    chance: npt.NDArray[np.float64]
    run_start: np.ndarray        # int32  [runs]: runs of consecutive calls alike in shape,
    run_end: np.ndarray          # int32  [runs]  whose chances share one upper bound
    run_rank_groups: np.ndarray  # uint8  [runs]: bit g set when group g is a rank column
    run_symmetric: np.ndarray    # uint8  [runs]: 1 when its rank groups are all alike in shape
    run_of: np.ndarray           # int32  [n]: the run of each call

    def key(self, c: int, counts: np.ndarray | list[int], own: int, wilds: int) -> int:
        """The case key of call `c` for per-rank counts (14 entries, the last 0),
        the seat's own cards (for groups that are not rank columns) and its wild count."""
        key = min(wilds, self.wild_cap) * int(self.wild_stride[c])
        base = c * MAX_GROUPS
        for g in range(int(self.ngroups[c])):
            r = int(self.group_rank[base + g])
            held = counts[r] if r != NO_RANK else (own & int(self.group_mask[base + g])).bit_count()
            key += min(held, int(self.group_cap[base + g])) * int(self.stride[base + g])
        return key

    def lookup(self, c: int, key: int, known: int, unseen: int) -> float:
        t = int(self.table_of[c])
        return float(self.chance[int(self.table_start[t])
                                 + (known * (self.unseen_max + 1) + unseen) * int(self.keys[t])
                                 + key])

    def chance_of(self, c: int, own: int, unseen: int) -> float:
        """The chance that call `c` holds given only the seat's own cards."""
        counts = rank_counts(own)
        wilds = counts[self.wild_rank]
        return self.lookup(c, self.key(c, counts, own, wilds), own.bit_count(), unseen)


def rank_counts(mask: int) -> list[int]:
    """Cards of each rank in `mask`, plus a final 0 (the entry for NO_RANK)."""
    return [(mask & rank_column(r)).bit_count() for r in range(13)] + [0]


def _stand_in_groups(lad: Ladder, c: int) -> tuple[tuple[int, int], ...]:
    """The at-least groups a bot judges call `c` by (its own groups when it has them)."""
    t = lad.tables
    kind = int(t.kind[c])
    base = c * MAX_GROUPS
    if kind == AT_LEAST:
        return tuple((int(t.group_mask[base + g]), int(t.group_count[base + g]))
                     for g in range(int(t.ngroups[c])))
    r1, r2 = int(t.rank1[c]), int(t.rank2[c])
    if kind == EXACT_RANKS:
        groups = [(rank_column(r1), int(t.count1[c]))]
        if r2 >= 0:
            groups.append((rank_column(r2), int(t.count2[c])))
        return tuple(groups)
    if kind == EXACT_HIGH:
        below = sum(rank_column(r) for r in range(r1))
        return ((rank_column(r1), 1), (below, 4)) if below else ((rank_column(r1), 1),)
    if kind == EXACT_STRAIGHT:
        return tuple((rank_column(r), 1) for r in straight_ranks(r1))
    if kind == EXACT_FLUSH:
        s = int(t.suit[c])
        top = 1 << (16 * s + r1)
        below = sum(1 << (16 * s + r) for r in range(r1))
        return ((top, 1), (below, 4))
    raise ValueError(f"call {lad[c].code}: no stand-in for requirement kind {kind}")


def _group_rank(mask: int) -> int:
    for r in range(13):
        if mask == rank_column(r):
            return r
    return NO_RANK


_TABLES: dict[tuple[Any, ...], ChanceTable] = {}


def chance_table(lad: Ladder, known_max: int, unseen_max: int) -> ChanceTable:
    """The chance table of a ladder for seats knowing up to `known_max` cards of
    pools with up to `unseen_max` unseen cards (built once per process)."""
    key = (lad.key, known_max, unseen_max)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = _build(lad, known_max, unseen_max)
    return found


def _build(lad: Ladder, known_max: int, unseen_max: int) -> ChanceTable:
    n = len(lad)
    wild = lad.wild_mask & lad.allowed_mask
    deck = lad.allowed_mask.bit_count()
    wild_cap = wild.bit_count()
    wild_rank = _group_rank(wild) if wild else NO_RANK
    if wild and wild_rank == NO_RANK:
        raise ValueError(f"{lad.name}: bots need the wild cards to be one whole rank")
    ngroups = np.zeros(n, np.uint8)
    gmask = np.zeros(n * MAX_GROUPS, np.uint64)
    grank = np.full(n * MAX_GROUPS, NO_RANK, np.uint8)
    gcap = np.zeros(n * MAX_GROUPS, np.uint8)
    stride = np.zeros(n * MAX_GROUPS, np.int32)
    wild_stride = np.zeros(n, np.int32)
    evidence = np.full(n, NO_RANK, np.uint8)
    table_of = np.zeros(n, np.int32)
    shapes_of: dict[tuple[tuple[tuple[int, int], ...], int], int] = {}
    shapes: list[tuple[tuple[int, int], ...]] = []
    never: list[int] = []        # per table: pool sizes on which its calls cannot hold
    for c in range(n):
        groups = tuple((m & ~wild, k) for m, k in _stand_in_groups(lad, c))
        ngroups[c] = len(groups)
        s = 1
        for g, (mask, count) in enumerate(groups):
            i = c * MAX_GROUPS + g
            gmask[i] = mask
            grank[i] = _group_rank(mask)
            gcap[i] = min(count, mask.bit_count())
            stride[i] = s
            s *= int(gcap[i]) + 1
        wild_stride[c] = s
        if groups and len(groups) <= 2 and grank[c * MAX_GROUPS] != NO_RANK:
            evidence[c] = grank[c * MAX_GROUPS]
        shape = tuple((mask.bit_count(), count) for mask, count in groups)
        sizes = 0 if lad.tables.kind[c] == AT_LEAST else impossible_pool_sizes(lad, c)
        if (shape, sizes) not in shapes_of:
            shapes_of[shape, sizes] = len(shapes)
            shapes.append(shape)
            never.append(sizes)
        table_of[c] = shapes_of[shape, sizes]

    cases = (known_max + 1) * (unseen_max + 1)
    keys = np.array([_key_count(shape, wild_cap) for shape in shapes], np.int32)
    table_start = np.concatenate([[0], np.cumsum(keys.astype(np.int64) * cases)[:-1]])
    # cases no seat can be in (more cards counted than known) hold 1.0: never
    # read for a real call, and a safe upper bound for the runs' bounds
    chance = np.ones(int((keys.astype(np.int64) * cases).sum()), np.float64)
    blocks: dict[tuple[Any, ...], np.ndarray] = {}
    for t, shape in enumerate(shapes):
        _fill_table(chance, int(table_start[t]), shape, wild_cap, deck, known_max, unseen_max,
                    blocks, never[t])
    # Runs: consecutive calls with one table and the same rank/card groups. No
    # call of a run holds more likely than its table's case with the seat's best
    # ranks in its rank groups and its best suit in its card groups.
    starts: list[int] = []
    ends: list[int] = []
    rank_groups: list[int] = []
    for c in range(n):
        pattern = sum(1 << g for g in range(int(ngroups[c]))
                      if grank[c * MAX_GROUPS + g] != NO_RANK)
        if starts and table_of[c] == table_of[starts[-1]] and pattern == rank_groups[-1]:
            ends[-1] = c + 1
        else:
            starts.append(c)
            ends.append(c + 1)
            rank_groups.append(pattern)
    symmetric = [len({shapes[table_of[c]][g] for g in range(MAX_GROUPS) if (pattern >> g) & 1}) <= 1
                 for c, pattern in zip(starts, rank_groups)]
    return ChanceTable(lad, known_max, unseen_max, deck, wild_rank, wild_cap, ngroups, gmask,
                       grank, gcap, stride, wild_stride, evidence, table_of,
                       table_start.astype(np.int64), keys, chance,
                       np.array(starts, np.int32), np.array(ends, np.int32),
                       np.array(rank_groups, np.uint8), np.array(symmetric, np.uint8),
                       np.repeat(np.arange(len(starts), dtype=np.int32),
                                 np.array(ends) - np.array(starts)))


def _key_count(shape: tuple[tuple[int, int], ...], wild_cap: int) -> int:
    k = wild_cap + 1
    for size, count in shape:
        k *= min(size, count) + 1
    return k


def _fill_table(out: np.ndarray, start: int, shape: tuple[tuple[int, int], ...], wild_cap: int,
                deck: int, known_max: int, unseen_max: int,
                blocks: dict[tuple[Any, ...], np.ndarray], never: int) -> None:
    """Chances of one group shape for every case key, known and unseen count.

    Keys that leave the same groups short (and the same wild cards) share one
    block of chances over (known, unseen): `blocks` keeps them across shapes.
    Pools of a size in the bit set `never` cannot hold the calls: chance 0."""
    caps = [min(size, count) for size, count in shape]
    nkeys = _key_count(shape, wild_cap)
    cases = out[start:start + (known_max + 1) * (unseen_max + 1) * nkeys].reshape(-1, nkeys)
    for key in range(nkeys):
        rest = key
        held = []
        for cap in caps:
            held.append(rest % (cap + 1))
            rest //= cap + 1
        wilds = rest
        short_shapes, shortfall, in_shapes = shortfall_shapes(
            (count - h, size - h) for (size, count), h in zip(shape, held))
        signature = (short_shapes, wilds, shortfall, in_shapes, sum(held) + wilds)
        block = blocks.get(signature)
        if block is None:
            block = blocks[signature] = _block(*signature, wild_cap, deck, known_max, unseen_max)
        cases[:, key] = block
    if never:
        size = np.add.outer(np.arange(known_max + 1), np.arange(unseen_max + 1)).ravel()
        cases[(never >> size) & 1 == 1, :] = 0.0


_PASCAL = np.zeros((64, 64))
for _n in range(64):
    _PASCAL[_n, 0] = 1.0
    for _k in range(1, _n + 1):
        _PASCAL[_n, _k] = _PASCAL[_n - 1, _k - 1] + _PASCAL[_n - 1, _k]
"""Binomial coefficients as floats: exact for every deck of 63 cards or fewer."""


def _block(short_shapes: tuple[tuple[int, int], ...], wilds: int, shortfall: int,
           in_shapes: int, in_hand: int, wild_cap: int, deck: int, known_max: int,
           unseen_max: int) -> np.ndarray:
    """Chances over (known, unseen), flattened; 1.0 where no seat can be.

    The counting of :func:`pokerbull.calls.odds._favourable` for every unseen count at
    once: ``ways[t, e]`` draws of t cards from the short groups leaving them e
    short; with w wild cards drawn beside them the call holds when
    ``e <= wilds - shortfall + w``; the rest of a draw comes from the other
    cards, a convolution with their binomial row.
    """
    ways = np.zeros((1, 1))
    ways[0, 0] = 1.0
    for left, short in short_shapes:
        step = np.zeros((left + 1, short + 1))
        for k in range(left + 1):
            step[k, max(0, short - k)] = _PASCAL[left, k]
        grown = np.zeros((ways.shape[0] + left, ways.shape[1] + short))
        for k in range(left + 1):
            for e in range(short + 1):
                if step[k, e]:
                    grown[k:k + ways.shape[0], e:e + ways.shape[1]] += step[k, e] * ways
        ways = grown
    wilds_left = wild_cap - wilds
    spare = wilds - shortfall
    # held[m]: ways to draw m cards from the short groups and the wild cards that hold
    held = np.zeros(ways.shape[0] + wilds_left)
    for w in range(wilds_left + 1):
        covered = ways[:, :max(0, min(ways.shape[1], spare + w + 1))].sum(axis=1)
        held[w:w + ways.shape[0]] += _PASCAL[wilds_left, w] * covered
    block = np.ones((known_max + 1, unseen_max + 1))
    for known in range(in_hand, known_max + 1):
        remaining = deck - known
        if remaining < 0:
            break
        others = remaining - wilds_left - in_shapes
        if others < 0:
            continue
        top = min(unseen_max, remaining)
        favourable = np.convolve(held, _PASCAL[others, :others + 1])[:top + 1]
        row = np.zeros(top + 1)
        row[:len(favourable)] = favourable
        block[known, :top + 1] = row / _PASCAL[remaining, :top + 1]
    return block.ravel()
