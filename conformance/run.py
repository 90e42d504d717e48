#!/usr/bin/env python
"""Run the official array API conformance suite (data-apis/array-api-tests).

    python conformance/run.py [--suite PATH] [--max-examples N] [-n WORKERS]
        [--module wgarray] [--table-out FILE] [files or test ids ...] [-- pytest args]

Prints a table of outcomes per test file; exits non-zero if anything failed or
errored. See conformance/README.md for how to obtain the suite.
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
API_VERSION = "2025.12"
PINNED_COMMIT = "55fcc60179efa2680ddd6cd926ddf17b83530e2b"
COLUMNS = ["passed", "failed", "skipped", "xfailed", "xpassed", "error"]


def parse_args(argv):
    # Everything after a bare "--" goes to pytest untouched.
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--suite", default=os.environ.get("WGARRAY_CONFORMANCE_SUITE"),
                   help="checkout of array-api-tests (default: $WGARRAY_CONFORMANCE_SUITE)")
    p.add_argument("--max-examples", type=int, default=100)
    p.add_argument("-n", "--workers", default="2",
                   help="pytest-xdist workers ('0' runs serially; 'auto' allowed)")
    p.add_argument("--module", default="wgarray", help="array module under test")
    p.add_argument("--table-out", type=Path, help="also write the table as Markdown here")
    p.add_argument("tests", nargs="*",
                   help="test files or ids, e.g. test_creation_functions.py::test_arange")
    args = p.parse_args(argv)
    args.extra = extra
    return args


def find_suite(path):
    if not path or not (Path(path) / "array_api_tests").is_dir():
        sys.exit(f"error: no conformance suite at {path!r}.\n"
                 "Pass --suite PATH or set WGARRAY_CONFORMANCE_SUITE to a checkout of\n"
                 f"https://github.com/data-apis/array-api-tests at {PINNED_COMMIT}\n"
                 "(with its submodule); see conformance/README.md.")
    suite = Path(path).resolve()
    # The suite reads signatures from the spec submodule at import time.
    if not (suite / "array-api" / "spec" / API_VERSION).is_dir():
        sys.exit(f"error: {suite}/array-api/spec/{API_VERSION} is missing; "
                 "run `git submodule update --init` in the suite (conformance/README.md).")
    return suite


def write_xfails(dest):
    """Copy the entry lines of conformance/xfails.txt into dest, checking the format.

    The suite's reader skips '#' lines, but keeps trailing blanks/CR as part of the id
    (so such an entry silently matches nothing); a clean copy avoids that.
    """
    entries, prev = [], ""
    lines = (HERE / "xfails.txt").read_text().splitlines()
    for n, line in enumerate(lines, 1):
        line = line.strip()
        if line and not line.startswith("#"):
            if not line.startswith("array_api_tests/") or not prev.startswith("#"):
                sys.exit(f"error: conformance/xfails.txt:{n}: entries must start with "
                         "'array_api_tests/' and follow a '# reason' line")
            entries.append(line)
        prev = line
    dest.write_text("".join(e + "\n" for e in entries))
    return len(entries)


def tally(report):
    """Outcome counts per test file, from a pytest-json-report dict."""
    rows = defaultdict(lambda: dict.fromkeys(COLUMNS, 0))
    for t in report.get("tests", []):
        rows[t["nodeid"].split("::")[0]][t["outcome"]] += 1
    # A test file that fails to import shows up only as a failed collector, once per
    # xdist worker, hence the set.
    for nodeid in {c["nodeid"] for c in report.get("collectors", []) if c["outcome"] != "passed"}:
        rows[nodeid.split("::")[0]]["error"] += 1
    return rows


def table(rows):
    total = {k: sum(r[k] for r in rows.values()) for k in COLUMNS}
    body = [[Path(f).name] + [str(r[k]) for k in COLUMNS] for f, r in sorted(rows.items())]
    body.append(["**total**"] + [str(total[k]) for k in COLUMNS])
    head = ["file"] + COLUMNS[:-1] + ["errors"]
    widths = [max(len(x) for x in col) for col in zip(head, *body)]

    def fmt(cells):  # file names left-aligned, counts right-aligned
        return "| " + " | ".join(c.ljust(w) if i == 0 else c.rjust(w)
                                 for i, (c, w) in enumerate(zip(cells, widths))) + " |"
    sep = "|" + "|".join("-" * (w + 1) + (":" if i else "-") for i, w in enumerate(widths)) + "|"
    return "\n".join([fmt(head), sep] + [fmt(r) for r in body]), total


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    suite = find_suite(args.suite)
    if importlib.util.find_spec("pytest_jsonreport") is None:
        sys.exit("error: pip install pytest pytest-json-report hypothesis ndindex")

    # Paths are relative to the suite root, which is pytest's rootdir (its conftest
    # lives there), so "test_x.py::test_y" becomes "array_api_tests/test_x.py::test_y".
    tests = [t if t.startswith("array_api_tests/") else f"array_api_tests/{t}"
             for t in args.tests] or ["array_api_tests"]

    env = dict(os.environ, ARRAY_API_TESTS_MODULE=args.module,
               ARRAY_API_TESTS_VERSION=API_VERSION)
    # Make the source checkout importable without installing it.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))

    with tempfile.TemporaryDirectory(prefix="wgarray-conformance-") as tmp:
        xfails, report_file = Path(tmp, "xfails.txt"), Path(tmp, "report.json")
        n_xfails = write_xfails(xfails)
        # --json-report-omit takes a list, so it goes first: nothing after it is swallowed.
        cmd = [sys.executable, "-m", "pytest",
               "--json-report-omit", "keywords", "streams", "log", "traceback",
               "--json-report", f"--json-report-file={report_file}",
               "--max-examples", str(args.max_examples), "--hypothesis-disable-deadline",
               "--xfails-file", str(xfails), *tests,
               "-p", "no:benchmark"]  # pytest-benchmark, if installed, only warns under xdist
        if args.workers not in ("0", ""):
            if importlib.util.find_spec("xdist"):
                cmd += ["-n", args.workers]
            else:
                print("note: pytest-xdist not installed; running serially", file=sys.stderr)
        cmd += args.extra
        print("+", " ".join(cmd), f"  (cwd {suite}, {n_xfails} xfail entries)", flush=True)
        rc = subprocess.call(cmd, cwd=suite, env=env)
        if not report_file.exists():
            # E.g. the module under test failed to import inside the suite's conftest.
            print(f"error: pytest exited with {rc} and wrote no report", file=sys.stderr)
            return rc or 1
        report = json.loads(report_file.read_text())

    text, total = table(tally(report))
    print(f"\nConformance of {args.module} (API {API_VERSION}, --max-examples "
          f"{args.max_examples}, {report.get('duration', 0):.0f} s)\n\n{text}")
    if args.table_out:
        args.table_out.write_text(text + "\n")
    if total["xpassed"]:
        print("note: xpassed tests mean stale entries in conformance/xfails.txt")
    return 1 if total["failed"] or total["error"] else rc


if __name__ == "__main__":
    sys.exit(main())
