"""The batch loop: a loop over the samples of the mini-batch, written as a region of
blocks of samples (templates/batch_loop.cpp.j2)."""
from __future__ import annotations

from typing import List, Set, Tuple

from .. import render as R
from ..edits import Edit
from ..facts.form import Form
from .base import Kind


class BatchLoop(Kind):
    NAME = "batch-loop"
    DESCRIPTION = ("A loop over the samples of the mini-batch, run as blocks of samples on "
                   "the threads: scratch Blobs privatized per thread, sums into parameter "
                   "diffs and scalars kept per block and added in block order, pointers "
                   "advanced per sample set from their closed form.")
    TEMPLATE = "batch_loop.cpp.j2"
    UNIT = "sample"  # what the region cuts into parts

    @staticmethod
    def form_problem(d, form: Form) -> str:
        if not form.braced_body:
            return "the loop body is not a braced block"
        if not form.starts_at_zero:
            return "the loop does not start at 0"
        if not form.own_line:
            return "the loop does not start its own line"
        for x in d.reduce:
            if x.kind == "array" and not x.var:
                return f"{x.name} is accumulated without a pointer variable to redirect"
        for p in d.privatize:
            if p.kind == "local" and p.name in form.direct_names:
                return f"the loop body uses the local Blob {p.name} directly"
        for h in d.hoist:
            if any(f != d.file or not (form.body_start <= a and b <= form.body_stop)
                   for f, a, b in h.uses):
                return f"{h.call} is used outside the loop body"
        return ""

    @staticmethod
    def plan(f, d, live_in):
        from .. import plan, rules
        return plan.decide_loop(f, d, live_in, [rules.WorkPerSample()])

    @staticmethod
    def render(renderer, r, fn, loop) -> None:
        d = r.decision
        body = loop.children[3]
        arrays = R.accumulated_arrays(d, fn)
        privates = [{"name": p.name, "member": p.kind == "member", "copy_in": p.copy_in,
                     "aliases": [{"var": a.var, "type": a.type, "buf": a.buf,
                                  "const": a.type.lstrip().startswith("const"),
                                  "assign": R.assignable(fn, a.var)} for a in p.aliases]}
                    for p in d.privatize]
        subs, named = _member_locals(renderer, r, body)
        for p in privates:
            p["named"] = p["name"] in named
        scalars = [x.name for x in d.reduce if x.kind == "scalar"]
        inductions = [{"var": ind.var, "steps": ind.steps,
                       "condition": R.unwrapped(ind.condition),
                       "assign": R.assignable(fn, ind.var)} for ind in d.induction]
        # the loop's own variables, per part: captured by copy and assigned, so that no
        # declaration shadows the user's; a variable declared const, or a reference,
        # cannot be, and is declared again inside the lambda
        copies = list(dict.fromkeys(
            d.private_scalars +
            [v for v in [ind.var for ind in d.induction] + scalars if R.assignable(fn, v)] +
            [a["var"] for a in arrays if a["assign"]] +
            [a["var"] for p in privates for a in p["aliases"] if a["assign"]]))
        renderer.region(r, loop, subs + R.hoist_subs(d, body), BatchLoop.TEMPLATE,
                        what="samples in parallel", arrays=arrays, privates=privates,
                        inductions=inductions, scalars=scalars, copies=copies,
                        reads=R.read_scalars(fn, loop, copies),
                        work=R.region_test(renderer.env, d, R.bottoms_param(fn)),
                        extremes=R.extremes(d),
                        ops={x.name: x.op for x in d.reduce if x.kind == "scalar"})


def _member_locals(renderer, r, body) -> Tuple[List[Tuple[int, int, str]], Set[str]]:
    """Privatized member scratch replaced by the thread's own copy: the substitutions in
    the loop body, and the members so named (each part declares them); the edits in every
    helper the loop reaches go straight into r."""
    d = r.decision
    subs: List[Tuple[int, int, str]] = []
    named: Set[str] = set()
    tmpl = renderer.env.get_template("member_local.cpp.j2")
    for p in d.privatize:
        if p.kind != "member":
            continue
        text = tmpl.render(member=p.name).strip()
        found = [(n.start, n.end, text) for n in R.member_nodes(body, p.name)]
        for key in d.helpers:
            for helper in renderer.program.functions.get(key, []):
                edits = [Edit(helper.file, n.start, n.end - n.start, text, R.plan_id(d))
                         for n in R.member_nodes(helper.body, p.name)]
                r.edits += edits
                named |= {p.name} if edits else set()
        subs += found
        named |= {p.name} if found else set()
    return subs, named
