"""What every kind of transformation provides: a DESCRIPTION (shown by `analyze` and in
the transform report), its template, the rule on the source form it can write into
(`form_problem`, applied last by `plan.RewritableForm`), its plan (facts -> Decision) and its
rendering (Decision -> edits). The rules on the code's meaning (samples, dependences,
reductions) are in plan.py and apply to every kind.
"""
from __future__ import annotations


class Kind:
    NAME = ""
    DESCRIPTION = ""
    TEMPLATE = ""
    UNIT = ""  # what the region cuts into parts: sample | element

    @staticmethod
    def matches_call(model) -> bool:
        """Does this kind take calls of math-library function `model` (a mathlib row)?
        Loop kinds take none: facts/loops.py finds loops by their bounds."""
        return False

    @staticmethod
    def call_facts(cls, fn, call, oracle, degraded):
        """The facts of a call this kind takes (None: this call is not one after all)."""
        raise NotImplementedError

    @staticmethod
    def form_problem(d, form) -> str:
        """Why the template cannot write decision `d` into this form; '' when it can."""
        raise NotImplementedError

    @staticmethod
    def plan(f, d, live_in):
        """The decision on loop or call facts `f`, filled into `d` (rejected as given)."""
        raise NotImplementedError

    @staticmethod
    def render(renderer, r, fn, node) -> None:
        """The edits that write decision r.decision at `node` (of function `fn`) into r."""
        raise NotImplementedError


def call_facts(kind: str, cls: str, fn, call, degraded: str, **more):
    """The facts of a math-library call taken by `kind`: where it is, its arguments."""
    from ..facts.loops import LoopFacts, inherits
    return LoopFacts(cls=cls, method=fn.name, file=fn.file, line=call.line, start=call.start,
                     end=call.end, kind=kind, var="", trip="", effects=None,
                     degraded=degraded, inherits=inherits(cls, fn), blas_call=call.text,
                     blas_name=call.name, blas_args=[a.text.strip() for a in call.children[1:]],
                     **more)
