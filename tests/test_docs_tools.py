"""The documentation's generators: the API reference lists every public name
(docs/_ext/wgarray_apigen.py), and docs/plot_benchmarks.py reads both JSON layouts the
benchmarks write. Neither needs Sphinx; the plots need matplotlib (the [docs] extra)."""

from __future__ import annotations

import importlib.util
import inspect
import json
import re
import types
from pathlib import Path

import pytest

import wgarray

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


apigen = _load(DOCS / "_ext" / "wgarray_apigen.py")
plots = _load(DOCS / "plot_benchmarks.py")


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    srcdir = tmp_path_factory.mktemp("docs")
    pages = apigen.write_reference(srcdir)
    text = {page: (srcdir / "reference" / f"{page}.rst").read_text() for page in pages}
    return pages, text


def _listed(text: dict) -> set:
    """(current module, name) of every autosummary entry and data row of the pages."""
    listed = set()
    for page in text.values():
        module = None
        for line in page.splitlines():
            if m := re.match(r"\.\. (?:current)?module:: (\S+)", line):
                module = m.group(1)
            elif m := re.match(r"   (\w+)$", line):
                listed.add((module, m.group(1)))
            elif m := re.match(r"   \* - ``(\w+)``", line):
                listed.add((module, m.group(1)))
    return listed


def test_every_public_top_level_name_is_in_the_reference(reference):
    _, text = reference
    listed = _listed(text)
    public = {name for name in dir(wgarray) if not name.startswith("_")
              and not isinstance(getattr(wgarray, name), types.ModuleType)}
    missing = sorted(n for n in public if ("wgarray", n) not in listed)
    assert not missing, f"not in the reference: {missing}"


@pytest.mark.parametrize("namespace", ["linalg", "fft", "random", "nn", "testing", "polynomial", "lib"])
def test_every_name_of_an_extension_namespace_is_in_the_reference(reference, namespace):
    _, text = reference
    listed = _listed(text)
    module = getattr(wgarray, namespace)
    missing = sorted(n for n in module.__all__ if (f"wgarray.{namespace}", n) not in listed)
    assert not missing, f"not in the reference of wgarray.{namespace}: {missing}"


def test_functions_are_sorted_into_areas(reference):
    pages, text = reference
    by_slug = {page.split("_", 1)[1]: text[page] for page in pages}
    assert "   ones\n" in by_slug["creation"]
    assert "   add\n" in by_slug["elementwise"]  # a ufunc object
    assert "   moveaxis\n" in by_slug["manipulation"]
    assert "   Array\n" in by_slug["array"]
    # "other" is a fallback, not where the areas' functions end up
    other = by_slug.get("other", "")
    assert sum(line.startswith("   ") and "::" not in line for line in other.splitlines()) < 40


def test_speedups_of_the_per_area_layout():
    rows = [{"benchmark": "sum", "unit": "GB/s", "wgarray": 2.0, "torch": 1.0, "cupy": None},
            {"benchmark": "sort", "unit": "s", "wgarray": 1.0, "numpy": 4.0}]
    bars, devices = plots.speedups(rows)
    assert bars == [("sum", "torch", 0.5), ("sort", "numpy", 4.0)]
    assert devices == {}


def test_speedups_of_run_py_invert_time_ratios_only():
    data = {"devices": {"wgarray": "gpu"}, "ratios": [
        {"benchmark": "overhead", "peer": "torch", "ratio": 4.0, "meaning": "wgarray time / peer time"},
        {"benchmark": "bandwidth", "peer": "torch", "ratio": 0.8, "meaning": "wgarray GB/s / peer GB/s"},
        {"benchmark": "bandwidth", "peer": "cupy", "ratio": None, "meaning": "wgarray GB/s / peer GB/s"}]}
    bars, devices = plots.speedups(data)
    assert bars == [("overhead", "torch", 0.25), ("bandwidth", "torch", 0.8)]
    assert devices == {"wgarray": "gpu"}


def test_speedups_of_linalg_matmul_rows():
    rows = [{"case": "matvec f32", "plan": "gemv", "ms": 2.0, "torch_ms": 1.0, "ratio": 2.0, "ok": True},
            {"case": "matvec f32", "plan": "tiled", "ms": 4.0, "torch_ms": 0.0, "ratio": None, "ok": True}]
    assert plots.speedups(rows)[0] == [("matvec f32 (gemv)", "torch", 0.5)]


def test_an_unknown_layout_is_refused():
    with pytest.raises(ValueError):
        plots.speedups({"n": 4096, "rows": []})


def test_no_results_gives_a_note(tmp_path):
    md = plots.write(tmp_path / "none", tmp_path / "out")
    assert "No results yet" in md.read_text()


def test_plots_of_real_results(tmp_path):
    pytest.importorskip("matplotlib")
    results = tmp_path / "results"
    results.mkdir()
    (results / "gpu-kernels.json").write_text(json.dumps(
        [{"benchmark": "sum f32", "unit": "GB/s", "wgarray": 2e-3, "torch": 1e-3, "cupy": 1.5e-3}]))
    (results / "cpu-random.json").write_text(json.dumps([{"benchmark": "normal", "unit": "s", "wgarray": 0.01}]))
    (results / "other.json").write_text(json.dumps({"n": 1}))
    text = plots.write(results, tmp_path / "out").read_text()
    assert (tmp_path / "out" / "bench-gpu-kernels.png").stat().st_size > 1000
    assert "| sum f32 | PyTorch | 0.5x |" in text and "| sum f32 | CuPy | 0.75x |" in text
    assert "| normal | 10 ms |" in text  # no peer ran: wgarray's times
    assert "`other.json`: not plotted" in text


def test_the_committed_lavapipe_results_are_read():
    """benchmarks/results/ holds real runs; each is in a layout the page can show."""
    for path in sorted((DOCS.parent / "benchmarks" / "results").glob("*.json")):
        data = json.loads(path.read_text())
        bars, _ = plots.speedups(data)
        assert bars or (isinstance(data, list) and all(r.get("wgarray") for r in data)), path.name


def test_generated_names_are_documented():
    """Every function the reference lists has a docstring (the reference would show an empty page)."""
    classes, by_area, _ = apigen._top_level_names(wgarray)
    undocumented = [n for names in by_area.values() for n in names
                    if not inspect.getdoc(getattr(wgarray, n))]
    assert not undocumented, undocumented


def test_names_added_later_find_their_area():
    """The names other work adds (custom kernels, memory pool, show_config) need no .rst edit."""
    def function(module):
        def f():
            """A function."""
        f.__module__ = module
        return f

    ElementwiseKernel = type("ElementwiseKernel", (), {"__module__": "wgarray._api.user_kernels"})
    KernelCompileError = type("KernelCompileError", (Exception,), {"__module__": "wgarray._core.kernels"})
    fake = types.ModuleType("wgarray_fake")
    fake.ElementwiseKernel = ElementwiseKernel
    fake.KernelCompileError = KernelCompileError
    fake.get_default_memory_pool = function("wgarray._core.memory")
    fake.show_config = function("wgarray._api.runtime")
    fake.brand_new = function("wgarray._numpy.brand_new_module")
    classes, by_area, data = apigen._top_level_names(fake)
    assert by_area["kernels"] == ["ElementwiseKernel"]
    assert classes == ["KernelCompileError"]
    assert set(by_area["runtime"]) == {"get_default_memory_pool", "show_config"}
    assert by_area["other"] == ["brand_new"]


def test_conformance_page_shows_the_table_and_the_known_failures(tmp_path):
    pytest.importorskip("sphinx.directives")  # (a partial sphinx lacks it)
    pages = _load(DOCS / "_ext" / "wgarray_pages.py")
    (tmp_path / "conformance").mkdir()
    (tmp_path / "conformance" / "xfails.txt").write_text(
        "# header comment\n\n# why it fails\narray_api_tests/test_x.py::test_y\n")
    pages.write_conformance(tmp_path, tmp_path)
    text = (tmp_path / "conformance_table.md").read_text()
    assert "**1**" in text and "- `array_api_tests/test_x.py::test_y`: why it fails" in text
    assert "No full-suite table yet" in text
    (tmp_path / "conformance" / "table.md").write_text("| file | passed |\n|---|---:|\n| **total** | 5 |\n")
    pages.write_conformance(tmp_path, tmp_path)
    text = (tmp_path / "conformance_table.md").read_text()
    assert "| **total** | 5 |" in text and "No full-suite table yet" not in text
