"""QR's tall panels by TSQR with Householder reconstruction (wgarray/_engines/qr_tsqr.py),
differentially against numpy.linalg.qr.

The reconstruction makes LAPACK's reflectors (the same sign choices), so h, tau and R match
numpy's by value, not only by the defining properties. The fixture lowers the thresholds so
that small matrices take TSQR with several chunks, uneven chunks and trees of several levels;
every test checks that TSQR ran where qr_tsqr.suitable() gives it the first panel (not to
panels whose chunks do not fit workgroup memory); the factors are checked either way.
"""

from __future__ import annotations

import numpy as np
import pytest

from wgarray._core.device import get_device
from wgarray._core.operands import allocate
from wgarray._engines import qr_tsqr
from wgarray.linalg import qr

from conftest import host, wg

FLOATS = (np.float32, np.float64, np.complex64, np.complex128)
rng = np.random.default_rng(20260)


@pytest.fixture(params=[True, False], ids=["subgroups", "no-subgroups"])
def tsqr(monkeypatch, request):
    """Panels of more than 8 rows take TSQR in chunks of 64 rows, by the subgroup kernels (f32
    parts, where the adapter has subgroups) or the others; yields the number of TSQR panels
    factored so far (a list: calls[0])."""
    monkeypatch.setattr(qr_tsqr, "SUBGROUPS", request.param)
    calls = [0]
    panel = qr_tsqr.panel

    def counted(*args):
        calls[0] += 1
        return panel(*args)

    monkeypatch.setattr(qr_tsqr, "MIN_ROWS", 8)
    monkeypatch.setattr(qr_tsqr, "NODE_ROWS", 64)
    monkeypatch.setattr(qr_tsqr, "panel", counted)
    return calls


def eps(dtype) -> float:
    return float(np.finfo(dtype).eps)


def random(shape, dtype) -> np.ndarray:
    values = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def relative(diff, ref) -> float:
    """||diff|| / ||ref|| per matrix, the largest; both scaled first (huge entries' norms overflow)."""
    scale = max(float(np.max(np.abs(ref), initial=0)), np.finfo(np.float64).tiny)
    diff, ref = diff / scale, ref / scale
    num = np.linalg.norm(diff.astype(np.complex128), axis=(-2, -1))
    den = np.linalg.norm(ref.astype(np.complex128), axis=(-2, -1))
    return float(np.max(num / np.where(den == 0, 1, den)))


def check_factors(a, q, r, dtype) -> None:
    """Backward error and orthogonality within LAPACK's 10 n eps; R upper, real diagonal."""
    bound = 10 * max(a.shape[-2:]) * eps(dtype)
    assert relative(q @ r - a, a) <= bound
    k = q.shape[-1]
    gram = np.conj(np.swapaxes(q, -1, -2)) @ q
    assert np.max(np.abs(gram - np.eye(k))) <= bound
    assert not np.tril(r, -1).any()
    assert not np.diagonal(r, axis1=-2, axis2=-1).imag.any()


def takes_tsqr(dtype, shape) -> bool:
    """Whether qr_tsqr.suitable() gives the first panel of a matrix of shape to TSQR here (under
    the fixture's thresholds). It does not for complex128 panels of 32 columns on lavapipe:
    their chunks do not fit workgroup memory."""
    rows, cols = shape[-2:]
    return qr_tsqr.suitable(allocate(get_device(), (1, rows, min(cols, qr_tsqr.PB)), np.dtype(dtype)))


SHAPES = [(33, 20), (301, 20), (2, 3, 130, 45), (70, 100)]


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape", SHAPES)
def test_tsqr_matches_numpy(tsqr, shape, dtype):
    """One chunk just above the panel's width, uneven chunks in a 3-level tree, batches, wide."""
    a = random(shape, dtype)
    q, r = (host(x) for x in qr(wg(a)))
    ref = np.linalg.qr(a)
    assert tsqr[0] > 0 or not takes_tsqr(dtype, shape), "TSQR did not run"
    check_factors(a, q, r, dtype)
    tol = 10 * max(shape[-2:]) * eps(dtype)
    assert relative(r - ref.R, ref.R) <= tol
    assert relative(q - ref.Q, ref.Q) <= tol


@pytest.mark.parametrize("dtype", FLOATS)
def test_tsqr_raw_matches_numpy(tsqr, dtype):
    """h (R and the vectors below it) and tau are LAPACK's."""
    a = random((150, 24), dtype)
    h, tau = (host(x) for x in qr(wg(a), mode="raw"))
    h_ref, tau_ref = np.linalg.qr(a, mode="raw")
    assert tsqr[0] > 0 or not takes_tsqr(dtype, a.shape)
    tol = 10 * 150 * eps(dtype)
    assert relative(h - h_ref, h_ref) <= tol
    assert np.max(np.abs(tau - tau_ref)) <= tol


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_tsqr_complete_and_levels(tsqr, dtype, monkeypatch):
    """Complete Q, and chunks of 2 cols rows: the tree's deepest case."""
    monkeypatch.setattr(qr_tsqr, "NODE_ROWS", 32)
    a = random((200, 16), dtype)
    q, r = (host(x) for x in qr(wg(a), mode="complete"))
    assert tsqr[0] > 0 or not takes_tsqr(dtype, a.shape)
    assert q.shape == (200, 200) and r.shape == (200, 16)
    check_factors(a, q, r, dtype)
    assert relative(r - np.linalg.qr(a, mode="complete").R, r) <= 10 * 200 * eps(dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64])
def test_tsqr_rank_deficient(tsqr, dtype):
    a = random((180, 40), dtype)
    a[:, 5] = 0
    a[:, 20] = a[:, 3]
    a[:, 39] = 2 * a[:, 1] - a[:, 7]
    a[:, 33:36] = 0  # zero columns in the second panel too
    q, r = (host(x) for x in qr(wg(a)))
    assert tsqr[0] > 0 or not takes_tsqr(dtype, a.shape)
    check_factors(a, q, r, dtype)


def test_tsqr_zero_matrix(tsqr):
    a = np.zeros((100, 10))
    q, r = (host(x) for x in qr(wg(a)))
    assert tsqr[0] > 0
    check_factors(a, q, r, np.float64)
    assert not r.any()


@pytest.mark.parametrize("dtype", [np.float32, np.complex64, np.float64])
@pytest.mark.parametrize("scale", ["graded", "huge", "tiny"])
def test_tsqr_scaling(tsqr, dtype, scale):
    """Graded columns, and entries whose squares over- or underflow (the kernel rescales
    such columns as LAPACK's nrm2 does)."""
    a = random((160, 12), dtype)
    big = np.finfo(dtype).max ** 0.75  # squares overflow
    small = np.finfo(dtype).tiny ** 0.75  # squares underflow
    if scale == "graded":
        a = a * np.logspace(0, -12 if np.finfo(dtype).bits == 64 else -5, 12)
    else:
        a = a * (big if scale == "huge" else small)
    a = a.astype(dtype)
    _check_through_tsqr(a, dtype, tsqr)


def _check_through_tsqr(a, dtype, tsqr):
    """qr of a through TSQR where its dtype takes it: finite, LAPACK-accurate factors
    and R within 10 n eps of NumPy's."""
    q, r = (host(x) for x in qr(wg(a)))
    assert tsqr[0] > 0 or not takes_tsqr(dtype, a.shape)
    assert np.isfinite(q).all() and np.isfinite(r).all()
    check_factors(a, q, r, dtype)
    ref = np.linalg.qr(a).R
    assert relative(r - ref, ref) <= 10 * 160 * eps(dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.complex64, np.float64])
@pytest.mark.parametrize("rows", [20, 64, 160, 1000])
def test_tsqr_extreme_diagonal(tsqr, dtype, rows):
    """Diagonal entries whose squares overflow (the _sg factor's one-square-root reflector must
    not take them) or underflow (it may) beside columns of ordinary entries. The tiny ones leave
    alpha_j below beta_j's last bit, so the reconstruction takes R_jj's sign from the tree's depth
    (one chunk at 20 and 64 rows, two and three levels at 160 and 1000: wgsl/qr_hr_lu.wgsl);
    the data are seeded here, not drawn from the module's generator, so a failure repeats."""
    generator = np.random.default_rng(rows)
    a = generator.standard_normal((rows, 12))
    if np.dtype(dtype).kind == "c":
        a = a + 1j * generator.standard_normal((rows, 12))
    a = a.astype(dtype)
    for j in range(12):
        a[j, j] *= np.finfo(dtype).max ** 0.75 if j % 3 == 0 else np.finfo(dtype).tiny ** 0.75 if j % 3 == 1 else 1
    _check_through_tsqr(a, dtype, tsqr)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("scale", ["huge", "tiny"])
@pytest.mark.parametrize("shape", [(60, 10), (80, 80)])
def test_panel_kernel_scaling(dtype, scale, shape, monkeypatch):
    """The one-workgroup panel kernel (TSQR off: every panel) on entries whose squares over- or
    underflow."""
    monkeypatch.setattr(qr_tsqr, "MIN_ROWS", 1 << 30)
    a = random(shape, dtype)
    a = (a * (np.finfo(dtype).max ** 0.75 if scale == "huge" else np.finfo(dtype).tiny ** 0.75)).astype(dtype)
    q, r = (host(x) for x in qr(wg(a)))
    assert np.isfinite(q).all() and np.isfinite(r).all()
    check_factors(a, q, r, dtype)
    ref = np.linalg.qr(a).R
    assert relative(r - ref, ref) <= 10 * max(shape) * eps(dtype)


def test_tsqr_not_for_short_panels(tsqr, monkeypatch):
    """Below MIN_ROWS the one-workgroup kernel factors the panel."""
    monkeypatch.setattr(qr_tsqr, "MIN_ROWS", 64)
    a = random((60, 10), np.float64)
    q, r = (host(x) for x in qr(wg(a)))
    assert tsqr[0] == 0
    check_factors(a, q, r, np.float64)


@pytest.mark.parametrize("dtype", FLOATS)
def test_default_thresholds(dtype, monkeypatch):
    """As shipped (no fixture): every panel of more than MIN_ROWS rows whose chunks fit takes
    TSQR, chunks of NODE_ROWS rows (two here where workgroup memory holds them); the shorter
    last panels the one-workgroup kernel."""
    calls = [0]
    panel = qr_tsqr.panel

    def counted(*args):
        calls[0] += 1
        return panel(*args)

    monkeypatch.setattr(qr_tsqr, "panel", counted)
    shape = (qr_tsqr.NODE_ROWS + 40, 80)
    a = random(shape, dtype)
    q, r = (host(x) for x in qr(wg(a)))
    panels = [(shape[0] - c0, shape[1] - c0) for c0 in range(0, shape[1], qr_tsqr.PB)]  # 296, 264, 232 rows
    assert calls[0] == sum(takes_tsqr(dtype, p) for p in panels)
    assert calls[0] > 0 or dtype == np.complex128  # lavapipe's workgroup memory: complex128's 32 columns do not fit
    check_factors(a, q, r, dtype)
    ref = np.linalg.qr(a).R
    assert relative(r - ref, ref) <= 10 * shape[0] * eps(dtype)


def test_tsqr_views(tsqr):
    """A strided, transposed input: the panel is a block of the working copy either way."""
    base = random((2, 90, 260), np.float64)
    view = np.swapaxes(base, -1, -2)[:, ::2, 1::3]
    q, r = (host(x) for x in qr(wg(base).mT[:, ::2, 1::3]))
    assert tsqr[0] > 0
    check_factors(view, q, r, np.float64)


@pytest.mark.parametrize("dtype", [np.float32, np.complex64, np.float64])
@pytest.mark.parametrize("max_wg", [32, 64])
def test_tsqr_narrow_workgroups(tsqr, monkeypatch, dtype, max_wg):
    """Factor and apply kernels of few invocations (qr_tsqr.MAX_WG): several columns a subgroup
    (the _sg kernels) or a slice (the others); uneven chunks whose rows end inside the loops'
    groups of four rows; the T joins of two outer blocks (100 columns)."""
    monkeypatch.setattr(qr_tsqr, "MAX_WG", max_wg)
    qr_tsqr._shape.cache_clear()
    try:
        a = random((203, 100), dtype)
        q, r = (host(x) for x in qr(wg(a)))
    finally:
        qr_tsqr._shape.cache_clear()
    assert tsqr[0] > 0 or not takes_tsqr(dtype, a.shape)
    check_factors(a, q, r, dtype)
    ref = np.linalg.qr(a)
    tol = 10 * 203 * eps(dtype)
    assert relative(r - ref.R, ref.R) <= tol
    assert relative(q - ref.Q, ref.Q) <= tol
