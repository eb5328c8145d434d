"""Which solver and net a benchmark trains (a known example of the tree, or a given file),
and the net files its runs train (the thread and the process benchmarks alike)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

from ..check.train import missing_source, net_for
from ..errors import InputError
from . import synthetic

# Where Caffe trees keep the example solvers.
KNOWN = {
    "lenet": "examples/mnist/lenet_solver.prototxt",
    "cifar10_quick": "examples/cifar10/cifar10_quick_solver.prototxt",
    "cifar10_full": "examples/cifar10/cifar10_full_solver.prototxt",
}
# A plain SGD solver for a net given on its own (the update costs the same for any policy).
DEFAULT_SOLVER = 'base_lr: 0.001\nmomentum: 0.9\nweight_decay: 0.0005\nlr_policy: "fixed"\n' \
                 'solver_mode: CPU\n'


@dataclass
class NetChoice:
    name: str
    solver: Path
    net: Path


def resolve(root: Path, net: str, work: Path) -> NetChoice:
    if net in KNOWN:
        solver = root / KNOWN[net]
        if not solver.is_file():
            raise InputError(f"{root} has no {KNOWN[net]} for --net {net}")
        found = net_for(solver)
        if found is None:
            raise InputError(f"the net named by {solver} was not found")
        return NetChoice(net, solver, found)
    path = Path(net)
    if not path.is_file():
        raise InputError(f"--net {net}: not a known net ({', '.join(KNOWN)}) nor a file")
    text = path.read_text(errors="replace")
    if re.search(r"^\s*layers?\s*\{", text, re.M):  # a net definition
        solver = work / "bench_solver.prototxt"
        solver.parent.mkdir(parents=True, exist_ok=True)
        solver.write_text(DEFAULT_SOLVER)
        return NetChoice(path.stem, solver, path)
    found = net_for(path)
    if found is None:
        raise InputError(f"{net}: a solver whose net was not found")
    return NetChoice(path.stem, path, found)


def check_batch(batch: Optional[int]) -> None:
    """--batch: None (the net's own) or a positive number of samples."""
    if batch is not None and batch < 1:
        raise InputError(f"--batch takes a positive number of samples, not {batch}")


def bench_nets(opts, choice: NetChoice, root: Path, work: Path, threads: List[int]):
    """The net file the runs train (the data layers replaced by DummyData with
    --synthetic-data, their batch set to --batch), a line saying where the data comes from,
    the ceiling runs' nets {T: (samples per process, file)}, which split that batch, and the
    full batch (None when the net has no data layer with a batch size: then there is no
    ceiling). opts: the bench options (data, synthetic_data, data_shape, batch)."""
    batch = getattr(opts, "batch", None)
    check_batch(batch)
    net = synthetic.load(choice.net, root)
    out_dir = work / "bench-nets"
    if opts.synthetic_data and not synthetic.needs_data(net):
        net_file, note = choice.net, "data: the net's own DummyData"
    elif opts.synthetic_data:
        shape, source = synthetic.data_shape(choice.net, net, opts.data_shape)
        net = synthetic.synthetic(net, shape)
        net_file = synthetic.write(net, out_dir / f"{choice.name}.prototxt")
        note = f"data: synthetic (DummyData), {'x'.join(map(str, shape))} per sample, " \
               f"shape from {source}"
    else:
        missing = None if opts.data else missing_source(choice.net, root)
        if missing:
            raise InputError(f"the net's data source {missing} does not exist: give "
                             "--data DIR, or --synthetic-data to time without a dataset")
        net_file = choice.net
        note = f"data: {opts.data or 'as the net says'}"
    layers = synthetic.data_layers(net)
    if batch is not None:
        if not layers:
            raise InputError(f"--batch {batch}: {choice.net} has no training data layer "
                             "with a batch size")
        net = synthetic.with_batch(net, batch)
        net_file = synthetic.write(net, out_dir / f"{choice.name}-batch{batch}.prototxt")
        note += f", batch {batch} (--batch; the net says {layers[0].batch})"
        layers = synthetic.data_layers(net)
    full = layers[0].batch if layers else None
    ceiling = {}
    for t in threads:
        if full and t > 1 and full // t >= 1:
            path = out_dir / f"{choice.name}-b{full // t}.prototxt"
            ceiling[t] = (full // t, synthetic.write(synthetic.with_batch(net, full // t), path))
    return net_file, note, ceiling, full
