"""The Cheat modules' docstring examples run as written (docs/cheat.md runs through Sybil)."""

import doctest
from pathlib import Path

import pytest

import pokerbull.cheat
import pokerbull.cheat.game
import pokerbull.cheat.rules

DOC = Path(__file__).resolve().parent.parent / "docs" / "cheat.md"


@pytest.mark.parametrize("module", [pokerbull.cheat, pokerbull.cheat.game, pokerbull.cheat.rules])
def test_module_doctests(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_the_docs_list_every_refused_pair_and_the_observation_size():
    from pokerbull.cheat.game import observation_size
    from pokerbull.cheat.rules import _CONTRADICTIONS, LETTER_OF, Rules
    text = DOC.read_text()
    for a, b, _ in _CONTRADICTIONS:
        assert LETTER_OF[a] in text and LETTER_OF[b] in text
    for n in (2, 4, 7):
        assert observation_size(Rules.make(n)) == 258 + 5 * n
