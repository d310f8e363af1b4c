"""The examples in the game modules' docstrings run as written."""

from __future__ import annotations

import doctest

import pytest

import pokerbull.game
import pokerbull.rules


@pytest.mark.parametrize("module", [pokerbull.game, pokerbull.rules])
def test_doctests(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
