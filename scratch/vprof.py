"""Profile tridiag_solve.eigenvectors at n = 1024 (eigh's benchmark matrix) and 2048 (svd's GK)."""
import sys, time
import numpy as np
import wgarray as wg
from wgarray._engines import tridiag, tridiag_solve, bidiag
from wgarray._core.stream import stream_for
from wgarray._array import Array

def spd(n, seed=0):
    a = np.random.default_rng(seed).standard_normal((n, n))
    return (a @ a.T / n + np.eye(n)).astype(np.float32)

def timed(fn, reps=5):
    fn(); wg.synchronize()
    best = 1e9
    for _ in range(3):
        t = time.perf_counter()
        for _ in range(reps): fn()
        wg.synchronize()
        best = min(best, (time.perf_counter() - t) / reps)
    return best

def split(de, w, n, dtype):
    """each dispatch of one eigenvectors call alone, synchronised around it"""
    launch = tridiag_solve.launch_kernel
    times = []
    def hooked(device, key, *a, **kw):
        wg.synchronize()
        t = time.perf_counter()
        r = launch(device, key, *a, **kw)
        wg.synchronize()
        times.append((key[0], time.perf_counter() - t))
        return r
    tridiag_solve.launch_kernel = hooked
    try:
        for _ in range(2):
            times.clear()
            tridiag_solve.eigenvectors.__wrapped__(de, w, 1, n, dtype)
    finally:
        tridiag_solve.launch_kernel = launch
    print("  per dispatch (ms):", " ".join(f"{k.replace('tridiag_vectors_', '')}={t*1e3:.2f}" for k, t in times))

def info_report(de, w, n):
    wh = np.asarray(Array._wrap(w))[0].astype(np.float64)
    deh = np.asarray(Array._wrap(de))[0].astype(np.float64)
    d, e = deh[:n], deh[n:2 * n - 1]
    onenorm = np.max(np.abs(d) + np.r_[np.abs(e), 0] + np.r_[0, np.abs(e)])
    for gap in (0.05, 0.1, 0.2):
        breaks = np.diff(wh) > gap * onenorm / n
        sizes = np.diff(np.flatnonzero(np.r_[True, breaks, True]))
        print(f"  gap {gap}: clusters>1 {np.sum(sizes > 1)}, largest {sizes.max()}, sum size^2 {np.sum(sizes.astype(np.int64)**2)}")

for label, n in (("eigh", int(sys.argv[1]) if len(sys.argv) > 1 else 1024), ("svd", int(sys.argv[1]) if len(sys.argv) > 1 else 1024)):
    if label == "eigh":
        a = wg.asarray(spd(n)[None])
        de = tridiag._tridiagonalise(a._data(), True, True)[0]
        m = n
    else:
        a = wg.asarray(np.random.default_rng(1).standard_normal((1, n, n)).astype(np.float32))
        de = bidiag._bidiagonalise(a._data())[0]
        m = 2 * n
    w = tridiag_solve.eigenvalues(de, 1, m)
    wg.synchronize()
    print(f"{label}: tridiagonal order {m}")
    info_report(de, w, m)
    t_vals = timed(lambda: tridiag_solve.eigenvalues(de, 1, m))
    t_vecs = timed(lambda: tridiag_solve.eigenvectors(de, w, 1, m, np.dtype(np.float32)))
    print(f"  eigenvalues {t_vals*1e3:.2f} ms, eigenvectors {t_vecs*1e3:.2f} ms")
    split(de, w, m, np.dtype(np.float32))
    z = np.asarray(Array._wrap(tridiag_solve.eigenvectors(de, w, 1, m, np.dtype(np.float32))))[0].astype(np.float64)
    print(f"  ||Z^T Z - I||_F / (n eps) = {np.linalg.norm(z.T @ z - np.eye(m)) / (m * np.finfo(np.float32).eps):.2f}")
    sys.stdout.flush()
