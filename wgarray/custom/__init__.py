"""User-defined kernels in WGSL, with CuPy's conventions: ElementwiseKernel, ReductionKernel and
RawKernel (docs/custom_kernels.md). They run on the library's own machinery: the map and fold
engines, the pipeline cache, the parameter arena and the lazy stream."""

from ._elementwise import ElementwiseKernel
from ._raw import RawKernel
from ._reduction import ReductionKernel

__all__ = ["ElementwiseKernel", "RawKernel", "ReductionKernel"]
