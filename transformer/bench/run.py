"""`cgp-transform bench`: build both trees with the driver (sharing check's work directory),
check that the baseline's BLAS is not a generic or slow kernel (blas_check), time training
iterations (or, forward_only, inference passes) for the baseline, fine-grain BLAS and
coarse-grain configurations (and, with compare_torch, the same net in PyTorch), and derive
speedups."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, List, Optional

from .. import analyze as analyze_mod
from .. import buildtree
from ..buildpair import build_pair, default_work, registered_types
from ..check import layers as check_layers
from ..errors import InputError
from ..source_tree import input_dir
from . import blas_check, measure, nets, ranks, torch_ref
from . import figures as figures_mod


@dataclass
class BenchOptions:
    path: str
    net: str = "lenet"
    threads: List[int] = field(default_factory=lambda: [1, 2])
    iterations: int = 20
    warmup: int = 3
    repeats: int = 5
    transformed: Optional[str] = None
    work: Optional[str] = None
    data: Optional[str] = None
    jobs: int = field(default_factory=buildtree.jobs_default)
    compare_torch: bool = False
    synthetic_data: bool = False
    data_shape: Optional[List[int]] = None
    ranks: Optional[List[int]] = None  # the process level (bench/ranks.py) instead
    bandwidth_gbit: float = 10.0       # its model's network
    latency_us: float = 5.0
    batch: Optional[int] = None        # the data layers' batch, instead of the net's
    forward_only: bool = False         # inference timing: forward passes alone
    cmake_options: List[str] = field(default_factory=list)  # the user's, for both builds


def torch_version() -> str:
    """PyTorch's version, or an InputError when it cannot be imported."""
    try:
        import torch
    except (ImportError, OSError):
        raise InputError("--compare-torch needs PyTorch: pip install torch") from None
    return str(torch.__version__)


def _check_options(opts: BenchOptions) -> None:
    if not opts.threads or any(t < 1 for t in opts.threads):
        raise InputError("--threads takes positive integers")
    if opts.data_shape is not None and (not opts.synthetic_data
                                        or any(d < 1 for d in opts.data_shape)):
        raise InputError("--data-shape takes positive sizes, and goes with --synthetic-data")
    if opts.iterations < 1 or opts.repeats < 1:
        raise InputError("--iterations and --repeats must be at least 1")
    nets.check_batch(opts.batch)
    if opts.forward_only and opts.compare_torch:
        raise InputError("--forward-only does not go with --compare-torch (its PyTorch runs "
                         "time training)")


def run(opts: BenchOptions, say: Callable[[str], None] = lambda s: None,
        progress=None) -> dict:
    if opts.ranks is not None:
        return ranks.run(opts, say, progress)
    t0 = time.time()
    root = input_dir(opts.path)
    _check_options(opts)
    threads = sorted(set(opts.threads) | {1})
    torch = torch_version() if opts.compare_torch else None  # before anything is built
    work = Path(opts.work).resolve() if opts.work else default_work(root)
    work.mkdir(parents=True, exist_ok=True)
    choice = nets.resolve(root, opts.net, work)
    net_file, data_note, ceiling_nets, full_batch = nets.bench_nets(opts, choice, root, work,
                                                                    threads)
    say(data_note)
    if torch is not None:  # a layer PyTorch cannot run is an input error, found now
        torch_ref.translate(net_file, choice.solver, opts.data, root)
    analysis = analyze_mod.run(str(root))
    transformed, original_exe, transformed_exe = build_pair(
        root, opts.transformed, work, analysis, False, opts.jobs, say, cmake=opts.cmake_options)
    exes = {"original": original_exe, "transformed": transformed_exe}
    registered = registered_types(original_exe)
    policies = check_layers.select(analysis.program, analysis.decisions, registered, root,
                                   transformed)
    cfgs = measure.configs(threads, torch=torch is not None, ceiling_nets=ceiling_nets,
                           forward_only=opts.forward_only)
    blas = blas_check.probe(original_exe, measure.driver_env(cfgs[0]))  # as the baseline runs
    say(blas_check.line(blas))
    if blas["verdict"] != "ok":
        say(f"warning: {blas['message']}")
    say(f"timing {choice.name}: {len(cfgs)} configurations x {opts.repeats} repeats, "
        f"{opts.iterations} iterations each")
    tick = progress("benchmarking", len(cfgs) * opts.repeats) if progress else None
    measured = measure.measure(exes, cfgs, choice.solver, net_file, opts.data,
                               opts.iterations, opts.warmup, opts.repeats, tick, root)
    figs = figures_mod.derive(measured, threads, {p.type for p in policies}, full_batch)
    return {
        "root": str(root), "transformed": str(transformed), "net": choice.name,
        "solver": str(choice.solver), "net_file": str(choice.net),
        "trained_net_file": str(net_file), "data": data_note, "batch": full_batch,
        "batch_given": opts.batch is not None, "forward_only": opts.forward_only,
        "blas": blas, "suspect": blas["verdict"] != "ok",
        "machine": {"cpus": os.cpu_count()},
        "iterations": opts.iterations, "warmup": opts.warmup, "repeats": opts.repeats,
        "threads": threads,
        "compare_torch": torch is not None, "torch_version": torch,
        "measured": [{"config": m.config.__dict__, "iteration_ms": m.iteration,
                      "runs_ms": [s.iteration_ms for s in m.samples],
                      "timed": [s.timed for s in m.samples],
                      "peak_rss_kb": m.peak_rss_kb, "private_bytes": m.private_bytes,
                      "layers_ms": m.layer_ms()} for m in measured],
        "figures": figs,
        "held_back_by": figures_mod.slowest_layers(figs),
        "seconds": round(time.time() - t0, 1),
    }
