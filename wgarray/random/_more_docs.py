"""numpydoc docstrings of the distributions of _more.py and _more_discrete.py, built from one
template (summary, parameters, result, checks, GPU note), as _continuous_docs.py keeps its own."""

import textwrap

_STREAM = ("The same seed gives the same numbers on every adapter, but not NumPy's numbers "
           "(see the random guide).")
_CHECKS = (" Array parameters are checked by reductions on the device whose results are read back "
           "(host syncs), since NumPy raises before drawing; a scalar result is read back too.")
_DRAWS = ("It needs an adapter with shader-f64 and shader-int64 (NotImplementedError otherwise).")


def _fill(text: str, indent: str = "    ") -> str:
    return textwrap.fill(" ".join(text.split()), width=96, initial_indent=indent, subsequent_indent=indent,
                         break_on_hyphens=False, break_long_words=False)


def _doc(summary: str, parameters: list, raises: str | None, gpu: str, *, integer: bool = False,
         example: str = "") -> str:
    """A docstring: parameters are (name, type, description) triples; raises the ValueError
    condition (None: no parameter to check)."""
    kind = "int64 counts; a Python int" if integer else "float64 draws; a Python float"
    lines = ["", "    " + summary, "", "    Parameters", "    ----------"]
    for name, type_, text in parameters:
        lines += [f"    {name} : {type_}", _fill(text, " " * 8)]
    lines += ["    size : int or tuple of int, optional",
              _fill("The output shape, to which array parameters must broadcast; None (the default) draws one "
                    "value where every parameter is a scalar, else one per element of their broadcast shape.",
                    " " * 8),
              "", "    Returns", "    -------", "    Array or " + ("int" if integer else "float"),
              _fill(f"{kind} for ``size=None`` and scalar parameters, as NumPy's Generator returns.", " " * 8),
              "", "    Raises", "    ------", "    ValueError",
              _fill((f"If {raises} anywhere, or " if raises else "If ") + "array parameters do not broadcast "
                    "to ``size``.", " " * 8)]
    if parameters:
        lines += ["    TypeError", _fill("If a parameter is complex (or not a number at all, such as None).", " " * 8)]
    dtypes = ("Dtypes: the parameters may have any real dtype (bool and integers included) and compute in "
              "float64" + ("" if not integer else ", or int64 for counts") + "; complex parameters raise TypeError. "
              "The draws are " + ("int64." if integer else "float64."))
    if not parameters:
        dtypes = "Dtypes: the draws are float64."
    lines += ["", "    Notes", "    -----", _fill(dtypes), "",
              _fill("GPU: " + gpu + " " + _DRAWS + (_CHECKS if parameters else "") + " " + _STREAM)]
    if example:
        lines += ["", "    Examples", "    --------", textwrap.indent(textwrap.dedent(example).strip("\n"), "    ")]
    return "\n".join(lines) + "\n"


_A_POSITIVE = ("a", "float or array_like of floats", "The shape, positive.")
_ROUNDS = ("NumPy's rejection sampler in rounds: every element draws a candidate each round "
           "(vectorised Philox draws and elementwise kernels over the whole shape) and keeps its "
           "first accepted one, until all have (one reduction read back a round, about log(n) "
           "rounds; RuntimeError after 1000).")

DOCSTRINGS = {
    "standard_cauchy": _doc(
        "Draw from the standard Cauchy distribution (a Student's t of one degree of freedom).", [], None,
        "the ratio of two vectorised normal draws (wgsl/random_block.wgsl), one division kernel.",
        example="""
        >>> x = wg.random.default_rng(0).standard_cauchy(1000)
        >>> x.shape, x.dtype
        ((1000,), dtype('float64'))
        """),
    "standard_t": _doc(
        "Draw from Student's t distribution of ``df`` degrees of freedom.",
        [("df", "float or array_like of floats", "The degrees of freedom, positive.")], "``df`` <= 0",
        "``sqrt(df / 2) Z / sqrt(G)`` of a vectorised normal draw Z and a standard gamma G of shape "
        "``df / 2`` (the gamma rejection kernel, wgsl/random_gamma.wgsl), then elementwise kernels."),
    "f": _doc(
        "Draw from the F (Fisher-Snedecor) distribution.",
        [("dfnum", "float or array_like of floats", "The numerator's degrees of freedom, positive."),
         ("dfden", "float or array_like of floats", "The denominator's degrees of freedom, positive.")],
        "``dfnum`` <= 0 or ``dfden`` <= 0",
        "the ratio of two chi-square draws, each a standard gamma (wgsl/random_gamma.wgsl) "
        "scaled by elementwise kernels."),
    "noncentral_chisquare": _doc(
        "Draw from the noncentral chi-square distribution.",
        [("df", "float or array_like of floats", "The degrees of freedom, positive."),
         ("nonc", "float or array_like of floats", "The noncentrality, non-negative.")],
        "``df`` <= 0 or ``nonc`` < 0",
        "NumPy's construction: ``chi2(df - 1) + (Z + sqrt(nonc))^2`` for df > 1, a chi-square of "
        "``df + 2 P`` degrees of freedom for a Poisson P of rate ``nonc / 2`` otherwise "
        "(wgsl/random_gamma.wgsl, wgsl/random_poisson.wgsl and vectorised normals); with array "
        "parameters each branch is drawn for every element and one kept."),
    "noncentral_f": _doc(
        "Draw from the noncentral F distribution.",
        [("dfnum", "float or array_like of floats", "The numerator's degrees of freedom, positive."),
         ("dfden", "float or array_like of floats", "The denominator's degrees of freedom, positive."),
         ("nonc", "float or array_like of floats", "The noncentrality, non-negative.")],
        "``dfnum`` <= 0, ``dfden`` <= 0 or ``nonc`` < 0",
        "a noncentral chi-square draw (see ``noncentral_chisquare``) over a chi-square draw, scaled "
        "by elementwise kernels, as NumPy defines it."),
    "vonmises": _doc(
        "Draw from the von Mises distribution on [-pi, pi].",
        [("mu", "float or array_like of floats", "The mode (an angle in radians)."),
         ("kappa", "float or array_like of floats", "The concentration, non-negative.")],
        "``kappa`` < 0",
        "Best and Fisher's method as NumPy's random_vonmises has it, " + _ROUNDS + " As NumPy, "
        "kappa below 1e-8 draws uniform angles and kappa above 1e6 a wrapped normal."),
    "wald": _doc(
        "Draw from the Wald (inverse Gaussian) distribution.",
        [("mean", "float or array_like of floats", "The mean, positive."),
         ("scale", "float or array_like of floats", "The scale (shape) parameter, positive.")],
        "``mean`` <= 0 or ``scale`` <= 0",
        "Michael, Schucany and Haas's transform of a vectorised normal draw, chosen against a "
        "uniform draw, by elementwise kernels (as NumPy's random_wald)."),
    "weibull": _doc(
        "Draw from a Weibull distribution of shape ``a`` (scale 1).",
        [("a", "float or array_like of floats", "The shape, non-negative (0 gives 0).")], "``a`` < 0",
        "``E ** (1 / a)`` of a vectorised standard exponential draw E, one elementwise kernel or two."),
    "pareto": _doc(
        "Draw from a Pareto II (Lomax) distribution of shape ``a``, as NumPy's (``pareto + 1`` is "
        "the classical Pareto).", [_A_POSITIVE], "``a`` <= 0",
        "``expm1(E / a)`` of a vectorised standard exponential draw E, by elementwise kernels."),
    "power": _doc(
        "Draw from a power distribution of exponent ``a - 1`` on [0, 1].", [_A_POSITIVE], "``a`` <= 0",
        "``(1 - exp(-E)) ** (1 / a)`` of a vectorised standard exponential draw E, by elementwise kernels."),
    "rayleigh": _doc(
        "Draw from a Rayleigh distribution of mode ``scale``.",
        [("scale", "float or array_like of floats, optional", "The scale, non-negative (default 1).")],
        "``scale`` < 0",
        "``scale sqrt(2 E)`` of a vectorised standard exponential draw E, by elementwise kernels.",
        example="""
        >>> x = wg.random.default_rng(0).rayleigh(2.0, size=(2, 3))
        >>> x.shape, bool(wg.all(x >= 0))
        ((2, 3), True)
        """),
    "gumbel": _doc(
        "Draw from a Gumbel (type I extreme value) distribution.",
        [("loc", "float or array_like of floats, optional", "The mode (default 0)."),
         ("scale", "float or array_like of floats, optional", "The scale, non-negative (default 1).")],
        "``scale`` < 0",
        "``loc - scale log(E)`` of a vectorised standard exponential draw E, by elementwise kernels."),
    "triangular": _doc(
        "Draw from the triangular distribution on [``left``, ``right``] with mode ``mode``.",
        [("left", "float or array_like of floats", "The lower limit."),
         ("mode", "float or array_like of floats", "The peak, with left <= mode <= right."),
         ("right", "float or array_like of floats", "The upper limit, above ``left``.")],
        "``left`` > ``mode``, ``mode`` > ``right`` or ``left`` == ``right``",
        "the inverse CDF of a vectorised uniform draw, by elementwise kernels (as NumPy's)."),
    "negative_binomial": _doc(
        "Draw from a negative binomial distribution: failures before the ``n``-th success.",
        [("n", "float or array_like of floats", "The number of successes, positive (need not be an integer)."),
         ("p", "float or array_like of floats", "The probability of success, in (0, 1].")],
        "``n`` <= 0, ``p`` is outside (0, 1] or NaN, or ``(1 - p) / p (n + 10 sqrt(n))`` exceeds poisson's "
        "largest rate (about 9.2e18),",
        "a gamma-Poisson mixture as NumPy's: a standard gamma of shape ``n`` "
        "(wgsl/random_gamma.wgsl) scaled by ``(1 - p) / p`` is the rate of a Poisson draw "
        "(wgsl/random_poisson.wgsl).", integer=True),
    "hypergeometric": _doc(
        "Draw from a hypergeometric distribution: the good items in ``nsample`` drawn without replacement.",
        [("ngood", "int or array_like of ints", "The number of good items, non-negative, below 10^9."),
         ("nbad", "int or array_like of ints", "The number of bad items, non-negative, below 10^9."),
         ("nsample", "int or array_like of ints", "The number of items drawn, at most ngood + nbad.")],
        "a count is negative, ``ngood + nbad < nsample``, or ``ngood`` or ``nbad`` is 10^9 or more",
        "NumPy's two methods on the smaller of the sample and the items left out: below 10 "
        "items, drawn one at a time (a vectorised uniform draw and a few elementwise kernels a "
        "step); from 10, Stadlober's ratio-of-uniforms rejection (HRUA) with NumPy's Stirling-series "
        "log-factorials, " + _ROUNDS.replace("NumPy's rejection sampler in rounds: ", ""), integer=True),
    "logseries": _doc(
        "Draw from a logarithmic series distribution of parameter ``p``.",
        [("p", "float or array_like of floats", "The shape, in [0, 1).")],
        "``p`` is outside [0, 1) or NaN,", "Kemp's generator, " + _ROUNDS, integer=True),
    "zipf": _doc(
        "Draw from a Zipf (zeta) distribution of exponent ``a``.",
        [("a", "float or array_like of floats", "The exponent, above 1.")],
        "``a`` <= 1 or NaN", "Devroye's rejection method, " + _ROUNDS + " Exponents very close to 1 "
        "reject almost every candidate (as in NumPy) and may raise RuntimeError.", integer=True,
        example="""
        >>> k = wg.random.default_rng(0).zipf(2.0, size=1000)
        >>> k.dtype, int(k.min()) >= 1
        (dtype('int64'), True)
        """),
}
