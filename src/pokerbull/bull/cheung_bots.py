"""Bots for Cheung's game (seed 001): odds from seeded draws of the unseen cards.

:class:`CheungBot` estimates how likely calls hold by drawing the unseen cards
at random (its own cards known) and checking the draws with the batch kernel;
it challenges a call that is unlikely, else raises to the lowest likely call
(an opening never names a certain call: it plays from the observation's legal
actions). :class:`CheungRandomBot` is the baseline: a random legal action.

>>> import pokerbull as pb
>>> g = pb.Game("cheung", players=3, seed=1)
>>> bot = CheungBot(seed=2)
>>> bot.act(g.observation(g.to_play)) in g.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..calls.possible import can_hold
from ..cards import JOKER_MASK, NATURAL_MASK, iter_bits
from .bots import Bot
from .game import Observation

_SHORT: dict[Any, np.ndarray] = {}


def short_calls(lad) -> np.ndarray:
    """Indices of the plain calls a bot considers raising to: at most one named
    rank, no joker tier (plus each flush, straight flush and royal flush suit)."""
    found = _SHORT.get(lad.key)
    if found is None:
        found = _SHORT[lad.key] = np.array(
            [c.index for c in lad if len(c.ranks) <= 1 and not c.tier], dtype=np.int64)
    return found


def deck_in_play(observation: Observation) -> int:
    """The deck the unseen cards come from: the ladder's, without the jokers
    when variation 5a may have taken them out. When it cannot tell (5a with a
    5b recharge), without them: a call that can hold without the jokers can
    hold with them."""
    rules = observation.rules
    deck = rules.ladder.allowed_mask
    leave = rules.jokers_leave_at
    if leave:
        live = sum(1 for s in observation.hand_sizes if s)
        if sum(observation.hand_sizes) <= leave + (live if rules.recharge_at else 0):
            deck = (deck & NATURAL_MASK) | (observation.cards.mask & JOKER_MASK)
    return deck


def first_possible(observation: Observation, calls) -> int | None:
    """The first of `calls` that some draw of the unseen cards can make hold
    (pokerbull.calls.possible.can_hold), or None."""
    lad = observation.rules.ladder
    own = observation.cards.mask
    unseen = sum(observation.hand_sizes) - len(observation.cards)
    deck = deck_in_play(observation)
    for c in calls:
        if can_hold(lad, int(c), own, unseen=unseen, deck=deck):
            return int(c)
    return None


class CheungBot(Bot):
    """Challenges below `challenge_below`, raises to the lowest call at or above
    `raise_at_least` (estimated on `samples` seeded draws)."""

    name = "cheung"

    def __init__(self, challenge_below: float = 0.4, raise_at_least: float = 0.6,
                 samples: int = 192, seed: Any = None) -> None:
        for label, value in (("challenge_below", challenge_below),
                             ("raise_at_least", raise_at_least)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                    not 0.0 <= value <= 1.0:
                raise ValueError(f"{label} must be a probability 0..1, not {value!r}")
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a whole number >= 1, not {samples!r}")
        self.challenge_below = float(challenge_below)
        self.raise_at_least = float(raise_at_least)
        self.samples = samples
        self.rng = np.random.default_rng(seed)

    def params(self) -> dict[str, Any]:
        return {"challenge_below": self.challenge_below, "raise_at_least": self.raise_at_least,
                "samples": self.samples}

    def draws(self, observation: Observation) -> np.ndarray:
        """Pools: the bot's cards plus a random draw of the unseen ones."""
        own = observation.cards.mask
        rest = np.array([1 << b for b in iter_bits(deck_in_play(observation) & ~own)],
                        dtype=np.uint64)
        unseen = sum(observation.hand_sizes) - len(observation.cards)
        keys = self.rng.random((self.samples, len(rest)))
        picks = np.argpartition(keys, unseen - 1, axis=1)[:, :unseen] if unseen else \
            np.zeros((self.samples, 0), dtype=np.intp)
        return np.bitwise_or.reduce(rest[picks], axis=1, initial=np.uint64(0)) | np.uint64(own)

    def act(self, observation: Observation) -> int:
        lad = observation.rules.ladder
        legal = observation.legal_actions()
        challenge = len(lad)
        last = observation.last_call
        pools = self.draws(observation)
        if last is not None:
            p_last = float(lad.holds_many(pools, last.index).mean())
            if p_last < self.challenge_below or legal == [challenge]:
                return challenge
        first = legal[0]
        short = short_calls(lad)
        candidates = short[short >= first][:16]
        if observation.banned:
            candidates = np.array([c for c in candidates if int(c) not in observation.banned],
                                  dtype=np.int64)
        if not len(candidates) or candidates[0] != first:
            candidates = np.concatenate([[first], candidates]).astype(np.int64)
        best_p, best_c = -1.0, int(candidates[0])
        for c in candidates:
            p = float(lad.holds_many(pools, int(c)).mean())
            if p >= self.raise_at_least:
                return int(c)
            if p > best_p:
                best_p, best_c = p, int(c)
        if last is not None:
            return challenge
        if best_p > 0.0:              # held on a real draw: it can hold
            return best_c
        calls = legal[:-1] if legal[-1] == challenge else legal
        found = first_possible(observation, calls)
        return best_c if found is None else found


class CheungRandomBot(Bot):
    """A random legal action: challenges with probability `challenge` when it may."""

    name = "cheung-random"

    def __init__(self, challenge: float = 0.3, reach: int = 200, seed: Any = None) -> None:
        self.challenge = challenge
        self.reach = reach
        self.rng = np.random.default_rng(seed)

    def params(self) -> dict[str, Any]:
        return {"challenge": self.challenge, "reach": self.reach}

    def act(self, observation: Observation) -> int:
        legal = observation.legal_actions()
        challenge = len(observation.rules.ladder)
        if legal[-1] == challenge and (len(legal) == 1 or self.rng.random() < self.challenge):
            return challenge
        calls = legal[:-1] if legal[-1] == challenge else legal
        reach = min(self.reach, len(calls))
        # a random call within reach that can hold, else the first beyond
        order = [calls[int(i)] for i in self.rng.permutation(reach)] + list(calls[reach:])
        found = first_possible(observation, order)
        if found is None:
            return challenge if legal[-1] == challenge else int(calls[0])
        return found


# ---- the compiled loop ---------------------------------------------------------

COMPILED_BOTS = {"cheung": (1, 0.4, 0.6), "cheung-random": (0, 0.3, 0.0)}
"""The bots the compiled loop plays: kind, challenge threshold, raise threshold."""


def simulate_cheung(players: int = 5, games: int = 1000, seed: Any = None,
                    bots: tuple[str, ...] = ("cheung", "cheung-random"),
                    samples: int = 12, **options: Any) -> dict[str, Any]:
    """Complete games of Cheung's Poker Bull played inside the compiled core.

    `bots` repeat round the table (``"cheung"``: the odds bot, from `samples`
    draws of the unseen cards; ``"cheung-random"``: the random bot). Options are
    the preset's (jokers, suit_order, ...; the variations or_higher, 5a and 5b
    are not played by this loop). Returns the wins per seat and per bot.

    >>> r = simulate_cheung(players=4, games=20, seed=1)
    >>> sum(r["seat_wins"]), sorted(r["bot_wins"])
    (20, ['cheung', 'cheung-random'])
    """
    from ..calls.cheung import certain_calls
    from ..cards import deck_bits
    from .rules import Rules
    for name in ("or_higher", "jokers_leave_at", "recharge_at"):
        if options.get(name):
            raise ValueError(f"the compiled cheung loop does not play {name}; "
                             f"use pb.simulate(..., engine='python')")
    rules = Rules.preset("cheung", players=players, **options)
    try:
        from ..core import _core
    except ImportError:
        raise ValueError("the compiled cheung loop needs the compiled core, which is not "
                         "built here") from None
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= 64:
        raise ValueError(f"samples must be 1..64, not {samples!r}")
    unknown = [b for b in bots if b not in COMPILED_BOTS]
    if not bots or unknown:
        raise ValueError(f"unknown bots {unknown}; the compiled loop plays "
                         f"{', '.join(COMPILED_BOTS)}")
    lad = rules.ladder
    most = rules.players * rules.start_cards
    banned = np.zeros((most + 1, len(lad)), dtype=np.uint8)
    for n in range(1, most + 1):
        banned[n, list(certain_calls(lad, n))] = 1
    seats = [bots[s % len(bots)] for s in range(players)]
    kinds = [COMPILED_BOTS[b] for b in seats]
    kernel = lad._kernel if isinstance(lad._kernel, _core.CheungKernel) else \
        _core.CheungKernel(lad.tables)          # the loop runs compiled whatever the backend
    sim = _core.CheungSimulation(kernel, banned.ravel(), short_calls(lad),
                                 [1 << b for b in deck_bits(lad.allowed_mask)], players,
                                 rules.start_cards, [k[0] for k in kinds], [k[1] for k in kinds],
                                 [k[2] for k in kinds], samples)
    start = np.random.default_rng(seed).integers(0, 2**63, dtype=np.uint64)
    wins = sim.run(games, int(start))
    per_bot: dict[str, int] = {}
    for b, w in zip(seats, wins.tolist()):
        per_bot[b] = per_bot.get(b, 0) + w
    return {"seat_wins": wins.tolist(), "bot_wins": per_bot, "seats": seats, "games": games}
