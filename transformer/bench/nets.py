"""Which solver and net a benchmark trains: a known example of the tree, or a given file."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..check.train import net_for
from ..errors import InputError

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

