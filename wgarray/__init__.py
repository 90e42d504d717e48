"""wgarray: a NumPy-compatible array library on WebGPU (array API standard 2025.12).

Arrays keep their data in wgpu buffers; every computation is a WGSL compute shader.
The package is layered, each layer importing only those before it (tests/test_layers.py):
_core (device, memory, stream, kernels, dtypes, views), _engines (map, fold, scan,
compact, gather, sort, matmul, ...), the Array (_array.py), the namespace (_api/), the NumPy
layer (_numpy/) and the linalg extension (linalg/).
"""

import sys as _sys

from ._api import array_methods as _array_methods  # noqa: F401  (installs the Array's operators)
from ._api import elementwise_functions as _elementwise
from ._api.constants import e, inf, nan, newaxis, pi
from ._api.creation_functions import *  # noqa: F403
from ._api.data_type_functions import *  # noqa: F403
from ._api.indexing_functions import *  # noqa: F403
from ._api.inspection import *  # noqa: F403
from ._api.linear_algebra_functions import *  # noqa: F403
from ._api.manipulation_functions import *  # noqa: F403
from ._api.runtime import MemoryPool, empty_cache, get_default_memory_pool, memory_stats, synchronize
from ._api.searching_functions import *  # noqa: F403
from ._api.set_functions import *  # noqa: F403
from ._api.show_config import show_config
from ._api.sorting_functions import *  # noqa: F403
from ._api.statistical_functions import *  # noqa: F403
from ._api.utility_functions import *  # noqa: F403
from ._api.warmup import warmup
from ._array import Array
from .custom import ElementwiseKernel, RawKernel, ReductionKernel
from . import lib
from .lib import scimath as emath
from . import polynomial
from ._numpy import interop as _interop  # noqa: F401  (NumPy's __array_ufunc__ / __array_function__)
from ._numpy import math_functions as _numpy_math
from ._numpy.errstate import errstate, geterr, geterrcall, seterr, seterrcall
from ._numpy import ufuncs as _ufuncs
from ._numpy.ufunc import ufunc
from ._core.config import fast_math, set_fast_math
from ._core.device import Device, DeviceLostError, all_devices, get_device
from ._core.kernels import KernelCompileError
from ._core.dtypes import DType

__version__ = "0.1.0"
__array_api_version__ = "2025.12"
ndarray = Array

globals().update(_elementwise.FUNCTIONS)
globals().update(_numpy_math.FUNCTIONS)  # frexp, modf, divmod, nan_to_num, ... (not table rows)
globals().update(_ufuncs.UFUNCS)
from ._numpy.numpy_functions import *  # noqa: E402,F403  (ndarray methods; NumPy's reductions, round, ...)
from ._numpy.more_functions import *  # noqa: E402,F403  (nan-family, outer, cov, histogram, ...)
from ._numpy.extra_functions import *  # noqa: E402,F403  (einsum, index routines, windows, bits, I/O, ...)

# NumPy's versions of the creation functions (superset signatures), its type objects and index tricks
from ._numpy.creation import *  # noqa: E402,F403
from ._numpy.dtypes import *  # noqa: E402,F403
from ._numpy.index_tricks import *  # noqa: E402,F403
from ._numpy.ranges import *  # noqa: E402,F403
from ._numpy.compat_routines import FUNCTIONS as _compat_routines  # noqa: E402
from ._numpy.out_of_scope import missing_attribute as _missing_attribute  # noqa: E402
from numpy import exceptions  # noqa: E402,F401  (wgarray raises NumPy's AxisError, RankWarning, ...)

globals().update(_compat_routines)
globals().update(polynomial.LEGACY)  # poly1d, polyfit, roots, ... (above linalg: wgarray/polynomial)


def _array_namespace(self, api_version=None):
    if api_version not in (None, "2021.12", "2022.12", "2023.12", "2024.12", "2025.12"):
        raise ValueError(f"unsupported array API version {api_version!r}")
    return _sys.modules[__name__]


Array.__array_namespace__ = _array_namespace

# numpydoc docstrings kept apart from their near-500-line modules (as NumPy's _add_newdocs.py)
from ._api import manipulation_docs as _manipulation_docs  # noqa: E402,F401
from ._api import manipulation_copy_docs as _manipulation_copy_docs  # noqa: E402,F401
from ._numpy import creation_docs as _creation_docs  # noqa: E402,F401
from ._numpy import ufunc_docs as _ufunc_docs  # noqa: E402,F401
from ._numpy import reduction_docs as _reduction_docs  # noqa: E402,F401
from ._numpy import common_docs as _common_docs  # noqa: E402,F401
from ._numpy import functions_docs as _functions_docs  # noqa: E402,F401
from ._numpy import ndarray_docs as _ndarray_docs  # noqa: E402,F401
from ._numpy import compat_docs as _compat_docs  # noqa: E402,F401
from ._numpy import creation_more_docs as _creation_more_docs  # noqa: E402,F401
from ._numpy import io_docs as _io_docs  # noqa: E402,F401
from ._numpy import index_routines_docs as _index_routines_docs  # noqa: E402,F401
from ._numpy import indices_docs as _indices_docs  # noqa: E402,F401
from ._numpy import math_docs as _math_docs  # noqa: E402,F401
from ._numpy import products_docs as _products_docs  # noqa: E402,F401
from ._numpy import statistics_docs as _statistics_docs  # noqa: E402,F401
from ._numpy import histogram_docs as _histogram_docs  # noqa: E402,F401
from ._numpy import nan_docs as _nan_docs  # noqa: E402,F401

# Imported on first use: they add about 0.1 s to `import wgarray`.
_SUBMODULES = ("fft", "linalg", "nn", "random", "testing")


def __getattr__(name):
    if name in _SUBMODULES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise _missing_attribute(__name__, name)  # with the reason where NumPy's name is out of scope


def __dir__():
    return sorted(set(globals()) | set(_SUBMODULES))

if "dask" in _sys.modules:  # Dask came first: its entry point could not reach the Array yet
    from ._dask_entry import wrap_tokenize as _wrap_tokenize

    _wrap_tokenize()
