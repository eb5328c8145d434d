"""The mutation campaign: small edits of caffe_src's layers, each with its expected decision.

Every `tests/mutants/*.cpp` is one layer in caffe_src's idioms (built against caffe_src's own
headers), a copy of a real layer with one edit. The line before the loop the edit targets
says what the analysis must decide:

    // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
    // CGP-MUTANT: control

An unsafe mutant is sound when no decision at that loop is `parallel` (a loop reached from
several classes has one row per class; a region is written only when every row is
parallel), and it must be rejected for the reason written (hyphens for spaces): a mutant
rejected for an unrelated reason tests nothing. A control must be parallel in every row.
A mutant unsafe only when the layer runs in place names the Blob it reads across samples:

    // CGP-MUTANT: unsafe class=aliasing reason=aliasing guard=bottom[0]

It is sound when rejected for the reason, or parallel with a run-time check that this
Blob's buffer shares no memory with what the loop writes (the plan's `apart`): run in
place, the region then runs the loop whole.

    python3 tests/mutants/campaign.py [-v] [--json FILE]

runs analyze only (seconds) and prints `mutants: K/N sound, M/P controls parallel`; it
exits 1 when an unsafe mutant comes back parallel, a control does not, a reason differs, a
marker has no decision, or a mutant does not compile alone (libclang parses each mutant as
its own translation unit: an error there, a missing include say, fails the mutant).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import re
import shutil
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CAFFE = ROOT / "caffe_src"
MARK = re.compile(r"//\s*CGP-MUTANT:\s*(.*)$")


@dataclass
class Marker:
    file: str
    line: int  # the code line the marker describes
    expect: str  # unsafe | control
    cls: str = ""  # the dependence class (unsafe only)
    reason: str = ""  # the expected rejection reason (unsafe only)
    guard: str = ""  # unsafe only in place: parallel is sound under an apart check of it
    got: List[str] = field(default_factory=list)  # 'Class: parallel' / 'Class: rejected (r)'
    ok: bool = False
    problem: str = ""


def mutant_files(where: Path = HERE) -> List[Path]:
    return sorted(where.glob("*.cpp"))


def markers(path: Path) -> List[Marker]:
    out = []
    lines = path.read_text().splitlines()
    for i, text in enumerate(lines):
        m = MARK.search(text)
        if not m:
            continue
        j = i + 1
        while j < len(lines) and (lines[j].lstrip().startswith(("//", "#pragma")) or
                                  not lines[j].strip()):
            j += 1
        words = m.group(1).split()
        mk = Marker(file=path.name, line=j + 1, expect=words[0])
        for w in words[1:]:
            key, _, value = w.partition("=")
            if key == "class":
                mk.cls = value
            elif key == "reason":
                mk.reason = value
            elif key == "guard":
                mk.guard = value
            else:
                raise ValueError(f"{path.name}:{i + 1}: unknown key {key!r}")
        if mk.expect not in ("unsafe", "control"):
            raise ValueError(f"{path.name}:{i + 1}: expected unsafe or control")
        if mk.expect == "unsafe" and not (mk.cls and mk.reason):
            raise ValueError(f"{path.name}:{i + 1}: an unsafe mutant needs class= and reason=")
        out.append(mk)
    return out


def build_tree(dest: Path, files: List[Path]) -> Path:
    """caffe_src's headers, proto and math library (whose BLAS wrappers a batch-blas split
    must see), and the mutants as the tree's layer sources."""
    shutil.copytree(CAFFE / "include", dest / "include")
    shutil.copytree(CAFFE / "src" / "caffe" / "proto", dest / "src" / "caffe" / "proto")
    (dest / "src" / "caffe" / "util").mkdir(parents=True)
    shutil.copy(CAFFE / "src" / "caffe" / "util" / "math_functions.cpp",
                dest / "src" / "caffe" / "util" / "math_functions.cpp")
    layers = dest / "src" / "caffe" / "layers"
    layers.mkdir(parents=True)
    for f in files:
        shutil.copy(f, layers / f.name)
    return dest


def judge(marks: List[Marker], decisions, errors: Dict[str, str] = None) -> None:
    """Each marker's result; `errors` maps a file name to the first error libclang found
    in it or in a header it includes (its translation unit is then not the code written)."""
    errors = errors or {}
    rows: Dict[tuple, list] = {}
    for d in decisions:
        rows.setdefault((Path(d.file).name, d.line), []).append(d)
    for mk in marks:
        found = rows.get((mk.file, mk.line), [])
        mk.got = [f"{d.cls}: {d.decision}" + (f" ({d.reason}: {d.detail})" if d.reason else "")
                  for d in found]
        if mk.file in errors:
            mk.problem = f"does not compile alone: {errors[mk.file]}"
        elif not found:
            mk.problem = "no decision at this line"
        elif mk.expect == "control":
            mk.ok = all(d.decision == "parallel" for d in found)
            mk.problem = "" if mk.ok else "control not parallel"
        else:
            parallel = [d for d in found if d.decision == "parallel"]
            unguarded = [d for d in parallel if not _guarded(d, mk.guard)]
            reasons = {d.reason.replace(" ", "-") for d in found if d.decision != "parallel"}
            if unguarded:
                mk.problem = "UNSOUND: comes back parallel"
            elif reasons and reasons != {mk.reason}:
                mk.problem = f"rejected for {sorted(reasons)}, expected {mk.reason}"
            mk.ok = not unguarded
    return None


def _guarded(d, blob: str) -> bool:
    """Parallel only under a run-time check that `blob` shares no memory with what the
    loop writes."""
    return bool(blob) and any(a.blob == blob and a.written for a in d.apart)


def run(files: Optional[List[Path]] = None, workers: int = 2, group: int = 150) -> List[Marker]:
    """Judge the mutants: analyzed in trees of at most `group` mutants each, `workers` trees
    at a time; every tree has caffe_src's headers and math library, and every file given
    that holds no marker (a helper another file calls: `helper__soft_clip.cpp`)."""
    files = files if files is not None else mutant_files()
    marks = [m for f in files for m in markers(f)]
    marked = {m.file for m in marks}
    support = [f for f in files if f.name not in marked]
    rest = [f for f in files if f.name in marked]
    groups = [support + rest[i:i + group] for i in range(0, len(rest), group)] or [support]
    if workers > 1 and len(groups) > 1:
        ctx = multiprocessing.get_context("spawn")  # libclang is not forked
        with ProcessPoolExecutor(min(workers, len(groups)), mp_context=ctx) as pool:
            results = list(pool.map(_decisions, groups))
    else:
        results = [_decisions(g) for g in groups]
    judge(marks, [d for ds, _ in results for d in ds],
          {f: e for _, errs in results for f, e in errs.items()})
    return marks


def _decisions(files: List[Path]):
    """The analysis's decisions on a tree of these mutants, and the first error of each
    mutant whose translation unit has one: a missing header names its unit; an error in a
    header it includes is every mutant's of the tree (the analysis cannot say which unit met
    it), unless a missing header explains it."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from transformer import analyze
    with tempfile.TemporaryDirectory(prefix="cgp-mutants-") as tmp:
        tree = build_tree(Path(tmp) / "mutants", files)
        result = analyze.run(str(tree))
    names = {f.name for f in files}
    errors: Dict[str, str] = {Path(m["unit"]).name: f"missing header {m['header']}"
                              for m in result.missing_headers}
    for d in result.diagnostics:
        if d["severity"] in ("error", "fatal"):
            line = f"{d['file']}:{d['line']}: {d['message']}"
            if Path(d["file"]).name in names:
                errors.setdefault(Path(d["file"]).name, line)
            elif not result.missing_headers:  # in a header: any unit may have met it
                for name in sorted(names):
                    errors.setdefault(name, line)
    return result.decisions, errors


def summary(marks: List[Marker]) -> str:
    unsafe = [m for m in marks if m.expect == "unsafe"]
    controls = [m for m in marks if m.expect == "control"]
    sound = sum(m.ok for m in unsafe)
    par = sum(m.ok for m in controls)
    return f"mutants: {sound}/{len(unsafe)} sound, {par}/{len(controls)} controls parallel"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--json", help="write every marker's result here")
    ap.add_argument("files", nargs="*", help="mutants to run (default: all)")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    marks = run([Path(f) for f in args.files] or None)
    for m in marks:
        if args.verbose or m.problem:
            tag = "ok " if m.ok and not m.problem else "BAD"
            print(f"{tag} {m.file}:{m.line} {m.expect} {m.cls} {m.reason} "
                  f"{'-- ' + m.problem if m.problem else ''}")
            if args.verbose or m.problem:
                for g in m.got:
                    print(f"      {g}")
    print(summary(marks))
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(m) for m in marks], indent=1))
    return 1 if any(m.problem for m in marks) else 0


if __name__ == "__main__":
    sys.exit(main())
