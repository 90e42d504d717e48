"""numpydoc docstrings of the ufunc objects: their parameters, the dtypes each computes in and
how it runs, from its row of the elementwise table (so a new row gets one with no edit here).

Importing this module sets them (the package root imports it); ufunc.py keeps its short default.
"""

from .ufunc import ufunc
from .ufuncs import UFUNCS

# Dtype kinds of the table's rows, as the dtypes a user passes.
_KINDS = {"bool": "bool", "int": "int8 to int64", "uint": "uint8 to uint64", "float": "float32, float64",
          "complex": "complex64, complex128"}

_TEMPLATE = """{name}{signature}

Elementwise ``{row}`` on the GPU, as NumPy's ufunc ``{name}``.

Parameters
----------
{inputs}
out : Array or tuple of one Array, optional
    Where to write the result; it is cast into ``out`` under ``casting``.
where : array_like of bool, optional
    Where false, ``out`` keeps its values (without ``out``, those elements are zero).
casting : {{'no', 'equiv', 'safe', 'same_kind', 'unsafe'}}, optional
    How the result may be cast into ``out`` or ``dtype`` (default 'same_kind').
order : {{'K', 'A', 'C', 'F'}}, optional
    The memory layout of the result: 'F' is Fortran order, the others C order.
dtype : dtype, optional
    The dtype to compute in and return.

Returns
-------
Array
    The result, of the inputs' promoted dtype (NumPy 2's rules: Python scalars are weak).

Notes
-----
Dtypes: computes in {kinds}; other inputs are promoted as NumPy promotes them, and a
dtype it has no loop for raises ``TypeError``.

GPU: one map kernel from the WGSL expression of this row of the elementwise table
(strided and broadcast inputs are read in place). The plain call is the array API
standard's ``{row}``; the methods ``reduce``, ``accumulate``, ``reduceat``, ``outer`` and
``at`` are NumPy's (see :class:`wgarray.ufunc`).
"""

_ONE = """x : array_like
    The input array, or a Python scalar."""
_TWO = """x1, x2 : array_like
    The input arrays (broadcast together), or Python scalars."""


def _docstring(u) -> str:
    kinds = [_KINDS[k] for k, expr in u._row.exprs.items() if expr is not None and expr is not NotImplemented]
    return _TEMPLATE.format(name=u.__name__, signature=u.__signature__, row=u._row.name,
                            inputs=_ONE if u.nin == 1 else _TWO, kinds="; ".join(kinds))


for _ufunc in {id(u): u for u in UFUNCS.values()}.values():
    _ufunc.__doc__ = _docstring(_ufunc)


# -- the ufunc class and its methods -------------------------------------------------------------
# (continuation lines indented as the docstrings that include it)
_METHOD_DTYPES = """Dtypes: as NumPy's. The method computes in ``dtype``, else in ``out``'s dtype, else in
    the array's (add and multiply widen bool and integers narrower than 64 bits to int64, or
    uint64 for unsigned ones; the logical ufuncs compute in bool); the ufunc's loop for that
    dtype must give it back, else ``UFuncTypeError`` (a ``TypeError``)."""
_ORDERED = """the ordered fold engine (one invocation per run, in NumPy's left-to-right order)"""

_CLASS_DOCS = {
    None: """
    A NumPy-style universal function over one row of wgarray's elementwise table.

    ``f(x)`` or ``f(x1, x2)`` is the array API standard's function of that row; NumPy's
    keywords ``out``, ``where``, ``dtype``, ``casting`` and ``order`` are accepted as in NumPy
    (see each ufunc's own docstring), and so are its methods ``reduce``, ``accumulate``,
    ``reduceat``, ``outer`` and ``at``. The attributes ``nin``, ``nout``, ``nargs``,
    ``identity``, ``types`` and ``ntypes`` are NumPy's. wgarray makes one ufunc per table row
    (``wgarray.add``, ``wgarray.sin``, ...); users do not construct them.

    Parameters
    ----------
    row : Row
        The row of the elementwise table (wgarray/_engines/ops.py): its WGSL per dtype kind,
        its identity and how it folds.
    nin : int
        The number of inputs (1 or 2).
    name : str
        The ufunc's name (NumPy's, e.g. ``'absolute'`` for the standard's ``abs``).

    Notes
    -----
    Where a ``where`` mask is false and no ``out`` is given, NumPy leaves the elements
    uninitialised; wgarray sets them to zero (False for bool results).

    Dtypes: each ufunc computes in the dtypes its row has WGSL for (see its docstring and
    ``types``); inputs promote as NumPy 2 promotes them (Python scalars are weak).

    GPU: a call is one map kernel; ``reduce`` and ``accumulate`` use the fold and scan
    engines (or the ordered fold engine), ``at`` the scatter-apply engine.

    Examples
    --------
    >>> wg.add(wg.asarray([1, 2]), 3)
    array([4, 5])
    >>> wg.add.nin, wg.add.identity
    (2, 0)
    """,
    "reduce": f"""
    Reduce an array along axes by applying the ufunc repeatedly, as NumPy's ``ufunc.reduce``.

    Parameters
    ----------
    array : array_like
        The input array.
    axis : None or int or tuple of int, optional
        The axes to reduce (default 0); None reduces all of them. Ufuncs that are not
        reorderable (subtract, divide, power, ...) take at most one axis.
    dtype : dtype, optional
        The dtype to compute in and return.
    out : Array, optional
        An array of the result's shape to write into.
    keepdims : bool, optional
        Keep the reduced axes with length one.
    initial : scalar, optional
        The value to start from (None: the ufunc's identity, as when it is not given); needed
        for empty reductions and ``where`` masks of ufuncs without an identity.
    where : array_like of bool, optional
        Only the elements where it is true take part (broadcast against ``array``).

    Returns
    -------
    Array
        The reduction (a 0-d array when every axis is reduced).

    Raises
    ------
    ValueError
        For a unary ufunc, several axes of a non-reorderable one, or an empty reduction (or a
        ``where`` mask) of a ufunc without identity and without ``initial``.

    Notes
    -----
    Sums fold from +0.0, as NumPy's (a sum of -0.0s is +0.0 here, unlike ``wgarray.sum``).

    {_METHOD_DTYPES}

    GPU: reorderable ufuncs (add, multiply, maximum, logical_and, bitwise_or, ...) run one
    fold kernel; the others run on {_ORDERED}. A ``where`` mask adds one map kernel,
    ``initial`` one more.

    Examples
    --------
    >>> x = wg.asarray([[1, 2, 3], [4, 5, 6]])
    >>> wg.add.reduce(x)
    array([5, 7, 9])
    >>> wg.subtract.reduce(x, axis=1)
    array([-4, -7])
    >>> wg.maximum.reduce(x, axis=None)
    array(6)
    """,
    "accumulate": f"""
    The running results of applying the ufunc along an axis, as NumPy's ``ufunc.accumulate``.

    Parameters
    ----------
    array : array_like
        The input array, of at least one dimension.
    axis : int, optional
        The axis to accumulate along (default 0; None only for 1-d arrays).
    dtype : dtype, optional
        The dtype to compute in and return.
    out : Array, optional
        An array of ``array``'s shape to write into.

    Returns
    -------
    Array
        The partial results, of ``array``'s shape.

    Raises
    ------
    ValueError
        For a unary ufunc or several axes.
    TypeError
        For a 0-d array.

    Notes
    -----
    {_METHOD_DTYPES}

    GPU: reorderable ufuncs run one scan kernel along the axis (long rows in tiles with
    carries); the others run on {_ORDERED}.

    Examples
    --------
    >>> wg.multiply.accumulate(wg.asarray([1, 2, 3, 4]))
    array([ 1,  2,  6, 24])
    >>> wg.subtract.accumulate(wg.asarray([10.0, 1.0, 2.0]))
    array([10.,  9.,  7.])
    """,
    "reduceat": f"""
    Reductions over slices of an array along an axis, as NumPy's ``ufunc.reduceat``.

    Slice ``i`` is ``array[indices[i]:indices[i + 1]]`` along the axis; where
    ``indices[i] >= indices[i + 1]`` it is the single element ``array[indices[i]]``, and the
    last slice runs to the end.

    Parameters
    ----------
    array : array_like
        The input array, of at least one dimension.
    indices : array_like of int
        The 1-d start indices of the slices, each in ``[0, array.shape[axis])``.
    axis : int, optional
        The axis to reduce along (default 0).
    dtype : dtype, optional
        The dtype to compute in and return.
    out : Array, optional
        An array of the result's shape to write into.

    Returns
    -------
    Array
        ``array``'s shape with the axis of length ``len(indices)``.

    Raises
    ------
    IndexError
        For an index out of bounds.
    ValueError
        For a unary ufunc or indices that are not 1-d.
    TypeError
        For a 0-d array or indices that are not integers.

    Notes
    -----
    {_METHOD_DTYPES}

    GPU: {_ORDERED}. The indices are read on the host (an Array of indices is downloaded,
    a host sync) to check their bounds, then uploaded as the runs' bounds.

    Examples
    --------
    >>> wg.add.reduceat(wg.arange(8), [0, 4, 1])
    array([ 6,  4, 28])
    """,
    "outer": """
    Apply the ufunc to every pair ``(a, b)`` of elements of ``A`` and ``B``.

    Parameters
    ----------
    A, B : array_like
        The inputs.
    **kwargs
        The ufunc's keywords (``out``, ``where``, ``casting``, ``order``, ``dtype``).

    Returns
    -------
    Array
        ``op(A[i...], B[j...])`` at ``[i..., j...]``, of shape ``A.shape + B.shape``.

    Raises
    ------
    ValueError
        For a unary ufunc.

    Notes
    -----
    Dtypes: as the ufunc's call.

    GPU: one map kernel over broadcast views of the inputs (nothing is copied first).

    Examples
    --------
    >>> wg.multiply.outer(wg.asarray([1, 2, 3]), wg.asarray([1, 10]))
    array([[ 1, 10],
           [ 2, 20],
           [ 3, 30]])
    """,
    "at": """
    Apply the ufunc in place at the indexed elements, unbuffered, as NumPy's ``ufunc.at``.

    ``a[indices] = op(a[indices], b)``, except that every repeated index applies again
    (``add.at(x, [0, 0], 1)`` adds 2).

    Parameters
    ----------
    a : Array
        The wgarray array to modify (writeable).
    indices : index
        What ``a[indices]`` accepts: ints, slices, Ellipsis, None, integer arrays, boolean
        masks, or a tuple of them; negative indices count from the end.
    b : array_like, optional
        The second operand of a binary ufunc (required for one, refused for a unary ufunc);
        it broadcasts to the indexed shape.

    Raises
    ------
    TypeError
        If ``a`` is not a wgarray array.
    ValueError
        If ``a`` is read-only, or ``b`` is missing or superfluous.
    IndexError
        For an out-of-bounds index (nothing is written).

    Notes
    -----
    Repeated indices apply in index order, as in NumPy, except on the atomic path (integer
    and bool add, subtract, multiply, bitwise and logical ops, integer minimum and maximum,
    and float32 add and multiply), where the order of float32 sums may change their rounding.

    Dtypes: as NumPy's: ``b`` is an array (Python scalars in their default dtypes, not weak);
    the loop is the ufunc's for ``a``'s and ``b``'s dtypes, and each result is cast back into
    ``a``'s dtype ('unsafe').

    GPU: the scatter-apply engine: atomics where the order cannot change the result, else a
    stable sort of the addresses and one invocation per run applying the values in index
    order. Index arrays on the device are bounds-checked there, and one flag is read back
    (a host sync).

    Examples
    --------
    >>> x = wg.zeros(4)
    >>> wg.add.at(x, [0, 0, 2], 1.0)
    >>> x
    array([2., 0., 1., 0.])
    """,
}

for _method, _doc in _CLASS_DOCS.items():
    (ufunc if _method is None else getattr(ufunc, _method)).__doc__ = _doc
