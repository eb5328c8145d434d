"""Facts for the process level (`--mpi`): where a Caffe-family tree's solver and net can be
hooked. Found through the tree's own interfaces, never through a class's name:

- the solver: the class with `add_callback` (Caffe's Solver::Callback, with on_start and
  on_gradients_ready) and a member holding the training Net;
- the net: the class with `add_before_forward`, `add_after_forward` and `add_after_backward`
  (Caffe's per-layer Net::Callback hooks);
- the solver's set-up: the method that calls the one that creates the net (`net_.reset(...)`):
  the process level attaches at its end;
- the loss the solver logs: each `ForwardBackward()` called on that net member, and each
  `Forward(&loss)` (the loss `Solve()` displays at the end);
- the snapshot: the solver's `Snapshot` method, and the calls in the solver's methods that are
  handed a path made by `SnapshotFilename` (each writes the file whole when its value is not
  kept; one whose value is kept, a file handle, writes later and cannot be made atomic here).
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Dict, List, Optional

from ..ir import FunctionIR, Node
from .classes import Program
from .process_shapes import (
    callee_base,
    calls_on,
    setup_methods,
    setup_problems,
    snapshot_sites,
    step_problems,
)

RUNTIME_HEADER = "cgp_mpi.hpp"
SOLVER_HOOK = "add_callback"
NET_HOOKS = ("add_before_forward", "add_after_forward", "add_after_backward")
SNAPSHOT_METHOD = "Snapshot"
SNAPSHOT_NAME_METHOD = "SnapshotFilename"
LOSS_CALL = "ForwardBackward"
DISPLAY_CALL = "Forward"  # net_->Forward(&loss): the loss Solve() displays at the end
# the net's other forward passes that return a loss through a pointer (older trees' form too)
OTHER_FORWARDS = ("Forward", "ForwardPrefilled", "ForwardFromTo")


@dataclass
class Site:
    """A place in a method body: [start, end) bytes of `file`."""

    file: str
    start: int
    end: int
    line: int
    method: str = ""
    text: str = ""          # the statement or expression, as written
    arg_start: int = 0      # atomic writes: the path argument; losses: the net expression
    arg_end: int = 0
    arg: str = ""
    net: str = ""           # displays: the net expression the call is made on


@dataclass
class ProcessFacts:
    solver_class: str = ""
    net_class: str = ""
    net_field: str = ""                  # the solver's member that holds the training net
    attach: Optional[Site] = None        # the closing brace of the solver's set-up method
    losses: List[Site] = field(default_factory=list)
    displays: List[Site] = field(default_factory=list)  # net_->Forward(&x): arg is the &x
    local_losses: List[Site] = field(default_factory=list)  # other forwards: rank's share
    snapshot: Optional[Site] = None      # the opening brace of Snapshot's body
    writes: List[Site] = field(default_factory=list)
    kept_handles: List[Site] = field(default_factory=list)
    unwrapped: List[Site] = field(default_factory=list)  # path calls left as written (why)
    overrides: List[Site] = field(default_factory=list)  # Snapshot's other definitions
    unsure: List[Site] = field(default_factory=list)     # shapes the edits cannot take (why)
    ambiguous: List[str] = field(default_factory=list)   # several classes or members fit (why)
    already: bool = False                # the tree already holds the process level
    clashes: List[str] = field(default_factory=list)  # the tree's own `cgp` (Program.clashes)

    def to_json(self) -> dict:
        return asdict(self)


def _classes_with(program: Program, *methods: str) -> List[str]:
    return sorted(name for name, c in program.classes.items()
                  if all(m in c.methods for m in methods))


def _pick(found: List[str], what: str, ambiguous: List[str]) -> str:
    """The one class found; several: none, and why (the edits would hook a guess)."""
    if len(found) > 1:
        ambiguous.append(f"{len(found)} classes could be the {what} ({', '.join(found)})")
        return ""
    return found[0] if found else ""


def _solver(program: Program, net: str, ambiguous: List[str]) -> str:
    """The class with the solver's hooks; among several, the one that holds a net."""
    found = _classes_with(program, SOLVER_HOOK)
    holding = [c for c in found if _net_fields(program, c, net)]
    return _pick(holding if len(found) > 1 and holding else found, "solver", ambiguous)


def _family(program: Program, root: str) -> List[str]:
    return sorted(c for c in program.classes if root in program.ancestry(c))


def _net_fields(program: Program, solver: str, net: str) -> List[str]:
    """The solver's members that hold one net (`shared_ptr<Net<Dtype> >`; not a vector of
    them, not `ShadowNet<...>`: the net's name whole)."""
    cls = program.classes.get(solver)
    whole = re.compile(r"(^|[<:,*&])" + re.escape(net) + "<")
    return [f.name for f in (cls.fields if cls else [])
            if whole.search(f.type.replace(" ", "")) and
            not f.type.replace(" ", "").startswith(("vector", "std::vector"))]


def _net_field(program: Program, solver: str, net: str, ambiguous: List[str]) -> str:
    found = _net_fields(program, solver, net)
    if len(found) > 1:
        ambiguous.append(f"{solver} holds {len(found)} nets ({', '.join(found)}): which one "
                         "trains is not known")
        return ""
    return found[0] if found else ""


def _methods(program: Program, classes: List[str]) -> List[FunctionIR]:
    out = []
    for key, defs in sorted(program.functions.items()):
        if key.split("::")[0] in classes and "::" in key:
            out.extend(defs)
    return out


def _attach_site(methods: List[FunctionIR], net_field: str) -> Optional[Site]:
    """The end of the method that calls the one creating the net member."""
    callers = setup_methods(methods, net_field)[1]
    if not callers:
        return None
    close = callers[0].body.end - 1
    return Site(callers[0].file, close, close, callers[0].line, callers[0].name)


def _loss_sites(methods: List[FunctionIR], net_field: str) -> List[Site]:
    out = []
    for fn in methods:
        for call in calls_on(fn, LOSS_CALL, net_field):
            base = callee_base(call)
            out.append(Site(fn.file, call.start, call.end, call.line, fn.name, call.text,
                            base.start, base.end, base.text))
    return out


def _display_sites(methods: List[FunctionIR], net_field: str) -> tuple:
    """`net_->Forward(&x)` on the training net: the loss is written through the pointer (one
    argument that is the address of a name, so evaluating it again is harmless). And the
    net's other forward passes with an argument (`ForwardPrefilled(&loss)`, `Forward(bottom,
    &loss)`): what they give is this rank's share, left as written."""
    out, other = [], []
    for fn in methods:
        for call in (c for name in OTHER_FORWARDS for c in calls_on(fn, name, net_field)):
            base = callee_base(call)
            args = call.children[1:]
            if not args:
                continue
            arg = args[0].text.replace(" ", "")
            if call.name == DISPLAY_CALL and len(args) == 1 and arg.startswith("&") and \
                    arg[1:].replace("_", "a").isalnum():
                out.append(Site(fn.file, call.start, call.end, call.line, fn.name, call.text,
                                args[0].start, args[0].end, arg, base.text))
            else:
                other.append(Site(fn.file, call.start, call.end, call.line, fn.name,
                                  call.text))
    return out, other


def _path_names(fn: FunctionIR) -> List[str]:
    """Locals initialized from the solver's snapshot file name."""
    return [n.name for n in fn.body.walk() if n.kind == "decl" and n.children and
            any(c.kind == "call" and c.name == SNAPSHOT_NAME_METHOD for c in n.children[0].walk())]


def _path_arg(call: Node, names: List[str]) -> Optional[Node]:
    for arg in call.children[1:]:
        t = arg.text.replace(" ", "")
        if t in names or t in {f"{n}.c_str()" for n in names}:
            return arg
    return None


def _statements(body: Node):
    """The statements of every block of a body."""
    for n in body.walk():
        if n.kind == "block":
            yield from n.children


def _statement_end(source: bytes, end: int) -> int:
    """Just past the `;` that ends an expression statement ending at `end` (or `end`)."""
    i = end
    while i < len(source) and source[i:i + 1] in b" \t\r\n":
        i += 1
    return i + 1 if source[i:i + 1] == b";" else end


def _write_sites(methods: List[FunctionIR], sources: Dict[str, bytes]) -> tuple:
    """Calls handed a snapshot path and something else (what they write there): statements of
    their own (the call writes the file whole before it returns) and ones whose value is kept
    (a handle: written later)."""
    whole, kept, unwrapped = [], [], []
    for fn in methods:
        names = _path_names(fn) if fn.body is not None else []
        mine = []
        for stmt in _statements(fn.body) if names else []:
            calls = [n for n in stmt.walk() if n.kind == "call" and _path_arg(n, names)]
            if stmt.kind == "call" and calls and calls[0] is stmt and len(stmt.children) > 2:
                arg = _path_arg(stmt, names)
                end = _statement_end(sources.get(fn.file, b""), stmt.end)
                mine.append(Site(fn.file, stmt.start, end, stmt.line, fn.name,
                                 sources[fn.file][stmt.start:end].decode("utf-8", "replace"),
                                 arg.start, arg.end, arg.text))
            elif calls and stmt.kind in ("decls", "decl", "assign"):
                kept.append(Site(fn.file, stmt.start, stmt.end, stmt.line, fn.name, stmt.text))
            elif any(len(c.children) > 2 for c in calls):
                unwrapped.append(Site(fn.file, stmt.start, stmt.end, stmt.line, fn.name,
                                      "the call handed the snapshot path is not a statement "
                                      "of its own"))
        whole += _one_write_per_path(mine, unwrapped)
    return whole, kept, unwrapped


def _one_write_per_path(sites: List[Site], unwrapped: List[Site]) -> List[Site]:
    """A path handed to several calls (one may read back what another wrote): which one
    writes is not known, so none is wrapped."""
    args = [s.arg.replace(" ", "").replace(".c_str()", "") for s in sites]
    out = []
    for site, arg in zip(sites, args):
        if args.count(arg) == 1:
            out.append(site)
        else:
            unwrapped.append(Site(site.file, site.start, site.end, site.line, site.method,
                                  f"{arg} is handed to {args.count(arg)} calls: which one "
                                  "writes the file is not known"))
    return out


def _reached_from(methods: List[FunctionIR], start: str) -> List[FunctionIR]:
    """The solver methods a call of `start` can run (any override: calls are virtual)."""
    by_name: Dict[str, List[FunctionIR]] = {}
    for fn in methods:
        by_name.setdefault(fn.name, []).append(fn)
    seen, todo, out = set(), [start], []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for fn in by_name.get(name, []):
            out.append(fn)
            todo += [n.name for n in fn.body.walk() if n.kind == "call"] if fn.body else []
    return out


def collect(program: Program, sources: Dict[str, bytes]) -> ProcessFacts:
    facts = ProcessFacts(clashes=list(program.clashes))
    facts.net_class = _pick(_classes_with(program, *NET_HOOKS), "net", facts.ambiguous)
    net_type = facts.net_class or "Net"
    facts.solver_class = _solver(program, net_type, facts.ambiguous)
    if not facts.solver_class:
        return facts
    facts.net_field = _net_field(program, facts.solver_class, net_type, facts.ambiguous)
    methods = _methods(program, _family(program, facts.solver_class))
    facts.already = any(RUNTIME_HEADER.encode() in sources.get(fn.file, b"") for fn in methods)
    if facts.net_field:
        facts.attach = _attach_site(methods, facts.net_field)
        facts.losses = _loss_sites(methods, facts.net_field)
        facts.displays, facts.local_losses = _display_sites(methods, facts.net_field)
        facts.unsure = setup_problems(methods, facts.net_field) + \
            step_problems(methods, facts.net_field, LOSS_CALL)
    snap = program.functions.get(f"{facts.solver_class}::{SNAPSHOT_METHOD}", [])
    if snap and snap[0].body is not None:
        body = snap[0].body
        facts.snapshot = Site(snap[0].file, body.start + 1, body.start + 1, snap[0].line,
                              SNAPSHOT_METHOD)
    snaps = snapshot_sites(program, _family(program, facts.solver_class), SNAPSHOT_METHOD)
    facts.overrides = [s for s in snaps["sites"] if facts.snapshot is None or
                       (s.file, s.start) != (facts.snapshot.file, facts.snapshot.start)]
    facts.unsure += [Site(s.file, s.start, s.end, s.line, s.method,
                          f"{s.method} returns a value ({s.text}): rank 0 alone cannot write "
                          "by returning at its start elsewhere") for s in snaps["valued"]]
    facts.writes, facts.kept_handles, facts.unwrapped = _write_sites(
        _reached_from(methods, SNAPSHOT_METHOD), sources)
    return facts
