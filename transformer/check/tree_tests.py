"""The tree's own test suite on the transformed build (`check --tree-tests`).

The suite (BVLC's `test.testbin`, caffe_src's `test_all`: whichever target the tree's CMake
defines) is built with the tree's own build in the transformed tree's work directory, and run
with the parallel paths forced (CGP_FORCE_PARALLEL=1) at each thread count. The tests that
fail there run again in the original build: a test that fails in both is reported as failing
in the original, and not blamed on the transformation. A test that kills the suite (a CHECK
that aborts, a segfault) is named; if it kills the original build too it is left out and
the suite runs again without it (a fork's layer broken on the CPU must not hide the rest of
its suite; the test cases it had finished are not run twice), else it is the
transformation's failure.
"""
from __future__ import annotations

import re
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence

from .. import buildtree
from ..errors import InputError

TARGETS = ("test.testbin", "test_all")  # BVLC Caffe and its forks; caffe_src
GTEST_FILTER = "-*GPU*"
_FAILED = re.compile(r"^\[  FAILED  \] ([A-Za-z_][\w/]*\.[\w/]+)")
_RAN = re.compile(r"^\[==========\] (\d+) tests? from \d+ test (?:cases?|suites?) ran")
_STARTED = re.compile(r"^\[ RUN      \] (\S+)")
_ENDED = re.compile(r"^\[ {7}OK \] (\S+)|^\[  FAILED  \] (\S+)")
_CASE_DONE = re.compile(r"^\[----------\] (\d+) tests? from (\S+) \(\d+ ms total\)")
MAX_ABORTS = 20  # tests that kill the original too, left out before the suite is given up


@dataclass
class TreeTestResult:
    threads: int
    status: str  # pass | fail | error
    tests: int = 0
    failed: List[str] = field(default_factory=list)  # blamed on the transformation
    also_original: List[str] = field(default_factory=list)  # fail in the original build too
    seconds: float = 0.0
    detail: str = ""


def find_target(tree: Path) -> Optional[str]:
    """The gtest target the tree's CMake defines, if one of the known ones."""
    texts = [p.read_text(errors="replace") for p in tree.rglob("CMakeLists.txt")
             if "cgp_harness" not in p.parts]
    for target in TARGETS:
        if any(re.search(rf"(?<![\w.]){re.escape(target)}(?![\w.])", t) for t in texts):
            return target
    return None


def build(work: Path, tc: buildtree.Toolchain, target: str, jobs: int, log: Path) -> Path:
    """Builds `target` in the build directory check made for the tree (tests switched on)."""
    build_dir = work / f"build-{tc.name}"
    configure = buildtree.configure_args(work / "src", build_dir, tc) + ["-DBUILD_TESTS=ON"]
    with open(log, "w") as out:
        for step in (configure, ["cmake", "--build", str(build_dir), "--target", target,
                                 "-j", str(jobs)]):
            out.write("$ " + " ".join(step) + "\n")
            out.flush()
            if subprocess.run(step, stdout=out, stderr=subprocess.STDOUT).returncode != 0:
                raise InputError(f"the tree's test suite ({target}) does not build in "
                                 f"{build_dir} (log: {log})")
    found = [p for p in build_dir.rglob(target) if p.is_file()]
    if not found:
        raise InputError(f"{target} was built but not found under {build_dir}")
    return found[0]


def parse(output: str):
    """(tests run, names of the failed tests) from a gtest run's output."""
    ran = 0
    failed: List[str] = []
    for line in output.splitlines():
        m = _RAN.match(line)
        if m:
            ran = int(m.group(1))
        m = _FAILED.match(line)
        if m and m.group(1) not in failed:
            failed.append(m.group(1))
    return ran, failed


def died_in(output: str) -> Optional[str]:
    """The test a suite that died was running: the last one started and never ended."""
    current = None
    for line in output.splitlines():
        m = _STARTED.match(line)
        if m:
            current = m.group(1)
            continue
        m = _ENDED.match(line)
        if m and current in (m.group(1), m.group(2)):
            current = None
    return current


def finished_cases(output: str) -> Dict[str, int]:
    """The test cases a run finished (each with its number of tests), in the order run."""
    return {m.group(2): int(m.group(1)) for m in map(_CASE_DONE.match, output.splitlines())
            if m}


def suite_filter(only: Optional[str], skip: Sequence[str] = ()) -> str:
    """The gtest filter: the CPU tests, or those of them matching `only` (gtest patterns,
    ':'-separated, with negative ones after a '-'), less the tests in `skip`."""
    positive, _, negative = (only or "").partition("-")
    negatives = [p for p in negative.split(":") if p] + ["*GPU*"] + list(skip)
    return f"{positive}-{':'.join(negatives)}"


def run_suite(exe: Path, threads: Optional[int], forced: bool, cwd: Path, timeout: float,
              names: Sequence[str] = (), only: Optional[str] = None, skip: Sequence[str] = ()
              ) -> subprocess.CompletedProcess:
    # Idle threads spin briefly, then sleep: the suite runs hundreds of thousands of tiny
    # forced regions. Spinning long (libgomp's default), a region on a loaded machine waits
    # out a spinning, descheduled thread (BVLC at 2 threads beside other jobs: over 23
    # minutes instead of 77 s); sleeping at once (passive), every region pays a futex wake-up
    # (caffe_src's suite at 2 threads on an idle 2-core machine: 175 s, 14 s with the spin).
    # GOMP_SPINCOUNT is libgomp's and overrides the policy; other runtimes sleep at once.
    extra = {"OMP_WAIT_POLICY": "passive", "GOMP_SPINCOUNT": "10000"}
    if forced:
        extra["CGP_FORCE_PARALLEL"] = "1"
    env = buildtree.harness_env(threads, extra=extra)
    filt = ":".join(names) if names else suite_filter(only, skip)
    return subprocess.run([str(exe), f"--gtest_filter={filt}"], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)


def check(original_exe: Callable[[], Path], transformed_exe: Path, cwd: Path,
          threads: Sequence[int], timeout: float, tick=None,
          only: Optional[str] = None) -> List[TreeTestResult]:
    """`original_exe` builds the original suite when first needed (a failure to re-run)."""
    results = []
    original: List[Path] = []

    def in_original() -> Path:
        if not original:
            original.append(original_exe())
        return original[0]

    for t in threads:
        t0 = time.time()
        res = TreeTestResult(threads=t, status="pass")
        try:
            _run_at(t, res, in_original, transformed_exe, cwd, timeout, only)
        except subprocess.TimeoutExpired:
            res.status, res.detail = "error", f"the suite ran past {timeout:.0f} s"
        res.seconds = round(time.time() - t0, 1)
        results.append(res)
        if tick:
            tick()
    return results


def _run_at(t: int, res: TreeTestResult, in_original: Callable[[], Path], exe: Path,
            cwd: Path, timeout: float, only: Optional[str]) -> None:
    """The suite at t threads into `res`. A test that kills the original too is left out,
    and the suite goes on without it and without the test cases it had finished."""
    skip: List[str] = []
    failed: List[str] = []
    earlier = 0  # tests of the cases finished before a death, left out of the next run
    while True:
        proc = run_suite(exe, t, True, cwd, timeout, only=only, skip=skip)
        ran, now = parse(proc.stdout)
        failed += [n for n in now if n not in failed]
        res.tests = earlier + ran
        dead = died_in(proc.stdout) if proc.returncode != 0 else None
        if dead is None or len(res.also_original) >= MAX_ABORTS:
            break
        if run_suite(in_original(), 1, False, cwd, timeout, [dead]).returncode == 0:
            failed.append(dead)  # it kills the transformed build only
            break
        res.also_original.append(f"{dead} (aborts)")
        cases = finished_cases(proc.stdout)
        earlier += sum(cases.values())
        skip += [dead] + [f"{c}.*" for c in cases]
    if proc.returncode != 0 and not failed:
        tail = (proc.stdout + proc.stderr).strip().splitlines()[-3:]
        res.status = "error"
        res.detail = (f"exit {proc.returncode} after {res.tests} tests"
                      + (f", in {dead}" if dead else "") + ": " + " | ".join(tail))
    if failed:
        again = run_suite(in_original(), 1, False, cwd, timeout, failed)
        _, also = parse(again.stdout)
        dead_too = died_in(again.stdout)
        res.also_original += [n for n in failed if n in also or n == dead_too]
        res.failed = [n for n in failed if n not in also and n != dead_too]
        if res.failed:
            res.status = "fail"
