"""The docs' examples are collected by Sybil (conftest.py at the repo root).

These checks keep the collection honest: the pages that carry examples still
give Sybil many of them (a broken pattern or fence would silently test nothing),
and a block is left out only with a reason.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from sybil import Document
from sybil.parsers.markdown import PythonCodeBlockParser

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# the examples (one per ``>>>`` prompt, one per block without prompts) each page
# had when Sybil took over from the hand-written runner: none may go missing
EXAMPLES = {"README.md": 23, "bots.md": 1, "cheat.md": 16, "cheung.md": 45, "evaluator.md": 18,
            "game.md": 10, "odds.md": 1, "rl.md": 46, "roulette.md": 25, "simulate.md": 2,
            "solve.md": 2}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_sybil_finds_the_examples_of(name):
    path = ROOT / name if name == "README.md" else ROOT / "docs" / name
    text = path.read_text(encoding="utf-8")
    examples = list(Document.parse(str(path), PythonCodeBlockParser()).examples())
    assert len(examples) >= EXAMPLES[name]
    # every prompt of the page is inside a block Sybil runs
    assert sum(isinstance(e.parsed, doctest.Example) for e in examples) == text.count(">>> ")


def test_every_left_out_block_says_why():
    skips = [m for path in FILES
             for m in re.finditer(r"<!--\s*skip:\s*(\w+)(.*?)-->", path.read_text())]
    assert skips, "the Dask example is left out, with a reason"
    for m in skips:
        assert m.group(1) == "next" and re.fullmatch(r'\s*"[^"]{10,}"\s*', m.group(2)), m.group(0)
    for path in FILES:
        assert "not run:" not in path.read_text(), f"{path.name}: the old marker is gone"
