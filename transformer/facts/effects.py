"""What a loop body reads and writes, per memory root, through calls.

The walker evaluates pointer expressions symbolically: each pointer is a root (a Blob's data
or diff buffer: an input/output blob, a parameter blob, a member or a local Blob) plus an
offset summary saying how it depends on the partitioned loop variable. Calls into the math
library use the effects TABLE in `mathlib`; calls to methods of the layer (`this->f(...)`)
are followed with their parameters bound to the caller's arguments. Every access carries the
conditions it runs under, so that "written before read in the same iteration" can be decided.

The walker is one class put together from parts, one module each:
  effects_model     the values: roots, offsets, pointers, accesses, BodyEffects, _Frame
  effects_paths     statements and their paths: guards, branches, loops, exits, `covered`
  effects_exprs     expressions: memory and scalar reads and writes, inductions
  effects_calls     calls: the math library, Blob methods, the tree's functions
  effects_objects   objects a sample owns (containers, iterators): std methods and
                    algorithms over them (the table in stdlib)
  effects_pointers  what a pointer, reference or Blob expression points to
  effects_offsets   how an offset depends on the loop variable
  effects_syntax    small helpers over IR nodes
This module holds the walker's state and its entry points, and keeps every public name.
"""
from __future__ import annotations

import re
from typing import Dict, FrozenSet, List, Optional, Set, Tuple

from ..ir import FunctionIR, Node
from . import gates, io_params, mathlib, run_before, scopes, sharing
from .classes import Program
from .effects_calls import MAX_CALL_DEPTH, CallMixin
from .effects_counters import CounterMixin
from .effects_digits import DigitMixin
from .effects_exprs import ExprMixin
from .effects_least import LeastMixin
from .effects_model import (
    OPAQUE,
    SHARED_REFS,
    Access,
    AccessorUse,
    BodyEffects,
    Choice,
    Guard,
    Induction,
    Offset,
    Ptr,
    Root,
    ScalarAccess,
    _Frame,
    depth_of,
)
from .effects_objects import ObjectMixin
from .effects_offsets import OffsetMixin
from .effects_paths import PathMixin, covered
from .effects_pointers import PointerMixin
from .effects_ranges import RangeForMixin
from .effects_reach import ReachMixin
from .effects_special import SpecialMixin
from .effects_steps import StepMixin
from .effects_syntax import (
    STEPS,
    _aliased_names,
    _assigned_values,
    _is_mutable_ref,
    _loop_var_and_trip,
    _strip,
    _updated_names,
    _words,
    grown_in,
)
from .effects_types import TypeMixin
from .mathlib import BLOB_BUFFERS, TABLE
from .shapes import ShapeOracle

__all__ = ["MAX_CALL_DEPTH", "Guard", "SHARED_REFS", "OPAQUE", "Root", "Offset", "Choice", "Ptr",
           "Access", "ScalarAccess", "Induction", "AccessorUse", "BodyEffects", "EffectWalker",
           "covered", "depth_of", "loop_var_and_trip"]


class EffectWalker(PathMixin, RangeForMixin, ExprMixin, StepMixin, TypeMixin, CallMixin,
                   ObjectMixin, PointerMixin, OffsetMixin, CounterMixin, ReachMixin,
                   DigitMixin, LeastMixin, SpecialMixin):
    """Walks a loop's body (`analyze_loop`) or statements around it (`analyze_statements`)
    and collects their effects; the walk itself is in the mixins' modules."""

    def __init__(self, program: Program, cls: str, oracle: ShapeOracle):
        self.program = program
        self.cls = cls
        self.oracle = oracle
        self.eff = BodyEffects()
        self.order = 0
        self.loop_var = ""
        self.inner_vars: List[Tuple[str, str]] = []  # (var, trip text)
        self._catching: List[Set[str]] = []  # the types the try blocks around the walk catch
        # inner loops `for (k = 0; k < T; ++k)` whose bodies never assign k: k in [0, T)
        self.counted: Dict[str, str] = {}  # var -> T (normalized text)
        self.from_zero: Set[str] = set()  # counted vars whose for loop starts them at 0
        # inner loop variable -> (its bound, whether `<=`, its first value): how far an
        # index of it counts, and from where
        self.trip_bounds: Dict[str, Tuple[Node, bool, str]] = {}
        self.outer_pointers: Set[str] = set()
        self.outer_scalars: Set[str] = set()
        self._aliased: Set[str] = set()  # the loop's variables another name can change
        self._induction_vars: Set[str] = set()
        self._induction_short: Dict[str, List[str]] = {}
        self._lasting: Set[str] = set()  # static and thread_local variables declared
        self._inexact = 0  # > 0 while walking code whose guards are over-approximated
        self.follows = 0  # calls followed so far (effects_calls.FOLLOW_BUDGET)
        self._ptr_types: Dict[str, str] = {}
        self.atom_text: Dict[str, str] = {}  # normalized guard atom -> source text
        # guard atom -> made only in the loop's own function, from a pure condition
        self.atom_spellable: Dict[str, bool] = {}
        # guard atoms an `if` of the loop body tests in every iteration (under no other
        # condition, outside inner loops): the original evaluates them whenever it runs
        self.atom_every_iteration: Set[str] = set()
        self._top_frame: Optional[_Frame] = None  # the loop's function's frame
        self._top_fn: Optional[FunctionIR] = None  # the loop's function (None: not walking)
        self._loop_span: Tuple[int, int] = (0, 0)  # the loop's offsets in its file
        self._guards_now: FrozenSet[Guard] = frozenset()
        # innermost first: for each enclosing inner loop ('loop') or switch ('switch') of
        # the body, the lines of the breaks that leave it
        self._breakables: List[Tuple[str, List[int]]] = []
        self._versions: Dict[str, int] = {}  # name -> times assigned so far in the walk
        self._outer_types: Dict[str, str] = {}  # variables declared before the loop
        self._outer_categories: Dict[str, str] = {}  # ... and their types' categories
        self._decl_types: Dict[str, str] = {}  # every variable declared so far
        self._decl_categories: Dict[str, str] = {}  # ... and their types' categories
        self._decl_history: Dict[str, Set[str]] = {}  # ... every type each name was declared
        self._assigned: Dict[str, List[Node]] = {}  # name -> values the loop body assigns
        self._passed_refs: Set[str] = set()
        self._grown: Set[str] = set()  # names the loop body steps (`++`, `+=`, `k = k + 1`)
        self._inside_now: Set[str] = set()  # names the loop body declared so far
        self._decl_depth: Dict[str, int] = {}  # ... and how many inner loops around each
        self._reset_depths: Dict[str, Set[int]] = {}  # ... and where each was given a value
        self._inlined = 0  # tree functions' returns read inside one another, now
        # function body -> its locals, the for loops' counters, and the locals changed other
        # than by plain assignments (`effects_least._body_names`, once per body)
        self._body_names: Dict[int, Tuple[Set[str], Set[Tuple[str, int]], Set[str]]] = {}
        # pointers of the iteration moved inside the inner loop now walked: how far each
        # has moved when that loop ends is not known
        self._moved_in_loop: Set[str] = set()
        self._root_versions: Dict[str, int] = {}  # memory root -> writes to it so far
        # guard atom or inner trip -> the memory roots its condition reads
        self._cond_reads: Dict[str, Set[Root]] = {}

    # ----------------------------------------------------------------------------------
    def _varying(self) -> Set[str]:
        """The names that may hold another value in each iteration: the loop's and inner
        loops' counters, what the body writes or declares so far."""
        return {self.loop_var} | {v for v, _ in self.inner_vars} | self.eff.written_names | \
            self._inside_now

    def _version_marks(self, text: str) -> str:
        """What tells `text` apart from the same spelling after one of its names is assigned
        again (`len` before and after `len = dim`): each name's assignments so far."""
        return "".join(f"#{w}{self._versions[w]}" for w in sorted(_words(text))
                       if self._versions.get(w))

    def analyze_loop(self, fn: FunctionIR, loop: Node, loop_var: str,
                     before: List[Node]) -> BodyEffects:
        """Effects of one iteration of `loop` (a for statement in fn); `before` holds the
        statements of fn that precede the loop, for pointer provenance."""
        frame = _Frame(fn, {})
        for name in io_params.unbound(self.program, fn):  # any Blobs: a caller's own vector
            frame.vector_refs[name] = ""
        self.loop_var = loop_var
        for p in fn.params:  # by-value parameters are variables of the function too
            if "&" not in p.type and "vector" not in p.type:
                (self.outer_pointers if "*" in p.type else self.outer_scalars).add(p.name)
                self._outer_types[p.name] = p.type
                self._outer_categories[p.name] = p.category
                if "*" in p.type:
                    self._ptr_types[p.name] = p.type
                    frame.ptrs[p.name] = Ptr(Root("unknown", p.name, "raw"), Offset())
        self._bind(frame, before)
        self._moved_before(frame, run_before.may_run_before(fn.body, loop))
        self.eff.at_start = _at_start(before) & set(frame.ptrs)
        self.eff.body_names = {n.name for n in loop.children[3].walk() if n.kind == "name"}
        self.eff.macro = loop.macro
        self.eff.shadowed = scopes.shadowed_outer(loop)
        for var, ptr in frame.ptrs.items():
            for c in ptr.choices if var in self.eff.chosen_blobs else ptr.choices[:1]:
                self.eff.aliases.setdefault(c.root.label(), var)
            if var in self._ptr_types:
                for c in ptr.choices:
                    self.eff.alias_vars.setdefault(c.root.label(), []).append(
                        (var, self._ptr_types[var]))
        self.eff.shared_buffers = sharing.shared_buffers(self.program, self.cls, fn)
        self._assigned = _assigned_values(loop.children[3])
        self._grown = grown_in(loop.children[3])
        # passed to a tree function's writable reference (`Scan(x, pos)`): may come back
        # as anything, a count that function's loop kept among others
        self._passed_refs = self.names_passed(loop.children[3], fn.file, unknown=False)
        self._induction_vars = self._induction_candidates(frame, loop.children[3])
        self._aliased = _aliased_names(loop.children[3])
        self.eff.written_names = _updated_names(loop.children[3]) | self._aliased
        self._top_fn, self._top_frame = fn, frame
        self._loop_span = (loop.start, loop.end)
        self.walk(frame, loop.children[3], frozenset(), 0)
        self.settle_inductions(frame)
        self._top_fn, self._top_frame = None, None
        self.eff.gates = gates.invariant(
            self.atom_spellable, self.atom_every_iteration, self.atom_text,
            {loop_var} | frame.inside | self.eff.written_names | self._induction_vars)
        return self.eff

    def analyze_statements(self, fn: FunctionIR, before: List[Node],
                           stmts: List[Node]) -> BodyEffects:
        """Effects of running `stmts` of fn once, in order (no loop variable), with the
        pointers that `before` declares known: what a function does around a loop."""
        frame = _Frame(fn, {})
        self._bind(frame, before)
        self._moved_before(frame, [(stmt, set()) for stmt in before])
        self.walk(frame, Node("block", 0, 0, 0, "", list(stmts)), frozenset(), 0)
        return self.eff

    def _bind(self, frame: _Frame, before: List[Node]) -> None:
        """The pointers and values that statements run before the walked code declare or
        assign, and the scratch they write (live into the loop)."""
        for stmt in before:
            for n in stmt.walk():
                if n.kind == "decl":
                    self._declare(frame, n, outer=True)
                elif n.kind == "assign" and n.op == "=" and n.children[0].kind == "name":
                    ptr = self.eval_ptr(frame, n.children[1])
                    name = n.children[0].name
                    old = frame.ptrs.get(name)
                    if ptr is not None and old is not None:  # any value it was given
                        ptr = Ptr(choices=[Choice(c.root, c.offset, c.guards, False)
                                           for c in old.choices + ptr.choices])
                    if ptr is not None:
                        frame.ptrs[name] = ptr
                elif n.kind == "call" and n.name in TABLE:
                    args = n.children[1:]
                    model = mathlib.model(n.name, len(args))
                    # another signature: any pointer it is given may be written
                    written = list(args) if model is None else \
                        [args[eff.index] for eff in model.effects if eff.mode != "read"]
                    for arg in written:
                        ptr = self.eval_ptr(frame, arg)
                        if ptr is not None and ptr.root.kind in ("local", "member"):
                            self.eff.live_in.add(ptr.root.name)

    def _moved_before(self, frame: _Frame, before: List[Tuple[Node, Set[str]]]) -> None:
        """A pointer declared before the walked code that statements which may run before
        it (`run_before`: each with the names it does not carry) move otherwise than by
        `p = q` (which `_bind` follows). Stepped (`p += dim`, `++p`): its target is kept,
        its offset is unknown. Changed through its address or a writable reference
        (`*(&p) = q`, `T*& r = p`), or handed to a callee's writable reference (`Pick(x, p)`
        with `const Dtype*& s`) or to a call the walk cannot follow: it may point anywhere."""
        reseated: Set[str] = set()
        stepped: Set[str] = set()
        for stmt, fresh in before:
            reseated |= (_aliased_names(stmt) |
                         self.names_passed(stmt, frame.fn.file, True)) - fresh
            stepped |= (_updated_names(stmt, ("+=", "-=")) | _updated_names(stmt, ())) - fresh
        for name in (reseated | stepped) & self.outer_pointers & set(frame.ptrs):
            frame.ptrs[name] = Ptr(Root("unknown", name, "raw"), Offset()) \
                if name in reseated else frame.ptrs[name].plus(Offset(opaque=True))

    def _declare(self, frame: _Frame, decl: Node, outer: bool):
        """Record the declaration decl: its type, what it refers to, its scope and value."""
        init = decl.children[0] if decl.children else None
        self._decl_types[decl.name] = decl.type
        self._decl_history.setdefault(decl.name, set()).add(decl.canon or decl.type)
        self._decl_categories[decl.name] = decl.category
        # a second `ok` (another scope, a helper's) is another variable: conditions on it
        # are others than those on the first
        self._versions[decl.name] = self._versions.get(decl.name, 0) + 1
        special = self.declared_specials(frame, decl)
        if special and self._top_fn is not None:
            self.eff.unknown_calls.append(f"{special} (declaration of {decl.name} at line "
                                          f"{decl.line})")
        if not outer and decl.ref in ("static", "thread") and init is not None and \
                _per_call(init):
            self.eff.shared_state.append(
                f"{decl.name} at line {decl.line} of {frame.fn.key} (a function-local "
                f"{'thread_local' if decl.ref == 'thread' else 'static'} initialized from "
                f"{init.text.strip()}: the first sample to reach it, on any thread, sets it)")
        if decl.ref in ("static", "thread"):
            self._lasting.add(decl.name)  # a container of it is no sample's own object
        if init is not None and _strip(init).kind == "lambda":
            frame.lambdas[decl.name] = _strip(init)  # `auto f = [&](...) {...}`
        if self._declare_reference(frame, decl, init):
            return
        pointer = "*" in decl.type or _auto_pointer(decl.type, init, frame)
        if not self._declare_scope(frame, decl, outer, pointer):
            return
        self._declare_value(frame, decl, init, pointer)

    def _declare_reference(self, frame: _Frame, decl: Node, init: Optional[Node]) -> bool:
        """A reference's target or a Blob pointer's pointee; True when decl is a reference.
        `auto&&` (or `T&&`) bound to a value that is no variable or element (an accessor's
        pointer, a sum) holds that value: a variable of its own."""
        if init is not None and self.blob_binding(frame, decl, init):
            return True
        if init is None and _is_mutable_ref(decl.type):  # a range-for's `T& x` around the
            frame.ref_locals[decl.name] = Ptr(Root("unknown", decl.name, "raw"), Offset())
            return True  # loop: some element of a range, not followed
        if decl.type.rstrip().endswith("&&") and init is not None and \
                _strip(init).kind not in ("name", "member", "index", "unop"):
            return False
        if _is_mutable_ref(decl.type) and init is not None:
            target = self._ref_target(frame, init)
            if target is not None:
                frame.ref_locals[decl.name] = target
                return True
        if "Blob" in decl.type and "*" in decl.type and init is not None:
            frame.blob_vars[decl.name] = self.blob_pointer(frame, decl, init)
        if decl.type.rstrip().endswith("&") and init is not None and init.kind == "name" \
                and init.name in self.outer_scalars:  # const Dtype& peak = best: reads best
            frame.ref_locals[decl.name] = Ptr(Root("scalar", init.name, "raw"), Offset())
            return True
        return False

    def _declare_scope(self, frame: _Frame, decl: Node, outer: bool, pointer: bool) -> bool:
        """Record where decl lives (before the loop or in it); False for a local static."""
        if outer:
            self._outer_types[decl.name] = decl.type
            self._outer_categories[decl.name] = decl.category
            if pointer:
                self._ptr_types[decl.name] = decl.type
                self.outer_pointers.add(decl.name)
            else:
                self.outer_scalars.add(decl.name)
        elif decl.ref == "static":
            return False  # a function-local static: one variable for every call and thread
        else:
            frame.inside.add(decl.name)
            self._inside_now.add(decl.name)
            self._decl_depth[decl.name] = len(self.inner_vars)
            if self.trip_bounds.pop(decl.name, None) is not None:  # an inner counter
                frame.loop_counters.add(decl.name)  # shadowed: no bound, of unknown value
            if decl.name == self.loop_var:  # `const int n = 1;`: one sample for every n
                self.eff.unknown_calls.append(f"{decl.name} declared again at line {decl.line}")
        return True

    def _declare_value(self, frame: _Frame, decl: Node, init: Optional[Node], is_ptr: bool):
        """The pointer or value decl starts with (a local Blob when it has no initializer)."""
        if init is None:
            if "Blob" in decl.type and not is_ptr:
                frame.ptrs[decl.name] = Ptr(Root("local", decl.name, "raw"), Offset())
            return
        if is_ptr:
            ptr = self.eval_ptr(frame, init)
            if ptr is not None and decl.name in self._aliased:
                ptr = ptr.plus(Offset(opaque=True))  # moved through `&p` or `T*& r = p`
            if ptr is not None:
                frame.ptrs[decl.name] = ptr
                choice = self.chosen_choice(frame, init)
                if len(ptr.choices) == 2 and choice is not None:
                    self.eff.chosen_blobs[decl.name] = choice
        else:
            frame.values[decl.name] = init

    def _induction_candidates(self, frame: _Frame, body: Node) -> Set[str]:
        """Pointers declared before the loop and advanced inside it (and, in
        _induction_short, the sizes their steps are shorter than: `p += dim - 1`)."""
        names = {name for name in _updated_names(body, ("+=", "-=")) if name in frame.ptrs}
        self._induction_short = {
            name: [s for n in body.walk() if n.kind == "assign" and n.op in ("+=", "-=")
                   and n.children[0].kind == "name" and n.children[0].name == name
                   for s in self.short_of(frame, n.children[1])] for name in names}
        return names


loop_var_and_trip = _loop_var_and_trip


def _per_call(init: Node) -> bool:
    """Does an initializer depend on the call that runs it (a variable of a function, a
    member, memory), rather than on constants and shared tables alone?"""
    return any(n.kind in ("index", "member") or n.kind == "unop" and n.op == "*" or
               n.kind == "name" and n.ref in ("local", "param", "field", "thread")
               for n in init.walk())


def _auto_pointer(type_text: str, init: Optional[Node], frame: _Frame) -> bool:
    """`auto p = b->mutable_cpu_data();` (or `auto&&`, `const auto`): a pointer the type does
    not spell, known by its initializer: a Blob buffer accessor, a pointer variable, either
    plus or minus an offset, an address, or a choice between such."""
    if init is None or not re.search(r"\bauto\b", type_text):
        return False
    return _pointer_valued(init, frame)


def _pointer_valued(e: Node, frame: _Frame) -> bool:
    e = _strip(e)
    if e.kind == "call":
        return e.name in BLOB_BUFFERS
    if e.kind == "name":
        return e.name in frame.ptrs
    if e.kind == "binop" and e.op in ("+", "-") and len(e.children) == 2:
        return _pointer_valued(e.children[0], frame) or \
            (e.op == "+" and _pointer_valued(e.children[1], frame))
    if e.kind == "unop" and e.op == "&":
        return True
    if e.kind == "cond" and len(e.children) == 3:
        return all(_pointer_valued(c, frame) for c in e.children[1:])
    return False


def _at_start(before: List[Node]) -> Set[str]:
    """Pointer variables declared or assigned (`=`) only as an accessor's result
    (`Dtype* d = b->mutable_cpu_diff()`, also of a Blob chosen by a conditional) or a null
    pointer, and never advanced or incremented by any statement before the loop: where
    they point when the loop begins, they point to the start of a buffer."""
    declared, moved = set(), set()
    for stmt in before:
        for n in stmt.walk():
            if n.kind == "decl" and "*" in n.type:
                if n.children and not _start_value(n.children[0]):
                    moved.add(n.name)
                declared.add(n.name)
            elif n.kind == "assign" and n.children and n.children[0].kind == "name":
                if n.op != "=" or len(n.children) < 2 or not _start_value(n.children[1]):
                    moved.add(n.children[0].name)
            elif n.kind == "unop" and n.op in STEPS and \
                    n.children and n.children[0].kind == "name":
                moved.add(n.children[0].name)
    return declared - moved


def _start_value(v: Node) -> bool:
    """An accessor's result (the start of a Blob's buffer) or a null pointer."""
    v = _strip(v)
    if v.kind == "cond" and len(v.children) == 3:  # c ? a->diff() : b->diff()
        return all(_start_value(c) for c in v.children[1:])
    return (v.kind == "call" and v.name in BLOB_BUFFERS) or \
        v.text.strip() in ("nullptr", "NULL", "0")
