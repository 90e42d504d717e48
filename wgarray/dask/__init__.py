"""Dask arrays of wgarray chunks (`import wgarray.dask` registers wgarray with Dask).

Importing this package teaches dask.array about wgarray arrays, as dask/array/backends.py does
for CuPy: the chunk type, Dask's dispatch functions (concatenate, take, tensordot, einsum,
percentile, numel, ...), sizeof, and the array backend "wgarray", so that
`dask.config.set({"array.backend": "wgarray"})` makes `da.ones`, `da.random`, ... on the GPU.
Installed packages do this without the import: Dask loads the entry points named in
pyproject.toml (the sizeof hook and the backend).

Every chunk computes on its own device through wgarray; `from_array(x, chunks, devices=...)`
places the chunks round-robin over several devices and `to_device(x, device)` gathers them onto one
(docs/dask.md).
"""

from ._backend import WgarrayBackendEntrypoint, register_backend
from ._placement import from_array, local_devices, on_device, to_device
from ._register import register, to_wgarray_dispatch

__all__ = ["WgarrayBackendEntrypoint", "from_array", "local_devices", "on_device", "register", "to_device",
           "to_wgarray_dispatch"]

register()
register_backend()
