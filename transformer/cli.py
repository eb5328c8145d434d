"""Command line: argument parsing and exit codes (0 ok, 1 failure, 2 usage or input error)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import List, Optional

from . import __version__
from .bench.pack_args import add_arguments as pack_arguments
from .check.args import add_arguments as check_arguments
from .check.args import add_cmake_option
from .errors import CheckFailure, InputError

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2
        sys.stderr.write(f"cgp-transform: error: {message}\n")
        raise SystemExit(EXIT_USAGE)


def _add_flags(p: argparse.ArgumentParser):
    p.add_argument("--compile-commands", metavar="FILE",
                   help="compile_commands.json to take flags from (default: PATH/build or PATH)")
    p.add_argument("-I", dest="includes", action="append", default=[], metavar="DIR",
                   help="extra include directory (repeatable)")
    p.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=V]",
                   help="extra preprocessor define (repeatable)")
    p.add_argument("-j", "--jobs", type=int, default=None, help="parallel parse workers")
    p.add_argument("--quiet", action="store_true", help="print only errors")
    p.add_argument("--verbose", action="store_true", help="print details and tracebacks")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cgp-transform",
                     description="Coarse-grain parallelizer for Caffe-style C++ layers: finds "
                                 "the loops over the samples of a batch and runs them with "
                                 "OpenMP.")
    parser.add_argument("--version", action="version", version=f"cgp-transform {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    _add_analyze_arguments(sub.add_parser(
        "analyze", help="decide, loop by loop, what can run per sample in parallel, and why not"))
    _add_transform_arguments(sub.add_parser(
        "transform", help="(default) write a copy of the tree with the parallel plans applied"))
    check_arguments(sub.add_parser(
        "check", help="build the original and the transformed tree and prove them equal: layer "
                      "by layer, race-free, same convergence"))
    _add_bench_arguments(sub.add_parser(
        "bench", help="time training iterations: sequential original, multithreaded BLAS, and "
                      "the transformed tree"))
    return parser


def _add_analyze_arguments(p: argparse.ArgumentParser) -> None:
    """analyze's arguments."""
    p.add_argument("path", help="the Caffe-style source tree")
    p.add_argument("--json", metavar="FILE", help="write the decisions as JSON ('-' for stdout)")
    _add_flags(p)


def _add_transform_arguments(p: argparse.ArgumentParser) -> None:
    """transform's arguments."""
    p.add_argument("path", help="the Caffe-style source tree")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="where to write the transformed tree (default: PATH-parallel, beside "
                        "PATH)")
    p.add_argument("--in-place", action="store_true", help="rewrite PATH itself")
    p.add_argument("--force", action="store_true", help="replace OUT if it exists")
    p.add_argument("--diff", action="store_true", help="print a unified diff (git apply format)")
    p.add_argument("--report", metavar="FILE",
                   help="write a report to FILE: Markdown for .md, JSON for .json")
    p.add_argument("--only", metavar="CLASS,...", help="rewrite only these layer classes")
    p.add_argument("--deterministic", action="store_true",
                   help="fixed chunking: results identical for any thread count")
    p.add_argument("--no-format", action="store_true",
                   help="do not run clang-format on the rewritten regions")
    p.add_argument("--mpi", action="store_true",
                   help="also add the process level: ranks x threads under mpirun, the same "
                        "global batch (build with -DCGP_MPI=ON or make CGP_MPI=1)")
    _add_flags(p)


def _add_bench_arguments(p: argparse.ArgumentParser) -> None:
    """bench's arguments."""
    p.add_argument("path", nargs="?",
                   help="the original Caffe-style source tree (not with --from-pack)")
    p.add_argument("--net", default=None,
                   help="lenet, cifar10_quick, cifar10_full (the tree's examples), or a "
                        "solver or net .prototxt (default lenet; with --pack, a comma-"
                        "separated list, default lenet,cifar10_quick,cifar10_full)")
    p.add_argument("--threads", default="1,2", metavar="LIST",
                   help="thread counts (default 1,2; 1 is always measured)")
    p.add_argument("--iterations", type=int, default=20,
                   help="timed training iterations per run (default 20)")
    p.add_argument("--warmup", type=int, default=3, help="untimed iterations first (default 3)")
    p.add_argument("--repeats", type=int, default=5,
                   help="runs per configuration, interleaved (default 5)")
    p.add_argument("--transformed", metavar="DIR",
                   help="an already transformed tree (default: transform PATH first)")
    p.add_argument("--data", metavar="DIR",
                   help="data source for the net's Data layers (default: as the net says)")
    p.add_argument("--synthetic-data", action="store_true",
                   help="replace the net's data layers by DummyData of the same shapes (from "
                        "the tree's deployment net beside it, or --data-shape): no dataset needed")
    p.add_argument("--data-shape", metavar="C,H,W",
                   help="the per-sample shape of the data top, for --synthetic-data")
    p.add_argument("--batch", type=int, metavar="N",
                   help="the data layers' batch size instead of the net's (the ceiling runs "
                        "split it)")
    p.add_argument("--forward-only", action="store_true",
                   help="time inference: forward passes only (no backward, no update)")
    p.add_argument("--ranks", metavar="LIST",
                   help="time the process level instead: PATH transformed with --mpi, every "
                        "ranks x --threads combination that fits the cores (e.g. 1,2)")
    p.add_argument("--bandwidth-gbit", type=float, default=10.0, metavar="G",
                   help="the network of --ranks' model, in Gbit/s (default 10)")
    p.add_argument("--latency-us", type=float, default=5.0, metavar="US",
                   help="the network latency of --ranks' model, in microseconds (default 5)")
    p.add_argument("--work", metavar="DIR", help="copies and builds (default: shared with check)")
    p.add_argument("--json", metavar="FILE", help="write the measurements as JSON")
    p.add_argument("--plot", metavar="FILE.png", help="write the speedup plots")
    p.add_argument("--compare-torch", action="store_true",
                   help="also train the same net in PyTorch on the CPU at each thread count, "
                        "in the same interleaved runs (needs PyTorch: pip install torch)")
    pack_arguments(p)
    add_cmake_option(p)
    p.add_argument("-j", "--jobs", type=int, default=None, help="parallel build jobs")
    p.add_argument("--quiet", action="store_true", help="print only the speedup line")
    p.add_argument("--verbose", action="store_true", help="print tracebacks on errors")


SUBCOMMANDS = ("analyze", "transform", "check", "bench")


def _progress(quiet: bool):
    """The parsing progress bar's tick, or None."""
    bars = _bars(quiet)
    return bars("parsing", None) if bars else None


def cmd_analyze(args) -> int:
    from . import analyze, report
    result = analyze.run(args.path, args.compile_commands, args.includes, args.defines,
                         jobs=args.jobs, progress=_progress(args.quiet))
    data = result.to_json()
    if args.json == "-":
        json.dump(data, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        if args.json:
            with open(args.json, "w") as fh:
                json.dump(data, fh, indent=2)
        if not args.quiet:
            print(report.table(result, color=sys.stdout.isatty()))
    return EXIT_OK


REPORT_FORMATS = (".md", ".json")


def default_output(path: str) -> str:
    """PATH-parallel, beside PATH."""
    return str(Path(path).resolve()).rstrip("/") + "-parallel"


def cmd_transform(args) -> int:
    from . import apply
    only = [c.strip() for c in args.only.split(",") if c.strip()] if args.only else None
    if args.report and Path(args.report).suffix not in REPORT_FORMATS:
        raise InputError(f"--report {args.report}: give a .md (Markdown) or .json file")
    output = args.output
    if not output and not args.in_place:
        output = default_output(args.path)
    res = apply.transform(args.path, output, in_place=args.in_place, force=args.force,
                          only=only, deterministic=args.deterministic, want_diff=args.diff,
                          progress=_progress(args.quiet), compile_commands=args.compile_commands,
                          includes=args.includes, defines=args.defines,
                          format=not args.no_format, mpi=args.mpi)
    if args.report:
        with open(args.report, "w") as fh:
            if args.report.endswith(".json"):
                json.dump(res.to_json(), fh, indent=2)
            else:
                fh.write(apply.report_markdown(res))
    if args.diff:
        sys.stdout.write(res.diff)
    if not args.quiet:
        _say_transformed(res, args, sys.stderr if args.diff else sys.stdout)
    return EXIT_FAIL if res.error_files or res.missing_headers else EXIT_OK


def _say_transformed(res, args, out) -> None:
    """What transform did, on the terminal."""
    from . import apply
    if res.already_transformed:
        print(f"{res.root}: already transformed: nothing to do", file=out)
    print(f"{len(res.applied)} regions rewritten in {len(res.changed_files)} files, "
          f"{len(res.left)} loops left as they were; output: {res.out}", file=out)
    for f, why in apply.error_lines(res):
        print(f"syntax errors, copied unchanged: {f}: {why}", file=out)
    for m in res.missing_headers:
        print(f"missing header, copied unchanged: {m['unit']}: {m['header']} (included "
              f"from {m['includer']}); {m['advice']}", file=out)
    for problem in res.format_problems:
        print(f"formatting: {problem}", file=out)
    if res.process is not None:
        print(f"process level (--mpi): {res.process['edits']} edits in the solver; build "
              f"with -DCGP_MPI=ON (CMake) or CGP_MPI=1 (Makefile), run under mpirun",
              file=out)
        for note in res.process["notes"]:
            print(f"process level: {note}", file=out)
    if not args.in_place and not args.diff:
        print(f"next: build {res.out} as you build {res.root} (OpenMP is switched on in "
              f"its build), then prove it: cgp-transform check {res.root} --transformed "
              f"{res.out}", file=out)


def _int_list(text: str, what: str) -> List[int]:
    try:
        values = [int(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise InputError(f"{what} takes a comma-separated list of integers, "
                         f"not {text!r}") from None
    if not values:
        raise InputError(f"{what} is empty")
    return values


def _bars(quiet: bool):
    """A progress-bar factory for long steps, or None when quiet or not on a terminal."""
    if quiet or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None

    def factory(desc: str, total: Optional[int]):
        return tqdm(desc=desc, total=total, leave=False).update  # update() ticks by one
    return factory


def _say(quiet: bool):
    """Step announcements on stderr, unless quiet."""
    def say(text: str):
        if not quiet:
            print(f"== {text}", file=sys.stderr, flush=True)
    return say


def _write_json(path: Optional[str], data) -> None:
    if path:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        with open(path, "w") as fh:
            json.dump(data, fh, indent=2)


def cmd_check(args) -> int:
    from .buildtree import check_options, jobs_default
    from .check import report as check_report
    from .check.run import CheckOptions, run
    check_options(args.cmake_option)
    opts = CheckOptions(
        path=args.path, transformed=args.transformed,
        threads=_int_list(args.threads or "1,2,3,8", "--threads"),
        batches=_int_list(args.batches, "--batches"),
        dtypes=[d.strip() for d in args.dtype.split(",") if d.strip()],
        race=args.race, race_threads=args.race_threads,
        tree_tests=args.tree_tests or args.tree_tests_only, layer_checks=not args.tree_tests_only,
        tree_test_threads=_int_list(args.threads or "1,2,3", "--threads"),
        tree_test_timeout=args.tree_test_timeout, tree_test_filter=args.tree_test_filter,
        strict=args.strict, repeats=args.repeats,
        layers=[x.strip() for x in args.layers.split(",")] if args.layers else None,
        deterministic=args.deterministic, work=args.work, jobs=args.jobs or jobs_default(),
        train=not args.no_train, solver=args.solver, net=args.net, data=args.data,
        iterations=args.iterations, train_threads=args.train_threads,
        cmake_options=args.cmake_option)
    if args.mpi:
        return _check_mpi(opts, args)
    rep = run(opts, say=_say(args.quiet), progress=_bars(args.quiet))
    _write_json(args.json, rep.to_json())
    if args.junit:
        with open(args.junit, "w") as fh:
            fh.write(check_report.junit(rep))
    text = check_report.table(rep, color=sys.stdout.isatty(), verbose=args.verbose)
    print(text.splitlines()[-1] if args.quiet else text)
    return EXIT_OK if rep.ok else EXIT_FAIL


def _check_mpi(opts, args) -> int:
    from .check import mpi
    rep = mpi.run(opts, args.ranks, say=_say(args.quiet))
    _write_json(args.json, rep.to_json())
    text = mpi.table(rep)
    print(text.splitlines()[-1] if args.quiet else text)
    return EXIT_OK if rep.ok else EXIT_FAIL


def _bench_pack(args) -> int:
    """--pack DIR and --from-pack RESULTS."""
    from .bench import pack, pack_results
    from .buildtree import jobs_default
    if args.pack and args.from_pack:
        raise InputError("--pack and --from-pack do not go together")
    if args.from_pack:
        result = pack_results.load(Path(args.from_pack))
        _write_json(args.json, result)
        if args.plot:
            for path in pack_results.plot(result, Path(args.plot)):
                _say(args.quiet)(f"wrote {path}")
        print(pack_results.table(result))
        return EXIT_OK
    if args.path is None:
        raise InputError("bench --pack needs PATH, the tree to pack")
    names = [n.strip() for n in args.net.split(",") if n.strip()] if args.net else None
    opts = pack.PackOptions(path=args.path, out=args.pack, nets=names or pack.DEFAULT_NETS,
                            extra_nets=args.pack_net,
                            threads=sorted(set(pack.PACK_THREADS)
                                           | set(_int_list(args.threads, "--threads"))),
                            work=args.work, transformed=args.transformed,
                            jobs=args.jobs or jobs_default(),
                            data_shape=_int_list(args.data_shape, "--data-shape")
                            if args.data_shape else None, batch=args.batch,
                            cmake_options=args.cmake_option)
    manifest = pack.pack(opts, say=_say(args.quiet))
    _write_json(args.json, manifest)
    print(pack.line(manifest))
    return EXIT_OK


def cmd_bench(args) -> int:
    from .bench import report as bench_report
    from .bench.plot import plot
    from .bench.run import BenchOptions, run
    from .buildtree import check_options, jobs_default
    check_options(args.cmake_option)
    if args.pack or args.from_pack:
        return _bench_pack(args)
    if args.path is None:
        raise InputError("bench needs PATH, the tree to time")
    if args.pack_net:
        raise InputError("--pack-net goes with --pack")
    opts = BenchOptions(path=args.path, net=args.net or "lenet",
                        threads=_int_list(args.threads, "--threads"),
                        iterations=args.iterations, warmup=args.warmup, repeats=args.repeats,
                        transformed=args.transformed, work=args.work, data=args.data,
                        jobs=args.jobs or jobs_default(), compare_torch=args.compare_torch,
                        synthetic_data=args.synthetic_data,
                        data_shape=_int_list(args.data_shape, "--data-shape")
                        if args.data_shape else None,
                        ranks=_int_list(args.ranks, "--ranks") if args.ranks else None,
                        bandwidth_gbit=args.bandwidth_gbit, latency_us=args.latency_us,
                        batch=args.batch, forward_only=args.forward_only,
                        cmake_options=args.cmake_option)
    if opts.ranks is not None and opts.forward_only:
        raise InputError("--forward-only applies to the thread benchmark, not to --ranks")
    result = run(opts, say=_say(args.quiet), progress=_bars(args.quiet))
    _write_json(args.json, result)
    if opts.ranks is not None:
        return _bench_ranks_output(result, args)
    if args.plot:
        plot(result["figures"], result["net"], Path(args.plot))
    if args.quiet:
        top = result["figures"]["rows"][-1]
        torch = (f", {top['coarse_over_torch']:.2f}x PyTorch's speed"
                 if "coarse_over_torch" in top else "")
        suspect = f" (suspect: {result['blas']['reason']})" if result["suspect"] else ""
        if suspect:
            sys.stderr.write(f"cgp-transform: warning: {result['blas']['message']}\n")
        print(f"{result['net']}: {top['coarse_speedup']:.2f}x at {top['threads']} "
              f"threads{torch}{suspect}")
    else:
        print(bench_report.table(result))
    return EXIT_OK


def _bench_ranks_output(result: dict, args) -> int:
    from .bench import ranks
    if args.plot or args.compare_torch:
        sys.stderr.write("cgp-transform: note: --plot and --compare-torch apply to the "
                         "thread benchmark, not to --ranks\n")
    if args.quiet:
        top = max(result["rows"], key=lambda r: r["speedup"])
        print(f"{result['net']}: {top['speedup']:.2f}x at {top['ranks']} x {top['threads']}")
    else:
        print(ranks.table(result))
    return EXIT_OK


# Options whose value itself starts with a dash (`--cmake-option -DUSE_OPENCV=ON`), which
# argparse would take for another option: written `--cmake-option=-D...` before parsing.
_DASH_VALUED = ("--cmake-option",)


def _attach_dash_values(argv: List[str]) -> List[str]:
    out: List[str] = []
    it = iter(argv)
    for a in it:
        if a in _DASH_VALUED:
            value = next(it, None)
            out.append(a if value is None else f"{a}={value}")
        else:
            out.append(a)
    return out


def main(argv: Optional[List[str]] = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] not in SUBCOMMANDS and not argv[0].startswith("-"):
        argv.insert(0, "transform")
    elif argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version") \
            and any(not a.startswith("-") for a in argv):
        argv.insert(0, "transform")
    args = parser.parse_args(_attach_dash_values(argv))
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    handler = {"analyze": cmd_analyze, "transform": cmd_transform,
               "check": cmd_check, "bench": cmd_bench}[args.command]
    try:
        return handler(args)
    except InputError as e:
        sys.stderr.write(f"cgp-transform: error: {e}\n")
        return EXIT_USAGE
    except CheckFailure as e:
        sys.stderr.write(f"cgp-transform: check failed: {e}\n")
        return EXIT_FAIL
    except KeyboardInterrupt:
        sys.stderr.write("cgp-transform: interrupted\n")
        return 130
    except Exception as e:  # noqa: BLE001 - one line unless --verbose
        if getattr(args, "verbose", False):
            raise
        sys.stderr.write(f"cgp-transform: internal error: {type(e).__name__}: {e}\n")
        return EXIT_FAIL
