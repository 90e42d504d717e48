"""numpydoc docstrings of wgarray.nn's convolutions and pools (_conv.py, _pool.py).

The 1-D, 2-D and 3-D variants differ only in their shapes, so each docstring is made from one
template per family; importing this module sets them (wgarray/nn/__init__.py imports it).
"""

from . import _conv, _pool

_SPATIAL = {1: ("W",), 2: ("H", "W"), 3: ("D", "H", "W")}

_FLOAT_DTYPES = """
    Dtypes: float16, float32 and float64 (``input``, ``weight`` and ``bias`` of one dtype,
    else RuntimeError); any other dtype raises TypeError, as PyTorch's integer convolutions
    are not offered. float16 computes in float32 (the inputs widened exactly) and the result
    is rounded once to float16."""


def _shapes(dims: int) -> tuple[str, str]:
    """('N, C, D, H, W'-style input dims, 'kD, kH, kW'-style kernel dims) of a dims-D layer."""
    spatial = _SPATIAL[dims]
    return ", ".join(spatial), ", ".join("k" + s for s in spatial)


def _ints(dims: int) -> str:
    return "int" if dims == 1 else f"int or tuple of {dims} ints"


def _conv_doc(dims: int) -> str:
    spatial, kernel = _shapes(dims)
    ints = _ints(dims)
    example = """
    Examples
    --------
    >>> x = wg.arange(16, dtype=wg.float32).reshape((1, 1, 4, 4))
    >>> w = wg.ones((1, 1, 2, 2), dtype=wg.float32)
    >>> wg.nn.conv2d(x, w, stride=2)
    array([[[[10., 18.],
             [42., 50.]]]], dtype=float32)
    """ if dims == 2 else ""
    return f"""
    Apply a {dims}-D convolution (cross-correlation), as ``torch.nn.functional.conv{dims}d``.

    Layout and arguments are PyTorch's (channels first); an input without the batch
    dimension gives a result without it.

    Parameters
    ----------
    input : array_like
        The input, shape ``(N, C, {spatial})`` or unbatched ``(C, {spatial})``.
    weight : array_like
        The filters, shape ``(O, C / groups, {kernel})``.
    bias : array_like, optional
        A bias of shape ``(O,)`` added to every output channel.
    stride : {ints}, optional
        The step between windows (default 1).
    padding : {ints} or {{'valid', 'same'}}, optional
        Zeros added on both sides of each spatial dim (default 0). ``'valid'`` is no padding;
        ``'same'`` (stride 1 only) pads so that the output has the input's size, the odd
        one out after, as PyTorch.
    dilation : {ints}, optional
        The spacing between kernel taps (default 1).
    groups : int, optional
        Split the channels into this many groups, each convolved with its own filters
        (default 1); ``C`` and ``O`` must be divisible by it.

    Returns
    -------
    Array
        Shape ``(N, O, {spatial})`` (unbatched ``(O, {spatial})``) with PyTorch's output sizes,
        in the input's dtype; contiguous.

    Raises
    ------
    RuntimeError
        Shapes, groups, strides or paddings that do not fit, with PyTorch's messages.
    TypeError
        A non-float input, or a non-integer size argument.
    ValueError
        An unknown padding string (also a RuntimeError).

    See Also
    --------
    conv_transpose{dims}d, max_pool{dims}d, wgarray.scipy.ndimage.correlate

    Notes
    -----{_FLOAT_DTYPES}

    GPU: the weight is first copied into the kernels' (group, tap, channel, output channel)
    order by one map kernel; then one convolution kernel runs: an implicit GEMM (tiles of up to
    128 x 128) for groups of 16 output channels or more, a direct kernel below that (depthwise
    convolutions). Inputs of any strides are read in place; padding is applied by index.
    {example}"""


def _conv_transpose_doc(dims: int) -> str:
    spatial, kernel = _shapes(dims)
    ints = _ints(dims)
    return f"""
    Apply a {dims}-D transposed convolution, as ``torch.nn.functional.conv_transpose{dims}d``.

    The gradient of :func:`conv{dims}d` with respect to its input (sometimes called a
    deconvolution). Layout and arguments are PyTorch's; an input without the batch dimension
    gives a result without it.

    Parameters
    ----------
    input : array_like
        The input, shape ``(N, C, {spatial})`` or unbatched ``(C, {spatial})``.
    weight : array_like
        The filters, shape ``(C, O / groups, {kernel})``.
    bias : array_like, optional
        A bias of shape ``(O,)`` added to every output channel.
    stride : {ints}, optional
        The stride of the convolution this transposes (default 1).
    padding : {ints}, optional
        ``dilation * (k - 1) - padding`` zeros pad each side of the input (default 0). Strings
        are rejected (TypeError), as PyTorch does.
    output_padding : {ints}, optional
        Extra size added to one side of the output (default 0); smaller than the stride or the
        dilation.
    groups : int, optional
        Split the channels into this many groups (default 1).
    dilation : {ints}, optional
        The spacing between kernel taps (default 1).

    Returns
    -------
    Array
        Shape ``(N, O, ...)`` with the spatial sizes
        ``(n - 1) * stride - 2 * padding + dilation * (k - 1) + output_padding + 1``, in the
        input's dtype; contiguous.

    Raises
    ------
    RuntimeError
        Shapes, groups, strides or paddings that do not fit, with PyTorch's messages.
    TypeError
        A non-float input, or a padding string.

    See Also
    --------
    conv{dims}d

    Notes
    -----{_FLOAT_DTYPES}

    GPU: as :func:`conv{dims}d`: one map kernel reorders the weight, then one implicit-GEMM
    convolution kernel (or the direct kernel below 16 output channels a group), which gathers
    the contributing input positions by index (no zero-stuffed copy of the input).
    """


_POOL_INPUT = """
    input : array_like
        The input, shape ``(N, C, {spatial})`` or unbatched ``(C, {spatial})``.
    kernel_size : {ints}
        The window's size.
    stride : {ints}, optional
        The step between windows; None (the default) is ``kernel_size``.
    padding : {ints}, optional
        Implicit padding on both sides (default 0), at most half the window."""

_POOL_NOTES = """
    Dtypes: float16, float32 and float64; any other dtype raises TypeError. float16 computes
    in float32 (widened exactly) and the result is rounded once to float16.

    GPU: one pooling kernel (wgsl/pool.wgsl), one invocation an output element, reading the
    input through its strides; padding is applied by index."""


def _max_pool_doc(dims: int) -> str:
    spatial, _ = _shapes(dims)
    ints = _ints(dims)
    plane = " * ".join(_SPATIAL[dims])
    example = """
    Examples
    --------
    >>> x = wg.asarray([[[[1., 2., 5., 0.],
    ...                   [3., 4., 1., 1.]]]])
    >>> wg.nn.max_pool2d(x, 2)
    array([[[[4., 5.]]]])
    >>> values, indices = wg.nn.max_pool2d(x, 2, return_indices=True)
    >>> indices
    array([[[[5, 2]]]])
    """ if dims == 2 else ""
    return f"""
    Apply a {dims}-D max pooling, as ``torch.nn.functional.max_pool{dims}d``.

    Parameters
    ----------{_POOL_INPUT.format(spatial=spatial, ints=ints)}
        Padded positions never win (they count as -inf).
    dilation : {ints}, optional
        The spacing between window elements (default 1).
    ceil_mode : bool, optional
        Round the output size up rather than down (a last window must start inside the input
        or its left padding), as PyTorch.
    return_indices : bool, optional
        Also return where each maximum was.

    Returns
    -------
    Array or tuple of Array
        The maxima, shape ``(N, C, {spatial})`` of PyTorch's output sizes, in the input's
        dtype; with ``return_indices``, also their int64 flat indices into each
        ``{plane}`` plane of the input. A NaN in a window is its maximum, as PyTorch.

    Raises
    ------
    RuntimeError
        Sizes, strides, paddings or dilations that do not fit, with PyTorch's messages.
    TypeError
        A non-float input.

    See Also
    --------
    avg_pool{dims}d, wgarray.scipy.ndimage.maximum_filter

    Notes
    -----{_POOL_NOTES}
    With ``return_indices`` the same kernel writes the indices too.
    {example}"""


def _avg_pool_doc(dims: int) -> str:
    spatial, _ = _shapes(dims)
    ints = _ints(dims)
    override = " (PyTorch's 1-D function lacks it;\n        wgarray takes it as the 2-D one does)" if dims == 1 else ""
    return f"""
    Apply a {dims}-D average pooling, as ``torch.nn.functional.avg_pool{dims}d``.

    Parameters
    ----------{_POOL_INPUT.format(spatial=spatial, ints=ints)}
    ceil_mode : bool, optional
        Round the output size up rather than down, as PyTorch.
    count_include_pad : bool, optional
        Count the padded zeros in the divisor (default True).
    divisor_override : int, optional
        Divide every sum by this instead of the window's count{override}.

    Returns
    -------
    Array
        The averages, shape ``(N, C, {spatial})`` of PyTorch's output sizes, in the input's
        dtype.

    Raises
    ------
    RuntimeError
        Sizes, strides or paddings that do not fit, or a zero ``divisor_override``.
    TypeError
        A non-float input.

    See Also
    --------
    max_pool{dims}d, wgarray.scipy.ndimage.uniform_filter

    Notes
    -----{_POOL_NOTES}
    """


for _dims in (1, 2, 3):
    getattr(_conv, f"conv{_dims}d").__doc__ = _conv_doc(_dims)
    getattr(_conv, f"conv_transpose{_dims}d").__doc__ = _conv_transpose_doc(_dims)
    getattr(_pool, f"max_pool{_dims}d").__doc__ = _max_pool_doc(_dims)
    getattr(_pool, f"avg_pool{_dims}d").__doc__ = _avg_pool_doc(_dims)
