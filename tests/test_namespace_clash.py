"""A tree that declares its own `cgp`: the emitted `cgp::parallel_for` would find the tree's
name instead of the runtime's namespace (a build failure, or the tree's own function of the
runtime's name). Each way of declaring it leaves every loop as it was, with the reason; a
variable or function named `cgp`, which `cgp::` does not look up, changes nothing."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from transformer import analyze, apply
from transformer.facts.process import ProcessFacts
from transformer.lower import RUNTIME_FILES
from transformer.process_plan import plan as process_plan

ROOT = Path(__file__).resolve().parents[1]

LAYER = """#include <vector>

#include "caffe_fixture.hpp"

{outside}
namespace caffe {{
{inside}
template <typename Dtype>
class FxClashLayer : public Layer<Dtype> {{
 public:
  virtual void Reshape(const std::vector<Blob<Dtype>*>& bottom,
      const std::vector<Blob<Dtype>*>& top) {{
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }}

 protected:
  virtual void Forward_cpu(const std::vector<Blob<Dtype>*>& bottom,
      const std::vector<Blob<Dtype>*>& top) {{
    {local}
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();
    for (int n = 0; n < num_; ++n) {{
      for (int k = 0; k < dim_; ++k) {{
        top_data[n * dim_ + k] = bottom_data[n * dim_ + k] * Dtype(2);
      }}
    }}
  }}
  virtual void Backward_cpu(const std::vector<Blob<Dtype>*>& top,
      const std::vector<bool>& propagate_down, const std::vector<Blob<Dtype>*>& bottom) {{}}

  int num_, dim_;
  {member}
}};

template class FxClashLayer<float>;
}}  // namespace caffe
"""

# (outside namespace caffe, inside it, in the body before the loop, a member of the layer)
CLASHES = {
    "nested namespace": ("", "namespace cgp { inline int parallel_for() { return 0; } }", "", ""),
    "global namespace": ("namespace cgp { struct Mine {}; }", "", "", ""),
    "class": ("", "struct cgp { int x; };", "", ""),
    "typedef": ("", "typedef int cgp;", "", ""),
    "alias": ("", "using cgp = float;", "", ""),
    "namespace alias": ("namespace other { int x; }", "namespace cgp = ::other;", "", ""),
    "using-declaration": ("namespace other { struct cgp {}; }", "using ::other::cgp;", "", ""),
    "template parameter": ("", "template <typename cgp> cgp twice(cgp v) { return v + v; }",
                           "", ""),
    "local class": ("", "", "struct cgp { int x; };", ""),
    "local typedef": ("", "", "typedef Dtype cgp;", ""),
    "nested class": ("", "", "", "struct cgp { int x; };"),
}
HARMLESS = {
    "variable": ("", "static int cgp = 0;", "int cgp = 1; (void)cgp;", ""),
    "function": ("", "inline int cgp() { return 1; }", "", ""),
    "member": ("", "", "", "int cgp;"),
    "comment": ("// cgp: our own prefix", "", "", ""),
}


def _tree(tmp_path: Path, parts) -> Path:
    outside, inside, local, member = parts
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "fixtures" / "include", tree / "include")
    (tree / "src").mkdir()
    (tree / "src" / "x_layers.cpp").write_text(
        LAYER.format(outside=outside, inside=inside, local=local, member=member))
    return tree


@pytest.mark.parametrize("case", sorted(CLASHES))
def test_a_tree_naming_cgp_keeps_its_loops(tmp_path, case):
    result = analyze.run(str(_tree(tmp_path, CLASHES[case])))
    assert result.program.clashes, case
    assert [d.decision for d in result.decisions] == ["rejected"], case
    assert "the tree declares cgp (src/x_layers.cpp:" in result.decisions[0].detail
    assert any(n.startswith("nothing rewritten: the tree declares cgp") for n in result.notes)


@pytest.mark.parametrize("case", sorted(HARMLESS))
def test_other_uses_of_the_name_change_nothing(tmp_path, case):
    tree = _tree(tmp_path, HARMLESS[case])
    result = analyze.run(str(tree))
    assert not result.program.clashes, result.program.clashes
    assert [d.decision for d in result.decisions] == ["parallel"], result.decisions[0].detail
    out = tmp_path / "out"
    r = subprocess.run(["python3", "-m", "transformer", "transform", str(tree), "-o", str(out),
                        "--no-format"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "cgp::parallel_for" in (out / "src" / "x_layers.cpp").read_text()
    r = subprocess.run(["g++", "-std=c++11", "-fsyntax-only", "-fopenmp", f"-I{out / 'include'}",
                        str(out / "src" / "x_layers.cpp")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]


def test_the_runtime_of_a_transformed_tree_is_not_a_clash(tmp_path):
    """The runtime header a transformed tree holds declares the namespace itself."""
    tree = _tree(tmp_path, HARMLESS["member"])
    out = tmp_path / "out"
    subprocess.run(["python3", "-m", "transformer", "transform", str(tree), "-o", str(out),
                    "--no-format"], cwd=ROOT, check=True, capture_output=True)
    assert (out / "include" / apply.RUNTIME_NAME).exists()
    assert apply.RUNTIME_NAME in RUNTIME_FILES
    assert not analyze.run(str(out)).program.clashes


def test_the_process_level_is_refused():
    facts = ProcessFacts(solver_class="Solver", clashes=["include/x.hpp:3"])
    assert any("the tree declares cgp (include/x.hpp:3)" in p for p in process_plan(facts).problems)
