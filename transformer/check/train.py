"""Convergence: train the same net from the same seed in both builds and compare the loss
curves at every display interval and the final test outputs (accuracy).

The loss at a display interval is the mean training loss over that interval (Caffe's smoothed
loss with average_loss = display). A single iteration's loss is too noisy to compare: once the
order of floating-point sums changes, two runs drift apart chaotically, and the original tree
alone, with 2 BLAS threads instead of 1, already differs from itself by 1.9% at some single
iterations of LeNet by iteration 500. The per-iteration figures are reported too.
"""
from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from .. import buildtree

LOSS_REL_LIMIT = 0.01       # loss curves: under 1% apart at every display interval
ACCURACY_POINTS_LIMIT = 0.5  # final accuracy: under half a point apart
TRAIN_TIMEOUT_S = 3600


@dataclass
class TrainRun:
    threads: Optional[int]
    losses: Dict[int, float] = field(default_factory=dict)
    tests: Dict[str, float] = field(default_factory=dict)
    raw: str = ""
    rank_weights: Dict[int, str] = field(default_factory=dict)  # under mpirun: rank -> digest


@dataclass
class TrainResult:
    iterations: int
    threads: int
    status: str                   # pass | fail | error
    display: int = 100
    points: List[dict] = field(default_factory=list)  # iter, original, transformed, rel
    max_single_iteration_rel: float = 0.0  # the same, iteration by iteration
    tests: Dict[str, List[float]] = field(default_factory=dict)  # name -> [orig, transformed]
    max_loss_rel: float = 0.0
    one_thread_identical: Optional[bool] = None
    detail: str = ""


def find_solver(root: Path) -> Optional[Path]:
    """The tree's LeNet solver, where Caffe trees keep it."""
    for rel in ("examples/mnist/lenet_solver.prototxt",):
        if (root / rel).is_file():
            return root / rel
    return None


def net_for(solver: Path) -> Optional[Path]:
    """The solver's `net:`, resolved beside the solver when the path is relative elsewhere."""
    m = re.search(r'^\s*(?:train_)?net\s*:\s*"([^"]+)"', solver.read_text(errors="replace"), re.M)
    if not m:
        return None
    given = Path(m.group(1))
    for cand in (given, solver.parent / given.name):
        if cand.is_file():
            return cand
    return None


def missing_source(net: Path, root: Path) -> Optional[str]:
    """The first data source (`source: "..."`) of the net that exists neither under the tree
    nor from here, or None when all do."""
    for source in re.findall(r'\bsource\s*:\s*"([^"]+)"', net.read_text(errors="replace")):
        if not ((root / source).exists() or Path(source).exists()):
            return source
    return None


def run(exe: Path, solver: Path, net: Path, data: Optional[str], iterations: int,
        threads: Optional[int], launcher: Sequence[str] = ()) -> TrainRun:
    """Train with the driver (under `launcher`, e.g. mpirun, when given) and read its
    losses, test outputs and, under mpirun, every rank's weight digest."""
    cmd = list(launcher) + [str(exe), "train", "--solver", str(solver), "--net", str(net),
           "--iterations", str(iterations)]
    if data:
        cmd += ["--data", data]
    try:
        proc = subprocess.run(cmd, env=buildtree.harness_env(threads), capture_output=True,
                              text=True, timeout=TRAIN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"training timed out after {TRAIN_TIMEOUT_S} s") from None
    if proc.returncode != 0:
        raise RuntimeError(f"training failed (exit {proc.returncode}): "
                           + failure_line(proc.stderr))
    result = TrainRun(threads, raw=proc.stdout)
    for line in proc.stdout.splitlines():
        parts = line.split()
        if parts[:2] == ["CGP", "loss"]:
            result.losses[int(parts[2])] = float(parts[3])
        elif parts[:2] == ["CGP", "test"]:
            result.tests[parts[2]] = float(parts[3])
        elif parts[:2] == ["CGP", "rank-weights"]:
            result.rank_weights[int(parts[2])] = parts[3]
    return result


def failure_line(stderr: str) -> str:
    """The line of a failed run's stderr that says why: the MPI runtime's own error when
    there is one (mpirun adds banners after it), else the last line with text."""
    lines = [ln.strip() for ln in stderr.splitlines() if ln.strip(" -\n")]
    own = [ln for ln in lines if ln.startswith("cgp-mpi: ")]
    return (own[0] if own else lines[-1] if lines else "no message")[:200]


def display_of(solver: Path) -> int:
    m = re.search(r"^\s*display\s*:\s*(\d+)", solver.read_text(errors="replace"), re.M)
    return int(m.group(1)) if m and int(m.group(1)) > 0 else 100


def _window_means(losses: Dict[int, float], display: int) -> Dict[int, float]:
    """Interval end (display, 2*display, ..., or the last iteration) -> mean loss over it."""
    windows: Dict[int, List[float]] = {}
    last = max(losses) if losses else 0
    for it, value in losses.items():
        end = min((it // display + 1) * display, last + 1)
        windows.setdefault(end, []).append(value)
    return {end: sum(v) / len(v) for end, v in sorted(windows.items())}


def _rel(got: float, ref: float) -> float:
    """How far got is from ref, relative to ref (NaN when either is NaN)."""
    return abs(got - ref) / max(abs(ref), 1e-12)


def _test_output_close(name: str, original: float, transformed: float) -> bool:
    """A test output of the two runs agrees: an accuracy within half a point, any other
    output (the test loss) within the loss curve's relative limit; a NaN never agrees."""
    if "accuracy" in name:
        return abs(transformed - original) * 100 < ACCURACY_POINTS_LIMIT
    return _rel(transformed, original) < LOSS_REL_LIMIT


def compare(original: TrainRun, transformed: TrainRun, iterations: int, threads: int,
            one_thread: Optional[TrainRun], display: int = 100) -> TrainResult:
    res = TrainResult(iterations, threads, "pass", display=display)
    if not original.losses:
        res.status, res.detail = "error", "the original run reported no losses"
        return res
    for it, lo in original.losses.items():
        lt = transformed.losses.get(it)
        if lt is not None:
            res.max_single_iteration_rel = max(res.max_single_iteration_rel, _rel(lt, lo))
    ref_curve = _window_means(original.losses, display)
    got_curve = _window_means(transformed.losses, display)
    for it, lo in ref_curve.items():
        lt = got_curve.get(it)
        if lt is None or len(transformed.losses) != len(original.losses):
            res.status, res.detail = "fail", f"the transformed run stopped before iteration {it}"
            break
        rel = _rel(lt, lo)
        res.points.append({"iter": it, "original": lo, "transformed": lt, "rel": rel})
        res.max_loss_rel = max(res.max_loss_rel, rel) if rel == rel else float("inf")
        if not rel < LOSS_REL_LIMIT:  # a NaN loss fails too
            res.status = "fail"
            res.detail = f"loss {rel:.2%} apart at iteration {it}"
    for name, vo in sorted(original.tests.items()):
        vt = transformed.tests.get(name, float("nan"))
        res.tests[name] = [vo, vt]
        if not _test_output_close(name, vo, vt):
            res.status = "fail"
            res.detail = f"{name} {vo:.4f} vs {vt:.4f}"
    if one_thread is not None:
        res.one_thread_identical = one_thread.raw == original.raw
        if not res.one_thread_identical:
            res.status = "fail"
            res.detail = (res.detail + "; " if res.detail else "") + \
                "at 1 thread the training log differs from the original"
    return res
