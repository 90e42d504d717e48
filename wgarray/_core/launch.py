"""Recording one dispatch of a generated kernel: compile (cached), pack, dispatch."""

from __future__ import annotations

import struct

from .kernels import grid, kernel_cache
from .stream import stream_for

_signatures: dict = {}  # (writes, storages) -> the binding signature
_packers: dict = {}  # number of parameter words -> their struct


def launch_kernel(device, key, make_source, storages, params, items: int, writes: int = 1) -> None:
    """Record a dispatch of kernel `key` (made by make_source() on first use) over `items`
    invocations. The first `writes` storages are written, the rest read. params: the parameter
    words as ints (each must fit 32 bits), or bytes already packed (see params.ParamLayout)."""
    count = len(storages)
    signature = _signatures.get((writes, count))
    if signature is None:
        signature = _signatures[writes, count] = ("rw",) * writes + ("r",) * (count - writes)
    kernel = kernel_cache(device).get(key, signature, make_source)
    if not isinstance(params, bytes):
        params = _pack(key, params)
    stream_for(device).dispatch(kernel, storages, params, grid(items))


def _pack(key, params) -> bytes:
    """Parameter words as little-endian u32s; negative ones (down to -2**31) as two's complement."""
    packer = _packers.get(len(params))
    if packer is None:
        packer = _packers[len(params)] = struct.Struct(f"<{len(params)}I")
    try:
        return packer.pack(*params)  # every word in [0, 2**32): the common case
    except struct.error:
        pass
    for p in params:
        if not -2**31 <= p < 2**32:
            raise OverflowError(f"kernel {key[0]!r}: parameter {p} does not fit a 32-bit word")
    return packer.pack(*(p & 0xFFFFFFFF for p in params))
