"""The process level's plan → edits, through templates/mpi_edits.cpp.j2 (render decides
nothing: every site of a plan that is ok is written)."""
from __future__ import annotations

from typing import Dict, List

from .edits import Edit
from .process_plan import ProcessPlan

PLAN = "process level (--mpi)"


def _blanks(source: bytes, offset: int) -> str:
    """The blanks that open the line holding offset."""
    start = i = source.rfind(b"\n", 0, offset) + 1
    while source[i:i + 1] in (b" ", b"\t"):
        i += 1
    return source[start:i].decode()


def edits(plan: ProcessPlan, sources: Dict[str, bytes], env) -> List[Edit]:
    m = env.get_template("mpi_edits.cpp.j2").module
    f = plan.facts
    out: List[Edit] = []
    if f.attach is not None:
        src = sources[f.attach.file]
        last_line = src.rfind(b"\n", 0, f.attach.start)  # the line before the closing brace
        out.append(Edit(f.attach.file, f.attach.start, 0,
                        str(m.attach(_blanks(src, last_line) or "  ")), PLAN))
    for site in f.losses:
        out.append(Edit(site.file, site.start, 0, str(m.loss_open(site.arg)), PLAN))
        out.append(Edit(site.file, site.end, 0, str(m.loss_close()), PLAN))
    for site in f.displays:
        out.append(Edit(site.file, site.start, 0, str(m.display_open(site.net)), PLAN))
        out.append(Edit(site.file, site.end, 0, str(m.display_close(site.arg)), PLAN))
    for site in ([f.snapshot] if f.snapshot is not None else []) + f.overrides:
        src = sources[site.file]  # every definition: an override need not call the base
        out.append(Edit(site.file, site.start, 0,
                        str(m.root_only(_blanks(src, src.find(b"\n", site.start) + 1)
                                        or "  ")), PLAN))
    for site in f.writes:
        src = sources[site.file]
        statement = (src[site.start:site.arg_start] + b"cgp_file.partial()" +
                     src[site.arg_end:site.end]).decode("utf-8", "surrogateescape")
        out.append(Edit(site.file, site.start, site.end - site.start,
                        str(m.atomic_write(_blanks(src, site.start), site.arg, statement)),
                        PLAN))
    return out


def include_line(env) -> str:
    return str(env.get_template("mpi_edits.cpp.j2").module.include())
