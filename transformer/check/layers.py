"""Which layer types to drive, and how strictly to compare each of their outputs.

A type is checked when the transformation touched its class: a parallel plan in the class or
one of its bases, or a source file defining one of their methods that differs between the two
trees (so a hand-made `--transformed` tree is checked where it was edited). The comparison
policy follows the plans: forward outputs and bottom diffs must be bitwise equal unless a plan
splits a BLAS call (the library may then sum in another order); tops that receive a scalar
reduction (losses) and parameters compare within tolerance.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, List, Optional

from ..facts.classes import Program


@dataclass
class LayerPolicy:
    type: str
    cls: str
    reasons: List[str]          # why it is checked
    split: bool                 # a plan splits a BLAS call
    scalar_reduction: bool      # a plan reduces a scalar (a loss, a count)

    def exact(self, array: str) -> bool:
        """Must this dumped array be bitwise equal to the original's (at more than one thread)?"""
        if array.startswith("param"):
            return False
        if array.startswith("top"):
            return not (self.split or self.scalar_reduction)
        return not self.split  # bottom diffs


def _files_differ(a: Path, b: Path) -> bool:
    try:
        return a.read_bytes() != b.read_bytes()
    except OSError:
        return True


def select(program: Program, decisions, registered: Iterable[str], original: Path,
           transformed: Path, only: Optional[List[str]] = None) -> List[LayerPolicy]:
    by_class: Dict[str, list] = {}
    for d in decisions:
        if d.decision == "parallel":
            by_class.setdefault(d.cls, []).append(d)
    out = []
    for layer_type in sorted(set(registered)):
        if only and layer_type not in only:
            continue
        cls = layer_type + "Layer"
        if cls not in program.classes:
            continue
        lineage = program.ancestry(cls)
        plans = [d for c in lineage for d in by_class.get(c, [])]
        reasons = sorted({f"parallel plan in {d.cls}::{d.method}" for d in plans})
        files = sorted({fn.file for fn in program.methods_of(cls)} |
                       {program.classes[c].file for c in lineage if c in program.classes})
        changed = [f for f in files if _files_differ(original / f, transformed / f)]
        reasons += [f"{f} differs" for f in changed if not plans]
        if not reasons:
            continue
        split = any(d.split for d in plans)
        scalar = any(r.kind == "scalar" for d in plans for r in d.reduce)
        out.append(LayerPolicy(layer_type, cls, reasons, split, scalar))
    return out
