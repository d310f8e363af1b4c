"""Bots for Cheung's game (seed 001): odds from seeded draws of the unseen cards.

:class:`CheungBot` estimates how likely calls hold by drawing the unseen cards
at random (its own cards known; once per hand, the draws serve all its turns in
the hand) and checking the draws with the batch kernel; it challenges a call
that is unlikely, else raises to the lowest likely plain call (an opening never
names a certain call). Under "or higher" a call counts on a draw when the draw's
best call is at or above it, the rule the challenge is judged by.
:class:`CheungRandomBot` is the baseline: a random legal action among the lowest.

Both draw from their `seed` (an int, a Generator, or a simulated game's stream,
:class:`~pokerbull.sim.streams.GameStream`); with a game's stream they make the
same choices as the compiled loop (``bull/_cheung_game.pxi``), which
:func:`pokerbull.simulate` runs whenever every seat holds one of them.

>>> import pokerbull as pb
>>> g = pb.Game("cheung", players=3, seed=1)
>>> bot = CheungBot(seed=2)
>>> bot.act(g.observation(g.to_play)) in g.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..calls.ladder import Ladder
from ..cards import JOKER_MASK, deck_bits
from ..sim import simulate
from ..sim.streams import GameStream
from .agent import Bot
from .game import Observation
from .rules import Rules

if TYPE_CHECKING:
    from ._engine import CheungGames

CANDIDATES = 12
"""Plain calls an odds bot weighs per decision, lowest first (the compiled loop's too)."""

_SHORT: dict[tuple[str, Any], npt.NDArray[np.int64]] = {}   # by Ladder.key

_Hand = tuple[int, int, tuple[int, ...], bool]
"""What makes a new hand for a bot: hand number, its cards, hand sizes, jokers gone."""


def short_calls(lad: Ladder) -> npt.NDArray[np.int64]:
    """Indices of the plain calls a bot considers raising to: at most one named
    rank, no joker tier (plus each flush, straight flush and royal flush suit)."""
    found = _SHORT.get(lad.key)
    if found is None:
        x = lad.tables.extra          # from the arrays: no Call made
        ranks = (x["p1"] >= 0).astype(np.int64) + (x["p2"] >= 0) + np.array(
            [int(v).bit_count() for v in range(1 << 13)], np.int64)[x["named"]]
        found = _SHORT[lad.key] = np.flatnonzero((ranks <= 1) & (x["tier"] == 0)).astype(np.int64)
    return found


def _stream(seed: Any) -> GameStream | np.random.Generator:
    return seed if isinstance(seed, (np.random.Generator, GameStream)) \
        else np.random.default_rng(seed)


def _below(rng: GameStream | np.random.Generator, k: int) -> int:
    """Uniform in 0..k-1 (a game stream draws exactly as the compiled loop)."""
    return rng.below(k) if isinstance(rng, GameStream) else int(rng.integers(k))


def _bits64(rng: GameStream | np.random.Generator) -> int:
    """64 random bits (a game stream's next output, as the compiled loop reads it)."""
    return rng.next() if isinstance(rng, GameStream) else \
        int(rng.integers(0, 1 << 64, dtype=np.uint64, endpoint=False))


def _probability(label: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
        raise ValueError(f"{label} must be a probability 0..1, not {value!r}")
    return float(value)


def _count(label: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{label} must be a whole number >= 1, not {value!r}")
    return value


def draw_pools(rng: GameStream | np.random.Generator, observation: Observation,
               samples: int) -> npt.NDArray[np.uint64]:
    """`samples` pools: the seat's cards plus a uniform draw of the unseen ones from
    the rest of the deck in play. A pick is six bits of a 64-bit draw (ten picks a
    draw), the index of a card of the rest; one outside it or already drawn is
    dropped (cheap: no shuffle; the compiled loop's ``ch_draw`` reads the same bits)."""
    own = observation.cards.mask
    rest = [1 << b for b in deck_bits(current_deck(observation) & ~own)]
    others = len(rest)
    unseen = sum(observation.hand_sizes) - len(observation.cards)
    pools = np.zeros(samples, np.uint64)
    for s in range(samples):
        m, need = own, unseen
        while need:
            r = _bits64(rng)
            for _ in range(10):
                i, r = r & 63, r >> 6
                if i < others and not m & rest[i]:
                    m |= rest[i]
                    need -= 1
                    if not need:
                        break
        pools[s] = m
    return pools


def lowest_holding(observation: Observation, first: int, draw: int) -> int:
    """The lowest call the seat may make from `first` on that holds on `draw`;
    else the challenge (opening: the lowest call it may make)."""
    lad = observation.rules.ladder
    banned = observation.banned if observation.last_call is None else frozenset()
    for c in range(first, len(lad)):
        if c not in banned and lad._kernel.holds(c, draw):
            return c
    if observation.last_call is not None:
        return len(lad)
    return next(c for c in range(len(lad)) if c not in banned)


def current_deck(observation: Observation) -> int:
    """The deck of this hand: the ladder's, without the jokers once variation 5a took them."""
    deck = observation.rules.ladder.allowed_mask
    return deck & ~JOKER_MASK if observation.jokers_gone else deck


class CheungBot(Bot):
    """Challenges a call that holds on fewer than `challenge_below` of its
    `samples` draws; else raises to the highest of the next :data:`CANDIDATES`
    plain calls it may make that holds on at least `raise_at_least` of them (as
    high as it still believes, which leaves the next player little room). With
    none likely it challenges, or opens with the lowest of them."""

    name = "cheung"

    def __init__(self, challenge_below: float = 0.4, raise_at_least: float = 0.6,
                 samples: int = 12, seed: Any = None) -> None:
        self.challenge_below = _probability("challenge_below", challenge_below)
        self.raise_at_least = _probability("raise_at_least", raise_at_least)
        self.samples = _count("samples", samples)
        self.rng = _stream(seed)
        self._hand: _Hand | None = None
        self._draws = np.zeros(0, np.uint64)
        self._best = np.zeros(0, np.int64)

    def params(self) -> dict[str, Any]:
        return {"challenge_below": self.challenge_below, "raise_at_least": self.raise_at_least,
                "samples": self.samples}

    def reset(self, seat: int) -> None:
        super().reset(seat)
        self._hand = None

    def draws(self, observation: Observation) -> npt.NDArray[np.uint64]:
        """Pools: the bot's cards plus a random draw of the unseen ones, `samples`
        times (:func:`draw_pools`)."""
        return draw_pools(self.rng, observation, self.samples)

    def _holding(self, observation: Observation, call: int) -> int:
        """On how many of this hand's draws the call counts."""
        if observation.rules.or_higher:
            return int((self._best >= call).sum())
        return int(observation.rules.ladder.holds_many(self._draws, call).sum())

    def act(self, observation: Observation) -> int:
        lad = observation.rules.ladder
        n = len(lad)
        last = observation.last_call
        first = 0 if last is None else last.index + 1
        if last is not None and first >= n:
            return n
        hand = (observation.hand_number, observation.cards.mask, observation.hand_sizes,
                observation.jokers_gone)
        if hand != self._hand:           # a new hand: draw once for all its turns
            self._hand = hand
            self._draws = self.draws(observation)
            if observation.rules.or_higher:
                self._best = lad.best_many(self._draws).astype(np.int64)
        if last is not None and \
                self._holding(observation, last.index) < self.challenge_below * self.samples:
            return n
        plain = short_calls(lad)
        weighed: list[int] = []         # the next plain calls it may make
        for c in plain[np.searchsorted(plain, first):].tolist():
            if len(weighed) == CANDIDATES:
                break
            if last is None and c in observation.banned:
                continue
            weighed.append(c)

        def held(c: int) -> bool:
            return bool(lad.holds_many(self._draws, c).any())

        for c in reversed(weighed):     # the highest likely one (that can hold)
            if self._holding(observation, c) >= self.raise_at_least * self.samples \
                    and held(c):
                return c
        if last is not None:
            return n
        for c in weighed:               # opening: the lowest that can hold
            if held(c):
                return c
        return lowest_holding(observation, 0, int(self._draws[0]))


class CheungRandomBot(Bot):
    """A random legal action: challenges with probability `challenge` when it may,
    else one of the lowest `reach` calls it may make, drawn again (up to `reach`
    times) until one holds on its draw of the unseen cards (one draw a hand), so
    every call it makes can hold; if none does, it challenges (opening: the lowest
    call that holds on the draw)."""

    name = "cheung-random"

    def __init__(self, challenge: float = 0.3, reach: int = 200, seed: Any = None) -> None:
        self.challenge = _probability("challenge", challenge)
        self.reach = _count("reach", reach)
        self.rng = _stream(seed)
        self._hand: _Hand | None = None
        self._draw = 0

    def params(self) -> dict[str, Any]:
        return {"challenge": self.challenge, "reach": self.reach}

    def reset(self, seat: int) -> None:
        super().reset(seat)
        self._hand = None

    def act(self, observation: Observation) -> int:
        lad = observation.rules.ladder
        n = len(lad)
        last = observation.last_call
        first = 0 if last is None else last.index + 1
        if last is not None and (first >= n or self.rng.random() < self.challenge):
            return n
        hand = (observation.hand_number, observation.cards.mask, observation.hand_sizes,
                observation.jokers_gone)
        if hand != self._hand:
            self._hand = hand
            self._draw = int(draw_pools(self.rng, observation, 1)[0])
        banned = observation.banned if last is None else frozenset()
        span = min(self.reach, n - first - len(banned))
        for _ in range(span):           # drawn again while it does not hold on the draw
            k = _below(self.rng, span)
            c = first + k if last is not None else \
                next(islice((c for c in range(n) if c not in banned), k, None))
            if lad._kernel.holds(c, self._draw):
                return c
        if last is not None:            # none of them held: it challenges
            return n
        return lowest_holding(observation, 0, self._draw)


# ---- the compiled loop ---------------------------------------------------------

NEXT_STARTERS = {"loser": 0, "winner": 1, "after-challenger": 2}
"""The compiled loop's codes for Rules.next_starter."""


def compiled_spec(bot: Bot) -> tuple[int, float, float, int, int]:
    """The compiled loop's description of a Cheung bot: kind, a, b, reach, samples."""
    if type(bot) is CheungRandomBot:
        return (0, bot.challenge, 0.0, bot.reach, 1)
    if type(bot) is CheungBot:
        return (1, bot.challenge_below, bot.raise_at_least, 1, bot.samples)
    raise ValueError(f"{type(bot).__name__} is not one of Cheung's built-in bots; the "
                     f"compiled loop cannot run it")


def compiled_games(rules: Rules, bots: Sequence[Bot]) -> CheungGames:
    """The compiled loop (``bull._engine.CheungGames``) for Cheung's `rules` and one
    built-in Cheung bot per seat: the opening rule's tables for every count of
    cards in play, on the full deck and (variation 5a) the deck without jokers."""
    from ..calls.cheung import certain_table
    from ..core import _core
    from . import _engine
    lad = rules.ladder
    full = lad.allowed_mask
    decks = [full, full & ~JOKER_MASK if rules.jokers_leave_at else full]
    more = rules.players if rules.recharge_at else 0        # 5b: one more card each, once
    # the most cards a hand can have in play on each deck: without the jokers (5a)
    # the count has fallen to jokers_leave_at (a recharge may still come)
    most = [rules.players * rules.card_limit + more, rules.jokers_leave_at + more]
    banned: list[npt.NDArray[np.uint8]] = []
    counts: list[npt.NDArray[np.int32]] = []
    for g, deck in enumerate(decks):
        if g and deck == decks[0]:
            banned.append(banned[0])
            counts.append(counts[0])
            continue
        table = certain_table(lad, min(most[g], deck.bit_count()), deck)
        banned.append(table)
        counts.append(table.sum(axis=1, dtype=np.int32))
    numbers = {"players": rules.players, "start": rules.start_cards, "limit": rules.card_limit,
               "change": rules.loser_change, "step": rules.step,
               "next_starter": NEXT_STARTERS[rules.next_starter],
               "first": -1 if rules.first_starter == "random" else int(rules.first_starter),
               "or_higher": int(rules.or_higher), "jokers_leave_at": rules.jokers_leave_at,
               "recharge_at": rules.recharge_at}
    kernel = lad._kernel if isinstance(lad._kernel, _core.CheungKernel) else \
        _core.CheungKernel(lad.tables)          # the loop runs compiled whatever the backend
    return _engine.CheungGames(kernel, numbers, banned, counts, short_calls(lad),
                               [[1 << b for b in deck_bits(d)] for d in decks],
                               [compiled_spec(b) for b in bots])


def simulate_cheung(players: int = 5, games: int = 1000, seed: Any = None,
                    bots: tuple[str, ...] = ("cheung", "cheung-random"),
                    samples: int = 12, **options: Any) -> dict[str, Any]:
    """Complete games of Cheung's Poker Bull played inside the compiled core.

    `bots` repeat round the table (``"cheung"``: the odds bot, from `samples`
    draws of the unseen cards; ``"cheung-random"``: the random bot). Options are
    the preset's (jokers, suit_order, or_higher, jokers_leave_at, recharge_at,
    start_cards, ...). The games are :func:`pokerbull.simulate`'s with
    ``engine="compiled"``. Returns the wins per seat and per bot.

    >>> r = simulate_cheung(players=4, games=20, seed=1)
    >>> sum(r["seat_wins"]), sorted(r["bot_wins"])
    (20, ['cheung', 'cheung-random'])
    """
    kinds = {CheungBot.name: ("cheung", {"samples": samples}),
             CheungRandomBot.name: ("cheung-random", {})}
    unknown = [b for b in bots if b not in kinds]
    if not bots or unknown:
        raise ValueError(f"unknown bots {unknown}; the compiled loop plays {', '.join(kinds)}")
    seats = [bots[s % len(bots)] for s in range(players)] if isinstance(players, int) \
        and not isinstance(players, bool) and players > 0 else list(bots)
    result = simulate("cheung", bots=[kinds[b] for b in seats], games=games, seed=seed,
                      players=players, engine="compiled", **options)
    wins = result.seat_wins.tolist()
    per_bot: dict[str, int] = {}
    for b, w in zip(seats, wins):
        per_bot[b] = per_bot.get(b, 0) + w
    return {"seat_wins": wins, "bot_wins": per_bot, "seats": seats, "games": games}
