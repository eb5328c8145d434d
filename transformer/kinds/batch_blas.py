"""The batch BLAS call: a gemm or gemv whose rows, or whose contraction, run over the
samples, replaced by the runtime's split version (templates/blas_call.cpp.j2). That version
calls CBLAS itself, for float and double, never the tree's caffe_cpu_gemm / caffe_cpu_gemv:
the split is planned only where the tree's definitions of the wrapper are seen and are each
Caffe's plain call of CBLAS, for float and double only (facts/blas_defs.py)."""
from __future__ import annotations

from .. import render as R
from ..decision import DEGRADED, UNKNOWN_CALL, Reduced, Split, degraded_why
from ..edits import Edit
from ..facts import form as form_mod
from ..facts.form import Form
from ..facts.mathlib import TABLE
from .base import Kind, call_facts


class BatchBlas(Kind):
    NAME = "batch-blas"
    DESCRIPTION = ("A BLAS call whose rows, or whose contraction, run over the samples: "
                   "split into blocks of rows on the threads, or of the contraction with "
                   "private outputs added in block order.")
    TEMPLATE = "blas_call.cpp.j2"
    UNIT = "sample"  # what the region cuts into parts

    @staticmethod
    def form_problem(d, form: Form) -> str:
        for x in d.split:
            if x.call not in TABLE or not TABLE[x.call].split_function(x.dim):
                return f"no split version of {x.call}"
        return "" if form.name_spelled else \
            "the call's name is not spelled out at the call (macro?)"

    @staticmethod
    def matches_call(model) -> bool:
        return bool(model.blas)

    @staticmethod
    def call_facts(cls, fn, call, oracle, degraded):
        """A gemm whose rows or contraction are the batch, a gemv whose rows are."""
        model = TABLE[call.name]
        args = call.children[1:]
        if len(args) != len(model.params):
            return None
        rows, inner = model.arg(args, "rows"), model.arg(args, "inner")
        dim = ""
        if oracle.is_batch(rows):
            dim = "rows"
            if model.blas == "gemv" and not model.arg(args, "trans").text.strip().endswith(
                    "NoTrans"):
                dim = "k"  # op(A) = A^T contracts the rows
        elif model.blas == "gemm" and oracle.is_batch(inner):
            dim = "k"
        return call_facts(BatchBlas.NAME, cls, fn, call, degraded, blas_dim=dim) if dim \
            else None

    @staticmethod
    def plan(f, d, live_in):
        if f.degraded:
            d.reason, d.detail = DEGRADED, degraded_why(f.degraded)
            return d
        why = _not_plain(f.blas_name, f.blas_defs)
        if why:
            d.reason, d.detail = UNKNOWN_CALL, why + \
                " (the split calls cblas itself, for float and double only)"
            return d
        model = TABLE[f.blas_name]
        d.decision = "parallel"
        if f.blas_dim == "rows":
            d.split.append(Split(f.blas_name, f.line, "rows", model.arg(f.blas_args, "rows")))
            return d
        # batch is the contraction dimension: split it into private outputs, then reduce
        d.split.append(Split(f.blas_name, f.line, "k", model.arg(f.blas_args, "inner")))
        d.reduce.append(Reduced(name=_buffer_name(model.arg(f.blas_args, "out")),
                                kind="array", extent=""))
        return d

    @staticmethod
    def render(renderer, r, fn, call) -> None:
        d = r.decision
        name = call.name
        at = call.text.find(name)
        function = TABLE[name].split_function(d.split[0].dim) if name in TABLE else ""
        if at < 0 or not function:
            raise R.RenderError(f"{name} split by {d.split[0].dim} at a call of this form")
        src = renderer.sources[d.file]
        line_start = form_mod.line_start(src, call.start)
        own_line = src[line_start:call.start].strip() == b""
        comment = renderer.comment(d, "a BLAS call cut over the samples")
        repl = renderer.env.get_template(BatchBlas.TEMPLATE).render(
            comment=comment, function=function, inline=not own_line).strip()
        r.edits.append(Edit(d.file, call.start + at, len(name), repl, R.plan_id(d)))
        if own_line:
            indent = src[line_start:call.start].decode("utf-8", "surrogateescape")
            r.edits.append(Edit(d.file, line_start, 0, R.layout(indent + comment) + "\n",
                                R.plan_id(d), format=False))


def _not_plain(name: str, defs) -> str:
    """Why the tree's definitions of wrapper `name` (facts/blas_defs.py) are not Caffe's
    pass-through to CBLAS for exactly float and double; '' when they are. A definition out
    of sight may compute anything, so none found is a reason too."""
    if not defs:
        return f"the tree's definition of {name} is not in sight"
    for x in defs:
        if x.dtype not in ("float", "double", "?"):
            return f"the tree defines {name} for {x.dtype} ({x.where})"
    for x in defs:
        if x.differs:
            for_type = f" for {x.dtype}" if x.dtype != "?" else ""
            return f"the tree's {name}{for_type} ({x.where}) is not a plain call of " \
                   f"CBLAS: {x.differs}"
    missing = sorted({"float", "double"} - {x.dtype for x in defs})
    return f"the tree's definition of {name} for {missing[0]} is not in sight" if missing \
        else ""


def _buffer_name(arg: str) -> str:
    t = arg.replace(" ", "").replace("this->", "")
    for acc in ("->mutable_cpu_diff()", "->mutable_cpu_data()", ".mutable_cpu_diff()",
                ".mutable_cpu_data()"):
        if t.endswith(acc):
            return t[: -len(acc)] + (".diff" if "diff" in acc else ".data")
    return t
