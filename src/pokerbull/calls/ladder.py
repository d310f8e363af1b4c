"""Calls and ladders: every call of a family, lowest to highest.

:class:`Ladder` builds a family's :class:`~pokerbull.calls.spec.LadderTables`
once and answers through the chosen kernel backend; :class:`Call` is one call
with its index, level, code and phrase.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterator, TypeVar, overload

import numpy as np
import numpy.typing as npt

from ..cards import (
    _RANK_OF,
    _SUIT_OF,
    NATURAL_MASK,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    Pool,
    as_mask_array,
    check_mask,
    refuse_big_copy,
)
from ..core import backend as _backend
from ..options import hashable_options
from . import families  # noqa: F401  (registers every family, in ladder order)
from .cheung import avoiding_pool
from .spec import FAMILY_BUILDERS, CallSpec, FamilyDefinition, build_tables
from .witness import witness

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
    if len(parts) == 2 and parts[1].strip() in _SUIT_OF and parts[1].strip() not in _RANK_OF:
        parts = [parts[0], "", parts[1]]     # "royal_flush:s": no ranks, only a suit
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


_CODE_WIDTH = 26     # the codes column of Ladder.listing (the longest cheung code: 25)

_Out = TypeVar("_Out")

if TYPE_CHECKING:       # either backend's CallBase has the shape core/_core.pyi gives
    from ..core._core import CallBase as _CallBase
    from ..core._core import Kernel
else:
    _CallBase = _backend.core.CallBase


class Call(_CallBase):
    """One call of a ladder: its place, strength, code and phrase.

    ``ladder`` is the :class:`Ladder` it belongs to and ``index`` (an int) its place
    there, 0 for the lowest; calls are compared by identity of ladder and index;
    strength is ``level``. ``ladder`` and ``index`` live in the backend's base
    class, where the compiled core reads them without a Python frame.

    >>> c = ladder("pagat").parse("three Tens")
    >>> c.index == ladder("pagat").calls.index(c), c.code
    (True, 'trips:T')
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

    def __reduce__(self) -> tuple[Any, ...]:
        return (_call_from_key, (self.ladder.key, self.index))


def _call_from_key(key: tuple[str, Any], index: int) -> Call:
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
        self._by_code: dict[str, Call] = {}
        self._by_phrase: dict[str, Call] = {}
        self.calls: tuple[Call, ...] | _LazyCalls
        if definition.find_code is not None:
            # a large family (cheung): each Call made when first asked for
            self.calls = _LazyCalls(self, definition.specs, self.tables.level)
        else:
            self.calls = tuple(Call(self, i, int(self.tables.level[i]), s)
                               for i, s in enumerate(definition.specs))
            for call, spec in zip(self.calls, definition.specs):
                self._register(self._by_code, call.code, call)
                if definition.parser is None:
                    for phrase in (spec.phrase, *spec.aliases):
                        self._register(self._by_phrase, normalize_phrase(phrase), call)
        self.n_levels = int(self.tables.level[-1]) + 1 if len(self.calls) else 0
        self.categories = definition.categories or tuple(
            dict.fromkeys(c.category for c in self.calls))
        self._kernel: Kernel = getattr(core or _backend.core, definition.kernel)(self.tables)
        self._kernel.bind(self, Call, Pool)
        # Per-call checks skip this class's Python frame: the kernel serves
        # Calls and Pools itself and hands anything else to _holds_general.
        self.holds = self._kernel.holds_call   # type: ignore[method-assign]
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

    def _by_code_get(self, code: str) -> Call | None:
        """The call with this canonical code, or None."""
        find = self.definition.find_code
        if find is None:
            return self._by_code.get(code)
        index = find(code)
        if index is None:
            return None
        call = self.calls[index]
        return call if call.code == code else None

    def __iter__(self) -> Iterator[Call]:
        return iter(self.calls)

    def listing(self, truth: np.ndarray | None = None) -> Iterator[str]:
        """Every call as one line of text, lowest first: index, level, code and
        phrase (and, given a :meth:`truth` array, whether it holds), made one at a
        time from the family's specs without making Call objects, so a listing of
        a large ladder (cheung: 61,501 calls) starts at once and streams."""
        if truth is not None:
            truth = np.asarray(truth)
            if truth.shape != (len(self),):
                raise ValueError(f"truth must hold one flag per call of the ladder "
                                 f"({len(self)}, as truth(pool) gives), not an array of "
                                 f"shape {truth.shape}")
        return self._lines(truth)

    def _lines(self, truth: np.ndarray | None) -> Iterator[str]:
        specs, level = self.definition.specs, self.tables.level
        wi, wl = len(str(len(self) - 1)), len(str(self.n_levels - 1))
        wi, wl = max(wi, len("index")), max(wl, len("level"))
        yield f"{'index':>{wi}}  {'level':>{wl}}  {'code':<{_CODE_WIDTH}}  call" + \
            ("  (holds)" if truth is not None else "")
        for i in range(len(self)):
            spec = specs[i]
            line = f"{i:>{wi}}  {int(level[i]):>{wl}}  {spec.code:<{_CODE_WIDTH}}  {spec.phrase}"
            if truth is not None:
                line += "  (holds)" if truth[i] else ""
            yield line

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"<Ladder {self.name!r}{opts}: {len(self)} calls, {self.n_levels} levels>"

    @property
    def wild_mask(self) -> int:
        """The card mask (public 64-bit layout) of the cards this family treats as wild (0: none)."""
        return self.tables.wild_mask

    @property
    def allowed_mask(self) -> int:
        """The card mask of every card this family's deck holds (jokers included when it has them)."""
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
                found = self._by_code_get(code)
                if found is None and code.startswith("two_pair:"):
                    found = self._by_code_get(_swap_two_pair(code))
                if found is not None:
                    return found
                raise ValueError(f"{text!r} is not a call of the {self.name} ladder")
        found = self._by_phrase.get(normalize_phrase(text))
        if found is None and self.definition.parser is not None:
            code = self.definition.parser(text)
            found = self._by_code_get(code) if code else None
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

    def holds_many(self, masks: Any, calls: Any) -> npt.NDArray[np.bool_]:
        """Check many pools at once: one call for all, or one call (index) per mask."""
        masks = as_mask_array(masks)
        if isinstance(calls, (Call, str)):
            calls = self.call(calls).index
        if isinstance(calls, (int, np.integer)) and not isinstance(calls, bool):
            self.call(int(calls))
            return self._batch(self._kernel.holds_many_one, masks, int(calls))
        if isinstance(calls, (list, tuple)) and any(isinstance(c, (Call, str)) for c in calls):
            calls = [self.call(c).index for c in calls]   # a foreign Call is refused here
        calls = _as_index_array(calls, len(masks), len(self.calls))
        return self._batch(self._kernel.holds_many, masks, calls)

    def _batch(self, kernel: Callable[..., _Out], masks: npt.NDArray[np.uint64],
               *args: Any) -> _Out:
        """Run a batch kernel; a mask it refuses is named by its index and value."""
        try:
            return kernel(masks, *args)
        except ValueError:
            outside = np.uint64(~self.tables.allowed_mask & ((1 << 64) - 1))
            bad = np.flatnonzero(masks & outside)
            if not bad.size:
                raise          # not a mask's fault: the kernel's own message stands
            i = int(bad[0])
            mask = int(masks[i])
            raise ValueError(f"pool mask at index {i} {mask:#x} has cards these rules do not "
                             f"have: {mask & ~self.tables.allowed_mask:#x}") from None

    def truth(self, pool: Pool | int | str) -> npt.NDArray[np.bool_]:
        """Every call of the ladder checked against one pool, as a bool array."""
        return self._kernel.truth(self._mask(pool))

    def best(self, pool: Pool | int | str) -> Call | None:
        """The highest call that the pool satisfies, or None.

        Among equal-strength calls that hold, the one latest in the ladder.
        """
        index = self._kernel.best(self._mask(pool))
        return None if index < 0 else self.calls[index]

    def best_many(self, masks: Any) -> npt.NDArray[np.int32]:
        """Index of the best call for each pool (-1 where none holds)."""
        return self._batch(self._kernel.best_many, as_mask_array(masks))

    def is_raise(self, new: Call | str | int, old: Call | str | int | None) -> bool:
        """Is `new` strictly stronger than `old` (any call raises over None)?"""
        new = self.call(new)
        if old is None:
            return True
        return new.level > self.call(old).level

    def raises_over(self, call: Call | str | int | None) -> Sequence[Call]:
        """Every call that is a legal raise over `call` (all calls over None)."""
        if call is None:
            return self.calls
        return self.calls[self._raise_start[self.call(call).index]:]

    def first_raise_index(self, call: Call | str | int | None) -> int:
        """Index of the lowest call strictly stronger than `call`."""
        if call is None:
            return 0
        return int(self._raise_start[self.call(call).index])

    def avoiding_pool(self, call: Call | str | int, n: int,
                      deck: Pool | int | None = None) -> Pool | None:
        """A pool of `n` cards of the deck (default: the whole deck of these rules)
        where `call` fails, or None when the call is certain (see :meth:`certain`)."""
        deck_mask = None if deck is None else self._mask(deck)
        found = avoiding_pool(self, self.call(call), n, deck_mask)
        return None if found is None else Pool(found)

    def certain(self, call: Call | str | int, n: int, deck: Pool | int | None = None) -> bool:
        """Does every `n`-card pool of the deck satisfy `call`? Exact: below five
        cards every pool is tried; from five cards on a pool that fails keeps
        failing when cards leave it (down to five), so the call is certain exactly
        when n exceeds its largest failing pool, found by a search over shapes
        that provably hold one (docs/cheung.md, "Certain calls"). The deck is
        all 52 natural cards and some of the ladder's jokers. When False,
        :meth:`avoiding_pool` shows a pool where it fails."""
        return self.avoiding_pool(call, n, deck) is None

    def witness(self, call: Call | str | int, pool: Pool | int | str) -> Pool | None:
        """Cards of the pool that make the call, or None when it does not hold."""
        call = self.call(call)
        mask = self._mask(pool)
        if not self._kernel.holds(call.index, mask):
            return None
        return Pool(witness(self.tables, self._kernel.holds, call.index, mask))


class _LazyCalls(Sequence[Call]):
    """A ladder's calls, each :class:`Call` made (once) when first asked for:
    indexing and slicing give Calls as a tuple of them would."""

    __slots__ = ("_ladder", "_specs", "_level", "_made")

    def __init__(self, ladder: Ladder, specs: Any, level: np.ndarray) -> None:
        self._ladder, self._specs, self._level = ladder, specs, level
        self._made: list[Call | None] = [None] * len(specs)

    def __len__(self) -> int:
        return len(self._made)

    @overload
    def __getitem__(self, index: int) -> Call: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Call, ...]: ...

    def __getitem__(self, index: int | slice) -> Call | tuple[Call, ...]:
        if isinstance(index, slice):
            return tuple(self._one(i) for i in range(*index.indices(len(self._made))))
        return self._one(range(len(self._made))[index])

    def _one(self, i: int) -> Call:
        call = self._made[i]
        if call is None:
            call = self._made[i] = Call(self._ladder, i, int(self._level[i]), self._specs[i])
        return call

    def __iter__(self) -> Iterator[Call]:
        for i in range(len(self._made)):
            yield self._one(i)


def _swap_two_pair(code: str) -> str:
    head, ranks, *rest = code.split(":")
    return ":".join([head, ",".join(reversed(ranks.split(","))), *rest])


def _as_index_array(calls: Any, n: int, n_calls: int) -> np.ndarray:
    arr = np.asarray(calls)
    if arr.ndim != 1 or len(arr) != n:
        raise ValueError(f"calls must be one index per mask ({n}), got shape {arr.shape}")
    if arr.size and arr.dtype.kind not in "ui":
        raise ValueError(f"call indices must be integers, not {arr.dtype}")
    # The kernels read int16, int32 and int64 indices in place and check their
    # range while they work, so no extra pass over a large batch here.
    keep = arr.dtype if arr.dtype in (np.int16, np.int32, np.int64) else np.int64
    refuse_big_copy("calls", arr, keep)
    return np.ascontiguousarray(arr, dtype=keep)


def family_names() -> tuple[str, ...]:
    """Names of the call families :func:`ladder` knows."""
    return tuple(FAMILY_BUILDERS)


def family_options(family: str) -> tuple[str, ...]:
    """The options a family's ladder takes (keywords of :func:`ladder`)."""
    builder = FAMILY_BUILDERS[family]
    return tuple(name for name, p in inspect.signature(builder).parameters.items()
                 if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD))


def ladder(family: str, **options: Any) -> Ladder:
    """The ladder of a call family (any case: ``"HOLDEM"`` is ``"holdem"``), built once
    per family and options."""
    if isinstance(family, str):
        family = family.strip().lower()
    if not isinstance(family, str) or family not in FAMILY_BUILDERS:
        raise ValueError(f"unknown call family {family!r}; known: {', '.join(FAMILY_BUILDERS)}")
    takes = family_options(family)
    unknown = sorted(set(options) - set(takes))
    if unknown:
        offer = f"it takes {', '.join(takes)}" if takes else "it takes no options"
        raise ValueError(f"the {family} family has no option {', '.join(map(repr, unknown))}: "
                         f"{offer}")
    # the type rides in the cache key: True == 1 must not find the ladder built for 1
    hashable_options(f"the {family} family", options)
    return _cached_ladder(family, tuple(sorted((k, (type(v).__name__, v))
                                               for k, v in options.items())))


_LADDERS: dict[tuple[Any, ...], Ladder] = {}


@lru_cache(maxsize=None)
def _cached_ladder(family: str, options: tuple[Any, ...]) -> Ladder:
    # Builders resolve defaults, so equal rules give one Ladder (and equal Calls)
    # however the options were spelled.
    definition = FAMILY_BUILDERS[family](**{k: v for k, (_, v) in options})
    key = (definition.name, definition.options)
    if key not in _LADDERS:
        _LADDERS[key] = Ladder(definition)
    return _LADDERS[key]
