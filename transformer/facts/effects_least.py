"""The least value an index's sum or difference of inner counters may take, relative to its
sample's start (`c * height_ + h - 1`: -1 at c = h = 0, one element before the sample), and
the starts of loops read as their least value. Part of `EffectWalker` (its state is set in
effects.py)."""
from __future__ import annotations

import re
from typing import List, Optional, Set, Tuple

from ..ir import Node
from .effects_counters import _as_sum, _plus_terms
from .effects_model import _Frame
from .effects_syntax import STEPS, _aliased_names, _strip, _updated_names, down_test, narrowed
from .pass_steps import counter
from .shapes import norm_text

# a start changed other than by plain assignments (`--first`, `first -= 2`, through a
# reference or a pointer), or one the walk finds may be negative (`flag_ ? 0 : -1`): taken
# as one before the sample's start
MAYBE_NEGATIVE = -1
_COMPOUND = ("+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^=")


class LeastMixin:
    """`least_value` for `OffsetMixin._below_start`, and `changed_otherwise` for the start
    reader of `ReachMixin._start_value`."""

    def least_value(self, frame: _Frame, e: Node, depth: int = 0) -> Optional[int]:
        """A value e takes, at most its least, relative to the sample's start, where e is a
        sum or difference of literals, named constants, inner counters (each from its start,
        an unread start as 0), the loop's own variable (at its slice's start, 0) and
        products of them; a counter subtracted counts at its largest (its literal bound, 1
        where the bound is no literal), or, bounded by a term of what it is subtracted from
        (`k - j`, j < k), leaves that term at least 1 (0 under `<=`). None where a term is
        anything else (`h - pad_`: a padded position its guard checks, by convention)."""
        e = _as_sum(_strip(e))
        if e.kind == "binop" and e.op == "-" and len(e.children) == 2:
            a, b = (_strip(c) for c in e.children)
            bound = self.trip_bounds.get(b.name) if b.kind == "name" else None
            terms = _plus_terms(a)
            same = [t for t in terms if bound is not None and norm_text(t.text) == norm_text(
                bound[0].text)]
            if same:  # `n * dim + k - j` with j < k (j <= k): the other terms, plus 1 (0)
                rest = [self._term_least(frame, t, depth) for t in terms if t is not same[0]]
                return None if None in rest else sum(rest) + (0 if bound[1] else 1)
            least, most = self.least_value(frame, a, depth), self._most_value(frame, b)
            return None if least is None or most is None else least - most
        total = 0
        for t in _plus_terms(e):
            v = self._term_least(frame, t, depth)
            if v is None:
                return None
            total += v
        return total

    def _term_least(self, frame: _Frame, t: Node, depth: int = 0) -> Optional[int]:
        v = self._start_value(frame)(t) if t.kind != "binop" or t.op != "-" else None
        if v is not None or depth > 4:
            return v
        if t.kind == "binop" and t.op in ("-", "+"):
            return self.least_value(frame, t, depth + 1)
        if t.kind == "unop" and t.op == "-" and t.children:  # `(-h) * width_`
            most = self._most_value(frame, _strip(t.children[0]))
            return -most if most is not None else None
        if t.kind == "cond" and len(t.children) == 3:  # `(h > 0 ? h : -1) * width_`
            arms = [self._term_least(frame, _strip(c), depth + 1) for c in t.children[1:]]
            return None if None in arms else min(arms)
        if t.kind == "name":
            return self._name_least(frame, t, depth)
        if t.kind == "call":  # a tree function's one `return e;` (`Prev(h)`: `h - 1`)
            r = self._resolved(frame, t)
            return self._term_least(frame, _strip(r), depth + 1) if r is not t else None
        if t.kind != "binop" or t.op not in ("*", "<<", "/"):
            return None
        least = [self._term_least(frame, f, depth + 1) for f in _product_factors(t)]
        if any(v is not None and v < 0 for v in least):
            return MAYBE_NEGATIVE  # `(h - 1) * width_`: -width_ at h = 0
        return 0 if any(v is not None for v in least) else None

    def _name_least(self, frame: _Frame, t: Node, depth: int) -> Optional[int]:
        """An inner counter from its start (an unread start as 0), the loop's own variable
        at 0, another counter as not read, a local changed other than by assignments as
        MAYBE_NEGATIVE, another name as the least of its values (`hm = h - 1`: -1)."""
        if t.name in self.trip_bounds:
            start = self.trip_bounds[t.name][2]
            return int(start) if re.fullmatch(r"-?\d+", start) else 0
        if t.name == self.loop_var:
            return 0
        if t.name in {v for v, _ in self.inner_vars} | frame.loop_counters or \
                (t.name, id(t)) in self._body_names_of(frame)[1]:
            return self.down_least(frame, t.name)  # `h >= 0` down: 0; else the counters'
        if self.changed_otherwise(frame, t):
            return MAYBE_NEGATIVE
        values = [self._term_least(frame, _strip(v), depth + 1)
                  for v in self._values_of(frame, t) or []]
        return min(values) if values and None not in values else None

    def down_least(self, frame: _Frame, name: str) -> Optional[int]:
        """The least value of a counter the function's for loops of that name count down
        to a bound the start reader reads (`k >= 0`: 0; `k > -2`: -1); None where one of
        them counts otherwise, or the function changes a variable of that name other than in
        its own loop's increment (`--k` in the body, through `int& r = k`)."""
        if name in self._body_names_of(frame)[2]:
            return None
        out = []
        for x in frame.fn.body.walk() if frame.fn.body is not None else ():
            c = _strip(x.children[1]) if x.kind == "for" and len(x.children) == 4 else None
            if c is None or counter(x) != name:
                continue
            op, bound = down_test(c, name) or (None, c)
            v = self._start_value(frame)(bound) if op is not None else None
            if v is None:
                return None
            out.append(v + (1 if op == ">" else 0))
        return min(out) if out else None

    def _most_value(self, frame: _Frame, b: Node) -> Optional[int]:
        """The largest value of a literal, a named constant or an inner counter (its literal
        bound; 1 where the bound is no literal: it may count past 0), and of sums, products
        and shifts of them (`2 * c`, `c << 1`, `c + 1`: 2)."""
        v = self._start_value(frame)(b)
        if v is not None:
            return v
        b = _strip(b)
        if b.kind == "binop" and b.op in ("+", "*", "<<") and len(b.children) == 2:
            x, y = (self._most_value(frame, c) for c in b.children)  # `2 * c`, `c + 1`
            if x is None or y is None or x < 0 or y < 0:
                return None
            return x + y if b.op == "+" else x * y if b.op == "*" else x << min(y, 30)
        bound = self.trip_bounds.get(b.name) if b.kind == "name" else None
        if bound is None:
            return None
        top = self._start_value(frame)(bound[0])
        return top - 1 + (1 if bound[1] else 0) if top is not None else 1

    def factor_below(self, frame: _Frame, e: Node, below) -> bool:
        """Is e a product (a shift, a quotient) whose least value is negative, or with a
        factor that `below` finds may be negative: a sum, a difference, a product or a tree
        function's value (`(h - 1) * width_`, `((h - 1) << 1)`, `Prev(h) * width_` with Prev
        returning `h - 1`, `hm * width_` with `hm = h - 1`)?"""
        if e.kind != "binop" or e.op not in ("*", "<<", "/"):
            return False
        least = self._term_least(frame, e)
        return least is not None and least < 0 or any(
            below(f) for f in _product_factors(e) if f.kind == "binop" and f.op in ("+", "-", "*")
            or f.kind == "call")

    def changed_otherwise(self, frame: _Frame, e: Node) -> bool:
        """Is e a local of the function changed other than by plain assignments: stepped,
        compound-assigned, through a reference or its address, or passed to a writable
        reference? (An assignment from itself is a value like any other: `hstart =
        std::max(hstart, 0)`.)"""
        declared, _, changed = self._body_names_of(frame)
        return e.kind == "name" and e.name in declared and e.name in changed

    def unread_value(self, frame: _Frame, e: Node, depth: int = 0) -> bool:
        """Does e hold, or name a variable given, a value the start reader cannot take at
        its word: a side effect (`other++`, `--other`, `(other = -1)`) or a narrowing cast
        (`(signed char)255`)?"""
        for x in e.walk():
            if narrowed(x) or x.kind == "assign" or x.kind == "unop" and x.op in STEPS:
                return True
            if x.kind == "name" and depth < 3 and any(self.unread_value(frame, v, depth + 1)
                                                      for v in self._values_of(frame, x) or []):
                return True
        return False

    def _body_names_of(self, frame: _Frame) -> Tuple[Set[str], Set[Tuple[str, int]], Set[str]]:
        """The frame's function's locals, its for loops' counters (each with the nodes of its
        loop, where the name is that counter: a local of the same name elsewhere is not), and
        the names it changes other than by plain assignments; read once per function body."""
        body = frame.fn.body
        if body is None:
            return set(), set(), set()
        if id(body) not in self._body_names:
            self._body_names[id(body)] = (
                {d.name for d in body.walk() if d.kind == "decl"},
                {(d.name, id(z)) for x in body.walk() if x.kind == "for"
                 for d in x.children[0].walk() if d.kind == "decl" for z in x.walk()},
                _stepped_names(body) | _aliased_names(body) |
                self.names_passed(body, frame.fn.file, False))
        return self._body_names[id(body)]


def _stepped_names(body: Node) -> Set[str]:
    """The names body steps or compound-assigns, less a for loop's own counter where only
    that loop's increment steps it (`for (int i = 0; i < m; ++i)` does not change a local i
    of another scope)."""
    own = {(d.name, id(z)) for x in body.walk() if x.kind == "for" and len(x.children) == 4
           for d in x.children[0].walk() if d.kind == "decl" for z in x.children[2].walk()}
    return {v for n in body.walk() if n.kind in ("assign", "unop")
            for v in _updated_names(n, _COMPOUND) if (v, id(n)) not in own}


def _product_factors(e: Node) -> List[Node]:
    """The factors of a product, nested products flattened, stripped; of a shift its operand
    and amount, of a quotient its dividend (the sign they keep)."""
    e = _strip(e)
    if e.kind == "binop" and e.op in ("*", "<<") and len(e.children) == 2:
        return _product_factors(e.children[0]) + _product_factors(e.children[1])
    if e.kind == "binop" and e.op == "/" and len(e.children) == 2:
        return _product_factors(e.children[0])
    return [e]
