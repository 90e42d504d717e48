"""The corpus of real-style NumPy snippets (tests/corpus), each run with np=numpy and np=wgarray and
compared in dtype, shape and values. Known failures are strict xfails with their reason; snippets
that need linalg, fft or random are out of scope and may fail. The score table per category prints
at the end of the module (visible with -s), or run `python -m tests.corpus -v`."""

import pytest

from corpus import load
from corpus.run import PASSED, run, tabulate

SNIPPETS = load()
_OUTCOMES = {}


def _param(snip):
    if snip.known_failure:
        return pytest.param(snip, id=snip.name, marks=pytest.mark.xfail(reason=snip.known_failure, strict=True))
    if snip.needs:
        return pytest.param(snip, id=snip.name, marks=pytest.mark.xfail(reason=f"needs {snip.needs}: out of scope"))
    return pytest.param(snip, id=snip.name)


@pytest.fixture(scope="module", autouse=True)
def score_table():
    yield
    if _OUTCOMES:
        print()
        tabulate([(SNIPPETS[name], outcome) for name, outcome in _OUTCOMES.items()], verbose=True)


@pytest.mark.parametrize("snip", [_param(s) for s in SNIPPETS.values()])
def test_snippet(snip):
    outcome = run(snip)
    _OUTCOMES[snip.name] = outcome
    assert outcome.status == PASSED, outcome.detail


def test_corpus_is_large_and_mostly_in_scope():
    in_scope = [s for s in SNIPPETS.values() if not s.needs]
    assert len(in_scope) >= 150
    assert len(SNIPPETS) - len(in_scope) <= 10
    assert len({s.category for s in in_scope}) >= 15


@pytest.mark.parametrize("expected, got, same", [
    (1.0, 1.0 + 2 ** -50, True), (1.0, 1.001, False), ("a", "b", False), ((1, 2), [1, 2], False),
    ({"a": 1}, {"a": 1}, True), (float("nan"), float("nan"), True), (1, 1.0, False), (True, 1, False),
])
def test_comparer_can_fail(expected, got, same):
    import numpy
    from corpus.compare import difference
    assert (difference(expected, got, 4) is None) is same
    assert difference(numpy.arange(3), numpy.arange(3.0), 4) is not None  # dtype matters
