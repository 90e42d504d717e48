"""Finite differences: derivatives, Laplacians, integration by trapezoids."""

from . import snippet


@snippet
def forward_difference(np):
    x = np.linspace(0, 1, 11)
    y = x ** 3
    return np.diff(y) / np.diff(x)


@snippet
def central_difference(np):
    x = np.linspace(0.0, np.pi, 21)
    y = np.sin(x)
    h = x[1] - x[0]
    return (y[2:] - y[:-2]) / (2 * h)


@snippet(ulps=16)
def gradient_function(np):
    x = np.linspace(0.0, 2.0, 9)
    return np.gradient(x ** 2, x)


@snippet
def second_difference(np):
    y = np.array([1.0, 4.0, 9.0, 16.0, 25.0, 36.0])
    return np.diff(y, n=2), y[2:] - 2 * y[1:-1] + y[:-2]


@snippet
def laplacian_2d(np):
    u = np.fromfunction(lambda i, j: (i - 3.0) ** 2 + (j - 2.0) ** 2, (6, 5))
    lap = u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 * u[1:-1, 1:-1]
    return lap


@snippet
def laplacian_with_roll(np):
    u = np.arange(20, dtype=np.float64).reshape(4, 5) ** 2
    return np.roll(u, 1, 0) + np.roll(u, -1, 0) + np.roll(u, 1, 1) + np.roll(u, -1, 1) - 4 * u


@snippet
def trapezoid_by_hand(np):
    x = np.linspace(0, 1, 101)
    y = x ** 2
    return ((y[1:] + y[:-1]) * np.diff(x)).sum() / 2


@snippet(ulps=16)
def trapezoid_function(np):
    x = np.linspace(0, 2, 41)
    return np.trapezoid(np.exp(-x), x)


@snippet
def diff_along_axis(np):
    m = np.array([[1, 4, 9], [16, 25, 36], [49, 64, 81]])
    return np.diff(m, axis=0), np.diff(m, axis=1)


@snippet
def diff_with_prepend(np):
    t = np.array([0.5, 1.5, 3.0, 3.5])
    return np.diff(t, prepend=0.0)


@snippet
def heat_equation_steps(np):
    u = np.zeros(12)
    u[5:7] = 1.0
    for _ in range(20):
        u[1:-1] = u[1:-1] + 0.25 * (u[2:] - 2 * u[1:-1] + u[:-2])
    return u


@snippet
def simpson_rule(np):
    x = np.linspace(0, np.pi, 21)
    y = np.sin(x)
    h = x[1] - x[0]
    return h / 3 * (y[0] + 4 * y[1:-1:2].sum() + 2 * y[2:-1:2].sum() + y[-1])


@snippet
def sign_changes_find_roots(np):
    x = np.linspace(-3, 3, 61)
    y = x ** 3 - 2 * x
    crossings = np.nonzero(np.diff(np.sign(y)))[0]
    return crossings, x[crossings]


@snippet(ulps=16)
def gradient_2d_field(np):
    y, x = np.mgrid[0:5, 0:6]
    field = (x - 2.5) ** 2 + 0.5 * (y - 2.0) ** 2
    gy, gx = np.gradient(field, 0.5, 0.25)
    return gy, gx, np.hypot(gx, gy).max()


@snippet(ulps=16)
def gradient_second_order_edges(np):
    t = np.linspace(0.0, 1.0, 11)
    return np.gradient(t ** 3, t[1] - t[0], edge_order=2)


@snippet(ulps=16)
def gradient_uneven_grid(np):
    x = np.array([0.0, 0.1, 0.3, 0.6, 1.0, 1.5])
    return np.gradient(np.exp(x), x), np.gradient(np.exp(x), x, edge_order=2)


@snippet
def gradient_of_integers_along_axis(np):
    counts = np.array([[1, 4, 9, 16], [2, 3, 5, 8]])
    return np.gradient(counts, axis=1)


@snippet(ulps=16)
def cumulative_trapezoid_by_hand(np):
    x = np.linspace(0.0, 2.0, 9)
    y = x ** 2
    areas = (y[1:] + y[:-1]) * np.diff(x) / 2
    return np.concatenate([[0.0], np.cumsum(areas)])


@snippet
def discrete_derivative_of_steps(np):
    signal = np.array([0, 0, 1, 1, 1, 0, 0, 1, 0])
    edges = np.diff(signal)
    return np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
