"""Tests of the inspection API: __array_namespace_info__()."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as xp

NAMES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
         "float32", "float64", "complex64", "complex128"]


def test_namespace_entry_point():
    assert "__array_namespace_info__" in xp._api.inspection.__all__
    assert xp.ones(1).__array_namespace__() is xp
    assert xp.__array_api_version__ == "2025.12"
    assert isinstance(xp.__version__, str) and xp.__version__[0].isdigit()


def test_capabilities():
    caps = xp.__array_namespace_info__().capabilities()
    assert caps["boolean indexing"] is True  # advanced indexing: wgarray/_indexing.py
    assert caps["data-dependent shapes"] is True
    assert caps["max dimensions"] is None or (isinstance(caps["max dimensions"], int) and caps["max dimensions"] > 0)


def test_max_dimensions_really_work():
    n = xp.__array_namespace_info__().capabilities()["max dimensions"]
    host = np.arange(6.0).reshape((2, 3) + (1,) * (n - 2))
    x = xp.asarray(host)
    np.testing.assert_array_equal(xp.tril(x.mT)._to_numpy(), np.tril(host.swapaxes(-1, -2)))


def test_devices():
    info = xp.__array_namespace_info__()
    devices = info.devices()
    assert isinstance(devices, tuple) and devices
    assert info.default_device() in devices
    assert all(isinstance(d, xp.Device) for d in devices)
    assert xp.ones(1).device is info.default_device()


def test_default_dtypes():
    info = xp.__array_namespace_info__()
    for device in (None, *info.devices()):
        d = info.default_dtypes(device=device)
        assert set(d) == {"real floating", "complex floating", "integral", "indexing"}
        assert xp.asarray(1.0, device=device).dtype == d["real floating"]
        assert xp.asarray(1, device=device).dtype == d["integral"]
        assert xp.asarray(1j, device=device).dtype == d["complex floating"]
        assert xp.arange(3, device=device).dtype == d["integral"]
    dev = info.default_device()
    if "shader-f64" in dev.features and "shader-int64" in dev.features:
        assert info.default_dtypes() == {"real floating": xp.float64, "complex floating": xp.complex128,
                                         "integral": xp.int64, "indexing": xp.int64}
    with pytest.raises(ValueError, match="device"):
        info.default_dtypes(device="cpu")


@pytest.mark.parametrize("kind, names", [
    (None, NAMES), ("bool", ["bool"]), ("signed integer", NAMES[1:5]), ("unsigned integer", NAMES[5:9]),
    ("integral", NAMES[1:9]), ("real floating", NAMES[9:11]), ("complex floating", NAMES[11:]),
    ("numeric", NAMES[1:]), (("bool", "complex floating"), ["bool", "complex64", "complex128"])])
def test_dtypes(kind, names):
    info = xp.__array_namespace_info__()
    out = info.dtypes(kind=kind)
    supported = {d.name if d != xp.bool else "bool" for d in xp._core.dtypes.supported_dtypes(info.default_device())}
    assert list(out) == [n for n in names if n in supported]
    for name, dtype in out.items():
        assert dtype == getattr(xp, name)
        assert xp.empty(1, dtype=dtype).dtype == dtype
    assert info.dtypes(device=info.default_device(), kind=kind) == out


def test_dtypes_bad_input():
    info = xp.__array_namespace_info__()
    with pytest.raises(ValueError, match="kind"):
        info.dtypes(kind="floating")
    with pytest.raises(ValueError, match="device"):
        info.dtypes(device="cuda")
