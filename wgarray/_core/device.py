"""Layer 1: choosing a WebGPU adapter and creating the device.

A device whose GPU connection is gone (lost) stays marked lost: every later use raises
DeviceLostError, and get_device() creates a fresh device in its place. Loss shows up as
wgpu errors ("Parent device is lost"); wgpu-py only logs its device-lost callback.
"""

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


class DeviceLostError(RuntimeError):
    """The GPU device was lost (driver reset, out of memory, destroyed): its arrays are gone.

    Raised by every later use of the lost device and of arrays on it. :func:`get_device` then
    creates a fresh device in its place; create the arrays again on it.

    Notes
    -----
    GPU: the device stopped working; nothing more runs on it. A subclass of RuntimeError.
    """


_LOST_MESSAGES = ("device is lost", "device lost", "device is invalid", "device was lost")
_OOM_MESSAGES = ("not enough memory", "out of memory")


def is_device_lost(error: BaseException) -> bool:
    """Whether a wgpu error says that its device is lost."""
    return isinstance(error, DeviceLostError) or any(m in str(error).lower() for m in _LOST_MESSAGES)


def is_out_of_memory(error: BaseException) -> bool:
    if isinstance(error, (MemoryError, wgpu.GPUOutOfMemoryError)):
        return True
    return isinstance(error, wgpu.GPUError) and any(m in str(error).lower() for m in _OOM_MESSAGES)


class Device:
    """A wgarray device: one WebGPU adapter and the wgpu device created on it.

    Arrays live on a device (``x.device``); creation functions take ``device=``. Users get
    devices from :func:`get_device` (the default one) and :func:`all_devices`, rather than making
    them.

    Parameters
    ----------
    adapter : wgpu.GPUAdapter
        The adapter to create the device on; the device asks for the adapter's real limits and
        the features wgarray uses where the adapter has them (shader-f64, shader-int64,
        shader-f16, subgroup, timestamp-query, immediates).

    Attributes
    ----------
    name : str
        The adapter's device name (e.g. 'NVIDIA H100 80GB HBM3').
    backend : str
        The WebGPU backend: 'Vulkan', 'Metal', 'D3D12' or 'OpenGL'.
    is_cpu : bool
        Whether the adapter is a CPU implementation (lavapipe, llvmpipe).
    has_f64, has_i64 : bool
        Whether float64 and int64/uint64 are offered on it.
    features : frozenset of str
        The features requested.
    limits : dict
        The adapter's limits, as requested.
    lost : str or None
        Why the device was lost, or None while it works.

    See Also
    --------
    get_device, all_devices, DeviceLostError

    Notes
    -----
    A device is shared by every thread; its ``lock`` guards the stream, the memory pool and the
    kernel cache. Devices cannot be pickled (an array pickles with its device's name and is
    unpickled onto the matching device of the receiving process).

    GPU: creating one creates the wgpu device (tens of milliseconds); its queue, memory pool and
    kernel cache are made on first use.
    """

    def __init__(self, adapter):
        self.lock = threading.RLock()
        self.lost: str | None = None
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
        with _made_lock:
            _made.append(weakref.ref(self))

    def __repr__(self):
        return f"Device({self.name!r}, backend={self.backend!r})"

    def __reduce__(self):
        raise TypeError("wgarray devices cannot be pickled")

    def mark_lost(self, reason: str) -> None:
        """Mark the device lost, keeping the last line of ``reason`` as why.

        Mostly internal: wgarray's own modules call it when a wgpu call fails; user code rarely
        needs it. A later mark keeps the first reason.

        Parameters
        ----------
        reason : str
            The error message that told of the loss.

        Notes
        -----
        GPU: none; this runs on the host. From then on every use of the device raises
        :class:`DeviceLostError`, and :func:`get_device` creates a new default device.
        """
        if self.lost is None:
            self.lost = reason.strip().splitlines()[-1].strip() if reason.strip() else "unknown reason"

    def lost_error(self) -> DeviceLostError:
        """The DeviceLostError to raise for this (lost) device.

        Mostly internal: wgarray's own modules call it when a wgpu call fails; user code rarely
        needs it.

        Returns
        -------
        DeviceLostError
            An error naming the device and why it was lost, saying that the arrays on it are gone
            and that :func:`get_device` now creates a fresh device.

        Notes
        -----
        GPU: none; this runs on the host.
        """
        return DeviceLostError(
            f"the GPU device {self.name!r} was lost ({self.lost}); the arrays on it are gone. "
            "wgarray.get_device() now creates a fresh device: create the arrays again on it")

    def check_lost(self, error: BaseException) -> BaseException:
        """Return ``error``, or a DeviceLostError in its place if it says this device is lost.

        Mostly internal: wgarray's own modules call it when a wgpu call fails; user code rarely
        needs it. A wgpu error whose message tells of a lost device marks the device lost
        (see :meth:`mark_lost`).

        Parameters
        ----------
        error : BaseException
            The error a wgpu call raised.

        Returns
        -------
        BaseException
            ``error`` itself, or a :class:`DeviceLostError` once the device is (or was already)
            lost.

        Notes
        -----
        GPU: none; this looks at the error's message on the host.
        """
        if isinstance(error, DeviceLostError):
            return error
        if self.lost is None and is_device_lost(error):
            self.mark_lost(str(error))
        return self.lost_error() if self.lost is not None else error

    def raise_checked(self, error: BaseException):
        """Raise ``error`` (being handled), or a DeviceLostError in its place if it says the device is lost.

        Mostly internal: wgarray's own modules call it when a wgpu call fails; user code rarely
        needs it.

        Parameters
        ----------
        error : BaseException
            The error a wgpu call raised.

        Returns
        -------
        NoReturn
            It always raises.

        Raises
        ------
        DeviceLostError
            If the device is lost (chained from ``error``).
        BaseException
            ``error`` itself otherwise.

        Notes
        -----
        GPU: none; this runs on the host (see :meth:`check_lost`).
        """
        lost = self.check_lost(error)
        if lost is not error:
            raise lost from error
        raise error

    def confirm_lost(self) -> bool:
        """Return whether the device is lost, found out by creating a tiny buffer.

        Mostly internal: wgarray's own modules call it when a wgpu call fails; user code rarely
        needs it. It is called after an unexplained failure (a wait that did not finish,
        work that failed), where the error itself does not say.

        Returns
        -------
        bool
            True if the device is lost (it is then marked lost), False if it works.

        Notes
        -----
        GPU: creates a 16-byte buffer on the device (no kernel runs), unless the device is already
        known to be lost.
        """
        if self.lost is None:
            try:
                self.wgpu.create_buffer(size=16, usage=wgpu.BufferUsage.COPY_DST)
            except Exception as e:
                self.check_lost(e)
        return self.lost is not None


_made: list = []  # weak references to every Device made, in order: device_key / device_for_key
_made_lock = threading.Lock()


def _live_devices() -> list:
    with _made_lock:
        live = [device for device in (ref() for ref in _made) if device is not None and device.lost is None]
        _made[:] = [weakref.ref(device) for device in live]
    return live


def device_key(device: Device) -> tuple:
    """(name, backend, ordinal among this process's live devices of that name): how a pickled array
    names its device."""
    same = [d for d in _live_devices() if (d.name, d.backend) == (device.name, device.backend)]
    return device.name, device.backend, next((i for i, d in enumerate(same) if d is device), 0)


def device_for_key(key: tuple) -> Device:
    """The live device of that key in this process (a Dask worker's), else the default device."""
    for device in _live_devices():
        if device_key(device) == tuple(key):
            return device
    return get_device()


_default_device: Device | None = None
_lock = threading.Lock()


def get_device() -> Device:
    """Return the default device, created on first use and created again once it is lost.

    The adapter is the one named by the ``WGARRAY_ADAPTER`` environment variable (a part of
    its name or backend, case-insensitive), else the best available: a real GPU before a CPU
    adapter, Vulkan (or Metal, D3D12) before OpenGL.

    Returns
    -------
    Device
        The default device, shared by every thread.

    Raises
    ------
    RuntimeError
        If no WebGPU adapter exists (on a machine without a GPU driver, install Mesa's lavapipe),
        or ``WGARRAY_ADAPTER`` matches none.

    See Also
    --------
    all_devices, Device, show_config

    Notes
    -----
    GPU: the first call enumerates the adapters and creates the wgpu device (tens of
    milliseconds); later calls return it.

    Examples
    --------
    >>> isinstance(wg.get_device(), wg.Device)
    True
    """
    global _default_device
    device = _default_device
    if device is None or device.lost is not None:
        with _lock:
            device = _default_device
            if device is None or device.lost is not None:
                device = _default_device = Device(choose_adapter())
    return device


def adapter_key(adapter) -> tuple:
    """What tells adapters apart across enumerations (the objects differ each time)."""
    info = adapter.info
    return (adapter.summary, str(info.get("backend_type", "")), info.get("vendor_id"), info.get("device_id"))


_other_devices: dict = {}  # adapter_key -> Device (None: its device cannot be made), but the default's
_others_lock = threading.Lock()
_adapters: list | None = None  # enumerated once (about 7 ms on lavapipe), again once a device is lost


def all_devices() -> tuple:
    """Return a Device for every adapter, the default device first.

    Returns
    -------
    tuple of Device
        The default device, then one device per other adapter (each made on first use, and
        made anew once lost). An adapter whose device cannot be created (a GL adapter without a
        display, say) is left out; identical GPUs (same name, backend and PCI ids) are each
        listed, in the order the driver enumerates them (the default device is the first).

    See Also
    --------
    get_device, show_config

    Notes
    -----
    GPU: creates the devices not made yet (tens of milliseconds each); nothing runs on them.

    Examples
    --------
    >>> wg.all_devices()[0] is wg.get_device()
    True
    """
    global _adapters
    default = get_device()
    chosen = adapter_key(default.adapter)
    devices = [default]
    with _others_lock:
        if _adapters is None or any(d is not None and d.lost is not None for d in _other_devices.values()):
            _adapters = enumerate_adapters()
        seen: dict = {}
        for adapter in _adapters:
            # identical GPUs (a machine of eight H100s) differ only by their place in the list
            base = adapter_key(adapter)
            seen[base] = seen.get(base, -1) + 1
            key = base if seen[base] == 0 else (*base, seen[base])
            if key == chosen:  # the default device's adapter: the first of its kind
                chosen = None
                continue
            if key not in _other_devices or (_other_devices[key] is not None and _other_devices[key].lost is not None):
                try:
                    _other_devices[key] = Device(adapter)
                except Exception:  # e.g. a GL adapter without a display: not usable here
                    _other_devices[key] = None
            if _other_devices[key] is not None:
                devices.append(_other_devices[key])
    return tuple(devices)


_per_device_lock = threading.RLock()  # re-entrant: a stream's factory makes its device's pool


def per_device(factory):
    """device -> the one object factory(device) made for it (a pool, a stream, a cache)."""
    made: "weakref.WeakKeyDictionary[Device, object]" = weakref.WeakKeyDictionary()
    by_ref, ref = made.data, weakref.ref  # made.get(device), less a Python call (ops make several)

    def get(device: Device):
        obj = by_ref.get(ref(device))
        if obj is None:
            with _per_device_lock:
                obj = made.get(device)
                if obj is None:
                    obj = made[device] = factory(device)
        return obj

    return get
