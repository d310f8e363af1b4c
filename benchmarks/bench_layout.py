"""One workload of the layout's speed check, on whichever pokerbull PYTHONPATH gives.

``PYTHONPATH=TREE/src python benchmarks/bench_layout.py WORKLOAD`` prints the workload
and its rate per CPU-second: ``play`` (pb.Game random play, pagat, 4 players:
actions/s), ``clone`` (clones/s), ``sim_pagat`` (pb.simulate pagat, 6 players:
games/s), ``sim_cheung`` (cheung, 5 players: games/s), ``sim_cheat`` (Cheat, 4 players:
games/s), ``sim_roulette`` (Poker roulette, 5 players: games/s), ``vector`` (VectorGame.step,
1024 pagat games: steps/s). Run it alternately on two trees (one process each) to
compare them in the same run (docs/performance.md, "Poker Bull's engine leaves core").
"""
import random
import sys
import time

import numpy as np

import pokerbull as pb


def cpu(fn):
    t = time.process_time(); n = fn(); return n / (time.process_time() - t)

def play(n=100_000):
    choose = random.Random(0).random
    game = pb.Game("pagat", players=4, seed=0); games = 1
    for _ in range(n):
        if game.is_terminal():
            games += 1; game = pb.Game("pagat", players=4, seed=games)
        legal = game.legal_actions()
        game.apply_action(legal[int(choose() * len(legal))])
    return n

def clone(n=300_000):
    game = pb.Game("pagat", players=4, seed=3)
    for _ in range(6):
        game.apply_action(game.legal_actions()[0])
    c = game.clone
    for _ in range(n):
        c()
    return n

def sim_pagat(n=40_000):
    pb.simulate("pagat", players=6, games=n, seed=1, workers=1); return n

def sim_cheung(n=8_000):
    pb.simulate("cheung", players=5, games=n, seed=1, workers=1); return n

def sim_cheat(n=100_000):
    pb.simulate("cheat", players=4, games=n, seed=1, workers=1); return n

def sim_roulette(n=200_000):
    pb.simulate("roulette", players=5, games=n, seed=1, workers=1); return n

def vector(rounds=300, games=1024):
    vec = pb.VectorGame("pagat", num_games=games, players=4, seed=0)
    rng = np.random.default_rng(0)
    t = 0.0
    for _ in range(rounds):
        a = vec.random_actions(rng); s = time.process_time(); vec.step(a); t += time.process_time() - s
    return games * rounds / t

W = {"play": play, "clone": clone, "sim_pagat": sim_pagat, "sim_cheung": sim_cheung,
     "sim_cheat": sim_cheat, "sim_roulette": sim_roulette}
name = sys.argv[1]
if name == "vector":
    print(name, vector())
else:
    W[name](1000 if name != "sim_cheung" else 50)  # warm-up (tables)
    print(name, cpu(W[name]))
