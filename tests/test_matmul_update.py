"""C -= A @ B in place (_engines/matmul_update.py): A and B from C's own buffer or from others,
conj of A, of the product, only the lower triangle, batches, strided views, every dtype it
takes, against NumPy; and the cases it declines (the caller then subtracts a product)."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from wgarray._engines import chol_blocks, matmul_update
from wgarray._engines.chol_blocks import block

from conftest import host, wg

DTYPES = ["float32", "float64", "complex64", "complex128"]
TOL = {"float32": 1e-5, "float64": 1e-12, "complex64": 1e-5, "complex128": 1e-12}


def _random(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if dtype.startswith("complex"):
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("aliased", ["both", "a", "none"])
@pytest.mark.parametrize("conj, conj_result, lower", [(False, False, False), (True, True, True), (True, False, False),
                                                      (False, True, True)])
def test_subtract_product_in_place(dtype, aliased, conj, conj_result, lower):
    n, k = 70, 24  # C: rows 24.., cols 24.. of a (2, 94, 94) working buffer; A: its columns 0..24
    work = _random((2, n + k, n + k), dtype, 0)
    other = _random((2, n + k, n + k), dtype, 1)
    w, o = wg(work), wg(other)
    c = block(w._data(), k, n, k, n)
    a = block((w if aliased in ("both", "a") else o)._data(), k, n, 0, k)
    b_source = w if aliased == "both" else o
    b = chol_blocks.transposed(block(b_source._data(), k, n, 0, k))  # (batch, k, n)
    assert matmul_update.subtract_product(c, a, b, conj=conj, conj_result=conj_result, lower=lower)
    a_host = (work if aliased in ("both", "a") else other)[:, k:, :k]
    b_host = np.swapaxes((work if aliased == "both" else other)[:, k:, :k], -1, -2)
    product = (np.conj(a_host) if conj else a_host) @ b_host
    if conj_result:
        product = np.conj(product)
    if lower:
        product = np.tril(product)
    expected = work.copy()
    expected[:, k:, k:] -= product
    got = host(w)
    np.testing.assert_allclose(got, expected, rtol=TOL[dtype], atol=TOL[dtype] * 50)
    np.testing.assert_array_equal(got[:, :k, :], work[:, :k, :])  # nothing outside C was written
    np.testing.assert_array_equal(got[:, k:, :k], work[:, k:, :k])


def test_declined_cases_leave_everything_unchanged():
    x = wg(_random((40, 40), "float32", 2))
    before = host(x)
    c = block(wgarray.reshape(x, (1, 40, 40))._data(), 0, 8, 0, 8)  # 8 x 8: too small for the tiles
    assert not matmul_update.subtract_product(c, c, c)
    ints = wg(np.ones((1, 20, 20), np.int32))._data()
    assert not matmul_update.subtract_product(ints, ints, ints)  # integers: the caller's path
    np.testing.assert_array_equal(host(x), before)
