"""Time training iterations with the driver, configuration by configuration, interleaved."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional

from .. import buildtree
from ..errors import CheckFailure

RUN_TIMEOUT_S = 1800
TORCH_MODULE = "transformer.bench.torch_ref"
PACKAGE_PARENT = Path(__file__).resolve().parents[2]  # where `transformer` is importable from


@dataclass
class Config:
    """One way of running: which build, OpenMP threads, BLAS threads."""
    key: str          # baseline | blas-T | coarse-T | torch-T
    build: str        # original | transformed | torch (the same net in PyTorch)
    threads: int      # the T it stands for
    omp: Optional[int]
    blas: int


@dataclass
class Sample:
    """One process run: the median iteration time and per-layer medians."""
    iteration_ms: float
    layers: Dict[str, List[float]]  # name -> [type, forward ms, backward ms] (type as str);
    #                                 empty for torch runs


@dataclass
class Measured:
    config: Config
    samples: List[Sample] = field(default_factory=list)

    @property
    def iteration(self) -> Dict[str, float]:
        values = [s.iteration_ms for s in self.samples]
        return {"median": statistics.median(values), "min": min(values), "max": max(values)}

    def layer_ms(self) -> Dict[str, Dict[str, float]]:
        """name -> forward/backward medians across samples (none for torch runs)."""
        out: Dict[str, Dict[str, float]] = {}
        first = self.samples[0].layers if self.samples else {}
        for name, (type_, _, _) in first.items():
            got = [s.layers[name] for s in self.samples if name in s.layers]
            out[name] = {"type": type_, "forward": statistics.median(g[1] for g in got),
                         "backward": statistics.median(g[2] for g in got)}
        return out


def configs(threads: List[int], torch: bool = False) -> List[Config]:
    out = [Config("baseline", "original", 1, None, 1)]
    for t in threads:
        if t > 1:
            out.append(Config(f"blas-{t}", "original", t, None, t))
        out.append(Config(f"coarse-{t}", "transformed", t, t, 1))
        if torch:
            out.append(Config(f"torch-{t}", "torch", t, t, t))
    return out


def parse(stdout: str) -> Sample:
    iters, layers = [], {}
    for line in stdout.splitlines():
        parts = line.split()
        if parts[:2] == ["CGP", "iter"]:
            iters.append(float(parts[2]))
        elif parts[:2] == ["CGP", "layer"]:
            layers[parts[2]] = [parts[3], float(parts[4]), float(parts[5])]
    if not iters:
        raise CheckFailure("the benchmark driver reported no iterations")
    return Sample(statistics.median(iters), layers)


def torch_env(threads: int) -> Dict[str, str]:
    """A torch run's environment: T threads for OpenMP and the BLAS libraries, and this
    package importable by `python -m`."""
    env = buildtree.harness_env(threads, blas_threads=threads,
                                extra={"MKL_NUM_THREADS": str(threads)})
    paths = [str(PACKAGE_PARENT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


def run_once(exe: Optional[Path], cfg: Config, solver: Path, net: Path, data: Optional[str],
             iterations: int, warmup: int) -> Sample:
    """One process: the driver's `time` mode, or for a torch configuration the same net in
    PyTorch (`exe` is then unused: this Python runs it)."""
    if cfg.build == "torch":
        cmd = [sys.executable, "-m", TORCH_MODULE, "--threads", str(cfg.threads)]
        env = torch_env(cfg.threads)
    else:
        cmd = [str(exe), "time"]
        env = buildtree.harness_env(cfg.omp, blas_threads=cfg.blas)
        if cfg.omp is None:
            env.pop("OMP_NUM_THREADS", None)
    cmd += ["--solver", str(solver), "--net", str(net),
            "--iterations", str(iterations), "--warmup", str(warmup)]
    if data:
        cmd += ["--data", data]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    if proc.returncode != 0:
        lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
        raise CheckFailure(f"benchmark run {cfg.key} failed (exit {proc.returncode}): "
                           + (lines[-1][:200] if lines else "no message"))
    return parse(proc.stdout)


def measure(exes: Dict[str, Path], cfgs: List[Config], solver: Path, net: Path,
            data: Optional[str], iterations: int, warmup: int, repeats: int,
            tick: Optional[Callable[[], None]] = None) -> List[Measured]:
    """Every configuration `repeats` times, round robin, so drift hits all of them alike."""
    results = [Measured(c) for c in cfgs]
    for _ in range(repeats):
        for m in results:
            m.samples.append(run_once(exes.get(m.config.build), m.config, solver, net, data,
                                      iterations, warmup))
            if tick:
                tick()
    return results
