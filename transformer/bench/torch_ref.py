"""`bench --compare-torch`: the bench's net trained in PyTorch on the CPU, timed like the driver.

Three modules do the work: `torch_translate` reads the net's .prototxt (TRAIN phase) and the
solver, with the tree's caffe.proto, into plain layer specs (`torch_specs`) with the shapes
Caffe would give every top; it needs no torch. `torch_model.TorchNet` turns the specs into
torch modules. Here, `time_training` runs forward, backward and an SGD step per iteration,
printing `CGP iter <ms>` as the C++ driver does, so `measure.parse` reads it.

Inputs are fixed random tensors of the shapes the Caffe data layer would produce (the data
is not loaded or transformed per iteration) and the weights start from PyTorch's default
initialization: what is timed is the net's arithmetic and the update. Images and convolution
weights are kept channels-last, the layout PyTorch recommends for convolutions on the CPU
(oneDNN), clearly faster than the default NCHW for LeNet and cifar10_quick here;
`--memory-format contiguous` times NCHW instead.

    python -m transformer.bench.torch_ref --solver S --net N [--data D] [--root TREE] \
        --threads T --iterations I --warmup W
"""
from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path
from typing import List, Optional

from ..errors import InputError
from .torch_model import TorchNet
from .torch_translate import translate

__all__ = ["TorchNet", "main", "time_training", "translate"]


def time_training(model: TorchNet, iterations: int, warmup: int, out=sys.stdout) -> List[float]:
    """`warmup` untimed steps, then `iterations` timed ones; one `CGP iter <ms>` line each."""
    opt = model.optimizer()

    def step() -> None:
        opt.zero_grad()
        loss, _ = model.forward()
        loss.backward()
        opt.step()

    for _ in range(warmup):
        step()
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        step()
        times.append((time.perf_counter() - start) * 1000.0)
        out.write(f"CGP iter {times[-1]:.6f}\n")
    out.write(f"CGP rss {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\n")  # kB on Linux
    out.flush()
    return times


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m transformer.bench.torch_ref",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--solver", required=True, help="the solver .prototxt (base_lr, momentum, "
                                                    "weight_decay)")
    ap.add_argument("--net", help="the net .prototxt (default: the solver's net)")
    ap.add_argument("--data", help="replaces the Data layers' data_param.source")
    ap.add_argument("--root", help="the Caffe tree whose caffe.proto reads the files "
                                   "(default: the tree the net or the solver lies in)")
    ap.add_argument("--threads", type=int, default=1, help="torch.set_num_threads (default 1)")
    ap.add_argument("--iterations", type=int, default=20, help="timed iterations (default 20)")
    ap.add_argument("--warmup", type=int, default=3, help="untimed iterations (default 3)")
    ap.add_argument("--memory-format", choices=("channels_last", "contiguous"),
                    default="channels_last",
                    help="layout of images and convolution weights (default channels_last)")
    args = ap.parse_args(argv)
    try:
        import torch
        torch.set_num_interop_threads(1)
        torch.set_num_threads(max(1, args.threads))
        solver = Path(args.solver)
        net_path = Path(args.net) if args.net else _net_of(solver)
        root = Path(args.root) if args.root else None
        model = TorchNet(translate(net_path, solver, args.data, root),
                         channels_last=args.memory_format == "channels_last")
        model.check_shapes()
        time_training(model, args.iterations, args.warmup)
    except (InputError, OSError) as e:
        sys.stderr.write(f"torch_ref: error: {e}\n")
        return 2
    except RuntimeError as e:  # torch refusing a layer's settings
        first = (str(e).strip().splitlines() or [""])[0]
        sys.stderr.write(f"torch_ref: PyTorch failed: {first}\n")
        return 1
    return 0


def _net_of(solver: Path) -> Path:
    from ..check.train import net_for
    found = net_for(solver)
    if found is None:
        raise InputError(f"the net named by {solver} was not found")
    return found


if __name__ == "__main__":
    sys.exit(main())
