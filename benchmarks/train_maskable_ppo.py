"""Train an agent with sb3-contrib's MaskablePPO on ``single_agent_env`` against the
``evidence`` bot, then measure its win rate against its fair share.

Needs the ``train`` extra (``pip install "pokerbull[train]"``: sb3-contrib and torch,
heavy, never in CI's install). Run::

    python benchmarks/train_maskable_ppo.py --steps 60000 --games 2000

The game: Poker Bull pagat, two players, one card each, one hand (the agent at seat 0,
the evidence bot at seat 1): the fair share is 1/2. Reported: the steps, the CPU
time of the training, and the win rate (with a 95% interval) of the trained agent
and of the untrained one (uniform over its legal actions) on the same seeds.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from pokerbull.rl.gym import single_agent_env


def win_rate(env, choose, games: int, seed: int) -> tuple[float, float, float]:
    """Wins of seat 0 in `games` games, with a 95% Wilson interval."""
    rng = np.random.default_rng(seed)
    wins = 0
    for _ in range(games):
        obs, _ = env.reset(seed=int(rng.integers(2**31)))
        done, reward = False, 0.0
        while not done:
            obs, reward, done, _, _ = env.step(choose(obs, env.action_masks()))
        wins += reward > 0
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return p, centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=60_000)
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--opponent", default="evidence")
    args = parser.parse_args()
    from sb3_contrib import MaskablePPO

    options = dict(players=2, start_cards=1, card_limit=1)
    env = single_agent_env("pagat", opponents=args.opponent, **options)
    rng = np.random.default_rng(5)
    untrained = win_rate(single_agent_env("pagat", opponents=args.opponent, **options),
                         lambda obs, mask: int(rng.choice(np.flatnonzero(mask))), args.games, 1)
    model = MaskablePPO("MlpPolicy", env, seed=0, verbose=0, n_steps=1024, batch_size=256)
    start = time.process_time()
    model.learn(total_timesteps=args.steps)
    cpu = time.process_time() - start
    test_env = single_agent_env("pagat", opponents=args.opponent, **options)
    trained = win_rate(test_env, lambda obs, mask: int(model.predict(
        obs, action_masks=mask, deterministic=True)[0]), args.games, 1)
    print(f"MaskablePPO, pagat one card, 2 players, against {args.opponent}: "
          f"{args.steps:,} steps in {cpu:,.0f} s CPU")
    for label, (p, lo, hi) in (("untrained (uniform)", untrained), ("trained", trained)):
        print(f"  {label:20s} win rate {p:.3f} (95% {lo:.3f}..{hi:.3f}); fair share 0.500")


if __name__ == "__main__":
    main()
