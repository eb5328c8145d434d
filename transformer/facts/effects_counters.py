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
        """Does an inner index times a literal count past one sample (`2 * k`, k < dim)?"""
        todo = [e]
        while todo:
            x = _strip(todo.pop())
            if x.kind == "index" or x.kind == "unop" and x.op == "*":
                continue
            todo.extend(x.children)
            if x.kind != "binop" or x.op != "*" or len(x.children) != 2:
                continue
            for a, b in (x.children, x.children[::-1]):
                a, b = _strip(a), _strip(b)
                bound = self.trip_bounds.get(a.name) if a.kind == "name" else None
                if bound is not None and b.kind == "lit" and literal_int(b.text) > 1 and \
                        self.exceeds(frame, [b, bound[0]], off):
                    return True
        return False
