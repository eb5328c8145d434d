"""The rules a parallel plan passes, each a small class with a DESCRIPTION and a `check`
that returns a Rejection or None (in the manner of a clang-tidy check), in the order plan.py
applies them; last, `RewritableForm`: the kind's template can write the plan into the loop's
or call's source form."""
from __future__ import annotations

import re
from typing import Dict, List, Optional

from . import kinds
from .decision import (
    ALIASING,
    ALREADY_PARALLEL,
    CROSS_SAMPLE,
    DEGRADED,
    EARLY_EXIT,
    GLOBAL_STATE,
    INDUCTION,
    RNG,
    TOO_LITTLE,
    UNKNOWN_CALL,
    UNSUPPORTED_FORM,
    Decision,
    Rejection,
    degraded_why,
)
from .facts import sharing
from .facts.effects import BodyEffects
from .facts.form import Form
from .facts.loops import LoopFacts
from .facts.mathlib import TABLE
from .facts.stdlib import ALGORITHMS


# --- rules --------------------------------------------------------------------------------
class Rule:
    DESCRIPTION = ""

    def check(self, f: LoopFacts, e: BodyEffects) -> Optional[Rejection]:
        raise NotImplementedError


class NotDegraded(Rule):
    DESCRIPTION = "The file parsed with fatal errors, or the loop comes from a macro."

    def check(self, f, e):
        if f.degraded:
            return Rejection(DEGRADED, degraded_why(f.degraded))
        if e.macro:
            return Rejection(DEGRADED, "the loop is expanded from a macro")
        return None


class NotAlreadyParallel(Rule):
    DESCRIPTION = "The loop is already under an OpenMP directive."

    def check(self, f, e):
        if f.pragma_before or e.omp:
            return Rejection(ALREADY_PARALLEL, "an OpenMP directive is already present")
        if e.region:
            return Rejection(ALREADY_PARALLEL, "a parallel region of cgp-transform already")
        return None


class CanonicalLoop(Rule):
    DESCRIPTION = "The loop has a canonical header `for (int v = 0; v < T; ++v)`."

    def check(self, f, e):
        if not f.var:
            return Rejection(INDUCTION, "the loop header is not canonical")
        if f.var in e.written_names:
            return Rejection(INDUCTION, f"the loop variable {f.var} is changed in the body")
        if e.var_before and f.var in e.used_after:  # the region's own `int n` would leave
            return Rejection(INDUCTION, f"the loop variable {f.var} is declared before the "
                                        f"loop and read after it")  # the outer n unchanged
        return None


class ScopedNames(Rule):
    DESCRIPTION = ("The body declares no variable by the name of one declared before the "
                   "loop that it also uses (the walk does not keep scopes).")

    def check(self, f, e):
        if e.shadowed:
            return Rejection(UNSUPPORTED_FORM, f"the body uses {e.shadowed} declared before "
                                               f"the loop and declares another by that name")
        return None


class NoRng(Rule):
    DESCRIPTION = "Draws from the global random stream must keep their order."

    def check(self, f, e):
        if e.rng_calls:
            return Rejection(RNG, "draws from the random stream: " + ", ".join(e.rng_calls))
        return None


class NoEarlyExit(Rule):
    DESCRIPTION = "A break or return leaves the loop early."

    def check(self, f, e):
        if e.early_exits:
            return Rejection(EARLY_EXIT, ", ".join(e.early_exits))
        return None


class KnownCalls(Rule):
    DESCRIPTION = "Every call is in the math-library table, a Blob query or a followed helper."

    def check(self, f, e):
        if e.unknown_calls:
            return Rejection(UNKNOWN_CALL, ", ".join(dict.fromkeys(e.unknown_calls)))
        return None


class ProvableInduction(Rule):
    DESCRIPTION = "Every pointer advanced in the loop has a closed form in the loop variable."

    def check(self, f, e):
        for ind in e.inductions:
            if not ind.ok:
                return Rejection(INDUCTION, f"{ind.var} at line {ind.line}: {ind.why}")
            if any(f.var in re.findall(r"[A-Za-z_]\w*", g) for g, _ in ind.guards):
                return Rejection(INDUCTION, f"{ind.var}: conditional on the loop variable")
        return None


class NoSharedScalarWrites(Rule):
    DESCRIPTION = "Members that are plain values are not written inside the loop."

    def check(self, f, e):
        if e.member_scalar_writes:
            return Rejection(CROSS_SAMPLE, "writes a member shared by all samples: " +
                             ", ".join(e.member_scalar_writes))
        return None


class NoSharedStateWrites(Rule):
    DESCRIPTION = ("Namespace-scope variables, static data members and function-local statics "
                   "are not written in the loop or the functions it reaches.")

    def check(self, f, e):
        if e.shared_state:
            return Rejection(GLOBAL_STATE, "writes state shared by every thread: " +
                             ", ".join(dict.fromkeys(e.shared_state)))
        return None


class NoSharedBuffers(Rule):
    DESCRIPTION = ("No Blob whose buffer `ShareData`/`ShareDiff` makes another's is read or "
                   "written while that other one is written, and no Blob whose buffer "
                   "`set_cpu_data`/`set_cpu_diff` points at other memory is used beside "
                   "another buffer written, or written beside another used.")

    def check(self, f, e):
        used = {(a.root.name, a.root.buf) for a in e.accesses}
        written = {(a.root.name, a.root.buf) for a in e.accesses if a.mode != "read"}
        for x, y, buf, line in e.shared_buffers:
            if y == sharing.ANY:
                why = _redirected(x, buf, used, written)
                if why:
                    whose = "a Blob's buffer" if x == sharing.ANY else f"{x}'s {buf}"
                    return Rejection(ALIASING, f"{whose} is set to other memory (line {line}):"
                                               f" {why}")
                continue
            for one, other in ((x, y), (y, x)):
                if one != other and (one, buf) in used and (other, buf) in written:
                    return Rejection(ALIASING, f"{x}'s {buf} is {y}'s (shared at line {line}):"
                                               f" the loop uses {one} and writes {other}")
        return None


def _redirected(x: str, buf: str, used, written) -> str:
    """Why a loop may not use a Blob whose buffer points at other memory: it uses that buffer
    and writes another, or writes it and uses another (which may be the same memory)."""
    for one in sorted(u for u in used if (x == sharing.ANY or u[0] == x) and
                      (buf == sharing.ANY or u[1] == buf)):
        if written - {one}:
            return f"the loop uses {one[0]} and writes {sorted(written - {one})[0][0]}"
        if one in written and used - {one}:
            return f"the loop writes {one[0]} and uses {sorted(used - {one})[0][0]}"
    return ""


RULES: List[Rule] = [NotDegraded(), NotAlreadyParallel(), CanonicalLoop(), ScopedNames(), NoRng(),
                     NoEarlyExit(), NoSharedStateWrites(), KnownCalls(), ProvableInduction(),
                     NoSharedScalarWrites(), NoSharedBuffers()]


class WorkPerSample(Rule):
    DESCRIPTION = ("A batch loop does more than constant work per sample: an inner loop, a "
                   "helper, a math-library call or a standard algorithm over a range of "
                   "outer memory (batch loops only).")

    def check(self, f, e):
        if not e.has_inner_loop and not e.helpers and not any(
                a.via in TABLE or a.via in ALGORITHMS for a in e.accesses):
            return Rejection(TOO_LITTLE, "the body does constant work per sample")
        return None


def plan_rules() -> Dict[str, str]:
    """Every rule a parallel plan passes, in the order applied, with its DESCRIPTION (the
    memory, scalar and accessor plans come between the rules and RewritableForm)."""
    out = {type(r).__name__: r.DESCRIPTION for r in RULES + [WorkPerSample()]}
    out["RewritableForm"] = RewritableForm.DESCRIPTION
    return out


class RewritableForm:
    """The plan can be written into this source: its kind's template expresses it, and the
    loop or call has the form that template rewrites (kinds.py). Checked last, on the
    complete plan."""

    DESCRIPTION = "The templates can express the plan in this loop's or call's source form."

    def check(self, d: "Decision", form: Form) -> Optional[Rejection]:
        if not form.found:
            return Rejection(UNSUPPORTED_FORM, "the loop was not found in the parsed source")
        if form.context:
            return Rejection(UNSUPPORTED_FORM, form.context)
        why = kinds.KINDS[d.kind].form_problem(d, form)
        return Rejection(UNSUPPORTED_FORM, why) if why else None
