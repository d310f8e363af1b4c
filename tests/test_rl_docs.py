"""docs/rl.md runs as written (the docstrings of pokerbull.rl run in test_doctests.py)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

DOC = Path(__file__).resolve().parents[1] / "docs" / "rl.md"


def test_rl_md_examples():
    pytest.importorskip("pyspiel", reason="open_spiel is not installed: it has wheels only "
                                          "for Linux x86-64 and macOS")
    failures, tried = doctest.testfile(str(DOC), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried > 20 and failures == 0
