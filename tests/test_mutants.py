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


@pytest.mark.skipif(shutil.which("protoc") is None, reason="protoc is installed by make setup")
def test_mutants_compile(tmp_path):
    """Every mutant is real code: it compiles against caffe_src's headers (C++11)."""
    gen = source_tree.generate_proto_header(
        ROOT / "caffe_src" / "src" / "caffe" / "proto" / "caffe.proto", tmp_path / "proto")
    assert gen is not None, "protoc failed on caffe_src's caffe.proto"

    def compile_one(path: Path):
        r = subprocess.run(["g++", "-std=c++11", "-fsyntax-only", "-Wall",
                            f"-I{ROOT / 'caffe_src' / 'include'}", f"-I{gen}", str(path)],
                           capture_output=True, text=True)
        return path.name, r.returncode, r.stderr[-2000:]
    with ThreadPoolExecutor(max_workers=2) as pool:
        failed = [(n, err) for n, rc, err in pool.map(compile_one, campaign.mutant_files())
                  if rc != 0]
    assert not failed, failed
