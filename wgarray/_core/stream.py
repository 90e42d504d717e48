"""Layer 4: recording dispatches lazily and submitting them in batches.

One compute pass stays open across ops. Kernels read their parameter words from a uniform
arena through a dynamic offset. The arena doubles as a cache: a parameter block already
uploaded keeps its slot, so a loop of ops with the same shapes uploads nothing. Bind groups
are cached by (binding signature, buffers), so a chain of ops on pooled buffers creates
none after warm-up.

When to submit: a submit costs 50-70 us of host time on an H100 machine, and the GPU idles
about 18 us between two submits, so ops are batched. Small ops go to the GPU when something
waits for them, or every IDLE_CHECK dispatches if it is running out of work, so that it runs a
chain of small ops while Python records the next part. Large ops are submitted as soon as the
GPU is down to its last batch (QUEUED_SUBMITS), so that it starts the next without a gap, and
otherwise in batches that double in size (from SUBMIT_BYTES), so that the GPU computes while
Python records the next, larger batch. Those early submits wait until the host has recorded
for IDLE_SHARE times a submit's (measured) cost since the last one: where the GPU runs ops
faster than Python records them, it is always idle, and submitting whenever it is would spend
the host's time on submits and keep it behind for good (H100, a host slowed by 8 us a call:
27 us layer_norm kernels took 45-58 us a call with 75 submits per 300 calls that way, 31-45 us
with this; a chain of small ops 77-86 us instead of 87-113).

Waiting for the GPU: a download's copy into its staging buffer goes in the same submit as
the work, and its map is requested right after that submit (it completes at the first poll
after the GPU is done); then the next command encoder and its pass are opened (host time
spent while the GPU computes instead of on the next op), then the host spins on non-blocking
polls for up to SPIN_SECONDS before it blocks (on an H100 machine a blocking poll wakes
30 us later than a spin). Encoders, passes and submits go through direct wgpu-native calls
(native.Encoder): wgpu-py's wrappers cost 20 us of host time per encoder on an H100 machine.

Failures: a batch the GPU rejects raises once, naming its last few ops, and leaves a fresh
encoder, pass, arena and bind-group cache behind, so the next op works. A lost device raises
DeviceLostError from then on.
"""

from __future__ import annotations


import threading
from time import perf_counter

import wgpu

from . import native as _native
from .device import Device, is_out_of_memory, per_device
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
# Small ops: every IDLE_CHECK dispatches, a batch goes to an idle GPU, which then runs it
# while Python records the next (a submit costs about as much host time as 8 small ops).
IDLE_CHECK = 64
IDLE_CHECK_MASK = IDLE_CHECK - 1
IDLE_SHARE = 4  # so that early submits take at most a fifth of the host's time
QUEUED_SUBMITS = 1  # batches the GPU may still have when the next goes early
RECENT = 8  # ops named when a batch fails (a power of two)
_RECENT_MASK = RECENT - 1


class Stream:
    """Records the work of every thread on one device into one queue.

    Threads: dispatch, flush, upload, download and synchronize hold the device's re-entrant
    lock while they record or submit (never while they wait for the GPU), and all work goes
    through the device's one queue in recording order. So an op that has returned in thread A
    is visible to any op recorded afterwards in thread B, and A's reads of a buffer finish
    before B's later writes to it. Ops that two threads record at the same time interleave
    dispatch by dispatch: each is correct as long as no thread writes what another reads.
    A batch the GPU rejects loses the results of every op in it, whichever thread recorded
    them; the thread whose call submits it gets the error.
    """

    def __init__(self, device: Device):
        self.device = device
        self.gpu = device.wgpu
        self.lock = device.lock
        self.kernels = kernel_cache(device)
        self.pool = pool_for(device)
        self.align = max(device.uniform_align, 16)
        usage = wgpu.BufferUsage.UNIFORM | wgpu.BufferUsage.COPY_DST | wgpu.BufferUsage.COPY_SRC
        self.arena = self.pool.create_buffer(ARENA_BYTES + PARAM_WINDOW, usage, "the parameter arena")
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
        self.recent = [None] * RECENT  # the last ops recorded (kernels, "upload", "download")
        self.capture = None  # a replay.Capture while one thread's engine call is captured
        self.bind_groups: dict = {}
        self.groups_by_uid: dict[int, list] = {}
        self.submits = 0
        self.submit_seconds = 0.0  # host time of a submit (flush), a running average
        self.last_submit = 0.0  # perf_counter() when the last one ended
        self.spin_seconds = 0.0 if device.is_cpu else SPIN_SECONDS
        self.uploads: list = []  # temporary upload sources, alive until their copies are submitted
        if _native.AVAILABLE:
            self._offsets = _native.ffi.new("uint32_t[1]")
            self.token = _native.new_token()  # names this stream's submits in native's bookkeeping
            self._work_done = _native.work_done_info(self.token)
        self.pool.on_destroy.append(self._forget_buffer)  # last: only once the stream is whole

    # -- recording -------------------------------------------------------------
    def _open_pass(self):
        """Open the compute pass (and the encoder) that dispatches record into."""
        if self.compute_pass is not None:
            return self.compute_pass
        if self.device.lost is not None:
            raise self.device.lost_error()
        encoder = self._open_encoder()
        try:
            self.compute_pass = encoder.begin_compute_pass()
        except Exception as e:
            self._fail(e)
        self.current_pipeline = None
        return self.compute_pass

    def _open_encoder(self):
        if self.encoder is None:
            if self.device.lost is not None:
                raise self.device.lost_error()
            try:
                self.encoder = _native.Encoder(self.gpu) if _native.AVAILABLE else self.gpu.create_command_encoder()
            except Exception as e:
                self.device.raise_checked(e)
        return self.encoder

    def _close_pass(self):
        compute_pass = self.compute_pass
        if compute_pass is not None:
            self.compute_pass = None
            try:
                compute_pass.end()  # errors of the pass's commands surface here
            except Exception as e:
                self._fail(e)

    def _encoder_for_copy(self):
        """The encoder, outside any pass, for a copy command."""
        self._close_pass()
        return self._open_encoder()

    def _not_captured(self) -> None:
        """A command that a capture cannot replay (a copy, an upload, a download): drop it."""
        capture = self.capture
        if capture is not None and capture.thread == threading.get_ident():
            capture.valid = False

    def _copy(self, source, source_offset: int, destination, destination_offset: int, size: int, label: str):
        self._not_captured()
        encoder = self._encoder_for_copy()
        try:
            encoder.copy_buffer_to_buffer(source, source_offset, destination, destination_offset, size)
        except Exception as e:
            self._fail(e)
        self.recent[self.pending & _RECENT_MASK] = label
        self.pending += 1

    def _fail(self, error: BaseException):
        """Drop the batch being recorded, whose encoder `error` spoilt, and raise it once:
        the stream starts afresh (encoder, pass, arena slots, bind groups)."""
        pending, recent = self.pending, self._recent_labels()
        self.encoder = self.compute_pass = self.current_pipeline = None
        self.pending = self.pending_bytes = 0
        self.uploads.clear()
        self.param_slots.clear()  # the arena's contents are unknown now
        self.arena_used = self.arena_uploaded = 0
        self.bind_groups.clear()  # one of them may be what failed
        self.groups_by_uid.clear()
        device = self.device
        lost = device.check_lost(error)
        if lost is not error:
            raise lost from error
        if is_out_of_memory(error):
            raise MemoryError(f"out of GPU memory running a batch of {pending} recorded operations "
                              f"(the last: {recent}); their results are lost: {error}") from error
        raise RuntimeError(f"the GPU rejected a batch of {pending} recorded operations (the last: {recent}); "
                           f"their results are lost: {error}") from error

    def _recent_labels(self) -> str:
        count = min(self.pending, RECENT)
        ops = [self.recent[(self.pending - count + i) & _RECENT_MASK] for i in range(count)]
        return ", ".join(_label(op) for op in ops) or "none"

    def _bind_group(self, kernel: Kernel, storages):
        """The bind group of kernel's signature over storages: cached, else made and cached."""
        key = (kernel.signature, *[s.uid for s in storages])
        group = self.bind_groups.get(key)
        if group is None:
            for s in storages:
                if s.pool.device is not self.device:
                    raise ValueError(f"{_label(kernel)}: arrays are on different devices ({self.device} and "
                                     f"{s.pool.device})")
                if s.segments is not None:  # (its uid is None: no bind group is ever cached for it)
                    raise MemoryError(
                        f"{_label(kernel)}: an array of {s.nbytes} bytes is larger than one storage binding "
                        f"({self.pool.segment_bytes} bytes on {self.device.name}), and this operation "
                        f"does not work on such arrays in pieces yet")
            layout, _ = self.kernels.bind_group_layout(kernel.signature)
            bindings = [(self.arena, PARAM_WINDOW)] + [(s.buffer, s.buffer.size) for s in storages]
            try:  # nothing is recorded yet: a failure here leaves the stream as it was
                if _native.AVAILABLE:
                    group = _native.create_bind_group(self.gpu, layout, bindings)
                else:
                    group = self.gpu.create_bind_group(layout=layout, entries=[
                        {"binding": i, "resource": {"buffer": buffer, "offset": 0, "size": size}}
                        for i, (buffer, size) in enumerate(bindings)])
            except Exception as e:
                self.device.raise_checked(e)
            self.bind_groups[key] = group
            for s in storages:
                self.groups_by_uid.setdefault(s.uid, []).append(key)
        return group

    def _forget_buffer(self, uid: int):
        with self.lock:
            try:
                if self.pending:  # recorded commands may use the buffer about to be destroyed
                    self.flush()
            finally:
                for key in self.groups_by_uid.pop(uid, ()):
                    self.bind_groups.pop(key, None)

    def _param_offset(self, params: bytes) -> int:
        """The arena offset of a parameter block: its cached slot, else a new one."""
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
        """Record one dispatch. params: the kernel's parameter words, at most PARAM_WINDOW bytes.
        storages: one-buffer Storages or Segments (an engine binds a storage of several segments
        one segment at a time, see _core/segments.py).

        Host time: every op pays this (on an H100 machine a small op's whole host time is
        10-20 us), so the common path (parameters and bind group cached, pass open) is a few
        dict lookups and the three native calls."""
        with self.lock:
            offset = self.param_slots.get(params)
            if offset is None:
                offset = self._param_offset(params)
            group = self.bind_groups.get((kernel.signature, *[s.uid for s in storages]))
            if group is None:
                group = self._bind_group(kernel, storages)
            compute_pass = self.compute_pass
            if compute_pass is None:
                compute_pass = self._open_pass()
            pipeline = kernel.pipeline
            calls = _native.DISPATCH_CALLS
            if calls is None:
                if self.current_pipeline is not pipeline:
                    compute_pass.set_pipeline(pipeline)
                    self.current_pipeline = pipeline
                compute_pass.set_bind_group(0, group, [offset])
                compute_pass.dispatch_workgroups(groups[0], groups[1], 1)
            else:
                # Pipelines and bind groups stay alive in our caches; errors in pass commands
                # surface at compute_pass.end(), which goes through the public API.
                set_pipeline, set_bind_group, dispatch = calls
                handle = compute_pass._internal
                if self.current_pipeline is not pipeline:
                    set_pipeline(handle, pipeline._internal)
                    self.current_pipeline = pipeline
                offsets = self._offsets
                offsets[0] = offset
                set_bind_group(handle, 0, group._internal, 1, offsets)
                dispatch(handle, groups[0], groups[1], 1)
            pending = self.pending
            self.recent[pending & _RECENT_MASK] = kernel
            self.pending = pending = pending + 1
            capture = self.capture
            if capture is not None and capture.thread == threading.get_ident():
                capture.dispatch(kernel, storages, params, groups)
            self.pending_bytes = pending_bytes = self.pending_bytes + sum([s.nbytes for s in storages])
            if pending >= MAX_PENDING or pending_bytes >= self.submit_bytes or (
                    (pending_bytes >= IDLE_SUBMIT_BYTES or not pending & IDLE_CHECK_MASK) and self._idle_submit_due()):
                self.flush()

    def _idle_submit_due(self) -> bool:
        """Whether to submit now because the GPU runs out of work (see the module's doc)."""
        return (_native.AVAILABLE and perf_counter() - self.last_submit >= IDLE_SHARE * self.submit_seconds
                and self._unfinished_submits() <= QUEUED_SUBMITS)

    def _gpu_idle(self) -> bool:
        return _native.AVAILABLE and self._unfinished_submits() == 0

    def _unfinished_submits(self) -> int:
        """Submits the GPU has not finished (needs wgpu-native's bookkeeping)."""
        _native.poll(self.gpu, False)
        return self.submits - _native.finished_submits(self.token)

    def flush(self):
        """Submit everything recorded so far."""
        with self.lock:
            if not self.pending:
                return
            began = perf_counter()
            start, end = self.arena_uploaded, self.arena_used
            try:
                self._close_pass()
                if end > start:
                    self.gpu.queue.write_buffer(self.arena, start, memoryview(self.host_arena)[start:end])
                if _native.AVAILABLE:
                    self.encoder.submit(self.gpu)
                else:
                    self.gpu.queue.submit([self.encoder.finish()])
            except Exception as e:
                if self.pending:  # else _close_pass has dropped the batch and raised already
                    self._fail(e)
                raise
            self.encoder = None
            self.arena_uploaded = end
            self.submit_bytes = min(max(SUBMIT_BYTES, 2 * self.pending_bytes), MAX_SUBMIT_BYTES)
            self.pending = self.pending_bytes = 0
            self.uploads.clear()
            self.submits += 1
            if _native.AVAILABLE:
                _native.track_submit(self.gpu, self._work_done, self.submits)
            self.last_submit = ended = perf_counter()
            self.submit_seconds += (ended - began - self.submit_seconds) / 4

    # -- transfers ---------------------------------------------------------------
    def upload(self, storage: Storage, data) -> None:
        """Write host bytes into a storage from its start, after all recorded work."""
        self._not_captured()
        view = memoryview(data).cast("B")
        if storage.segments is None:
            self._upload(storage.buffer, view)
            return
        start = 0
        for segment in storage.segments:
            self._upload(segment.buffer, view[start:start + segment.nbytes])
            start += segment.nbytes

    def _upload(self, buffer, view) -> None:
        if len(view) % 4:
            padded = bytearray(-(-len(view) // 4) * 4)
            padded[:len(view)] = view
            view = memoryview(padded)
        if not len(view):
            return
        with self.lock:
            if not self.pending:  # nothing recorded: write straight away
                self.pool.allocating_call(lambda: self.gpu.queue.write_buffer(buffer, 0, view),
                                          len(view), "an upload")
                return
            # Work is recorded: queue.write_buffer would land before it, so record a copy from a
            # temporary buffer instead, in order with the rest. No flush is needed.
            source = self.pool.allocating_call(
                lambda: self.gpu.create_buffer_with_data(data=view, usage=wgpu.BufferUsage.COPY_SRC),
                len(view), "an upload's source buffer")
            self._copy(source, 0, buffer, 0, len(view), "upload")
            self.uploads.append(source)

    def download(self, storage: Storage, byte_offset: int, nbytes: int, behind=None) -> bytes:
        """Copy bytes out of a storage once all recorded work is done. behind: None, or a
        callable that records more work, submitted before the wait so that the GPU runs it while
        the host waits for the bytes (a storage of one buffer)."""
        self._not_captured()
        if storage.segments is None:
            return self._download(storage.buffer, byte_offset, nbytes, behind)
        assert behind is None, "work behind a download of a segmented storage"
        step = storage.segments[0].nbytes  # the first segment is always whole
        parts = []
        while nbytes > 0:  # a segment at a time: a staging buffer holds no more than one
            segment = storage.segments[byte_offset // step]
            local = byte_offset % step
            size = min(nbytes, segment.nbytes - local)
            parts.append(self._download(segment.buffer, local, size))
            byte_offset += size
            nbytes -= size
        return b"".join(parts)

    def _download(self, buffer, byte_offset: int, nbytes: int, behind=None) -> bytes:
        if nbytes == 0:
            return b""
        start = byte_offset // 4 * 4
        end = -(-(byte_offset + nbytes) // 4) * 4
        size = end - start
        with self.lock:
            staging = self.pool.take_staging(size)
            try:
                self._copy(buffer, start, staging, 0, size, "download")
                self.flush()
            except BaseException:
                self.pool.give_staging(staging)  # its copy never reached the GPU
                raise
            if _native.AVAILABLE:
                # The map request first, so that it completes as soon as the GPU is done;
                # then the next op's pass opens while the GPU works.
                token = _native.request_map(staging)
                self._open_pass()
            else:
                data = self._read_staging(staging, size)
                self.pool.give_staging(staging)
            if behind is not None:
                try:
                    behind()
                    self.flush()
                except BaseException:
                    if _native.AVAILABLE:  # the copy is submitted: wait for it, then give staging back
                        self._finish_read(staging, token, size)
                    raise
        if _native.AVAILABLE:  # this thread alone owns staging: wait without the lock
            data = self._finish_read(staging, token, size)
        lead = byte_offset - start
        return data if lead == 0 and size == nbytes else data[lead:lead + nbytes]

    def _finish_read(self, staging, token, size: int) -> bytes:
        try:
            data = _native.finish_read(self.gpu, staging, token, size, self.spin_seconds, self._kick)
        except RuntimeError as e:
            raise (self.device.lost_error() if self.device.confirm_lost() else e) from e
        self.pool.give_staging(staging)
        return data

    def _kick(self):
        """An empty submit: it releases callbacks that wgpu-native left unfired (see native.wait_until)."""
        with self.lock:
            self.gpu.queue.submit([])

    def _read_staging(self, staging, size: int) -> bytes:
        staging.map_sync(wgpu.MapMode.READ, 0, staging.size)
        try:
            return staging.read_mapped(0, size)
        finally:
            staging.unmap()

    def synchronize(self):
        """Wait until the GPU has finished everything recorded so far."""
        with self.lock:
            if self.device.lost is not None:
                raise self.device.lost_error()
            if not self.pending and not self.submits:
                return
            if not _native.AVAILABLE:
                # Mapping a buffer waits for the last submit that used it, so end the batch with
                # a tiny copy into a probe: one submit, then one wait (on_submitted_work_done_sync
                # is broken in wgpu 0.32).
                probe = self.pool.take_staging(16)
                self._copy(self.arena, 0, probe, 0, 16, "synchronize")
                self.flush()
                probe.map_sync(wgpu.MapMode.READ, 0, probe.size)
                probe.unmap()
                self.pool.give_staging(probe)
                return
            self.flush()
            self._open_pass()  # for the next op, while the GPU works
            submitted = self.submits
        # Wait without the lock: other threads keep recording meanwhile.
        token = self.token
        done = _native.wait_until(self.gpu, lambda: _native.finished_submits(token) >= submitted,
                                  self.spin_seconds, self._kick)
        failed = _native.take_work_failure(token)
        if (failed or not done) and self.device.confirm_lost():
            raise self.device.lost_error()
        if not done:
            raise RuntimeError("the GPU did not finish its work: the device may be lost")


def _label(op) -> str:
    if isinstance(op, Kernel):
        key = op.key
        return str(key[0] if isinstance(key, tuple) and key else key)
    return str(op)


stream_for = per_device(Stream)
