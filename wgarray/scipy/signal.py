"""scipy.signal's convolutions on the GPU, for wgarray arrays (the accelerated path: SciPy would copy
them through NumPy and convolve on the CPU).

convolve, correlate (method 'direct', 'fft' or 'auto' through choose_conv_method, SciPy's cost
model), convolve2d, correlate2d (boundaries 'fill' with fillvalue, 'wrap', 'symm'), fftconvolve and
oaconvolve (through wgarray.fft), with SciPy's signatures, modes ('full', 'valid', 'same') and result
dtypes. The direct method runs in the filter engine (zero padding and boundaries by index).
"""

from ._signal_direct import choose_conv_method, convolve, convolve2d, correlate, correlate2d  # noqa: F401
from ._signal_fft import fftconvolve, oaconvolve  # noqa: F401

__all__ = ["choose_conv_method", "convolve", "convolve2d", "correlate", "correlate2d", "fftconvolve", "oaconvolve"]
