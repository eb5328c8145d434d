"""Which statements of a function may run before a statement in it, for what moves a pointer
before a loop: those before it in its blocks, outermost first, except the cases of a switch
that end in `break` before the target's case (they never run on the way to it), and, inside
an enclosing loop, everything in that loop (an earlier iteration ran it) for the variables
declared outside it (those declared inside start afresh in every iteration)."""
from __future__ import annotations

from typing import List, Set, Tuple

from ..ir import Node

_LOOPS = ("for", "while", "do")
_LABELS = ("CASE_STMT", "DEFAULT_STMT")


def may_run_before(body: Node, target: Node) -> List[Tuple[Node, Set[str]]]:
    """(statement, the names it does not carry into the target) pairs."""
    out: List[Tuple[Node, Set[str]]] = []

    def contains(n: Node) -> bool:
        return any(x is target for x in n.walk())

    def visit(n: Node, in_switch: bool) -> None:
        if n is target:
            return
        if n.kind in _LOOPS or n.kind == "other" and n.name == "CXX_FOR_RANGE_STMT":
            out.append((n, {d.name for d in n.walk() if d.kind == "decl"}))
        if n.kind == "block":
            mark = len(out)
            for c in n.children:
                if contains(c):
                    visit(c, False)
                    return
                out.append((c, set()))
                if in_switch and _ends_case(c):
                    del out[mark:]  # what came before a `break` does not fall into the target
            return
        for c in n.children:
            if contains(c):
                visit(c, n.kind == "other" and n.name == "SWITCH_STMT")
                return
            out.append((c, set()))

    visit(body, False)
    return out


def _ends_case(n: Node) -> bool:
    """A statement of a switch's block after which control leaves the switch: `break;`, a
    `return`, or a case label or a block whose last statement is one."""
    while (n.kind == "other" and n.name in _LABELS or n.kind == "block") and n.children:
        n = n.children[-1]
    return n.kind in ("break", "return")
