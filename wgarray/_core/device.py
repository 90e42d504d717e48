"""Layer 1: choosing a WebGPU adapter and creating the device."""

from __future__ import annotations

import os
import threading
import weakref

import wgpu

# Features the library uses when the adapter offers them.
WANTED_FEATURES = (
    "shader-f64",
    "shader-int64",
    "shader-f16",
    "subgroup",
    "timestamp-query",
    "immediates",
)

ADAPTER_ENV = "WGARRAY_ADAPTER"


def _backend_rank(adapter) -> int:
    """Lower is better: Vulkan first, GL last, CPU adapters after real GPUs."""
    info = adapter.info
    backend = str(info.get("backend_type", "")).lower()
    order = {"vulkan": 0, "metal": 1, "d3d12": 2, "opengl": 4, "gl": 4}
    rank = order.get(backend, 3)
    if str(info.get("adapter_type", "")).lower() == "cpu":
        rank += 10
    return rank


def enumerate_adapters():
    return list(wgpu.gpu.enumerate_adapters_sync())


def _describe(adapter) -> str:
    return adapter.summary


def choose_adapter():
    """The adapter named by $WGARRAY_ADAPTER, else the best one (Vulkan before GL)."""
    adapters = enumerate_adapters()
    if not adapters:
        raise RuntimeError(
            "no WebGPU adapter found; on a machine without a GPU driver, install "
            "Mesa's CPU Vulkan driver (Debian: apt-get install mesa-vulkan-drivers)"
        )
    wanted = os.environ.get(ADAPTER_ENV, "").strip().lower()
    if wanted:
        matches = [a for a in adapters if wanted in _describe(a).lower()]
        if not matches:
            names = "; ".join(_describe(a) for a in adapters)
            raise RuntimeError(f"{ADAPTER_ENV}={wanted!r} matches no adapter; available: {names}")
        return sorted(matches, key=_backend_rank)[0]
    try:
        preferred = wgpu.gpu.request_adapter_sync(power_preference="high-performance")
    except Exception:
        preferred = None
    best = sorted(adapters, key=_backend_rank)[0]
    if preferred is not None and _backend_rank(preferred) <= _backend_rank(best):
        return preferred
    return best


class Device:
    """A wgarray device: one WebGPU adapter and the wgpu device created on it."""

    def __init__(self, adapter):
        self.adapter = adapter
        self.features = frozenset(f for f in WANTED_FEATURES if f in adapter.features)
        self.limits = dict(adapter.limits)
        self.name = adapter.info.get("device", "") or adapter.summary
        self.backend = str(adapter.info.get("backend_type", ""))
        self.is_cpu = str(adapter.info.get("adapter_type", "")).lower() == "cpu"  # lavapipe, llvmpipe
        self.wgpu = adapter.request_device_sync(
            required_features=sorted(self.features),
            required_limits=self.limits,
            label="wgarray",
        )
        self.queue = self.wgpu.queue
        self.has_f64 = "shader-f64" in self.features
        self.has_i64 = "shader-int64" in self.features
        self.max_binding = self.limits["max-storage-buffer-binding-size"]
        self.max_buffer = self.limits["max-buffer-size"]
        self.uniform_align = self.limits["min-uniform-buffer-offset-alignment"]

    def __repr__(self):
        return f"Device({self.name!r}, backend={self.backend!r})"

    def __reduce__(self):
        raise TypeError("wgarray devices cannot be pickled")


_default_device: Device | None = None
_lock = threading.Lock()


def get_device() -> Device:
    """The default device, created on first use."""
    global _default_device
    if _default_device is None:
        with _lock:
            if _default_device is None:
                _default_device = Device(choose_adapter())
    return _default_device



def per_device(factory):
    """device -> the one object factory(device) made for it (a pool, a stream, a cache)."""
    made: "weakref.WeakKeyDictionary[Device, object]" = weakref.WeakKeyDictionary()

    def get(device: Device):
        obj = made.get(device)
        if obj is None:
            obj = made[device] = factory(device)
        return obj

    return get
