"""Layer 3: WGSL templates from wgsl/, specialized into compute pipelines cached by key.

Every kernel has the same binding scheme, so bind groups can be cached and shared:
binding 0 is a 1 KiB window into the stream's uniform parameter arena (dynamic offset),
bindings 1.. are whole storage buffers, the first one written, the rest read.
"""

from __future__ import annotations

import functools
import string
import threading
from pathlib import Path

import wgpu

from . import native
from .device import Device, per_device
from .workgroup_memory import workgroup_bytes

WORKGROUP = 256
PARAM_WINDOW = 1024  # bytes of parameters a kernel can see: 256 u32 words
MAX_GROUPS = 65535
# The most iterations a loop of one invocation may run: llvmpipe (lavapipe) silently ends a
# loop after 65535 (gallivm's loop limit), so kernels split longer work across invocations.
MAX_LOOP = 1 << 15


def wide_workgroup(device: Device, scratch_per_invocation: int = 0, fixed_scratch: int = 0) -> int:
    """Invocations for a one-workgroup-per-matrix kernel whose steps are bound by the latency
    of global memory (a panel of a factorisation in its buffer): up to 1024 on a GPU, as the
    adapter's limits and the workgroup memory the kernel needs allow; WORKGROUP on a CPU
    adapter, where invocations run in turn."""
    if device.is_cpu:
        return WORKGROUP
    invocations = min(1024, device.limits.get("max-compute-invocations-per-workgroup", WORKGROUP))
    memory = device.limits.get("max-compute-workgroup-storage-size", 16384)
    while invocations > WORKGROUP and invocations * scratch_per_invocation + fixed_scratch > memory:
        invocations //= 2
    return max(invocations, WORKGROUP)


def _wgsl_dir() -> Path:
    package = Path(__file__).resolve().parent.parent
    installed = package / "wgsl"  # in a wheel; in a source checkout wgsl/ sits beside the package
    return installed if installed.is_dir() else package.parent / "wgsl"


WGSL_DIR = _wgsl_dir()


@functools.lru_cache(maxsize=None)
def template(name: str) -> string.Template:
    return string.Template((WGSL_DIR / f"{name}.wgsl").read_text())


def render(name: str, **fields) -> str:
    """A template with its fields filled in; ${prelude} is the shared wgsl/prelude.wgsl."""
    return template(name).substitute(prelude=template("prelude").template, **fields)


class KernelCompileError(RuntimeError):
    """A generated shader failed to compile.

    The message carries the numbered WGSL source and the compiler's message. Attributes
    ``source`` (the WGSL) and ``reason`` (the compiler's message) are kept apart too, for errors
    that point at user code (:class:`RawKernel`, :class:`ElementwiseKernel`,
    :class:`ReductionKernel` report the line of the user's code).

    Parameters
    ----------
    message : str
        The error message.
    source : str, optional
        The shader's WGSL source.
    reason : str, optional
        The compiler's own message.

    Notes
    -----
    GPU: raised when the driver rejects a shader at pipeline creation; nothing ran. A subclass
    of RuntimeError. For wgarray's own kernels it signals a bug (or a driver limitation):
    please report it with :func:`show_config`'s output.
    """

    def __init__(self, message: str, source: str = "", reason: str = ""):
        super().__init__(message)
        self.source = source
        self.reason = reason


class Kernel:
    __slots__ = ("pipeline", "signature", "key")

    def __init__(self, pipeline, signature: tuple, key):
        self.pipeline = pipeline
        self.signature = signature
        self.key = key


class KernelCache:
    """Pipelines by key. Lookups read the dicts without a lock; a miss compiles under the cache's
    own lock (not the device's: a compile may take long, and streams never wait for it)."""

    def __init__(self, device: Device):
        self.device = device
        self.kernels: dict = {}
        self.layouts: dict = {}
        self.lock = threading.RLock()

    def bind_group_layout(self, signature: tuple):
        """signature: one entry per storage binding, "rw" or "r"."""
        entry = self.layouts.get(signature)
        if entry is None:
            with self.lock:
                entry = self.layouts.get(signature)
                if entry is None:
                    entry = self.layouts[signature] = self._make_layout(signature)
        return entry

    def _make_layout(self, signature: tuple):
        if self.device.lost is not None:
            raise self.device.lost_error()
        try:
            entries = [{
                "binding": 0,
                "visibility": wgpu.ShaderStage.COMPUTE,
                "buffer": {"type": wgpu.BufferBindingType.uniform, "has_dynamic_offset": True,
                           "min_binding_size": PARAM_WINDOW},
            }]
            for i, access in enumerate(signature, start=1):
                kind = (wgpu.BufferBindingType.storage if access == "rw"
                        else wgpu.BufferBindingType.read_only_storage)
                entries.append({"binding": i, "visibility": wgpu.ShaderStage.COMPUTE,
                                "buffer": {"type": kind}})
            bgl = self.device.wgpu.create_bind_group_layout(entries=entries)
            return bgl, self.device.wgpu.create_pipeline_layout(bind_group_layouts=[bgl])
        except Exception as e:
            self.device.raise_checked(e)

    def get(self, key, signature: tuple, make_source, entry_point: str = "main") -> Kernel:
        kernel = self.kernels.get(key)
        if kernel is None:
            with self.lock:
                kernel = self.kernels.get(key)
                if kernel is None:
                    kernel = self.kernels[key] = self._compile(key, signature, make_source, entry_point)
        return kernel

    def _compile(self, key, signature: tuple, make_source, entry_point: str) -> Kernel:
        source = make_source()
        _check_workgroup_memory(self.device, key, source)
        _, pipeline_layout = self.bind_group_layout(signature)
        if self.device.lost is not None:
            raise self.device.lost_error()
        try:
            module = _shader_module(self.device.wgpu, source)
            pipeline = self.device.wgpu.create_compute_pipeline(
                layout=pipeline_layout, compute={"module": module, "entry_point": entry_point})
        except Exception as e:
            lost = self.device.check_lost(e)
            if lost is not e:
                raise lost from e
            numbered = "\n".join(f"{i + 1:4d} {line}" for i, line in enumerate(source.splitlines()))
            raise KernelCompileError(f"kernel {key!r} failed to compile: {e}\n{numbered}", source, str(e)) from e
        return Kernel(pipeline, signature, key)


kernel_cache = per_device(KernelCache)


def _check_workgroup_memory(device: Device, key, source: str) -> None:
    """Refuse a kernel whose workgroup variables exceed the device's limit: wgpu does not check
    it, and such a kernel hangs an NVIDIA GPU."""
    limit = device.limits.get("max-compute-workgroup-storage-size", 16384)
    needed = workgroup_bytes(source)
    if needed > limit:
        raise KernelCompileError(f"kernel {key!r} needs {needed} bytes of workgroup memory; the device "
                                 f"allows {limit}", source, "workgroup memory past the device's limit")


# wgpu bounds every loop of a shader with a counter, against shaders that loop forever. Our own
# kernels' loops all end, and the counters cost (H100: eigh 1024 float32 34.8 -> 31.4 ms, qr 4096
# 56 -> 52; matmul, fft, sort unchanged; dropping the index clamps as well gained nothing more):
# they keep only the bounds checks. Kernels holding user code (wgarray.custom) keep every check.
USER_CODE_MARK = "// -- user code --"


def _shader_module(gpu_device, source: str):
    if not native.AVAILABLE or USER_CODE_MARK in source:
        return gpu_device.create_shader_module(code=source)
    return native.create_shader_module(gpu_device, source, native.BOUNDS_CHECKS)


def grid(items: int, per_group: int = WORKGROUP) -> tuple[int, int]:
    """Workgroups for `items` invocations, folded into 2-D past the 65535 limit: rows of equal
    length, so that under a row of workgroups stay idle (rows of 65535 left up to half the grid
    idle: on the H100, float32 x + y 2^27 took 593 us that way, 554 now; float64 2^25 323, 277)."""
    groups = max(1, -(-items // per_group))
    if groups <= MAX_GROUPS:
        return groups, 1
    rows = -(-groups // MAX_GROUPS)
    return -(-groups // rows), rows
