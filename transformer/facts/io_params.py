"""Whether a helper's Blob vector parameters named `bottom` and `top` are the layer's own.

A loop inside a helper is walked in the helper itself, whose `bottom[i]`/`top[i]` the walk
and the plan read as the layer's input/output slots (`io_slots.may_pair`: `bottom[1]` is no
in-place partner of `top[0]`). That holds only where every call of the helper in the tree
passes, as that parameter, the caller's own vector of the same name, itself the layer's
own (an entry method's, or one more helper's so passed). A caller that passes a vector it
built, a member vector, the other vector (`Run(top, bottom)`) or one vector twice makes the
parameter's Blobs any Blobs: the walk places them nowhere (an unknown root)."""
from __future__ import annotations

from typing import Dict, List, Set, Tuple

from ..ir import FunctionIR, Node
from .classes import ENTRY_METHODS, Program
from .effects_syntax import _strip

IO_VECTORS = ("bottom", "top")


def _io_params(fn: FunctionIR) -> List[str]:
    return [p.name for p in fn.params
            if p.name in IO_VECTORS and "vector" in p.type and "Blob" in p.type]


def _calls_by_name(program: Program) -> Dict[str, List[Tuple[FunctionIR, Node]]]:
    """Every call in the tree's bodies, by the called name (once per program)."""
    key = ("io_params.calls",)
    if key not in program.memo:
        out: Dict[str, List[Tuple[FunctionIR, Node]]] = {}
        for defs in program.functions.values():
            for fn in defs:
                for n in fn.body.walk():
                    if n.kind == "call" and n.name:
                        out.setdefault(n.name, []).append((fn, n))
        program.memo[key] = out
    return program.memo[key]


def unbound(program: Program, fn: FunctionIR) -> Set[str]:
    """fn's Blob vector parameters named `bottom`/`top` that some call of fn in the tree
    does not pass the caller's own same-named vector of the layer (none for an entry
    method, which the framework calls with the layer's own)."""
    return _unbound(program, fn, frozenset())


def _unbound(program: Program, fn: FunctionIR, path: frozenset) -> Set[str]:
    names = _io_params(fn)
    if not names or fn.name in ENTRY_METHODS:
        return set()
    ident = (fn.file, fn.start)
    key = ("io_params.unbound", ident)
    if key in program.memo:
        return program.memo[key]
    if ident in path:  # a call cycle: what enters it is judged at its other calls
        return set()
    out: Set[str] = set()
    positions = {p.name: i for i, p in enumerate(fn.params)}
    for caller, call in _calls_by_name(program).get(fn.name, []):
        args = call.children[1:]
        if len(args) > len(fn.params):
            continue  # another overload
        for name in names:
            i = positions[name]
            if i < len(args) and not _passes_own(program, caller, args[i], name,
                                                 path | {ident}):
                out.add(name)
    program.memo[key] = out
    return out


def _passes_own(program: Program, caller: FunctionIR, arg: Node, name: str,
                path: frozenset) -> bool:
    """Is arg the caller's own parameter `name`, itself the layer's vector of that name?"""
    arg = _strip(arg)
    return arg.kind == "name" and arg.ref == "param" and arg.name == name and \
        name in _io_params(caller) and name not in _unbound(program, caller, path)
