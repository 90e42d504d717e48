"""wgarray.polynomial: numpy.polynomial's function modules (polynomial, chebyshev, legendre:
coefficients lowest degree first) and classes (Polynomial, Chebyshev, Legendre: a series over a
domain mapped onto a window), and the legacy poly1d API in _poly1d.py (re-exported by the package
root). This package sits above linalg: roots are eigenvalues, fits are least squares."""

from . import _poly1d, _poly1d_docs, _series_docs  # the docs modules set numpydoc docstrings on import
from .chebyshev import Chebyshev
from .legendre import Legendre
from .polynomial import Polynomial

LEGACY = _poly1d.FUNCTIONS  # poly1d, polyfit, roots, ...: the package root exports them

__all__ = ["Chebyshev", "Legendre", "Polynomial"]

del _poly1d_docs, _series_docs  # (kept in sys.modules; only their side effect matters)
