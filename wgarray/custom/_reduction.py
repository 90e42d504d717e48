"""ReductionKernel: CuPy's user-defined reduction, with WGSL expressions.

    l2norm = wgarray.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm')
    l2norm(x, axis=1, keepdims=True)

map_expr (an expression over the inputs) turns each element into a value of the reduction type
(`_type_reduce`, by default the output's type), reduce_expr (over `a` and `b`) combines two such
values and must be associative and commutative (the engine regroups freely), identity is the
value that changes nothing (a WGSL expression or a number: '0', '-inf', 3.5), and post_map_expr
(statements over `a`, assigning the output) finishes each result; it may also read scalar inputs,
`_in_ind_size` (u32, elements reduced per output; `_in_ind.size()` too) and `_out_ind_size`.

A single array input folds straight from its elements (the fold engine, wgsl/reduce_*.wgsl,
map_expr as the fold's element step); several inputs, or scalar ones, are broadcast and mapped
into a temporary of the reduction type first (the map engine). post_map_expr is a map over the
results, skipped when it is the plain `y = a` of a result already of the output's dtype.
"""

from __future__ import annotations

import math
import re

from .._array import Array
from .._core import dtypes as dt
from .._core.device import get_device
from .._core.kernels import KernelCompileError, render
from .._core.operands import BufferOperand, ScalarOperand
from .._core.view import broadcast_shapes
from .._engines import fold as fold_engine
from .._engines.fold_source import Fold, literal
from .._engines.folds import wide
from .._engines.map import MapOp, launch_map
from .._api.reductions import reduce_axes
from ._elementwise import _NAME, _scalar_value
from ._signature import (USER_MARK, as_kernel_array, bind_types, check_cast, compile_error, device_of, is_scalar,
                         param_dtype, parse_params, statements, wgsl_type)

_IN_SIZE = re.compile(r"\b_in_ind\s*\.\s*size\s*\(\s*\)")
_OUT_SIZE = re.compile(r"\b_out_ind\s*\.\s*size\s*\(\s*\)")
_PLAIN_POST = re.compile(r"^\s*(\w+)\s*=\s*a\s*;?\s*$")


class ReductionKernel:
    """A user-defined reduction (CuPy's ReductionKernel), with WGSL expressions.

    Call it as ``kernel(*inputs, axis=None, keepdims=False)``, with ``out=`` (or the output as a
    last positional argument) to write into a given array. ``map_expr`` turns each element into
    a value of the reduction type, ``reduce_expr`` combines two of them, and ``post_map_expr``
    finishes each result; it may read scalar inputs, ``_in_ind_size`` (u32, the elements reduced
    per output) and ``_out_ind_size``.

    Parameters
    ----------
    in_params : str
        The inputs, as CuPy writes them: ``'T x, float32 w'`` (a NumPy dtype name or a
        placeholder bound from the arguments' dtypes); not raw.
    out_params : str
        The one output, in the same form.
    map_expr : str
        A WGSL expression over the inputs: the value each element contributes.
    reduce_expr : str
        A WGSL expression over ``a`` and ``b`` combining two values; it must be associative
        and commutative (the engine regroups freely).
    post_map_expr : str
        WGSL statements over ``a`` (the reduced value) assigning the output; an empty string
        means ``y = a``.
    identity : str or number
        The value that changes nothing under ``reduce_expr``: a WGSL expression or a number
        ('0', '-inf', 3.5). None is not supported.
    name : str, optional
        The kernel's name, an identifier (default 'reduce_kernel').
    reduce_type : str, optional
        The reduction type (``_type_reduce`` in the code): a dtype name or a placeholder; by
        default the output's type. bool is refused (reduce in int32 or uint32).
    reduce_dims : bool, optional
        CuPy's option; accepted and ignored.
    preamble : str, optional
        WGSL placed before the kernel: helper functions, constants.

    Raises
    ------
    ValueError
        If ``name`` is not an identifier; at a call, if there is no array input, or ``out`` has
        the wrong shape or dtype.
    NotImplementedError
        For several outputs, raw parameters, or ``identity`` None.
    TypeError
        At a call, for the wrong number of arguments, a complex or bool reduction type, or an
        argument that does not cast to its parameter's dtype.
    KernelCompileError
        At the first call with new dtypes, if an expression does not compile.

    See Also
    --------
    ElementwiseKernel, RawKernel

    Notes
    -----
    Dtypes: bool, every integer and real floating dtype for the inputs and output (WGSL sees
    their register types); the reduction type is widened to 32 bits where it is narrower.
    Complex dtypes have no WGSL scalar type and raise TypeError.

    GPU: a single array input folds straight from its elements (the fold engine, one or more
    tree or column passes, ``map_expr`` as the element step); several inputs, or scalar ones, are
    first broadcast and mapped into a temporary of the reduction type (one map kernel). Then one
    map kernel for ``post_map_expr``, skipped when it is the plain ``y = a`` of a result already of
    the output's dtype.

    Examples
    --------
    >>> l2norm = wg.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")
    >>> l2norm(wg.asarray([[3.0, 4.0], [6.0, 8.0]]), axis=1)
    array([ 5., 10.])
    """

    def __init__(self, in_params: str, out_params: str, map_expr: str, reduce_expr: str, post_map_expr: str,
                 identity, name: str = "reduce_kernel", reduce_type: str | None = None, reduce_dims: bool = True,
                 preamble: str = ""):
        if not _NAME.match(name):
            raise ValueError(f"ReductionKernel: the name {name!r} is not an identifier")
        self.name = name
        self.label = f"ReductionKernel {name!r}"
        self.in_params = parse_params(in_params, self.label)
        self.out_params = parse_params(out_params, self.label)
        if len(self.out_params) != 1:
            raise NotImplementedError(f"{self.label}: exactly one output parameter is supported")
        if any(p.raw for p in (*self.in_params, *self.out_params)):
            raise NotImplementedError(f"{self.label}: raw parameters are not supported in reductions")
        if identity is None:
            raise NotImplementedError(f"{self.label}: a reduction needs an identity")
        self.map_expr, self.reduce_expr = map_expr.strip().rstrip(";"), reduce_expr.strip().rstrip(";")
        self.post_map_expr = post_map_expr or f"{self.out_params[0].name} = a;"
        self.identity = identity
        self.reduce_type = reduce_type
        self.preamble = preamble

    def __repr__(self):
        return f"<ReductionKernel {self.name}>"

    def __call__(self, *args, out=None, axis=None, keepdims: bool = False):
        n_in = len(self.in_params)
        if len(args) == n_in + 1 and out is None:
            args, out = args[:n_in], args[n_in]
        if len(args) != n_in:
            raise TypeError(f"{self.label} takes {n_in} inputs (and optionally the output), not {len(args)} arguments")
        device = device_of([*args, out], self.label) or get_device()
        ins = [a if isinstance(a, Array) or is_scalar(a) else as_kernel_array(a, device, self.label) for a in args]
        if out is not None and not isinstance(out, Array):
            raise TypeError(f"{self.label}: out must be a wgarray array, not {type(out).__name__}")
        out_param = self.out_params[0]
        bound = bind_types(self.out_params, [out], device, self.label)
        bound = bind_types(self.in_params, ins, device, self.label, bound)
        in_dtypes = [param_dtype(p, bound, self.label) for p in self.in_params]
        out_dtype = param_dtype(out_param, bound, self.label)
        reduce_dtype = self._reduce_dtype(bound, out_dtype)
        acc = wide(reduce_dtype)
        types = {name: wgsl_type(d, device, self.label) for name, d in bound.items()}
        types["_type_reduce"] = wgsl_type(acc, device, self.label)
        for d in (*in_dtypes, out_dtype):
            wgsl_type(d, device, self.label)
        shapes = [a.shape for a in ins if isinstance(a, Array)]
        if not shapes:
            raise ValueError(f"{self.label}: needs an array input")
        shape = broadcast_shapes(*shapes)
        axes = reduce_axes(axis, len(shape))
        result_shape = tuple(1 if d in axes else n for d, n in enumerate(shape)) if keepdims else tuple(
            n for d, n in enumerate(shape) if d not in axes)
        if out is not None and (out.shape != result_shape or out._dtype != out_dtype):
            raise ValueError(f"{self.label}: out has shape {out.shape} and dtype {out._dtype}, not "
                             f"{result_shape} and {out_dtype}")
        for param, arg, dtype in zip(self.in_params, ins, in_dtypes):
            if isinstance(arg, Array) and arg._dtype != dtype:
                check_cast(arg._dtype, param, dtype, self.label)
        try:
            folded = self._fold(ins, in_dtypes, acc, shape, axes, types, device)
            count = math.prod(shape[d] for d in axes)
            return self._post_map(folded, ins, in_dtypes, acc, out_dtype, result_shape, out, types, count, device)
        except KernelCompileError as e:
            raise compile_error(e, self.label, self._user_code(e)) from None

    def _reduce_dtype(self, bound: dict, out_dtype):
        if self.reduce_type is None:
            dtype = out_dtype
        elif self.reduce_type in bound:
            dtype = bound[self.reduce_type]
        else:
            dtype = dt.as_dtype(self.reduce_type)
        if dtype == dt.bool_:
            raise TypeError(f"{self.label}: bool cannot be the reduction type (reduce in uint32 or int32)")
        return dtype

    def _substitute(self, expr: str, types: dict) -> str:
        """expr with type placeholders as WGSL types (folds have no room for aliases)."""
        for name, reg in types.items():
            expr = re.sub(rf"\b{name}\b", reg, expr)
        return expr

    def _init(self, acc, types: dict) -> str:
        """The identity as a WGSL value of acc: numbers by their bits (so 'inf' works), other
        strings as WGSL expressions."""
        identity = self.identity
        if isinstance(identity, str):
            try:
                identity = float(identity) if dt.kind(acc) == "float" else int(identity, 0)
            except ValueError:
                return f"{dt.layout(acc).register}({self._substitute(identity, types)})"
        return literal(identity, acc)

    def _fold(self, ins, in_dtypes, acc, shape, axes, types, device) -> BufferOperand:
        reg = dt.layout(acc).register
        combine = f"return {reg}({self._substitute(self.reduce_expr, types)});"
        arrays = [k for k, a in enumerate(ins) if isinstance(a, Array)]
        if len(ins) == 1 and arrays:  # fold straight from the elements: map_expr is the element step
            x, dtype = ins[0], in_dtypes[0]
            prep = re.sub(rf"\b{self.in_params[0].name}\b", "x", self._substitute(self.map_expr, types))
            fold = Fold(f"ReductionKernel:{self.name}", acc, self._init(acc, types), combine, f"{reg}({prep})", dtype)
            return fold_engine.fold(fold, x._data().broadcast_to(shape), axes)
        mapped = Array._empty(shape, acc, device)
        if math.prod(shape):
            operands = [a._data().broadcast_to(shape) if isinstance(a, Array)
                        else ScalarOperand(_scalar_value(a, d, p, self.label), d)
                        for p, a, d in zip(self.in_params, ins, in_dtypes)]
            function = self._function("map", [(p.name, p.placeholder, d) for p, d in zip(self.in_params, in_dtypes)],
                                      acc, f"_r = {self._substitute(self.map_expr, types)};", "_r", types)
            expr = f"rk_{self.name}_map({', '.join(f'a{k}' for k in range(len(ins)))})"
            launch_map(device, MapOp(f"ReductionKernel:{self.name}:map", expr, tuple(in_dtypes), acc,
                                     functions=function), mapped._storage, mapped._view, acc, operands, fresh=True)
        fold = Fold(f"ReductionKernel:{self.name}", acc, self._init(acc, types), combine, "x", acc)
        return fold_engine.fold(fold, mapped._data(), axes)

    def _post_map(self, folded: BufferOperand, ins, in_dtypes, acc, out_dtype, result_shape, out, types, count,
                  device) -> Array:
        result = Array._wrap(folded)
        result = result._with_view(result._view.reshape(result_shape))
        plain = _PLAIN_POST.match(self.post_map_expr)
        if plain and plain[1] == self.out_params[0].name and acc == out_dtype and out is None:
            return result
        scalars = [(p, a, d) for p, a, d in zip(self.in_params, ins, in_dtypes) if not isinstance(a, Array)]
        arguments = [("a", "_type_reduce", acc)] + [(p.name, p.placeholder, d) for p, _, d in scalars]
        arguments += [("_in_ind_size", None, dt.uint32), ("_out_ind_size", None, dt.uint32)]
        code = statements(_OUT_SIZE.sub("_out_ind_size", _IN_SIZE.sub("_in_ind_size", self.post_map_expr)))
        out_param = self.out_params[0]
        function = self._function("post", arguments, out_dtype, code, out_param.name, types,
                                  out_type=out_param.placeholder)
        operands = [result._data()] + [ScalarOperand(_scalar_value(a, d, p, self.label), d) for p, a, d in scalars]
        operands += [ScalarOperand(count, dt.uint32), ScalarOperand(math.prod(result_shape), dt.uint32)]
        expr = f"rk_{self.name}_post({', '.join(f'a{k}' for k in range(len(operands)))})"
        op = MapOp(f"ReductionKernel:{self.name}:post", expr, tuple(arg[2] for arg in arguments), out_dtype,
                   functions=function)
        fresh = out is None
        target = Array._empty(result_shape, out_dtype, device) if fresh else out
        if math.prod(result_shape):
            launch_map(device, op, target._storage, target._view, out_dtype, operands, fresh=fresh)
        return target

    def _function(self, part: str, arguments, result_dtype, code: str, result: str, types: dict,
                  out_type: str | None = None) -> str:
        """A helper function rk_<name>_<part> of (name, placeholder, dtype) arguments that runs code
        and returns `result`, a var of result_dtype."""
        def typ(placeholder, dtype):
            return placeholder or dt.layout(dtype).register

        aliases = "\n".join(f"alias {name} = {reg};" for name, reg in types.items())
        if self.preamble:
            aliases += "\n" + self.preamble
        return render("custom_function", kind="ReductionKernel", kernel=self.name, aliases=aliases,
                      function=f"rk_{self.name}_{part}",
                      arguments=", ".join(f"{name}: {typ(p, d)}" for name, p, d in arguments),
                      result_type=typ(out_type, result_dtype),
                      declarations=f"    var {result}: {typ(out_type, result_dtype)};", code=code, result=result)

    def _user_code(self, error: KernelCompileError) -> str:
        """The user code that a failed kernel holds after USER_MARK (for the error's line), or the
        expressions a fold kernel holds inline."""
        if USER_MARK not in error.source:
            return ""
        lines = error.source.split(USER_MARK, 1)[1].splitlines()[1:]
        return "\n".join(line for line in lines[:next((k for k, line in enumerate(lines)
                                                        if line.startswith("    return ")), len(lines))])

