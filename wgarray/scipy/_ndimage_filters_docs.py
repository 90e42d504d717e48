"""numpydoc docstrings of wgarray.scipy.ndimage's linear filters (_ndimage_filters.py); importing
this module sets them (wgarray/scipy/__init__.py imports it). The arguments SciPy's filters share
are written once below."""

from . import _ndimage_filters as _filters

INPUT = """
    input : array_like
        The array to filter."""

OUTPUT = """
    output : Array or dtype, optional
        The dtype of the result (default: the input's), or a wgarray array of the input's shape
        to write the result into (a NumPy array is rejected: TypeError)."""

MODE = """
    mode : str{sequence}, optional
        How the input extends beyond its edges, as SciPy's: ``'reflect'`` (the default),
        ``'constant'``, ``'nearest'``, ``'mirror'``, ``'wrap'``, ``'grid-wrap'``,
        ``'grid-constant'`` or ``'grid-mirror'``."""

SEQUENCE = " or sequence of str"

CVAL = """
    cval : scalar, optional
        The value outside the edges for ``mode='constant'`` (default 0.0)."""

ORIGIN = """
    origin : int{sequence}, optional
        Shifts the filter's placement (default 0: centred)."""

AXES = """
    axes : int or tuple of int, optional
        The axes filtered (default: all)."""

AXIS = """
    axis : int, optional
        The axis filtered (default -1)."""

RETURNS = """
    Returns
    -------
    Array
        The filtered array, of the input's shape, in the output dtype (``output`` itself when
        it is an array).
"""

RAISES = """
    Raises
    ------
    RuntimeError
        An unknown mode, or sequences of the wrong length, with SciPy's messages.
    ValueError
        Invalid axes or other arguments (an origin, order or radius), with SciPy's messages.
"""

_LINEAR_DTYPES = """
    Dtypes: every dtype. Sums run in float64 (float32 on adapters without it), as SciPy's, adding
    in SciPy's order (float64 results are SciPy's to the bit), and are cast to the output dtype
    (floats truncate toward zero into integers, as C's cast).
    Complex inputs or weights are filtered as real correlations of their parts."""

_ONE_PASS = """
    Notes
    -----""" + _LINEAR_DTYPES + """

    GPU: one kernel of the filter engine (N-D: wgsl/filter_correlate.wgsl, a row kernel of 16
    taps or more the tiled filter_line.wgsl; 1-D: filter_pass.wgsl, after a few map kernels that
    classify weights given as an Array as SciPy does); the boundary mode is applied by index, with
    no padded copy. Complex data runs two to four such kernels; casts are map kernels.
"""


def _separable(gpu: str, passes: bool = True) -> str:
    """The Notes of a filter made of 1-D passes (passes: more than one)."""
    cast = """

    Each 1-D pass is cast to the output dtype before the next reads it, as SciPy's.""" if passes else ""
    return """
    Notes
    -----""" + _LINEAR_DTYPES + cast + """

    GPU: """ + gpu + """
    The boundary mode is applied by index (no padded copy); casts are map kernels.
"""


_GAUSSIAN_GPU = """one filter-engine kernel per {what}. The Gaussian weights (``2 * radius + 1``
    numbers) are computed on the host from ``sigma``, ``order`` and ``radius``, as SciPy's, and
    uploaded once per device and values."""


def _params(*parts: str) -> str:
    return "\n    Parameters\n    ----------" + "".join(parts) + "\n"


_CORRELATE_PARAMS = _params(INPUT, """
    weights : array_like
        The filter, with the input's number of dimensions (or ``len(axes)``).""", OUTPUT,
                            MODE.format(sequence=""), CVAL, ORIGIN.format(sequence=" or sequence of int"), AXES)

_PARAMS_1D = _params(INPUT, """
    weights : array_like
        The 1-D filter.""", AXIS, OUTPUT, MODE.format(sequence=""), CVAL, ORIGIN.format(sequence=""))

DOCSTRINGS = {
    "correlate": """
    Correlate an array with a multidimensional filter, as ``scipy.ndimage.correlate``.

    ``out[i] = sum_j weights[j] * input[i + j - centre]``, the input extended beyond its edges
    by ``mode``.
    """ + _CORRELATE_PARAMS + RETURNS + RAISES + """
    See Also
    --------
    convolve, correlate1d, wgarray.scipy.signal.correlate
    """ + _ONE_PASS + """
    Examples
    --------
    >>> import wgarray.scipy.ndimage as ndimage
    >>> ndimage.correlate(wg.asarray([[1, 2], [3, 4]]), [[1, 1], [1, 1]], mode="constant")
    array([[ 1,  3],
           [ 4, 10]])
    """,
    "convolve": """
    Convolve an array with a multidimensional filter, as ``scipy.ndimage.convolve``.

    A correlation with the weights reversed along every axis (read reversed by the kernel,
    not copied), about SciPy's shifted origin.
    """ + _CORRELATE_PARAMS + RETURNS + RAISES + """
    See Also
    --------
    correlate, convolve1d, wgarray.scipy.signal.convolve
    """ + _ONE_PASS,
    "correlate1d": """
    Correlate an array with a 1-D filter along one axis, as ``scipy.ndimage.correlate1d``.
    """ + _PARAMS_1D + RETURNS + """
    Raises
    ------
    RuntimeError
        Empty weights, or an unknown mode.
    ValueError
        An invalid origin.

    See Also
    --------
    correlate, convolve1d
    """ + _ONE_PASS + """
    Examples
    --------
    >>> import wgarray.scipy.ndimage as ndimage
    >>> ndimage.correlate1d(wg.asarray([1, 2, 3, 4]), [1, 2, 1])
    array([ 5,  8, 12, 15])
    """,
    "convolve1d": """
    Convolve an array with a 1-D filter along one axis, as ``scipy.ndimage.convolve1d``.
    """ + _PARAMS_1D + RETURNS + """
    Raises
    ------
    RuntimeError
        Empty weights, or an unknown mode.
    ValueError
        An invalid origin.

    See Also
    --------
    convolve, correlate1d
    """ + _ONE_PASS,
    "gaussian_filter": """
    Apply a multidimensional Gaussian filter, as ``scipy.ndimage.gaussian_filter``.

    A sequence of 1-D Gaussian filters, one per axis (axes with ``sigma`` 0 are skipped).
    """ + _params(INPUT, """
    sigma : scalar or sequence of scalars
        The Gaussian's standard deviation, one for every axis or one per axis.
    order : int or sequence of int, optional
        0 (the default) smooths; 1, 2, 3 convolve with that derivative of the Gaussian.""",
                  OUTPUT, MODE.format(sequence=SEQUENCE), CVAL, """
    truncate : float, optional
        Cut the filter at this many standard deviations (default 4.0).
    radius : int or sequence of int, optional
        The filter's radius, overriding ``truncate``.""", AXES) + RETURNS + RAISES + """
    See Also
    --------
    gaussian_filter1d, uniform_filter
    """ + _separable(_GAUSSIAN_GPU.format(what="axis")) + """
    Examples
    --------
    >>> import wgarray.scipy.ndimage as ndimage
    >>> y = ndimage.gaussian_filter(wg.asarray([0.0, 0.0, 1.0, 0.0, 0.0]), 1.0)
    >>> np.allclose(y, [0.0584, 0.2421, 0.3989, 0.2421, 0.0584], atol=1e-4)
    True
    """,
    "gaussian_filter1d": """
    Apply a 1-D Gaussian filter along one axis, as ``scipy.ndimage.gaussian_filter1d``.
    """ + _params(INPUT, """
    sigma : scalar
        The Gaussian's standard deviation.""", AXIS, """
    order : int, optional
        0 (the default) smooths; 1, 2, 3 convolve with that derivative of the Gaussian.""",
                  OUTPUT, MODE.format(sequence=""), CVAL, """
    truncate : float, optional
        Cut the filter at this many standard deviations (default 4.0).
    radius : int, optional
        The filter's radius, overriding ``truncate``.""") + RETURNS + """
    Raises
    ------
    ValueError
        A negative ``order`` or ``radius``.
    RuntimeError
        An unknown mode.

    See Also
    --------
    gaussian_filter
    """ + _separable(_GAUSSIAN_GPU.format(what="call"), passes=False),
    "uniform_filter1d": """
    Apply a 1-D uniform (moving average) filter along one axis, as
    ``scipy.ndimage.uniform_filter1d``.
    """ + _params(INPUT, """
    size : int
        The length of the window.""", AXIS, OUTPUT, MODE.format(sequence=""), CVAL,
                  ORIGIN.format(sequence="")) + RETURNS + """
    Raises
    ------
    RuntimeError
        A size below 1, or an unknown mode.
    ValueError
        An invalid origin.

    See Also
    --------
    uniform_filter
    """ + _separable("""one filter-engine kernel (two for complex data): SciPy's running sum, one
    invocation a line (wgsl/filter_running.wgsl); for integers of 32 bits or fewer, whose sums
    are exact in any order, a correlation of all outputs at once and a map kernel for the
    division.""", passes=False),
    "uniform_filter": """
    Apply a multidimensional uniform (moving average) filter, as ``scipy.ndimage.uniform_filter``.

    A sequence of 1-D uniform filters, one per axis (axes of size 1 are skipped).
    """ + _params(INPUT, """
    size : int or sequence of int, optional
        The window's length along every axis, or per axis (default 3).""", OUTPUT,
                  MODE.format(sequence=SEQUENCE), CVAL, ORIGIN.format(sequence=" or sequence of int"),
                  AXES) + RETURNS + RAISES + """
    See Also
    --------
    uniform_filter1d, gaussian_filter
    """ + _separable("one filter-engine kernel per axis, as uniform_filter1d's.") + """
    Examples
    --------
    >>> import wgarray.scipy.ndimage as ndimage
    >>> ndimage.uniform_filter(wg.asarray([[1.0, 2.0], [3.0, 6.0]]), 2)
    array([[1. , 1.5],
           [2. , 3. ]])
    """,
}



def _derivative(name: str, func: str, smooth: str, other: str) -> str:
    return f"""
    Apply a {name} filter: a derivative along one axis, smoothed along the others, as
    ``scipy.ndimage.{func}``.

    ``[-1, 0, 1]`` along ``axis``, then ``{smooth}`` along every other axis.
    """ + _params(INPUT, AXIS, OUTPUT, MODE.format(sequence=SEQUENCE), CVAL) + RETURNS + f"""
    Raises
    ------
    RuntimeError
        An unknown mode.

    See Also
    --------
    {other}, laplace
    """ + _separable("one filter-engine kernel per axis.")


DOCSTRINGS["sobel"] = _derivative("Sobel", "sobel", "[1, 2, 1]", "prewitt") + """
    Examples
    --------
    >>> import wgarray.scipy.ndimage as ndimage
    >>> ndimage.sobel(wg.asarray([[0, 0, 1, 1]] * 3))
    array([[0, 4, 4, 0],
           [0, 4, 4, 0],
           [0, 4, 4, 0]])
    """
DOCSTRINGS["prewitt"] = _derivative("Prewitt", "prewitt", "[1, 1, 1]", "sobel")
DOCSTRINGS["laplace"] = """
    Apply the Laplace filter, as ``scipy.ndimage.laplace``.

    The sum over the axes of the second differences ``[1, -2, 1]``; each term is in the output
    dtype and summed in it, as SciPy's.
    """ + _params(INPUT, OUTPUT, MODE.format(sequence=SEQUENCE), CVAL, AXES) + RETURNS + RAISES + """
    See Also
    --------
    sobel, prewitt
    """ + _separable("one filter-engine kernel per axis, and a map kernel per sum.") + """
    Examples
    --------
    >>> import wgarray.scipy.ndimage as ndimage
    >>> ndimage.laplace(wg.asarray([0, 0, 1, 0, 0]))
    array([ 0,  1, -2,  1,  0])
    """

for _name, _doc in DOCSTRINGS.items():
    getattr(_filters, _name).__doc__ = _doc
