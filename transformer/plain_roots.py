"""Roots the plan does not cut by sample: memory of unknown target, a member's Blob pointers,
variables shared by all samples, global state; and Blobs the walk cannot place (a Blob
reached through a copy of the input/output vector, `top.at(0)`, a Blob pointer member, a
Blob pointer assigned again), read while the loop writes Blobs: such a Blob may be any
input or output, the one written or its in-place partner among them.
"""
from __future__ import annotations

from typing import List, Set

from .decision import ALIASING, CROSS_SAMPLE, GLOBAL_STATE, Rejection
from .facts.effects import Access
from .partitions import cut_apart

BLOB_KINDS = ("io", "member", "param", "local")


def check(kind: str, name: str, writes: List[Access], reads: List[Access] = (),
          changed: Set[str] = frozenset(), blobs_written: bool = False) -> None:
    """Writes through a pointer of unknown target, or to a scalar shared by all samples,
    are rejected, and so are reads through a pointer of unknown target while the loop
    writes Blobs (a helper's pointer parameter, `f()`'s result, a pointer a helper
    reseated: any of them may point into the memory written); so is any use of a Blob
    that may be any Blob (a member's Blob pointers) while the loop writes a Blob; the
    iteration's own variables are free."""
    if kind == "alias" and (writes or blobs_written):
        raise Rejection(ALIASING, f"uses {name}, which may be any Blob (a member's Blob "
                                  f"pointers: an input or output among them)")
    if kind == "unknown" and writes:
        raise Rejection(ALIASING, f"writes through {name}, whose target is unknown")
    if kind == "unknown" and reads and blobs_written and reads[0].root.buf == "raw":
        raise Rejection(ALIASING, f"line {reads[0].line}: reads through {name}, whose target "
                                  f"is unknown (it may be memory the loop writes), while the "
                                  f"loop writes Blobs")
    if kind == "scalar" and writes:
        raise Rejection(CROSS_SAMPLE, f"line {writes[0].line}: writes {name}, a "
                                      f"variable shared by all samples, through a pointer")
    if kind == "scalar" and reads and name in changed:
        raise Rejection(CROSS_SAMPLE, f"line {reads[0].line}: reads {name} through a pointer "
                                      f"or reference while the loop changes it")
    if kind == "global" and writes:
        raise Rejection(GLOBAL_STATE, f"line {writes[0].line}: {writes[0].via} writes "
                                      f"{name}, state shared by every thread")


def check_unplaced(accesses: List[Access]) -> None:
    """A buffer of a Blob the walk cannot place, read while the loop writes Blobs, may be
    the written one or its in-place partner. Beside inputs and outputs written in the
    sample's slice, it is read as the loop may read the written Blob itself: in the
    sample's slice, cut as every write cuts it; anything else (another sample's elements,
    the same elements for every sample, a sum into elements chosen by data, a member,
    parameter or local Blob written) is rejected: no run-time check can name it."""
    unplaced = [a for a in accesses if a.root.kind == "unknown" and a.root.buf != "raw"
                and a.mode == "read"]
    written = [a for a in accesses if a.mode != "read" and a.root.kind in BLOB_KINDS]
    if not unplaced or not written:
        return
    for r in unplaced:
        what = f"line {r.line}: reads {r.root.name}'s {r.root.buf}, a Blob the tool cannot " \
               f"place (it may be an input or output, or the in-place partner of one)"
        for w in written:
            if w.root.kind != "io":
                raise Rejection(ALIASING, f"{what}, while the loop writes {w.root.label()}")
            if not r.offset.partitioned:
                raise Rejection(ALIASING, f"{what}, outside the sample's slice while the "
                                          f"loop writes {w.root.label()}")
            if not w.offset.partitioned:
                raise Rejection(ALIASING, f"{what}, while line {w.line} writes "
                                          f"{w.root.label()} outside the sample's slice "
                                          f"(elements chosen by data, or every sample's)")
            if cut_apart(r.offset, w.offset):
                raise Rejection(ALIASING, f"{what}, in slices of another size than line "
                                          f"{w.line} writes {w.root.label()} in")
