"""Snippets that need linalg, fft or random: out of scope for now and scored separately."""

from . import snippet


@snippet(needs="linalg")
def least_squares_fit(np):
    x = np.linspace(0, 1, 10)
    A = np.stack([x, np.ones_like(x)], axis=1)
    coef, *_ = np.linalg.lstsq(A, 2 * x + 1, rcond=None)
    return coef


@snippet(needs="linalg", ulps=64)
def vector_norms(np):
    X = np.array([[3.0, 4.0], [1.0, 1.0]])
    return np.linalg.norm(X, axis=1), np.linalg.norm(X)


@snippet(needs="linalg", ulps=64)
def solve_small_system(np):
    A = np.array([[3.0, 1.0], [1.0, 2.0]])
    return np.linalg.solve(A, np.array([9.0, 8.0])), np.linalg.det(A)


@snippet(needs="fft", ulps=64)
def power_spectrum(np):
    t = np.arange(16)
    signal = np.sin(2 * np.pi * t / 4)
    return np.abs(np.fft.rfft(signal)) ** 2


@snippet(needs="random")
def seeded_sample_shape(np):
    rng = np.random.default_rng(0)
    return rng.random((3, 2)).shape
