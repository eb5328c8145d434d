"""The rewrite of every fixture equals its checked-in golden file, and the golden files
compile with and without OpenMP against the runtime header the tool installs."""
import shutil
import subprocess

import golden
import pytest


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    return golden.render_all(tmp_path_factory.mktemp("golden"))


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
    # C++11 too: the Caffe forks that set -std=c++11 must build the output
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
