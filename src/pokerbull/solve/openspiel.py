"""One two-player Poker Bull hand as an OpenSpiel game, so OpenSpiel can check a solution.

The game deals real cards (seat 0's hand, then seat 1's, each one chance
outcome per set of cards) and keeps no hand grouping of its own: OpenSpiel's
``exploitability`` on it is an independent check of ours. Actions are those of
:class:`pokerbull.Game`: a ladder index to call, ``len(ladder)`` to challenge.
Needs the ``open_spiel`` package (extra ``pokerbull[solve]``).
"""

from __future__ import annotations

import itertools
import json
from math import comb
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python import policy as os_policy

from . import _names as pb

from .game import SmallGame, build_game


class Solution(Protocol):
    """What this adapter reads of a solution (:class:`pokerbull.solve.solver.Solution`
    is one; the solver imports this module, not the other way round)."""

    @property
    def game(self) -> SmallGame: ...

    def strategy(self, seat: int, cards: Any, calls: Any = ()) -> dict[int, float]: ...

_TYPE = pyspiel.GameType(
    short_name="python_pokerbull_hand",
    long_name="One two-player Poker Bull hand (pokerbull.solve)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification={"family": "pagat", "hand0": 1, "hand1": 1, "calls": 0,
                             "options": "{}"})


# pyspiel has no annotations: its seat numbers (IntEnum members) typed here
_TERMINAL: int = pyspiel.PlayerId.TERMINAL
_CHANCE: int = pyspiel.PlayerId.CHANCE


def game_params(small: SmallGame) -> dict[str, Any]:
    """The OpenSpiel parameters of a small game (``calls=0``: every satisfiable call)."""
    return {"family": small.family, "hand0": small.hands[0], "hand1": small.hands[1],
            "calls": small.calls, "options": json.dumps(dict(small.options), sort_keys=True)}


def _hand_masks(deck: list[int], used: int, n: int) -> list[int]:
    free = [b for b in deck if not (used >> b) & 1]
    return [sum(1 << b for b in combo) for combo in itertools.combinations(free, n)]


class PokerBullHandGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel: no annotations
    """One hand of a :class:`~pokerbull.solve.game.SmallGame`, cards and all."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = dict(_TYPE.parameter_specification)
        p.update(params or {})
        small = build_game(p["family"], (p["hand0"], p["hand1"]), p["calls"] or None,
                           json.loads(p["options"]))
        self.small = small
        lad = small.ladder
        a, b = small.hands
        deck = [16 * s + r for s in range(4) for r in range(14)   # rank 13: the jokers
                if (lad.allowed_mask >> (16 * s + r)) & 1]
        self.deck = deck
        info = pyspiel.GameInfo(
            num_distinct_actions=len(lad) + 1,
            max_chance_outcomes=1 << 20,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=small.calls + 3)
        super().__init__(_TYPE, info, p)
        self.deals = (_hand_masks(deck, 0, a), comb(len(deck) - a, b))
        self.options_after: dict[int, list[int]] = {}
        self.codes = [c.code for c in lad]
        self.pool_text: dict[int, str] = {}

    def new_initial_state(self) -> PokerBullHandState:
        return PokerBullHandState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """An observer of an observation type, or None for one this game cannot give
        (every seat's cards at once, or perfect recall without a seat's cards)."""
        if params:
            raise ValueError(f"observation parameters are not supported, not {params!r}")
        if iig_obs_type is None:
            return _Observer(self, public=True, private=True, recall=False)
        single = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        none = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        if iig_obs_type.perfect_recall:
            if single and iig_obs_type.public_info:
                return _Observer(self, public=True, private=True, recall=True)
            return None
        if not (single or none) or not (single or iig_obs_type.public_info):
            return None
        return _Observer(self, public=iig_obs_type.public_info, private=single, recall=False)


class PokerBullHandState(pyspiel.State):  # type: ignore[misc]  # pyspiel: no annotations
    """Cards of both seats (masks), the calls made (ladder indices), the result."""

    def __init__(self, game: PokerBullHandGame) -> None:
        super().__init__(game)
        self.cards: tuple[int, ...] = ()
        self.calls: tuple[int, ...] = ()
        self.challenged = False

    def _game(self) -> PokerBullHandGame:
        """The game of this state (pyspiel's get_game, typed)."""
        game: PokerBullHandGame = self.get_game()
        return game

    @property
    def small(self) -> SmallGame:
        return self._game().small

    @property
    def deck(self) -> list[int]:
        return self._game().deck

    def current_player(self) -> int:
        if self.challenged:
            return _TERMINAL
        if len(self.cards) < 2:
            return _CHANCE
        return len(self.calls) % 2

    def _options(self) -> list[int]:
        game = self._game()
        if not self.cards:
            return game.deals[0]
        used = self.cards[0]
        options = game.options_after.get(used)
        if options is None:
            options = game.options_after[used] = _hand_masks(game.deck, used,
                                                             game.small.hands[1])
        return options

    def _dealt(self, action: int) -> int:
        """The hand (a mask) chance outcome `action` deals; IllegalAction if none."""
        options = self._options()
        if not 0 <= action < len(options):
            raise pb.IllegalAction(f"a chance outcome here is 0..{len(options) - 1}, "
                                   f"not {action}")
        return options[action]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        hands = self._options()
        return [(i, 1.0 / len(hands)) for i in range(len(hands))]

    def _legal_actions(self, player: int) -> list[int]:
        g = self.small
        if self.calls:
            j = g.kept.index(self.calls[-1])
            raises = list(g.kept[int(g.first[j + 1]):])
            return raises + [len(g.ladder)]
        return list(g.kept)

    def _apply_action(self, action: int) -> None:
        # OpenSpiel does not check a python game's actions: an action that is not legal
        # here (a call that does not raise, a challenge with no call, anything once the
        # hand is over) is refused before the state changes
        if self.is_chance_node():
            self.cards += (self._dealt(action),)
            return
        if self.challenged:
            raise pb.IllegalAction("the hand is over: the last call was challenged")
        if action not in self._legal_actions(self.current_player()):
            raise pb.IllegalAction(f"action {action} is not legal here: the legal actions "
                                   f"are {self._legal_actions(self.current_player())}")
        if action == len(self.small.ladder):
            self.challenged = True
        else:
            self.calls += (action,)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"deal {pb.Pool(self._dealt(action))}"
        if action == len(self.small.ladder):
            return "challenge"
        if not 0 <= action < len(self.small.ladder):
            raise pb.IllegalAction(f"action {action} does not exist: the actions are "
                                   f"0..{len(self.small.ladder)}")
        return str(self.small.ladder[action])

    def is_terminal(self) -> bool:
        return self.challenged

    def returns(self) -> list[float]:
        if not self.challenged:
            return [0.0, 0.0]
        lad = self.small.ladder
        holds = lad.holds(self.calls[-1], self.cards[0] | self.cards[1])
        caller = (len(self.calls) - 1) % 2
        u = 1.0 if holds else -1.0
        return [u, -u] if caller == 0 else [-u, u]

    def __str__(self) -> str:
        cards = " | ".join(str(pb.Pool(c)) for c in self.cards)
        return f"{cards} : {', '.join(self.small.ladder[c].code for c in self.calls)}" \
               + (" challenged" if self.challenged else "")


class _Observer:
    """What a seat may know, in named pieces of one tensor: ``player`` and ``cards`` (its
    own) are private; ``to_play`` and the ``calls`` made (one flag per kept call; under
    perfect recall one per seat and call) are public. One hand has a single deal, so
    the calls made are the whole public history."""

    def __init__(self, game: PokerBullHandGame, *, public: bool, private: bool,
                 recall: bool) -> None:
        k = game.small.calls
        self.public, self.private, self.recall = public, private, recall
        self.index = {bit: i for i, bit in enumerate(game.deck)}
        shapes: list[tuple[str, int]] = []
        if private:
            shapes += [("player", 2), ("cards", len(game.deck))]
        if public:
            shapes += [("to_play", 2), ("calls", 2 * k if recall else k)]
        self.tensor = np.zeros(sum(size for _, size in shapes), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        at = 0
        for name, size in shapes:
            self.dict[name] = self.tensor[at:at + size]
            at += size

    def set_from(self, state: PokerBullHandState, player: int) -> None:
        self.tensor[:] = 0.0
        game = state._game()
        if self.private:
            self.dict["player"][player] = 1.0
            if len(state.cards) > player:
                mask = state.cards[player]
                while mask:
                    low = mask & -mask
                    self.dict["cards"][self.index[low.bit_length() - 1]] = 1.0
                    mask ^= low
        if self.public:
            to_play = state.current_player()
            if to_play in (0, 1):
                self.dict["to_play"][to_play] = 1.0
            k = game.small.calls
            for n, call in enumerate(state.calls):
                place = game.small.kept.index(call)
                self.dict["calls"][(n % 2) * k + place if self.recall else place] = 1.0

    def string_from(self, state: PokerBullHandState, player: int) -> str:
        game = state._game()
        parts = []
        if self.private:
            if len(state.cards) > player:
                mask = state.cards[player]
                cards = game.pool_text.get(mask)
                if cards is None:
                    cards = game.pool_text[mask] = str(pb.Pool(mask))
            else:
                cards = "-"
            parts.append(f"seat {player} cards {cards}")
        if self.public:
            parts.append(f"calls {','.join(game.codes[c] for c in state.calls)}")
        return " ".join(parts)


def state_policy(solution: Solution, state: Any) -> dict[int, float]:
    """The solution's {action: probability} at a state of :class:`PokerBullHandGame`."""
    if not isinstance(state, PokerBullHandState):
        raise ValueError("policy() takes a pokerbull.Game, a pokerbull.Observation or a state "
                         f"of the solution's OpenSpiel game, not {type(state).__name__}")
    mine, theirs = solution.game, state.small
    if (mine.family, mine.options, mine.hands, mine.kept) != \
            (theirs.family, theirs.options, theirs.hands, theirs.kept):
        raise ValueError("the state belongs to another solution's game")
    seat = state.current_player()
    if seat not in (0, 1):
        raise ValueError("no seat is to play in this state (chance or terminal)")
    return solution.strategy(seat, state.cards[seat], state.calls)


def tabular_policy(solution: Solution, game: PokerBullHandGame) -> os_policy.TabularPolicy:
    """The solution as an OpenSpiel TabularPolicy over `game`'s information states."""
    tab = os_policy.TabularPolicy(game)
    for key, row in tab.state_lookup.items():
        state = tab.states[row] if hasattr(tab, "states") else None
        if state is None:
            raise RuntimeError(f"OpenSpiel kept no state for {key}")
        probs = state_policy(solution, state)
        tab.action_probability_array[row, :] = 0.0
        for action, p in probs.items():
            tab.action_probability_array[row, action] = p
    return tab


pyspiel.register_game(_TYPE, PokerBullHandGame)
