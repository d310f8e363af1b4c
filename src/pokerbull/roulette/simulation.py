"""Whole games with the built-in bots: the compiled loop and its pure-Python twin.

Both take the same inputs, made here from one seed: first a SplitMix64 seed for
each seat's bot, then each game's deck order (a shuffle of all the decks' cards).
Given the same inputs they give the same totals, game for game (tested).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core import backend as _backend
from .bots import BOTS, RouletteBot, make_bot
from .game import CARD_KINDS, Game
from .rules import Rules

CHUNK = 4096          # games whose decks are shuffled at once


def _engine() -> Any:
    if _backend.name != "cython":
        return None
    try:
        from . import _engine
    except ImportError:
        return None
    return _engine


def table_rules(options: Mapping[str, Any], players: int) -> Rules | None:
    """The rules of a table, or None when the options ask for more than rules (``deck``,
    ``chance_nodes``): such games are played through the Python engine."""
    options = dict(options)
    if set(options) - set(Rules.__dataclass_fields__) - {"players"}:
        return None
    options.pop("players", None)
    return Rules(players=players, **options)


def bot_specs(bots: Sequence[Any], players: int) -> list[tuple[str, dict[str, Any]]] | None:
    """Per seat ``(name, params)``; None when a bot is not one the compiled loop knows."""
    if len(bots) != players:
        raise ValueError(f"one bot per seat: {players} seats, {len(bots)} bots")
    out = []
    for b in bots:
        if isinstance(b, str):
            name, params = b, {}
        else:
            name, params = b[0], dict(b[1] or {})
        if name not in BOTS:
            return None
        out.append((name, params))
    return out


def simulation_inputs(rules: Rules, games: int, seed: Any
                      ) -> tuple[list[int], Iterator[npt.NDArray[np.uint8]]]:
    """The bots' seeds (one per seat) and a generator of deck blocks (uint8, one row a game)."""
    rng = np.random.default_rng(seed)
    bot_seeds = [int(x) for x in rng.integers(1 << 63, size=rules.players)]
    base = np.repeat(np.arange(CARD_KINDS, dtype=np.uint8)[None, :], rules.decks, axis=0).ravel()

    def blocks() -> Iterator[npt.NDArray[np.uint8]]:
        done = 0
        while done < games:
            k = min(CHUNK, games - done)
            yield rng.permuted(np.broadcast_to(base, (k, base.size)), axis=1)
            done += k
    return bot_seeds, blocks()


def _table(options: Mapping[str, Any], players: int, bots: Sequence[Any], games: int,
           seed: Any) -> tuple[Rules, list[RouletteBot], list[int], Any] | None:
    """The rules, the seated bots, their seeds and the deck blocks; None for unknown bots."""
    rules = table_rules(options, players)
    specs = bot_specs(bots, players)
    if specs is None or rules is None:
        return None
    seeds, blocks = simulation_inputs(rules, games, seed)
    agents = [make_bot(name, seed=s, **params) for (name, params), s in zip(specs, seeds)]
    return rules, agents, seeds, blocks


def _totals(players: int) -> dict[str, Any]:
    return {"games": 0, "returns": np.zeros(players, np.float64),
            "wins": np.zeros(players, np.int64), "actions": 0}


def _add_game(totals: dict[str, Any], returns: Sequence[float]) -> None:
    r = np.asarray(returns, np.float64)
    totals["games"] += 1
    totals["returns"] += r
    totals["wins"] += r == r.max()


def play_pure(options: Mapping[str, Any], players: int, bots: Sequence[Any], games: int,
              seed: Any) -> dict[str, Any] | None:
    """The pure-Python twin: ``Game(deck=...)`` and the Python bots, one action at a time."""
    table = _table(options, players, bots, games, seed)
    if table is None:
        return None
    rules, agents, _, blocks = table
    totals = _totals(players)
    for block in blocks:
        for row in block:
            g = Game(rules=rules, deck=row.tolist())
            for s, a in enumerate(agents):
                a.reset(s)
            while not g.is_terminal():
                seat = g.current_player
                g.apply_action(agents[seat].act(g.observation(seat)))
                totals["actions"] += 1
            _add_game(totals, g.returns())
    return totals


def fast_simulate(options: Mapping[str, Any], players: int, bots: Sequence[Any], games: int,
                  seed: Any) -> dict[str, Any] | None:
    """``Wing.fast_simulate``: whole games in the compiled loop; None for bots or options
    it does not know, and without the compiled engine (``POKERBULL_PURE=1``, or no
    build), so that the caller plays them through the Python engine."""
    engine = _engine()
    if engine is None:
        return None
    return play_compiled(engine, options, players, bots, games, seed)


def play_compiled(engine: Any, options: Mapping[str, Any], players: int, bots: Sequence[Any],
                  games: int, seed: Any) -> dict[str, Any] | None:
    """Whole games in `engine` (the compiled ``_engine`` module); None for unknown bots."""
    table = _table(options, players, bots, games, seed)
    if table is None:
        return None
    rules, agents, seeds, blocks = table
    kinds = np.array([a.kind for a in agents], np.int32)
    params = np.array([getattr(a, "raise_at", 0) for a in agents], np.int32)
    states = np.array(seeds, np.uint64)
    totals = _totals(players)
    for block in blocks:
        actions = engine.play_games(np.ascontiguousarray(block), players, rules.suit_strengths,
                                    rules.betting, rules.ante, rules.bet_size, rules.max_raises,
                                    kinds, params, states, totals["returns"], totals["wins"])
        totals["games"] += len(block)
        totals["actions"] += int(actions)
    return totals


__all__ = ["fast_simulate", "play_compiled", "play_pure", "simulation_inputs"]
