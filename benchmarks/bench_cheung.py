"""Cheung's Poker Bull (issues 10, 23): kernel, first-use, listing and game
throughput, each figure beside a baseline timed in the same run.

Run:  python benchmarks/bench_cheung.py                            # printed table
      python benchmarks/bench_cheung.py best [rounds]              # best_many: shapes vs search
      python benchmarks/bench_cheung.py or-higher                  # or higher: shapes vs search
      python benchmarks/bench_cheung.py holds [rounds]             # holds_many in turns, ranges
      POKERBULL_OLD_SRC=/old/src python benchmarks/bench_cheung.py listing [rounds]
                                              # import pokerbull and the listing, in turns
      POKERBULL_OLD_CORE=/path/to/old/_core....so python benchmarks/bench_cheung.py
      POKERBULL_OLD_CORE=old.so:previous.so ...     # several old builds, os.pathsep apart
      python -m pytest benchmarks/bench_cheung.py --benchmark-enable

Regimes (one core):
- holds_many: random 10- and 52-card pools from the 54-card deck (two jokers), one
  random call of the 61,501-call ladder each, on every batch path this CPU runs
  (answers checked equal across paths); timed: the kernel call on ready arrays.
  Baselines: pagat's holds_many on the same path and pools (jokers removed), and
  with POKERBULL_OLD_CORE the Cheung kernel of an older build, loaded beside this
  one (answers checked equal).
- best_many: the highest holding call of random 7- and 10-card pools (two jokers);
  `best`: read off the hand's shape against the block search (a CheungKernel with
  best_method="block search") and with POKERBULL_OLD_CORE the older builds' kernels,
  in turns, on 7-, 10- and 25-card pools and pools of 1-5 cards.
- `or-higher`: the default lineup's games under or higher with the hand shapes'
  best against the block search's (the ladder's kernel swapped in the same
  process; the same games, checked), in turns, and the base rules beside them.
- first use: fresh processes (CPU time, peak resident memory); the listing: a
  child `pokerbull ladder cheung --all` (wall time to the first line and the end).
  `listing`: `import pokerbull` in fresh processes and the listing, in turns with
  the older source trees of POKERBULL_OLD_SRC (each on PYTHONPATH, run as the
  console script runs).
- games: complete 5-player games through pb.simulate, which runs the compiled
  loop (every seat a built-in Cheung bot): the preset's default lineup, odds bots
  only, and odds bots with or-higher and with 5a + 5b. Baseline: the same games
  (same seed, identical results, checked) through the Python engine, and the
  odds-bots-only figure of the loop this one replaced (~1,500 games/s).
- legal_actions / action_mask / clone / observation on a 61,501-call game.
"""

from __future__ import annotations

import time
from contextlib import contextmanager

import numpy as np

import pokerbull as pb

PAIRS = 2_000_000
BEST_POOLS = 400_000


def random_pools(n: int, cards: int, jokers: int = 2, seed: int = 0) -> np.ndarray:
    """`n` random `cards`-card pools of the 52 cards plus `jokers` jokers, as masks."""
    rng = np.random.default_rng(seed)
    bits = np.array([16 * (c // 13) + c % 13 for c in range(52)] + [13, 29][:jokers],
                    dtype=np.uint64)
    out = np.empty(n, np.uint64)
    for start in range(0, n, 100_000):
        m = min(100_000, n - start)
        picks = np.argsort(rng.random((m, len(bits))), axis=1)[:, :cards]
        out[start:start + m] = np.bitwise_or.reduce(np.left_shift(np.uint64(1), bits[picks]),
                                                    axis=1)
    return out


def _rate(fn, count: int, repeat: int = 3) -> float:
    fn()
    best = min(_timed(fn) for _ in range(repeat))
    return count / best


def _timed(fn) -> float:
    # CPU time of this process: the machine is shared, and wall time counts the
    # other processes' turns on the core as ours
    t = time.process_time()
    fn()
    return time.process_time() - t


def _old_kernels(lad) -> list:
    """The Cheung kernels of older builds (POKERBULL_OLD_CORE: the paths of their
    _core extensions, separated by os.pathsep), loaded beside this one for a
    same-run baseline: (label, kernel factory) pairs, the factory taking a path."""
    import importlib.util
    import os
    out = []
    for n, path in enumerate(p for p in os.environ.get("POKERBULL_OLD_CORE", "").split(os.pathsep) if p):
        spec = importlib.util.spec_from_file_location("pokerbull.core._core", path)
        old = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(old)
        out.append(("old cheung code" if n == 0 else f"old build {n + 1}",
                    lambda path, old=old: _old_on_path(old, lad, path)))
    return out


def _old_on_path(old, lad, path: str):
    """An old build's kernel on `path` (builds without a Cheung vector path take no
    path: their one loop)."""
    try:
        return old.CheungKernel(lad.tables, simd=path)
    except TypeError:
        return old.CheungKernel(lad.tables)


def _holds_inputs(lad, pagat, cards: int) -> tuple[np.ndarray, ...]:
    """PAIRS random `cards`-card pools with a random Cheung call each, and the same
    pools without jokers with a random pagat call each (pagat's baseline)."""
    masks = random_pools(PAIRS, cards)
    calls = np.random.default_rng(1).integers(0, len(lad), PAIRS).astype(np.int32)
    natural = masks & np.uint64(0x1FFF1FFF1FFF1FFF)
    pcalls = np.random.default_rng(1).integers(0, len(pagat), PAIRS).astype(np.int32)
    return masks, calls, natural, pcalls


def holds_figures() -> list[tuple[str, str, str]]:
    """holds_many on every batch path this CPU runs, 10- and 52-card pools, against
    pagat's kernel on the same path and (POKERBULL_OLD_CORE) the old Cheung code."""
    from pokerbull.core import _core
    lad, pagat = pb.ladder("cheung"), pb.ladder("pagat")
    olds = _old_kernels(lad)
    out = []
    for cards in (10, 52):
        masks, calls, natural, pcalls = _holds_inputs(lad, pagat, cards)
        want = None
        for path in _core.simd_paths():
            kernel = _core.CheungKernel(lad.tables, simd=path)
            got = kernel.holds_many(masks, calls)
            if want is not None and not np.array_equal(got, want):
                raise RuntimeError(f"holds_many {path}: answers differ from the other paths")
            want = got
            pk = _core.Kernel(pagat.tables, simd=path)
            rate = _rate(lambda: kernel.holds_many(masks, calls), PAIRS)
            base = _rate(lambda: pk.holds_many(natural, pcalls), PAIRS)
            note = f"pagat {path} {base / 1e6:.0f} M/s: ratio {rate / base:.2f}"
            for label, make in olds:
                old = make(path)
                if not np.array_equal(old.holds_many(masks, calls), want):
                    raise RuntimeError(f"{label} answers differently")
                was = _rate(lambda: old.holds_many(masks, calls), PAIRS)
                note += f"; {label} {was / 1e6:.0f} M/s: {rate / was:.2f}x"
            out.append((f"holds_many cheung, {path} ({cards} cards, 2 jokers)",
                        f"{rate / 1e6:.0f} M checks/s", note))
    return out


def holds_round_figures(rounds: int = 5) -> list[tuple[str, str, str]]:
    """holds_many on every batch path, 10- and 52-card pools, timed in turns with
    pagat's kernel on the same path and (POKERBULL_OLD_CORE) the older builds' Cheung
    kernels, `rounds` rounds: the range of each over the rounds (answers checked
    equal). The A/B of a change: the old build loaded beside the new one."""
    from pokerbull.core import _core
    lad, pagat = pb.ladder("cheung"), pb.ladder("pagat")
    olds = _old_kernels(lad)
    out = []
    for cards in (10, 52):
        masks, calls, natural, pcalls = _holds_inputs(lad, pagat, cards)
        want = _core.CheungKernel(lad.tables, simd="scalar").holds_many(masks, calls)
        for path in _core.simd_paths():
            runs = [("new", _core.CheungKernel(lad.tables, simd=path))]
            runs += [(label, make(path)) for label, make in olds]
            for label, kernel in runs:
                if not np.array_equal(kernel.holds_many(masks, calls), want):
                    raise RuntimeError(f"holds_many {path} ({label}): answers differ from the scalar loop")
            pk = _core.Kernel(pagat.tables, simd=path)
            timed = {label: [] for label, _ in runs}
            timed["pagat"] = []
            for _ in range(rounds):
                for label, kernel in runs:
                    timed[label].append(PAIRS / _timed(lambda: kernel.holds_many(masks, calls)) / 1e6)
                timed["pagat"].append(PAIRS / _timed(lambda: pk.holds_many(natural, pcalls)) / 1e6)
            span = {k: f"{min(v):.0f}-{max(v):.0f}" for k, v in timed.items()}
            note = "; ".join(f"{k} {v}" for k, v in span.items() if k != "new")
            out.append((f"holds_many cheung, {path} ({cards} cards)", f"{span['new']} M checks/s",
                        note + " (same run, in turns)"))
    return out


def first_use_figures() -> list[tuple[str, str, str]]:
    """A fresh process each: CPU time of the first pb.simulate("cheung", games=2000)
    and of the first pb.ladder("cheung", jokers=2), the process's peak resident
    memory; the same calls warm in that process as the baseline."""
    import json
    import subprocess
    import sys
    child = (
        "import json, resource, time\n"
        "import pokerbull as pb\n"
        "t = time.process_time(); pb.ladder('cheung', jokers=2); lad = time.process_time() - t\n"
        "t = time.process_time(); pb.simulate('cheung', games=2000, seed=1)\n"
        "first = time.process_time() - t\n"
        "t = time.process_time(); pb.simulate('cheung', games=2000, seed=1)\n"
        "warm = time.process_time() - t\n"
        "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "try:   # ru_maxrss keeps the forking parent's mark across exec: VmHWM does not\n"
        "    peak = int(next(l for l in open('/proc/self/status') if l.startswith('VmHWM')).split()[1])\n"
        "except OSError:\n"
        "    pass\n"
        "print(json.dumps([lad, first, warm, peak]))\n")
    runs = [json.loads(subprocess.run([sys.executable, "-c", child], capture_output=True, text=True,
                                      check=True).stdout) for _ in range(3)]
    lad, first, warm, rss = (sorted(r[i] for r in runs) for i in range(4))
    return [("first pb.ladder('cheung', jokers=2), fresh process", f"{lad[0]:.3f}-{lad[-1]:.3f} s CPU",
             "target 0.1 s"),
            ("first pb.simulate('cheung', games=2000), fresh process",
             f"{first[0]:.3f}-{first[-1]:.3f} s CPU",
             f"the same call warm {warm[0]:.3f}-{warm[-1]:.3f} s; target 0.3 s"),
            ("peak resident memory of that process (import included)",
             f"{rss[0] / 1024:.0f}-{rss[-1] / 1024:.0f} MiB", "target 80 MiB")]


def _listing_run(command: list[str], env: dict[str, str] | None = None
                 ) -> tuple[float, float, int, float]:
    """`command` (a `pokerbull ladder cheung --all`) in a child, its output a pipe: wall
    time to its first call line (the third line) and to its end, its lines, its CPU time."""
    import resource
    import subprocess
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, env=env)
    for _ in range(3):
        proc.stdout.readline()
    first = time.perf_counter() - t
    lines = 3 + sum(1 for _ in proc.stdout)
    proc.wait()
    whole = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return first, whole, lines, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def listing_figures() -> list[tuple[str, str, str]]:
    """`pokerbull ladder cheung --all` in a child: wall time to its first call line
    and to its end, and the child's CPU time; `| head` (the pipe closed early)."""
    import shutil
    import subprocess
    exe = shutil.which("pokerbull")
    if exe is None:
        return []
    first, whole, lines, cpu = _listing_run([exe, "ladder", "cheung", "--all"])
    t = time.perf_counter()
    head = subprocess.run(f"{exe} ladder cheung --all | head -3", shell=True, capture_output=True)
    closed = time.perf_counter() - t
    return [("`pokerbull ladder cheung --all`", f"first call line {first:.2f} s, all {lines:,} "
             f"lines {whole:.2f} s wall", f"{cpu:.2f} s CPU; targets 0.5 s / 3 s"),
            ("`pokerbull ladder cheung --all | head -3`", f"{closed:.2f} s wall",
             f"stderr {len(head.stderr)} bytes")]


CONSOLE_SCRIPT = "import sys; from pokerbull.cli import main; sys.exit(main())"
"""What the `pokerbull` console script runs."""


def listing_round_figures(rounds: int = 5) -> list[tuple[str, str, str]]:
    """`import pokerbull` in a fresh process (its CPU and wall time, interpreter start
    excluded) and the listing `pokerbull ladder cheung --all` (wall time to the first
    call line and to the end, the child's CPU time), `rounds` rounds in turns for this
    source tree and (POKERBULL_OLD_SRC: older `src` trees, os.pathsep apart) the older
    ones, each run as the console script runs with its tree on PYTHONPATH. The order
    turns each round; the load average is read before and after."""
    import json
    import os
    import pathlib
    import subprocess
    import sys
    trees = [("new", str(pathlib.Path(pb.__file__).parent.parent))]
    trees += [("old" if n == 0 else f"old {n + 1}", path) for n, path in
              enumerate(p for p in os.environ.get("POKERBULL_OLD_SRC", "").split(os.pathsep) if p)]
    importing = ("import json, time\nc, w = time.process_time(), time.perf_counter()\n"
                 "import pokerbull\n"
                 "print(json.dumps([time.process_time() - c, time.perf_counter() - w]))")
    runs: dict[str, list[tuple[float, ...]]] = {label: [] for label, _ in trees}
    load = [pathlib.Path("/proc/loadavg").read_text().split()[0]]
    for r in range(rounds):
        for label, tree in trees if r % 2 == 0 else trees[::-1]:
            env = dict(os.environ, PYTHONPATH=tree)
            cpu, wall = json.loads(subprocess.run([sys.executable, "-c", importing], env=env,
                                                  capture_output=True, text=True, check=True).stdout)
            first, whole, lines, child_cpu = _listing_run(
                [sys.executable, "-c", CONSOLE_SCRIPT, "ladder", "cheung", "--all"], env)
            if lines != 61_503:
                raise RuntimeError(f"{label}: the listing wrote {lines} lines, not 61,503")
            runs[label].append((cpu, wall, first, whole, child_cpu))
    load.append(pathlib.Path("/proc/loadavg").read_text().split()[0])
    out = []
    for label, tree in trees:
        lo = [min(col) for col in zip(*runs[label])]
        hi = [max(col) for col in zip(*runs[label])]
        out.append((f"import pokerbull ({label}: {tree})",
                    f"{lo[0] * 1e3:.0f}-{hi[0] * 1e3:.0f} ms CPU",
                    f"{lo[1] * 1e3:.0f}-{hi[1] * 1e3:.0f} ms wall"))
        out.append((f"`pokerbull ladder cheung --all` ({label})",
                    f"first line {lo[2]:.3f}-{hi[2]:.3f} s",
                    f"all {lo[3]:.2f}-{hi[3]:.2f} s wall, {lo[4]:.2f}-{hi[4]:.2f} s CPU"))
    out.append(("rounds, in turns", str(rounds), f"load average {load[0]} before, {load[1]} after"))
    return out


def figures() -> list[tuple[str, str, str]]:
    lad = pb.ladder("cheung")
    pagat = pb.ladder("pagat")
    out = holds_figures()
    for cards in (7, 10):
        masks = random_pools(BEST_POOLS, cards)
        natural = masks & np.uint64(0x1FFF1FFF1FFF1FFF)
        best = _rate(lambda: lad.best_many(masks), BEST_POOLS)
        pbest = _rate(lambda: pagat.best_many(natural), BEST_POOLS)
        out.append((f"best_many cheung ({cards} cards)", f"{best / 1e6:.2f} M pools/s",
                    f"pagat {pbest / 1e6:.2f} M/s: ratio {best / pbest:.2f}"))
    out += first_use_figures()
    out += listing_figures()
    out += game_figures()
    g = pb.Game("cheung", players=5, seed=3)
    for name, fn in (("legal_actions (opening, 61,489 actions)", g.legal_actions),
                     ("action_mask (opening)", g.action_mask),
                     ("clone", g.clone),
                     ("observation", lambda: g.observation(2)),
                     ("observation_array", lambda: g.observation_array(2))):
        us = 1e6 / _rate(fn, 1, repeat=50)
        out.append((name, f"{us:.1f} us", "list(range(61501)) "
                    f"{1e6 / _rate(lambda: list(range(61501)), 1, repeat=50):.1f} us"))
    return out


LINEUPS = (
    ("default lineup (odds x3 + random x2)", None, {}, 20_000),
    ("default lineup, or higher (variation 4)", None, {"or_higher": True}, 5_000),
    ("odds bots x5", "cheung", {}, 10_000),
    ("odds bots x5, or higher (variation 4)", "cheung", {"or_higher": True}, 3_000),
    ("odds bots x5, 5a at 15 + 5b at 10", "cheung", {"jokers_leave_at": 15, "recharge_at": 10},
     10_000),
)
"""Games timed: name, bots (None: the preset's default lineup), options, games."""

OLD_ODDS_X5 = 1_500
"""The odds-bots-only figure before this loop (docs/performance.md: 1,450-1,530 games/s)."""


def game_figures() -> list[tuple[str, str, str]]:
    """Complete 5-player games through ``pb.simulate`` (the compiled loop: every
    seat holds a built-in Cheung bot) against the Python engine playing the same
    games (the same seed: identical results, checked here) in the same run."""
    out = []
    for name, bots, options, games in LINEUPS:
        def run(engine: str, n: int):
            return pb.simulate("cheung", bots=bots, players=5, games=n, seed=1, engine=engine,
                               **options)
        run("compiled", 10)              # builds the ladder and the opening tables once
        fast = _rate(lambda: run("compiled", games), games, repeat=2)
        slow_games = 20
        t = time.process_time()
        python = run("python", slow_games)
        per_game = (time.process_time() - t) / slow_games
        if python != run("compiled", slow_games):
            raise RuntimeError(f"{name}: the engines disagree")
        extra = f"; {fast / OLD_ODDS_X5:.1f}x the old loop's ~1,500" if bots and not options \
            else ""
        out.append((f"5-player games, {name}", f"{fast:,.0f} games/s",
                    f"python engine {1 / per_game:,.0f} games/s: ratio {fast * per_game:,.0f}"
                    + extra))
    return out


# ---- best from the hand's shape and or higher (issue 23, items 2 and 6) ---------

@contextmanager
def block_search(lad):
    """The ladder's compiled kernel swapped for one that finds best calls by the block
    search only (the path before the hand shapes): a baseline in the same process."""
    from pokerbull.core import _core
    kept = lad._kernel
    lad._kernel = _core.CheungKernel(lad.tables, best_method="block search")
    try:
        yield
    finally:
        lad._kernel = kept


def best_shape_figures(rounds: int = 3) -> list[tuple[str, str, str]]:
    """best_many from the hand's shape against the block search and (POKERBULL_OLD_CORE)
    the older builds' kernels, in turns, on random 7-, 10- and 25-card pools (two
    jokers) and on pools of 1-5 cards (the hand is the whole pool); answers checked
    equal. Ranges over rounds, and each old build's ratio of the medians."""
    from pokerbull.core import _core
    lad = pb.ladder("cheung")
    runs = [("new", _core.CheungKernel(lad.tables)),
            ("block search", _core.CheungKernel(lad.tables, best_method="block search"))]
    runs += [(label, make("scalar")) for label, make in _old_kernels(lad)]
    out = []
    for cards in (7, 10, 25, "1-5"):
        if cards == "1-5":
            masks = np.concatenate([random_pools(BEST_POOLS // 5, k, seed=k) for k in range(1, 6)])
        else:
            masks = random_pools(BEST_POOLS, cards)
        want = runs[1][1].best_many(masks)
        for label, kernel in runs:
            if not np.array_equal(kernel.best_many(masks), want):
                raise RuntimeError(f"{cards} cards: {label} and the block search disagree")
        timed = {label: [] for label, _ in runs}
        for _ in range(rounds):
            for label, kernel in runs:
                timed[label].append(len(masks) / _timed(lambda: kernel.best_many(masks)) / 1e6)
        new = timed.pop("new")
        note = "; ".join(f"{k} {min(v):.1f}-{max(v):.1f}"
                         + (f" ({np.median(new) / np.median(v):.2f}x)" if k != "block search" else "")
                         for k, v in timed.items())
        out.append((f"best_many cheung, hand shapes ({cards} cards)",
                    f"{min(new):.1f}-{max(new):.1f} M pools/s", note + " M/s (same run, in turns)"))
    return out


def or_higher_figures(rounds: int = 3, games: int = 5_000) -> list[tuple[str, str, str]]:
    """5-player games of the default lineup under or higher, the hand shapes' best
    against the block search's (the same games: results checked equal), in turns;
    and the base rules beside them."""
    lad = pb.ladder("cheung")

    def run(n: int, **options):
        return pb.simulate("cheung", players=5, games=n, seed=1, engine="compiled", **options)

    with block_search(lad):
        slow_result = run(400, or_higher=True)
    if run(400, or_higher=True) != slow_result:
        raise RuntimeError("or higher: hand shapes and block search play different games")
    fast, slow, base = [], [], []
    for _ in range(rounds):
        fast.append(games / _timed(lambda: run(games, or_higher=True)))
        with block_search(lad):
            slow.append(games / _timed(lambda: run(games, or_higher=True)))
        base.append(2 * games / _timed(lambda: run(2 * games)))
    return [("5-player games, default lineup, or higher", f"{min(fast):,.0f}-{max(fast):,.0f} games/s",
             f"block search's best {min(slow):,.0f}-{max(slow):,.0f}; base rules "
             f"{min(base):,.0f}-{max(base):,.0f} (same run; target 8,000)")]


def test_games_cheung(benchmark):
    benchmark(pb.simulate, "cheung", bots="cheung", players=5, games=2000, seed=1)


# ---- pytest-benchmark entry points ------------------------------------------

def test_holds_many_cheung(benchmark):
    lad = pb.ladder("cheung")
    masks = random_pools(PAIRS, 10)
    calls = np.random.default_rng(1).integers(0, len(lad), PAIRS).astype(np.int32)
    benchmark(lad.holds_many, masks, calls)


def test_best_many_cheung(benchmark):
    lad = pb.ladder("cheung")
    benchmark(lad.best_many, random_pools(BEST_POOLS, 10))


if __name__ == "__main__":
    import os
    import platform
    print(f"pokerbull {pb.__version__}, backend {pb.backend()}, "
          f"POKERBULL_NO_SIMD={os.environ.get('POKERBULL_NO_SIMD', '')!r}, {platform.processor()}")
    import sys
    # python benchmarks/bench_cheung.py [best | or-higher]: one part alone
    part = {"best": best_shape_figures, "or-higher": or_higher_figures,
            "holds": holds_round_figures, "listing": listing_round_figures}.get(sys.argv[1] if len(sys.argv) > 1 else "", figures)
    if not all(a.isdigit() and int(a) > 0 for a in sys.argv[2:3]):
        sys.exit(f"bench_cheung.py: rounds must be a whole number above 0, not {sys.argv[2]!r}")
    args = [int(a) for a in sys.argv[2:3]]
    for name, figure, ratio in part(*args):
        print(f"{name:45s} {figure:>20s}  {ratio}")
