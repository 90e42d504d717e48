"""Every docstring example of the public API runs, one test per docstring; so do the examples
of the documentation pages (docs/*.md, docs/*.rst; none there may be marked to skip).

The public API is what the documentation lists: the public names of the top-level namespace
and of the extension namespaces (linalg, fft, random, nn, lib, testing, polynomial, and any
later one in their __all__). Examples see ``wg`` (wgarray) and ``np`` (NumPy), as the
docstrings say; arrays print as NumPy's do, so outputs are checked as shown, with
NORMALIZE_WHITESPACE and ELLIPSIS.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import re
import types
from pathlib import Path

import numpy
import pytest

import wgarray

ROOT = Path(__file__).resolve().parent.parent
NAMESPACES = ["linalg", "fft", "random", "nn", "lib", "lib.scimath", "lib.stride_tricks", "testing",
              "polynomial", "scipy.signal", "scipy.ndimage", "dask"]
FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


def _public_objects():
    """(qualified name, object) of the public API, each object once."""
    seen, found = set(), []

    def add(qualified, obj):
        if id(obj) in seen or isinstance(obj, types.ModuleType) or not getattr(obj, "__doc__", None):
            return
        if not (inspect.isroutine(obj) or inspect.isclass(obj) or callable(obj)):
            return  # dtypes and constants: their docstrings are their types'
        if not (getattr(obj, "__module__", None) or type(obj).__module__).startswith("wgarray"):
            return  # NumPy's own objects re-exported (scalar types)
        seen.add(id(obj))
        found.append((qualified, obj))

    for name in sorted(dir(wgarray)):
        if not name.startswith("_"):
            add(f"wgarray.{name}", getattr(wgarray, name))
    for namespace in NAMESPACES:
        try:
            module = importlib.import_module(f"wgarray.{namespace}")
        except ImportError:  # an optional namespace whose dependency is missing
            continue
        for name in getattr(module, "__all__", []):
            add(f"wgarray.{namespace}.{name}", getattr(module, name))
    # Methods a class inherits from wgarray's mixins and bases (Generator's draws, the polynomial
    # series' methods): the finder only looks in the class's own __dict__.
    for qualified, cls in [entry for entry in found if inspect.isclass(entry[1])]:
        for attr in dir(cls):
            member = inspect.getattr_static(cls, attr)
            if not attr.startswith("_") and attr not in vars(cls) and inspect.isfunction(member):
                add(f"{qualified}.{attr}", member)
    return found


def _docstring_tests():
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests = []
    for qualified, obj in _public_objects():
        module = inspect.getmodule(obj) or inspect.getmodule(type(obj))
        for test in finder.find(obj, qualified, module=module or False, globs={}):
            if test.examples and (test.name == qualified or test.name.startswith(qualified + ".")):
                tests.append(test)
    return sorted(tests, key=lambda t: t.name)


def _page_tests():
    parser = doctest.DocTestParser()
    tests = []
    for path in sorted((ROOT / "docs").glob("*.md")) + sorted((ROOT / "docs").glob("*.rst")):
        # A Markdown code fence closes an example's expected output, as a blank line does.
        text = re.sub(r"^[ \t]*(```|~~~).*$", "", path.read_text(), flags=re.M)
        if ">>>" in text:
            tests.append(parser.get_doctest(text, {}, f"docs/{path.name}", str(path), 0))
    return tests


DOCSTRING_TESTS = _docstring_tests()
PAGE_TESTS = _page_tests()


def _run(test: doctest.DocTest) -> None:
    test.globs = {"wg": wgarray, "np": numpy}
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report = []
    runner.run(test, out=report.append)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "".join(report)
    assert result.attempted > 0


@pytest.mark.parametrize("test", DOCSTRING_TESTS, ids=[t.name for t in DOCSTRING_TESTS])
def test_docstring_examples(test):
    _run(test)


@pytest.mark.parametrize("test", PAGE_TESTS, ids=[t.name for t in PAGE_TESTS])
def test_page_examples(test):
    _run(test)


def test_the_collector_finds_examples():
    """The collection itself can fail: the public API has examples, and they are found."""
    names = {t.name for t in DOCSTRING_TESTS}
    assert len(DOCSTRING_TESTS) >= 50
    assert {"wgarray.ones", "wgarray.random.normal"} <= names


def test_no_example_is_skipped():
    """A +SKIP would make a docstring example that CI never runs."""
    for test in DOCSTRING_TESTS + PAGE_TESTS:
        for example in test.examples:
            assert not example.options.get(doctest.SKIP), f"{test.name}: example marked +SKIP"
