"""The linalg extension of the array API standard (2025.12), with NumPy's numpy.linalg on top.

Every factorisation runs as WGSL kernels on the device (wgarray/_engines); this package holds
the functions users call: input checks, batching over leading dimensions, and the results.
"""

from .._api.linear_algebra_functions import matmul, matrix_transpose, tensordot, vecdot
from ._basic import cross, diagonal, multi_dot, outer, trace, vector_norm
from ._cholesky import cholesky
from ._common import LinAlgError
from ._cond import cond
from ._eig import EigResult, eig, eigvals
from ._lstsq import lstsq, matrix_rank, pinv
from ._lu import SlogdetResult, det, inv, matrix_power, slogdet, solve, tensorinv, tensorsolve
from ._norms import matrix_norm, norm
from ._qr import QRResult, qr
from ._spectral import EighResult, SVDResult, eigh, eigvalsh, svd, svdvals

__all__ = ["EigResult", "EighResult", "LinAlgError", "QRResult", "SVDResult", "SlogdetResult", "cholesky", "cond",
           "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv", "lstsq", "matmul", "matrix_norm",
           "matrix_power", "matrix_rank", "matrix_transpose", "multi_dot", "norm", "outer", "pinv", "qr", "slogdet",
           "solve", "svd", "svdvals", "tensordot", "tensorinv", "tensorsolve", "trace", "vecdot", "vector_norm"]
