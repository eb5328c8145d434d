"""Statements and the paths they run on: blocks, branches, inner loops, switch cases, try
handlers, and the exits that end a path (return, break, continue, goto, throw); the guard
atoms that name a path's conditions, and `covered`, the truth-table test that a write ran
before a read on every path.
"""
from __future__ import annotations

import re
from itertools import product
from typing import FrozenSet, List, Set, Tuple

from ..ir import Node
from . import extrema, gates
from .effects_model import OPAQUE, Access, Guard, Offset, _Frame
from .effects_syntax import (
    TESTS,
    _loop_var_and_trip,
    _words,
    changes,
    counter_test,
    declared_in,
    loop_counters_of,
    loop_start,
    negations,
)
from .shapes import norm_text
from .stdlib import owns_values

# statements the IR keeps as `other` nodes that the walker must see as statements
_STATEMENTS = ("GOTO_STMT", "INDIRECT_GOTO_STMT", "CXX_THROW_EXPR", "SWITCH_STMT", "CASE_STMT",
               "UNEXPOSED_INIT",
               "DEFAULT_STMT", "LABEL_STMT", "CXX_TRY_STMT", "CXX_CATCH_STMT", "CXX_FOR_RANGE_STMT")


class PathMixin:
    """The statement walk of `EffectWalker` (its state is set in effects.py)."""

    def guard_atom(self, frame: _Frame, cond: Node) -> Tuple[str, bool]:
        text, positive = negations(cond)
        # substitute bound parameters by the caller's argument text
        bound = None
        for name, b in frame.bindings.items():
            if isinstance(b, Node) and re.fullmatch(r"\w+", text) and text == name and \
                    self._same_truth(frame, name, b):
                text, same = negations(b)
                bound, positive = b, positive == same
        norm = norm_text(text)
        # a condition on a variable assigned since: another atom ("open" before and after
        # `open = ...` are two conditions)
        norm += self._version_marks(norm)
        norm += self._memory_version(frame, cond)
        self.atom_text.setdefault(norm, text)
        # spelled as at the loop: written in the loop's function, or a helper's parameter
        # the loop's function passed it (`forward_cpu_gemm(..., this->param_propagate_down_[0])`)
        spellable = gates.pure(cond) if frame is self._top_frame else \
            bound is not None and frame.caller is self._top_frame and gates.pure(bound)
        self.atom_spellable[norm] = self.atom_spellable.get(norm, True) and spellable
        return norm, positive

    def _same_truth(self, frame: _Frame, param: str, arg: Node) -> bool:
        """Does a condition on the parameter hold exactly when one on its argument does: a
        `bool` parameter, a comparison given, or the argument declared as the parameter is
        (an `int` given 0.5 is 0: a condition the argument's text would not spell)?"""
        def words(t: str) -> List[str]:  # `const int&` -> [int]
            return re.sub(r"\b(const|volatile)\b|&", " ", t).split()
        want = words(self._param_type(frame, param))
        a = arg
        while a.kind == "paren" and a.children:
            a = a.children[0]
        if want == ["bool"] or (a.kind == "binop" and a.op in TESTS) or \
                (a.kind == "unop" and a.op == "!"):
            return True
        caller = frame.caller
        got = self._declared(caller, a) if caller is not None and a.kind in ("name", "member") \
            else ""
        return bool(want) and words(got) == want

    def _memory_version(self, frame: _Frame, cond: Node) -> str:
        """What makes a condition that reads memory another one after that memory is
        written (`if (top[i] > 0)` before and after a store to top): the writes so far to
        what its pointers and own containers point to. A variable whose address is taken
        or to which a reference is bound may change unseen: a condition on it is a
        condition of its own, at each test."""
        words = _words(cond.text)
        if words & self._aliased:
            return f"@{cond.start}"
        labels = set()
        for w in words:
            labels |= {c.root.label() for c in frame.ptrs[w].choices} if w in frame.ptrs \
                else {w}
        return "".join(f"#w{self._root_versions[x]}:{x}" for x in sorted(labels)
                       if self._root_versions.get(x))

    def walk(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int,
             in_inner_loop: bool = False):
        """Record the accesses of statement n, run under guards, depth calls below the loop.
        in_inner_loop: a break or continue here targets a loop or switch inside the body."""
        case = _STATEMENT_CASES.get(n.kind)
        if case is None or (n.kind == "other" and n.name not in _STATEMENTS):
            self.expr(frame, n, guards, depth, statement=True)
        else:
            getattr(self, case)(frame, n, guards, depth, in_inner_loop)

    def _walk_decls(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int,
                    in_inner_loop: bool):
        """Declarations: each initializer's reads, then the variable declared. An object
        constructed from pointers (`std::vector<Dtype> v(p, p + k)`) may read through them:
        what they point to is read at offsets that cannot be split."""
        for d in n.children:
            if d.kind == "decl":
                init = d.children[0] if d.children else None
                if init is not None and _constructed(d, init):
                    if owns_values(d.type):
                        self.own_may_throw(frame, init, "", init.children)
                    self._own_arguments(frame, init, init.children, guards, depth)
                elif init is not None:
                    self.expr(frame, init, guards, depth)
                self._declare(frame, d, outer=False)
                frame.decl_guards[d.name] = frozenset(guards)

    def _walk_loop_statement(self, frame: _Frame, n: Node, guards: FrozenSet[Guard],
                             depth: int, in_inner_loop: bool):
        """A for, while or do loop inside the body (see `_walk_inner_loop`)."""
        self._walk_inner_loop(frame, n, guards, depth)

    def _walk_return(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int,
                     in_inner_loop: bool):
        """A return: an early exit of the loop's function, or the end of a callee; what it
        returns is evaluated either way (`return scratch_sum(0);` of a method liveness walks
        as an entry reads the scratch)."""
        for c in n.children:
            self.expr(frame, c, guards, depth)
        if depth == 0:
            self.eff.early_exits.append(f"return at line {n.line}")
        else:  # a callee's return ends the callee, not the loop
            frame.returns.append(frozenset(guards))

    def _walk_continue(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int,
                       in_inner_loop: bool):
        """A continue: the rest of this iteration (of the batch loop or an inner loop) is
        skipped."""
        frame.skips.append(frozenset(guards))

    def _walk_omp(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int,
                  in_inner_loop: bool):
        """An OpenMP directive: the loop is parallel already; its statements are walked."""
        self.eff.omp = True
        for c in n.children:
            self.walk(frame, c, guards, depth, in_inner_loop)

    def _walk_null(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int,
                   in_inner_loop: bool):
        """An empty statement: nothing to record."""

    def _break(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int,
               in_inner_loop: bool):
        """A break leaves the batch loop (an early exit), an inner loop (whose later
        iterations then do not run: its trip count is no longer known) or a switch."""
        if not in_inner_loop or not self._breakables:
            if depth == 0:
                self.eff.early_exits.append(f"break at line {n.line}")
            else:  # a helper's loop we cannot see the bounds of
                self.eff.early_exits.append(f"break at line {n.line} in a helper")
            return
        what, lines = self._breakables[-1]
        lines.append(n.line)
        if what == "loop":  # a switch's break ends its case: the cases are opaque already
            frame.skips.append(frozenset(guards))

    def _walk_other(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int,
                    in_inner_loop: bool):
        """Statements the IR keeps as `other`: goto and throw leave the iteration where no
        guard can say; a switch's cases, a label's statement and a try's handlers run under
        conditions with no C++ spelling here."""
        where = f"line {n.line}" + ("" if depth == 0 else " in a helper")
        if n.name in ("GOTO_STMT", "INDIRECT_GOTO_STMT"):
            self.eff.early_exits.append(f"goto at {where}")
            return
        if n.name == "CXX_THROW_EXPR":
            self.eff.early_exits.append(f"throw at {where}")
            return
        if n.name == "UNEXPOSED_INIT":  # lower_nodes: a switch's or range-for's init
            self.eff.unknown_calls.append(f"`{n.text.strip()[:60]}`, an init statement the "
                                          f"parser does not expose, at {where}")
            return
        if n.name == "SWITCH_STMT" and n.children:
            self.expr(frame, n.children[0], guards, depth)
            self._breakables.append(("switch", []))
            self._walk_cases(frame, n, guards, depth)
            self._breakables.pop()
            return
        if n.name == "CXX_FOR_RANGE_STMT" and n.children:
            self._walk_range_for(frame, n, guards, depth)
            return
        if n.name in ("CASE_STMT", "DEFAULT_STMT", "LABEL_STMT") and n.children:
            self.walk(frame, n.children[-1], guards, depth, in_inner_loop)
            return
        if n.name == "CXX_TRY_STMT":  # a throw may skip any part of the block
            self._catching.append(_caught(n))  # what the block's calls throw, if caught
            self._opaque(frame, n.children[0], guards | {(f"{OPAQUE}try@{n.line}", True)},
                         depth, in_inner_loop)
            self._catching.pop()
            for c in n.children[1:]:
                self._opaque(frame, c, guards | {(f"{OPAQUE}catch@{c.line}", True)}, depth)
            return
        for c in n.children:  # CXX_CATCH_STMT and the like: their statements
            self.walk(frame, c, guards, depth, in_inner_loop)

    def _walk_cases(self, frame: _Frame, switch: Node, guards: FrozenSet[Guard], depth: int):
        """A switch's body: the statements from each case label on run under a condition of
        their own (a case entered directly skips what the cases above it wrote, so no write
        of one case proves anything for another)."""
        body = switch.children[-1]
        stmts = body.children if body.kind == "block" else [body]
        g = guards | {(f"{OPAQUE}switch@{switch.line}", True)}
        for stmt in stmts:
            inner = stmt
            while inner.kind == "other" and inner.name in ("CASE_STMT", "DEFAULT_STMT") and \
                    inner.children:
                g = guards | {(f"{OPAQUE}case@{inner.line}:{inner.start}", True)}
                inner = inner.children[-1]
            self.walk(frame, inner, g, depth, True)

    def _opaque(self, frame: _Frame, stmt: Node, guards: FrozenSet[Guard], depth: int,
                in_inner_loop: bool = True):
        """A statement whose paths the guards cannot express (a catch handler, entered from
        anywhere in its try block; a try block, left from anywhere): its writes prove
        nothing."""
        self._inexact += 1
        self.walk(frame, stmt, guards, depth, in_inner_loop)
        self._inexact -= 1

    def _walk_block(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int,
                    in_inner_loop: bool):
        """A block's statements in order; after a callee's conditional return, or a
        conditional continue or break, the rest runs under the negated condition."""
        cur = guards
        for c in n.children:
            before = len(frame.returns), len(frame.skips)
            self.walk(frame, c, cur, depth, in_inner_loop)
            for left in frame.returns[before[0]:] + frame.skips[before[1]:]:
                extra = left - cur
                if not extra:
                    return  # the rest of this block never runs
                if len(extra) == 1 and not next(iter(extra))[0].startswith(OPAQUE):
                    atom, pos = next(iter(extra))
                    cur = cur | {(atom, not pos)}
                else:  # cannot express "not (a and b)": later writes prove nothing
                    self._inexact += 1
                    frame.inexact_blocks += 1

    def _walk_if(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int,
                 in_inner_loop: bool):
        """Each branch of an if under its condition (only the one taken when it is constant)."""
        if self._extremum(frame, extrema.from_if(n), guards, depth, n.line):
            return
        if not 2 <= len(n.children) <= 3 or n.children[0].kind in ("decl", "decls"):
            # an init or declared condition the lowering left in place (a macro's if)
            self.eff.unknown_calls.append(f"an if statement at line {n.line} not understood")
            return
        cond, first = n.children[0], len(self.eff.accesses)
        self.expr(frame, cond, guards, depth)
        atom = self.guard_atom(frame, cond)
        self.note_reads(atom[0], first)
        if frame is self._top_frame and not guards and not self.inner_vars:
            self.atom_every_iteration.add(atom[0])  # tested by every iteration, first thing
        if atom[0] in ("true", "false"):
            taken = (atom[0] == "true") == atom[1]
            branch = n.children[1] if taken else (n.children[2] if len(n.children) > 2 else None)
            if branch is not None:
                self.walk(frame, branch, guards, depth, in_inner_loop)
            return
        self.walk(frame, n.children[1], guards | {atom}, depth, in_inner_loop)
        if len(n.children) > 2:
            self.walk(frame, n.children[2], guards | {(atom[0], not atom[1])}, depth,
                      in_inner_loop)

    def _walk_inner_loop(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int):
        """A loop inside the body: its header's names are the iteration's own, and a for
        loop's variable and trip count are known while its body is walked. A break out of
        it makes its trip count unknown: the pointers it advances are no inductions. Its
        continues and breaks end at its end."""
        self.eff.has_inner_loop = True
        skips = len(frame.skips)
        # what its continues and breaks make inexact ends with it (a callee's return in it
        # is seen again, under its conditions, by the blocks around the loop)
        inexact = self._inexact, frame.inexact_blocks
        first = len(self.eff.inductions)
        moved_before, self._moved_in_loop = self._moved_in_loop, set()
        counters = set(frame.loop_counters)
        frame.loop_counters |= loop_counters_of(n) - \
            declared_in(n.children[0 if n.kind == "do" else -1])
        self._breakables.append(("loop", []))
        if n.kind == "for":
            self._walk_for(frame, n, guards, depth)
        else:  # while and do: no countable trip
            self.inner_vars.append(("?", "?"))
            bounds = dict(self.trip_bounds)
            self._bound_while(frame, n)
            self._loop_reach(frame, n)
            for c in n.children:
                if c.kind in ("block", "expr_stmt") or c is n.children[-1]:
                    self.walk(frame, c, guards, depth, True)
                else:
                    self.expr(frame, c, guards, depth)
            self.inner_vars.pop()
            self.trip_bounds = bounds
        _, breaks = self._breakables.pop()
        frame.loop_counters = counters | (frame.loop_counters - declared_in(n))
        self._lose_moved(frame, moved_before)
        del frame.skips[skips:]
        self._inexact, frame.inexact_blocks = inexact
        if breaks:
            for ind in self.eff.inductions[first:]:
                if ind.ok:
                    ind.ok, ind.why = False, (f"the inner loop around it can end early "
                                              f"(break at line {breaks[0]})")

    def _lose_moved(self, frame: _Frame, moved_before: Set[str]):
        """After an inner loop: a pointer of the iteration that it moved (`*q++` a whole
        trip of `dim` steps) may point anywhere, the next sample included."""
        for name in self._moved_in_loop:
            if name in frame.ptrs:
                frame.ptrs[name] = frame.ptrs[name].plus(Offset(opaque=True))
        self._moved_in_loop = moved_before | self._moved_in_loop

    def _walk_for(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int):
        """A for loop inside the body: its variable and trip count are known while its body
        is walked; its header's effects are walked where they run."""
        init, cond, inc, body = n.children
        var, trip = _loop_var_and_trip(n)
        own = {var} if var else set()
        for d in init.walk():
            if d.kind == "decl":
                frame.inside.add(d.name)
                self._decl_types[d.name] = d.type
                own.add(d.name)
        if init.kind != "null":
            self.expr(frame, init, guards, depth, loop_header=True)
        if changes(cond):  # run once more than the body: no closed form from it
            self.inner_vars.append(("?", "?"))
            self._walk_header_part(frame, cond, own, guards, depth)
            self.inner_vars.pop()
        elif cond.kind != "null":
            first = len(self.eff.accesses)
            self.expr(frame, cond, guards, depth, loop_header=True)
            self.note_reads(trip or "?", first)
        # a counter the body also changes (`++k` in the body, `k = dim_` to leave): the
        # trip is not the header's, so nothing it steps has a closed form from it
        # a bound the body changes (`lim = dim + 1;` in it) bounds nothing either
        rewritten = bool(var) and (self._counter_changed(frame, var, body) or any(
            self._counter_changed(frame, x.name, body) for x in cond.walk()
            if x.kind == "name" and x.name != var))
        # `j < dim_ * ratio_`: no whole count to multiply a step by (the bound still bounds)
        test = counter_test(cond, var) if var and trip else None
        fraction = test is not None and self._fractional(frame, test[1])
        self.inner_vars.append(("?", "?") if rewritten or fraction or cond.kind == "null"
                               else (var or "?", trip or "?"))
        counted, bounds = dict(self.counted), dict(self.trip_bounds)
        from_zero = set(self.from_zero)
        if var and trip and not rewritten:
            self.counted[var] = norm_text(trip)
        self.from_zero.discard(var)  # `buf[v]` fills [0, trip) only from 0 (`Offset.span`)
        if var and trip and not rewritten and loop_start(n)[1] == "0":
            self.from_zero.add(var)
        header = own | ({init.children[0].name} if init.kind == "assign" and init.children
                        and init.children[0].kind == "name" else set())
        bound, held = self.header_bound(frame, n, header)
        if bound is not None:
            self.trip_bounds[bound[0]] = bound[1:]
        frame.loop_counters -= held
        self._loop_reach(frame, n)
        self.walk(frame, body, guards, depth, True)
        self._walk_header_part(frame, inc, own, guards, depth)
        frame.loop_counters |= held
        self.counted, self.trip_bounds, self.from_zero = counted, bounds, from_zero
        self.inner_vars.pop()

    def _walk_header_part(self, frame: _Frame, part: Node, own: Set[str],
                          guards: FrozenSet[Guard], depth: int):
        """A for loop's condition or increment, run in every iteration of that loop: what
        steps the loop's own variables is its header's; anything else (`++out` in
        `++k, ++out`, a call, a member bumped) is an effect of the iteration like a
        statement of its body."""
        for e in _comma_operands(part):
            target = e.children[0] if e.kind in ("unop", "assign") and e.children else None
            mine = target is not None and target.kind == "name" and target.name in own
            self.expr(frame, e, guards, depth, loop_header=mine, statement=True)


def _comma_operands(e: Node) -> List[Node]:
    """The operands of a comma expression, in order (e itself when it is none)."""
    if e.kind == "null":
        return []
    if e.kind == "binop" and e.op == "," and len(e.children) == 2:
        return _comma_operands(e.children[0]) + _comma_operands(e.children[1])
    return [e]


# walk's handlers by statement kind (an `other` one only when named in _STATEMENTS); any
# other node is an expression statement
_STATEMENT_CASES = {"block": "_walk_block", "decls": "_walk_decls", "if": "_walk_if",
                    "for": "_walk_loop_statement", "while": "_walk_loop_statement",
                    "do": "_walk_loop_statement", "return": "_walk_return", "break": "_break",
                    "continue": "_walk_continue", "omp": "_walk_omp", "null": "_walk_null",
                    "other": "_walk_other"}


def covered(read, writes: List[Access], strict: bool = False) -> bool:
    """True when on every path where `read` runs, some earlier write of its root ran
    (`strict`: one at the read's constant offset, or the whole Blob)."""
    earlier = [w for w in writes if w.order < read.order and w.exact and not w.loose and
               _nest_covers(w.nest, read.nest) and not _elsewhere(w, read, strict)]
    if not earlier:
        return False
    atoms = sorted({a for a, _ in read.guards} | {a for w in earlier for a, _ in w.guards})
    if len(atoms) > 12:
        return False
    for values in product((False, True), repeat=len(atoms)):
        env = dict(zip(atoms, values))
        if not all(env[a] == pos for a, pos in read.guards):
            continue
        if not any(all(env[a] == pos for a, pos in w.guards) for w in earlier):
            return False
    return True


def _elsewhere(write, read, strict: bool = False) -> bool:
    """Can write not fill what read reads? A one-element store (`b[0] = x`, a copy of 1)
    fills no other fixed place, and no block or inner-indexed read (`s[k]`, `k < dim`); a
    block written at another constant offset than the read's (`pad + 1` against `pad[k]`)
    fills it only when it is the whole Blob; a block written shorter than it is spelled
    (`dim - 1`, `dim / 2`) fills no other read. An element store inside inner loops fills
    what they reach only at a counter from 0 alone (`Offset.span`); a store at an index read
    from data fills only a read at the same index."""
    wo, ro = getattr(write, "offset", None), getattr(read, "offset", None)
    if wo is None or ro is None:
        return False
    if wo.inner and not wo.span and not getattr(write, "block", False):
        return True  # `k / 2`, `k % 4`, `std::min(k, 3)`, `perm_[k]`, k from 1: part only
    if wo.data and wo != ro:
        return True
    whole = write.extent.split("#")[0].endswith("count()") and not wo.terms
    if strict and not whole and not wo.depends and not _one_element(write) and \
            (ro.data or (ro.inner and not ro.span and not read.block)):
        return True  # through an index table, or at `t + j` (two inner indices): past it
    if any(o.data or o.depends for o in (wo, ro)):
        return False
    terms_differ = sorted(t for t in wo.terms if t != "0") != sorted(t for t in ro.terms
                                                                      if t != "0")
    if _one_element(write):
        return not _one_element(read) or terms_differ
    if strict and terms_differ and not whole:
        return True  # `caffe_copy(dim, x, pad + 1)` fills no `pad[k]` nor `pad[k + 2]`
    size = read.extent if read.block else read.offset.span
    if strict and write.block and size and size != write.extent and not whole:
        return True  # `caffe_copy(channels, x, s)` then `caffe_copy(dim, s, y)` or `s[k]`
    return write.short and write.extent != read.extent


def _one_element(a) -> bool:
    """A store or read of one element at a place fixed for the iteration."""
    return not a.offset.inner and (a.extent == "1" or (a.extent == "" and a.via in _STORES))


_STORES = ("=", "+=", "-=", "*=", "/=", "*", "[]")  # direct stores and reads


def _nest_covers(write: Tuple[str, ...], read: Tuple[str, ...]) -> bool:
    """Can a write inside inner loops of trips `write` fill what a read inside loops `read`
    reads? Beyond the loops they share, the read is outside the write's loops (which run
    whole: their trips are fixed), or the write is outside the read's, or both run in loops
    of the same trips."""
    c = 0
    while c < min(len(write), len(read)) and write[c] == read[c]:
        c += 1
    return not read[c:] or not write[c:] or write[c:] == read[c:]


def _constructed(decl: Node, init: Node) -> bool:
    """Is decl an object (not a pointer or reference) built by a constructor call from a
    list of arguments (`T v(a, b)`, also unresolved in a template: a parenthesized list)?"""
    if "*" in decl.type or "&" in decl.type:
        return False
    return init.kind == "construct" or (init.kind == "other" and
                                        init.name in ("UNEXPOSED_EXPR", "PAREN_LIST_EXPR") and
                                        init.text.lstrip().startswith("("))


def _caught(try_stmt: Node) -> Set[str]:
    """The exception types a try statement's handlers take, without `std::`, `const` and
    `&` ('...' for a catch-all)."""
    out: Set[str] = set()
    for c in try_stmt.children[1:]:
        decls = [k for k in c.children if k.kind == "decl"]
        if c.name == "CXX_CATCH_STMT":
            out.add(decls[0].type.replace("std::", "").replace("const", "").strip(" &")
                    if decls else "...")
    return out

