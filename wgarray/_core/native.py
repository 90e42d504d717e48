"""Direct wgpu-native calls for the few host paths where wgpu-py's wrappers cost too much.

wgpu-py waits for a mapped buffer through a poll thread and, before every read mapping,
submits an empty command buffer: two thread hand-offs and one submit per download. Polling
the device on the calling thread instead makes a synchronize or a small download about
80 us cheaper on an H100 machine. Everything here has a public-API fallback, used when
wgpu runs on another backend.
"""

from __future__ import annotations

import time

try:
    from wgpu.backends.wgpu_native._ffi import ffi, lib

    AVAILABLE = True
except ImportError:  # another wgpu backend
    ffi = lib = None
    AVAILABLE = False

# The three calls every dispatch makes.
DISPATCH_CALLS = (
    (lib.wgpuComputePassEncoderSetPipeline, lib.wgpuComputePassEncoderSetBindGroup,
     lib.wgpuComputePassEncoderDispatchWorkgroups) if AVAILABLE else None)


def poll(gpu_device, wait: bool) -> None:
    """Process finished work (fires the callbacks below); with wait, first block until every
    submission is done. (Its return value does not tell whether the GPU is busy.)"""
    lib.wgpuDevicePoll(gpu_device._internal, wait, ffi.NULL)


def wait_until(gpu_device, done, spin_seconds: float) -> bool:
    """Poll until done() is true: spinning for up to spin_seconds, then blocking. A blocking
    wait on NVIDIA's Vulkan driver returns 50-100 us after the GPU finishes; a spin sees it
    within microseconds (CUDA's default synchronize spins too). False if blocking polls,
    each of which waits for all submitted work, do not get there (a lost device)."""
    deadline = time.perf_counter() + spin_seconds
    while not done():
        if time.perf_counter() < deadline:
            poll(gpu_device, False)
            continue
        for _ in range(1000):  # one blocking poll normally suffices
            poll(gpu_device, True)
            if done():
                return True
        return False
    return True


if AVAILABLE:
    _map_status = [None]

    @ffi.callback("void(WGPUMapAsyncStatus, WGPUStringView, void *, void *)")
    def _on_mapped(status, message, userdata1, userdata2):
        _map_status[0] = status

    _MAP_CALLBACK = ffi.new("WGPUBufferMapCallbackInfo *", {
        "mode": lib.WGPUCallbackMode_AllowProcessEvents, "callback": _on_mapped})

    _finished: dict[int, int] = {}  # queue handle -> number of the last submit known finished

    @ffi.callback("void(WGPUQueueWorkDoneStatus, WGPUStringView, void *, void *)")
    def _on_work_done(status, message, queue, number):
        queue, number = int(ffi.cast("uintptr_t", queue)), int(ffi.cast("uintptr_t", number))
        _finished[queue] = max(_finished.get(queue, 0), number)


def track_submit(gpu_device, number: int) -> None:
    """Have finished_submits() report `number` once the GPU has run everything submitted so far."""
    queue = gpu_device.queue._internal
    info = ffi.new("WGPUQueueWorkDoneCallbackInfo *", {
        "mode": lib.WGPUCallbackMode_AllowProcessEvents, "callback": _on_work_done,
        "userdata1": ffi.cast("void *", queue), "userdata2": ffi.cast("void *", number)})
    lib.wgpuQueueOnSubmittedWorkDone(queue, info[0])


def finished_submits(gpu_device) -> int:
    """The number of the last tracked submit that the GPU has finished, as of the last poll."""
    return _finished.get(int(ffi.cast("uintptr_t", gpu_device.queue._internal)), 0)


def read_mapped(gpu_device, buffer, size: int, spin_seconds: float) -> bytes:
    """Map a MAP_READ buffer whose copies are already submitted, copy out `size` bytes, unmap."""
    _map_status[0] = None
    lib.wgpuBufferMapAsync(buffer._internal, lib.WGPUMapMode_Read, 0, buffer.size, _MAP_CALLBACK[0])
    wait_until(gpu_device, lambda: _map_status[0] is not None, spin_seconds)
    if _map_status[0] != lib.WGPUMapAsyncStatus_Success:
        raise RuntimeError(f"could not map a download buffer (status {_map_status[0]}): the device may be lost")
    pointer = lib.wgpuBufferGetConstMappedRange(buffer._internal, 0, size)
    try:
        return bytes(ffi.buffer(pointer, size))
    finally:
        lib.wgpuBufferUnmap(buffer._internal)
