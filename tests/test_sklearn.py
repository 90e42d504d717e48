"""scikit-learn's array API dispatch on wgarray inputs matches its NumPy path.

pairwise_distances with n_jobs > 1 splits Y into slices and runs one per joblib worker with
backend="threading" (sklearn.metrics.pairwise._parallel_pairwise): every worker reads the
shared X and writes its slice into one shared wgarray result, so these tests also check that
wgarray stays correct when several threads record, read back and assign at once.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

# sklearn refuses array_api_dispatch without SCIPY_ARRAY_API=1, which conftest.py sets.

sklearn = pytest.importorskip("sklearn")
pytest.importorskip("scipy")

from joblib import effective_n_jobs  # noqa: E402
from sklearn import metrics, preprocessing  # noqa: E402
from sklearn.metrics import pairwise  # noqa: E402
from sklearn.utils import check_array, check_consistent_length, resample, shuffle  # noqa: E402
from sklearn.utils.extmath import row_norms, softmax  # noqa: E402
from sklearn.utils.multiclass import type_of_target, unique_labels  # noqa: E402

import wgarray  # noqa: E402

FLOATS = (np.float32, np.float64)
# sklearn's euclidean path upcasts float32 chunks to float64; cosine and manhattan stay in float32.
TOL = {np.float32: dict(rtol=2e-6, atol=2e-6), np.float64: dict(rtol=1e-12, atol=1e-12)}
# The metrics whose functions sklearn runs through the array API namespace (the documented ones
# are cosine, euclidean and l2; manhattan and its aliases are array-API code as well).
METRICS = ("euclidean", "l2", "cosine", "manhattan", "cityblock", "l1")
NEEDS_LINALG = pytest.mark.skipif(
    not all(hasattr(getattr(wgarray, "linalg", None), f) for f in ("svd", "eigh", "cholesky", "solve")),
    reason="needs xp.linalg.svd/eigh/cholesky/solve, which wgarray.linalg does not have yet")


@pytest.fixture
def dispatch():
    with sklearn.config_context(array_api_dispatch=True):
        yield


def data(shape, dtype, seed):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def to_host(result):
    """A sklearn result (wgarray, ndarray, Python scalar or a tuple of them) as NumPy."""
    if isinstance(result, (tuple, list)):
        return [to_host(r) for r in result]
    return np.asarray(result)


def assert_close(got, expected, dtype=np.float64):
    if isinstance(expected, (tuple, list)):
        assert len(got) == len(expected)
        for g, e in zip(got, expected):
            assert_close(g, e, dtype)
        return
    got = to_host(got)
    expected = np.asarray(expected)
    assert got.shape == expected.shape
    np.testing.assert_allclose(got.astype(np.float64), expected.astype(np.float64), **TOL[dtype])


# -- pairwise_distances -------------------------------------------------------------------------


@pytest.fixture
def worker_threads(monkeypatch):
    """Records the thread of every slice that _parallel_pairwise hands to joblib."""
    seen = []
    original = pairwise._transposed_dist_wrapper

    def recording(*args, **kwargs):
        seen.append(threading.get_ident())
        return original(*args, **kwargs)

    monkeypatch.setattr(pairwise, "_transposed_dist_wrapper", recording)
    return seen


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("metric", METRICS)
@pytest.mark.parametrize("n_jobs", (1, 2))
def test_pairwise_distances_matches_numpy(metric, dtype, n_jobs, worker_threads):
    X, Y = data((67, 9), dtype, 1), data((53, 9), dtype, 2)
    expected = metrics.pairwise_distances(X, Y, metric=metric, n_jobs=n_jobs)
    assert len(worker_threads) == (n_jobs if n_jobs > 1 else 0)
    worker_threads.clear()
    with sklearn.config_context(array_api_dispatch=True):
        got = metrics.pairwise_distances(wgarray.asarray(X), wgarray.asarray(Y), metric=metric, n_jobs=n_jobs)
    assert isinstance(got, wgarray.Array)
    assert got.dtype == wgarray.asarray(X).dtype and got.shape == (67, 53)
    assert_close(got, expected, dtype)
    if n_jobs > 1:  # joblib's threading backend: each slice ran in a worker thread of this process
        assert len(worker_threads) == n_jobs
        assert threading.main_thread().ident not in worker_threads


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("metric", ("euclidean", "cosine", "manhattan"))
def test_pairwise_distances_of_x_with_itself(metric, dtype, dispatch):
    """Y=None: the threads share one input; euclidean then zeroes the diagonal (_fill_diagonal)."""
    X = data((41, 5), dtype, 3)
    with sklearn.config_context(array_api_dispatch=False):
        expected = metrics.pairwise_distances(X, metric=metric, n_jobs=2)
    got = metrics.pairwise_distances(wgarray.asarray(X), metric=metric, n_jobs=2)
    assert_close(got, expected, dtype)
    if metric == "euclidean":
        assert not np.diag(np.asarray(got)).any()


@pytest.mark.parametrize("n_jobs", (2, 4, -1))
def test_pairwise_distances_more_slices_than_cores(n_jobs, dispatch, worker_threads):
    X, Y = data((130, 16), np.float64, 4), data((211, 16), np.float64, 5)
    with sklearn.config_context(array_api_dispatch=False):
        expected = metrics.pairwise_distances(X, Y, n_jobs=1)
    worker_threads.clear()
    got = metrics.pairwise_distances(wgarray.asarray(X), wgarray.asarray(Y), n_jobs=n_jobs)
    assert_close(got, expected)
    jobs = effective_n_jobs(n_jobs)
    assert len(worker_threads) == (jobs if jobs > 1 else 0)


def test_pairwise_distances_from_several_threads_at_once(dispatch):
    """Four caller threads, each running pairwise_distances(n_jobs=2) on its own data and on a
    shared X: up to eight threads record into the one device at once."""
    shared = data((48, 7), np.float32, 6)
    shared_dev = wgarray.asarray(shared)
    errors = []

    def work(i):
        try:
            with sklearn.config_context(array_api_dispatch=True):  # the config is per thread
                for round_ in range(6):
                    metric = METRICS[(i + round_) % len(METRICS)]
                    Y = data((29 + i, 7), np.float32, 100 * i + round_)
                    got = metrics.pairwise_distances(shared_dev, wgarray.asarray(Y), metric=metric, n_jobs=2)
                    with sklearn.config_context(array_api_dispatch=False):
                        expected = metrics.pairwise_distances(shared, Y, metric=metric, n_jobs=1)
                    assert_close(got, expected, np.float32)
        except BaseException as e:  # reported in the test's thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in threads), "a thread hung"
    if errors:
        raise errors[0]


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("name, kwargs", [
    ("euclidean_distances", {}), ("euclidean_distances", {"squared": True}), ("cosine_distances", {}),
    ("cosine_similarity", {}), ("manhattan_distances", {}), ("linear_kernel", {}), ("polynomial_kernel", {}),
    ("rbf_kernel", {}), ("sigmoid_kernel", {}),
])
def test_pairwise_functions(name, kwargs, dtype, dispatch):
    X, Y = data((23, 6), dtype, 7), data((17, 6), dtype, 8)
    func = getattr(pairwise, name)
    with sklearn.config_context(array_api_dispatch=False):
        expected = func(X, Y, **kwargs)
    got = func(wgarray.asarray(X), wgarray.asarray(Y), **kwargs)
    assert isinstance(got, wgarray.Array)
    assert_close(got, expected, dtype)


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
def test_kernels_and_paired_distances(dtype, dispatch):
    X, Y = data((23, 6), dtype, 9), data((23, 6), dtype, 10)
    A, B = np.abs(X), np.abs(Y)
    cases = [
        (pairwise.chi2_kernel, (A, B), {}), (pairwise.additive_chi2_kernel, (A, B), {}),
        (pairwise.paired_euclidean_distances, (X, Y), {}), (pairwise.paired_cosine_distances, (X, Y), {}),
        (pairwise.pairwise_kernels, (X, Y), {"metric": "rbf", "n_jobs": 2}),
        (pairwise.pairwise_kernels, (X, Y), {"metric": "polynomial", "n_jobs": 2}),
    ]
    for func, args, kwargs in cases:
        with sklearn.config_context(array_api_dispatch=False):
            expected = func(*args, **kwargs)
        got = func(*map(wgarray.asarray, args), **kwargs)
        assert isinstance(got, wgarray.Array), func.__name__
        assert_close(got, expected, dtype)


# -- preprocessing ------------------------------------------------------------------------------


SCALERS = {
    "MinMaxScaler": preprocessing.MinMaxScaler,
    "MinMaxScaler(-1, 2)": lambda: preprocessing.MinMaxScaler(feature_range=(-1, 2)),
    "StandardScaler": preprocessing.StandardScaler,
    "StandardScaler(with_mean=False)": lambda: preprocessing.StandardScaler(with_mean=False),
    "MaxAbsScaler": preprocessing.MaxAbsScaler,
}


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("name", SCALERS)
def test_scalers(name, dtype, dispatch):
    X, X2 = data((50, 4), dtype, 11) * 3 + 1, data((20, 4), dtype, 12)
    with sklearn.config_context(array_api_dispatch=False):
        ref = SCALERS[name]().fit(X)
        expected = [ref.transform(X2), ref.inverse_transform(ref.transform(X2))]
    est = SCALERS[name]().fit(wgarray.asarray(X))
    got = est.transform(wgarray.asarray(X2))
    assert isinstance(got, wgarray.Array) and got.dtype == wgarray.asarray(X2).dtype
    assert_close([got, est.inverse_transform(got)], expected, dtype)
    for attr in ("scale_", "min_", "mean_", "var_", "max_abs_", "data_min_", "data_max_"):
        if getattr(ref, attr, None) is not None:
            assert_close(getattr(est, attr), getattr(ref, attr), dtype)


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
def test_other_transformers(dtype, dispatch):
    X = data((30, 4), dtype, 13)
    cases = [
        (lambda: preprocessing.Normalizer(), X), (lambda: preprocessing.Normalizer(norm="l1"), X),
        (lambda: preprocessing.Normalizer(norm="max"), X), (lambda: preprocessing.Binarizer(threshold=0.2), X),
        (lambda: preprocessing.PolynomialFeatures(2), X), (lambda: preprocessing.KernelCenterer(), X @ X.T),
    ]
    for make, host in cases:
        with sklearn.config_context(array_api_dispatch=False):
            expected = make().fit_transform(host)
        got = make().fit_transform(wgarray.asarray(host))
        assert isinstance(got, wgarray.Array), make
        assert_close(got, expected, dtype)


def test_label_encoder(dispatch):
    y = np.array([5, 3, 3, 9, 5, 0, 9], np.int64)
    enc = preprocessing.LabelEncoder().fit(wgarray.asarray(y))
    np.testing.assert_array_equal(np.asarray(enc.classes_), [0, 3, 5, 9])
    codes = enc.transform(wgarray.asarray(y))
    np.testing.assert_array_equal(np.asarray(codes), [2, 1, 1, 3, 2, 0, 3])
    np.testing.assert_array_equal(np.asarray(enc.inverse_transform(codes)), y)


# -- metrics ------------------------------------------------------------------------------------


def classification_data():
    rng = np.random.default_rng(14)
    y_true = rng.integers(0, 3, 60)
    y_pred = y_true.copy()
    y_pred[::4] = (y_pred[::4] + 1) % 3
    return y_true, y_pred


CLASSIFICATION = [
    ("accuracy_score", {}), ("accuracy_score", {"normalize": False}), ("zero_one_loss", {}), ("hamming_loss", {}),
    ("f1_score", {"average": "macro"}), ("fbeta_score", {"beta": 0.5, "average": "weighted"}),
    ("precision_score", {"average": "micro"}), ("recall_score", {"average": None}),
    ("jaccard_score", {"average": "macro"}), ("confusion_matrix", {}), ("multilabel_confusion_matrix", {}),
]


@pytest.mark.parametrize("name, kwargs", CLASSIFICATION,
                         ids=[name + "".join(f"-{k}={v}" for k, v in kw.items()) for name, kw in CLASSIFICATION])
def test_classification_metrics(name, kwargs, dispatch):
    y_true, y_pred = classification_data()
    func = getattr(metrics, name)
    with sklearn.config_context(array_api_dispatch=False):
        expected = func(y_true, y_pred, **kwargs)
    got = func(wgarray.asarray(y_true), wgarray.asarray(y_pred), **kwargs)
    if np.ndim(expected):
        assert isinstance(got, wgarray.Array)
        np.testing.assert_allclose(np.asarray(got), expected, rtol=1e-12)
    else:
        assert isinstance(got, float) or float(got) == got
        assert float(got) == pytest.approx(float(expected), rel=1e-12)


REGRESSION = [
    "r2_score", "mean_squared_error", "root_mean_squared_error", "mean_absolute_error", "median_absolute_error",
    "max_error", "explained_variance_score", "mean_pinball_loss", "mean_absolute_percentage_error",
    "mean_squared_log_error", "mean_poisson_deviance", "mean_gamma_deviance", "d2_tweedie_score",
]


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("name", REGRESSION)
def test_regression_metrics(name, dtype, dispatch):
    rng = np.random.default_rng(15)
    y_true = (1 + rng.random(80) * 4).astype(dtype)  # positive: the log and deviance metrics need it
    y_pred = (y_true + 0.3 * rng.standard_normal(80)).clip(0.1).astype(dtype)
    func = getattr(metrics, name)
    with sklearn.config_context(array_api_dispatch=False):
        expected = func(y_true, y_pred)
    got = func(wgarray.asarray(y_true), wgarray.asarray(y_pred))
    assert float(got) == pytest.approx(float(expected), rel=1e-5 if dtype == np.float32 else 1e-12)


def test_multioutput_regression_metrics(dispatch):
    rng = np.random.default_rng(16)
    y_true = rng.standard_normal((40, 3))
    y_pred = y_true + 0.2 * rng.standard_normal((40, 3))
    for name in ("r2_score", "mean_squared_error", "mean_absolute_error"):
        func = getattr(metrics, name)
        with sklearn.config_context(array_api_dispatch=False):
            expected = func(y_true, y_pred, multioutput="raw_values")
        got = func(wgarray.asarray(y_true), wgarray.asarray(y_pred), multioutput="raw_values")
        assert isinstance(got, wgarray.Array), name
        assert_close(got, expected)


def probability_data():
    rng = np.random.default_rng(17)
    y = rng.integers(0, 3, 50)
    proba = rng.random((50, 3)) + 0.05
    proba /= proba.sum(axis=1, keepdims=True)
    return y, proba


def test_probabilistic_metrics(dispatch):
    y, proba = probability_data()
    binary = (y > 0).astype(np.int64)
    cases = [
        (metrics.log_loss, (y, proba)), (metrics.d2_log_loss_score, (y, proba)),
        (metrics.brier_score_loss, (binary, proba[:, 1])),
    ]
    for func, args in cases:
        with sklearn.config_context(array_api_dispatch=False):
            expected = func(*args)
        got = func(*map(wgarray.asarray, args))
        assert float(got) == pytest.approx(float(expected), rel=1e-12), func.__name__


def test_curves(dispatch):
    y, proba = probability_data()
    binary, score = (y > 0).astype(np.int64), proba[:, 1]
    for func, kwargs in ((metrics.precision_recall_curve, {}), (metrics.roc_curve, {"drop_intermediate": False})):
        with sklearn.config_context(array_api_dispatch=False):
            expected = func(binary, score, **kwargs)
        got = func(wgarray.asarray(binary), wgarray.asarray(score), **kwargs)
        assert all(isinstance(g, wgarray.Array) for g in got), func.__name__
        assert_close(got, expected)


# scikit-learn 1.9's roc_curve calls xp.diff(fps, 2): n positionally, as NumPy allows (wgarray too).
def test_roc_curve_dropping_intermediate_thresholds(dispatch):
    y, proba = probability_data()
    binary, score = (y > 0).astype(np.int64), proba[:, 1]
    with sklearn.config_context(array_api_dispatch=False):
        expected = metrics.roc_curve(binary, score)
    assert_close(metrics.roc_curve(wgarray.asarray(binary), wgarray.asarray(score)), expected)


def test_contingency_matrix(dispatch):
    y_true, y_pred = classification_data()
    expected = metrics.cluster.contingency_matrix(y_true, y_pred)
    got = metrics.cluster.contingency_matrix(wgarray.asarray(y_true), wgarray.asarray(y_pred))
    np.testing.assert_array_equal(np.asarray(got), expected)


# -- utils and model selection ------------------------------------------------------------------


def test_utils(dispatch):
    X = data((12, 3), np.float64, 18)
    y_true, y_pred = classification_data()
    Xd = wgarray.asarray(X)

    checked = check_array(Xd)
    assert isinstance(checked, wgarray.Array)
    np.testing.assert_array_equal(np.asarray(checked), X)
    check_consistent_length(Xd, Xd[:, 0])
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        check_consistent_length(Xd, Xd[:5, 0])
    np.testing.assert_array_equal(np.asarray(unique_labels(wgarray.asarray(y_true), wgarray.asarray(y_pred))), [0, 1, 2])
    assert type_of_target(wgarray.asarray(y_true)) == "multiclass"
    assert type_of_target(wgarray.asarray((y_true > 0).astype(np.int64))) == "binary"
    assert type_of_target(Xd) == "continuous-multioutput"
    assert_close(row_norms(Xd), row_norms(X))
    assert_close(row_norms(Xd, squared=True), row_norms(X, squared=True))
    assert_close(softmax(Xd), softmax(X))
    with sklearn.config_context(array_api_dispatch=False):
        expected = [resample(X, random_state=0), shuffle(X, random_state=0)]
    assert_close([resample(Xd, random_state=0), shuffle(Xd, random_state=0)], expected)


def test_train_test_split(dispatch):
    from sklearn.model_selection import train_test_split

    X = data((30, 4), np.float32, 19)
    y = np.arange(30)
    expected = train_test_split(X, y, test_size=0.3, random_state=0)
    got = train_test_split(wgarray.asarray(X), wgarray.asarray(y), test_size=0.3, random_state=0)
    assert all(isinstance(g, wgarray.Array) for g in got)
    for g, e in zip(got, expected):
        np.testing.assert_array_equal(np.asarray(g), e)


# -- estimators that need linalg ----------------------------------------------------------------


@NEEDS_LINALG
@pytest.mark.parametrize("make", [
    pytest.param(lambda: __import__("sklearn.decomposition").decomposition.PCA(2, svd_solver="full"), id="PCA-full"),
    pytest.param(lambda: __import__("sklearn.decomposition").decomposition.PCA(2, svd_solver="covariance_eigh"),
                 id="PCA-covariance_eigh"),
])
def test_pca(make, dispatch):
    X = data((40, 5), np.float64, 20)
    with sklearn.config_context(array_api_dispatch=False):
        expected = np.abs(make().fit_transform(X))  # component signs are arbitrary
    assert_close(np.abs(np.asarray(make().fit_transform(wgarray.asarray(X)))), expected)


@NEEDS_LINALG
def test_ridge_and_lda(dispatch):
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.linear_model import Ridge

    X = data((40, 5), np.float64, 21)
    y_true, _ = classification_data()
    y, target = y_true[:40], X @ np.arange(1.0, 6.0)
    with sklearn.config_context(array_api_dispatch=False):
        ridge = Ridge(solver="svd").fit(X, target).predict(X)
        lda = LinearDiscriminantAnalysis().fit(X, y).predict(X)
    assert_close(Ridge(solver="svd").fit(wgarray.asarray(X), wgarray.asarray(target)).predict(wgarray.asarray(X)), ridge)
    got = LinearDiscriminantAnalysis().fit(wgarray.asarray(X), wgarray.asarray(y)).predict(wgarray.asarray(X))
    np.testing.assert_array_equal(np.asarray(got), lda)
