"""Reinforcement-learning entry points (the ``rl`` extra: ``pip install pokerbull[rl]``).

- :func:`pettingzoo_env` makes a PettingZoo AEC environment of any pokerbull game;
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


__all__ = ["GameSpec", "VectorGame", "game_spec", "pettingzoo_env"]
