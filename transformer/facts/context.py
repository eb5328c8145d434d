"""What around a loop a region in its place would break. The region is a call,
`cgp::parallel_for(num, ..., [&](int cgp_begin, int cgp_end, int) { for (...) {...} })`,
written where the loop starts:
- a pragma for the loop on the lines before it (`#pragma GCC ivdep`, `#pragma unroll`, an
  `omp` pragma under a macro the parse did not define, `_Pragma` in a macro) would apply to
  the call, which is not a loop: the file does not compile;
- a lambda around the loop that lists its captures does not capture what the region names
  (the function's `bottom` in its work test);
- a structured binding declared before the loop cannot be captured by the region's lambda
  before C++20;
- `__func__` in the body would name the region's lambda, not the function;
- a declaration of the tree named `cgp` (a namespace, class, alias, template parameter)
  would be what the emitted `cgp::` finds, not the runtime's namespace: the file would not
  compile, or call the tree's own function of the runtime's name."""
from __future__ import annotations

import re
from typing import List

from ..ir import FunctionIR, Node

_COMMENTS = re.compile(rb"/\*.*?\*/|//[^\n]*", re.S)
_PREDEFINED = re.compile(rb"\b(__func__|__FUNCTION__|__PRETTY_FUNCTION__)\b")
_PRAGMA = re.compile(rb"^\s*#\s*pragma\b|\b_Pragma\b|__pragma\b", re.M)


def problem(fn: FunctionIR, loop: Node, src: bytes) -> str:
    """Why a region cannot replace the for-statement `loop` of fn ('' when it can)."""
    why = _before(src, fn.body.start + 1, src.rfind(b"\n", 0, loop.start) + 1)
    if why:
        return why
    for n in fn.body.walk():
        if n.kind == "lambda" and n.start < loop.start and loop.end <= n.end and \
                not _captures_by_default(n.text):
            return "the loop is inside a lambda that lists its captures, which do not " \
                   "include what the region names"
    body = loop.children[3]
    for n in body.walk():
        if n.kind == "name" and n.ref == "binding" and not loop.start <= n.decl < loop.end:
            return f"the body uses {n.name}, a structured binding declared before the " \
                   f"loop, which the region's lambda cannot capture (before C++20)"
    if _PREDEFINED.search(src[body.start:body.end]):
        return "the body names its function (__func__), which in the region is the lambda"
    return ""


def clash(clashes: List[str]) -> str:
    """Why no rewrite can name the runtime's namespace ('' when it can): the tree declares
    that name itself."""
    if not clashes:
        return ""
    more = f" and {len(clashes) - 1} more" if len(clashes) > 1 else ""
    return f"the tree declares cgp ({clashes[0]}{more}), which the emitted cgp:: would " \
           "find instead of the runtime's namespace"


def _before(src: bytes, start: int, end: int) -> str:
    """A pragma, or a line that may expand to one, right before the loop (between the
    function body's start and the loop's line, comments left out)."""
    lines = [ln.strip() for ln in _COMMENTS.sub(b"", src[start:end]).split(b"\n")]
    lines = [ln for ln in lines if ln]
    if not lines:
        return ""
    last = lines[-1]
    if _PRAGMA.search(last):
        return "a pragma right before the loop would apply to the region's call"
    if re.match(rb"#\s*(endif|else|elif)\b", last):  # the pragma in a conditional block
        depth, i = 0, len(lines) - 1
        while i >= 0:
            if re.match(rb"#\s*endif\b", lines[i]):
                depth += 1
            elif re.match(rb"#\s*if", lines[i]):
                depth -= 1
                if depth == 0:
                    break
            elif depth == 1 and _PRAGMA.search(lines[i]):
                return "a pragma in a conditional block right before the loop would apply " \
                       "to the region's call"
            i -= 1
        return ""
    word = re.search(rb"(\w+)$", last)
    if word and word.group(1) not in (b"else", b"do") and not last.startswith(b"#"):
        return f"{word.group(1).decode()} right before the loop may be a macro that expands " \
               f"to a pragma, which would apply to the region's call"
    return ""


def _captures_by_default(text: str) -> bool:
    """Does a lambda (`[&]`, `[=, &x]`, `[this, x]`) capture what it names by default?"""
    inside = text[text.find("[") + 1:text.find("]")] if "[" in text else ""
    first = inside.split(",")[0].strip()
    return first in ("&", "=")
