"""linalg.cholesky's one-dispatch block steps (float32) against numpy.linalg: the diagonal
block's columns split over several invocations each (chol_columns.SPLIT, with the fallback to
one), and steps in groups whose trailing update waits for the group's last step (strip updates
of the next block column inside a group: cholesky.GROUP_STEPS, GROUP_ROWS)."""

from __future__ import annotations

import types

import numpy as np
import pytest

from wgarray.linalg import LinAlgError, cholesky

from conftest import host, wg

rng = np.random.default_rng(20261)
EPS32 = float(np.finfo(np.float32).eps)


def spd(shape) -> np.ndarray:
    n = shape[-1]
    b = rng.standard_normal(shape)
    return (b @ np.swapaxes(b, -1, -2) / n + np.eye(n)).astype(np.float32)


def check(a: np.ndarray, upper: bool = False) -> None:
    """cholesky(a) as numpy's (float64) within 10 n eps, the other triangle zero."""
    n = a.shape[-1]
    g = host(cholesky(wg(a), upper=upper))
    ref = np.linalg.cholesky(a.astype(np.float64), upper=upper)
    err = np.linalg.norm(g - ref, axis=(-2, -1)) / np.linalg.norm(ref, axis=(-2, -1))
    assert np.max(err) <= 10 * n * EPS32
    assert not (np.tril(g, -1) if upper else np.triu(g, 1)).any()


@pytest.fixture
def fresh(monkeypatch):
    """The engines' modules, with recordings cleared before and after (a recorded call would
    replay without launching), and the chol_factor_columns launches' splits recorded."""
    from wgarray._core import replay
    from wgarray._engines import chol_columns
    from wgarray._engines import cholesky as engine

    splits = []
    launch = engine.launch_kernel

    def spy(device, key, *args, **kw):
        if key[0] == "chol_factor_columns":
            splits.append(key[-1])
        return launch(device, key, *args, **kw)

    monkeypatch.setattr(engine, "launch_kernel", spy)
    replay.clear()
    yield types.SimpleNamespace(engine=engine, columns=chol_columns, splits=splits)
    replay.clear()


@pytest.mark.parametrize("split", [1, 2, 4])
@pytest.mark.parametrize("shape", [(70, 70), (2, 150, 150)])
def test_cholesky_split_columns(monkeypatch, fresh, split, shape):
    """A column of the block on 1, 2 or 4 invocations (rows of the solve past the panel's end,
    a last block of 6 and of 22 columns, a batch), lower and upper, as numpy's."""
    monkeypatch.setattr(fresh.columns, "SPLIT", split)
    for upper in (False, True):
        check(spd(shape), upper)
    assert fresh.splits and set(fresh.splits) == {split}


@pytest.mark.parametrize("split, columns", [(2, 3), (4, 1)])
def test_cholesky_split_step_columns(monkeypatch, fresh, split, columns):
    """Split columns with steps of 3 columns (a partial last step) and of 1; a failing pivot
    inside a step's block sets its matrix's flag."""
    monkeypatch.setattr(fresh.columns, "SPLIT", split)
    monkeypatch.setattr(fresh.columns, "STEP_COLUMNS", columns)
    a = spd((2, 150, 150))
    check(a)
    a[1, 100, 100] = -1.0
    with pytest.raises(LinAlgError, match="Matrix is not positive definite"):
        cholesky(wg(a))
    assert set(fresh.splits) == {split}


def test_column_split_fallback():
    """One invocation a column where the split layout or the workgroup memory does not allow
    more: other dtypes, rows of B not in vec4s, a small adapter."""
    from wgarray._core import dtypes as dt
    from wgarray._engines import chol_columns

    def device(limit):
        return types.SimpleNamespace(limits={"max-compute-workgroup-storage-size": limit})

    assert chol_columns.column_split(dt.float32, device(1 << 16), 64, 16, 8) == chol_columns.SPLIT
    assert chol_columns.column_split(dt.float32, device(16384), 64, 16, 8) == 1
    assert chol_columns.column_split(dt.float64, device(1 << 16), 32, 16, 1) == 1
    assert chol_columns.column_split(dt.complex64, device(1 << 16), 32, 16, 1) == 1
    assert chol_columns.column_split(dt.float32, device(1 << 16), 64, 6, 8) == 1


@pytest.mark.parametrize("steps, rows, strips", [(2, 0, [0, 2]), (3, 0, [0, 1, 3]), (2, 150, [0]), (1, 0, [])])
def test_cholesky_grouped_steps(monkeypatch, fresh, steps, rows, strips):
    """300 x 300: four block steps and a last block of 44. In groups of 2 (strips at steps 0 and
    2, trailing updates of 128 columns), of 3 (the second group starts at the last step), groups only while 150 rows
    trail (the first group), none; a failing pivot inside a group's second step."""
    engine = fresh.engine
    monkeypatch.setattr(engine, "GROUP_STEPS", steps)
    monkeypatch.setattr(engine, "GROUP_ROWS", rows)
    calls = []
    strip = engine._update_strip
    monkeypatch.setattr(engine, "_update_strip", lambda w, k0, *args: calls.append(k0 // 64 - 1) or strip(w, k0, *args))
    a = spd((2, 300, 300))
    check(a)
    check(a[0], upper=True)
    assert calls == strips * 2
    a[0, 100, 100] = 0.0
    with pytest.raises(LinAlgError, match="Matrix is not positive definite"):
        cholesky(wg(a))


def test_cholesky_grouped_steps_last_strip(monkeypatch, fresh):
    """200 x 200 in groups of 2: the last group starts at the last full step, whose strip is
    the 8 columns of the last block (the whole trailing matrix)."""
    engine = fresh.engine
    monkeypatch.setattr(engine, "GROUP_STEPS", 2)
    monkeypatch.setattr(engine, "GROUP_ROWS", 0)
    widths = []
    strip = engine._update_strip
    monkeypatch.setattr(engine, "_update_strip",
                        lambda w, k0, width, first: widths.append(width) or strip(w, k0, width, first))
    check(spd((200, 200)))
    assert widths == [64, 8]
