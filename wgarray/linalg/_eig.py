"""The general eigendecomposition: eig and eigvals (the standard's 2025.12 functions and
numpy.linalg's), on the GPU through the geev engine (wgarray/_engines/eig_general.py)."""

from __future__ import annotations

from typing import NamedTuple


from .._array import Array
from .._engines import eig_general
from ._common import LinAlgError, matrices
from ._spectral import stacked, unstacked


class EigResult(NamedTuple):
    """The result of ``eig``: the eigenvalues and the eigenvectors (a named tuple).

    Parameters
    ----------
    eigenvalues : Array
        The eigenvalues (..., N), complex.
    eigenvectors : Array
        The right eigenvectors as columns (..., N, N): ``eigenvectors[..., :, i]`` belongs to
        ``eigenvalues[..., i]``.

    Notes
    -----
    Dtypes: both fields are complex64 (for float32 and complex64 input) or complex128.

    GPU: none; a tuple of two arrays the GPU computed.
    """

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
    """Return the eigenvalues and right eigenvectors of each square matrix of a stack.

    As LAPACK's geev: each eigenvector (a column) has Euclidean norm 1 and its entry of
    largest modulus real; a real matrix's complex eigenvalues come in conjugate pairs, the one
    with positive imaginary part first, their eigenvectors conjugate.

    Parameters
    ----------
    x : array_like
        A stack of square matrices (..., N, N).

    Returns
    -------
    EigResult
        ``(eigenvalues, eigenvectors)``: the eigenvalues (..., N) and the eigenvectors as
        columns (..., N, N), both complex.

    Raises
    ------
    LinAlgError
        If ``x`` is not a stack of square matrices, holds inf or NaN, or the iteration does
        not converge.

    See Also
    --------
    eigvals, eigh

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.
    Both results are always complex (complex64 for float32 and complex64 input, complex128
    otherwise), as the array API standard asks; ``numpy.linalg.eig`` returns a real dtype when
    every eigenvalue is real.

    GPU: the geev engine, one workgroup per matrix: a Householder reduction to Hessenberg form,
    the shifted QR iteration to Schur form (in workgroup memory for N up to 32, 16 for
    complex128), back substitution for the eigenvectors. The iteration's length depends on the
    data: one host sync reads the status of the whole batch (more dispatches follow while a
    matrix still iterates).

    Examples
    --------
    >>> w, v = wg.linalg.eig(wg.asarray([[2.0, 0.0], [0.0, 3.0]]))
    >>> w
    array([2.+0.j, 3.+0.j])
    >>> v
    array([[1.+0.j, 0.+0.j],
           [0.+0.j, 1.+0.j]])
    """
    w, v = _solve(x, "eig", vectors=True)
    return EigResult(w, v)


def eigvals(x, /) -> Array:
    """Return the eigenvalues of each square matrix of a stack.

    Parameters
    ----------
    x : array_like
        A stack of square matrices (..., N, N).

    Returns
    -------
    Array
        The eigenvalues (..., N), always complex (see ``eig``), in LAPACK's order.

    Raises
    ------
    LinAlgError
        If ``x`` is not a stack of square matrices, holds inf or NaN, or the iteration does
        not converge.

    See Also
    --------
    eig, eigvalsh

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.
    The result is complex64 for float32 and complex64 input, complex128 otherwise
    (``numpy.linalg.eigvals`` returns a real dtype when every eigenvalue is real).

    GPU: as ``eig`` without the eigenvectors' back substitution; one host sync reads the
    iteration's status.

    Examples
    --------
    >>> wg.linalg.eigvals(wg.asarray([[0.0, -1.0], [1.0, 0.0]]))
    array([0.+1.j, 0.-1.j])
    """
    return _solve(x, "eigvals", vectors=False)[0]
