"""Calls and ladders: every call of a family, lowest to highest, as flat tables.

A family builder (see :mod:`pokerbull.families`) describes each call as a
:class:`CallSpec`: its category, ranks, suit, phrase and the *requirement* the
kernels check. :class:`Ladder` turns the specs into flat NumPy arrays that both
backends read, so neither backend knows any ladder by heart.

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
"""

from __future__ import annotations

import re
from importlib import import_module
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterator

import numpy as np

from . import _backend
from .cards import (NATURAL_MASK, RANKS, SUIT_SYMBOLS, SUITS, Pool, _RANK_OF,
                    _SUIT_OF, as_mask_array, check_mask, rank_column)

if TYPE_CHECKING:
    from collections.abc import Callable

AT_LEAST = 0
EXACT_RANKS = 1
EXACT_HIGH = 2
EXACT_STRAIGHT = 3
EXACT_FLUSH = 4
MAX_GROUPS = 5


@dataclass(frozen=True)
class CallSpec:
    """What a family builder says about one call (before it has an index)."""

    category: str
    ranks: tuple[int, ...]
    suit: int | None
    phrase: str
    level_key: tuple  # calls with equal keys have equal strength
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
    specs: tuple[CallSpec, ...]
    wild_mask: int = 0
    allowed_mask: int = NATURAL_MASK
    options: tuple[tuple[str, Any], ...] = ()
    categories: tuple[str, ...] = ()


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


def _primary_key(spec: CallSpec) -> tuple:
    if spec.kind == AT_LEAST:
        return ("g", spec.groups[0]) if spec.groups else ("none",)
    if spec.kind == EXACT_RANKS:
        return ("r", spec.rank1, spec.count1)
    return ("call", id(spec))


def build_tables(definition: FamilyDefinition) -> LadderTables:
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
            key = _primary_key(specs[c])
            d = c - 1
            if key[0] != "call":
                while d >= i and _primary_key(specs[d]) == key:
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
        wild_mask=wild, allowed_mask=definition.allowed_mask,
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


def _rank_key(block: tuple[CallSpec, ...], wild: int) -> int:
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

_WORD_RANK: dict[str, str] = {}
for _i, (_one, _many) in enumerate(zip(
        ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "jack", "queen", "king", "ace"),
        ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
         "tens", "jacks", "queens", "kings", "aces"))):
    _WORD_RANK[_one] = _WORD_RANK[_many] = RANKS[_i]
_WORD_RANK.update({"deuce": "2", "deuces": "2", "10": "T", "t": "T", "j": "J",
                   "q": "Q", "k": "K"})
_WORD_RANK.update({str(r): str(r) for r in range(2, 10)})
_WORD_SUIT = {"club": "c", "clubs": "c", "diamond": "d", "diamonds": "d",
              "heart": "h", "hearts": "h", "spade": "s", "spades": "s"}
_WORD_SUIT.update({sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)})
_WORD_PLAIN = {"pairs": "pair"}
_FILLER = {"the", "of", "with"}
_ACE_FOLLOWERS = {"to", "of", "and", "over", "full", "high"}
_PLURAL_RANK = re.compile(r"^(10|[2-9]|[tjqka])'?s$")


def normalize_phrase(text: str) -> str:
    """A key that every accepted spelling of one call shares."""
    words = re.sub(r"[,;.!\-–—/]", " ", text.lower()).split()
    out = []
    for k, w in enumerate(words):
        nxt = words[k + 1] if k + 1 < len(words) else None
        if w in ("a", "an"):
            # an article, unless it stands where a rank must ("10 to A").
            if w == "a" and (nxt is None or nxt in _ACE_FOLLOWERS):
                out.append("A")
            continue
        if w in _FILLER:
            continue
        if w in _WORD_RANK:
            out.append(_WORD_RANK[w])
        elif w in _WORD_SUIT:
            out.append(_WORD_SUIT[w])
        elif (m := _PLURAL_RANK.match(w)):
            out.append(_WORD_RANK.get(m.group(1), m.group(1).upper()))
        else:
            out.append(_WORD_PLAIN.get(w, w))
    return " ".join(out)


def _parse_code(text: str) -> str | None:
    """Canonical code for a code-like text, or None when it is not one."""
    parts = text.strip().split(":")
    if len(parts) < 2 or len(parts) > 4:
        return None
    category = parts[0].strip().lower()
    if not re.fullmatch(r"[a-z_0-9]+", category):
        return None
    ranks = []
    if parts[1].strip():
        for token in parts[1].split(","):
            r = _RANK_OF.get(token.strip())
            if r is None:
                raise ValueError(f"{text!r}: {token.strip()!r} is not a rank")
            ranks.append(r)
    out = [category, ",".join(RANKS[r] for r in ranks)]
    if len(parts) >= 3:
        s = parts[2].strip()
        if s and s not in _SUIT_OF:
            raise ValueError(f"{text!r}: {s!r} is not a suit")
        out.append(SUITS[_SUIT_OF[s]] if s else "")
    if len(parts) == 4:
        out.append(parts[3].strip().lower())
    return ":".join(out)


class Call(_backend.core.CallBase):
    """One call of a ladder: its place, strength, code and phrase.

    Calls are compared by identity of ladder and index; strength is ``level``.
    ``ladder`` and ``index`` live in the backend's base class, where the
    compiled core reads them without a Python frame.
    """

    __slots__ = ("level", "code", "phrase", "category", "ranks", "suit", "tier")

    def __init__(self, ladder: Ladder, index: int, level: int, spec: CallSpec) -> None:
        super().__init__(ladder, index)
        self.level = level
        self.code = spec.code
        self.phrase = spec.phrase
        self.category = spec.category
        self.ranks = spec.ranks
        self.suit = spec.suit
        self.tier = spec.tier

    def __str__(self) -> str:
        return self.phrase

    def __repr__(self) -> str:
        return f"<Call {self.code} ({self.phrase}) #{self.index} level {self.level}>"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Call) and other.ladder is self.ladder
                and other.index == self.index)

    def __hash__(self) -> int:
        return hash((self.ladder.key, self.index))

    def __reduce__(self):
        return (_call_from_key, (self.ladder.key, self.index))


def _call_from_key(key: tuple, index: int) -> Call:
    name, options = key
    return ladder(name, **dict(options))[index]


class Ladder:
    """All calls of one family, lowest to highest, with the checking kernels.

    >>> lad = ladder("pagat")
    >>> c = lad.parse("two pair, Nines and Fours")
    >>> c.code, lad.holds(c, Pool.parse("9c 9d 4h 4s 2c"))
    ('two_pair:9,4', True)
    """

    def __init__(self, definition: FamilyDefinition, core: Any = None) -> None:
        self.name = definition.name
        self.definition = definition
        self.options = dict(definition.options)
        self.key = (definition.name, definition.options)
        self.tables = build_tables(definition)
        self.calls: tuple[Call, ...] = tuple(
            Call(self, i, int(self.tables.level[i]), s) for i, s in enumerate(definition.specs))
        self.n_levels = int(self.tables.level[-1]) + 1 if self.calls else 0
        self.categories = definition.categories or tuple(
            dict.fromkeys(c.category for c in self.calls))
        self._kernel = (core or _backend.core).Kernel(self.tables)
        self._kernel.bind(self, Call, Pool)
        # Per-call checks skip this class's Python frame: the kernel serves
        # Calls and Pools itself and hands anything else to _holds_general.
        self.holds = self._kernel.holds_call
        self._by_code: dict[str, Call] = {}
        self._by_phrase: dict[str, Call] = {}
        for call, spec in zip(self.calls, definition.specs):
            self._register(self._by_code, call.code, call)
            for phrase in (spec.phrase, *spec.aliases):
                self._register(self._by_phrase, normalize_phrase(phrase), call)
        levels = self.tables.level
        # first index of a strictly higher level, for every call
        self._raise_start = np.searchsorted(levels, levels, side="right").astype(np.int64)

    @staticmethod
    def _register(table: dict[str, Call], key: str, call: Call) -> None:
        other = table.get(key)
        if other is not None and other is not call:
            raise ValueError(f"ambiguous call text {key!r}: {other.code} and {call.code}")
        table[key] = call

    # -- the sequence of calls
    def __len__(self) -> int:
        return len(self.calls)

    def __getitem__(self, index: int) -> Call:
        return self.calls[index]

    def __iter__(self) -> Iterator[Call]:
        return iter(self.calls)

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"<Ladder {self.name!r}{opts}: {len(self)} calls, {self.n_levels} levels>"

    @property
    def wild_mask(self) -> int:
        return self.tables.wild_mask

    @property
    def allowed_mask(self) -> int:
        return self.tables.allowed_mask

    # -- text
    def parse(self, text: str | Call) -> Call:
        """The call named by a phrase or a code (ValueError when there is none)."""
        if isinstance(text, Call):
            return self.call(text)
        if not isinstance(text, str):
            raise ValueError(f"a call must be text or a Call, not {type(text).__name__}")
        if ":" in text:
            code = _parse_code(text)
            if code is not None:
                found = self._by_code.get(code)
                if found is None and code.startswith("two_pair:"):
                    found = self._by_code.get(_swap_two_pair(code))
                if found is not None:
                    return found
                raise ValueError(f"{text!r} is not a call of the {self.name} ladder")
        found = self._by_phrase.get(normalize_phrase(text))
        if found is None:
            raise ValueError(f"{text!r} is not a call of the {self.name} ladder")
        return found

    def call(self, call: Call | str | int) -> Call:
        """Resolve a Call of this ladder, a phrase, a code or an index."""
        if isinstance(call, Call):
            if call.ladder is not self:
                raise ValueError(f"call {call.code} belongs to the {call.ladder.name} "
                                 f"ladder, not {self.name}")
            return call
        if isinstance(call, str):
            return self.parse(call)
        if isinstance(call, (int, np.integer)) and not isinstance(call, bool):
            if not 0 <= call < len(self.calls):
                raise ValueError(f"call index {call} is outside the {self.name} ladder "
                                 f"(0..{len(self.calls) - 1})")
            return self.calls[int(call)]
        raise ValueError(f"a call must be a Call, text or an index, not {type(call).__name__}")

    def _mask(self, pool: Pool | int | str) -> int:
        if isinstance(pool, Pool):
            mask = pool.mask
        elif isinstance(pool, str):
            mask = Pool.parse(pool).mask
        else:
            mask = check_mask(pool)
        if mask & ~self.tables.allowed_mask:
            check_mask(mask, jokers=bool(self.tables.allowed_mask & ~NATURAL_MASK))
        return mask

    # -- checking
    def holds(self, call: Call | str | int, pool: Pool | int | str) -> bool:
        """Does `pool` satisfy `call`? (Each instance binds its kernel's fast path here.)"""
        return self._holds_general(call, pool)

    def _holds_general(self, call: Call | str | int, pool: Pool | int | str) -> bool:
        return self._kernel.holds(self.call(call).index, self._mask(pool))

    def holds_many(self, masks: Any, calls: Any) -> np.ndarray:
        """Check many pools at once: one call for all, or one call (index) per mask."""
        masks = as_mask_array(masks)
        if isinstance(calls, (Call, str)):
            calls = self.call(calls).index
        if isinstance(calls, (int, np.integer)) and not isinstance(calls, bool):
            self.call(int(calls))
            return self._kernel.holds_many_one(masks, int(calls))
        calls = _as_index_array(calls, len(masks), len(self.calls))
        return self._kernel.holds_many(masks, calls)

    def truth(self, pool: Pool | int | str) -> np.ndarray:
        """Every call of the ladder checked against one pool, as a bool array."""
        return self._kernel.truth(self._mask(pool))

    def best(self, pool: Pool | int | str) -> Call | None:
        """The highest call that the pool satisfies, or None.

        Among equal-strength calls that hold, the one latest in the ladder.
        """
        index = self._kernel.best(self._mask(pool))
        return None if index < 0 else self.calls[index]

    def best_many(self, masks: Any) -> np.ndarray:
        """Index of the best call for each pool (-1 where none holds)."""
        return self._kernel.best_many(as_mask_array(masks))

    def is_raise(self, new: Call | str | int, old: Call | str | int | None) -> bool:
        """Is `new` strictly stronger than `old` (any call raises over None)?"""
        new = self.call(new)
        if old is None:
            return True
        return new.level > self.call(old).level

    def raises_over(self, call: Call | str | int | None) -> tuple[Call, ...]:
        """Every call that is a legal raise over `call` (all calls over None)."""
        if call is None:
            return self.calls
        return self.calls[self._raise_start[self.call(call).index]:]

    def first_raise_index(self, call: Call | str | int | None) -> int:
        """Index of the lowest call strictly stronger than `call`."""
        if call is None:
            return 0
        return int(self._raise_start[self.call(call).index])

    def witness(self, call: Call | str | int, pool: Pool | int | str) -> Pool | None:
        """Cards of the pool that make the call, or None when it does not hold."""
        from .witness import witness
        call = self.call(call)
        mask = self._mask(pool)
        if not self._kernel.holds(call.index, mask):
            return None
        return Pool(witness(self, call, mask))


def _swap_two_pair(code: str) -> str:
    head, ranks, *rest = code.split(":")
    return ":".join([head, ",".join(reversed(ranks.split(","))), *rest])


def _as_index_array(calls: Any, n: int, n_calls: int) -> np.ndarray:
    if isinstance(calls, (list, tuple)) and calls and isinstance(calls[0], Call):
        calls = [c.index for c in calls]
    arr = np.asarray(calls)
    if arr.ndim != 1 or len(arr) != n:
        raise ValueError(f"calls must be one index per mask ({n}), got shape {arr.shape}")
    if arr.size and arr.dtype.kind not in "ui":
        raise ValueError(f"call indices must be integers, not {arr.dtype}")
    # The kernels read int16, int32 and int64 indices in place and check their
    # range while they work, so no extra pass over a large batch here.
    keep = arr.dtype if arr.dtype in (np.int16, np.int32, np.int64) else np.int64
    return np.ascontiguousarray(arr, dtype=keep)


_FAMILY_BUILDERS: dict[str, Callable[..., FamilyDefinition]] = {}


def register_family(name: str) -> Callable:
    """Decorator: make a builder available to :func:`ladder` under `name`."""
    def wrap(builder: Callable[..., FamilyDefinition]) -> Callable[..., FamilyDefinition]:
        _FAMILY_BUILDERS[name] = builder
        return builder
    return wrap


def family_names() -> tuple[str, ...]:
    """Names of the call families :func:`ladder` knows."""
    import_module(".families", __package__)  # registers the builders
    return tuple(_FAMILY_BUILDERS)


def ladder(family: str, **options: Any) -> Ladder:
    """The ladder of a call family, built once per family and options."""
    family_names()
    if family not in _FAMILY_BUILDERS:
        raise ValueError(f"unknown call family {family!r}; known: {', '.join(_FAMILY_BUILDERS)}")
    return _cached_ladder(family, tuple(sorted(options.items())))


_LADDERS: dict[tuple, Ladder] = {}


@lru_cache(maxsize=None)
def _cached_ladder(family: str, options: tuple) -> Ladder:
    # Builders resolve defaults, so equal rules give one Ladder (and equal Calls)
    # however the options were spelled.
    definition = _FAMILY_BUILDERS[family](**dict(options))
    key = (definition.name, definition.options)
    if key not in _LADDERS:
        _LADDERS[key] = Ladder(definition)
    return _LADDERS[key]
