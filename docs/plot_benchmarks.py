#!/usr/bin/env python3
"""Draw the benchmark results in benchmarks/results/*.json as bar charts (matplotlib, Agg).

Each JSON file is one run of a benchmark script with ``--json FILE``. Two layouts are read:

- the per-area scripts (``kernels.py``, ``at.py``, ``numpy_part2.py``, ``fft.py``, ...): a
  list of rows ``{"benchmark": name, "wgarray": seconds, "torch": seconds, ...}``;
- ``run.py``: ``{"devices": ..., "ratios": [{"benchmark", "peer", "ratio", "meaning"}]}``;
- ``linalg_matmul.py``: a list of ``{"case", "plan", "ms", "torch_ms", ...}``.

Every bar is wgarray's speed relative to one peer (PyTorch, CuPy, NumPy): the peer's time
over wgarray's time, so above 1 means wgarray is faster. A file's name says where it ran
(``h100-kernels.json``, ``lavapipe-run.json``); other layouts are listed as not plotted.

  python docs/plot_benchmarks.py [--results benchmarks/results] [--out docs/_generated]

writes one PNG per file and ``performance_results.md`` (MyST) that the performance page
includes; with no JSON it writes a "no results yet" note instead.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEERS = ("torch", "cupy", "numpy")
PEER_NAMES = {"torch": "PyTorch", "cupy": "CuPy", "numpy": "NumPy"}


def speedups(data) -> tuple[list[tuple[str, str, float]], dict]:
    """(case, peer, peer time / wgarray time) of one JSON file, and its devices if it names them."""
    bars = []
    if isinstance(data, list) and data and "case" in data[0]:  # linalg_matmul.py: milliseconds
        for row in data:
            if row.get("ms") and row.get("torch_ms"):
                bars.append((f"{row['case']} ({row.get('plan', '')})", "torch", row["torch_ms"] / row["ms"]))
        return bars, {}
    if isinstance(data, list):  # rows of the per-area scripts: seconds per library
        for row in data:
            ours = row.get("wgarray")
            for peer in PEERS:
                theirs = row.get(peer)
                if ours and theirs:
                    bars.append((str(row["benchmark"]), peer, theirs / ours))
        return bars, {}
    if isinstance(data, dict) and "ratios" in data:  # run.py: ratios with their meaning
        for r in data["ratios"]:
            if not r.get("ratio"):
                continue
            # "wgarray time / peer time" is inverted; "wgarray GB/s / peer GB/s" is a speed already.
            speed = 1 / r["ratio"] if "time" in r.get("meaning", "") else r["ratio"]
            bars.append((r["benchmark"], r["peer"], speed))
        return bars, data.get("devices", {})
    raise ValueError("not a layout this script reads")


def plot(bars, title: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cases = list(dict.fromkeys(case for case, _, _ in bars))
    peers = [p for p in PEERS if any(peer == p for _, peer, _ in bars)]
    height = 0.8 / len(peers)
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(cases) * max(1, len(peers) * 0.6) + 1.2))
    for k, peer in enumerate(peers):
        values = {case: v for case, p, v in bars if p == peer}
        ys = [i + k * height for i, case in enumerate(cases) if case in values]
        xs = [values[case] for case in cases if case in values]
        ax.barh(ys, xs, height=height, label=f"vs {PEER_NAMES[peer]}")
    ax.set_yticks([i + height * (len(peers) - 1) / 2 for i in range(len(cases))], cases)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xlabel("wgarray speed relative to the peer (peer time / wgarray time; > 1: wgarray faster)")
    ax.set_title(title)
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def _times_only(path: Path) -> list[str]:
    """Markdown for a file in which no peer ran (a machine without PyTorch or CuPy): wgarray's times."""
    data = json.loads(path.read_text())
    rows = [r for r in data if r.get("wgarray") and "benchmark" in r] if isinstance(data, list) else []
    if not rows:
        return [f"- `{path.name}`: no case with a wgarray result.", ""]
    lines = [f"## `{path.name}`", "", "No peer ran on this machine: wgarray's times only.", "",
             "| case | wgarray time |", "|---|---:|"]
    return lines + [f"| {r['benchmark']} | {r['wgarray'] * 1e3:.3g} ms |" for r in rows] + [""]


def write(results: Path, out: Path) -> Path:
    """Plot every JSON file under `results` into `out`; returns the Markdown file written."""
    out.mkdir(parents=True, exist_ok=True)
    lines = []
    files = sorted(results.glob("*.json")) if results.is_dir() else []
    for path in files:
        try:
            bars, devices = speedups(json.loads(path.read_text()))
        except (ValueError, KeyError, TypeError) as e:
            lines += [f"- `{path.name}`: not plotted ({e}).", ""]
            continue
        if not bars:
            lines += _times_only(path)
            continue
        png = out / f"bench-{path.stem}.png"
        plot(bars, path.stem, png)
        where = ", ".join(f"{name}: {device}" for name, device in devices.items())
        lines += [f"## `{path.name}`", ""]
        if where:
            lines += [f"Devices: {where}.", ""]
        lines += [f"![{path.stem}](/_generated/{png.name})", ""]
        lines += ["| case | peer | wgarray speed vs peer |", "|---|---|---:|"]
        lines += [f"| {case} | {PEER_NAMES[peer]} | {v:.3g}x |" for case, peer, v in bars]
        lines.append("")
    if not files:
        lines = [":::{note}", "No results yet: `benchmarks/results/` holds no JSON file. Run a "
                 "benchmark with `--json benchmarks/results/DEVICE-NAME.json` and rebuild the docs.",
                 ":::", ""]
    md = out / "performance_results.md"
    md.write_text("\n".join(lines))
    return md


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=ROOT / "benchmarks" / "results")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "_generated")
    args = parser.parse_args()
    print(f"wrote {write(args.results, args.out)}")


if __name__ == "__main__":
    main()
