"""May a count be negative? An inner loop's trip that multiplies a pointer's step in its
closed form (`start + n * (extra * 1)`) is clamped at 0 at run time when it may be: the
original loop `for (k < extra)` does not run for a negative `extra`, the product would step
back. Not negative: unsigned literals, Blob shape queries and sums and products of such, and
names whose every value is one."""
from __future__ import annotations

from typing import Callable, List, Optional

from ..ir import Node
from .effects_syntax import _strip
from .mathlib import NONNEGATIVE_QUERIES

ValuesOf = Callable[[Node], Optional[List[Node]]]
_KEEP_SIGN = ("+", "*", "/", "%", "<<", ">>", "&", "|")


def may_be_negative(e: Node, values_of: ValuesOf, depth: int = 0) -> bool:
    """Whether e may hold a negative value (True when the walk cannot tell)."""
    e = _strip(e)
    if depth > 6:
        return True
    if e.kind == "lit":
        return e.text.strip()[:1] == "-" or not e.text.strip()[:1].isdigit()
    if e.kind == "call":
        return e.name not in NONNEGATIVE_QUERIES
    if e.kind in ("name", "member"):
        values = values_of(e)
        return values is None or not values or \
            any(may_be_negative(v, values_of, depth + 1) for v in values)
    if e.kind == "binop" and e.op in _KEEP_SIGN:
        return any(may_be_negative(c, values_of, depth + 1) for c in e.children)
    if e.kind == "cond" and len(e.children) == 3:
        return any(may_be_negative(c, values_of, depth + 1) for c in e.children[1:])
    return True
