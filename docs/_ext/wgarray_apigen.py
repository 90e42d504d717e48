"""Sphinx extension: writes the API reference pages from what wgarray exports.

The reference lists every public name at build time, so that names added later (custom
kernels, memory pools, ``wgarray.dask``, ...) appear without editing an .rst file:

- the top-level namespace is sorted into areas by the module each function comes from
  (``AREAS``); a function from a module no area names goes to "Other functions";
- each extension namespace (``linalg``, ``fft``, ``random``, ...) is listed from its
  ``__all__``;
- data (dtypes and constants) are listed in a plain table, not as autodoc pages.

The pages go to ``docs/reference/areas/`` (not in git) before autosummary runs, and
autosummary writes one stub page per name to ``docs/reference/generated/``.
"""

from __future__ import annotations

import importlib
import inspect
import re
import types
from pathlib import Path

# (slug, title, blurb, module patterns): a function belongs to the first area one of whose
# patterns (regular expressions) matches the last part of its __module__ in full.
AREAS = [
    ("creation", "Array creation", "Functions that make new arrays, and reading and writing them.",
     ["creation_functions", "creation", "ranges", "index_tricks", "io"]),
    ("data_types", "Data types", "Data type objects, their limits and conversions.",
     ["data_type_functions", "dtypes"]),
    ("elementwise", "Elementwise functions and ufuncs",
     "The array API's elementwise functions and NumPy's ufunc objects (with their "
     "``reduce``, ``accumulate``, ``outer`` and ``at`` methods).",
     ["elementwise_functions", "math_functions", "ufuncs?", "ufunc_.*", "scimath", "bits", "logic"]),
    ("indexing", "Indexing", "Taking, putting and index helpers.",
     ["indexing_functions", "indexing", "index_routines", "indices", "flatiter"]),
    ("manipulation", "Manipulation", "Reshaping, joining, splitting and rearranging arrays.",
     ["manipulation_functions", "shaping", "keywords", "editing", "padding", "stride_tricks", "views"]),
    ("searching_sorting_sets", "Searching, sorting and sets", "",
     ["searching_functions", "sorting_functions", "set_functions", "sets", "search.*", "sort.*"]),
    ("statistics", "Reductions and statistics", "Sums, extrema, means, quantiles, histograms.",
     ["statistical_functions", "reductions", "statistics", "more_stats", "more_nan", "quantile.*",
      "histograms", "bin_.*", "calculus"]),
    ("linear_algebra", "Linear algebra (top level)",
     "``matmul``, ``tensordot``, ``einsum`` and friends; see also :mod:`wgarray.linalg`.",
     ["linear_algebra_functions", "more_products", "einsum"]),
    ("windows", "Window functions", "", ["windows"]),
    ("polynomial_legacy", "Polynomials (legacy interface)",
     "``poly1d``, ``polyfit``, ``roots``, ...; see also :mod:`wgarray.polynomial`.",
     ["_poly1d", "_series"]),
    ("kernels", "Custom kernels", "User-written kernels (see the custom kernels guide).",
     [".*kernel.*"]),
    ("runtime", "Devices, memory and configuration",
     "The device, synchronisation, memory statistics, floating-point error handling and fast math.",
     ["runtime", "device", "config", "errstate", "memory.*", "inspection", "utility_functions",
      "printing", ".*config.*"]),
]
OTHER = ("other", "Other functions", "NumPy functions not in an area above.", [])

# Extension namespaces, each listed from its __all__ (those absent at build time are left out).
SUBMODULES = [
    ("linalg", "wgarray.linalg", "Linear algebra: the array API extension and ``numpy.linalg``."),
    ("fft", "wgarray.fft", "Discrete Fourier transforms: the array API extension, ``numpy.fft`` "
                            "and ``scipy.fft``'s real transforms."),
    ("random", "wgarray.random", "Random sampling on the GPU (Philox4x32-10), like ``numpy.random``."),
    ("nn", "wgarray.nn", "Neural-network building blocks like ``torch.nn.functional``."),
    ("lib", "wgarray.lib", "``numpy.lib``'s stride tricks and ``scimath``."),
    ("testing", "wgarray.testing", "Assertions like ``numpy.testing``."),
    ("polynomial", "wgarray.polynomial", "The ``Polynomial`` class."),
    ("scipy_signal", "wgarray.scipy.signal", "``scipy.signal``'s filtering and convolution on the GPU."),
    ("scipy_ndimage", "wgarray.scipy.ndimage", "``scipy.ndimage``'s filters on the GPU."),
    ("dask", "wgarray.dask", "Scaling out with Dask (see the Dask guide)."),
]


def _is_function_like(obj) -> bool:
    return callable(obj) and not inspect.isclass(obj)


def _ours(obj) -> bool:
    return getattr(obj, "__module__", "").startswith("wgarray")


def _is_kernel_class(obj) -> bool:
    """A user-kernel class (ElementwiseKernel, RawKernel, ...): listed with the custom kernels
    rather than with the Array (exceptions such as KernelCompileError stay with the classes)."""
    module = getattr(obj, "__module__", "")
    return (module.startswith("wgarray") and not issubclass(obj, BaseException)
            and (obj.__name__.endswith("Kernel") or "kernel" in module.rsplit(".", 1)[-1]))


def _top_level_names(wg):
    """(classes, functions by area slug, data) of the top-level namespace."""
    classes, data = [], []
    by_area = {slug: [] for slug, *_ in AREAS + [OTHER]}
    for name in sorted(dir(wg), key=str.lower):
        if name.startswith("_"):
            continue
        obj = getattr(wg, name)
        if isinstance(obj, types.ModuleType):
            continue
        if inspect.isclass(obj):
            if obj.__name__ != name or not _ours(obj):
                data.append(name)  # an alias (ndarray is Array) or NumPy's scalar type (float32)
            elif _is_kernel_class(obj):
                by_area["kernels"].append(name)
            else:
                classes.append(name)
            continue
        if not _is_function_like(obj):
            data.append(name)
            continue
        module = getattr(obj, "__module__", None) or type(obj).__module__
        last = "ufunc" if type(obj).__name__ == "ufunc" else module.rsplit(".", 1)[-1]
        slug = next((slug for slug, _, _, patterns in AREAS
                     if any(re.fullmatch(p, last) for p in patterns)), OTHER[0])
        by_area[slug].append(name)
    return classes, by_area, data


def _autosummary(current_module: str, names) -> str:
    lines = [f".. currentmodule:: {current_module}", "", ".. autosummary::",
             "   :toctree: ../generated/", "   :nosignatures:", ""]
    lines += [f"   {name}" for name in names]
    return "\n".join(lines) + "\n"


def _page(title: str, blurb: str, body: str) -> str:
    return f"{title}\n{'=' * len(title)}\n\n{blurb}\n\n{body}" if blurb else f"{title}\n{'=' * len(title)}\n\n{body}"


def _data_table(wg, names) -> str:
    rows = []
    for name in names:
        value = getattr(wg, name)
        shown = re.sub(r"\s+", " ", repr(value)).replace("`", "'")
        if len(shown) > 60:  # a literal may not end in a space: cut, then strip
            shown = shown[:57].rstrip() + "..."
        rows.append(f"   * - ``{name}``\n     - ``{shown}``")
    return ".. list-table::\n   :header-rows: 1\n\n   * - name\n     - value\n" + "\n".join(rows) + "\n"


def write_reference(srcdir: Path) -> list[str]:
    """Write docs/reference/areas/*.rst; returns the page names in order."""
    import wgarray as wg

    out = srcdir / "reference" / "areas"
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.rst"):
        old.unlink()
    pages = []

    def emit(slug, text):
        pages.append(slug)
        path = out / f"{len(pages):02d}_{slug}.rst"
        if not path.exists() or path.read_text() != text:
            path.write_text(text)

    classes, by_area, data = _top_level_names(wg)
    emit("array", _page("The array object and classes",
                        "``wgarray.ndarray`` is ``wgarray.Array``; its methods and operators "
                        "follow NumPy's ``ndarray``.", _autosummary("wgarray", classes)))
    for slug, title, blurb, _ in AREAS + [OTHER]:
        if by_area[slug]:
            emit(slug, _page(title, blurb, _autosummary("wgarray", by_area[slug])))
    emit("constants", _page("Data type objects and constants",
                            "Names bound to data (not functions) in the top-level namespace.",
                            ".. currentmodule:: wgarray\n\n" + _data_table(wg, data)))
    for slug, module_name, blurb in SUBMODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # an optional namespace whose dependency is not installed
            continue
        names = sorted(getattr(module, "__all__", []), key=str.lower)
        # NumPy's own classes re-exported (random.SeedSequence) go to the table: their pages
        # would be NumPy's, with references into NumPy's documentation.
        functions = [n for n in names if callable(getattr(module, n, None))
                     and not (inspect.isclass(getattr(module, n)) and not _ours(getattr(module, n)))]
        body = _autosummary(module_name, functions)
        rest = [n for n in names if n not in functions and hasattr(module, n)]
        if rest:
            body += "\n" + _data_table(module, rest)
        title = f"``{module_name}``"
        emit(slug, _page(title, blurb, f".. module:: {module_name}\n\n" + body))
    # The reference's own pages link to the areas in this order.
    return [f"areas/{i + 1:02d}_{slug}" for i, slug in enumerate(pages)]


def _ufunc_documenter():
    """autodoc documents wgarray's ufunc objects as functions (NumPy's docs do the same):
    they are callable instances with a __signature__, which autodoc would take for data."""
    from sphinx.ext.autodoc import FunctionDocumenter

    class UfuncDocumenter(FunctionDocumenter):
        objtype = "ufunc"
        directivetype = "function"
        priority = FunctionDocumenter.priority + 1

        @classmethod
        def can_document_member(cls, member, membername, isattr, parent):
            return type(member).__name__ == "ufunc" and type(member).__module__.startswith("wgarray")

    return UfuncDocumenter


def _config_inited(app, config):
    write_reference(Path(app.srcdir))


def setup(app):
    # Before Sphinx lists the source files (and autosummary reads them to write its stubs).
    app.connect("config-inited", _config_inited)
    app.add_autodocumenter(_ufunc_documenter())
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def reference_callables():
    """(qualified name, object) of every callable the reference documents, in its order."""
    import wgarray as wg

    found = []
    classes, by_area, _ = _top_level_names(wg)
    for name in classes + [n for names in by_area.values() for n in names]:
        found.append((f"wgarray.{name}", getattr(wg, name)))
    for _, module_name, _ in SUBMODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for name in sorted(getattr(module, "__all__", []), key=str.lower):
            obj = getattr(module, name, None)
            if callable(obj) and not (inspect.isclass(obj) and not _ours(obj)):
                found.append((f"{module_name}.{name}", obj))
    return found
