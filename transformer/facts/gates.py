"""Gates: conditions of the loop body that no iteration can change, spelled as at the loop.

An accumulation that runs only under a gate (`if (this->param_propagate_down_[0])` around
a weight gradient) needs no private copies when the gate is false: the plan says so, and the
region asks for its accumulators only when the gate holds. A condition is a gate when it was
written in the loop's own function (not in a helper, whose names mean something else there),
reads only names, members, subscripts and literals through operators that change nothing
(no call, no assignment, no increment, no dereference of a raw pointer), names nothing the
body declares or assigns, nor the loop's variables, and is tested by an `if` of every
iteration (under no other condition, outside inner loops): the region evaluates it once
before the loop, and only when the loop runs in parts, so it evaluates nothing the original
would not (an index out of range when the original never gets there).
"""
from __future__ import annotations

import re
from typing import Dict, Iterable, List, Set, Tuple

from ..ir import Node
from .effects_model import OPAQUE

# unary operators that read without changing anything
_PURE_UNOPS = {"!", "-", "+", "~"}
# literals the IR keeps as `other` nodes
_PURE_WORDS = {"true", "false", "nullptr", "NULL"}
# what a name may refer to: a parameter, a local of the function, a field of the object
_PURE_REFS = {"param", "local", "field"}


def pure(cond: Node) -> bool:
    """True when evaluating `cond` once more, before the loop, changes nothing."""
    for n in cond.walk():
        if n.kind in ("this", "lit", "member", "index", "cast"):
            continue
        if n.kind == "name" and n.ref in _PURE_REFS:
            continue
        if n.kind == "binop" and n.op not in (",",):
            continue
        if n.kind == "unop" and n.op in _PURE_UNOPS:
            continue
        if n.kind == "cond" and len(n.children) == 3:
            continue
        if n.kind == "other" and not n.children and n.text.strip() in _PURE_WORDS:
            continue
        if n.kind == "other" and n.children and "=" not in n.text.replace("==", "").replace(
                "!=", "").replace("<=", "").replace(">=", ""):
            continue  # parentheses, implicit conversions
        return False
    return True


def invariant(spellable: Dict[str, bool], every: Set[str], text: Dict[str, str],
              varying: Iterable[str]) -> Dict[str, str]:
    """The gates among the walk's guard atoms: atom -> its source text. `spellable` says, per
    atom, whether every place it was made was the loop's own function and a pure condition;
    `every` holds the atoms an `if` tests in every iteration (so evaluating one before the
    loop, when the loop runs, evaluates nothing the original does not); `varying` holds the
    names an iteration declares or assigns, and the loop variables."""
    changing = set(varying)
    out = {}
    for atom, ok in spellable.items():
        if not ok or atom not in every or atom.startswith(OPAQUE) or "#" in atom:
            continue  # a helper's condition, a call, a switch case, or reassigned since
        if set(re.findall(r"[A-Za-z_]\w*", atom)) & changing:
            continue
        out[atom] = text.get(atom, atom)
    return out


def under(gates: Dict[str, str], accesses) -> List[Tuple[str, bool]]:
    """The gates (atom -> text, as `invariant` gives them) that every one of `accesses`, all
    the body's accesses of one buffer, runs under: (text, whether it must hold); when one
    fails the loop never touches the buffer."""
    if not accesses:
        return []
    common = frozenset.intersection(*(frozenset(a.guards) for a in accesses))
    return [(gates[atom], pos) for atom, pos in sorted(common) if atom in gates]
