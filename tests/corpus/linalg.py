"""numpy.linalg as analysis code uses it: fits, norms, solves, decompositions (compared through
sign-free quantities, since a factor's signs are LAPACK's choice)."""

from . import snippet


@snippet(ulps=64)
def least_squares_fit(np):
    x = np.linspace(0, 1, 10)
    A = np.stack([x, np.ones_like(x)], axis=1)
    coef, *_ = np.linalg.lstsq(A, 2 * x + 1 + 0.1 * np.sin(7 * x), rcond=None)
    return coef


@snippet(ulps=64)
def vector_norms(np):
    X = np.array([[3.0, 4.0], [1.0, 1.0]])
    return np.linalg.norm(X, axis=1), np.linalg.norm(X)


@snippet(ulps=64)
def solve_small_system(np):
    A = np.array([[3.0, 1.0], [1.0, 2.0]])
    return np.linalg.solve(A, np.array([9.0, 8.0])), np.linalg.det(A)


@snippet(ulps=256)
def pca_explained_variance(np):
    t = np.linspace(0, 1, 50)
    X = np.stack([t, 2 * t + 0.1 * np.sin(9 * t), np.cos(3 * t)], axis=1)
    Xc = X - X.mean(axis=0)
    s = np.linalg.svd(Xc, compute_uv=False)
    return s ** 2 / np.sum(s ** 2)


@snippet(ulps=256)
def covariance_eigenvalues(np):
    t = np.linspace(-1, 1, 40)
    data = np.stack([t, t ** 2 + 0.3, np.sin(2 * t)])
    w, v = np.linalg.eigh(np.cov(data))
    reconstructed = (v * w) @ v.T
    return w, reconstructed


@snippet(ulps=256)
def ridge_regression_closed_form(np):
    x = np.linspace(0, 2, 30)
    X = np.stack([np.ones_like(x), x, x ** 2], axis=1)
    y = 1.5 - 0.5 * x + 0.25 * x ** 2 + 0.05 * np.cos(11 * x)
    lam = 0.1
    return np.linalg.inv(X.T @ X + lam * np.eye(3)) @ X.T @ y


@snippet(ulps=256)
def cholesky_whitening(np):
    C = np.array([[4.0, 1.2, 0.4], [1.2, 3.0, 0.5], [0.4, 0.5, 2.0]])
    L = np.linalg.cholesky(C)
    Linv = np.linalg.inv(L)
    return L, Linv @ C @ Linv.T


@snippet(ulps=256)
def qr_projection_and_rank(np):
    A = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.5], [7.0, 8.0, 10.0], [1.0, 0.0, 1.0]])
    q, r = np.linalg.qr(A)
    projector = q @ q.T
    return projector, np.abs(np.diag(r)), np.linalg.matrix_rank(A), np.linalg.cond(A)


@snippet(ulps=256)
def matrix_powers_and_pinv(np):
    M = np.array([[0.9, 0.1], [0.2, 0.8]])
    steady = np.linalg.matrix_power(M, 50)[0]
    B = np.array([[1.0, 2.0], [2.0, 4.0], [0.5, 1.0]])
    return steady, np.linalg.pinv(B) @ B, np.linalg.slogdet(M)


@snippet(ulps=1024)
def markov_stationary_distribution(np):
    P = np.array([[0.9, 0.075, 0.025], [0.15, 0.8, 0.05], [0.25, 0.25, 0.5]])
    w, v = np.linalg.eig(P.T)
    k = np.argmin(np.abs(w - 1))
    stationary = np.real(v[:, k] / np.sum(v[:, k]))
    return np.round(stationary, 8)


@snippet(ulps=256)
def rotation_eigenvalues(np):
    theta = np.pi / 6
    R = np.array([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
    w = np.linalg.eigvals(R)
    return np.round(np.sort_complex(w), 10), np.round(np.abs(w), 10)
