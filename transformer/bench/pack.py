"""`cgp-transform bench PATH --pack DIR`: the prepared many-core run of issue 24. One folder
(at most 60 MB) that a bare Linux x86-64 machine (bash and coreutils; no compiler, BLAS or
protobuf) runs as `bash run.sh`: the driver built against the original and against the
transformed tree (bench's builds: buildpair.build_pair), every library they load and the
dynamic loader (pack_libs), the nets with synthetic data and at the ceiling runs' batches
(nets.bench_nets), the run script (templates/pack_run.sh.j2) and its summary
(pack_summary.py, stdlib only).

The time budget. The run script estimates each run as
  start-up + (warmup + 2 x iterations) x t1 x factor
(the driver's `time` mode runs the timed iterations, then as many passes layer by layer),
with t1 the net's single-thread iteration measured here with the packed driver, the start-up
measured likewise, and factor 1 for the baseline and coarse-1, 1.25/T for coarse-T and for
each of ceiling-T's processes (they run at once), max(0.5, 4/(3+T)) for blas-T (threaded
BLAS gains little past 4 threads: docs/BENCHMARKS.md), all scaled by this machine's
single-thread sgemm rate over the target's. It runs as many rounds as fit its budget (3 to 7),
with fewer iterations when even 3 rounds do not fit.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Callable, Dict, List, Optional

from .. import __version__, render
from .. import analyze as analyze_mod
from ..buildpair import build_pair, default_work, registered_types
from ..check import layers as check_layers
from ..errors import CheckFailure, InputError
from ..source_tree import input_dir
from . import blas_check, nets, pack_libs

DEFAULT_NETS = ["lenet", "cifar10_quick", "cifar10_full"]
PACK_THREADS = [1, 2, 4, 8, 16, 32, 64]  # thread counts the folder has ceiling nets for
MARKER = "cgp-transform pack"  # manifest.json's "kind": a folder --pack may replace
TARGET_RUN_MS = 1000.0  # single-thread timed work per run the iterations aim at
MIN_ITERATIONS, MAX_ITERATIONS = 5, 40
SCRIPT_CONSTANTS = {
    "budget_s": 420,          # the run's default budget: 8 minutes less a margin
    "min_rounds": 3, "max_rounds": 7, "min_iterations": 3,
    "run_timeout_s": 600,     # one driver run
    "coarse_penalty_pct": 125,
    "fixed_overhead_s": 10,   # the BLAS probes, the summary
}


@dataclass
class PackOptions:
    path: str
    out: str
    nets: List[str] = field(default_factory=lambda: list(DEFAULT_NETS))
    extra_nets: List[str] = field(default_factory=list)  # net or solver files
    threads: List[int] = field(default_factory=lambda: list(PACK_THREADS))
    work: Optional[str] = None
    transformed: Optional[str] = None
    jobs: int = 1
    data_shape: Optional[List[int]] = None
    batch: Optional[int] = None
    cmake_options: List[str] = field(default_factory=list)  # the user's, for both builds


def _check_out(out: Path, root: Path) -> None:
    """OUT may be new, empty, or a folder an earlier --pack wrote; never inside PATH."""
    if out == root or root in out.parents:
        raise InputError(f"--pack {out}: inside the tree {root}; choose a folder outside it")
    if not out.exists():
        if not out.parent.is_dir():
            raise InputError(f"--pack {out}: its parent directory does not exist")
        return
    if not out.is_dir():
        raise InputError(f"--pack {out}: exists and is not a directory")
    if any(out.iterdir()) and _marker(out / "manifest.json") != MARKER:
        raise InputError(f"--pack {out}: exists and is not an earlier pack; remove it or "
                         "choose another folder")


def _marker(path: Path) -> Optional[str]:
    try:
        return json.loads(path.read_text()).get("kind")
    except (OSError, ValueError, AttributeError):
        return None


def _stage_drivers(exes: Dict[str, Path], stage: Path) -> Dict[str, List[str]]:
    """The two drivers into bin/BUILD/, their libraries beside them or in lib/."""
    for key, exe in exes.items():
        folder = stage / "bin" / key
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(exe, folder / "cgp_harness")
        os.chmod(folder / "cgp_harness", 0o755)
        pack_libs.strip(folder / "cgp_harness")
    per_exe = {key: pack_libs.libraries(exe) for key, exe in exes.items()}
    loader = pack_libs.loader_name(per_exe)
    placed = pack_libs.copy_libraries(per_exe, stage, loader)
    return {"loader": [loader], **placed}


def _unique(name: str, taken: set) -> str:
    out, k = name, 2
    while out in taken:
        out, k = f"{name}_{k}", k + 1
    taken.add(out)
    return out


def _stage_net(opts: PackOptions, given: str, root: Path, work: Path, stage: Path,
               taken: set) -> dict:
    """One net into nets/: its solver, the net with synthetic data, and the ceiling runs'
    nets (the batch divided by T, as bench writes them)."""
    choice = nets.resolve(root, given, work)
    name = _unique(choice.name, taken)
    bench_opts = SimpleNamespace(data=None, synthetic_data=True, data_shape=opts.data_shape,
                                 batch=opts.batch)
    net_file, note, ceiling, full = nets.bench_nets(bench_opts, choice, root, work,
                                                    sorted(set(opts.threads) | {1}))
    folder = stage / "nets"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(choice.solver, folder / f"{name}_solver.prototxt")
    shutil.copyfile(net_file, folder / f"{name}.prototxt")
    ceilings = {}
    for t, (per, path) in sorted(ceiling.items()):
        target = folder / f"{name}-b{per}.prototxt"
        if not target.exists():
            shutil.copyfile(path, target)
        ceilings[str(t)] = per
    return {"name": name, "given": given, "source": str(choice.net), "data": note,
            "batch": full, "solver": f"nets/{name}_solver.prototxt",
            "net": f"nets/{name}.prototxt", "ceiling": ceilings}


def _packed_run(stage: Path, loader: str, build: str, args: List[str],
                timeout: float = 600) -> subprocess.CompletedProcess:
    """A packed driver run, as the run script starts it (its loader, its libraries)."""
    cmd = pack_libs.loader_command(stage, loader, build) + args
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "OPENBLAS_NUM_THREADS": "1",
           "HOME": os.environ.get("HOME", "/")}
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise CheckFailure(f"the packed {build} driver ran over {timeout:.0f} s") from None
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise CheckFailure(f"the packed {build} driver failed ({' '.join(args[:1])}): {tail}")
    return proc


def _time_net(stage: Path, loader: str, net: dict) -> None:
    """The net's single-thread iteration (the fastest of 3 after 1 of warmup: the least
    disturbed by other load) and a run's start-up, measured with the packed original driver;
    then its iterations and warmup."""
    warmup, iterations = 1, 3
    start = time.monotonic()
    proc = _packed_run(stage, loader, "original",
                       ["time", "--solver", str(stage / net["solver"]), "--net",
                        str(stage / net["net"]), "--iterations", str(iterations),
                        "--warmup", str(warmup)])
    wall_ms = (time.monotonic() - start) * 1000.0
    iters = [float(line.split()[2]) for line in proc.stdout.splitlines()
             if line.startswith("CGP iter ")]
    if not iters:
        raise CheckFailure(f"the packed original driver timed no iteration of {net['name']}")
    t1 = min(iters)
    net["t1_ms"] = round(t1, 3)
    net["startup_ms"] = round(max(20.0, wall_ms - (warmup + 2 * iterations) * t1), 1)
    net["iterations"] = int(min(MAX_ITERATIONS, max(MIN_ITERATIONS, round(TARGET_RUN_MS / t1))))
    net["warmup"] = 3 if t1 < 50 else 2


def _nets_tsv(entries: List[dict]) -> str:
    """What the run script reads: one net a line, tab-separated."""
    lines = ["name\tsolver\tnet\tbatch\titerations\twarmup\tt1_us\tstartup_us\tceilings"]
    for n in entries:
        ceil = ",".join(f"{t}=nets/{n['name']}-b{per}.prototxt"
                        for t, per in n["ceiling"].items())
        lines.append("\t".join(str(v) for v in (
            n["name"], n["solver"], n["net"], n["batch"] or 0, n["iterations"], n["warmup"],
            int(n["t1_ms"] * 1000), int(n["startup_ms"] * 1000), ceil)))
    return "\n".join(lines) + "\n"


def render_script(tree: str, loader: str, threads: List[int], pack_gflops: float) -> str:
    """templates/pack_run.sh.j2 with blas_check's table and rules, and the budget's constants."""
    by_isa: Dict[str, List[str]] = {}
    for core, isa in blas_check.CORE_ISA.items():
        by_isa.setdefault(isa, []).append(core)
    core_isas = [(isa, "|".join(f'"{n}"' for n in names)) for isa, names in by_isa.items()]
    return render.environment().get_template("pack_run.sh.j2").render(
        version=__version__, tree=tree, loader=loader,
        packed_threads=",".join(map(str, threads)),
        pack_gflops_milli=int(round(pack_gflops * 1000)), core_isas=core_isas,
        isa_order=list(blas_check.ISA_ORDER), fma_units=blas_check.FMA_UNITS,
        slow_percent=int(round(blas_check.SLOW_FRACTION * 100)), **SCRIPT_CONSTANTS)


def _transformed_types(analysis, root: Path, transformed: Path, original_exe: Path) -> List[str]:
    """The layer types with a parallel plan (bench's `transformed` layers), for the figures."""
    policies = check_layers.select(analysis.program, analysis.decisions,
                                   registered_types(original_exe), root, transformed)
    return sorted({p.type for p in policies})


README = """The packed many-core run of cgp-transform (issue 24).
Run: bash run.sh                 (threads 1,2,4,8,16 up to the cores; see bash run.sh --help)
     bash run.sh --estimate-only --cores 16
Results: results/ (raw driver output, summary.json with python3). Back on a machine with
cgp-transform: cgp-transform bench --from-pack results --plot speedup.png --json speedup.json
"""


def _fill(opts: PackOptions, root: Path, work: Path, stage: Path, exes: Dict[str, Path],
          say: Callable[[str], None]) -> dict:
    """Everything into the staging folder; the manifest it ends with."""
    say("packing the drivers and their libraries")
    placed = _stage_drivers(exes, stage)
    loader = placed["loader"][0]
    taken: set = set()
    entries = [_stage_net(opts, given, root, work, stage, taken)
               for given in [*opts.nets, *opts.extra_nets]]
    pack_libs.check_size(stage)
    pack_libs.verify(stage, loader, list(exes))
    say("timing each net once with the packed driver (the run's time budget)")
    for net in entries:
        _time_net(stage, loader, net)
    gflops = blas_check.parse(_packed_run(stage, loader, "original", ["blas"]).stdout).gflops
    threads = sorted(set(opts.threads) | {1})
    cpu = blas_check.read_cpu()
    (stage / "nets.tsv").write_text(_nets_tsv(entries))
    script = stage / "run.sh"
    script.write_text(render_script(str(root), loader, threads, gflops or 0.0))
    os.chmod(script, 0o755)
    summary = Path(__file__).with_name("pack_summary.py")
    shutil.copyfile(summary, stage / "summary.py")
    (stage / "README.txt").write_text(README)
    return {"kind": MARKER, "version": __version__, "tree": str(root),
            "built_on": {"cpus": os.cpu_count(), "gemm_gflops": gflops,
                         "cpu": f"{cpu.vendor} {blas_check.cpu_isa(cpu.flags)}"},
            "loader": loader, "libraries": placed, "threads": threads, "nets": entries}


def _replace(stage: Path, out: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    stage.rename(out)


def estimate(out: Path, cores: int = 16, threads: str = "1,2,4,8,16") -> str:
    """The run script's own estimate for `cores` cores (its --estimate-only line)."""
    proc = subprocess.run(["bash", str(out / "run.sh"), "--estimate-only", "--cores",
                           str(cores), "--threads", threads], capture_output=True, text=True)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("estimate:")]
    if proc.returncode != 0 or not lines:
        raise CheckFailure(f"the packed run.sh does not estimate: {proc.stderr.strip()[:200]}")
    return lines[-1]


def pack(opts: PackOptions, say: Callable[[str], None] = lambda s: None) -> dict:
    """Build both trees with the driver (reusing the work directory), pack them into
    opts.out (written beside it, then renamed), and return the manifest with the folder's
    size and the run's estimate at 16 cores."""
    t0 = time.time()
    root = input_dir(opts.path)
    out = Path(opts.out).resolve()
    _check_out(out, root)
    if opts.batch is not None:
        nets.check_batch(opts.batch)
    work = Path(opts.work).resolve() if opts.work else default_work(root)
    work.mkdir(parents=True, exist_ok=True)
    analysis = analyze_mod.run(str(root))
    transformed, original_exe, transformed_exe = build_pair(
        root, opts.transformed, work, analysis, False, opts.jobs, say, cmake=opts.cmake_options)
    exes = {"original": original_exe, "transformed": transformed_exe}
    stage = out.parent / f".{out.name}.packing"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir()
    try:
        manifest = _fill(opts, root, work, stage, exes, say)
        manifest["transformed_types"] = _transformed_types(analysis, root, transformed,
                                                           original_exe)
        manifest["transformed"] = str(transformed)
        (stage / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
        manifest["bytes"] = pack_libs.check_size(stage)
        _replace(stage, out)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    manifest["out"] = str(out)
    manifest["estimate_16"] = estimate(out)
    manifest["seconds"] = round(time.time() - t0, 1)
    return manifest


def line(manifest: dict) -> str:
    """What --pack prints: where, how big, what it runs, how long at 16 cores."""
    names = ", ".join(f"{n['name']} ({n['iterations']} iterations, t1 {n['t1_ms']:.1f} ms)"
                      for n in manifest["nets"])
    return (f"packed {manifest['out']}: {manifest['bytes'] / 1e6:.1f} MB (bound "
            f"{pack_libs.MAX_BYTES / 1e6:.0f} MB); nets {names}; run: bash "
            f"{manifest['out']}/run.sh\n16 cores, {manifest['estimate_16']}")
