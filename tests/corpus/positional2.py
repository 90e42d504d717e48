"""NumPy-positional call styles: axis, dtype, out and friends passed positionally."""

from . import snippet


def _m(np):
    return np.arange(12.0).reshape(3, 4)


@snippet
def reductions_positional_axis(np):
    a = _m(np)
    return np.sum(a, 0), a.sum(1), np.mean(a, 1), a.max(0), np.min(a, 1), np.prod(a + 1, 0), a.std(0)


@snippet
def reductions_positional_dtype(np):
    a = np.arange(5, dtype=np.int8)
    return np.sum(a, 0, np.int64).dtype, a.cumsum(0, np.float32), np.mean(a, None, np.float32).dtype


@snippet
def concatenate_positional(np):
    a, b = np.ones((2, 2)), np.zeros((2, 1))
    return np.concatenate((a, b), 1), np.stack([a, a], 2).shape, np.append(a, b, 1).shape


@snippet
def argsort_positional(np):
    a = np.array([[3, 1, 2], [0, 5, 4]])
    return np.argsort(a, 0), np.sort(a, 0), a.argmax(1), np.argmin(a, 0), np.cumsum(a, 1)


@snippet
def linspace_positional(np):
    return np.linspace(0, 1, 5, False), np.linspace(0, 10, 4, True, True)[1], np.logspace(0, 2, 3), np.geomspace(1, 8, 4)


@snippet
def arange_positional(np):
    return np.arange(2, 10, 3), np.arange(5, dtype=float), np.arange(1.0, 2.0, 0.25), np.arange(10, 0, -3)


@snippet
def ufunc_positional_out(np):
    a = np.arange(4.0)
    out = np.zeros(4)
    r = np.multiply(a, 2, out)
    return out, r is out, np.add(a, 1, out=(np.empty(4),))


@snippet
def full_and_zeros_positional(np):
    return np.zeros((2, 2), int), np.full((2,), 7, np.uint8), np.ones(3, "f4"), np.eye(3, 4, 1), np.identity(2, bool)


@snippet
def diff_repeat_roll_positional(np):
    a = np.arange(10).reshape(2, 5)
    return np.diff(a, 1, 1), np.repeat(a, 2, 0).shape, np.roll(a, 2, 1), np.flip(a, 1), np.rot90(a, 1)


@snippet
def split_positional(np):
    a = np.arange(12).reshape(3, 4)
    return np.split(a, 2, 1), np.array_split(a, 2, 0)[0], np.hsplit(a, [1])[1].shape, np.vsplit(a, 3)[2]


@snippet
def percentile_positional(np):
    a = np.arange(11.0)
    return np.percentile(a, 25), np.quantile(a, [0.1, 0.9]), np.percentile(a.reshape(1, -1), 50, 1), np.median(a, 0)


@snippet
def clip_where_positional(np):
    a = np.arange(-3, 4)
    return np.clip(a, -1, 2), np.where(a > 0, a, 0), np.round(a / 3, 2), np.around(a / 7, 1)


@snippet
def swapaxes_moveaxis_positional(np):
    a = np.zeros((2, 3, 4))
    return np.swapaxes(a, 0, 1).shape, np.moveaxis(a, 0, -1).shape, np.expand_dims(a, 1).shape, np.squeeze(a[:1], 0).shape


@snippet
def astype_and_view_positional(np):
    a = np.arange(4)
    return a.astype(np.float32, "K").dtype, np.asarray(a, float).dtype, np.array(a, np.int8, copy=True).dtype


@snippet
def histogram_positional(np):
    a = np.array([1, 2, 2, 3, 3, 3, 7])
    return np.histogram(a, 3), np.histogram(a, [0, 2, 4, 8])[0]


@snippet
def tensordot_and_trace_positional(np):
    a = np.arange(24.0).reshape(2, 3, 4)
    return np.tensordot(a, np.ones((4, 3)), 1).shape, np.trace(a, 0, 1, 2), np.einsum("ijk->k", a)
