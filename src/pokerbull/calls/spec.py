"""Call specs and ladder tables: what a family says about each call, and the flat
arrays both kernel backends read.

A family builder (see :mod:`pokerbull.calls.families`) describes each call as a
:class:`CallSpec`: its category, ranks, suit, phrase and the *requirement* the
kernels check. :func:`build_tables` turns a family's specs into the flat NumPy
arrays of :class:`LadderTables`, so neither backend knows any ladder by heart.

Requirement kinds (the kernels' whole vocabulary):

``AT_LEAST``
    groups of cards ``(mask, count)``: the call holds when the natural cards
    missing from every group (``count - |pool & mask|``, never below zero) can
    all be covered by distinct wild cards of the pool.
``EXACT_RANKS``
    exact-hand call made of rank counts (pair, two pair, trips, full house,
    quads): ``count1`` cards of ``rank1``, ``count2`` of ``rank2`` and ``kick``
    kickers of distinct other ranks; pools under five cards must *be* the hand.
``EXACT_HIGH``, ``EXACT_STRAIGHT``, ``EXACT_FLUSH``
    exact-hand high card, straight and flush with top ``rank1`` (flush: of ``suit``).
``CHEUNG``
    a Cheung's Poker Bull call (RULES.md 2.4); its fields travel in the family's
    ``extra`` arrays and a kernel of its own (``FamilyDefinition.kernel``) reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..cards import NATURAL_MASK, RANKS, SUITS, rank_column

AT_LEAST = 0
EXACT_RANKS = 1
EXACT_HIGH = 2
EXACT_STRAIGHT = 3
EXACT_FLUSH = 4
CHEUNG = 5
MAX_GROUPS = 5


@dataclass(frozen=True)
class CallSpec:
    """What a family builder says about one call (before it has an index)."""

    category: str
    ranks: tuple[int, ...]
    suit: int | None
    phrase: str
    level_key: tuple[Any, ...]  # calls with equal keys have equal strength
    kind: int
    groups: tuple[tuple[int, int], ...] = ()
    rank1: int = -1
    count1: int = 0
    rank2: int = -1
    count2: int = 0
    kick: int = 0
    tier: str = ""
    aliases: tuple[str, ...] = ()

    @property
    def code(self) -> str:
        ranks = ",".join(RANKS[r] for r in self.ranks)
        parts = [self.category, ranks]
        if self.suit is not None or self.tier:
            parts.append(SUITS[self.suit] if self.suit is not None else "")
        if self.tier:
            parts.append(self.tier)
        return ":".join(parts)


@dataclass(frozen=True)
class FamilyDefinition:
    """A family's calls in ladder order plus what the kernels need beyond them."""

    name: str
    specs: Sequence[CallSpec]        # a tuple, or made when asked for (cheung's CheungSpecs)
    wild_mask: int = 0
    allowed_mask: int = NATURAL_MASK
    options: tuple[tuple[str, Any], ...] = ()
    categories: tuple[str, ...] = ()
    kernel: str = "Kernel"           # the backend class that checks these calls
    extra: tuple[tuple[str, Any], ...] = ()   # (name, array) pairs for that kernel
    parser: Any = None               # text -> code or None, tried after the phrase table
    tables: Any = None               # LadderTables built by the family itself (no spec loop)
    find_code: Any = None            # canonical code -> index or None: its Calls made lazily


@dataclass
class LadderTables:
    """The flat arrays both kernels read: one entry per call, one per block."""

    kind: np.ndarray          # uint8  [n]
    ngroups: np.ndarray       # uint8  [n]
    group_mask: np.ndarray    # uint64 [n * MAX_GROUPS]
    group_count: np.ndarray   # uint8  [n * MAX_GROUPS]
    rank1: np.ndarray         # int8   [n]
    count1: np.ndarray        # uint8  [n]
    rank2: np.ndarray         # int8   [n]
    count2: np.ndarray        # uint8  [n]
    kick: np.ndarray          # uint8  [n]
    suit: np.ndarray          # int8   [n]
    level: np.ndarray         # int32  [n]
    skip: np.ndarray          # int32  [n]: next call to try when the first requirement fails
    block_start: np.ndarray   # int32  [b]
    block_end: np.ndarray     # int32  [b] (exclusive)
    block_min_cards: np.ndarray      # uint8 [b]: fewest pool cards any call of the block needs
    block_min_same_rank: np.ndarray  # uint8 [b]: fewest cards of one rank (wilds included)
    block_min_same_suit: np.ndarray  # uint8 [b]: fewest cards of one suit (wilds included)
    block_key_count: np.ndarray      # uint8 [b]: k when every call's first requirement is
    #                                  "k cards of its first rank" (calls ordered by that rank), else 0
    block_rank_start: np.ndarray     # int32 [b * 13]: first call of the block with that first rank
    block_rank_end: np.ndarray       # int32 [b * 13]: one past the last (start == end: none)
    wild_mask: int = 0
    allowed_mask: int = NATURAL_MASK
    extra: dict[str, Any] = field(default_factory=dict)


def _primary_key(spec: CallSpec) -> tuple[Any, ...]:
    if spec.kind == AT_LEAST:
        return ("g", spec.groups[0]) if spec.groups else ("none",)
    if spec.kind == EXACT_RANKS:
        return ("r", spec.rank1, spec.count1)
    return ("call", id(spec))


def build_tables(definition: FamilyDefinition) -> LadderTables:
    if definition.tables is not None:
        tables: LadderTables = definition.tables
        return tables
    specs = definition.specs
    n = len(specs)
    wild = definition.wild_mask
    kind = np.zeros(n, np.uint8)
    ngroups = np.zeros(n, np.uint8)
    gmask = np.zeros(n * MAX_GROUPS, np.uint64)
    gcount = np.zeros(n * MAX_GROUPS, np.uint8)
    rank1 = np.full(n, -1, np.int8)
    count1 = np.zeros(n, np.uint8)
    rank2 = np.full(n, -1, np.int8)
    count2 = np.zeros(n, np.uint8)
    kick = np.zeros(n, np.uint8)
    suit = np.full(n, -1, np.int8)
    level = np.zeros(n, np.int32)
    skip = np.zeros(n, np.int32)

    lvl = -1
    prev_key = None
    for i, s in enumerate(specs):
        if s.level_key != prev_key:
            if prev_key is not None and not s.level_key > prev_key:
                raise ValueError(f"{definition.name}: calls out of order at {s.code}")
            lvl += 1
            prev_key = s.level_key
        level[i] = lvl
        kind[i] = s.kind
        if len(s.groups) > MAX_GROUPS:
            raise ValueError(f"{s.code}: more than {MAX_GROUPS} card groups")
        ngroups[i] = len(s.groups)
        for g, (mask, count) in enumerate(s.groups):
            gmask[i * MAX_GROUPS + g] = mask & ~wild
            gcount[i * MAX_GROUPS + g] = count
        rank1[i], count1[i], rank2[i], count2[i] = s.rank1, s.count1, s.rank2, s.count2
        kick[i] = s.kick
        suit[i] = -1 if s.suit is None else s.suit

    # Blocks: runs of one category. Inside a block, calls sharing their first
    # requirement are contiguous, so when it fails `best` jumps past them all.
    starts, ends, min_cards, min_same, min_suit = [], [], [], [], []
    key_counts, rank_start, rank_end = [], [], []
    i = 0
    while i < n:
        j = i
        while j < n and specs[j].category == specs[i].category:
            j += 1
        starts.append(i)
        ends.append(j)
        block = specs[i:j]
        min_cards.append(min(_cards_needed(s) for s in block))
        min_same.append(min(_same_rank_needed(s, wild) for s in block))
        min_suit.append(min(_same_suit_needed(s, wild) for s in block))
        key = _rank_key(block, wild)
        key_counts.append(key)
        lo, hi = [i] * 13, [i] * 13
        if key:
            for c in range(i, j):
                r = specs[c].ranks[0]
                if hi[r] == lo[r]:
                    lo[r] = c
                hi[r] = c + 1
        rank_start += lo
        rank_end += hi
        for c in range(i, j):
            primary = _primary_key(specs[c])
            d = c - 1
            if primary[0] != "call":
                while d >= i and _primary_key(specs[d]) == primary:
                    d -= 1
            skip[c] = d
        i = j

    return LadderTables(
        kind=kind, ngroups=ngroups, group_mask=gmask, group_count=gcount,
        rank1=rank1, count1=count1, rank2=rank2, count2=count2, kick=kick,
        suit=suit, level=level, skip=skip,
        block_start=np.array(starts, np.int32), block_end=np.array(ends, np.int32),
        block_min_cards=np.array(min_cards, np.uint8),
        block_min_same_rank=np.array(min_same, np.uint8),
        block_min_same_suit=np.array(min_suit, np.uint8),
        block_key_count=np.array(key_counts, np.uint8),
        block_rank_start=np.array(rank_start, np.int32),
        block_rank_end=np.array(rank_end, np.int32),
        wild_mask=wild, allowed_mask=definition.allowed_mask, extra=dict(definition.extra),
    )


def _same_suit_needed(s: CallSpec, wild: int) -> int:
    """Cards of one suit (naturals plus wilds) the call needs at least."""
    if s.kind == EXACT_FLUSH:
        return 5
    if s.kind == AT_LEAST and s.groups:
        lanes = {b // 16 for mask, _ in s.groups for b in range(64) if (mask & ~wild) >> b & 1}
        if len(lanes) == 1:
            return sum(count for _, count in s.groups)
    return 0


def _rank_key(block: Sequence[CallSpec], wild: int) -> int:
    """k when each call's first requirement is k cards of its first rank, with
    the calls in ascending order of that rank; 0 otherwise."""
    counts = set()
    for s in block:
        if s.kind == EXACT_RANKS:
            counts.add(s.count1)
        elif s.kind == AT_LEAST and s.groups and s.ranks and \
                s.groups[0][0] & ~wild == rank_column(s.ranks[0]) & ~wild:
            counts.add(s.groups[0][1])
        else:
            return 0
    ranks = [s.ranks[0] for s in block]
    return counts.pop() if len(counts) == 1 and ranks == sorted(ranks) else 0


def _cards_needed(s: CallSpec) -> int:
    if s.kind == AT_LEAST:
        return sum(count for _, count in s.groups)
    if s.kind == EXACT_RANKS:
        return s.count1 + s.count2
    if s.kind == EXACT_HIGH:
        return 1
    return 5


def _same_rank_needed(s: CallSpec, wild: int) -> int:
    """Cards of one rank (naturals plus wilds) the call needs at least."""
    if s.kind == EXACT_RANKS:
        return s.count1
    if s.kind == AT_LEAST and s.groups:
        mask, count = s.groups[0]
        ranks = {r for r in range(13) if mask & rank_column(r) & ~wild}
        if len(ranks) == 1 and not mask & ~rank_column(next(iter(ranks))):
            return count
    return 0


# ---- phrases and codes -------------------------------------------------------


FAMILY_BUILDERS: dict[str, Callable[..., FamilyDefinition]] = {}


def register_family(name: str
                    ) -> Callable[[Callable[..., FamilyDefinition]], Callable[..., FamilyDefinition]]:
    """Decorator: make a builder available to :func:`~pokerbull.calls.ladder.ladder` under `name`."""
    def wrap(builder: Callable[..., FamilyDefinition]) -> Callable[..., FamilyDefinition]:
        FAMILY_BUILDERS[name] = builder
        return builder
    return wrap
