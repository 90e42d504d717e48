import sys
import numpy as np
import wgarray as xp
from wgarray._array import Array
from wgarray._engines import tridiag_solve

def lanczos(lam, rng):
    """T (d, e) with eigenvalues lam: Lanczos on diag(lam), full reorthogonalisation."""
    n = len(lam)
    q = rng.standard_normal(n); q /= np.linalg.norm(q)
    Q = np.zeros((n, n)); d = np.zeros(n); e = np.zeros(n - 1)
    Q[:, 0] = q
    for j in range(n):
        v = lam * Q[:, j]
        d[j] = Q[:, j] @ v
        v -= Q[:, :j + 1] @ (Q[:, :j + 1].T @ v)
        v -= Q[:, :j + 1] @ (Q[:, :j + 1].T @ v)
        if j < n - 1:
            e[j] = np.linalg.norm(v); Q[:, j + 1] = v / e[j]
    return d, e

def pairs_tridiagonal(n, ratio, rng):
    centers = np.arange(n // 2) * 1.0
    s = 0.1
    for _ in range(4):
        lam = np.sort(np.concatenate([centers - s / 2, centers + s / 2]))
        d, e = lanczos(lam, rng)
        onenorm = np.max(np.abs(d) + np.r_[np.abs(e), 0] + np.r_[0, np.abs(e)])
        s = ratio * tridiag_solve.CLUSTER_GAP * onenorm / n
    return d, e, lam

def worst(n, ratio, seed, dtype=np.float64):
    rng = np.random.default_rng(seed)
    d, e, lam = pairs_tridiagonal(n, ratio, rng)
    de = np.concatenate([d, e, [0.0]]).reshape(1, 2 * n).astype(dtype)
    op = xp.asarray(de)._data()
    w = tridiag_solve.eigenvalues(op, 1, n)
    z = tridiag_solve.eigenvectors(op, w, 1, n, np.dtype(dtype))
    hz = np.asarray(Array._wrap(z))[0].astype(np.float64)
    g = np.abs(hz.T @ hz - np.eye(n))
    eps = np.finfo(dtype).eps
    return g.max() / (n * eps), np.linalg.norm(g) / (n * eps)

for dtype in (np.float64, np.float32):
    for ratio in (1.05, 1.2, 1.5):
        print(dtype.__name__, ratio, [tuple(round(v, 3) for v in worst(int(sys.argv[1]), ratio, s, dtype)) for s in range(3)])
