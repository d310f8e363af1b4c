"""A PettingZoo AEC environment for any pokerbull game (the ``rl`` extra).

Agents are ``"player_0"``, ``"player_1"``... one per seat. Each agent observes
a dict: ``"observation"``, the game's fixed-size float32 array for that seat
(compact for Cheung's preset: see :func:`pettingzoo_env`), and
``"action_mask"``, int8 over the game's integer actions (all zeros when it
is not that agent's turn). Rewards are the game's returns, given when the game
ends. Chance nodes are played by the environment from its own generator, which
``reset(seed=...)`` seeds: the same seed gives the same game.

>>> from pokerbull.rl import pettingzoo_env
>>> env = pettingzoo_env("pagat", players=3)
>>> env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape == (env.unwrapped.spec.observation_size,)
True
>>> env.unwrapped.game.current_player == int(env.agent_selection[7:])
True
>>> env.step(int(obs["action_mask"].nonzero()[0][0]))   # the lowest legal call
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from pokerbull.options import whole
from pokerbull.protocol import CHANCE_PLAYER, TERMINAL_PLAYER, GameState

from ._games import GameSpec, game_spec, observation_text, settle_chance

RENDER_MODES = ("human", "ansi")
VERSION = 1       # of the environments: metadata["name"] is pokerbull_<game or preset>_v1


class PokerbullEnv(AECEnv):  # type: ignore[misc]  # pettingzoo: no annotations
    """One pokerbull game at a time, seat by seat (build with :func:`pettingzoo_env`)."""

    metadata: dict[str, Any] = {     # each environment sets its own, with its game's name
        "render_modes": list(RENDER_MODES), "name": f"pokerbull_v{VERSION}",
        "is_parallelizable": False}
    agent_selection: str              # the agent to act (set by reset and every step)

    def __init__(self, spec: GameSpec, render_mode: str | None = None,
                 action_mask: bool = True) -> None:
        super().__init__()
        if not isinstance(action_mask, bool):
            raise ValueError(f"action_mask must be True or False, not {action_mask!r}")
        self.with_mask = action_mask
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of "
                             f"{', '.join(map(repr, RENDER_MODES))}, not {render_mode!r}")
        self.spec = spec
        self.render_mode = render_mode
        # a name per game: the class's metadata with this game's name
        self.metadata = {**type(self).metadata,
                         "name": f"pokerbull_{spec.name.replace('-', '_')}_v{VERSION}"}
        self.possible_agents = [f"player_{seat}" for seat in range(spec.num_players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # One space object per agent, so seeding one agent's space leaves the others alone.
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(spec.observation_low, spec.observation_high,
                                      (spec.observation_size,), np.float32),
            **({"action_mask": spaces.Box(0, 1, (spec.num_actions,), np.int8)}
               if action_mask else {}),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(spec.num_actions) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game: GameState | None = None    # the pokerbull game being played (after reset)
        self._plain_arrays = True             # its arrays are float32 and int8 (see reset)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # ---- a new game
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; with `seed`, the environment's generator starts again from it."""
        if seed is not None:
            self._rng = np.random.default_rng(whole("seed", seed, low=0))
        self.game = game = self.spec.make(int(self._rng.integers(2**63 - 1)))
        settle_chance(game, self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        # the games give float32 observations and int8 masks: observe() converts only
        # for a game that does not (checked once a game, not once a step)
        self._plain_arrays = self.spec.observe(game, 0).dtype == np.float32 and \
            game.action_mask(0).dtype == np.int8
        self._after_action(game)

    # ---- what an agent sees
    def _started(self) -> GameState:
        """The game being played (ValueError before the first reset)."""
        if self.game is None:
            raise ValueError("no game yet: call reset() (reset(seed=...) to seed it) first")
        return self.game

    def _seat(self, agent: str) -> tuple[GameState, int]:
        """The game being played and `agent`'s seat (ValueError for an unknown agent)."""
        game = self._started()
        seat = self._seat_of.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise ValueError(f"unknown agent {agent!r}: the agents are "
                             f"{', '.join(self.possible_agents)}")
        return game, seat

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self.game
        try:
            seat = self._seat_of[agent]
        except (KeyError, TypeError):
            seat = None
        if seat is None or game is None:
            game, seat = self._seat(agent)    # says what is wrong
        compact = self.spec.compact_observe
        obs = game.observation_array(seat) if compact is None else compact(game, seat)
        if not self._plain_arrays:        # a game that does not give float32 and int8
            obs = obs.astype(np.float32)
        if not self.with_mask:
            return {"observation": obs}
        mask = game.action_mask(seat)
        if not self._plain_arrays:
            mask = mask.astype(np.int8)
        return {"observation": obs, "action_mask": mask}

    def action_mask(self, agent: str) -> np.ndarray:
        """int8 over the game's actions: 1 for each legal action of `agent` now (all
        zeros when it is not its turn); the observation's own mask, given on request."""
        game, seat = self._seat(agent)
        mask: np.ndarray = game.action_mask(seat).astype(np.int8, copy=False)
        return mask

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool,
                                                  bool, dict[str, Any]]:
        """The selected agent's observation (None with ``observe=False``), cumulative
        reward, terminated, truncated and info (PettingZoo's ``last``, one call less)."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    # ---- acting
    def step(self, action: Any) -> None:
        """The selected agent plays `action` (an integer); None for an agent whose game is over."""
        game = self.game
        if game is None:
            game = self._started()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: give an action, not None")
        # IllegalAction (a ValueError) leaves the game, and the environment, as they were.
        game.apply_action(action if type(action) is int
                          else _whole_action(action, self.spec.num_actions))
        self._cumulative_rewards[agent] = 0.0
        player, agents = game.current_player, self.possible_agents
        if 0 <= player < len(agents):     # the common case: the next seat is to act
            self.agent_selection = agents[player]
            return
        settle_chance(game, self._rng)
        self._after_action(game)

    def _after_action(self, game: GameState) -> None:
        player = game.current_player
        if player == TERMINAL_PLAYER:
            returns = game.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat_of[a]])
                self.terminations[a] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
            return
        if not 0 <= player < len(self.possible_agents):  # pragma: no cover - protocol breach
            raise ValueError(f"the game says player {player} is to act after settling chance "
                             f"(chance is {CHANCE_PLAYER})")
        # no reward before the end: the rewards are zeros already (reset and every step
        # until the last one leave them so), and adding zeros changes nothing
        self.agent_selection = self.possible_agents[player]

    # ---- text
    def render(self) -> str | None:
        """The selected agent's view as text: returned (render_mode "ansi") or printed
        ("human", which returns None); None without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: "
                                  "make the environment with render_mode='ansi' or 'human'")
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        game = self._started()
        agent = self.agent_selection
        seat = self._seat_of[agent]
        view = observation_text(game, seat)
        legal = game.legal_actions() if game.current_player == seat else []
        shown = ", ".join(game.action_to_string(x) for x in legal[:12])
        more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
        lines = [f"{self.spec.title}: {agent} (seat {seat})", view]
        if game.is_terminal():
            lines.append(f"game over; returns {game.returns()}")
        elif legal:
            lines.append(f"legal: {shown}{more}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release (no window, no process)."""


def _whole_action(action: Any, num_actions: int) -> int:
    """An action given as an int, a NumPy integer or a 0-d integer array, as an int."""
    value = np.asarray(action) if not isinstance(action, (bool, np.bool_)) else None
    if value is None or value.shape != () or not np.issubdtype(value.dtype, np.integer):
        raise ValueError(f"an action is a whole number 0..{num_actions - 1}, not {action!r}")
    return int(value)


def pettingzoo_env(game_or_preset: str, *, render_mode: str | None = None,
                   observation: str | None = None, action_mask: bool = True,
                   **options: Any) -> PokerbullEnv:
    """A PettingZoo AEC environment of a Poker Bull preset or another game of the family,
    with the game's `options` as keywords (``players=4`` ...); seed it with ``reset(seed=)``.
    The raw environment: an illegal action raises IllegalAction (see :func:`env`).

    `observation`: "compact" (the default for Cheung's preset: its legal run as two
    numbers, no flag per call) or "full" (the game's ``observation_array``; the default
    elsewhere). ``action_mask=False`` leaves the mask out of every observation (for
    Cheung's 61,502 actions, the larger part of it); ``env.action_mask(agent)`` gives
    it on request."""
    return PokerbullEnv(game_spec(game_or_preset, observation=observation, **options),
                        render_mode=render_mode, action_mask=action_mask)


raw_env = pettingzoo_env


def env(game_or_preset: str, *, render_mode: str | None = None,
        observation: str | None = None, **options: Any) -> AECEnv:
    """:func:`raw_env` in PettingZoo's standard wrappers, as its classic games come: an
    illegal action ends the game with reward -1 for the agent that made it
    (``TerminateIllegalWrapper``), an action outside the space is refused
    (``AssertOutOfBoundsWrapper``) and the calls must come in order
    (``OrderEnforcingWrapper``)."""
    from pettingzoo.utils import wrappers
    wrapped: AECEnv = raw_env(game_or_preset, render_mode=render_mode,
                              observation=observation, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
