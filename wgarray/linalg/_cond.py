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
    """The condition number of each matrix of x in the norm p: the ratio of its extreme singular
    values for p in (None, 2, -2), otherwise norm(x, p) * norm(inv(x), p). As NumPy, a singular
    matrix gives inf (not an error), unless x itself holds NaN."""
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
