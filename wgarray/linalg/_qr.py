"""qr: the Householder QR factorisation, on the GPU (wgarray/_engines/qr.py)."""

from __future__ import annotations

import warnings
from typing import NamedTuple

from .._array import Array
from .._engines import qr as engine
from ._common import matrices


class QRResult(NamedTuple):
    """The result of ``qr``: the factors Q and R (a named tuple, the standard's field names).

    Parameters
    ----------
    Q : Array
        The matrices with orthonormal columns (..., M, K) (or (..., M, M) for mode='complete').
    R : Array
        The upper-triangular matrices (..., K, N) (or (..., M, N) for mode='complete').

    Notes
    -----
    Dtypes: both factors are of the input's computing dtype (float32, float64, complex64 or
    complex128).

    GPU: none; a tuple of two arrays the GPU computed.
    """

    Q: Array
    R: Array


_DEPRECATED = {"f": "reduced", "full": "reduced", "e": "economic", "economic": "economic"}


def qr(x, /, *, mode: str = "reduced"):
    """Return the QR factorisation ``x = Q R`` of each matrix of a stack.

    As ``numpy.linalg.qr``, by Householder reflections: R's diagonal is real and may be
    negative, as LAPACK's.

    Parameters
    ----------
    x : array_like
        A stack of matrices (..., M, N), at least 2-D.
    mode : {'reduced', 'complete', 'r', 'raw'}, optional
        'reduced' (the default): Q (..., M, K) and R (..., K, N), K = min(M, N); 'complete':
        Q (..., M, M) and R (..., M, N); 'r': R (..., K, N) alone; 'raw': ``(h, tau)``,
        LAPACK's reflectors as NumPy returns them (h (..., N, M), tau (..., K)). NumPy's
        deprecated 'full' and 'f' (as 'reduced') and 'economic' and 'e' are accepted with a
        DeprecationWarning.

    Returns
    -------
    QRResult or Array or tuple of Array
        ``QRResult(Q, R)`` for 'reduced' and 'complete', R for 'r', ``(h, tau)`` for 'raw', and
        for the deprecated 'economic' h untransposed (R and the reflectors, as NumPy's).

    Raises
    ------
    ValueError
        If ``mode`` is unknown.
    LinAlgError
        If ``x`` has fewer than 2 dimensions.

    See Also
    --------
    svd

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: the QR engine, blocked with the compact WY form, every matrix of the batch at once:
    a panel's reflectors come from TSQR on many workgroups (panels of at most 64 rows: one
    kernel, a workgroup per matrix), and matmuls update the columns to its right; Q is formed
    the same way from the identity. No host sync.

    Examples
    --------
    >>> q, r = wg.linalg.qr(wg.asarray([[3.0, 0.0], [4.0, 5.0]]))
    >>> wg.abs(wg.matmul(q, r) - wg.asarray([[3.0, 0.0], [4.0, 5.0]])).max() < 1e-12
    array(True)
    """
    if mode not in ("reduced", "complete", "r", "raw"):
        if mode not in _DEPRECATED:
            raise ValueError(f"Unrecognized mode '{mode}'")
        message = ("The 'full' option is deprecated in favor of 'reduced'.\nFor backward compatibility let mode default."
                   if _DEPRECATED[mode] == "reduced" else "The 'economic' option is deprecated.")
        warnings.warn(message, DeprecationWarning, stacklevel=2)
        mode = _DEPRECATED[mode]
    x = matrices(x, "qr")
    results = [Array._wrap(r) for r in engine.qr(x._data(), mode)]
    if mode in ("r", "economic"):
        return results[0]
    if mode == "raw":
        return tuple(results)
    return QRResult(*results)
