"""Time training iterations (or, forward only, inference passes) with the driver,
configuration by configuration, interleaved."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional

from .. import buildtree
from ..check.train import failure_line
from ..errors import CheckFailure

RUN_TIMEOUT_S = 1800
# Timed iterations of one C++ driver run go on past --iterations until they have taken this
# long: a forward pass of 0.4 ms timed 40 times would time only a process's first 20 ms,
# in which the threads it has just started still settle onto the cores (docs/BENCHMARKS.md).
MIN_RUN_MS = 200
TORCH_MODULE = "transformer.bench.torch_ref"
PACKAGE_PARENT = Path(__file__).resolve().parents[2]  # where `transformer` is importable from


@dataclass
class Config:
    """One way of running: which build, OpenMP threads, BLAS threads; for the machine's
    ceiling, `procs` processes at once, each on `batch` samples of the net in `net`."""
    key: str          # baseline | blas-T | coarse-T | torch-T | ceiling-T
    build: str        # original | transformed | torch (the same net in PyTorch)
    threads: int      # the T it stands for
    omp: Optional[int]
    blas: int
    procs: int = 1
    batch: Optional[int] = None  # samples per process (ceiling runs)
    net: Optional[str] = None    # the net file these runs train, when not the benchmark's
    ranks: int = 1               # > 1: one run is `ranks` processes under mpirun
    env: Dict[str, str] = field(default_factory=dict)  # set for this configuration's runs
    forward_only: bool = False   # inference: the driver times forward passes alone


@dataclass
class Sample:
    """One run: the median iteration time and per-layer medians, the peak resident memory
    and, for a transformed build, the bytes its private buffers hold (all threads)."""
    iteration_ms: float
    layers: Dict[str, List[float]]  # name -> [type, forward ms, backward ms] (type as str);
    #                                 empty for torch and ceiling runs
    rss_kb: Optional[int] = None
    scratch_bytes: Optional[int] = None
    accumulator_bytes: Optional[int] = None
    mpi: Optional[Dict[str, float]] = None  # under mpirun: the process level's figures
    timed: Optional[List[float]] = None  # [iterations, ms] the driver timed (`CGP timed`)


@dataclass
class Measured:
    config: Config
    samples: List[Sample] = field(default_factory=list)

    @property
    def iteration(self) -> Dict[str, float]:
        values = [s.iteration_ms for s in self.samples]
        return {"median": statistics.median(values), "min": min(values), "max": max(values)}

    @property
    def peak_rss_kb(self) -> Optional[int]:
        got = [s.rss_kb for s in self.samples if s.rss_kb is not None]
        return max(got) if got else None

    @property
    def private_bytes(self) -> Optional[Dict[str, int]]:
        got = [s for s in self.samples if s.scratch_bytes is not None]
        if not got:
            return None
        return {"scratch": max(s.scratch_bytes for s in got),
                "accumulators": max(s.accumulator_bytes for s in got)}

    @property
    def mpi(self) -> Optional[Dict[str, float]]:
        """The process level's figures per iteration, medians across the runs."""
        got = [s.mpi for s in self.samples if s.mpi is not None]
        if not got:
            return None
        return {k: statistics.median(g[k] for g in got) for k in got[0]}

    def layer_ms(self) -> Dict[str, Dict[str, float]]:
        """name -> forward/backward medians across samples (none for torch runs)."""
        out: Dict[str, Dict[str, float]] = {}
        first = self.samples[0].layers if self.samples else {}
        for name, (type_, _, _) in first.items():
            got = [s.layers[name] for s in self.samples if name in s.layers]
            out[name] = {"type": type_, "forward": statistics.median(g[1] for g in got),
                         "backward": statistics.median(g[2] for g in got)}
        return out


def configs(threads: List[int], torch: bool = False,
            ceiling_nets: Optional[Dict[int, "tuple[int, Path]"]] = None,
            forward_only: bool = False) -> List[Config]:
    """Every configuration; `ceiling_nets` maps T to (samples per process, net file) for the
    machine's ceiling: T sequential originals at once, each on its share of the batch;
    forward_only: every driver run times inference (not torch's: bench refuses both)."""
    out = [Config("baseline", "original", 1, None, 1)]
    for t in threads:
        if t > 1:
            out.append(Config(f"blas-{t}", "original", t, None, t))
            if ceiling_nets and t in ceiling_nets:
                batch, net = ceiling_nets[t]
                out.append(Config(f"ceiling-{t}", "original", t, 1, 1, procs=t, batch=batch,
                                  net=str(net)))
        out.append(Config(f"coarse-{t}", "transformed", t, t, 1))
        if torch:
            out.append(Config(f"torch-{t}", "torch", t, t, t))
    for cfg in out:
        cfg.forward_only = forward_only and cfg.build != "torch"
    return out


def parse(stdout: str) -> Sample:
    iters, layers = [], {}
    sample = Sample(0.0, layers)
    for line in stdout.splitlines():
        parts = line.split()
        if parts[:2] == ["CGP", "iter"]:
            iters.append(float(parts[2]))
        elif parts[:2] == ["CGP", "layer"]:
            layers[parts[2]] = [parts[3], float(parts[4]), float(parts[5])]
        elif parts[:2] == ["CGP", "rss"] and int(parts[2]) >= 0:
            sample.rss_kb = int(parts[2])
        elif parts[:2] == ["CGP", "timed"]:
            sample.timed = [int(parts[2]), float(parts[3])]
        elif parts[:2] == ["CGP", "private"]:
            sample.scratch_bytes, sample.accumulator_bytes = int(parts[2]), int(parts[3])
        elif parts[:2] == ["CGP", "mpi"]:
            steps = max(1, int(parts[3]))
            sample.mpi = {"ranks": int(parts[2]), "exposed_ms": float(parts[4]) / steps,
                          "bytes": int(parts[5]) / steps, "buckets": int(parts[6]) / steps}
    if not iters:
        raise CheckFailure("the benchmark driver reported no iterations")
    sample.iteration_ms = statistics.median(iters)
    return sample


def torch_env(threads: int) -> Dict[str, str]:
    """A torch run's environment: T threads for OpenMP and the BLAS libraries, and this
    package importable by `python -m`."""
    env = buildtree.harness_env(threads, blas_threads=threads,
                                extra={"MKL_NUM_THREADS": str(threads)})
    paths = [str(PACKAGE_PARENT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


def run_once(exe: Optional[Path], cfg: Config, solver: Path, net: Path, data: Optional[str],
             iterations: int, warmup: int, root: Optional[Path] = None) -> Sample:
    """One run of a configuration: its processes at once, each the driver's `time` mode (or,
    for a torch configuration, the same net in PyTorch: `exe` is then unused). A ceiling
    run's time is its slowest process's."""
    cmd, env = _command(exe, cfg, solver, Path(cfg.net) if cfg.net else net, data,
                        iterations, warmup, root)
    procs = [subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(cfg.procs)]
    samples = [_finish(proc, cfg) for proc in procs]
    if len(samples) == 1:
        return samples[0]
    rss = [s.rss_kb for s in samples if s.rss_kb is not None]
    timed = [s.timed for s in samples if s.timed]
    return Sample(max(s.iteration_ms for s in samples), {}, max(rss) if rss else None,
                  timed=[min(t[0] for t in timed), min(t[1] for t in timed)] if timed else None)


def _finish(proc: subprocess.Popen, cfg: Config) -> Sample:
    try:
        stdout, stderr = proc.communicate(timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise CheckFailure(f"benchmark run {cfg.key} took over {RUN_TIMEOUT_S} s") from None
    if proc.returncode != 0:
        raise CheckFailure(f"benchmark run {cfg.key} failed (exit {proc.returncode}): "
                           + failure_line(stderr))
    return parse(stdout)


def driver_env(cfg: Config) -> Dict[str, str]:
    """A driver run's environment: its OpenMP and BLAS threads (OpenMP's own default when
    cfg.omp is None) and the configuration's variables."""
    env = buildtree.harness_env(cfg.omp, blas_threads=cfg.blas, extra=cfg.env)
    if cfg.omp is None:
        env.pop("OMP_NUM_THREADS", None)
    return env


def _command(exe: Optional[Path], cfg: Config, solver: Path, net: Path, data: Optional[str],
             iterations: int, warmup: int, root: Optional[Path] = None):
    if cfg.build == "torch":  # the net is read against the tree's caffe.proto
        cmd = [sys.executable, "-m", TORCH_MODULE, "--threads", str(cfg.threads)]
        cmd += ["--root", str(root)] if root is not None else []
        env = torch_env(cfg.threads)
    else:
        cmd = (buildtree.mpirun(cfg.ranks) if cfg.ranks > 1 else []) + [str(exe), "time"]
        cmd += ["--forward-only"] if cfg.forward_only else []
        cmd += ["--min-ms", str(MIN_RUN_MS)] if cfg.ranks == 1 else []
        env = driver_env(cfg)
    cmd += ["--solver", str(solver), "--net", str(net),
            "--iterations", str(iterations), "--warmup", str(warmup)]
    if data:
        cmd += ["--data", data]
    return cmd, env


def measure(exes: Dict[str, Path], cfgs: List[Config], solver: Path, net: Path,
            data: Optional[str], iterations: int, warmup: int, repeats: int,
            tick: Optional[Callable[[], None]] = None,
            root: Optional[Path] = None) -> List[Measured]:
    """Every configuration `repeats` times, round robin, so drift hits all of them alike."""
    results = [Measured(c) for c in cfgs]
    for _ in range(repeats):
        for m in results:
            m.samples.append(run_once(exes.get(m.config.build), m.config, solver, net, data,
                                      iterations, warmup, root))
            if tick:
                tick()
    return results
