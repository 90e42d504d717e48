"""numpydoc docstrings of wgarray.scipy.signal's convolutions (_signal_direct.py, _signal_fft.py);
importing this module sets them (wgarray/scipy/__init__.py imports it)."""

from . import _signal_direct as _direct, _signal_fft as _fft

_PAIR = """
    in1 : array_like
        The first input.
    in2 : array_like
        The second input, with ``in1``'s number of dimensions."""

_PAIR_2D = """
    in1 : array_like
        The first 2-D input.
    in2 : array_like
        The second 2-D input."""

_MODE = """
    mode : {'full', 'valid', 'same'}, optional
        ``'full'`` (the default): the whole convolution; ``'valid'``: only where the inputs
        overlap completely (one must be at least as large as the other on every axis);
        ``'same'``: ``in1``'s size, centred on the full output."""

_METHOD = """
    method : {'auto', 'direct', 'fft'}, optional
        ``'direct'`` sums the products; ``'fft'`` goes through :func:`fftconvolve`; ``'auto'``
        (the default) asks :func:`choose_conv_method`."""

_AXES = """
    axes : int or sequence of int, optional
        The axes convolved (default: all); along the others the inputs broadcast (each length
        equal or 1)."""

_BOUNDARY = """
    boundary : {'fill', 'wrap', 'symm'}, optional
        How ``in1`` extends beyond its edges: ``'fill'`` (the default; also ``'pad'``) with
        ``fillvalue``, ``'wrap'`` (also ``'circular'``) periodically, ``'symm'`` (also
        ``'symmetric'``) mirrored with the edge repeated.
    fillvalue : scalar, optional
        The value outside the edges for ``'fill'`` (default 0)."""

_DIRECT_DTYPES = """
    Dtypes: bool, integers, float32, float64 and complex; the result has SciPy's dtype,
    ``np.result_type(in1, in2)``. The direct method computes in that dtype (integers wrap as
    SciPy's; bool and 8- and 16-bit integers in 32 bits, which wraps to the same values);
    complex inputs as real correlations of their parts. float16 raises TypeError on the direct
    method (the filter engine has no float16); the FFT method takes it."""

_FFT_DTYPES = """
    Dtypes: every numeric dtype. Real inputs transform in their float dtype (float16 in
    float32; bool and integers in float64, as SciPy's), complex ones in theirs; the result is
    that float or complex dtype, as SciPy's."""

_DIRECT_GPU = """one kernel of the filter engine
    (wgsl/filter_correlate.wgsl; a 1-D kernel of 16 taps or more takes the tiled
    filter_line.wgsl), zero padding or the boundary applied by index (no padded copy);
    complex inputs take four such kernels."""

_FFT_GPU = """wgarray.fft's transforms at SciPy's fast
    lengths (rfftn and irfftn for real inputs, fftn and ifftn for complex ones) and one map
    kernel for the product"""


def _params(*parts: str) -> str:
    return "\n    Parameters\n    ----------" + "".join(parts) + "\n"


_RAISES = """
    Raises
    ------
    ValueError
        Inputs of different dimensions, an unknown mode or method, or (``'valid'``) neither
        input at least as large as the other on every axis.
"""

DOCSTRINGS = {
    "convolve": """
    Convolve two N-D arrays, as ``scipy.signal.convolve``.
    """ + _params(_PAIR, _MODE, _METHOD) + """
    Returns
    -------
    Array
        The convolution, of dtype ``np.result_type(in1, in2)`` (the FFT method rounds integer
        results, as SciPy's).
    """ + _RAISES + """
    See Also
    --------
    correlate, fftconvolve, choose_conv_method, wgarray.convolve

    Notes
    -----""" + _DIRECT_DTYPES + """

    GPU: ``'direct'``: """ + _DIRECT_GPU + """

    ``'fft'``: """ + _FFT_GPU + """.

    ``'auto'`` with integer inputs reads their largest magnitudes back to the host (a sync),
    as SciPy checks them.

    Examples
    --------
    >>> import wgarray.scipy.signal as signal
    >>> signal.convolve(wg.asarray([1.0, 2.0, 3.0, 4.0]), wg.asarray([1.0, 1.0]))
    array([1., 3., 5., 7., 4.])
    >>> signal.convolve(wg.asarray([1.0, 2.0, 3.0, 4.0]), wg.asarray([1.0, 1.0]), mode="same")
    array([1., 3., 5., 7.])
    """,
    "correlate": """
    Cross-correlate two N-D arrays, as ``scipy.signal.correlate``.

    ``in1`` convolved with ``in2`` reversed along every axis and conjugated.
    """ + _params(_PAIR, _MODE, _METHOD) + """
    Returns
    -------
    Array
        The cross-correlation, of dtype ``np.result_type(in1, in2)``.
    """ + _RAISES + """
    See Also
    --------
    convolve, correlate2d, wgarray.correlate

    Notes
    -----""" + _DIRECT_DTYPES + """

    GPU: as :func:`convolve`; the direct method reads ``in2`` reversed, with no reversed copy.

    Examples
    --------
    >>> import wgarray.scipy.signal as signal
    >>> signal.correlate(wg.asarray([1.0, 2.0, 3.0, 4.0]), wg.asarray([1.0, 2.0]), mode="valid")
    array([ 5.,  8., 11.])
    """,
    "convolve2d": """
    Convolve two 2-D arrays, with a boundary condition, as ``scipy.signal.convolve2d``.
    """ + _params(_PAIR_2D, _MODE, _BOUNDARY) + """
    Returns
    -------
    Array
        The convolution, of dtype ``np.result_type(in1, in2)``.

    Raises
    ------
    ValueError
        Inputs that are not 2-D, an unknown mode or boundary, or (``'valid'``) neither input
        at least as large as the other.

    See Also
    --------
    correlate2d, convolve

    Notes
    -----""" + _DIRECT_DTYPES.replace(" the FFT method takes it", " there is no FFT method here") + """

    With ``'wrap'`` or ``'symm'`` and a kernel over twice the input's size, the input is
    extended as far as needed (SciPy reads outside it there, scipy/scipy#12686).

    GPU: """ + _DIRECT_GPU + """

    Examples
    --------
    >>> import wgarray.scipy.signal as signal
    >>> signal.convolve2d(wg.asarray([[1, 2], [3, 4]]), wg.asarray([[1, 1]]))
    array([[1, 3, 2],
           [3, 7, 4]])
    """,
    "correlate2d": """
    Cross-correlate two 2-D arrays, with a boundary condition, as ``scipy.signal.correlate2d``.

    Its ``'same'`` output is centred on the correlation, and swapped inputs (``'valid'`` with
    ``in2`` the larger) give the reversed result, as SciPy's.
    """ + _params(_PAIR_2D, _MODE, _BOUNDARY) + """
    Returns
    -------
    Array
        The cross-correlation, of dtype ``np.result_type(in1, in2)``.

    Raises
    ------
    ValueError
        Inputs that are not 2-D, an unknown mode or boundary, or (``'valid'``) neither input
        at least as large as the other.

    See Also
    --------
    convolve2d, correlate

    Notes
    -----""" + _DIRECT_DTYPES.replace(" the FFT method takes it", " there is no FFT method here") + """

    GPU: """ + _DIRECT_GPU + """
    """,
    "choose_conv_method": """
    Find the fastest convolution method, as ``scipy.signal.choose_conv_method``.

    SciPy's rules are kept (integers too large for exact float64 FFTs, and bool inputs, go
    ``'direct'``), and the form of its cost model (SciPy's operation counts), with costs
    measured on an H100 rather than SciPy's CPU constants: wgarray.fft's transforms cost about
    1.6 ms at any size, so the direct method wins longer than on a CPU.
    """ + _params(_PAIR, _MODE, """
    measure : bool, optional
        Time both methods (best of 3 runs each, synchronised) and pick the faster.""") + """
    Returns
    -------
    method : str
        ``'fft'`` or ``'direct'``.
    times : dict
        With ``measure``: the seconds each method took.

    See Also
    --------
    convolve, correlate

    Notes
    -----
    Dtypes: every numeric dtype.

    GPU: none for the cost model, but integer inputs' largest magnitudes are computed (a fold
    kernel each) and read back to the host (a sync). ``measure=True`` runs both methods.

    Examples
    --------
    >>> import wgarray.scipy.signal as signal
    >>> signal.choose_conv_method(wg.asarray([1.0, 2.0, 3.0]), wg.asarray([1.0, 1.0]))
    'direct'
    """,
    "fftconvolve": """
    Convolve two N-D arrays through FFTs, as ``scipy.signal.fftconvolve``.
    """ + _params(_PAIR, _MODE, _AXES) + """
    Returns
    -------
    Array
        The convolution, of the transforms' float or complex dtype. Empty inputs give an empty
        float64 array.

    Raises
    ------
    ValueError
        Inputs of different dimensions, an unknown mode, bad axes, or shapes that do not
        broadcast along the axes not convolved.

    See Also
    --------
    oaconvolve, convolve, wgarray.fft.rfftn

    Notes
    -----""" + _FFT_DTYPES + """

    GPU: """ + _FFT_GPU + """; the mode's slice is a view.

    Examples
    --------
    >>> import wgarray.scipy.signal as signal
    >>> y = signal.fftconvolve(wg.asarray([1.0, 2.0, 3.0, 4.0]), wg.asarray([1.0, 1.0]))
    >>> np.allclose(y, [1, 3, 5, 7, 4])
    True
    """,
    "oaconvolve": """
    Convolve two N-D arrays by overlap-add, as ``scipy.signal.oaconvolve``.

    The larger input is cut into blocks of SciPy's optimal length; every block is transformed
    in one batch and the overlaps are added back. Fast when one input is much longer than the
    other; equal shapes go to :func:`fftconvolve`.
    """ + _params(_PAIR, _MODE, _AXES) + """
    Returns
    -------
    Array
        The convolution, of the transforms' float or complex dtype.

    Raises
    ------
    ValueError
        Inputs of different dimensions, an unknown mode, bad axes, or shapes that do not
        broadcast along the axes not convolved.

    See Also
    --------
    fftconvolve, convolve

    Notes
    -----""" + _FFT_DTYPES + """

    GPU: a padding copy kernel; wgarray.fft's transforms of every block in one batch (rfftn
    and irfftn for real inputs, fftn and ifftn for complex ones) and one map kernel for the
    product; then one map kernel per convolved axis adding the blocks' overlaps.
    """,
}

for _name, _doc in DOCSTRINGS.items():
    getattr(_fft if _name in ("fftconvolve", "oaconvolve") else _direct, _name).__doc__ = _doc
