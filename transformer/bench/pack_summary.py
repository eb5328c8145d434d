"""The packed many-core run's summary (issue 24): medians per configuration, speedups, the
fraction of the machine's ceiling and peak RSS, from the raw driver output that the packed
run script (templates/pack_run.sh.j2) leaves in its results directory.

Standard library only: `cgp-transform bench --pack` copies this file into the packed folder
as summary.py, and the run script runs it there with python3 when the machine has one
(`python3 summary.py RESULTS`). On the development machine `bench --from-pack` reads the same
files (transformer/bench/pack_results.py).

Results directory (written by the run script):
  manifest.json            the pack's nets (batch, ceiling batches) and how it was built
  plan.txt, finished.txt   key=value: threads, rounds, estimate; elapsed seconds, rounds done
  blas.txt                 key=value: the BLAS kernel as found and as chosen
  runs.tsv                 round, net, configuration, processes, exit status, wall ms
  raw/NET/CFG.rROUND.txt   one run's stdout (a ceiling run: CFG.rROUND.pPROC.txt per process)
"""
from __future__ import annotations

import json
import re
import statistics
import sys
from pathlib import Path
from typing import Dict, List, Optional

RAW_NAME = re.compile(r"^(?P<cfg>[a-z]+(?:-\d+)?)\.r(?P<round>\d+)(?:\.p(?P<proc>\d+))?\.txt$")


def parse_run(text: str) -> Optional[dict]:
    """One driver process's `time` output: the median of its `CGP iter` lines, its peak RSS
    (kB) and private bytes; None when it reported no iteration (a failed run)."""
    iters, out = [], {"rss_kb": None, "private": None}
    for line in text.splitlines():
        parts = line.split()
        if parts[:2] == ["CGP", "iter"] and len(parts) > 2:
            iters.append(float(parts[2]))
        elif parts[:2] == ["CGP", "rss"] and len(parts) > 2 and int(parts[2]) >= 0:
            out["rss_kb"] = int(parts[2])
        elif parts[:2] == ["CGP", "private"] and len(parts) > 3:
            out["private"] = [int(parts[2]), int(parts[3])]
    if not iters:
        return None
    out["iteration_ms"] = statistics.median(iters)
    return out


def combine(procs: List[dict]) -> dict:
    """A ceiling run (processes at once): its slowest process's time, the largest RSS."""
    rss = [p["rss_kb"] for p in procs if p["rss_kb"] is not None]
    return {"iteration_ms": max(p["iteration_ms"] for p in procs),
            "rss_kb": max(rss) if rss else None, "private": None}


def raw_files(results: Path) -> Dict[str, Dict[str, Dict[int, Dict[int, Path]]]]:
    """net -> configuration -> round -> process (0 for single runs) -> file."""
    out: Dict[str, Dict[str, Dict[int, Dict[int, Path]]]] = {}
    raw = results / "raw"
    for net_dir in sorted(p for p in raw.iterdir() if p.is_dir()) if raw.is_dir() else []:
        for path in sorted(net_dir.iterdir()):
            m = RAW_NAME.match(path.name)
            if not m:
                continue
            rounds = out.setdefault(net_dir.name, {}).setdefault(m["cfg"], {})
            rounds.setdefault(int(m["round"]), {})[int(m["proc"] or 0)] = path
    return out


def samples(files: Dict[int, Dict[int, Path]], procs_wanted: int = 1) -> List[dict]:
    """One sample per round whose processes all reported iterations."""
    out = []
    for rnd in sorted(files):
        procs = [parse_run(p.read_text(errors="replace")) for p in files[rnd].values()]
        if not procs or any(p is None for p in procs) or len(procs) < procs_wanted:
            continue
        out.append(procs[0] if len(procs) == 1 else combine(procs))
    return out


def stats(got: List[dict]) -> Optional[dict]:
    if not got:
        return None
    values = [s["iteration_ms"] for s in got]
    return {"median": statistics.median(values), "min": min(values), "max": max(values),
            "runs": values}


def peak_rss_mb(got: List[dict]) -> Optional[float]:
    rss = [s["rss_kb"] for s in got if s["rss_kb"] is not None]
    return round(max(rss) / 1024.0, 1) if rss else None


def key_values(path: Path) -> Dict[str, str]:
    """A key=value file of the run script; empty when it does not exist."""
    if not path.is_file():
        return {}
    pairs = (line.split("=", 1) for line in path.read_text(errors="replace").splitlines())
    return {p[0].strip(): p[1].strip() for p in pairs if len(p) == 2}


def ran(plan: Dict[str, str], net: dict, key: str) -> Optional[int]:
    """The iterations or warmup a net's runs used: the run's plan, else the pack's."""
    got = plan.get(f"{key}_{net.get('name')}")
    return int(got) if got and got.isdigit() else net.get(key)


def _ratio(a: Optional[dict], b: Optional[dict]) -> Optional[float]:
    """b's median over a's: how many times faster a is."""
    return b["median"] / a["median"] if a and b and a["median"] > 0 else None


def _div(a: Optional[float], b: Optional[float]) -> Optional[float]:
    return a / b if a is not None and b else None


def net_rows(runs: Dict[str, Dict[int, Dict[int, Path]]], net: dict) -> List[dict]:
    """One row per thread count of a net: medians, speedups over the sequential original
    (baseline), coarse over threaded BLAS, the ceiling (T originals at once, each on 1/T of
    the batch: the throughput this machine gives T workers) and each speedup's fraction of
    it, peak RSS (MB) per configuration."""
    got = {cfg: samples(files, int(cfg.split("-")[1]) if cfg.startswith("ceiling-") else 1)
           for cfg, files in runs.items()}
    base = stats(got.get("baseline", []))
    threads = sorted(int(cfg.split("-")[1]) for cfg in got
                     if cfg.startswith("coarse-") and got[cfg])
    rows = []
    for t in threads:
        coarse = stats(got[f"coarse-{t}"])
        blas = base if t == 1 else stats(got.get(f"blas-{t}", []))
        ceiling = stats(got.get(f"ceiling-{t}", []))
        row = {"threads": t, "coarse_ms": coarse, "blas_ms": blas,
               "ceiling_ms": ceiling if t > 1 else None,
               "coarse_speedup": _ratio(coarse, base), "blas_speedup": _ratio(blas, base)}
        row["coarse_efficiency"] = _div(row["coarse_speedup"], t)
        row["coarse_over_blas"] = _ratio(coarse, blas)
        per = net.get("ceiling", {}).get(str(t))
        row["ceiling_speedup"] = 1.0 if t == 1 else (
            base["median"] * t * per / (net["batch"] * ceiling["median"])
            if base and ceiling and per and net.get("batch") else None)
        row["coarse_of_ceiling"] = _div(row["coarse_speedup"], row["ceiling_speedup"])
        row["blas_of_ceiling"] = _div(row["blas_speedup"], row["ceiling_speedup"])
        rss = {"original": peak_rss_mb(got.get("baseline", [])),
               "blas": peak_rss_mb(got.get("baseline" if t == 1 else f"blas-{t}", [])),
               "coarse": peak_rss_mb(got[f"coarse-{t}"]),
               "ceiling_per_process": peak_rss_mb(got.get(f"ceiling-{t}", []))}
        rss["coarse_over_original"] = _div(rss["coarse"], rss["original"])
        row["peak_rss_mb"] = rss
        rows.append(row)
    return rows


SHORT_CEILING = 0.75  # a ceiling under this share of T: the machine did not give T cores


def warnings(nets: List[dict]) -> List[str]:
    """Thread counts where T originals at once did not run T times as fast: other load, or
    fewer cores than counted; every figure there is bounded by that."""
    out = []
    for net in nets:
        for r in net["rows"]:
            c = r["ceiling_speedup"]
            if r["threads"] > 1 and c is not None and c < SHORT_CEILING * r["threads"]:
                out.append(f"{net['net']} at {r['threads']} threads: the ceiling is "
                           f"{c:.2f}x, under {SHORT_CEILING:.0%} of {r['threads']}: the "
                           "machine did not give that many cores (other load?)")
    return out


def failures(results: Path) -> List[dict]:
    """The runs whose exit status was not 0 (runs.tsv)."""
    path, out = results / "runs.tsv", []
    for line in path.read_text(errors="replace").splitlines() if path.is_file() else []:
        cols = line.split("\t")
        if len(cols) >= 6 and cols[4] not in ("0", "rc"):
            out.append({"round": cols[0], "net": cols[1], "config": cols[2], "rc": cols[4]})
    return out


def summarize(results: Path) -> dict:
    """The summary of a results directory (what summary.json holds)."""
    results = Path(results)
    manifest_path = results / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.is_file() else {}
    by_name = {n["name"]: n for n in manifest.get("nets", [])}
    plan = key_values(results / "plan.txt")
    nets = []
    for name, runs in raw_files(results).items():
        net = by_name.get(name, {"name": name})
        base = stats(samples(runs.get("baseline", {})))
        nets.append({"net": name, "batch": net.get("batch"),
                     "iterations": ran(plan, net, "iterations"),
                     "warmup": ran(plan, net, "warmup"),
                     "rounds": len(base["runs"]) if base else 0, "baseline_ms": base,
                     "rows": net_rows(runs, net)})
    order = {n: i for i, n in enumerate(by_name)}
    nets.sort(key=lambda n: order.get(n["net"], len(order)))
    return {"plan": plan,
            "finished": key_values(results / "finished.txt"),
            "blas": key_values(results / "blas.txt"),
            "machine": key_values(results / "machine.txt"),
            "pack": {k: manifest.get(k) for k in ("tree", "built_on", "version")},
            "nets": nets, "failures": failures(results), "warnings": warnings(nets)}


def _x(v: Optional[float]) -> str:
    return f"{v:.2f}x" if v is not None else "-"


def _pct(v: Optional[float]) -> str:
    return f"{v:.0%}" if v is not None else "-"


def _ms(s: Optional[dict]) -> str:
    return f"{s['median']:.2f}" if s else "-"


def _mb(v: Optional[float]) -> str:
    return f"{v:.1f}" if v is not None else "-"


HEADER = ("| net | T | coarse ms | speedup | BLAS-T ms | BLAS speedup | coarse / BLAS | ceiling "
          "| coarse of ceiling | BLAS of ceiling | peak RSS MB orig / BLAS / coarse |")


def table(summary: dict) -> str:
    """The summary as a Markdown table, with the BLAS line and the elapsed time."""
    blas = summary.get("blas", {})
    lines = [f"BLAS: {blas.get('chosen_core', '?')} at {blas.get('chosen_gflops', '?')} "
             f"GFLOP/s single-thread sgemm (as found: {blas.get('default_core', '?')} at "
             f"{blas.get('default_gflops', '?')}; verdict {blas.get('default_verdict', '?')})",
             HEADER, "| --- " * 11 + "|"]
    for net in summary["nets"]:
        for r in net["rows"]:
            rss = r["peak_rss_mb"]
            lines.append(
                f"| {net['net']} | {r['threads']} | {_ms(r['coarse_ms'])} | "
                f"{_x(r['coarse_speedup'])} | {_ms(r['blas_ms'])} | {_x(r['blas_speedup'])} | "
                f"{_x(r['coarse_over_blas'])} | {_x(r['ceiling_speedup'])} | "
                f"{_pct(r['coarse_of_ceiling'])} | {_pct(r['blas_of_ceiling'])} | "
                f"{_mb(rss['original'])} / {_mb(rss['blas'])} / {_mb(rss['coarse'])} |")
    for net in summary["nets"]:
        if net["baseline_ms"]:
            b = net["baseline_ms"]
            lines.append(f"{net['net']}: baseline {b['median']:.2f} ms (min {b['min']:.2f}, "
                         f"max {b['max']:.2f}), {net['rounds']} rounds x "
                         f"{net['iterations']} iterations, batch {net['batch']}")
    done = summary.get("finished", {})
    if done:
        lines.append(f"elapsed {done.get('elapsed_s', '?')} s, {done.get('rounds_done', '?')} "
                     f"rounds, threads {summary.get('plan', {}).get('threads', '?')}")
    lines += [f"failed run: round {f['round']} {f['net']} {f['config']} (exit {f['rc']})"
              for f in summary.get("failures", [])]
    lines += [f"warning: {w}" for w in summary.get("warnings", [])]
    return "\n".join(lines)


def main(argv: List[str]) -> int:
    if len(argv) != 1:
        sys.stderr.write("usage: summary.py RESULTS_DIR\n")
        return 2
    results = Path(argv[0])
    summary = summarize(results)
    (results / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    text = table(summary)
    (results / "summary.txt").write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
