"""einsum / einsum_path (wgarray/_numpy/einsum.py) and pad's modes (padding.py) against NumPy: dtypes,
views, 0-d and empty operands, broadcasting, the sublist form, optimize paths, out=, bad input."""

import numpy as np
import pytest

import wgarray as wg

DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float32", "float64",
          "complex64", "complex128"]


def sample(dtype, shape, seed=0):
    rng = np.random.default_rng(seed)
    values = rng.integers(-4, 5, shape) if dtype not in ("bool",) else rng.integers(0, 2, shape)
    if np.dtype(dtype).kind == "u":
        values = np.abs(values)
    host = values.astype(dtype)
    if np.dtype(dtype).kind == "c":
        host = host + 1j * rng.integers(-3, 4, shape).astype(dtype)
    return host


def check(expected, got, rtol=0):
    """Same dtype and shape; values exact, or within rtol of the largest magnitude (ramps and means
    round differently near zero)."""
    got = np.asarray(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape, (got.dtype, expected.dtype, got.shape)
    if rtol:
        np.testing.assert_allclose(got, expected, rtol=rtol, atol=rtol * float(np.abs(expected).max(initial=0)))
    else:
        np.testing.assert_array_equal(got, expected)


EINSUM_CASES = [
    ("ij,jk->ik", [(3, 4), (4, 5)]), ("ij,jk", [(3, 4), (4, 5)]), ("ii->i", [(3, 3)]), ("ii", [(3, 3)]),
    ("ij->ji", [(2, 3)]), ("ij->", [(2, 3)]), ("ij->i", [(2, 3)]), ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("...ij,...jk->...ik", [(2, 1, 3, 4), (5, 4, 6)]), ("i,j->ij", [(3,), (4,)]), ("i,i", [(3,), (3,)]),
    ("ij,ij->ij", [(2, 1), (2, 3)]), ("ijk,jil->kl", [(3, 4, 5), (4, 3, 2)]), ("iij->j", [(3, 3, 2)]),
    (",i->i", [(), (3,)]), ("ij,jk", [(2, 0), (0, 4)]), ("ab,cd->", [(2, 3), (4, 5)]),
    ("aab,bc->ac", [(2, 2, 3), (3, 4)]), ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]), ("...", [(2, 3)]),
    ("i...,i...->...", [(3, 2), (3, 2)]), ("Ab,bC", [(2, 3), (3, 2)]),
]


@pytest.mark.parametrize("subscripts, shapes", EINSUM_CASES)
@pytest.mark.parametrize("optimize", [False, "greedy"])
def test_einsum_float64(subscripts, shapes, optimize):
    ops = [sample("float64", s, seed=k) for k, s in enumerate(shapes)]
    expected = np.einsum(subscripts, *ops, optimize=optimize)
    check(expected, wg.einsum(subscripts, *map(wg.asarray, ops), optimize=optimize), rtol=1e-12)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("subscripts, shapes", [("ij,jk->ik", [(3, 4), (4, 2)]), ("ij->i", [(3, 4)]),
                                                ("ii->", [(3, 3)]), ("i,i", [(5,), (5,)])])
def test_einsum_dtypes(dtype, subscripts, shapes):
    ops = [sample(dtype, s, seed=k) for k, s in enumerate(shapes)]
    check(np.einsum(subscripts, *ops), wg.einsum(subscripts, *map(wg.asarray, ops)))


def test_einsum_views_sublists_out_dtype():
    a = sample("float64", (4, 6))
    va = wg.asarray(a)[:, ::2]
    check(np.einsum("ij,kj->ik", a[:, ::2], a[:, ::2].T.T), wg.einsum("ij,kj->ik", va, va), rtol=1e-12)
    check(np.einsum(a, [0, 1], [1]), wg.einsum(wg.asarray(a), [0, 1], [1]), rtol=1e-12)
    check(np.einsum(a, [Ellipsis, 1], a, [Ellipsis, 1]), wg.einsum(wg.asarray(a), [Ellipsis, 1], wg.asarray(a),
                                                                   [Ellipsis, 1]), rtol=1e-12)
    out = wg.zeros((4,))
    assert wg.einsum("ij->i", wg.asarray(a), out=out) is out
    check(np.einsum("ij->i", a), out, rtol=1e-12)
    i = sample("int32", (3, 3))
    check(np.einsum("ij->", i, dtype="float32", casting="unsafe"), wg.einsum("ij->", wg.asarray(i), dtype="float32",
                                                                             casting="unsafe"))
    diagonal = wg.einsum("ii->i", wg.asarray(a[:4, :4]))
    assert diagonal._storage is not None and diagonal.shape == (4,)


@pytest.mark.parametrize("subscripts, shapes", [
    ("ij,jk->ik", [(3, 4), (5, 2)]), ("ij->k", [(3, 3)]), ("ij->ii", [(3, 3)]), ("i,i", [(3,)]),
    ("ij", [(3, 3, 3)]), ("i->i", [(3, 3)]), ("ii", [(2, 3)]), ("...i->i", [(2, 3)]), ("i1", [(3, 3)]),
    ("ij-k", [(2, 2)]),
])
def test_einsum_bad_input(subscripts, shapes):
    ops = [np.ones(s) for s in shapes]
    with pytest.raises(ValueError):
        np.einsum(subscripts, *ops)
    with pytest.raises(ValueError):
        wg.einsum(subscripts, *map(wg.asarray, ops))


def test_einsum_casting_error():
    with pytest.raises(TypeError):
        wg.einsum("i->i", wg.asarray([1.5]), dtype="int64")


def test_einsum_path_is_numpys():
    shapes = [(2, 3), (3, 4), (4, 5)]
    for optimize in ("greedy", "optimal", True):
        expected = np.einsum_path("ij,jk,kl->il", *map(np.ones, shapes), optimize=optimize)
        assert wg.einsum_path("ij,jk,kl->il", *(wg.ones(s) for s in shapes), optimize=optimize) == expected


PAD_MODES = [("constant", {}), ("constant", {"constant_values": ((1, 2), (3, 4))}), ("edge", {}), ("wrap", {}),
             ("reflect", {}), ("symmetric", {}), ("reflect", {"reflect_type": "odd"}),
             ("symmetric", {"reflect_type": "odd"}), ("maximum", {}), ("minimum", {"stat_length": 2}),
             ("mean", {"stat_length": ((1, 2), (3, 1))}), ("median", {}), ("linear_ramp", {"end_values": (5, 3)}),
             ("mean", {})]
WIDTHS = [1, ((2, 3), (0, 5)), ((7, 9), (10, 1))]


@pytest.mark.parametrize("mode, kwargs", PAD_MODES)
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("dtype", ["int32", "uint8", "float32", "float64", "complex128"])
def test_pad_modes(mode, kwargs, width, dtype):
    a = sample(dtype, (3, 4)) * (3 if dtype != "uint8" else 1)
    expected = np.pad(a, width, mode, **kwargs)
    got = wg.pad(wg.asarray(a), width, mode, **kwargs)
    inexact = np.dtype(dtype).kind in "fc" and mode in ("mean", "median", "linear_ramp")
    check(expected, got, rtol=(1e-6 if dtype == "float32" else 1e-12) if inexact else 0)


@pytest.mark.parametrize("mode", ["constant", "edge", "wrap", "reflect", "symmetric", "maximum"])
def test_pad_views_bool_0d_empty(mode):
    a = sample("bool", (4, 6))[::2, 1::2]
    check(np.pad(a, 2, mode), wg.pad(wg.asarray(sample("bool", (4, 6)))[::2, 1::2], 2, mode))
    x = np.float32(3.0)
    check(np.pad(x, 2, mode), wg.pad(wg.asarray(x), 2, mode))
    e = np.zeros((0, 3))
    check(np.pad(e, ((0, 0), (1, 2)), mode), wg.pad(wg.asarray(e), ((0, 0), (1, 2)), mode))


def test_pad_empty_mode_and_callable():
    a = np.arange(6.0).reshape(2, 3)
    got = np.asarray(wg.pad(wg.asarray(a), 1, "empty"))
    assert got.shape == (4, 5) and np.array_equal(got[1:-1, 1:-1], a)

    def fill(vector, width, axis, kwargs):
        vector[:width[0]] = kwargs.get("value", 7)
        vector[len(vector) - width[1]:] = -1

    check(np.pad(a, (1, 2), fill, value=3), wg.pad(wg.asarray(a), (1, 2), fill, value=3))


MAPPED_MODES = [("constant", {"constant_values": (-3, 2)}), ("edge", {}), ("wrap", {}),
                ("reflect", {}), ("symmetric", {}), ("reflect", {"reflect_type": "odd"}),
                ("symmetric", {"reflect_type": "odd"})]


def fractions(dtype, shape, seed=1):
    """Values whose sums round (odd reflection's 2 * edge - value must round as NumPy's passes do)."""
    host = np.random.default_rng(seed).standard_normal(shape) * 1e3
    if np.dtype(dtype).kind == "c":
        host = host + 1j * np.random.default_rng(seed + 1).standard_normal(shape) / 3
    return host.astype(dtype)


@pytest.mark.parametrize("mode, kwargs", MAPPED_MODES)
@pytest.mark.parametrize("width", [((1, 0), (2, 3), (0, 1)), ((1, 1), (2, 1), (3, 2)), ((4, 9), (0, 7), (5, 2)),
                                   ((13, 1), (2, 11), (8, 8))])
def test_pad_mapped_3d_widths_past_the_axis(mode, kwargs, width):
    """Widths larger than the axis (2, 3, 4 long): NumPy's repeated passes; corners of 3 axes."""
    a = fractions("float64", (2, 3, 4))
    if mode == "constant":  # each axis's own values, the last axis's at the corners
        kwargs = {"constant_values": ((1, 2), (3, 4), (5, 6))}
    check(np.pad(a, width, mode, **kwargs), wg.pad(wg.asarray(a), width, mode, **kwargs))


@pytest.mark.parametrize("mode, kwargs", MAPPED_MODES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_pad_mapped_every_dtype(mode, kwargs, dtype):
    """Packed dtypes (a word per invocation, rows not whole words), 32-bit ones (vec4 rows: 5 + 4 + 3
    wide) and 64-bit ones; odd bools are NumPy's int arithmetic cast back (nonzero)."""
    a = fractions(dtype, (5, 4)) if np.dtype(dtype).kind in "fc" else sample(dtype, (5, 4), seed=2)
    for width in (((1, 2), (4, 3)), ((2, 1), (1, 2)), ((9, 6), (5, 0))):
        check(np.pad(a, width, mode, **kwargs), wg.pad(wg.asarray(a), width, mode, **kwargs))


@pytest.mark.parametrize("mode, kwargs", MAPPED_MODES + [("maximum", {}), ("linear_ramp", {})])
@pytest.mark.parametrize("dtype", ["int8", "float32"])
def test_pad_mapped_strided_views(mode, kwargs, dtype):
    """Reversed, stepped, transposed and broadcast inputs."""
    base = sample(dtype, (6, 8), seed=3)
    views = [lambda m: m.asarray(base)[::-1, 1::3], lambda m: m.asarray(base).T[2:, ::2],
             lambda m: m.broadcast_to(m.asarray(base)[1], (3, 8))]
    for view in views:
        check(np.pad(view(np), ((2, 5), (3, 1)), mode, **kwargs),
              wg.pad(view(wg), ((2, 5), (3, 1)), mode, **kwargs), rtol=1e-6 if mode == "linear_ramp" else 0)


@pytest.mark.parametrize("mode", ["reflect", "symmetric", "wrap", "edge", "constant"])
def test_pad_mapped_1d_lone_element_and_high_dims(mode):
    for kwargs in ({}, {"reflect_type": "odd"}) if mode in ("reflect", "symmetric") else ({},):
        one = np.array([2.5])
        check(np.pad(one, (3, 5), mode, **kwargs), wg.pad(wg.asarray(one), (3, 5), mode, **kwargs))
        for shape in ((2, 3, 2, 3), (2, 1, 2, 3, 1, 2)):  # odd over 4 axes: 16 reads at corners; 6: NumPy's passes
            a = fractions("float32", shape)
            check(np.pad(a, 1, mode, **kwargs), wg.pad(wg.asarray(a), 1, mode, **kwargs))


@pytest.mark.parametrize("mode, kwargs", MAPPED_MODES)
def test_pad_axis_by_axis_where_the_kernel_declines(mode, kwargs, monkeypatch):
    """The path for storages of several buffers (gathers axis by axis, odd by NumPy's passes)."""
    monkeypatch.setattr(wg._engines.pad, "pad", lambda *args: None)
    a = fractions("float32", (3, 4))
    for width in (((2, 1), (1, 3)), ((7, 2), (9, 4))):
        check(np.pad(a, width, mode, **kwargs), wg.pad(wg.asarray(a), width, mode, **kwargs))


def spied_specs(monkeypatch) -> list:
    """The PadSpecs of the pad kernels launched from now on."""
    specs, launch = [], wg._engines.pad.launch_kernel

    def spy(device, key, *args):
        specs.append(key[1])
        return launch(device, key, *args)

    monkeypatch.setattr(wg._engines.pad, "launch_kernel", spy)
    return specs


QUAD_CASES = [  # (shape, widths, view): last axis length and widths multiples of 4
    ((3, 8), ((0, 0), (4, 8)), None), ((3, 4), ((2, 3), (8, 4)), None), ((2, 4), ((5, 1), (12, 12)), None),
    ((1, 3, 8), ((0, 0), (2, 1), (4, 4)), None), ((2, 3, 4), ((0, 0), (0, 0), (4, 0)), None),
    ((2, 3, 4), ((1, 2), (0, 0), (0, 8)), None), ((6, 16), ((1, 2), (4, 4)), lambda a: a[1:5, 4:12]),
    ((6, 16), ((3, 0), (8, 4)), lambda a: a[::-1, :8]), ((6, 16), ((2, 2), (4, 4)), lambda a: a[::2, 8:]),
]


@pytest.mark.parametrize("mode, kwargs", MAPPED_MODES[:5])
@pytest.mark.parametrize("dtype", ["int32", "uint32", "float32"])
def test_pad_quad_body(mode, kwargs, dtype, monkeypatch):
    """Rows of whole vec4s (a 32-bit dtype, the last axis's length and widths multiples of 4, rows
    starting a vec4): vec4 loads inside, constants or mapped lanes in the padding, widths past
    the axis, corners, unpadded axes dropped or merged, sliced and reversed views."""
    specs = spied_specs(monkeypatch)
    if mode == "constant":
        kwargs = {"constant_values": ((1, 2), (3, 4), (5, 6))}
    for shape, width, view in QUAD_CASES:
        host = sample(dtype, shape, seed=4) if dtype != "float32" else fractions(dtype, shape)
        a, got = (host, wg.asarray(host)) if view is None else (view(host), view(wg.asarray(host)))
        kw = {"constant_values": kwargs["constant_values"][-a.ndim:]} if mode == "constant" else kwargs
        check(np.pad(a, width, mode, **kw), wg.pad(got, width, mode, **kw))
    assert len(specs) == len(QUAD_CASES) and all(spec.quads for spec in specs)


@pytest.mark.parametrize("mode", ["constant", "reflect"])
def test_pad_quad_body_declined(mode, monkeypatch):
    """Rows that do not start a vec4 (an offset, a stride, a width not a multiple of 4), a broadcast
    row, 64-bit and packed dtypes, odd reflection: the element body, same results."""
    specs = spied_specs(monkeypatch)
    base = fractions("float32", (6, 18))
    cases = [(lambda m: m.asarray(base)[:, 2:10], ((1, 1), (4, 4))), (lambda m: m.asarray(base)[:, ::2], ((1, 1), (4, 4))),
             (lambda m: m.asarray(base)[:, :8], ((1, 1), (2, 2))), (lambda m: m.asarray(base)[:, :8], ((1, 1), (4, 2))),
             (lambda m: m.asarray(base.astype("float64"))[:, :8], ((1, 1), (4, 4))),
             (lambda m: m.asarray(base.astype("int16"))[:, :8], ((1, 1), (4, 4)))]
    for view, width in cases:
        check(np.pad(view(np), width, mode), wg.pad(view(wg), width, mode))
    a = fractions("float32", (5, 8))  # (one reflection: the kernel)
    check(np.pad(a, 4, "reflect", reflect_type="odd"), wg.pad(wg.asarray(a), 4, "reflect", reflect_type="odd"))
    assert len(specs) == len(cases) + 1 and not any(spec.quads for spec in specs)
    broadcast = wg.broadcast_to(wg.asarray(base[0, :8]), (3, 8))  # stride 0: the quad body reads one row
    check(np.pad(np.broadcast_to(base[0, :8], (3, 8)), 4, mode), wg.pad(broadcast, 4, mode))
    assert specs[-1].quads


@pytest.mark.parametrize("width", [3, (1, 2), [(1, 2)], ((1, 2), (3, 0)), [[0, 2], [3, 4]], ((1,), (2,)),
                                   np.array([[1, 2], [0, 3]]), (np.int64(2), 1), ((1, np.int32(2)), (0, 1)),
                                   ((True, 1), (0, 2))])
def test_pad_width_forms(width):
    """The int and per-axis int pair forms (read without NumPy) and the others (through NumPy's)."""
    a = sample("float32", (3, 4))
    check(np.pad(a, width, constant_values=7), wg.pad(wg.asarray(a), width, constant_values=7))


@pytest.mark.parametrize("width", [((1, -2), (0, 0)), ((1.0, 2), (0, 0)), -3])
def test_pad_width_bad_pairs(width):
    with pytest.raises(Exception) as expected:
        np.pad(np.ones((2, 2)), width)
    with pytest.raises(type(expected.value)):
        wg.pad(wg.ones((2, 2)), width)


def test_pad_constant_values_cast_and_empty_input():
    a = sample("int16", (3, 2))
    check(np.pad(a, 2, constant_values=((-7.9, 300), (1, True))),
          wg.pad(wg.asarray(a), 2, constant_values=((-7.9, 300), (1, True))))
    e = np.zeros((0, 2), np.float32)
    check(np.pad(e, ((1, 2), (0, 1)), constant_values=4), wg.pad(wg.asarray(e), ((1, 2), (0, 1)), constant_values=4))
    got = wg.pad(wg.asarray(e), ((0, 0), (2, 2)), "empty")
    assert got.shape == (0, 6) and got.dtype == np.float32


def test_pad_constants_cached_apart():
    """Constants that compare equal but differ in bits or cast (-0.0 and 0.0, True and 1 and 1.0),
    padded alike one after the other (the casts and the launch plans are cached)."""
    a = np.ones((2, 4), np.float32)
    for value in (0.0, -0.0, 0.0, -0.0):
        got = np.asarray(wg.pad(wg.asarray(a), 4, constant_values=value))
        assert np.array_equal(np.signbit(got), np.signbit(np.pad(a, 4, constant_values=value)))
    b = np.array([[2, 3]], np.int8)
    for value in (1, True, 1.0, -3, 1.7, -1.7):
        check(np.pad(b, 1, constant_values=value), wg.pad(wg.asarray(b), 1, constant_values=value))


@pytest.mark.parametrize("call", [
    lambda m: m.pad(m.zeros((0, 3)), 1, "edge"),
    lambda m: m.pad(m.ones(3), 1, "bogus"),
    lambda m: m.pad(m.ones(3), 1, "edge", constant_values=1),
    lambda m: m.pad(m.ones(3), -1),
    lambda m: m.pad(m.ones(3), 1.5),
    lambda m: m.pad(m.ones(3), 1, "maximum", stat_length=0),
])
def test_pad_errors(call):
    with pytest.raises(Exception) as expected:
        call(np)
    with pytest.raises(type(expected.value)):
        call(wg)
