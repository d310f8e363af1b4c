"""OpenSpiel playthroughs of every registered pokerbull game, kept and compared as
OpenSpiel keeps its own (``tests/playthroughs``): each game, replayed from the
actions recorded in its file, must print exactly the same lines (types, facts,
observations of every kind, information states, legal actions, returns).

After an intended change, regenerate them with ``python tests/test_rl_playthroughs.py``
and read the difference before committing it.
"""

from __future__ import annotations

import pathlib
import sys

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed: it has wheels only for Linux x86-64 and "
                      "macOS (the rl extra skips it elsewhere)")

from absl import flags
from open_spiel.python.algorithms import generate_playthrough

from pokerbull.rl import openspiel as pb_openspiel

FOLDER = pathlib.Path(__file__).parent / "playthroughs"
# tiny configurations: the files stay short and the replays cheap
GAMES = {
    "python_pokerbull": "python_pokerbull(calls=4,card_limit=1,deal=rank,players=2,"
                        "start_cards=1)",
    "python_pokerbull_cheat": "python_pokerbull_cheat(players=2)",
    "python_pokerbull_roulette": "python_pokerbull_roulette(max_raises=1,players=3)",
    "python_pokerbull_hand": "python_pokerbull_hand(calls=4)",
}


def _flags() -> None:
    if not flags.FLAGS.is_parsed():      # OpenSpiel reads an absl flag while replaying
        flags.FLAGS.mark_as_parsed()


def test_every_registered_game_has_a_playthrough():
    assert set(GAMES) == set(pb_openspiel.game_names())
    assert {p.stem for p in FOLDER.glob("*.txt")} == set(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_playthrough_replays_exactly(name):
    _flags()
    original, again = generate_playthrough.replay(str(FOLDER / f"{name}.txt"))
    assert again == original


def regenerate(seed: int = 1) -> None:
    """Write every playthrough again (random actions from `seed`)."""
    _flags()
    FOLDER.mkdir(exist_ok=True)
    for name, game_string in GAMES.items():
        text = generate_playthrough.playthrough(game_string, None, seed=seed)
        (FOLDER / f"{name}.txt").write_text(text, encoding="utf-8")
        print(f"{name}: {len(text.splitlines())} lines")


if __name__ == "__main__":
    regenerate(*(int(a) for a in sys.argv[1:]))
