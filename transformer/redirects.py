"""The names a parallel plan re-points: a privatized buffer's pointer variables are set to
the part's copy, an accumulated buffer's one pointer to the part's slot. A plan whose
buffer the loop reaches by a name the rewrite does not re-point (a pointer at an offset into
the scratch, a second pointer or the accessor itself beside the redirected pointer) would
leave that name on the shared buffer, or move it to the copy's start: rejected here. And
what a private copy must start with: a scratch read outside what the iteration writes (a
padding set before the loop) starts as the shared one.
"""
from __future__ import annotations

from typing import Dict, List, Tuple

from .decision import CROSS_SAMPLE, Alias, Hoist, Privatized, Reduced, Rejection
from .facts.effects import Access, covered
from .facts.effects_model import BodyEffects


def check_private_aliases(name: str, aliases: List[Alias], e: BodyEffects) -> None:
    """Every pointer into a privatized Blob's buffer must hold its start (the copy's start
    is what it is set to)."""
    for a in aliases:
        if a.var in e.body_names and a.var not in e.at_start:
            raise Rejection(CROSS_SAMPLE, f"{a.var} points into {name}'s {a.buf} past its "
                                          f"start: a private copy of {name} cannot be given "
                                          f"to it")


def through_hoists(reduce: List[Reduced], hoists: List[Hoist], e: BodyEffects) -> None:
    """Each accumulated buffer is reached, in the loop, through the one name the rewrite
    sets to the part's slot (a second pointer or the accessor beside it: rejected). A buffer
    accumulated straight into an accessor's result (`gemv(..., 1,
    blobs_[0]->mutable_cpu_diff())`) has no pointer variable of the user's: the hoisted
    accessor's variable is that name, set per part to the part's slot."""
    for r in reduce:
        if r.kind != "array":
            continue
        slots = [h for h in hoists if h.blob == r.blob and h.buf == r.buf and
                 h.call.rstrip().endswith(f"mutable_cpu_{r.buf}()")]
        names = {v for v, _ in e.alias_vars.get(f"{r.blob}.{r.buf}", []) if v in e.body_names}
        names |= {h.var for h in slots} | ({r.var} if r.var else set())
        if len(names) > 1:
            raise Rejection(CROSS_SAMPLE, f"{r.blob}'s {r.buf} is accumulated through "
                                          f"{', '.join(sorted(names))}: only one name can be "
                                          f"given each part's slot")
        if not r.var and slots:
            r.var, slots[0].redirected = slots[0].var, True


def reads_padding(name: str, writes: List[Access], reads: List[Access]) -> bool:
    """Does the loop read scratch it did not write in the same iteration (LRN's padded
    squares: one block written at `offset(pre_pad_)`, read at every `offset(c)`)? Then the
    private copy starts as the shared one, which holds what was there before the loop; that
    is right only when every iteration runs every write (none under a condition) before any
    such read (each element read is this iteration's or the one from before the loop), and
    in the data (a copy-in copies data): else rejected."""
    missed = [r for r in reads if not covered(
        r, [w for w in writes if w.order < r.order and w.mode == "write"], strict=True)]
    if not missed:
        return False
    buf = missed[0].root.buf
    last = max(w.order for w in writes)
    if buf != "data" or any(w.guards or not w.exact or w.varies for w in writes) or \
            any(r.order < last for r in missed):
        raise Rejection(CROSS_SAMPLE, f"line {missed[0].line}: reads {name}'s {buf} where the "
                                      f"iteration did not write it, and the private copy "
                                      f"cannot hold it")
    return True


def check_other_buffer(p: Privatized, by_root: Dict[Tuple[str, str, str], List[Access]]):
    """A Blob is privatized whole, data and diff: a buffer of it the loop only reads (a mask
    Reshape set in the diff beside scratch in the data) would be read from the thread's
    copy, which does not hold it."""
    for buf in ("data", "diff"):
        accs = by_root.get((p.kind, p.name, buf), [])
        if accs and all(a.mode == "read" for a in accs):
            raise Rejection(CROSS_SAMPLE, f"line {accs[0].line}: reads {p.name}'s {buf}, "
                                          f"which the loop does not write, beside scratch in "
                                          f"the same Blob: a thread's copy would not hold it")
