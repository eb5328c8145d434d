"""The check's outputs: a terminal table per layer case, thread count and batch; JUnit XML."""
from __future__ import annotations

from collections import defaultdict
from typing import Dict, List, Tuple
from xml.sax.saxutils import escape, quoteattr

from .run import CheckReport

_COLORS = {"pass": "\033[32m", "fail": "\033[31m", "error": "\033[33m"}


def _mark(status: str, color: bool) -> str:
    word = {"pass": "ok", "fail": "FAIL", "error": "ERROR"}[status]
    return f"{_COLORS[status]}{word}\033[0m" if color else word


def table(rep: CheckReport, color: bool = False, verbose: bool = False) -> str:
    """One line per case and thread count; the batch sizes and dtypes as columns."""
    lines = _result_lines(rep, color, verbose)
    for r in rep.races:
        lines.append(f"race  {r.case:28} {r.threads:>2}  {_mark(r.status, color)}"
                     + (f"  {r.detail}" if r.detail else ""))
    lines += [_tree_tests_line(tt, color) for tt in rep.tree_tests]
    if rep.unchecked:
        why = "a failure under --strict" if rep.strict else "no case could exercise them"
        lines.append(f"unchecked ({why}): {', '.join(rep.unchecked)}")
        for layer in rep.unchecked:
            for reason in rep.unchecked_why.get(layer, [])[:None if verbose else 1]:
                lines.append(f"    {layer}: {reason}")
    t = rep.train
    if t is not None:
        lines.append(_train_line(t, color))
    for n in rep.notes:
        lines.append(f"note: {n}")
    failed = sum(r.failed for r in rep.results)
    races = sum(r.status != "pass" for r in rep.races)
    verdict = "PASSED" if rep.ok else "FAILED"
    if color:
        verdict = _COLORS["pass" if rep.ok else "fail"] + verdict + "\033[0m"
    lines.append(f"check {verdict}: {len(rep.layers)} layer types, {len(rep.results)} "
                 f"comparisons ({failed} failed), {len(rep.races)} race runs ({races} failed), "
                 f"training {t.status if t else 'skipped'}; {rep.seconds:.0f} s")
    return "\n".join(lines)


def _result_lines(rep: CheckReport, color: bool, verbose: bool) -> List[str]:
    """The equivalence rows: a header, one line per case and thread count, failures."""
    lines: List[str] = []
    cells: Dict[Tuple[str, int], list] = defaultdict(list)
    for r in rep.results:
        cells[(r.case, r.threads)].append(r)
    if not cells:
        return lines
    first = next(iter(cells.values()))
    cols = [f"{r.dtype[0]}{r.batch}" for r in first]
    lines.append(f"{'layer case':34} {'T':>2}  {'policy':9}  " +
                 " ".join(f"{c:>5}" for c in cols) + "  worst rel / ulp")
    for (case, threads), rows in cells.items():
        worst_rel = max(r.max_rel_error for r in rows)
        worst_ulp = max(r.max_ulp for r in rows)
        marks = " ".join(f"{_mark(r.status, False):>5}" if not color else
                         " " * (5 - len(_mark(r.status, False))) + _mark(r.status, True)
                         for r in rows)
        lines.append(f"{case:34} {threads:>2}  {rows[0].policy:9}  {marks}  "
                     f"{worst_rel:.1e} / {worst_ulp}")
        for r in rows:
            if r.status != "pass" or verbose:
                for f in r.failures[:4 if not verbose else None]:
                    lines.append(f"    {r.dtype} batch {r.batch}: {f}")
    return lines


def _tree_tests_line(tt, color: bool) -> str:
    return (f"tree tests at {tt.threads} threads (forced parallel): "
            f"{_mark(tt.status, color)}, {tt.tests} tests, {len(tt.failed)} failed"
            + (f" ({', '.join(tt.failed[:8])})" if tt.failed else "")
            + (f"; failing in the original build too: {', '.join(tt.also_original)}"
               if tt.also_original else "")
            + (f"; {tt.detail}" if tt.detail else "") + f"; {tt.seconds:.0f} s")


def _train_line(t, color: bool) -> str:
    return (f"train {t.iterations} iterations at {t.threads} threads: "
            f"{_mark(t.status, color)}, loss curve (mean per {t.display} iterations) "
            f"within "
            f"{t.max_loss_rel:.3%} (single iterations {t.max_single_iteration_rel:.2%})" +
            "".join(f", {k} {v[0]:.4f} vs {v[1]:.4f}" for k, v in t.tests.items()) +
            ("" if t.one_thread_identical is None else
             f", 1 thread {'identical' if t.one_thread_identical else 'DIFFERENT'}") +
            (f" ({t.detail})" if t.detail else ""))


def junit(rep: CheckReport) -> str:
    cases: List[str] = []
    failures = 0
    for r in rep.results:
        name = f"{r.case} threads={r.threads} batch={r.batch} {r.dtype}"
        body = ""
        if r.status != "pass":
            failures += 1
            tag = "failure" if r.status == "fail" else "error"
            body = f"<{tag} message={quoteattr('; '.join(r.failures)[:500])}/>"
        cases.append(f'<testcase classname="equivalence.{escape(r.layer)}" '
                     f'name={quoteattr(name)}>{body}</testcase>')
    for r in rep.races:
        body = ""
        if r.status != "pass":
            failures += 1
            body = f"<failure message={quoteattr(r.detail[:500])}/>"
        cases.append(f'<testcase classname="race.{escape(r.layer)}" '
                     f'name={quoteattr(f"{r.case} threads={r.threads}")}>{body}</testcase>')
    for tt in rep.tree_tests:
        body = ""
        if tt.status != "pass":
            failures += 1
            msg = ", ".join(tt.failed) or tt.detail
            body = f"<failure message={quoteattr(msg[:2000])}/>"
        cases.append(f'<testcase classname="tree_tests" name="threads={tt.threads}">{body}'
                     f'</testcase>')
    for layer in rep.unchecked:
        why = quoteattr("; ".join(rep.unchecked_why.get(layer, []))[:500])
        body = f"<failure message={why}/>" if rep.strict else f"<skipped message={why}/>"
        failures += rep.strict
        cases.append(f'<testcase classname="unchecked" name={quoteattr(layer)}>{body}'
                     f'</testcase>')
    if rep.train is not None:
        t = rep.train
        body = "" if t.status == "pass" else f"<failure message={quoteattr(t.detail)}/>"
        failures += t.status != "pass"
        cases.append(f'<testcase classname="convergence" '
                     f'name="train {t.iterations} iterations threads={t.threads}">{body}'
                     f'</testcase>')
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<testsuite name="cgp-transform check" tests="{len(cases)}" '
            f'failures="{failures}" time="{rep.seconds}">\n  ' + "\n  ".join(cases) +
            "\n</testsuite>\n")
