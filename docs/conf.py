"""Sphinx configuration of wgarray's documentation (pip install ".[docs]").

Build: python -m sphinx -W --keep-going -b html docs docs/_build/html
"""

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))  # document this checkout, not an installed copy
sys.path.insert(0, str(DOCS / "_ext"))
# wgpu-native (through Mesa) complains on stderr when XDG_RUNTIME_DIR is unset.
os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")

import wgarray  # noqa: E402

project = "wgarray"
author = "the wgarray developers"
copyright = "the wgarray developers"
version = release = wgarray.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
    "myst_parser",
    "wgarray_apigen",  # docs/_ext: the reference pages, from what wgarray exports
    "wgarray_pages",  # docs/_ext: benchmark plots and the conformance table
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_generated/*.md", "README.md"]
templates_path = ["_templates"]

autosummary_generate = True
autosummary_ignore_module_all = False
autodoc_default_options = {"members": False}
add_module_names = False

numpydoc_show_class_members = False  # the Array's methods are listed on its page by autosummary
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
numpydoc_validation_checks = set()  # docstrings are checked by the build's warnings (-W)

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

html_theme = "pydata_sphinx_theme"
html_title = f"wgarray {release}"
html_static_path = []
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "header_links_before_dropdown": 4,
    "secondary_sidebar_items": ["page-toc"],
}
# The top-level pages have no section to navigate: no left sidebar there (page names without
# wildcards win over "**"); the reference keeps its navigation.
html_sidebars = {"**": ["sidebar-nav-bs"], **{page.stem: [] for page in DOCS.glob("*.md")}}
html_show_sourcelink = False
