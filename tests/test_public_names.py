"""The public names (../shared/API.md) and what ``import pokerbull`` loads.

``import pokerbull`` imports no game: each public name loads the first time it is
read (PEP 562, ``pokerbull/_lazy.py``), so a program or a command pays only for what
it uses. The checks run in fresh interpreters, where no other test has loaded a wing.
"""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from typing import Any

import pokerbull as pb

# every name ../shared/API.md reads as pb.X
API_NAMES = ("__version__", "backend", "Pool", "ladder", "Game", "cheat", "roulette", "solve",
             "GameState", "Observation", "simulate", "tournament", "evaluate_many")

# the wings: none of them is needed to import the package (the call layer, numpy and
# the compiled core load with it, so the first pb.ladder costs the ladder alone)
HEAVY = ("pokerbull.bull", "pokerbull.cheat", "pokerbull.roulette", "pokerbull.sim",
         "pokerbull.rl")

LOADED = ("import json, sys\n"
          "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('pokerbull', 'numpy')))))")


def _fresh(code: str) -> Any:
    """The JSON that `code`, run in a new interpreter, prints on its last line."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def _under(modules: list[str], packages: tuple[str, ...]) -> list[str]:
    return [m for m in modules if m in packages or m.startswith(tuple(p + "." for p in packages))]


def test_import_pokerbull_loads_the_call_layer_and_no_wing():
    loaded = _fresh("import pokerbull\n" + LOADED)
    assert "pokerbull.calls.ladder" in loaded and "pokerbull.core._core" in loaded
    assert not _under(loaded, HEAVY), _under(loaded, HEAVY)


def test_reading_a_name_loads_its_home_and_no_other_wing():
    loaded = _fresh("import pokerbull as pb\npb.ladder('pagat')\n" + LOADED)
    assert "pokerbull.calls.ladder" in loaded and "numpy" in loaded
    assert not _under(loaded, ("pokerbull.bull", "pokerbull.cheat", "pokerbull.roulette"))
    loaded = _fresh("import pokerbull as pb\npb.cheat.Game(players=3, seed=1)\n" + LOADED)
    assert "pokerbull.cheat.game" in loaded
    assert not _under(loaded, ("pokerbull.roulette",))


def test_the_ladder_command_loads_no_wing():
    # the command line sets up only the subcommand it runs: `play`'s help, which lists
    # every game's bots, is not written for `pokerbull ladder`
    code = ("import contextlib, io\nfrom pokerbull.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    assert main(['ladder', 'pagat']) == 0\n"
            "    assert main(['ladder', 'cheung', '--check', 'a high card']) == 0\n" + LOADED)
    loaded = _fresh(code)
    assert "pokerbull.calls.cheung" in loaded and "pokerbull.cli.main" in loaded
    assert not _under(loaded, ("pokerbull.bull", "pokerbull.cheat", "pokerbull.roulette")), loaded


def test_every_public_name_resolves_as_before():
    assert set(API_NAMES) <= set(pb.__all__)
    # the submodules named like the functions pb.solve, pb.odds, pb.tournament, pb.ladder
    # are imported first: the package's names must stay the functions
    code = ("import json\n"
            "import pokerbull.solve.game, pokerbull.calls.odds, pokerbull.sim.tournament\n"
            "import pokerbull as pb\n"
            "listed = sorted(set(pb.__all__) - set(dir(pb)))\n"
            "kinds = {name: type(getattr(pb, name)).__name__ for name in pb.__all__}\n"
            "star = {}\n"
            "exec('from pokerbull import *', star)\n"
            "same = sorted(n for n in pb.__all__ if star[n] is getattr(pb, n))\n"
            "from sys import modules as m\n"
            "homes = [pb.solve is m['pokerbull.solve.solver'].solve,\n"
            "         pb.odds is m['pokerbull.calls.odds'].odds,\n"
            "         pb.tournament is m['pokerbull.sim.tournament'].tournament,\n"
            "         pb.ladder is m['pokerbull.calls.ladder'].ladder,\n"
            "         pb.cards is m['pokerbull.cards'], pb.core.backend.name == pb.backend()]\n"
            "print(json.dumps([listed, kinds, same, homes]))")
    listed, kinds, same, homes = _fresh(code)
    assert listed == []                     # dir(pokerbull) names every public name
    assert kinds == {name: type(getattr(pb, name)).__name__ for name in pb.__all__}
    assert same == sorted(pb.__all__)       # `from pokerbull import *` gives the same objects
    assert homes == [True] * 6
    for name in ("solve", "odds", "tournament", "ladder", "simulate"):
        assert kinds[name] == "function", (name, kinds[name])
    assert {kinds[name] for name in ("cheat", "roulette", "protocol")} == {"module"}


def test_no_name_outside_the_public_ones():
    try:
        pb.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert str(exc) == "module 'pokerbull' has no attribute 'no_such_name'"
    else:
        raise AssertionError("pb.no_such_name resolved")


def test_saved_objects_load_in_a_fresh_process_and_pass_isinstance():
    objects = [pb.Pool.parse("As Kd"), pb.ladder("pagat")[5], pb.Game("pagat", players=3, seed=1),
               pb.cheat.Game(players=3, seed=2), pb.roulette.Game(players=3, seed=3)]
    code = ("import json, pickle\n"
            f"objects = [pickle.loads(bytes.fromhex(h)) for h in {[pickle.dumps(o).hex() for o in objects]!r}]\n"
            "import pokerbull as pb\n"
            "pool, call, *games = objects\n"
            "print(json.dumps([str(pool), str(call), isinstance(pool, pb.Pool), isinstance(call, pb.Call),\n"
            "                  isinstance(games[0], pb.Game),\n"
            "                  [isinstance(g, pb.GameState) for g in games],\n"
            "                  isinstance(games[1], pb.cheat.Game), isinstance(games[2], pb.roulette.Game),\n"
            "                  [g.to_json() for g in games]]))")
    pool, call, *checks, saves = _fresh(code)
    assert (pool, call) == (str(objects[0]), str(objects[1]))
    assert checks == [True, True, True, [True, True, True], True, True]
    assert saves == [g.to_json() for g in objects[2:]]


def test_registries_list_every_wing_after_a_bare_import():
    code = ("import contextlib, io, json\n"
            "import pokerbull as pb\n"
            "from pokerbull.protocol import wing_names, wing_of\n"
            "from pokerbull.cli.main import main\n"
            "out = io.StringIO()\n"
            "with contextlib.redirect_stdout(out):\n"
            "    main(['bots'])\n"
            "print(json.dumps([list(wing_names()), wing_of('cheung')[0].name, list(pb.preset_names()),\n"
            "                  [line for line in out.getvalue().splitlines() if line.endswith('):')]]))")
    names, cheung, presets, headings = _fresh(code)
    assert names == ["bull", "cheat", "roulette"]
    assert cheung == "bull" and "cheung" in presets
    assert headings == ["Poker Bull (bull):", "Cheat (cheat):", "Poker roulette (roulette):"]
