"""Expressions: the reads and writes of memory and of scalars they make (indexing,
dereference, assignment, increment, a max or min, CHECK/LOG arguments), writes to shared
state and members, and pointer inductions with the verdict on their closed form.
"""
from __future__ import annotations

import re
from typing import Optional, Tuple

from ..ir import Node
from . import extrema
from .effects_macros import MacroMixin
from .effects_model import (
    SHARED_REFS,
    Access,
    Induction,
    Offset,
    Ptr,
    Root,
    ScalarAccess,
    _Frame,
)
from .effects_syntax import STEPS, _floating, _thread_name, _words, hides_operator, operand
from .effects_types import _integral
from .glog_macros import ASSERTION
from .shapes import norm_text
from .stdlib import ALGORITHMS, owns_values


class ExprMixin(MacroMixin):
    """The expression walk of `EffectWalker` (its state is set in effects.py)."""

    def record(self, ptr: Ptr, mode: str, guards, line: int, file: str, via: str,
               extent: str = "", short: bool = False, block: bool = False,
               varies: bool = False):
        self.order += 1
        nest, loose = self._nest()
        for c in ptr.choices:
            if mode != "read":  # a condition reading this memory after it is another one
                label = c.root.label()
                self._root_versions[label] = self._root_versions.get(label, 0) + 1
            self.eff.accesses.append(Access(c.root, mode, c.offset, frozenset(guards) | c.guards,
                                            self.order, line, file, via, extent,
                                            c.exact and not self._inexact, nest, loose,
                                            short, block, varies))

    def scalar(self, name: str, mode: str, op: str, line: int, guards):
        if mode == "acc" and self._outer_categories.get(name) != "number":
            mode = "update"  # `+=` sums only numbers: not a valarray, a string, an atomic, bool
        self.order += 1
        nest, loose = self._nest()
        self.eff.scalars.append(ScalarAccess(name, mode, op, self.order, line,
                                             frozenset(guards), not self._inexact, nest, loose))

    def _nest(self) -> Tuple[Tuple[str, ...], bool]:
        """The inner loops around here: their trips, and may one run another count per sample."""
        varying = self._varying()
        trips = tuple(norm_text(t) for _, t in self.inner_vars)
        return trips, any(t == "?" or _words(t) & varying for t in trips)

    def _extremum(self, frame: _Frame, ext, guards, depth: int, line: int) -> bool:
        """A max or min into a scalar of the loop's function (and the index that follows
        it): recorded as such, with what it compares read."""
        def outer(name: str) -> bool:
            return name in self.outer_scalars and name not in frame.inside
        if ext is None or depth > 0 or not outer(ext.var) or \
                ext.called in self.program.functions or (ext.index and not outer(ext.index)) or \
                not _floating(self._outer_types.get(ext.var, "")):
            return False  # an int max of real values truncates: not the same comparisons
        if ext.index and self._wider(frame, ext.operand, self._outer_types.get(ext.var, "")):
            return False  # compared unrounded, kept rounded: the parts' ties pick another n
        self.expr(frame, ext.operand, guards, depth)
        if ext.index_value is not None:
            self.expr(frame, ext.index_value, guards, depth)
        self.scalar(ext.var, ext.op, "strict" if ext.strict else "loose", line, guards)
        if ext.index:
            self.scalar(ext.index, "arg", ext.var, line, guards)
        return True

    def expr(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool = False,
             statement: bool = False):
        """Record the accesses of e; `statement`: e is a whole statement (a value unused)."""
        self._guards_now = frozenset(guards)
        if ASSERTION.match(e.text):
            # CHECK/LOG macros abort on failure; what their arguments read and write counts
            self._macro_arguments(frame, e, guards, depth)
            return
        if e.ref == "overload" or self._overloaded(frame, e):
            self.eff.unknown_calls.append(f"operator of a class of the tree: "
                                          f"{e.text.strip()} at line {e.line}")
        case = _EXPR_CASES.get(e.kind)
        if case is not None and getattr(self, case)(frame, e, guards, depth, loop_header,
                                                    statement):
            return
        for c in e.children:
            self.expr(frame, c, guards, depth, loop_header)

    def _expr_assign(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool,
                     statement: bool) -> bool:
        """An assignment expression (always handled). Its value used (`t = (acc += x)`,
        `if ((acc += x) > 1)`) is a read of what it assigned: a running sum, no reduction."""
        self.assign(frame, e, guards, depth, loop_header)
        if not statement and not loop_header and e.children[0].kind == "name":
            self._read_name(frame, e.children[0], guards, depth)
        return True

    def _expr_unop(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool,
                   statement: bool) -> bool:
        """An increment or a dereference read; False for any other unary operator."""
        if e.op in STEPS:
            target = e.children[0]
            if not statement and not loop_header and target.kind == "name":
                self.expr(frame, target, guards, depth)  # `k = count++` reads count too
            self.increment(frame, target, e.op, "1", guards, loop_header, e.line)
            return True
        if e.op == "*" and e.children:
            p = self._address(frame, e.children[0], guards, depth)
            if p is not None:
                self.record(p, "read", guards, e.line, frame.fn.file, "*")
            else:
                self._unknown_read(frame, e)
            return True
        return False

    def _unknown_read(self, frame: _Frame, e: Node):
        """A read through a raw pointer the walk cannot place (a helper's result, a member
        pointer, a pointer loaded from a container): it may read what another sample
        writes, so it is an unknown access. An element of a container (whose writes other
        rules see) or an iterator a standard algorithm returns into a range it read is
        not."""
        if self._raw_pointer(frame, e.children[0]):
            self.eff.unknown_calls.append(f"read through {e.text.strip()} at line {e.line}")

    def _raw_pointer(self, frame: _Frame, base: Node) -> bool:
        """Whether base, which the walk could not place, may be a raw pointer or array
        rather than a container (whose element is read) by its declared type; `auto`, a
        typedef or a class with an `operator[]` may be one."""
        if base.kind == "index" and base.children:  # rows[r][k]: is rows's element one?
            container = self._declared(frame, _innermost(base))
            return not container or "*" in container
        if base.kind == "call":
            return not (base.text.lstrip().startswith("std::") or base.name in ALGORITHMS)
        if base.kind not in ("name", "member"):
            return True  # arithmetic, a comma, a cast of what the walk could not place
        t = re.sub(r"\bconst\s*$", "", self._declared(frame, base).replace("&", " ").strip())
        if t.rstrip().endswith(("*", "]")):
            return True
        return not (t.endswith(">") or owns_values(t))

    def _declared(self, frame: _Frame, n: Node) -> str:
        """The declared type of a variable, parameter or member named by n ('' if unknown)."""
        if n.kind == "member":
            return self.program.field_type(self.cls, n.name)
        if n.kind != "name":
            return ""
        return self._decl_types.get(n.name) or self._outer_types.get(n.name) or \
            self._param_type(frame, n.name) or (n.type or "")

    def _address(self, frame: _Frame, e: Node, guards, depth: int, deref=True) -> Optional[Ptr]:
        """Where `*e` (`deref`; else `e[...]`) reads or writes, and e's own effects recorded:
        the increment of `*p++` or `*++p` (a pointer induction like `++p` on a line of its
        own), the calls and reads of an offset (`*(p + k)`). The stepped pointer is taken
        where it points in its sample, as every other access through an induction is."""
        stepped = _stepped(e)
        p = self.eval_ptr(frame, stepped if stepped is not None else e)
        self.expr(frame, e, guards, depth)
        return self.deref_reach(frame, p, e, deref) if p is not None else p

    def _expr_call(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool,
                   statement: bool) -> bool:
        """A call expression (always handled)."""
        self.call(frame, e, guards, depth)
        return True

    def _expr_index(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool,
                    statement: bool) -> bool:
        """`p[i]`: what its parts read, then the element read; False if not two parts."""
        if len(e.children) != 2:
            return False
        p = self.eval_ptr(frame, e.children[0])
        for c in e.children:
            self.expr(frame, c, guards, depth)
        if p is not None:
            self.record(self.at_index(frame, p, e.children[1]),
                        "read", guards, e.line, frame.fn.file, "[]")
        else:
            self._unknown_read(frame, e)
        return True

    def _expr_name(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool,
                   statement: bool) -> bool:
        """A read of a name that outlives the iteration (see `_read_name`)."""
        return self._read_name(frame, e, guards, depth)

    def _expr_lambda(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool,
                     statement: bool) -> bool:
        """A lambda: not followed, an unknown call; what its body names escapes."""
        self.escaped(frame, e.children, guards, e.line, "lambda")
        self.eff.unknown_calls.append("lambda")
        return True

    def _expr_construct(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool,
                        statement: bool) -> bool:
        """A construction: its special members are unknown calls; its parts are walked (a
        container of the sample's own reads the outer memory it is built from)."""
        self.note_specials(frame, e)
        if owns_values(e.type or ""):
            self.own_may_throw(frame, e, "", e.children)
            self._own_arguments(frame, e, e.children, guards, depth)
            return True
        return False

    def _expr_cast(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool,
                   statement: bool) -> bool:
        """A functional cast to a class of the tree (`Ticket<Dtype>(&n_)` in a template, a
        temporary): its constructor and destructor run there. Any other cast: its operand."""
        self.note_specials(frame, e)
        return False

    def _expr_other(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool,
                    statement: bool) -> bool:
        """A throw is an early exit; False for any other `other` node."""
        if e.name == "CXX_THROW_EXPR":
            self.eff.early_exits.append(f"throw at line {e.line}")
            return True
        return False

    def _expr_new(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool,
                  statement: bool) -> bool:
        """A new expression: an unknown call."""
        self.eff.unknown_calls.append("new")
        return True

    def _read_name(self, frame: _Frame, n: Node, guards, depth: int) -> bool:
        """A read of a variable that outlives the iteration's own: a scalar of the function,
        what a reference declared in it names, a thread_local. False for any other name."""
        if n.name in self.outer_scalars and n.name not in frame.inside and \
                n.name != self.loop_var and depth == 0:
            self.scalar(n.name, "read", "", n.line, guards)
        elif n.name in frame.ref_locals:
            self.record(frame.ref_locals[n.name], "read", guards, n.line, frame.fn.file, "&")
        elif n.ref == "thread":
            self.scalar(_thread_name(n.name), "read", "", n.line, guards)
        else:
            return False
        return True

    def assign(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool):
        lhs, rhs = e.children[0], e.children[1]
        if lhs.kind == "name":
            self._versions[lhs.name] = self._versions.get(lhs.name, 0) + 1
        if e.op == "=" and not loop_header and self._extremum(
                frame, extrema.from_assign(lhs, rhs), guards, depth, e.line):
            return
        self.expr(frame, rhs, guards, depth)
        op = e.op
        if lhs.kind in ("index",) or (lhs.kind == "unop" and lhs.op == "*"):
            self._assign_memory(frame, lhs, op, guards, depth, e.line,
                                self.truncated(frame, lhs, rhs))
            return
        if lhs.kind == "name" and self._shared_name(frame, lhs, op, guards, e.line):
            return
        if lhs.kind == "name" and self._user_object(lhs.name):
            self.eff.unknown_calls.append(f"operator{op} of {lhs.name} at line {e.line}")
            return
        if lhs.kind == "name" and lhs.name in frame.ref_locals:
            mode = "write" if op == "=" else ("acc" if op in ("+=", "-=") else "update")
            self.record(frame.ref_locals[lhs.name], mode, guards, e.line, frame.fn.file, op)
            return
        if lhs.kind == "name" and lhs.name in frame.ref_targets:
            root = frame.ref_targets[lhs.name]
            mode = "write" if op == "=" else ("acc" if op in ("+=", "-=") else "update")
            if root.kind == "scalar" and depth > 0:
                self.scalar(root.name, mode, op, e.line, guards)
            else:
                self.record(Ptr(root, Offset()), mode, guards, e.line, frame.fn.file, op)
            return
        if lhs.kind == "name" and lhs.ref == "param" and "&" in self._param_type(frame, lhs.name):
            self.eff.unknown_calls.append(f"write through reference parameter {lhs.name}")
            return
        if lhs.kind == "name":
            self._assign_name(frame, e, guards, depth, loop_header)
            return
        if lhs.kind == "member":
            self._assign_member(frame, lhs, e.line)
            return
        self.eff.unknown_calls.append(f"assignment to {lhs.text.strip()}")

    def _assign_member(self, frame: _Frame, lhs: Node, line: int):
        """`x.f = v`: a field of the sample's own object (`it->second = v`), else a member
        of the layer written."""
        if not self.own_expr(frame, lhs):
            self.eff.member_scalar_writes.append(f"{lhs.name} at line {line}")

    def _assign_name(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool):
        """`x op= v` on a plain variable: a pointer induction or reassignment, the
        iteration's own variable, a scalar of the function, or a member."""
        lhs, rhs, op = e.children[0], e.children[1], e.op
        name = lhs.name
        if name in frame.ptrs and name not in frame.inside:
            if op in ("+=", "-="):
                self.increment(frame, lhs, op, rhs.text, guards, loop_header, e.line, rhs)
            else:
                self.eff.inductions.append(Induction(name, rhs.text, [], guards, e.line,
                                                     False, "pointer reassigned in loop"))
            return
        if name in frame.inside and not loop_header and op in ("+=", "-="):
            self._move_inside(frame, name, guards, rhs, op)
            return
        if name in frame.inside or loop_header:
            if name in frame.ptrs or "*" in (lhs.type or ""):
                p = self.eval_ptr(frame, rhs)
                if self.inner_vars and not loop_header and name in _words(rhs.text):
                    self._moved_in_loop.add(name)  # p = p + k
                p = p or Ptr(Root("unknown", name, "raw"), Offset())  # `row = Skip(row)`
                old_p, dg = frame.ptrs.get(name), frame.decl_guards.get(name, frozenset())
                frame.ptrs[name] = old_p.assigned(p, frozenset(guards), dg) \
                    if old_p is not None else p
                self.note_reset(name, loop_header)
            return
        if depth == 0 and name in self.outer_scalars:
            mode = "acc" if op in ("+=", "-=") else ("write" if op == "=" else "update")
            if mode == "acc" and _integral(self._outer_types.get(name, "")) and \
                    self._may_be_floating(frame, rhs):
                mode = "update"  # `int cnt; cnt += x[i]`: truncated at every step
            self.scalar(name, mode, op, e.line, guards)
            return
        if lhs.ref == "field":
            self.eff.member_scalar_writes.append(f"{name} at line {e.line}")
        elif not loop_header:
            self._unseen(frame, lhs)

    def _assign_memory(self, frame: _Frame, lhs: Node, op: str, guards, depth: int,
                       line: int, truncated: bool = False):
        """`p[i] op= v` or `*p op= v`: a write, accumulation or update (an integer sum of
        fractions: `truncated`) of what p points to."""
        p = self._address(frame, lhs.children[0], guards, depth, lhs.kind != "index")
        if lhs.kind == "index":
            self.expr(frame, lhs.children[1], guards, depth)
        if p is None:
            self.eff.unknown_calls.append(f"write through {lhs.text.strip()}")
            return
        if lhs.kind == "index":
            p = self.at_index(frame, p, lhs.children[1])
        mode = "write" if op == "=" else \
            ("acc" if op in ("+=", "-=") and not truncated else "update")
        self.record(p, mode, guards, line, frame.fn.file, op)

    def increment(self, frame: _Frame, target: Node, op: str, step: str, guards,
                  loop_header: bool, line: int, step_node: Optional[Node] = None):
        """Record `target op step` (++, --, +=, -=): a pointer induction, an accumulation
        into memory or a scalar, or a member write."""
        if loop_header:
            return
        if target.kind == "name":
            self._increment_name(frame, target, op, step, guards, line, step_node)
            return
        if target.kind == "member" and self.own_expr(frame, target):
            return  # a field of the sample's own object (`++it->second`)
        if target.kind == "member" or target.ref == "field":
            self.eff.member_scalar_writes.append(f"{target.text.strip()} at line {line}")
            return
        if target.kind == "index" or (target.kind == "unop" and target.op == "*"):
            depth = 0 if not frame.bindings else 1
            p = self._address(frame, target.children[0], guards, depth, target.kind != "index")
            if target.kind == "index":
                self.expr(frame, target.children[1], guards, depth)
            if p is None:
                self.eff.unknown_calls.append(f"increment of {target.text.strip()}")
                return
            if target.kind == "index":
                p = self.at_index(frame, p, target.children[1])
            self.record(p, "acc", guards, line, frame.fn.file, op)
            return
        self.eff.unknown_calls.append(f"increment of {target.text.strip()}")

    def _increment_name(self, frame: _Frame, target: Node, op: str, step: str, guards,
                        line: int, step_node: Optional[Node]):
        """An increment of a named variable."""
        name = target.name
        self._versions[name] = self._versions.get(name, 0) + 1
        if self._shared_name(frame, target, op, guards, line):
            return
        if name in frame.inside:
            self._move_inside(frame, name, guards, step_node, op)
            return
        if name in frame.ptrs or name in self.outer_pointers:
            sign = "-" if op in ("-=", "--", "post--") else ""  # `-dim` may wrap
            ok, why = self._induction_verdict(frame, sign + step, guards, step_node)
            macro = step_node is not None and hides_operator(step_node)
            step = operand(step, macro) if macro or op in ("-=", "--", "post--") else \
                step.strip()  # `-(a + b)`, `(OUT_DIM)`: whole, however the text is used
            cond = " && ".join(("" if pos else "!") + f"({self.atom_text.get(a, a)})"
                               for a, pos in sorted(guards))
            self.eff.inductions.append(Induction(
                name, sign + step,
                [t for _, t in self.inner_vars], guards, line, ok, why, cond,
                self._clamps(frame), self._idle(frame)))
            return
        if name in frame.ref_locals:
            self.record(frame.ref_locals[name], "acc", guards, line, frame.fn.file, op)
            return
        if name in frame.ref_targets:
            root = frame.ref_targets[name]
            if root.kind == "scalar":
                self.scalar(root.name, "acc", op, line, guards)
            else:
                self.record(Ptr(root, Offset()), "acc", guards, line, frame.fn.file, op)
            return
        if target.ref == "param" and "&" in self._param_type(frame, name):
            self.eff.unknown_calls.append(f"increment through reference parameter {name}")
            return
        if name in self.outer_scalars:
            self.scalar(name, "acc", op, line, guards)
            return
        if target.ref == "field":
            self.eff.member_scalar_writes.append(f"{target.text.strip()} at line {line}")
        self._unseen(frame, target)  # otherwise a variable of this iteration or of a callee

    def _unseen(self, frame: _Frame, target: Node):
        """A write, in the loop's own function, to a variable declared where the walk never
        looked (neither before the loop nor in it, nor a parameter of the function: one of
        a lambda around the loop), or to a structured binding: it may outlive the
        iteration."""
        name = target.name
        if target.ref == "binding":  # `auto& [a, b] = pair_`: a field of whatever it binds
            unseen = True
        elif target.ref == "param":
            unseen = all(p.name != name for p in frame.fn.params)
        else:
            unseen = target.ref == "local" and name != self.loop_var and \
                name not in frame.inside and name not in self.outer_scalars and \
                name not in self.outer_pointers and name not in frame.ptrs
        if frame is self._top_frame and unseen:
            self.eff.unknown_calls.append(f"write to {name}, declared where the tool does "
                                          f"not look")

    def _shared_name(self, frame: _Frame, target: Node, op: str, guards, line: int) -> bool:
        """A write to a variable that outlives the iteration: shared state (a namespace-scope
        variable, a static data member, a function-local static) is recorded as such; a
        thread_local is each thread's own, but must not carry a value between samples."""
        if target.ref in SHARED_REFS:
            what = "function-local static" if target.ref == "static" else \
                "namespace-scope or static data member"
            self.eff.shared_state.append(f"{target.name} at line {line} of {frame.fn.key} "
                                         f"({what})")
            return True
        if target.ref == "thread":
            mode = "write" if op == "=" else "update"
            self.scalar(_thread_name(target.name), mode, op, line, guards)
            return True
        return False


def _innermost(e: Node) -> Node:
    """The array or container a chain of subscripts starts from (`rows` of `rows[r][k]`)."""
    while e.kind == "index" and e.children:
        e = e.children[0]
    return e


def _stepped(e: Node) -> Optional[Node]:
    """The pointer `p` of `p++`, `++p`, `p--` or `--p`; None for any other expression."""
    if e.kind == "unop" and e.op in STEPS and e.children and \
            e.children[0].kind == "name":
        return e.children[0]
    return None


# expr's handlers by node kind: each returns True when it handled the node, else the node's
# children are walked
_EXPR_CASES = {"assign": "_expr_assign", "unop": "_expr_unop", "call": "_expr_call",
               "index": "_expr_index", "name": "_expr_name", "lambda": "_expr_lambda",
               "construct": "_expr_construct", "other": "_expr_other", "new": "_expr_new",
               "cast": "_expr_cast"}
