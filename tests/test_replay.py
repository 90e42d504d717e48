"""Replayed engine calls (wgarray/_core/replay.py): a call captured once and re-issued on new
buffers gives exactly what running it afresh gives, for every signature part that decides the
dispatches (shape, strides, offset, dtype, aliasing), under threads, and never replays what it
cannot (uploads, copies)."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import wgarray
from wgarray._core import replay
from wgarray._core.operands import allocate, uploaded
from wgarray._engines import cholesky as chol_engine, lu as lu_engine, qr as qr_engine

from conftest import host, wg


def _matrix(n, dtype, seed=0, spd=False):
    m = np.random.default_rng(seed).standard_normal((n, n))
    if spd:
        m = m @ m.T + n * np.eye(n)
    return m.astype(dtype)


def _run_fresh(function):
    replay.clear()
    return function()


def _recording_of(name):
    return [r for k, r in replay._recordings.items() if k[0].__name__ == name]


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
def test_replays_equal_fresh_runs_bit_for_bit(dtype):
    n = 150  # several blocks: tens of dispatches
    a = wg(_matrix(n, dtype, spd=True))
    g = wg(_matrix(n, dtype, seed=1))
    b = wg(_matrix(n, dtype, seed=2)[:, :3])
    calls = {
        "cholesky": lambda: host(wgarray.linalg.cholesky(a)),
        "qr": lambda: [host(x) for x in wgarray.linalg.qr(g)],
        "solve": lambda: host(wgarray.linalg.solve(g, b)),
        "inv": lambda: host(wgarray.linalg.inv(g)),
        "slogdet": lambda: [host(x) for x in wgarray.linalg.slogdet(g)],
    }
    for name, call in calls.items():
        fresh = _run_fresh(call)
        assert replay._recordings and all(r is not replay._NOT_REPLAYABLE for r in replay._recordings.values()), name
        for _ in range(2):  # replayed: the recordings are used, with new buffers each time
            np.testing.assert_array_equal(call(), fresh, err_msg=name)


def test_each_signature_part_keys_its_own_recording():
    n = 80
    big = _matrix(2 * n, "float32", spd=True)
    whole = wg(big)
    for view in (whole[:n, :n], whole[n:, n:], whole[::2, ::2], whole[:n, :n].mT):
        exp = np.linalg.cholesky(np.asarray(host(view), np.float64))
        for _ in range(2):
            got = host(wgarray.linalg.cholesky(view))
            np.testing.assert_allclose(got, exp, rtol=2e-4, atol=2e-4)
    assert len(_recording_of("cholesky")) == 4


def test_aliased_operands_are_their_own_signature():
    n = 70
    a = wg(_matrix(n, "float64", seed=3))
    other = wg(_matrix(n, "float64", seed=3))  # equal values, another buffer
    for _ in range(2):
        same = host(wgarray.Array._wrap(lu_engine.trsm(a._data(), a._data(), lower=True)))
        apart = host(wgarray.Array._wrap(lu_engine.trsm(a._data(), other._data(), lower=True)))
        np.testing.assert_array_equal(same, apart)
    assert len(_recording_of("trsm")) == 2


def test_upper_and_modes_are_arguments_of_the_signature():
    n = 90
    a = wg(_matrix(n, "float32", spd=True))
    g = wg(_matrix(n, "float32", seed=4))
    for _ in range(2):
        np.testing.assert_allclose(host(wgarray.linalg.cholesky(a, upper=True)),
                                   np.linalg.cholesky(host(a).astype(np.float64)).T, rtol=2e-4, atol=2e-4)
        r = host(wgarray.linalg.qr(g, mode="r"))
        q, r2 = (host(x) for x in wgarray.linalg.qr(g, mode="complete"))
        np.testing.assert_allclose(np.abs(r), np.abs(r2), rtol=1e-4, atol=1e-4)
    assert len(_recording_of("qr")) == 2


def test_a_call_that_uploads_is_never_replayed(monkeypatch):
    calls = []

    @replay.replayable
    def uploads(x):
        calls.append(1)
        return uploaded(x.device, np.arange(4, dtype=np.float32), np.dtype("float32"))

    x = wg(np.ones(4, np.float32))._data()
    for _ in range(3):
        np.testing.assert_array_equal(host(wgarray.Array._wrap(uploads(x))), np.arange(4, dtype=np.float32))
    assert len(calls) == 3  # run every time
    assert _recording_of("uploads") == [replay._NOT_REPLAYABLE]


def test_results_that_no_dispatch_wrote_are_allocated_on_replay():
    @replay.replayable
    def empty_and_factor(a):
        return allocate(a.device, (0, 3), a.dtype), chol_engine.cholesky(a)[0]

    a = wg(_matrix(40, "float32", spd=True))._data()
    first = empty_and_factor(a)
    second = empty_and_factor(a)
    assert second[0].shape == (0, 3) and second[0].storage is not first[0].storage
    assert second[1].storage is not first[1].storage
    np.testing.assert_array_equal(host(wgarray.Array._wrap(second[1])), host(wgarray.Array._wrap(first[1])))


def test_replays_from_threads_at_once():
    n = 96
    mats = [_matrix(n, "float32", seed=s, spd=True) for s in range(4)]
    arrays = [wg(m) for m in mats]
    expected = [host(wgarray.linalg.cholesky(x)) for x in arrays]  # recorded (the same signature)
    errors = []

    def work(k):
        try:
            for _ in range(5):
                np.testing.assert_array_equal(host(wgarray.linalg.cholesky(arrays[k])), expected[k])
        except Exception as e:  # noqa: BLE001: reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_the_recordings_stay_bounded(monkeypatch):
    monkeypatch.setattr(replay, "MAX_RECORDINGS", 3)
    for n in range(10, 16):
        wgarray.linalg.cholesky(wg(_matrix(n, "float32", spd=True)))
    assert len(replay._recordings) == 3


def test_qr_engine_replays_with_new_result_buffers():
    g = wg(_matrix(120, "float64", seed=5))._data()
    q1, r1 = qr_engine.qr(g, "reduced")
    q2, r2 = qr_engine.qr(g, "reduced")
    assert q1.storage is not q2.storage and r1.storage is not r2.storage
    np.testing.assert_array_equal(host(wgarray.Array._wrap(q1)), host(wgarray.Array._wrap(q2)))


def test_a_buffer_kept_across_calls_is_bound_again_not_replaced():
    """An engine's cached table (made before the capture, neither input nor allocated in the
    call) is external: the replay binds the same storage, whose contents it needs."""
    table = wg(np.arange(6, dtype=np.float32) * 10)  # made once, outside the calls

    @replay.replayable
    def add_table(x):
        from wgarray._engines.map import MapOp, launch_map
        out = allocate(x.device, x.shape, x.dtype)
        launch_map(x.device, MapOp("test_add", "a0 + a1", (x.dtype, x.dtype), x.dtype), out.storage, out.view,
                   x.dtype, [x, table._data()], fresh=True)
        return out

    x = wg(np.ones(6, np.float32))._data()
    for _ in range(3):
        np.testing.assert_array_equal(host(wgarray.Array._wrap(add_table(x))), 1 + np.arange(6) * 10)
    (recording,) = _recording_of("add_table")
    assert recording is not replay._NOT_REPLAYABLE and list(recording.external.values()) == [table._data().storage]


def test_a_result_in_an_external_buffer_is_never_replayed():
    kept = wg(np.arange(4, dtype=np.float32))

    @replay.replayable
    def hands_out_the_cache(x):
        chol_engine.zeros(x.device, (1,), x.dtype)  # some dispatch
        return kept._data()

    x = wg(np.ones(4, np.float32))._data()
    for _ in range(2):
        assert hands_out_the_cache(x).storage is kept._data().storage
    assert _recording_of("hands_out_the_cache") == [replay._NOT_REPLAYABLE]
