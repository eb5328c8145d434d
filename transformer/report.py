"""Human-readable rendering of an analysis: the table printed by `analyze`."""
from __future__ import annotations

from typing import List

from . import kinds
from .analyze import Analysis


def table(a: Analysis, color: bool = False) -> str:
    def paint(text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if color else text

    lines: List[str] = []
    header = f"{'location':<44} {'class::method':<46} {'kind':<12} decision"
    lines.append(header)
    lines.append("-" * len(header))
    for d in a.decisions:
        loc = f"{d.file}:{d.line}"
        who = f"{d.cls}::{d.method}" + (f" (inherits {d.inherits})" if d.inherits else "")
        if d.decision == "parallel":
            parts = [f"{what}=" + ",".join(names) for what, names in d.plan_parts()]
            verdict = paint("PARALLEL", "32") + (" " + " ".join(parts) if parts else "")
        else:
            verdict = paint("REJECTED", "33") + f" ({d.reason}) {d.detail}"
        lines.append(f"{loc:<44} {who:<46} {d.kind:<12} {verdict}")
    s = a.to_json()["summary"]
    lines.append("")
    lines.append(f"{s['layers']} layer classes, {s['parallel']} parallel, "
                 f"{s['rejected']} rejected, "
                 f"{s['degraded']} degraded ({a.seconds:.1f} s)")
    used = sorted({d.kind for d in a.decisions if d.decision == "parallel"})
    for name, text in kinds.descriptions().items():
        if name in used:
            lines.append(f"{name}: {text}")
    for note in a.notes:
        lines.append("note: " + note)
    return "\n".join(lines)
