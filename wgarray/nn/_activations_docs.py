"""numpydoc docstrings of wgarray.nn's activations, row normalisations (_activations.py) and
attention (_attention.py); importing this module sets them (wgarray/nn/__init__.py imports it)."""

from . import _activations, _attention

_FLOATS = """
    Dtypes: float16, float32 and float64; any other dtype raises TypeError. float16 computes
    in float32 and is rounded once to float16."""

_MAP = _FLOATS + """

    GPU: one map kernel ({what}){inplace}.
"""

_INPLACE_PARAMETER = """
    inplace : bool, optional
        Write the result into ``input`` and return it (an input that is not a wgarray array
        is converted first, so only the returned array holds the result)."""

_ROWS_PARAMETERS = """
    input : array_like
        The input.
    dim : int, optional
        The dimension the {what} runs along. None (PyTorch's deprecated implicit choice, with
        its warning) takes 0 for 0-, 1- and 3-D inputs, else 1.
    _stacklevel : int, optional
        Accepted for PyTorch's signature; unused.
    dtype : dtype, optional
        Cast the input to this dtype (float16, float32 or float64) first."""

_ROWS_NOTES = """
    Notes
    -----{floats}

    GPU: one fused row kernel (wgsl/nn_rows.wgsl), one workgroup a row of any strides: a row
    that fits in registers is read once and written once, a longer one read once per pass.
    float16 adds a widening and a narrowing map kernel.
""".format(floats=_FLOATS)

DOCSTRINGS = {
    "relu": """
    Apply the rectified linear unit ``max(x, 0)``, as ``torch.nn.functional.relu``.

    NaN stays NaN and -0.0 becomes 0.0, as PyTorch's.

    Parameters
    ----------
    input : array_like
        The input.""" + _INPLACE_PARAMETER + """

    Returns
    -------
    Array
        The result, in the input's dtype (``input`` itself when ``inplace``).

    Raises
    ------
    TypeError
        A bool or complex input.

    See Also
    --------
    gelu, silu

    Notes
    -----
    Dtypes: every integer dtype and float16, float32 and float64 (as PyTorch's); bool and
    complex raise TypeError.

    GPU: one map kernel; ``inplace`` adds the copy into ``input``.

    Examples
    --------
    >>> wg.nn.relu(wg.asarray([-1.0, 0.0, 2.0]))
    array([0., 0., 2.])
    """,
    "silu": """
    Apply the sigmoid linear unit ``x * sigmoid(x)``, as ``torch.nn.functional.silu``.

    Parameters
    ----------
    input : array_like
        The input.""" + _INPLACE_PARAMETER + """

    Returns
    -------
    Array
        ``x / (1 + exp(-x))``, in the input's dtype (``input`` itself when ``inplace``).

    Raises
    ------
    TypeError
        A non-float input.

    See Also
    --------
    gelu, relu

    Notes
    -----""" + _MAP.format(what="wgarray's accurate exp", inplace="; ``inplace`` adds the copy into ``input``"),
    "gelu": """
    Apply the Gaussian error linear unit, as ``torch.nn.functional.gelu``.

    Parameters
    ----------
    input : array_like
        The input.
    approximate : {'none', 'tanh'}, optional
        ``'none'`` (the default) computes ``0.5 x (1 + erf(x / sqrt 2))`` exactly (as
        ``0.5 x erfc(-x / sqrt 2)``, accurate for negative x too); ``'tanh'`` is PyTorch's
        approximation ``0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))``.

    Returns
    -------
    Array
        The result, in the input's dtype.

    Raises
    ------
    RuntimeError
        An unknown ``approximate``, as PyTorch.
    TypeError
        A non-float input.

    See Also
    --------
    relu, silu

    Notes
    -----""" + _MAP.format(what="wgarray's erfc or tanh", inplace="") + """
    Examples
    --------
    >>> wg.nn.gelu(wg.asarray([-1.0, 0.0, 1.0]))
    array([-0.15865525,  0.        ,  0.84134475])
    """,
    "softmax": """
    Compute ``exp(x - max) / sum(exp(x - max))`` along a dimension, as
    ``torch.nn.functional.softmax``.

    Parameters
    ----------""" + _ROWS_PARAMETERS.format(what="softmax") + """

    Returns
    -------
    Array
        Of the input's shape and dtype (``dtype``'s when given); a 0-d input is a row of one.

    Raises
    ------
    IndexError
        ``dim`` out of range, as PyTorch.
    TypeError
        A non-float input or ``dtype``.

    See Also
    --------
    log_softmax, layer_norm
    """ + _ROWS_NOTES + """
    Examples
    --------
    >>> wg.nn.softmax(wg.asarray([[1.0, 2.0, 3.0]]), dim=1)
    array([[0.09003057, 0.24472847, 0.66524096]])
    """,
    "log_softmax": """
    Compute ``x - max - log(sum(exp(x - max)))`` along a dimension, as
    ``torch.nn.functional.log_softmax``.

    Parameters
    ----------""" + _ROWS_PARAMETERS.format(what="log-softmax") + """

    Returns
    -------
    Array
        Of the input's shape and dtype (``dtype``'s when given); a 0-d input is a row of one.

    Raises
    ------
    IndexError
        ``dim`` out of range, as PyTorch.
    TypeError
        A non-float input or ``dtype``.

    See Also
    --------
    softmax
    """ + _ROWS_NOTES,
    "layer_norm": """
    Normalise over the trailing dimensions, as ``torch.nn.functional.layer_norm``.

    ``(x - mean) / sqrt(var + eps) * weight + bias``, the mean and the biased variance taken
    over the last ``len(normalized_shape)`` dimensions.

    Parameters
    ----------
    input : array_like
        The input, shape ``(*, *normalized_shape)``.
    normalized_shape : int or sequence of int
        The trailing shape normalised over.
    weight : array_like, optional
        A scale of shape ``normalized_shape``, in the input's dtype.
    bias : array_like, optional
        An offset of shape ``normalized_shape``, in the input's dtype.
    eps : float, optional
        Added to the variance (default 1e-5).

    Returns
    -------
    Array
        Of the input's shape and dtype.

    Raises
    ------
    RuntimeError
        Shapes that do not match ``normalized_shape``, or a ``weight`` or ``bias`` of another
        dtype, with PyTorch's messages.
    TypeError
        A non-float input.

    See Also
    --------
    softmax

    Notes
    -----""" + _FLOATS + """

    GPU: one fused row kernel (wgsl/nn_rows.wgsl), one workgroup a row: the trailing
    dimensions are read as one strided row where they merge, else copied once (a map kernel)
    first. float16 adds widening and narrowing map kernels.

    Examples
    --------
    >>> wg.nn.layer_norm(wg.asarray([[1.0, 2.0, 3.0]]), 3, eps=0.0)
    array([[-1.22474487,  0.        ,  1.22474487]])
    """,
    "scaled_dot_product_attention": """
    Compute ``softmax(query @ key^T * scale + mask) @ value``, as
    ``torch.nn.functional.scaled_dot_product_attention``.

    The semantics are PyTorch's math path (torch >= 2.5): batch dimensions broadcast, a row
    that every key is masked out of gives 0 (not NaN), and a NaN score at a masked position is
    ignored, as PyTorch's fused kernels do.

    Parameters
    ----------
    query : array_like
        Shape ``(..., L, E)``.
    key : array_like
        Shape ``(..., S, E)``, of the query's dtype.
    value : array_like
        Shape ``(..., S, Ev)``, of the query's dtype.
    attn_mask : array_like, optional
        Broadcastable to ``(..., L, S)``: bool (True takes part) or a float mask of the query's
        dtype added to the scaled scores.
    dropout_p : float, optional
        Drop attention weights with this probability (the kept ones scaled by
        ``1 / (1 - p)``), drawn from wgarray.random's global stream: ``wgarray.random.seed``
        makes the draws repeat (PyTorch draws from its own generator).
    is_causal : bool, optional
        Mask with ``tril(ones(L, S))`` (top-left aligned); excludes ``attn_mask``.
    scale : float, optional
        The scores' factor; None (the default) is ``1 / sqrt(E)``.
    enable_gqa : bool, optional
        Grouped-query attention: key and value may have fewer heads (dim -3) than the query,
        query head ``h`` reading head ``h // (Hq // Hk)``.

    Returns
    -------
    Array
        Shape ``(..., L, Ev)``, in the query's dtype.

    Raises
    ------
    RuntimeError
        Mismatched shapes, dtypes or heads, or ``attn_mask`` with ``is_causal``, with
        PyTorch's messages.
    TypeError
        A non-float input.
    ValueError
        ``dropout_p`` outside [0, 1].

    See Also
    --------
    softmax

    Notes
    -----""" + _FLOATS + """

    GPU: one fused flash-attention kernel (wgsl/nn_attention.wgsl): the ``L x S`` score
    matrix never exists, each workgroup walks the keys in tiles with an online softmax;
    causal attention skips the tiles above the diagonal. Inputs and masks are read through
    their strides (broadcast dims and grouped heads by index), so nothing is copied; float16
    adds widening and narrowing map kernels.

    Examples
    --------
    >>> q, k = wg.zeros((1, 2)), wg.zeros((2, 2))
    >>> v = wg.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> wg.nn.scaled_dot_product_attention(q, k, v)
    array([[2., 3.]])
    """,
}

for _name, _doc in DOCSTRINGS.items():
    _module = _attention if _name == "scaled_dot_product_attention" else _activations
    getattr(_module, _name).__doc__ = _doc
