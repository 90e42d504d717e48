"""Run the corpus under NumPy and wgarray and score it: `python -m tests.corpus [-v] [names...]`."""

from __future__ import annotations

import sys
import traceback
from collections import Counter
from dataclasses import dataclass

import numpy

import wgarray
from . import Snippet, load
from .compare import difference, to_host

PASSED, FAILED, ERROR = "passed", "failed", "error"


@dataclass(frozen=True)
class Outcome:
    status: str  # PASSED, FAILED (a different result) or ERROR (wgarray raised)
    detail: str = ""


def expected_result(snip: Snippet):
    """The snippet's result under NumPy (an exception here is a bug in the corpus).

    NumPy runs with its floating-point warnings off, as wgarray's default error state is."""
    with numpy.errstate(all="ignore"):
        return snip.func(numpy)


def run(snip: Snippet) -> Outcome:
    expected = expected_result(snip)
    try:
        with numpy.errstate(all="ignore"):  # NumPy's own scalars inside the snippet
            got = to_host(snip.func(wgarray), wgarray.Array)
    except Exception as exc:  # the score counts every exception as an error of wgarray
        last = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{last.filename.rsplit('/', 2)[-1]}:{last.lineno}"
        return Outcome(ERROR, f"{type(exc).__name__}: {exc} ({where})"[:300])
    found = difference(expected, got, snip.ulps)
    return Outcome(FAILED, found) if found else Outcome(PASSED)


def score(snippets, verbose: bool = False) -> dict:
    """Run `snippets`, print the table of outcomes per category, and return the counts."""
    return tabulate([(snip, run(snip)) for snip in snippets], verbose)


def tabulate(results, verbose: bool = False) -> dict:
    """Print the table of (snippet, outcome) pairs per category (out-of-scope ones apart) and return
    the counts of the snippets in scope."""
    table: dict[str, Counter] = {}
    details = []
    for snip, outcome in results:
        group = f"out of scope ({snip.needs})" if snip.needs else snip.category
        status = outcome.status
        if snip.known_failure and status != PASSED:
            status = "known failure"
        table.setdefault(group, Counter())[status] += 1
        if outcome.status != PASSED:
            details.append(f"{snip.name}: {status}: {outcome.detail}"
                           + (f"  [known: {snip.known_failure}]" if snip.known_failure else ""))
    columns = (PASSED, FAILED, ERROR, "known failure")
    print(f"{'category':28}" + "".join(f"{c:>15}" for c in columns))
    total = Counter()
    for group in sorted(table, key=lambda g: (g.startswith("out of scope"), g)):
        print(f"{group:28}" + "".join(f"{table[group][c]:>15}" for c in columns))
        if not group.startswith("out of scope"):
            total.update(table[group])
    print(f"{'total (in scope)':28}" + "".join(f"{total[c]:>15}" for c in columns))
    if verbose:
        print("\n".join(details))
    return dict(total)


def main(argv) -> int:
    verbose = "-v" in argv
    names = [a for a in argv if not a.startswith("-")]
    snippets = [s for name, s in load().items() if not names or any(n in name for n in names)]
    totals = score(snippets, verbose)
    return 0 if totals.get(FAILED, 0) + totals.get(ERROR, 0) == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
