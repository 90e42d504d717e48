"""Replaying an engine call's dispatches, as CUDA graphs do.

A factorisation of a large matrix records hundreds of dispatches, and planning each one in
Python (views, matmul plans, allocations, parameter blocks) costs 30-60 us of host time on an
H100 machine: more than the GPU needs for many of them. Yet which kernels run, on which
buffers' offsets, with which parameters, depends only on the inputs' shapes, strides, offsets
and dtypes. So the first call of an engine function for such a signature runs as usual while
the stream captures its dispatches (kernel, buffers by uid, parameter bytes, grid), and later
calls re-issue that list: the inputs' buffers in place of the captured inputs', a fresh pooled
buffer for every other buffer it used (temporaries and results), results returned with the
captured views.

The key also holds the fast-math switch (kernels differ under it). Only calls made of
dispatches alone are replayed: a capture that sees an upload, a copy, a download or a storage
of several buffers is dropped, and that signature then always runs normally. Temporaries are held to the end of a replay (the capture names buffers, which the
pool reused within the call, so the replay holds as many buffers as the first call used).
Tests that change an engine's tunables clear the recordings (clear()).
"""

from __future__ import annotations

import collections
import functools
import threading

from .config import fast_math_enabled
from .memory import Storage, pool_for
from .operands import BufferOperand
from .stream import stream_for

MAX_RECORDINGS = 64
_NOT_REPLAYABLE = object()


class Capture:
    """What the stream and the pool saw one thread do during one engine call: its dispatches,
    and which buffers it allocated (a replay allocates them afresh). A buffer it used without
    allocating or taking it as an input (a table an engine keeps cached across calls) is
    external: a replay binds that very storage again."""

    def __init__(self, input_uids: tuple):
        self.thread = threading.get_ident()
        self.input_uids = input_uids
        self.dispatches: list = []  # (kernel, uids, params, groups)
        self.sizes: dict[int, int] = {}  # uid of an allocated buffer -> the most bytes asked of it
        self.external: dict[int, Storage] = {}
        self.valid = True

    def allocated(self, storage: Storage) -> None:
        if threading.get_ident() != self.thread:
            return
        if storage.segments is not None or storage.uid in self.external:
            self.valid = False
            return
        if storage.nbytes > self.sizes.get(storage.uid, 0):
            self.sizes[storage.uid] = storage.nbytes

    def dispatch(self, kernel, storages, params: bytes, groups) -> None:
        if not self.valid:
            return
        uids = []
        for s in storages:
            if not isinstance(s, Storage) or s.segments is not None:
                self.valid = False
                return
            uid = s.uid
            if uid not in self.sizes and uid not in self.input_uids:
                self.external[uid] = s
            uids.append(uid)
        self.dispatches.append((kernel, tuple(uids), params, groups))


class Recording:
    def __init__(self, capture: Capture, result):
        self.dispatches = capture.dispatches
        self.input_uids = capture.input_uids
        self.result = _shape_of(result)
        self.sizes = capture.sizes
        self.external = capture.external

    def replay(self, device, inputs: list[Storage]):
        storages = dict(self.external)
        storages.update(zip(self.input_uids, inputs))
        pool = pool_for(device)
        for uid, nbytes in self.sizes.items():
            if uid not in storages:
                storages[uid] = pool.allocate(nbytes)
        stream = stream_for(device)
        for kernel, uids, params, groups in self.dispatches:
            stream.dispatch(kernel, [storages[uid] for uid in uids], params, groups)
        return _rebuild(self.result, storages)


_recordings: collections.OrderedDict = collections.OrderedDict()
_lock = threading.Lock()


def clear() -> None:
    """Forget every recording (after a change to an engine's tunables)."""
    with _lock:
        _recordings.clear()


def replayable(function):
    """Decorate an engine function of BufferOperands (and hashable other arguments) that
    returns BufferOperands (nested in tuples, or None): its calls are captured and replayed."""

    @functools.wraps(function)
    def call(*args, **kwargs):
        operands = [a for a in args if isinstance(a, BufferOperand)]
        if not operands or any(o.storage.segments is not None for o in operands):
            return function(*args, **kwargs)
        device = operands[0].device
        stream = stream_for(device)
        if stream.capture is not None and stream.capture.thread == threading.get_ident():
            return function(*args, **kwargs)  # inside another capture: part of it
        try:
            key = (function, device, fast_math_enabled(), _signature(args), tuple(sorted(kwargs.items())))
            hash(key)
        except TypeError:
            return function(*args, **kwargs)
        with _lock:
            recording = _recordings.get(key)
            if recording is not None:
                _recordings.move_to_end(key)
        if recording is _NOT_REPLAYABLE:
            return function(*args, **kwargs)
        inputs = _unique_storages(operands)
        if recording is not None:
            return recording.replay(device, inputs)
        capture = Capture(tuple(s.uid for s in inputs))
        pool = pool_for(device)
        with stream.lock:
            busy = stream.capture is not None  # another thread is capturing: just run
            if not busy:
                stream.capture = pool.capture = capture
        if busy:
            return function(*args, **kwargs)
        try:
            result = function(*args, **kwargs)
        finally:
            stream.capture = pool.capture = None
        recorded = _NOT_REPLAYABLE
        if capture.valid and _results_known(result, capture):
            recorded = Recording(capture, result)
        with _lock:
            _recordings[key] = recorded
            while len(_recordings) > MAX_RECORDINGS:
                _recordings.popitem(last=False)
        return result

    return call


def _signature(args) -> tuple:
    """What decides an engine call's dispatches: each operand's view and dtype, which operands
    share a storage, and the other arguments."""
    uids = []
    parts = []
    for a in args:
        if isinstance(a, BufferOperand):
            uid = a.storage.uid
            if uid not in uids:
                uids.append(uid)
            parts.append(("operand", a.view.shape, a.view.strides, a.view.offset, a.dtype.str, uids.index(uid)))
        else:
            parts.append(a)
    return tuple(parts)


def _unique_storages(operands) -> list[Storage]:
    seen, storages = set(), []
    for o in operands:
        if o.storage.uid not in seen:
            seen.add(o.storage.uid)
            storages.append(o.storage)
    return storages


def _results_known(result, capture: Capture) -> bool:
    """Whether every buffer a result lives in is an input's or one the call allocated (never
    an external one, which a replay would hand out again)."""
    for operand in _operands(result):
        if operand is _NOT_REPLAYABLE or operand.storage.segments is not None:
            return False
        uid = operand.storage.uid
        if uid in capture.external or (uid not in capture.sizes and uid not in capture.input_uids):
            return False
    return True


def _operands(result):
    if isinstance(result, BufferOperand):
        yield result
    elif type(result) in (tuple, list):
        for item in result:
            yield from _operands(item)
    elif result is not None:
        yield _NOT_REPLAYABLE


def _shape_of(result):
    """The result's structure with each operand as (uid, view, dtype)."""
    if isinstance(result, BufferOperand):
        return ("operand", result.storage.uid, result.view, result.dtype)
    if type(result) in (tuple, list):
        return (type(result), [_shape_of(item) for item in result])
    return None


def _rebuild(shape, storages):
    if shape is None:
        return None
    if shape[0] == "operand":
        _, uid, view, dtype = shape
        return BufferOperand(storages[uid], view, dtype)
    kind, items = shape
    return kind(_rebuild(item, storages) for item in items)
