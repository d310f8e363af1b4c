"""What an install of pokerbull carries: what runs and its metadata, never build sources.

An installed wheel's RECORD lists every file the wheel put down, so a regular install (as in
.ci/run and in cibuildwheel's test step) checks the wheel itself; an editable install has no
such list and skips those tests, saying so.
"""

from __future__ import annotations

import json
from importlib import metadata

import pytest

import pokerbull as pb

BUILD_ONLY = (".c", ".cpp", ".pyx", ".pxi", ".pxd", ".h", ".o")
INSTALLED_LIMIT = 8 * 1024 * 1024   # bytes: the target for an installed wheel


def _distribution() -> metadata.Distribution:
    return metadata.distribution("pokerbull")


def _installed() -> metadata.Distribution:
    """The installed wheel's distribution; an editable install has none to inspect (it skips)."""
    dist = _distribution()
    direct = dist.read_text("direct_url.json")
    if direct and json.loads(direct).get("dir_info", {}).get("editable"):
        pytest.skip("an editable install has no wheel to inspect, and its metadata dates "
                    "from when it was installed")
    return dist


def _installed_files() -> list[metadata.PackagePath]:
    files = _installed().files
    if not files:
        pytest.skip("this install lists no files (no RECORD)")
    return [f for f in files if f.parts and f.parts[0] == "pokerbull"]


def test_the_wheel_carries_no_build_sources():
    built = [str(f) for f in _installed_files() if str(f).endswith(BUILD_ONLY)]
    assert built == []


def test_the_installed_size_is_small():
    size = sum(f.size or 0 for f in _installed_files())
    assert size <= INSTALLED_LIMIT, f"installed wheel is {size / 2**20:.1f} MiB"


def test_metadata_names_license_version_and_links():
    meta = _installed().metadata
    assert meta["Version"] == pb.__version__
    assert meta["License-Expression"] == "MIT"
    assert "LICENSE" in (meta.get_all("License-File") or [])
    classifiers = meta.get_all("Classifier") or []
    for wanted in ("Programming Language :: Cython", "Typing :: Typed",
                   "Topic :: Games/Entertainment", "Programming Language :: Python :: 3.11"):
        assert wanted in classifiers
    urls = {u.split(",", 1)[0].strip().lower() for u in meta.get_all("Project-URL") or []}
    assert {"documentation", "source", "issues", "changelog"} <= urls


def test_the_wheel_carries_the_cheung_certain_call_table():
    names = [str(f) for f in _installed_files()]
    assert "pokerbull/calls/cheung_certain.npz" in names
