"""The process level's plan (`--mpi`): the facts of `facts/process.py` checked for what the
rewrite needs. A tree that lacks one of them is refused, naming what is missing; what can be
left out without harm (a snapshot written through a handle) is a note."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import List

from .facts.context import clash
from .facts.process import NET_HOOKS, SOLVER_HOOK, ProcessFacts

DESCRIPTION = (
    "ranks x threads: every rank reads the same global batches and keeps its equal share of "
    "rows; each layer's parameter diffs are averaged over the ranks in buckets as soon as they "
    "are final, overlapping the backward pass of the layers below; rank 0 alone logs and "
    "writes snapshots, each file written whole or not at all; weights compared across ranks "
    "every CGP_MPI_CHECK_EVERY iterations")


@dataclass
class ProcessPlan:
    facts: ProcessFacts
    problems: List[str] = field(default_factory=list)  # why the tree is refused
    notes: List[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict:
        return {"description": DESCRIPTION, "problems": self.problems, "notes": self.notes,
                "facts": asdict(self.facts)}


def _hook_problems(facts: ProcessFacts) -> List[str]:
    """What is missing of the solver, the net and the net member the edits hook (nothing
    more when several classes or members fit: `facts.ambiguous` says so)."""
    if facts.ambiguous:
        return []
    if not facts.solver_class:
        return [f"no solver with per-iteration hooks (a class with {SOLVER_HOOK}, "
                "Caffe's Solver::Callback)"]
    out = []
    if not facts.net_class:
        out.append(f"the net has no per-layer hooks ({', '.join(NET_HOOKS)}, "
                   "Caffe's Net::Callback)")
    if not facts.net_field:
        out.append(f"the solver {facts.solver_class} holds no net member")
    return out


def plan(facts: ProcessFacts) -> ProcessPlan:
    p = ProcessPlan(facts)
    p.problems += facts.ambiguous + _hook_problems(facts)
    if not facts.solver_class:
        return p
    if facts.net_field and facts.attach is None:
        p.problems.append(f"the method of {facts.solver_class} that sets up its net "
                          f"({facts.net_field}.reset(...)) is called from nowhere in it")
    if facts.net_field and not facts.losses:
        p.problems.append(f"{facts.solver_class} never calls {facts.net_field}->"
                          "ForwardBackward(): the loss it logs is not found")
    if facts.clashes:
        p.problems.append(clash(facts.clashes))
    if facts.snapshot is None:
        p.problems.append(f"{facts.solver_class} has no Snapshot() method")
    for site in facts.unsure:
        p.problems.append(f"{site.file}:{site.line}: {site.text}")
    for site in facts.unwrapped:
        p.notes.append(f"{site.file}:{site.line}: {site.text}: that file is not made atomic")
    for site in facts.local_losses:
        p.notes.append(f"{site.file}:{site.line}: {site.text} is left as written: what it "
                       "gives on rank 0 is that rank's share of the batch, not the mean")
    for site in facts.kept_handles:
        p.notes.append(f"{site.file}:{site.line}: the snapshot path goes to a call whose value "
                       "is kept (a file handle): that file is not made atomic")
    return p
