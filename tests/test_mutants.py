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
from typing import Dict, List, Tuple

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
    # a control that uses a name no header declares, and one whose base class's include is gone:
    # each is reported as not compiling alone, whatever its decision
    controls = [p for p in campaign.mutant_files() if p.name.startswith("control__")]
    undeclared = tmp_path / controls[1].name
    undeclared.write_text(controls[1].read_text() +
                          "\nnamespace caffe { int cgp_bad = cgp_nowhere; }\n")
    neuron = '#include "caffe/layers/neuron_layer.hpp"\n'
    alone = next(p for p in controls if neuron in p.read_text() and p not in (control, controls[1]))
    no_include = tmp_path / alone.name
    no_include.write_text(alone.read_text().replace(neuron, ""))
    marks = campaign.run([flipped, flipped2, undeclared, no_include])
    problems = {m.file: m.problem for m in marks}
    assert problems[flipped.name].startswith("UNSOUND"), problems
    assert problems[flipped2.name] == "control not parallel", problems
    assert "does not compile alone" in problems[undeclared.name], problems
    assert "cgp_nowhere" in problems[undeclared.name], problems
    assert "does not compile alone" in problems[no_include.name], problems


# The headers (nearly) every mutant includes, precompiled once: a unit whose mutants include
# all of them is compiled with the precompiled header forced first (their own includes of them
# are then no-ops), a unit whose mutants miss one is compiled as it is, so the header cannot
# hide a missing include.
_COMMON = ("<vector>", '"caffe/layer.hpp"', '"caffe/layer_factory.hpp"',
           '"caffe/util/math_functions.hpp"')
# Mutants per translation unit: g++ spends about as long on the common headers as on a mutant,
# so units of several mutants take about half the time of one unit each.
_UNIT = 25


def _precompile(flags, out: Path) -> Path:
    header = out / "cgp_mutants_pch.hpp"
    header.write_text("".join(f"#include {h}\n" for h in _COMMON))
    r = subprocess.run(["g++", *flags, "-x", "c++-header", str(header), "-o", f"{header}.gch"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    return header


def _includes(path: Path) -> Tuple[str, ...]:
    return tuple(sorted({ln.strip() for ln in path.read_text().splitlines()
                         if ln.startswith("#include")}))


@pytest.fixture(scope="module")
def compiler(tmp_path_factory):
    """g++'s flags for caffe_src's headers, the precompiled common header, and a folder for
    the units."""
    if shutil.which("protoc") is None:
        pytest.skip("protoc is installed by make setup")
    out = tmp_path_factory.mktemp("mutants_pch")
    gen = source_tree.generate_proto_header(
        ROOT / "caffe_src" / "src" / "caffe" / "proto" / "caffe.proto", out / "proto")
    assert gen is not None, "protoc failed on caffe_src's caffe.proto"
    flags = ["-std=c++11", "-Wall", f"-I{ROOT / 'caffe_src' / 'include'}", f"-I{gen}"]
    return flags, _precompile(flags, out), out


def _units(files: List[Path]) -> List[List[Path]]:
    """The mutants in translation units of at most _UNIT, each unit's mutants with the same
    includes: no mutant gets a header through another's include. (A name that one mutant
    uses and only another declares would compile here: the campaign parses each mutant
    alone, and fails it.)"""
    by_includes: Dict[tuple, List[Path]] = {}
    for f in files:
        by_includes.setdefault(_includes(f), []).append(f)
    return [same[i:i + _UNIT] for same in by_includes.values()
            for i in range(0, len(same), _UNIT)]


def _syntax_check(compiler, unit: List[Path]) -> Tuple[int, str]:
    flags, header, out = compiler
    source = out / f"unit_{unit[0].stem}.cpp"
    source.write_text("".join(f'#include "{p}"\n' for p in unit))
    common = set(_includes(unit[0])) >= {f"#include {h}" for h in _COMMON}
    forced = ["-include", str(header), "-Winvalid-pch"] if common else []
    r = subprocess.run(["g++", *flags, "-fsyntax-only", *forced, str(source)],
                       capture_output=True, text=True)
    return r.returncode, r.stderr


def _failing(compiler, files: List[Path]) -> List[Tuple[str, str]]:
    """The mutants that do not compile, with g++'s error lines. A unit that fails is compiled
    again one mutant at a time: two mutants may define the same helper, and the unit's
    error names only the first that failed."""
    def check(unit):
        rc, err = _syntax_check(compiler, unit)
        if rc == 0:
            return []
        alone = [(p.name, _syntax_check(compiler, [p])) for p in unit]
        return [(name, "\n".join(ln for ln in err.splitlines() if " error: " in ln)[:2000])
                for name, (rc, err) in alone if rc != 0]
    with ThreadPoolExecutor(max_workers=2) as pool:
        return [f for failed in pool.map(check, _units(files)) for f in failed]


def test_mutants_compile(compiler):
    """Every mutant is real code: it compiles against caffe_src's headers (C++11)."""
    failed = _failing(compiler, campaign.mutant_files())
    assert not failed, failed


def test_mutant_compile_can_fail(compiler, tmp_path):
    """Neither the precompiled header nor a unit's other mutants hide an error: a mutant with
    a type error, in a unit between two that compile, is the one reported."""
    controls = [p for p in campaign.mutant_files() if p.name.startswith("control__")]
    same = [p for p in controls if _includes(p) == _includes(controls[0])][:3]
    assert len(same) == 3 and set(_includes(same[0])) >= {f"#include {h}" for h in _COMMON}
    broken = tmp_path / same[1].name
    broken.write_text(same[1].read_text() +
                      "\nnamespace caffe { int cgp_bad = Blob<float>(); }\n")
    assert _units([same[0], broken, same[2]]) == [[same[0], broken, same[2]]]
    failed = _failing(compiler, [same[0], broken, same[2]])
    assert [name for name, _ in failed] == [broken.name], failed
    last = len(broken.read_text().splitlines())  # the line that was added
    assert f"{broken.name}:{last}:" in failed[0][1], failed[0][1]
