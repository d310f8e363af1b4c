"""The examples of docs/cheung.md run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "cheung.md"


def test_cheung_doc_examples():
    failures, attempted = doctest.testfile(str(DOC), module_relative=False,
                                           optionflags=doctest.ELLIPSIS)
    assert attempted >= 20 and failures == 0
