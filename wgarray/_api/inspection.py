"""The inspection API: __array_namespace_info__()."""

from __future__ import annotations

from .._core import dtypes as dt
from .._core.device import Device, all_devices, get_device

__all__ = ["__array_namespace_info__"]

_NAMES = {d: ("bool" if d == dt.bool_ else d.name) for d in dt.ALL_DTYPES}


def _device(device) -> Device:
    if device is None:
        return get_device()
    if isinstance(device, Device):
        return device
    raise ValueError(f"unknown device {device!r}")


class Info:
    """What this wgarray namespace supports, per device."""

    __module__ = "wgarray"

    def capabilities(self) -> dict:
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}

    def default_device(self) -> Device:
        return get_device()

    def devices(self) -> tuple:
        """The devices that offer every dtype the default device offers, the default first (each
        works with device= and to_device). Array-API code and its conformance suite take any
        listed device with any dtype the namespace reports, so an adapter with fewer dtypes (GL
        without 64-bit types) is left out here; wgarray.all_devices() lists every adapter's."""
        wanted = set(dt.supported_dtypes(get_device()))
        return tuple(d for d in all_devices() if wanted <= set(dt.supported_dtypes(d)))

    def default_dtypes(self, *, device=None) -> dict:
        device = _device(device)
        return {"real floating": dt.public(dt.default_float(device)),
                "complex floating": dt.public(dt.default_complex(device)),
                "integral": dt.public(dt.default_int(device)), "indexing": dt.public(dt.default_int(device))}

    def dtypes(self, *, device=None, kind=None) -> dict:
        from .data_type_functions import isdtype

        supported = dt.supported_dtypes(_device(device))
        return {_NAMES[d]: dt.public(d) for d in supported if kind is None or isdtype(d, kind)}


def __array_namespace_info__() -> Info:
    return Info()
