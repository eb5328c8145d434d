"""`cgp-transform bench --ranks LIST`: the process level. The tree transformed with --mpi and
built with -DCGP_MPI=ON is timed at every ranks x threads combination that fits the machine's
cores (ranks > 1 under mpirun), interleaved with the sequential original and with the
machine's ceiling (R originals at once, each on 1/R of the batch). Each multi-rank
combination also runs with the overlap off (CGP_MPI_OVERLAP=0: every allreduce after
backward), which gives the allreduce time per iteration and the share of it the overlapped
runs hide behind backward. A labelled model projects the speedup at 2..64 nodes."""
from __future__ import annotations

import os
import statistics
import time
from pathlib import Path
from typing import List, Optional

from .. import analyze as analyze_mod
from .. import buildtree
from ..buildpair import build_pair, default_work
from ..errors import InputError
from ..source_tree import input_dir
from . import measure, model, nets
from .measure import Config


def combos(ranks: List[int], threads: List[int], cpus: int) -> List[tuple]:
    """Every (ranks, threads) whose ranks x threads fits the cores, 1 x 1 always, and beside
    each multi-rank one, one process with as many threads (the same cores, one process)."""
    out = {(1, 1)}
    out |= {(r, t) for r in ranks for t in threads if r * t <= cpus}
    out |= {(1, r * t) for r, t in list(out) if r > 1}
    return sorted(out)


def configs(pairs: List[tuple], ceiling_nets: dict) -> List[Config]:
    out = [Config("original", "original", 1, None, 1)]
    for r, t in pairs:
        out.append(Config(f"{r}x{t}", "mpi", r * t, t, 1, ranks=r))
        if r > 1:
            out.append(Config(f"{r}x{t}-serial", "mpi", r * t, t, 1, ranks=r,
                              env={"CGP_MPI_OVERLAP": "0"}))
    for r in sorted({r for r, _ in pairs if r > 1}):
        if r in ceiling_nets:
            batch, net = ceiling_nets[r]
            out.append(Config(f"ceiling-{r}", "original", r, 1, 1, procs=r, batch=batch,
                              net=str(net)))
    return out


def run(opts, say=lambda s: None, progress=None) -> dict:
    t0 = time.time()
    root = input_dir(opts.path)
    if any(r < 1 for r in opts.ranks) or any(t < 1 for t in opts.threads):
        raise InputError("--ranks and --threads take positive integers")
    if opts.bandwidth_gbit <= 0 or opts.latency_us < 0:
        raise InputError("--bandwidth-gbit must be positive and --latency-us not negative")
    if any(r > 1 for r in opts.ranks):
        buildtree.mpirun(2)  # mpirun must exist before anything is built
    cpus = os.cpu_count() or 1
    pairs = combos(opts.ranks, opts.threads, cpus)
    work = Path(opts.work).resolve() if opts.work else default_work(root)
    work.mkdir(parents=True, exist_ok=True)
    choice = nets.resolve(root, opts.net, work)
    net_file, data_note, ceiling_nets, full = nets.bench_nets(opts, choice, root, work,
                                                              sorted({r for r, _ in pairs}))
    say(data_note)
    analysis = analyze_mod.run(str(root))
    transformed, original_exe, mpi_exe = build_pair(root, opts.transformed, work, analysis,
                                                    False, opts.jobs, say, mpi=True,
                                                    cmake=opts.cmake_options)
    cfgs = configs(pairs, ceiling_nets)
    say(f"timing {choice.name}: {len(cfgs)} configurations x {opts.repeats} repeats, "
        f"{opts.iterations} iterations each")
    tick = progress("benchmarking", len(cfgs) * opts.repeats) if progress else None
    measured = measure.measure({"original": original_exe, "mpi": mpi_exe}, cfgs, choice.solver,
                               net_file, opts.data, opts.iterations, opts.warmup, opts.repeats,
                               tick)
    result = {"mode": "ranks", "root": str(root), "transformed": str(transformed),
              "net": choice.name, "solver": str(choice.solver), "trained_net_file": str(net_file),
              "data": data_note, "batch": full, "machine": {"cpus": cpus},
              "iterations": opts.iterations, "warmup": opts.warmup, "repeats": opts.repeats,
              "measured": [{"config": m.config.__dict__, "iteration_ms": m.iteration,
                            "runs_ms": [s.iteration_ms for s in m.samples], "mpi": m.mpi}
                           for m in measured]}
    result.update(figures(measured, pairs, full, opts.bandwidth_gbit, opts.latency_us))
    result["seconds"] = round(time.time() - t0, 1)
    return result


def figures(measured: List[measure.Measured], pairs: List[tuple], batch: Optional[int],
            bandwidth_gbit: float, latency_us: float) -> dict:
    """Speedups over 1 x 1, the allreduce time and overlap per multi-rank combination, the
    ceilings, and the model (from the fastest single-node combination)."""
    by = {m.config.key: m for m in measured}
    one = by["1x1"].iteration["median"]
    rows = []
    for r, t in pairs:
        m = by[f"{r}x{t}"]
        row = {"ranks": r, "threads": t, "ms": m.iteration, "speedup": one / m.iteration["median"]}
        if r > 1:  # against one process on the same cores: above 1, the ranks are faster
            row["vs_one_process"] = by[f"1x{r * t}"].iteration["median"] / m.iteration["median"]
        serial = by.get(f"{r}x{t}-serial")
        if serial is not None and m.mpi and serial.mpi:
            row.update(allreduce_ms=serial.mpi["exposed_ms"], exposed_ms=m.mpi["exposed_ms"],
                       overlap_fraction=overlap(m.mpi["exposed_ms"], serial.mpi["exposed_ms"]),
                       serial_ms=serial.iteration, gradient_bytes=m.mpi["bytes"],
                       buckets=m.mpi["buckets"])
        if f"ceiling-{r}" in by and t == 1:
            row["ceiling_speedup"] = by["original"].iteration["median"] / \
                by[f"ceiling-{r}"].iteration["median"]
        rows.append(row)
    out = {"original_ms": by["original"].iteration, "rows": rows, "model": None}
    reduced = [row for row in rows if "gradient_bytes" in row]
    if batch and reduced:
        best = min(rows, key=lambda row: row["ms"]["median"])
        frac = statistics.median([row["overlap_fraction"] for row in reduced])
        out["model"] = model.project(best["ms"]["median"] / batch, batch,
                                     reduced[0]["gradient_bytes"], frac, bandwidth_gbit,
                                     latency_us)
        out["model"]["node"] = f"{best['ranks']} x {best['threads']} on this machine"
    return out


def overlap(exposed_ms: float, serial_ms: float) -> float:
    """The share of the allreduce time hidden behind backward: 1 - exposed / all of it."""
    if serial_ms <= 0:
        return 0.0
    return min(1.0, max(0.0, 1.0 - exposed_ms / serial_ms))


def table(result: dict) -> str:
    lines = [f"{result['net']}: process level, training iteration, median of "
             f"{result['repeats']} runs x {result['iterations']} iterations",
             result.get("data", ""),
             f"sequential original: {result['original_ms']['median']:.2f} ms",
             f"{'R x T':>6} {'ms':>9} {'vs 1x1':>7} {'vs 1xRT':>8} {'ceiling':>8} "
             f"{'allreduce ms':>12} {'exposed ms':>10} {'overlap':>8}"]
    for r in result["rows"]:
        ceil = f"{r['ceiling_speedup']:.2f}x" if "ceiling_speedup" in r else "-"
        comm = (f"{r['allreduce_ms']:>12.3f} {r['exposed_ms']:>10.3f} "
                f"{r['overlap_fraction']:>7.0%}") if "allreduce_ms" in r else \
            f"{'-':>12} {'-':>10} {'-':>8}"
        one = f"{r['vs_one_process']:.2f}x" if "vs_one_process" in r else "-"
        lines.append(f"{r['ranks']:>2} x {r['threads']:<2} {r['ms']['median']:>9.2f} "
                     f"{r['speedup']:>6.2f}x {one:>8} {ceil:>8} {comm}")
    lines.append("allreduce ms: per iteration with the overlap off (every bucket after "
                 "backward); exposed ms: what the overlapped run still waits after backward")
    lines.append("vs 1xRT: one process with R x T threads over R ranks x T threads (the same "
                 "cores; above 1x the ranks are faster)")
    lines.append("ceiling: R sequential originals at once, each on 1/R of the batch, against "
                 "one on all of it (what this machine gives R workers now)")
    if result["model"]:
        lines.append(f"model node: {result['model']['node']}")
        lines += model.lines(result["model"])
    else:
        lines.append("model: needs a run with 2 or more ranks (the gradient bytes) and a "
                     "batch size")
    return "\n".join(lines)
