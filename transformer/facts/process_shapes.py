"""Shapes of a solver that the process level's edits cannot take as they are (`--mpi`), found
in the solver family's methods: each a Site whose `text` says what is wrong. The plan refuses
a tree with any of them (a wrong edit is worse than none).

- the set-up: the net member must be created by one method, called from one method, which
  runs to its end (the process level attaches at its closing brace: a `return` in it would
  skip the attach, or leave it unreachable after the value returned);
- the step: the runtime averages the diffs once per iteration, between the solver's
  `on_start` and `on_gradients_ready` callbacks, after one backward pass (or after the last
  of `iter_size` passes, which it reads from the solver's parameters). So each
  `ForwardBackward()` on the net must sit in the method that calls both callbacks, after
  `on_start` and before `on_gradients_ready`, not in a lambda (it could run anywhere), at most
  one such call per method, and any loop around it that does not also hold
  `on_gradients_ready` must count `iter_size` passes;
- the snapshot: every `Snapshot` definition (an override need not call the base) returns
  nothing, so that rank 0 alone can write by returning at its start elsewhere.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ..ir import FunctionIR, Node
from .classes import strip_this

STEP_CALLBACKS = ("on_start", "on_gradients_ready")  # Caffe's Solver::Callback
PASSES_FIELD = "iter_size"   # SolverParameter's passes per step: the runtime reads it too
LOOPS = ("for", "while", "do")


def _site(fn: FunctionIR, node: Node, why: str):
    from .process import Site
    return Site(fn.file, node.start, node.end, node.line, f"{fn.cls}::{fn.name}", why)


def _inside(node: Node, outer: Node) -> bool:
    return outer.start <= node.start and node.end <= outer.end and outer is not node


def callee_base(call: Node) -> Optional[Node]:
    """The object a member call is made on (`net_` of `net_->Forward(...)`), or None."""
    callee = call.children[0] if call.children else None
    if callee is not None and callee.kind == "member" and callee.children:
        return callee.children[0]
    return None


def calls_on(fn: FunctionIR, name: str, net_field: str) -> List[Node]:
    """fn's calls of method `name` on the member net_field (`net_->name(...)`)."""
    return [n for n in (fn.body.walk() if fn.body is not None else [])
            if n.kind == "call" and n.name == name and callee_base(n) is not None and
            strip_this(callee_base(n).text) == net_field]


def setup_methods(methods: List[FunctionIR], net_field: str) -> Tuple[List, List]:
    """The methods that create the net member (`net_.reset(...)`), and those that call one
    of them (the set-up the process level attaches at the end of)."""
    creators = [fn for fn in methods if calls_on(fn, "reset", net_field)]
    names = {fn.name for fn in creators}
    callers = [fn for fn in methods if fn.body is not None and
               any(n.kind == "call" and n.name in names for n in fn.body.walk())]
    return creators, callers


def setup_problems(methods: List[FunctionIR], net_field: str) -> List:
    """The net member created in more than one method, its creator called from more than one,
    or the calling method able to return before its end."""
    creators, callers = setup_methods(methods, net_field)
    out = []
    if len({(fn.cls, fn.name) for fn in creators}) > 1:
        out += [_site(fn, calls_on(fn, "reset", net_field)[0],
                      f"{net_field} is (re)created in more than one method "
                      f"({', '.join(sorted({f'{c.cls}::{c.name}' for c in creators}))}): the "
                      "process level hooks the one net made at set-up") for fn in creators[:1]]
    if len({(fn.cls, fn.name) for fn in callers}) > 1:
        out.append(_site(callers[0], callers[0].body,
                         f"the method creating {net_field} is called from more than one "
                         f"({', '.join(sorted({f'{c.cls}::{c.name}' for c in callers}))}): "
                         "the set-up to attach at is not one method"))
    for fn in callers[:1]:
        lambdas = [n for n in fn.body.walk() if n.kind == "lambda"]
        for n in fn.body.walk():
            if n.kind == "return" and not any(_inside(n, lam) for lam in lambdas):
                out.append(_site(fn, n, f"{fn.name} returns before its end (line {n.line}): "
                                        "the process level attaches at its end"))
                break
    return out


def _conditional(node: Node) -> bool:
    """Does node run part of its children only on some condition (`if`, `?:`, `switch`,
    `&&`, `||`)?"""
    return node.kind in ("if", "cond") or (node.kind == "other" and node.name == "SWITCH_STMT") \
        or (node.kind == "binop" and node.op in ("&&", "||"))


def _step_problem(fn: FunctionIR, call: Node, all_calls: List[Node]) -> str:
    body = fn.body
    walk = list(body.walk())
    if any(n.kind == "lambda" and _inside(call, n) for n in walk):
        return "it is called in a lambda, which may run outside the step"
    starts = [n for n in walk if n.kind == "call" and n.name == STEP_CALLBACKS[0]]
    readies = [n for n in walk if n.kind == "call" and n.name == STEP_CALLBACKS[1]]
    if not any(s.end <= call.start for s in starts) or \
            not any(r.start >= call.end for r in readies):
        return (f"{fn.name} does not call the solver callbacks' {STEP_CALLBACKS[0]} before it "
                f"and {STEP_CALLBACKS[1]} after it: the runtime averages the diffs there")
    if len(all_calls) > 1:
        return f"{fn.name} runs {len(all_calls)} backward passes per step, not one"
    gate = next((n for n in walk if _inside(call, n) and _conditional(n)), None)
    if gate is not None:
        return (f"it runs under a condition (line {gate.line}): a rank that skips it never "
                "joins the others' sum of the loss and the diffs")
    for loop in (n for n in walk if n.kind in LOOPS and _inside(call, n)):
        if any(_inside(r, loop) for r in readies):
            continue
        header = [c for c in loop.children if not _inside(call, c) and c is not call]
        if not any(PASSES_FIELD in c.text for c in header):
            return (f"it runs in a loop (line {loop.line}) that does not count the solver's "
                    f"{PASSES_FIELD} passes, and the runtime averages after the first")
    return ""


def step_problems(methods: List[FunctionIR], net_field: str, loss_call: str) -> List:
    """Each `ForwardBackward()` on the net whose diffs the runtime would not average exactly
    once per step."""
    out = []
    for fn in methods:
        calls = calls_on(fn, loss_call, net_field)
        for call in calls:
            why = _step_problem(fn, call, calls)
            if why:
                out.append(_site(fn, call, f"{net_field}->{loss_call}() in {fn.name}: {why}"))
    return out


def snapshot_sites(program, family: List[str], method: str) -> Dict[str, List]:
    """The opening brace of every definition of `method` in the family (`sites`), and those
    that return a value (`valued`)."""
    from .process import Site
    out: Dict[str, List] = {"sites": [], "valued": []}
    for cls in family:
        for fn in program.functions.get(f"{cls}::{method}", [])[:1]:
            if fn.body is None:
                continue
            site = Site(fn.file, fn.body.start + 1, fn.body.start + 1, fn.line, method)
            out["sites"].append(site)
            if fn.returns.replace(" ", "") not in ("", "void"):
                out["valued"].append(Site(fn.file, fn.start, fn.end, fn.line,
                                          f"{cls}::{method}", fn.returns))
    return out
