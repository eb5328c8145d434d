"""Steps of pointers: where a pointer the iteration declares points after `p += k` or
`++p` (and that after an inner loop which stepped it, it may point anywhere), and whether a
pointer declared before the loop and stepped in it has a closed form in the loop variable.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

from ..ir import Node
from .effects_model import OPAQUE, Choice, Offset, Ptr, _Frame, depth_of
from .effects_syntax import (
    _aliased_names,
    _is_mutable_ref,
    _reads_memory,
    _strip,
    _updated_names,
    _words,
)
from .effects_types import _integral, fractional_literal
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
        memory = self._writable_memory(frame)  # `stat[0]`: what the samples themselves write
        for _v, trip in self.inner_vars:
            if set(re.findall(r"[A-Za-z_]\w*", trip)) & (varying | memory):
                ok, why = False, "an inner trip count changes from one iteration to the next"
        if any(set(re.findall(r"[A-Za-z_]\w*", g)) & (varying | memory) for g, _ in guards):
            ok, why = False, "the increment is conditional on a value that changes " \
                             "from one iteration to the next"
        if "-" in step.replace("->", "") and any(
                _UNSIGNED.search(self._type_of(frame, w))
                for w in step_node_names.union(*(_words(t) for _v, t in self.inner_vars))):
            ok, why = False, "a backward step by an unsigned amount (`-dim` wraps)"
        if self._inexact or any(g.startswith(OPAQUE) for g, _ in guards):
            ok, why = False, "the increment is skipped on paths its condition cannot name " \
                             "(a switch, a handler, or after a compound continue or return)"
        if depth_of(frame) > 0:
            ok, why = False, "the pointer is advanced inside a called function"
        return ok, why

    def _counter_changed(self, var: str, body: Node) -> bool:
        """Does the body change an inner loop's counter: by name (`++k`), through its
        address or a writable reference (`int& pos = k`, `Skip(x, &k)`), or by passing it
        to a function of the tree that takes it by writable reference (`Skip(x, k)`)?"""
        if var in _updated_names(body) or var in _aliased_names(body):
            return True
        for n in body.walk():
            if n.kind != "call" or not n.children:
                continue
            for i, a in enumerate(n.children[1:]):
                if _strip(a).kind == "name" and _strip(a).name == var and any(
                        i < len(t.params) and _is_mutable_ref(t.params[i].type)
                        for t in self._call_targets(n.children[0], n.name)):
                    return True
        return False

    def _fractional(self, frame: _Frame, bound: Node) -> bool:
        """May an inner loop's bound have a fraction (a floating literal or variable, not
        under a call or a cast to an integer)?"""
        while bound.kind == "paren" and bound.children:
            bound = bound.children[0]
        if bound.kind == "cast":
            target = re.match(r"\s*(?:(?:static|reinterpret|const)_cast\s*<([^>]*)>|\(([^()]*)\)"
                              r"|([\w:\s]+)\()", bound.text)
            t = bound.type or (next((g for g in target.groups() if g), "") if target else "")
            return not _integral(t) and any(self._fractional(frame, c) for c in bound.children)
        if bound.kind == "call":
            return False
        if bound.kind == "lit":
            return fractional_literal(bound.text)
        if bound.kind in ("name", "member"):  # a floating type, Caffe's Dtype among them
            return bool(_FLOATING & _words(self._declared(frame, bound)))
        return any(self._fractional(frame, c) for c in bound.children)

    def _writable_memory(self, frame: _Frame) -> set:
        """Pointer variables to memory that may be written (`Dtype* stat`, not `const
        Dtype* x`): a condition or trip reading through one may change per sample."""
        return {v for v in frame.ptrs
                if not self._type_of(frame, v).lstrip().startswith("const")}

    def _type_of(self, frame: _Frame, name: str) -> str:
        """The declared type of a word of a guard, trip or step: a variable's or parameter's
        (`_declared`), else a member's."""
        return self._declared(frame, Node("name", 0, 0, 0, name, name=name)) or \
            self.program.field_type(self.cls, name)


_FLOATING = {"float", "double", "Dtype", "Ftype", "Btype", "half", "float16"}
_UNSIGNED = re.compile(r"\bunsigned\b|\buint\w*|\bsize_t\b|\bsize_type\b")
