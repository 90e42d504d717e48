"""Every function and class of the API reference has a full numpydoc docstring.

The reference (docs/_ext/wgarray_apigen.py) lists every public callable; each must give:
- a one-line summary;
- a Parameters section naming every parameter of its signature;
- a Returns (or Yields) section, unless it is a class or annotated to return None;
- Notes with a ``GPU:`` paragraph (what runs on the device, or that nothing does);
- a ``Dtypes:`` paragraph where it takes arrays (a parameter typed array_like or Array).
NumPy's own functions re-exported unchanged keep NumPy's docstrings. Public methods of
wgarray's own classes follow the same rules, or name the function that
documents them in full (``See :func:`wgarray.sum```), as NumPy's ndarray methods do.
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import pytest

numpydoc_docscrape = pytest.importorskip("numpydoc.docscrape")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))
import wgarray_apigen  # noqa: E402

# NumPy's own functions re-exported as they are (format_float_positional, testing.assert_raises)
# keep NumPy's docstrings: they run on the host, where NumPy documents them.
REFERENCE = [(name, obj) for name, obj in wgarray_apigen.reference_callables()
             if (getattr(obj, "__module__", None) or type(obj).__module__).startswith("wgarray")]


def _signature(obj):
    try:
        return inspect.signature(obj)
    except (TypeError, ValueError):  # a builtin without a signature
        return None


def _parameter_names(signature):
    names = []
    for p in signature.parameters.values():
        if p.name in ("self", "cls"):
            continue
        prefix = {p.VAR_POSITIONAL: "*", p.VAR_KEYWORD: "**"}.get(p.kind, "")
        names.append(prefix + p.name)
    return names


def _documented_names(doc):
    names = set()
    for entry in doc["Parameters"] + doc["Other Parameters"]:
        names.update(part.strip() for part in entry.name.split(","))
    return names


def docstring_problems(obj, is_method=False) -> list[str]:
    """What a full numpydoc docstring of obj lacks ([] when nothing)."""
    text = inspect.getdoc(obj) or ""
    if not text.strip():
        return ["no docstring"]
    if is_method and ":func:" in text:
        return []  # a method that points at the function documenting it in full
    doc = numpydoc_docscrape.FunctionDoc(obj, doc=text)
    problems = []
    if not doc["Summary"]:
        problems.append("no summary line")
    is_exception = inspect.isclass(obj) and issubclass(obj, BaseException)
    signature = _signature(obj)  # a class's is its constructor's
    if signature is not None and not is_exception:
        missing = [n for n in _parameter_names(signature)
                   if n not in _documented_names(doc) and n.lstrip("*") not in _documented_names(doc)]
        if missing:
            problems.append(f"parameters not documented: {missing}")
    returns_none = signature is not None and signature.return_annotation in (None, "None")
    if not inspect.isclass(obj) and not returns_none and not (doc["Returns"] or doc["Yields"]):
        problems.append("no Returns section")
    notes = "\n".join(doc["Notes"])
    if "GPU:" not in notes:
        problems.append("no 'GPU:' paragraph in Notes")
    takes_arrays = any("array" in entry.type.lower() for entry in doc["Parameters"])
    if takes_arrays and "Dtypes:" not in text:
        problems.append("takes arrays but has no 'Dtypes:' paragraph")
    return problems


@pytest.mark.parametrize("name, obj", REFERENCE, ids=[name for name, _ in REFERENCE])
def test_reference_docstring_is_complete(name, obj):
    problems = docstring_problems(obj)
    assert not problems, f"{name}: " + "; ".join(problems)


def _own_methods():
    found = []
    for name, obj in REFERENCE:
        if not inspect.isclass(obj):
            continue
        for attr in sorted(dir(obj)):
            member = inspect.getattr_static(obj, attr)
            if attr.startswith("_") or not inspect.isfunction(member):
                continue
            if not getattr(member, "__module__", "").startswith("wgarray"):
                continue  # inherited from NumPy or the standard library
            found.append((f"{name}.{attr}", member))
    return found


METHODS = _own_methods()


@pytest.mark.parametrize("name, method", METHODS, ids=[name for name, _ in METHODS])
def test_method_docstring_is_complete_or_points_at_its_function(name, method):
    problems = docstring_problems(method, is_method=True)
    assert not problems, f"{name}: " + "; ".join(problems)


def test_the_checker_finds_what_is_missing():
    def bare(x, axis=None):
        """Sum of x."""

    def full(x, axis=None):
        """Sum of x.

        Parameters
        ----------
        x : array_like
            The input.
        axis : int, optional
            The axis.

        Returns
        -------
        Array
            The sum.

        Notes
        -----
        Dtypes: every numeric dtype.

        GPU: one fold kernel.
        """

    assert set(docstring_problems(bare)) == {
        "parameters not documented: ['x', 'axis']", "no Returns section", "no 'GPU:' paragraph in Notes"}
    assert docstring_problems(full) == []
    full.__doc__ = full.__doc__.replace("Dtypes: every numeric dtype.", "")
    assert docstring_problems(full) == ["takes arrays but has no 'Dtypes:' paragraph"]
