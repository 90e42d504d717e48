"""The tridiagonal engine's inverse iteration (wgarray/_engines/tridiag_solve.py): clusters of
close eigenvalues are iterated together in a fixed number of dispatches, whatever their size,
within LAPACK's accuracy bounds (tests/test_linalg_tridiag.py's check); a large cluster split
over several dispatches (CPU adapters' loop limit) and batches split over several solves give
the same accuracy."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.linalg

import wgarray as xp
from conftest import host, wg
from test_linalg_tridiag import check, rng_for, with_spectrum
from wgarray._array import Array
from wgarray._core.stream import Stream
from wgarray._core.device import get_device
from wgarray._engines import tridiag, tridiag_solve


@pytest.fixture
def vector_dispatches(monkeypatch):
    """The number of dispatches of each call of tridiag_solve.eigenvectors, in a list."""
    counts, inside = [], []
    dispatch, eigenvectors = Stream.dispatch, tridiag_solve.eigenvectors

    def counting_dispatch(self, *args):
        if inside:
            counts[-1] += 1
        return dispatch(self, *args)

    def counted(*args):
        counts.append(0)
        inside.append(True)
        try:
            return eigenvectors(*args)
        finally:
            inside.pop()

    monkeypatch.setattr(Stream, "dispatch", counting_dispatch)
    monkeypatch.setattr(tridiag_solve, "eigenvectors", counted)
    return counts


def wishart(rng, n, dtype):
    """a a^H / n + I (the H100 benchmark's matrix): eigenvalues spread over [1, 5], crowded near
    1, where stein's clusters chain hundreds of them together at n = 1024."""
    a = rng.standard_normal((n, n))
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal((n, n))
    return (a @ a.conj().T / n + np.eye(n)).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_close_eigenvalues_take_a_fixed_number_of_dispatches(vector_dispatches, dtype):
    n = 240
    a = wishart(rng_for("wishart", dtype), n, dtype)
    w, v = xp.linalg.eigh(wg(a))
    check(a, host(w), host(v), dtype)
    # the stats' zeros, the setup, MAX_ITS rounds of a solve and an orthogonalisation, the correction
    assert vector_dispatches == [3 + 2 * tridiag_solve.MAX_ITS]


@pytest.mark.skipif(not get_device().is_cpu, reason="only a CPU adapter (its loop limit) splits a cluster's members")
@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
@pytest.mark.parametrize("kind", ["tight", "wilkinson", "wishart"])
def test_cluster_members_over_several_dispatches(monkeypatch, vector_dispatches, dtype, kind):
    """One member per orthogonalisation dispatch (as a CPU adapter's loop limit splits large
    clusters): the members' order carries over between dispatches."""
    monkeypatch.setattr(tridiag_solve, "_ortho_loops", lambda n, members: tridiag_solve.MAX_LOOP)
    rng = rng_for("members", dtype, kind)
    n = 72
    if kind == "tight":  # one cluster of n members (more than a chunk of QB)
        a = with_spectrum(rng, 1 + 1e-6 * rng.standard_normal(n), dtype)
    elif kind == "wilkinson":
        a = (np.diag(np.abs(np.arange(n) - n // 2.0)) + np.eye(n, k=1) + np.eye(n, k=-1)).astype(dtype)
    else:
        a = wishart(rng, n, dtype)
    w, v = xp.linalg.eigh(wg(a))
    check(a, host(w), host(v), dtype)
    assert vector_dispatches[0] > 3 + 2 * tridiag_solve.MAX_ITS


@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
def test_batch_over_several_solves(monkeypatch, dtype):
    monkeypatch.setattr(tridiag_solve, "_lu_matrices", lambda device, batch, n, real: min(batch, 2))
    rng = rng_for("lu chunks", dtype)
    a = np.stack([wishart(rng, 67, dtype) for _ in range(5)])
    a[3] = with_spectrum(rng, np.resize([1.0, 1, 2, 3, 3, 3], 67), dtype)
    w, v = xp.linalg.eigh(wg(a))
    check(a, host(w), host(v), dtype)


def test_tridiagonal_solver_directly():
    """eigenvalues/eigenvectors of given tridiagonals (the interface bidiag's SVD reuses): the
    Golub-Kahan matrix of a bidiagonal, zero diagonal, eigenvalues in +-pairs."""
    rng = rng_for("golub-kahan")
    n = 90
    d = np.zeros(n)
    e = np.abs(rng.standard_normal(n - 1)) + 0.1
    e[::2] = np.resize([1.0, 1.0 + 1e-9], len(e[::2]))  # singular values close in pairs
    de = np.concatenate([d, e, [0.0]]).reshape(1, 2 * n)
    operand = wg(de)._data()
    w = tridiag_solve.eigenvalues(operand, 1, n)
    z = tridiag_solve.eigenvectors(operand, w, 1, n, np.dtype(np.float64))
    hw = host(Array._wrap(w))[0]
    hz = host(Array._wrap(z))[0]
    t = np.diag(d) + np.diag(e, 1) + np.diag(e, -1)
    norm = np.linalg.norm(t, 2)
    eps = np.finfo(np.float64).eps
    np.testing.assert_allclose(np.sort(hw), np.linalg.eigvalsh(t), rtol=0, atol=10 * n * eps * norm)
    assert np.linalg.norm(t @ hz - hz * hw) <= 10 * n * eps * norm
    assert np.linalg.norm(hz.T @ hz - np.eye(n)) <= 10 * n * eps


def test_cpu_adapters_take_the_engine_within_the_loop_limit():
    """CPU adapters end loops past MAX_LOOP iterations: orders whose solver would need more
    (a cluster of n members, one member a dispatch) take the Jacobi engine there."""
    device = get_device()
    f32 = np.dtype(np.float32)
    assert tridiag_solve.serial_loops(1376) <= tridiag_solve.MAX_LOOP < tridiag_solve.serial_loops(1377)
    assert tridiag.suitable(device, (1, 1376, 1376), f32)
    assert tridiag.suitable(device, (1, 1377, 1377), f32) != device.is_cpu


def test_gpu_path_replays(monkeypatch, vector_dispatches):
    """On a GPU no host read: every cluster in one orthogonalisation dispatch, and the second
    call replays the first one's dispatches (_core/replay.py) on the new input."""
    monkeypatch.setattr(get_device(), "is_cpu", False)
    planned = []
    launch = tridiag_solve.launch_kernel
    monkeypatch.setattr(tridiag_solve, "launch_kernel", lambda *args, **kw: planned.append(1) or launch(*args, **kw))
    rng = rng_for("replay")
    first, second = wishart(rng, 70, np.float64), wishart(rng, 70, np.float64)
    w1, v1 = xp.linalg.eigh(wg(first))
    launched = len(planned)
    w2, v2 = xp.linalg.eigh(wg(second))
    check(first, host(w1), host(v1), np.float64)
    check(second, host(w2), host(v2), np.float64)
    assert vector_dispatches == [3 + 2 * tridiag_solve.MAX_ITS] * 2
    assert launched > 0 and len(planned) == launched  # the second call: replayed, not planned


def _lanczos(spectrum, rng):
    """(d, e) of a tridiagonal with the given eigenvalues: Lanczos on diag(spectrum) from a
    random start, fully reorthogonalised (float64, host: the test's input)."""
    n = len(spectrum)
    q = np.zeros((n, n))
    d, e = np.zeros(n), np.zeros(n - 1)
    start = rng.standard_normal(n)
    q[:, 0] = start / np.linalg.norm(start)
    for j in range(n):
        v = spectrum * q[:, j]
        d[j] = q[:, j] @ v
        for _ in range(2):
            v -= q[:, :j + 1] @ (q[:, :j + 1].T @ v)
        if j < n - 1:
            e[j] = np.linalg.norm(v)
            q[:, j + 1] = v / e[j]
    return d, e


@pytest.mark.parametrize("width", [None, 1024])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("ratio", [1.05, 1.5])
def test_pairs_just_outside_the_cluster_gap(monkeypatch, dtype, ratio, width):
    """Pairs of eigenvalues ratio * CLUSTER_GAP ||T||_1 / n apart, each pair far from the others:
    no clusters, and their vectors' products eps ||T|| / gap (about n eps: 0.5 - 1.3 n eps for
    the worst pair before the final correction) drop to O(eps) by the correction against the
    neighbours (tridiag_vectors_polish.wgsl: 0.02 - 0.04 n eps), at this adapter's width and a
    GPU's (the dot products over four parts of the rows)."""
    if width:
        monkeypatch.setattr(tridiag_solve, "wide_workgroup", lambda device, *args: width)
    rng = rng_for("pairs", dtype, ratio)
    n = 80
    centres = np.arange(n // 2, dtype=np.float64)
    gap = 0.1
    for _ in range(4):  # the gap from ||T||_1, which depends a little on the gap
        d, e = _lanczos(np.sort(np.concatenate([centres - gap / 2, centres + gap / 2])), rng)
        onenorm = np.max(np.abs(d) + np.r_[np.abs(e), 0] + np.r_[0, np.abs(e)])
        gap = ratio * tridiag_solve.CLUSTER_GAP * onenorm / n
    de = np.concatenate([d, e, [0.0]]).reshape(1, 2 * n).astype(dtype)
    operand = wg(de)._data()
    w = tridiag_solve.eigenvalues(operand, 1, n)
    z = host(Array._wrap(tridiag_solve.eigenvectors(operand, w, 1, n, np.dtype(dtype))))[0].astype(np.float64)
    hw = host(Array._wrap(w))[0].astype(np.float64)
    eps = np.finfo(dtype).eps
    t = np.diag(d) + np.diag(e, 1) + np.diag(e, -1)
    assert np.linalg.norm(t @ z - z * hw) <= 10 * n * eps * np.linalg.norm(t, 2)
    products = np.abs(z.T @ z - np.eye(n))
    assert products.max() <= 0.2 * n * eps, products.max() / (n * eps)


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
@pytest.mark.parametrize("kind", ["tight", "wishart"])
def test_orthogonalisation_at_a_gpu_width(monkeypatch, dtype, kind):
    """The orthogonalisation with 1024 invocations (a GPU's: SEGS = 32 row segments for the dots,
    ten-step reductions; a CPU adapter gets 256)."""
    monkeypatch.setattr(tridiag_solve, "wide_workgroup", lambda device, *args: 1024)
    rng = rng_for("width", dtype, kind)
    n = 150
    if kind == "tight":  # one cluster of n members: five chunks of QB
        a = with_spectrum(rng, 1 + 1e-6 * rng.standard_normal(n), dtype)
    else:
        a = wishart(rng, n, dtype)
    w, v = xp.linalg.eigh(wg(a))
    check(a, host(w), host(v), dtype)


def _repeated_sixty_times():
    """0, 10 and 20 sixty times each, 0.01, 10.02, 20.03 and 40 .. 59 (order 203)."""
    return np.sort(np.concatenate([np.repeat([0.0, 10.0, 20.0], 60), [0.01, 10.02, 20.03], np.arange(40.0, 60.0)]))


def _plus_minus_five_sixty_times():
    """-5 and 5 sixty times each, 20 between them (order 140)."""
    return np.concatenate([np.full(60, -5.0), np.linspace(-1, 1, 20), np.full(60, 5.0)])


@pytest.mark.parametrize(("dtype", "spectrum", "seed"), [(np.float64, _repeated_sixty_times, 9),
                                                        (np.float32, _repeated_sixty_times, 0),
                                                        (np.complex64, _repeated_sixty_times, 0),
                                                        (np.float32, _plus_minus_five_sixty_times, 0)])
def test_eigh_of_eigenvalues_repeated_sixty_times(dtype, spectrum, seed):
    """A multiple eigenvalue's members solve at a shift above it (tridiag_vectors_setup.wgsl's
    member_shift): solved at the eigenvalue itself, these matrices' vectors reached 30, 24, 56 and
    20 n eps in ||V^H V - I||_F on lavapipe (one float64 vector 1218 eps ||T|| off); now 0.5 - 0.7.
    (-5 and 5: runs of w in steps of 1 - 2 eps ||T||_1, the bisection's.)"""
    a = with_spectrum(np.random.default_rng(seed), spectrum(), dtype)
    w, v = xp.linalg.eigh(wg(a))
    check(a, host(w), host(v), dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_multiple_eigenvalues_vector_by_vector(dtype):
    """The tridiagonals scipy.linalg.hessenberg makes of eight such matrices (the same input on
    every adapter), solved directly: every vector's residual and every product within 80 eps
    (stein's O(eps ||T||) a vector; measured <= 36 in float32, 6 in float64, the last member of
    a run keeping the rounding of the ~sqrt(60) larger part removed from it; solved at the
    eigenvalues themselves: up to 186 and 23)."""
    n = 203
    tridiagonals = []
    for seed in range(8):
        h = scipy.linalg.hessenberg(with_spectrum(np.random.default_rng(seed), _repeated_sixty_times(), dtype))
        tridiagonals.append(np.concatenate([np.diag(h), np.diag(h, -1), [0]]))
    de = np.stack(tridiagonals).astype(dtype)
    operand = wg(de)._data()
    w = tridiag_solve.eigenvalues(operand, len(de), n)
    z = host(Array._wrap(tridiag_solve.eigenvectors(operand, w, len(de), n, np.dtype(dtype)))).astype(np.float64)
    w = host(Array._wrap(w)).astype(np.float64)
    eps = np.finfo(dtype).eps
    for b, (d, e) in enumerate(zip(de[:, :n].astype(np.float64), de[:, n:2 * n - 1].astype(np.float64))):
        t = np.diag(d) + np.diag(e, 1) + np.diag(e, -1)
        residuals = np.linalg.norm(t @ z[b] - z[b] * w[b], axis=0) / (eps * np.linalg.norm(t, 2))
        products = np.abs(z[b].T @ z[b] - np.eye(n)) / eps
        assert residuals.max() <= 80 and products.max() <= 80, (b, residuals.max(), products.max())
