"""cholesky: the Cholesky factor of Hermitian positive-definite matrices, on the GPU
(wgarray/_engines/cholesky.py)."""

from __future__ import annotations

from .._array import Array
from .._engines import cholesky as engine
from ._common import matrices, raise_if_any


def cholesky(x, /, *, upper: bool = False) -> Array:
    """Return the Cholesky factor of each Hermitian positive-definite matrix of a stack.

    The lower factor L with ``A = L L^H`` (with ``upper=True`` the upper factor U with
    ``A = U^H U``). Only the lower (upper) triangle of ``x`` is read, as in NumPy.

    Parameters
    ----------
    x : array_like
        A stack of square Hermitian positive-definite matrices (..., N, N).
    upper : bool, optional
        Return the upper factor instead of the lower one (default False).

    Returns
    -------
    Array
        The factors, of ``x``'s shape, their other triangle zero.

    Raises
    ------
    LinAlgError
        If ``x`` is not a stack of square matrices, or a matrix is not positive definite.

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: one copy kernel (the triangle read, the other zeroed), then for matrices of order at
    most the block edge NB (64; 32 for complex128 on small adapters) one factorisation kernel
    (one workgroup per matrix); larger ones are factored blocked and right-looking, three
    dispatches per block of NB columns (the diagonal block, a triangular solve as a product,
    a fused trailing matmul update). One host sync reads
    the failure flags of the whole batch.

    Examples
    --------
    >>> wg.linalg.cholesky(wg.asarray([[4.0, 2.0], [2.0, 3.0]]))
    array([[2.        , 0.        ],
           [1.        , 1.41421356]])
    """
    x = matrices(x, "cholesky", square=True)
    factor, failed = engine.cholesky(x._data(), upper=bool(upper))
    raise_if_any(Array._wrap(failed), "Matrix is not positive definite")
    return Array._wrap(factor)
