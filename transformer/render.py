"""Plans → edits, through the jinja2 templates in templates/.

Each parallel decision becomes a set of byte-range edits: the loop replaced by a parallel
region, member scratch in the helpers it reaches replaced by the thread's own copy, batch BLAS
calls replaced by their split versions. Render decides nothing: the plan has already rejected
what the templates cannot write into the loop's source form (`plan.RewritableForm`). A plan
it still cannot write is a bug (`RenderError`); that decision is then left out whole, never
applied in part.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

import jinja2

from . import __version__
from .edits import Edit
from .facts import form as form_mod
from .facts.classes import Program
from .facts.mathlib import TABLE
from .ir import FunctionIR, Node
from .kinds import KINDS, SPLIT_FUNCTIONS
from .plan import Decision

MIN_ELEMENTWISE = 16384  # elements below which an elementwise loop stays sequential
MIN_BATCH_WORK = 16384  # bottom elements below which a batch loop stays sequential
CHUNKS_PER_THREAD = 4  # batch-loop parts per thread, scheduled dynamically
MIN_BLAS_WORK = 1 << 18  # multiply-adds below which a batch BLAS call stays whole
DETERMINISTIC_CHUNKS = 16
# private accumulators of one batch loop, beyond its shared buffers
MAX_ACCUMULATOR_BYTES = 64 << 20


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
    skipped: str = ""  # set only by a RenderError: a plan the templates could not write


def marker(d: Decision) -> str:
    words = {"privatize": "private", "reduce": "reduce", "induction": "induction",
             "split": "split"}
    parts = [f"{d.kind.replace('-', ' ')} on samples" if d.kind == "batch-loop" else d.kind]
    parts += [f"{words[what]} " + ", ".join(names) for what, names in d.plan_parts()]
    return "parallel " + "; ".join(parts)


def _indent(source: bytes, offset: int) -> str:
    line_start = source.rfind(b"\n", 0, offset) + 1
    prefix = source[line_start:offset]
    return prefix.decode("utf-8", "replace") if not prefix.strip() else ""


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

    def mpi_runtime_header(self) -> str:
        return self.env.get_template("mpi_runtime.hpp.j2").render(version=__version__)

    def build_snippet_mpi(self, build_file: str) -> str:
        name = "cmake_mpi.cmake.j2" if build_file == "CMakeLists.txt" else "makefile_mpi.mk.j2"
        return self.env.get_template(name).render()

    def render(self, d: Decision) -> Rendered:
        r = Rendered(d)
        fn, node = form_mod.find(self.program, d.file, d.start, d.end)
        try:
            if node is None:
                raise RenderError("the loop was not found in the parsed source")
            elif d.kind == "batch-blas":
                self._blas(r, node)
            elif d.kind == "elementwise":
                self._elementwise(r, fn, node)
            elif d.kind == "elementwise-call":
                self._elementwise_call(r, fn, node)
            elif d.kind == "batch-loop":
                self._batch_loop(r, fn, node)
            else:
                raise RenderError(f"nothing to render for kind {d.kind}")
        except RenderError as e:
            r.edits, r.skipped = [], f"internal error, a plan render cannot write: {e}"
        return r

    # ------------------------------------------------------------------------------------
    def _blas(self, r: Rendered, call: Node):
        d = r.decision
        name = call.name
        at = call.text.find(name)
        function = SPLIT_FUNCTIONS.get((name, d.split[0].dim))
        if at < 0 or function is None:
            raise RenderError(f"{name} split by {d.split[0].dim} at a call of this form")
        src = self.sources[d.file]
        indent = _indent(src, call.start)
        own_line = src[form_mod.line_start(src, call.start):call.start].strip() == b""
        repl = self.env.get_template(KINDS["batch-blas"].TEMPLATE).render(
            marker=marker(d), function=function, inline=not own_line).strip()
        r.edits.append(Edit(d.file, call.start + at, len(name), repl, _plan_id(d)))
        if own_line:
            line = self.env.get_template("marker_line.cpp.j2").render(marker=marker(d), i=indent)
            r.edits.append(Edit(d.file, form_mod.line_start(src, call.start), 0,
                                line.strip("\n") + "\n", _plan_id(d)))

    def _elementwise_call(self, r: Rendered, fn: FunctionIR, call: Node):
        d = r.decision
        src = self.sources[d.file]
        args = call.children[1:]
        semi = form_mod.statement_end(src, call.end)
        callee = src[call.start:args[0].start].decode("utf-8", "surrogateescape").rstrip()
        arrays = list(TABLE[call.name].array_args())
        text = self.env.get_template(KINDS["elementwise-call"].TEMPLATE).render(
            marker=marker(d), callee=callee[:-1].strip(), i=_indent(src, call.start),
            args=[a.text.strip() for a in args], arrays=arrays,
            names=[f"cgp_{name}" for name in TABLE[call.name].params],
            pairs=[(a, b) for k, a in enumerate(arrays) for b in arrays[k + 1:]])
        r.edits.append(Edit(d.file, call.start, semi + 1 - call.start, text.strip(),
                            _plan_id(d)))

    def _elementwise(self, r: Rendered, fn: FunctionIR, loop: Node):
        d = r.decision
        src = self.sources[d.file]
        indent = _indent(src, loop.start)
        scalars = [x.name for x in d.reduce if x.kind == "scalar"]
        body = loop.children[3]
        original = src[loop.start:loop.end].decode("utf-8", "surrogateescape")
        subs = _hoist_subs(d, loop)
        body_end = body.end if body.kind == "block" else form_mod.statement_end(src, body.end) + 1
        body_subs = [s for s in subs if body.start <= s[0] and s[1] <= body_end]
        body_text = _substitute(src[body.start:body_end].decode("utf-8", "surrogateescape"),
                                body.start, body_subs)
        text = self.env.get_template(KINDS["elementwise"].TEMPLATE).render(
            marker=marker(d), trip=_trip_text(loop), min_elements=MIN_ELEMENTWISE,
            deterministic=self.deterministic, scalars=scalars, var=d.var, body=body_text,
            private_scalars=d.private_scalars, i=indent, braced=body.kind == "block",
            assigned=[v for v in scalars if _assignable(fn, v)],
            **_accessor_args(d),
            parallel_loop=_substitute(original, loop.start, subs), loop=original)
        start = form_mod.line_start(src, loop.start)
        r.edits.append(Edit(d.file, start, loop.end - start, indent + text.strip(" \n"),
                            _plan_id(d)))

    def _batch_loop(self, r: Rendered, fn: FunctionIR, loop: Node):
        d = r.decision
        src = self.sources[d.file]
        body = loop.children[3]
        plan_id = _plan_id(d)
        arrays, privates = [], []
        for x in d.reduce:
            if x.kind == "array":
                arrays.append({"var": x.var, "root": x.root, "blob": x.blob,
                               "assign": _assignable(fn, x.var)})
        subs: List[Tuple[int, int, str]] = []
        member_tmpl = self.env.get_template("member_local.cpp.j2")
        for p in d.privatize:
            aliases = [{"var": a.var, "type": a.type, "buf": a.buf,
                        "const": a.type.lstrip().startswith("const"),
                        "assign": _assignable(fn, a.var)} for a in p.aliases]
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
        subs += _hoist_subs(d, body)
        body_text = _substitute(body.text, body.start, subs)
        indent = _indent(src, loop.start)
        scalars = [x.name for x in d.reduce if x.kind == "scalar"]
        # the loop's own variables, per part: made private and assigned, not declared again
        # (no -Wshadow); a variable declared const cannot be, and is declared again
        private_vars = list(dict.fromkeys(
            d.private_scalars +
            [v for v in [ind.var for ind in d.induction] + scalars if _assignable(fn, v)] +
            [a["var"] for a in arrays if a["assign"]] +
            [a["var"] for p in privates for a in p["aliases"] if a["assign"]]))
        text = self.env.get_template(KINDS["batch-loop"].TEMPLATE).render(
            marker=marker(d), i=indent, trip=_trip_text(loop), var=d.var, arrays=arrays,
            privates=privates, inductions=d.induction, deterministic=self.deterministic,
            work=self.env.get_template("batch_work.cpp.j2").render(
                bottoms=_bottoms_param(fn)).rstrip("\n"),
            scalars=scalars, private_vars=private_vars, body=body_text, **_accessor_args(d),
            extremes=_extremes(d), ops={x.name: x.op for x in d.reduce if x.kind == "scalar"},
            original=src[loop.start:loop.end].decode("utf-8", "surrogateescape"))
        r.edits.append(Edit(d.file, loop.start, loop.end - loop.start, text.rstrip("\n"),
                            plan_id))


def _extremes(d: Decision) -> List[dict]:
    """The max and min scalars, with the comparison that combines parts and the index that
    follows each (if any)."""
    scalars = [x for x in d.reduce if x.kind == "scalar"]
    return [{"name": x.name, "cmp": ">" if x.op.startswith("max") else "<",
             "index": next((y.name for y in scalars if y.op == "arg" and y.of == x.name), "")}
            for x in scalars if x.op.rstrip("=") in ("max", "min")]


def _hoist_subs(d: Decision, within: Node) -> List[Tuple[int, int, str]]:
    """The body's hoisted accessor calls, replaced by the variables that hold their result."""
    return [(start, end, h.var) for h in d.hoist for file, start, end in h.uses
            if file == d.file and within.start <= start and end <= within.end]


def _assignable(fn: FunctionIR, name: str) -> bool:
    """Is `name` a local or parameter of `fn` declared without top-level const and not as a
    reference, so that a parallel region can make it private and assign it?"""
    types = [n.type for n in fn.body.walk() if n.kind == "decl" and n.name == name]
    types += [p.type for p in fn.params if p.name == name]
    return bool(types) and not any(_top_const(t) for t in types)


def _top_const(type_text: str) -> bool:
    t = type_text.strip()
    if t.endswith(("const", "&")):
        return True  # Dtype* const, or a reference: neither can be made private and assigned
    return "*" not in t and "&" not in t and "const" in t.replace("(", " ").split()


def _accessor_args(d: Decision) -> dict:
    return {"hoists": d.hoist, "syncs": d.sync}


def _bottoms_param(fn: FunctionIR) -> str:
    """The function's vector of bottom Blobs, whose size stands for the loop's work."""
    for p in fn.params:
        if p.name == "bottom" and "vector" in p.type:
            return p.name
    return ""


class RenderError(Exception):
    """A parallel plan the templates cannot write: a bug in the plan's rules."""


def _plan_id(d: Decision) -> str:
    return f"{d.file}:{d.line}:{d.cls}::{d.method}"


def _trip_text(loop: Node) -> str:
    cond = loop.children[1]
    return cond.children[1].text.strip()


def harness_files() -> Dict[str, str]:
    """The check/bench driver and its CMake target, as files relative to a tree's root."""
    env = environment()
    return {"cgp_harness/harness.cpp":
            env.get_template("harness.cpp.j2").render(version=__version__),
            "cgp_harness/tsan_blas.cpp":
            env.get_template("tsan_blas.cpp.j2").render(version=__version__),
            "cgp_harness/CMakeLists.txt": env.get_template("harness.cmake.j2").render()}


def harness_hook() -> str:
    """The line appended to a tree's top-level CMakeLists.txt to build the driver."""
    return environment().get_template("harness_hook.cmake.j2").render()
