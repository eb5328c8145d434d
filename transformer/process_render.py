"""The process level's plan → edits, through templates/mpi_edits.cpp.j2 (render decides
nothing: every site of a plan that is ok is written)."""
from __future__ import annotations

from typing import Dict, List

from .edits import Edit
from .process_plan import ProcessPlan

PLAN = "process level (--mpi)"


def _indent_at(source: bytes, offset: int) -> str:
    start = source.rfind(b"\n", 0, offset) + 1
    line = source[start:offset]
    return line[:len(line) - len(line.lstrip())].decode() or ""


def _lead(source: bytes, line_start: int) -> int:
    """How many blanks open the line that starts at line_start."""
    i = line_start
    while source[i:i + 1] in (b" ", b"\t"):
        i += 1
    return i - line_start


def _body_indent(source: bytes, offset: int) -> str:
    """The indentation of the statements in the block that encloses offset."""
    nxt = source.find(b"\n", offset) + 1
    line = source[nxt:source.find(b"\n", nxt)]
    return line[:len(line) - len(line.lstrip())].decode() or "  "


def edits(plan: ProcessPlan, sources: Dict[str, bytes], env) -> List[Edit]:
    m = env.get_template("mpi_edits.cpp.j2").module
    f = plan.facts
    out: List[Edit] = []
    if f.attach is not None:
        src = sources[f.attach.file]
        before = src.rfind(b"\n", 0, src.rfind(b"\n", 0, f.attach.start)) + 1
        out.append(Edit(f.attach.file, f.attach.start, 0,
                        str(m.attach(_indent_at(src, before + _lead(src, before)) or "  ")),
                        PLAN))
    for site in f.losses:
        out.append(Edit(site.file, site.start, 0, str(m.loss_open(site.arg)), PLAN))
        out.append(Edit(site.file, site.end, 0, str(m.loss_close()), PLAN))
    for site in f.displays:
        out.append(Edit(site.file, site.start, 0, str(m.display_open(site.net)), PLAN))
        out.append(Edit(site.file, site.end, 0, str(m.display_close(site.arg)), PLAN))
    if f.snapshot is not None:
        src = sources[f.snapshot.file]
        out.append(Edit(f.snapshot.file, f.snapshot.start, 0,
                        str(m.root_only(_body_indent(src, f.snapshot.start))), PLAN))
    for site in f.writes:
        src = sources[site.file]
        statement = (src[site.start:site.arg_start] + b"cgp_file.partial()" +
                     src[site.arg_end:site.end]).decode("utf-8", "surrogateescape")
        out.append(Edit(site.file, site.start, site.end - site.start,
                        str(m.atomic_write(_indent_at(src, site.start), site.arg, statement)),
                        PLAN))
    return out


def include_line(env) -> str:
    return str(env.get_template("mpi_edits.cpp.j2").module.include())
