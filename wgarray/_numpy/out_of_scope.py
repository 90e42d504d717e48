"""NumPy names wgarray leaves to NumPy on purpose, with the reason: looking one up on the package raises
an AttributeError that says so (an AttributeError still, so `hasattr(wgarray, "ma")` stays False)."""

from __future__ import annotations

_REASONS = {
    "dates and times stay NumPy's (datetime64 data has no GPU dtype)": (
        "datetime64", "timedelta64", "datetime_as_string", "datetime_data", "busday_count", "busday_offset",
        "is_busday", "busdaycalendar"),
    "strings stay NumPy's": ("str_", "bytes_", "character", "flexible", "char", "strings"),
    "Python objects stay NumPy's": ("object_", "frompyfunc"),
    "void and record data stay NumPy's": ("void", "recarray", "rec", "record", "format_parser"),
    "masked arrays stay NumPy's (numpy.ma)": ("ma",),
    "the matrix class stays NumPy's (NumPy itself deprecates it: use 2-d arrays and @)": ("matrix", "asmatrix", "bmat"),
    "memory-mapped files stay NumPy's (load the data, then asarray it)": ("memmap",),
    "wgarray has no extended precision (its widest float is float64)": (
        "longdouble", "clongdouble", "float96", "float128", "complex192", "complex256"),
    "nditer is not supported: iterate with ndindex, ndenumerate or .flat": ("nditer", "nested_iters"),
}
_MISSING = {name: reason for reason, names in _REASONS.items() for name in names}


def missing_attribute(module: str, name: str) -> AttributeError:
    """The error for `module.name`: NumPy's wording, with the reason when wgarray leaves the name out on purpose."""
    reason = _MISSING.get(name)
    if reason is None:
        return AttributeError(f"module {module!r} has no attribute {name!r}")
    return AttributeError(f"module {module!r} has no attribute {name!r}: {reason}")
