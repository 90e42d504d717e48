"""The NumPy functions of the ndarray layer, as the package root exports them: reductions with
NumPy's keywords, partition, choose, compress, put, trace, diagonal, resize, ravel, round, dot and
the print options. Importing this module also installs numpy.ndarray's methods on the Array."""

from . import ndarray as _ndarray  # noqa: F401  (installs the ndarray methods and attributes)
from .functions import FUNCTIONS as _FUNCTIONS
from .printing import FUNCTIONS as _PRINTING
from .reductions import REDUCTIONS as _REDUCTIONS

_EXPORTS = {**_REDUCTIONS, **_FUNCTIONS, **_PRINTING}
__all__ = sorted(_EXPORTS)
globals().update(_EXPORTS)
