"""The convolution engine's specialised paths against the NumPy references of test_nn_conv and
test_nn_conv_transpose: 1x1 convolutions on the matmul engine, the column kernel of direct
convolutions, strided transposed convolutions one phase at a time, the checks kept per shape.
Each test also checks which path ran, so that a change of the kernel choice cannot leave a path
untested."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as wa
from wgarray import nn
from wgarray._engines import conv as conv_engine
from wgarray._engines.conv_source import BIG, F64_MID, HALF, NARROW
from test_nn_conv import close, data, ref_conv
from test_nn_conv_transpose import ref_conv_transpose

CONVS = {1: nn.conv1d, 2: nn.conv2d, 3: nn.conv3d}


@pytest.fixture
def paths(monkeypatch):
    """The names of the paths each call takes: "matmul", "phases", or the key name of a launched kernel."""
    taken = []
    product, launch, by_phases = conv_engine.product, conv_engine.launch_kernel, conv_engine._by_phases

    def counted_product(*args, **kwargs):
        taken.append("matmul")
        return product(*args, **kwargs)

    def counted_launch(device, key, *args, **kwargs):
        taken.append(key[0])
        return launch(device, key, *args, **kwargs)

    def counted_phases(*args, **kwargs):
        taken.append("phases")
        return by_phases(*args, **kwargs)

    monkeypatch.setattr(conv_engine, "product", counted_product)
    monkeypatch.setattr(conv_engine, "_by_phases", counted_phases)
    monkeypatch.setattr(conv_engine, "launch_kernel", counted_launch)
    yield taken
    conv_engine._FORCE.clear()


def _close_half(got, expected):
    got = np.asarray(got)
    assert got.dtype == np.float16 and got.shape == expected.shape
    np.testing.assert_allclose(got.astype(np.float64), expected, rtol=2e-3, atol=2e-3 * np.abs(expected).max())


# -- 1x1 convolutions ---------------------------------------------------------------------------------
# (nd, N, C, spatial, O, stride, padding, groups, bias, path): the matmul where positions lie one
# stride apart in the input and there is no padding, the implicit GEMM or direct kernel otherwise.
POINTWISE = [
    (2, 2, 8, (5, 6), 4, 1, 0, 1, False, "matmul"),
    (2, 2, 8, (5, 6), 6, 1, 0, 2, True, "matmul"),  # groups
    (2, 3, 6, (4, 7), 6, 1, 0, 6, True, "matmul"),  # depthwise
    (2, 2, 12, (3, 4), 18, 1, 0, 3, True, "matmul"),  # multiplier 6, more than a direct kernel takes
    (1, 2, 5, (9,), 20, 3, 0, 1, True, "matmul"),  # strided 1-D: one stride apart
    (3, 1, 4, (3, 4, 5), 20, 1, 0, 1, True, "matmul"),
    (2, 2, 8, (9, 6), 20, (2, 1), 0, 1, True, "conv_gemm"),  # strided rows: no single position stride
    (2, 2, 8, (5, 6), 40, 1, 1, 2, True, "conv_gemm"),  # padding: a border of bias
    (2, 2, 8, (5, 6), 4, (1, 2), (1, 0), 4, True, "conv_column"),  # few channels a group
]


@pytest.mark.parametrize("case", POINTWISE, ids=lambda c: f"{c[0]}d-s{c[5]}-p{c[6]}-g{c[7]}-{c[9]}")
def test_pointwise(paths, case):
    nd, n, c, spatial, o, stride, padding, groups, with_bias, path = case
    x, w = data((n, c, *spatial)), data((o, c // groups) + (1,) * nd)
    b = data(o) if with_bias else None
    got = CONVS[nd](wa.asarray(x), wa.asarray(w), None if b is None else wa.asarray(b), stride, padding, 1, groups)
    close(got, ref_conv(x, w, b, stride, padding, 1, groups), np.float32)
    assert path in paths and ("matmul" in paths) == (path == "matmul")


@pytest.mark.parametrize("tiling", [BIG, HALF, NARROW, F64_MID])
def test_pointwise_in_every_tiling(paths, tiling):
    """The implicit GEMM's gather of a 1x1 kernel (the channel is the whole k), padded and strided."""
    dtype = np.float64 if tiling is F64_MID else np.float32
    conv_engine._FORCE.update(kernel="gemm", tiling=tiling)
    x, w, b = data((2, 12, 7, 6), dtype), data((40, 6, 1, 1), dtype), data(40, dtype)
    got = nn.conv2d(wa.asarray(x), wa.asarray(w), wa.asarray(b), (2, 1), (1, 2), 1, 2)
    close(got, ref_conv(x, w, b, (2, 1), (1, 2), 1, 2), dtype)
    assert paths == ["conv_gemm"]


@pytest.mark.parametrize("dtype", [np.float16, np.float64])
def test_pointwise_dtypes(paths, dtype):
    x, w, b = data((2, 6, 4, 5), dtype), data((10, 3, 1, 1), dtype), data(10, dtype)
    got = nn.conv2d(wa.asarray(x), wa.asarray(w), wa.asarray(b), groups=2)
    expected = ref_conv(x, w, b, groups=2)
    close(got, expected, dtype) if dtype == np.float64 else _close_half(got, expected)
    assert "matmul" in paths


def test_pointwise_views(paths):
    """Every channel a second one, positions walking backwards, a transposed weight and a strided bias."""
    base, wbase, bbase = data((2, 10, 3, 4)), data((5, 7, 1, 1)), data(14)
    x, w, b = base[:, ::2, ::-1, ::-1], wbase.transpose(1, 0, 2, 3), bbase[::2]
    got = nn.conv2d(wa.asarray(base)[:, ::2, ::-1, ::-1], wa.permute_dims(wa.asarray(wbase), (1, 0, 2, 3)),
                    wa.asarray(bbase)[::2])
    close(got, ref_conv(x, w, b), np.float32)
    assert "matmul" in paths  # rows of 4 backwards, rows 4 apart backwards: one stride of -1


def test_pointwise_special_values_and_empty(paths):
    x, w = data((1, 3, 2, 2)), data((2, 3, 1, 1))
    x[0, 1, 0, 1], x[0, 2, 1, 0] = np.nan, np.inf
    got = np.asarray(nn.conv2d(x, w))
    np.testing.assert_array_equal(np.isnan(got[0, :, 0, 1]), [True, True])
    assert np.isinf(got[0, :, 1, 0]).all() and np.isfinite(got[0, :, 0, 0]).all()
    out = nn.conv2d(wa.zeros((0, 3, 2, 2), dtype=wa.float32), wa.asarray(w))
    assert out.shape == (0, 2, 2, 2)


@pytest.mark.parametrize("stride,output_padding,dilation,path", [
    (1, 0, 1, "matmul"), (1, 1, 2, "conv_gemm"), (2, 0, 1, "phases"), (2, 1, 1, "phases")])
def test_pointwise_transposed(paths, stride, output_padding, dilation, path):
    """The transposed 1x1 convolution is a product where it keeps the input's size."""
    conv_engine._FORCE["phases"] = True
    x, w, b = data((2, 6, 4, 5)), data((6, 20, 1, 1)), data(40)
    got = nn.conv_transpose2d(wa.asarray(x), wa.asarray(w), wa.asarray(b), stride=stride,
                              output_padding=output_padding, groups=2, dilation=dilation)
    close(got, ref_conv_transpose(x, w, b, stride, 0, output_padding, 2, dilation), np.float32)
    assert path in paths and ("matmul" in paths) == (path == "matmul")


# -- the column kernel --------------------------------------------------------------------------------
# (x shape, w shape, stride, padding, dilation, path): stride and dilation 1 along H take it.
COLUMN = [
    ((2, 6, 19, 11), (6, 1, 3, 3), 1, 1, 1, "conv_column"),  # depthwise, a strip cut by the last row
    ((1, 4, 9, 13), (12, 1, 3, 3), 1, 1, 1, "conv_column"),  # depthwise, multiplier 3
    ((2, 6, 17, 20), (4, 3, 2, 5), (1, 2), (0, 2), (1, 3), "conv_column"),  # 3 channels a group, W strided, dilated
    ((1, 3, 12, 9), (3, 1, 7, 7), 1, 3, 1, "conv_column"),  # 7x7: a strip reaches 14 input rows
    ((1, 2, 5, 4), (2, 1, 5, 1), 1, (2, 0), 1, "conv_column"),  # a column kernel: taps along H only
    ((1, 4, 3, 9), (4, 1, 1, 3), 1, 0, 1, "conv_column"),  # 3 rows, one strip
    ((2, 4, 9, 8), (4, 1, 3, 3), (2, 1), 1, 1, "conv_direct"),  # strided rows: the VW kernel
    ((2, 4, 9, 8), (4, 1, 3, 3), 1, 2, (2, 1), "conv_direct"),  # dilated rows
    ((1, 4, 1, 9), (4, 1, 1, 3), 1, 0, 1, "conv_direct"),  # a single output row
]


@pytest.mark.parametrize("x_shape,w_shape,stride,padding,dilation,path", COLUMN,
                         ids=lambda v: "x".join(map(str, v)) if isinstance(v, tuple) else str(v))
def test_column_kernel(paths, x_shape, w_shape, stride, padding, dilation, path):
    x, w, b = data(x_shape), data(w_shape), data(w_shape[0])
    groups = x_shape[1] // w_shape[1]
    got = nn.conv2d(wa.asarray(x), wa.asarray(w), wa.asarray(b), stride, padding, dilation, groups)
    close(got, ref_conv(x, w, b, stride, padding, dilation, groups), np.float32)
    assert path in paths and "conv_gemm" not in paths


@pytest.mark.parametrize("rows", [1, 3, 16])
def test_column_strip_heights(paths, rows):
    """Strips of other heights than the default (benchmarks/nn_conv.py compares them), no bias."""
    conv_engine._FORCE["rows"] = rows
    x, w = data((2, 4, 11, 7)), data((4, 1, 3, 2))
    got = nn.conv2d(wa.asarray(x), wa.asarray(w), None, 1, (1, 0), 1, 4)
    close(got, ref_conv(x, w, None, 1, (1, 0), 1, 4), np.float32)
    assert "conv_column" in paths


@pytest.mark.parametrize("dtype", [np.float16, np.float64])
def test_column_dtypes(paths, dtype):
    x, w, b = data((2, 4, 10, 6), dtype), data((8, 1, 3, 3), dtype), data(8, dtype)
    got = nn.conv2d(wa.asarray(x), wa.asarray(w), wa.asarray(b), padding=1, groups=4)
    expected = ref_conv(x, w, b, 1, 1, 1, 4)
    close(got, expected, dtype) if dtype == np.float64 else _close_half(got, expected)
    assert "conv_column" in paths


def test_column_views_and_3d(paths):
    """A transposed, reversed input view (H becomes a strided axis), and a 3-D convolution with
    depth taps and a depth stride."""
    base = data((2, 9, 4, 12))
    x = base.transpose(0, 2, 1, 3)[..., ::-2]
    w, b = data((4, 1, 3, 3)), data(4)
    got = nn.conv2d(wa.permute_dims(wa.asarray(base), (0, 2, 1, 3))[..., ::-2], wa.asarray(w), wa.asarray(b),
                    padding=1, groups=4)
    close(got, ref_conv(x, w, b, 1, 1, 1, 4), np.float32)
    x3, w3 = data((1, 4, 5, 6, 7)), data((4, 2, 2, 3, 3))
    got = nn.conv3d(wa.asarray(x3), wa.asarray(w3), None, (2, 1, 1), 1, 1, 2)
    close(got, ref_conv(x3, w3, None, (2, 1, 1), 1, 1, 2), np.float32)
    assert paths.count("conv_column") == 2


def test_column_special_values(paths):
    x, w = data((1, 2, 9, 6)), data((2, 1, 3, 3))
    x[0, 1, 4, 2] = np.nan
    got = np.asarray(nn.conv2d(x, w, padding=1, groups=2))
    assert np.isnan(got[0, 1, 3:6, 1:4]).all() and not np.isnan(got[0, 0]).any()
    assert np.isfinite(np.delete(got[0, 1], [3, 4, 5], axis=0)).all()
    assert "conv_column" in paths


# -- transposed convolutions by phases ----------------------------------------------------------------
# (nd, x shape, w shape (C, O/groups, kernel), stride, padding, output_padding, groups)
PHASED = [
    (2, (2, 6, 5, 4), (6, 20, 4, 4), 2, 1, 0, 1),  # the benchmark's 4x4 stride 2: 2 x 2 taps a phase
    (2, (2, 4, 5, 6), (4, 9, 3, 2), (2, 3), (1, 0), (1, 2), 2),  # taps 2 and 1 a phase, or none: bias only
    (2, (1, 6, 4, 5), (6, 1, 3, 3), 2, 2, 1, 6),  # depthwise (the column kernel), padding past a tap
    (2, (2, 3, 4, 4), (3, 17, 1, 1), 2, 0, 1, 1),  # 1x1 stride 2: every other output is the bias
    (1, (2, 4, 9), (4, 3, 5), 3, 4, 2, 2),  # 1-D, a padding larger than a phase's taps
    (3, (1, 4, 3, 4, 3), (4, 8, 3, 2, 3), (2, 1, 2), (1, 0, 1), (1, 0, 0), 2),  # stride 1 along one dim
]
TRANSPOSED = {1: nn.conv_transpose1d, 2: nn.conv_transpose2d, 3: nn.conv_transpose3d}


@pytest.mark.parametrize("with_bias", [True, False])
@pytest.mark.parametrize("case", PHASED, ids=lambda c: "x".join(map(str, c[2])) + f"-s{c[3]}")
def test_transposed_by_phases(paths, case, with_bias):
    conv_engine._FORCE["phases"] = True  # (small convolutions take the strided gather)
    nd, x_shape, w_shape, stride, padding, output_padding, groups = case
    x, w = data(x_shape), data(w_shape)
    b = data(w_shape[1] * groups) if with_bias else None
    got = TRANSPOSED[nd](wa.asarray(x), wa.asarray(w), None if b is None else wa.asarray(b), stride, padding,
                         output_padding, groups)
    close(got, ref_conv_transpose(x, w, b, stride, padding, output_padding, groups), np.float32)
    assert "phases" in paths


@pytest.mark.parametrize("phases", [True, False])
@pytest.mark.parametrize("kernel,dtype", [("gemm", np.float32), ("direct", np.float32), ("gemm", np.float64),
                                          (None, np.float16)])
def test_transposed_phases_kernels_and_dtypes(paths, phases, kernel, dtype):
    """Phases in each kernel and dtype, against the strided gather (phases off), on views."""
    if kernel:
        conv_engine._FORCE["kernel"] = kernel
    conv_engine._FORCE["phases"] = phases
    base, wbase, b = data((6, 2, 5, 8), dtype), data((6, 5, 4, 3), dtype), data(10, dtype)
    x, w = base.transpose(1, 0, 2, 3)[..., ::-2], wbase[:, :, ::-1]
    got = nn.conv_transpose2d(wa.permute_dims(wa.asarray(base), (1, 0, 2, 3))[..., ::-2],
                              wa.asarray(wbase)[:, :, ::-1], wa.asarray(b), (2, 2), (2, 1), (1, 0), 2)
    expected = ref_conv_transpose(x, w, b, (2, 2), (2, 1), (1, 0), 2)
    close(got, expected, dtype) if dtype != np.float16 else _close_half(got, expected)
    assert ("phases" in paths) == phases


def test_transposed_dilated_is_not_phased(paths):
    x, w = data((1, 4, 5, 5)), data((4, 20, 3, 3))
    got = nn.conv_transpose2d(wa.asarray(x), wa.asarray(w), None, 2, 1, 1, 1, 2)
    close(got, ref_conv_transpose(x, w, None, 2, 1, 1, 1, 2), np.float32)
    assert "phases" not in paths and "conv_gemm" in paths


@pytest.mark.parametrize("weights", ["contiguous", "offset", "reversed"])
def test_depthwise_weight_layouts(paths, weights):
    """A contiguous depthwise weight is read in place; one at an offset or reversed is copied first."""
    wbase = data((5, 1, 3, 3))
    w = {"contiguous": wbase[:4], "offset": wbase[1:], "reversed": wbase[::-1][:4]}[weights]
    view = {"contiguous": wa.asarray(wbase)[:4], "offset": wa.asarray(wbase)[1:],
            "reversed": wa.flip(wa.asarray(wbase), axis=0)[:4]}[weights]
    x = data((2, 4, 6, 5))
    close(nn.conv2d(wa.asarray(x), view, None, 1, 1, 1, 4), ref_conv(x, w, None, 1, 1, 1, 4), np.float32)
    assert "conv_column" in paths


def test_checks_remembered_per_argument_type():
    """The argument checks of one shape are remembered, yet a float stride still raises after an
    int one of equal value, a list works as a tuple, and a bad call raises every time."""
    x, w = wa.asarray(data((1, 2, 6, 6))), wa.asarray(data((3, 2, 3, 3)))
    expected = ref_conv(np.asarray(x), np.asarray(w), None, 2)
    for stride in (2, [2, 2], (2, 2), np.int64(2)):
        close(nn.conv2d(x, w, stride=stride), expected, np.float32)
    for _ in range(2):
        with pytest.raises(TypeError, match="argument 'stride'"):
            nn.conv2d(x, w, stride=2.0)
        with pytest.raises(TypeError, match="argument 'stride'"):
            nn.conv_transpose2d(x, wa.asarray(data((2, 3, 3, 3))), stride=(2.0, 2))
        with pytest.raises(RuntimeError, match="expected bias to be 1-dimensional"):
            nn.conv2d(x, w, wa.asarray(data(2)))
    with pytest.raises(TypeError, match="argument 'stride'"):
        nn.conv2d(x, w, stride=np.array([2, 2]))  # unhashable: checked without the memory


def test_transposed_phases_by_size(paths, monkeypatch):
    """Phases pay from PHASES_ABOVE multiply-adds of the strided gather on (host time below)."""
    x, w = data((1, 4, 5, 5)), data((4, 3, 2, 2))  # 3 x 10 x 10 outputs x 4 channels x 4 taps: 4800 terms
    for above, path in ((4801, "conv_direct"), (4800, "phases")):
        monkeypatch.setattr(conv_engine, "PHASES_ABOVE", above)
        paths.clear()
        close(nn.conv_transpose2d(wa.asarray(x), wa.asarray(w), stride=2), ref_conv_transpose(x, w, None, 2),
              np.float32)
        assert path in paths
