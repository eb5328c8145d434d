"""Plans → edits, through the jinja2 templates in templates/.

Each parallel decision becomes a set of byte-range edits: the loop replaced by a parallel
region, member scratch in the helpers it reaches replaced by the thread's own copy, batch BLAS
calls replaced by their split versions. Render decides nothing: the plan has already rejected
what the templates cannot write into the loop's source form (`plan.RewritableForm`). A plan
it still cannot write is a bug (`RenderError`); that decision is then left out whole, never
applied in part.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

import jinja2

from . import __version__, kinds
from .decision import Decision
from .edits import Edit
from .facts import form as form_mod
from .facts.classes import Program
from .facts.effects_syntax import _wrapped, operand
from .ir import FunctionIR, Node

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
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(template_dir())),
                             keep_trailing_newline=True, undefined=jinja2.StrictUndefined,
                             autoescape=False)
    env.filters["paren"] = operand
    return env


@dataclass
class Rendered:
    decision: Decision
    edits: List[Edit] = field(default_factory=list)
    skipped: str = ""  # set only by a RenderError: a plan the templates could not write


def marker(d: Decision) -> str:
    words = {"privatize": "private", "reduce": "reduce", "induction": "induction",
             "split": "split"}
    parts = [f"{d.kind.replace('-', ' ')} on {kinds.KINDS[d.kind].UNIT}s"]
    parts += [f"{words[what]} " + ", ".join(names) for what, names in d.plan_parts()]
    return "parallel " + "; ".join(parts)


def _indent(source: bytes, offset: int) -> str:
    line_start = source.rfind(b"\n", 0, offset) + 1
    prefix = source[line_start:offset]
    return prefix.decode("utf-8", "replace") if not prefix.strip() else ""


def member_nodes(body: Node, name: str) -> List[Node]:
    out = []
    for n in body.walk():
        if n.kind == "member" and n.name == name and \
                (not n.children or n.children[0].kind == "this"):
            out.append(n)
        elif n.kind == "name" and n.ref == "field" and n.name == name:
            out.append(n)
    return out


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
            if d.kind not in kinds.KINDS:
                raise RenderError(f"nothing to render for kind {d.kind}")
            kinds.KINDS[d.kind].render(self, r, fn, node)
        except RenderError as e:
            r.edits, r.skipped = [], f"internal error, a plan render cannot write: {e}"
        return r

    def comment(self, d: Decision, what: str) -> str:
        """The region's one comment line (folded later by `layout`): `what` it does and
        why it is safe, in the plan's words."""
        return self.env.get_template("region_comment.cpp.j2").render(
            d=d, what=what, unit=kinds.KINDS[d.kind].UNIT).strip("\n")

    def region(self, r: Rendered, loop: Node, subs: List[Tuple[int, int, str]],
                template: str, what: str, **context):
        """A loop made a region: the template's lines before the loop and after it, the
        loop's bounds set to the part's block, its body's substitutions; the loop's own
        lines keep their place, and clang-format leaves them alone."""
        d = r.decision
        src = self.sources[d.file]
        indent = _indent(src, loop.start)
        text = self.env.get_template(template).render(
            i=indent, trip=_trip_text(loop), var=d.var, loop=_LOOP, hoists=d.hoist,
            syncs=d.sync, comment=self.comment(d, what), **context)
        before, after = text.lstrip("\n").split(_LOOP)
        assert before.endswith("\n" + indent), "the template puts the loop on a line of its own"
        pid = plan_id(d)
        start = form_mod.line_start(src, loop.start)
        r.edits.append(Edit(d.file, start, 0, layout(before[:len(before) - len(indent)]),
                            pid, format=False))
        r.edits += _bound_edits(self.env, d, loop, pid)
        r.edits += [Edit(d.file, a, b - a, text, pid, format=False) for a, b, text in subs]
        body = loop.children[3]
        end = loop.end if body.kind == "block" else form_mod.statement_end(src, body.end) + 1
        r.edits.append(Edit(d.file, end, 0, layout(after.rstrip("\n")), pid, format=False))


_LOOP = "\x00the loop\x00"


_LITERAL_CAST = re.compile(r"(\w+\s*\(\s*[-+]?[\d.]+\w*\s*\)|\(\s*\w+\s*\)\s*[-+]?[\d.]+\w*|"
                           r"static_cast<\s*\w+\s*>\s*\(\s*[-+]?[\d.]+\w*\s*\))")


def simple_argument(text: str, references: Sequence[str] = ()) -> bool:
    """An argument the blocks of a split call may each evaluate: names, members, literals
    and casts of literals, in arithmetic; no call, assignment or conditional, and nothing
    read from memory the call may write (`-top[0]`, `*p`, a reference `references` names)."""
    rest = _LITERAL_CAST.sub("0", text)
    if any(c in rest for c in "(?=[") or "++" in rest or "--" in rest:
        return False
    if re.search(r"(^|[-+*/(,]\s*)\*", rest):
        return False  # a dereference
    return not set(re.findall(r"[A-Za-z_]\w*", rest)) & set(references)


WIDTH = 80  # the column the lines a region writes itself are folded at


def layout(text: str, width: int = WIDTH) -> str:
    """The lines a region writes itself (clang-format never runs on them), folded at
    `width`: a comment line into comment lines under its `//`, a code line after a `, `,
    ` ? `, ` + ` or ` = ` (the shallowest, then the last that fits), its continuation
    indented four more columns."""
    out: List[str] = []
    for line in text.split("\n"):
        out += _fold(line, width)
    return "\n".join(out)


_COMMENT = re.compile(r"^(\s*(?:\{\s+)?)//")


def _fold(line: str, width: int, cont: str = "") -> List[str]:
    indent = line[:len(line) - len(line.lstrip())]
    cont = cont or indent + "    "
    if len(line) <= width:
        return [line]
    comment = _COMMENT.match(line)
    if comment:  # `// words` or `{  // words`: the words refilled, under the first `//`
        words = line[comment.end():].split()
        lines, cur, lead = [], comment.group(0), " " * len(comment.group(1)) + "//"
        for w in words:
            if len(cur) + 1 + len(w) > width and cur.strip() not in ("//", "{  //"):
                lines.append(cur)
                cur = lead
            cur += " " + w
        return lines + [cur]
    best = None  # (preference, depth, -position): the shallowest, then the latest cut
    depth = 0
    for k in range(len(line)):
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(line[k], 0)
        if k < len(indent) + 8 or k >= width:
            continue
        for rank, token in enumerate((", [&", ", ", " ? ", " + ", " = ")):
            if line.startswith(token, k):
                cut = k + (2 if token.startswith(",") else len(token))
                key = (0 if rank == 0 else 1, depth, -cut)
                if best is None or key < best[0]:
                    best = (key, cut)
    if best is None:
        return [line]
    cut = best[1]
    return [line[:cut].rstrip()] + _fold(cont + line[cut:].lstrip(), width, cont)


def _bound_edits(env: jinja2.Environment, d: Decision, loop: Node,
                 plan_id: str) -> List[Edit]:
    """`for (int v = 0; v < T; ...)` made `for (int v = cgp_begin; v < cgp_end; ...)`."""
    tmpl = env.get_template("loop_bounds.cpp.j2")
    init, cond = loop.children[0], loop.children[1]
    first = init.children[0].children[0] if init.kind == "decls" else init
    bound = cond.children[1]
    return [Edit(d.file, first.start, first.end - first.start,
                 tmpl.render(bound="begin", var=d.var, declare=init.kind != "decls").strip(),
                 plan_id, format=False),
            Edit(d.file, bound.start, bound.end - bound.start, tmpl.render(bound="end").strip(),
                 plan_id, format=False)]


def extremes(d: Decision) -> List[dict]:
    """The max and min scalars, with the comparison that combines parts and the index that
    follows each (if any)."""
    scalars = [x for x in d.reduce if x.kind == "scalar"]
    return [{"name": x.name, "greater": x.op.startswith("max"),
             "index": next((y.name for y in scalars if y.op == "arg" and y.of == x.name), "")}
            for x in scalars if x.op.rstrip("=") in ("max", "min")]


def hoist_subs(d: Decision, within: Node) -> List[Tuple[int, int, str]]:
    """The body's hoisted accessor calls, replaced by the variables that hold their result."""
    return [(start, end, h.var) for h in d.hoist for file, start, end in h.uses
            if file == d.file and within.start <= start and end <= within.end]


_SCALAR_TYPE = re.compile(
    r"(const\s+)?((unsigned|signed)\s+)?(int|long|long long|short|char|bool|float|double|"
    r"(std::)?size_t|Dtype|u?int(8|16|32|64)_t|index_t)(\s+const)?")


def read_scalars(fn: FunctionIR, loop: Node, taken: Sequence[str]) -> List[str]:
    """The function's scalar locals and parameters, declared outside the loop, that the
    loop only reads: captured by copy, they stay in registers inside the region (by
    reference, any store through an int or float pointer in the body could change them, and
    the compiler would load them again after each). `taken`: the region's own copies."""
    body = loop.children[3]
    written = {c.name for n in body.walk() if n.kind in ("assign", "unop") and n.children
               for c in n.children[:1] if c.kind == "name"}
    inner = {n.name for n in loop.walk() if n.kind == "decl"}  # the loop's own, its counter
    used = dict.fromkeys(n.name for n in body.walk()
                         if n.kind == "name" and n.ref in ("local", "param") and
                         n.name not in inner)
    out = []
    for name in used:
        types = _declared_types(fn, name)
        if len(types) == 1 and _SCALAR_TYPE.fullmatch(types[0].strip()) and \
                name not in written and name not in taken:
            out.append(name)
    return out


def assignable(fn: FunctionIR, name: str) -> bool:
    """Is `name` a local or parameter of `fn` declared without top-level const and not as a
    reference, so that a parallel region can make it private and assign it?"""
    types = _declared_types(fn, name)
    return bool(types) and not any(_top_const(t) for t in types)


def _declared_types(fn: FunctionIR, name: str) -> List[str]:
    """The types `name` is declared with in `fn`: its locals of that name and its parameter."""
    return [n.type for n in fn.body.walk() if n.kind == "decl" and n.name == name] + \
        [p.type for p in fn.params if p.name == name]


def _top_const(type_text: str) -> bool:
    t = type_text.strip()
    if t.endswith(("const", "&")):
        return True  # Dtype* const, or a reference: neither can be made private and assigned
    return "*" not in t and "&" not in t and "const" in t.replace("(", " ").split()


def accumulated_arrays(d: Decision, fn: FunctionIR) -> List[dict]:
    """The buffers a region accumulates into, as the templates write them: the pointer
    variable each part redirects to its slot, whether it can be assigned (else declared in
    the lambda), and the bounds check of a redirected accessor (its count is checked too)."""
    redirected = {h.var: h for h in d.hoist if h.redirected}
    return [{"var": x.var, "root": x.root, "blob": x.blob, "choice": x.choice, "when": x.when,
             "assign": x.var in redirected or assignable(fn, x.var),
             "vector": redirected[x.var].vector if x.var in redirected else "",
             "index": redirected[x.var].index if x.var in redirected else ""}
            for x in d.reduce if x.kind == "array"]


def region_test(env, d: Decision, bottoms: str) -> str:
    """The run-time test a region runs in parallel under (templates/batch_work.cpp.j2):
    its work, and that what it reads across samples shares no memory with what it writes."""
    return env.get_template("batch_work.cpp.j2").render(bottoms=bottoms, apart=d.apart).strip()


def bottoms_param(fn: FunctionIR) -> str:
    """The function's vector of bottom Blobs, whose size stands for the loop's work."""
    for p in fn.params:
        if p.name == "bottom" and "vector" in p.type:
            return p.name
    return ""


class RenderError(Exception):
    """A parallel plan the templates cannot write: a bug in the plan's rules."""


def plan_id(d: Decision) -> str:
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


def unwrapped(expr: str) -> str:
    """An expression without the one pair of parentheses around all of it, if it has one."""
    return expr[1:-1] if _wrapped(expr) else expr
