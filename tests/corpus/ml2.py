"""Machine learning by hand: k-means, kNN, PCA, regressions with lstsq/solve/pinv, scaling, losses."""

from . import snippet


def _data(np):
    return np.array([[1.0, 2.0], [1.5, 1.8], [5.0, 8.0], [8.0, 8.0], [1.0, 0.6], [9.0, 11.0],
                     [8.0, 2.0], [10.0, 2.0], [9.0, 3.0]])


@snippet
def kmeans_fixed_init(np):
    X = _data(np)
    C = X[[0, 2, 6]].copy()
    for _ in range(5):
        d = ((X[:, None, :] - C[None]) ** 2).sum(-1)
        lab = d.argmin(1)
        C = np.array([X[lab == k].mean(axis=0) for k in range(3)])
    return lab, np.round(C, 10)


@snippet
def knn_classify(np):
    X = _data(np)
    y = np.array([0, 0, 1, 1, 0, 1, 2, 2, 2])
    q = np.array([[2.0, 2.0], [9.0, 9.0], [8.5, 2.5]])
    d = np.linalg.norm(X[None] - q[:, None], axis=-1)
    nn = np.argsort(d, axis=1)[:, :3]
    votes = y[nn]
    return nn, np.array([np.bincount(v, minlength=3).argmax() for v in votes])


@snippet
def knn_argpartition(np):
    X = _data(np)
    d = np.sum((X - X[0]) ** 2, axis=1)
    k = np.argpartition(d, 3)[:3]
    return np.sort(k), np.sort(d[k])


@snippet
def pca_by_svd(np):
    X = _data(np)
    Xc = X - X.mean(0)
    U, S, Vt = np.linalg.svd(Xc, full_matrices=False)
    explained = S ** 2 / (S ** 2).sum()
    proj = np.abs(Xc @ Vt[0])
    return np.round(explained, 10), np.round(proj, 8), U.shape


@snippet
def pca_by_eigh(np):
    X = _data(np)
    C = np.cov(X.T)
    w, V = np.linalg.eigh(C)
    order = w.argsort()[::-1]
    return np.round(w[order], 10), np.round(np.abs(V[:, order]), 10)


@snippet
def linear_regression_lstsq(np):
    x = np.array([0.0, 1.0, 2.0, 3.0, 4.0])
    y = np.array([1.1, 2.9, 5.2, 7.1, 8.8])
    A = np.vstack([x, np.ones_like(x)]).T
    (m, c), res, rank, sv = np.linalg.lstsq(A, y, rcond=None)
    return round(m, 10), round(c, 10), rank, np.round(res, 10)


@snippet
def normal_equations_solve(np):
    rng_x = np.linspace(-1, 1, 8)
    X = np.column_stack([np.ones(8), rng_x, rng_x ** 2])
    y = 2 - rng_x + 0.5 * rng_x ** 2
    beta = np.linalg.solve(X.T @ X, X.T @ y)
    return np.round(beta, 10), np.round(np.linalg.pinv(X) @ y, 10)


@snippet
def ridge_regression(np):
    X = _data(np)
    y = X[:, 0] * 0.5 + X[:, 1] * 0.25
    lam = 0.1
    w = np.linalg.inv(X.T @ X + lam * np.eye(2)) @ X.T @ y
    return np.round(w, 10)


@snippet
def standard_and_minmax_scaling(np):
    X = _data(np)
    z = (X - X.mean(axis=0)) / X.std(axis=0)
    mm = (X - X.min(0)) / (X.max(0) - X.min(0))
    return np.round(z, 12), mm, np.allclose(z.mean(0), 0)


@snippet
def logistic_regression_steps(np):
    X = np.c_[np.ones(6), np.array([-2.0, -1.0, -0.5, 0.5, 1.0, 2.0])]
    y = np.array([0, 0, 0, 1, 1, 1])
    w = np.zeros(2)
    for _ in range(20):
        p = 1 / (1 + np.exp(-X @ w))
        w -= 0.5 * X.T @ (p - y) / len(y)
    return np.round(w, 10), (p > 0.5).astype(int)


@snippet
def softmax_cross_entropy(np):
    logits = np.array([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]], dtype=np.float32)
    z = logits - logits.max(axis=1, keepdims=True)
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    y = np.array([0, 1])
    loss = -np.log(p[np.arange(2), y]).mean()
    return p, loss, loss.dtype


@snippet
def confusion_matrix(np):
    y_true = np.array([0, 1, 2, 2, 1, 0, 1])
    y_pred = np.array([0, 2, 2, 2, 1, 0, 0])
    cm = np.zeros((3, 3), dtype=int)
    np.add.at(cm, (y_true, y_pred), 1)
    acc = np.trace(cm) / cm.sum()
    return cm, acc, np.diag(cm) / cm.sum(axis=1)


@snippet
def train_test_split_by_permutation(np):
    rng = np.random.default_rng(0)
    idx = rng.permutation(20)
    train, test = idx[:15], idx[15:]
    return train.shape, test.shape, np.union1d(train, test).size, np.intersect1d(train, test).size


@snippet
def mini_batches(np):
    X = np.arange(20).reshape(10, 2)
    batches = np.array_split(X, 3)
    return [b.shape for b in batches], batches[-1], np.split(np.arange(9), [2, 5])


@snippet
def polyfit_and_polyval(np):
    x = np.linspace(0, 1, 6)
    y = 3 * x ** 2 - 2 * x + 1
    c = np.polyfit(x, y, 2)
    return np.round(c, 8), np.round(np.polyval(c, 0.5), 8)


@snippet
def cosine_similarity_matrix(np):
    X = _data(np)[:4]
    Xn = X / np.linalg.norm(X, axis=1)[:, None]
    return np.round(Xn @ Xn.T, 12)


@snippet
def relu_and_gradients(np):
    x = np.linspace(-2, 2, 9, dtype=np.float32)
    relu = np.maximum(x, 0)
    grad = (x > 0).astype(x.dtype)
    leaky = np.where(x > 0, x, 0.01 * x)
    return relu, grad, leaky, leaky.dtype
