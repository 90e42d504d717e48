"""Registration without user action: Dask loads wgarray's entry points (pyproject.toml) once
wgarray is installed. Here a throwaway distribution carrying the same entry points goes on the
path of a fresh interpreter, since the tests run from a source checkout."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("dask.array")
tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def entry_points_path(tmp_path_factory) -> Path:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    assert set(declared) == {"dask.sizeof", "dask.array.backends"}
    site = tmp_path_factory.mktemp("site")
    info = site / "wgarray_entry_points-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: wgarray-entry-points\nVersion: 0\n")
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{name} = {value}\n" for name, value in points.items()) + "\n"
        for group, points in declared.items()))
    return site


def run(code: str, path: Path | None) -> str:
    env_path = [str(ROOT)] + ([str(path)] if path else [])
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                            timeout=120, env={**os.environ, "PYTHONPATH": os.pathsep.join(env_path)})
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


@pytest.mark.parametrize("wgarray_first", [False, True])
def test_first_meeting_registers(entry_points_path, wgarray_first):
    out = run(("        import wgarray\n" if wgarray_first else "") + """
        import sys
        import numpy as np
        import dask.array as da
        import wgarray
        assert "wgarray.dask" not in sys.modules
        x = da.from_array(wgarray.asarray(np.arange(16.0)), chunks=4, asarray=False)
        assert "wgarray.dask" in sys.modules  # tokenizing the array registered wgarray
        from dask.array.chunk_types import is_valid_chunk_type
        assert is_valid_chunk_type(wgarray.Array)
        p = da.percentile(x, [50]).compute(scheduler="threads")  # percentile has no fallback: registered
        print(type(p).__name__)
    """, entry_points_path)
    assert out.split() == ["Array"]


def test_backend_by_entry_point(entry_points_path):
    out = run("""
        import sys
        import dask, dask.array as da
        with dask.config.set({"array.backend": "wgarray"}):
            x = da.ones((6, 4), chunks=3)
        assert "wgarray.dask" in sys.modules
        print(type(x.compute(scheduler="threads")).__name__, float(x.sum().compute(scheduler="threads")))
    """, entry_points_path)
    assert out.split() == ["Array", "24.0"]


def test_importing_wgarray_imports_no_dask():
    out = run("""
        import sys, wgarray
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("dask", "distributed")))
    """, None)
    assert out.strip() == "[]"
