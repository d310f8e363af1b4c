"""Sphinx configuration: the API reference from the docstrings, and the markdown pages.

Build: ``pip install 'pokerbull[docs]'`` then ``sphinx-build -W docs docs/_build``.

Intersphinx links to NumPy and OpenSpiel need their ``objects.inv`` from the web.
With ``POKERBULL_DOCS_OFFLINE=1`` (as the test suite builds, where there is no
network) the mapping is empty: nothing is fetched, and names of those projects
are printed as plain literals instead of links (we do not run in nitpicky mode,
so an unresolved external name is not a warning).
"""

from __future__ import annotations

import os

import pokerbull

project = "pokerbull"
author = "the pokerbull authors"
copyright = "2026, the pokerbull authors"
release = version = pokerbull.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "myst_parser",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = True

myst_heading_anchors = 3



intersphinx_mapping: dict[str, tuple[str, str | None]] = {
    "python": ("https://docs.python.org/3", None),
    "numpy": ("https://numpy.org/doc/stable/", None),
    "open_spiel": ("https://openspiel.readthedocs.io/en/latest/", None),
}
if os.environ.get("POKERBULL_DOCS_OFFLINE"):
    intersphinx_mapping = {}

html_theme = "alabaster"
html_title = f"pokerbull {release}"
