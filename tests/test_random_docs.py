"""wgarray.random's docstrings: the examples of Generator's methods run, and the legacy methods
document the arguments they take.

tests/test_doctests.py collects a class's examples from its own __dict__, which misses
Generator's methods (defined on the mixins of _continuous.py, _discrete.py, _multivariate.py
and _sampling.py); they run here, as there (``wg`` and ``np``, NORMALIZE_WHITESPACE, ELLIPSIS).
"""

from __future__ import annotations

import doctest
import inspect

import numpy
import pytest

import wgarray
from wgarray.random import Generator, RandomState
from wgarray.random._legacy import _SHARED

FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


def _inherited_method_tests():
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests = []
    for name in sorted(dir(Generator)):
        method = inspect.getattr_static(Generator, name)
        if name.startswith("_") or not inspect.isfunction(method) or name in vars(Generator):
            continue
        tests += [t for t in finder.find(method, f"wgarray.random.Generator.{name}", module=False, globs={})
                  if t.examples]
    return tests


INHERITED_TESTS = _inherited_method_tests()


def test_the_inherited_examples_are_found():
    assert {"wgarray.random.Generator.normal", "wgarray.random.Generator.integers",
            "wgarray.random.Generator.choice"} <= {t.name for t in INHERITED_TESTS}


@pytest.mark.parametrize("test", INHERITED_TESTS, ids=[t.name for t in INHERITED_TESTS])
def test_generator_method_examples(test):
    test.globs = {"wg": wgarray, "np": numpy}
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report = []
    runner.run(test, out=report.append)
    assert runner.summarize(verbose=False).failed == 0, "".join(report)


@pytest.mark.parametrize("name", _SHARED)
def test_legacy_method_documents_the_arguments_it_forwards(name):
    legacy, modern = getattr(RandomState, name), getattr(Generator, name)
    assert inspect.signature(legacy) == inspect.signature(modern)
    assert inspect.signature(getattr(wgarray.random, name)) == inspect.signature(getattr(Generator(
        wgarray.random.Philox(0)), name))
    doc = " ".join(inspect.getdoc(legacy).split())
    assert f"``wgarray.random.{name}`` draws from the global RandomState" in doc
    assert doc.index("GPU:") < doc.index("Legacy:")  # the note is in Notes, before any Examples
