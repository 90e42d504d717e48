"""qr: the Householder QR factorisation, on the GPU (wgarray/_engines/qr.py)."""

from __future__ import annotations

import warnings
from typing import NamedTuple

from .._array import Array
from .._engines import qr as engine
from ._common import matrices


class QRResult(NamedTuple):
    """numpy.linalg.qr's result (the standard's field names)."""

    Q: Array
    R: Array


_DEPRECATED = {"f": "reduced", "full": "reduced", "e": "economic", "economic": "economic"}


def qr(x, /, *, mode: str = "reduced"):
    """The QR factorisation of each matrix of x (..., m, n), as numpy.linalg.qr: mode 'reduced'
    (Q (..., m, k), R (..., k, n), k = min(m, n)) or 'complete' (Q (..., m, m), R (..., m, n))
    give QRResult(Q, R); 'r' gives R (..., k, n) alone; 'raw' gives (h, tau), LAPACK's
    reflectors as NumPy returns them (h of shape (..., n, m), tau (..., k)). R's diagonal is
    real, and may be negative, as LAPACK's."""
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
