"""The plan decides, render only emits: every loop that `analyze` calls parallel is rewritten
by `transform`, on caffe_src and on every fixture; what the templates cannot write into a
loop's source form is rejected by the plan (`unsupported form`) with the reason, never
skipped by render."""
import copy
from pathlib import Path

import pytest

from transformer import apply, plan
from transformer.facts.form import Form
from transformer.render import Renderer

ROOT = Path(__file__).resolve().parents[1]


def _agreement(tree: Path, a, out: Path):
    parallel = {(d.file, d.line, d.cls) for d in a.decisions if d.decision == "parallel"}
    res = apply.transform(str(tree), str(out), analysis=a, format=False)
    rewritten = {(x["file"], x["line"], x["class"]) for x in res.applied}
    not_rendered = [x for x in res.left if x["why"].startswith("not rendered")]
    return parallel, rewritten, not_rendered


@pytest.mark.parametrize("which", ["caffe_src", "fixtures"])
def test_analyze_parallel_equals_transform_rewritten(tmp_path, which, caffe_src_analysis,
                                                     fixtures_analysis):
    tree, a = (ROOT / "caffe_src", caffe_src_analysis) if which == "caffe_src" else \
        fixtures_analysis
    parallel, rewritten, not_rendered = _agreement(tree, a, tmp_path / "out")
    assert parallel, "no parallel decisions at all: the test would prove nothing"
    assert parallel == rewritten, (sorted(parallel - rewritten), sorted(rewritten - parallel))
    assert not not_rendered


def test_render_never_refuses_a_fixture_plan(fixtures_analysis):
    _, a = fixtures_analysis
    r = Renderer(a.program, a.sources)
    rendered = [r.render(d) for d in a.decisions if d.decision == "parallel"]
    assert rendered and all(x.edits and not x.skipped for x in rendered)


def test_a_plan_render_cannot_write_is_reported_as_a_bug(fixtures_analysis):
    """A plan that bypassed the rules (here: a loop moved to where no loop is) is an internal
    error, reported for that decision alone and never applied in part."""
    _, a = fixtures_analysis
    d = copy.deepcopy(next(d for d in a.decisions
                           if d.decision == "parallel" and d.kind == "batch-loop"))
    d.start += 1
    got = Renderer(a.program, a.sources).render(d)
    assert got.edits == [] and got.skipped.startswith("internal error")


def _decision(kind, **kw):
    d = plan.Decision(file="a.cpp", line=1, cls="C", method="Forward_cpu", kind=kind,
                      decision="parallel", var="n", trip="num")
    for k, v in kw.items():
        setattr(d, k, v)
    return d


LOOP = dict(found=True, own_line=True, braced_body=True, starts_at_zero=True, body_end=True,
            body_start=10, body_stop=90)


@pytest.mark.parametrize("kind,plan_kw,form_kw,why", [
    ("batch-loop", {}, {}, None),
    ("batch-loop", {}, {"braced_body": False}, "not a braced block"),
    ("batch-loop", {}, {"starts_at_zero": False}, "does not start at 0"),
    ("batch-loop", {"reduce": [plan.Reduced("top[1].data", "array", "", var="")]}, {},
     "without a pointer variable"),
    ("batch-loop", {"reduce": [plan.Reduced("w", "array", "", var="w")]}, {}, None),
    ("batch-loop", {"privatize": [plan.Privatized("tmp", "local", False, "")]},
     {"direct_names": ["tmp"]}, "uses the local Blob tmp directly"),
    ("batch-loop", {"privatize": [plan.Privatized("tmp", "local", False, "")]},
     {"direct_names": ["other"]}, None),
    ("batch-loop", {"hoist": [plan.Hoist("h", "x->cpu_data()", uses=[("a.cpp", 5, 9)])]}, {},
     "used outside the loop body"),
    ("batch-loop", {"hoist": [plan.Hoist("h", "x->cpu_data()", uses=[("a.cpp", 20, 30)])]},
     {}, None),
    ("elementwise", {}, {"braced_body": False}, None),
    ("elementwise", {"reduce": [plan.Reduced("s", "array", "", var="s")]}, {}, None),
    ("elementwise", {"reduce": [plan.Reduced("s", "array", "")]}, {},
     "without a pointer variable to redirect"),
    ("elementwise", {"privatize": [plan.Privatized("tmp", "local", False, "")]}, {},
     "without scratch or inductions"),
    ("elementwise", {"reduce": [plan.Reduced("s", "scalar", "1")]},
     {"starts_at_zero": False}, "does not start at 0"),
    ("elementwise", {}, {"own_line": False}, "does not start its own line"),
    ("elementwise", {}, {"body_end": False}, "no ';' after the loop body"),
    ("elementwise-call", {}, {"spelled": True, "statement": True}, None),
    ("elementwise-call", {}, {"spelled": False, "statement": True}, "macro"),
    ("elementwise-call", {}, {"spelled": True, "statement": False}, "not a statement"),
    ("batch-blas", {"split": [plan.Split("caffe_cpu_gemm", 1, "rows", "M_")]},
     {"name_spelled": True}, None),
    ("batch-blas", {"split": [plan.Split("caffe_cpu_axpby", 1, "rows", "M_")]},
     {"name_spelled": True}, "no split version of caffe_cpu_axpby"),
    ("batch-blas", {"split": [plan.Split("caffe_cpu_gemm", 1, "k", "M_")]},
     {"name_spelled": False}, "not spelled out"),
])
def test_rewritable_form_rule(kind, plan_kw, form_kw, why):
    d = _decision(kind, **plan_kw)
    rej = plan.RewritableForm().check(d, Form(**{**LOOP, **form_kw}))
    if why is None:
        assert rej is None
    else:
        assert rej is not None and rej.reason == plan.UNSUPPORTED_FORM and why in rej.detail


def test_not_found_is_rejected_and_the_plan_emptied():
    d = _decision("batch-loop", reduce=[plan.Reduced("w", "array", "", var="w")])
    rej = plan.RewritableForm().check(d, Form())
    assert rej.reason == plan.UNSUPPORTED_FORM
    plan._reject(d, rej)
    assert d.decision == "rejected" and d.reduce == [] and d.reason == plan.UNSUPPORTED_FORM
    assert plan.UNSUPPORTED_FORM in plan.REASONS


def test_typed_plans_serialize_to_the_old_strings_and_details():
    d = _decision("batch-blas", split=[plan.Split("caffe_cpu_gemm", 71, "rows", "M_")],
                  induction=[plan.InductionPlan("p", [plan.InductionStep("dim", ["k_"], [True])],
                                                "flag")])
    j = d.to_json()
    assert j["split"] == ["caffe_cpu_gemm line 71: rows M_"]
    assert j["split_detail"] == [{"call": "caffe_cpu_gemm", "line": 71, "dim": "rows",
                                  "extent": "M_"}]
    assert j["induction"] == ["p = p_0 + n * ((k_)*(dim)) if flag"]
    assert j["induction_detail"][0]["steps"] == [{"step": "dim", "multipliers": ["k_"],
                                                  "clamp": [True]}]
    assert d.plan_parts() == [("induction", ["p"]), ("split", ["rows M_"])]


def test_kinds_and_rules_are_described(caffe_src_analysis):
    """Each kind of rewrite and each rule says what it does, and analyze shows them."""
    from transformer import kinds
    assert set(kinds.KINDS) == {"batch-loop", "elementwise", "elementwise-call", "batch-blas"}
    assert all(len(k.DESCRIPTION) > 40 and k.TEMPLATE.endswith(".j2")
               for k in kinds.KINDS.values())
    rules = plan.plan_rules()
    assert list(rules)[-1] == "RewritableForm" and all(rules.values())
    a = caffe_src_analysis
    j = a.to_json()
    assert j["kinds"] == kinds.descriptions() and j["rules"] == rules
    from transformer import report
    text = report.table(a)
    assert kinds.KINDS["batch-loop"].DESCRIPTION in text


@pytest.mark.parametrize("type_text,fixed", [
    ("Dtype*", False), ("const Dtype*", False), ("Dtype* const", True), ("Dtype *const", True),
    ("const int", True), ("int", False), ("Dtype&", True), ("const Dtype&", True),
    ("unsigned long", False)])
def test_which_variables_a_region_may_make_private(type_text, fixed):
    """A per-part variable is the user's own, made private and assigned, unless its
    declaration forbids assigning it (top-level const, a reference): then it is declared
    again inside the region."""
    from transformer.render import _top_const
    assert _top_const(type_text) == fixed
