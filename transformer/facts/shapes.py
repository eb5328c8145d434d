"""Which expressions are the batch size, and which are a per-sample stride.

Recognized from the AST and from member/local assignments, never from names alone:
  batch:  X->num(), X->shape(0), X->count(0, a), and members or locals assigned from them
          (Caffe's num_, M_, outer_num_ are found this way);
  stride: X->count(k) for k != 0, X->offset(1), X->count() / batch, products of
          channels()/height()/width(), and members or locals assigned from them.
  batch, too: X->count() / S where S is one sample of X: X->count(1) or X->offset(1)
          (directly, or a member or local every assignment of which is one of those);
          X->shape(1) where the layer's Reshape checks, unconditionally, that X's axis 0 is
          1 (CHECK_EQ(1, X->shape(0))): instances along axis 1, as in a recurrent unit.
"""

from __future__ import annotations

import re
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from ..ir import Node
from .effects_syntax import _strip

Resolver = Callable[[Node], Optional[List[Node]]]
_SHAPE_QUERIES = ("count", "offset", "shape", "num", "channels", "height", "width")


def _call_parts(n: Node):
    """(receiver, method, args) of a method call such as bottom[0]->count(1)."""
    if n.kind != "call" or not n.children:
        return None
    callee = n.children[0]
    if callee.kind != "member" or not callee.children:
        return None
    return callee.children[0], n.name, n.children[1:]


def norm_text(text: str) -> str:
    """An expression's text without whitespace and `this->`, for comparing expressions."""
    return "".join(text.split()).replace("this->", "")


def _lit(n: Node) -> Optional[str]:
    return n.text.strip() if n.kind == "lit" else None


def _an_axis_or_trailing(method: str, args: List[Optional[str]]) -> bool:
    """Is `X->method(args)` (literal arguments given, others None) one axis or some axes of
    X's samples, possibly shorter than one: channels(), height(), width(), shape(i) for i
    not 0 (or not a literal), count(i) for i > 1 (or not a literal), count(i, j) for i > 0,
    offset(0, c, ...)?"""
    first = args[0] if args else "0"
    if method in ("channels", "height", "width"):
        return not args
    if method == "shape" and len(args) == 1:
        return first != "0"
    if method == "count" and len(args) == 1:
        return first is None or (first.isdigit() and int(first) > 1)
    if method == "count" and len(args) == 2:
        return first is None or (first.isdigit() and int(first) > 0)
    return method == "offset" and len(args) >= 2 and first == "0"


def _one_sample_spelled(n: Node) -> Optional[str]:
    """X when n is `X->count() / X->num()` or `X->channels() * X->height() * X->width()`."""
    def parts(x: Node) -> List[Tuple[str, str]]:
        x = _strip(x)
        if x.kind == "binop" and x.op == "*" and len(x.children) == 2:
            return parts(x.children[0]) + parts(x.children[1])
        p = _call_parts(x)
        return [(norm_text(p[0].text), p[1])] if p and not p[2] else [("", "?")]
    if n.op == "/":
        a, b = parts(n.children[0]), parts(n.children[1])
        if a[1:] or b[1:] or a[0][0] != b[0][0] or (a[0][1], b[0][1]) != ("count", "num"):
            return None
        return a[0][0] or None
    got = parts(n)
    recv = {r for r, _ in got}
    methods = sorted(m for _, m in got)
    return recv.pop() or None if len(recv) == 1 and methods == ["channels", "height",
                                                                "width"] else None


class ShapeOracle:
    """Classifies expressions; `resolve` maps a member or local name node to its assigned
    values (None when unknown). `axis0_is_one` holds the receivers whose axis 0 the layer's
    Reshape proves to be 1 ("bottom[0]", or "bottom[*]" for every bottom): their axis 1
    counts the independent instances (a time step of several sequences), a batch too."""

    def __init__(self, resolve: Resolver, axis0_is_one: Sequence[str] = ()):
        self.resolve = resolve
        self.axis0_is_one = set(axis0_is_one)
        self._memo: Dict[str, Optional[str]] = {}

    def _unit_axis0(self, receiver: Node) -> bool:
        text = norm_text(receiver.text)
        m = re.fullmatch(r"(\w+)\[\d+\]", text)
        return text in self.axis0_is_one or bool(m and f"{m.group(1)}[*]" in self.axis0_is_one)

    def kind(self, n: Node, depth: int = 0) -> Optional[str]:
        """'batch', 'stride' or None."""
        if depth > 6:
            return None
        if n.kind == "cast" and n.children:
            return self.kind(n.children[0], depth + 1)
        parts = _call_parts(n)
        if parts:
            return self._call_kind(parts)
        if n.kind == "binop" and len(n.children) == 2:
            return self._binop_kind(n, depth)
        if n.kind in ("member", "name"):
            return self._name_kind(n, depth)
        return None

    def _call_kind(self, parts) -> Optional[str]:
        """A Blob's shape query: num(), shape(0), count(0, k) are the batch; count(k),
        offset(1) a sample's stride."""
        receiver, method, args = parts
        lits = [_lit(a) for a in args]
        if (method == "num" and not args) or (method == "shape" and lits == ["0"]):
            return "batch"
        if method == "shape" and lits == ["1"] and self._unit_axis0(receiver):
            return "batch"
        if method == "count":
            if len(args) == 2 and lits[0] == "0":
                return "batch"
            if (len(args) == 1 and lits[0] != "0") or len(args) == 2:
                return "stride"
        if method == "offset" and lits[:1] == ["1"] and all(x in ("0",) for x in lits[1:]):
            return "stride"
        return None

    def _binop_kind(self, n: Node, depth: int) -> Optional[str]:
        """count() / num() is a stride; count() / (a sample's size) the batch; a product of
        spatial sizes a stride."""
        _, b = (self.kind(c, depth + 1) for c in n.children)
        if n.op == "/" and b == "batch" and self._is_total_count(n.children[0]):
            return "stride"
        if n.op == "/" and self._is_total_count(n.children[0]):
            receiver = _call_parts(n.children[0])[0].text
            if self._sample_of(n.children[1], depth) == norm_text(receiver):
                return "batch"
        if n.op == "*" and self._is_spatial(n):
            return "stride"
        return None

    def _name_kind(self, n: Node, depth: int) -> Optional[str]:
        """A member or local: the kind every value assigned to it has, if they agree."""
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

    def sample_of(self, n: Node) -> Optional[str]:
        """The receiver X when n is the size of one sample of X (see `_sample_of`)."""
        return self._sample_of(n)

    def _sample_of(self, n: Node, depth: int = 0) -> Optional[str]:
        """The receiver X when n is the size of one sample of X (X->count(1), X->offset(1),
        or a member or local every assignment of which is that), else None."""
        if depth > 6:
            return None
        if n.kind == "cast" and n.children:
            return self._sample_of(n.children[0], depth + 1)
        parts = _call_parts(n)
        if parts:
            receiver, method, args = parts
            if method in ("count", "offset") and [_lit(a) for a in args] == ["1"]:
                return norm_text(receiver.text)
            return None
        if n.kind == "binop" and n.op in ("/", "*") and len(n.children) == 2:
            return _one_sample_spelled(n)
        if n.kind in ("member", "name"):
            values = self.resolve(n)
            found = {self._sample_of(v, depth + 1) for v in values or []}
            return found.pop() if len(found) == 1 else None
        return None

    def part_of(self, n: Node, depth: int = 0) -> List[str]:
        """The receivers X when n is one axis or the trailing axes of X's samples
        (X->channels(), height(), width(), shape(i) or count(i) for i > 0 and count(i) for
        i > 1): as long as a sample at most, shorter unless the other axes are 1."""
        if depth > 6:
            return []
        if n.kind in ("cast", "paren") and n.children:
            return self.part_of(n.children[0], depth + 1)
        parts = _call_parts(n)
        if parts:
            receiver, method, args = parts
            if _an_axis_or_trailing(method, [_lit(a) for a in args]):
                return [norm_text(receiver.text)]
            return []
        if n.kind in ("member", "name"):
            values = self.resolve(n) or []
            return self.part_of(values[0], depth + 1) if len(values) == 1 else []
        return []

    def extent(self, n: Optional[Node], depth: int = 0) -> str:
        """How a loop bound that is neither the batch nor a total count is known: 'none' (no
        bound), 'sample' (a size within one sample), 'param' (a parameter of the function),
        'other' (an expression, or a variable every value of which is one, that is not a
        batch size), 'unknown' (a variable some value of which the tool cannot see)."""
        if n is None:
            return "none"
        if self.kind(n) == "stride":
            return "sample"
        if n.kind == "cast" and n.children:
            return self.extent(n.children[0], depth + 1)
        if n.kind == "name" and n.ref == "param":
            return "param"
        if n.kind in ("member", "name"):
            values = self.resolve(n) if depth < 4 else None
            if not values:
                return "unknown"
            kinds = {self.extent(v, depth + 1) for v in values}
            return "other" if kinds <= {"other", "sample"} else "unknown"
        return "other"

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

    def from_setting(self, n: Node, depth: int = 0) -> bool:
        """Is n a layer setting (read from `layer_param_`, directly or through members and
        locals every value of which is one, with literals), not a size of any Blob? A
        stride such a value gives is no proof that samples' slices are apart."""
        if depth > 6:
            return False
        if n.kind in ("cast", "paren") and n.children:
            return self.from_setting(n.children[0], depth + 1)
        if any(m.kind == "call" and m.name in _SHAPE_QUERIES for m in n.walk()):
            return False
        if n.kind == "call":
            return "layer_param_" in n.text
        if n.kind == "binop" and n.children:
            kids = [c for c in n.children if c.kind != "lit"]
            return bool(kids) and all(self.from_setting(c, depth + 1) for c in kids)
        if n.kind in ("member", "name"):
            values = self.resolve(n)
            return bool(values) and all(self.from_setting(v, depth + 1) for v in values)
        return False

    def is_batch(self, n: Node) -> bool:
        return self.kind(n) == "batch"


_AXIS0_CHECK = re.compile(r"^CHECK_EQ\(\s*(?:1\s*,\s*(?P<a>[^,()]+(?:\[\w+\])?)->shape\(0\)|"
                          r"(?P<b>[^,()]+(?:\[\w+\])?)->shape\(0\)\s*,\s*1)\s*\)$")


def axis0_checks(reshape_body: Optional[Node]) -> List[str]:
    """Receivers whose axis 0 a Reshape body checks to be 1 on every path: CHECK_EQ
    statements not under an `if`; `V[i]` inside `for (i...; i < V.size(); ...)` stands for
    every element of V ("V[*]")."""
    if reshape_body is None:
        return []
    out: List[str] = []

    def visit(n: Node, loops: List[Node]) -> None:
        if n.kind == "if":
            return
        m = _AXIS0_CHECK.match(" ".join((n.text or "").split())) if n.kind == "while" else None
        if m:
            receiver = norm_text(m.group("a") or m.group("b"))
            idx = re.fullmatch(r"(\w+)\[(\w+)\]", receiver)
            if idx and not idx.group(2).isdigit():
                over = [lp for lp in loops if norm_text(lp.children[1].text) ==
                        f"{idx.group(2)}<{idx.group(1)}.size()"]
                if over:
                    out.append(f"{idx.group(1)}[*]")
            else:
                out.append(receiver)
            return
        inner = loops + [n] if n.kind == "for" else loops
        for c in n.children:
            visit(c, inner)
    visit(reshape_body, [])
    return out
