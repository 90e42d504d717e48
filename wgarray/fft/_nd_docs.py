"""numpydoc docstrings of the N-D transforms (fftn, ifftn, rfftn, irfftn, fft2, ifft2, rfft2,
irfft2), built from the fragments the 1-D ones use (_basic_docs.py). Importing this module sets
them; the fft package imports it.
"""

from . import _nd as _functions
from ._basic_docs import COMPLEX_INPUT, ENGINE, NORM, OUT, REAL_INPUT

_REAL_RESULT = ("every dtype; the result is the computing dtype's real dtype (float16\n"
                "    input computes in float32 and gives float32).")


def _n_d(summary: str, x: str, s: str, axes_default: str, returns: str, dtypes: str, gpu: str,
         see_also: str, examples: str = "", raises: str = "") -> str:
    """An N-D transform's docstring: its own parts, the parameters and sections all share."""
    return f"""
    {summary}

    Parameters
    ----------
    x : array_like
        {x}
    s : sequence of int, optional
        {s}
        -1 keeps an axis' length (None, deprecated in NumPy 2, does the same with a
        DeprecationWarning).
    axes : sequence of int, optional
        {axes_default}
{NORM}
{OUT}

    Returns
    -------
    Array
        {returns}

    Raises
    ------
    ValueError
        If ``s`` and ``axes`` differ in length, an axis repeats, a length is less than 1 or
        ``norm`` is unknown.
    numpy.exceptions.AxisError
        If an axis is out of bounds.{raises}

    See Also
    --------
    {see_also}

    Notes
    -----
{dtypes}

    GPU: {gpu}
    The input is padded or truncated once for all axes (the complex transforms pad the first
    transformed axis, the last of ``axes``, as they read it).
{ENGINE}
{examples}"""


_ALL = ("The axes to transform, each once; by default all of them (the last ``len(s)`` when\n"
        "        only ``s`` is given, deprecated in NumPy 2 and the standard: a DeprecationWarning).")
_NO_AXES = """
    IndexError
        If ``axes`` is empty (the last axis takes the real transform), as NumPy's."""
_LAST_TWO = "The axes to transform, each once; by default the last two, (-2, -1)."
_S = ("The number of points along each of ``axes``: the input is truncated or zero-padded to\n"
      "        them; by default its lengths there.")
_S_REAL = ("The number of output points along each of ``axes`` (by default the input's lengths,\n"
           "        ``2 * (m - 1)`` on the last axis); the last axis uses ``s[-1] // 2 + 1`` input\n"
           "        terms.")

DOCSTRINGS = {
    "fftn": _n_d("Compute the N-dimensional discrete Fourier transform.", "The input array.", _S, _ALL,
                 "The transform, of ``x``'s shape with ``s`` points along ``axes``, complex.",
                 COMPLEX_INPUT, "one complex pass of the fft engine per axis.", "ifftn, fft, rfftn, fft2",
                 """
    Examples
    --------
    >>> wg.fft.fftn(wg.ones((2, 2, 2)))[0, 0]
    array([8.+0.j, 0.+0.j])
    """),
    "ifftn": _n_d("Compute the N-dimensional inverse discrete Fourier transform.", "The input array (a spectrum).",
                  _S, _ALL, "The inverse transform, of ``x``'s shape with ``s`` points along ``axes``, complex.",
                  COMPLEX_INPUT, "one complex pass of the fft engine per axis.", "fftn, ifft, irfftn, ifft2"),
    "fft2": _n_d("Compute the two-dimensional discrete Fourier transform (``fftn`` over two axes).",
                 "The input array, at least 2-D for the default axes.", _S, _LAST_TWO,
                 "The transform, of ``x``'s shape with ``s`` points along ``axes``, complex.",
                 COMPLEX_INPUT, "one complex pass of the fft engine per axis.", "fftn, ifft2, rfft2",
                 """
    Examples
    --------
    >>> wg.fft.fft2(wg.asarray([[1.0, 2.0], [3.0, 4.0]]))
    array([[10.+0.j, -2.+0.j],
           [-4.+0.j,  0.+0.j]])
    """),
    "ifft2": _n_d("Compute the two-dimensional inverse discrete Fourier transform (``ifftn`` over two axes).",
                  "The input array (a spectrum), at least 2-D for the default axes.", _S, _LAST_TWO,
                  "The inverse transform, of ``x``'s shape with ``s`` points along ``axes``, complex.",
                  COMPLEX_INPUT, "one complex pass of the fft engine per axis.", "ifftn, fft2, irfft2"),
    "rfftn": _n_d("Compute the N-dimensional discrete Fourier transform of real input.", "The real input array.",
                  _S, _ALL, "The transform: ``s[-1] // 2 + 1`` terms along the last of ``axes``, ``s`` points\n"
                  "        along the others, complex.",
                  REAL_INPUT, "one real-to-complex pass of the fft engine along the last of ``axes``, then one\n"
                  "    complex pass per other axis.", "irfftn, rfft, fftn, rfft2", raises=_NO_AXES),
    "irfftn": _n_d("Compute the inverse of ``rfftn``: a real array from its N-D half spectrum.",
                   "The half spectrum (m terms along the last of ``axes``).", _S_REAL, _ALL,
                   "The real result, of ``x``'s shape with ``s`` points along ``axes``.",
                   COMPLEX_INPUT.replace("every dtype.", _REAL_RESULT, 1),
                   "one complex pass of the fft engine per axis but the last, then one complex-to-real\n"
                   "    pass along the last.", "rfftn, irfft, ifftn, irfft2", raises=_NO_AXES),
    "rfft2": _n_d("Compute the two-dimensional discrete Fourier transform of real input (``rfftn`` over two axes).",
                  "The real input array, at least 2-D for the default axes.", _S, _LAST_TWO,
                  "The transform: ``s[-1] // 2 + 1`` terms along the last of ``axes``, ``s[0]`` points\n"
                  "        along the other, complex.",
                  REAL_INPUT, "one real-to-complex pass of the fft engine along the last of ``axes``, then one\n"
                  "    complex pass along the other.", "rfftn, irfft2, fft2",
                  """
    Examples
    --------
    >>> wg.fft.rfft2(wg.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
    array([[21.+0.j        , -3.+1.73205081j],
           [-9.+0.j        ,  0.+0.j        ]])
    """),
    "irfft2": _n_d("Compute the inverse of ``rfft2`` (``irfftn`` over two axes).",
                   "The half spectrum, at least 2-D for the default axes.", _S_REAL, _LAST_TWO,
                   "The real result, of ``x``'s shape with ``s`` points along ``axes``.",
                   COMPLEX_INPUT.replace("every dtype.", _REAL_RESULT, 1),
                   "one complex pass of the fft engine along the first of ``axes``, then one\n"
                   "    complex-to-real pass along the last.", "irfftn, rfft2, ifft2"),
}

for _name, _doc in DOCSTRINGS.items():
    getattr(_functions, _name).__doc__ = _doc
