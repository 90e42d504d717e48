"""Direct wgpu-native calls for the few host paths where wgpu-py's wrappers cost too much.

wgpu-py waits for a mapped buffer through a poll thread and, before every read mapping,
submits an empty command buffer: two thread hand-offs and one submit per download. Polling
the device on the calling thread instead makes a synchronize or a small download about
80 us cheaper on an H100 machine. Everything here has a public-API fallback, used when
wgpu runs on another backend.
"""

from __future__ import annotations

import itertools
import threading
import time

from . import ffi_types

try:
    from wgpu.backends.wgpu_native._api import libf
    from wgpu.backends.wgpu_native._ffi import ffi, lib

    AVAILABLE = True
    ffi_types.install(ffi)
except ImportError:  # another wgpu backend
    ffi = lib = libf = None
    AVAILABLE = False

# The three calls every dispatch makes.
DISPATCH_CALLS = (
    (lib.wgpuComputePassEncoderSetPipeline, lib.wgpuComputePassEncoderSetBindGroup,
     lib.wgpuComputePassEncoderDispatchWorkgroups) if AVAILABLE else None)


class BindGroup:
    """A bind group made by create_bind_group: its handle, released with the object."""

    __slots__ = ("_internal",)

    def __init__(self, handle):
        self._internal = handle

    def __del__(self):
        lib.wgpuBindGroupRelease(self._internal)


def create_bind_group(gpu_device, layout, bindings) -> BindGroup:
    """A bind group of (buffer, size) bindings numbered from 0, each from offset 0: 4 us where
    wgpu-py's create_bind_group, which builds its structs from Python dicts, takes 26 us.
    Errors raise as in wgpu-py (the checked call)."""
    entries = ffi.new("WGPUBindGroupEntry[]", len(bindings))
    for i, (buffer, size) in enumerate(bindings):
        entry = entries[i]
        entry.binding = i
        entry.buffer = buffer._internal
        entry.size = size
    descriptor = ffi.new("WGPUBindGroupDescriptor *")
    descriptor.layout = layout._internal
    descriptor.entries = entries
    descriptor.entryCount = len(bindings)
    return BindGroup(libf.wgpuDeviceCreateBindGroup(gpu_device._internal, descriptor))


def poll(gpu_device, wait: bool) -> None:
    """Process finished work (fires the callbacks below); with wait, first block until every
    submission is done. (Its return value does not tell whether the GPU is busy.)"""
    lib.wgpuDevicePoll(gpu_device._internal, wait, ffi.NULL)


def wait_until(gpu_device, done, spin_seconds: float, kick=None) -> bool:
    """Poll until done() is true: spinning for up to spin_seconds, then blocking. A blocking
    wait on NVIDIA's Vulkan driver returns 50-100 us after the GPU finishes; a spin sees it
    within microseconds (CUDA's default synchronize spins too). False if blocking polls,
    each of which waits for all submitted work, do not get there (a lost device).

    kick(): called when a blocking poll did not get there. When one thread polls while another
    submits, wgpu-native can leave the callbacks of the last submission unfired until some
    later submission (seen with 4 threads on lavapipe): kick submits an empty batch."""
    deadline = time.perf_counter() + spin_seconds
    while not done():
        if time.perf_counter() < deadline:
            poll(gpu_device, False)
            continue
        for _ in range(1000):  # one blocking poll normally suffices
            poll(gpu_device, True)
            if done():
                return True
            if kick is not None:
                kick()
        return False
    return True


# Callbacks fire inside whichever thread polls the device, so each call gets its own token
# (carried as the callback's userdata) and its own result, never a shared global.
_tokens = itertools.count(1)


def new_token() -> int:
    """A process-unique number: names one stream's submits, or one map request."""
    return next(_tokens)


_map_results: dict[int, int] = {}  # map token -> status, set by the callback
_finished: dict[int, int] = {}  # stream token -> number of its last submit known finished
_failed_work: set[int] = set()  # stream tokens whose work-done callback reported an error
_finished_lock = threading.Lock()

if AVAILABLE:
    @ffi.callback("void(WGPUMapAsyncStatus, WGPUStringView, void *, void *)")
    def _on_mapped(status, message, token, userdata2):
        _map_results[int(ffi.cast("uintptr_t", token))] = status

    @ffi.callback("void(WGPUQueueWorkDoneStatus, WGPUStringView, void *, void *)")
    def _on_work_done(status, message, token, number):
        token, number = int(ffi.cast("uintptr_t", token)), int(ffi.cast("uintptr_t", number))
        with _finished_lock:  # a read-modify-write, and two threads may poll at once
            if number > _finished.get(token, 0):
                _finished[token] = number
            if status != lib.WGPUQueueWorkDoneStatus_Success:
                _failed_work.add(token)


def track_submit(gpu_device, stream_token: int, number: int) -> None:
    """Have finished_submits(stream_token) report `number` once the GPU has run everything
    submitted so far."""
    queue = gpu_device.queue._internal
    info = ffi.new("WGPUQueueWorkDoneCallbackInfo *", {
        "mode": lib.WGPUCallbackMode_AllowProcessEvents, "callback": _on_work_done,
        "userdata1": ffi.cast("void *", stream_token), "userdata2": ffi.cast("void *", number)})
    lib.wgpuQueueOnSubmittedWorkDone(queue, info[0])


def finished_submits(stream_token: int) -> int:
    """The number of the last tracked submit that the GPU has finished, as of the last poll."""
    return _finished.get(stream_token, 0)


def take_work_failure(stream_token: int) -> bool:
    """Whether a tracked submit of this stream ended in an error (a lost device) since the last call."""
    with _finished_lock:
        if stream_token in _failed_work:
            _failed_work.discard(stream_token)
            return True
    return False


def read_mapped(gpu_device, buffer, size: int, spin_seconds: float, kick=None) -> bytes:
    """Map a MAP_READ buffer whose copies are already submitted, copy out `size` bytes, unmap.
    Thread-safe for distinct buffers; needs no lock while it waits."""
    token = new_token()
    info = ffi.new("WGPUBufferMapCallbackInfo *", {
        "mode": lib.WGPUCallbackMode_AllowProcessEvents, "callback": _on_mapped,
        "userdata1": ffi.cast("void *", token)})
    lib.wgpuBufferMapAsync(buffer._internal, lib.WGPUMapMode_Read, 0, buffer.size, info[0])
    try:
        wait_until(gpu_device, lambda: token in _map_results, spin_seconds, kick)
    finally:
        status = _map_results.pop(token, None)
    if status != lib.WGPUMapAsyncStatus_Success:
        raise RuntimeError(f"could not map a download buffer (status {status}): the device may be lost")
    pointer = lib.wgpuBufferGetConstMappedRange(buffer._internal, 0, size)
    try:
        return bytes(ffi.buffer(pointer, size))
    finally:
        lib.wgpuBufferUnmap(buffer._internal)
