"""Layer equivalence: run each case's driver in the original build once and in the
transformed build at every thread count, and compare the dumps array by array."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence

from .. import buildtree
from .cases import Case
from .compare import Diff, as_accurate, compare_dumps, load_dump
from .layers import LayerPolicy

RUN_TIMEOUT_S = 300
# The transformed build's size thresholds are dropped, so small test shapes take the
# parallel paths (split BLAS calls, elementwise regions, parallel reductions).
FORCE_PARALLEL = {"CGP_FORCE_PARALLEL": "1"}


@dataclass
class CaseResult:
    """One row: a case at one thread count, batch size and dtype, over its iterations."""
    case: str
    layer: str
    threads: int
    batch: int
    dtype: str
    status: str                 # pass | fail | error
    policy: str                 # bitwise | tolerance (what the tops and bottom diffs needed)
    max_rel_error: float = 0.0
    max_ulp: int = 0
    failures: List[str] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        """A mismatch or an error."""
        return self.status != "pass"


def case_param_file(work: Path, case: Case) -> Path:
    """The case's LayerParameter, written once under work/cases for every run of it."""
    param_file = work / "cases" / f"{case.name}.prototxt"
    if not param_file.exists() or param_file.read_text() != case.param_text():
        # written whole and renamed: a race run of the same case may be reading it
        param_file.parent.mkdir(parents=True, exist_ok=True)
        tmp = param_file.with_name(f"{param_file.name}.{os.getpid()}.{threading.get_ident()}")
        tmp.write_text(case.param_text())
        os.replace(tmp, param_file)
    return param_file


def run_driver(exe: Path, case: Case, param_file: Path, out: Path, batches: Sequence[int],
               dtypes: Sequence[str], env: Dict[str, str]) -> subprocess.CompletedProcess:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    cmd = [str(exe), "layer", "--param", str(param_file), "--out", str(out),
           "--batches", ",".join(map(str, batches)), "--dtypes", ",".join(dtypes),
           "--iterations", "2"]
    for b in case.bottoms:
        cmd += ["--bottom", b]
    if case.propagate:
        cmd += ["--propagate", ",".join(map(str, case.propagate))]
    if case.inplace:
        cmd.append("--inplace")
    if case.forward_only:
        cmd.append("--forward-only")
    try:
        return subprocess.run(cmd, env=env, capture_output=True, text=True,
                              timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, 124, "", f"timed out after {RUN_TIMEOUT_S} s")


def _crash_text(proc: subprocess.CompletedProcess) -> str:
    """The exit status and the line that says why: a failed glog CHECK (an F line) where
    there is one, else the last line."""
    lines = [ln for ln in (proc.stderr or "").splitlines() if ln.strip()]
    fatal = [ln for ln in lines if re.match(r"F\d{4,8} ", ln) or "Check failed" in ln]
    line = (fatal or lines or ["no message"])[-1]
    line = re.sub(r"^[FEWI]\d{4,8} [\d:.]+\s+\d+ ", "", line)  # glog's time and thread
    return f"exit {proc.returncode}: " + line[:200]


def compare_case(case: Case, policy: LayerPolicy, ref_dir: Path, got_dir: Path, threads: int,
                 batches: Sequence[int], dtypes: Sequence[str],
                 all_exact: bool) -> List[CaseResult]:
    rows = []
    tolerant = not all_exact and (policy.split or policy.scalar_reduction)
    exact = (lambda name: True) if all_exact else policy.exact
    for dtype in dtypes:
        for batch in batches:
            row = CaseResult(case.name, policy.type, threads, batch, dtype, "pass",
                             "tolerance" if tolerant else "bitwise")
            for ref_file in sorted(ref_dir.glob(f"{dtype}_b{batch}_i*.bin")):
                got_file = got_dir / ref_file.name
                if not got_file.exists():
                    row.status = "error"
                    row.failures.append(f"{ref_file.name}: not written")
                    continue
                diffs = _judged(ref_file, got_file, exact)
                it = ref_file.stem.rsplit("_", 1)[-1]
                for d in diffs:
                    row.max_rel_error = max(row.max_rel_error, d.rel_error)
                    row.max_ulp = max(row.max_ulp, d.max_ulp)
                    if not d.ok:
                        row.status = "fail"
                        row.failures.append(f"{it} {d.describe()}")
            rows.append(row)
    return rows


def _judged(ref_file: Path, got_file: Path, exact) -> List[Diff]:
    """The arrays of one dump compared; a float array past the tolerance judged again by
    its accuracy against the original's double run of the same case (compare.as_accurate)."""
    ref, got = load_dump(ref_file), load_dump(got_file)
    diffs: List[Diff] = compare_dumps(ref, got, exact)
    double_file = ref_file.with_name(ref_file.name.replace("float_", "double_", 1))
    if not ref_file.name.startswith("float_") or not double_file.exists() \
            or all(d.ok for d in diffs):
        return diffs
    ref_double = load_dump(double_file)
    return [as_accurate(d, ref[d.name], got[d.name], ref_double.get(d.name))
            if d.name in ref and d.name in got else d for d in diffs]


def error_rows(case: Case, policy: LayerPolicy, threads: int, batches, dtypes,
               message: str) -> List[CaseResult]:
    return [CaseResult(case.name, policy.type, threads, b, dt, "error", "-", failures=[message])
            for dt in dtypes for b in batches]


def run_reference(original_exe: Path, case: Case, work: Path, batches: Sequence[int],
                  dtypes: Sequence[str]) -> subprocess.CompletedProcess:
    """The original build on the case: the reference dumps, and whether the case is a valid
    set-up of the layer at all (exit 0). Sequential: a tree with OpenMP of its own (Intel's
    fork) runs it on one thread, so that the transformed build at one thread must match it
    bitwise."""
    return run_driver(original_exe, case, case_param_file(work, case),
                      work / "runs" / "original" / case.name, batches, dtypes,
                      buildtree.harness_env(1))


def rejection(proc: subprocess.CompletedProcess) -> Optional[str]:
    """None when the original accepted the case; else its last words."""
    return None if proc.returncode == 0 else _crash_text(proc)


def check_case(case: Case, policy: LayerPolicy, transformed_exe: Path, work: Path,
               threads: Sequence[int], batches: Sequence[int],
               dtypes: Sequence[str], deterministic: bool,
               tick: Optional[Callable[[], None]] = None, repeats: int = 1) -> List[CaseResult]:
    """Every row for one case, whose reference run_reference made (the original accepted
    it: derive.cases_for keeps only those): the transformed build at each thread count.
    With deterministic=True everything must also be bitwise equal to the 1-thread run."""
    param_file = case_param_file(work, case)
    ref_dir = work / "runs" / "original" / case.name
    rows: List[CaseResult] = []
    one_thread_dir: Optional[Path] = None
    for t in sorted(threads):
        got_dir = work / "runs" / f"T{t}" / case.name
        # at more than one thread the case runs `repeats` times: a race in a transformed
        # region shows only in some runs (and the race check, where it runs, sees it always)
        extra: List[CaseResult] = []
        for rep in range(1, repeats if t > 1 else 1):
            again = got_dir.with_name(f"{case.name}.run{rep + 1}")
            proc = run_driver(transformed_exe, case, param_file, again, batches, dtypes,
                              buildtree.harness_env(t, extra=FORCE_PARALLEL))
            if proc.returncode != 0:
                extra += error_rows(case, policy, t, batches, dtypes, _crash_text(proc))
            else:
                extra += compare_case(case, policy, ref_dir, again, t, batches, dtypes,
                                      all_exact=False)
        proc = run_driver(transformed_exe, case, param_file, got_dir, batches, dtypes,
                          buildtree.harness_env(t, extra=FORCE_PARALLEL))
        if tick:
            tick()
        if proc.returncode != 0:
            rows += error_rows(case, policy, t, batches, dtypes, _crash_text(proc))
            continue
        # a --deterministic build runs its fixed chunks at one thread too: it is held to
        # bitwise equality across thread counts instead
        case_rows = compare_case(case, policy, ref_dir, got_dir, t, batches, dtypes,
                                 all_exact=(t == 1 and not deterministic))
        if deterministic and t == 1:
            one_thread_dir = got_dir
        elif deterministic and one_thread_dir is not None:
            across = compare_case(case, policy, one_thread_dir, got_dir, t, batches, dtypes,
                                  all_exact=True)
            for row, det in zip(case_rows, across):
                if det.status != "pass":
                    row.status = "fail"
                    row.failures += [f"--deterministic, against 1 thread: {f}"
                                     for f in det.failures]
        for row, other in zip(case_rows, extra):
            if other.status != "pass" and row.status == "pass":
                row.status = other.status
            row.failures += [f"repeat: {f}" for f in other.failures]
            row.max_rel_error = max(row.max_rel_error, other.max_rel_error)
            row.max_ulp = max(row.max_ulp, other.max_ulp)
        rows += case_rows
    return rows
