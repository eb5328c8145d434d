"""Decisions as plain data: a loop's or call's Parallel plan (what is privatized, reduced,
advanced by a closed form, split, hoisted) or its Rejected reason. Facts become decisions in
plan.py and the kinds' modules; render.py and the templates write them; they serialize to
the JSON users see.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import List, Tuple

# The fixed vocabulary of rejection reasons.
RNG = "rng"
CROSS_SAMPLE = "cross-sample dependence"
UNKNOWN_CALL = "unknown call"
INDUCTION = "unprovable induction"
ALIASING = "aliasing"
EARLY_EXIT = "early exit"
ALREADY_PARALLEL = "already parallel"
DEGRADED = "degraded parse"
TOO_LITTLE = "too little work"
BLOB_ACCESSOR = "blob accessor"
NOT_BATCH = "not a batch loop"
UNKNOWN_EXTENT = "unknown extent"
UNSUPPORTED_FORM = "unsupported form"
GLOBAL_STATE = "global state"
REASONS = (RNG, CROSS_SAMPLE, UNKNOWN_CALL, INDUCTION, ALIASING, EARLY_EXIT, ALREADY_PARALLEL,
           DEGRADED, TOO_LITTLE, BLOB_ACCESSOR, NOT_BATCH, UNKNOWN_EXTENT, UNSUPPORTED_FORM,
           GLOBAL_STATE)


def degraded_why(first_error: str) -> str:
    """The detail of a DEGRADED rejection: the unit's first error, to fix or to explain."""
    return f"the translation unit parsed with errors: {first_error}"


@dataclass
class Alias:
    """A pointer variable, declared before the loop, that points into a Blob's buffer."""

    var: str
    type: str
    buf: str  # data | diff


@dataclass
class Apart:
    """A Blob buffer the loop only reads, at offsets that cannot be split by sample, while it
    writes other Blobs' buffers: safe unless one of those shares its memory (a layer run in
    place). Checked at run time: the region runs inline, as the original loop, when any of
    them overlaps it."""

    blob: str  # the read Blob, e.g. bottom[0]
    buf: str  # data | diff
    written: List[Tuple[str, str]] = field(default_factory=list)  # (Blob, buf) written


@dataclass
class Privatized:
    name: str  # member or local Blob
    kind: str  # member | local
    copy_in: bool  # the private copy starts as a copy of the shared one
    extent: str
    aliases: List[Alias] = field(default_factory=list)


@dataclass
class Reduced:
    name: str
    kind: str  # array | scalar
    extent: str
    # + (sums), max | min (strict comparison: the first extreme wins), max= | min= (loose),
    # arg (the index assigned with the max or min named by `of`)
    op: str = "+"
    var: str = ""  # the pointer variable the loop accumulates through ('' if none)
    root: str = ""  # io | param | member | local (arrays)
    blob: str = ""  # the Blob expression, e.g. blobs_[0] or top[0]
    buf: str = ""  # data | diff
    of: str = ""  # for op 'arg': the scalar max or min it follows
    # root 'chosen': the condition and the two Blobs it chooses between, as written
    choice: List[str] = field(default_factory=list)
    # arrays: conditions no iteration changes, without which the loop never touches the
    # buffer (none: always touched): the region takes private copies only when they hold
    when: List["Gate"] = field(default_factory=list)


@dataclass
class Gate:
    """A condition of the loop body that no iteration changes (facts/gates.py), as written,
    and whether the accesses it guards need it true or false."""

    text: str
    holds: bool = True


@dataclass
class InductionStep:
    """One increment of an induction variable per iteration: `var += m1 * m2 * ... * step`,
    the multipliers being the trip counts of the inner loops around it."""

    step: str
    multipliers: List[str] = field(default_factory=list)
    clamp: List[bool] = field(default_factory=list)  # per multiplier: clamped at 0


@dataclass
class InductionPlan:
    """A pointer or counter advanced in the loop: at iteration v it is `var_0 + v * (sum of
    its steps)`, advancing only when `condition` (loop-invariant) holds."""

    var: str
    steps: List[InductionStep] = field(default_factory=list)
    condition: str = ""

    def describe(self, loop_var: str) -> str:
        """The closed form in the loop variable, for reports."""
        per = " + ".join("*".join([f"({m})" for m in s.multipliers] + [f"({s.step})"])
                         for s in self.steps)
        return f"{self.var} = {self.var}_0 + {loop_var} * ({per})" + \
            (f" if {self.condition}" if self.condition else "")


@dataclass
class Split:
    """A BLAS or elementwise call cut into blocks along `dim` (rows | k | elements) of size
    `extent`."""

    call: str
    line: int
    dim: str
    extent: str

    def describe(self) -> str:
        return f"{self.call} line {self.line}: {self.dim} {self.extent}"


@dataclass
class Hoist:
    """A Blob accessor of the loop body evaluated once, on the calling thread, before the
    region; the body uses the pointer it returned. A call that the body makes only under a
    condition, on a receiver `V[k]`, is evaluated only when k is in V's range (nullptr
    otherwise, which the body then never dereferences)."""

    var: str  # the variable that holds the pointer
    call: str  # the accessor call's source text
    vector: str = ""  # bounds-check: k < V.size()
    index: str = ""
    uses: List[Tuple[str, int, int]] = field(default_factory=list)  # (file, start, end)
    # a Blob the body reaches only under a condition, not by index: evaluated only when it
    # holds elements (`X.count() > 0 ? X.mutable_cpu_data() : nullptr`: a Blob never shaped
    # has no memory, and its accessor fails); the receiver with its `.` or `->`
    nonempty: str = ""
    blob: str = ""  # the Blob it reaches (blobs_[0], top[1]) and its buffer
    buf: str = ""
    redirected: bool = False  # an accumulation's target: each part points it at its slot


@dataclass
class Sync:
    """A Blob read through a const accessor in a helper the loop reaches: its memory is
    brought to the CPU before the region, so that the workers' calls only read its state."""

    receiver: str  # the receiver's source text, in the helper (members only)
    method: str  # cpu_data | cpu_diff
    this_prefix: bool  # spell `this->` before the receiver at the loop
    arrow: bool  # the receiver is a pointer: `->`, else `.`
    vector: str = ""  # a receiver `V[k]` met under a condition: synced only when k < V.size()
    index: str = ""


@dataclass
class Decision:
    file: str
    line: int
    cls: str
    method: str
    kind: str
    decision: str  # parallel | rejected
    reason: str = ""
    detail: str = ""
    var: str = ""
    trip: str = ""
    privatize: List[Privatized] = field(default_factory=list)
    reduce: List[Reduced] = field(default_factory=list)
    induction: List[InductionPlan] = field(default_factory=list)
    split: List[Split] = field(default_factory=list)
    assumes: List[str] = field(default_factory=list)
    slices: List[str] = field(default_factory=list)  # Blobs each sample writes its own slice of
    hoist: List[Hoist] = field(default_factory=list)
    sync: List[Sync] = field(default_factory=list)
    apart: List[Apart] = field(default_factory=list)  # checked at run time
    private_scalars: List[str] = field(default_factory=list)  # written before read, per sample
    helpers: List[str] = field(default_factory=list)
    degraded: bool = False
    start: int = 0
    end: int = 0
    inherits: str = ""  # "Base::Forward_cpu": this row is for a class that inherits it

    def plan_parts(self) -> List[Tuple[str, List[str]]]:
        """The non-empty parts of the plan, as (what, names), for reports and markers."""
        parts = [("privatize", [p.name for p in self.privatize]),
                 ("reduce", [r.name for r in self.reduce]),
                 ("induction", [i.var for i in self.induction]),
                 ("split", [f"{s.dim} {s.extent}" for s in self.split])]
        return [(what, names) for what, names in parts if names]

    def to_json(self) -> dict:
        d = asdict(self)
        d["class"] = d.pop("cls")
        d["privatize"] = [p.name for p in self.privatize]
        d["reduce"] = [r.name for r in self.reduce]
        d["induction"] = [i.describe(self.var) for i in self.induction]
        d["induction_detail"] = [asdict(i) for i in self.induction]
        d["split"] = [s.describe() for s in self.split]
        d["split_detail"] = [asdict(s) for s in self.split]
        d["privatize_detail"] = [asdict(p) for p in self.privatize]
        d["reduce_detail"] = [asdict(r) for r in self.reduce]
        return d


class Rejection(Exception):
    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason = reason
        self.detail = detail
