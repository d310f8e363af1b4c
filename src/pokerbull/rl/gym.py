"""Gymnasium environments for every pokerbull game (the ``rl`` extra: gymnasium).

- :func:`vector_env` is a ``gymnasium.vector.VectorEnv`` of N games played in
  self-play: each env's observation is that of the seat to act, its reward the
  acting seat's return when its action ends the game. Poker Bull's presets
  (pagat, pagat-wild, pagat-five, holdem, cheung) are stepped all at once in
  compiled code (:class:`~pokerbull.bull.vector.VectorGame`), and so are Poker
  roulette and Cheat (every variation: :class:`CompiledVectorEnv`); any other game
  (Cheat with ``hands=`` or more than 16 players, any game on the pure backend) is
  stepped one game after another in Python through the game protocol, with the same
  interface and, for the same seed, the same games (:class:`ProtocolVectorEnv`).
- :func:`single_agent_env` is a ``gymnasium.Env`` for one seat, the other
  seats played by built-in bots (or any Agent), with ``action_masks()`` as
  sb3-contrib's MaskablePPO expects.

>>> import numpy as np
>>> env = vector_env("pagat", 4, players=3)
>>> obs, info = env.reset(seed=1)
>>> obs.shape == (4,) + env.single_observation_space.shape
True
>>> masks = env.action_masks()                        # (4, 327) int8: one row per env
>>> actions = np.array([int(np.flatnonzero(m)[0]) for m in masks])
>>> obs, reward, terminated, truncated, info = env.step(actions)
>>> sorted(info)
['returns']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from pokerbull.bull.vector import MAX_GAMES
from pokerbull.options import whole
from pokerbull.protocol import CHANCE_PLAYER, TERMINAL_PLAYER, IllegalAction, wing, wing_of
from pokerbull.sim.family import resolve_bot

from ._games import GameSpec, chance_cdf, game_spec, observation_text, settle_chance

_WORD = 2**64
BATCHED_PRESETS = ("pagat", "pagat-wild", "pagat-five", "holdem", "cheung")


def _checked_num_envs(num_envs: Any) -> int:
    """`num_envs` as an int, at most VectorGame's MAX_GAMES in every game (Cheat's
    compiled core counts its games in a C int; roulette's are Python objects)."""
    return whole("num_envs", num_envs, 1, MAX_GAMES)


def _first_seed(seed: Any) -> int:
    if seed is None:
        return int(np.random.SeedSequence().generate_state(2, np.uint32).view(np.uint64)[0])
    return whole("seed", seed, low=0) % _WORD


class _SelfPlayVectorEnv(VectorEnv):
    """What both vector envs share: spaces, reset, the end of a step, close."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}
    _last_obs: np.ndarray | None = None

    def _set_spaces(self, observation: spaces.Box, num_actions: int) -> None:
        self.single_observation_space = observation
        self.single_action_space = spaces.Discrete(num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(observation, self.num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space,
                                                               self.num_envs)

    def _restart(self, seed: Any) -> None:
        raise NotImplementedError

    def _observe(self) -> np.ndarray:
        raise NotImplementedError

    def reset(self, *, seed: Any = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal every game again (from `seed` when given)."""
        self._restart(seed)
        self._last_obs = self._observe()
        return self._last_obs, {}

    def _check_started(self) -> None:
        if self._last_obs is None:
            raise ValueError("call reset() before step()")

    def _checked_actions(self, actions: Any) -> np.ndarray:
        """`actions` as an array of one whole number per env (after reset), else ValueError."""
        self._check_started()
        given = np.asarray(actions)
        if given.shape != (self.num_envs,) or given.dtype.kind not in "iu":
            raise ValueError(f"step needs {self.num_envs} whole-number actions, not "
                             f"{given.dtype} values of shape {given.shape}")
        return given

    def _stepped(self, reward: np.ndarray, dones: np.ndarray, returns: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        obs = self._observe()
        info: dict[str, Any] = {"returns": returns}
        if dones.any():
            info["final_obs"], info["_final_obs"] = self._last_obs, dones
        self._last_obs = obs
        return obs, reward, dones, np.zeros(self.num_envs, np.bool_), info

    def close(self, **kwargs: Any) -> None:
        """Nothing to release."""


# ---- Poker Bull in compiled code ---------------------------------------------------

class BullVectorEnv(_SelfPlayVectorEnv):
    """N Poker Bull games of one preset stepped at once in compiled code.

    The compact observation (``observation="compact"``, int64 per env): the seat to act,
    its cards (a 64-bit card mask as ``pokerbull.Pool`` numbers them), the legal run
    ``legal_start``, ``legal_stop`` (legal actions are ``legal_start <= a < legal_stop``,
    save at an opening of Cheung's preset, which skips the few calls certain for the
    cards in play: there the two span the allowed calls), the last call (-1 at an
    opening), its caller (-1), the hand's starter, then every seat's hand size.
    ``observation="full"`` gives ``Game.observation_array`` instead (float32, far more
    work a step). :meth:`action_masks` gives the exact int8 masks, and
    :meth:`random_actions` draws among the exact legal actions.

    Autoreset is ``SAME_STEP``: a game that ends is scored and dealt again in the same
    step; ``info["final_obs"]`` holds the observation its last action was chosen from
    (the end itself tells nothing but the result, which is in the rewards). The
    arrays returned are fresh each step.
    """

    def __init__(self, preset: str, num_envs: int, *, seed: Any = 0,
                 observation: str = "compact", **options: Any) -> None:
        from pokerbull.bull.vector import VectorGame
        if observation not in ("compact", "full"):
            raise ValueError(f"observation must be 'compact' or 'full', not {observation!r}")
        self.game = VectorGame(preset, _checked_num_envs(num_envs), seed=_first_seed(seed),
                               **options)
        self.num_envs = self.game.num_games
        self.full = observation == "full"
        p, n = self.game.num_players, self.game.num_actions
        box: spaces.Box
        if self.full:
            high = float(max(1, self.game.rules.card_limit))
            box = spaces.Box(0.0, high, (self.game.observation_size,), np.float32)
        else:
            lows = np.array([0, 0, 0, 0, -1, -1, 0] + [0] * p, np.int64)
            highs = np.array([p - 1, 2**62, n - 1, n, n - 2, p - 1, p - 1]
                             + [self.game.rules.card_limit] * p, np.int64)
            box = spaces.Box(lows, highs, dtype=np.int64)
        self._set_spaces(box, n)

    def _observe(self) -> np.ndarray:
        g = self.game
        if self.full:
            return g.observations()
        return np.column_stack([g.to_play, g.cards.view(np.int64), g.legal_start, g.legal_stop,
                                g.last_call, g.last_caller, g.starter, g.hand_sizes])

    def _restart(self, seed: Any) -> None:
        """Game i starts again from ``seed + i`` (from the seeds in play without one)."""
        self.game.reset(None if seed is None else _first_seed(seed))

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """One action per env; an illegal one raises IllegalAction and no game moves."""
        self._check_started()
        seat = self.game.to_play.copy()
        returns, dones = self.game.step(np.asarray(actions))
        reward = returns[np.arange(self.num_envs), seat].astype(np.float64)
        return self._stepped(reward, dones.copy(), returns.copy())

    def action_masks(self) -> np.ndarray:
        """int8 ``(num_envs, num_actions)``: 1 for each legal action of each env."""
        return self.game.action_masks()

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """One uniformly drawn legal action per env."""
        return self.game.random_actions(rng)


# ---- any game of the family, one game after another ----------------------------------

class ProtocolVectorEnv(_SelfPlayVectorEnv):
    """N games of any pokerbull game through the game protocol, stepped in Python.

    Observations are the acting seat's ``observation_array`` (float32), or for Poker
    Bull with ``observation="compact"`` the compact int64 row of
    :class:`BullVectorEnv` (``legal_start``, ``legal_stop`` span the legal actions;
    the exact set is :meth:`action_masks`). Autoreset, rewards and info are as in
    :class:`BullVectorEnv`.
    """

    def __init__(self, spec: GameSpec, num_envs: int, *, seed: Any = 0,
                 observation: str = "full") -> None:
        self.game_spec = spec
        self.num_envs = _checked_num_envs(num_envs)
        if observation not in ("compact", "full"):
            raise ValueError(f"observation must be 'compact' or 'full', not {observation!r}")
        self.compact = observation == "compact" and spec.game == "bull"
        if self.compact:
            p, n = spec.num_players, spec.num_actions
            limit = int(spec.observation_high)
            box: spaces.Box = spaces.Box(np.array([0, 0, 0, 0, -1, -1, 0] + [0] * p, np.int64),
                             np.array([p - 1, 2**62, n - 1, n, n - 2, p - 1, p - 1]
                                      + [limit] * p, np.int64), dtype=np.int64)
        else:
            box = spaces.Box(spec.observation_low, spec.observation_high,
                             (spec.observation_size,), np.float32)
        self._set_spaces(box, spec.num_actions)
        self._rng = np.random.default_rng(_first_seed(seed))
        self.games: list[Any] = []

    def _deal(self) -> Any:
        game = self.game_spec.make(int(self._rng.integers(2**63 - 1)))
        settle_chance(game, self._rng)
        return game

    def _observe(self) -> np.ndarray:
        if self.compact:
            return np.array([_compact_row(g) for g in self.games], np.int64)
        observe = self.game_spec.observe
        return np.stack([observe(g, g.current_player) for g in self.games]
                        ).astype(np.float32, copy=False)

    def _restart(self, seed: Any) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(_first_seed(seed))
        self.games = [self._deal() for _ in range(self.num_envs)]

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """One action per env; an illegal one raises IllegalAction and no game moves."""
        actions = self._checked_actions(actions)
        for i, (g, a) in enumerate(zip(self.games, actions.tolist())):
            if a not in set(g.legal_actions()):
                raise IllegalAction(f"env {i}: action {a} is not legal now; no env moved")
        p = self.game_spec.num_players
        reward = np.zeros(self.num_envs)
        dones = np.zeros(self.num_envs, np.bool_)
        returns = np.zeros((self.num_envs, p), np.float32)
        for i, (g, a) in enumerate(zip(self.games, actions.tolist())):
            seat = g.current_player
            g.apply_action(a)
            settle_chance(g, self._rng)
            if g.is_terminal():
                returns[i] = g.returns()
                reward[i] = returns[i, seat]
                dones[i] = True
                self.games[i] = self._deal()
        return self._stepped(reward, dones, returns)

    def action_masks(self) -> np.ndarray:
        return np.stack([g.action_mask() for g in self.games]).astype(np.int8, copy=False)

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """One uniformly drawn legal action per env."""
        return np.array([rng.choice(g.legal_actions()) for g in self.games], np.int64)


class CompiledVectorEnv(_SelfPlayVectorEnv):
    """N games of Poker roulette or Cheat stepped at once in compiled code (the
    ``VectorCore`` of ``roulette._engine`` or ``cheat._engine``; which games: see
    :func:`compiled_stepping`).

    The same env as :class:`ProtocolVectorEnv` for the same seed, step for step:
    every game is dealt from a seed drawn from the env's generator, in the same
    order (the games of ``reset`` in env order, then those that end in a step, in
    env order), and the compiled game deals, acts and observes as ``Game(seed=...)``
    does (tests/test_rl_vector_compiled.py compares them). Cheat's chance nodes inside
    a game (N's cards turned up, S's card turned at a challenge) are drawn from the
    env's generator too, where the protocol env draws them (``settle_chance``), by
    the compiled core itself.
    Observations are the acting seat's ``observation_array`` (float32); autoreset,
    rewards and info are as in :class:`BullVectorEnv`. The arrays returned are fresh
    each step.
    """

    def __init__(self, spec: GameSpec, num_envs: int, *, seed: Any = 0) -> None:
        self.game_spec = spec
        self.num_envs = _checked_num_envs(num_envs)
        self._core = _compiled_core(spec, self.num_envs)
        self._draws_in_core = spec.game == "cheat"    # seeds and chance nodes, in the core
        self._set_spaces(spaces.Box(spec.observation_low, spec.observation_high,
                                    (spec.observation_size,), np.float32), spec.num_actions)
        self._rng = np.random.default_rng(_first_seed(seed))

    def _seeds(self, k: int) -> np.ndarray:
        """The seeds of the next `k` games dealt (as ProtocolVectorEnv draws them)."""
        return self._rng.integers(2**63 - 1, size=k).astype(np.uint64)

    def _restart(self, seed: Any) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(_first_seed(seed))
        games = np.arange(self.num_envs, dtype=np.int64)
        self._core.deal(games, self._rng if self._draws_in_core else self._seeds(self.num_envs))

    def _observe(self) -> np.ndarray:
        out = np.empty((self.num_envs, self.game_spec.observation_size), np.float32)
        self._core.observations(out)
        return out

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """One action per env; an illegal one raises IllegalAction and no game moves."""
        given = self._checked_actions(actions)
        if given.dtype.kind == "u":      # past int64: no such action (the core reads int64)
            given = np.minimum(given, np.uint64(2**63 - 1))
        reward = np.empty(self.num_envs)
        dones = np.empty(self.num_envs, np.bool_)
        returns = np.empty((self.num_envs, self.game_spec.num_players), np.float32)
        arrays = (np.ascontiguousarray(given, dtype=np.int64), reward, dones.view(np.uint8),
                  returns)
        bad = self._core.step(*arrays, self._rng) if self._draws_in_core else \
            self._core.step(*arrays)
        if bad >= 0:
            raise IllegalAction(f"{self.game_spec.name} env {bad}: action "
                                f"{given[bad]} is not legal now; no env moved")
        ended = np.flatnonzero(dones)
        if ended.size and not self._draws_in_core:     # Cheat's core dealt them in the step
            self._core.deal(ended.astype(np.int64), self._seeds(ended.size))
        return self._stepped(reward, dones, returns)

    def action_masks(self) -> np.ndarray:
        """int8 ``(num_envs, num_actions)``: 1 for each legal action of each env."""
        out = np.empty((self.num_envs, self.game_spec.num_actions), np.int8)
        self._core.action_masks(out)
        return out

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """One uniformly drawn legal action per env."""
        out = np.empty(self.num_envs, np.int64)
        self._core.random_actions(rng.random(self.num_envs), out)
        return out


def _compiled_core(spec: GameSpec, num_envs: int) -> Any:
    """The compiled N-game core of `spec`'s game (Poker roulette or Cheat)."""
    if spec.game == "cheat":
        from pokerbull.cheat._engine import VectorCore as CheatCore
        from pokerbull.cheat._fast import table_for
        table = table_for(_cheat_rules(spec))
        if table is None:
            raise ValueError(f"{spec.title}: no compiled game for these rules")
        if not table["canadian"]:
            return CheatCore(table, num_envs)
        from pokerbull.cheat.game import TURN_UP
        outcomes = spec.make(0).chance_outcomes()      # N: the cards turned up, as settled
        return CheatCore(table, num_envs, [a - TURN_UP for a, _ in outcomes],
                         chance_cdf([q for _, q in outcomes]).tolist())
    from pokerbull.roulette._engine import VectorCore
    from pokerbull.roulette.rules import Rules
    rules = Rules(**{k: v for k, v in spec.options.items() if k in _ROULETTE_RULES})
    return VectorCore(num_envs, rules.players, rules.suit_strengths, rules.ante,
                      rules.bet_size, rules.max_raises)


_ROULETTE_RULES = ("players", "suit_order", "betting", "ante", "bet_size", "max_raises")


def _cheat_rules(spec: GameSpec) -> Any:
    from pokerbull.cheat.rules import Rules
    options = dict(spec.options)
    return Rules.make(options.pop("players", 4), **options)


def compiled_stepping(spec: GameSpec) -> bool:
    """Does :func:`vector_env` step `spec`'s games in compiled code (:class:`CompiledVectorEnv`)?

    On the compiled backend: Poker roulette with betting (without betting no seat ever
    decides: refused), and Cheat of at most 16 players (any variations:
    ``cheat._engine.VECTOR_VARIATIONS``), dealt at random (no ``hands=``).
    Every other game runs through the protocol (:class:`ProtocolVectorEnv`), with the
    same results; Poker Bull's batched presets go through :class:`BullVectorEnv`.
    """
    if _backend_name() != "cython":
        return False
    if spec.game == "roulette":
        return set(spec.options) <= set(_ROULETTE_RULES)
    if spec.game == "cheat":
        from dataclasses import fields

        from pokerbull.cheat._engine import VECTOR_VARIATIONS
        from pokerbull.cheat.rules import Rules
        if not set(spec.options) <= {f.name for f in fields(Rules)} | {"variations"}:
            return False
        rules = _cheat_rules(spec)
        return rules.players <= 16 and set(rules.variation_letters()) <= VECTOR_VARIATIONS
    return False


def _backend_name() -> str:
    from pokerbull.core import backend
    return backend.name


def _compact_row(game: Any) -> list[int]:
    """A Poker Bull game's compact observation for its seat to act (BullVectorEnv's row)."""
    seat = game.current_player
    legal = game.legal_actions()
    last = game.last_call
    return [seat, game.hand(seat).mask, legal[0], legal[-1] + 1,
            -1 if last is None else last.index,
            -1 if game.last_caller is None else game.last_caller,
            game.starter, *game.hand_sizes]


def vector_env(game_or_preset: str, num_envs: int, *, seed: Any = 0,
               observation: str = "compact", **options: Any) -> VectorEnv:
    """A ``gymnasium.vector.VectorEnv`` of `num_envs` games in self-play (see the module).

    Poker Bull's presets (pagat, pagat-wild, pagat-five, holdem, cheung), Poker
    roulette and Cheat (every variation) run in compiled code on the compiled
    backend (see :func:`compiled_stepping`); any other game or preset runs through
    the game protocol, with the same games for the same seed. `observation` is
    "compact" (Poker Bull: a row of numbers, the exact mask on request) or
    "full" (the game's observation array; Cheat's and roulette's are always full).
    """
    if observation not in ("compact", "full"):
        raise ValueError(f"observation must be 'compact' or 'full', not {observation!r}")
    w, preset = wing_of(game_or_preset)
    name = preset if preset is not None else options.get("preset")
    if w.name == "bull" and name in BATCHED_PRESETS:
        options = {k: v for k, v in options.items() if k != "preset"}
        return BullVectorEnv(name, num_envs, seed=seed, observation=observation, **options)
    spec = game_spec(game_or_preset, **options)
    if spec.game == "roulette" and not spec.options.get("betting", True):
        raise ValueError("Poker roulette without betting has no decisions to step: give "
                         "betting=True (the default)")
    if compiled_stepping(spec):
        return CompiledVectorEnv(spec, num_envs, seed=seed)
    return ProtocolVectorEnv(spec, num_envs, seed=seed, observation=observation)


# ---- one seat against bots ------------------------------------------------------------

class SingleAgentEnv(gymnasium.Env):
    """One seat of a pokerbull game; the other seats are played by bots.

    Observation: the seat's ``observation_array`` (float32; Cheung's preset: the compact
    array of :func:`pokerbull.rl.pettingzoo.pettingzoo_env`); action: an integer of the
    game's action space. The reward is the seat's return when the game ends (0 before).
    An illegal action ends the episode as the worst result (``min_utility``) with
    ``info["illegal_action"] = True``: mask with :meth:`action_masks`.
    `opponents` None: every other seat is the game's strongest built-in bot
    (``GameSpec.strongest_bot``: Poker Bull's ``evidence``, ``cheung`` for Cheung's
    family, Cheat's ``shark``, roulette's ``reader``).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, spec: GameSpec, opponents: Any = None, seat: int = 0,
                 render_mode: str | None = None) -> None:
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) \
                or not 0 <= seat < spec.num_players:
            raise ValueError(f"seat must be 0..{spec.num_players - 1}, not {seat!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game_spec, self.seat, self.render_mode = spec, int(seat), render_mode
        self.observation_space = spaces.Box(spec.observation_low, spec.observation_high,
                                            (spec.observation_size,), np.float32)
        self.action_space = spaces.Discrete(spec.num_actions)
        others = [s for s in range(spec.num_players) if s != self.seat]
        if opponents is None:
            if spec.strongest_bot is None:
                raise ValueError(f"{spec.title} names no strongest bot: give opponents=")
            opponents = spec.strongest_bot
        given = [opponents] * len(others) if isinstance(opponents, str) or \
            not isinstance(opponents, Sequence) else list(opponents)
        if len(given) != len(others):
            raise ValueError(f"opponents: one bot for each of the {len(others)} other seats, "
                             f"not {len(given)}")
        # a name (or (name, params)) becomes (name, params), checked as simulate checks it
        game_wing = wing(spec.game)
        self._opponent_specs = {s: resolve_bot(game_wing, bot) for s, bot in zip(others, given)}
        self._bots: dict[int, Any] = {}
        self._rng = np.random.default_rng()
        self.game: Any = None
        self._ended = False      # by an illegal action: the game itself goes on

    def _make_bots(self) -> None:
        bots = wing(self.game_spec.game).bots
        for s, given in self._opponent_specs.items():
            if isinstance(given, tuple):        # (name, params), checked when the env was made
                name, params = given
                bot = bots[name](seed=int(self._rng.integers(2**63 - 1)), **params)
            else:
                bot = given
            bot.reset(s)
            self._bots[s] = bot

    def _play_others(self) -> None:
        game = self.game
        while True:
            settle_chance(game, self._rng)
            player = game.current_player
            if player == self.seat or player == TERMINAL_PLAYER:
                return
            if player == CHANCE_PLAYER:       # pragma: no cover - settled above
                continue
            game.apply_action(self._bots[player].act(game.observation(player)))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is not None:
            seed = whole("seed", seed, low=0)      # (gymnasium's own refusal is no ValueError)
        super().reset(seed=seed)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game = self.game_spec.make(int(self._rng.integers(2**63 - 1)))
        self._make_bots()
        self._ended = False
        self._play_others()
        return self._observe(), {}

    def _observe(self) -> np.ndarray:
        observed: np.ndarray = self.game_spec.observe(self.game, self.seat).astype(
            np.float32, copy=False)
        return observed

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.game is None:
            raise ValueError("call reset() before step()")
        if self._ended or self.game.is_terminal():
            raise ValueError("the episode is over: call reset()")
        a = np.asarray(action)
        if a.shape != () or a.dtype.kind not in "iu" or int(a) not in set(self.game.legal_actions()):
            self._ended = True
            return self._observe(), float(self.game_spec.min_utility), True, False, \
                {"illegal_action": True}
        self.game.apply_action(int(a))
        self._play_others()
        if self.game.is_terminal():
            returns = self.game.returns()
            return self._observe(), float(returns[self.seat]), True, False, \
                {"returns": list(returns)}
        return self._observe(), 0.0, False, False, {}

    def action_masks(self) -> np.ndarray:
        """bool mask of the seat's legal actions now (sb3-contrib's MaskablePPO reads it)."""
        if self.game is None or self._ended or self.game.is_terminal():
            return np.zeros(self.game_spec.num_actions, np.bool_)
        mask: np.ndarray = self.game.action_mask(self.seat).astype(np.bool_)
        return mask

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        return observation_text(self.game, self.seat)


def single_agent_env(game_or_preset: str, opponents: Any = None, seat: int = 0, *,
                     render_mode: str | None = None, **options: Any) -> SingleAgentEnv:
    """A ``gymnasium.Env`` of one seat of a game or preset; `opponents` is a bot name of
    that game (``"evidence"``, ``"uniform"``...) for every other seat, or one bot name
    or Agent per other seat; None (the default): the game's strongest built-in bot
    (Poker Bull's ``"evidence"``; ``"cheung"``, ``"shark"``, ``"reader"`` in Cheung's
    family, Cheat and roulette)."""
    return SingleAgentEnv(game_spec(game_or_preset, **options), opponents, seat,
                          render_mode=render_mode)


__all__ = ["BATCHED_PRESETS", "BullVectorEnv", "CompiledVectorEnv", "ProtocolVectorEnv",
           "SingleAgentEnv", "compiled_stepping", "single_agent_env", "vector_env"]
