"""numpydoc docstrings of SciPy's real-to-real transforms (dct, idct, dst, idst, dctn, idctn,
dstn, idstn): one template, since the eight share their parameters and differ in the kind
(cosine or sine), the direction and the number of axes. Importing this module sets them; the
fft package imports it.
"""

from . import _realtransforms as _functions

_NAMES = {"dct": "cosine", "dst": "sine"}


def _docstring(kind: str, inverse: bool, n_d: bool) -> str:
    name = ("i" if inverse else "") + kind + ("n" if n_d else "")
    forward = kind + ("n" if n_d else "")
    transform = f"discrete {_NAMES[kind]} transform"
    summary = (f"Return the {'N-dimensional ' if n_d else ''}{'inverse ' if inverse else ''}{transform}"
               f"{' along the given axes' if n_d else ''}.")
    if inverse:
        summary += (f"\n\n    SciPy's ``{name}``: the ``{forward}`` of the inverse type (1, 3, 2, 4 for types 1, 2,"
                    f"\n    3, 4) with the norm swapped, so that ``{name}({forward}(x))`` is ``x``.")
    if n_d:
        lengths = """\
    s : int or sequence of int, optional
        The number of points along each of ``axes``: the input is truncated or zero-padded to
        them; by default its lengths there (-1 keeps an axis' length).
    axes : int or sequence of int, optional
        The axes to transform, each once; by default all of them (the last ``len(s)`` when
        only ``s`` is given, as SciPy's)."""
    else:
        lengths = """\
    n : int, optional
        The number of points: the input is truncated or zero-padded along ``axis`` to ``n``;
        by default its length there.
    axis : int, optional
        The axis to transform (default -1, the last)."""
    example = ""
    if name in ("dct", "idct"):
        example = """
    Examples
    --------
    >>> wg.fft.dct(wg.asarray([1.0, 2.0]))
    array([ 6.        , -1.41421356])
    >>> wg.fft.idct(wg.fft.dct(wg.asarray([1.0, 2.0, 3.0, 4.0])))
    array([1., 2., 3., 4.])
    """
    see_also = {"dct": "idct, dst, dctn", "idct": "dct, idst, idctn", "dst": "idst, dct, dstn",
                "idst": "dst, idct, idstn", "dctn": "idctn, dct, dstn", "idctn": "dctn, idct, idstn",
                "dstn": "idstn, dst, dctn", "idstn": "dstn, idst, idctn"}[name]
    return f"""
    {summary}

    Parameters
    ----------
    x : array_like
        The input array.
    type : {{1, 2, 3, 4}}, optional
        The {_NAMES[kind]} transform's type, as SciPy defines them (default 2).
{lengths}
    norm : {{"backward", "ortho", "forward"}}, optional
        The normalisation: "backward" (None, the default) leaves the forward transform
        unscaled and scales the inverse, "forward" the other way round, "ortho" makes the
        transform orthonormal (with ``orthogonalize``).
    overwrite_x : bool, optional
        Accepted for SciPy's signature and ignored (the input is never overwritten).
    workers : int, optional
        Accepted for SciPy's signature and ignored (the GPU runs the transform).
    orthogonalize : bool, optional
        Scale the boundary terms (x[0] and x[N-1] of a DCT-I, y[0] of a DCT-II, x[0] of a
        DCT-III, the last term of a DST-II or DST-III) so that the "ortho" transform is
        orthogonal, as SciPy's; by default True with ``norm="ortho"``, otherwise False.

    Returns
    -------
    Array
        The transform, of ``x``'s shape with {"``s`` points along ``axes``" if n_d else "``n`` points along ``axis``"}.

    Raises
    ------
    ValueError
        If ``type`` is not 1-4, a length is less than 1 or ``norm`` is unknown{
        "; if ``s`` and ``axes``" + chr(10) + "        differ in length or an axis repeats" if n_d else ""}.
    RuntimeError
        For a DCT of type 1 of fewer than 2 points, as SciPy's.
    numpy.exceptions.AxisError
        If an axis is out of bounds.

    See Also
    --------
    {see_also}

    Notes
    -----
    Dtypes: every dtype. float32 and float64 keep their dtype, float16 computes in float32
    and bool and integers in the default float dtype (float64), as SciPy's; complex input
    transforms its real and imaginary parts apart and keeps its complex dtype.

    GPU: per axis, one pass of the fft engine between map kernels (twiddles from exact integer
    angles in float64, the norm's factor fused into the engine's pass): DCT-I an rfft of the
    even extension (2(N-1) points), DST-I an rfft of ``[0, x, 0, ...]`` (2(N+1) points), type 2
    an rfft of 2N points times a twiddle, type 3 a twiddle then an irfft of 2N points, type 4
    an fft of 2N points between two twiddles. No host sync. Like every transform, it needs a
    device with float64 (NotImplementedError elsewhere).
{example}"""


DOCSTRINGS = {("i" if inverse else "") + kind + ("n" if n_d else ""): _docstring(kind, inverse, n_d)
              for kind in _NAMES for inverse in (False, True) for n_d in (False, True)}

for _name, _doc in DOCSTRINGS.items():
    getattr(_functions, _name).__doc__ = _doc
