"""The roulette modules' docstring examples run as written (docs/roulette.md and
docs/evaluator.md run through Sybil, conftest.py at the repo root)."""

from __future__ import annotations

import doctest

import pytest

import pokerbull.evaluator
import pokerbull.roulette
import pokerbull.roulette.bots
import pokerbull.roulette.game
import pokerbull.roulette.rules

@pytest.mark.parametrize("module", [pokerbull.roulette, pokerbull.roulette.game,
                                    pokerbull.roulette.rules, pokerbull.roulette.bots,
                                    pokerbull.evaluator])
def test_doctests(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
