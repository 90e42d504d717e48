"""ElementwiseKernel: CuPy's user-defined elementwise kernel, with WGSL as the language.

    muladd = wgarray.ElementwiseKernel('T x, T y', 'T z', 'z = x * y + x;', 'muladd')
    z = muladd(x, y)                  # broadcasting, any strides; or muladd(x, y, z) into z

The operation is the body of a WGSL function of one element: the inputs are its (immutable)
arguments, the outputs `var`s it assigns (an output passed in starts with its current value),
and it may use `i` (u32, the element's C-order index) and `_ind_size` (u32, the number of
elements; `_ind.size()` is accepted too). A placeholder type such as T is a WGSL `alias` of
the bound type. `raw` inputs are read by index, `y[j]`, over their C-order elements, and
`y.size()` is their length (u32). Declare locals the WGSL way: `let d = x - y;`.

Each output is one dispatch of the map engine (wgsl/map.wgsl) with the operation as a helper
function, so broadcasting, strided views, scalar parameters in the parameter words, the
pipeline cache and the lazy stream are the library's own.
"""

from __future__ import annotations

import math
import re

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.device import get_device
from .._core.kernels import KernelCompileError, render
from .._core.operands import ScalarOperand
from .._core.view import broadcast_shapes
from .._engines.map import MapOp, RawOperand, launch_map
from ._signature import (as_kernel_array, bind_types, check_cast, compile_error, device_of, is_scalar,
                         param_dtype, parse_params, statements, wgsl_type)

_NAME = re.compile(r"[A-Za-z]\w*$")
_IND_SIZE = re.compile(r"\b_ind\s*\.\s*size\s*\(\s*\)")


def _assigned_only(code: str, name: str) -> bool:
    """Whether code is the one plain assignment `name = ...`: an output passed in to any other code
    keeps its values where the code leaves it alone, or reads them (`z += x`)."""
    return re.fullmatch(rf"\s*{name}\s*=(?!=)[^;{{}}]*;?\s*", code) is not None


def _rewrite_raw(code: str, name: str, k: int) -> str:
    """`name[index]` as a load of raw operand k, `name.size()` as its hidden size argument."""
    code = re.sub(rf"\b{name}\s*\.\s*size\s*\(\s*\)", f"_size_{name}", code)
    out, at = [], 0
    for found in re.finditer(rf"\b{name}\s*\[", code):
        if found.start() < at:
            continue
        depth, end = 1, found.end()
        while end < len(code) and depth:
            depth += {"[": 1, "]": -1}.get(code[end], 0)
            end += 1
        if depth:
            raise ValueError(f"unbalanced brackets after {name}[ in the kernel's code")
        index = _rewrite_raw(code[found.end():end - 1], name, k)
        out.append(code[at:found.start()] + f"load{k}(p_in{k}_offset() + u32({index}))")
        at = end
    return "".join(out) + code[at:]


class ElementwiseKernel:
    """A user-defined elementwise kernel (CuPy's ElementwiseKernel), with WGSL as the language.

    Call it as ``kernel(*inputs)``, or ``kernel(*inputs, *outputs)`` to write into given
    arrays; ``size=`` sets the loop size where every input is raw or scalar. Inputs broadcast
    together, of any strides; Python and NumPy scalars become parameters. The operation is the
    body of a WGSL function of one element: the inputs are its (immutable) arguments, the outputs
    variables it assigns (an output passed in starts with its current value); it may use ``i``
    (u32, the element's C-order index) and ``_ind_size`` (u32, the number of elements). ``raw``
    inputs are read by index, ``y[j]``, over their C-order elements, and ``y.size()`` is their
    length. Declare locals the WGSL way: ``let d = x - y;``.

    Parameters
    ----------
    in_params : str
        The inputs, as CuPy writes them: ``'T x, raw T y, float32 alpha'``. A type is a NumPy
        dtype name, or a placeholder (such as T) bound from the arguments' dtypes and visible to
        the code as a WGSL ``alias``.
    out_params : str
        The outputs, in the same form (not raw); at least one.
    operation : str
        The WGSL statements computing the outputs of one element.
    name : str, optional
        The kernel's name, an identifier (default 'kernel'); it names the kernel in errors.
    reduce_dims : bool, optional
        CuPy's option; accepted and ignored (strided views are read in place).
    preamble : str, optional
        WGSL placed before the element function: helper functions, constants.
    no_return : bool, optional
        Return None instead of the outputs (default False).
    return_tuple : bool, optional
        Return a tuple even for one output (default False).

    Raises
    ------
    ValueError
        If ``name`` is not an identifier, there is no output, or a name is both an input and an
        output; at a call, for shapes that do not broadcast or a read-only output.
    NotImplementedError
        For raw outputs.
    TypeError
        At a call, for the wrong number of arguments, a complex dtype, or an argument that
        does not cast to its parameter's dtype under NumPy's 'same_kind' rule.
    KernelCompileError
        At the first call with new dtypes, if the code does not compile; the message points at
        the line of ``operation``.

    See Also
    --------
    ReductionKernel, RawKernel

    Notes
    -----
    Dtypes: bool, every integer and real floating dtype (WGSL sees their register types:
    8/16-bit integers as i32/u32, float16 as f32, widened on load); float64 and 64-bit integers
    where the adapter has them. Complex dtypes have no WGSL scalar type and raise TypeError.

    GPU: one map kernel (the map engine, wgsl/map.wgsl) per output, with the operation as a
    helper function; compiled once per binding of the types and cached with the library's
    pipelines; recorded on the lazy stream.

    Examples
    --------
    >>> muladd = wg.ElementwiseKernel("T x, T y", "T z", "z = x * y + x;", "muladd")
    >>> muladd(wg.asarray([1.0, 2.0]), wg.asarray([3.0, 4.0]))
    array([ 4., 10.])
    """

    def __init__(self, in_params: str, out_params: str, operation: str, name: str = "kernel",
                 reduce_dims: bool = True, preamble: str = "", no_return: bool = False, return_tuple: bool = False):
        if not _NAME.match(name):
            raise ValueError(f"ElementwiseKernel: the name {name!r} is not an identifier")
        self.name = name
        self.label = f"ElementwiseKernel {name!r}"
        self.in_params = parse_params(in_params, self.label)
        self.out_params = parse_params(out_params, self.label)
        if not self.out_params:
            raise ValueError(f"{self.label}: needs at least one output parameter")
        if any(p.raw for p in self.out_params):
            raise NotImplementedError(f"{self.label}: raw output parameters are not supported")
        clash = {p.name for p in self.in_params} & {p.name for p in self.out_params}
        if clash:
            raise ValueError(f"{self.label}: {', '.join(sorted(clash))} is both an input and an output")
        self.operation = operation
        self.preamble = preamble
        self.no_return = no_return
        self.return_tuple = return_tuple
        self._functions: dict = {}

    def __repr__(self):
        return f"<ElementwiseKernel {self.name}>"

    def __call__(self, *args, size=None):
        ins, outs, device = self._arguments(args)
        bound = bind_types(self.out_params, outs, device, self.label)
        bound = bind_types(self.in_params, ins, device, self.label, bound)
        in_dtypes = [param_dtype(p, bound, self.label) for p in self.in_params]
        out_dtypes = [param_dtype(p, bound, self.label) for p in self.out_params]
        types = {name: wgsl_type(d, device, self.label) for name, d in bound.items()}
        for d in (*in_dtypes, *out_dtypes):
            wgsl_type(d, device, self.label)
        shape = self._shape(ins, outs, size)
        self._check_outputs(outs, out_dtypes, shape)
        operands = self._operands(ins, in_dtypes, outs, shape)
        fresh = outs[0] is None
        if fresh:
            outs = [Array._empty(shape, dtype, device) for dtype in out_dtypes]
        # An output passed in that the operation reads starts from its current values (a copy:
        # a dispatch cannot read and write one buffer).
        reads = tuple(not fresh and not _assigned_only(self.operation, p.name) for p in self.out_params)
        operands += [o._contiguous()._data() for r, o in zip(reads, outs) if r]
        if math.prod(shape):
            for j, (out, dtype) in enumerate(zip(outs, out_dtypes)):
                op = self._map_op(j, in_dtypes, out_dtypes, reads, types)
                try:
                    launch_map(device, op, out._storage, out._view, dtype, operands, fresh=fresh)
                except KernelCompileError as e:
                    raise compile_error(e, self.label, self.operation) from None
        if self.no_return:
            return None
        return tuple(outs) if len(outs) > 1 or self.return_tuple else outs[0]

    def _arguments(self, args) -> tuple:
        """(inputs, outputs or Nones, the device): host data uploaded, scalars kept."""
        n_in, n_out = len(self.in_params), len(self.out_params)
        if len(args) not in (n_in, n_in + n_out):
            raise TypeError(f"{self.label} takes {n_in} inputs and optionally {n_out} outputs, "
                            f"not {len(args)} arguments")
        ins, outs = list(args[:n_in]), list(args[n_in:]) or [None] * n_out
        device = device_of([*ins, *outs], self.label) or get_device()
        for k, (param, arg) in enumerate(zip(self.in_params, ins)):
            if param.raw and is_scalar(arg):
                raise TypeError(f"{self.label}: raw parameter {param.name} takes an array, not a scalar")
            if not isinstance(arg, Array) and not is_scalar(arg):
                ins[k] = as_kernel_array(arg, device, self.label)
        for param, out in zip(self.out_params, outs):
            if out is not None and not isinstance(out, Array):
                raise TypeError(f"{self.label}: output {param.name} must be a wgarray array, "
                                f"not {type(out).__name__}")
        return ins, outs, device

    def _check_outputs(self, outs, out_dtypes, shape) -> None:
        for param, dtype, out in zip(self.out_params, out_dtypes, outs):
            if out is None:
                continue
            if out._dtype != dtype:
                raise TypeError(f"{self.label}: output {param.name} is {out._dtype}, not {dtype}")
            if out.shape != shape:
                raise ValueError(f"{self.label}: output {param.name} has shape {out.shape}, "
                                 f"not the broadcast shape {shape}")
            if not out._writeable:
                raise ValueError(f"{self.label}: output {param.name} is read-only")

    def _shape(self, ins, outs, size) -> tuple:
        """The broadcast shape of the non-raw arrays (outputs passed in included), or (size,)."""
        shapes = [a.shape for p, a in zip(self.in_params, ins) if isinstance(a, Array) and not p.raw]
        shapes += [o.shape for o in outs if o is not None]
        if size is not None:
            if shapes:
                raise ValueError(f"{self.label}: size= is only for kernels whose arguments are all raw or scalar")
            return (int(size),)
        if not shapes:
            raise ValueError(f"{self.label}: the loop size is undecided: pass a non-raw array or size=")
        return broadcast_shapes(*shapes)

    def _operands(self, ins, in_dtypes, outs, shape) -> list:
        """The map's operands: arrays broadcast to shape (copies where an output shares their
        buffer), raw arrays whole and contiguous, scalars as parameters; then hidden u32 sizes."""
        written = {id(o._storage) for o in outs if o is not None}
        operands, sizes = [], []
        for param, arg, dtype in zip(self.in_params, ins, in_dtypes):
            if isinstance(arg, Array):
                if param.raw:
                    if arg._dtype != dtype:
                        check_cast(arg._dtype, param, dtype, self.label)
                        arg = arg._cast(dtype)
                    if not arg._view.is_contiguous or id(arg._storage) in written:
                        arg = arg._contiguous()
                    data = arg._data()
                    operands.append(RawOperand(data.storage, data.view, data.dtype))
                    sizes.append(ScalarOperand(arg.size, dt.uint32))
                    continue
                if arg._dtype != dtype:
                    check_cast(arg._dtype, param, dtype, self.label)
                if id(arg._storage) in written:
                    arg = arg._contiguous()
                operands.append(arg._data().broadcast_to(shape))
            else:
                operands.append(ScalarOperand(_scalar_value(arg, dtype, param, self.label), dtype))
        operands.append(ScalarOperand(math.prod(shape), dt.uint32))
        return operands + sizes

    def _map_op(self, j: int, in_dtypes, out_dtypes, reads, types) -> MapOp:
        key = (j, tuple(in_dtypes), tuple(out_dtypes), reads, tuple(sorted(types.items())))
        functions = self._functions.get(key)
        if functions is None:
            functions = self._functions[key] = self._function_source(j, in_dtypes, out_dtypes, reads, types)
        n = len(self.in_params)
        value_args = [f"a{k}" for k, p in enumerate(self.in_params) if not p.raw]
        raw_count = sum(p.raw for p in self.in_params)
        hidden = [f"a{n}"] + [f"a{n + 1 + r}" for r in range(raw_count)]
        current = [f"a{n + 1 + raw_count + m}" for m in range(sum(reads))]
        expr = f"ek_{self.name}_{j}({', '.join(value_args + ['i'] + hidden + current)})"
        op_dtypes = tuple(in_dtypes) + (dt.uint32,) * (1 + raw_count) + tuple(
            d for r, d in zip(reads, out_dtypes) if r)
        return MapOp(f"ElementwiseKernel:{self.name}", expr, op_dtypes, out_dtypes[j], functions=functions)

    def _function_source(self, j, in_dtypes, out_dtypes, reads, types) -> str:
        code = statements(_IND_SIZE.sub("_ind_size", self.operation))
        arguments = []
        raws = [p for p in self.in_params if p.raw]
        for k, (param, dtype) in enumerate(zip(self.in_params, in_dtypes)):
            if param.raw:
                code = _rewrite_raw(code, param.name, k)
            else:
                arguments.append(f"{param.name}: {param.placeholder or dt.layout(dtype).register}")
        arguments += ["i: u32", "_ind_size: u32"] + [f"_size_{p.name}: u32" for p in raws]
        declarations = []
        for param, dtype, read in zip(self.out_params, out_dtypes, reads):
            typ = param.placeholder or dt.layout(dtype).register
            if read:
                arguments.append(f"_current_{param.name}: {typ}")
                declarations.append(f"    var {param.name}: {typ} = _current_{param.name};")
            else:
                declarations.append(f"    var {param.name}: {typ};")
        out = self.out_params[j]
        aliases = "\n".join(f"alias {name} = {reg};" for name, reg in types.items())
        if self.preamble:
            aliases += "\n" + self.preamble
        return render("custom_function", kind="ElementwiseKernel", kernel=self.name, aliases=aliases,
                      function=f"ek_{self.name}_{j}", arguments=", ".join(arguments),
                      result_type=out.placeholder or dt.layout(out_dtypes[j]).register,
                      declarations="\n".join(declarations), code=code, result=out.name)


def _scalar_value(value, dtype, param, kernel: str):
    """A scalar argument as a value of its parameter's dtype: NumPy scalars cast as same_kind
    allows, Python scalars as NEP 50 converts them (an int out of the dtype's range raises)."""
    python = not isinstance(value, np.generic)
    source = dt.scalar_kind(value) if python else dt.kind(dt.as_dtype(value.dtype))
    if _KIND_ORDER[source] > _KIND_ORDER[dt.kind(dtype)]:
        raise TypeError(f"{kernel}: cannot cast the {source} scalar {value!r} to {dtype} for parameter {param.name}")
    if python and source in ("int", "uint") and dt.kind(dtype) in ("int", "uint"):
        return np.array(value, dtype=dtype)[()].item()  # OverflowError out of range, as NumPy
    return np.array(value).astype(dtype)[()].item()


_KIND_ORDER = {"bool": 0, "int": 1, "uint": 1, "float": 2, "complex": 3}
