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
        for k, m in enumerate(BLOCK.finditer(text)):
            line = text.count("\n", 0, m.start("code")) + 1
            out.append(pytest.param(path, line, m.group("code"), m.group("reason"),
                                    id=f"{path.name}:{line}"))
    return out


BLOCKS = _blocks()


def test_the_docs_have_examples():
    assert len(BLOCKS) >= 7


@pytest.mark.parametrize("path, line, code, reason", BLOCKS)
def test_example_runs(path, line, code, reason, tmp_path, monkeypatch):
    if reason is not None:
        assert reason.strip(), f"{path.name}:{line}: a block left out must say why"
        pytest.skip(f"not run: {reason.strip()}")
    monkeypatch.chdir(tmp_path)          # examples that write files write them here
    if ">>>" in code:
        test = doctest.DocTestParser().get_doctest(code, {}, f"{path.name}:{line}",
                                                   str(path), line - 1)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test)
        assert runner.failures == 0, f"{path.name}:{line}: see the doctest report above"
    else:
        exec(compile(code, f"{path.name}:{line}", "exec"), {"__name__": "__docs__"})
