"""cholesky: the Cholesky factor of Hermitian positive-definite matrices, on the GPU
(wgarray/_engines/cholesky.py)."""

from __future__ import annotations

from .._array import Array
from .._engines import cholesky as engine
from ._common import matrices, raise_if_any


def cholesky(x, /, *, upper: bool = False) -> Array:
    """The lower (or, with upper=True, upper) Cholesky factor of each matrix of x (..., n, n):
    A = L L^H (A = U^H U). Only the lower (upper) triangle of x is read, as in NumPy; a matrix
    that is not positive definite raises LinAlgError."""
    x = matrices(x, "cholesky", square=True)
    factor, failed = engine.cholesky(x._data(), upper=bool(upper))
    raise_if_any(Array._wrap(failed), "Matrix is not positive definite")
    return Array._wrap(factor)
