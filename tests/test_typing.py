"""The package and a typed user's script pass the type checkers, and the script runs.

* mypy ``--strict`` (settings in pyproject.toml ``[tool.mypy]``) over the whole
  package and tests/typing/ in ONE run, without an incremental cache, through
  ``mypy.api.run``;
* basedpyright in pyright's ``strict`` mode over the public modules
  (pyproject.toml ``[tool.basedpyright]`` lists them: ``pokerbull/__init__.py``,
  ``protocol.py``, the ``cheat`` and ``roulette`` packages' ``__init__`` and the
  user's script, which sees every public name as a strict user would);
* the user's script itself runs, so what the checkers accept is also true.

Both tools come with the ``typing`` extra (and the ``test`` extra); a test
skips, saying which, when its tool is not installed.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "typing" / "user_script.py"


def test_mypy_strict_on_the_package_and_the_users_script():
    api = pytest.importorskip("mypy.api", reason="mypy is not installed (extra: typing)")
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                "--cache-dir", os.devnull, "--no-error-summary",
                                str(ROOT / "src" / "pokerbull"), str(SCRIPT)])
    assert status == 0 and not out.strip(), f"mypy --strict found errors:\n{out}{err}"


def test_no_module_is_left_out_of_the_strict_check():
    # an override may only say that a third-party package has no types: no module of
    # ours may hide its errors (``ignore_errors``) or turn a strict check off
    import tomllib
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config["strict"] is True
    for override in config.get("overrides", []):
        assert set(override) <= {"module", "ignore_missing_imports"}, override
        modules = override["module"] if isinstance(override["module"], list) \
            else [override["module"]]
        assert not [m for m in modules if m.split(".")[0] == "pokerbull"], override


def _basedpyright() -> list[str] | None:
    if importlib.util.find_spec("basedpyright") is not None:
        return [sys.executable, "-m", "basedpyright"]
    exe = shutil.which("basedpyright")
    return [exe] if exe else None


def test_pyright_strict_on_the_public_modules():
    command = _basedpyright()
    if command is None:
        pytest.skip("basedpyright is not installed (extra: typing)")
    done = subprocess.run([*command, "--project", str(ROOT / "pyproject.toml")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"pyright strict found errors:\n{done.stdout}{done.stderr}"
    assert "0 errors" in done.stdout


def test_the_users_script_runs():
    spec = importlib.util.spec_from_file_location("user_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main()
