"""Reinforcement-learning entry points (the ``rl`` extra: ``pip install pokerbull[rl]``).

- :func:`vector_env` and :func:`single_agent_env` make Gymnasium environments of any
  pokerbull game (:mod:`pokerbull.rl.gym`: a VectorEnv in self-play; one seat
  against bots);
- :func:`pettingzoo_env` makes a PettingZoo AEC environment of any pokerbull game
  (``pokerbull.rl.pettingzoo.env`` in PettingZoo's standard wrappers);
- ``import pokerbull.rl.openspiel`` registers the OpenSpiel games
  (``pyspiel.load_game("python_pokerbull", {"preset": "pagat", "players": 4})``);
- :class:`VectorGame` (also ``pokerbull.VectorGame``) steps N Poker Bull games at once
  in the compiled core, from NumPy arrays of actions (no extra needed).

Both speak only the game protocol (:mod:`pokerbull.protocol`); see docs/rl.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerbull.bull.vector import VectorGame

from ._games import GameSpec, game_spec

if TYPE_CHECKING:
    from .pettingzoo import PokerbullEnv


def pettingzoo_env(game_or_preset: str, *, render_mode: str | None = None,
                   **options: Any) -> PokerbullEnv:
    """A PettingZoo AEC environment of a Poker Bull preset (``"pagat"``...) or another
    game of the family (``"cheat"``...), options as keywords; seed with ``reset(seed=)``.

    Needs PettingZoo (``pip install pokerbull[rl]``).
    """
    try:
        from .pettingzoo import pettingzoo_env as make
    except ModuleNotFoundError as exc:
        if exc.name not in ("pettingzoo", "gymnasium"):
            raise
        raise ModuleNotFoundError(f"pettingzoo_env needs {exc.name}: "
                                  f"pip install 'pokerbull[rl]'", name=exc.name) from None
    return make(game_or_preset, render_mode=render_mode, **options)


def vector_env(game_or_preset: str, num_envs: int, **options: Any) -> Any:
    """A ``gymnasium.vector.VectorEnv`` of `num_envs` games (:func:`pokerbull.rl.gym.vector_env`).

    Needs Gymnasium (``pip install pokerbull[rl]``).
    """
    return _gym().vector_env(game_or_preset, num_envs, **options)


def single_agent_env(game_or_preset: str, opponents: Any = "evidence", seat: int = 0,
                     **options: Any) -> Any:
    """A ``gymnasium.Env`` of one seat against bots
    (:func:`pokerbull.rl.gym.single_agent_env`). Needs Gymnasium."""
    return _gym().single_agent_env(game_or_preset, opponents, seat, **options)


def _gym() -> Any:
    try:
        from . import gym
    except ModuleNotFoundError as exc:
        if exc.name != "gymnasium":
            raise
        raise ModuleNotFoundError("the Gymnasium environments need gymnasium: "
                                  "pip install 'pokerbull[rl]'", name=exc.name) from None
    return gym


__all__ = ["GameSpec", "VectorGame", "game_spec", "pettingzoo_env", "single_agent_env",
           "vector_env"]
