"""Recipes: a repeated transform replays its dispatches instead of planning them again.

Planning a transform in Python (its passes, tiles, sides, kernels and parameter words) cost the
host several times a dispatch's own recording cost, more than a small transform costs the GPU.
What a transform dispatches depends only on the input's view (shape, strides, offset), dtype,
axis, the transform's arguments and the plan options of fft_plan, never on the buffers' contents.
So the first call of each such key records its dispatches: each kernel with its parameter bytes
and invocations, and each binding as the input, the output, a scratch buffer (allocated anew per
call, through `scratch`) or a table (a constant buffer that its own bounded cache keeps, such as
the twiddles or Bluestein's spectrum). Later calls allocate the scratch buffers and launch the
steps only. A recipe holds its tables weakly, so that it never keeps one its cache has dropped:
a replay that finds one gone records the transform anew (which computes the table again).
Table building and other one-time work (Bluestein's spectrum) runs `unrecorded`; launches that
belong to the transform go through `launch`. Recipes live in a plan cache, so
wgarray.empty_cache drops them.
"""

from __future__ import annotations

import threading
import weakref
from contextlib import contextmanager

from .._core.cache import plan_cache
from .._core.device import per_device
from .._core.kernels import grid, kernel_cache
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.stream import stream_for

_recipes = per_device(lambda device: plan_cache())
_local = threading.local()  # .recording: the Recipe being recorded in this thread, or None


class Recipe:
    """The dispatches of one transform. A step's slots index the call's buffers: the input, the
    output, the scratch buffers, then the tables."""

    __slots__ = ("scratch", "tables", "steps", "slot_of", "dispatches")

    def __init__(self, source, destination):
        self.scratch = []  # (shape, dtype) of each scratch buffer, in order of allocation
        self.tables = []  # weak references to the tables' storages
        self.steps = []  # (kernel key, make_source, slots, params, items)
        self.dispatches = None  # the steps as (compiled kernel, slots, params, groups), at the first replay
        # While recording: storage -> slot (a table's: ~j for tables[j], until `finish` knows how
        # many scratch buffers come first). The storages stay alive meanwhile: no id is reused.
        self.slot_of = {source: 0, destination: 1}

    def slot(self, storage) -> int:
        slot = self.slot_of.get(storage)
        if slot is None:  # not made for this call: a table
            slot = self.slot_of[storage] = ~len(self.tables)
            self.tables.append(weakref.ref(storage))
        return slot

    def finish(self) -> None:
        first_table = 2 + len(self.scratch)
        self.steps = [(key, make_source, tuple(s if s >= 0 else first_table + ~s for s in slots), params, items)
                      for key, make_source, slots, params, items in self.steps]
        self.slot_of = None  # (this call's buffers go back to the pool)

    def replay(self, device, source, destination) -> bool:
        """Launch the steps on these buffers; False (nothing launched) when a table is gone."""
        tables = [table() for table in self.tables]
        if any(table is None for table in tables):
            return False
        buffers = [source, destination] + [allocate(device, shape, dtype).storage for shape, dtype in self.scratch]
        buffers += tables
        dispatches = self.dispatches
        if dispatches is None:
            # launch_kernel's lookups (the kernel by its key, the grid), done once: a replay then
            # costs the host little more than the stream's own dispatches (H100 machine: the
            # whole call of a one-dispatch transform was 36 us against a map's 15)
            kernels = kernel_cache(device)
            dispatches = self.dispatches = [
                (kernels.get(key, ("rw",) + ("r",) * (len(slots) - 1), make_source), slots, params, grid(items))
                for key, make_source, slots, params, items in self.steps]
        stream = stream_for(device)
        for kernel, slots, params, groups in dispatches:
            stream.dispatch(kernel, [buffers[s] for s in slots], params, groups)
        return True


def run(device, key: tuple, x: BufferOperand, out: BufferOperand, plan) -> None:
    """plan() (a transform of x into out that dispatches through `launch` and allocates its
    scratch through `scratch`), replayed from the recipe recorded under key when there is one."""
    recipes = _recipes(device)
    recipe = recipes.get(key)
    if recipe is not None and recipe.replay(device, x.storage, out.storage):
        return
    recipe = Recipe(x.storage, out.storage)
    outer, _local.recording = getattr(_local, "recording", None), recipe
    try:
        plan()
    finally:
        _local.recording = outer
    recipe.finish()
    recipes[key] = recipe


def launch(device, key, make_source, storages, params: bytes, items: int) -> None:
    """launch_kernel (one written storage, the first; params packed), recorded into the recipe
    being recorded."""
    if not isinstance(params, bytes):
        raise TypeError(f"fft recipe: kernel {key[0]!r} needs packed parameters (ParamLayout.pack)")
    recipe = getattr(_local, "recording", None)
    if recipe is not None:
        slots = tuple(recipe.slot(s) for s in storages)
        recipe.steps.append((key, make_source, slots, params, items))
    launch_kernel(device, key, make_source, storages, params, items)


def scratch(device, shape: tuple, dtype) -> BufferOperand:
    """A new buffer for the transform's intermediate values (allocated anew at each replay)."""
    operand = allocate(device, shape, dtype)
    recipe = getattr(_local, "recording", None)
    if recipe is not None:
        recipe.slot_of[operand.storage] = 2 + len(recipe.scratch)
        recipe.scratch.append((operand.shape, operand.dtype))
    return operand


@contextmanager
def unrecorded():
    """Work done once, not per call (a cached constant's computation): not part of the recipe."""
    outer, _local.recording = getattr(_local, "recording", None), None
    try:
        yield
    finally:
        _local.recording = outer
