"""wgarray: a NumPy-compatible array library on WebGPU (array API standard 2025.12).

Arrays keep their data in wgpu buffers; every computation is a WGSL compute shader.
"""

from . import _creation, _data_types, _elementwise, _info, _manipulation
from ._array import Array
from ._constants import e, inf, nan, newaxis, pi
from ._config import fast_math, set_fast_math
from ._creation import *  # noqa: F403
from ._data_types import *  # noqa: F403
from ._device import Device, get_device
from ._dtypes import DType, public as _public
from ._indexing_functions import *  # noqa: F403
from ._info import *  # noqa: F403
from ._linalg_core import *  # noqa: F403
from ._manipulation import *  # noqa: F403
from ._reduction import *  # noqa: F403
from ._scan import *  # noqa: F403
from ._searching import *  # noqa: F403
from ._runtime import memory_stats, empty_cache, synchronize
from ._sets import *  # noqa: F403
from ._sorting import *  # noqa: F403

__version__ = "0.1.0"
__array_api_version__ = "2025.12"
ndarray = Array

globals().update(_elementwise.FUNCTIONS)

bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64, complex64, complex128 = (
    _public(d) for d in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                         "float32", "float64", "complex64", "complex128"))
