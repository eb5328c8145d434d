"""`cgp-transform check --mpi`: the process level. The tree transformed with --mpi and built
with -DCGP_MPI=ON trains LeNet as R ranks x 1 thread under mpirun; the original tree trains it
as one process x 1 thread; the same solver, seed, global batch and data. The loss curves and
the final test outputs are compared as the thread-level check compares them (train.compare),
and every rank's weights must be identical at the end (the digest each rank reports)."""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional

from .. import analyze as analyze_mod
from .. import buildtree
from ..buildpair import build_pair, default_work
from ..errors import InputError
from ..source_tree import input_dir
from . import train
from .run import CheckOptions, training_inputs


@dataclass
class MpiReport:
    root: str
    transformed: str
    work: str
    ranks: int
    train: Optional[train.TrainResult]
    rank_weights: Dict[int, str] = field(default_factory=dict)
    notes: List[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def weights_identical(self) -> bool:
        return (len(self.rank_weights) == self.ranks and
                len(set(self.rank_weights.values())) == 1)

    @property
    def ok(self) -> bool:
        return (self.train is not None and self.train.status == "pass" and
                self.weights_identical)

    def to_json(self) -> dict:
        d = asdict(self)
        d["ok"], d["weights_identical"] = self.ok, self.weights_identical
        return d


def run(opts: CheckOptions, ranks: int, say: Callable[[str], None] = lambda s: None) -> MpiReport:
    t0 = time.time()
    root = input_dir(opts.path)
    if ranks < 2:
        raise InputError("--ranks: the process level is checked with at least 2 ranks")
    if opts.iterations < 1:
        raise InputError("--iterations must be at least 1")
    launcher = buildtree.mpirun(ranks)  # before anything is built: mpirun must exist
    work = Path(opts.work).resolve() if opts.work else default_work(root)
    work.mkdir(parents=True, exist_ok=True)
    notes: List[str] = []
    inputs = training_inputs(opts, root, notes)
    if inputs is None:
        raise InputError("check --mpi trains LeNet: " + notes[-1])
    solver, net = inputs
    say("analyzing the original tree")
    analysis = analyze_mod.run(str(root))
    transformed, original_exe, mpi_exe = build_pair(root, opts.transformed, work, analysis,
                                                    False, opts.jobs, say, mpi=True,
                                                    cmake=opts.cmake_options)
    report = MpiReport(str(root), str(transformed), str(work), ranks, None, notes=notes)
    say(f"training {net.name} for {opts.iterations} iterations: 1 process x 1 thread "
        f"(original), {ranks} ranks x 1 thread (mpirun)")
    try:
        ref = train.run(original_exe, solver, net, opts.data, opts.iterations, None)
        got = train.run(mpi_exe, solver, net, opts.data, opts.iterations, 1, launcher)
    except RuntimeError as e:
        report.train = train.TrainResult(opts.iterations, 1, "error", detail=str(e))
    else:
        report.train = train.compare(ref, got, opts.iterations, 1, None,
                                     train.display_of(solver))
        report.rank_weights = got.rank_weights
    report.seconds = round(time.time() - t0, 1)
    return report


def table(report: MpiReport) -> str:
    """The terminal report: the loss curve side by side, the test outputs, the digests."""
    tr = report.train
    lines = [f"process level: {report.ranks} ranks x 1 thread (mpirun) against 1 process x "
             f"1 thread (original), {tr.iterations if tr else '?'} iterations"]
    if tr is not None:
        lines.append(f"{'iter':>6} {'1 process':>10} {f'{report.ranks} ranks':>10} {'apart':>7}")
        for p in tr.points:
            lines.append(f"{p['iter']:>6} {p['original']:>10.6f} {p['transformed']:>10.6f} "
                         f"{p['rel']:>6.2%}")
        for name, (a, b) in tr.tests.items():
            lines.append(f"test {name}: {a:.4f} vs {b:.4f}")
        if tr.detail:
            lines.append(f"train: {tr.status}: {tr.detail}")
    digests = ", ".join(f"rank {r} {d}" for r, d in sorted(report.rank_weights.items()))
    lines.append(f"weights at the end: {digests or 'no digests reported'} -> "
                 f"{'identical' if report.weights_identical else 'NOT identical'}")
    lines += [f"note: {n}" for n in report.notes]
    lines.append(f"check --mpi: {'PASS' if report.ok else 'FAIL'} ({report.seconds:.0f} s)")
    return "\n".join(lines)
