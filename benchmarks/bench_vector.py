"""Batched games: VectorGame.step over N games at once, against the single-game API.

Run: ``python benchmarks/bench_vector.py`` (CPU time, best of 3, one core). Figures:
steps/s of ``step()`` alone, of ``step()`` with a uniform random policy drawn in
NumPy (``random_actions``), of ``step()`` + ``observations()`` + ``action_masks()``
(the full arrays), and the single-game public API (``legal_actions()`` +
``apply_action()``) measured in the same run, with the ratio.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

import pokerbull as pb
from bench_game import play_random_actions

PRESETS = ("pagat", "pagat-wild", "pagat-five", "holdem")


def steps_per_second(preset: str, num_games: int, rounds: int, full: bool = False,
                     players: int = 4) -> tuple[float, float]:
    """(steps/s of step() alone, steps/s of step() + the random policy [+ full arrays])."""
    vec = pb.VectorGame(preset, num_games=num_games, players=players, seed=0)
    rng = np.random.default_rng(0)
    obs = np.empty((num_games, vec.observation_size), np.float32)
    masks = np.empty((num_games, vec.num_actions), np.int8)
    best_step = best_all = float("inf")
    for _ in range(3):
        in_step = 0.0
        start = time.process_time()
        for _ in range(rounds):
            actions = vec.random_actions(rng)
            t = time.process_time()
            vec.step(actions)
            in_step += time.process_time() - t
            if full:
                vec.observations(obs)
                vec.action_masks(masks)
        best_all = min(best_all, time.process_time() - start)
        best_step = min(best_step, in_step)
    steps = num_games * rounds
    return steps / best_step, steps / best_all


@pytest.mark.parametrize("preset", PRESETS)
def test_vector_step(benchmark, preset):
    """step() of 4,096 games with a random legal policy (pytest-benchmark)."""
    vec = pb.VectorGame(preset, num_games=4096, players=4, seed=0)
    rng = np.random.default_rng(0)

    def step():
        vec.step(vec.random_actions(rng))

    benchmark(step)
    if benchmark.stats:
        rate = vec.num_games / benchmark.stats.stats.mean
        benchmark.extra_info["steps_per_second"] = round(rate)
        print(f"\n{preset}: {rate:,.0f} steps/s")


def main() -> None:
    print(f"pokerbull {pb.__version__}, backend {pb.backend()}; the batched state is scalar C "
          f"(batch path {pb.simd_path()} not used); CPU time, best of 3, one core")
    for preset in PRESETS:
        single = float("inf")
        for _ in range(3):
            start = time.process_time()
            play_random_actions(preset, 4, 50_000)
            single = min(single, time.process_time() - start)
        single_rate = 50_000 / single
        for n in (1024, 4096):
            step_rate, policy_rate = steps_per_second(preset, n, 200)
            _, full_rate = steps_per_second(preset, n, 50, full=True)
            print(f"{preset:<10} N={n:<5} step {step_rate / 1e6:6.2f} M/s   + random policy "
                  f"{policy_rate / 1e6:5.2f} M/s   + observations and masks "
                  f"{full_rate / 1e6:5.2f} M/s   single-game API {single_rate / 1e6:4.2f} M/s"
                  f"   step / single {step_rate / single_rate:5.1f}x")


if __name__ == "__main__":
    main()
