"""A kind added the way docs/ARCHITECTURE.md says (tests/example_kind/: a table row, a kind
module, its template), registered for this test only: analyze plans the call it takes and
transform writes it, with nothing else in the tool changed; unregistered, the call gets no
decision at all."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from transformer import analyze, apply, kinds
from transformer.facts import mathlib

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent / "example_kind"
sys.path.insert(0, str(HERE))
import example_kind  # noqa: E402


def _tree(tmp_path: Path) -> Path:
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "fixtures" / "include", tree / "include")
    shutil.copy(HERE / "clamp_layer.cpp", tree / "clamp_layer.cpp")
    return tree


def _clamp_decisions(a):
    return [d for d in a.decisions if d.file.endswith("clamp_layer.cpp") and
            d.method == "Forward_cpu"]


def test_unregistered_the_call_gets_no_decision(tmp_path):
    assert _clamp_decisions(analyze.run(str(_tree(tmp_path)))) == []


def test_registered_kind_is_planned_and_written(tmp_path, monkeypatch):
    monkeypatch.setitem(mathlib.TABLE, example_kind.MODEL.name, example_kind.MODEL)
    monkeypatch.setitem(kinds.KINDS, example_kind.ClampCall.NAME, example_kind.ClampCall)
    tree = _tree(tmp_path)
    a = analyze.run(str(tree))
    [d] = _clamp_decisions(a)
    assert (d.kind, d.decision) == ("example-clamp", "parallel")
    assert [(s.dim, s.extent) for s in d.split] == [("elements", "top[0]->count()")]
    assert a.to_json()["kinds"]["example-clamp"] == example_kind.ClampCall.DESCRIPTION
    out = tmp_path / "out"
    res = apply.transform(str(tree), str(out), analysis=a)
    assert [x["kind"] for x in res.applied] == ["example-clamp"]
    text = (out / "clamp_layer.cpp").read_text()
    assert "fx_clamp(cgp_size, Dtype(-1), Dtype(1), top_data + cgp_begin);" in text
    if shutil.which("g++") is None:
        pytest.skip("g++ is not installed")
    r = subprocess.run(["g++", "-std=c++11", "-fsyntax-only", "-fopenmp",
                        f"-I{out / 'include'}", str(out / "clamp_layer.cpp")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
