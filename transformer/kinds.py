"""The four kinds of transformation, one small class each, in the manner of LibCST codemods and
clang-tidy checks: what it does (DESCRIPTION, shown by `analyze` and in the transform report),
the template it writes with, and the rule on the source form it can write into (`form_problem`,
applied last by `plan.RewritableForm`). The rules on the code's meaning (samples,
dependences, reductions) are in plan.py and apply to every kind.
"""
from __future__ import annotations

from typing import Dict, Type

from .facts.form import Form

# The runtime's split version of each BLAS call, by the dimension the batch is on.
SPLIT_FUNCTIONS = {("caffe_cpu_gemm", "rows"): "gemm_rows", ("caffe_cpu_gemm", "k"): "gemm_k",
                   ("caffe_cpu_gemv", "rows"): "gemv_rows", ("caffe_cpu_gemv", "k"): "gemv_rows"}


class Kind:
    NAME = ""
    DESCRIPTION = ""
    TEMPLATE = ""

    @staticmethod
    def form_problem(d, form: Form) -> str:
        """Why the template cannot write decision `d` into this form; '' when it can."""
        raise NotImplementedError


class BatchLoop(Kind):
    NAME = "batch-loop"
    DESCRIPTION = ("A loop over the samples of the mini-batch, run as blocks of samples on "
                   "the threads: scratch Blobs privatized per thread, sums into parameter "
                   "diffs and scalars kept per block and added in block order, pointers "
                   "advanced per sample set from their closed form.")
    TEMPLATE = "batch_loop.cpp.j2"

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


class ElementwiseLoop(Kind):
    NAME = "elementwise"
    DESCRIPTION = ("A loop over the elements of a Blob (count()) whose element i depends "
                   "only on element i: an OpenMP loop in dynamic chunks above a size "
                   "threshold; scalar sums kept per block of cache lines and added in order.")
    TEMPLATE = "elementwise_loop.cpp.j2"

    @staticmethod
    def form_problem(d, form: Form) -> str:
        arrays = [x.name for x in d.reduce if x.kind == "array"]
        if d.privatize or arrays or d.induction:
            what = ", ".join([p.name for p in d.privatize] + arrays + [i.var for i in d.induction])
            return (f"{what}: an elementwise loop is rewritten without scratch, accumulators "
                    f"or inductions")
        extremes = [x.name for x in d.reduce if x.kind == "scalar" and x.op != "+"]
        if extremes:
            return (f"{', '.join(extremes)}: max and min reductions are written for batch "
                    f"loops only")
        if not form.own_line:
            return "the loop does not start its own line"
        if not form.starts_at_zero:
            return "the loop does not start at 0"
        return "" if form.body_end else "no ';' after the loop body"


class ElementwiseCall(Kind):
    NAME = "elementwise-call"
    DESCRIPTION = ("A math-library call over whole arrays whose element i depends only on "
                   "element i (caffe_set, caffe_axpy, caffe_mul, ...): its arguments "
                   "evaluated once, the call made per block of elements on the threads, "
                   "whole when two arrays overlap in part.")
    TEMPLATE = "elementwise_call.cpp.j2"

    @staticmethod
    def form_problem(d, form: Form) -> str:
        if not form.spelled:
            return "the call's name or arguments come from a macro"
        return "" if form.statement else "the call is not a statement of its own ending in ';'"


class BatchBlas(Kind):
    NAME = "batch-blas"
    DESCRIPTION = ("A BLAS call whose rows, or whose contraction, run over the samples: "
                   "split into blocks of rows on the threads, or of the contraction with "
                   "private outputs added in block order.")
    TEMPLATE = "blas_call.cpp.j2"

    @staticmethod
    def form_problem(d, form: Form) -> str:
        for x in d.split:
            if (x.call, x.dim) not in SPLIT_FUNCTIONS:
                return f"no split version of {x.call}"
        return "" if form.name_spelled else \
            "the call's name is not spelled out at the call (macro?)"


KINDS: Dict[str, Type[Kind]] = {k.NAME: k for k in
                                (BatchLoop, ElementwiseLoop, ElementwiseCall, BatchBlas)}


def descriptions() -> Dict[str, str]:
    return {name: k.DESCRIPTION for name, k in KINDS.items()}
