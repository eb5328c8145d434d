"""Write the transformed tree: copy, apply edits, add the runtime header, turn on OpenMP in
the build, all in a temporary directory that is renamed into place at the end. Also the diff
and the report."""
from __future__ import annotations

import difflib
import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from . import analyze as analyze_mod
from . import include_point, kinds, process_plan, process_render
from .decision import Decision
from .edits import Edit, merge
from .edits import apply as apply_edits
from .errors import InputError
from .facts import process as process_facts
from .render import Rendered, Renderer, marker
from .source_tree import input_dir

RUNTIME_NAME = "cgp_runtime.hpp"
MPI_RUNTIME_NAME = process_facts.RUNTIME_HEADER
BUILD_MARKER = "cgp-transform"


@dataclass
class Result:
    root: str
    out: str
    changed_files: List[str]
    applied: List[dict]
    left: List[dict]  # decisions not applied, with why
    error_files: List[str]
    already_transformed: bool
    first_errors: List[dict] = field(default_factory=list)  # each error file's first error
    diff: str = ""
    missing_headers: List[dict] = field(default_factory=list)  # units a missing header stopped
    format_problems: List[str] = field(default_factory=list)  # formatting not done, and why
    process: Optional[dict] = None  # --mpi: the process level's plan

    def to_json(self) -> dict:
        d = asdict(self)
        d.pop("diff")
        return d


def _check_out(root: Path, out: Path, force: bool, in_place: bool):
    if in_place:
        return
    out_abs = out.resolve()
    if out_abs == root or root in out_abs.parents:
        raise InputError(f"output {out} lies inside the input tree {root}")
    if out.exists() and not force:
        raise InputError(f"output {out} already exists (use --force to replace it)")
    parent = out_abs.parent
    if not parent.exists():
        raise InputError(f"output directory's parent does not exist: {parent}")
    try:  # os.access would pass root anywhere (/proc too): a nameless file, before analysing
        tempfile.TemporaryFile(dir=str(parent)).close()
    except OSError as e:
        raise InputError(f"output location is not writable: {parent} ({e.strerror})") from None


def _select(analysis, only: Optional[Sequence[str]]) -> Tuple[List[Decision], List[dict]]:
    """The decisions to render: parallel ones, agreeing across the classes that reach the
    same loop, not in a file with syntax errors, and in --only classes when given."""
    groups: Dict[Tuple[str, int], List[Decision]] = {}
    for d in analysis.decisions:
        groups.setdefault((d.file, d.start), []).append(d)
    chosen, left = [], []
    for (_, _), ds in sorted(groups.items()):
        d = ds[0]
        why = ""
        if any(x.decision != "parallel" for x in ds):
            bad = [x for x in ds if x.decision != "parallel"][0]
            why = f"rejected ({bad.reason}): {bad.detail}" if len(ds) == 1 else \
                f"rejected for {bad.cls} ({bad.reason})"
        elif len({json.dumps({**x.to_json(), "inherits": ""}, sort_keys=True,
                             default=str).replace(x.cls, "") for x in ds}) > 1:
            why = "the classes that reach this loop need different plans"
        elif d.file in analysis.error_files:
            why = "the file has syntax errors: copied unchanged"
        elif any(m["unit"] == d.file for m in analysis.missing_headers):
            why = "a header it includes is missing: copied unchanged"
        elif only and not any(x.cls in only for x in ds):
            why = "not selected by --only"
        if why:
            left.append({"file": d.file, "line": d.line, "class": d.cls, "method": d.method,
                         "kind": d.kind, "why": why})
        else:
            chosen.append(d)
    return chosen, left


def _include_edit(file: str, source: bytes, line_text: str,
                  name: str = RUNTIME_NAME) -> Optional[Edit]:
    """Insert a runtime header's include where every configuration of the file sees it
    (include_point)."""
    if name.encode() in source:
        return None
    return Edit(file, include_point.offset(source), 0, line_text, "runtime include")


def _resolve_conflicts(rendered: List[Rendered]) -> Tuple[List[Edit], List[Rendered]]:
    """Keep whole plans only: a plan with an edit that overlaps a kept plan's is dropped."""
    kept: List[Rendered] = []
    dropped: List[Rendered] = []
    for r in rendered:
        trial = [e for k in kept for e in k.edits] + r.edits
        _, conflicts = merge(trial)
        if conflicts:
            r.skipped = "its edits overlap another plan's"
            dropped.append(r)
        else:
            kept.append(r)
    edits = [e for k in kept for e in k.edits]
    return edits, dropped


def _match_line_endings(source: bytes, edits: List[Edit]) -> List[Edit]:
    """Inserted text follows the file's line endings (CRLF files stay CRLF)."""
    if source.count(b"\r\n") * 2 <= source.count(b"\n"):
        return edits
    return [Edit(e.file, e.offset, e.length, e.text.replace("\r\n", "\n").replace("\n", "\r\n"),
                 e.plan, e.format) for e in edits]


FORMATTERS = ("clang-format-14", "clang-format")  # the pinned version first


def _format(path: Path, ranges: List[Tuple[int, int]]) -> str:
    """clang-format the rewritten lines, with the tree's .clang-format or Google style; ''
    when done, else what went wrong (the lines then stay as rendered)."""
    if not ranges:
        return ""
    exe = next((e for e in map(shutil.which, FORMATTERS) if e), None)
    if exe is None:
        return "clang-format not found (Debian: clang-format-14): rewritten lines not formatted"
    args = [exe, "-i", "--style=file", "--fallback-style=Google", "--sort-includes=false"]
    args += [f"--lines={a}:{b}" for a, b in ranges]
    try:
        proc = subprocess.run(args + [str(path)], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        return f"clang-format failed on {path.name}: {e}"
    if proc.returncode != 0:
        first = (proc.stderr.strip().splitlines() or ["no message"])[0]
        return f"clang-format failed on {path.name} (exit {proc.returncode}): {first}"
    return ""


def _line_ranges(new: bytes, edits: List[Edit]) -> List[Tuple[int, int]]:
    """Line ranges, in the edited text, that the edits produced: the lines an inserted
    text starts and ends with a line break of its own are not among them, nor are the
    lines of edits not to be formatted."""
    out, shift = [], 0
    for e in sorted(edits, key=lambda e: (e.offset, e.length)):  # as edits.apply orders them
        start = e.offset + shift
        size = len(e.text.encode())
        shift += size - e.length
        if not e.format:
            continue
        lead = 1 if e.text.startswith("\n") else 0
        trail = 1 if e.text.endswith("\n") and size > lead else 0
        a = new.count(b"\n", 0, start + lead) + 1
        b = new.count(b"\n", 0, start + size - trail) + 1
        out.append((a, b))
    return out


def _add_to_build(path: Path, snippet: str, marker: str, after) -> bool:
    """Insert snippet after the first line `after` accepts (else at the top), unless the
    file already holds marker."""
    if not path.exists():
        return False
    text = path.read_text(errors="surrogateescape")
    if marker in text:
        return False
    lines = text.splitlines(keepends=True)
    at = next((i + 1 for i, line in enumerate(lines) if after(line)), 0)
    lines.insert(at, snippet)
    path.write_text("".join(lines), errors="surrogateescape")
    return True


def _adjust_build(tree: Path, renderer: Renderer, mpi: bool = False) -> List[str]:
    """OpenMP (and with --mpi the MPI switch) in the tree's CMakeLists.txt and Makefile."""
    def cmake_at(line):
        return line.strip().lower().startswith("project(")

    def make_at(line):
        return line.startswith("include") and "CONFIG" in line.upper()

    changed = set()
    for name, snippet, at in (("CMakeLists.txt", renderer.cmake_snippet(), cmake_at),
                              ("Makefile", renderer.makefile_snippet(), make_at)):
        if _add_to_build(tree / name, snippet, BUILD_MARKER, at):
            changed.add(name)
        if mpi and _add_to_build(tree / name, renderer.build_snippet_mpi(name), "CGP_MPI", at):
            changed.add(name)
    return sorted(changed)


def unified_diff(old_root: Path, new_root: Path, files: Sequence[str]) -> str:
    chunks = []
    for rel in files:
        a = old_root / rel
        b = new_root / rel
        old = a.read_bytes().decode("utf-8", "surrogateescape").splitlines(keepends=True) \
            if a.exists() else []
        new = b.read_bytes().decode("utf-8", "surrogateescape").splitlines(keepends=True)
        if old == new:
            continue
        if not a.exists():
            chunks.append(f"diff --git a/{rel} b/{rel}\nnew file mode 100644\n")
        else:
            chunks.append(f"diff --git a/{rel} b/{rel}\n")
        lines = difflib.unified_diff(old, new,
                                     fromfile="/dev/null" if not a.exists() else f"a/{rel}",
                                     tofile=f"b/{rel}")
        for line in lines:
            chunks.append(line if line.endswith("\n")
                          else line + "\n\\ No newline at end of file\n")
    return "".join(chunks)


def transform(path: str, out: Optional[str], *, in_place: bool = False, force: bool = False,
              only: Optional[Sequence[str]] = None, deterministic: bool = False,
              want_diff: bool = False, analysis=None, progress=None,
              compile_commands=None, includes=(), defines=(), format: bool = True,
              mpi: bool = False) -> Result:
    root = input_dir(path)
    if not in_place and not out:  # the CLI defaults to PATH-parallel
        raise InputError("give an output directory with -o OUT, or --in-place")
    out_path = root if in_place else Path(out)
    _check_out(root, out_path, force, in_place)
    if analysis is None:
        analysis = analyze_mod.run(str(root), compile_commands, includes, defines,
                                   progress=progress)
    chosen, left = _select(analysis, only)
    renderer = Renderer(analysis.program, analysis.sources, deterministic)
    by_file, applied_plans = _render_edits(root, renderer, chosen, left)
    process = _process_level(root, analysis, renderer, by_file) if mpi else None
    already = _already_transformed(root, by_file)
    changed, diff, problems = _write_tree(root, out_path, in_place, by_file, renderer, format,
                                          want_diff, mpi=process is not None and
                                          bool(process.get("edits")))
    return Result(root=str(root), out=str(out_path), changed_files=sorted(changed),
                  applied=[_applied_entry(r) for r in applied_plans],
                  left=sorted(left, key=lambda x: (x["file"], x["line"])),
                  error_files=analysis.error_files, first_errors=analysis.first_errors,
                  already_transformed=already, diff=diff,
                  missing_headers=analysis.missing_headers, format_problems=problems,
                  process=process)


def _process_level(root: Path, analysis, renderer: Renderer,
                   by_file: Dict[str, List[Edit]]) -> dict:
    """--mpi: the process level's edits added to by_file (with the include of its runtime);
    an InputError naming what is missing when the tree's solver or net cannot take it."""
    facts = process_facts.collect(analysis.program, analysis.sources)
    plan = process_plan.plan(facts)
    if not plan.ok:
        raise InputError(f"--mpi: cannot add the process level to {root}: "
                         + "; ".join(plan.problems))
    out = plan.to_json()
    if facts.already:
        out["edits"] = 0
        return out
    new = process_render.edits(plan, analysis.sources, renderer.env)
    merged, conflicts = merge([e for es in by_file.values() for e in es] + new)
    if conflicts:
        a, b = conflicts[0]
        raise RuntimeError(f"internal error: the process level's edit at {b.file}:{b.offset} "
                           f"overlaps {a.plan}'s")
    include = process_render.include_line(renderer.env)
    for f in {e.file for e in new}:
        inc = _include_edit(f, (root / f).read_bytes(), include, MPI_RUNTIME_NAME)
        if inc is not None:
            merged[f] = sorted(merged[f] + [inc], key=lambda e: (e.offset, e.length))
    by_file.clear()
    by_file.update(merged)
    out["edits"] = len(new)
    return out


def _render_edits(root: Path, renderer: Renderer, chosen: List[Decision],
                  left: List[dict]) -> Tuple[Dict[str, List[Edit]], List[Rendered]]:
    """Render the chosen decisions into edits per file (with the runtime include), whole
    plans only; the plans left out are added to left. Returns the edits and the plans kept."""
    rendered = [renderer.render(d) for d in chosen]
    ok = [r for r in rendered if not r.skipped]
    left += [_left_entry(r) for r in rendered if r.skipped]
    edits, dropped = _resolve_conflicts(ok)
    left += [_left_entry(r) for r in dropped]
    applied_plans = [r for r in ok if r not in dropped]
    by_file, _ = merge(edits)
    include = renderer.include_line()
    for f in list(by_file):
        src = (root / f).read_bytes()
        inc = _include_edit(f, src, include)
        if inc is not None:
            by_file[f] = sorted(by_file[f] + [inc], key=lambda e: (e.offset, e.length))
    return by_file, applied_plans


def _left_entry(r: Rendered) -> dict:
    """A plan that was not rendered, and why, as the report lists it."""
    return {"file": r.decision.file, "line": r.decision.line, "class": r.decision.cls,
            "method": r.decision.method, "kind": r.decision.kind,
            "why": f"not rendered: {r.skipped}"}


def _applied_entry(r: Rendered) -> dict:
    """A plan that was applied, as the report lists it."""
    return {"file": r.decision.file, "line": r.decision.line, "class": r.decision.cls,
            "method": r.decision.method, "kind": r.decision.kind,
            "privatize": [p.name for p in r.decision.privatize],
            "reduce": [x.name for x in r.decision.reduce],
            "induction": [i.var for i in r.decision.induction],
            "split": [x.describe() for x in r.decision.split], "assumes": r.decision.assumes,
            "plan": marker(r.decision)}


def _already_transformed(root: Path, by_file: Dict[str, List[Edit]]) -> bool:
    """Nothing to rewrite, and the tree already holds the runtime header."""
    return not by_file and (root / "include" / RUNTIME_NAME).exists() or \
        (not by_file and (root / RUNTIME_NAME).exists())


def _write_tree(root: Path, out_path: Path, in_place: bool, by_file: Dict[str, List[Edit]],
                renderer: Renderer, format_code: bool, want_diff: bool,
                mpi: bool = False) -> Tuple[List[str], str, List[str]]:
    """Edit a copy of the tree in a temporary directory beside the output and move it into
    place. Returns the changed files, their diff ('' unless want_diff) and the formatting
    problems."""
    parent = root.parent if in_place else out_path.resolve().parent
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{out_path.name}.cgp-", dir=str(parent)))
    except OSError as e:
        raise InputError(f"output location is not writable: {parent} ({e.strerror})") from None
    work = tmp / "tree"
    try:
        shutil.copytree(root, work, symlinks=True)
        changed, problems = _edit_copy(work, by_file, renderer, format_code, mpi)
        diff = unified_diff(root, work, changed) if want_diff else ""
        _install(root, work, tmp, out_path, changed, in_place)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return changed, diff, problems


def _edit_copy(work: Path, by_file: Dict[str, List[Edit]], renderer: Renderer,
               format_code: bool, mpi: bool = False) -> Tuple[List[str], List[str]]:
    """Apply the edits to the copy, add the runtime header and switch OpenMP on in its build;
    the files changed, and the formatting problems (one per kind of problem)."""
    changed: List[str] = []
    problems: List[str] = []
    for f, es in sorted(by_file.items()):
        target = work / f
        old = target.read_bytes()
        es = _match_line_endings(old, es)
        new = apply_edits(old, es)
        target.write_bytes(new)
        problem = _format(target, _line_ranges(new, es)) if format_code else ""
        if problem and problem not in problems:
            problems.append(problem)
        changed.append(f)
    if by_file:
        inc_dir = work / "include" if (work / "include").is_dir() else work
        header = inc_dir / RUNTIME_NAME
        header.write_text(renderer.runtime_header())
        changed.append(str(header.relative_to(work)))
        if mpi:
            header = inc_dir / MPI_RUNTIME_NAME
            header.write_text(renderer.mpi_runtime_header())
            changed.append(str(header.relative_to(work)))
        changed += _adjust_build(work, renderer, mpi)
    return changed, problems


def _install(root: Path, work: Path, tmp: Path, out_path: Path, changed: List[str],
             in_place: bool) -> None:
    """Move the edited copy into place: file by file over the input (in place), or as a
    whole over the output (an existing one is moved into tmp, to be removed with it)."""
    if in_place:
        for f in changed:
            dst = root / f
            tmp_file = dst.with_name(dst.name + ".cgp-tmp")
            shutil.copy2(work / f, tmp_file)
            os.replace(tmp_file, dst)
    else:
        if out_path.exists():
            os.rename(out_path, tmp / "old")
        os.rename(work, out_path)


def error_lines(res: Result) -> List[tuple]:
    """(file, its first error in words) for each file with syntax errors."""
    first = {e["file"]: e for e in res.first_errors}
    rows = []
    for f in res.error_files:
        e = first.get(f)
        why = "errors" if e is None else f"line {e['line']}: {e['message']}"
        if e is not None and e["errors"] > 1:
            why += f" (and {e['errors'] - 1} more errors)"
        rows.append((f, why))
    return rows


def report_markdown(res: Result) -> str:
    lines = ["# cgp-transform report", "", f"- input: `{res.root}`", f"- output: `{res.out}`",
             f"- rewritten regions: {len(res.applied)}", f"- left unchanged: {len(res.left)}",
             ""]
    if res.format_problems:
        lines += ["## Formatting", ""] + [f"- {x}" for x in res.format_problems] + [""]
    if res.error_files:
        lines += ["## Files with syntax errors (copied unchanged)", ""]
        lines += [f"- `{f}`: {why}" for f, why in error_lines(res)] + [""]
    if res.missing_headers:
        lines += ["## Files a missing header stopped (copied unchanged)", ""]
        lines += [f"- `{m['unit']}`: `{m['header']}` (from {m['includer']}); {m['advice']}"
                  for m in res.missing_headers] + [""]
    lines += ["## Rewritten", "", "| location | class::method | kind | plan |", "|---|---|---|---|"]
    for a in res.applied:
        lines.append(f"| {a['file']}:{a['line']} | {a['class']}::{a['method']} | {a['kind']} | "
                     f"{a['plan']} |")
    used = sorted({a["kind"] for a in res.applied})
    if used:
        lines += ["", "## Kinds of rewrite", ""]
        lines += [f"- **{name}**: {text}" for name, text in kinds.descriptions().items()
                  if name in used]
    lines += ["", "## Left as they were, and why", "", "| location | class::method | why |",
              "|---|---|---|"]
    for x in res.left:
        lines.append(f"| {x['file']}:{x['line']} | {x['class']}::{x['method']} | "
                     f"{x['why'].replace('|', '/')} |")
    return "\n".join(lines) + "\n"
