"""wgarray.lib: NumPy's numpy.lib namespaces that user code reaches for (stride_tricks, scimath)."""

from . import scimath, stride_tricks

__all__ = ["scimath", "stride_tricks"]
