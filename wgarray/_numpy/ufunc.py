"""NumPy's ufunc objects over wgarray's elementwise table (issue 11).

A `ufunc` wraps one row of the table (wgarray/_engines/ops.py). Called plainly, x1 + x2 style,
it is exactly the namespace function of that row (array API semantics, NEP 50 promotion).
The keywords add NumPy's ufunc machinery on top, all on the GPU:

- out=: an Array, or a tuple of one; the result is cast into it under `casting` (NumPy's
  rules, np.can_cast), and the inputs broadcast to its shape;
- where=: a boolean mask; out keeps its old values where it is false. Without out, NumPy
  leaves those elements uninitialised; wgarray sets them to zero (False for bool results);
- dtype=: the output dtype; the loop computing it is chosen as NumPy does (inputs cast to it,
  or for results of another dtype, such as abs of complex, its complex counterpart);
- casting=: checked for the inputs' casts to the loop and the result's cast into out;
- order=: 'K', 'A' and 'C' give C-contiguous results, 'F' Fortran-ordered ones.

The methods reduce, accumulate, reduceat and outer are in ufunc_methods.py, `at` in ufunc_at.py.
"""

from __future__ import annotations

import inspect

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.device import get_device
from .._core.view import broadcast_shapes
from .._api import elementwise_functions as ew
from .._api.coerce import as_array, as_operand, scalar_dtype
from .._engines.ops import Row
from . import ufunc_at, ufunc_methods
from .functions import check_casting
from .ufunc_common import UFuncTypeError, no_loop, where_mask




def _check_order(order) -> str:
    normal = order.upper() if isinstance(order, str) else order
    if normal not in ("K", "A", "C", "F"):
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    return normal


def output_array(out, nout: int = 1):
    """out= as one Array or None (a tuple holds one entry per output)."""
    if isinstance(out, tuple):
        if len(out) != nout:
            raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
        out = out[0]
    if out is None:
        return None
    if not isinstance(out, Array):
        raise TypeError(f"return arrays must be wgarray Arrays, not {type(out).__name__}")
    if not out._writeable:
        raise ValueError("output array is read-only")
    return out


class ufunc:
    """A NumPy-style universal function over one row of wgarray's elementwise table.

    f(x1, x2) is the array API function. Keywords, as NumPy's: out= (an Array or a 1-tuple;
    the result is cast into it under `casting`), where= (a bool mask: out keeps its values
    where it is false; without out those elements are zero), dtype= (the output dtype),
    casting= ('no', 'equiv', 'safe', 'same_kind', 'unsafe'), order= ('K', 'A' and 'C' give
    C-contiguous results, 'F' Fortran-ordered ones). Methods: reduce, accumulate, reduceat,
    outer, at. Attributes: nin, nout, nargs, identity, types.
    """

    nout = 1
    signature = None

    def __init__(self, row: Row, nin: int, name: str):
        self._row = row
        self._function = ew.FUNCTIONS[row.name]
        self.nin = nin
        self.nargs = nin + self.nout
        self.identity = row.identity
        self.__name__ = self.__qualname__ = name
        # NumPy's documented signature, so that inspect (and the array API test suite) sees the
        # standard's positional-only inputs rather than __call__'s *args.
        inputs = [inspect.Parameter(n, inspect.Parameter.POSITIONAL_ONLY)
                  for n in (("x",) if nin == 1 else ("x1", "x2"))]
        keywords = [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, default=v)
                    for n, v in (("where", True), ("casting", "same_kind"), ("order", "K"), ("dtype", None))]
        self.__signature__ = inspect.Signature(
            [*inputs, inspect.Parameter("out", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None), *keywords])
        self.__doc__ = (f"{name}{self.__signature__}\n\n"
                        f"Elementwise {row.name} on the GPU, as NumPy's ufunc {name} (wgarray.ufunc).\n"
                        "The plain call follows the array API standard; see wgarray.ufunc for the keywords "
                        "and the methods reduce, accumulate, reduceat and outer.")

    def __repr__(self) -> str:
        return f"<ufunc '{self.__name__}'>"

    @property
    def types(self) -> list:
        """The loops, NumPy style ('ff->f'), over the dtypes the default device supports."""
        device = get_device()
        dtypes = (dt.float16, *dt.supported_dtypes(device))  # (float16: NumPy's, not the standard's)
        if self._row.numpy_loop:  # the row computes in NumPy's own loops, where wgarray has their dtypes
            supported = {d.char for d in dtypes}
            theirs = getattr(np, self._row.name, None)
            return [t for t in getattr(theirs, "types", ()) if set(t.replace("->", "")) <= supported]
        loops = []
        for dtype in dtypes:
            expr = self._row.exprs.get(dt.kind(dtype))
            if expr is None or expr is NotImplemented or ew._compute_dtype(self._row, dtype, device) != dtype:
                continue
            loops.append(dtype.char * self.nin + "->" + ew._out_dtype(self._row, dtype).char)
        return loops

    @property
    def ntypes(self) -> int:
        return len(self.types)

    # -- the call ------------------------------------------------------------------------------
    def __call__(self, *args, out=None, where=True, casting="same_kind", order="K", dtype=None):
        if (len(args) == self.nin and out is None and where is True and dtype is None and order == "K"
                and casting == "same_kind"):
            return self._function(*args)  # the array API function, untouched
        if not self.nin <= len(args) <= self.nargs:
            raise TypeError(f"{self.__name__}() takes from {self.nin} to {self.nargs} positional arguments "
                            f"but {len(args)} were given")
        if len(args) > self.nin:
            if out is not None:
                raise TypeError("cannot specify 'out' as both a positional and keyword argument")
            out = args[self.nin]
        out = output_array(out, self.nout)
        check_casting(casting)
        order = _check_order(order)
        if out is None and where is True and casting == "same_kind" and order != "F" and dtype is None:
            return self._function(*args[:self.nin])  # orders K, A and C give C-contiguous results
        device = out.device if out is not None else None
        operands = [as_operand(x, device, self.__name__) for x in args[:self.nin]]
        if not any(isinstance(o, Array) for o in operands):  # NumPy computes scalars as 0-d arrays
            operands = [as_array(o, self.__name__, device) for o in operands]
        device = next((o.device for o in operands if isinstance(o, Array)), device) or get_device()
        operands = self._cast_inputs(operands, dtype, casting, device)
        result = self._function(*operands)
        mask = None if where is True else where_mask(where, device)
        if out is None:
            if mask is not None:  # NumPy leaves these elements uninitialised; we zero them
                result = ew.where(mask, result, False)
            return _fortran(result) if order == "F" else result
        return self._write(result, out, mask, casting, operands)

    def _loop(self, operands, dtype, device):
        """(the dtype the loop computes in, the one promotion picks): NumPy's loop for inputs of
        these dtypes, giving `dtype` if that is given (None: the function decides)."""
        row = self._row
        try:
            natural = ew._compute_dtype(row, ew.result_dtype(operands, device), device)
        except OverflowError:  # a Python int beyond the array's dtype: the function decides
            natural = None
        if dtype is None:
            return natural, natural
        wanted = dt.as_dtype(dtype, device)
        dt.check_supported(wanted, device)
        if natural is not None and ew._out_dtype(row, natural) == wanted:
            return natural, natural
        if row.result != "bool":
            for compute in (wanted, dt.complex_dtype(wanted)):
                expr = row.exprs.get(dt.kind(compute))
                if (expr is not None and ew._compute_dtype(row, compute, device) == compute
                        and ew._out_dtype(row, compute) == wanted):
                    return compute, natural
        raise no_loop(self.__name__)

    def _cast_inputs(self, operands, dtype, casting, device):
        """The operands checked against the loop's input dtype under `casting`, arrays cast to it
        where dtype= chose the loop."""
        compute, natural = self._loop(operands, dtype, device)
        if compute is None:
            return operands
        cast = []
        for k, o in enumerate(operands):
            if isinstance(o, Array):
                source = o._dtype
            else:
                try:
                    weak = dt.promote_scalar(compute, o, device) == compute  # it takes the loop's dtype
                except OverflowError:  # an int beyond the loop's dtype: the function raises
                    weak = True
                if weak:
                    cast.append(o)
                    continue
                source = scalar_dtype(o, device)
            if not np.can_cast(source, compute, casting):
                raise UFuncTypeError(f"Cannot cast ufunc '{self.__name__}' input {k} from {source!r} to "
                                     f"{compute!r} with casting rule '{casting}'")
            if not isinstance(o, Array):
                with np.errstate(all="ignore"):
                    o = np.array(o).astype(compute).item()  # an unsafe cast of the scalar, as NumPy's
            elif compute != natural and source != compute:
                o = o._cast(compute)
            cast.append(o)
        return cast

    def _write(self, result: Array, out: Array, mask, casting: str, operands) -> Array:
        shapes = [o.shape for o in operands if isinstance(o, Array)] + [result.shape]
        if mask is not None:
            shapes.append(mask.shape)
        try:
            full = broadcast_shapes(*shapes, out.shape)
        except ValueError:
            full = None
        if full != out.shape:
            raise ValueError(f"non-broadcastable output operand with shape {out.shape} doesn't match the broadcast "
                             f"shape {broadcast_shapes(*shapes) if full is None else full}")
        if not np.can_cast(result._dtype, out._dtype, casting):
            raise UFuncTypeError(f"Cannot cast ufunc '{self.__name__}' output from {result._dtype!r} to "
                                 f"{out._dtype!r} with casting rule '{casting}'")
        if mask is not None:
            result = ew.where(mask, result, out)  # a fresh array: the old values where the mask is false
        out._assign(result)
        return out

    # -- methods (ufunc_methods.py) ------------------------------------------------------------
    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=ufunc_methods.NO_VALUE,
               where=True):
        """array reduced along axis by repeated application, as NumPy's ufunc.reduce."""
        return ufunc_methods.reduce(self, array, axis, dtype, output_array(out), keepdims, initial, where)

    def accumulate(self, array, axis=0, dtype=None, out=None):
        """The partial results of reduce along axis, as NumPy's ufunc.accumulate."""
        return ufunc_methods.accumulate(self, array, axis, dtype, output_array(out))

    def reduceat(self, array, indices, axis=0, dtype=None, out=None):
        """Reductions over the slices array[indices[i]:indices[i + 1]] along axis, as NumPy's."""
        return ufunc_methods.reduceat(self, array, indices, axis, dtype, output_array(out))

    def outer(self, A, B, /, **kwargs):
        """op(a, b) for every a in A and b in B: the result has shape A.shape + B.shape."""
        return ufunc_methods.outer(self, A, B, kwargs)

    def at(self, a, indices, b=None, /) -> None:
        """a[indices] = op(a[indices], b) in place, unbuffered: repeated indices apply again (ufunc_at.py)."""
        ufunc_at.at(self, a, indices, b)


def _fortran(result: Array) -> Array:
    """result copied into Fortran order (a transposed view of a C-ordered buffer)."""
    reverse = tuple(reversed(range(result.ndim)))
    target = Array._empty(tuple(reversed(result.shape)), result._dtype, result.device)
    target = target._with_view(target._view.permute(reverse))
    target._assign(result)
    return target
