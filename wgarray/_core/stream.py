"""Layer 4: recording dispatches lazily and submitting them in batches.

One compute pass stays open across ops. Kernels read their parameter words from a uniform
arena through a dynamic offset. The arena doubles as a cache: a parameter block already
uploaded keeps its slot, so a loop of ops with the same shapes uploads nothing. Bind groups
are cached by (binding signature, buffers), so a chain of ops on pooled buffers creates
none after warm-up.

When to submit: a submit costs about 50 us of host time on an H100 machine, and the GPU idles
about 18 us between two submits, so small ops are batched until something waits for them.
Large ops are submitted as soon as the GPU has run out of work, and otherwise in batches that
double in size (from SUBMIT_BYTES), so that the GPU computes while Python records the next,
larger batch.

Waiting for the GPU: first the next command encoder and its pass are opened (25-60 us of
host time on an H100 machine, spent while the GPU computes instead of on the next op), then
the host spins on non-blocking polls for up to SPIN_SECONDS before it blocks.
"""

from __future__ import annotations


import wgpu

from . import native as _native
from .device import Device, per_device
from .kernels import PARAM_WINDOW, Kernel, kernel_cache
from .memory import Storage, pool_for

ARENA_BYTES = 256 * 1024
MAX_PENDING = 1024  # dispatches per submit
# Bytes bound by the pending dispatches, a measure of their work, worth a submit when the GPU
# idles (about a submit's host cost of H100 time), and worth one in any case (so that each
# submit carries at least twice its host cost; slower GPUs only take longer per byte).
IDLE_SUBMIT_BYTES = 256 << 20
SUBMIT_BYTES = 512 << 20
MAX_SUBMIT_BYTES = 4 << 30
# A blocking wait wakes 50-100 us late on NVIDIA's driver. Not on CPU adapters, whose
# threads need the cores.
SPIN_SECONDS = 0.002


class Stream:
    def __init__(self, device: Device):
        self.device = device
        self.gpu = device.wgpu
        self.kernels = kernel_cache(device)
        self.pool = pool_for(device)
        self.pool.on_destroy.append(self._forget_buffer)
        self.align = max(device.uniform_align, 16)
        self.arena = self.gpu.create_buffer(
            size=ARENA_BYTES + PARAM_WINDOW, usage=wgpu.BufferUsage.UNIFORM | wgpu.BufferUsage.COPY_DST | wgpu.BufferUsage.COPY_SRC)
        self.host_arena = bytearray(ARENA_BYTES + PARAM_WINDOW)
        self.arena_used = 0  # bytes of the arena holding parameter blocks
        self.arena_uploaded = 0  # ... of which the GPU copy has the first arena_uploaded
        self.param_slots: dict[bytes, int] = {}  # parameter block -> its arena offset
        self.encoder = None
        self.compute_pass = None
        self.current_pipeline = None
        self.pending = 0  # commands recorded and not yet submitted
        self.pending_bytes = 0  # bytes bound by the pending dispatches: a measure of their work
        self.submit_bytes = SUBMIT_BYTES  # pending_bytes that make a batch: twice the last one
        self.bind_groups: dict = {}
        self.groups_by_uid: dict[int, list] = {}
        self.submits = 0
        self.spin_seconds = 0.0 if device.is_cpu else SPIN_SECONDS
        self.uploads: list = []  # temporary upload sources, alive until their copies are submitted
        if _native.AVAILABLE:
            self._offsets = _native.ffi.new("uint32_t[1]")

    # -- recording -------------------------------------------------------------
    def _open_pass(self):
        if self.encoder is None:
            self.encoder = self.gpu.create_command_encoder()
        if self.compute_pass is None:
            self.compute_pass = self.encoder.begin_compute_pass()
            self.current_pipeline = None
        return self.compute_pass

    def _close_pass(self):
        if self.compute_pass is not None:
            self.compute_pass.end()
            self.compute_pass = None

    def _bind_group(self, kernel: Kernel, storages):
        key = (kernel.signature, *[s.uid for s in storages])
        group = self.bind_groups.get(key)
        if group is None:
            layout, _ = self.kernels.bind_group_layout(kernel.signature)
            entries = [{"binding": 0, "resource": {"buffer": self.arena, "offset": 0, "size": PARAM_WINDOW}}]
            for i, s in enumerate(storages, start=1):
                entries.append({"binding": i, "resource": {"buffer": s.buffer, "offset": 0, "size": s.buffer.size}})
            group = self.bind_groups[key] = self.gpu.create_bind_group(layout=layout, entries=entries)
            for s in storages:
                self.groups_by_uid.setdefault(s.uid, []).append(key)
        return group

    def _forget_buffer(self, uid: int):
        if self.pending:
            self.flush()
        for key in self.groups_by_uid.pop(uid, ()):
            self.bind_groups.pop(key, None)

    def _param_offset(self, params: bytes) -> int:
        offset = self.param_slots.get(params)
        if offset is None:
            if self.arena_used + len(params) > ARENA_BYTES:
                self.flush()
                self.param_slots.clear()  # queue order: the next upload lands after this batch ran
                self.arena_used = self.arena_uploaded = 0
            offset = self.arena_used
            self.host_arena[offset:offset + len(params)] = params
            self.arena_used = offset + -(-max(len(params), 1) // self.align) * self.align
            self.param_slots[params] = offset
        return offset

    def dispatch(self, kernel: Kernel, storages, params: bytes, groups: tuple[int, int]):
        """Record one dispatch. params: the kernel's parameter words, at most PARAM_WINDOW bytes."""
        offset = self._param_offset(params)
        group = self._bind_group(kernel, storages)
        compute_pass = self._open_pass()
        if _native.DISPATCH_CALLS is None:
            if self.current_pipeline is not kernel.pipeline:
                compute_pass.set_pipeline(kernel.pipeline)
                self.current_pipeline = kernel.pipeline
            compute_pass.set_bind_group(0, group, [offset])
            compute_pass.dispatch_workgroups(groups[0], groups[1], 1)
        else:
            # Pipelines and bind groups stay alive in our caches; errors in pass commands
            # surface at encoder.finish(), which goes through the public API.
            set_pipeline, set_bind_group, dispatch = _native.DISPATCH_CALLS
            handle = compute_pass._internal
            if self.current_pipeline is not kernel.pipeline:
                set_pipeline(handle, kernel.pipeline._internal)
                self.current_pipeline = kernel.pipeline
            self._offsets[0] = offset
            set_bind_group(handle, 0, group._internal, 1, self._offsets)
            dispatch(handle, groups[0], groups[1], 1)
        self.pending += 1
        for s in storages:
            self.pending_bytes += s.nbytes
        if self.pending >= MAX_PENDING or self.pending_bytes >= self.submit_bytes or (
                self.pending_bytes >= IDLE_SUBMIT_BYTES and self._gpu_idle()):
            self.flush()

    def _gpu_idle(self) -> bool:
        if not _native.AVAILABLE:
            return False
        _native.poll(self.gpu, False)
        return _native.finished_submits(self.gpu) >= self.submits

    def flush(self):
        """Submit everything recorded so far."""
        if not self.pending:
            return
        encoder, pending = self.encoder, self.pending
        start, end = self.arena_uploaded, self.arena_used
        # Reset first, so a failed batch leaves a usable stream behind.
        self.encoder = None
        self.arena_uploaded = end
        self.submit_bytes = min(max(SUBMIT_BYTES, 2 * self.pending_bytes), MAX_SUBMIT_BYTES)
        self.pending = self.pending_bytes = 0
        try:
            self._close_pass()
        finally:
            self.compute_pass = None
        try:
            if end > start:
                self.gpu.queue.write_buffer(self.arena, start, memoryview(self.host_arena)[start:end])
            self.gpu.queue.submit([encoder.finish()])
            self.uploads.clear()
            if _native.AVAILABLE:
                _native.track_submit(self.gpu, self.submits + 1)
        except Exception as e:
            self.uploads.clear()
            self.param_slots.clear()  # the arena's contents are unknown now
            self.arena_used = self.arena_uploaded = 0
            raise RuntimeError(f"the GPU rejected a batch of {pending} recorded operations; their results "
                               f"are lost: {e}") from e
        self.submits += 1

    # -- transfers ---------------------------------------------------------------
    def upload(self, storage: Storage, data) -> None:
        """Write host bytes into a buffer at offset 0, after all recorded work."""
        view = memoryview(data).cast("B")
        if len(view) % 4:
            padded = bytearray(-(-len(view) // 4) * 4)
            padded[:len(view)] = view
            view = memoryview(padded)
        if not len(view):
            return
        if not self.pending:  # nothing recorded: write straight away
            self.gpu.queue.write_buffer(storage.buffer, 0, view)
            return
        # Work is recorded: queue.write_buffer would land before it, so record a copy from a
        # temporary buffer instead, in order with the rest. No flush is needed.
        source = self.gpu.create_buffer_with_data(data=view, usage=wgpu.BufferUsage.COPY_SRC)
        self._close_pass()
        self.encoder.copy_buffer_to_buffer(source, 0, storage.buffer, 0, len(view))
        self.uploads.append(source)
        self.pending += 1

    def download(self, storage: Storage, byte_offset: int, nbytes: int) -> bytes:
        """Copy bytes out of a buffer once all recorded work is done."""
        if nbytes == 0:
            return b""
        start = byte_offset // 4 * 4
        end = -(-(byte_offset + nbytes) // 4) * 4
        size = end - start
        staging = self.pool.take_staging(size)
        self._close_pass()
        if self.encoder is None:
            self.encoder = self.gpu.create_command_encoder()
        self.encoder.copy_buffer_to_buffer(storage.buffer, start, staging, 0, size)
        self.pending += 1
        self.flush()
        if _native.AVAILABLE:
            self._open_pass()  # for the next op, while the GPU works
            data = _native.read_mapped(self.gpu, staging, size, self.spin_seconds)
        else:
            staging.map_sync(wgpu.MapMode.READ, 0, staging.size)
            try:
                data = staging.read_mapped(0, size)
            finally:
                staging.unmap()
        self.pool.give_staging(staging)
        lead = byte_offset - start
        return bytes(memoryview(data)[lead:lead + nbytes])

    def synchronize(self):
        """Wait until the GPU has finished everything recorded so far."""
        if not self.pending and not self.submits:
            return
        if _native.AVAILABLE:
            self.flush()
            self._open_pass()  # for the next op, while the GPU works
            submitted = self.submits
            if not _native.wait_until(self.gpu, lambda: _native.finished_submits(self.gpu) >= submitted,
                                      self.spin_seconds):
                raise RuntimeError("the GPU did not finish its work: the device may be lost")
            return
        # Mapping a buffer waits for the last submit that used it, so end the batch with a tiny
        # copy into a probe: one submit, then one wait (on_submitted_work_done_sync is broken
        # in wgpu 0.32).
        probe = self.pool.take_staging(16)
        self._close_pass()
        if self.encoder is None:
            self.encoder = self.gpu.create_command_encoder()
        self.encoder.copy_buffer_to_buffer(self.arena, 0, probe, 0, 16)
        self.pending += 1
        self.flush()
        probe.map_sync(wgpu.MapMode.READ, 0, probe.size)
        probe.unmap()
        self.pool.give_staging(probe)


stream_for = per_device(Stream)
