"""The NumPy functions of the ndarray layer, as the package root exports them: reductions with
NumPy's keywords, partition, choose, compress, put, trace, diagonal, resize, ravel, round, dot, the
print options, and NumPy's comparisons, shape, index and order-statistics functions (logic.py,
shaping.py, indices.py, statistics.py, calculus.py,
editing.py: insert, delete, block; keywords.py: the standard's concatenate, stack, matmul, take, reshape with
NumPy's keywords). Importing this module also installs numpy.ndarray's methods on the Array."""

from . import ndarray as _ndarray  # noqa: F401  (installs the ndarray methods and attributes)
from .calculus import FUNCTIONS as _CALCULUS
from .editing import FUNCTIONS as _EDITING
from .functions import FUNCTIONS as _FUNCTIONS
from .indices import FUNCTIONS as _INDICES
from .keywords import FUNCTIONS as _KEYWORDS
from .logic import FUNCTIONS as _LOGIC
from .printing import FUNCTIONS as _PRINTING
from .reductions import REDUCTIONS as _REDUCTIONS
from .shaping import FUNCTIONS as _SHAPING
from .statistics import FUNCTIONS as _STATISTICS

_EXPORTS = {**_REDUCTIONS, **_FUNCTIONS, **_PRINTING, **_LOGIC, **_SHAPING, **_INDICES, **_STATISTICS, **_CALCULUS,
            **_EDITING, **_KEYWORDS}
__all__ = sorted(_EXPORTS)
globals().update(_EXPORTS)
