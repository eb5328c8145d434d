"""Blobs whose buffers are another Blob's: `X.ShareData(Y)` makes X's data Y's memory (and
`ShareDiff` its diff), in any method of the layer's class, its bases or the classes derived
from it, or in the loop's own function. Two roots the walk keeps apart are one buffer then.
`X.set_cpu_data(p)` (and `set_cpu_diff`, `set_gpu_*`) makes X's buffer whatever memory p
points to: another Blob's data or diff, or any other: its pair names ANY for the other (and
for X and its buffer too when X is not `top[0]`-like or a Blob member held by value: a local
or member pointer, `top[i]`, `x->diff()`: any Blob's data or diff then)."""
from __future__ import annotations

import re
from typing import List, Tuple

from ..ir import FunctionIR, Node
from .classes import Program
from .shapes import norm_text

SHARING = {"ShareData": "data", "ShareDiff": "diff"}
REDIRECTS = {"set_cpu_data": "data", "set_gpu_data": "data", "set_cpu_diff": "diff",
             "set_gpu_diff": "diff"}
ANY = "*"  # the other side of a redirect: memory the walk does not place


def shared_buffers(program: Program, cls: str, fn: FunctionIR) -> List[Tuple[str, str, str, int]]:
    """(X, Y, buffer, line) for every `X.ShareData(Y)` or `X->ShareDiff(*Y)` found, and
    (X, ANY, buffer, line) for every `X.set_cpu_data(p)` or the like (_placed)."""
    key = ("shared_buffers", cls)
    if key not in program.memo:
        family = program.ancestry(cls) + program.descendants(cls) if cls else []
        bodies = [f for c in family for k, defs in sorted(program.functions.items())
                  if k.startswith(c + "::") for f in defs if f.body is not None]
        program.memo[key] = (bodies, _pairs(bodies) + _helpers_redirect(program, bodies))
    bodies, found = program.memo[key]
    out = list(found)
    if fn.body is not None and all(f is not fn for f in bodies):
        for pair in _pairs([fn]) + _helpers_redirect(program, [fn]):
            if pair not in out:
                out.append(pair)
    return [_placed(program, cls, p) for p in out]


_HELPER_LIMIT = 200  # free functions followed from one family; past it, any Blob may be


def _helpers_redirect(program: Program, bodies: List[FunctionIR]):
    """(ANY, ANY, ANY, line) for a `set_cpu_data` or the like in a free function the bodies
    call, directly or through other free functions (`View(&acc_, p)`): its receiver is a
    parameter, so any Blob's buffer may be other memory."""
    seen, todo, found = set(), list(bodies), []
    while todo:
        for n in todo.pop().body.walk():
            if n.kind != "call" or not n.name or n.name in seen:
                continue
            seen.add(n.name)
            for g in program.functions.get(n.name, []):
                if not g.cls and g.body is not None:
                    if len(seen) > _HELPER_LIMIT:
                        return [(ANY, ANY, ANY, g.line)]
                    todo.append(g)
                    found += [(ANY, ANY, ANY, pair[3]) for pair in _pairs([g])
                              if pair[1] == ANY]
    return found[:1]


_SLOT = re.compile(r"(?:this->)?(bottom|top|blobs_)\[\d+\]")


def _placed(program: Program, cls: str, pair: Tuple[str, str, str, int]):
    """A redirect's receiver as the walk names its root: `top[0]`, `blobs_[1]`, or a Blob
    member held by value; anything else (a pointer or reference member, `top[i]`, a call's
    result such as `x->diff()`) may be any Blob's buffer, data or diff: (ANY, ANY, ANY)."""
    x, y, buf, line = pair
    if y != ANY or x == ANY:
        return pair if y != ANY else (ANY, ANY, ANY, line)
    m = _SLOT.fullmatch(x)
    if m:
        return (x[len("this->"):] if x.startswith("this->") else x, y, buf, line)
    name = x[len("this->"):] if x.startswith("this->") else x
    declared = program.field_type(cls, name) if cls and re.fullmatch(r"\w+", name) else ""
    if declared and "Blob" in declared and not any(c in declared for c in "*&") and \
            "ptr" not in declared:
        return (name, y, buf, line)
    return (ANY, ANY, ANY, line)


def _pairs(bodies: List[FunctionIR]) -> List[Tuple[str, str, str, int]]:
    out: List[Tuple[str, str, str, int]] = []
    for f in bodies:
        for n in f.body.walk():
            pair = _shared(n)
            if pair is not None and pair not in out:
                out.append(pair)
    return out


def _shared(n: Node):
    if n.kind != "call" or n.name not in {**SHARING, **REDIRECTS} or len(n.children) != 2:
        return None
    callee = n.children[0]
    if callee.kind != "member" or not callee.children:
        return None
    if n.name in REDIRECTS:  # a local pointer or reference: any Blob it may name
        receiver = callee.children[0]
        named = receiver.kind in ("member", "index") or \
            (receiver.kind == "name" and receiver.ref == "field")
        return (_blob_name(receiver) if named else ANY, ANY, REDIRECTS[n.name], n.line)
    return (_blob_name(callee.children[0]), _blob_name(n.children[1]), SHARING[n.name], n.line)


def _blob_name(e: Node) -> str:
    """The name a Blob expression has among the walk's roots (`top[0]`, `alias_`)."""
    text = norm_text(e.text)
    while text.startswith("*") or (text.startswith("(") and text.endswith(")")):
        text = text[1:] if text.startswith("*") else text[1:-1]
    return text
