"""Race check: the same driver built with clang-14, libomp and ThreadSanitizer, run with
Archer loaded (it tells ThreadSanitizer about OpenMP's synchronization). Any report fails."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from .. import buildtree
from .cases import Case
from .equivalence import case_param_file, run_driver

_ARCHER_ACTIVE = "Archer detected OpenMP application with TSan"
_REPORT = re.compile(r"WARNING: ThreadSanitizer: (.*)")


@dataclass
class RaceResult:
    case: str
    layer: str
    threads: int
    status: str   # pass | fail | error
    reports: int = 0
    detail: str = ""


def _first_frames(stderr: str, limit: int = 3) -> str:
    """The report's kind and its first frames inside the tree (not libc, not OpenMP)."""
    kind = _REPORT.search(stderr)
    frames = [m.group(1) for m in re.finditer(r"#\d+ (\S+) ", stderr)
              if not m.group(1).startswith(("__", "std::", "operator"))]
    text = kind.group(1).strip() if kind else "report"
    unique = list(dict.fromkeys(frames))[:limit]
    return text + (" at " + ", ".join(unique) if unique else "")


def check_case(case: Case, layer: str, exe: Path, work: Path, threads: int,
               batches: Sequence[int], dtypes: Sequence[str]) -> RaceResult:
    param_file = case_param_file(work, case)
    out = work / "runs" / f"race-T{threads}" / case.name
    proc = run_driver(exe, case, param_file, out, batches, dtypes, buildtree.race_env(threads))
    stderr = (proc.stderr or "") + (proc.stdout or "")
    reports = len(_REPORT.findall(stderr))
    if reports or proc.returncode == 66:
        return RaceResult(case.name, layer, threads, "fail", max(reports, 1),
                          _first_frames(stderr))
    if proc.returncode != 0:
        lines = [ln for ln in stderr.splitlines() if ln.strip()]
        return RaceResult(case.name, layer, threads, "error", 0,
                          f"exit {proc.returncode}: " + (lines[-1][:160] if lines else ""))
    if _ARCHER_ACTIVE not in stderr:
        return RaceResult(case.name, layer, threads, "error", 0,
                          "Archer did not load (is libomp-14-dev installed?)")
    return RaceResult(case.name, layer, threads, "pass")
