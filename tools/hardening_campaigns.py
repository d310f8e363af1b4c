"""The reliability campaigns of issue 21, rerun at scale (not part of the suite).

    python tools/hardening_campaigns.py [--scale N]

1. Odd actions at every step of Poker Bull, Cheat and Poker roulette games: each
   must raise a ValueError (IllegalAction for a whole number) and leave the game
   exactly as it was (its save text unchanged).
2. Damaged saves of every game (every field, tests/save_damage.py): refused with
   a ValueError or loaded into a valid state.
3. Engines agreeing: Poker Bull's compiled and Python engines step for step;
   Cheat's compiled loop against the Python engine; Cheung's compiled loop
   against the Python engine and bots.
4. Cheung tables one card short of the whole deck deal hands that can open.

Prints how many inputs each campaign tried and every failure (none expected), and
the CPU seconds each took.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import pokerbull as pb  # noqa: E402
import pokerbull.cheat as cheat  # noqa: E402
import pokerbull.roulette as roulette  # noqa: E402
from pokerbull.protocol import CHANCE_PLAYER  # noqa: E402
from save_damage import check_loaded, damages, load, real_saves  # noqa: E402

ODD = (-1, -2**40, 2**63, 10**30, 1.5, float("nan"), "x", "", None, True, False, [1], b"1")


def _games(rng: random.Random, scale: int):
    """Fresh games of every kind, seeded."""
    for k in range(scale):
        seed = rng.randrange(1 << 30)
        yield "bull", pb.Game(rng.choice(["pagat", "pagat-wild", "pagat-five", "holdem"]),
                               players=rng.randint(2, 6), seed=seed)
        yield "cheat", cheat.Game(players=rng.randint(2, 6), seed=seed,
                                  variations=rng.choice(["", "A", "C", "DF", "K", "LV", "NS",
                                                         "T", "OR", "GJP", "EI"]))
        yield "roulette", roulette.Game(rng.randint(3, 7), seed=seed,
                                        betting=rng.random() < 0.8)


def odd_actions(scale: int, failures: list) -> int:
    rng = random.Random(1)
    tried = 0
    for kind, g in _games(rng, scale):
        for _ in range(400):
            if g.is_terminal():
                break
            legal = set(g.legal_actions())
            before = g.to_json()
            outside = [a for a in (rng.randrange(-5, g.num_actions + 5) for _ in range(6))
                       if a not in legal] + [g.num_actions, g.num_actions + 1]
            for a in outside + list(ODD):
                tried += 1
                try:
                    g.apply_action(a)
                except ValueError:
                    if g.to_json() != before:
                        failures.append((kind, "state changed by a refused action", a))
                    continue
                except Exception as exc:  # noqa: BLE001 - a campaign reports, never stops
                    failures.append((kind, f"{type(exc).__name__}: {exc}", a))
                    continue
                failures.append((kind, "an odd action was applied", a))
                break
            if g.current_player == CHANCE_PLAYER:
                outcomes = g.chance_outcomes()
                g.apply_action(rng.choice(outcomes)[0])
            else:
                g.apply_action(rng.choice(sorted(legal)))
    return tried


def damaged_saves(scale: int, failures: list) -> tuple[int, int, int]:
    refused = loaded = 0
    saves = real_saves()
    rng = random.Random(2)
    for kind, g in _games(rng, max(1, scale // 4)):       # longer games too
        for _ in range(rng.randint(5, 60)):
            if g.is_terminal():
                break
            if g.current_player == CHANCE_PLAYER:
                g.apply_action(rng.choice(g.chance_outcomes())[0])
            else:
                g.apply_action(rng.choice(g.legal_actions()))
        saves.append((kind, "long", g.to_json()))
    cheung = pb.Game("cheung", players=4, seed=3, or_higher=True, recharge_at=12)
    cheung.call("three of a kind")
    saves.append(("bull", "cheung", cheung.to_json()))
    budget = {"bull": 300 * scale, "cheat": 40 * scale, "roulette": 100 * scale}
    for k, (kind, label, text) in enumerate(saves):
        for damaged in damages(json.loads(text), budget[kind], seed=k):
            try:
                g = load(kind, damaged)
            except ValueError:
                refused += 1
                continue
            except Exception as exc:  # noqa: BLE001
                failures.append((kind, label, f"load: {type(exc).__name__}: {exc}"))
                continue
            try:
                check_loaded(kind, g)
                loaded += 1
            except Exception as exc:  # noqa: BLE001
                failures.append((kind, label, f"loaded badly: {exc!r}", damaged[:400]))
    return refused + loaded + len(failures), refused, loaded


def engines_agree(scale: int, failures: list) -> dict[str, int]:
    from pokerbull.bull import game as game_module
    counts = {"bull steps": 0, "cheat games": 0, "cheung games": 0}
    rng = random.Random(3)
    for k in range(scale):
        preset = rng.choice(["pagat", "pagat-wild", "pagat-five", "holdem"])
        options = {"players": rng.randint(2, 7),
                   "direction": rng.choice(["clockwise", "counter-clockwise"])}
        seed = rng.randrange(1 << 30)
        py = game_module._PythonGame(preset, seed=seed, **options)
        cy = game_module._CompiledGame(preset, seed=seed, **options)
        while not py.is_over:
            a = rng.choice(list(py.legal_actions()))
            py.apply_action(a)
            cy.apply_action(a)
            counts["bull steps"] += 1
            if py.to_json() != cy.to_json():
                failures.append(("bull", preset, options, seed, "engines differ"))
                break
    from pokerbull.cheat._engine import play_games
    from pokerbull.cheat._fast import chance_draws, deals, table_for
    from pokerbull.cheat.bots import BOTS
    from pokerbull.cheat.rules import Rules
    from test_cheat_engine import python_game
    names = ("honest", "liar", "counter", "shark")
    for k in range(scale):
        letters = rng.choice(["", "A", "C", "D", "E", "G", "I", "J", "O", "OR", "ORV", "P", "R",
                              "V", "K", "L", "LV", "KV", "N", "S", "T", "AOV", "FT"])
        try:
            rules = Rules.make(rng.randint(2, 6), variations=letters,
                               stall_turns=rng.choice([200, 3, 8]))
        except ValueError:
            continue
        draw = np.random.default_rng(k)
        orders = deals(rules, 2, draw)
        chance = chance_draws(rules, 2, draw)
        seats = [rng.choice(names) for _ in range(rules.players)]
        styles = np.array([BOTS[n].style for n in seats], np.int32)
        returns, actions = play_games(table_for(rules), orders, styles, **chance)
        for i in range(len(orders)):
            ret, acts = python_game(rules, orders[i], seats,
                                    turned=chance["turned"][i] if "turned" in chance else None,
                                    uniforms=chance["uniforms"][i] if "uniforms" in chance
                                    else None)
            counts["cheat games"] += 1
            if ret != list(returns[i]) or acts != actions[i]:
                failures.append(("cheat", letters, rules.players, k, "engines differ"))
    from pokerbull.bull.simulate import _resolve_bot, compiled_table, play_game
    from pokerbull.sim.streams import chunk_keys
    from test_cheung_engine import events_of
    for k in range(max(1, scale // 10)):
        options = rng.choice([{}, {"direction": "counter-clockwise"}, {"or_higher": True},
                              {"recharge_at": 9}, {"jokers_leave_at": 12, "recharge_at": 14},
                              {"jokers": 0}])
        bots = ["cheung", "cheung-random", "cheung"][: rng.randint(3, 3)]
        rules = pb.Rules.preset("cheung", players=len(bots), **options)
        table = compiled_table(rules, bots)
        k0, k1 = chunk_keys(k, 0)
        trace = table.trace(k0, k1, 0)
        played = play_game(rules, [_resolve_bot(b) for b in bots], k0, k1, 0)
        counts["cheung games"] += 1
        if trace["events"] != events_of(played) or trace["winner"] != played.winner:
            failures.append(("cheung", options, k, "engines differ"))
    return counts


def crowded_cheung(failures: list) -> int:
    tables = [{"players": 17, "jokers": 0, "start_cards": 3},
              {"players": 10, "start_cards": 5, "recharge_at": 43},
              {"players": 13, "jokers": 1, "start_cards": 4}]
    for options in tables:
        g = pb.Game("cheung", seed=1, **options)
        if not g.legal_actions():
            failures.append(("cheung", options, "no opening"))
    return len(tables)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=30, help="games per campaign (default 30)")
    args = parser.parse_args()
    for name, run in (("odd actions", lambda f: odd_actions(args.scale, f)),
                      ("damaged saves", lambda f: damaged_saves(args.scale, f)),
                      ("engines agree", lambda f: engines_agree(args.scale, f)),
                      ("crowded cheung tables", crowded_cheung)):
        failures: list = []
        start = time.process_time()
        tried = run(failures)
        print(f"{name}: {tried} tried, {len(failures)} failures, "
              f"{time.process_time() - start:.1f} CPU s", flush=True)
        for f in failures[:20]:
            print("  ", f)


if __name__ == "__main__":
    main()
