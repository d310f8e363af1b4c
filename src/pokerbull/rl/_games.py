"""Which pokerbull game a name means, and the facts an RL framework needs about it.

`game_spec` is the one place that turns a name into a way of making game
states: the name of a game of the family (``"bull"``, ``"cheat"``,
``"roulette"``) or of a preset of one (``"pagat"``, ``"holdem"``...), through
``protocol.wing_of``. Everything else in :mod:`pokerbull.rl` speaks only the
game protocol (:mod:`pokerbull.protocol`), save the card-by-card deal of Poker
Bull for OpenSpiel (:mod:`pokerbull.rl._chance`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from pokerbull.protocol import CHANCE_PLAYER, GameState, wing_of

from ._chance import CardByCard, ChanceState, CheatCardByCard
from ._views import compact_bull, compact_bull_observation

if TYPE_CHECKING:
    from pokerbull.bull import Game

NO_LENGTH_BOUND = 2**31 - 1   # what OpenSpiel is told when a game states no bound


@dataclass(frozen=True)
class GameSpec:
    """A game with its options fixed: ``make(seed)`` deals a new state.

    ``make_dealt_by_chance()``, when given, makes a state of the same game whose
    every random draw is an explicit chance node (at most ``max_chance_outcomes``
    outcomes each), as OpenSpiel needs.

    The sizes come from a state of the game; the bounds (utility, game length,
    observation values) from the game's own attributes where it states them
    (``min_utility``, ``max_utility``, ``max_game_length``, ``observation_low``,
    ``observation_high`` on its states), else unbounded (infinite) utilities and
    observation values and no length bound (``NO_LENGTH_BOUND``).

    ``observe(state, seat)`` is what the adapters show a seat: the state's
    ``observation_array``, or (``observation == "compact"``: Cheung's family unless
    ``observation="full"`` is asked for) the compact array of
    ``_views.compact_bull_observation``, whose legal run is two numbers where the
    full array has a flag per call.
    """

    name: str                   # as asked: a game or a preset
    game: str                   # the game of the family (its wing's name)
    title: str
    options: Mapping[str, Any]  # the game's keywords (a preset's name among them)
    make: Callable[[int], GameState] = field(repr=False)
    num_players: int
    num_actions: int
    observation_size: int
    min_utility: float
    max_utility: float
    max_game_length: int
    observation_low: float
    observation_high: float
    # A state with every random draw an explicit chance node (None: use SeededAtRoot).
    make_dealt_by_chance: Callable[[], ChanceState] | None = field(default=None, repr=False)
    max_chance_outcomes: int = 0
    max_chance_nodes: int = 0    # chance nodes in one game at most (0: not known)
    max_hands: int = 1           # hands (Poker Bull) or rounds (roulette) a game can last
    observation: str = "full"    # "full" (the game's observation_array) or "compact"
    compact_observe: Callable[[Any, int], np.ndarray] | None = field(default=None, repr=False)
    strongest_bot: str | None = None    # the wing's strongest bot for this game, if it says

    def observe(self, state: Any, seat: int) -> np.ndarray:
        """Seat `seat`'s observation of `state` (float32, ``observation_size`` long)."""
        if self.compact_observe is not None:
            return self.compact_observe(state, seat)
        observed: np.ndarray = state.observation_array(seat)
        return observed


def _bull_bounds(state: Any) -> dict[str, Any]:
    """Poker Bull's bounds from its rules: utilities, longest game, observation values."""
    rules = state.rules
    n = rules.players
    if rules.growth == "grow":     # out on the (limit - start + 1)th loss
        losses = rules.card_limit - rules.start_cards + 1
    else:                          # out when the last card is lost
        losses = rules.start_cards
    hands = (n - 1) * losses + (losses - 1)   # every other seat out, the winner one loss short
    # a hand: calls that each climb at least one level of the ladder, then one challenge
    return {"min_utility": -1.0 / (n - 1), "max_utility": 1.0,
            "max_chance_outcomes": rules.deck_size, "max_hands": hands,
            "max_chance_nodes": hands * rules.max_cards_in_play,
            "max_game_length": hands * (rules.ladder.n_levels + 1),
            "observation_low": 0.0, "observation_high": float(max(1, rules.card_limit))}


def _cheat_bounds(state: Any) -> dict[str, Any]:
    """Cheat's bounds from its rules (the derivation is in docs/rl.md).

    The stuck-game rule ends a game after ``stall_turns`` counted turns (plays,
    pick-ups, passes) in which the smallest hand sets no new record; a record
    falls at most once per card (T cards) between two seats' going out (n seats),
    so there are at most ``stall_turns * ((n + 1) * (T + 1) + 1)`` counted turns,
    each of at most T + n + 1 decisions (cards laid, the claim, one answer per seat).
    """
    rules = state.rules
    n, total = rules.players, sum(rules.deck)
    turns = rules.stall_turns * ((n + 1) * (total + 1) + 1)
    length = turns * (total + n + 1)
    return {"min_utility": float(state.min_utility), "max_utility": float(state.max_utility),
            "max_game_length": length, "max_chance_outcomes": state.num_actions,
            "max_chance_nodes": total + 1 + length,
            "observation_low": 0.0, "observation_high": float(total * length)}


def _roulette_bounds(state: Any) -> dict[str, Any]:
    """Poker roulette's bounds from its rules (the derivation is in docs/rl.md).

    The first round deals 3n + 1 cards and every later one at least 3 (two live seats
    and the match card), so a game lasts at most R = 1 + (deck - 3n - 1) // 3 rounds;
    a betting round has at most ``max_raises`` raises, each followed by at most n - 1
    answers, so at most n * (max_raises + 1) decisions; a seat puts in at most
    ante + R * max_raises * bet_size chips and wins at most what the others put in.
    """
    rules = state.rules
    n = rules.players
    rounds = 1 + (rules.deck_size - 3 * n - 1) // 3
    most = rules.ante + rounds * rules.max_raises * rules.bet_size
    decisions = n * (rules.max_raises + 1) if rules.betting else 0
    return {"min_utility": -float(most), "max_utility": float((n - 1) * most),
            "max_game_length": rounds * decisions, "max_hands": rounds,
            "max_chance_outcomes": state.num_actions,
            "max_chance_nodes": rules.deck_size,
            "observation_low": 0.0, "observation_high": float(max(n * most, rules.deck_size))}


_BOUNDS = {"bull": _bull_bounds, "cheat": _cheat_bounds, "roulette": _roulette_bounds}


@lru_cache(maxsize=64)
def _cached_spec(name: str, options: tuple[tuple[str, Any], ...]) -> GameSpec:
    return game_spec(name, **dict(options))


def cached_game_spec(name: str, options: Mapping[str, Any]) -> GameSpec:
    """`game_spec` remembered for hashable options (restoring saves makes many)."""
    return _cached_spec(name, tuple(sorted(options.items())))


def _checked_options(options: Mapping[str, Any]) -> dict[str, Any]:
    if "seed" in options:
        raise ValueError("seed is not a game option here: the environment seeds each game "
                         "(reset(seed=...) in PettingZoo; OpenSpiel draws deals at chance "
                         "nodes)")
    return dict(options)


def game_spec(game_or_preset: str, *, observation: str | None = None,
              **options: Any) -> GameSpec:
    """The game a name means, with `options` (keywords of the game): a game of the family
    (``wing_names()``: "bull", "cheat", ...) or a preset of one (Poker Bull's "pagat"...).
    `observation` is "compact" (the default for Cheung's family; Poker Bull only) or
    "full" (the game's ``observation_array``: the default for every other game).

    >>> from pokerbull import ladder
    >>> spec = game_spec("pagat", players=3)
    >>> spec.game, spec.num_players, spec.num_actions == len(ladder("pagat")) + 1
    ('bull', 3, True)
    """
    options = _checked_options(options)
    w, preset = wing_of(game_or_preset)
    if preset is not None:
        if "preset" in options:
            raise ValueError(f"{game_or_preset!r} is a preset already: give no preset= option")
        options["preset"] = preset
    name = game_or_preset

    def make(seed: int) -> GameState:
        return w.new_game(seed=seed, **options)

    make_dealt_by_chance: Callable[[], ChanceState] | None = None
    if w.name == "bull":      # Poker Bull can be dealt card by card, and knows its bounds
        def make_dealt_by_chance() -> ChanceState:
            game = cast("Game", w.new_game(dealing="manual", **options))   # the bull wing's
            if game.rules.first_starter == "random":
                raise ValueError("first_starter='random' is drawn inside the game, which "
                                 "OpenSpiel cannot see: give a seat number")
            return CardByCard(game)
    elif w.name == "cheat":   # dealt card by card, then the game plays its own chance nodes
        def make_dealt_by_chance() -> ChanceState:
            # seed 0: the hands are given, and the generator the game saves stays the same
            return CheatCardByCard(lambda hands: w.new_game(hands=hands, seed=0, **options),
                                   probe.rules.deck, probe.num_players, (name, options))
    elif w.name == "roulette":   # the game shows every card as a chance node itself
        def make_dealt_by_chance() -> ChanceState:
            return w.new_game(chance_nodes=True, **options)
    title = w.title if preset is None else f"{w.title} ({preset})"
    probe = make(0)
    settle_chance(probe, np.random.default_rng(0))
    bounds = _BOUNDS[w.name](probe) if w.name in _BOUNDS else _stated_bounds(probe)
    if observation not in (None, "compact", "full"):
        raise ValueError(f"observation must be 'compact' or 'full', not {observation!r}")
    size, compact_observe = probe.observation_size, None
    rules = getattr(probe, "rules", None)
    if observation == "compact" or (observation is None and compact_bull(rules)):
        if w.name != "bull" or not compact_bull(rules):
            raise ValueError("observation='compact' is for Cheung's family of Poker Bull "
                             "(every other game's full observation is small)")
        size, compact_observe = compact_bull_observation(rules)
        # the last call is -1 before any; the legal run ends at most at num_actions
        bounds.update(observation_low=-1.0, observation_high=float(
            max(probe.num_actions, bounds["observation_high"])))
    return GameSpec(name=name, game=w.name, title=title, options=options, make=make,
                    num_players=probe.num_players, num_actions=probe.num_actions,
                    observation_size=size, **bounds,
                    make_dealt_by_chance=make_dealt_by_chance,
                    observation="full" if compact_observe is None else "compact",
                    compact_observe=compact_observe,
                    strongest_bot=None if w.strongest_bot is None else w.strongest_bot(probe))


def _stated_bounds(state: Any) -> dict[str, Any]:
    """Bounds a game states on its states; the defaults of `GameSpec` where it states none."""
    return {"min_utility": float(getattr(state, "min_utility", -np.inf)),
            "max_utility": float(getattr(state, "max_utility", np.inf)),
            "max_game_length": int(getattr(state, "max_game_length", NO_LENGTH_BOUND)),
            "observation_low": float(getattr(state, "observation_low", -np.inf)),
            "observation_high": float(getattr(state, "observation_high", np.inf))}


def observation_text(state: ChanceState, seat: int) -> str:
    """What `seat` may know, in words: the observation's ``describe()``, else its repr."""
    observation = state.observation(seat)
    describe = getattr(observation, "describe", None)
    return describe() if callable(describe) else repr(observation)


def chance_cdf(probabilities: Any) -> np.ndarray:
    """The running sums of a chance node's odds, in order, over the last: outcome i is
    drawn when ``cdf[i - 1] <= u < cdf[i]`` for ``u = rng.random()``. The compiled Cheat
    core (``cheat._engine.VectorCore``) draws with the same arithmetic, so both make the
    same draws from the same generator."""
    cdf: np.ndarray = np.cumsum(np.asarray(probabilities, dtype=np.float64))
    cdf /= cdf[-1]
    return cdf


def settle_chance(state: ChanceState, rng: np.random.Generator) -> None:
    """Play every chance node from `rng` until a seat is to act or the game is over
    (one ``rng.random()`` a node, against :func:`chance_cdf` of its odds)."""
    while state.current_player == CHANCE_PLAYER:
        outcomes = state.chance_outcomes()
        if not outcomes:
            raise ValueError("this game waits for cards given by hand (a chance node without "
                             "listed outcomes): RL environments need games that deal at random")
        cdf = chance_cdf([q for _, q in outcomes])
        state.apply_action(outcomes[int(np.searchsorted(cdf, rng.random(), side="right"))][0])
