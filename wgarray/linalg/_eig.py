"""The general eigendecomposition: eig and eigvals (the standard's 2025.12 functions and
numpy.linalg's), on the GPU through the geev engine (wgarray/_engines/eig_general.py)."""

from __future__ import annotations

from typing import NamedTuple


from .._array import Array
from .._engines import eig_general
from ._common import LinAlgError, matrices
from ._spectral import stacked, unstacked


class EigResult(NamedTuple):
    eigenvalues: Array
    eigenvectors: Array


def _solve(x, name: str, vectors: bool):
    x = matrices(x, name, square=True)
    operand, batch = stacked(x)
    w, v, status = eig_general.eig(operand, vectors)
    if (status == eig_general.NOT_FINITE).any():
        raise LinAlgError("Array must not contain infs or NaNs")
    if (status != eig_general.CONVERGED).any():
        raise LinAlgError("Eigenvalues did not converge")
    return unstacked(w, batch), (unstacked(v, batch) if vectors else None)


def eig(x, /) -> EigResult:
    """Eigenvalues and right eigenvectors of square matrices (..., n, n), as LAPACK's geev:
    the Hessenberg reduction, the shifted QR iteration and back substitution on the Schur form,
    all on the GPU. Each eigenvector (a column) has Euclidean norm 1 and its entry of largest
    modulus real (and positive); a real matrix's complex eigenvalues come in conjugate pairs,
    the one with positive imaginary part first, their eigenvectors conjugate.

    Both results are always complex (complex64 for float32 and complex64 input, complex128
    otherwise), as the array API standard asks; numpy.linalg.eig returns a real dtype when every
    eigenvalue is real. Integer input is computed in the default float, as NumPy's. Raises
    LinAlgError for non-square or non-finite input, or if the iteration does not converge."""
    w, v = _solve(x, "eig", vectors=True)
    return EigResult(w, v)


def eigvals(x, /) -> Array:
    """The eigenvalues of square matrices (..., n, n), always complex (see eig)."""
    return _solve(x, "eigvals", vectors=False)[0]
