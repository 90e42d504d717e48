"""The package's layering: imports point one way, and nothing forms a cycle.

Layers, lowest first: _core, _engines, the Array (_array), the namespace (_api), the custom kernels
(custom: ElementwiseKernel, ReductionKernel, RawKernel), the NumPy layer (_numpy: ufunc objects,
ndarray methods, NumPy-only functions), lib and testing (numpy.lib's and numpy.testing's modules),
the linalg and fft extensions, polynomial (above linalg: roots are eigenvalues), random, nn (whose
dropout draws from random), scipy (SciPy's signal and ndimage filters), dask (Dask arrays of wgarray
chunks), then the package root. A module may import its own layer and the layers below it, never
above; imports inside functions count too. The root (wgarray/__init__.py, __main__.py) may import
anything.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "wgarray"
LAYERS = ("_core", "_engines", "_array", "_api", "custom", "_numpy", "lib", "testing", "linalg", "fft", "polynomial",
          "random", "nn", "scipy", "dask")
MAX_LINES = 500


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _layer(module: str) -> int | None:
    """The layer index of a wgarray module, or None for the package root."""
    parts = module.split(".")
    if len(parts) < 2 or parts[0] != "wgarray":
        return None
    return LAYERS.index(parts[1]) if parts[1] in LAYERS else None


def _imports(path: Path) -> set:
    """Every wgarray module that path imports, at any depth of its code."""
    return _imports_of(path.read_text(), _module_name(path), path.name == "__init__.py")


def _imports_of(source: str, module: str, is_package: bool) -> set:
    package = module if is_package else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "wgarray")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "wgarray":
                continue
            for alias in node.names:  # `from . import x` names a module
                candidate = f"{target}.{alias.name}"
                found.add(candidate if _exists(candidate) else target)
    return found


def _exists(module: str) -> bool:
    path = PACKAGE.parent.joinpath(*module.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _graph() -> dict:
    return {_module_name(p): _imports(p) for p in PACKAGE.rglob("*.py")}


def test_imports_point_down():
    wrong = []
    for module, targets in _graph().items():
        here = _layer(module)
        if here is None:
            continue
        for target in targets:
            there = _layer(target)
            if there is None or there > here:
                wrong.append(f"{module} imports {target}")
    assert not wrong, "imports from a higher layer:\n" + "\n".join(sorted(wrong))


def test_no_import_cycles():
    graph = _graph()
    state: dict = {}
    cycles = []

    def visit(node, stack):
        state[node] = "open"
        for target in graph.get(node, ()):
            if target == node or target not in graph:
                continue
            if state.get(target) == "open":
                cycles.append(stack[stack.index(target):] + [target])
            elif target not in state:
                visit(target, stack + [target])
        state[node] = "done"

    for node in graph:
        if node not in state:
            visit(node, [node])
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_no_long_files():
    long = [f"{p.relative_to(PACKAGE.parent)}: {n} lines" for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text().splitlines())) > MAX_LINES]
    assert not long, "files over 500 lines:\n" + "\n".join(long)


def test_the_checker_sees_function_level_imports():
    """The layer test must catch an upward import hidden inside a function."""
    source = "def f():\n    from .._api import coerce\n    from ..import _array\n    return coerce\n"
    found = _imports_of(source, "wgarray._engines.probe", False)
    assert {"wgarray._api.coerce", "wgarray._array"} <= found
    assert _layer("wgarray._api.coerce") > _layer("wgarray._engines.probe")
