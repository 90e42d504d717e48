"""wgarray.polynomial: numpy.polynomial's Polynomial (power series, lowest power first, with domain
and window), and the legacy poly1d API in _poly1d.py (re-exported by the package root). This package
sits above linalg: roots are eigenvalues, fits are least squares."""

from ._poly1d import FUNCTIONS as LEGACY
from ._series import Polynomial

__all__ = ["Polynomial"]
