"""The runtime's split of a batch gemm (cgp::gemm_rows, and cgp::gemm_k, whose contraction
runs over the samples), compiled and run against OpenBLAS: blocks of C's columns when op(B)
is the larger operand (InnerProduct's weights against a small batch), blocks of rows
otherwise, and in both cases the product of the whole call, for every combination of
transposes and for beta 0 and 1. The program interposes cblas_sgemm to
see how each call was cut."""
import shutil
import subprocess

import pytest
from support.runtime_program import build_runtime_program, run_program

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")

PROGRAM = r"""
#include <dlfcn.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>
#include "cgp_runtime.hpp"

// Every sgemm the runtime makes, as (m, n), forwarded to OpenBLAS.
static std::mutex seen_mutex;
static std::vector<std::pair<int, int> > seen;
static bool counting = false;
typedef void (*Sgemm)(CBLAS_ORDER, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, blasint, blasint,
                      blasint, float, const float*, blasint, const float*, blasint, float,
                      float*, blasint);
extern "C" void cblas_sgemm(CBLAS_ORDER o, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, blasint m,
                            blasint n, blasint k, float alpha, const float* a, blasint lda,
                            const float* b, blasint ldb, float beta, float* c, blasint ldc) {
  static Sgemm real = (Sgemm)dlsym(RTLD_NEXT, "cblas_sgemm");
  if (counting) {
    std::lock_guard<std::mutex> lock(seen_mutex);
    seen.push_back(std::make_pair(int(m), int(n)));
  }
  real(o, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

int main(int argc, char** argv) {
  const int M = atoi(argv[1]), N = atoi(argv[2]), K = atoi(argv[3]);
  const CBLAS_TRANSPOSE ta = argv[4][0] == 'T' ? CblasTrans : CblasNoTrans;
  const CBLAS_TRANSPOSE tb = argv[5][0] == 'T' ? CblasTrans : CblasNoTrans;
  const float beta = float(atof(argv[6]));
  std::vector<float> A(size_t(M) * K), B(size_t(K) * N), C0(size_t(M) * N);
  for (size_t i = 0; i < A.size(); ++i) A[i] = float((i * 37) % 11) / 7.0f - 0.6f;
  for (size_t i = 0; i < B.size(); ++i) B[i] = float((i * 53) % 13) / 9.0f - 0.7f;
  for (size_t i = 0; i < C0.size(); ++i) C0[i] = float(i % 5) - 2.0f;
  std::vector<float> want = C0, got = C0;
  const int lda = ta == CblasNoTrans ? K : M, ldb = tb == CblasNoTrans ? N : K;
  cblas_sgemm(CblasRowMajor, ta, tb, M, N, K, 0.5f, A.data(), lda, B.data(), ldb, beta,
              want.data(), N);
  counting = true;
  if (argv[7][0] == 'k') {
    cgp::gemm_k(ta, tb, M, N, K, 0.5f, A.data(), B.data(), beta, got.data());
  } else {
    cgp::gemm_rows(ta, tb, M, N, K, 0.5f, A.data(), B.data(), beta, got.data());
  }
  counting = false;
  double err = 0, norm = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    err = std::max(err, std::fabs(double(got[i]) - want[i]));
    norm = std::max(norm, std::fabs(double(want[i])));
  }
  int rows = 0, cols = 0, whole = 0;
  for (const auto& mn : seen) {
    if (mn.first == M && mn.second == N) ++whole;
    else if (mn.first == M) ++cols;
    else if (mn.second == N) ++rows;
  }
  std::printf("whole %d rows %d cols %d relerr %g\n", whole, rows, cols, err / norm);
  return 0;
}
"""


@pytest.fixture(scope="module")
def exe(tmp_path_factory):
    return build_runtime_program(tmp_path_factory.mktemp("rt_gemm"), PROGRAM)


def run(exe, m, n, k, ta="N", tb="N", beta=0.0, threads=2, fn="rows", force=False):
    out = run_program(exe, [m, n, k, ta, tb, beta, fn], threads, force)
    return {"whole": int(out[1]), "rows": int(out[3]), "cols": int(out[5]),
            "relerr": float(out[7])}


@pytest.mark.parametrize("ta", ["N", "T"])
@pytest.mark.parametrize("tb", ["N", "T"])
@pytest.mark.parametrize("beta", [0.0, 1.0])
def test_wide_gemm_is_split_by_columns(exe, ta, tb, beta):
    # LeNet's ip1 forward: 64 samples, 500 outputs, 800 inputs
    got = run(exe, 64, 500, 800, ta, tb, beta)
    assert got["whole"] == 0 and got["rows"] == 0 and got["cols"] >= 2, got
    assert got["relerr"] < 1e-5, got


@pytest.mark.parametrize("ta", ["N", "T"])
@pytest.mark.parametrize("beta", [0.0, 1.0])
def test_tall_gemm_is_split_by_rows(exe, ta, beta):
    # cifar10_quick's ip1 forward: 100 samples, 64 outputs, 1024 inputs
    got = run(exe, 100, 64, 1024, ta, "T", beta)
    assert got["whole"] == 0 and got["cols"] == 0 and got["rows"] >= 2, got
    assert got["relerr"] < 1e-5, got


def test_one_thread_runs_whole(exe):
    got = run(exe, 64, 500, 800, threads=1)
    assert got == {"whole": 1, "rows": 0, "cols": 0, "relerr": 0.0}


@pytest.mark.parametrize("beta", [0.0, 1.0])
def test_weight_gradient_is_split_without_reduction(exe, beta):
    # cifar10_quick's ip1 weight gradient: 64 outputs x 1024 inputs, summed over 100 samples
    got = run(exe, 64, 1024, 100, "T", "N", beta, fn="k")
    assert got["whole"] == 0 and got["rows"] == 0 and got["cols"] >= 2, got
    assert got["relerr"] < 1e-5, got
    # a tall one (500 outputs x 64 inputs): blocks of rows
    got = run(exe, 500, 64, 64, "T", "N", beta, fn="k")
    assert got["whole"] == 0 and got["cols"] == 0 and got["rows"] >= 2, got
    assert got["relerr"] < 1e-5, got


def test_narrow_weight_gradient_sums_parts(exe):
    # few rows and columns: each thread sums its samples into a private C, added in order
    assert run(exe, 4, 8, 400, "T", "N", 1.0, fn="k")["whole"] == 1  # too little work
    got = run(exe, 4, 8, 400, "T", "N", 1.0, fn="k", force=True)
    assert got["whole"] >= 2 and got["rows"] == 0 and got["cols"] == 0, got
    assert got["relerr"] < 1e-5, got


@pytest.mark.parametrize("use_mkl", [True, False], ids=["USE_MKL", "default"])
def test_blas_header_follows_the_trees_choice(tmp_path, use_mkl):
    """A tree built with BLAS=MKL defines USE_MKL and has MKL's mkl.h, not cblas.h: the
    runtime takes its CBLAS from the header the tree uses. The mkl.h here stands in for
    MKL's (which declares the same CBLAS); without USE_MKL it must not be read at all."""
    from transformer.render import Renderer
    (tmp_path / "cgp_runtime.hpp").write_text(Renderer(None, {}).runtime_header())
    fake = ('#define CGP_TEST_MKL_H 1\n#include <cblas.h>\n' if use_mkl
            else '#error "mkl.h read without USE_MKL"\n')
    (tmp_path / "mkl.h").write_text(fake)
    check = ('#ifndef CGP_TEST_MKL_H\n#error "the runtime did not read mkl.h"\n#endif\n'
             if use_mkl else "")
    (tmp_path / "main.cpp").write_text('#include "cgp_runtime.hpp"\n' + check
                                       + "int main() { return 0; }\n")
    r = subprocess.run(["g++", "-std=c++11", "-fsyntax-only", "-fopenmp", f"-I{tmp_path}"]
                       + (["-DUSE_MKL"] if use_mkl else []) + [str(tmp_path / "main.cpp")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
