"""Compile-time integers in an index: literals, enumerators and constants (their values read
when the tree is parsed, `Node.value`), the arithmetic between them, an element of a
constant table, and what a function of the tree returns when every return is a constant.
An index spelled with a named constant may reach before its sample as `p[-1]` does."""
from __future__ import annotations

import re
from itertools import product
from typing import Callable, List, Optional

from ..ir import Node
from .effects_syntax import _strip, call_qualifier, namespace_function
from .mathlib import NONNEGATIVE_QUERIES

# a template's non-type parameter: any value (a negative one among them)
ANY = [-1, 0, 1]
_OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}
_MAX_VALUES = 64
_NAME = re.compile(r"[A-Za-z_]\w*")

Returns = Callable[[Node], Optional[List[Node]]]


def values(e: Node, returns: Returns, depth: int = 0) -> Optional[List[int]]:
    """The values index expression e may have when it is a compile-time constant (None when
    it is not, or when the walk cannot tell). returns(call) gives the expressions a called
    function of the tree returns (None when it has no body in the tree)."""
    e = _strip(e)
    if depth > 6:
        return None
    text = e.text.strip()
    if e.kind in ("lit", "unop", "binop") and _NAME.fullmatch(text) and \
            text not in ("true", "false", "nullptr"):
        return ANY  # a macro's expansion (`out[BACK_ONE]`): its value is not read
    if e.kind == "lit":
        return _literal(e.text)
    if e.kind in ("name", "member") and e.value:
        return ANY if e.value == "?" else [int(v) for v in e.value.split(",")]
    sub = lambda x: values(x, returns, depth + 1)  # noqa: E731
    if e.kind in ("unop", "binop"):
        return _arithmetic(e, sub)
    if e.kind == "index" and len(e.children) == 2:
        return _element(sub(e.children[0]), sub(e.children[1]))
    if e.kind == "call":
        exprs = returns(e)
        found = [sub(r) for r in exprs or []]
        if not found or any(v is None for v in found):
            return None
        return [x for v in found for x in v]
    return None


def _arithmetic(e: Node, sub) -> Optional[List[int]]:
    """-a, +a, ~a, a + b, a - b, a * b over constants."""
    if e.kind == "unop" and e.op in ("-", "+", "~") and len(e.children) == 1:
        inner = sub(e.children[0])
        fn = {"-": lambda a: -a, "+": lambda a: a, "~": lambda a: ~a}[e.op]
        return None if inner is None else [fn(a) for a in inner]
    if e.kind == "binop" and e.op in _OPS and len(e.children) == 2:
        a, b = (sub(c) for c in e.children)
        if a is None or b is None or len(a) * len(b) > _MAX_VALUES:
            return None
        return [_OPS[e.op](x, y) for x, y in product(a, b)]
    return None


def _element(table: Optional[List[int]], at: Optional[List[int]]) -> Optional[List[int]]:
    """`kTap[1]`: that element of a constant table; any of them at an index not known."""
    if table is None:
        return None
    if at is not None and len(at) == 1 and 0 <= at[0] < len(table):
        return [table[at[0]]]
    return table


def _literal(text: str) -> Optional[List[int]]:
    """A literal's value; one that does not fit an int also as what storing it in an int or a
    64-bit integer makes of it (`int back_ = 0xFFFFFFFF;` is -1)."""
    t = text.strip().rstrip("uUlL")
    try:
        v = int(t, 0)
    except ValueError:
        return None
    if -2 ** 31 <= v < 2 ** 31:
        return [v]
    return [v, (v + 2 ** 31) % 2 ** 32 - 2 ** 31, (v + 2 ** 63) % 2 ** 64 - 2 ** 63]


def call_may_be_negative(name: str, args_negative: List[bool]) -> bool:
    """May a call whose value the walk cannot read be negative? Not a Blob's shape query or
    an absolute value; `min` when one argument may be, `max` when every one may be; any
    other function may return anything."""
    if name in NONNEGATIVE_QUERIES or name in ("abs", "fabs", "labs"):
        return False
    if name == "min":
        return any(args_negative)
    if name == "max":
        return bool(args_negative) and all(args_negative)
    return True


def returns_of(program, cls: str) -> Returns:
    """The expressions a call's function of the tree returns, when it has a body whose every
    statement is a return and the call names it alone: `Q::f()` a method of class Q, an
    unqualified or `this->` call a method of cls's hierarchy, else the one free function of
    that name (a namespace's qualifier is not kept: two of them are not told apart). An
    unqualified call the lowering found to be a namespace's function is no method (a
    dependent base's is not looked up: effects_calls._call_targets). Not `Q<Dtype>::f()`: a
    template argument picks the specialization that runs; nor a method where lookup may
    find another body too (Program.lookup: an overload, or what a specialization of a
    dependent base declares or inherits)."""
    def returns(call: Node) -> Optional[List[Node]]:
        target = return_target(program, cls, call)
        body = target.body if target is not None else None
        if body is None or not body.children or \
                any(s.kind != "return" or not s.children for s in body.children):
            return None
        return [s.children[0] for s in body.children]
    return returns


def return_target(program, cls: str, call: Node):
    """The one function of the tree a call names (returns_of's lookup), or None."""
    callee = call.children[0] if call.children else None
    qualifier = call_qualifier(callee)
    if qualifier and "<" in callee.text.rsplit("::", 1)[0]:
        return None
    if qualifier in program.classes:
        target = program.resolve_method(qualifier, call.name)
    else:
        target = None if qualifier or namespace_function(callee) else \
            program.resolve_method(cls, call.name)
        found = program.lookup(cls, call.name) if target is not None else []
        if found is None or any(f is not target for f in found):
            return None  # a specialization of a base may run another (or an overload)
        free = [f for f in program.functions.get(call.name, []) if not f.cls]
        if target is None and len(free) == 1:
            target = free[0]
    return target
