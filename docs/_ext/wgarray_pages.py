"""Sphinx extension: the generated parts of the performance and conformance pages.

At build time it writes into docs/_generated/ (not in git):
- performance_results.md and one PNG per file of benchmarks/results/*.json
  (docs/plot_benchmarks.py), or a "no results yet" note;
- conformance_table.md: the table conformance/run.py --table-out wrote to
  conformance/table.md after the last full-suite run, or a note that there is none yet,
  and the number of entries in conformance/xfails.txt.
The pages include these files with MyST's {include} directive.

It also adds the directive ``optional-toctree``: a toctree that lists only those of its
entries whose page exists, so that pages other engineers are still writing
(custom_kernels.md, dask.md) join the site when they land, with no placeholder.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from sphinx.directives.other import TocTree
from sphinx.util import docname_join


class OptionalTocTree(TocTree):
    """A toctree of the entries among its lines whose documents exist (none: nothing)."""

    def run(self):
        # Re-read this page on every build, since the pages it may list come and go.
        self.env.wgarray_optional_toctree_docs = getattr(self.env, "wgarray_optional_toctree_docs", set())
        self.env.wgarray_optional_toctree_docs.add(self.env.docname)
        found = self.env.found_docs
        self.content = self.content.__class__(
            [line for line in self.content
             if line.strip() and docname_join(self.env.docname, line.strip()) in found])
        return super().run() if self.content else []


def _load_plot_script(docs: Path):
    spec = importlib.util.spec_from_file_location("plot_benchmarks", docs / "plot_benchmarks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_conformance(root: Path, out: Path) -> None:
    table = root / "conformance" / "table.md"
    xfails = root / "conformance" / "xfails.txt"
    lines_of_file = xfails.read_text().splitlines() if xfails.exists() else []
    # An entry starts with "array_api_tests/"; the "# reason" comment is the line above it.
    entries = [(line.strip(), lines_of_file[i - 1].lstrip("# ").strip() if i else "")
               for i, line in enumerate(lines_of_file) if line.startswith("array_api_tests/")]
    lines = [f"Known failures listed in `conformance/xfails.txt`: **{len(entries)}**.", ""]
    lines += [f"- `{entry}`: {reason}" for entry, reason in entries] + [""]
    if table.exists():
        lines += ["Outcomes per test file of the last full-suite run:", "", table.read_text().strip(), ""]
    else:
        lines += [":::{note}", "No full-suite table yet. It is written by",
                  "`python conformance/run.py --max-examples 1000 --table-out conformance/table.md`;",
                  "rebuild the docs to show it here.", ":::", ""]
    path = out / "conformance_table.md"
    text = "\n".join(lines)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def _reread_optional_toctrees(app, env, added, changed, removed):
    return sorted(getattr(env, "wgarray_optional_toctree_docs", set()) & env.found_docs)


def _builder_inited(app):
    docs = Path(app.srcdir)
    out = docs / "_generated"
    out.mkdir(exist_ok=True)
    _load_plot_script(docs).write(docs.parent / "benchmarks" / "results", out)
    write_conformance(docs.parent, out)


def setup(app):
    app.connect("builder-inited", _builder_inited)
    app.add_directive("optional-toctree", OptionalTocTree)
    app.connect("env-get-outdated", _reread_optional_toctrees)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
