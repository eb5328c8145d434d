"""Strides and indices that break "one slice per sample" however the layout is: a stride
that may be zero (a literal 0, `dim - dim`, a comparison, a choice with a 0 branch, followed
through variables' values), and a sample index narrowed to `bool` or a small integer type
(`const bool m = n`, `static_cast<uint8_t>(n)`), which several samples share; and a stride
shorter than a size by its form (`dim / 2`, `dim - 1`, `dim >> 1`): a sample that reaches
that size past its start reaches into the next one.
"""
from __future__ import annotations

import re
from typing import Callable, List, Optional

from ..ir import Node
from .effects_syntax import TESTS, _strip, literal_int, narrow  # noqa: F401 (narrow: ours to callers)
from .shapes import _call_parts, norm_text

Values = Callable[[Node], Optional[List[Node]]]



def maybe_zero(e: Node, values: Values, depth: int = 0) -> bool:
    """May stride e be zero? `values` gives a variable's values (None: unknown, taken as a
    size by Caffe's layout convention)."""
    e = _strip(e)
    if depth > 6:
        return False
    if e.kind == "lit":
        return re.fullmatch(r"0+(\.0*)?[uUlLfF]*", e.text.strip()) is not None
    if e.kind in ("name", "member"):
        return any(maybe_zero(v, values, depth + 1) for v in values(e) or [])
    if e.kind == "unop" and e.op == "!":
        return True
    if e.kind == "cond":
        return any(maybe_zero(c, values, depth + 1) for c in e.children[1:])
    if e.kind != "binop" or len(e.children) != 2:
        return False
    a, b = e.children
    if e.op in TESTS:
        return True
    if e.op == "-":
        return norm_text(a.text) == norm_text(b.text)
    if e.op == "*":
        return maybe_zero(a, values, depth + 1) or maybe_zero(b, values, depth + 1)
    return False


def shorter_than(e: Node, values: Values, depth: int = 0, spelled: bool = False) -> List[Node]:
    """The sizes X that stride e may be shorter than by its very form: `X / c` (c > 1, or
    a c that is not a literal), `X >> c`, `X - c` (c > 0, or not a literal), followed
    through every value a variable may hold ([] for any other form). `spelled`: only by a
    literal (`dim / 2`, not `count() / num`: a block's count halved, not a size derived)."""
    e = _strip(e)
    if depth > 6:
        return []
    if e.kind in ("name", "member"):
        return [x for v in values(e) or [] for x in shorter_than(v, values, depth + 1, spelled)]
    if e.kind != "binop" or len(e.children) != 2:
        return []
    a, b = (_strip(c) for c in e.children)
    k = literal_int(b.text) if b.kind == "lit" else None
    if k is None and spelled:
        return []
    if (e.op == "/" and (k is None or k > 1)) or (e.op in (">>", "-") and (k is None or k > 0)):
        return [a]
    return []


def past_axis(b: Node, values: Values, sample_of: Callable[[Node], Optional[str]],
              depth: int = 0) -> bool:
    """May an inner index counted up to b (excluded) pass the axis it is a coordinate of
    (`offset(n, c)`, `c < b`): b more than one axis (`2 * channels()`, `height() + 1`, a
    `count`, one sample), through every value a variable may hold?"""
    b = _strip(b)
    if depth > 6:
        return False
    parts = _call_parts(b)
    if (parts and parts[1] == "count") or sample_of(b):
        return True
    if b.kind == "binop" and b.op == "+":
        return True
    if b.kind == "binop" and b.op == "*" and len(b.children) == 2:
        return any(_strip(c).kind == "lit" and literal_int(c.text) > 1 or
                   _call_parts(_strip(c)) is not None for c in b.children)
    if b.kind in ("name", "member"):
        return any(past_axis(v, values, sample_of, depth + 1) for v in values(b) or [])
    return False
