"""NumPy's functions of issue 14 that the other modules of this layer lacked, gathered for the package
root: einsum.py (einsum, einsum_path), padding.py (pad's modes, exported through shaping.py)."""

from .einsum import FUNCTIONS as _EINSUM

_EXPORTS = {**_EINSUM}
__all__ = sorted(_EXPORTS)
globals().update(_EXPORTS)
