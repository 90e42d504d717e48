"""NumPy's numpy.linalg.cond: the condition number of each matrix of a stack."""

from __future__ import annotations

from .._api.elementwise_functions import FUNCTIONS as _ELEMENTWISE
from .._api.elementwise_functions import where
from .._api.utility_functions import any as any_
from .._array import Array
from .._engines.lu import gesv
from ._common import LinAlgError, matrices
from ._norms import norm
from ._spectral import svdvals

_isnan = _ELEMENTWISE["isnan"]


def cond(x, p=None) -> Array:
    """Return the condition number of each matrix of a stack.

    In the norm ``p``: the ratio of the extreme singular values for ``p`` None, 2 or -2,
    otherwise ``norm(x, p) * norm(inv(x), p)``. As in NumPy, a singular matrix gives inf (not
    an error), unless the matrix itself holds NaN.

    Parameters
    ----------
    x : array_like
        A stack of matrices (..., M, N); square unless ``p`` is None, 2 or -2.
    p : {None, 1, -1, 2, -2, inf, -inf, 'fro', 'nuc'}, optional
        The norm (see ``norm``); None (the default) is the 2-norm.

    Returns
    -------
    Array
        The condition numbers, of shape (...) and ``x``'s real floating dtype.

    Raises
    ------
    LinAlgError
        If a matrix is empty, or not square for a ``p`` other than None, 2 and -2.

    See Also
    --------
    norm, svdvals

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: the singular values (see ``svdvals``, with its host sync), or an LU inverse (see
    ``inv``, but with no host sync: a singular matrix gives NaN, then inf, on the device) and
    the norms' map and fold kernels; map and fold kernels for the NaN and inf rules.

    Examples
    --------
    >>> wg.linalg.cond(wg.asarray([[1.0, 0.0], [0.0, 2.0]]))
    array(2.)
    """
    a = matrices(x, "cond")
    if a.shape[-1] == 0 or a.shape[-2] == 0:
        raise LinAlgError("cond is not defined on empty arrays")
    if p is None or p == 2 or p == -2:
        s = svdvals(a)
        largest, smallest = s[..., 0], s[..., -1]
        result = smallest / largest if p == -2 else largest / smallest
    else:
        if a.shape[-1] != a.shape[-2]:
            raise LinAlgError(f"cond: last 2 dimensions of the array must be square for p={p!r}; "
                              f"this array has shape {a.shape}")
        inverse, singular = gesv(a._data(), None)
        product = norm(a, p, axis=(-2, -1)) * norm(Array._wrap(inverse), p, axis=(-2, -1))
        result = where(Array._wrap(singular) != 0, float("nan"), product)
    # NaN results from singular or zero matrices are infinite, as NumPy makes them
    holds_nan = any_(_isnan(a), axis=(-2, -1))
    return where(_isnan(result) & ~holds_nan, float("inf"), result)
