"""The values the effect walker computes and reports: memory roots, offset summaries,
pointer values (choices of root and offset under guards), the accesses, scalar accesses,
inductions and Blob accessor uses of one iteration (`BodyEffects`), and `_Frame`, one
function activation of the walk.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, FrozenSet, List, Optional, Set, Tuple

from ..ir import FunctionIR, Node

Guard = Tuple[str, bool]
# name references to variables that outlive the iteration and are shared by every thread
SHARED_REFS = ("global", "static")
# guard atoms that stand for a condition with no C++ spelling (a switch case, a catch
# handler, the dynamic type of `this`): they decide paths, never an induction's condition
OPAQUE = "<"


@dataclass(frozen=True)
class Root:
    kind: str  # io | param | member | local | unknown | alias | private | scalar | global
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
    # the Blobs one sample of which a stride (stride_of) or a term (term_of) is, however
    # spelled (`dim`, `this->dim_`, `offset(1)`): a term one sample long reaches the next
    stride_of: List[str] = field(default_factory=list)
    term_of: List[str] = field(default_factory=list)
    # the spellings of sizes a stride is shorter than by its form (`n * (dim - 1)`: dim, and
    # "sample of bottom[0]"): an inner index or a block that long reaches the next sample
    short_of: List[str] = field(default_factory=list)
    # the stride is a factor of a product that already strides n (`n * a * b` records b,
    # `(n * a + o) * b` too): a block of b times more may still be one sample
    compound: bool = False
    # what an inner index alone spans (`s[k]`, `k < dim`: dim), '' for anything else
    span: str = ""
    # every factor n is multiplied by, as spelled (`(n * C + c) * S`: C and S; strides
    # records only the last): two compound cuts of one buffer must agree on all of them
    factors: List[str] = field(default_factory=list)
    # the constant elements added beside the rest (`top + n * dim + 1`, `++row`, `row -= 2`)
    shift: int = 0
    # the addends with inner counters, as written (`c * spatial_`, `s`), for the mixed-radix
    # reach check; None where a part of the sum is subtracted (`i - half`: not checked)
    digits: Optional[List] = field(default_factory=list)

    def merged(self, other: "Offset") -> "Offset":
        # a term one sample long of any Blob: the stride's own, or another whose size
        # beside the stride's the walk does not know (`ReshapeLike` makes them equal)
        jump = bool(set(self.strides) & set(other.terms) or set(other.strides) & set(self.terms)
                    or (self.sample and other.term_of) or (other.sample and self.term_of))
        # n's slice added to n's slice (`n * dim + n * dim`, `(n + n) * dim`, a pointer at
        # `n * dim` indexed at `n * dim + k`): 2n's, no one cut
        twice = (self.sample or self.unit) and (other.sample or other.unit)
        return Offset(self.sample or other.sample, self.unit or other.unit,
                      self.shifted or other.shifted or jump, self.opaque or other.opaque or twice,
                      self.inner or other.inner, self.strides + other.strides,
                      self.data or other.data, self.unsized + other.unsized,
                      self.terms + other.terms, self.stride_of + other.stride_of,
                      self.term_of + other.term_of, self.short_of + other.short_of,
                      self.compound or other.compound,
                      self.span if not other.inner else other.span if not self.inner else "",
                      self.factors + other.factors, self.shift + other.shift,
                      None if self.digits is None or other.digits is None
                      else self.digits + other.digits)

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
    short: bool = False  # a block shorter than its size is spelled (`dim / 2`, `half`)
    # a block of as many elements as the call says (extent: that count, each name in it
    # marked with the times it was assigned so far, so `len` after `len = dim` is another)
    block: bool = False
    varies: bool = False  # that count may change with the sample


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
    clamp: List[bool] = field(default_factory=list)  # per multiplier: may it be negative?
    idle: bool = False  # may an inner loop around it run no time (a trip zero or negative)?


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
    # (X, Y, buffer, line): X's buffer is Y's memory (`X.ShareData(Y)` in the class)
    shared_buffers: List[Tuple[str, str, str, int]] = field(default_factory=list)
    scalars: List[ScalarAccess] = field(default_factory=list)
    inductions: List[Induction] = field(default_factory=list)
    rng_calls: List[str] = field(default_factory=list)
    unknown_calls: List[str] = field(default_factory=list)
    accessors: List[AccessorUse] = field(default_factory=list)  # those run inside the loop
    # Blobs whose buffer a typed accessor gives (`x.template cpu_data<T>()`, a fork's: a
    # conversion), anywhere the walk met one; the rewrite's untyped accessors would drop <T>
    typed_buffers: List[str] = field(default_factory=list)
    written_names: Set[str] = field(default_factory=set)  # variables assigned in the body
    early_exits: List[str] = field(default_factory=list)
    member_scalar_writes: List[str] = field(default_factory=list)
    # writes to state every thread shares: namespace-scope variables, static data members,
    # function-local statics ("g_frames at line 12 (namespace scope)")
    shared_state: List[str] = field(default_factory=list)
    helpers: List[str] = field(default_factory=list)  # methods followed
    aliases: Dict[str, str] = field(default_factory=dict)  # root label -> local pointer name
    # pointer variables that hold the start of a Blob's buffer when the loop begins: set by
    # their declaration to an accessor's result and never moved before the loop (what an
    # accumulation may be redirected through, a whole buffer's worth)
    at_start: Set[str] = field(default_factory=set)
    # root label -> every pointer variable declared before the loop that points into it,
    # with its declared type: [(name, type)]
    alias_vars: Dict[str, List[Tuple[str, str]]] = field(default_factory=dict)
    # pointer variables set before the loop from a Blob chosen by a conditional
    # (`(c ? blobs_[0].get() : bottom[1])->mutable_cpu_diff()`, or
    # `c ? bottom[1]->mutable_cpu_diff() : blobs_[0]->mutable_cpu_diff()`) -> the condition
    # and the two Blob expressions, as written
    chosen_blobs: Dict[str, List[str]] = field(default_factory=dict)
    live_in: Set[str] = field(default_factory=set)  # scratch written before the loop
    # scratch -> where something reads what the loop left in it (facts/liveness.py)
    read_after: Dict[str, str] = field(default_factory=dict)
    used_after: Set[str] = field(default_factory=set)  # names the function uses after it
    body_names: Set[str] = field(default_factory=set)  # names the loop's body uses
    var_before: bool = False  # the loop variable is declared before the loop (`int n; for (n`
    # a variable declared before the loop that the body uses while it also declares one of
    # that name (facts/scopes.py): 'acc (line 45)', else ''
    shadowed: str = ""
    macro: bool = False
    omp: bool = False
    region: bool = False  # the loop is the body of a region cgp-transform wrote before
    has_inner_loop: bool = False
    # conditions no iteration changes, spelled as at the loop: atom -> text (facts/gates.py)
    gates: Dict[str, str] = field(default_factory=dict)


class _Frame:
    """One function activation: its pointer/int locals and bound parameters."""

    def __init__(self, fn: FunctionIR, bindings: Dict[str, object]):
        self.fn = fn
        self.bindings = bindings  # param name -> Ptr | Node | str (text)
        self.caller: Optional["_Frame"] = None  # the frame whose call this one walks
        self.ptrs: Dict[str, Ptr] = {}
        self.values: Dict[str, Node] = {}  # int locals declared with an initializer
        self.inside: Set[str] = set()  # names declared inside the loop body
        # variables an inner loop steps (its counters): where no loop bound of theirs is
        # read (after the loop, or a loop whose bound the walk cannot read), of unknown value
        self.loop_counters: Set[str] = set()
        self.decl_guards: Dict[str, FrozenSet] = {}  # conditions a local's scope runs under
        self.ref_targets: Dict[str, Root] = {}  # reference parameters -> what they alias
        # references declared in the function (`Dtype& loss = top_data[0];`) -> what they
        # alias: writes and reads through them are accesses of that memory
        self.ref_locals: Dict[str, Ptr] = {}
        self.blob_vars: Dict[str, Root] = {}  # Blob* locals -> the Blob they point to
        self.blob_choices: Dict[str, List[Root]] = {}  # Blob* locals set to `c ? A : B`
        self.vector_refs: Dict[str, str] = {}  # `const vector<Blob*>& v = top`: v -> top
        self.lambdas: Dict[str, Node] = {}  # locals initialized with a lambda -> the lambda
        self.own_iterators: Dict[str, bool] = {}  # iterators that only point into own objects
        self.returns: List[FrozenSet] = []  # guards under which this callee returned
        # guards under which the innermost loop's iteration (or a switch) was left by
        # continue or break: the rest of the enclosing blocks runs under their negation
        self.skips: List[FrozenSet] = []
        self.inexact_blocks = 0
        # a template type parameter (`D-I`) -> the special members its objects run, as the
        # call bound it (effects_special); None: the walk's own function
        self.types: Optional[Dict[str, str]] = None


def depth_of(frame: "_Frame") -> int:
    return 1 if frame.bindings or frame.ref_targets else 0
