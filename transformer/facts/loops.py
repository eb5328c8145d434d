"""Find the loops and BLAS calls worth a decision in each layer's Forward_cpu/Backward_cpu
and the helpers they reach, and collect their facts (trip count, kind, effects)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set, Tuple

from ..ir import FunctionIR, Node
from .blas_defs import BlasDefinition, definitions
from .classes import ENTRY_METHODS, LAYER_ROOT, Program, member_assignments
from .effects import BodyEffects, EffectWalker, loop_var_and_trip
from .effects_calls import library_call
from .effects_syntax import _aliased_names
from .liveness import ReadsAfter
from .mathlib import TABLE
from .shapes import ShapeOracle, axis0_checks

SOURCE_SUFFIXES = (".cpp", ".cc", ".cxx", ".cu.cc")


@dataclass
class LoopFacts:
    cls: str
    method: str
    file: str
    line: int
    start: int
    end: int
    kind: str  # batch-loop | batch-blas | elementwise | elementwise-call | other
    var: str
    trip: str
    effects: Optional[BodyEffects]
    degraded: str  # "" when the unit parsed whole, else its first error
    # for batch-blas: which dimension carries the batch ('rows' or 'k') and the call text
    blas_dim: str = ""
    blas_call: str = ""
    blas_name: str = ""
    blas_args: List[str] = field(default_factory=list)
    # for batch-blas: the tree's definitions of the called wrapper (blas_defs.py)
    blas_defs: List[BlasDefinition] = field(default_factory=list)
    pragma_before: bool = False
    # for a loop that is not over the samples ('other'): how its bound is known
    # (none | sample | other | unknown, see ShapeOracle.extent)
    extent: str = ""
    # "X::Forward_cpu" when the loop's function is inherited by (or a helper of a base of)
    # the class this row is for: a region is safe only if it is for every such class
    inherits: str = ""


def _oracle_for(program: Program, cls: str, fn: FunctionIR,
                members: Dict[str, List[Node]]) -> ShapeOracle:
    """fn's shapes, with `members` the values cls's hierarchy assigns to its members
    (member_assignments, read once per class)."""
    locals_: Dict[str, List[Node]] = {}
    for n in fn.body.walk():
        if n.kind == "decl" and n.children:
            locals_.setdefault(n.name, []).append(n.children[0])
        elif n.kind == "assign" and n.op == "=" and n.children[0].kind == "name" and \
                n.children[0].ref == "local":
            locals_.setdefault(n.children[0].name, []).append(n.children[1])

    def resolve(n: Node):
        if n.kind == "member" or (n.kind == "name" and n.ref == "field"):
            return members.get(n.name)
        if n.kind == "name":
            if n.name in locals_:
                return locals_[n.name]
            return members.get(n.name)
        return None
    reshape = program.resolve_method(cls, "Reshape")
    return ShapeOracle(resolve, axis0_checks(reshape.body if reshape else None))


def _trip_node(loop: Node) -> Optional[Node]:
    cond = loop.children[1]
    if cond.kind == "binop" and cond.op in ("<", "<=", "!=") and len(cond.children) == 2:
        return cond.children[1]
    return None


def _statements_before(body: Node, target: Node) -> List[Node]:
    """Statements of the function that run before `target`, outermost first."""
    out: List[Node] = []

    def visit(n: Node) -> bool:
        if n is target:
            return True
        if n.kind == "block":
            for c in n.children:
                if any(x is target for x in c.walk()):
                    visit(c)
                    return True
                out.append(c)
            return False
        for i, c in enumerate(n.children):
            if any(x is target for x in c.walk()):
                if n.kind == "for" and c is n.children[3]:
                    out.extend(x for x in n.children[:3])
                else:  # a range-for's variable, a condition's declaration
                    out.extend(x for x in n.children[:i] if x.kind == "decl")
                return visit(c)
        return False
    visit(body)
    return out


def _pragma_before(source: bytes, start: int) -> bool:
    line_start = source.rfind(b"\n", 0, start)
    prev_end = line_start
    prev_start = source.rfind(b"\n", 0, max(prev_end, 0)) + 1
    prev = source[prev_start:prev_end].strip()
    return re.match(rb"#\s*pragma\s+omp\b", prev) is not None


def _reachable(program: Program, cls: str) -> List[Tuple[str, FunctionIR]]:
    """(entry method, function) pairs: the entries of cls and every this-> helper they reach."""
    out: List[Tuple[str, FunctionIR]] = []
    seen: Set[Tuple[str, int]] = set()
    for entry in ENTRY_METHODS:
        first = program.resolve_method(cls, entry)  # defined in cls, or inherited
        if first is None or first.cls == LAYER_ROOT:
            continue
        todo = [first]
        while todo:
            fn = todo.pop()
            ident = (fn.file, fn.start)
            if ident in seen:
                continue
            seen.add(ident)
            out.append((entry, fn))
            for n in fn.body.walk():
                if n.kind == "call" and n.children and (
                        (n.children[0].kind == "member" and n.children[0].children and
                         n.children[0].children[0].kind == "this") or
                        n.children[0].kind in ("name", "member") and not n.children[0].children):
                    target = program.resolve_method(cls, n.name)
                    if target is None and n.children[0].kind != "member" and \
                            n.name not in TABLE:  # the table models library functions
                        defs = program.functions.get(n.name)
                        target = defs[0] if defs else None
                    if target is not None:
                        todo.append(target)
    return out


def collect(program: Program, cls: str, sources: Dict[str, bytes]) -> List[LoopFacts]:
    """The facts of every loop and call worth a decision in cls's entry methods and the
    helpers they reach, in body order."""
    facts: List[LoopFacts] = []
    members = member_assignments(program, cls)
    liveness = ReadsAfter(program, cls, lambda fn: _oracle_for(program, cls, fn, members))
    for _entry, fn in _reachable(program, cls):
        _FunctionScan(program, cls, fn, sources, facts, liveness).run()
    return facts


def _loop_kind(oracle: ShapeOracle, trip: Optional[Node], var: Optional[str]) -> Optional[str]:
    """batch-loop or elementwise by the loop's bound, or None for any other loop."""
    if trip is not None and var and oracle.is_batch(trip):
        return "batch-loop"
    if trip is not None and var and oracle.is_total_count(trip):
        return "elementwise"
    if trip is not None and oracle.is_batch(trip):
        return "batch-loop"  # non-canonical header: rejected later
    return None


class _FunctionScan:
    """One function's loops and calls that get a decision, appended to facts in body order.
    Code inside a claimed node (a loop or construct decided as a whole, or code an earlier run
    generated) gets none of its own."""

    def __init__(self, program: Program, cls: str, fn: FunctionIR, sources: Dict[str, bytes],
                 facts: List[LoopFacts], liveness: "ReadsAfter"):
        self.program, self.cls, self.fn, self.sources, self.facts = \
            program, cls, fn, sources, facts
        self.liveness = liveness
        self.oracle = liveness.oracle(fn)
        self.degraded = program.degraded_by(fn.file)
        self.claimed: List[Node] = _generated(fn)
        self.outer_others: List[Node] = []  # loops reported as not over the samples

    def inside_claimed(self, n: Node) -> bool:
        return any(c.start <= n.start and n.end <= c.end and c is not n for c in self.claimed)

    def inside_other(self, n: Node) -> bool:
        return any(c.start <= n.start and n.end <= c.end for c in self.outer_others)

    def fact(self, n: Node, kind: str, line: Optional[int] = None, var: str = "",
             trip: str = "", **more) -> LoopFacts:
        return LoopFacts(cls=self.cls, method=self.fn.name, file=self.fn.file,
                         line=n.line if line is None else line, start=n.start, end=n.end,
                         kind=kind, var=var, trip=trip, degraded=self.degraded,
                         inherits=inherits(self.cls, self.fn), **more)

    def run(self) -> None:
        for n in self.fn.body.walk():
            if n.kind == "for" and not self.inside_claimed(n):
                self.loop(n)
            elif n.kind == "call" and n.name in TABLE and not TABLE[n.name].rng and \
                    not self.inside_claimed(n) and self._library(n):
                self.call(n)
            elif _region_call(n) and not self.inside_claimed(n):
                self.claimed.append(n)  # a region written before: already parallel
                self.facts.append(self.fact(n, "other", effects=BodyEffects(region=True)))
            elif n.kind == "omp" and not self.inside_claimed(n):
                self.claimed.append(n)
                line = n.line + 1 if n.text.lstrip().startswith("#") else n.line
                self.facts.append(self.fact(n, "other", line, effects=BodyEffects(omp=True)))
            elif n.kind == "call" and n.name in TABLE and TABLE[n.name].rng and \
                    not self.inside_claimed(n):
                eff = BodyEffects(rng_calls=[f"{n.name} at line {n.line}"])
                self.facts.append(self.fact(n, "other", effects=eff))

    def _library(self, n: Node) -> bool:
        """The library's function, not the tree's of the same name (`library_call`)."""
        return library_call(self.program, self.cls, n.children[0] if n.children else None,
                            n.name)

    def call(self, n: Node) -> None:
        """A math-library call: facts for the kind whose matcher takes it, if any."""
        from .. import kinds  # the kinds read facts: imported when the facts are made
        for kind in kinds.KINDS.values():
            if kind.matches_call(TABLE[n.name]):
                f = kind.call_facts(self.cls, self.fn, n, self.oracle, self.degraded)
                if f is not None:
                    f.blas_defs = definitions(self.program, n.name) if TABLE[n.name].blas \
                        else []
                    self.facts.append(f)
                return

    def loop(self, n: Node) -> None:
        """A for loop: a batch or elementwise loop with its effects, or reported as other."""
        trip = _trip_node(n)
        var, trip_text = loop_var_and_trip(n)
        kind = _loop_kind(self.oracle, trip, var)
        if kind is None and (n.macro or trip is None):
            if n.macro:  # a loop whose header comes from a macro: report, never touch
                self.claimed.append(n)
                self.facts.append(self.fact(n, "other", effects=BodyEffects(macro=True)))
            return
        if kind is None:
            # every outermost loop gets a decision; the loops inside it are part of it,
            # except batch loops, which get their own
            if not self.inside_other(n):
                self.outer_others.append(n)
                self.facts.append(self.fact(
                    n, "other", var=var or "", trip=trip_text or "", effects=BodyEffects(),
                    extent=self.oracle.extent(trip if var else None)))
            return
        self.claimed.append(n)
        walker = EffectWalker(self.program, self.cls, self.oracle)
        before = _statements_before(self.fn.body, n)
        eff = walker.analyze_loop(self.fn, n, var or "", before)
        if kind == "batch-loop":
            eff.read_after = self.liveness.of(self.fn, n, before)
        eff.used_after = _used_after(self.fn.body, n)
        eff.var_before = n.children[0].kind != "decls"
        src = self.sources.get(self.fn.file, b"")
        self.facts.append(self.fact(
            n, kind, var=var or "", trip=trip_text or (trip.text if trip else ""),
            effects=eff, pragma_before=_pragma_before(src, n.start)))


def _used_after(body: Node, loop: Node) -> Set[str]:
    """Names the function may read after the loop: written after it, anywhere in a loop
    around it (its next rounds), or in a lambda outside it (called who knows when)."""
    out = {m.name for m in body.walk() if m.kind == "name" and m.start >= loop.end}
    for m in body.walk():
        around = m.kind in ("for", "while", "do", "other") and m is not loop and \
            m.start <= loop.start and loop.end <= m.end and \
            (m.kind != "other" or m.name == "CXX_FOR_RANGE_STMT")
        if around or (m.kind == "lambda" and not (loop.start <= m.start < loop.end)):
            out |= {x.name for x in m.walk() if x.kind == "name" and
                    not (loop.start <= x.start < loop.end)}
    # a variable whose address is taken or to which a reference is bound, anywhere in the
    # function, may be read after the loop under the other name (`*pc` for `carry`)
    return out | _aliased_names(body)


def inherits(cls: str, fn: FunctionIR) -> str:
    """'Base::method' when fn is a method of another class than cls (a base of it)."""
    return fn.key if fn.cls and fn.cls != cls else ""


def _generated(fn: FunctionIR) -> List[Node]:
    """Code that cgp-transform wrote in an earlier run: a block that declares `cgp_`
    variables, or an `if` on a `cgp::` test (with the original loop as its sequential
    branch). Nothing inside is planned again."""
    out = []
    for n in fn.body.walk():
        if n.kind == "block" and any(c.kind in ("decl", "decls") and
                                     (c.name.startswith("cgp_") or
                                      any(d.name.startswith("cgp_") for d in c.children))
                                     for c in n.children):
            out.append(n)
        elif n.kind == "if" and n.children and "cgp::" in n.children[0].text:
            out.append(n)
    return out


# the runtime's calls that run a region this tool wrote (templates/runtime.hpp.j2)
REGION_CALLS = ("parallel_for", "for_parts", "for_elements", "for_lines", "split_elements")


def _region_call(n: Node) -> bool:
    return n.kind == "call" and n.name in REGION_CALLS and n.text.lstrip().startswith("cgp::")


def in_lambda(fn: FunctionIR, n: Node) -> bool:
    """Calls in a lambda run when and where the lambda is called (a split call's block)."""
    return any(m.kind == "lambda" and m.start <= n.start and n.end <= m.end
               for m in fn.body.walk())


def collect_outside_layers(program: Program, skip_files=frozenset()) -> List[LoopFacts]:
    """Elementwise math calls in the functions that are not layer methods: the solver's
    update, the net's clearing of parameter diffs, and other whole-array passes. Only
    methods defined in source files (a header's inline code is compiled into units that do
    not include the runtime), outside OpenMP constructs; free functions, the library's own
    definitions among them, are left alone."""
    from .. import kinds  # the kinds read facts: imported when the facts are made
    facts: List[LoopFacts] = []
    for key, defs in sorted(program.functions.items()):
        cls, _, _name = key.rpartition("::")
        if not cls or cls == LAYER_ROOT or program.is_layer(cls):
            continue
        for fn in defs:
            if not fn.file.endswith(SOURCE_SUFFIXES) or fn.file in skip_files:
                continue
            degraded = program.degraded_by(fn.file)
            omp = [n for n in fn.body.walk() if n.kind == "omp"]
            for n in fn.body.walk():
                kind = kinds.KINDS["elementwise-call"]
                if n.kind == "call" and n.name in TABLE and kind.matches_call(TABLE[n.name]) \
                        and not any(o.start <= n.start and n.end <= o.end for o in omp) \
                        and library_call(program, cls, n.children[0] if n.children else None,
                                         n.name):
                    f = kind.call_facts(cls, fn, n, None, degraded)
                    facts += [f] if f is not None else []
    return facts
