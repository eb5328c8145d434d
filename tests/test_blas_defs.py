"""A batch-blas split calls CBLAS itself (templates/runtime.hpp.j2, gemm_raw / gemv_raw), not
the tree's caffe_cpu_gemm / caffe_cpu_gemv: it is planned only where the tree's own
definitions of the wrapper are seen, are for float and double only, and are each Caffe's
plain pass-through to CBLAS (transformer/facts/blas_defs.py). Small trees, each the fixtures'
headers, one layer file and a math library variant; the elementwise-call split, which calls
the tree's own function per block, is not affected.

From red team 21a, family 2 (tree_gemm_definition_bypassed): a tree that specializes the
wrapper for float16 (NVIDIA's fork) got a rewrite that did not build, and one whose double
gemm rounds through float got plain cblas_dgemm instead."""
import shutil
from pathlib import Path

import pytest

from transformer import analyze

ROOT = Path(__file__).resolve().parents[1]

LAYERS = """#include <vector>
#include "caffe_fixture.hpp"
namespace caffe {
template <typename Dtype>
class DefsGemmLayer : public Layer<Dtype> {
 protected:
  virtual void Forward_cpu(const std::vector<Blob<Dtype>*>& bottom,
      const std::vector<Blob<Dtype>*>& top) {
    caffe_cpu_gemm<Dtype>(CblasNoTrans, CblasTrans, bottom[0]->num(), dim_, dim_, Dtype(1),
        bottom[0]->cpu_data(), w_.cpu_data(), Dtype(0), top[0]->mutable_cpu_data());
  }
  virtual void Backward_cpu(const std::vector<Blob<Dtype>*>& top,
      const std::vector<bool>& propagate_down, const std::vector<Blob<Dtype>*>& bottom) {
    caffe_axpy(bottom[0]->count(), Dtype(1), top[0]->cpu_diff(),
        bottom[0]->mutable_cpu_diff());
  }
  int dim_;
  Blob<Dtype> w_;
};
template <typename Dtype>
class DefsGemvLayer : public Layer<Dtype> {
 protected:
  virtual void Forward_cpu(const std::vector<Blob<Dtype>*>& bottom,
      const std::vector<Blob<Dtype>*>& top) {
    caffe_cpu_gemv<Dtype>(CblasNoTrans, bottom[0]->num(), dim_, Dtype(1),
        bottom[0]->cpu_data(), w_.cpu_data(), Dtype(0), top[0]->mutable_cpu_data());
  }
  int dim_;
  Blob<Dtype> w_;
};
INSTANTIATE_CLASS(DefsGemmLayer);
INSTANTIATE_CLASS(DefsGemvLayer);
}  // namespace caffe
"""

GEMM = """template <>
void caffe_cpu_gemm<{t}>(const CBLAS_TRANSPOSE TransA, const CBLAS_TRANSPOSE TransB,
    const int M, const int N, const int K, const {t} alpha, const {t}* A, const {t}* B,
    const {t} beta, {t}* C) {{
  int lda = (TransA == CblasNoTrans) ? K : M;
  int ldb = (TransB == CblasNoTrans) ? N : K;
  cblas_{p}gemm(CblasRowMajor, TransA, TransB, M, N, K, alpha, A, lda, B, ldb, beta, C, N);
}}
"""
GEMV = """template <>
void caffe_cpu_gemv<{t}>(const CBLAS_TRANSPOSE TransA, const int M, const int N,
    const {t} alpha, const {t}* A, const {t}* x, const {t} beta, {t}* y) {{
  cblas_{p}gemv(CblasRowMajor, TransA, M, N, alpha, A, N, x, 1, beta, y, 1);
}}
"""


def standard(*types: str) -> str:
    return "".join(f.format(t=t, p={"float": "s", "double": "d"}[t]) for t in types
                   for f in (GEMM, GEMV))


# Caffe's form with other names, const, the leading dimensions in the other order, in one
# declaration, and the test written the other way round: the same computation
RESPELLED = """template <>
void caffe_cpu_gemm<{t}>(const CBLAS_TRANSPOSE ta, const CBLAS_TRANSPOSE tb, const int m,
    const int n, const int k, const {t} a, const {t}* x, const {t}* y, const {t} b, {t}* z) {{
  const int ldy = (CblasNoTrans == tb) ? n : k, ldx = (ta == CblasNoTrans) ? k : m;
  cblas_{p}gemm(CblasRowMajor, ta, tb, m, n, k, a, x, ldx, y, ldy, b, z, n);
}}
template <>
void caffe_cpu_gemv<{t}>(const CBLAS_TRANSPOSE t, const int rows, const int cols,
    const {t} a, const {t}* m, const {t}* v, const {t} b, {t}* out) {{
  cblas_{p}gemv(CblasRowMajor, t, rows, cols, a, m, cols, v, 1, b, out, 1);
}}
"""

# the red team's double: operands and result rounded through float
DOUBLE_THROUGH_FLOAT = """template <>
void caffe_cpu_gemm<double>(const CBLAS_TRANSPOSE TA, const CBLAS_TRANSPOSE TB, const int M,
    const int N, const int K, const double alpha, const double* A, const double* B,
    const double beta, double* C) {
  std::vector<float> a(A, A + M * K), b(B, B + K * N), c(C, C + M * N);
  caffe_cpu_gemm<float>(TA, TB, M, N, K, float(alpha), a.data(), b.data(), float(beta),
                        c.data());
  for (int i = 0; i < M * N; ++i) C[i] = c[i];
}
template <>
void caffe_cpu_gemv<double>(const CBLAS_TRANSPOSE TA, const int M, const int N,
    const double alpha, const double* A, const double* x, const double beta, double* y) {
  const int ny = TA == CblasNoTrans ? M : N, nx = TA == CblasNoTrans ? N : M;
  std::vector<float> a(A, A + M * N), xf(x, x + nx), yf(y, y + ny);
  caffe_cpu_gemv<float>(TA, M, N, float(alpha), a.data(), xf.data(), float(beta), yf.data());
  for (int i = 0; i < ny; ++i) y[i] = yf[i];
}
"""

# NVIDIA's fork: a 16-bit type whose gemm goes through a float copy
FLOAT16 = """struct float16 {
  unsigned short bits;
  float16() : bits(0) {}
  float16(float f) { unsigned int u; std::memcpy(&u, &f, 4); bits = u >> 16; }
  operator float() const {
    unsigned int u = unsigned(bits) << 16; float f; std::memcpy(&f, &u, 4); return f; }
};
template <>
void caffe_cpu_gemm<float16>(const CBLAS_TRANSPOSE TA, const CBLAS_TRANSPOSE TB, const int M,
    const int N, const int K, const float16 alpha, const float16* A, const float16* B,
    const float16 beta, float16* C) {
  std::vector<float> a(A, A + M * K), b(B, B + K * N), c(C, C + M * N);
  caffe_cpu_gemm<float>(TA, TB, M, N, K, alpha, a.data(), b.data(), beta, c.data());
  for (int i = 0; i < M * N; ++i) C[i] = c[i];
}
template <>
void caffe_cpu_gemv<float16>(const CBLAS_TRANSPOSE TA, const int M, const int N,
    const float16 alpha, const float16* A, const float16* x, const float16 beta, float16* y) {
}
"""

# one template for every type, with a body: not the CBLAS call for any
PRIMARY = """template <typename Dtype>
void caffe_cpu_gemm(const CBLAS_TRANSPOSE TransA, const CBLAS_TRANSPOSE TransB, const int M,
    const int N, const int K, const Dtype alpha, const Dtype* A, const Dtype* B,
    const Dtype beta, Dtype* C) {
  for (int i = 0; i < M * N; ++i) C[i] = beta * C[i] + alpha * A[0] * B[0];
}
template <typename Dtype>
void caffe_cpu_gemv(const CBLAS_TRANSPOSE TransA, const int M, const int N,
    const Dtype alpha, const Dtype* A, const Dtype* x, const Dtype beta, Dtype* y) {
  for (int i = 0; i < M; ++i) y[i] = beta * y[i] + alpha * A[i] * x[0];
}
template void caffe_cpu_gemm<float>(const CBLAS_TRANSPOSE, const CBLAS_TRANSPOSE, const int,
    const int, const int, const float, const float*, const float*, const float, float*);
"""

# the arguments in another order: TransA and TransB swapped, gemv's x and y strides 2
SWAPPED = standard("float", "double").replace(
    "TransA, TransB, M, N, K", "TransB, TransA, M, N, K").replace(
    "x, 1, beta, y, 1", "x, 2, beta, y, 2")

# the tree's own cblas_sgemm (not the one the runtime calls)
OWN_CBLAS = standard("float", "double") + """void cblas_sgemm(const CBLAS_ORDER o,
    const CBLAS_TRANSPOSE ta, const CBLAS_TRANSPOSE tb, const int m, const int n, const int k,
    const float alpha, const float* a, const int lda, const float* b, const int ldb,
    const float beta, float* c, const int ldc) {}
void cblas_sgemv(const CBLAS_ORDER o, const CBLAS_TRANSPOSE ta, const int m, const int n,
    const float alpha, const float* a, const int lda, const float* x, const int incx,
    const float beta, float* y, const int incy) {}
"""

# an overload the call may pick (a defaulted ldc) beside Caffe's gemm: not followed; the
# gemv, whose definitions are Caffe's, still splits
OVERLOAD = standard("float", "double") + """template <typename Dtype>
void caffe_cpu_gemm(const CBLAS_TRANSPOSE TransA, const CBLAS_TRANSPOSE TransB, const int M,
    const int N, const int K, const Dtype alpha, const Dtype* A, const Dtype* B,
    const Dtype beta, Dtype* C, const int ldc = 0) {
}
"""

CASES = {
    # name: (math library text, None for none; gemm and gemv split?; the rejection says)
    "standard": (standard("float", "double"), True, True, ""),
    "respelled": (RESPELLED.format(t="float", p="s") + RESPELLED.format(t="double", p="d"),
                  True, True, ""),
    "double_through_float": (standard("float") + DOUBLE_THROUGH_FLOAT, False, False,
                             "for double (src/math_functions.cpp:"),
    "float16": (standard("float", "double") + FLOAT16, False, False, "for float16"),
    "primary_template": (PRIMARY, False, False, "for Dtype"),
    "float_only": (standard("float"), False, False, "for double is not in sight"),
    "none": (None, False, False, "is not in sight"),
    "swapped": (SWAPPED, False, False, "argument"),
    "own_cblas": (OWN_CBLAS, False, False, "is the tree's own function"),
    "overload": (OVERLOAD, False, True, "it has 11 parameters"),
}


def _tree(tmp_path: Path, math: str) -> Path:
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "fixtures" / "include", tree / "include")
    (tree / "src").mkdir()
    (tree / "src" / "defs_layers.cpp").write_text(LAYERS)
    if math is not None:
        (tree / "src" / "math_functions.cpp").write_text(
            '#include <cstring>\n#include <vector>\n#include "caffe/util/math_functions.hpp"\n'
            "namespace caffe {\n" + math + "}  // namespace caffe\n")
    return tree


def _decisions(tree: Path):
    a = analyze.run(str(tree), jobs=1)
    assert not a.degraded_files, a.degraded_files
    return {(d.cls, d.kind): d for d in a.decisions}


@pytest.mark.parametrize("case", sorted(CASES))
def test_split_only_over_plain_definitions(tmp_path, case):
    math, gemm_ok, gemv_ok, says = CASES[case]
    got = _decisions(_tree(tmp_path, math))
    for cls, ok in (("DefsGemmLayer", gemm_ok), ("DefsGemvLayer", gemv_ok)):
        d = got[(cls, "batch-blas")]
        if ok:
            assert d.decision == "parallel", (cls, d.reason, d.detail)
        else:
            assert (d.decision, d.reason) == ("rejected", "unknown call"), (cls, d.detail)
            assert "the split calls cblas itself" in d.detail and says in d.detail, d.detail
    # the elementwise split calls the tree's own caffe_axpy per block: not affected
    assert got[("DefsGemmLayer", "elementwise-call")].decision == "parallel"


def test_reasons_name_the_definition(tmp_path):
    got = _decisions(_tree(tmp_path, standard("float", "double") + FLOAT16))
    assert "defines caffe_cpu_gemm for float16 (src/math_functions.cpp:" in \
        got[("DefsGemmLayer", "batch-blas")].detail
    (tmp_path / "t2").mkdir()
    got = _decisions(_tree(tmp_path / "t2", standard("float") + DOUBLE_THROUGH_FLOAT))
    detail = got[("DefsGemmLayer", "batch-blas")].detail
    assert "caffe_cpu_gemm for double (src/math_functions.cpp:" in detail
    assert "not a plain call of CBLAS" in detail
    (tmp_path / "t3").mkdir()
    got = _decisions(_tree(tmp_path / "t3", None))
    assert "definition of caffe_cpu_gemv is not in sight" in \
        got[("DefsGemvLayer", "batch-blas")].detail


def test_caffe_src_definitions_are_plain(caffe_src_analysis):
    """caffe_src's math_functions.cpp (BVLC's bodies) passes: its splits stay."""
    from transformer.facts.blas_defs import definitions
    a = caffe_src_analysis
    for name in ("caffe_cpu_gemm", "caffe_cpu_gemv"):
        defs = definitions(a.program, name)
        assert sorted(x.dtype for x in defs) == ["double", "float"], defs
        assert all(x.differs == "" for x in defs), defs
