"""Several devices: every adapter's device (wgarray.all_devices()) works with device=, to_device
copies between adapters, and an op on arrays of two devices raises ValueError naming both;
__array_namespace_info__().devices() lists those that offer all of the default device's dtypes.
Also wgarray.show_config(). On this machine lavapipe (Vulkan) and llvmpipe (OpenGL, no float64 or
64-bit integers) are two adapters."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as wg
from wgarray._core import dtypes as dt

DEVICES = wg.all_devices()
two_devices = pytest.mark.skipif(len(DEVICES) < 2, reason="this machine has a single WebGPU adapter")


def test_devices_are_distinct_and_the_default_first():
    assert DEVICES[0] is wg.get_device()
    assert len(set(map(id, DEVICES))) == len(DEVICES)
    assert wg.all_devices() == DEVICES  # the same objects on every call
    assert wg.__array_namespace_info__().default_device() is DEVICES[0]


def test_identical_adapters_are_each_a_device(monkeypatch):
    """A machine of identical GPUs: adapters that differ only by their place in the
    enumeration are each listed, the default first (two enumerations of this machine's
    adapters stand for the GPUs)."""
    from wgarray._core import device as device_module

    doubled = device_module.enumerate_adapters() + device_module.enumerate_adapters()
    monkeypatch.setattr(device_module, "_adapters", doubled)
    monkeypatch.setattr(device_module, "_other_devices", {})
    devices = wg.all_devices()
    assert devices[0] is wg.get_device()
    assert len(set(map(id, devices))) == len(devices) == 2 * len(DEVICES)
    summaries = [d.adapter.summary for d in devices]
    assert all(summaries.count(s) == 2 for s in summaries)
    twin = next(d for d in devices[1:] if d.adapter.summary == devices[0].adapter.summary)
    x = wg.asarray([1.0, 2.0], device=twin)
    assert x.device is twin and float(wg.sum(x)) == 3.0


def test_the_namespace_lists_the_devices_with_every_default_dtype():
    info = wg.__array_namespace_info__()
    listed = info.devices()
    assert listed[0] is DEVICES[0] and all(any(d is e for e in DEVICES) for d in listed)
    wanted = set(info.dtypes().values())
    for device in DEVICES:
        offers_all = wanted <= set(info.dtypes(device=device).values())
        assert offers_all == any(d is device for d in listed)


@pytest.mark.parametrize("device", DEVICES, ids=repr)
def test_every_device_computes(device):
    info = wg.__array_namespace_info__()
    float_dtype = info.default_dtypes(device=device)["real floating"]
    host = np.linspace(-3, 3, 50).astype(float_dtype).reshape(5, 10)
    x = wg.asarray(host, device=device)
    assert x.device is device
    y = wg.sum(wg.exp(x[:, ::2]) * 2 - x[:, ::2], axis=1)
    assert y.device is device
    np.testing.assert_allclose(np.asarray(y), (np.exp(host[:, ::2]) * 2 - host[:, ::2]).sum(axis=1), rtol=1e-5)
    np.testing.assert_array_equal(np.asarray(wg.sort(x[::-1], axis=0)), np.sort(host[::-1], axis=0))
    z = wg.zeros(3, dtype=wg.int32, device=device)
    assert z.device is device and np.asarray(z).tolist() == [0, 0, 0]


@pytest.mark.parametrize("device", DEVICES, ids=repr)
def test_custom_kernels_on_every_device(device):
    host = np.arange(12, dtype=np.float32).reshape(3, 4)
    x = wg.asarray(host, device=device)
    y = wg.ElementwiseKernel("T x", "T y", "y = x * x", "square")(x)
    assert y.device is device
    total = wg.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "total")(y, axis=1)
    np.testing.assert_array_equal(np.asarray(total), (host * host).sum(axis=1))
    if "float64" not in wg.__array_namespace_info__().dtypes(device=device):
        with pytest.raises(TypeError, match="shader-f64"):
            wg.ElementwiseKernel("float64 x", "float64 y", "y = x", "wide")(x)


@pytest.mark.parametrize("device", DEVICES, ids=repr)
def test_dtypes_per_device(device):
    offered = wg.__array_namespace_info__().dtypes(device=device)
    assert "float32" in offered and "int32" in offered
    for name in ("float64", "int64", "uint64", "complex128"):
        if name in offered:
            assert wg.ones(2, dtype=name, device=device).dtype == name
        else:
            with pytest.raises(TypeError, match=name):
                wg.ones(2, dtype=name, device=device)
    assert [d.name for d in dt.supported_dtypes(device)] == list(offered)


@two_devices
def test_to_device_copies_between_adapters():
    a, b = DEVICES[0], DEVICES[1]
    host = np.arange(24, dtype=np.float32).reshape(4, 6)
    x = wg.asarray(host, device=a)
    y = x[:, ::-2].to_device(b)
    assert y.device is b
    np.testing.assert_array_equal(np.asarray(y), host[:, ::-2])
    back = (y + 1).to_device(a)
    assert back.device is a
    np.testing.assert_array_equal(np.asarray(back), host[:, ::-2] + 1)
    assert x.to_device(a) is x


@two_devices
@pytest.mark.parametrize("op", ["add", "matmul", "concat", "where", "clip", "searchsorted", "custom", "reduction",
                                "raw"])
def test_mixing_devices_raises_naming_both(op):
    a, b = DEVICES[0], DEVICES[1]
    x = wg.ones((3, 3), dtype=wg.float32, device=a)
    y = wg.ones((3, 3), dtype=wg.float32, device=b)
    raw = wg.RawKernel("@group(0) @binding(1) var<storage, read> p: array<f32>;\n"
                       "@group(0) @binding(2) var<storage, read_write> q: array<f32>;\n"
                       "@compute @workgroup_size(BLOCK_X)\nfn k() { q[0] = p[0]; }", "k")
    calls = {
        "add": lambda: x + y,
        "matmul": lambda: x @ y,
        "concat": lambda: wg.concat([x, y]),
        "where": lambda: wg.where(x > 0, y, y),
        "clip": lambda: wg.clip(y, x, x),
        "searchsorted": lambda: wg.searchsorted(x[0], y[0]),
        "custom": lambda: wg.ElementwiseKernel("T p, T q", "T r", "r = p + q", "mix")(x, y),
        "reduction": lambda: wg.ReductionKernel("T p, T q", "T r", "p * q", "a + b", "r = a", "0", "mixdot")(x, y),
        "raw": lambda: raw(1, 1, (x, y)),
    }
    with pytest.raises(ValueError, match="different devices") as info:
        calls[op]()
    assert repr(a) in str(info.value) and repr(b) in str(info.value)
    np.testing.assert_array_equal(np.asarray(x + x), np.full((3, 3), 2, np.float32))  # both still work
    np.testing.assert_array_equal(np.asarray(y * 3), np.full((3, 3), 3, np.float32))


def test_show_config(capsys):
    wg.show_config()
    text = capsys.readouterr().out
    assert f"wgarray            : {wg.__version__}" in text
    assert "NumPy" in text and np.__version__ in text and "wgpu-native" in text
    for device in DEVICES:
        assert device.adapter.summary in text
    device = wg.get_device()
    assert f"Chosen device: {device.name}" in text
    assert f"max-storage-buffer-binding-size: {device.limits['max-storage-buffer-binding-size']}" in text
    assert ", ".join(d.name for d in dt.supported_dtypes(device)) in text
    for feature in device.features:
        assert feature in text
