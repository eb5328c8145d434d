"""Plans → edits, through the jinja2 templates in templates/.

Each parallel decision becomes a set of byte-range edits: the loop replaced by a parallel
region, member scratch in the helpers it reaches replaced by the thread's own copy, batch BLAS
calls replaced by their split versions. A decision whose edits cannot all be made is left out
whole (with a reason), never applied in part.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

import jinja2

from . import __version__
from .edits import Edit
from .facts.classes import Program
from .facts.mathlib import TABLE
from .ir import FunctionIR, Node
from .plan import Decision

MIN_ELEMENTWISE = 16384  # elements below which an elementwise loop stays sequential
MIN_BATCH_WORK = 16384  # bottom elements below which a batch loop stays sequential
CHUNKS_PER_THREAD = 4  # batch-loop parts per thread, scheduled dynamically
MIN_BLAS_WORK = 1 << 18  # multiply-adds below which a batch BLAS call stays whole
DETERMINISTIC_CHUNKS = 16
MAX_ACCUMULATOR_BYTES = 64 << 20  # private accumulators of one batch loop, beyond its shared buffers


def template_dir() -> Path:
    here = Path(__file__).resolve().parent
    for cand in (here.parent / "templates", here / "templates"):
        if (cand / "batch_loop.cpp.j2").exists():
            return cand
    raise FileNotFoundError("templates/ not found next to the transformer package")


def environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(template_dir())),
                              keep_trailing_newline=True, undefined=jinja2.StrictUndefined,
                              autoescape=False)


@dataclass
class Rendered:
    decision: Decision
    edits: List[Edit] = field(default_factory=list)
    skipped: str = ""  # why the decision could not be rendered


def marker(d: Decision) -> str:
    words = {"privatize": "private", "reduce": "reduce", "induction": "induction",
             "split": "split"}
    parts = [f"{d.kind.replace('-', ' ')} on samples" if d.kind == "batch-loop" else d.kind]
    parts += [f"{words[what]} " + ", ".join(names) for what, names in d.plan_parts()]
    return "parallel " + "; ".join(parts)


def _find_loop(program: Program, d: Decision) -> Tuple[Optional[FunctionIR], Optional[Node]]:
    for defs in program.functions.values():
        for fn in defs:
            if fn.file != d.file or not (fn.start <= d.start and d.end <= fn.end):
                continue
            for n in fn.body.walk():
                if n.start == d.start and n.end == d.end and n.kind in ("for", "call"):
                    return fn, n
    return None, None


def _indent(source: bytes, offset: int) -> str:
    line_start = source.rfind(b"\n", 0, offset) + 1
    prefix = source[line_start:offset]
    return prefix.decode("utf-8", "replace") if not prefix.strip() else ""


def _line_start(source: bytes, offset: int) -> int:
    return source.rfind(b"\n", 0, offset) + 1


def _member_nodes(body: Node, name: str) -> List[Node]:
    out = []
    for n in body.walk():
        if n.kind == "member" and n.name == name and \
                (not n.children or n.children[0].kind == "this"):
            out.append(n)
        elif n.kind == "name" and n.ref == "field" and n.name == name:
            out.append(n)
    return out


def _substitute(text: str, base: int, subs: Sequence[Tuple[int, int, str]]) -> str:
    out, pos = [], 0
    for start, end, repl in sorted(subs):
        out.append(text[pos:start - base])
        out.append(repl)
        pos = end - base
    out.append(text[pos:])
    return "".join(out)


class Renderer:
    def __init__(self, program: Program, sources: Dict[str, bytes], deterministic: bool = False):
        self.program = program
        self.sources = sources
        self.deterministic = deterministic
        self.env = environment()

    def runtime_header(self) -> str:
        return self.env.get_template("runtime.hpp.j2").render(
            version=__version__, deterministic=self.deterministic,
            deterministic_chunks=DETERMINISTIC_CHUNKS, min_blas_work=MIN_BLAS_WORK,
            min_batch_work=MIN_BATCH_WORK, min_elementwise=MIN_ELEMENTWISE,
            chunks_per_thread=CHUNKS_PER_THREAD, max_accumulator_bytes=MAX_ACCUMULATOR_BYTES)

    def include_line(self) -> str:
        return self.env.get_template("include_runtime.cpp.j2").render()

    def cmake_snippet(self) -> str:
        return self.env.get_template("cmake_openmp.cmake.j2").render()

    def makefile_snippet(self) -> str:
        return self.env.get_template("makefile_openmp.mk.j2").render()

    def render(self, d: Decision) -> Rendered:
        r = Rendered(d)
        fn, node = _find_loop(self.program, d)
        if node is None:
            r.skipped = "the loop was not found in the parsed source"
            return r
        try:
            if d.kind == "batch-blas":
                self._blas(r, node)
            elif d.kind == "elementwise":
                self._elementwise(r, node)
            elif d.kind == "elementwise-call":
                self._elementwise_call(r, fn, node)
            elif d.kind == "batch-loop":
                self._batch_loop(r, fn, node)
            else:
                r.skipped = f"nothing to render for kind {d.kind}"
        except _Skip as e:
            r.edits, r.skipped = [], str(e)
        return r

    # ------------------------------------------------------------------------------------
    def _blas(self, r: Rendered, call: Node):
        d = r.decision
        name = call.name
        text = call.text
        at = text.find(name)
        if at < 0:
            raise _Skip("the call's name is not spelled out at the call (macro?)")
        dim = "rows" if any(": rows " in s for s in d.split) else "k"
        function = {"caffe_cpu_gemm": {"rows": "gemm_rows", "k": "gemm_k"},
                    "caffe_cpu_gemv": {"rows": "gemv_rows", "k": "gemv_rows"}}.get(name, {}).get(dim)
        if function is None:
            raise _Skip(f"no split version of {name}")
        repl = self.env.get_template("blas_call.cpp.j2").render(
            marker=marker(d), function=function).strip()
        r.edits.append(Edit(d.file, call.start + at, len(name), repl, _plan_id(d)))

    def _elementwise_call(self, r: Rendered, fn: FunctionIR, call: Node):
        d = r.decision
        src = self.sources[d.file]
        if not _is_statement(_parent(fn.body, call), call):
            raise _Skip("the call is not a statement of its own")
        args = call.children[1:]
        if not args or call.children[0].macro or any(a.macro for a in args):
            raise _Skip("the call comes from a macro")
        semi = _statement_end(src, call.end)
        if semi < 0:
            raise _Skip("no ';' right after the call")
        callee = src[call.start:args[0].start].decode("utf-8", "surrogateescape").rstrip()
        if not callee.endswith("("):
            raise _Skip("the call's arguments are not spelled out")
        arrays = list(TABLE[call.name].array_args())
        text = self.env.get_template("elementwise_call.cpp.j2").render(
            marker=marker(d), callee=callee[:-1].strip(), i=_indent(src, call.start),
            args=[a.text.strip() for a in args], arrays=arrays,
            pairs=[(a, b) for k, a in enumerate(arrays) for b in arrays[k + 1:]])
        r.edits.append(Edit(d.file, call.start, semi + 1 - call.start, text.strip(),
                            _plan_id(d)))

    def _elementwise(self, r: Rendered, loop: Node):
        d = r.decision
        src = self.sources[d.file]
        indent = _indent(src, loop.start)
        if indent == "" and _line_start(src, loop.start) != loop.start:
            raise _Skip("the loop does not start its own line")
        if d.privatize or any(x.kind == "array" for x in d.reduce) or d.induction:
            raise _Skip("elementwise loops are rendered only without scratch or accumulators")
        scalars = [x.name for x in d.reduce if x.kind == "scalar"]
        body = loop.children[3]
        if scalars and not _starts_at_zero(loop.children[0]):
            raise _Skip("the loop does not start at 0")
        original = src[loop.start:loop.end].decode("utf-8", "surrogateescape")
        subs = _hoist_subs(d, loop)
        body_end = body.end if body.kind == "block" else _statement_end(src, body.end) + 1
        if body_end <= 0:
            raise _Skip("no ';' after the loop body")
        body_subs = [s for s in subs if body.start <= s[0] and s[1] <= body_end]
        body_text = _substitute(src[body.start:body_end].decode("utf-8", "surrogateescape"),
                                body.start, body_subs)
        if body.kind != "block":
            body_text = "{ " + body_text + " }"
        text = self.env.get_template("elementwise_loop.cpp.j2").render(
            marker=marker(d), trip=_trip_text(loop), min_elements=MIN_ELEMENTWISE,
            deterministic=self.deterministic, scalars=scalars, var=d.var, body=body_text,
            private_scalars=d.private_scalars, i=indent, **_accessor_args(d),
            parallel_loop=_substitute(original, loop.start, subs), loop=original)
        start = _line_start(src, loop.start)
        r.edits.append(Edit(d.file, start, loop.end - start, indent + text.strip(" \n"),
                            _plan_id(d)))

    def _batch_loop(self, r: Rendered, fn: FunctionIR, loop: Node):
        d = r.decision
        src = self.sources[d.file]
        init, cond, inc, body = loop.children
        if body.kind != "block":
            raise _Skip("the loop body is not a braced block")
        if not _starts_at_zero(init):
            raise _Skip("the loop does not start at 0")
        plan_id = _plan_id(d)
        arrays, privates = [], []
        for x in d.reduce:
            if x.kind == "array":
                if not x.var:
                    raise _Skip(f"{x.name} is accumulated without a pointer variable to "
                                "redirect")
                arrays.append({"var": x.var, "root": x.root, "blob": x.blob})
        subs: List[Tuple[int, int, str]] = []
        member_tmpl = self.env.get_template("member_local.cpp.j2")
        for p in d.privatize:
            aliases = [{"var": a.var, "type": a.type, "buf": a.buf,
                        "const": a.type.lstrip().startswith("const")} for a in p.aliases]
            privates.append({"name": p.name, "member": p.kind == "member",
                             "copy_in": p.copy_in, "aliases": aliases})
            if p.kind == "member":
                # inside the loop body, and in every helper the loop reaches
                for n in _member_nodes(body, p.name):
                    subs.append((n.start, n.end, member_tmpl.render(member=p.name).strip()))
                for key in d.helpers:
                    for helper in self.program.functions.get(key, []):
                        for n in _member_nodes(helper.body, p.name):
                            r.edits.append(Edit(helper.file, n.start, n.end - n.start,
                                                member_tmpl.render(member=p.name).strip(),
                                                plan_id))
            else:
                uses = [n for n in body.walk() if n.kind == "name" and n.name == p.name]
                if any(not _is_shape_query(body, n) for n in uses):
                    raise _Skip(f"the loop body uses the local Blob {p.name} directly")
        inductions = []
        for ind in d.induction:
            inductions.append({"var": ind.var, "step": ind.step_per_iteration,
                               "cond": ind.condition})
        subs += _hoist_subs(d, body)
        body_text = _substitute(body.text, body.start, subs)
        indent = _indent(src, loop.start)
        text = self.env.get_template("batch_loop.cpp.j2").render(
            marker=marker(d), i=indent, trip=_trip_text(loop), var=d.var, arrays=arrays,
            privates=privates, inductions=inductions, deterministic=self.deterministic,
            work=self.env.get_template("batch_work.cpp.j2").render(
                bottoms=_bottoms_param(fn)).rstrip("\n"),
            scalars=[x.name for x in d.reduce if x.kind == "scalar"],
            private_scalars=d.private_scalars, body=body_text, **_accessor_args(d),
            original=src[loop.start:loop.end].decode("utf-8", "surrogateescape"))
        r.edits.append(Edit(d.file, loop.start, loop.end - loop.start, text.rstrip("\n"),
                            plan_id))


def _hoist_subs(d: Decision, within: Node) -> List[Tuple[int, int, str]]:
    """The body's hoisted accessor calls, replaced by the variables that hold their result."""
    subs = []
    for h in d.hoist:
        for file, start, end in h.uses:
            if file != d.file or not (within.start <= start and end <= within.end):
                raise _Skip(f"{h.call} is used outside the loop body")
            subs.append((start, end, h.var))
    return subs


def _accessor_args(d: Decision) -> dict:
    return {"hoists": d.hoist, "syncs": d.sync}


def _parent(body: Node, target: Node) -> Optional[Node]:
    for n in body.walk():
        if any(c is target for c in n.children):
            return n
    return None


def _is_statement(parent: Optional[Node], node: Node) -> bool:
    """Is `node` a statement of its own: in a block, the unbraced body of an if, else, for,
    while or do, or a case label's statement, where a braced block may stand in for it?"""
    if parent is None:
        return False
    kids = parent.children
    if parent.kind == "block":
        return True
    if parent.kind == "if":
        return len(kids) >= 2 and any(node is k for k in kids[-2:]) and node is not kids[0]
    if parent.kind in ("for", "while"):
        return bool(kids) and node is kids[-1]
    if parent.kind == "do":
        return bool(kids) and node is kids[0]
    if parent.kind == "other" and parent.name in ("CASE_STMT", "DEFAULT_STMT"):
        return bool(kids) and node is kids[-1]  # a case label's statement
    return False


def _statement_end(source: bytes, end: int) -> int:
    """Offset of the ';' that ends a call statement ending at `end`, or -1."""
    at = end
    while at < len(source) and source[at:at + 1] in (b" ", b"\t", b"\n", b"\r"):
        at += 1
    return at if source[at:at + 1] == b";" else -1


def _bottoms_param(fn: FunctionIR) -> str:
    """The function's vector of bottom Blobs, whose size stands for the loop's work."""
    for p in fn.params:
        if p.name == "bottom" and "vector" in p.type:
            return p.name
    return ""


class _Skip(Exception):
    pass


def _plan_id(d: Decision) -> str:
    return f"{d.file}:{d.line}:{d.cls}::{d.method}"


def _trip_text(loop: Node) -> str:
    cond = loop.children[1]
    return cond.children[1].text.strip()


def _starts_at_zero(init: Node) -> bool:
    if init.kind == "decls" and init.children and init.children[0].children:
        return init.children[0].children[0].text.strip() == "0"
    if init.kind == "assign" and len(init.children) == 2:
        return init.children[1].text.strip() == "0"
    return False


def _is_shape_query(body: Node, name_node: Node) -> bool:
    """Is this use of a local Blob only a shape query (padded_square.offset(0, c))?"""
    for n in body.walk():
        if n.kind == "member" and n.children and n.children[0] is name_node:
            return n.name in ("offset", "count", "shape", "num", "channels", "height", "width")
    return False


def harness_files() -> Dict[str, str]:
    """The check/bench driver and its CMake target, as files relative to a tree's root."""
    env = environment()
    return {"cgp_harness/harness.cpp": env.get_template("harness.cpp.j2").render(version=__version__),
            "cgp_harness/tsan_blas.cpp": env.get_template("tsan_blas.cpp.j2").render(version=__version__),
            "cgp_harness/CMakeLists.txt": env.get_template("harness.cmake.j2").render()}


def harness_hook() -> str:
    """The line appended to a tree's top-level CMakeLists.txt to build the driver."""
    return environment().get_template("harness_hook.cmake.j2").render()
