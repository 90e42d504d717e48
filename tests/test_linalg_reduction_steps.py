"""The column steps of the Householder reductions (wgarray/_engines/tridiag.py: eigh's
tridiagonalisation, bidiag.py: svd's bidiagonalisation) on both of their reduction paths:
subgroup operations (where the adapter has them, 32-bit dtypes) and trees in workgroup memory,
each with every step opened by the GEMV on many workgroups, at a CPU adapter's workgroup width
and a GPU's. LAPACK's accuracy bounds, as the engines' own tests
check them."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as xp
from conftest import host, wg
from test_linalg_bidiag import check as check_svd, random as random_matrix
from test_linalg_tridiag import check as check_eigh, random, rng_for
from wgarray._core import replay
from wgarray._core.device import get_device
from wgarray._engines import bidiag, tridiag


# float64 always reduces by trees
PATHS = pytest.mark.parametrize("reductions, dtype", [
    ("subgroups", np.float32), ("subgroups", np.complex64),
    ("trees", np.float32), ("trees", np.complex64), ("trees", np.float64)])


@pytest.fixture
def on_path(monkeypatch):
    """Take the column steps' subgroup or tree reductions (kernels recorded afresh)."""
    def take(reductions):
        monkeypatch.setattr(tridiag, "SUBGROUPS", reductions == "subgroups")
        replay.clear()
    yield take
    replay.clear()


@PATHS
@pytest.mark.parametrize("invocations", [None, 1024])
def test_eigh_gemv_steps(monkeypatch, on_path, reductions, invocations, dtype):
    on_path(reductions)
    monkeypatch.setattr(tridiag, "FUSE_ROWS", 0)
    if invocations:
        monkeypatch.setattr(tridiag, "wide_workgroup", lambda device, *args: invocations)
    a = random(rng_for("steps", reductions, invocations, dtype), (2, 100, 100), dtype)
    a = ((a + np.swapaxes(a, -1, -2).conj()) / 2).astype(dtype)
    w, v = (host(x) for x in xp.linalg.eigh(wg(a)))
    check_eigh(a, w, v, dtype)


@PATHS
@pytest.mark.parametrize("invocations", [None, 1024])
def test_svd_gemv_steps(monkeypatch, on_path, reductions, invocations, dtype):
    on_path(reductions)
    monkeypatch.setattr(bidiag, "FUSE_AREA", 0)
    if invocations:
        monkeypatch.setattr(tridiag, "wide_workgroup", lambda device, *args: invocations)
    rng = rng_for("svd steps", reductions, invocations, dtype)
    check_svd(random_matrix(rng, (2, 100, 70), dtype), dtype)
    check_svd(random_matrix(rng, (70, 100), dtype), dtype)


def test_subgroups_only_for_32_bit_parts():
    device = get_device()
    assert not tridiag.step_subgroups(device, np.dtype("float64"))
    assert not tridiag.step_subgroups(device, np.dtype("complex128"))
    for dtype in ("float32", "complex64"):
        assert tridiag.step_subgroups(device, np.dtype(dtype)) == ("subgroup" in device.features)
