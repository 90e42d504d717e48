"""copyto, require, asarray_chkfinite, matvec, vecmat, row_stack, poly and the metadata helpers,
against NumPy."""

import numpy as np
import pytest

import wgarray as wp

DTYPES = [np.bool_, np.int8, np.uint16, np.int32, np.int64, np.uint64, np.float32, np.float64, np.complex64,
          np.complex128]


def _host(a):
    return np.asarray(a)


@pytest.mark.parametrize("dtype", DTYPES)
def test_copyto_every_dtype_with_broadcast_and_where(dtype):
    rng = np.random.default_rng(0)
    dst_np = rng.integers(0, 5, size=(3, 4)).astype(dtype)
    src_np = rng.integers(0, 5, size=(4,)).astype(dtype)
    mask = np.array([True, False, True, False])
    dst = wp.asarray(dst_np)
    wp.copyto(dst, wp.asarray(src_np), where=wp.asarray(mask))
    np.copyto(dst_np, src_np, where=mask)
    np.testing.assert_array_equal(_host(dst), dst_np)
    wp.copyto(dst, wp.asarray(src_np))
    np.copyto(dst_np, src_np)
    np.testing.assert_array_equal(_host(dst), dst_np)


def test_copyto_into_a_strided_view_and_from_scalars():
    base_np = np.zeros((4, 6))
    base = wp.asarray(base_np)
    wp.copyto(base[::2, 1::2], 7.5)
    np.copyto(base_np[::2, 1::2], 7.5)
    np.testing.assert_array_equal(_host(base), base_np)
    ints_np = np.zeros(3, dtype=np.int8)
    ints = wp.asarray(ints_np)
    wp.copyto(ints, 5)
    np.copyto(ints_np, 5)
    np.testing.assert_array_equal(_host(ints), ints_np)


def test_copyto_casting_and_errors():
    ints = wp.zeros(3, dtype=wp.int64)
    with pytest.raises(TypeError, match="same_kind"):
        wp.copyto(ints, wp.asarray([1.5, 2.5, 3.5]))
    with pytest.raises(TypeError):
        wp.copyto(ints, 1.5)
    with pytest.raises(OverflowError):
        wp.copyto(wp.zeros(2, dtype=wp.int8), 300)
    wp.copyto(ints, wp.asarray([1.5, 2.5, 3.5]), casting="unsafe")
    np.testing.assert_array_equal(_host(ints), [1, 2, 3])
    with pytest.raises(ValueError):
        wp.copyto(ints, wp.asarray([1, 2]))
    with pytest.raises(TypeError, match="argument 1"):
        wp.copyto(np.zeros(3), wp.asarray([1.0, 2.0, 3.0]))
    with pytest.raises(ValueError, match="casting must be"):
        wp.copyto(ints, ints, casting="nope")
    with pytest.raises(TypeError):
        wp.copyto(ints, ints, where=wp.asarray([1, 0, 1]))


def test_require():
    a = wp.asarray(np.arange(6.0).reshape(2, 3)).T
    f = wp.require(a, requirements=["F"])
    assert f.flags.f_contiguous
    c = wp.require(a, dtype=wp.float32, requirements="C")
    assert c.flags.c_contiguous and c.dtype == wp.float32
    np.testing.assert_array_equal(_host(c), np.arange(6.0).reshape(2, 3).T)
    with pytest.raises(ValueError, match="both"):
        wp.require(a, requirements=["C", "F"])
    with pytest.raises(KeyError):
        wp.require(a, requirements=["Z"])


def test_asarray_chkfinite():
    np.testing.assert_array_equal(_host(wp.asarray_chkfinite([1.0, 2.0])), [1.0, 2.0])
    for bad in ([1.0, np.nan], [np.inf], [complex(1, np.inf)]):
        with pytest.raises(ValueError, match="infs or NaNs"):
            wp.asarray_chkfinite(bad)
    assert wp.asarray_chkfinite([1, 2]).dtype == wp.int64


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.int32])
def test_matvec_vecmat(dtype):
    rng = np.random.default_rng(1)
    a = (rng.standard_normal((2, 1, 3, 4)) * 4).astype(dtype)
    if np.issubdtype(dtype, np.complexfloating):
        a = a + 1j * a[..., ::-1]
    v4, v3 = a[0, 0, 0].copy(), a[0, 0, :, 0].copy()
    tol = dict(rtol=1e-5) if dtype in (np.float32, np.complex64) else dict(rtol=1e-12)
    np.testing.assert_allclose(_host(wp.matvec(wp.asarray(a), wp.asarray(v4))), np.matvec(a, v4), **tol)
    np.testing.assert_allclose(_host(wp.vecmat(wp.asarray(v3), wp.asarray(a))), np.vecmat(v3, a), **tol)
    with pytest.raises(ValueError):
        wp.matvec(wp.asarray(v4), wp.asarray(v4))


def test_row_stack_is_deprecated_vstack():
    with pytest.warns(DeprecationWarning):
        result = wp.row_stack([wp.arange(2), wp.arange(2)])
    np.testing.assert_array_equal(_host(result), np.vstack([np.arange(2), np.arange(2)]))


@pytest.mark.parametrize("roots", [[1, 2, 3], [1.5, -2.0], np.array([1.0, 2.0], dtype=np.float32),
                                   [1 + 2j, 1 - 2j, 3], [1j, 2], [], [[1.0, 2.0], [3.0, 4.0]]])
def test_poly(roots):
    expected = np.poly(roots)
    got = wp.poly(wp.asarray(roots) if len(roots) else roots)
    if isinstance(expected, float):
        assert got == expected
        return
    assert _host(got).dtype == expected.dtype
    np.testing.assert_allclose(_host(got), expected, rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError):
        wp.poly(wp.ones((2, 3)))


def test_metadata_helpers():
    c, r = wp.asarray([1 + 1j]), wp.asarray([1.0])
    assert wp.iscomplexobj(c) and not wp.iscomplexobj(r) and wp.isrealobj(r) and not wp.isrealobj(c)
    assert wp.iscomplexobj([1j]) and wp.isrealobj(3)
    assert wp.isscalar(3.0) and not wp.isscalar(wp.asarray([1.0]))
    assert wp.iterable([1]) and not wp.iterable(3)
    f = wp.asarray(np.ones((2, 3)), dtype=wp.float32).T
    assert wp.isfortran(f) and not wp.isfortran(wp.ones((2, 3)))
    assert wp.common_type(wp.ones(2, dtype=wp.float32), wp.ones(2, dtype=wp.int32)) is np.float64
    assert wp.common_type(wp.ones(2, dtype=wp.float32)) is np.float32
    assert wp.common_type(wp.ones(2, dtype=wp.complex64), wp.ones(2)) is np.complex128
    assert list(wp.ndindex(2, 2)) == list(np.ndindex(2, 2))
    a = np.arange(6).reshape(2, 3)
    assert list(wp.ndenumerate(wp.asarray(a))) == list(np.ndenumerate(a))
    b = wp.broadcast(wp.ones((2, 1)), np.arange(3))
    assert (b.shape, b.ndim, b.nd, b.size, b.numiter) == ((2, 3), 2, 2, 6, 2)
    assert list(b) == list(np.broadcast(np.ones((2, 1)), np.arange(3)))
    with pytest.raises(ValueError):
        wp.broadcast(wp.ones(2), wp.ones(3))
    assert isinstance(wp.asarray(a).flat, wp.flatiter)
    assert wp.exceptions.AxisError is np.exceptions.AxisError
    with pytest.raises(wp.exceptions.AxisError):
        wp.sum(wp.ones(3), axis=2)
