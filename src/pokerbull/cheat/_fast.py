"""`Wing.fast_simulate` for Cheat: whole games in the compiled loop (`_engine`).

The compiled loop plays the built-in bots (no parameters) for the variations in
``COMPILED_VARIATIONS``; for anything else it answers None and the caller falls
back to the Python engine, as `pokerbull.protocol.Wing` promises.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .bots import BOTS
from .game import Game
from .rules import Rules

COMPILED_VARIATIONS = frozenset("ACDEFGIJKLNOPRSTV")


def _engine() -> Any:
    try:
        from . import _engine as engine
    except ImportError:
        return None
    return engine


def table_for(rules: Rules) -> dict[str, Any] | None:
    """The compiled loop's description of a table; None if it cannot play these rules."""
    if not set(rules.variation_letters()) <= COMPILED_VARIATIONS or rules.players > 16:
        return None
    return {"players": rules.players, "places": int(rules.keeps_places), "fork": int(rules.fork),
            "free": int(rules.free_for_all), "egyptian": int(rules.egyptian),
            "specificity": int(rules.specificity), "only_one": int(rules.only_one),
            "canadian": int(rules.canadian_start), "rounds": int(rules.claims_follow_rounds),
            "chinese": int(rules.chinese), "set_size": rules.set_size, "counts_differ": int(rules.counts_may_differ),
            "wild": int(rules.wild_jokers), "max_lay": rules.max_lay,
            "hawaiian": int(rules.hawaiian), "check": int(rules.check),
            "count_lies": int(rules.count_lies),
            "stall_turns": rules.stall_turns,
            "cycle": list(rules.cycle), "deck": list(rules.deck)}


def styles_for(bots: Sequence[Any], players: int) -> np.ndarray | None:
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, not {len(bots)}")
    out = []
    for entry in bots:
        name, params = (entry, {}) if isinstance(entry, str) else entry
        if name not in BOTS:
            raise ValueError(f"unknown Cheat bot {name!r}: the bots are {', '.join(BOTS)}")
        if params or BOTS[name].style is None:    # the compiled loop plays the styles only
            return None
        out.append(BOTS[name].style)
    return np.array(out, np.int32)


def deals(rules: Rules, games: int, rng: np.random.Generator) -> np.ndarray:
    """One shuffled order of the deck list per game (int64 rows)."""
    m = sum(rules.deck)
    return rng.permuted(np.tile(np.arange(m, dtype=np.int64), (games, 1)), axis=1)


UNIFORMS = 64      # S: draws per game for the cards turned at challenges (then cycled)


def chance_draws(rules: Rules, games: int, rng: np.random.Generator) -> dict[str, Any]:
    """N: the cards turned before the first Jack, with the exact odds of
    `Game.chance_outcomes`; S: uniform draws for the cards turned at challenges."""
    out: dict[str, Any] = {}
    if rules.canadian_start:
        probs = [p for _, p in Game(rules.players, rules=rules, seed=0).chance_outcomes()]
        out["turned"] = rng.choice(len(probs), size=games, p=np.array(probs) / sum(probs))
        out["turned"] = out["turned"].astype(np.int64)
    if rules.only_one:
        out["uniforms"] = rng.random((games, UNIFORMS))
    return out


def fast_simulate(options: Mapping[str, Any] | None, players: int, bots: Sequence[Any],
                  games: int, seed: Any) -> dict[str, Any] | None:
    engine = _engine()
    if engine is None:
        return None
    rules = Rules.make(players, **dict(options or {}))
    table = table_for(rules)
    styles = styles_for(bots, players)
    if table is None or styles is None:
        return None
    if type(games) is not int or games < 0:
        raise ValueError(f"games must be a whole number, not {games!r}")
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    orders = deals(rules, games, rng)
    returns, actions = engine.play_games(table, orders, styles,
                                         **chance_draws(rules, games, rng))
    best = returns.max(axis=1, keepdims=True) if games else returns
    return {"games": games, "returns": returns.sum(axis=0),
            "wins": (returns == best).sum(axis=0).astype(np.int64),
            "actions": int(actions.sum())}
