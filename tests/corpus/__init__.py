"""A corpus of small NumPy programs in the style of real user code (issue 11, part 10).

Each snippet is a function `snippet(np)` that uses only `np` (bound to numpy or to wgarray) and
returns what it computed: a value, an array, a tuple/list/dict of them, or text. `run.py` runs every
snippet under both and compares the results; `python -m tests.corpus` prints the score per category.

Snippets are registered with the `@snippet` decorator, by module: the module's name is the category.
    ulps           how far float results may be from NumPy's, in units of the last place of the
                   largest magnitude compared (transcendentals and reductions round differently)
    needs          what the snippet needs that wgarray lacks: out of scope, scored separately
    known_failure  the one-line reason wgarray cannot pass it yet (a strict xfail in pytest)
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

CATEGORY_MODULES = (
    "munging", "statistics", "images", "differences", "simulation", "ml", "masking", "fancy",
    "shapes", "broadcasting", "cumulative", "sorting", "where_clip", "printing", "dtypes",
    "creation", "methods", "ufunc_methods", "scalars", "inplace", "linalg", "fft", "library", "random",
    "signal2", "finance2", "geometry2", "graphs2", "integers2", "stencils2", "ml2", "methods2",
    "indexing2", "errors2", "scalars2", "positional2", "printing2", "dtypes2", "inplace2", "masking2",
    "images2", "munging2", "simulation2", "loops2", "routines2", "pythonic2", "edges2", "random2", "checks2", "linalg2", "ufuncs2", "formatting2",
    "programs3a", "programs3b", "part2a", "part2b", "programs4a", "programs4b", "programs4c", "programs4d",
)

DEFAULT_ULPS = 4


@dataclass(frozen=True)
class Snippet:
    name: str
    category: str
    func: Callable
    ulps: int = DEFAULT_ULPS
    needs: str | None = None
    known_failure: str | None = None


SNIPPETS: dict[str, Snippet] = {}


def snippet(func=None, *, ulps: int = DEFAULT_ULPS, needs: str | None = None,
            known_failure: str | None = None):
    """Register `func` (usable bare or with keywords)."""

    def register(f):
        category = f.__module__.rsplit(".", 1)[-1]
        name = f"{category}.{f.__name__}"
        if name in SNIPPETS:
            raise ValueError(f"snippet {name} is registered twice")
        SNIPPETS[name] = Snippet(name, category, f, ulps, needs, known_failure)
        return f

    return register(func) if func is not None else register


def raises(np, func, kind):
    """True if func() raises kind, False if it raises nothing, else the name of what it raised
    (the snippets' comparison then names the wrong type)."""
    try:
        func()
    except kind:
        return True
    except Exception as exc:  # noqa: BLE001 - the wrong type is the result
        return type(exc).__name__
    return False


def load() -> dict[str, Snippet]:
    """Import every category module and return the registry."""
    for module in CATEGORY_MODULES:
        importlib.import_module(f"{__name__}.{module}")
    return SNIPPETS
