"""Direct wgpu-native calls for the few host paths where wgpu-py's wrappers cost too much.

wgpu-py waits for a mapped buffer through a poll thread and, before every read mapping,
submits an empty command buffer: two thread hand-offs and one submit per download. Polling
the device on the calling thread instead makes a synchronize or a small download about
80 us cheaper on an H100 machine. Command encoders, compute passes and submits made here
(Encoder) and a map requested right after its submit (request_map, finish_read) halve the
time of a small read again (float(wg.sum(x)): 180 -> 90 us, benchmarks/readback.py).
Everything here has a public-API fallback, used when wgpu runs on another backend.
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


def work_done_info(stream_token: int):
    """The callback info that track_submit passes for one stream's submits (made once per
    stream: a submit fills in its number, under the stream's lock)."""
    info = ffi.new("WGPUQueueWorkDoneCallbackInfo *")
    info.mode = lib.WGPUCallbackMode_AllowProcessEvents
    info.callback = _on_work_done
    info.userdata1 = ffi.cast("void *", stream_token)
    return info


def track_submit(gpu_device, info, number: int) -> None:
    """Have finished_submits(its stream's token) report `number` once the GPU has run
    everything submitted so far. info: from work_done_info."""
    info.userdata2 = ffi.cast("void *", number)
    lib.wgpuQueueOnSubmittedWorkDone(gpu_device.queue._internal, info[0])


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


def request_map(buffer) -> int:
    """Ask for a MAP_READ buffer to be mapped once the submitted copies into it are done;
    finish_read(..., the returned token) waits for it. Asking right after the submit lets the
    map complete at the first poll after the GPU is done, whatever the host does meanwhile."""
    token = new_token()
    info = ffi.new("WGPUBufferMapCallbackInfo *")
    info.mode = lib.WGPUCallbackMode_AllowProcessEvents
    info.callback = _on_mapped
    info.userdata1 = ffi.cast("void *", token)
    lib.wgpuBufferMapAsync(buffer._internal, lib.WGPUMapMode_Read, 0, buffer.size, info[0])
    return token


def finish_read(gpu_device, buffer, token: int, size: int, spin_seconds: float, kick=None) -> bytes:
    """Wait for the mapping that request_map asked for, copy out `size` bytes, unmap.
    Thread-safe for distinct buffers; needs no lock while it waits."""
    try:
        if token not in _map_results:
            wait_until(gpu_device, lambda: token in _map_results, spin_seconds, kick)
    finally:
        status = _map_results.pop(token, None)
    if status != lib.WGPUMapAsyncStatus_Success:
        raise RuntimeError(f"could not map a download buffer (status {status}): the device may be lost")
    handle = buffer._internal
    pointer = lib.wgpuBufferGetConstMappedRange(handle, 0, size)
    try:
        return ffi.buffer(pointer, size)[:]
    finally:
        lib.wgpuBufferUnmap(handle)


def read_mapped(gpu_device, buffer, size: int, spin_seconds: float, kick=None) -> bytes:
    """Map a MAP_READ buffer whose copies are already submitted, copy out `size` bytes, unmap."""
    return finish_read(gpu_device, buffer, request_map(buffer), size, spin_seconds, kick)


# Command encoders and compute passes through direct calls: wgpu-py's create_command_encoder
# and begin_compute_pass build their descriptors in Python (10 us per open on a fast host,
# raw calls 2 us), and a submit wraps its command buffer in two more objects. The checked
# calls (libf) raise wgpu's errors as wgpu-py's methods do.
class ComputePass:
    __slots__ = ("_internal",)

    def __init__(self, handle):
        self._internal = handle

    def end(self) -> None:
        libf.wgpuComputePassEncoderEnd(self._internal)

    def __del__(self):
        lib.wgpuComputePassEncoderRelease(self._internal)


class Encoder:
    """A command encoder: what Stream records into (wgpu-py's GPUCommandEncoder for its uses)."""

    __slots__ = ("_internal",)

    def __init__(self, gpu_device):
        self._internal = None
        self._internal = libf.wgpuDeviceCreateCommandEncoder(gpu_device._internal, ffi.NULL)

    def begin_compute_pass(self) -> ComputePass:
        return ComputePass(libf.wgpuCommandEncoderBeginComputePass(self._internal, ffi.NULL))

    def copy_buffer_to_buffer(self, source, source_offset: int, destination, destination_offset: int,
                              size: int) -> None:
        libf.wgpuCommandEncoderCopyBufferToBuffer(self._internal, source._internal, source_offset,
                                                  destination._internal, destination_offset, size)

    def submit(self, gpu_device) -> None:
        """Finish this encoder and submit its commands to the device's queue."""
        commands = ffi.new("WGPUCommandBuffer[1]")
        commands[0] = libf.wgpuCommandEncoderFinish(self._internal, ffi.NULL)
        try:
            libf.wgpuQueueSubmit(gpu_device.queue._internal, 1, commands)
        finally:
            lib.wgpuCommandBufferRelease(commands[0])

    def __del__(self):
        if self._internal is not None:
            lib.wgpuCommandEncoderRelease(self._internal)


# wgpu-native's WGPUShaderRuntimeChecks flags: BoundsChecks (1) clamps every index that the
# driver's robust access does not cover; ForceLoopBounding (2) puts a counter in every loop.
BOUNDS_CHECKS = 1


def create_shader_module(gpu_device, code: str, checks: int):
    """A WGSL module compiled with only the runtime checks in `checks` (wgpu's
    create_shader_module_trusted); wgpu-py's public call keeps them all."""
    from wgpu.backends.wgpu_native._api import GPUShaderModule, new_struct_p, to_c_string_view

    source = new_struct_p("WGPUShaderSourceWGSL *", code=to_c_string_view(code))
    source[0].chain.next = ffi.NULL
    source[0].chain.sType = lib.WGPUSType_ShaderSourceWGSL
    descriptor = new_struct_p("WGPUShaderModuleDescriptor *",
                              nextInChain=ffi.cast("WGPUChainedStruct *", source),
                              label=to_c_string_view(""))
    handle = libf.wgpuDeviceCreateShaderModuleTrusted(gpu_device._internal, descriptor, checks)
    if handle == ffi.NULL:
        raise RuntimeError("Shader module creation failed")
    return GPUShaderModule("", handle, gpu_device)
