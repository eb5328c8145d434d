"""The analyzer against the hand-written fixtures in fixtures/.

Each fixture loop (or batch BLAS call, or RNG call) carries its expected decision on the
comment line right before it:

    // CGP-EXPECT: parallel privatize=col_buffer_ reduce=weight_diff induction=top_data
    // CGP-EXPECT: parallel split=k:M_ reduce=blobs_[0].diff
    // CGP-EXPECT: rejected reason=cross-sample-dependence kind=batch-loop

For `parallel`, privatize/reduce/induction/split must equal the analyzer's lists as sets
(an absent key means empty). Multi-word reasons are written with hyphens. A `#pragma` line
between the comment and the loop is skipped (the pragma must stay next to its loop).
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from transformer import plan

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
EXPECT = re.compile(r"//\s*CGP-EXPECT:\s*(.*)$")
LIST_KEYS = ("privatize", "reduce", "induction", "split")
# checked only where written: the accessors hoisted before the region, the Blobs synced there,
# the accumulated buffers whose copies are taken only under a gate (facts/gates.py)
OPTIONAL_KEYS = ("hoist", "sync", "gated")


def parse_expectation(text: str) -> dict:
    """'parallel reduce=a,b kind=batch-loop' -> {'decision': 'parallel', 'reduce': {a, b}, ...}"""
    words = text.split()
    exp = {"decision": words[0], "reason": None, "kind": None}
    exp.update({k: set() for k in LIST_KEYS})
    for word in words[1:]:
        key, _, value = word.partition("=")
        if key in LIST_KEYS:
            exp[key] = set(filter(None, value.split(",")))
        elif key in OPTIONAL_KEYS:
            exp[key] = set(filter(None, value.split(",")))
        elif key in ("reason", "kind"):
            exp[key] = value
        else:
            raise ValueError(f"unknown key {key!r} in CGP-EXPECT: {text}")
    return exp


def target_line(lines, index: int) -> int:
    """1-based number of the code line an expectation at lines[index] describes."""
    i = index + 1
    while i < len(lines) and lines[i].lstrip().startswith(("#pragma", "// CGP-FIX:")):
        i += 1
    return i + 1


def fixture_files():
    """The fixture sources (not their golden rewritten twins, *.expected.cpp)."""
    return sorted(p for p in FIXTURES.glob("*.cpp") if not p.name.endswith(".expected.cpp"))


def collect_expectations():
    out = []
    for path in fixture_files():
        lines = path.read_text().splitlines()
        for i, line in enumerate(lines):
            m = EXPECT.search(line)
            if m:
                out.append((path.name, target_line(lines, i), parse_expectation(m.group(1))))
    return out


EXPECTATIONS = collect_expectations()


def actual(d) -> dict:
    """The analyzer's decision in the vocabulary of the expectations."""
    split = {f"{s.dim}:{s.extent.replace(' ', '')}" for s in d.split}
    return {"decision": d.decision, "reason": d.reason.replace(" ", "-"), "kind": d.kind,
            "privatize": {p.name for p in d.privatize}, "reduce": {r.name for r in d.reduce},
            "induction": {i.var for i in d.induction}, "split": split,
            "hoist": {h.call.replace(" ", "") for h in d.hoist},
            "sync": {f"{s.receiver}.{s.method}()".replace(" ", "") for s in d.sync},
            "gated": {r.name for r in d.reduce if r.when},
            "detail": d.detail}


@pytest.fixture(scope="module")
def decisions(fixtures_analysis):
    _, result = fixtures_analysis
    by_line = {}
    for d in result.decisions:
        by_line.setdefault((d.file, d.line), []).append(d)
    return by_line


@pytest.mark.parametrize("file,line,exp", EXPECTATIONS,
                         ids=[f"{f}:{n}" for f, n, _ in EXPECTATIONS])
def test_expectation(decisions, file, line, exp):
    found = decisions.get((file, line))
    assert found, f"no decision reported for {file}:{line}"
    for d in found:
        got = actual(d)
        where = f"{file}:{line} ({d.cls}::{d.method}) got {got}"
        assert got["decision"] == exp["decision"], where
        if exp["kind"]:
            assert got["kind"] == exp["kind"], where
        if exp["decision"] == "rejected":
            assert got["reason"] == exp["reason"], where
        else:
            for key in LIST_KEYS:
                assert got[key] == exp[key], f"{key}: {where}"
            for key in OPTIONAL_KEYS:
                if key in exp:
                    assert got[key] == exp[key], f"{key}: {where}"


def test_every_decision_is_expected(decisions):
    expected = {(f, n) for f, n, _ in EXPECTATIONS}
    unexpected = [f"{d.file}:{d.line} {d.cls}::{d.method} {d.kind} {d.decision}"
                  for key, ds in sorted(decisions.items()) if key not in expected for d in ds]
    assert not unexpected, "decisions without a CGP-EXPECT line:\n" + "\n".join(unexpected)


def test_enough_expectations():
    assert len(EXPECTATIONS) >= 40


def test_expectations_are_well_formed():
    reasons = {r.replace(" ", "-") for r in plan.REASONS}
    for file, line, exp in EXPECTATIONS:
        assert exp["decision"] in ("parallel", "rejected"), (file, line)
        assert exp["kind"] in (None, "batch-loop", "batch-blas", "elementwise",
                               "elementwise-call", "other")
        if exp["decision"] == "rejected":
            assert exp["reason"] in reasons, (file, line)
        else:
            assert exp["reason"] is None, (file, line)
            assert all(s.split(":")[0] in ("rows", "k", "elements") for s in exp["split"]), \
                (file, line)


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
@pytest.mark.parametrize("openmp", [False, True], ids=["plain", "fopenmp"])
@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.name)
def test_fixture_compiles(path, openmp):
    cmd = ["g++", "-std=c++17", "-fsyntax-only", f"-I{FIXTURES / 'include'}", str(path)]
    if openmp:
        cmd.insert(2, "-fopenmp")
    r = subprocess.run(cmd, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
