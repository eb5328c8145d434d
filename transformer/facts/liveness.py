"""Is scratch dead after a loop? Where something reads what the loop left in a buffer.

A privatized buffer gets a private copy per thread inside the region; the shared one keeps
what it held before. That is only right when nothing reads the shared buffer's contents
after the region before overwriting them: not the rest of the function, not the function's
next call (all of it but the loop, whichever branch it takes), not the class's other
methods (Backward reading what Forward left), not a subclass's or a mixin's, and not code
outside the class through a method that hands the member out or through a public member.
`ReadsAfter.of` answers, per buffer, with the first such read found.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Dict, List, Optional, Set, Tuple

from ..ir import FunctionIR, Node
from . import reach
from .classes import ENTRY_METHODS, Program
from .effects import Access, EffectWalker, covered
from .mathlib import BLOB_SHAPE_METHODS
from .shapes import ShapeOracle

SCRATCH_KINDS = ("member", "local")


class ReadsAfter:
    """The reads of scratch buffers that see what an earlier loop left in them, for the
    loops of one class (its methods are walked once)."""

    def __init__(self, program: Program, cls: str, oracle_for):
        self.program, self.cls, self.oracle_for = program, cls, oracle_for
        self._methods: Optional[Dict[Tuple[str, int], Tuple[FunctionIR, List[Access]]]] = None
        self._handed: Optional[Dict[str, str]] = None
        self._shadow: Optional[Dict[str, str]] = None
        self._declared: Dict[Tuple[str, int], Dict[str, Set[str]]] = {}
        self._oracles: Dict[Tuple[str, int], ShapeOracle] = {}
        self._family_fns: Optional[List[FunctionIR]] = None
        # the class, its bases, the classes derived from it, and the mixins (a `template
        # <class B> class WithReport : public B` may be put over this class)
        self.classes = program.ancestry(cls) + program.descendants(cls) + program.mixins()

    def oracle(self, fn: FunctionIR) -> ShapeOracle:
        key = (fn.file, fn.start)
        if key not in self._oracles:
            self._oracles[key] = self.oracle_for(fn)
        return self._oracles[key]

    def of(self, fn: FunctionIR, loop: Node, before: List[Node]) -> Dict[str, str]:
        """Buffer name -> where it is read with what the loop left in it."""
        out: Dict[str, str] = {}
        skip = (fn.file, loop.line, loop.line + loop.text.count("\n"))
        after, loops_around = _statements_after(fn.body, loop)
        # the rest of this call (and, in a loop around it, the next rounds of that loop)
        _merge(out, _uncovered(self._walk(fn, before, after + loops_around), fn,
                               "later in", skip, SCRATCH_KINDS))
        # the next call: the whole function but the loop, whichever branch it takes then (the
        # statements before the loop, an if's condition around it, its other branch; a local
        # Blob is new each call)
        _merge(out, _uncovered(self._walk(fn, [], _without(fn.body, loop).children), fn,
                               "in the next call of", skip, ("member",)))
        for (file, start), (other, accesses) in self._method_reads().items():
            if (file, start) != (fn.file, fn.start):
                _merge(out, _uncovered(accesses, other, "in", skip, ("member",)))
        _merge(out, self._handed_out())
        _merge(out, self._shadowed())
        return out

    def _shadowed(self) -> Dict[str, str]:
        """Member names two classes of the family declare (a subclass's scratch hiding a
        base's Blob): a helper's `buf_` may be the other class's, which the rewrite, keyed by
        name, would privatize too."""
        if self._shadow is None:
            owners: Dict[str, List[str]] = {}
            for c in dict.fromkeys(self.classes):
                if c in self.program.classes:
                    for f in self.program.classes[c].fields:
                        owners.setdefault(f.name, []).append(c)
            self._shadow = {name: f"a member of {cs[0]} and of {cs[1]} by that name"
                            for name, cs in owners.items() if len(cs) > 1}
        return self._shadow

    def _walk(self, fn: FunctionIR, before: List[Node], stmts: List[Node]) -> List[Access]:
        if not stmts:
            return []
        eff = EffectWalker(self.program, self.cls, self.oracle(fn)).analyze_statements(
            fn, before, stmts)
        return sorted(eff.accesses, key=lambda a: a.order)

    # --------------------------------------------------------------------------------
    def _family(self) -> List[FunctionIR]:
        """Every method body of the class, its bases and the classes derived from it."""
        if self._family_fns is None:
            seen: Set[Tuple[str, int]] = set()
            self._family_fns = []
            functions = sorted(self.program.functions.items())
            for c in self.classes:
                for key, defs in functions:
                    if key.startswith(c + "::"):
                        for fn in defs:
                            if (fn.file, fn.start) not in seen and fn.body is not None:
                                seen.add((fn.file, fn.start))
                                self._family_fns.append(fn)
        return self._family_fns

    def _method_reads(self) -> Dict[Tuple[str, int], Tuple[FunctionIR, List[Access]]]:
        """Per method of the family that starts a call chain (an entry such as Forward_cpu,
        a public method, or a method no other method of the family calls): its accesses, in
        order. Other helpers are walked from their callers, with their arguments bound."""
        if self._methods is None:
            self._methods = {}
            family = self._family()
            indirect = reach.indirect_methods(
                family, self.program.naming({fn.name for fn in family}),
                [f for c in self.classes if c in self.program.classes
                 for f in self.program.classes[c].fields],
                set(self.classes), set(self.program.classes), self._may_be_family)
            for fn in family:
                if fn.name not in ENTRY_METHODS and not self._public(fn) and \
                        fn.name not in indirect and any(
                            g is not fn and fn.name in _own_calls(g) for g in family):
                    continue  # a helper: walked from its callers, its arguments bound
                self._methods[(fn.file, fn.start)] = (fn, self._walk(fn, [], fn.body.children))
        return self._methods

    def _may_be_family(self, fn: FunctionIR, obj: Node) -> bool:
        """May the object `obj.member` names outside the family be of a class of the family:
        not when it is a variable or parameter declared as another class of the tree."""
        while obj.kind in ("unop", "cast", "paren") and obj.op in ("*", "") and obj.children:
            obj = obj.children[-1]  # `(*this).f`, `static_cast<D*>(this)->f`
        if obj.kind == "this":  # in code outside the family: its own object
            return fn.cls in self.classes
        if obj.kind == "member" and (obj.op == "implicit" or (
                obj.children and obj.children[0].kind == "this")):  # `layer_->`: its type
            named = set(re.findall(r"\w+", self.program.field_type(fn.cls, obj.name))) & \
                set(self.program.classes)
            return not named or bool(named & set(self.classes))
        if obj.kind != "name":
            return True
        key = (fn.file, fn.start)
        if key not in self._declared:  # the words of each parameter's and local's type
            declared: Dict[str, Set[str]] = {}
            for name, t in [(p.name, p.type) for p in fn.params] + \
                    [(d.name, d.type) for d in fn.body.walk() if d.kind == "decl"]:
                declared.setdefault(name, set()).update(re.findall(r"\w+", t))
            self._declared[key] = declared
        named = self._declared[key].get(obj.name, set()) & set(self.program.classes)
        return not named or bool(named & set(self.classes))

    def _public(self, fn: FunctionIR) -> bool:
        """May code outside the family call this method (public, or its class unknown)?"""
        c = self.program.classes.get(fn.cls)
        return c is None or c.access.get(fn.name, "public") == "public"

    def _handed_out(self) -> Dict[str, str]:
        """Members a method of the family returns (a reference, a pointer, its data), and
        members that code outside the family names on an object."""
        if self._handed is not None:
            return self._handed
        self._handed = {}
        family = self._family()
        members = {f.name for c in self.classes if c in self.program.classes
                   for f in self.program.classes[c].fields}
        for fn in family:
            for n in fn.body.walk():
                if n.kind == "return":
                    for name in _members_named(n, members):
                        self._handed.setdefault(
                            name, f"handed out by {fn.key} (line {n.line} of {fn.file})")
        for name, where in _escapes(family, [f for c in self.classes
                                             if c in self.program.classes
                                             for f in self.program.classes[c].fields]).items():
            self._handed.setdefault(name, where)
        ids = {(fn.file, fn.start) for fn in family}
        for fn in self.program.naming(members):
            if (fn.file, fn.start) in ids:
                continue
            for n in fn.body.walk():
                if n.kind == "member" and n.name in members and n.children and \
                        n.children[0].kind != "this" and \
                        self._may_be_family(fn, n.children[0]):
                    self._handed.setdefault(
                        n.name, f"named outside the class, in {fn.key} (line {n.line} "
                                f"of {fn.file})")
        return self._handed


def _escapes(family: List[FunctionIR], fields) -> Dict[str, str]:
    """Blob members reachable by another name, whose reads liveness cannot see: one named
    as an object (`&buf_`, `view_.ShareData(buf_)`, `list_.push_back(&buf_)`, the receiver
    of ShareData), one a member's initializer names (`Blob& last_ = buf_`), every one when
    the family has a member that is a reference to a Blob (a constructor may bind it), and
    the elements of a member array indexed by a variable anywhere (`bufs_[which]`)."""
    blobs = {f.name for f in fields if "Blob" in f.type and "*" not in f.type}
    out: Dict[str, str] = {}
    refs = [f for f in fields if "Blob" in f.type and "&" in f.type]
    for f in fields:
        for name in blobs & set(re.findall(r"\w+", f.init)) if f.init else ():
            out.setdefault(name, f"named by member {f.name}'s initializer")
    for f in refs:
        for name in blobs:
            out.setdefault(name, f"member {f.name} is a reference to a Blob")
    for fn in family:
        for name, line in _named_as_object(fn.body, blobs) + _kept_in_member(fn.body, blobs):
            out.setdefault(name, f"named as an object at line {line} of {fn.file}, in {fn.key}")
    for name, where in _indexed_by_variable(family, blobs).items():
        out.setdefault(name, where)
    return out


def _own_calls(fn: FunctionIR) -> Set[str]:
    """The names fn calls as methods of its own object (`f(...)`, `this->f(...)`), not on
    another object (`buf_.Reshape(...)` is the Blob's)."""
    out: Set[str] = set()
    for n in fn.body.walk():
        if n.kind == "call" and n.children:
            callee = n.children[0]
            if callee.kind != "member" or not callee.children or \
                    callee.children[0].kind == "this":
                out.add(n.name)
    return out


def _without(body: Node, loop: Node) -> Node:
    """A copy of body with `loop` replaced by an empty statement."""
    if body is loop:
        return Node("null", loop.start, loop.start, loop.line, "")
    if not any(x is loop for x in body.walk()):
        return body
    return dataclasses.replace(body, children=[_without(c, loop) for c in body.children])


def _named_as_object(body: Node, blobs: Set[str]) -> List[Tuple[str, int]]:
    """Blob members named other than as the receiver of a method call (or as ShareData's
    or ShareDiff's receiver, which then shares memory with its argument)."""
    out: List[Tuple[str, int]] = []

    def visit(n: Node, parent: Optional[Node], grand: Optional[Node]) -> None:
        named = _member_name(n)
        if named in blobs:
            receiver = parent is not None and parent.kind == "member" and \
                grand is not None and grand.kind == "call" and grand.children and \
                grand.children[0] is parent
            if not receiver or grand.name in ("ShareData", "ShareDiff"):
                out.append((named, n.line))
        for c in n.children:
            visit(c, n, parent)
    visit(body, None, None)
    return out


_BUFFERS = ("cpu_data", "mutable_cpu_data", "cpu_diff", "mutable_cpu_diff")


def _kept_in_member(body: Node, blobs: Set[str]) -> List[Tuple[str, int]]:
    """Blob members whose buffer a member keeps (`cache_ = buf_.mutable_cpu_data()`): read
    through it anywhere, unseen."""
    out: List[Tuple[str, int]] = []
    for n in body.walk():
        if n.kind == "assign" and len(n.children) == 2 and _member_name(n.children[0]):
            for c in n.children[1].walk():
                if c.kind == "call" and c.name in _BUFFERS and c.children and \
                        c.children[0].kind == "member" and c.children[0].children and \
                        _member_name(c.children[0].children[0]) in blobs:
                    out.append((_member_name(c.children[0].children[0]), n.line))
    return out


def _indexed_by_variable(family: List[FunctionIR], blobs: Set[str]) -> Dict[str, str]:
    """`A[i]` of a member array of Blobs with an index that is not a literal, anywhere in
    the family: every element named elsewhere by a literal (`A[0]`, the names a plan can
    privatize) may be the one it reads."""
    variable: Dict[str, str] = {}
    elements: Set[Tuple[str, str]] = set()
    for fn in family:
        for n in fn.body.walk():
            if n.kind == "index" and len(n.children) == 2 and \
                    _member_name(n.children[0]) in blobs:
                arr, index = _member_name(n.children[0]), n.children[1]
                if index.kind == "lit":
                    elements.add((arr, index.text.strip()))
                else:
                    variable.setdefault(arr, f"{arr} indexed by a variable in {fn.key}")
    return {f"{arr}[{i}]": variable[arr] for arr, i in sorted(elements) if arr in variable}


def _member_name(n: Node) -> str:
    if n.kind == "member" and (not n.children or n.children[0].kind == "this"):
        return n.name  # `buf_` or `this->buf_`
    return n.name if n.kind == "name" and n.ref == "field" else ""


def _uncovered(accesses: List[Access], fn: FunctionIR, where: str,
               skip: Tuple[str, int, int], kinds: Tuple[str, ...]) -> Dict[str, str]:
    """Buffers (of root kinds `kinds`) that the accesses, in order, read before writing
    them; what the loop `skip` (file, first and last line) does itself is left out."""
    writes: Dict[str, List[Access]] = {}
    out: Dict[str, str] = {}
    for a in accesses:
        if a.root.kind not in kinds or (a.file == skip[0] and skip[1] <= a.line <= skip[2]):
            continue
        if a.mode == "write":
            writes.setdefault(a.root.name, []).append(a)
        elif a.root.name not in out and not covered(a, writes.get(a.root.name, [])):
            out[a.root.name] = f"line {a.line} of {a.file}, {where} {fn.key}"
    return out


def _merge(out: Dict[str, str], more: Dict[str, str]) -> None:
    for k, v in more.items():
        out.setdefault(k, v)


def _members_named(ret: Node, members: Set[str]) -> List[str]:
    """Members a return statement hands out: named other than as the receiver of a shape
    query (`return col_buffer_.count();` hands out nothing)."""
    out = []

    def visit(n: Node, parent: Optional[Node], grand: Optional[Node]) -> None:
        named = (n.kind == "member" and n.name in members) or \
            (n.kind == "name" and n.ref == "field" and n.name in members)
        if named:
            shape_query = parent is not None and parent.kind == "member" and grand is not None \
                and grand.kind == "call" and grand.name in BLOB_SHAPE_METHODS - {"data"}
            if not shape_query:
                out.append(n.name)
        for c in n.children:
            visit(c, n, parent)
    for c in ret.children:
        visit(c, ret, None)
    return out


def _statements_after(body: Node, loop: Node) -> Tuple[List[Node], List[Node]]:
    """The statements of the function that run after `loop` in the same call, outermost
    last; and the bodies of the loops around it (their next rounds run it again)."""
    after: List[Node] = []
    around: List[Node] = []

    def visit(n: Node) -> bool:
        if n is loop:
            return True
        for i, c in enumerate(n.children):
            if any(x is loop for x in c.walk()):
                visit(c)
                if n.kind == "block":
                    after.extend(n.children[i + 1:])
                if n.kind in ("for", "while", "do"):
                    around.append(n)
                return True
        return False
    visit(body)
    return after, around
