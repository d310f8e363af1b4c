"""The examples in docs/roulette.md and in the roulette modules' docstrings run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import pokerbull.evaluator
import pokerbull.roulette
import pokerbull.roulette.bots
import pokerbull.roulette.game
import pokerbull.roulette.rules

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.mark.parametrize("page", ["roulette.md", "evaluator.md"])
def test_doc_examples(page):
    failures, tried = doctest.testfile(str(DOCS / page), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


@pytest.mark.parametrize("module", [pokerbull.roulette, pokerbull.roulette.game,
                                    pokerbull.roulette.rules, pokerbull.roulette.bots,
                                    pokerbull.evaluator])
def test_doctests(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
