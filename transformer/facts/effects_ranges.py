"""Range-for loops in a loop body: `for (T& x : range)` aliases the range's elements, a copy
is the iteration's own; a range that does not own its elements (a view over pointers) is read
where it points."""
from __future__ import annotations

import re
from typing import FrozenSet, List

from ..ir import Node
from .effects_model import Guard, Offset, Ptr, Root, _Frame
from .effects_syntax import _is_mutable_ref, _strip
from .shapes import norm_text
from .stdlib import owns_values


class RangeForMixin:
    """The range-for walk of `EffectWalker` (its state is set in effects.py)."""

    def _walk_range_for(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int):
        """`for (T& x : range) body`: an inner loop with no countable trip; a loop variable
        that is a non-const reference aliases the range's elements (what x is written to
        lands in the range), a copy is the iteration's own."""
        decls = [c for c in n.children[:-1] if c.kind == "decl"]
        for d in decls:
            self._decl_types[d.name] = d.type
        for c in n.children[:-1]:
            if c.kind != "decl":
                self.expr(frame, c, guards, depth)
        rng = next((c for c in n.children[:-1] if c.kind != "decl"), None)
        owned = rng is not None and self._owns_elements(frame, rng)
        elements = Ptr(Root("unknown", norm_text(rng.text if rng else "?") + "[...]", "raw"),
                       Offset())
        for d in decls:
            if _is_mutable_ref(d.type):
                target = self._ref_target(frame, rng) if rng is not None else None
                if target is not None or not owned:
                    frame.ref_locals[d.name] = elements
                    continue
            elif not owned:  # a view's elements (`Span{p, q}`): read where it points
                self.record(elements.plus(Offset(opaque=True)), "read", guards, n.line,
                            frame.fn.file, "range-for")
                self.escaped(frame, self._range_sources(frame, rng), guards, n.line,
                             "range-for")
            frame.inside.add(d.name)
        loop = Node("while", n.start, n.end, n.line, n.text, [n.children[-1]])
        self._walk_inner_loop(frame, loop, guards, depth)

    def _owns_elements(self, frame: _Frame, rng: Node) -> bool:
        """Are a range's elements part of the object named (a container of plain values: the
        sample's own, a member, a variable before the loop, a temporary), not memory it
        points to?"""
        temp = rng
        while temp.kind == "paren" and temp.children:
            temp = temp.children[0]
        if temp.kind in ("cast", "construct"):  # `vector<Dtype>(1, x)`: a temporary
            return owns_values(re.split(r"[({]", temp.text, maxsplit=1)[0])  # of copies, its own
        base = _strip(rng)
        if base.kind not in ("name", "member"):
            return False
        if base.kind == "name" and base.name in frame.inside:
            return self.own_object(frame, base.name)
        return owns_values(self._declared(frame, base))

    @staticmethod
    def _range_sources(frame: _Frame, rng: Node) -> List[Node]:
        """What a range that does not own its elements was built from: the expression, and
        a local's initializers (the pointers a view holds)."""
        base = _strip(rng)
        inits = [d for d in frame.fn.body.walk() if d.kind == "decl" and base.kind == "name"
                 and d.name == base.name] if frame.fn.body is not None else []
        return [rng] + inits
