"""numpydoc docstrings of the one-dimensional transforms (fft, ifft, rfft, irfft, hfft, ihfft),
and the fragments the N-D transforms' docstrings share (_nd_docs.py).

They live here rather than in _basic.py, which stays a page of code (NumPy keeps many of its
docstrings apart the same way, in _add_newdocs.py). Importing this module sets them; the fft
package imports it.
"""

from . import _basic as _functions

NORM = """\
    norm : {"backward", "ortho", "forward"}, optional
        The normalisation: "backward" (the default; None means the same) scales the inverse
        transform by 1/n, "forward" the forward one, "ortho" both by 1/sqrt(n)."""

OUT = """\
    out : Array, optional
        An array of the result's exact shape to write the result into (a same-kind cast,
        as NumPy 2's ``out=``)."""

AXIS_ERRORS = """\
    Raises
    ------
    ValueError
        If ``n`` is less than 1 or ``norm`` is unknown.
    TypeError
        If ``n`` is not an integer.
    numpy.exceptions.AxisError
        If ``axis`` is out of bounds."""

# The fft engine, as each transform's GPU paragraph ends
ENGINE = """\
    The engine transforms along one axis: one dispatch for a length whose prime factors are
    at most 61 and that fits one workgroup (up to 2048 points), global Stockham passes for a
    longer such length, Bluestein's algorithm (two transforms of a 7-smooth length at least
    2n - 1) for any other length; a real transform of even length as a complex one of half
    the length. Both precisions compute in float64 arithmetic (complex64 results rounded
    once), the norm's scale fused into the last write. Zero-padding is one fill and copy
    (fft, ifft and the complex N-D transforms' first axis: read as zeros, no copy), truncation
    a view; float32 and float64 input to the complex transforms is read as it is (no complex
    copy); no host sync, and a repeated call (same shape, strides, dtype and arguments) replays
    its recorded dispatches without planning. The engine needs a device with float64 and int64
    (NotImplementedError elsewhere) and arrays within one storage binding (MemoryError
    beyond)."""

COMPLEX_INPUT = """\
    Dtypes: every dtype. Complex input keeps its dtype; float32 (and float16) computes in
    complex64, float64 in complex128, bool and integers in the default complex dtype
    (complex128), as NumPy promotes them (the standard asks for complex input)."""

REAL_INPUT = """\
    Dtypes: every real dtype: float32 (and float16) computes in float32 and gives complex64,
    float64 gives complex128, bool and integers compute in the default float dtype (float64);
    complex input raises TypeError, as NumPy's."""


def _one_d(summary: str, x: str, n: str, returns: str, dtypes: str, gpu: str, examples: str = "",
           see_also: str = "") -> str:
    """A 1-D transform's docstring: its own parts, the parameters and sections all share."""
    return f"""
    {summary}

    Parameters
    ----------
    x : array_like
        {x}
    n : int, optional
        {n}
    axis : int, optional
        The axis to transform (default -1, the last).
{NORM}
{OUT}

    Returns
    -------
    Array
        {returns}

{AXIS_ERRORS}

    See Also
    --------
    {see_also}

    Notes
    -----
{dtypes}

    GPU: {gpu}
{ENGINE}
{examples}"""


DOCSTRINGS = {
    "fft": _one_d(
        "Compute the one-dimensional discrete Fourier transform.",
        "The input array.",
        "The number of points: the input is truncated or zero-padded along ``axis`` to ``n``;\n"
        "        by default its length there.",
        "The transform, of ``x``'s shape with ``n`` points along ``axis``, complex.",
        COMPLEX_INPUT, "one complex pass of the fft engine.",
        """
    Examples
    --------
    >>> wg.fft.fft(wg.asarray([1.0, 2.0, 3.0, 4.0]))
    array([10.+0.j, -2.+2.j, -2.+0.j, -2.-2.j])
    """, "ifft, rfft, fftn, fftfreq"),
    "ifft": _one_d(
        "Compute the one-dimensional inverse discrete Fourier transform.",
        "The input array (a spectrum).",
        "The number of points: the input is truncated or zero-padded along ``axis`` to ``n``;\n"
        "        by default its length there.",
        "The inverse transform, of ``x``'s shape with ``n`` points along ``axis``, complex.",
        COMPLEX_INPUT, "one complex pass of the fft engine.",
        """
    Examples
    --------
    >>> wg.fft.ifft(wg.asarray([10, -2 + 2j, -2, -2 - 2j]))
    array([1.+0.j, 2.+0.j, 3.+0.j, 4.+0.j])
    """, "fft, irfft, ifftn"),
    "rfft": _one_d(
        "Compute the one-dimensional discrete Fourier transform of real input.",
        "The real input array.",
        "The number of input points: the input is truncated or zero-padded along ``axis`` to\n"
        "        ``n``; by default its length there.",
        "The ``n // 2 + 1`` non-negative frequency terms along ``axis``, complex.",
        REAL_INPUT, "one real-to-complex pass of the fft engine.",
        """
    Examples
    --------
    >>> wg.fft.rfft(wg.asarray([1.0, 2.0, 3.0, 4.0]))
    array([10.+0.j, -2.+2.j, -2.+0.j])
    """, "irfft, fft, rfftn, rfftfreq"),
    "irfft": _one_d(
        "Compute the inverse of ``rfft``: a real signal from its non-negative frequency terms.",
        "The spectrum's non-negative frequency terms (m of them along ``axis``).",
        "The number of real output points (default ``2 * (m - 1)``); ``n // 2 + 1`` input\n"
        "        terms are used, truncated or zero-padded.",
        "The real signal, of ``x``'s shape with ``n`` points along ``axis``.",
        COMPLEX_INPUT.replace("every dtype.", "every dtype; the result is the computing dtype's real\n"
                              "    dtype (float16 input gives float16, as NumPy's).", 1),
        "one complex-to-real pass of the fft engine.",
        """
    Examples
    --------
    >>> wg.fft.irfft(wg.asarray([10, -2 + 2j, -2]))
    array([1., 2., 3., 4.])
    """, "rfft, ifft, irfftn"),
    "hfft": _one_d(
        "Compute the transform of a Hermitian-symmetric signal given by its first half.",
        "The first half of the Hermitian signal (m points along ``axis``).",
        "The number of real output points (default ``2 * (m - 1)``).",
        "The real spectrum, of ``x``'s shape with ``n`` points along ``axis``: NumPy's\n"
        "        ``irfft(conj(x))`` with the opposite norm.",
        COMPLEX_INPUT.replace("every dtype.", "every dtype; the result is the computing dtype's real\n"
                              "    dtype (float16 input gives float16, as NumPy's).", 1),
        "a conjugation (one map kernel, for complex input) and one complex-to-real pass of\n"
        "    the fft engine.",
        """
    Examples
    --------
    >>> wg.fft.hfft(wg.asarray([1, 2, 3]))
    array([ 8., -2.,  0., -2.])
    """, "ihfft, irfft"),
    "ihfft": _one_d(
        "Compute the inverse of ``hfft``: the first half of a Hermitian spectrum of real input.",
        "The real input array.",
        "The number of input points: the input is truncated or zero-padded along ``axis`` to\n"
        "        ``n``; by default its length there.",
        "The ``n // 2 + 1`` terms along ``axis``, complex: ``conj(rfft(x))`` with the opposite\n"
        "        norm.",
        REAL_INPUT, "one real-to-complex pass of the fft engine and a conjugation (one map\n"
        "    kernel).", "", "hfft, rfft"),
}

for _name, _doc in DOCSTRINGS.items():
    getattr(_functions, _name).__doc__ = _doc
