"""wgarray.random's docstrings: the legacy methods document the arguments they take, and the
examples of Generator's inherited methods (defined on the mixins of _continuous.py,
_discrete.py, _multivariate.py and _sampling.py) run with the other docstring examples."""

from __future__ import annotations

import inspect

import pytest

import wgarray
from wgarray.random import Generator, RandomState
from wgarray.random._legacy import _SHARED

def test_the_inherited_examples_run_with_the_others():
    """tests/test_doctests.py collects the examples of Generator's inherited methods."""
    import test_doctests

    names = {t.name for t in test_doctests.DOCSTRING_TESTS}
    assert {"wgarray.random.Generator.normal", "wgarray.random.Generator.integers",
            "wgarray.random.Generator.choice"} <= names


@pytest.mark.parametrize("name", _SHARED)
def test_legacy_method_documents_the_arguments_it_forwards(name):
    legacy, modern = getattr(RandomState, name), getattr(Generator, name)
    assert inspect.signature(legacy) == inspect.signature(modern)
    assert inspect.signature(getattr(wgarray.random, name)) == inspect.signature(getattr(Generator(
        wgarray.random.Philox(0)), name))
    doc = " ".join(inspect.getdoc(legacy).split())
    assert f"``wgarray.random.{name}`` draws from the global RandomState" in doc
    assert doc.index("GPU:") < doc.index("Legacy:")  # the note is in Notes, before any Examples
