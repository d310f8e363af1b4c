"""Game engine speed: random legal actions through the public API, and clone + apply,
on the compiled state (what ``pb.Game`` is) and on the Python engine (the pure
backend's, here on the compiled kernels) in the same run.

Run: ``python -m pytest benchmarks/bench_game.py --benchmark-enable`` (each benchmark
prints its per-action figure; pytest-benchmark reports the rest), or
``python benchmarks/bench_game.py`` for a table of CPU-time figures and the ratio of
the compiled state to the Python engine.
"""

from __future__ import annotations

import random
import time

import pytest

import pokerbull as pb
from pokerbull.bull import game as game_module

PRESETS = ("pagat", "pagat-wild", "pagat-five", "holdem", "cheung")
ACTIONS = 20_000
ENGINES = {"compiled": pb.Game, "python": game_module._PythonGame}


def play_random_actions(preset: str, players: int, actions: int, seed: int = 0,
                        engine: type = pb.Game) -> int:
    """Play `actions` random legal actions (starting new games as needed); return games."""
    choose = random.Random(seed).random
    game = engine(preset, players=players, seed=seed)
    games = 1
    for _ in range(actions):
        if game.is_terminal():
            games += 1
            game = engine(preset, players=players, seed=seed + games)
        legal = game.legal_actions()
        game.apply_action(legal[int(choose() * len(legal))])
    return games


@pytest.mark.parametrize("engine", list(ENGINES))
@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [4, 8])
def test_random_actions(benchmark, preset, players, engine):
    benchmark.pedantic(play_random_actions, args=(preset, players, ACTIONS, 0, ENGINES[engine]),
                       rounds=3, iterations=1)
    if benchmark.stats:     # None with --benchmark-disable (the test suite's default)
        per_action = benchmark.stats.stats.min / ACTIONS
        benchmark.extra_info["actions_per_second"] = round(1 / per_action)
        print(f"\n{engine} {preset} {players} players: {1 / per_action:,.0f} actions/s")


def _mid_hand(preset: str, engine: type = pb.Game) -> pb.Game:
    game = engine(preset, players=6 if preset != "cheung" else 4, seed=3)
    game.apply_action(40)
    game.apply_action(80)
    return game


@pytest.mark.parametrize("engine", list(ENGINES))
@pytest.mark.parametrize("preset", PRESETS)
def test_clone_and_call(benchmark, preset, engine):
    game = _mid_hand(preset, ENGINES[engine])

    def clone_and_call():
        copy = game.clone()
        copy.apply_action(120)

    benchmark(clone_and_call)


@pytest.mark.parametrize("engine", list(ENGINES))
@pytest.mark.parametrize("preset", PRESETS[:4])
def test_clone_and_challenge(benchmark, preset, engine):
    """A challenge ends the hand, so the copy deals the next one."""
    game = _mid_hand(preset, ENGINES[engine])

    def clone_and_challenge():
        copy = game.clone()
        copy.apply_action(copy.challenge_action)

    benchmark(clone_and_challenge)


@pytest.mark.parametrize("engine", list(ENGINES))
def test_clone(benchmark, engine):
    benchmark(_mid_hand("pagat", ENGINES[engine]).clone)


def _cpu_per_call(fn, calls: int, repeat: int = 5) -> float:
    """Best CPU seconds per call over `repeat` runs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(calls):
            fn()
        best = min(best, (time.process_time() - start) / calls)
    return best


def main() -> None:
    print(f"pokerbull {pb.__version__}, backend {pb.backend()}, batch path {pb.simd_path()} "
          "(the game state is scalar C); CPU time, best of 3-5")
    print(f"{'preset':<11} {'players':>7} {'python engine':>15} {'compiled':>12} {'ratio':>6}")
    for preset in PRESETS:
        for players in (4, 8):
            rates = {}
            for name, engine in ENGINES.items():
                actions = ACTIONS * (5 if name == "compiled" else 1)
                best = float("inf")
                for _ in range(3):
                    start = time.process_time()
                    play_random_actions(preset, players, actions, 0, engine)
                    best = min(best, time.process_time() - start)
                rates[name] = actions / best
            print(f"{preset:<11} {players:>7} {rates['python']:>15,.0f} "
                  f"{rates['compiled']:>12,.0f} {rates['compiled'] / rates['python']:>5.1f}x")
    print("actions/s: legal_actions() + apply_action() through the public API, new games "
          "included")
    for what, make in (("clone()", lambda g: g.clone),
                       ("clone() + a call", lambda g: lambda: g.clone().apply_action(120)),
                       ("clone() + a challenge (deals)",
                        lambda g: lambda: g.clone().apply_action(g.challenge_action))):
        times = {name: _cpu_per_call(make(_mid_hand("pagat", engine)), 20_000)
                 for name, engine in ENGINES.items()}
        print(f"pagat {what:<30} python {times['python'] * 1e6:6.2f} us   compiled "
              f"{times['compiled'] * 1e6:6.2f} us   {times['python'] / times['compiled']:5.1f}x")


if __name__ == "__main__":
    main()
