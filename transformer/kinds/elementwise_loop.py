"""The elementwise loop: a loop over count() whose element i depends only on element i,
written as a region of blocks of elements (templates/elementwise_loop.cpp.j2)."""
from __future__ import annotations

from .. import render as R
from ..facts.form import Form
from .base import Kind


class ElementwiseLoop(Kind):
    NAME = "elementwise"
    DESCRIPTION = ("A loop over the elements of a Blob (count()) whose element i depends "
                   "only on element i: an OpenMP loop in dynamic chunks above a size "
                   "threshold; scalar sums kept per block of cache lines and added in order.")
    TEMPLATE = "elementwise_loop.cpp.j2"
    UNIT = "element"  # what the region cuts into parts

    @staticmethod
    def form_problem(d, form: Form) -> str:
        if d.privatize or d.induction:
            what = ", ".join([p.name for p in d.privatize] + [i.var for i in d.induction])
            return f"{what}: an elementwise loop is rewritten without scratch or inductions"
        for x in d.reduce:
            if x.kind == "array" and not x.var:
                return f"{x.name} is accumulated without a pointer variable to redirect"
        extremes = [x.name for x in d.reduce if x.kind == "scalar" and x.op != "+"]
        if extremes:
            return (f"{', '.join(extremes)}: max and min reductions are written for batch "
                    f"loops only")
        if not form.own_line:
            return "the loop does not start its own line"
        if not form.starts_at_zero:
            return "the loop does not start at 0"
        return "" if form.body_end else "no ';' after the loop body"

    @staticmethod
    def plan(f, d, live_in):
        from .. import plan
        return plan.decide_loop(f, d, live_in)

    @staticmethod
    def render(renderer, r, fn, loop) -> None:
        d = r.decision
        scalars = [x.name for x in d.reduce if x.kind == "scalar"]
        arrays = R.accumulated_arrays(d, fn)
        copies = list(dict.fromkeys(d.private_scalars +
                                    [v for v in scalars if R.assignable(fn, v)] +
                                    [a["var"] for a in arrays if a["assign"]]))
        renderer.region(r, loop, R.hoist_subs(d, loop.children[3]), ElementwiseLoop.TEMPLATE,
                        what="elements in parallel", scalars=scalars, copies=copies,
                        arrays=arrays, reads=R.read_scalars(fn, loop, copies),
                        work=R.region_test(renderer.env, d, ""))
