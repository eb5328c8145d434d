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
