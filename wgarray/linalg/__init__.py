"""The linalg extension of the array API standard (2025.12), with NumPy's numpy.linalg on top.

Every factorisation runs as WGSL kernels on the device (wgarray/_engines); this package holds
the functions users call: input checks, batching over leading dimensions, and the results.
"""

from .._api.linear_algebra_functions import matmul, matrix_transpose, tensordot, vecdot
from ._basic import cross, diagonal, multi_dot, outer, trace, vector_norm
from ._common import LinAlgError

__all__ = ["LinAlgError", "cross", "diagonal", "matmul", "matrix_transpose", "multi_dot", "outer", "tensordot",
           "trace", "vecdot", "vector_norm"]
