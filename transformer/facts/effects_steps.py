"""Steps of pointers: where a pointer the iteration declares points after `p += k` or
`++p` (and that after an inner loop which stepped it, it may point anywhere), and whether a
pointer declared before the loop and stepped in it has a closed form in the loop variable.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

from ..ir import Node
from .effects_model import OPAQUE, Choice, Offset, Ptr, _Frame, depth_of
from .effects_syntax import _reads_memory
from .signs import may_be_negative


class StepMixin:
    """The pointer steps of `EffectWalker` (its state is set in effects.py)."""

    def _move_inside(self, frame: _Frame, name: str, guards, step_node: Optional[Node]):
        """`p += k` on a pointer the iteration declares: p's offset gains k's, as `p = p + k`
        would give it (a step equal to the sample's stride moves it to a neighbour). A step
        that depends on the sample, repeated by an inner loop, goes where no offset says. A
        step of one element (`++p`) stays in the sample, by Caffe's layout convention."""
        if self.inner_vars:
            self._moved_in_loop.add(name)
        p = frame.ptrs.get(name)
        if p is None or step_node is None:
            return
        step = self.offset_of(frame, step_node)
        if step.depends and self.inner_vars:
            step = Offset(opaque=True)
        moved = Ptr(choices=[Choice(c.root, c.offset.merged(step), c.guards, c.exact)
                             for c in p.choices])
        frame.ptrs[name] = p.assigned(moved, frozenset(guards),
                                      frame.decl_guards.get(name, frozenset()))

    def _clamps(self, frame: _Frame) -> List[bool]:
        """Per inner loop around a step: may its trip be negative (`k < extra` with
        `extra = out_dim_ - dim`, `k <= last`, `k < hi - lo`)?"""
        out = []
        for v, t in self.inner_vars:
            bound = self.trip_bounds.get(v)
            out.append("-" in t.replace("->", "") or bound is None or may_be_negative(
                bound[0], lambda x: self._values_of(frame, x)))
        return out

    def _induction_verdict(self, frame: _Frame, step: str, guards,
                           step_node: Optional[Node]) -> Tuple[bool, str]:
        """Whether a pointer advanced by step has a closed form in the loop variable, and if
        not why (the last reason found)."""
        ok, why = True, ""
        if any(v == "?" or t == "?" for v, t in self.inner_vars):
            ok, why = False, "an enclosing inner loop has no countable trip"
        step_node_names = set(re.findall(r"[A-Za-z_]\w*", step))
        loop_vars = {self.loop_var} | {v for v, _ in self.inner_vars}
        varying = loop_vars | frame.inside | self.eff.written_names | self._induction_vars
        if step_node_names & loop_vars:
            ok, why = False, "the increment depends on a loop variable"
        elif step_node_names & frame.inside:
            ok, why = False, ("the increment depends on " +
                              ", ".join(sorted(step_node_names & frame.inside)) +
                              ", computed inside the loop")
        elif step_node is not None and _reads_memory(step_node):
            ok, why = False, "the increment is loaded from memory"
        elif step_node_names & self.eff.written_names:
            ok, why = False, ("the increment depends on " +
                              ", ".join(sorted(step_node_names & self.eff.written_names)) +
                              ", which the loop changes")
        for _v, trip in self.inner_vars:
            if set(re.findall(r"[A-Za-z_]\w*", trip)) & varying:
                ok, why = False, "an inner trip count changes from one iteration to the next"
        if any(set(re.findall(r"[A-Za-z_]\w*", g)) & varying for g, _ in guards):
            ok, why = False, "the increment is conditional on a value that changes " \
                             "from one iteration to the next"
        if self._inexact or any(g.startswith(OPAQUE) for g, _ in guards):
            ok, why = False, "the increment is skipped on paths its condition cannot name " \
                             "(a switch, a handler, or after a compound continue or return)"
        if depth_of(frame) > 0:
            ok, why = False, "the pointer is advanced inside a called function"
        return ok, why
