"""Steps of pointers: where a pointer the iteration declares points after `p += k` or
`++p` (and that after an inner loop which stepped it, it may point anywhere), and whether a
pointer declared before the loop and stepped in it has a closed form in the loop variable,
and (settle_inductions, once the walk has seen every access) whether that form gives each
sample a slice of its own: not where the step may be zero or not run while the pointer is
still used, nor where its condition or trip reads memory the loop writes, through any
pointer, const or not.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import List, Optional, Set, Tuple

from ..ir import Node
from . import sharing
from .degenerate import maybe_zero
from .effects_model import OPAQUE, Access, Choice, Offset, Ptr, Root, _Frame, depth_of
from .effects_syntax import (
    _aliased_names,
    _changes,
    _reads_memory,
    _strip,
    _words,
    changed_outside,
    changes,
    counter_test,
    literal_int,
    nested_ids,
    steps_by_one,
)
from .effects_types import _integral, fractional_literal
from .io_slots import may_pair
from .shapes import norm_text
from .signs import may_be_negative


class StepMixin:
    """The pointer steps of `EffectWalker` (its state is set in effects.py)."""

    def _move_inside(self, frame: _Frame, name: str, guards, step_node: Optional[Node],
                     op: str = "+="):
        """`p += k` on a pointer the iteration declares: p's offset gains k's, as `p = p + k`
        would give it (a step equal to the sample's stride moves it to a neighbour). A step
        that depends on the sample, repeated by an inner loop, goes where no offset says. A
        step of one element (`++p`) stays in the sample, by Caffe's layout convention, one
        element further on (`Offset.shift`, which `p[k]` adds to k's bound)."""
        if self.inner_vars:
            self._moved_in_loop.add(name)
        p = frame.ptrs.get(name)
        if p is None:
            return
        step = self.offset_of(frame, step_node) if step_node is not None else Offset(shift=1)
        if op in ("-=", "--", "post--"):
            step = replace(step, shift=-step.shift)
        if step.depends and self.inner_vars:
            step = Offset(opaque=True)
        moved = Ptr(choices=[Choice(c.root, _before_start(c.offset.merged(step)), c.guards,
                                    c.exact) for c in p.choices])
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
        step_why = self._step_why(frame, step_node_names, loop_vars, step_node)
        if step_why:
            ok, why = False, step_why
        for _v, trip in self.inner_vars:
            if set(re.findall(r"[A-Za-z_]\w*", trip)) & varying:
                ok, why = False, _TRIP_CHANGES
        if any(set(re.findall(r"[A-Za-z_]\w*", g)) & varying for g, _ in guards):
            ok, why = False, _GUARD_CHANGES
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

    def _boolean(self, frame: _Frame, e: Node) -> bool:
        """Is e, or a factor or an arm of it, a `bool` (`dim * flag`, `dim * keeps()`) or a
        mask or remainder (`dim * (mode & 1)`, `mode % 2`), 0 for some values?"""
        e = _strip(e)
        if e.kind in ("name", "member"):
            return bool(re.search(r"\bbool\b", self._type_of(frame, e.name)))
        if e.kind == "call":  # its type, or in a template what the tree's function returns
            return any(re.search(r"\bbool\b", t) for t in [e.type or ""] + [
                f.returns for f in self._call_targets(e.children[0] if e.children else None,
                                                      e.name)])
        if e.kind == "binop" and e.op in ("&", "%", "^"):
            return True
        if e.kind == "cond":
            return any(self._boolean(frame, c) for c in e.children[1:])
        return (e.kind == "cast" or e.kind == "binop" and e.op == "*") and \
            any(self._boolean(frame, c) for c in e.children)

    def _counter_changed(self, frame: _Frame, var: str, body: Node) -> bool:
        """Does the body change an inner loop's counter: by name (`++k`), through its
        address or a writable reference (`int& pos = k`, `Skip(x, &k)`, here or anywhere in
        the function: `int& pos = k;` before the loop, `++pos` in it), or by passing it to
        a function of the tree that takes it by writable reference (`Skip(x, k)`)? A call
        the walk cannot follow is an unknown call, rejected on its own."""
        return var in self.names_changed(body, frame.fn.file, unknown=False) or \
            frame.fn.body is not None and var in _aliased_names(frame.fn.body)

    def _bound_while(self, frame: _Frame, n: Node) -> None:
        """`while (k < X) { ...; ++k; }`: the body sees k below X (up to X with `<=`), as a
        for loop's would, when a step by one (`++k`, `k++`, `k += 1`: a for loop's step,
        `steps_by_one`) at the body's end is the only change of k in the loop, and k starts
        where it was declared (nothing else changes it) at no negative value; with the step
        elsewhere in the body, up to X (taken as `<=`). The offsets' bound checks then read X
        (`k <= dim` reaches the next sample). Any other counter (a `do` loop's too) is one
        whose bound the walk does not read: an offset naming it is opaque."""
        if n.kind != "while":  # a do loop's body runs once whatever its bound
            return
        cond, body = _strip(n.children[0]), n.children[-1]
        found = next(((c, t) for c in (cond.children if cond.kind == "binop" else [])
                      if c.kind == "name" for t in [counter_test(cond, c.name)] if t), None)
        if found is None or found[1][0] == "!=" or body.kind != "block" or changes(cond) or \
                _continues(body):
            return  # a `continue` skips the step at the end: one pass more
        var, (op, bound) = found
        if changes(bound) or var.name in {x.name for x in bound.walk() if x.kind == "name"} or \
                any(self._counter_changed(frame, x.name, body)
                    for x in bound.walk() if x.kind == "name"):
            return
        steps = [i for i, c in enumerate(body.children) if steps_by_one(
            _strip(c.children[0]) if c.kind == "expr_stmt" and c.children else c, var.name)]
        if len(steps) != 1:
            return
        rest = Node("block", body.start, body.end, body.line, "",
                    [c for i, c in enumerate(body.children) if i != steps[0]])
        if self._counter_changed(frame, var.name, rest):
            return
        start = frame.values.get(var.name)  # as declared, if nothing else changes it
        if not isinstance(start, Node) or frame.fn.body is None or \
                changed_outside(frame.fn.body, n, var.name) or \
                var.name in self.names_passed(frame.fn.body, frame.fn.file, True) or \
                self._below_start(frame, start):
            return
        self.trip_bounds[var.name] = (bound, op == "<=" or steps[0] != len(body.children) - 1,
                                      norm_text(start.text))

    def header_bound(self, frame: _Frame, loop: Node, header: Set[str]):
        """A for loop's counter and what bounds it while the body runs: ((k, X, `<=`?,
        start), set()) when the header steps k up (`++k`, `k += 2`) under `k < X` or
        `k <= X` (either way round) that nothing in the body moves, and the body changes k
        only as `guarded_rewrite` allows; (None, {k}) for a counter stepped down under
        `k >= X` or `k > X` that the body leaves alone (trusted to stay in the sample, the
        layout convention); else (None, set()): a counter of unknown value."""
        init, cond, inc, body = loop.children
        k = next(iter(header)) if len(header) == 1 else None
        if k is None or cond.kind == "null" or changes(cond):
            return None, set()
        # `k < X && more`: X bounds k as well (both must hold)
        test = next((x for x in (counter_test(_strip(c), k) for c in _conjuncts(cond)) if x),
                    None)
        if any(self._counter_changed(frame, x.name, body) for x in
               (test[1] if test else cond).walk() if x.kind == "name" and x.name != k):
            return None, set()
        step, moved = _header_step(inc, k), self._counter_changed(frame, k, body)
        if step == "+" and test is not None and test[0] != "!=" and \
                (not moved or self.guarded_rewrite(frame, k, body, cond)):
            start = self._start_text(frame, init)
            start = self._rewritten_start(frame, k, body, start) if moved else start
            if start is not None:
                return (k, test[1], test[0] == "<=", start), set()
            return None, set()
        c = _strip(cond)
        down = c.kind == "binop" and len(c.children) == 2 and (
            c.op in (">", ">=") and _strip(c.children[0]).name == k or
            c.op in ("<", "<=") and _strip(c.children[1]).name == k)
        return None, ({k} if step == "-" and down and not moved else set())

    def _start_text(self, frame: _Frame, init: Node) -> str:
        """A for loop's start as text: the least number where the walk reads one (`-kOne`
        with kOne = 1: `-1`; `first`, given 0 and then -1: `-1`), as written otherwise
        (`hstart`); `0` where the header has none."""
        start = _start_node(init)
        v = self._start_value(frame, True)(start) if start is not None else 0
        return str(v) if v is not None else norm_text(start.text)

    def _rewritten_start(self, frame: _Frame, var: str, body: Node, start: str
                         ) -> Optional[str]:
        """The least a for counter holds in a body that rewrites it (`guarded_rewrite`): its
        start, or a value the body gives it that is less (`h = 0;` in a loop from 1: `0`),
        read as a start is (one the walk cannot read as 0, the convention an unread start
        has: `pw = inner_hi;`). None where a change may lower it by an amount the walk does
        not read: `--k`, `k -= e`, `k += e` or `k = k + e` of an e not read as at least 0, an
        unread value holding a subtraction or a negation (`k = 1 - width_`), a value that
        reads k itself or memory, also through the locals it names (`k = k - 1`, `k = 0 - k`,
        `lo = k - width_; k = lo;`, `k = bottom_data[n]`), `&k`, a reference bound to it."""
        read = self._start_value(frame, True)
        own = int(start) if re.fullmatch(r"-?\d+", start) else 0
        least = own
        for x in body.walk():
            if not _changes(x, var) or x.kind == "unop" and x.op in ("++", "post++"):
                continue
            if x.kind != "assign" or len(x.children) != 2 or x.op not in ("=", "+="):
                return None
            op, value = x.op, _strip(x.children[1])
            step = _added_to(value, var) if op == "=" else None
            op, value = ("+=", step) if step is not None else (op, value)
            if self._depends_on(frame, value, var, set()):
                return None
            v = read(value)
            if v is None and (op == "+=" or any(n.kind in ("binop", "unop") and n.op == "-"
                                                for n in value.walk())):
                return None  # `k = 1 - width_`: no padding idiom to trust, unlike a start
            if op == "+=" and v < 0:
                return None
            least = min(least, v if v is not None else 0) if op == "=" else least
        return start if least == own else str(least)

    def _depends_on(self, frame: _Frame, value: Node, var: str, seen: Set[str]) -> bool:
        """Does value read var, or memory, itself or through the values of the names it
        holds (each name followed once)?"""
        if _reads_memory(value) or any(n.kind == "name" and n.name == var
                                       for n in value.walk()):
            return True
        names = [n for n in value.walk() if n.kind == "name" and n.name not in seen]
        seen.update(n.name for n in names)
        return any(self._depends_on(frame, _strip(v), var, seen)
                   for n in names for v in self._values_of(frame, n) or [])

    def guarded_rewrite(self, frame: _Frame, var: str, body: Node, cond: Node) -> bool:
        """Is every change of a for loop's counter in its body a statement of its own followed
        at once by `if (k >= X) break;` (X the loop's bound, `k > X` under `<=`)? Then the
        counter stays under the bound wherever the body reads it (`pw = inner_hi;` to skip
        the windows inside the image, then `if (pw >= pooled_width) break;`)."""
        cond = _strip(cond)
        if cond.kind != "binop" or cond.op not in ("<", "<=") or len(cond.children) != 2 or \
                var in self.names_passed(body, frame.fn.file, True):
            return False
        guard = (">=" if cond.op == "<" else ">", var, norm_text(cond.children[1].text))
        sites = sum(_changes(x, var) for x in body.walk())
        guarded = 0
        for blk in (b for b in body.walk() if b.kind == "block"):
            for st, nxt in zip(blk.children, blk.children[1:]):
                # the statement is the change and nothing else (`k = skip;`, not
                # `top[++k] = v;`, which writes before the guard)
                guarded += _changes(st, var) and sum(_changes(x, var) for x in st.walk()) == 1 \
                    and _breaks_at(nxt, guard)
        return sites > 0 and sites == guarded

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

    def _step_why(self, frame: _Frame, names: set, loop_vars: set,
                  step_node: Optional[Node]) -> str:
        """Why the step itself gives no closed form ('' if it does): it depends on what
        changes per sample, is loaded from memory, or may be zero (`flag ? dim : 0`, a `bool`
        in it: every sample then reaches the same elements, and the slice it would prove is
        no sample's own)."""
        if names & loop_vars:
            return "the increment depends on a loop variable"
        if names & frame.inside:
            return f"the increment depends on {', '.join(sorted(names & frame.inside))}, " \
                   f"computed inside the loop"
        if step_node is not None and _reads_memory(step_node):
            return "the increment is loaded from memory"
        if names & self.eff.written_names:
            return f"the increment depends on " \
                   f"{', '.join(sorted(names & self.eff.written_names))}, which the loop changes"
        if step_node is not None and (
                maybe_zero(step_node, lambda v: self._values_of(frame, v)) or
                self._boolean(frame, step_node)):
            return f"the increment `{step_node.text.strip()}` may be zero: every sample " \
                   f"would reach the same elements"
        return ""

    def _idle(self, frame: _Frame) -> bool:
        """May an inner loop around a step run no time at all (a trip that may be zero or
        negative): then the pointer does not advance."""
        values = lambda v: self._values_of(frame, v)  # noqa: E731
        return any(self._clamps(frame)) or any(
            v in self.trip_bounds and not self.trip_bounds[v][1] and
            maybe_zero(self.trip_bounds[v][0], values) for v, _ in self.inner_vars)

    def settle_inductions(self, frame: _Frame) -> None:
        """After the walk, every access of the iteration known: a condition or inner trip
        that reads memory the loop writes changes per sample; and a step that may not run
        (under a condition, or in an inner loop that may run no time) proves each sample a
        slice of its own only for the accesses through the pointer that run only when it
        does (under the same condition, in the same inner loops)."""
        written = [a.root for a in self.eff.accesses if a.mode != "read"]
        memory = self._written_memory(frame, written)

        def varies(key: str) -> bool:  # reads memory the loop may write, by name or not
            return bool(_words(key) & memory) or any(
                self._may_be_written(r, written) for r in self._cond_reads.get(key, ()))
        for ind in self.eff.inductions:
            if ind.ok and any(varies(t) for t in ind.multiplier):
                ind.ok, ind.why = False, _TRIP_CHANGES
            elif ind.ok and any(varies(g) for g, _ in ind.guards):
                ind.ok, ind.why = False, _GUARD_CHANGES
        for var in dict.fromkeys(ind.var for ind in self.eff.inductions):
            steps = [ind for ind in self.eff.inductions if ind.var == var]
            why = self._stray_why(steps, written) if all(ind.ok for ind in steps) else ""
            for ind in steps if why else ():
                ind.ok, ind.why = False, why

    def note_reads(self, key: str, first: int) -> None:
        """The memory roots that a guard atom's or inner trip's condition reads: the
        accesses recorded since index `first`."""
        self._cond_reads.setdefault(key, set()).update(
            a.root for a in self.eff.accesses[first:])

    def _stray_why(self, steps, written: List[Root]) -> str:
        """Why an access through the pointer of these steps runs in an iteration that may
        not advance it ('' if none does): every step that would is under a condition the
        access is not under, or in an inner loop (one that may run no time) the access is
        not in; or the pointer steps forward and back, which may cancel. A read of memory
        the loop never writes reads the same in every sample, wherever the pointer is (the
        mask of `use_top_mask ? top_mask[i] : mask[i]`, each stepped under its flag)."""
        tag = "induction:" + steps[0].var
        signs = {ind.step.lstrip().startswith("-") for ind in steps}
        for a in self.eff.accesses:
            if tag not in a.offset.strides or \
                    len(signs) == 1 and any(_advances_for(ind, a) for ind in steps) or \
                    a.mode == "read" and not self._may_be_written(a.root, written):
                continue
            if len(signs) > 1:
                return f"it steps forward and back, which may cancel, and line {a.line} " \
                       f"reaches {a.root.name} through it: every sample may reach the same " \
                       f"elements"
            guarded = next((ind for ind in steps if not ind.guards <= a.guards), None)
            what = f"only if {guarded.condition}, but line {a.line} reaches {a.root.name} " \
                   f"through it also where that is false" if guarded is not None else \
                   f"in an inner loop that may run no time, but line {a.line} reaches " \
                   f"{a.root.name} through it outside that loop"
            return f"it advances {what}: then every sample reaches the same elements"
        return ""

    def _written_memory(self, frame: _Frame, written: List[Root]) -> set:
        """Pointer variables to memory the loop may write: declared writable (`Dtype*
        stat`), or pointing, const or not, to a root some access of the loop writes (the
        scratch it fills, an output, the input an output may be run in place on, a
        variable it assigns), or to memory of unknown root. A condition or trip reading
        through one may change per sample."""
        return {v for v, p in frame.ptrs.items()
                if not self._type_of(frame, v).lstrip().startswith("const") or
                any(self._may_be_written(c.root, written) for c in p.choices)}

    def _may_be_written(self, root: Root, written: List[Root]) -> bool:
        if root.kind == "scalar":
            return root.name in self.eff.written_names or any(
                s.name == root.name and s.mode != "read" for s in self.eff.scalars)
        if root.kind not in _KNOWN_ROOTS:
            return True
        redirected = {a for a, b, _buf, _line in self.eff.shared_buffers if b == sharing.ANY}
        if written and (root.name in redirected or sharing.ANY in redirected or
                        any(w.name in redirected for w in written)):
            return True  # a buffer set to other memory may be any other
        names = {root.name} | {b if a == root.name else a
                               for a, b, _buf, _line in self.eff.shared_buffers
                               if root.name in (a, b)}
        return any(w.kind not in _KNOWN_ROOTS or
                   any(_same_memory(Root(root.kind, n, root.buf), w) for n in names)
                   for w in written)

    def _type_of(self, frame: _Frame, name: str) -> str:
        """The declared type of a word of a guard, trip or step: a variable's or parameter's
        (`_declared`), else a member's."""
        return self._declared(frame, Node("name", 0, 0, 0, name, name=name)) or \
            self.program.field_type(self.cls, name)


def _conjuncts(e: Node) -> List[Node]:
    """The operands of `a && b && ...` (e itself when it is no conjunction)."""
    e = _strip(e)
    if e.kind == "binop" and e.op == "&&" and len(e.children) == 2:
        return _conjuncts(e.children[0]) + _conjuncts(e.children[1])
    return [e]


def _header_step(inc: Node, k: str) -> Optional[str]:
    """How a for loop's increment moves counter k: '+' (`++k`, `k++`, `k += 2`), '-' (`--k`,
    `k--`, `k -= 1`), or None (anything else, several steps)."""
    e = _strip(inc)
    if e.kind == "unop" and e.children and _strip(e.children[0]).name == k:
        return "+" if e.op in ("++", "post++") else "-" if e.op in ("--", "post--") else None
    if e.kind == "assign" and e.op in ("+=", "-=") and len(e.children) == 2 and \
            _strip(e.children[0]).name == k and _strip(e.children[1]).kind == "lit" and \
            literal_int(e.children[1].text) > 0:
        return "+" if e.op == "+=" else "-"
    return None


def _start_node(init: Node) -> Optional[Node]:
    """The first value of a for loop's variable (`0`, `-kOne`, `hstart`); None: none."""
    if init.kind == "decls" and init.children and init.children[0].children:
        return init.children[0].children[0]
    if init.kind == "assign" and len(init.children) == 2:
        return init.children[1]
    return None


def _breaks_at(st: Node, guard) -> bool:
    """Is st `if (k >= X) break;` (guard: the operator, k and X's text), with no else?"""
    if st.kind != "if" or len(st.children) != 2:
        return False
    c, then = _strip(st.children[0]), st.children[1]
    if then.kind == "block" and len(then.children) == 1:
        then = then.children[0]
    return c.kind == "binop" and len(c.children) == 2 and then.kind == "break" and \
        (c.op, _strip(c.children[0]).name, norm_text(c.children[1].text)) == guard


def _advances_for(ind, a: Access) -> bool:
    """Does this step advance the pointer in every iteration in which access a runs: under
    conditions a runs under too (they are loop-invariant), and, where an inner loop around
    the step may run no time, with a inside loops of the same (invariant) trips?"""
    trips = tuple(norm_text(t) for t in ind.multiplier)
    return ind.guards <= a.guards and (not ind.idle or a.nest[:len(trips)] == trips)


def _same_memory(a: Root, b: Root) -> bool:
    """May two roots be one memory: one name (data or diff alike), or an input and the
    output it may be run in place on (bottom[i] and top[i], or either indexed by a
    variable)? (Blobs that `ShareData` makes one are matched by _may_be_written.)"""
    return a.name == b.name or a.kind == b.kind == "io" and may_pair(a.name, b.name)


# roots a pointer's memory is known by; any other (unknown, alias, global) may be any memory
_KNOWN_ROOTS = ("io", "param", "member", "local", "private")
_TRIP_CHANGES = "an inner trip count changes from one iteration to the next"
_GUARD_CHANGES = "the increment is conditional on a value that changes from one iteration " \
                 "to the next"
_FLOATING = {"float", "double", "Dtype", "Ftype", "Btype", "half", "float16"}
_UNSIGNED = re.compile(r"\bunsigned\b|\buint\w*|\bsize_t\b|\bsize_type\b")


def _before_start(off: Offset) -> Offset:
    """A sample's pointer stepped back past its start (`--row`, `row -= 2` from `top + n *
    dim`): it points into the sample before."""
    return off.merged(Offset(shifted=True)) if off.partitioned and off.shift < 0 else off


def _continues(body: Node) -> bool:
    """Does body hold a `continue` of its own loop (not one of a loop nested in it)?"""
    nested = nested_ids(body)
    return any(x.kind == "continue" and id(x) not in nested for x in body.walk())


def _added_to(value: Node, var: str) -> Optional[Node]:
    """e where value is `var + e` or `e + var` (`k = k + 2` steps k as `k += 2` does)."""
    if value.kind == "binop" and value.op == "+" and len(value.children) == 2:
        a, b = (_strip(c) for c in value.children)
        if a.kind == "name" and a.name == var:
            return b
        if b.kind == "name" and b.name == var:
            return a
    return None
