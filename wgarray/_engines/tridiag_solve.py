"""The symmetric tridiagonal eigenproblem on the GPU, for the tridiagonalisation of tridiag.py.

  eigenvalues   bisection on Sturm counts (LAPACK's stebz), one invocation per eigenvalue
                (wgsl/tridiag_bisect.wgsl): each is bracketed to 2 eps |lambda| + eps ||T||,
                the normwise accuracy of LAPACK's syevd. T splits where |e_i| <= eps ||T||.
  eigenvectors  inverse iteration (LAPACK's stein), one workgroup per eigenvalue
                (wgsl/tridiag_vectors.wgsl). Its residual ||T z - lambda z|| is O(eps ||T||)
                once lambda is (Wilkinson: a few iterations from a random start suffice);
                orthogonality between well-separated eigenvalues follows from the residuals
                (|z_i^H z_j| <= residual / gap), and eigenvalues closer than 1e-3 ||T||_1
                (stein's clusters) are orthogonalised against each other in every iteration,
                the members of a cluster in successive dispatches (rounds). Split blocks are
                solved apart, their vectors exactly orthogonal.
"""

from __future__ import annotations

import functools

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import MAX_LOOP, WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.stream import stream_for
from .._core.wgsl import REG_TAG
from .chol_blocks import kernel_source, zeros

BISECT = ParamLayout("batch", "n", ZERO, "stage", "iters")
VECTORS = ParamLayout("batch", "n", ZERO, "k_first", "count", "round")
SCRATCH_WORDS = 7  # per row and eigenvalue: the LU of T - lambda I, the iterate, the cluster's dots
MAX_ITS = 5  # inverse iterations per vector (tridiag_vectors.wgsl's MAXITS)


def serial_loops(n: int) -> int:
    """Loop iterations of the inverse iteration's serial thread for order n: setup, factor,
    MAX_ITS solves and checks, the normalisation."""
    return (6 + MAX_ITS * 5 + 3) * n


@functools.lru_cache(maxsize=None)
def _split_source(real) -> str:
    info = np.finfo(real)
    return render("tridiag_split", EPS=repr(float(info.eps)), SAFEMIN=repr(float(info.tiny)),
                  rtag=REG_TAG[dt.layout(real).register])


def _make(template: str, dtype, device, params: ParamLayout):
    real = dt.real_dtype(dtype)
    return lambda: kernel_source(template, dtype, device, params, split=_split_source(real),
                                 rtag=REG_TAG[dt.layout(real).register])


def eigenvalues(de: BufferOperand, batch: int, n: int) -> BufferOperand:
    """The eigenvalues (batch, n) of the tridiagonals de (batch, 2n: d then e), each split
    block's ascending at its rows."""
    device, real = de.device, de.dtype
    w = allocate(device, (batch, n), real)
    lohi = allocate(device, (batch, n, 2), real)
    # Halvings from the Gerschgorin interval (<= 2 ||T|| + pads) to eps ||T||: mantissa + 3.
    needed = np.finfo(real).nmant + 8
    per = max(1, (MAX_LOOP - 6 * n) // max(n, 1))
    stage = 0
    for start in range(0, needed, per):
        params = BISECT.pack(batch=batch, n=n, stage=stage, iters=min(per, needed - start))
        launch_kernel(device, ("tridiag_bisect", real), _make("tridiag_bisect", real, device, BISECT),
                      [w.storage, lohi.storage, de.storage], params, batch * n, writes=2)
        stage = 1
    return w


def eigenvectors(de: BufferOperand, w: BufferOperand, batch: int, n: int, dtype) -> BufferOperand:
    """The eigenvectors (batch, n, n) in dtype (real values) of the tridiagonals de, as columns
    in the order of w. One host read: the number of rounds the clusters need."""
    device, real = de.device, de.dtype
    z = allocate(device, (batch, n, n), dtype)
    rounds = zeros(device, (1,), np.dtype(np.uint32))
    per_vector = SCRATCH_WORDS * n * real.itemsize
    count = min(n, pool_for(device).segment_bytes // max(1, batch * per_vector))
    if count == 0:
        raise NotImplementedError(f"eigh: the inverse iteration's workspace for a batch of {batch} matrices of "
                                  f"order {n} exceeds one storage binding")
    scratch = allocate(device, (batch * count * SCRATCH_WORDS * n,), real)
    make = _make("tridiag_vectors", dtype, device, VECTORS)

    def launch(round_: int) -> None:
        for k_first in range(0, n, count):
            chunk = min(count, n - k_first)
            params = VECTORS.pack(batch=batch, n=n, k_first=k_first, count=chunk, round=round_)
            launch_kernel(device, ("tridiag_vectors", dtype), make,
                          [z.storage, scratch.storage, rounds.storage, de.storage, w.storage], params,
                          batch * chunk * WORKGROUP, writes=3)

    launch(0)
    needed = int(np.frombuffer(stream_for(device).download(rounds.storage, 0, 4), dtype=np.uint32)[0])
    for round_ in range(1, needed):
        launch(round_)
    return z
