"""The fft extension of the array API standard (2025.12), with NumPy's numpy.fft and SciPy's
scipy.fft extras on top (fft2 and friends, out=, next_fast_len, dct/dst).

Every transform runs on the device through the fft engine (wgarray/_engines/fft.py: complex and
real 1-D transforms along one axis); this package holds the functions users call: argument rules,
promotion, padding and truncation, norms, N-D loops, the Hermitian and real-to-real transforms.
"""

from ._basic import fft, hfft, ifft, ihfft, irfft, rfft
from ._helpers import fftfreq, fftshift, ifftshift, next_fast_len, rfftfreq
from ._nd import fft2, fftn, ifft2, ifftn, irfft2, irfftn, rfft2, rfftn
from ._realtransforms import dct, dctn, dst, dstn, idct, idctn, idst, idstn
from . import _basic_docs, _nd_docs, _realtransforms_docs  # importing them sets the functions' docstrings

del _basic_docs, _nd_docs, _realtransforms_docs

__all__ = ["dct", "dctn", "dst", "dstn", "fft", "fft2", "fftfreq", "fftn", "fftshift", "hfft", "idct", "idctn",
           "idst", "idstn", "ifft", "ifft2", "ifftn", "ifftshift", "ihfft", "irfft", "irfft2", "irfftn",
           "next_fast_len", "rfft", "rfft2", "rfftfreq", "rfftn"]
