"""Recording one dispatch of a generated kernel: compile (cached), pack, dispatch."""

from __future__ import annotations

import struct

from .kernels import grid, kernel_cache
from .stream import stream_for


def launch_kernel(device, key, make_source, storages, params, items: int, writes: int = 1) -> None:
    """Record a dispatch of kernel `key` (made by make_source() on first use) over `items`
    invocations. The first `writes` storages are written, the rest read. params: the parameter
    words as ints (each must fit 32 bits), or bytes already packed (see params.ParamLayout)."""
    kernel = kernel_cache(device).get(key, ("rw",) * writes + ("r",) * (len(storages) - writes), make_source)
    if not isinstance(params, bytes):
        for p in params:
            if not -2**31 <= p < 2**32:
                raise OverflowError(f"kernel {key[0]!r}: parameter {p} does not fit a 32-bit word")
        params = struct.pack(f"<{len(params)}I", *(p & 0xFFFFFFFF for p in params))
    stream_for(device).dispatch(kernel, storages, params, grid(items))
