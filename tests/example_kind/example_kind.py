"""An example kind, as docs/ARCHITECTURE.md's "How to add a kind" says: a library call the
tree's math table does not know (`fx_clamp(N, lo, hi, X)`, clamping N elements in place),
its table row, its kind (matcher, form rule, plan, rendering) and its template beside it.
tests/test_kinds.py registers both for one test; nothing else in the tool changes."""
from __future__ import annotations

from pathlib import Path

import jinja2

from transformer import render as R
from transformer.decision import DEGRADED, Split, degraded_why
from transformer.edits import Edit
from transformer.facts import form as form_mod
from transformer.facts.mathlib import _m
from transformer.kinds.base import Kind, call_facts

MODEL = _m("fx_clamp", "N, lo, hi, X", [("X", "update", "N")], roles={"count": "N"})


class ClampCall(Kind):
    NAME = "example-clamp"
    DESCRIPTION = "fx_clamp over N elements, split into blocks of elements (an example kind)."
    TEMPLATE = "example_clamp.cpp.j2"

    @staticmethod
    def matches_call(model) -> bool:
        return model.name == MODEL.name

    @staticmethod
    def call_facts(cls, fn, call, oracle, degraded):
        return call_facts(ClampCall.NAME, cls, fn, call, degraded)

    @staticmethod
    def form_problem(d, form) -> str:
        return "" if form.statement and form.spelled else "not a call statement of its own"

    @staticmethod
    def plan(f, d, live_in):
        if f.degraded:
            d.reason, d.detail = DEGRADED, degraded_why(f.degraded)
            return d
        d.decision = "parallel"
        d.split.append(Split(f.blas_name, f.line, "elements", MODEL.arg(f.blas_args, "count")))
        return d

    @staticmethod
    def render(renderer, r, fn, call) -> None:
        d = r.decision
        src = renderer.sources[d.file]
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(Path(__file__).parent)),
                                 undefined=jinja2.StrictUndefined)
        args = [a.text.strip() for a in call.children[1:]]
        text = env.get_template(ClampCall.TEMPLATE).render(
            i=R._indent(src, call.start), n=args[0], lo=args[1], hi=args[2], x=args[3])
        end = form_mod.statement_end(src, call.end) + 1
        r.edits.append(Edit(d.file, call.start, end - call.start, text.strip(), R.plan_id(d),
                            format=False))
