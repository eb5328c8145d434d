"""The analyze pipeline: tree -> parsed units -> facts -> decisions -> report data."""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from . import kinds, missing_headers, parse, source_tree, tree_flags
from .errors import InputError
from .facts import context, form
from .facts.classes import Program
from .facts.loops import collect, collect_outside_layers
from .plan import Decision, decide, plan_rules


@dataclass
class Analysis:
    root: Path
    decisions: List[Decision]
    layers: List[str]
    notes: List[str]
    diagnostics: List[dict]
    degraded_files: List[str]
    seconds: float = 0.0
    program: Optional[Program] = None  # the IR behind the decisions (not serialized)
    sources: Dict[str, bytes] = field(default_factory=dict)
    error_files: List[str] = field(default_factory=list)  # files with syntax errors
    # each of those files' first error: {"file", "line", "message", "errors"}
    first_errors: List[dict] = field(default_factory=list)
    missing_headers: List[dict] = field(default_factory=list)  # units a missing header stopped

    def to_json(self) -> dict:
        rows = [d.to_json() for d in self.decisions]
        return {
            "root": str(self.root),
            "loops": rows,
            "summary": {
                "layers": len(self.layers),
                "parallel": sum(d.decision == "parallel" for d in self.decisions),
                "rejected": sum(d.decision == "rejected" for d in self.decisions),
                "degraded": sum(d.degraded for d in self.decisions),
            },
            "layers": self.layers,
            "kinds": kinds.descriptions(),
            "rules": plan_rules(),
            "notes": self.notes,
            "diagnostics": self.diagnostics,
            "degraded_files": self.degraded_files,
            "error_files": self.error_files,
            "first_errors": self.first_errors,
            "missing_headers": self.missing_headers,
            "seconds": round(self.seconds, 2),
        }


def run(path: str, compile_commands: Optional[str] = None, includes: Sequence[str] = (),
        defines: Sequence[str] = (), jobs: Optional[int] = None, progress=None) -> Analysis:
    t0 = time.time()
    tree = source_tree.load(path, compile_commands, includes, defines)
    files = tree.sources + tree.helpers + [h for h in tree.headers if _has_definitions(h)]
    units = parse.parse_files(files, tree.root, tree.args_for, tree.digest(), jobs=jobs,
                              progress=progress)
    flag_notes: List[str] = []
    if tree.compile_commands is None:
        units = _with_build_flags(units, tree, path, includes, defines, jobs, flag_notes)
    missing = missing_headers.find(units)
    program = Program.from_units(units)
    layers = program.layer_classes()
    if not layers:
        raise InputError(f"no layer classes (classes deriving from Layer<Dtype>) under {path}")
    sources: Dict[str, bytes] = {}
    decisions = _decisions(program, layers, tree.root, sources,
                           {str(p.relative_to(tree.root)) for p in tree.helpers})
    diags = _diagnostics(units)
    notes = list(tree.notes) + flag_notes + [m.line() for m in missing] + _skew_note(units)
    if program.clashes:
        notes.append(f"nothing rewritten: {context.clash(program.clashes)}")
    # syntax errors: errors in a unit's own file, where no missing header explains them
    unparsed = {m.unit for m in missing}
    error_files = sorted({d["file"] for d in diags if d["severity"] == "error" and
                          not d["file"].startswith("/") and d["file"] not in unparsed and
                          any(d["file"] == u.main_file for u in units)})
    return Analysis(root=tree.root, decisions=decisions, layers=layers, notes=notes,
                    diagnostics=diags, degraded_files=sorted(program.degraded_files),
                    seconds=time.time() - t0, program=program, sources=sources,
                    error_files=error_files,
                    first_errors=first_errors(diags, error_files),
                    missing_headers=[asdict(m) for m in missing])


def _decisions(program: Program, layers, root, sources: Dict[str, bytes],
               helper_files=frozenset()) -> List[Decision]:
    """The decision on every loop and call of every layer class, and on the elementwise
    calls outside layers but in layer sources (not in `helper_files`, the tree's utilities,
    which are only followed); `sources` gets the bytes of every file they are in."""
    decisions: List[Decision] = []
    for cls in layers:
        for fn_list in program.functions.values():
            for fn in fn_list:
                if fn.file not in sources:
                    sources[fn.file] = (root / fn.file).read_bytes()
        for f in collect(program, cls, sources):
            decisions.append(decide(f, live_in=_live_in(f),
                                    form=form.of(program, sources, f.file, f.start, f.end)))
    for f in collect_outside_layers(program, skip_files=helper_files):
        if f.file not in sources:
            sources[f.file] = (root / f.file).read_bytes()
        decisions.append(decide(f, form=form.of(program, sources, f.file, f.start, f.end)))
    decisions.sort(key=lambda d: (d.file, d.line, d.cls))
    return decisions


def first_errors(diags: List[dict], files: Sequence[str]) -> List[dict]:
    """For each of `files`, its first error (by line) and how many errors it has."""
    rows = []
    for f in files:
        errs = sorted((d for d in diags if d["file"] == f and d["severity"] == "error"),
                      key=lambda d: d["line"])
        if errs:
            rows.append({"file": f, "line": errs[0]["line"], "message": errs[0]["message"],
                         "errors": len(errs)})
    return rows


def _diagnostics(units) -> List[dict]:
    """The units' diagnostics, each once."""
    diags, seen = [], set()
    for u in units:
        for dg in u.diagnostics:
            key = (dg.file, dg.line, dg.message)
            if key not in seen:
                seen.add(key)
                diags.append({"file": dg.file, "line": dg.line, "severity": dg.severity,
                              "message": dg.message})
    return diags


def _skew_note(units) -> List[str]:
    """One line when the builtin headers are another clang's (builtin_headers.skewed)."""
    hit = [u.main_file for u in units if any(d.severity == "ignored" for d in u.diagnostics)]
    if not hit:
        return []
    return [f"the builtin headers are another clang's than libclang's: their intrinsics' "
            f"bodies use builtins it does not know, in {len(hit)} units (such as "
            f"{hit[0]}); ignored, since nothing the tree declares depends on them "
            f"(CGP_RESOURCE_DIR names other headers)"]


def _errors(unit) -> int:
    return sum(d.is_error for d in unit.diagnostics)


def _with_build_flags(units, tree, path: str, includes: Sequence[str],
                      defines: Sequence[str], jobs, notes: List[str]):
    """Units with errors under the default flags (a missing header; code the tree's build
    enables with a define, such as BVLC's USE_HDF5), parsed again with the flags the tree's
    own build uses (a CMake configure, else Makefile.config), where those add anything. A
    unit parsed again replaces the first when it has fewer errors."""
    failed = {u.main_file for u in units if _errors(u)}
    if not failed:
        return units
    for find in (lambda: tree_flags.from_cmake(tree.root, source_tree.cache_dir() / "flags"),
                 lambda: tree_flags.from_makefile_config(tree.root)):
        found = find()
        if found is None:
            continue
        if found.problem:
            notes.append(f"flags: {found.source}: {found.problem}")
            continue
        more_i = [d for d in found.includes if d not in includes]
        more_d = [d for d in found.defines if d not in defines]
        if not more_i and not more_d:
            continue
        again = source_tree.load(path, None, [*includes, *more_i], [*defines, *more_d])
        redone = parse.parse_files([tree.root / f for f in sorted(failed)], again.root,
                                   again.args_for, again.digest(), jobs=jobs)
        before = {u.main_file: _errors(u) for u in units}
        better = {u.main_file: u for u in redone if _errors(u) < before.get(u.main_file, 0)}
        notes.append(f"flags: {len(better)} of {len(failed)} units with errors under the "
                     f"default flags parsed with those of {found.source}"
                     + (f" (+{' '.join('-D' + d for d in more_d)})" if more_d else ""))
        return [better.get(u.main_file, u) for u in units]
    return units


def _has_definitions(header: Path) -> bool:
    """Headers parsed on their own only when they define layer methods out of line."""
    try:
        text = header.read_bytes()
    except OSError:
        return False
    return b"_cpu(" in text and b"::" in text and b"{" in text and b"template" in text \
        and b"Layer<Dtype>::" in text


def _live_in(f) -> set:
    """Scratch blobs that hold values before the loop starts: written before it."""
    return set(f.effects.live_in) if f.effects is not None else set()
