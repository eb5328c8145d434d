"""Names the loop's body declares again. The effects walk keeps the body's declarations as
one set of names without scopes (`frame.inside`): once an inner `for (int pos ...)`, a
block's `Dtype acc`, a range-for's or a lambda's variable is declared, every later `pos` or
`acc` of the body counts as the iteration's own, also where it is the variable declared
before the loop that every sample reads and writes. Such a body is not analyzed."""
from __future__ import annotations

from typing import Set

from ..ir import Node
from ..lower import last_identifier


def shadowed_outer(loop: Node) -> str:
    """'acc (line 45)' where the body of for-statement `loop` uses a variable declared
    before the loop (a local or parameter) and also declares one of that name; ''."""
    body = loop.children[3]
    declared: Set[str] = set()
    for n in body.walk():
        if n.kind == "decl" and n.name:
            declared.add(n.name)
        elif n.kind == "other" and n.name == "PARM_DECL":  # a lambda's parameter
            declared.add(last_identifier(n.text))
        elif n.kind == "name" and loop.start <= n.decl < loop.end:
            declared.add(n.name)
    for n in body.walk():
        if n.kind == "name" and 0 <= n.decl < loop.start and n.name in declared:
            return f"{n.name} (line {n.line})"
    return ""
