"""Odds of calls: how likely each call holds when part of the pool is unseen.

The pool is the ``known`` cards plus ``unseen`` cards drawn from the rest of
the deck, every draw equally likely. :func:`odds` gives, for every call of a
ladder, the probability that the call holds on that pool.

- ``AT_LEAST`` calls (all of ``pagat`` and ``pagat-wild``, the straight and
  royal flushes of ``holdem``) are counted exactly from the ladder's card
  groups: a small convolution over the groups with exact integer binomials.
- Exact-hand calls (the rest of ``holdem``) are checked with the batch kernel
  on every possible draw when there are few enough, else on seeded random
  draws (Monte Carlo), with a standard error for each call.

See ``docs/odds.md`` for the method.

>>> import pokerbull as pb
>>> o = pb.odds("pagat", unseen=10)
>>> o.fraction("two Aces") == 1 - Fraction(comb(48, 10) + 4 * comb(48, 9), comb(52, 10))
True
>>> round(o["two Aces"], 4), o.exact
(0.1625, True)
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb, sqrt
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards import Card, Pool, check_mask, iter_bits
from .ladder import Call, Ladder, ladder
from .cheung_counts import holding_counts
from .possible import can_hold, knows
from .spec import AT_LEAST, MAX_GROUPS

DEFAULT_SAMPLES = 20_000
"""Random draws per Monte Carlo estimate when none is asked for."""

EXACT_DRAW_LIMIT = 50_000
"""Exact-hand calls are checked on every draw when there are at most this many."""


@dataclass(frozen=True, eq=False)
class Odds:
    """The chance of every call of a ladder on a partly unseen pool.

    Arrays are aligned with the ladder (index ``i`` is ``ladder[i]``); calls
    left out with ``odds(..., calls=...)`` hold NaN.
    """

    ladder: Ladder
    known: Pool
    unseen: int
    probability: npt.NDArray[np.float64]     # [calls]
    standard_error: npt.NDArray[np.float64]  # [calls]: 0 where counted exactly (sampling_error)
    exact_calls: npt.NDArray[np.bool_]       # [calls]: counted over every draw
    favourable: tuple[int | None, ...]  # holding draws per exact call, else None
    draws: int                   # equally likely draws: C(remaining deck, unseen)
    samples: int                 # random draws used for the other calls (0 if none)

    @property
    def pool_size(self) -> int:
        """Cards in the whole pool: known plus unseen."""
        return len(self.known) + self.unseen

    @property
    def computed(self) -> npt.NDArray[np.bool_]:
        """Which calls were asked for (all, unless ``calls=`` chose some)."""
        return ~np.isnan(self.probability)

    @property
    def exact(self) -> bool:
        """True when every call asked for was counted exactly, with no sampling."""
        return bool(self.exact_calls[self.computed].all())

    def _index(self, call: Call | str | int) -> int:
        index = self.ladder.call(call).index
        if np.isnan(self.probability[index]):
            raise ValueError(f"the odds of {self.ladder[index]} were not asked for")
        return index

    def __getitem__(self, call: Call | str | int) -> float:
        """Probability that `call` (a Call, phrase, code or index) holds."""
        return float(self.probability[self._index(call)])

    def error(self, call: Call | str | int) -> float:
        """Standard error of a sampled call's probability, 0 when counted exactly
        (a call never or always seen in the draws gets the rule of three's bound)."""
        return float(self.standard_error[self._index(call)])

    def fraction(self, call: Call | str | int) -> Fraction:
        """The exact probability as a fraction; ValueError for a sampled call."""
        count = self.favourable[self._index(call)]
        if count is None:
            raise ValueError(f"{self.ladder.call(call)} was estimated from "
                             f"{self.samples} random draws, not counted exactly")
        return Fraction(count, self.draws)

    def items(self) -> Iterator[tuple[Call, float]]:
        """(call, probability) for every call asked for, lowest call first."""
        for index in np.flatnonzero(self.computed):
            yield self.ladder[int(index)], float(self.probability[index])

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"{self.samples} samples"
        return (f"<Odds {self.ladder.name}: {len(self.known)} known + {self.unseen} unseen "
                f"cards, {int(self.computed.sum())} calls, {how}>")

    def table(self, calls: Iterable[Call | str | int] | None = None) -> str:
        """A plain-text table of calls and their chances (every call asked for by default)."""
        chosen = (self.ladder.call(c) for c in _asked(calls)) if calls is not None else (
            call for call, _ in self.items())
        rows = [(str(c), c.code, format_probability(self[c]), one_in(self[c]),
                 "" if self.exact_calls[c.index] else f"± {self.error(c):.4f} sampled")
                for c in chosen]
        head = ("call", "code", "probability", "one in", "" if self.exact else "s.e.")
        widths = [max(len(r[k]) for r in [head, *rows]) for k in range(len(head))]
        lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip()
                 for row in [head, *rows]]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _asked(calls: Any) -> list[Any]:
    """The calls asked for as a list: one call (a Call, its text or index) or any
    iterable of them; ValueError for anything else."""
    if isinstance(calls, (str, Call, int, np.integer)):
        return [calls]               # one call, not the letters of its phrase
    try:
        return list(calls)
    except TypeError:
        raise ValueError(f"calls must be a call or a list of calls, not {calls!r}") from None


def sampling_error(p: float, samples: int) -> float:
    """The error of a probability estimated as `p` from `samples` random draws.

    The binomial standard error, except at 0 and 1 where it would claim
    certainty: a call never (or always) seen in n draws gets 3/n, the rule of
    three's 95 % bound on how far the true chance may be.

    >>> sampling_error(0.5, 10_000), sampling_error(0.0, 20_000)
    (0.005, 0.00015)
    """
    if p <= 0.0 or p >= 1.0:
        return 3.0 / samples
    return sqrt(p * (1 - p) / samples)


def format_probability(p: float) -> str:
    """Four decimals, or three significant digits for the rare calls (never 0 or 1 alone).

    >>> format_probability(0.5), format_probability(0.0000123), format_probability(1.0)
    ('0.5000', '1.23e-05', '1.0000')
    >>> format_probability(0.0)
    '0.0000'
    """
    return f"{p:.4f}" if p >= 0.001 or p == 0.0 else f"{p:.3g}"


def one_in(p: float) -> str:
    """The chance as 'one in N' draws.

    >>> one_in(0.25), one_in(1 / 81_600), one_in(0.0)
    ('4', '81,600', 'never')
    """
    if p <= 0:
        return "never"
    n = 1 / p
    return f"{n:.3g}" if n < 10 else f"{round(n):,}"


def odds(family: str | Ladder, known: Pool | str | int | Iterable[Card | str] | None = None,
         *, unseen: int,
         calls: Iterable[Call | str | int] | None = None,
         samples: int = DEFAULT_SAMPLES,
         seed: int | np.random.Generator | None = None,
         exact_limit: int = EXACT_DRAW_LIMIT, **options: Any) -> Odds:
    """Probability of each call when the pool is `known` plus `unseen` random cards.

    `family` is a family name or a :class:`Ladder`; `known` a Pool, card text, a
    list of cards (as :func:`pokerbull.evaluate` takes) or a mask (none by
    default); `calls` limits the work to some calls. Exact-hand
    calls are checked on every draw when there are at most `exact_limit` draws,
    else on `samples` random draws from `seed` (an int or a NumPy Generator;
    None draws fresh entropy).

    >>> o = odds("pagat", "As Kd", unseen=1)
    >>> o["one Ace"], o.fraction("two Aces")
    (1.0, Fraction(3, 50))
    """
    lad = _ladder_of(family, options)
    known_mask = _known_mask(lad, known)
    remaining = lad.allowed_mask & ~known_mask
    left = remaining.bit_count()
    if isinstance(unseen, bool) or not isinstance(unseen, (int, np.integer)):
        raise ValueError(f"unseen must be a whole number of cards, not {unseen!r}")
    if not 0 <= unseen <= left:
        raise ValueError(f"unseen must be between 0 and {left} (the cards left in the "
                         f"deck after {known_mask.bit_count()} known), not {unseen}")
    unseen = int(unseen)
    _check_whole("samples", samples, 1)
    _check_whole("exact_limit", exact_limit, 0)
    rng = _generator(seed)
    wanted = (np.ones(len(lad), bool) if calls is None else
              np.isin(np.arange(len(lad)), [lad.call(c).index for c in _asked(calls)]))
    groups = _call_groups(lad)
    draws = comb(left, unseen)
    probability = np.full(len(lad), np.nan)
    error = np.full(len(lad), np.nan)
    exact_calls = np.zeros(len(lad), bool)
    favourable: list[int | None] = [None] * len(lad)

    wanted_calls = [int(index) for index in np.flatnonzero(wanted)]
    deal = _Deal(known_mask, remaining, lad.wild_mask & lad.allowed_mask, unseen)
    for index in wanted_calls:
        call_groups = groups[index]
        if call_groups is not None:
            favourable[index] = deal.favourable(call_groups)

    if lad.name == "cheung":
        return _cheung_odds(lad, known_mask, remaining, unseen, wanted, draws, samples,
                            rng, exact_limit)
    kernel_calls: list[int] = []
    decided = knows(lad)      # families whose impossible calls can_hold decides exactly
    for index in wanted_calls:
        if groups[index] is None:
            if not decided or can_hold(lad, index, known_mask, unseen=unseen):
                kernel_calls.append(index)
            else:
                favourable[index] = 0   # no draw can make it: an exact 0, not an estimate
    used_samples = 0
    if kernel_calls:
        if draws <= exact_limit:
            masks = _every_draw(known_mask, remaining, unseen)
            for index in kernel_calls:
                favourable[index] = int(lad.holds_many(masks, index).sum())
        else:
            masks = _random_draws(known_mask, remaining, unseen, samples, rng)
            used_samples = samples
            for index in kernel_calls:
                p = float(lad.holds_many(masks, index).mean())
                probability[index] = p
                error[index] = sampling_error(p, samples)

    for index in wanted_calls:
        count = favourable[index]
        if count is not None:
            probability[index] = count / draws
            error[index] = 0.0
            exact_calls[index] = True
    return Odds(lad, Pool(known_mask), unseen, probability, error, exact_calls,
                tuple(favourable), draws, used_samples)


# ---- cheung: every call at once, down the tree of "more specific" calls -------

_CallTree = tuple[npt.NDArray[np.int64], tuple[npt.NDArray[np.intp], ...]]
_TREES: weakref.WeakKeyDictionary[Ladder, _CallTree] = weakref.WeakKeyDictionary()
TREE_CHUNK = 4096
"""Pools checked together by :func:`_tree_counts`."""


def call_tree(lad: Ladder) -> _CallTree:
    """Each cheung call's parent (-1 for a category's plain call) and the calls
    by depth. A call holds only where its parent holds: the parent drops the
    joker tier, else the suit, else the last named rank (naming fewer ranks
    asks less: the named ones need only be among the hand's)."""
    found = _TREES.get(lad)
    if found is None:
        index = {(c.category, c.ranks, c.suit, c.tier): c.index for c in lad}
        parent = np.full(len(lad), -1, np.int64)
        depth = np.zeros(len(lad), np.int64)
        for c in lad:
            if c.tier:
                key = (c.category, c.ranks, c.suit, "")
            elif c.suit is not None:
                key = (c.category, c.ranks, None, "")
            elif c.ranks:
                key = (c.category, c.ranks[:-1], None, "")
            else:
                continue
            parent[c.index] = index[key]
        for i in range(len(lad)):
            d, p = 0, parent[i]
            while p >= 0:
                d, p = d + 1, parent[p]
            depth[i] = d
        generations = tuple(np.flatnonzero(depth == d) for d in range(int(depth.max()) + 1))
        found = _TREES[lad] = (parent, generations)
    return found


def _tree_counts(lad: Ladder, masks: npt.NDArray[np.uint64],
                 wanted: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """How many of `masks` each wanted call holds on (others: 0), checking a
    call only on the pools where its parent holds: (pool, call) pairs through
    the compiled kernel (holds_many), a generation of the tree at a time."""
    parent, generations = call_tree(lad)
    n = len(lad)
    need = wanted.copy()
    for calls in reversed(generations[1:]):
        need[parent[calls[need[calls]]]] = True
    kids = np.flatnonzero(need & (parent >= 0))
    kids = kids[np.argsort(parent[kids], kind="stable")]     # children grouped by parent
    first = np.searchsorted(parent[kids], np.arange(n), "left")
    last = np.searchsorted(parent[kids], np.arange(n), "right")
    roots = generations[0][need[generations[0]]]
    counts = np.zeros(n, np.int64)
    for start in range(0, len(masks), TREE_CHUNK):
        chunk = np.ascontiguousarray(masks[start:start + TREE_CHUNK])
        calls = np.repeat(roots, len(chunk))
        pools = np.tile(np.arange(len(chunk)), len(roots))
        while len(calls):
            ok = lad.holds_many(chunk[pools], calls.astype(np.int32))
            calls, pools = calls[ok], pools[ok]
            counts += np.bincount(calls, minlength=n)
            many = last[calls] - first[calls]
            pair = np.repeat(np.arange(len(calls)), many)
            step = np.arange(len(pair)) - np.repeat(np.cumsum(many) - many, many)
            calls, pools = kids[first[calls][pair] + step], pools[pair]
    counts[~wanted] = 0
    return counts


def _cheung_odds(lad: Ladder, known_mask: int, remaining: int, unseen: int,
                 wanted: npt.NDArray[np.bool_], draws: int, samples: int,
                 rng: np.random.Generator,
                 exact_limit: int) -> Odds:
    """Every cheung call on every draw (at most `exact_limit` of them) or on
    `samples` seeded random draws, down the call tree; a call no draw can make
    (:func:`can_hold`) is an exact 0, not an estimate."""
    n = len(lad)
    probability = np.full(n, np.nan)
    error = np.full(n, np.nan)
    exact_calls = np.zeros(n, bool)
    favourable: list[int | None] = [None] * n
    exact = draws <= exact_limit
    masks = (_every_draw(known_mask, remaining, unseen) if exact else
             _random_draws(known_mask, remaining, unseen, samples, rng))
    if known_mask.bit_count() + unseen >= 6:
        counts = holding_counts(lad, masks, wanted)   # every call from what the pools hold
    else:
        counts = _tree_counts(lad, masks, wanted)     # a hand of five: few calls hold
    impossible = np.zeros(n, bool)
    if not exact:
        parent, generations = call_tree(lad)
        for calls in generations:
            for c in calls[wanted[calls] & (counts[calls] == 0)]:
                p = parent[c]
                impossible[c] = (p >= 0 and impossible[p]) or \
                    not can_hold(lad, int(c), known_mask, unseen=unseen)
    for index in np.flatnonzero(wanted):
        if exact or impossible[index]:
            count = int(counts[index]) if exact else 0
            favourable[index] = count
            probability[index] = count / draws
            error[index] = 0.0
            exact_calls[index] = True
        else:
            p = float(counts[index]) / samples
            probability[index] = p
            error[index] = sampling_error(p, samples)
    return Odds(lad, Pool(known_mask), unseen, probability, error, exact_calls,
                tuple(favourable), draws, 0 if exact else samples)


# ---- inputs ------------------------------------------------------------------

def _ladder_of(family: str | Ladder, options: dict[str, Any] | None = None) -> Ladder:
    """The ladder; family options (``jokers=1`` for cheung) go with a family name."""
    if isinstance(family, Ladder):
        if options:
            raise ValueError(f"family options ({', '.join(sorted(options))}) go with a family "
                             f"name, not with a Ladder")
        return family
    if isinstance(family, str):
        return ladder(family, **(options or {}))
    raise ValueError(f"family must be a family name or a Ladder, not {type(family).__name__}")


def _known_mask(lad: Ladder, known: Pool | str | int | Iterable[Card | str] | None) -> int:
    if known is None:
        return 0
    if isinstance(known, Pool):
        mask = known.mask
    elif isinstance(known, str):
        mask = Pool.parse(known).mask
    elif isinstance(known, (int, np.integer)) and not isinstance(known, bool):
        mask = check_mask(int(known), what="known")
    elif isinstance(known, Iterable) and not isinstance(known, (bytes, bytearray, Mapping)):
        mask = Pool.of(known).mask          # a list of cards, as pb.evaluate takes
    else:
        raise ValueError(f"known cards must be a Pool, card text, a list of cards or a "
                         f"mask, not {type(known).__name__}")
    outside = mask & ~lad.allowed_mask
    if outside:
        raise ValueError(f"known cards {Pool(outside)} are not in the deck of the "
                         f"{lad.name} family")
    return mask


def _check_whole(name: str, value: object, low: int) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low:
        raise ValueError(f"{name} must be a whole number >= {low}, not {value!r}")


# ---- exact counting for AT_LEAST calls --------------------------------------

_Groups = tuple[tuple[int, int], ...]
"""An AT_LEAST call's card groups: ``(mask, count)`` for each."""
_GROUPS: weakref.WeakKeyDictionary[Ladder, tuple[_Groups | None, ...]] = \
    weakref.WeakKeyDictionary()


def _call_groups(lad: Ladder) -> tuple[_Groups | None, ...]:
    """Each call's card groups ``(mask, count)`` if it is an AT_LEAST call, else None.

    The counting needs every call's groups to be disjoint and free of wild
    cards; a family that breaks this is refused rather than miscounted.
    """
    found = _GROUPS.get(lad)
    if found is None:
        t = lad.tables
        out: list[_Groups | None] = []
        for call in lad:
            if t.kind[call.index] != AT_LEAST:
                out.append(None)
                continue
            base = call.index * MAX_GROUPS
            groups = tuple((int(t.group_mask[base + g]), int(t.group_count[base + g]))
                           for g in range(t.ngroups[call.index]))
            seen = t.wild_mask
            for mask, _ in groups:
                if mask & seen:
                    raise ValueError(f"cannot count the odds of {call} ({call.code}) in the "
                                     f"{lad.name} family exactly: its card groups overlap "
                                     f"each other or the wild cards")
                seen |= mask
            out.append(groups)
        found = _GROUPS[lad] = tuple(out)
    return found


class _Deal:
    """The split of the unseen deck that every AT_LEAST call is counted on."""

    def __init__(self, known: int, remaining: int, wild: int, unseen: int) -> None:
        self.known = known
        self.remaining = remaining
        self.left = remaining.bit_count()
        self.wilds_known = (known & wild).bit_count()
        self.wilds_left = (remaining & wild).bit_count()
        self.unseen = unseen

    def favourable(self, groups: _Groups) -> int:
        """How many draws of `unseen` cards make the call hold.

        A group still short of `short` cards, with `left` of its cards unseen,
        becomes the shape ``(left, short)``; groups already met join the rest
        of the deck, and cards a group can never get are a fixed shortfall
        that known wild cards must cover.
        """
        shapes, fixed_shortfall, in_shapes = shortfall_shapes(
            (count - (self.known & mask).bit_count(), (self.remaining & mask).bit_count())
            for mask, count in groups)
        others = self.left - self.wilds_left - in_shapes
        return _favourable(shapes, self.wilds_known - fixed_shortfall,
                           self.wilds_left, others, self.unseen)


def shortfall_shapes(needs: Iterable[tuple[int, int]]
                     ) -> tuple[tuple[tuple[int, int], ...], int, int]:
    """Groups as counting shapes. Each need is (cards still short, cards of the
    group still unseen); a met group drops out, and what a group can never get
    is a fixed shortfall (for wild cards to cover). Returns the sorted shapes
    ``(left, short)``, the fixed shortfall and the unseen cards in the shapes."""
    shapes = []
    fixed_shortfall = 0
    in_shapes = 0
    for short, left in needs:
        if short <= 0:
            continue
        if short > left:
            fixed_shortfall += short - left
            short = left
        if short:
            shapes.append((left, short))
            in_shapes += left
    return tuple(sorted(shapes)), fixed_shortfall, in_shapes


@lru_cache(maxsize=1 << 16)
def _favourable(shapes: tuple[tuple[int, int], ...], spare_wilds: int, wilds_left: int,
                others: int, unseen: int) -> int:
    """Draws of `unseen` cards whose total shortfall the wild cards cover.

    `shapes` are ``(cards left, cards short)`` per unmet group; `spare_wilds`
    are known wild cards beyond the fixed shortfall (may be negative);
    `wilds_left` wild cards and `others` further cards complete the deck.

    >>> _favourable(((4, 2),), 0, 0, 44, 2)   # both cards of a rank in 2 from 48
    6
    """
    most = spare_wilds + min(wilds_left, unseen)
    if most < 0:
        return 0
    # ways[(cards drawn from the groups, shortfall)]; a shortfall above `most`
    # can never be covered, so those draws are dropped as soon as they appear.
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for left, short in shapes:
        step = [(x, max(0, short - x), comb(left, x)) for x in range(min(left, unseen) + 1)]
        nxt: dict[tuple[int, int], int] = defaultdict(int)
        for (drawn, shortfall), n in ways.items():
            for x, still_short, n_x in step:
                if drawn + x > unseen:
                    break
                total = shortfall + still_short
                if total <= most:
                    nxt[drawn + x, total] += n * n_x
        ways = nxt
    return sum(n * _fill(wilds_left, others, unseen - drawn, max(0, shortfall - spare_wilds))
               for (drawn, shortfall), n in ways.items())


@lru_cache(maxsize=1 << 12)
def _fill(wilds_left: int, others: int, draw: int, wilds_needed: int) -> int:
    """Ways to draw `draw` cards from the wilds and the others with enough wilds."""
    return sum(comb(wilds_left, y) * comb(others, draw - y)
               for y in range(wilds_needed, min(wilds_left, draw) + 1))


# ---- draws for the kernel-checked calls ------------------------------------

def _card_masks(remaining: int) -> npt.NDArray[np.uint64]:
    return np.array([1 << b for b in iter_bits(remaining)], dtype=np.uint64)


def _every_draw(known: int, remaining: int, unseen: int) -> npt.NDArray[np.uint64]:
    """The pool of every possible draw, as masks."""
    if unseen == 0:
        return np.array([known], dtype=np.uint64)
    cards = _card_masks(remaining)
    picks = np.array(list(combinations(range(len(cards)), unseen)), dtype=np.intp)
    pools: npt.NDArray[np.uint64] = np.bitwise_or.reduce(cards[picks], axis=1) | np.uint64(known)
    return pools


def _generator(seed: int | np.random.Generator | None) -> np.random.Generator:
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
        raise ValueError(f"seed must be an int or a numpy Generator, not {seed!r}")
    return np.random.default_rng(seed)


def _random_draws(known: int, remaining: int, unseen: int, samples: int,
                  rng: np.random.Generator) -> npt.NDArray[np.uint64]:
    """`samples` pools, each the known cards plus a uniformly random draw."""
    cards = _card_masks(remaining)
    shuffled = rng.permuted(np.tile(np.arange(len(cards)), (samples, 1)), axis=1)
    pools: npt.NDArray[np.uint64] = \
        np.bitwise_or.reduce(cards[shuffled[:, :unseen]], axis=1) | np.uint64(known)
    return pools
