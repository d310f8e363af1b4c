"""Bots: an observation in, an action out.

A bot sees only what its seat may know (:class:`~pokerbull.bull.game.Observation`)
and answers with an integer action of :meth:`Game.legal_actions`: a ladder index
to call, or ``len(ladder)`` to challenge. User code implements :class:`Bot`.

>>> import pokerbull as pb
>>> g = pb.Game("pagat", players=3, seed=1)
>>> bot = RandomBot(seed=5)
>>> bot.act(g.observation(g.to_play)) in g.legal_actions()
True
"""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np
import numpy.typing as npt

from .agent import Bot, legal_actions, observation_ladder  # noqa: F401 (documented here too)
from .chances import NO_RANK, ChanceTable, chance_table, rank_counts
from .cheung_bots import CheungBot, CheungRandomBot
from .game import Observation
from .rules import Rules
from ..sim.streams import GameStream


class RandomBot(Bot):
    """Challenges with probability `challenge` (once there is a call), otherwise
    raises to a uniformly drawn call among the next `reach` raises, drawn again
    (up to `reach` times, then the lowest raise that can hold) while it cannot
    hold given its own cards: it never makes a call that cannot hold."""

    name = "random"

    def __init__(self, challenge: float = 0.3, reach: int = 12, seed: Any = None) -> None:
        _check_probability("challenge", challenge)
        if isinstance(reach, bool) or not isinstance(reach, int) or reach < 1:
            raise ValueError(f"reach must be a whole number of calls >= 1, not {reach!r}")
        self.challenge = float(challenge)
        self.reach = reach
        # a Generator, or a simulated game's stream (pokerbull.sim.streams.GameStream)
        self.rng = seed if isinstance(seed, (np.random.Generator, GameStream)) \
            else np.random.default_rng(seed)

    def params(self) -> dict[str, Any]:
        """The bot's parameters as keywords (the seed is not one: see simulate)."""
        return {"challenge": self.challenge, "reach": self.reach}

    def act(self, observation: Observation) -> int:
        lad = observation_ladder(observation)
        n = len(lad)
        last = observation.last_call
        start = lad.first_raise_index(None if last is None else last.index)
        if last is not None and (start == n or self.rng.random() < self.challenge):
            return n
        span = min(self.reach, n - start)
        can = _OWN_CARDS.chances(observation, start) > 0.0    # which raises can hold
        for _ in range(span):    # a draw that cannot hold is drawn again (the compiled loop too)
            c = int(self.rng.integers(0, span))
            if can[c]:
                return start + c
        held = np.flatnonzero(can)     # every draw missed: the lowest raise that can hold
        if len(held):
            return start + int(held[0])
        return n if last is not None else start   # none can hold (cannot happen when opening)


class UniformBot(Bot):
    """Plays a legal action drawn uniformly at random: every raise and the challenge
    alike (the baseline an agent's win rate is measured against; ``random`` is a
    heuristic that never makes a call that cannot hold)."""

    name = "uniform"

    def __init__(self, seed: Any = None) -> None:
        self.rng = seed if isinstance(seed, (np.random.Generator, GameStream)) \
            else np.random.default_rng(seed)

    def act(self, observation: Observation) -> int:
        legal = observation.legal_actions()
        return legal[int(self.rng.integers(0, len(legal)))]


def _check_probability(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must be a probability in [0, 1], not {value!r}")


# ---- bots that judge calls by their chances ----------------------------------

MAX_CREDIT = 2
"""Most cards an evidence-reading bot credits to one opponent per hand."""


def cheung_refusal(who: str) -> str:
    """Why `who`, a chance-table bot, cannot play a Cheung table."""
    return (f"{who} does not play cheung: the chance-table bots read the at-least and "
            f"holdem ladders; cheung's bots are {CheungBot.name}, {CheungRandomBot.name}")


def bot_table(rules: Rules) -> ChanceTable:
    """The chance table the built-in bots read for these rules (also in the compiled loop).

    A seat knows at most its own hand plus ``MAX_CREDIT`` believed cards per
    opponent; no pool holds more unseen cards than the table's cards in play.
    """
    if rules.family == "cheung":
        raise ValueError(cheung_refusal("this bot"))
    deck = rules.deck_size
    known_max = min(deck, rules.card_limit + MAX_CREDIT * (rules.players - 1))
    return chance_table(rules.ladder, known_max, min(deck, rules.max_cards_in_play))


class _TableView:
    """A chance table's per-call arrays, shaped for whole-ladder NumPy lookups."""

    def __init__(self, table: ChanceTable) -> None:
        n = len(table.ladder)
        self.table = table
        self.n = n
        self.group_rank = table.group_rank.reshape(n, -1).astype(np.intp)
        self.group_mask = table.group_mask.reshape(n, -1)
        self.counted = (self.group_rank == NO_RANK) & (self.group_mask != 0)
        self.cap = table.group_cap.reshape(n, -1).astype(np.int64)
        self.stride = table.stride.reshape(n, -1).astype(np.int64)
        self.wild_stride = table.wild_stride.astype(np.int64)
        self.start = table.table_start[table.table_of].astype(np.int64)
        self.keys = table.keys[table.table_of].astype(np.int64)
        self.row = table.unseen_max + 1


_VIEWS: dict[int, _TableView] = {}


def _view(rules: Rules) -> _TableView:
    table = bot_table(rules)
    view = _VIEWS.get(id(table))
    if view is None or view.table is not table:
        view = _VIEWS[id(table)] = _TableView(table)
    return view


def evidence_ranks(table: ChanceTable, calls: Any, players: int) -> list[list[int]]:
    """Per seat, the ranks its calls this hand suggest it holds, first named first
    (at most ``MAX_CREDIT`` distinct ranks; a call names its first group's rank)."""
    ranks: list[list[int]] = [[] for _ in range(players)]
    for seat, call in calls:
        r = int(table.evidence_rank[call.index])
        seen = ranks[seat]
        if r != NO_RANK and r not in seen and len(seen) < MAX_CREDIT:
            seen.append(r)
    return ranks


class ChanceBot(Bot):
    """Judges every call by its chance of holding, from what this seat knows.

    It challenges when the last call holds with chance below `challenge_below`
    (or when no raise is left); otherwise it makes the raise most likely to hold
    (the lowest of equal chances), unless even that is below `raise_at_least`,
    in which case it challenges. With ``credit > 0`` it also reads the other
    players' calls: each opponent is taken to hold the ranks its first `credit`
    distinct calls of the hand name (never more cards than it holds), and those
    believed cards count as known. With ``doubt_caller`` the last caller's own
    calls are not taken as evidence for the call being judged.
    """

    name = "chance"
    kind = "chance"

    def __init__(self, challenge_below: float = 0.5, raise_at_least: float = 0.0,
                 credit: int = 0, doubt_caller: bool = True) -> None:
        _check_probability("challenge_below", challenge_below)
        _check_probability("raise_at_least", raise_at_least)
        if isinstance(credit, bool) or not isinstance(credit, int) \
                or not 0 <= credit <= MAX_CREDIT:
            raise ValueError(f"credit must be a whole number of cards 0..{MAX_CREDIT}, "
                             f"not {credit!r}")
        if not isinstance(doubt_caller, bool):
            raise ValueError(f"doubt_caller must be True or False, not {doubt_caller!r}")
        self.challenge_below = float(challenge_below)
        self.raise_at_least = float(raise_at_least)
        self.credit = credit
        self.doubt_caller = doubt_caller

    def params(self) -> dict[str, Any]:
        return {"challenge_below": self.challenge_below, "raise_at_least": self.raise_at_least,
                "credit": self.credit, "doubt_caller": self.doubt_caller}

    def _believed(self, counts: list[int], evidence: list[list[int]], sizes: tuple[int, ...],
                  me: int, doubted: int) -> list[int]:
        """Counts per rank of own plus believed cards (the compiled loop does the same)."""
        believed = [0] * 14
        if self.credit:
            for seat, ranks in enumerate(evidence):
                if seat == me or seat == doubted or not sizes[seat]:
                    continue
                for r in ranks[:min(self.credit, sizes[seat])]:
                    believed[r] += 1
        out = counts[:]
        for r in range(13):
            out[r] += min(believed[r], 4 - counts[r])
        return out

    def chances(self, observation: Observation, first: int = 0,
                doubted: int = -1) -> npt.NDArray[np.float64]:
        """Chances of the calls ``first..`` as this bot sees them (evidence from every
        opponent but `doubted`)."""
        view = _view(observation.rules)
        t = view.table
        own = observation.cards.mask
        counts = rank_counts(own)
        evidence = evidence_ranks(t, observation.calls, len(observation.hand_sizes))
        held = self._believed(counts, evidence, observation.hand_sizes, observation.seat,
                              doubted)
        known = own.bit_count() + sum(held[:13]) - sum(counts[:13])
        unseen = sum(observation.hand_sizes) - known
        wilds = min(held[t.wild_rank], t.wild_cap)
        ranks = view.group_rank[first:]
        counted = np.asarray(held, np.int64)[ranks]
        masks = view.group_mask[first:]
        popcount = np.zeros(masks.shape, np.int64)
        rest = own
        while rest:
            bit = rest & -rest
            popcount += (masks & np.uint64(bit)) != 0
            rest ^= bit
        counted = np.where(view.counted[first:], popcount, counted)
        key = (np.minimum(counted, view.cap[first:]) * view.stride[first:]).sum(axis=1) \
            + wilds * view.wild_stride[first:]
        index = view.start[first:] + (known * view.row + unseen) * view.keys[first:] + key
        chances: npt.NDArray[np.float64] = t.chance[index]
        return chances

    def act(self, observation: Observation) -> int:
        lad = observation.rules.ladder
        n = len(lad)
        last = observation.last_call
        first = lad.first_raise_index(None if last is None else last.index)
        if last is not None:
            doubted = observation.calls[-1][0] if self.doubt_caller else -1
            chance_last = self.chances(observation, last.index, doubted)[0]
            if chance_last < self.challenge_below or first == n:
                return n
        chances = self.chances(observation, first)
        best = int(np.argmax(chances))
        if last is not None and (chances[best] < self.raise_at_least or chances[best] <= 0.0):
            return n    # no raise is likely enough (or none can hold at all)
        return first + best


_OWN_CARDS = ChanceBot(credit=0)
"""Reads chances from a seat's own cards only (the random bot's test of what can hold)."""


class ProbabilityBot(ChanceBot):
    """Raises to the call most likely to hold given its own cards; challenges a
    last call less likely than `challenge_below` (see :class:`ChanceBot`).

    >>> import pokerbull as pb
    >>> g = pb.Game("pagat", players=3, hands=["As", "Kd", "9c"])
    >>> pb.ProbabilityBot().act(g.observation(0)) == g.ladder.parse("one Ace").index
    True
    """

    name = "probability"

    def __init__(self, challenge_below: float = 0.15, raise_at_least: float = 0.2) -> None:
        super().__init__(challenge_below, raise_at_least, credit=0, doubt_caller=True)

    def params(self) -> dict[str, Any]:
        return {"challenge_below": self.challenge_below, "raise_at_least": self.raise_at_least}


class EvidenceBot(ChanceBot):
    """A probability bot that also reads the other players' calls as evidence
    about their cards (see :class:`ChanceBot`); the strongest built-in bot."""

    name = "evidence"

    def __init__(self, challenge_below: float = 0.1, raise_at_least: float = 0.2,
                 credit: int = 2, doubt_caller: bool = False) -> None:
        super().__init__(challenge_below, raise_at_least, credit, doubt_caller)


BUILT_IN: dict[str, type[Bot]] = {"random": RandomBot, "probability": ProbabilityBot,
                                  "evidence": EvidenceBot}
"""The built-in bots by name; the compiled simulation runs each of them."""

BOTS = BUILT_IN
"""Built-in bots by name (the name ``pokerbull play`` uses)."""


def bot_kinds() -> dict[str, type[Bot]]:
    """Every bot :func:`make_bot` knows by name: the built-in bots of the compiled loop
    (:data:`BUILT_IN`), the uniform baseline and Cheung's own (cheung, cheung-random)."""
    return {**BUILT_IN, UniformBot.name: UniformBot, CheungBot.name: CheungBot,
            CheungRandomBot.name: CheungRandomBot}


def make_bot(spec: str | Bot, seed: Any = None, **params: Any) -> Bot:
    """A bot from a built-in name (with parameters as keywords) or a Bot as given.

    `seed` (an int, a ``numpy.random.SeedSequence`` or a Generator) seeds the bots
    that draw at random (the random bot); the chance bots draw nothing and need none.

    >>> make_bot("evidence", credit=1)
    EvidenceBot(challenge_below=0.1, raise_at_least=0.2, credit=1, doubt_caller=False)
    """
    if isinstance(spec, Bot):
        if params or seed is not None:
            raise ValueError("parameters and seeds go with a bot's name, not with a Bot object")
        return spec
    kinds = bot_kinds()
    if not isinstance(spec, str) or spec not in kinds:
        raise ValueError(f"unknown bot {spec!r}; built-in bots: {', '.join(kinds)} "
                         f"(or pass a pokerbull.Bot)")
    kind = kinds[spec]
    accepted = [name for name in inspect.signature(kind).parameters if name != "seed"]
    for key in params:
        if key not in accepted:
            raise ValueError(f"bot {spec!r} has no parameter {key!r}: its parameters are "
                             f"{', '.join(accepted)}")
    if "seed" in inspect.signature(kind).parameters:
        if isinstance(seed, np.random.SeedSequence):
            seed = np.random.default_rng(seed)
        params["seed"] = seed
    try:
        return kind(**params)
    except TypeError as exc:
        raise ValueError(f"bot {spec!r}: {exc}") from None
