"""Which input/output slots may be one Blob when a layer runs in place: `bottom[i]` and
`top[i]` with the same literal index share memory then; a slot spelled any other way
(`top[i]`, a helper's `dst[0]`) may be any of them. Read by the facts (a guard on memory
the loop may write) and by the plan (partitions, run-time apart checks)."""
from __future__ import annotations

import re

IO_SLOT = re.compile(r"(bottom|top)\[\d+\]")


def in_place_partner(name: str) -> str:
    """The blob a layer run in place shares memory with: bottom[i] <-> top[i]."""
    if name.startswith("bottom"):
        return "top" + name[len("bottom"):]
    if name.startswith("top"):
        return "bottom" + name[len("top"):]
    return ""


def may_pair(a: str, b: str) -> bool:
    """May input/output slots a and b be one Blob when the layer runs in place? Two slots
    with literal indices only when they are partners (bottom[i] <-> top[i]); any other
    spelling may name either."""
    if IO_SLOT.fullmatch(a) and IO_SLOT.fullmatch(b):
        return in_place_partner(a) == b
    return True
