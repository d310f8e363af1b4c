"""Every ```python example of README.md and docs/*.md runs as written.

A block with ``>>>`` prompts runs as a doctest (its shown results are checked);
any other block runs as a script. A block may be left out only when the line
before it says why, as ``<!-- not run: REASON -->``.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"(?:<!--\s*not run:(?P<reason>[^>]*)-->\s*\n)?```python[^\n]*\n(?P<code>.*?)```",
                   re.S)


def _blocks() -> list:
    out = []
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        blocks = []
        for m in BLOCK.finditer(text):
            line = text.count("\n", 0, m.start("code")) + 1
            blocks.append((line, m.group("code"), m.group("reason")))
        if blocks:
            out.append(pytest.param(path, blocks, id=path.name))
    return out


PAGES = _blocks()


def test_the_docs_have_examples():
    assert sum(len(blocks) for page in PAGES for blocks in page.values[1:]) >= 7
    assert {"README.md", "game.md", "odds.md", "simulate.md"} <= {p.id for p in PAGES}


@pytest.mark.parametrize("path, blocks", PAGES)
def test_examples_run(path, blocks, tmp_path, monkeypatch):
    """The blocks of one page run in order in one namespace, as a reader types them."""
    monkeypatch.chdir(tmp_path)          # examples that write files write them here
    namespace: dict = {"__name__": "__docs__"}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    left_out = []
    for line, code, reason in blocks:
        where = f"{path.name}:{line}"
        if reason is not None:
            assert reason.strip(), f"{where}: a block left out must say why"
            left_out.append(where)
            continue
        if ">>>" in code:
            test = doctest.DocTestParser().get_doctest(code, namespace, where, str(path),
                                                       line - 1)
            before = runner.failures
            runner.run(test, clear_globs=False)
            namespace.update(test.globs)     # the next block sees what this one made
            assert runner.failures == before, f"{where}: see the doctest report above"
        else:
            exec(compile(code, where, "exec"), namespace)
    assert len(left_out) < len(blocks), f"{path.name}: every example is left out"
