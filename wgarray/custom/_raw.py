"""RawKernel: a whole WGSL compute shader, launched with a grid, a workgroup size and arguments.

    add = wgarray.RawKernel('''
    @group(0) @binding(1) var<storage, read> x: array<f32>;
    @group(0) @binding(2) var<storage, read> y: array<f32>;
    @group(0) @binding(3) var<storage, read_write> z: array<f32>;
    @compute @workgroup_size(BLOCK_X, BLOCK_Y, BLOCK_Z)
    fn add(@builtin(global_invocation_id) id: vec3<u32>) {
        if (id.x < scalar0()) { z[id.x] = x[id.x] + y[id.x]; }
    }''', 'add')
    add((grid_x,), (64,), (x, y, z, np.uint32(n)))  # scalar0() is a u32, as id.x

Arrays are bound in argument order from binding 1 on, whole and C-contiguous from element 0
(an input that is not is copied first; an output declared read_write must already be); the
shader declares them with their storage types (bool and 8/16-bit integers are packed into u32
words, as the library stores them; float64 and 64-bit integers need the adapter's features).
Binding 0 is the library's parameter window: the k-th scalar argument is read as `scalar<k>()`
(NumPy scalars keep their dtype, Python ints are int32, floats float32, bools bool). BLOCK_X,
BLOCK_Y and BLOCK_Z are the launch's workgroup size; the grid has at most two dimensions.
The dispatch is recorded on the library's lazy stream like any other kernel.
"""

from __future__ import annotations

import math
import re

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.device import get_device
from .._core.kernels import KernelCompileError, MAX_GROUPS, kernel_cache
from .._core.params import ParamLayout
from .._core.stream import stream_for
from .._core.wgsl import with_libraries
from ._signature import as_kernel_array, compile_error, device_of, is_scalar, wgsl_type

_BINDING = re.compile(r"@binding\(\s*(\d+)\s*\)\s*var\s*<\s*storage\s*(?:,\s*(read_write|read)\s*)?>")
_PYTHON_SCALAR_DTYPES = {bool: dt.bool_, int: dt.int32, float: dt.float32}


class RawKernel:
    """A whole WGSL compute shader, launched as ``kernel(grid, block, args)`` (CuPy's RawKernel).

    Arrays among ``args`` are bound in argument order from binding 1 on, whole and C-contiguous
    from element 0 (an input that is not is copied first; an output declared ``read_write`` must
    already be). Binding 0 is the library's parameter window: the k-th scalar argument is read as
    ``scalar<k>()`` (NumPy scalars keep their dtype, Python ints are int32, floats float32, bools
    bool). ``BLOCK_X``, ``BLOCK_Y`` and ``BLOCK_Z`` in the code are the launch's workgroup size.
    A call returns None; the kernel writes its ``read_write`` arrays.

    Parameters
    ----------
    code : str
        The WGSL source: the storage bindings ``@group(0) @binding(k)`` for k >= 1 and a
        ``@compute`` entry point. The shader declares arrays with their storage types: bool and
        8/16-bit integers (and float16) are packed into u32 words, as the library stores them.
    name : str
        The entry point's function name.
    options : tuple, optional
        CuPy's compiler options; accepted and ignored (WGSL has none).

    Raises
    ------
    ValueError
        If the code binds something at binding 0 or has no function ``name``; at a call, if the
        grid or block passes the device's limits, a binding has no array, or a written array is
        not contiguous from its start, read-only, or also bound read-only.
    KernelCompileError
        At the first call with a new signature, if the shader does not compile; the message
        points at the line of ``code``.
    NotImplementedError
        At a call with a three-dimensional grid (the grid has at most two dimensions).

    See Also
    --------
    ElementwiseKernel, ReductionKernel

    Notes
    -----
    Dtypes: arrays of every dtype, bound as they are stored (complex as interleaved (re, im)
    pairs, bool and 8/16-bit types packed in u32 words); float64 and 64-bit integers need the
    adapter's shader-f64 and shader-int64 features. Scalars: bool, int32 and float32 from
    Python, NumPy scalars of any non-complex dtype.

    GPU: one dispatch of ``grid`` workgroups of ``block`` invocations, recorded on the lazy
    stream like the library's own kernels; the pipeline is compiled once per code, block and
    argument signature and cached.

    Examples
    --------
    >>> double = wg.RawKernel('''
    ... @group(0) @binding(1) var<storage, read> x: array<f32>;
    ... @group(0) @binding(2) var<storage, read_write> z: array<f32>;
    ... @compute @workgroup_size(BLOCK_X, BLOCK_Y, BLOCK_Z)
    ... fn double(@builtin(global_invocation_id) id: vec3<u32>) {
    ...     if (id.x < scalar0()) { z[id.x] = 2.0 * x[id.x]; }
    ... }''', 'double')
    >>> x = wg.asarray([1, 2, 3], dtype=wg.float32)
    >>> z = wg.empty_like(x)
    >>> double((1,), (64,), (x, z, np.uint32(3)))
    >>> z
    array([2., 4., 6.], dtype=float32)
    """

    def __init__(self, code: str, name: str, options: tuple = ()):
        self.code = code
        self.name = name
        self.label = f"RawKernel {name!r}"
        self.access = {int(k): access or "read" for k, access in _BINDING.findall(code)}
        if 0 in self.access:
            raise ValueError(f"{self.label}: binding 0 is the library's parameter window; bind arrays from 1 on")
        if not re.search(rf"\bfn\s+{re.escape(name)}\s*\(", code):
            raise ValueError(f"{self.label}: the code has no function named {name!r}")

    def __repr__(self):
        return f"<RawKernel {self.name}>"

    def __call__(self, grid, block, args, **kwargs):
        if kwargs:
            raise TypeError(f"{self.label}: unexpected keyword arguments {', '.join(kwargs)}")
        grid, block = _dims(grid, "grid"), _dims(block, "block")
        if grid[2] != 1:
            raise NotImplementedError(f"{self.label}: grids of three dimensions are not supported (z must be 1)")
        device = device_of(args, self.label) or get_device()
        arrays, scalars = [], []
        for arg in args:
            if is_scalar(arg):
                dtype = dt.as_dtype(arg.dtype) if isinstance(arg, np.generic) else _PYTHON_SCALAR_DTYPES.get(type(arg))
                if dtype is None:
                    raise TypeError(f"{self.label}: unsupported scalar argument {arg!r}")
                wgsl_type(dtype, device, self.label)
                scalars.append((arg, dtype))
            else:
                arrays.append(arg if isinstance(arg, Array) else as_kernel_array(arg, device, self.label))
        self._check_limits(grid, block, device)
        missing = sorted(k for k in self.access if k > len(arrays))
        if missing:
            raise ValueError(f"{self.label}: the code declares binding(s) {missing}, but {len(arrays)} array(s) "
                             f"were passed")
        signature, storages = self._bind(arrays)
        layout = ParamLayout(*((f"scalar{k}", dtype) for k, (_, dtype) in enumerate(scalars)))
        key = ("RawKernel", self.name, self.code, block, tuple(d for _, d in scalars), signature)
        enables = "enable f16;" if "f16" in self.code else ""

        def source():
            return with_libraries("custom_raw", device.features, kernel=self.name, enables=enables,
                                  params=layout.wgsl(prefix=""), block_x=block[0], block_y=block[1], block_z=block[2],
                                  code=self.code)

        try:
            kernel = kernel_cache(device).get(key, signature, source, entry_point=self.name)
        except KernelCompileError as e:
            raise compile_error(e, self.label, self.code) from None
        params = layout.pack(**{f"scalar{k}": value for k, (value, _) in enumerate(scalars)})
        if math.prod(grid):
            stream_for(device).dispatch(kernel, storages, params, grid[:2])

    def _bind(self, arrays) -> tuple:
        """The binding signature ("rw" where the shader declares read_write) and the storages."""
        signature, storages, written, read = [], [], set(), set()
        for k, a in enumerate(arrays, start=1):
            rw = self.access.get(k) == "read_write"
            if rw:
                if not a._view.is_contiguous or a._view.offset != 0:
                    raise ValueError(f"{self.label}: the array at binding {k} is written, so it must be "
                                     f"C-contiguous from the start of its buffer (pass a copy)")
                if not a._writeable:
                    raise ValueError(f"{self.label}: the array at binding {k} is read-only")
                written.add(id(a._storage))
            elif not a._view.is_contiguous or a._view.offset != 0:
                a = a._contiguous()
            (written if rw else read).add(id(a._storage))
            signature.append("rw" if rw else "r")
            storages.append(a._storage)
        if written & read:
            raise ValueError(f"{self.label}: one buffer is bound both read-only and read_write")
        return tuple(signature), storages

    def _check_limits(self, grid, block, device) -> None:
        limits = device.limits
        invocations = limits.get("max-compute-invocations-per-workgroup", 256)
        if math.prod(block) > invocations:
            raise ValueError(f"{self.label}: a workgroup of {math.prod(block)} invocations; {device.name} "
                             f"allows {invocations}")
        for n, name in zip(block, "xyz"):
            most = limits.get(f"max-compute-workgroup-size-{name}", 256)
            if n > most:
                raise ValueError(f"{self.label}: block {name} = {n}; {device.name} allows {most}")
        most = limits.get("max-compute-workgroups-per-dimension", MAX_GROUPS)
        if max(grid) > most:
            raise ValueError(f"{self.label}: a grid of {grid}; {device.name} allows {most} per dimension")


def _dims(value, what: str) -> tuple:
    """A grid or block as three positive ints (CuPy's int or tuple of up to three)."""
    dims = (value,) if isinstance(value, (int, np.integer)) else tuple(value)
    if not 1 <= len(dims) <= 3 or any(int(n) < 0 for n in dims):
        raise ValueError(f"{what} must be an int or a tuple of one to three non-negative ints, not {value!r}")
    dims = tuple(int(n) for n in dims) + (1,) * (3 - len(dims))
    if what == "block" and min(dims) < 1:
        raise ValueError(f"block sizes must be positive, not {value!r}")
    return dims
