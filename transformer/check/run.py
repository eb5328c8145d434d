"""`cgp-transform check`: build both trees with the driver, compare every transformed layer
across thread counts, batch sizes and dtypes, look for races with Archer, compare training."""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

from .. import analyze as analyze_mod
from .. import buildtree
from ..buildpair import build_pair, default_work, registered_types
from ..errors import InputError
from ..source_tree import input_dir
from . import derive, equivalence, layers, race, train, tree_tests
from .cases import Case


@dataclass
class CheckOptions:
    path: str
    transformed: Optional[str] = None
    threads: List[int] = field(default_factory=lambda: [1, 2, 3, 8])
    batches: List[int] = field(default_factory=lambda: [1, 2, 7, 64])
    dtypes: List[str] = field(default_factory=lambda: ["float", "double"])
    race: Optional[bool] = None  # None: whenever clang-14 and libomp are installed
    tree_tests: bool = False
    layer_checks: bool = True  # False: only the tree's own suite (--tree-tests-only)
    tree_test_threads: List[int] = field(default_factory=lambda: [1, 2, 3])
    tree_test_timeout: float = 4 * 3600
    tree_test_filter: Optional[str] = None  # gtest patterns: run only the matching tests
    strict: bool = False  # an unchecked layer type fails the check
    repeats: int = 3  # runs of each case at more than one thread
    race_threads: Optional[int] = None
    layers: Optional[List[str]] = None
    deterministic: bool = False
    work: Optional[str] = None
    jobs: int = field(default_factory=buildtree.jobs_default)
    train: bool = True
    solver: Optional[str] = None
    net: Optional[str] = None
    data: Optional[str] = None
    iterations: int = 500
    train_threads: int = 2
    cmake_options: List[str] = field(default_factory=list)  # the user's, for every build


@dataclass
class CheckReport:
    root: str
    transformed: str
    work: str
    layers: List[dict]
    results: List[equivalence.CaseResult]
    races: List[race.RaceResult]
    train: Optional[train.TrainResult]
    notes: List[str]
    seconds: float = 0.0
    tree_tests: List[tree_tests.TreeTestResult] = field(default_factory=list)
    strict: bool = False
    # type -> why its proposals were rejected (for the types no case could exercise)
    unchecked_why: Dict[str, List[str]] = field(default_factory=dict)

    @property
    def unchecked(self) -> List[str]:
        """Transformed layer types that no case could exercise (no case, or the original
        build rejects every case's set-up)."""
        exercised = {r.layer for r in self.results}
        return sorted({p["type"] for p in self.layers} - exercised)

    @property
    def ok(self) -> bool:
        return (not any(r.failed for r in self.results) and
                all(r.status == "pass" for r in self.races) and
                all(r.status == "pass" for r in self.tree_tests) and
                not (self.strict and self.unchecked) and
                (self.train is None or self.train.status == "pass") and
                bool(self.results or self.tree_tests))

    def to_json(self) -> dict:
        d = asdict(self)
        d["ok"] = self.ok
        d["summary"] = {
            "rows": len(self.results),
            "failed": sum(r.failed for r in self.results),
            "race_runs": len(self.races),
            "races": sum(r.status != "pass" for r in self.races),
            "train": self.train.status if self.train else "skipped",
            "unchecked": self.unchecked,
            "tree_tests": [{"threads": t.threads, "status": t.status, "failed": len(t.failed)}
                           for t in self.tree_tests],
        }
        d["unchecked"] = self.unchecked
        return d


def run(opts: CheckOptions, say: Callable[[str], None] = lambda s: None,
        progress: Optional[Callable[[str, int], Callable[[], None]]] = None) -> CheckReport:
    t0 = time.time()
    root = input_dir(opts.path)
    _check_options(opts)
    notes: List[str] = []
    _decide_race(opts, notes)
    work = Path(opts.work).resolve() if opts.work else default_work(root)
    work.mkdir(parents=True, exist_ok=True)

    say("analyzing the original tree")
    analysis = analyze_mod.run(str(root))
    transformed, original_exe, transformed_exe = build_pair(
        root, opts.transformed, work, analysis, opts.deterministic, opts.jobs, say,
        cmake=opts.cmake_options)
    race_exe = None
    if opts.race and opts.layer_checks:
        say("building the transformed tree with clang-14, ThreadSanitizer and Archer")
        race_exe = buildtree.build(transformed, work / "transformed",
                                   buildtree.with_options(buildtree.RACE, opts.cmake_options),
                                   opts.jobs, work / "logs" / "race.log")

    policies = _policies(opts, analysis, root, transformed, original_exe, notes)
    cases: List[Tuple[Case, layers.LayerPolicy]] = []
    unchecked_why: Dict[str, List[str]] = {}
    if opts.layer_checks:
        say("deriving the cases from the tree (its tests and prototxts; the original judges)")
        cases, unchecked_why = _derive_cases(root, policies, original_exe, work, opts)
    results = _check_cases(opts, cases, transformed_exe, work, progress)
    races = _race_cases(opts, cases, race_exe, work, progress)
    suite = _tree_tests(opts, root, work, say, progress) if opts.tree_tests else []

    train_result = None
    if opts.train and opts.layer_checks:
        train_result = _train(opts, root, original_exe, transformed_exe, notes, say)
    return CheckReport(str(root), str(transformed), str(work),
                       [asdict(p) for p in policies] if opts.layer_checks else [], results,
                       races, train_result, notes, round(time.time() - t0, 1), suite,
                       opts.strict, unchecked_why)


def _check_options(opts: CheckOptions) -> None:
    """Reject thread counts, batch sizes and dtypes that cannot be run."""
    if any(t < 1 for t in opts.threads) or any(b < 1 for b in opts.batches):
        raise InputError("--threads and --batches take positive integers")
    bad = [d for d in opts.dtypes if d not in ("float", "double")]
    if bad:
        raise InputError(f"unknown dtype {bad[0]} (float, double)")


def _decide_race(opts: CheckOptions, notes: List[str]) -> None:
    """Settle opts.race: by default, on wherever clang-14 and libomp are installed (a note
    says when it is skipped); asked for without them, an input error."""
    missing = buildtree.race_tools_missing()
    if opts.race is None:  # the default: race-check wherever the tools are installed
        opts.race = not missing
        if missing:
            notes.append("race check skipped: " + ", ".join(missing) + " missing (Debian: "
                         "apt-get install clang-14 libomp-14-dev); without it a race shows "
                         "only where threads happen to interleave")
    if opts.race and missing:
        raise InputError("--race needs " + ", ".join(missing) +
                         " (Debian: apt-get install clang-14 libomp-14-dev)")


def _policies(opts: CheckOptions, analysis, root: Path, transformed: Path, original_exe: Path,
              notes: List[str]) -> List[layers.LayerPolicy]:
    """The registered layer types to check; a note names the --layers that are not among
    them."""
    registered = registered_types(original_exe)
    if not registered:
        raise InputError("the original tree's layer registry is empty (LayerRegistry)")
    policies = layers.select(analysis.program, analysis.decisions, registered, root,
                             transformed, opts.layers)
    if opts.layers:
        unknown = sorted(set(opts.layers) - {p.type for p in policies})
        if unknown:
            notes.append("not checked (not registered, or not transformed): " +
                         ", ".join(unknown))
    return policies


def _check_cases(opts: CheckOptions, cases: List[Tuple[Case, layers.LayerPolicy]],
                 transformed_exe: Path, work: Path,
                 progress) -> List[equivalence.CaseResult]:
    """Every case in both builds, at each thread count, batch size and dtype."""
    tick = progress("checking layers", len(cases) * len(opts.threads)) if progress else None
    results: List[equivalence.CaseResult] = []
    for case, policy in cases:
        results += equivalence.check_case(case, policy, transformed_exe, work, opts.threads,
                                          opts.batches, opts.dtypes, opts.deterministic, tick,
                                          opts.repeats)
    return results


def _race_cases(opts: CheckOptions, cases: List[Tuple[Case, layers.LayerPolicy]],
                race_exe: Optional[Path], work: Path, progress) -> List[race.RaceResult]:
    """Every case under Archer (none without the race build)."""
    races: List[race.RaceResult] = []
    if race_exe is not None and cases:
        threads = opts.race_threads or max([t for t in opts.threads if t > 1] or [2])
        tick = progress("race check", len(cases)) if progress else None
        for case, policy in cases:
            races.append(race.check_case(case, policy.type, race_exe, work / "race", threads,
                                         opts.batches, opts.dtypes))
            if tick:
                tick()
    return races


def _derive_cases(root: Path, policies: List[layers.LayerPolicy], original_exe: Path,
                  work: Path, opts: CheckOptions
                  ) -> Tuple[List[Tuple[Case, layers.LayerPolicy]], Dict[str, List[str]]]:
    """The accepted cases of every checked type (the original build has run each, so its
    reference dumps are in place), and the rejections of the types left unchecked."""
    sources = derive.scan(root)

    def probe(case: Case) -> Optional[str]:
        return equivalence.rejection(equivalence.run_reference(
            original_exe, case, work, opts.batches, opts.dtypes))

    cases: List[Tuple[Case, layers.LayerPolicy]] = []
    why: Dict[str, List[str]] = {}
    for policy in policies:
        accepted, rejected = derive.cases_for(policy.type, original_exe, work, sources, probe)
        cases += [(c, policy) for c in accepted]
        if not accepted:
            why[policy.type] = rejected[:3] or ["no proposal fits the layer's declared blobs"]
    return cases, why


def _tree_tests(opts: CheckOptions, root: Path, work: Path, say,
                progress) -> List[tree_tests.TreeTestResult]:
    """The tree's own gtest suite on the transformed build, forced parallel, per thread count;
    its failures run again on the original build."""
    target = tree_tests.find_target(root)
    if target is None:
        raise InputError("--tree-tests: the tree's CMake defines none of the test targets "
                         + ", ".join(tree_tests.TARGETS))
    say(f"building the tree's tests ({target}) in the transformed build")
    got = tree_tests.build(work / "transformed",
                           buildtree.with_options(buildtree.OPENMP, opts.cmake_options),
                           target, opts.jobs,
                           work / "logs" / "tree-tests-transformed.log")

    def ref() -> Path:  # built only when a test fails on the transformed build
        say(f"building {target} in the original tree, to run the failures there")
        return tree_tests.build(work / "original",
                                buildtree.with_options(buildtree.ORIGINAL, opts.cmake_options),
                                target, opts.jobs,
                                work / "logs" / "tree-tests-original.log")
    say(f"running {target} with the parallel paths forced at "
        f"{','.join(map(str, opts.tree_test_threads))} threads")
    tick = progress("tree tests", len(opts.tree_test_threads)) if progress else None
    return tree_tests.check(ref, got, work / "transformed" / "src", opts.tree_test_threads,
                            opts.tree_test_timeout, tick, opts.tree_test_filter)


def training_inputs(opts: CheckOptions, root: Path,
                    notes: List[str]) -> Optional[Tuple[Path, Path]]:
    """The solver and net the convergence check trains, or None (with a note saying why)
    when the tree has no LeNet solver or its data does not exist."""
    solver = Path(opts.solver) if opts.solver else train.find_solver(root)
    if solver is None or not solver.is_file():
        if opts.solver:
            raise InputError(f"solver {opts.solver} not found")
        notes.append("convergence not checked: no examples/mnist/lenet_solver.prototxt "
                     "(give --solver)")
        return None
    net = Path(opts.net) if opts.net else train.net_for(solver)
    if net is None or not net.is_file():
        raise InputError(f"the net of {solver} not found (give --net)")
    missing = None if opts.data else train.missing_source(net, root)
    if missing:
        notes.append(f"convergence not checked: {net.name} reads {missing}, which does not "
                     "exist (give --data, or --no-train)")
        return None
    return solver, net


def _train(opts: CheckOptions, root: Path, original_exe: Path, transformed_exe: Path,
           notes: List[str], say) -> Optional[train.TrainResult]:
    inputs = training_inputs(opts, root, notes)
    if inputs is None:
        return None
    solver, net = inputs
    say(f"training {net.name} for {opts.iterations} iterations in both builds")
    try:
        ref = train.run(original_exe, solver, net, opts.data, opts.iterations, None)
        got = train.run(transformed_exe, solver, net, opts.data, opts.iterations,
                        opts.train_threads)
        one = train.run(transformed_exe, solver, net, opts.data, opts.iterations, 1)
    except RuntimeError as e:
        return train.TrainResult(opts.iterations, opts.train_threads, "error", detail=str(e))
    return train.compare(ref, got, opts.iterations, opts.train_threads, one,
                         train.display_of(solver))
