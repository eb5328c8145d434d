"""Blocks at a sample's slice: whether an offset is the sample index itself (`top + n`, one
element a sample), and whether a block of some size written at a sample stride reaches the
next sample (`2 * dim`, `dim + 1`, `dim << 1`), or is exactly what makes the stride its own."""
from __future__ import annotations

import re
from dataclasses import replace

from .effects_model import Offset


def unit_only(off: Offset) -> bool:
    """Is this offset the sample index itself (`top + n`): a slice one element long?"""
    return off.unit and not (off.sample or off.shifted or off.opaque)


def unit_block(off: Offset, size: str) -> bool:
    """A block of `size` elements (its text) at `top + n`: past the one element n owns?"""
    return unit_only(off) and size not in ("1", "1u", "")


def _spills(size: str, off: Offset) -> bool:
    """Does a block of `size` elements (its normalized text) at a sample stride S reach the
    next sample: `k*S` with an integer k > 1, one stride plus more (`dim+1`, `(dim+dim)`),
    or a stride shifted left (`dim<<1`)?"""
    if not off.sample:
        return False
    m = re.fullmatch(r"(\d+)\*(.+)|(.+)\*(\d+)", size)
    if m:
        k, s = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        if int(k) > 1 and s in off.strides:
            return True
    while size.startswith("(") and size.endswith(")"):
        size = size[1:-1]
    depth, parts, start = 0, [], 0
    for i, ch in enumerate(size):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and ch == "+":
            parts.append(size[start:i])
            start = i + 1
    parts.append(size[start:])
    if len(parts) > 1 and any(x in off.strides for x in parts):
        return True
    m = re.fullmatch(r"(.+)<<(\d+)", size)
    return bool(m and m.group(1) in off.strides and int(m.group(2)) > 0)


def _sized(off: Offset, size: str) -> Offset:
    """off, where a write of `size` elements makes a stride of that size no overlap."""
    if size not in off.unsized:
        return off
    return replace(off, unsized=[u for u in off.unsized if u != size])
