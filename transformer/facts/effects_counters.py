"""Inner counters at the edge of what an offset may assume: those an inner loop steps where
no bound of theirs is read (their value unknown), and an inner index scaled past one sample.
Part of `EffectWalker` (its state is set in effects.py)."""
from __future__ import annotations

import re
from typing import List, Optional, Set

from ..ir import Node
from . import constants
from .effects_model import Offset, _Frame
from .effects_syntax import _strip, narrowed


class CounterMixin:
    """The counter checks `OffsetMixin.offset_of` and `at_index` make."""

    def _unbounded_counters(self, frame: Optional[_Frame], names: Set[str]) -> Set[str]:
        """The names among `names` that an inner loop steps, where no bound of theirs is read
        (after their loop, or in one whose bound the walk does not read: `for (;;)`, a
        `while` it cannot bound, a counter the body steps again), or assigns from its
        counter: of the function's frame or a caller's, whose names the bound parameters
        carry; and any the iteration passes to a tree function's writable reference."""
        out: Set[str] = names & self._passed_refs
        while frame is not None:
            out |= names & frame.loop_counters
            frame = frame.caller
        return out - set(self.trip_bounds)

    def _counter_names(self, frame: _Frame, e: Node, depth: int = 0) -> Set[str]:
        """The names whose value an offset adds up: its own and, through a local's value or
        a bound parameter's argument, theirs; not those of memory it loads (`mask[i]`, an
        index of its own, whose offset is checked where it is read)."""
        out: Set[str] = set()
        todo = [e]
        while todo:
            x = todo.pop()
            if x.kind == "index" or x.kind == "unop" and x.op == "*":
                continue
            if x.kind == "name":
                out.add(x.name)
                v = frame.bindings.get(x.name, frame.values.get(x.name))
                if isinstance(v, Node) and depth < 4:
                    out |= self._counter_names(frame, v, depth + 1)
            todo.extend(x.children)
        return out

    def _scaled_spills(self, frame: _Frame, e: Node, off: Offset) -> bool:
        """Does an inner index times a literal, or plus one, count past one sample (`2 * k`,
        `k << 1`, `k + k`, `k + 1`, `k + kNext`, k < dim: up to 2 * dim - 2, up to dim)?
        Followed through a local's value (`const int j = k + 1;`) and a helper's parameter
        (`row[k + d]` in `Put(row, k, 1)`), and into calls (`std::min(k + 1, dim)`)."""
        todo, seen = [e], 0
        while todo and seen < 200:
            x, seen = _as_sum(_strip(todo.pop())), seen + 1
            if x.kind == "index" or x.kind == "unop" and x.op == "*":
                continue
            todo.extend(x.children)
            v = frame.bindings.get(x.name, frame.values.get(x.name)) if x.kind == "name" \
                else None
            if isinstance(v, Node) and x.name not in self.eff.written_names:
                todo.append(v)
            if x.kind == "binop" and x.op == "+" and self._sum_spills(frame, x, off):
                return True
            if x.kind == "binop" and x.op in ("*", "<<") and len(x.children) == 2 and any(
                    self._spill_term(frame, x.op, _strip(a), self._literal_of(frame, b), off)
                    for a, b in (x.children, x.children[::-1])):
                return True
        return False

    def _sum_spills(self, frame: _Frame, x: Node, off: Offset) -> bool:
        """A sum of an inner index with positive constants (`k + 1 + kNext`), or with itself."""
        terms = _plus_terms(x)
        names = [t.name for t in terms if t.kind == "name" and t.name in self.trip_bounds]
        rest = [self._literal_of(frame, t) for t in terms
                if not (t.kind == "name" and t.name in self.trip_bounds)]
        c = sum(v for v in rest if v is not None and v > 0)
        return any(names.count(k) > 1 and self._spill_term(frame, "*", Node(
            "name", 0, 0, 0, k, name=k), names.count(k), off) or
            c > 0 and self._spill_term(frame, "+", Node("name", 0, 0, 0, k, name=k), c, off)
            for k in set(names))

    def _literal_of(self, frame: _Frame, b: Node, depth: int = 0) -> Optional[int]:
        """The one integer b holds: a literal, a named constant, or a local or a helper's
        parameter given one (None: not known, or cast narrower than it)."""
        if narrowed(b):
            return None
        b = _strip(b)
        if b.kind == "lit":
            m = re.fullmatch(r"(\d+)[uUlL]*", b.text.strip())
            return int(m.group(1)) if m else None
        known = constants.values(b, constants.returns_of(self.program, self.cls))
        if known is not None and len(set(known)) == 1:
            return next(iter(known))
        v = frame.bindings.get(b.name, frame.values.get(b.name)) if b.kind == "name" else None
        if isinstance(v, Node) and b.name not in self.eff.written_names and depth < 4:
            return self._literal_of(frame, v, depth + 1)
        return None

    def _spill_term(self, frame: _Frame, op: str, a: Node, c: Optional[int],
                    off: Offset) -> bool:
        """a op c with a an inner index bounded by X and c a constant: does `X * c` (for `*`;
        `<<` shifts), or `X + c` (`+`; one more under `<=`), reach past one sample?"""
        bound = self.trip_bounds.get(a.name) if a.kind == "name" else None
        if bound is None:
            return False
        if op == "<<" and c is not None:
            op, c = "*", 2 ** c if 0 <= c < 31 else None
        if c is None or c < (2 if op == "*" else 1):
            return False
        if op == "*":
            return self.exceeds(frame, [Node("lit", 0, 0, 0, str(c)), bound[0]], off)
        return self.exceeds(frame, [plus(bound[0], c + (1 if bound[1] else 0))], off)


def _plus_terms(e: Node) -> List[Node]:
    """The operands of a sum (`k + 1 + kNext`: k, 1, kNext; `k - (-1)`: k, 1), stripped; not
    of a difference."""
    e = _as_sum(_strip(e))
    if e.kind == "binop" and e.op == "+" and len(e.children) == 2:
        return _plus_terms(e.children[0]) + _plus_terms(e.children[1])
    return [e]


def _as_sum(e: Node) -> Node:
    """`a - (-b)` as `a + b`; any other e as it is."""
    if e.kind == "binop" and e.op == "-" and len(e.children) == 2:
        b = _strip(e.children[1])
        if b.kind == "unop" and b.op == "-" and b.children:
            return Node("binop", e.start, e.end, e.line, e.text, [e.children[0], b.children[0]],
                        op="+")
    return e


def plus(x: Node, c: int) -> Node:
    """`(x) + c` as one expression node (x itself for c = 0)."""
    if c == 0:
        return x
    return Node("binop", 0, 0, 0, f"({x.text}) + {c}", [x, Node("lit", 0, 0, 0, str(c))],
                op="+")
