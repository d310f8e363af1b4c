"""The API reference and the guide pages build with Sphinx, warnings as errors.

The build runs offline (``POKERBULL_DOCS_OFFLINE=1``, see docs/conf.py): the
intersphinx mapping to NumPy and OpenSpiel is emptied, so nothing is fetched and
external names print as plain text. Skipped, saying so, without the docs extra.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_reference_builds_without_warnings(tmp_path):
    pytest.importorskip("sphinx", reason="sphinx is not installed (extra: docs)")
    pytest.importorskip("myst_parser", reason="myst-parser is not installed (extra: docs)")
    env = os.environ | {"POKERBULL_DOCS_OFFLINE": "1"}
    done = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q",
                           "-b", "html", "-d", str(tmp_path / "doctrees"),
                           str(ROOT / "docs"), str(tmp_path / "html")],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, f"sphinx-build -W failed:\n{done.stdout}{done.stderr}"
    page = (tmp_path / "html" / "reference" / "pokerbull.html").read_text(encoding="utf-8")
    for name in ("pokerbull.Game.call", "pokerbull.Ladder.holds", "pokerbull.simulate",
                 "pokerbull.Pool"):
        assert f'id="{name}"' in page, f"{name} is missing from the reference"
