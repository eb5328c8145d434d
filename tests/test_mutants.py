"""The mutation campaign (tests/mutants): every unsafe edit rejected for its reason, every
control parallel; the campaign is as wide as issue 22 asks; every mutant compiles against
caffe_src's headers; and the judge can fail."""
from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "mutants"))
import campaign  # noqa: E402

from transformer import source_tree  # noqa: E402


@pytest.fixture(scope="module")
def marks():
    return campaign.run()


def test_campaign_sound(marks):
    bad = [f"{m.file}:{m.line} {m.expect} {m.cls}: {m.problem} {m.got}" for m in marks
           if m.problem]
    print("\n" + campaign.summary(marks))
    assert not bad, "\n".join(bad)


def test_campaign_width(marks):
    unsafe = [m for m in marks if m.expect == "unsafe"]
    controls = [m for m in marks if m.expect == "control"]
    classes = Counter(m.cls for m in unsafe)
    assert len(unsafe) >= 48, len(unsafe)
    assert len(classes) >= 14, classes
    assert len(controls) >= 12, len(controls)
    for wanted in ("skipped-increment", "global-state", "static-member", "virtual-override",
                   "scratch-read-after", "early-exit", "rng", "aliasing", "recurrence",
                   "cross-sample", "container-growth", "unknown-call", "fake-batch"):
        assert classes[wanted] >= 2, (wanted, classes)


def test_judge_can_fail(tmp_path):
    """A control marked unsafe is reported UNSOUND; an unsafe mutant marked control is
    reported as a control not parallel."""
    control = next(p for p in campaign.mutant_files() if p.name.startswith("control__"))
    flipped = tmp_path / control.name
    flipped.write_text(control.read_text().replace(
        "// CGP-MUTANT: control",
        "// CGP-MUTANT: unsafe class=x reason=cross-sample-dependence"))
    unsafe = next(p for p in campaign.mutant_files() if p.name.startswith("global_state__"))
    flipped2 = tmp_path / unsafe.name
    text = unsafe.read_text()
    start = text.index("// CGP-MUTANT:")
    end = text.index("\n", start)
    flipped2.write_text(text[:start] + "// CGP-MUTANT: control" + text[end:])
    marks = campaign.run([flipped, flipped2])
    problems = {m.file: m.problem for m in marks}
    assert problems[flipped.name].startswith("UNSOUND"), problems
    assert problems[flipped2.name] == "control not parallel", problems


# The headers (nearly) every mutant includes, precompiled once: a mutant that includes all of
# them is compiled with the precompiled header forced first (its own includes of them are then
# no-ops), a mutant that misses one is compiled as it is, so the header cannot hide a missing
# include. About 4x faster per file.
_COMMON = ("<vector>", '"caffe/layer.hpp"', '"caffe/layer_factory.hpp"',
           '"caffe/util/math_functions.hpp"')


def _precompile(flags, out: Path) -> Path:
    header = out / "cgp_mutants_pch.hpp"
    header.write_text("".join(f"#include {h}\n" for h in _COMMON))
    r = subprocess.run(["g++", *flags, "-x", "c++-header", str(header), "-o", f"{header}.gch"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    return header


def _includes_all(path: Path) -> bool:
    lines = {ln.strip() for ln in path.read_text().splitlines() if ln.startswith("#include")}
    return all(f"#include {h}" in lines for h in _COMMON)


@pytest.fixture(scope="module")
def compiler(tmp_path_factory):
    """g++'s flags for caffe_src's headers, and the precompiled common header."""
    if shutil.which("protoc") is None:
        pytest.skip("protoc is installed by make setup")
    out = tmp_path_factory.mktemp("mutants_pch")
    gen = source_tree.generate_proto_header(
        ROOT / "caffe_src" / "src" / "caffe" / "proto" / "caffe.proto", out / "proto")
    assert gen is not None, "protoc failed on caffe_src's caffe.proto"
    flags = ["-std=c++11", "-Wall", f"-I{ROOT / 'caffe_src' / 'include'}", f"-I{gen}"]
    return flags, _precompile(flags, out)


def _syntax_check(compiler, path: Path):
    flags, header = compiler
    forced = ["-include", str(header), "-Winvalid-pch"] if _includes_all(path) else []
    r = subprocess.run(["g++", *flags, "-fsyntax-only", *forced, str(path)],
                       capture_output=True, text=True)
    return path.name, r.returncode, r.stderr


def test_mutants_compile(compiler):
    """Every mutant is real code: it compiles against caffe_src's headers (C++11)."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        failed = [(n, err[-2000:]) for n, rc, err in
                  pool.map(lambda p: _syntax_check(compiler, p), campaign.mutant_files())
                  if rc != 0]
    assert not failed, failed


def test_mutant_compile_can_fail(compiler, tmp_path):
    """The precompiled header hides no error: a mutant with a type error fails."""
    control = next(p for p in campaign.mutant_files() if p.name.startswith("control__"))
    broken = tmp_path / control.name
    broken.write_text(control.read_text() + "\nnamespace caffe { int cgp_bad = Blob<float>(); }\n")
    assert _includes_all(broken)
    _, rc, err = _syntax_check(compiler, broken)
    assert rc != 0 and "cgp_bad" in err, err[-500:]
