"""How the methods of a class family may be run. Liveness walks a method that only a direct
call runs (`Emit(...)`, `this->Emit(...)` in a method of the family) from its callers, with
their arguments bound; a method code may run any other way is walked as an entry of its own,
or a read in it of what a loop left would go unseen."""
from __future__ import annotations

from typing import Callable, Iterable, List, Set

from ..ir import FunctionIR, Node
from ..lower import last_identifier

# may the object `obj` (the base of `obj.f`) that code in fn names be of a class of the family
MayBeFamily = Callable[[FunctionIR, Node], bool]


def indirect_methods(family: List[FunctionIR], functions: Iterable[FunctionIR],
                     fields: Iterable, classes: Set[str], known: Set[str],
                     may_be_family: MayBeFamily) -> Set[str]:
    """Names of the family's methods that code names other than as the callee of a direct
    call in a method of the family: its address taken (`&L::Emit`, `std::bind`), called in a
    lambda (which may run later, from anywhere), on another object that may be of the family
    (`self_->Emit(y)`, `(*this).Emit(y)`, `static_cast<D*>(this)->Finish(y)`, a nested
    helper's or a scope guard's `layer_->Emit(out_)`), or in a member's default initializer.
    `classes` are the family's classes, `known` every class of the tree."""
    methods = {fn.name for fn in family}
    ids = {(fn.file, fn.start) for fn in family}
    out: Set[str] = set()

    def visit(fn: FunctionIR, n: Node, own: bool, later: bool, direct: bool) -> None:
        """own: fn is the family's; later: inside a lambda, which may run anywhere."""
        if n.name in methods and not direct and _ours(fn, n, own, classes, known,
                                                      may_be_family):
            out.add(n.name)
        later = later or n.kind == "lambda"
        for i, c in enumerate(n.children):
            visit(fn, c, own, later, own and not later and n.kind == "call" and i == 0 and
                  _direct(c))

    for fn in functions:
        if fn.body is not None:
            visit(fn, fn.body, (fn.file, fn.start) in ids, False, False)
    initializer = FunctionIR("", "", next(iter(classes), ""), 0, 0, 0, [],
                             Node("block", 0, 0, 0, ""))
    for f in fields:  # a default member initializer runs in the family's constructors
        if f.value is not None:
            visit(initializer, f.value, True, True, False)
    return out


def _ours(fn: FunctionIR, n: Node, own: bool, classes: Set[str], known: Set[str],
          may_be_family: MayBeFamily) -> bool:
    """May this `name` or `member` node name the family's method (not another class's or a
    free function of that name)?"""
    if n.kind == "member":  # `Emit(y)` inside a class's method is that class's own
        return may_be_family(fn, n.children[0]) if n.children else own
    if n.kind != "name":
        return False
    qualifier = last_identifier(n.text.rsplit("::", 1)[0]) if "::" in n.text else ""
    if qualifier:  # `&L::Emit`: the family's when L is (or may be: a template parameter)
        return qualifier in classes or qualifier not in known
    return own  # unqualified outside the family: that class's own method or a free function


def _direct(callee: Node) -> bool:
    """`Emit`, `Base<Dtype>::Emit`, `this->Emit`: a method of the object itself."""
    return callee.kind == "name" or (callee.kind == "member" and (
        callee.op == "implicit" or (bool(callee.children) and
                                    callee.children[0].kind == "this")))
