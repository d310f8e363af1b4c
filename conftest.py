"""Sybil collects the examples of README.md and docs/*.md as pytest items.

A ```python block with ``>>>`` prompts runs as a doctest (its shown results are
checked); any other ```python block runs as a script. The blocks of one page run
in order in one namespace, as a reader types them, in a temporary directory (so
examples that write files write them there). A block is left out only with
``<!-- skip: next "REASON" -->`` on the line before it; the reason is shown in
the test report.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
PAGES = ["README.md", "docs/*.md"]
NEEDS_OPENSPIEL = ["docs/rl.md"]     # the rl extra's pages: pettingzoo and open_spiel


@pytest.fixture
def in_tmp_dir(tmp_path: Path) -> Iterator[Path]:
    """Run a page's examples in a fresh directory and come back afterwards."""
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(here)


def _needs_rl_extra(namespace: dict[str, Any]) -> None:
    for module in ("pettingzoo", "pyspiel"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"docs/rl.md needs {module} (the rl extra; open_spiel has wheels only "
                        "for Linux x86-64 and macOS), not installed here")


def _sybil(patterns: list[str], excludes: list[str], **kwargs: Any) -> Sybil:
    return Sybil(parsers=[PythonCodeBlockParser(doctest_optionflags=FLAGS), SkipParser()],
                 patterns=patterns, excludes=excludes, fixtures=["in_tmp_dir"], **kwargs)


pytest_collect_file = (_sybil(PAGES, NEEDS_OPENSPIEL, name="docs")
                       + _sybil(NEEDS_OPENSPIEL, [], name="rl-docs",
                                setup=_needs_rl_extra)).pytest()
