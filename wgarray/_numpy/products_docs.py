"""numpydoc docstrings of NumPy's products (outer, inner, vdot, kron, cross, convolve, correlate)
and of einsum and einsum_path.

Kept apart from more_products.py and einsum.py (as NumPy's _add_newdocs.py) so that the modules
stay short; the package root imports this module to set them.
"""

from . import einsum as _einsum
from . import more_products as _products

_PROMOTED = """Dtypes: every dtype; the inputs are promoted together (NEP 50: Python scalars are weak).
    Integer products wrap on overflow, as NumPy's."""

_PRODUCTS = {
    "outer": f"""
    Compute the outer product of two vectors: ``out[i, j] = a.ravel()[i] * b.ravel()[j]``.

    Parameters
    ----------
    a : array_like
        The first input, flattened.
    b : array_like
        The second input, flattened.
    out : Array, optional
        An array of shape ``(a.size, b.size)`` to write into (same-kind casting).

    Returns
    -------
    Array
        Of shape ``(a.size, b.size)``, in the promoted dtype.

    Notes
    -----
    {_PROMOTED}

    GPU: one map kernel over two broadcast views (exact: one multiply per element).

    Examples
    --------
    >>> wg.outer(wg.asarray([1, 2]), [1, 10, 100])
    array([[  1,  10, 100],
           [  2,  20, 200]])
    """,
    "inner": f"""
    Inner product of two arrays: the sum product over their last axes.

    Parameters
    ----------
    a, b : array_like
        The inputs; their last axes must have the same length. A 0-d input multiplies the other.

    Returns
    -------
    Array
        Of shape ``a.shape[:-1] + b.shape[:-1]`` (a 0-d array for two vectors).

    Raises
    ------
    ValueError
        If the last axes differ in length.

    Notes
    -----
    {_PROMOTED} Bool sums are logical ORs, as NumPy's.

    GPU: one batched product on the matmul engine (views reshaped to matrices, a copy only where
    the strides do not allow a view); a 0-d input is one map kernel. Floating-point sums may be
    ordered differently from NumPy's, so the last bits can differ.

    Examples
    --------
    >>> wg.inner(wg.asarray([1.0, 2.0, 3.0]), [0.0, 1.0, 0.5])
    array(3.5)
    """,
    "vdot": f"""
    Return the dot product of two vectors, the first conjugated: ``sum(conj(a.ravel()) * b.ravel())``.

    Parameters
    ----------
    a, b : array_like
        The inputs, flattened; they must have the same size.

    Returns
    -------
    Array
        A 0-d array (NumPy returns a scalar).

    Raises
    ------
    ValueError
        If the sizes differ.

    Notes
    -----
    {_PROMOTED}

    GPU: one product on the matmul engine (the conjugation fused into it for complex input).

    Examples
    --------
    >>> wg.vdot(wg.asarray([1 + 2j, 3 - 1j]), [2 + 0j, 1j])
    array(1.-1.j)
    """,
    "kron": f"""
    Kronecker product of two arrays: blocks ``a[i, j, ...] * b``.

    Parameters
    ----------
    a, b : array_like
        The inputs; the one with fewer dimensions gets leading axes of length 1.

    Returns
    -------
    Array
        Of shape ``a.shape[k] * b.shape[k]`` per axis.

    Notes
    -----
    {_PROMOTED}

    GPU: one map kernel over two broadcast views (NumPy's own construction, so exact).

    Examples
    --------
    >>> wg.kron(wg.asarray([1, 10]), [1, 2, 3])
    array([ 1,  2,  3, 10, 20, 30])
    """,
    "cross": """
    Return the cross product of two (arrays of) vectors of 2 or 3 elements.

    Parameters
    ----------
    a : array_like
        The first vectors, along ``axisa``.
    b : array_like
        The second vectors, along ``axisb``; the other axes broadcast against ``a``'s.
    axisa : int, optional
        The axis of ``a`` holding the vectors (default -1).
    axisb : int, optional
        The axis of ``b`` holding the vectors (default -1).
    axisc : int, optional
        The axis of the result holding the vectors (default -1); ignored when both inputs have
        2-element vectors (the result is then the z component only).
    axis : int, optional
        If given, overrides ``axisa``, ``axisb`` and ``axisc``.

    Returns
    -------
    Array
        The cross products, in the promoted dtype.

    Raises
    ------
    ValueError
        For vectors of a length other than 2 or 3, or a 0-d input.
    TypeError
        For two bool inputs (bool subtraction), as NumPy's.

    Warns
    -----
    DeprecationWarning
        For 2-element vectors, as NumPy 2.

    Notes
    -----
    Dtypes: every dtype but bool; the inputs are promoted together (NEP 50).

    GPU: map kernels for each component (NumPy's formulas, so its rounding) and one copy joining
    the components.

    Examples
    --------
    >>> wg.cross(wg.asarray([1.0, 0.0, 0.0]), [0.0, 1.0, 0.0])
    array([0., 0., 1.])
    """,
}

_SLIDING = """GPU: the windows that lie inside the longer input are one product on the matmul engine (a
    sliding-window strided view, no copy, times the shorter input); the few windows that overlap
    NumPy's zero padding (modes 'same' and 'full') are map kernels and one fold kernel, summing only
    the overlap (so an inf in the data gives no NaN from the padding, as in NumPy)."""

_MODE = """mode : {{'full', 'same', 'valid'}}, optional
        The output length: 'full' (every overlap, ``N + M - 1``), 'same' (``max(N, M)``,
        centred) or 'valid' (``max(N, M) - min(N, M) + 1``, no padding). Default {default!r}."""

_PRODUCTS.update({
    "convolve": f"""
    Return the discrete, linear convolution of two one-dimensional sequences.

    Parameters
    ----------
    a : array_like
        The first 1-D input (a 0-d input counts as one element).
    v : array_like
        The second 1-D input.
    {_MODE.format(default='full')}

    Returns
    -------
    Array
        1-D, in the promoted dtype.

    Raises
    ------
    ValueError
        For an empty or multi-dimensional input, or an unknown mode.

    Notes
    -----
    {_PROMOTED} Bool sums are logical ORs.

    {_SLIDING}

    Examples
    --------
    >>> wg.convolve(wg.asarray([1.0, 2.0, 3.0]), [0.0, 1.0, 0.5])
    array([0. , 1. , 2.5, 4. , 1.5])
    >>> wg.convolve(wg.asarray([1.0, 2.0, 3.0]), [0.0, 1.0, 0.5], mode="same")
    array([1. , 2.5, 4. ])
    """,
    "correlate": f"""
    Cross-correlation of two one-dimensional sequences: ``c[k] = sum_n a[n + k] * conj(v[n])``.

    Parameters
    ----------
    a : array_like
        The first 1-D input.
    v : array_like
        The second 1-D input (conjugated when complex).
    {_MODE.format(default='valid')}

    Returns
    -------
    Array
        1-D, in the promoted dtype; reversed where ``v`` is longer than ``a``, as NumPy's.

    Raises
    ------
    ValueError
        For an empty, 0-d or multi-dimensional input, or an unknown mode.

    Notes
    -----
    {_PROMOTED} Bool sums are logical ORs.

    {_SLIDING}

    Examples
    --------
    >>> wg.correlate(wg.asarray([1.0, 2.0, 3.0]), [0.0, 1.0, 0.5])
    array([3.5])
    >>> wg.correlate(wg.asarray([1.0, 2.0, 3.0]), [0.0, 1.0, 0.5], "full")
    array([0.5, 2. , 3.5, 3. , 0. ])
    """,
})

_EINSUM = {
    "einsum": """
    Evaluate the Einstein summation convention on the operands.

    NumPy's conventions: implicit output (the labels that occur once, in alphabetical order),
    ``'...'`` broadcasting, and the sublist form ``einsum(a, [0, 1], b, [1, 2], [0, 2])``.

    Parameters
    ----------
    *operands : str and array_like
        The subscripts (such as ``'ij,jk->ik'``) followed by the arrays, or arrays alternating with
        their sublists of label numbers (0-51), then optionally the output's sublist.
    out : Array, optional
        An array of the result's shape to write into (cast by ``casting``).
    optimize : {False, True, 'greedy', 'optimal'} or list, optional
        False (the default) contracts the operands pairwise from left to right; anything else uses
        the order NumPy's path optimiser picks (see :func:`wgarray.einsum_path`).
    dtype : dtype, optional
        The dtype to compute in (default: the operands' promoted dtype).
    order : {'C', 'F', 'A', 'K'}, optional
        Checked and otherwise ignored: the result is laid out as the last product leaves it (a
        view when only a permutation remains).
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        How the operands may be cast to ``dtype`` and the result to ``out`` (default 'safe').

    Returns
    -------
    Array
        The result, with one axis per output label (a 0-d array for a full contraction).

    Raises
    ------
    ValueError
        For malformed subscripts, operands whose shapes do not match their labels, or a wrong
        ``order``; NumPy's messages.
    TypeError
        When an operand cannot be cast to ``dtype`` by ``casting``.

    Notes
    -----
    Dtypes: every dtype; the operands are promoted together (NumPy's result_type), or cast to
    ``dtype``. Bool sums are logical ORs, as NumPy's.

    GPU: a repeated label within one operand is a diagonal (a strided view, no copy); a label only
    one operand has and the output lacks is summed out by a fold kernel; each pairwise
    contraction is one batched product on the matmul engine (operands permuted and reshaped to
    stacks of matrices as views, a copy only where the strides do not allow one). The path is
    planned from shapes alone (metadata on the host).

    Examples
    --------
    >>> a = wg.arange(6).reshape(2, 3)
    >>> wg.einsum("ij->j", a)
    array([3, 5, 7])
    >>> wg.einsum("ij,kj->ik", a, a)
    array([[ 5, 14],
           [14, 50]])
    >>> wg.einsum("ii", wg.arange(9).reshape(3, 3))
    array(12)
    """,
    "einsum_path": """
    Evaluate the lowest-cost contraction order for an einsum expression (NumPy's optimiser).

    Parameters
    ----------
    *operands : str and array_like
        As for :func:`wgarray.einsum`: the subscripts then the arrays, or the sublist form.
    optimize : {'greedy', 'optimal'} or bool or list, optional
        The optimiser (default 'greedy'), or an explicit path (``['einsum_path', (0, 1), ...]``).
    einsum_call : bool, optional
        Accepted for NumPy compatibility and ignored.

    Returns
    -------
    path : list
        ``['einsum_path', (i, j), ...]``: the pairs contracted in order; ``wgarray.einsum`` accepts
        it as ``optimize``.
    string_repr : str
        NumPy's printable report (the FLOP counts and intermediate shapes).

    Notes
    -----
    Dtypes: every dtype (only the shapes and dtypes of the operands are read).

    GPU: none; this runs on the host (metadata only): NumPy's planner reads zero-byte stand-ins of
    the operands' shapes and dtypes, so paths and reports are NumPy's.

    Examples
    --------
    >>> ones = [wg.ones((2, 3)), wg.ones((3, 4)), wg.ones((4, 5))]
    >>> wg.einsum_path("ij,jk,kl->il", *ones, optimize="greedy")[0]
    ['einsum_path', (1, 2), (0, 1)]
    """,
}

for _module, _docs in ((_products, _PRODUCTS), (_einsum, _EINSUM)):
    for _name, _doc in _docs.items():
        getattr(_module, _name).__doc__ = _doc
