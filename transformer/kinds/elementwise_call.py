"""The elementwise call: a math-library call over whole arrays whose element i depends only
on element i, split into blocks of elements (templates/elementwise_call.cpp.j2)."""
from __future__ import annotations

from .. import render as R
from ..decision import ALIASING, DEGRADED, UNKNOWN_CALL, Split, degraded_why
from ..edits import Edit
from ..facts import form as form_mod
from ..facts.form import Form
from ..facts.mathlib import TABLE
from .base import Kind, call_facts


class ElementwiseCall(Kind):
    NAME = "elementwise-call"
    DESCRIPTION = ("A math-library call over whole arrays whose element i depends only on "
                   "element i (caffe_set, caffe_axpy, caffe_mul, ...): its arguments "
                   "evaluated once, the call made per block of elements on the threads, "
                   "whole when two arrays overlap in part.")
    TEMPLATE = "elementwise_call.cpp.j2"
    UNIT = "element"  # what the region cuts into parts

    @staticmethod
    def form_problem(d, form: Form) -> str:
        if not form.spelled:
            return "the call's name or arguments come from a macro"
        return "" if form.statement else "the call is not a statement of its own ending in ';'"

    @staticmethod
    def matches_call(model) -> bool:
        return model.elementwise

    @staticmethod
    def call_facts(cls, fn, call, oracle, degraded):
        """A call in a lambda runs when and where the lambda runs (a split call's block)."""
        from ..facts.loops import in_lambda
        return None if in_lambda(fn, call) else \
            call_facts(ElementwiseCall.NAME, cls, fn, call, degraded)

    @staticmethod
    def plan(f, d, live_in):
        """Split an elementwise call into blocks of its N elements. Arrays named by the
        same pointer with different offsets may overlap in part, which the library does not
        allow but a sequential implementation may tolerate: those calls stay whole.
        Distinct pointers are checked at run time (the call runs whole if their ranges
        overlap)."""
        if f.degraded:
            d.reason, d.detail = DEGRADED, degraded_why(f.degraded)
            return d
        model = TABLE[f.blas_name]
        if len(f.blas_args) != len(model.params):
            d.reason = UNKNOWN_CALL
            d.detail = f"{f.blas_name} with {len(f.blas_args)} arguments"
            return d
        arrays = model.arrays(f.blas_args)
        for i, a in enumerate(arrays):
            for b in arrays[i + 1:]:
                if a != b and _pointer_base(a) == _pointer_base(b):
                    d.reason = ALIASING
                    d.detail = f"{a} and {b} point into the same array at different offsets"
                    return d
        d.decision = "parallel"
        d.split.append(Split(f.blas_name, f.line, "elements", model.arg(f.blas_args, "count")))
        return d

    @staticmethod
    def render(renderer, r, fn, call) -> None:
        d = r.decision
        src = renderer.sources[d.file]
        args = call.children[1:]
        semi = form_mod.statement_end(src, call.end)
        callee = form_mod.callee_text(src, call)
        model = TABLE[call.name]
        arrays = set(model.array_args())
        context = []
        refs = [p.name for p in fn.params if "&" in p.type] + \
            [n.name for n in (fn.body.walk() if fn.body else []) if n.kind == "decl" and
             "&" in n.type]
        for k, a in enumerate(args):
            text = a.text.strip()
            once = model.params[k] != model.param("count") and \
                not R.simple_argument(text, refs)
            name = f"cgp_{model.params[k]}" if once else text
            context.append({"text": text, "once": once, "name": name, "array": k in arrays})
        line = src[form_mod.line_start(src, call.start):call.start].decode(
            "utf-8", "surrogateescape")
        own_line = not line.strip()
        # `if (c) call;`: the region goes on lines of its own below
        indent = line if own_line else line[:len(line) - len(line.lstrip())] + "  "
        text = renderer.env.get_template(ElementwiseCall.TEMPLATE).render(
            comment=renderer.comment(d, "elements in parallel, element i from element i only"),
            callee=callee[:-1].strip(), i=indent, args=context, checks=len(arrays) > 1)
        text = R.layout(text.strip("\n"))
        start = call.start
        while not own_line and src[start - 1:start] in (b" ", b"\t"):
            start -= 1  # no blank left at the end of `if (c)`
        r.edits.append(Edit(d.file, start, semi + 1 - start,
                            ("\n" + text) if not own_line else text.lstrip(), R.plan_id(d),
                            format=False))


def _pointer_base(arg: str) -> str:
    """The pointer an argument offsets: `top_data + n * dim_` -> `top_data`."""
    t = arg.replace(" ", "")
    depth = 0
    for i, ch in enumerate(t):
        depth += ch in "(["
        depth -= ch in ")]"
        if depth == 0 and i > 0 and ch in "+-" and t[i - 1] not in "-+(":
            if ch == "-" and t[i + 1:i + 2] == ">":
                continue
            return t[:i]
    return t
