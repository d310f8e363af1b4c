"""Game engine speed: random legal actions through the public API, and clone + apply.

Run: ``python -m pytest benchmarks/bench_game.py --benchmark-enable``. Each
benchmark prints its per-action figure; pytest-benchmark reports the rest.
"""

from __future__ import annotations

import random

import pytest

import pokerbull as pb

PRESETS = ("pagat", "pagat-wild", "pagat-five", "holdem")
ACTIONS = 20_000


def play_random_actions(preset: str, players: int, actions: int, seed: int = 0) -> int:
    """Play `actions` random legal actions (starting new games as needed); return games."""
    choose = random.Random(seed).random
    game = pb.Game(preset, players=players, seed=seed)
    games = 1
    for _ in range(actions):
        if game.is_terminal():
            games += 1
            game = pb.Game(preset, players=players, seed=seed + games)
        legal = game.legal_actions()
        game.apply_action(legal[int(choose() * len(legal))])
    return games


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [4, 8])
def test_random_actions(benchmark, preset, players):
    benchmark.pedantic(play_random_actions, args=(preset, players, ACTIONS),
                       rounds=3, iterations=1)
    per_action = benchmark.stats.stats.min / ACTIONS
    benchmark.extra_info["actions_per_second"] = round(1 / per_action)
    print(f"\n{preset} {players} players: {1 / per_action:,.0f} actions/s")


def _mid_hand(preset: str) -> pb.Game:
    game = pb.Game(preset, players=6, seed=3)
    game.apply_action(40)
    game.apply_action(80)
    return game


@pytest.mark.parametrize("preset", PRESETS)
def test_clone_and_call(benchmark, preset):
    game = _mid_hand(preset)

    def clone_and_call():
        copy = game.clone()
        copy.apply_action(120)

    benchmark(clone_and_call)


@pytest.mark.parametrize("preset", PRESETS)
def test_clone_and_challenge(benchmark, preset):
    """A challenge ends the hand, so the copy deals: it makes its own generator."""
    game = _mid_hand(preset)

    def clone_and_challenge():
        copy = game.clone()
        copy.apply_action(copy.challenge_action)

    benchmark(clone_and_challenge)


def test_clone(benchmark):
    benchmark(_mid_hand("pagat").clone)
