"""Linear algebra as applications call it: batches, decompositions checked by reconstruction, ranks, norms."""

from . import snippet


def _spd(np):
    a = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
    return a


@snippet
def batched_solve_and_inv(np):
    A = np.stack([_spd(np), 2 * _spd(np)])
    b = np.ones((2, 3))
    x = np.linalg.solve(A, b[..., None])[..., 0]
    return np.round(x, 12), np.round(np.linalg.inv(A) @ A, 12), np.round(np.linalg.det(A), 10)


@snippet
def qr_reconstruction(np):
    a = np.arange(12.0).reshape(4, 3) + np.eye(4, 3)
    q, r = np.linalg.qr(a)
    return q.shape, r.shape, np.allclose(q @ r, a), np.allclose(q.T @ q, np.eye(3)), np.allclose(np.tril(r, -1), 0)


@snippet
def svd_reconstruction_and_values(np):
    a = np.array([[3.0, 1.0, 1.0], [-1.0, 3.0, 1.0]])
    u, s, vh = np.linalg.svd(a)
    recon = u @ np.diag(s) @ vh[:2]
    return np.round(s, 12), np.allclose(recon, a), np.round(np.linalg.svd(a, compute_uv=False), 12), u.shape, vh.shape


@snippet
def eig_of_symmetric_and_general(np):
    w, v = np.linalg.eigh(_spd(np))
    g = np.array([[2.0, 0.0], [1.0, 3.0]])
    wg = np.sort(np.linalg.eigvals(g).real)
    return np.round(w, 10), np.allclose(_spd(np) @ v, v * w), wg, np.round(np.linalg.eigvalsh(_spd(np)), 10)


@snippet
def rank_cond_slogdet(np):
    a = np.array([[1.0, 2.0], [2.0, 4.0]])
    b = _spd(np)
    sign, logdet = np.linalg.slogdet(b)
    return np.linalg.matrix_rank(a), np.linalg.matrix_rank(b), round(float(np.linalg.cond(b)), 8), sign, round(float(logdet), 10)


@snippet
def matrix_norms(np):
    a = np.array([[1.0, -2.0], [3.0, 4.0]])
    return (np.linalg.norm(a), np.linalg.norm(a, "fro"), np.linalg.norm(a, 1), np.linalg.norm(a, np.inf),
            round(float(np.linalg.norm(a, 2)), 10), round(float(np.linalg.norm(a, "nuc")), 10), np.linalg.norm(a, axis=0))


@snippet
def cholesky_and_triangular_solve(np):
    L = np.linalg.cholesky(_spd(np))
    b = np.array([1.0, 2.0, 3.0])
    y = np.linalg.solve(L, b)
    x = np.linalg.solve(L.T, y)
    return np.allclose(L @ L.T, _spd(np)), np.allclose(_spd(np) @ x, b), np.allclose(np.triu(L, 1), 0)


@snippet
def pinv_of_rank_deficient(np):
    a = np.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]])
    p = np.linalg.pinv(a)
    return p.shape, np.allclose(a @ p @ a, a), np.round(p, 10)


@snippet
def matrix_power_and_expm_series(np):
    a = np.array([[0.0, 1.0], [-1.0, 0.0]]) * 0.5
    term = np.eye(2)
    total = np.eye(2)
    for k in range(1, 15):
        term = term @ a / k
        total = total + term
    return np.round(total, 12), np.linalg.matrix_power(np.array([[1, 1], [0, 1]]), 5), np.linalg.matrix_power(a, 0)


@snippet
def vector_ops_linalg(np):
    a = np.array([1.0, 2.0, 3.0])
    b = np.array([4.0, 5.0, 6.0])
    return np.dot(a, b), np.vecdot(a, b), np.linalg.vector_norm(a), np.linalg.outer(a, b).shape, np.linalg.cross(a, b), np.matvec(np.eye(3), a)


@snippet
def least_squares_multiple_rhs(np):
    A = np.array([[1.0, 1.0], [1.0, 2.0], [1.0, 3.0], [1.0, 4.0]])
    B = np.array([[6.0, 1.0], [5.0, 2.0], [7.0, 2.5], [10.0, 4.0]])
    x, res, rank, sv = np.linalg.lstsq(A, B)
    return np.round(x, 10), np.round(res, 10), rank, np.round(sv, 10)


@snippet
def trace_diag_and_tensordot(np):
    a = np.arange(9.0).reshape(3, 3)
    b = np.arange(24.0).reshape(3, 2, 4)
    return (np.trace(a, offset=1), np.diag(a, k=-1), np.diagflat([1, 2], 1), np.tensordot(a, b, axes=([0], [0])).shape,
            np.tensordot(b, b, axes=([0, 1], [0, 1])).shape, np.einsum("ii->i", a), np.einsum("...ij,...jk->...ik", a, a)[0])
