"""Tied parameters: two of a layer's parameter Blobs may be one (`blobs_[1] = blobs_[0]` in
LayerSetUp, or two `param { name: "w" }` alike in a net, which shares data and diff), so a
read of one while the loop accumulates into the other's buffer of the same kind may read the
sum being built."""
from __future__ import annotations

from typing import Iterable, List

from .decision import CROSS_SAMPLE, Reduced, Rejection
from .facts.effects import Access


def check(reduce: Iterable[Reduced], accesses: List[Access]) -> None:
    """Parameters may be tied (`blobs_[1] = blobs_[0]` in LayerSetUp, two `param { name }`
    alike in a net: one Blob, its data and diff shared): another parameter's buffer of the
    kind a loop accumulates into, read in the loop, may be the one accumulated."""
    for r in reduce:
        if r.kind != "array" or r.root != "param":
            continue
        for a in accesses:
            if a.mode == "read" and a.root.kind == "param" and a.root.buf == r.buf and \
                    a.root.name != r.blob:
                raise Rejection(CROSS_SAMPLE, f"line {a.line}: reads {a.root.label()} while "
                                              f"the loop accumulates into {r.blob}'s {r.buf} "
                                              f"(parameters may be tied: one Blob)")
