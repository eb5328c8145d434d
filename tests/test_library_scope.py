"""A call named like the math library's that C++ lookup resolves to the tree's own function
(a layer of a nested namespace that declares one, a block-scope using-declaration) is a call
of that function: never split as the library's (elementwise-call, batch-blas). Caffe's,
named from anywhere, still is (twenty-first red team, family 1)."""
from __future__ import annotations

import shutil
from pathlib import Path

from transformer import analyze

ROOT = Path(__file__).resolve().parents[1]

HEAD = """ public:
  virtual void Reshape(const std::vector<Blob<Dtype>*>& bottom,
      const std::vector<Blob<Dtype>*>& top) { dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]); }
  virtual void Backward_cpu(const std::vector<Blob<Dtype>*>& top,
      const std::vector<bool>& pd, const std::vector<Blob<Dtype>*>& bottom) {}
  int dim_;
  virtual void Forward_cpu(const std::vector<Blob<Dtype>*>& bottom,
      const std::vector<Blob<Dtype>*>& top) {
    const int count = bottom[0]->count();
    Dtype* out = top[0]->mutable_cpu_data();
"""


def _layer(name: str, body: str) -> str:
    return (f"template <typename Dtype> class {name} : public Layer<Dtype> {{\n{HEAD}"
            f"{body}\n  }}\n}};\ntemplate class {name}<float>;\n")


SOURCE = """#include <vector>

#include "caffe_fixture.hpp"

int g_math_calls = 0;
namespace caffe {
namespace prof {
template <typename Dtype> void caffe_scal(const int n, const Dtype alpha, Dtype* x) {
  ++g_math_calls;
  for (int i = 0; i < n; ++i) x[i] = alpha * x[i] + Dtype(g_math_calls);
}
template <typename Dtype> void caffe_cpu_gemm(const CBLAS_TRANSPOSE TA,
    const CBLAS_TRANSPOSE TB, const int M, const int N, const int K, const Dtype alpha,
    const Dtype* A, const Dtype* B, const Dtype beta, Dtype* C) {
  ++g_math_calls;
  caffe::caffe_cpu_gemm<Dtype>(TA, TB, M, N, K, alpha, A, B, beta, C);
}
""" + _layer("NsScalLayer", "    caffe_scal(count, Dtype(2), out);  // own") + _layer(
    "NsGemmLayer", "    caffe_cpu_gemm<Dtype>(CblasNoTrans, CblasNoTrans, bottom[0]->num(), "
    "dim_, dim_,  // own\n        Dtype(1), bottom[0]->cpu_data(), this->blobs_[0]->cpu_data(), "
    "Dtype(0), out);") + \
    _layer("NsQualifiedLayer", "    caffe::caffe_scal(count, Dtype(2), out);  // caffe's") + \
    """}  // namespace prof
namespace plain {
""" + _layer("PlainScalLayer", "    caffe_scal(count, Dtype(2), out);  // caffe's") + \
    """}  // namespace plain
""" + _layer("UsingScalLayer", "    using prof::caffe_scal;\n"
             "    caffe_scal(count, Dtype(2), out);  // own") + \
    _layer("SameNamespaceLayer", "    caffe_scal(count, Dtype(2), out);  // caffe's") + \
    """}  // namespace caffe
"""


def test_a_call_of_the_trees_own_function_is_not_split(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "fixtures" / "include", tree / "include")
    (tree / "src").mkdir()
    (tree / "src" / "x_layers.cpp").write_text(SOURCE)
    lines = SOURCE.splitlines()
    own = [i + 1 for i, text in enumerate(lines) if text.endswith("// own")]
    caffes = [i + 1 for i, text in enumerate(lines) if text.endswith("// caffe's")]
    result = analyze.run(str(tree))
    split = {d.line: d.decision for d in result.decisions if d.kind != "other"}
    assert len(own) == 3 and len(caffes) == 3
    assert not set(own) & set(split), {line: split[line] for line in own if line in split}
    assert all(split.get(line) == "parallel" for line in caffes), split
    scopes = {n.name: n.scopes for defs in result.program.functions.values() for f in defs
              for n in f.body.walk() if n.kind == "name" and n.name == "caffe_scal" and
              f.cls == "UsingScalLayer"}
    assert scopes == {"caffe_scal": "caffe::prof"}, scopes
