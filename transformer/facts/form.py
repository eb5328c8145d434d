"""The source form of a loop or call: the facts that decide whether it can be rewritten in
place (a braced body, a loop from 0, a call that is a statement of its own, names spelled out
rather than from macros). The plan rejects what the templates cannot express; render then
only reads these facts' positions, never refuses.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from ..ir import FunctionIR, Node
from . import context
from .classes import Program

SHAPE_QUERIES = ("offset", "count", "shape", "num", "channels", "height", "width")
# unary operators that read or write memory: not in a constant
_MEMORY_OPERATORS = ("*", "&", "++", "--", "post++", "post--")


@dataclass
class Form:
    found: bool = False           # the node is in the parsed source
    own_line: bool = False        # nothing but blanks before it on its line
    braced_body: bool = False     # loops: the body is a { block }
    starts_at_zero: bool = False  # loops: the counter starts at 0
    body_end: bool = False        # loops: a braced body, or a ';' after the unbraced one
    body_start: int = 0           # loops: the body's byte range
    body_stop: int = 0
    statement: bool = False       # calls: a statement of its own, ending in ';'
    spelled: bool = False         # calls: name and arguments spelled out, not from a macro
    name_spelled: bool = False    # calls: the callee's name appears in the call's text
    direct_names: List[str] = field(default_factory=list)  # names used other than in a shape
    #                                                        query (x.count(), x.offset(n))
    context: str = ""  # what around the loop or call its rewrite would break ('' if none)


def find(program: Program, file: str, start: int, end: int
         ) -> Tuple[Optional[FunctionIR], Optional[Node]]:
    """The function and the loop or call node at [start, end) of `file`."""
    for defs in program.functions.values():
        for fn in defs:
            if fn.file != file or not (fn.start <= start and end <= fn.end):
                continue
            for n in fn.body.walk():
                if n.start == start and n.end == end and n.kind in ("for", "call"):
                    return fn, n
    return None, None


def of(program: Program, sources: Dict[str, bytes], file: str, start: int, end: int) -> Form:
    fn, node = find(program, file, start, end)
    src = sources.get(file)
    if node is None or src is None:
        return Form()
    form = Form(found=True, own_line=not src[line_start(src, node.start):node.start].strip())
    if node.kind == "for":
        _loop(form, node, src)
        form.context = context.problem(fn, node, src)
    else:
        _call(form, fn, node, src)
    form.context = context.clash(program.clashes) or form.context
    return form


def _loop(form: Form, loop: Node, src: bytes) -> None:
    init, _, _, body = loop.children
    form.braced_body = body.kind == "block"
    form.starts_at_zero = starts_at_zero(init)
    stop = body.end if form.braced_body else statement_end(src, body.end) + 1
    form.body_end = stop > 0
    form.body_start, form.body_stop = body.start, max(stop, body.end)
    form.direct_names = sorted({n.name for n in body.walk()
                                if n.kind == "name" and not is_shape_query(body, n)})


def _call(form: Form, fn: FunctionIR, call: Node, src: bytes) -> None:
    args = call.children[1:]
    at = call.text.find(call.name)
    form.name_spelled = at >= 0
    callee = callee_text(src, call) if args else ""
    form.spelled = at >= 0 and bool(args) and not call.children[0].macro and \
        not any(macro_argument(a) for a in args) and callee.endswith("(")
    form.statement = is_statement(parent(fn.body, call), call) and \
        statement_end(src, call.end) >= 0


def macro_argument(arg: Node) -> bool:
    """Does a call's argument come from a macro expansion, in whole or in part, other than
    a constant (`#define EPS Dtype(0.25)`)? Its text is the macro's name (`ANCHOR` for
    `top_data[0]`), which render would take for what the blocks may each evaluate."""
    return any(n.macro for n in arg.walk()) and not constant(arg)


def constant(n: Node) -> bool:
    """An expression of literals only: casts of them, arithmetic, a conditional (a macro's
    `Dtype(0.25)` in a template lowers as a call of its literal)."""
    if n.kind == "lit":
        return True
    if n.kind == "unop" and n.op in _MEMORY_OPERATORS or \
            n.kind == "call" and (not n.children or n.children[0].kind != "lit"):
        return False
    return n.kind in ("cast", "unop", "binop", "cond", "call") and bool(n.children) and \
        all(constant(c) for c in n.children)


def callee_text(source: bytes, call: Node) -> str:
    """The source text from the start of a call to its first argument: `caffe_set(`."""
    first = call.children[1]
    return source[call.start:first.start].decode("utf-8", "surrogateescape").rstrip()


def line_start(source: bytes, offset: int) -> int:
    return source.rfind(b"\n", 0, offset) + 1


def statement_end(source: bytes, end: int) -> int:
    """Offset of the ';' that ends a statement whose expression ends at `end`, or -1."""
    at = end
    while at < len(source) and source[at:at + 1] in (b" ", b"\t", b"\n", b"\r"):
        at += 1
    return at if source[at:at + 1] == b";" else -1


def starts_at_zero(init: Node) -> bool:
    if init.kind == "decls" and init.children and init.children[0].children:
        return init.children[0].children[0].text.strip() == "0"
    if init.kind == "assign" and len(init.children) == 2:
        return init.children[1].text.strip() == "0"
    return False


def is_shape_query(body: Node, name_node: Node) -> bool:
    """Is this use of a name only a shape query (padded_square.offset(0, c))?"""
    for n in body.walk():
        if n.kind == "member" and n.children and n.children[0] is name_node:
            return n.name in SHAPE_QUERIES
    return False


def parent(body: Node, target: Node) -> Optional[Node]:
    for n in body.walk():
        if any(c is target for c in n.children):
            return n
    return None


def is_statement(parent_node: Optional[Node], node: Node) -> bool:
    """Is `node` a statement of its own: in a block, the unbraced body of an if, else, for,
    while or do, or a case label's statement, where a braced block may stand in for it?"""
    if parent_node is None:
        return False
    kids = parent_node.children
    if parent_node.kind == "block":
        return True
    if parent_node.kind == "if":
        return len(kids) >= 2 and any(node is k for k in kids[-2:]) and node is not kids[0]
    if parent_node.kind in ("for", "while"):
        return bool(kids) and node is kids[-1]
    if parent_node.kind == "do":
        return bool(kids) and node is kids[0]
    if parent_node.kind == "other" and parent_node.name in ("CASE_STMT", "DEFAULT_STMT"):
        return bool(kids) and node is kids[-1]  # a case label's statement
    return False
