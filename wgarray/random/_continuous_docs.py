"""numpydoc docstrings of the Generator's continuous distributions (wgarray/random/_continuous.py).

They live here rather than in _continuous.py, which would pass the 500-line limit with them (as
NumPy keeps docstrings apart in _add_newdocs.py). Plain data: _continuous.py sets them on its
methods when it is imported, before RandomState copies them (wgarray/random/_legacy.py).
"""

import textwrap

_SIZE = """
    size : int or tuple of int, optional
        The output shape, to which array parameters must broadcast; None (the default) draws
        one value where every parameter is a scalar, else one per element of the parameters'
        broadcast shape."""

_STANDARD_PARAMETERS = """
    Parameters
    ----------
    size : int or tuple of int, optional
        The output shape; None (the default) draws one value, or fills ``out``.
    dtype : {float64, float32}, optional
        The result's dtype (default float64); any other raises TypeError, as in NumPy.
    out : Array, optional
        A wgarray array of ``dtype`` to write the draws into; its shape is the draw's (and must
        equal ``size`` where both are given)."""

_STANDARD_RETURNS = """
    Returns
    -------
    Array or float
        The draws (``out`` where given); a Python float for ``size=None`` without ``out``, as
        NumPy's.

    Raises
    ------
    TypeError
        If ``dtype`` is not float32 or float64, or ``out`` is not a wgarray array of ``dtype``.
    ValueError
        If ``size`` and ``out.shape`` differ."""

_FLOAT_RETURNS = """
    Returns
    -------
    Array or float
        float64 draws; a Python float for ``size=None`` and scalar parameters, as NumPy's."""


def _raises(condition: str) -> str:
    return f"""

    Raises
    ------
    ValueError
        If {condition} anywhere, or array parameters do not broadcast to ``size``.
    TypeError
        If a parameter is complex (or not a number at all, such as None)."""


_STANDARD_DTYPES = """

    Dtypes: float64 (the default) and float32, both drawn natively."""

_PARAMETER_DTYPES = """

    Dtypes: the parameters may have any real dtype (bool and integers included) and compute in
    float64; complex parameters raise TypeError. The draws are float64."""

_ARRAY_CHECK = (" Array parameters are checked by one reduction on the device whose result is read "
                "back (a host sync), since NumPy raises before drawing.")

_STREAM = """

    The same seed gives the same numbers on every adapter, but not NumPy's numbers
    (see the random guide)."""


def _paragraph(text: str) -> str:
    """text wrapped as a docstring paragraph (4-space indent)."""
    return textwrap.fill(text, width=96, initial_indent="    ", subsequent_indent="    ",
                         break_on_hyphens=False, break_long_words=False)


def _notes(dtypes: str, gpu: str) -> str:
    gpu += " A scalar result (``size=None``) is read back to the host (a sync)."
    return ("\n\n    Notes\n    -----\n" + _paragraph(" ".join(dtypes.split())) + "\n\n"
            + _paragraph("GPU: " + gpu) + _STREAM + "\n")


def _example(lines: str) -> str:
    return "\n    Examples\n    --------\n" + lines


_LOC_SCALE = """
    loc : float or array_like of floats, optional
        The location (default 0).
    scale : float or array_like of floats, optional
        The scale, non-negative (default 1)."""

_AFFINE_GPU = ("one vectorised dispatch (wgsl/random_block.wgsl) for scalar parameters, which "
               "the kernel applies as ``loc + scale * x``; with array parameters, the standard draw "
               "and then elementwise kernels.")

DOCSTRINGS = {
    "random": """
    Return uniform floats in the half-open interval [0, 1).
""" + _STANDARD_PARAMETERS + "\n" + _STANDARD_RETURNS + _notes(
        _STANDARD_DTYPES,
        "one vectorised dispatch (wgsl/random_block.wgsl): a float64 value is k 2^-53 for the top "
        "53 bits k of two 32-bit words, a float32 one k 2^-24 for the top 24 bits of one word, both "
        "exact. Writing into ``out`` adds one copy kernel. float64 needs an adapter with shader-f64 and shader-int64.") + _example("""\
    >>> rng = wg.random.default_rng(0)
    >>> x = rng.random((2, 3), dtype=wg.float32)
    >>> x.dtype, bool(wg.all((x >= 0) & (x < 1)))
    (dtype('float32'), True)
    """),
    "standard_normal": """
    Draw from the standard normal distribution (mean 0, variance 1).
""" + _STANDARD_PARAMETERS + "\n" + _STANDARD_RETURNS + _notes(
        _STANDARD_DTYPES,
        "one vectorised dispatch (wgsl/random_block.wgsl) of Box-Muller pairs, where NumPy uses a "
        "ziggurat: so no value exceeds about 8.6 in magnitude in float64 (5.8 in float32), a tail "
        "of probability below 2^-53 (2^-24). Writing into ``out`` adds one copy kernel.") + _example("""\
    >>> rng = wg.random.default_rng(0)
    >>> z = rng.standard_normal(100_000)
    >>> bool(abs(float(z.mean())) < 0.02), bool(abs(float(z.std()) - 1) < 0.02)
    (True, True)
    """),
    "standard_exponential": """
    Draw from the standard exponential distribution (scale 1).

    Parameters
    ----------
    size : int or tuple of int, optional
        The output shape; None (the default) draws one value, or fills ``out``.
    dtype : {float64, float32}, optional
        The result's dtype (default float64); any other raises TypeError, as in NumPy.
    method : {'zig', 'inv'}, optional
        Accepted for NumPy's signature (ValueError for another value); both give the same
        values, by inversion.
    out : Array, optional
        A wgarray array of ``dtype`` to write the draws into; its shape is the draw's (and must
        equal ``size`` where both are given).
""" + _STANDARD_RETURNS + _notes(
        _STANDARD_DTYPES,
        "one vectorised dispatch (wgsl/random_block.wgsl): ``-log(u)`` of a uniform u in (0, 1]. "
        "Writing into ``out`` adds one copy kernel."),
    "standard_gamma": """
    Draw from a standard gamma distribution (scale 1) of shape ``shape``.

    Parameters
    ----------
    shape : float or array_like of floats
        The shape k, non-negative (0 gives 0).
    size : int or tuple of int, optional
        The output shape, to which an array ``shape`` must broadcast; None (the default) draws
        one value for a scalar shape, else one per element (or fills ``out``).
    dtype : {float64, float32}, optional
        The result's dtype (default float64); any other raises TypeError.
    out : Array, optional
        A wgarray array of ``dtype`` to write the draws into.

    Returns
    -------
    Array or float
        The draws (``out`` where given); a Python float for ``size=None`` and a scalar shape.

    Raises
    ------
    ValueError
        If ``shape`` < 0 anywhere, or ``size`` and ``out.shape`` differ.
    TypeError
        If ``dtype`` is not float32 or float64, or ``out`` is not a wgarray array of ``dtype``.""" + _notes(
        """

    Dtypes: ``shape`` may have any real dtype and computes in float64. The draw is made in
    float64; a float32 result is that draw rounded (one more cast kernel), not a float32
    sampler as NumPy has.""",
        "one rejection kernel (wgsl/random_gamma.wgsl): Marsaglia and Tsang's method, shapes below "
        "1 boosted, each element looping over its own tries (bounded: NaN after 256 rejections, a "
        "probability below 1e-300). It needs shader-f64 and shader-int64 (NotImplementedError "
        "otherwise), also for float32." + _ARRAY_CHECK),
    "normal": """
    Draw from a normal (Gaussian) distribution of mean ``loc`` and standard deviation ``scale``.

    Parameters
    ----------
    loc : float or array_like of floats, optional
        The mean (default 0).
    scale : float or array_like of floats, optional
        The standard deviation, non-negative (default 1)."""
    + _SIZE + "\n" + _FLOAT_RETURNS + _raises("``scale`` < 0") + _notes(
        _PARAMETER_DTYPES, "Box-Muller normals, " + _AFFINE_GPU + _ARRAY_CHECK) + _example("""\
    >>> rng = wg.random.default_rng(0)
    >>> x = rng.normal(10.0, 2.0, size=100_000)
    >>> x.shape, x.dtype
    ((100000,), dtype('float64'))
    >>> bool(abs(float(x.mean()) - 10.0) < 0.05)
    True
    >>> rng.normal(loc=wg.asarray([0.0, 100.0])).shape  # one draw per element
    (2,)
    """),
    "lognormal": """
    Draw from a log-normal distribution: ``exp`` of normal draws of mean ``mean`` and standard
    deviation ``sigma``.

    Parameters
    ----------
    mean : float or array_like of floats, optional
        The mean of the underlying normal (default 0).
    sigma : float or array_like of floats, optional
        Its standard deviation, non-negative (default 1)."""
    + _SIZE + "\n" + _FLOAT_RETURNS + _raises("``sigma`` < 0") + _notes(
        _PARAMETER_DTYPES,
        "the normal draw (one vectorised Box-Muller dispatch, wgsl/random_block.wgsl, which applies "
        "scalar parameters in the kernel; array parameters by elementwise kernels), then one "
        "``exp`` kernel." + _ARRAY_CHECK),
    "exponential": """
    Draw from an exponential distribution of scale ``scale`` (the mean, 1 / rate).

    Parameters
    ----------
    scale : float or array_like of floats, optional
        The scale, non-negative (default 1)."""
    + _SIZE + "\n" + _FLOAT_RETURNS + _raises("``scale`` < 0") + _notes(
        _PARAMETER_DTYPES, "``-log(u)`` of uniforms u in (0, 1], " + _AFFINE_GPU + _ARRAY_CHECK) + _example("""\
    >>> rng = wg.random.default_rng(0)
    >>> x = rng.exponential(2.0, size=100_000)
    >>> bool(wg.all(x >= 0)), bool(abs(float(x.mean()) - 2.0) < 0.05)
    (True, True)
    """),
    "logistic": """
    Draw from a logistic distribution of location ``loc`` and scale ``scale``.

    Parameters
    ----------""" + _LOC_SCALE + _SIZE + "\n" + _FLOAT_RETURNS + _raises("``scale`` < 0") + _notes(
        _PARAMETER_DTYPES, "``log(u / (1 - u))`` of uniforms u, " + _AFFINE_GPU + _ARRAY_CHECK),
    "laplace": """
    Draw from a Laplace (double exponential) distribution of location ``loc`` and scale ``scale``.

    Parameters
    ----------""" + _LOC_SCALE + _SIZE + "\n" + _FLOAT_RETURNS + _raises("``scale`` < 0") + _notes(
        _PARAMETER_DTYPES,
        "two vectorised exponential draws E1, E2 (wgsl/random_block.wgsl) and elementwise kernels "
        "for ``loc + scale * (E1 - E2)`` (the difference is a standard Laplace variate)." + _ARRAY_CHECK),
    "uniform": """
    Draw from a uniform distribution over the half-open interval [low, high).

    Parameters
    ----------
    low : float or array_like of floats, optional
        The lower bound, included (default 0).
    high : float or array_like of floats, optional
        The upper bound, excluded (default 1); ``high - low`` must be finite and non-negative."""
    + _SIZE + "\n" + _FLOAT_RETURNS + """

    Raises
    ------
    OverflowError
        If ``high - low`` is not finite anywhere.
    ValueError
        If ``high < low`` anywhere, or array parameters do not broadcast to ``size``.
    TypeError
        If a parameter is complex (or not a number at all, such as None).""" + _notes(
        _PARAMETER_DTYPES,
        "one vectorised dispatch (wgsl/random_block.wgsl) of ``low + (high - low) * u`` for scalar "
        "bounds; with array bounds, the uniform draw and then elementwise kernels." + _ARRAY_CHECK) + _example("""\
    >>> rng = wg.random.default_rng(0)
    >>> x = rng.uniform(-1.0, 1.0, size=1000)
    >>> bool(wg.all((x >= -1) & (x < 1)))
    True
    """),
    "gamma": """
    Draw from a gamma distribution of shape ``shape`` and scale ``scale``.

    Parameters
    ----------
    shape : float or array_like of floats
        The shape k, non-negative.
    scale : float or array_like of floats, optional
        The scale theta, non-negative (default 1); the mean is k theta."""
    + _SIZE + "\n" + _FLOAT_RETURNS + _raises("``shape`` < 0 or ``scale`` < 0") + _notes(
        _PARAMETER_DTYPES,
        "a standard gamma rejection kernel (wgsl/random_gamma.wgsl; see :meth:`standard_gamma`), "
        "then one multiply by ``scale``. It needs shader-f64 and shader-int64." + _ARRAY_CHECK) + _example("""\
    >>> rng = wg.random.default_rng(0)
    >>> x = rng.gamma(2.0, 3.0, size=100_000)
    >>> bool(abs(float(x.mean()) - 6.0) < 0.1)
    True
    """),
    "chisquare": """
    Draw from a chi-square distribution of ``df`` degrees of freedom.

    Parameters
    ----------
    df : float or array_like of floats
        The degrees of freedom, positive."""
    + _SIZE + "\n" + _FLOAT_RETURNS + _raises("``df`` <= 0") + _notes(
        _PARAMETER_DTYPES,
        "``2 G(df / 2)`` for standard gammas G: one gamma rejection kernel "
        "(wgsl/random_gamma.wgsl) and elementwise kernels. It needs shader-f64 and shader-int64."
        + _ARRAY_CHECK),
    "beta": """
    Draw from a beta distribution of shapes ``a`` and ``b``.

    Parameters
    ----------
    a : float or array_like of floats
        The first shape (alpha), positive.
    b : float or array_like of floats
        The second shape (beta), positive."""
    + _SIZE + "\n" + _FLOAT_RETURNS + _raises("``a`` <= 0 or ``b`` <= 0") + _notes(
        _PARAMETER_DTYPES + """ Unlike NumPy, which switches to Johnk's algorithm for small
    shapes, every draw is a gamma ratio: where both gammas underflow to 0 (shapes near 1e-3 and
    below) a value is NaN.""",
        "``X / (X + Y)`` for standard gammas X of shape ``a`` and Y of shape ``b``: two gamma "
        "rejection kernels (wgsl/random_gamma.wgsl) and elementwise kernels. It needs shader-f64 "
        "and shader-int64." + _ARRAY_CHECK),
}
