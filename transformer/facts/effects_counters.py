"""Inner counters at the edge of what an offset may assume: those an inner loop steps where
no bound of theirs is read (their value unknown), and an inner index scaled past one sample.
Part of `EffectWalker` (its state is set in effects.py)."""
from __future__ import annotations

from typing import Optional, Set

from ..ir import Node
from .effects_model import Offset, _Frame
from .effects_syntax import _strip, literal_int


class CounterMixin:
    """The counter checks `OffsetMixin.offset_of` and `at_index` make."""

    def _unbounded_counters(self, frame: Optional[_Frame], names: Set[str]) -> Set[str]:
        """The names among `names` that an inner loop steps, where no bound of theirs is read
        (after their loop, or in one whose bound the walk does not read: `for (;;)`, a
        `while` it cannot bound, a counter the body steps again): of the function's frame
        or a caller's, whose names the bound parameters carry."""
        out: Set[str] = set()
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
        `k + 1`, k < dim: up to 2 * dim - 2, up to dim)? Followed through a local's value
        (`const int j = k + 1;`) and a helper's parameter (`row[k + 1]` in `Put(row, k)`),
        and into calls (`std::min(k + 1, dim)` may be dim)."""
        todo, seen = [e], 0
        while todo and seen < 200:
            x, seen = _strip(todo.pop()), seen + 1
            if x.kind == "index" or x.kind == "unop" and x.op == "*":
                continue
            todo.extend(x.children)
            v = frame.bindings.get(x.name, frame.values.get(x.name)) if x.kind == "name" \
                else None
            if isinstance(v, Node) and x.name not in self.eff.written_names:
                todo.append(v)
            if x.kind == "binop" and x.op in ("*", "+") and len(x.children) == 2 and any(
                    self._spill_term(frame, x.op, _strip(a), _strip(b), off)
                    for a, b in (x.children, x.children[::-1])):
                return True
        return False

    def _spill_term(self, frame: _Frame, op: str, a: Node, b: Node, off: Offset) -> bool:
        """a op b with a an inner index bounded by X and b a literal: does `X * b` (for `*`)
        or `X + b` (`+`; one more under `<=`) reach past one sample?"""
        bound = self.trip_bounds.get(a.name) if a.kind == "name" else None
        if bound is None or b.kind != "lit" or literal_int(b.text) < (2 if op == "*" else 1):
            return False
        if op == "*":
            return self.exceeds(frame, [b, bound[0]], off)
        more = literal_int(b.text) + (1 if bound[1] else 0)
        reach = Node("binop", 0, 0, 0, f"({bound[0].text}) + {more}",
                     [bound[0], Node("lit", 0, 0, 0, str(more))], op="+")
        return self.exceeds(frame, [reach], off)
