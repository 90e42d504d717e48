"""The linalg extension of the array API standard (2025.12), with NumPy's numpy.linalg on top.

Every factorisation runs as WGSL kernels on the device (wgarray/_engines); this package holds
the functions users call: input checks, batching over leading dimensions, and the results.
"""

from .._api.linear_algebra_functions import matmul, matrix_transpose, tensordot, vecdot
from ._common import LinAlgError
from ._lstsq import lstsq, matrix_rank, pinv
from ._norms import matrix_norm, norm
from ._spectral import EighResult, SVDResult, eigh, eigvalsh, svd, svdvals

__all__ = ["EighResult", "LinAlgError", "SVDResult", "eigh", "eigvalsh", "lstsq", "matmul", "matrix_norm", "matrix_rank",
           "matrix_transpose", "norm", "pinv", "svd", "svdvals", "tensordot", "vecdot"]
