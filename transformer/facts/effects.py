"""What a loop body reads and writes, per memory root, through calls.

The walker evaluates pointer expressions symbolically: each pointer is a root (a Blob's data
or diff buffer: an input/output blob, a parameter blob, a member or a local Blob) plus an
offset summary saying how it depends on the partitioned loop variable. Calls into the math
library use the effects TABLE in `mathlib`; calls to methods of the layer (`this->f(...)`)
are followed with their parameters bound to the caller's arguments. Every access carries the
conditions it runs under, so that "written before read in the same iteration" can be decided.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import product
from typing import Dict, FrozenSet, List, Optional, Set, Tuple

from ..ir import FunctionIR, Node
from ..lower import last_identifier
from . import extrema
from .classes import Program
from .mathlib import BLOB_BUFFERS, BLOB_SHAPE_METHODS, PURE_FUNCTIONS, TABLE
from .shapes import ShapeOracle, norm_text

MAX_CALL_DEPTH = 6
Guard = Tuple[str, bool]
# name references to variables that outlive the iteration and are shared by every thread
SHARED_REFS = ("global", "static")
# guard atoms that stand for a condition with no C++ spelling (a switch case, a catch
# handler, the dynamic type of `this`): they decide paths, never an induction's condition
OPAQUE = "<"


@dataclass(frozen=True)
class Root:
    kind: str  # io | param | member | local | unknown
    name: str  # bottom[0], top[i], blobs_[0], col_buffer_, padded_square, ...
    buf: str  # data | diff | raw

    def label(self) -> str:
        return f"{self.name}.{self.buf}" if self.buf != "raw" else self.name


@dataclass
class Offset:
    """How an offset depends on the partitioned variable v.

    sample: v appears as v*S (or offset(v, ...)), S recorded in strides;
    unit:   v appears alone (p[v]);
    shifted: v appears as v+k / v-k with a constant k;
    opaque: v appears in some other way (non-linearly, or the form is not understood);
    data:   a value loaded from memory appears (pooling's mask, a label): the Caffe
            convention that such indices stay inside the sample is assumed;
    inner:  inner loop variables appear (fine: within the sample).
    """

    sample: bool = False
    unit: bool = False
    shifted: bool = False
    opaque: bool = False
    inner: bool = False
    strides: List[str] = field(default_factory=list)
    data: bool = False  # a value loaded from memory (a label, a mask) indexes within
    # strides v is multiplied by that are not known to be one sample's size (a layer
    # setting such as a hop between frames): slices of that stride may overlap
    unsized: List[str] = field(default_factory=list)
    # loop-invariant terms added to the offset: one equal to a stride moves to a neighbour
    terms: List[str] = field(default_factory=list)

    def merged(self, other: "Offset") -> "Offset":
        jump = bool(set(self.strides) & set(other.terms) or set(other.strides) & set(self.terms))
        return Offset(self.sample or other.sample, self.unit or other.unit,
                      self.shifted or other.shifted or jump, self.opaque or other.opaque,
                      self.inner or other.inner, self.strides + other.strides,
                      self.data or other.data, self.unsized + other.unsized,
                      self.terms + other.terms)

    @property
    def depends(self) -> bool:
        return self.sample or self.unit or self.shifted or self.opaque

    @property
    def partitioned(self) -> bool:
        return (self.sample or self.unit) and not self.shifted and not self.opaque


@dataclass
class Choice:
    """One thing a pointer may point to, and the conditions under which it does.
    `exact` is false when the conditions are weaker than the truth (an over-approximation);
    such writes are never used to prove that a later read sees this iteration's data."""

    root: Root
    offset: Offset
    guards: FrozenSet[Tuple[str, bool]] = frozenset()
    exact: bool = True


class Ptr:
    """A pointer value: one or more choices of root and offset."""

    def __init__(self, root: Optional[Root] = None, offset: Optional[Offset] = None,
                 choices: Optional[List[Choice]] = None):
        self.choices = choices if choices is not None else [Choice(root, offset or Offset())]

    @property
    def root(self) -> Root:
        return self.choices[0].root

    @property
    def offset(self) -> Offset:
        return self.choices[0].offset

    def plus(self, off: "Offset") -> "Ptr":
        return Ptr(choices=[Choice(c.root, c.offset.merged(off), c.guards, c.exact)
                            for c in self.choices])

    def assigned(self, new: "Ptr", guards: FrozenSet, decl_guards: FrozenSet) -> "Ptr":
        """The value after `p = new` under `guards` (p's own scope runs under decl_guards)."""
        extra = guards - decl_guards
        if not extra:
            return new
        out = [Choice(c.root, c.offset, c.guards | extra, c.exact) for c in new.choices]
        if len(extra) == 1:
            atom, pos = next(iter(extra))
            out += [Choice(c.root, c.offset, c.guards | {(atom, not pos)}, c.exact)
                    for c in self.choices]
        else:
            out += [Choice(c.root, c.offset, c.guards, False) for c in self.choices]
        return Ptr(choices=out)


@dataclass
class Access:
    root: Root
    mode: str  # read | write | acc | update
    offset: Offset
    guards: FrozenSet[Guard]
    order: int
    line: int
    file: str
    via: str  # call name or operator
    extent: str = ""
    exact: bool = True
    nest: Tuple[str, ...] = ()  # trip counts of the inner loops around it, outermost first
    loose: bool = False  # one of those loops has a trip that changes with the sample


@dataclass
class ScalarAccess:
    name: str
    # read | write | acc | max | min (op: strict or loose) | arg (op: the max/min it follows)
    mode: str
    op: str
    order: int
    line: int
    guards: FrozenSet[Guard]
    exact: bool = True
    nest: Tuple[str, ...] = ()
    loose: bool = False


@dataclass
class Induction:
    var: str
    step: str  # per-update increment text
    multiplier: List[str]  # trip counts of inner loops enclosing the update
    guards: FrozenSet[Guard]
    line: int
    ok: bool
    why: str = ""
    condition: str = ""  # C++ condition under which the pointer advances ('' = always)


@dataclass
class AccessorUse:
    """A Blob buffer accessor (`bottom[i]->mutable_cpu_diff()`) that runs inside the loop:
    it may change the Blob's sync state, so no worker thread may run it unless proven
    harmless. The plan hoists it before the region or syncs the Blob there."""

    text: str  # the call's source text
    method: str  # cpu_data | cpu_diff | mutable_cpu_data | mutable_cpu_diff
    receiver: str  # the receiver's source text
    root_kind: str  # io | param | member | local | unknown
    root_name: str
    file: str
    start: int
    end: int
    line: int
    helper: bool  # reached through a helper rather than written in the loop body
    invariant: bool  # the receiver names nothing the iteration declares or changes
    indexed: bool  # the receiver indexes a vector (out of range where a guard says so)
    members_only: bool  # the receiver names only members, so it can be spelled at the loop
    own: bool  # a Blob of the iteration itself (declared inside it or inside a helper)
    reachable: bool = True  # a member the loop's class can name (not private in a base)
    prepared: bool = False  # a member whose buffer Reshape/LayerSetUp takes mutably
    guarded: bool = False  # runs under a condition
    vector: str = ""  # for a receiver `V[k]`: V and k, so that k can be bounds-checked
    index: str = ""


@dataclass
class BodyEffects:
    accesses: List[Access] = field(default_factory=list)
    scalars: List[ScalarAccess] = field(default_factory=list)
    inductions: List[Induction] = field(default_factory=list)
    rng_calls: List[str] = field(default_factory=list)
    unknown_calls: List[str] = field(default_factory=list)
    accessors: List[AccessorUse] = field(default_factory=list)  # those run inside the loop
    written_names: Set[str] = field(default_factory=set)  # variables assigned in the body
    early_exits: List[str] = field(default_factory=list)
    member_scalar_writes: List[str] = field(default_factory=list)
    # writes to state every thread shares: namespace-scope variables, static data members,
    # function-local statics ("g_frames at line 12 (namespace scope)")
    shared_state: List[str] = field(default_factory=list)
    helpers: List[str] = field(default_factory=list)  # methods followed
    aliases: Dict[str, str] = field(default_factory=dict)  # root label -> local pointer name
    # root label -> every pointer variable declared before the loop that points into it,
    # with its declared type: [(name, type)]
    alias_vars: Dict[str, List[Tuple[str, str]]] = field(default_factory=dict)
    live_in: Set[str] = field(default_factory=set)  # scratch written before the loop
    # scratch -> where something reads what the loop left in it (facts/liveness.py)
    read_after: Dict[str, str] = field(default_factory=dict)
    used_after: Set[str] = field(default_factory=set)  # names the function uses after it
    macro: bool = False
    omp: bool = False
    region: bool = False  # the loop is the body of a region cgp-transform wrote before
    has_inner_loop: bool = False


# statements the IR keeps as `other` nodes that the walker must see as statements
_STATEMENTS = ("GOTO_STMT", "INDIRECT_GOTO_STMT", "CXX_THROW_EXPR", "SWITCH_STMT", "CASE_STMT",
               "DEFAULT_STMT", "LABEL_STMT", "CXX_TRY_STMT", "CXX_CATCH_STMT", "CXX_FOR_RANGE_STMT")
_ASSERTION = re.compile(r"^\s*(D?CHECK\w*|D?LOG\w*|VLOG\w*)\s*\(")


class _Frame:
    """One function activation: its pointer/int locals and bound parameters."""

    def __init__(self, fn: FunctionIR, bindings: Dict[str, object]):
        self.fn = fn
        self.bindings = bindings  # param name -> Ptr | Node | str (text)
        self.ptrs: Dict[str, Ptr] = {}
        self.values: Dict[str, Node] = {}  # int locals declared with an initializer
        self.inside: Set[str] = set()  # names declared inside the loop body
        self.decl_guards: Dict[str, FrozenSet] = {}  # conditions a local's scope runs under
        self.ref_targets: Dict[str, Root] = {}  # reference parameters -> what they alias
        # references declared in the function (`Dtype& loss = top_data[0];`) -> what they
        # alias: writes and reads through them are accesses of that memory
        self.ref_locals: Dict[str, Ptr] = {}
        self.blob_vars: Dict[str, Root] = {}  # Blob* locals -> the Blob they point to
        self.returns: List[FrozenSet] = []  # guards under which this callee returned
        # guards under which the innermost loop's iteration (or a switch) was left by
        # continue or break: the rest of the enclosing blocks runs under their negation
        self.skips: List[FrozenSet] = []
        self.inexact_blocks = 0


class EffectWalker:
    def __init__(self, program: Program, cls: str, oracle: ShapeOracle):
        self.program = program
        self.cls = cls
        self.oracle = oracle
        self.eff = BodyEffects()
        self.order = 0
        self.loop_var = ""
        self.inner_vars: List[Tuple[str, str]] = []  # (var, trip text)
        self.outer_pointers: Set[str] = set()
        self.outer_scalars: Set[str] = set()
        self._induction_vars: Set[str] = set()
        self._inexact = 0  # > 0 while walking code whose guards are over-approximated
        self._ptr_types: Dict[str, str] = {}
        self.atom_text: Dict[str, str] = {}  # normalized guard atom -> source text
        self._top_fn: Optional[FunctionIR] = None  # the loop's function (None: not walking)
        self._guards_now: FrozenSet[Guard] = frozenset()
        # innermost first: for each enclosing inner loop ('loop') or switch ('switch') of
        # the body, the lines of the breaks that leave it
        self._breakables: List[Tuple[str, List[int]]] = []
        self._versions: Dict[str, int] = {}  # name -> times assigned so far in the walk
        self._outer_types: Dict[str, str] = {}  # variables declared before the loop
        self._decl_types: Dict[str, str] = {}  # every variable declared so far
        self._assigned: Dict[str, List[Node]] = {}  # name -> values the loop body assigns
        self._inside_now: Set[str] = set()  # names the loop body declared so far

    # ----------------------------------------------------------------------------------
    def analyze_loop(self, fn: FunctionIR, loop: Node, loop_var: str,
                     before: List[Node]) -> BodyEffects:
        """Effects of one iteration of `loop` (a for statement in fn); `before` holds the
        statements of fn that precede the loop, for pointer provenance."""
        frame = _Frame(fn, {})
        self.loop_var = loop_var
        for p in fn.params:  # by-value parameters are variables of the function too
            if "&" not in p.type and "vector" not in p.type:
                (self.outer_pointers if "*" in p.type else self.outer_scalars).add(p.name)
                self._outer_types[p.name] = p.type
                if "*" in p.type:
                    self._ptr_types[p.name] = p.type
                    frame.ptrs[p.name] = Ptr(Root("unknown", p.name, "raw"), Offset())
        self._bind(frame, before)
        self.eff.macro = loop.macro
        for var, ptr in frame.ptrs.items():
            self.eff.aliases.setdefault(ptr.root.label(), var)
            if var in self._ptr_types:
                for c in ptr.choices:
                    self.eff.alias_vars.setdefault(c.root.label(), []).append(
                        (var, self._ptr_types[var]))
        self._assigned = _assigned_values(loop.children[3])
        self._induction_vars = self._induction_candidates(frame, loop.children[3])
        self.eff.written_names = _updated_names(loop.children[3])
        self._top_fn = fn
        self.walk(frame, loop.children[3], frozenset(), 0)
        self._top_fn = None
        return self.eff

    def analyze_statements(self, fn: FunctionIR, before: List[Node],
                           stmts: List[Node]) -> BodyEffects:
        """Effects of running `stmts` of fn once, in order (no loop variable), with the
        pointers that `before` declares known: what a function does around a loop."""
        frame = _Frame(fn, {})
        self._bind(frame, before)
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
                    for eff in TABLE[n.name].effects:
                        if eff.mode != "read" and eff.index < len(args):
                            ptr = self.eval_ptr(frame, args[eff.index])
                            if ptr is not None and ptr.root.kind in ("local", "member"):
                                self.eff.live_in.add(ptr.root.name)

    def _declare(self, frame: _Frame, decl: Node, outer: bool):
        init = decl.children[0] if decl.children else None
        self._decl_types[decl.name] = decl.type
        special = self._special_members(decl.type)
        if special and self._top_fn is not None:
            self.eff.unknown_calls.append(f"{special} (declaration of {decl.name} at line "
                                          f"{decl.line})")
        if _is_mutable_ref(decl.type) and init is not None:
            target = self._ref_target(frame, init)
            if target is not None:
                frame.ref_locals[decl.name] = target
                return
        if "Blob" in decl.type and "*" in decl.type and init is not None:
            frame.blob_vars[decl.name] = self._blob_pointee(frame, init)
        if decl.type.rstrip().endswith("&") and init is not None and init.kind == "name" \
                and init.name in self.outer_scalars:  # const Dtype& peak = best: reads best
            frame.ref_locals[decl.name] = Ptr(Root("scalar", init.name, "raw"), Offset())
            return
        is_ptr = "*" in decl.type
        if outer:
            self._outer_types[decl.name] = decl.type
            if is_ptr:
                self._ptr_types[decl.name] = decl.type
                self.outer_pointers.add(decl.name)
            else:
                self.outer_scalars.add(decl.name)
        elif decl.ref == "static":
            return  # a function-local static: one variable for every call and thread
        else:
            frame.inside.add(decl.name)
            self._inside_now.add(decl.name)
        if init is None:
            if "Blob" in decl.type and not is_ptr:
                frame.ptrs[decl.name] = Ptr(Root("local", decl.name, "raw"), Offset())
            return
        if is_ptr:
            ptr = self.eval_ptr(frame, init)
            if ptr is not None:
                frame.ptrs[decl.name] = ptr
        else:
            frame.values[decl.name] = init

    def _ref_target(self, frame: _Frame, init: Node) -> Optional[Ptr]:
        """What a reference declared with initializer `init` aliases (None: a variable of
        the iteration's own, so the reference is one too)."""
        base = _strip(init)
        if base.kind == "name":
            if base.name in frame.inside:
                return None
            if base.name in frame.ref_locals:
                return frame.ref_locals[base.name]
            root = self._scalar_root(frame, base.name, base.ref)
            if root.kind in ("private",):
                return None
            return Ptr(root, Offset())
        if base.kind in ("index",) and len(base.children) == 2:
            p = self.eval_ptr(frame, base.children[0])
            if p is not None:
                return p.plus(self.offset_of(frame, base.children[1]))
        if base.kind == "unop" and base.op == "*" and base.children:
            p = self.eval_ptr(frame, base.children[0])
            if p is not None:
                return p
        return Ptr(Root("unknown", norm_text(init.text), "raw"), Offset())

    # ----------------------------------------------------------------------------------
    def blob_root(self, frame: _Frame, recv: Node, buf: str) -> Root:
        """The root of `recv->cpu_data()`-like calls."""
        base = recv
        while base.kind == "cast" and base.children:
            base = base.children[0]
        text = norm_text(base.text)
        if base.kind == "index" and base.children:
            vec = base.children[0]
            vec_name = vec.name if vec.kind in ("name", "member") else norm_text(vec.text)
            if vec.kind == "name" and vec.ref == "param" and vec_name in ("bottom", "top") or \
                    self._is_blob_vector_param(frame, vec):
                return Root("io", text, buf)
            if vec_name == "blobs_" and vec.kind in ("member", "name"):
                return Root("param", text, buf)
            if vec.kind == "member" or vec.ref == "field":
                return Root("member", text, buf)
        if base.kind == "member" or (base.kind == "name" and base.ref == "field"):
            if self.program.member_points(self.cls, base.name):
                return Root("unknown", base.name, buf)  # a Blob* member: it may be a top
            return Root("member", base.name, buf)
        if base.kind == "name" and base.ref in SHARED_REFS + ("thread",):
            return Root("global", base.name, buf)
        if base.kind == "name" and base.name in frame.blob_vars:
            target = frame.blob_vars[base.name]
            return Root(target.kind, target.name, buf)
        if base.kind == "name":
            bound = frame.bindings.get(base.name)
            if isinstance(bound, Root):
                return Root(bound.kind, bound.name, buf)
            return Root("local", base.name, buf)
        if base.kind == "call" and base.name == "get" and base.children and \
                base.children[0].children:
            return self.blob_root(frame, base.children[0].children[0], buf)
        return Root("unknown", text, buf)

    def _blob_pointee(self, frame: _Frame, init: Node) -> Root:
        """The Blob a `Blob<Dtype>* b = init` points to: `top[1]`, `blobs_[0].get()`,
        `&member_` name it; anything else may be any Blob."""
        base = _strip(init)
        if base.kind == "unop" and base.op == "&" and base.children:
            return self.blob_root(frame, base.children[0], "raw")
        if base.kind in ("index",) or (base.kind == "call" and base.name == "get"):
            return self.blob_root(frame, base, "raw")
        if base.kind == "name" and base.name in frame.blob_vars:
            return frame.blob_vars[base.name]
        return Root("unknown", norm_text(init.text), "raw")

    def _own_method_call(self, n: Node) -> bool:
        """A call of a method of the loop's class hierarchy (`this->f(...)` or `f(...)`)."""
        callee = n.children[0]
        explicit = callee.kind == "member" and callee.children and \
            callee.children[0].kind == "this"
        return bool(explicit or (callee.kind in ("name", "member") and not callee.children and
                                 self._declared_method(n.name)))

    def _declared_method(self, name: str) -> bool:
        """Is `name` declared as a method of the loop's class or one of its bases?"""
        return any(name in self.program.classes[c].methods
                   for c in self.program.ancestry(self.cls) if c in self.program.classes)

    def _user_object(self, name: str) -> bool:
        """Is `name` a variable of a class type of the tree (its operators are calls)?"""
        return bool(self._tree_class(self._decl_types.get(name, "")))

    def _special_members(self, type_text: str) -> str:
        """For a variable of a class of the tree (not a Blob, whose effects are modeled, not
        a pointer or reference): its constructor and destructor defined in the tree, which
        run where it is declared and where its scope ends ('' when none)."""
        cls = self._tree_class(type_text)
        if not cls:
            return ""
        found = [k for k in self.program.functions
                 if k.startswith(f"{cls}::") and
                 last_identifier(k[len(cls) + 2:].split("<")[0].lstrip("~")) == cls]
        return " and ".join(sorted(found))

    def _tree_class(self, type_text: str) -> str:
        """The class of the tree a variable of this type holds by value (not a pointer or a
        reference; not a Blob, whose effects are modeled), '' when none."""
        t = type_text.strip()
        if not t or t.endswith(("*", "&")):
            return ""
        cls = last_identifier(t)
        return cls if cls != "Blob" and cls in self.program.classes else ""

    def _is_blob_vector_param(self, frame: _Frame, vec: Node) -> bool:
        if vec.kind != "name" or vec.ref != "param":
            return False
        for p in frame.fn.params:
            if p.name == vec.name and "vector" in p.type and "Blob" in p.type:
                return True
        return False

    def offset_of(self, frame: _Frame, e: Node) -> Offset:
        """How expression e (an integer offset) depends on the loop variable."""
        names = {n.name for n in e.walk() if n.kind == "name"}
        names |= self._bound_loop_names(frame, e)
        inner = any(v in names for v, _ in self.inner_vars)
        if self.loop_var and any(v in names and any(self._per_sample(frame, w)
                                                    for w in _words(t))
                                 for v, t in self.inner_vars):
            return Offset(opaque=True, inner=inner)  # an inner counter bounded by n
        if self.loop_var not in names:
            data = _reads_memory(e)
            return Offset(inner=inner, data=data,
                          terms=[] if inner or data else [norm_text(e.text)])
        return self._classify_offset(frame, e, inner)

    def _bound_loop_names(self, frame: _Frame, e: Node) -> Set[str]:
        """Names a bound parameter stands for (a callee's int parameter bound to n)."""
        out = set()
        for n in e.walk():
            if n.kind == "name":
                b = frame.bindings.get(n.name)
                if isinstance(b, Node):
                    out |= {m.name for m in b.walk() if m.kind == "name"}
                elif n.name in frame.values:
                    out |= {m.name for m in frame.values[n.name].walk() if m.kind == "name"}
        return out

    def _classify_offset(self, frame: _Frame, e: Node, inner: bool) -> Offset:
        v = self.loop_var
        if e.kind == "cast" and e.children:
            return self._classify_offset(frame, e.children[0], inner)
        if e.kind == "index" or (e.kind == "unop" and e.op == "*"):
            return Offset(data=True, inner=inner)
        if e.kind == "call" and e.name != "offset":  # floor(n * rate_): no longer n times S
            return Offset(opaque=True, inner=inner)
        if e.kind == "name" and e.name == v:
            return Offset(unit=True, inner=inner)
        if e.kind == "name" and e.name in frame.values:
            if e.name in self.eff.written_names:  # changed after its declaration
                return Offset(opaque=True, inner=inner)
            return self._classify_offset(frame, frame.values[e.name], inner)
        if e.kind == "name" and isinstance(frame.bindings.get(e.name), Node):
            return self._classify_offset(frame, frame.bindings[e.name], inner)
        if e.kind == "binop" and e.op in ("+", "-") and len(e.children) == 2:
            return self._classify_sum(frame, e, inner)
        if e.kind == "binop" and e.op == "*" and len(e.children) == 2:
            return self._classify_product(frame, e, inner)
        if e.kind == "call" and e.name == "offset" and len(e.children) >= 2:
            first = self.offset_of(frame, e.children[1])
            rest = [self.offset_of(frame, a) for a in e.children[2:]]
            if any(r.depends for r in rest):
                return Offset(opaque=True, inner=inner)
            if first.unit and not (first.shifted or first.opaque):
                return Offset(sample=True, inner=inner, strides=[norm_text(e.text)])
            if first.shifted:
                return Offset(shifted=True, inner=inner)
            return Offset(opaque=True, inner=inner)
        if e.kind == "paren" and e.children:
            return self._classify_offset(frame, e.children[0], inner)
        return Offset(opaque=True, inner=inner)

    def _classify_sum(self, frame: _Frame, e: Node, inner: bool) -> Offset:
        """a + b, a - b: n plus a constant or an invariant is a neighbour, n plus an inner
        index overlaps, a literal shift of a sample-and-inner index reaches the sample
        before; otherwise the two parts merged."""
        v = self.loop_var
        a, b = e.children
        if (a.kind == "name" and a.name == v and b.kind == "lit") or \
                (b.kind == "name" and b.name == v and a.kind == "lit"):
            return Offset(shifted=True, inner=inner)
        for x, y in ((a, b), (b, a)):
            if _strip(x).kind == "name" and _strip(x).name == v:
                oy = self.offset_of(frame, y)
                if not oy.depends and not oy.inner and not oy.data and \
                        norm_text(y.text) != "0":
                    return Offset(shifted=True, inner=inner)  # n - lag_: a neighbour
                if oy.inner and not self._times_batch(y):
                    return Offset(opaque=True, inner=inner)  # n + k: slices overlap
        for x, y in ((a, b), (b, a)):
            if _strip(y).kind == "lit" and norm_text(y.text) not in ("0", "0u"):
                ox = self.offset_of(frame, x)
                if ox.inner and (ox.sample or ox.unit):  # y[n * dim + k - 1]: k = 0
                    return Offset(opaque=True, inner=inner)  # reaches the sample before
        oa = self.offset_of(frame, a)
        ob = self.offset_of(frame, b)
        return oa.merged(ob)

    def _classify_product(self, frame: _Frame, e: Node, inner: bool) -> Offset:
        """a * b: n times an invariant integer stride is sample n's slice."""
        a, b = e.children
        oa, ob = self.offset_of(frame, a), self.offset_of(frame, b)
        if not oa.depends and not ob.depends:
            return oa.merged(ob)
        for x, y in ((a, b), (b, a)):
            ox = self.offset_of(frame, x)
            if ox.depends and re.search(r"\d\.|\.\d|\de", y.text):
                return Offset(opaque=True, inner=inner)  # n * 0.5: not an integer stride
            if ox.depends and not self.offset_of(frame, y).depends:
                if ox.data and not (ox.unit or ox.sample or ox.shifted or ox.opaque):
                    return Offset(data=True, inner=inner)
                if (ox.unit or ox.sample) and not (ox.shifted or ox.opaque):
                    return Offset(sample=True, inner=inner, data=ox.data,
                                  strides=[norm_text(y.text)],
                                  unsized=[] if self._sample_size(y) else
                                  [norm_text(y.text)])
                if ox.shifted:
                    return Offset(shifted=True, inner=inner)
                return Offset(opaque=True, inner=inner)
        return Offset(opaque=True, inner=inner)

    def _per_sample(self, frame: _Frame, name: str, depth: int = 0) -> bool:
        """May the value of `name` differ from one sample to the next (n itself, a local
        computed from n or from memory, a variable the loop assigns)?"""
        if name == self.loop_var:
            return True
        if depth > 6:
            return True
        values = ([frame.values[name]] if name in frame.values else []) + \
            self._assigned.get(name, [])
        return any(_reads_memory(v) or any(self._per_sample(frame, w, depth + 1)
                                           for w in _words(v.text) if w != name)
                   for v in values)

    def _times_batch(self, y: Node) -> bool:
        """Is y `k * B` with B the batch size (a transposed layout, samples interleaved)?"""
        y = _strip(y)
        return y.kind == "binop" and y.op == "*" and any(
            self.oracle.is_batch(c) for c in y.children)

    def _sample_size(self, stride: Node) -> bool:
        """May this stride be the size of one sample? Taken on Caffe's layout convention,
        unless every value of it is a layer setting (a hop between frames), which sizes
        nothing: then samples' slices may overlap."""
        return self.oracle.kind(stride) == "stride" or not self.oracle.from_setting(stride)

    def eval_ptr(self, frame: _Frame, e: Node) -> Optional[Ptr]:
        """The root and offset of a pointer-valued expression, or None if not a pointer."""
        if e.kind == "cast" and e.children and e.text.lstrip().startswith("reinterpret_cast"):
            inner = self.eval_ptr(frame, e.children[0])  # offsets counted in other units
            return None if inner is None else \
                Ptr(Root("unknown", norm_text(e.text), "raw"), Offset())
        if e.kind == "cast" and e.children:
            return self.eval_ptr(frame, e.children[0])
        if e.kind == "name":
            if e.name in frame.ptrs:
                p = frame.ptrs[e.name]
                if e.name in self._induction_vars:
                    return p.plus(Offset(sample=True, strides=["induction:" + e.name]))
                return p
            b = frame.bindings.get(e.name)
            if isinstance(b, Ptr):
                return b
            if e.ref in SHARED_REFS + ("thread",) and ("*" in e.type or "[" in e.type):
                return Ptr(self._scalar_root(frame, e.name, e.ref), Offset())
            if any(p.name == e.name and "*" in p.type for p in frame.fn.params):
                return Ptr(Root("unknown", e.name, "raw"), Offset())
            return None
        if e.kind == "call" and e.name in BLOB_BUFFERS and e.children and \
                e.children[0].kind == "member" and e.children[0].children:
            self._accessor(frame, e)
            return Ptr(self.blob_root(frame, e.children[0].children[0], BLOB_BUFFERS[e.name][0]),
                       Offset())
        if e.kind == "binop" and e.op in ("+", "-") and len(e.children) == 2:
            a, b = e.children
            pa = self.eval_ptr(frame, a)
            if pa is not None:
                return pa.plus(self.offset_of(frame, b))
            pb = self.eval_ptr(frame, b) if e.op == "+" else None
            if pb is not None:
                return pb.plus(self.offset_of(frame, a))
            return None
        if e.kind == "unop" and e.op == "&" and e.children:
            inner = e.children[0]
            if inner.kind == "name":
                return Ptr(self._scalar_root(frame, inner.name, inner.ref), Offset())
            if inner.kind == "index" and len(inner.children) == 2:
                p = self.eval_ptr(frame, inner.children[0])
                if p is not None:
                    return p.plus(self.offset_of(frame, inner.children[1]))
            return None
        if e.kind == "cond" and len(e.children) == 3:
            a, b = self.eval_ptr(frame, e.children[1]), self.eval_ptr(frame, e.children[2])
            if a is not None or b is not None:
                atom = self.guard_atom(frame, e.children[0])
                out = []
                for p, pos in ((a, True), (b, False)):
                    if p is None:  # nullptr or a value we cannot follow
                        if e.children[1 if pos else 2].text.strip() in ("nullptr", "NULL", "0"):
                            continue
                        p = Ptr(Root("unknown", norm_text(e.text), "raw"), Offset())
                    out += [Choice(c.root, c.offset, c.guards | {(atom[0], atom[1] == pos)},
                                   c.exact) for c in p.choices]
                return Ptr(choices=out) if out else None
        return None

    def _accessor(self, frame: _Frame, e: Node):
        """Records a Blob accessor call met while walking the loop body (or its helpers)."""
        if self._top_fn is None:
            return
        recv = e.children[0].children[0]
        names = {n.name for n in recv.walk() if n.kind == "name"}
        changing = set(frame.inside) | {self.loop_var} | {v for v, _ in self.inner_vars} | \
            self.eff.written_names
        helper = frame.fn is not self._top_fn
        root = self.blob_root(frame, recv, BLOB_BUFFERS[e.name][0])
        members_only = all(n.ref == "field" for n in recv.walk() if n.kind == "name")
        # a Blob declared inside the iteration (in the body, or in a helper's body): private;
        # a helper's parameter that is not bound to a known Blob is not
        own = root.kind == "local" and root.name in frame.inside
        base = recv
        while base.kind in ("cast", "paren") and base.children:
            base = base.children[0]
        vector = index = ""
        if base.kind == "index" and len(base.children) == 2:
            vector, index = base.children[0].text.strip(), base.children[1].text.strip()
        self.eff.accessors.append(AccessorUse(
            text=e.text.strip(), method=e.name, receiver=recv.text.strip(),
            root_kind=root.kind, root_name=root.name, file=frame.fn.file, start=e.start,
            end=e.end, line=e.line, helper=helper, invariant=not (names & changing) and
            not helper, indexed=any(n.kind == "index" for n in recv.walk()),
            members_only=members_only, own=own, guarded=bool(self._guards_now),
            # only a helper's accessors on members are planned from these two
            reachable=not (helper and root.kind == "member") or
            self.program.field_reachable(self.cls, root.name),
            prepared=helper and root.kind == "member" and self.program.prepared_member(
                self.cls, root.name, root.buf),
            vector=vector, index=index))

    def _scalar_root(self, frame: _Frame, name: str, ref: str = "") -> Root:
        """The root of a plain variable whose address or reference is passed on: private
        when declared inside the iteration (or thread_local), global when it is shared
        state, else shared."""
        if ref in SHARED_REFS:
            return Root("global", name, "raw")
        if ref == "thread":
            return Root("private", name, "raw")
        if name in frame.inside:
            return Root("private", name, "raw")
        target = frame.ref_targets.get(name)
        if target is not None:
            return target
        if name in self.outer_scalars:
            return Root("scalar", name, "raw")
        return Root("unknown", name, "raw")

    def _induction_candidates(self, frame: _Frame, body: Node) -> Set[str]:
        """Pointers declared before the loop and advanced inside it."""
        return {name for name in _updated_names(body, ("+=", "-=")) if name in frame.ptrs}

    # ----------------------------------------------------------------------------------
    def record(self, ptr: Ptr, mode: str, guards, line: int, file: str, via: str,
               extent: str = ""):
        self.order += 1
        nest, loose = self._nest()
        for c in ptr.choices:
            self.eff.accesses.append(Access(c.root, mode, c.offset, frozenset(guards) | c.guards,
                                            self.order, line, file, via, extent,
                                            c.exact and not self._inexact, nest, loose))

    def scalar(self, name: str, mode: str, op: str, line: int, guards):
        self.order += 1
        nest, loose = self._nest()
        self.eff.scalars.append(ScalarAccess(name, mode, op, self.order, line,
                                             frozenset(guards), not self._inexact, nest, loose))

    def _nest(self) -> Tuple[Tuple[str, ...], bool]:
        """The inner loops around the current statement: their trips, and whether one of
        them may run a different number of times for each sample (or not at all)."""
        varying = {self.loop_var} | {v for v, _ in self.inner_vars} | \
            self.eff.written_names | self._inside_now
        trips = tuple(norm_text(t) for _, t in self.inner_vars)
        return trips, any(t == "?" or _words(t) & varying for t in trips)

    def guard_atom(self, frame: _Frame, cond: Node) -> Tuple[str, bool]:
        text = cond.text.strip()
        positive = True
        while text.startswith("!"):
            text = text[1:].strip()
            positive = not positive
        while text.startswith("(") and text.endswith(")"):
            text = text[1:-1].strip()
        # substitute bound parameters by the caller's argument text
        for name, b in frame.bindings.items():
            if isinstance(b, Node) and re.fullmatch(r"\w+", text) and text == name:
                text = b.text.strip()
                while text.startswith("!"):
                    text = text[1:].strip()
                    positive = not positive
        norm = norm_text(text)
        # a condition on a variable assigned since: another atom ("open" before and after
        # `open = ...` are two conditions)
        norm += "".join(f"#{w}{self._versions[w]}" for w in sorted(_words(norm))
                        if self._versions.get(w))
        self.atom_text.setdefault(norm, text)
        return norm, positive

    def walk(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int,
             in_inner_loop: bool = False):
        """Record the accesses of statement n, run under guards, depth calls below the loop.
        in_inner_loop: a break or continue here targets a loop or switch inside the body."""
        k = n.kind
        if k == "block":
            self._walk_block(frame, n, guards, depth, in_inner_loop)
        elif k == "decls":
            for d in n.children:
                if d.kind == "decl":
                    if d.children:
                        self.expr(frame, d.children[0], guards, depth)
                    self._declare(frame, d, outer=False)
                    frame.decl_guards[d.name] = frozenset(guards)
        elif k == "if":
            self._walk_if(frame, n, guards, depth, in_inner_loop)
        elif k in ("for", "while", "do"):
            self._walk_inner_loop(frame, n, guards, depth)
        elif k == "return":
            if depth == 0:
                self.eff.early_exits.append(f"return at line {n.line}")
            else:  # a callee's return ends the callee, not the loop
                for c in n.children:
                    self.expr(frame, c, guards, depth)
                frame.returns.append(frozenset(guards))
        elif k == "break":
            self._break(frame, n, guards, depth, in_inner_loop)
        elif k == "continue":
            # the rest of this iteration (of the batch loop, or of an inner loop) is skipped
            frame.skips.append(frozenset(guards))
        elif k == "omp":
            self.eff.omp = True
            for c in n.children:
                self.walk(frame, c, guards, depth, in_inner_loop)
        elif k == "null":
            pass
        elif k == "other" and n.name in _STATEMENTS:
            self._walk_other(frame, n, guards, depth, in_inner_loop)
        else:
            self.expr(frame, n, guards, depth, statement=True)

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
        if n.name == "CXX_TRY_STMT":
            self.walk(frame, n.children[0], guards, depth, in_inner_loop)
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

    def _walk_range_for(self, frame: _Frame, n: Node, guards: FrozenSet[Guard], depth: int):
        """`for (T& x : range) body`: an inner loop with no countable trip; a loop variable
        that is a non-const reference aliases the range's elements (what x is written to
        lands in the range), a copy is the iteration's own."""
        decls = [c for c in n.children[:-1] if c.kind == "decl"]
        for c in n.children[:-1]:
            if c.kind != "decl":
                self.expr(frame, c, guards, depth)
        for d in decls:
            if _is_mutable_ref(d.type):
                rng = next((c for c in n.children[:-1] if c.kind != "decl"), None)
                target = self._ref_target(frame, rng) if rng is not None else None
                if target is not None:
                    frame.ref_locals[d.name] = Ptr(Root("unknown", norm_text(
                        rng.text) + "[...]", "raw"), Offset())
                    continue
            frame.inside.add(d.name)
        loop = Node("while", n.start, n.end, n.line, n.text, [n.children[-1]])
        self._walk_inner_loop(frame, loop, guards, depth)

    def _opaque(self, frame: _Frame, stmt: Node, guards: FrozenSet[Guard], depth: int):
        """A statement whose paths the guards cannot express (a catch handler, entered from
        anywhere in its try block): its writes prove nothing."""
        self._inexact += 1
        self.walk(frame, stmt, guards, depth, True)
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
        cond = n.children[0]
        self.expr(frame, cond, guards, depth)
        atom = self.guard_atom(frame, cond)
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

    def _extremum(self, frame: _Frame, ext, guards, depth: int, line: int) -> bool:
        """A max or min into a scalar of the loop's function (and the index that follows
        it): recorded as such, with what it compares read."""
        def outer(name: str) -> bool:
            return name in self.outer_scalars and name not in frame.inside
        if ext is None or depth > 0 or not outer(ext.var) or \
                (ext.index and not outer(ext.index)) or \
                not _floating(self._outer_types.get(ext.var, "")):
            return False  # an int max of real values truncates: not the same comparisons
        self.expr(frame, ext.operand, guards, depth)
        if ext.index_value is not None:
            self.expr(frame, ext.index_value, guards, depth)
        self.scalar(ext.var, ext.op, "strict" if ext.strict else "loose", line, guards)
        if ext.index:
            self.scalar(ext.index, "arg", ext.var, line, guards)
        return True

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
        self._breakables.append(("loop", []))
        if n.kind == "for":
            init, cond, inc, body = n.children
            var, trip = _loop_var_and_trip(n)
            for part in (init, cond, inc):
                if part.kind != "null":
                    for d in part.walk():
                        if d.kind == "decl":
                            frame.inside.add(d.name)
                    self.expr(frame, part, guards, depth, loop_header=True)
            self.inner_vars.append((var or "?", trip or "?"))
            self.walk(frame, body, guards, depth, True)
            self.inner_vars.pop()
        else:  # while and do: no countable trip
            self.inner_vars.append(("?", "?"))
            for c in n.children:
                if c.kind in ("block", "expr_stmt") or c is n.children[-1]:
                    self.walk(frame, c, guards, depth, True)
                else:
                    self.expr(frame, c, guards, depth)
            self.inner_vars.pop()
        _, breaks = self._breakables.pop()
        del frame.skips[skips:]
        self._inexact, frame.inexact_blocks = inexact
        if breaks:
            for ind in self.eff.inductions[first:]:
                if ind.ok:
                    ind.ok, ind.why = False, (f"the inner loop around it can end early "
                                              f"(break at line {breaks[0]})")

    # ----------------------------------------------------------------------------------
    def expr(self, frame: _Frame, e: Node, guards, depth: int, loop_header: bool = False,
             statement: bool = False):
        """Record the accesses of expression e; `statement`: e is a whole statement, so the
        value of an increment is not used."""
        self._guards_now = frozenset(guards)
        if _ASSERTION.match(e.text):
            # CHECK/LOG macros abort on failure; what their arguments read and write counts
            self._macro_arguments(frame, e, guards, depth)
            return
        k = e.kind
        if k == "assign":
            self.assign(frame, e, guards, depth, loop_header)
            return
        if k == "unop" and e.op in ("++", "--", "post++", "post--"):
            target = e.children[0]
            if not statement and not loop_header and target.kind == "name":
                self.expr(frame, target, guards, depth)  # `k = count++` reads count too
            self.increment(frame, target, e.op, "1", guards, loop_header, e.line)
            return
        if k == "call":
            self.call(frame, e, guards, depth)
            return
        if k == "index" and len(e.children) == 2:
            p = self.eval_ptr(frame, e.children[0])
            for c in e.children:
                self.expr(frame, c, guards, depth)
            if p is not None:
                self.record(p.plus(self.offset_of(frame, e.children[1])),
                            "read", guards, e.line, frame.fn.file, "[]")
            return
        if k == "unop" and e.op == "*" and e.children:
            p = self.eval_ptr(frame, e.children[0])
            if p is not None:
                self.record(p, "read", guards, e.line, frame.fn.file, "*")
            return
        if k == "name" and self._read_name(frame, e, guards, depth):
            return
        if k == "lambda":
            self.eff.unknown_calls.append("lambda")
            return
        if k == "construct" and self._special_members(e.type):
            self.eff.unknown_calls.append(f"{self._special_members(e.type)} at line {e.line}")
        if k == "other" and e.name == "CXX_THROW_EXPR":
            self.eff.early_exits.append(f"throw at line {e.line}")
            return
        if k == "new":
            self.eff.unknown_calls.append("new")
            return
        for c in e.children:
            self.expr(frame, c, guards, depth, loop_header)

    def _macro_arguments(self, frame: _Frame, e: Node, guards, depth: int):
        """The values a CHECK or LOG macro's arguments read (variables of the function) and
        the writes they make (`LOG_IF(..., ++count_ == 1)`); the logging machinery the macro
        expands to is not followed."""
        # (nodes expanded from a macro all carry the macro's text: no `expr` on them, which
        # would take each for the macro again)
        for n in e.walk():
            if n.kind == "assign" and len(n.children) == 2:
                self.assign(frame, n, guards, depth, False)
            elif n.kind == "unop" and n.op not in ("!", "-", "+", "~", "*", "&") and \
                    n.children and n.children[0].kind in ("name", "member", "index"):
                # an operator spelled inside a macro is not known: taken as an increment
                self.increment(frame, n.children[0], "++", "1", guards, False, n.line)
            elif n.kind == "name":
                self._read_name(frame, n, guards, depth)
            elif n.kind == "call" and n.children and self._own_method_call(n):
                self.call(frame, n, guards, depth)  # CHECK(this->CountLabel(y))

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
            self._assign_memory(frame, lhs, op, guards, depth, e.line)
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
            self.eff.member_scalar_writes.append(f"{lhs.name} at line {e.line}")
            return
        self.eff.unknown_calls.append(f"assignment to {lhs.text.strip()}")

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
        if name in frame.inside or loop_header:
            if name in frame.ptrs or "*" in (lhs.type or ""):
                p = self.eval_ptr(frame, rhs)
                if p is not None:
                    old_p = frame.ptrs.get(name)
                    decl_guards = frame.decl_guards.get(name, frozenset())
                    frame.ptrs[name] = old_p.assigned(p, frozenset(guards), decl_guards) \
                        if old_p is not None else p
            return
        if depth == 0 and name in self.outer_scalars:
            mode = "acc" if op in ("+=", "-=") else ("write" if op == "=" else "update")
            self.scalar(name, mode, op, e.line, guards)
            return
        if lhs.ref == "field":
            self.eff.member_scalar_writes.append(f"{name} at line {e.line}")

    def _assign_memory(self, frame: _Frame, lhs: Node, op: str, guards, depth: int,
                       line: int):
        """`p[i] op= v` or `*p op= v`: a write, accumulation or update of what p points to."""
        p = self.eval_ptr(frame, lhs.children[0])
        if lhs.kind == "index":
            self.expr(frame, lhs.children[1], guards, depth)
        if p is None:
            self.eff.unknown_calls.append(f"write through {lhs.text.strip()}")
            return
        if lhs.kind == "index":
            p = p.plus(self.offset_of(frame, lhs.children[1]))
        mode = "write" if op == "=" else ("acc" if op in ("+=", "-=") else "update")
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
        if target.kind == "member" or target.ref == "field":
            self.eff.member_scalar_writes.append(f"{target.text.strip()} at line {line}")
            return
        if target.kind == "index" or (target.kind == "unop" and target.op == "*"):
            p = self.eval_ptr(frame, target.children[0])
            if target.kind == "index":
                self.expr(frame, target.children[1], guards, 0 if not frame.bindings else 1)
            if p is None:
                self.eff.unknown_calls.append(f"increment of {target.text.strip()}")
                return
            if target.kind == "index":
                p = p.plus(self.offset_of(frame, target.children[1]))
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
            return
        if name in frame.ptrs or name in self.outer_pointers:
            ok, why = self._induction_verdict(frame, step, guards, step_node)
            sign = "-" if op in ("-=", "--", "post--") else ""
            cond = " && ".join(("" if pos else "!") + f"({self.atom_text.get(a, a)})"
                               for a, pos in sorted(guards))
            self.eff.inductions.append(Induction(
                name, sign + step.strip(), [t for _, t in self.inner_vars], guards, line,
                ok, why, cond))
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
        # otherwise a variable of this iteration or of a called function

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

    # ----------------------------------------------------------------------------------
    def call(self, frame: _Frame, e: Node, guards, depth: int):
        """Record a call's effects: from the math library's table, a Blob's shape queries and
        accessors, or the callee's body walked with its parameters bound."""
        self._guards_now = frozenset(guards)
        name = e.name or last_identifier(e.text.split("(", 1)[0])
        args = e.children[1:]
        callee = e.children[0] if e.children else None
        model = TABLE.get(name)
        if model is not None:
            self._library_call(frame, e, name, model, args, guards, depth)
            return
        if callee is not None and callee.kind == "member" and callee.children and \
                callee.children[0].kind != "this":
            self._object_call(frame, e, name, callee, args, guards, depth)
            return
        # this->method(...), an unqualified call to a method, or a free function of the tree
        targets = self._call_targets(callee, name, frame.fn.file)
        if targets:
            if depth >= MAX_CALL_DEPTH:
                self.eff.unknown_calls.append(f"{name} (call depth limit)")
                return
            for a in args:
                self.expr(frame, a, guards, depth)
            for t in targets:  # each override or overload on a path of its own
                g = guards if len(targets) == 1 else \
                    guards | {(f"{OPAQUE}the call runs {t.key}@{t.file}:{t.line}", True)}
                self._follow(frame, e, t, args, g, depth)
            return
        base = name.split("::")[-1]
        if base in PURE_FUNCTIONS or (callee is not None and callee.kind == "name" and
                                      callee.ref == "" and not name):
            for a in args:
                self.expr(frame, a, guards, depth)
            return
        if callee is not None and callee.kind == "member" and callee.children and \
                callee.children[0].kind == "this":
            self.eff.unknown_calls.append(f"{name} at line {e.line} (no definition found)")
            return
        self.eff.unknown_calls.append(f"{name or norm_text(e.text)} at line {e.line}")

    def _call_targets(self, callee: Optional[Node], name: str,
                      caller_file: str = "") -> List[FunctionIR]:
        """The bodies a call may run: for `Base<Dtype>::f(...)`, Base's f; for a method of
        the class (declared in it or a base), the definition static lookup finds and every
        override in the classes of the tree derived from the loop's class (dynamic
        dispatch); else a free function of the tree."""
        qualifier = _qualifier(callee)
        if qualifier in self.program.classes:
            target = self.program.resolve_method(qualifier, name)
            return [target] if target is not None else []
        if self._declared_method(name) or \
                self.program.resolve_method(self.cls, name) is not None:
            return self.program.dispatch_targets(self.cls, name)
        if callee is None or callee.kind != "member":
            return _visible(self.program.functions.get(name, []), caller_file)
        return []

    def _library_call(self, frame: _Frame, e: Node, name: str, model, args: List[Node],
                      guards, depth: int):
        """A math library call: its arguments, then the accesses its table entry lists."""
        for a in args:
            self.expr(frame, a, guards, depth)
        if model.rng:
            self.eff.rng_calls.append(f"{name} at line {e.line}")
        for eff in model.effects:
            if eff.index >= len(args):
                continue
            p = self.eval_ptr(frame, args[eff.index])
            if p is None:
                self.eff.unknown_calls.append(
                    f"{name}: cannot tell what argument {eff.index + 1} points to")
                continue
            mode = eff.mode
            if eff.acc_if is not None and eff.acc_if < len(args):
                beta = _constant(args[eff.acc_if])
                mode = "write" if beta == 0.0 else ("acc" if beta == 1.0 else "update")
            if eff.extent in model.params:
                # a block of `extent` elements at a stride of that size: the blocks are apart
                size = norm_text(args[model.params.index(eff.extent)].text)
                p = Ptr(choices=[Choice(c.root, _sized(c.offset, size), c.guards, c.exact)
                                 for c in p.choices])
                if any(_spills(size, c.offset) for c in p.choices):
                    p = p.plus(Offset(shifted=True))  # 2 * S elements at a stride of S
            self.record(p, mode, guards, e.line, frame.fn.file, name, eff.extent)

    def _object_call(self, frame: _Frame, e: Node, name: str, callee: Node, args: List[Node],
                     guards, depth: int):
        """A method call on an object: Blob shape queries and buffer accessors are known,
        anything else is an unknown call."""
        if name in BLOB_SHAPE_METHODS:
            for a in args:
                self.expr(frame, a, guards, depth)
            return
        if name in BLOB_BUFFERS:
            self._accessor(frame, e)
            return
        self.eff.unknown_calls.append(f"{norm_text(callee.text)} at line {e.line}")

    def _follow(self, frame: _Frame, e: Node, target: FunctionIR, args: List[Node], guards,
                depth: int):
        """Walk a callee's body with its parameters bound to the call's arguments (the
        caller's outer scalars and pointers are not the callee's)."""
        bindings, refs = self._bind_params(frame, e, target, args)
        self.eff.helpers.append(target.key)
        sub = _Frame(target, bindings)
        sub.ref_targets = refs
        saved = (self.outer_scalars, self.outer_pointers)
        self.outer_scalars, self.outer_pointers = set(), set()
        self.walk(sub, target.body, guards, depth + 1)
        self._inexact -= sub.inexact_blocks
        self.outer_scalars, self.outer_pointers = saved

    def _bind_params(self, frame: _Frame, e: Node, target: FunctionIR,
                     args: List[Node]) -> Tuple[Dict[str, object], Dict[str, Root]]:
        """The callee's parameters bound to pointers, argument expressions or default
        values, and its non-const reference parameters to what they alias."""
        bindings: Dict[str, object] = {}
        refs: Dict[str, Root] = {}
        defaults = self._defaults(target)
        for i, p in enumerate(target.params):
            if i < len(args):
                a = args[i]
                if "&" in p.type and not p.type.strip().startswith("const") and \
                        a.kind == "name":
                    refs[p.name] = self._scalar_root(frame, a.name, a.ref)
                    continue
                ptr = self.eval_ptr(frame, a)
                if ptr is not None:
                    bindings[p.name] = ptr
                else:
                    bindings[p.name] = self._substitute(frame, a)
            elif i < len(defaults) and defaults[i]:
                bindings[p.name] = Node("lit", 0, 0, e.line, defaults[i])
        return bindings, refs

    @staticmethod
    def _param_type(frame: _Frame, name: str) -> str:
        for p in frame.fn.params:
            if p.name == name:
                return p.type
        return ""

    def _defaults(self, fn: FunctionIR) -> List[str]:
        for c in self.program.ancestry(fn.cls or self.cls):
            ci = self.program.classes.get(c)
            if ci and fn.name in ci.defaults:
                return ci.defaults[fn.name]
        return []

    def _substitute(self, frame: _Frame, a: Node) -> Node:
        """A callee parameter bound to a caller's name that is itself bound: pass it on."""
        if a.kind == "name" and isinstance(frame.bindings.get(a.name), Node):
            return frame.bindings[a.name]
        if a.kind == "name" and a.name in frame.values:
            return frame.values[a.name]
        return a


def covered(read, writes: List[Access]) -> bool:
    """True when on every path where `read` runs, some earlier write of its root ran."""
    earlier = [w for w in writes if w.order < read.order and w.exact and not w.loose and
               _nest_covers(w.nest, read.nest)]
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


def _assigned_values(body: Node) -> Dict[str, List[Node]]:
    """Every value the body assigns to a plain variable (`x = v`, `x += v`)."""
    out: Dict[str, List[Node]] = {}
    for n in body.walk():
        if n.kind == "assign" and len(n.children) == 2 and n.children[0].kind == "name":
            out.setdefault(n.children[0].name, []).append(n.children[1])
    return out


def _nest_covers(write: Tuple[str, ...], read: Tuple[str, ...]) -> bool:
    """Can a write inside inner loops of trips `write` fill what a read inside loops `read`
    reads? Beyond the loops they share, the read is outside the write's loops (which run
    whole: their trips are fixed), or the write is outside the read's, or both run in loops
    of the same trips."""
    c = 0
    while c < min(len(write), len(read)) and write[c] == read[c]:
        c += 1
    return not read[c:] or not write[c:] or write[c:] == read[c:]


def _updated_names(body: Node, assign_ops=None) -> Set[str]:
    """Plain variables the body increments, or assigns with one of `assign_ops` (any
    assignment when None)."""
    out = set()
    for n in body.walk():
        target = None
        if n.kind == "assign" and n.children and (assign_ops is None or n.op in assign_ops):
            target = n.children[0]
        elif n.kind == "unop" and n.op in ("++", "--", "post++", "post--") and n.children:
            target = n.children[0]
        if target is not None and target.kind == "name":
            out.add(target.name)
    return out


def _visible(defs: List[FunctionIR], caller_file: str) -> List[FunctionIR]:
    """The definitions of a free function a call may run: every overload and specialization
    in the caller's own file when it has one (another source file's inline helper of the
    same name is another function), else those in headers, else any in the tree."""
    for pick in (lambda f: f.file == caller_file,
                 lambda f: not f.file.endswith((".cpp", ".cc", ".cxx", ".cu")),
                 lambda f: True):
        found = [f for f in defs if pick(f)]
        if found:
            return found
    return []


def _qualifier(callee: Optional[Node]) -> str:
    """The class a call is qualified with: `Base<Dtype>::f` -> Base ('' when none)."""
    if callee is None or "::" not in callee.text:
        return ""
    return last_identifier(callee.text.replace("this->", "").rsplit("::", 1)[0])


def _spills(size: str, off: Offset) -> bool:
    """Does a block of `size` elements at a sample stride reach the next sample (size is
    k * S for a stride S and an integer k > 1)?"""
    m = re.fullmatch(r"(\d+)\*(.+)|(.+)\*(\d+)", size)
    if not m or not off.sample:
        return False
    k, s = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    return int(k) > 1 and s in off.strides


def _strip(n: Node) -> Node:
    while n.kind in ("cast", "paren") and n.children:
        n = n.children[0]
    return n


def _words(text: str) -> Set[str]:
    return set(re.findall(r"[A-Za-z_]\w*", text))


def _sized(off: Offset, size: str) -> Offset:
    """off, where a write of `size` elements makes a stride of that size no overlap."""
    if size not in off.unsized:
        return off
    return Offset(off.sample, off.unit, off.shifted, off.opaque, off.inner, off.strides,
                  off.data, [u for u in off.unsized if u != size], off.terms)


def _floating(type_text: str) -> bool:
    t = type_text.replace("const", "").strip()
    return t in ("Dtype", "float", "double", "long double")


def _is_mutable_ref(type_text: str) -> bool:
    """A declared type that is a non-const lvalue reference (`Dtype&`, `int &`)."""
    t = type_text.strip()
    return t.endswith("&") and not t.endswith("&&") and not t.startswith("const ") and \
        "const&" not in t.replace(" ", "")


def _thread_name(name: str) -> str:
    """How a thread_local variable is named among the scalars (never planned as one)."""
    return f"thread_local {name}"


def depth_of(frame: "_Frame") -> int:
    return 1 if frame.bindings or frame.ref_targets else 0


def _reads_memory(e: Node) -> bool:
    """Does the value of e depend on memory contents (p[i], *p), other than through the
    object a method is called on (bottom[0]->offset(1) only reads a shape)?"""
    receivers = {id(m.children[0]) for m in e.walk() if m.kind == "member" and m.children}
    return any((n.kind == "index" or (n.kind == "unop" and n.op == "*")) and
               id(n) not in receivers for n in e.walk())


def _constant(n: Node) -> Optional[float]:
    """The value of a literal argument (`Dtype(0)`, `(Dtype)1.`, `0.f`), None if not one."""
    t = re.sub(r"\(\s*Dtype\s*\)|static_cast<\w+>|Dtype|[()\s]", "", n.text)
    try:
        return float(t.rstrip("fF"))
    except ValueError:
        return None


def _is_zero(n: Node) -> bool:
    return _constant(n) == 0.0


def _loop_var_and_trip(loop: Node) -> Tuple[Optional[str], Optional[str]]:
    """For `for (int v = a; v < T; ++v)`, return (v, T - a as text) when canonical."""
    init, cond, inc, _ = loop.children
    var = None
    start = "0"
    if init.kind == "decls" and len(init.children) == 1 and init.children[0].kind == "decl":
        var = init.children[0].name
        if init.children[0].children:
            start = init.children[0].children[0].text.strip()
    elif init.kind == "assign" and init.op == "=" and init.children[0].kind == "name":
        var = init.children[0].name
        start = init.children[1].text.strip()
    if var is None or cond.kind != "binop" or cond.op not in ("<", "<=", "!="):
        return None, None
    lhs, rhs = cond.children
    if lhs.kind != "name" or lhs.name != var:
        return None, None
    if not (inc.kind == "unop" and inc.op in ("++", "post++") and inc.children and
            inc.children[0].kind == "name" and inc.children[0].name == var) and \
            not (inc.kind == "assign" and inc.op == "+=" and inc.children[0].kind == "name" and
                 inc.children[0].name == var and inc.children[1].text.strip() == "1"):
        return None, None
    trip = rhs.text.strip()
    if cond.op == "<=":
        trip = f"{trip} + 1"
    if start not in ("0",):
        trip = f"{trip} - ({start})"
    return var, trip


loop_var_and_trip = _loop_var_and_trip
