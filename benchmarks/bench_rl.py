"""The RL adapters' speed, each beside its same-run baseline (CPU time, one core).

Run: ``python benchmarks/bench_rl.py [openspiel|vector|vector-cheat|pettingzoo ...]`` (all
but vector-cheat by default; ``POKERBULL_NO_SIMD=1`` for the scalar path). Figures, best of 3:

- openspiel: random play through pyspiel (``legal_actions``, ``apply_action``, chance
  outcomes drawn with their odds) of ``python_pokerbull`` pagat, 4 players, in
  player actions/s and all actions/s (chance included), drawing with
  ``random.Random`` (as ``pb.Game``'s loop does) and with numpy's ``Generator.random``
  (the earlier harness), beside ``pb.Game``'s random play; ``legal_actions()`` of a
  327-action list, ``is_chance_node()``, ``is_terminal()`` as Python callers get them,
  beside the bridge's own floor (pyspiel's C++ methods on the python state);
- vector: ``vector_env`` steps/s of random legal play (``random_actions`` + ``step``),
  4,096 envs for the games stepped in compiled code (every Poker Bull preset, cheung
  included) beside ``pb.VectorGame.step`` alone (Poker Bull) and, for cheung, Cheat
  and roulette, beside the protocol loop of the same game (``ProtocolVectorEnv``, 64
  envs: the old path) and ``pb.VectorGame`` pagat, 4 players, in the same run;
  Cheat's variations JP, K, T and those with chance nodes inside the game, N, S, NS;
- vector-cheat: the Cheat lines of vector only;
- pettingzoo: AEC steps/s (``agent_iter``, ``last``, ``step`` with the first legal
  action), beside the game's own loop of the same actions;
- cheung: Cheung's compact observation (3 players): PettingZoo AEC steps/s of random
  legal play with the compact observation, without the mask in it
  (``action_mask=False``, the mask asked for by the acting agent only) and with the
  full one (``observation="full"``, the old layout), in the same run; OpenSpiel's
  seat observer ``set_from`` compact and full, and ``rl_environment`` steps/s
  (observation tensors) beside the bridge's ``legal_actions()`` floor;
- mccfr (not in the default run; about 2 minutes): not a speed but a reference for
  issue 25's outcome-sampling target. OpenSpiel's C++ outcome-sampling MCCFR (its
  default exploration, epsilon 0.6) after 200 and 1,000 iterations, and its
  external-sampling MCCFR after 200, seeds 0..7, on two-player one-card pagat with
  ``calls=6, deal="rank"`` beside OpenSpiel's own small games of about the same size
  (Kuhn and Leduc poker, Liar's Dice with one die of 3 and of 4 sides), each with
  its number of information states and the exploitability of uniform play.
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np

import pokerbull as pb

sys.path.insert(0, os.path.dirname(__file__))
from bench_game import play_random_actions  # noqa: E402


def _best(run, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def openspiel_figures(actions: int = 30_000) -> None:
    import random

    import pyspiel

    import pokerbull.rl.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("python_pokerbull", {"preset": "pagat", "players": 4})
    counts = {}

    def through_pyspiel(draw) -> None:
        state, played, chance = game.new_initial_state(), 0, 0
        while played < actions:
            if state.is_terminal():
                state = game.new_initial_state()
            elif state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(draw() * len(outcomes))][0])
                chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(draw() * len(legal))])
                played += 1
        counts["chance"] = chance

    # the draws: random.Random, as pb.Game's loop draws; numpy's Generator.random (the
    # harness of the figures before 2026-11-27: ~0.5 us a draw, 2.7 draws a player action)
    t_game = _best(lambda: play_random_actions("pagat", 4, actions))
    t_spiel = _best(lambda: through_pyspiel(random.Random(0).random))
    t_numpy = _best(lambda: through_pyspiel(np.random.default_rng(0).random))
    chance = counts["chance"]
    t_floor = _best(lambda: _through_the_floor(game, actions, chance, random.Random(0).random))
    print(f"pb.Game random play:        {actions / t_game:12,.0f} actions/s")
    for label, t in (("random.Random draws", t_spiel), ("numpy Generator draws", t_numpy)):
        print(f"pyspiel python_pokerbull:   {actions / t:12,.0f} player actions/s, {label} "
              f"({(actions + chance) / t:,.0f} with the "
              f"{chance / actions:.2f} chance nodes a player action); "
              f"{t_game / t:.1%} of pb.Game; {t / actions * 1e6:.2f} us a player action")
    print(f"  the bridge's floor, the same loop (random.Random) over a python state that only "
          f"answers: {actions / t_floor:,.0f} player actions/s, {t_floor / actions * 1e6:.2f} us "
          f"a player action (the adapter's own work: {(t_spiel - t_floor) / actions * 1e6:.2f} us)")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    n = 20_000
    base = pyspiel.State       # pyspiel's own C++ methods: the bridge's floor
    for what, call, own in (("legal_actions() (327 actions)", state.legal_actions,
                             lambda: base.legal_actions(state)),
                            ("is_chance_node()", state.is_chance_node,
                             lambda: base.is_chance_node(state)),
                            ("is_terminal()", state.is_terminal, lambda: base.is_terminal(state))):
        t = _best(lambda: [call() for _ in range(n)])
        t_own = _best(lambda: [own() for _ in range(n)])
        print(f"  {what}: {t / n * 1e6:.2f} us; bridge floor (pyspiel's C++ method on a "
              f"python state) {t_own / n * 1e6:.2f} us")


def _through_the_floor(game, actions: int, chance: int, draw) -> None:
    """The loop of openspiel_figures over a python state that does nothing but answer,
    shaped as random pagat play (`chance` chance nodes spread evenly over `actions`
    player actions, 47 chance outcomes and 112 legal actions, the averages of that
    play, each list a slice of a shared one): what pyspiel and the loop cost alone."""
    import pyspiel

    row = [(i, 1 / 47) for i in range(52)]
    calls = list(range(328))

    class Floor(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game) -> None:
            super().__init__(game)
            self.step = 0

        def current_player(self) -> int:
            return -1 if self.step * chance % (actions + chance) < chance else 0

        def is_terminal(self) -> bool:
            return False

        def is_chance_node(self) -> bool:
            return self.current_player() == -1

        def chance_outcomes(self):
            return row[:47]

        def legal_actions(self):
            return calls[:112]

        def _apply_action(self, action: int) -> None:
            self.step += 1

    state, played = Floor(game), 0
    while played < actions:
        if state.is_terminal():
            state = Floor(game)
        elif state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(draw() * len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(draw() * len(legal))])
            played += 1


def vector_figures(rounds: int = 200, only: str | None = None) -> None:
    from pokerbull.rl._games import game_spec
    from pokerbull.rl.gym import CompiledVectorEnv, ProtocolVectorEnv, vector_env
    vec = pb.VectorGame("pagat", num_games=4096, players=4, seed=0)
    cases = [(name, {}) for name in ("pagat", "pagat-wild", "pagat-five", "holdem", "cheung",
                                     "cheat", "roulette")]
    cases += [("cheat", {"variations": v}) for v in ("JP", "K", "T", "N", "S", "NS")]
    cases = [c for c in cases if only is None or c[0] == only]
    for name, options in cases:
        players = 4 if name != "roulette" else 5
        env = vector_env(name, 4096, players=players, **options)
        compiled = not isinstance(env, ProtocolVectorEnv)
        n = 4096 if compiled else 64
        r = rounds if compiled else 10
        if not compiled:
            env = vector_env(name, n, players=players, **options)
        env.reset(seed=0)
        rng = np.random.default_rng(0)

        def play(env=env, r=r) -> None:
            for _ in range(r):
                env.step(env.random_actions(rng))

        t_env = _best(play)
        label = name + (f" {options['variations']}" if options else "")
        line = f"vector_env {label:11s} {n * r / t_env:14,.0f} steps/s ({n} envs)"
        if name in pb.preset_names() and compiled:
            bare_vec = pb.VectorGame(name, num_games=n, players=players, seed=0)

            def bare() -> None:
                for _ in range(r):
                    bare_vec.step(bare_vec.random_actions(rng))

            t_vec = _best(bare)
            line += f"; VectorGame.step {n * r / t_vec:,.0f} ({t_vec / t_env:.0%} of it kept)"
        if isinstance(env, CompiledVectorEnv) or name == "cheung":   # the same run's baselines
            old = ProtocolVectorEnv(game_spec(name, players=players, **options), 64,
                                    observation="compact" if name == "cheung" else "full")
            old.reset(seed=0)

            def through_protocol() -> None:
                for _ in range(10):
                    old.step(old.random_actions(rng))

            def pagat() -> None:
                for _ in range(r):
                    vec.step(vec.random_actions(rng))

            t_old, t_pagat = _best(through_protocol), _best(pagat)
            line += (f"; the protocol loop {64 * 10 / t_old:,.0f} (64 envs, "
                     f"{t_old / 640 * n * r / t_env:.0f}x slower); VectorGame pagat "
                     f"{4096 * r / t_pagat:,.0f}")
        print(line)


def _aec(env, steps: int, choose) -> None:
    """`steps` AEC steps from reset(seed=0): ``choose(agent, obs)`` for each live agent."""
    done = 0
    env.reset(seed=0)
    while done < steps:
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            env.step(None if terminated or truncated else choose(agent, obs))
            done += 1
            if done >= steps:
                break
        else:
            env.reset()


def pettingzoo_figures(steps: int = 20_000) -> None:
    from pokerbull.rl import pettingzoo_env
    env = pettingzoo_env("pagat", players=4)

    def aec() -> None:
        _aec(env, steps, lambda agent, obs: int(obs["action_mask"].argmax()))

    def bare() -> None:
        game, done, seed = pb.Game("pagat", players=4, seed=0), 0, 0
        while done < steps:
            if game.is_terminal():
                seed += 1
                game = pb.Game("pagat", players=4, seed=seed)
            game.apply_action(game.legal_actions()[0])
            done += 1

    t_env, t_game = _best(aec), _best(bare)
    print(f"pettingzoo AEC pagat:       {steps / t_env:12,.0f} steps/s; the game's own loop "
          f"{steps / t_game:,.0f} ({t_game / t_env:.0%})")


def cheung_figures(steps: int = 3_000) -> None:
    from pokerbull.rl import pettingzoo_env

    def aec(env, with_mask: bool) -> None:
        rng = np.random.default_rng(0)

        def choose(agent: str, obs: dict) -> int:
            legal = np.flatnonzero(obs["action_mask"] if with_mask else env.action_mask(agent))
            return int(legal[int(rng.random() * len(legal))])

        _aec(env, steps, choose)

    kinds = {"compact": ({}, True), "compact, mask on request": ({"action_mask": False}, False),
             "full (the old layout)": ({"observation": "full"}, True)}
    for label, (kw, with_mask) in kinds.items():
        env = pettingzoo_env("cheung", players=3, **kw)
        t = _best(lambda: aec(env, with_mask))
        print(f"pettingzoo AEC cheung, {label:25s} {steps / t:10,.0f} steps/s")

    import pyspiel
    from open_spiel.python import rl_environment

    import pokerbull.rl.openspiel as pb_openspiel
    from pokerbull.rl._games import game_spec
    game = pyspiel.load_game("python_pokerbull", {"preset": "cheung", "players": 3})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    n = 300
    for label, kw in (("compact", {}), ("full", {"observation": "full"})):
        observer = pb_openspiel._SeatObserver(game_spec("cheung", players=3, **kw))
        t = _best(lambda: [observer.set_from(state, 0) for _ in range(n)])
        print(f"openspiel cheung seat observer set_from, {label:7s} ({observer.tensor.size:,} "
              f"floats): {t / n * 1e6:8.1f} us")
    t = _best(lambda: [state.legal_actions() for _ in range(n)])
    print(f"  bridge floor legal_actions() at an opening ({len(state.legal_actions()):,} "
          f"actions): {t / n * 1e6:.1f} us")
    for label, kw in (("compact", {}), ("full, the old layout", {"observation": "full"})):
        game = pyspiel.load_game("python_pokerbull", {"preset": "cheung", "players": 3})
        game.spec = game_spec("cheung", players=3, **kw)     # the observer's layout
        env = rl_environment.Environment(
            game, observation_type=rl_environment.ObservationType.OBSERVATION)

        def through_rl_environment() -> None:
            rng = np.random.default_rng(0)
            step = env.reset()
            for _ in range(200):
                if step.last():
                    step = env.reset()
                    continue
                legal = step.observations["legal_actions"][step.observations["current_player"]]
                step = env.step([legal[int(rng.random() * len(legal))]])

        t = _best(through_rl_environment)
        print(f"openspiel rl_environment cheung, observation tensors {label:20s}: "
              f"{200 / t:,.0f} steps/s")


def mccfr_figures(seeds: int = 8) -> None:
    import pyspiel
    from open_spiel.python import policy

    import pokerbull.rl.openspiel  # noqa: F401  (registers the games)
    games = {
        "pokerbull one-card pagat, calls=6": pyspiel.load_game(
            "python_pokerbull", {"preset": "pagat", "players": 2, "start_cards": 1,
                                 "card_limit": 1, "calls": 6, "deal": "rank"}),
        "kuhn_poker": pyspiel.load_game("kuhn_poker"),
        "leduc_poker": pyspiel.load_game("leduc_poker"),
        "liars_dice, 1 die of 3": pyspiel.load_game(
            "liars_dice", {"numdice": 1, "dice_sides": 3}),
        "liars_dice, 1 die of 4": pyspiel.load_game(
            "liars_dice", {"numdice": 1, "dice_sides": 4}),
    }

    def after(game, solver, iterations: int) -> float:
        for _ in range(iterations):
            solver.run_iteration()
        return pyspiel.exploitability(game, solver.average_policy())

    def span(values: list[float]) -> str:
        return f"{min(values):.3f}-{max(values):.3f} (mean {sum(values) / len(values):.3f})"

    print(f"exploitability, OpenSpiel's C++ MCCFR solvers, seeds 0..{seeds - 1}")
    for name, game in games.items():
        table = policy.TabularPolicy(game)          # uniform over the legal actions
        uniform = pyspiel.exploitability(game, policy.python_policy_to_pyspiel_policy(table))
        states = len(table.state_lookup)
        outcome = {n: [after(game, pyspiel.OutcomeSamplingMCCFRSolver(game, 0.6, seed), n)
                       for seed in range(seeds)] for n in (200, 1000)}
        external = [after(game, pyspiel.ExternalSamplingMCCFRSolver(game, seed), 200)
                    for seed in range(seeds)]
        print(f"{name:34s} {states:5d} information states, utilities "
              f"{game.min_utility():g}..{game.max_utility():g}; uniform play {uniform:.3f}")
        print(f"{'':34s} outcome sampling 200: {span(outcome[200])}, "
              f"1,000: {span(outcome[1000])}; external sampling 200: {span(external)}")


if __name__ == "__main__":
    print(f"backend {pb.core.backend.name}; simd {os.environ.get('POKERBULL_SIMD', 'auto')}"
          f"{'; POKERBULL_NO_SIMD=1' if os.environ.get('POKERBULL_NO_SIMD') else ''}")
    parts = sys.argv[1:] or ["openspiel", "vector", "pettingzoo", "cheung"]
    for part in parts:
        {"openspiel": openspiel_figures, "vector": vector_figures,
         "vector-cheat": lambda: vector_figures(only="cheat"),
         "pettingzoo": pettingzoo_figures, "cheung": cheung_figures,
         "mccfr": mccfr_figures}[part]()
