"""The documentation site builds with warnings as errors (Sphinx, numpydoc, autosummary, MyST,
pydata-sphinx-theme: the [docs] extra, which CI installs), in under 5 minutes."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXTRA = ("sphinx", "numpydoc", "pydata_sphinx_theme", "myst_parser", "matplotlib")


@pytest.mark.slow
@pytest.mark.skipif(any(importlib.util.find_spec(m) is None for m in EXTRA),
                    reason="the [docs] extra is not installed")
def test_site_builds_without_warnings(tmp_path):
    start = time.monotonic()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                             "-d", str(tmp_path / "doctrees"), str(ROOT / "docs"), str(tmp_path / "html")],
                            capture_output=True, text=True, env=env, timeout=600)
    assert result.returncode == 0, (result.stdout + result.stderr)[-6000:]
    assert (tmp_path / "html" / "index.html").exists()
    assert time.monotonic() - start < 300
