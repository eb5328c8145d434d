"""Max and min reductions into a scalar, and the argmax/argmin that follows one.

Recognized shapes (m and idx declared before the loop):

    m = std::max(m, E);          m = std::min(m, E);
    if (E > m) m = E;            if (m < E) { m = E; idx = V; }

Max and min are exact: each part of the loop keeps its own m (and idx), starting from the
value m had before the loop, and the parts are combined in the order of their blocks of
samples with the loop's own comparison. With a strict comparison the first sample reaching
the extreme wins in the sequential loop, and the first block reaching it wins in the
combination: the same sample. (`std::max(E, m)` is loose: it keeps E on ties; the plan
takes only strict ones.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from ..ir import Node
from .shapes import norm_text

_FLIP = {">": "<", "<": ">", ">=": "<=", "<=": ">="}


@dataclass
class Extremum:
    var: str  # m
    op: str  # max | min
    strict: bool  # the comparison is > or < (the first extreme sample wins)
    operand: Node  # E: what is compared with m
    index: str = ""  # idx, assigned with m (argmax / argmin)
    index_value: Optional[Node] = None  # V
    called: str = ""  # `max` or `std::max` as spelled: an unqualified one may be the tree's


def _strip(n: Node) -> Node:
    while n.kind in ("cast", "paren") and n.children and n.text.strip().startswith("("):
        n = n.children[0]
    return n


def _is_name(n: Node, name: str) -> bool:
    n = _strip(n)
    return n.kind == "name" and n.name == name


def from_assign(lhs: Node, rhs: Node) -> Optional[Extremum]:
    """`m = max(m, E)` or `m = min(E, m)` (std:: or not)."""
    if lhs.kind != "name":
        return None
    call = _strip(rhs)
    if call.kind != "call" or call.name not in ("max", "min") or len(call.children) != 3 or \
            norm_text(call.children[0].text) not in (call.name, "std::" + call.name):
        return None  # `smooth::max`, a function of the tree: not the standard one
    a, b = call.children[1:]
    # std::max(m, E) takes E only when m < E (strict: the first extreme stays); std::max(E, m)
    # takes E unless E < m (ties, -0 and +0, NaN: the last one wins, not exact in parts)
    if _is_name(a, lhs.name) and not _mentions(b, lhs.name):
        return Extremum(lhs.name, call.name, True, b, called=norm_text(call.children[0].text))
    if _is_name(b, lhs.name) and not _mentions(a, lhs.name):
        return Extremum(lhs.name, call.name, False, a, called=norm_text(call.children[0].text))
    return None


def from_if(n: Node) -> Optional[Extremum]:
    """`if (E > m) { m = E; [idx = V;] }` with no else."""
    if n.kind != "if" or len(n.children) != 2:
        return None
    cond = _strip(n.children[0])
    if cond.kind != "binop" or cond.op not in _FLIP or len(cond.children) != 2:
        return None
    left, right = cond.children
    op = cond.op
    if _strip(right).kind == "name" and not _mentions(left, _strip(right).name):
        operand, var = left, _strip(right).name  # E op m
    elif _strip(left).kind == "name" and not _mentions(right, _strip(left).name):
        operand, var, op = right, _strip(left).name, _FLIP[op]  # m op E  ->  E op' m
    else:
        return None
    stmts = _statements(n.children[1])
    if stmts is None or not 1 <= len(stmts) <= 2:
        return None
    found = Extremum(var, "max" if op in (">", ">=") else "min", op in (">", "<"), operand)
    seen_var = False
    for s in stmts:
        if s.kind != "assign" or s.op != "=" or s.children[0].kind != "name":
            return None
        target, value = s.children
        if target.name == var and norm_text(value.text) == norm_text(operand.text):
            seen_var = True
        elif target.name != var and not found.index and not _mentions(value, var):
            found.index, found.index_value = target.name, value
        else:
            return None
    return found if seen_var else None


def _statements(n: Node) -> Optional[List[Node]]:
    if n.kind == "block":
        return list(n.children)
    return [n]


def _mentions(n: Node, name: str) -> bool:
    return any(m.kind == "name" and m.name == name for m in n.walk())
