"""Which expressions are the batch size, and which are a per-sample stride.

Recognized from the AST and from member/local assignments, never from names alone:
  batch:  X->num(), X->shape(0), X->count(0, a), and members or locals assigned from them
          (Caffe's num_, M_, outer_num_ are found this way);
  stride: X->count(k) for k != 0, X->offset(1), X->count() / batch, products of
          channels()/height()/width(), and members or locals assigned from them.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional

from ..ir import Node

Resolver = Callable[[Node], Optional[List[Node]]]


def _call_parts(n: Node):
    """(receiver, method, args) of a method call such as bottom[0]->count(1)."""
    if n.kind != "call" or not n.children:
        return None
    callee = n.children[0]
    if callee.kind != "member" or not callee.children:
        return None
    return callee.children[0], n.name, n.children[1:]


def _lit(n: Node) -> Optional[str]:
    return n.text.strip() if n.kind == "lit" else None


class ShapeOracle:
    """Classifies expressions; `resolve` maps a member or local name node to its assigned
    values (None when unknown)."""

    def __init__(self, resolve: Resolver):
        self.resolve = resolve
        self._memo: Dict[str, Optional[str]] = {}

    def kind(self, n: Node, depth: int = 0) -> Optional[str]:
        """'batch', 'stride' or None."""
        if depth > 6:
            return None
        if n.kind == "cast" and n.children:
            return self.kind(n.children[0], depth + 1)
        parts = _call_parts(n)
        if parts:
            _, method, args = parts
            lits = [_lit(a) for a in args]
            if method == "num" and not args:
                return "batch"
            if method == "shape" and lits == ["0"]:
                return "batch"
            if method == "count":
                if len(args) == 2 and lits[0] == "0":
                    return "batch"
                if len(args) == 1 and lits[0] != "0":
                    return "stride"
                if len(args) == 2 and lits[0] not in (None, "0"):
                    return "stride"
                if len(args) == 2 and lits[0] is None:
                    return "stride"
            if method == "offset" and lits[:1] == ["1"] and all(x in ("0",) for x in lits[1:]):
                return "stride"
            return None
        if n.kind == "binop" and len(n.children) == 2:
            a, b = (self.kind(c, depth + 1) for c in n.children)
            if n.op == "/" and b == "batch" and self._is_total_count(n.children[0]):
                return "stride"
            if n.op == "*" and self._is_spatial(n):
                return "stride"
            return None
        if n.kind in ("member", "name"):
            key = n.kind + ":" + n.name
            if key in self._memo:
                return self._memo[key]
            self._memo[key] = None  # break cycles
            values = self.resolve(n)
            result = None
            if values:
                kinds = {self.kind(v, depth + 1) for v in values}
                if len(kinds) == 1:
                    result = kinds.pop()
            self._memo[key] = result
            return result
        return None

    def _is_total_count(self, n: Node) -> bool:
        parts = _call_parts(n)
        return bool(parts and parts[1] == "count" and not parts[2])

    def _is_spatial(self, n: Node) -> bool:
        """channels() * height() * width() style products."""
        leaves = []

        def collect(x: Node):
            if x.kind == "binop" and x.op == "*":
                for c in x.children:
                    collect(c)
            else:
                leaves.append(x)
        collect(n)
        names = []
        for leaf in leaves:
            parts = _call_parts(leaf)
            if parts and parts[1] in ("channels", "height", "width") and not parts[2]:
                names.append(parts[1])
            else:
                return False
        return "channels" in names

    def is_total_count(self, n: Node, depth: int = 0) -> bool:
        """X->count() over all axes, directly or through a member or local assigned it."""
        if depth > 4:
            return False
        if n.kind == "cast" and n.children:
            return self.is_total_count(n.children[0], depth + 1)
        if self._is_total_count(n):
            return True
        if n.kind in ("member", "name"):
            values = self.resolve(n)
            return bool(values) and all(self.is_total_count(v, depth + 1) for v in values)
        return False

    def is_batch(self, n: Node) -> bool:
        return self.kind(n) == "batch"

    def is_stride(self, n: Node) -> bool:
        return self.kind(n) == "stride"
