"""The rewrite of every fixture equals its checked-in golden file, and the golden files
compile with and without OpenMP against the runtime header the tool installs."""
import shutil
import subprocess

import golden
import pytest


@pytest.fixture(scope="module")
def rendered(tmp_path_factory, fixtures_analysis):
    tree, analysis = fixtures_analysis
    return golden.render_all(tmp_path_factory.mktemp("golden"), tree, analysis)


@pytest.mark.parametrize("src", golden.sources(), ids=lambda p: p.name)
def test_matches_golden(rendered, src):
    expected = golden.expected_path(src)
    assert expected.exists(), f"missing {expected.name}: run python3 tests/golden.py"
    assert (rendered / src.name).read_bytes() == expected.read_bytes(), \
        f"{src.name} renders differently from {expected.name}"


def test_some_fixtures_are_rewritten(rendered):
    changed = [s for s in golden.sources() if (rendered / s.name).read_bytes() != s.read_bytes()]
    assert len(changed) >= 5
    assert (rendered / "include" / "cgp_runtime.hpp").exists()


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
@pytest.mark.parametrize("openmp,std", [(False, "c++17"), (True, "c++17"), (True, "c++11")],
                         ids=["plain", "fopenmp", "fopenmp-c++11"])
@pytest.mark.parametrize("src", golden.sources(), ids=lambda p: p.name)
def test_golden_compiles(rendered, src, openmp, std):
    # C++11 too: the Caffe forks that set -std=c++11 must build the output (not a fixture
    # of C++14/17 forms, which says so: `// CGP-STD: c++17`)
    if std == "c++11" and "// CGP-STD: c++17" in src.read_text():
        pytest.skip("a fixture of C++17 forms")
    cmd = ["g++", f"-std={std}", "-fsyntax-only", f"-I{rendered / 'include'}",
           f"-I{golden.FIXTURES / 'include'}", str(golden.expected_path(src))]
    if openmp:
        cmd.insert(2, "-fopenmp")
    r = subprocess.run(cmd, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]


def test_second_run_changes_nothing(rendered, tmp_path):
    from transformer import apply
    out2 = tmp_path / "out2"
    res = apply.transform(str(rendered), str(out2), format=False)
    assert res.applied == [] and res.changed_files == []
    for src in golden.sources():
        assert (out2 / src.name).read_bytes() == (rendered / src.name).read_bytes()


# --- inline expected fixes ---------------------------------------------------------------
# A `// CGP-FIX: text` line under a `// CGP-EXPECT:` line says that the rewrite of that case
# contains `text` (spaces normalized), between its CGP-EXPECT line and the next one, the way
# clang-tidy's lit tests put CHECK-FIXES under each case.

def _norm(text: str) -> str:
    return " ".join(text.split())


def fix_expectations():
    out = []
    for src in golden.sources():
        seen: dict = {}
        expect = None
        for line in src.read_text().splitlines():
            if "CGP-EXPECT:" in line:
                seen[line.strip()] = seen.get(line.strip(), 0) + 1
                expect = (line.strip(), seen[line.strip()])
            elif "CGP-FIX:" in line and expect is not None:
                out.append((src, expect, line.split("CGP-FIX:", 1)[1].strip()))
    return out


def fix_found(rewritten: str, expect, text: str) -> bool:
    """Is `text` in the rewrite of the case whose CGP-EXPECT line is `expect` (the line, and
    which occurrence of it)?"""
    line, occurrence = expect
    lines = rewritten.splitlines()
    starts = [i for i, x in enumerate(lines) if x.strip() == line]
    if len(starts) < occurrence:
        return False
    for x in lines[starts[occurrence - 1] + 1:]:
        if "CGP-EXPECT:" in x:
            return False
        if "CGP-FIX:" not in x and _norm(text) in _norm(x):
            return True
    return False


FIXES = fix_expectations()


def test_every_kind_has_inline_fixes():
    kinds = {k for _, (line, _), _ in FIXES for k in ("batch-loop", "batch-blas",
                                                       "elementwise-call", "elementwise")
             if f"kind={k}" in line.split() or (k == "batch-loop" and "privatize=" in line)}
    assert {"batch-loop", "batch-blas", "elementwise-call", "elementwise"} <= kinds, kinds


@pytest.mark.parametrize("src,expect,text", FIXES,
                         ids=[f"{s.name}:{e[0][-30:]}:{t[:30]}" for s, e, t in FIXES])
def test_inline_fix(rendered, src, expect, text):
    assert fix_found((rendered / src.name).read_text(), expect, text), \
        f"{src.name}: no `{text}` in the rewrite of `{expect[0]}`"


def test_inline_fix_matcher_can_fail(rendered):
    src, expect, _ = FIXES[0]
    text = (rendered / src.name).read_text()
    assert not fix_found(text, expect, "no such code in any rewrite")
    assert not fix_found(text, ("// CGP-EXPECT: no such case", 1), "cgp")
    # a fix text is looked for in its own case only, not in the next one
    later = [f for f in FIXES if f[0] == src and f[1] != expect]
    if later:
        assert not fix_found(text, expect, "CGP-EXPECT")
