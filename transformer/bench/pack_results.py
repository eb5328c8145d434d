"""`cgp-transform bench --from-pack RESULTS`: a packed run's results (templates/pack_run.sh.j2)
read back on the development machine. The raw driver lines go through bench's own parser
(measure.parse) into its measurements, so the figures (speedups, Amdahl share, the ceiling,
memory, per-layer speedups), the table and the per-net plot are bench's own; the summary of
pack_summary (what the packed run wrote with python3) comes with them, and an overview plot
draws every net's speedups beside its ceiling."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Dict, List, Optional

from ..errors import CheckFailure, InputError
from . import blas_check, figures, measure, pack_summary
from . import report as bench_report


def _config(key: str, net: dict) -> measure.Config:
    """The bench configuration a raw file's key stands for."""
    if key == "baseline":
        return measure.Config("baseline", "original", 1, None, 1)
    kind, t = key.rsplit("-", 1)
    t = int(t)
    if kind == "coarse":
        return measure.Config(key, "transformed", t, t, 1)
    if kind == "blas":
        return measure.Config(key, "original", t, None, t)
    per = net.get("ceiling", {}).get(str(t))
    return measure.Config(key, "original", t, 1, 1, procs=t, batch=per,
                          net=f"nets/{net.get('name')}-b{per}.prototxt")


def _sample(files: Dict[int, Path]) -> Optional[measure.Sample]:
    """One run (a ceiling run: its processes together, as measure.run_once combines them);
    None when a process reported nothing."""
    got = []
    for path in files.values():
        try:
            got.append(measure.parse(path.read_text(errors="replace")))
        except CheckFailure:
            return None
    if len(got) == 1:
        return got[0]
    rss = [s.rss_kb for s in got if s.rss_kb is not None]
    return measure.Sample(max(s.iteration_ms for s in got), {}, max(rss) if rss else None)


def measured(runs: Dict[str, Dict[int, Dict[int, Path]]], net: dict) -> List[measure.Measured]:
    out = []
    for key in sorted(runs, key=_order):
        m = measure.Measured(_config(key, net))
        for rnd in sorted(runs[key]):
            files = runs[key][rnd]
            sample = _sample(files)
            if sample is not None and len(files) >= m.config.procs:
                m.samples.append(sample)
        if m.samples:
            out.append(m)
    return out


def _order(key: str):
    """bench's order: baseline, then per T: blas-T, ceiling-T, coarse-T."""
    if key == "baseline":
        return (0, 0, 0)
    kind, t = key.rsplit("-", 1)
    return (1, int(t), {"blas": 0, "ceiling": 1, "coarse": 2}.get(kind, 3))


def _blas(results: Path) -> Optional[dict]:
    """The BLAS the runs used (as chosen by the run script), judged as bench judges it."""
    chosen = pack_summary.key_values(results / "blas.txt").get("chosen_file")
    raw = results / (chosen or "blas-default.txt")
    cpuinfo = results / "cpuinfo.txt"
    if not raw.is_file():
        return None
    cpu = blas_check.parse_cpuinfo(cpuinfo.read_text(errors="replace")
                                   if cpuinfo.is_file() else "")
    return blas_check.judge(blas_check.parse(raw.read_text(errors="replace")), cpu)


def _net_result(name: str, runs, net: dict, types: set, blas: Optional[dict],
                iterations: Optional[int]) -> dict:
    got = measured(runs, net)
    keys = {m.config.key for m in got}
    threads = sorted(m.config.threads for m in got if m.config.key.startswith("coarse-")
                     and (m.config.threads == 1 or f"blas-{m.config.threads}" in keys))
    if "baseline" not in keys or 1 not in threads:
        raise CheckFailure(f"{name}: the results hold no complete baseline and coarse-1 runs")
    figs = figures.derive(got, threads, types, net.get("batch"))
    return {"net": name, "repeats": len(got[0].samples), "iterations": iterations,
            "batch": net.get("batch"), "batch_given": False, "data": net.get("data", ""),
            "blas": blas, "suspect": bool(blas and blas["verdict"] != "ok"),
            "threads": threads, "figures": figs,
            "held_back_by": figures.slowest_layers(figs),
            "measured": [{"config": m.config.__dict__, "iteration_ms": m.iteration,
                          "runs_ms": [s.iteration_ms for s in m.samples],
                          "peak_rss_kb": m.peak_rss_kb, "private_bytes": m.private_bytes}
                         for m in got]}


def load(results: Path) -> dict:
    """Everything bench --from-pack reports: per net, bench's result; and the summary."""
    results = Path(results)
    if not (results / "raw").is_dir():
        raise InputError(f"--from-pack {results}: no raw/ directory (the results of "
                         "a packed run.sh)")
    manifest_path = results / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.is_file() else {}
    by_name = {n["name"]: n for n in manifest.get("nets", [])}
    types = set(manifest.get("transformed_types", []))
    blas = _blas(results)
    plan = pack_summary.key_values(results / "plan.txt")
    nets = []
    for name, runs in pack_summary.raw_files(results).items():
        net = by_name.get(name, {"name": name})
        nets.append(_net_result(name, runs, net, types, blas,
                                pack_summary.ran(plan, net, "iterations")))
    order = {n: i for i, n in enumerate(by_name)}
    nets.sort(key=lambda n: order.get(n["net"], len(order)))
    return {"results": str(results.resolve()), "summary": pack_summary.summarize(results),
            "nets": nets}


def table(result: dict) -> str:
    parts = [bench_report.table(net) for net in result["nets"]]
    parts.append(pack_summary.table(result["summary"]))
    return "\n\n".join(parts)


def plot(result: dict, out: Path) -> List[Path]:
    """The overview (every net: coarse, threaded BLAS and the ceiling against threads) at
    `out`, and bench's plot of each net beside it (out's name + -NET)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from .plot import plot as net_plot

    nets = result["nets"]
    fig, axes = plt.subplots(1, len(nets), figsize=(4.5 * len(nets), 4.2), squeeze=False)
    for ax, net in zip(axes[0], nets):
        rows = net["figures"]["rows"]
        threads = [r["threads"] for r in rows]
        ax.plot(threads, threads, "k--", label="ideal")
        ax.plot(threads, [r["coarse_speedup"] for r in rows], "o-", label="coarse (cgp)")
        ax.plot(threads, [r["fine_speedup"] for r in rows], "s-", label="BLAS threads")
        ceil = [(r["threads"], r["ceiling_speedup"]) for r in rows if "ceiling_speedup" in r]
        if ceil:
            ax.plot(*zip(*ceil), "^:", label="ceiling (T originals)")
        ax.set_xticks(threads)
        ax.set_xlabel("threads")
        ax.set_title(f"{net['net']} (batch {net['batch']})")
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("speedup over the sequential original")
    axes[0][0].legend(fontsize=8)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110)
    plt.close(fig)
    written = [out]
    for net in nets:
        path = out.with_name(f"{out.stem}-{net['net']}{out.suffix}")
        net_plot(net["figures"], net["net"], path)
        written.append(path)
    return written
