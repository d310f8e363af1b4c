"""What an install of pokerbull carries: what runs and its metadata, never build sources.

An installed wheel's RECORD lists every file the wheel put down, so a regular install (as in
.ci/run and in cibuildwheel's test step) checks the wheel itself; an editable install has no
such list and skips those tests, saying so.
"""

from __future__ import annotations

import json
import re
from importlib import metadata
from pathlib import Path

import pytest

import pokerbull as pb

ROOT = Path(__file__).resolve().parent.parent
REPOSITORY_FILES = "https://github.com/pokerbull/pokerbull/blob/main/"
BUILD_ONLY = (".c", ".cpp", ".pyx", ".pxi", ".pxd", ".h", ".o")
INSTALLED_LIMIT = 8 * 1024 * 1024   # bytes: the target for an installed wheel


def _distribution() -> metadata.Distribution:
    return metadata.distribution("pokerbull")


def _installed() -> metadata.Distribution:
    """The installed wheel's distribution. An editable install, or a source tree's egg-info
    found first on the path, has no wheel to inspect and metadata of its own age: it skips."""
    dist = _distribution()
    direct = dist.read_text("direct_url.json")
    if direct and json.loads(direct).get("dir_info", {}).get("editable"):
        pytest.skip("an editable install has no wheel to inspect, and its metadata dates "
                    "from when it was installed")
    if dist.read_text("RECORD") is None:
        pytest.skip("pokerbull's metadata here is not an installed wheel's (no RECORD)")
    return dist


def _installed_files() -> list[metadata.PackagePath]:
    files = _installed().files or []
    return [f for f in files if f.parts and f.parts[0] == "pokerbull"]


def test_the_wheel_carries_no_build_sources():
    built = [str(f) for f in _installed_files() if str(f).endswith(BUILD_ONLY)]
    assert built == []


def test_the_wheel_carries_compiled_modules_with_their_stubs():
    files = {str(f) for f in _installed_files()}
    extensions = sorted(f for f in files if f.endswith((".so", ".pyd")))
    assert len(extensions) >= 5, f"compiled modules in the wheel: {extensions}"
    for ext in extensions:
        stub = ext.split(".", 1)[0] + ".pyi"
        assert stub in files, f"{ext} has no type stub"
    assert "pokerbull/py.typed" in files


def test_every_compiled_module_has_a_stub_in_the_source_tree():
    """Each .pyx builds one extension; a user's type checker sees it only through its .pyi."""
    package = ROOT / "src" / "pokerbull"
    missing = [str(p.relative_to(package)) for p in sorted(package.rglob("*.pyx"))
               if not p.with_suffix(".pyi").exists()]
    assert missing == []


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


def test_the_package_page_links_work_off_the_repository():
    """The package index shows README.md without the repository: no link may be relative."""
    meta = _installed().metadata
    description = meta["Description"] or meta.get_payload()   # type: ignore[attr-defined]
    assert "pokerbull" in description
    relative = re.findall(r"\]\((?![a-z][a-z0-9+.-]*:|#)[^)\s]+\)", description)
    assert relative == []


def test_readme_links_are_absolute_and_name_files_of_the_repository():
    """README.md is the package page: each link is absolute, and each into this repository
    names a file that exists here (so the page's links stay alive as files move)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)\)", readme)
    assert targets
    relative = [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:|#", t)]
    assert relative == []
    for target in targets:
        if target.startswith(REPOSITORY_FILES):
            path = target[len(REPOSITORY_FILES):].split("#", 1)[0]
            assert (ROOT / path).exists(), f"README links to {path}, which is not in the repository"

