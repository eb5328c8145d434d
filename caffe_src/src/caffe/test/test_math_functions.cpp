// Math library: BLAS wrappers against plain loops, elementwise ops, random fills.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/filler.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MathFunctionsTest : public ::testing::Test {
 protected:
  MathFunctionsTest() : blob_bottom_(new Blob<Dtype>()), blob_top_(new Blob<Dtype>()) {}

  virtual void SetUp() {
    Caffe::set_random_seed(1701);
    blob_bottom_->Reshape(11, 17, 19, 3);
    blob_top_->Reshape(11, 17, 19, 3);
    FillerParameter filler_param;
    filler_param.set_min(-3);
    filler_param.set_max(3);
    UniformFiller<Dtype> filler(filler_param);
    filler.Fill(blob_bottom_);
    filler.Fill(blob_top_);
  }

  virtual ~MathFunctionsTest() {
    delete blob_bottom_;
    delete blob_top_;
  }

  // A random matrix with values in [-1, 1).
  static vector<Dtype> RandomVector(int n) {
    vector<Dtype> v(n);
    caffe_rng_uniform<Dtype>(n, Dtype(-1), Dtype(1), v.data());
    return v;
  }

  Blob<Dtype>* const blob_bottom_;
  Blob<Dtype>* const blob_top_;
};

TYPED_TEST_SUITE(MathFunctionsTest, TestDtypes);

// Row-major reference: C = alpha * op(A) * op(B) + beta * C.
template <typename Dtype>
void ReferenceGemm(bool trans_a, bool trans_b, int M, int N, int K, Dtype alpha,
                   const Dtype* A, const Dtype* B, Dtype beta, Dtype* C) {
  for (int m = 0; m < M; ++m) {
    for (int n = 0; n < N; ++n) {
      double sum = 0;
      for (int k = 0; k < K; ++k) {
        const Dtype a = trans_a ? A[k * M + m] : A[m * K + k];
        const Dtype b = trans_b ? B[n * K + k] : B[k * N + n];
        sum += static_cast<double>(a) * b;
      }
      C[m * N + n] = static_cast<Dtype>(alpha * sum + beta * C[m * N + n]);
    }
  }
}

TYPED_TEST(MathFunctionsTest, TestGemmAllTransposes) {
  typedef TypeParam Dtype;
  const int M = 7, N = 5, K = 9;
  for (int ta = 0; ta < 2; ++ta) {
    for (int tb = 0; tb < 2; ++tb) {
      vector<Dtype> A = this->RandomVector(M * K);
      vector<Dtype> B = this->RandomVector(K * N);
      vector<Dtype> C = this->RandomVector(M * N);
      vector<Dtype> expected = C;
      const Dtype alpha = 1.5, beta = -0.5;
      ReferenceGemm<Dtype>(ta, tb, M, N, K, alpha, A.data(), B.data(), beta, expected.data());
      caffe_cpu_gemm<Dtype>(ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans, M,
                            N, K, alpha, A.data(), B.data(), beta, C.data());
      for (int i = 0; i < M * N; ++i) EXPECT_NEAR(C[i], expected[i], 1e-4) << ta << tb << i;
    }
  }
}

TYPED_TEST(MathFunctionsTest, TestGemmBetaZeroIgnoresGarbage) {
  typedef TypeParam Dtype;
  const int M = 3, N = 4, K = 2;
  vector<Dtype> A = this->RandomVector(M * K);
  vector<Dtype> B = this->RandomVector(K * N);
  vector<Dtype> C(M * N, std::nan(""));
  vector<Dtype> expected(M * N, 0);
  ReferenceGemm<Dtype>(false, false, M, N, K, Dtype(1), A.data(), B.data(), Dtype(0),
                       expected.data());
  caffe_cpu_gemm<Dtype>(CblasNoTrans, CblasNoTrans, M, N, K, Dtype(1), A.data(), B.data(),
                        Dtype(0), C.data());
  for (int i = 0; i < M * N; ++i) EXPECT_NEAR(C[i], expected[i], 1e-5);
}

TYPED_TEST(MathFunctionsTest, TestGemv) {
  typedef TypeParam Dtype;
  const int M = 6, N = 11;
  vector<Dtype> A = this->RandomVector(M * N);
  for (int trans = 0; trans < 2; ++trans) {
    const int in = trans ? M : N;
    const int out = trans ? N : M;
    vector<Dtype> x = this->RandomVector(in);
    vector<Dtype> y = this->RandomVector(out);
    vector<Dtype> expected(out);
    const Dtype alpha = 0.75, beta = 2;
    for (int o = 0; o < out; ++o) {
      double sum = 0;
      for (int i = 0; i < in; ++i) sum += (trans ? A[i * N + o] : A[o * N + i]) * x[i];
      expected[o] = static_cast<Dtype>(alpha * sum + beta * y[o]);
    }
    caffe_cpu_gemv<Dtype>(trans ? CblasTrans : CblasNoTrans, M, N, alpha, A.data(), x.data(),
                          beta, y.data());
    for (int o = 0; o < out; ++o) EXPECT_NEAR(y[o], expected[o], 1e-5);
  }
}

TYPED_TEST(MathFunctionsTest, TestAxpyAxpbyScal) {
  typedef TypeParam Dtype;
  const int n = 37;
  vector<Dtype> x = this->RandomVector(n);
  vector<Dtype> y = this->RandomVector(n);
  vector<Dtype> y0 = y;
  caffe_axpy<Dtype>(n, Dtype(2), x.data(), y.data());
  for (int i = 0; i < n; ++i) EXPECT_NEAR(y[i], y0[i] + 2 * x[i], 1e-6);
  y = y0;
  caffe_cpu_axpby<Dtype>(n, Dtype(-0.5), x.data(), Dtype(3), y.data());
  for (int i = 0; i < n; ++i) EXPECT_NEAR(y[i], -0.5 * x[i] + 3 * y0[i], 1e-5);
  y = y0;
  caffe_scal<Dtype>(n, Dtype(-4), y.data());
  for (int i = 0; i < n; ++i) EXPECT_NEAR(y[i], -4 * y0[i], 1e-6);
  caffe_cpu_scale<Dtype>(n, Dtype(0.5), x.data(), y.data());
  for (int i = 0; i < n; ++i) EXPECT_NEAR(y[i], 0.5 * x[i], 1e-7);
}

TYPED_TEST(MathFunctionsTest, TestDotAsumStrided) {
  typedef TypeParam Dtype;
  const int n = this->blob_bottom_->count();
  const Dtype* x = this->blob_bottom_->cpu_data();
  const Dtype* y = this->blob_top_->cpu_data();
  double dot = 0, asum = 0;
  for (int i = 0; i < n; ++i) {
    dot += static_cast<double>(x[i]) * y[i];
    asum += std::fabs(x[i]);
  }
  EXPECT_NEAR(caffe_cpu_dot<Dtype>(n, x, y), dot, 1e-3 * std::fabs(dot) + 1e-2);
  EXPECT_NEAR(caffe_cpu_asum<Dtype>(n, x), asum, 1e-4 * asum);
  double strided = 0;
  for (int i = 0; i < 10; ++i) strided += static_cast<double>(x[3 * i]) * y[2 * i];
  EXPECT_NEAR(caffe_cpu_strided_dot<Dtype>(10, x, 3, y, 2), strided, 1e-4);
}

TYPED_TEST(MathFunctionsTest, TestSetCopyAddScalar) {
  typedef TypeParam Dtype;
  const int n = 29;
  vector<Dtype> x(n, Dtype(5));
  caffe_set<Dtype>(n, Dtype(0), x.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(x[i], Dtype(0));
  caffe_set<Dtype>(n, Dtype(-1.25), x.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(x[i], Dtype(-1.25));
  caffe_add_scalar<Dtype>(n, Dtype(2), x.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(x[i], Dtype(0.75));
  vector<Dtype> y = this->RandomVector(n);
  caffe_copy<Dtype>(n, y.data(), x.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(x[i], y[i]);
  caffe_copy<Dtype>(n, x.data(), x.data());  // self copy is a no-op
  for (int i = 0; i < n; ++i) EXPECT_EQ(x[i], y[i]);
  vector<int> ints(4, 3);
  caffe_set<int>(4, 0, ints.data());
  EXPECT_EQ(ints[3], 0);
}

TYPED_TEST(MathFunctionsTest, TestElementwise) {
  typedef TypeParam Dtype;
  const int n = this->blob_bottom_->count();
  const Dtype* a = this->blob_bottom_->cpu_data();
  const Dtype* b = this->blob_top_->cpu_data();
  vector<Dtype> y(n);
  caffe_add<Dtype>(n, a, b, y.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(y[i], a[i] + b[i]);
  caffe_sub<Dtype>(n, a, b, y.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(y[i], a[i] - b[i]);
  caffe_mul<Dtype>(n, a, b, y.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(y[i], a[i] * b[i]);
  caffe_div<Dtype>(n, a, b, y.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(y[i], a[i] / b[i]);
  caffe_sqr<Dtype>(n, a, y.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(y[i], a[i] * a[i]);
  caffe_abs<Dtype>(n, a, y.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(y[i], std::fabs(a[i]));
  caffe_cpu_fabs<Dtype>(n, a, y.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(y[i], std::fabs(a[i]));
  vector<Dtype> abs_a(y);
  caffe_sqrt<Dtype>(n, abs_a.data(), y.data());
  for (int i = 0; i < n; ++i) EXPECT_NEAR(y[i], std::sqrt(abs_a[i]), 1e-6);
  caffe_exp<Dtype>(n, a, y.data());
  for (int i = 0; i < n; ++i) EXPECT_NEAR(y[i], std::exp(a[i]), 1e-6 * std::exp(a[i]));
  vector<Dtype> positive(n);
  for (int i = 0; i < n; ++i) positive[i] = abs_a[i] + Dtype(0.1);
  caffe_log<Dtype>(n, positive.data(), y.data());
  for (int i = 0; i < n; ++i) EXPECT_NEAR(y[i], std::log(positive[i]), 1e-6);
  caffe_powx<Dtype>(n, positive.data(), Dtype(1.5), y.data());
  for (int i = 0; i < n; ++i) {
    EXPECT_NEAR(y[i], std::pow(positive[i], Dtype(1.5)), 1e-5 * (1 + y[i]));
  }
  // In-place operation.
  vector<Dtype> z(a, a + n);
  caffe_mul<Dtype>(n, z.data(), z.data(), z.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(z[i], a[i] * a[i]);
}

TYPED_TEST(MathFunctionsTest, TestSignAndSgnbit) {
  typedef TypeParam Dtype;
  const Dtype x[] = {Dtype(-2), Dtype(0), Dtype(3), Dtype(-0.0), Dtype(1e-30)};
  Dtype y[5];
  caffe_cpu_sign<Dtype>(5, x, y);
  EXPECT_EQ(y[0], Dtype(-1));
  EXPECT_EQ(y[1], Dtype(0));
  EXPECT_EQ(y[2], Dtype(1));
  EXPECT_EQ(y[3], Dtype(0));
  EXPECT_EQ(y[4], Dtype(1));
  caffe_cpu_sgnbit<Dtype>(5, x, y);
  EXPECT_EQ(y[0], Dtype(1));
  EXPECT_EQ(y[1], Dtype(0));
  EXPECT_EQ(y[2], Dtype(0));
  EXPECT_EQ(y[3], Dtype(1));
  EXPECT_EQ(y[4], Dtype(0));
}

TYPED_TEST(MathFunctionsTest, TestNextafter) {
  typedef TypeParam Dtype;
  EXPECT_GT(caffe_nextafter<Dtype>(Dtype(1)), Dtype(1));
  EXPECT_EQ(caffe_nextafter<Dtype>(Dtype(1)), std::nextafter(Dtype(1), Dtype(2)));
}

TYPED_TEST(MathFunctionsTest, TestRngUniform) {
  typedef TypeParam Dtype;
  const int n = 10000;
  vector<Dtype> r(n);
  const Dtype lo = -2, hi = 3;
  caffe_rng_uniform<Dtype>(n, lo, hi, r.data());
  double mean = 0;
  for (int i = 0; i < n; ++i) {
    EXPECT_GE(r[i], lo);
    EXPECT_LT(r[i], hi);
    mean += r[i];
  }
  mean /= n;
  EXPECT_NEAR(mean, 0.5, 0.1);
  // A degenerate range gives the constant.
  caffe_rng_uniform<Dtype>(10, Dtype(4), Dtype(4), r.data());
  for (int i = 0; i < 10; ++i) EXPECT_EQ(r[i], Dtype(4));
}

TYPED_TEST(MathFunctionsTest, TestRngGaussian) {
  typedef TypeParam Dtype;
  const int n = 20000;
  vector<Dtype> r(n);
  caffe_rng_gaussian<Dtype>(n, Dtype(1), Dtype(2), r.data());
  double mean = 0, var = 0;
  for (int i = 0; i < n; ++i) mean += r[i];
  mean /= n;
  for (int i = 0; i < n; ++i) var += (r[i] - mean) * (r[i] - mean);
  var /= n;
  EXPECT_NEAR(mean, 1, 0.1);
  EXPECT_NEAR(var, 4, 0.3);
}

TYPED_TEST(MathFunctionsTest, TestRngBernoulli) {
  typedef TypeParam Dtype;
  const int n = 20000;
  vector<int> r(n);
  caffe_rng_bernoulli<Dtype>(n, Dtype(0.3), r.data());
  int ones = 0;
  for (int i = 0; i < n; ++i) {
    EXPECT_TRUE(r[i] == 0 || r[i] == 1);
    ones += r[i];
  }
  EXPECT_NEAR(static_cast<double>(ones) / n, 0.3, 0.02);
  vector<unsigned int> u(n);
  caffe_rng_bernoulli<Dtype>(n, Dtype(1), u.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(u[i], 1u);
  caffe_rng_bernoulli<Dtype>(n, Dtype(0), u.data());
  for (int i = 0; i < n; ++i) EXPECT_EQ(u[i], 0u);
}

TYPED_TEST(MathFunctionsTest, TestRngIsReproducible) {
  typedef TypeParam Dtype;
  vector<Dtype> first(50), second(50);
  Caffe::set_random_seed(42);
  caffe_rng_gaussian<Dtype>(50, Dtype(0), Dtype(1), first.data());
  const unsigned int r1 = caffe_rng_rand();
  Caffe::set_random_seed(42);
  caffe_rng_gaussian<Dtype>(50, Dtype(0), Dtype(1), second.data());
  const unsigned int r2 = caffe_rng_rand();
  for (int i = 0; i < 50; ++i) EXPECT_EQ(first[i], second[i]);
  EXPECT_EQ(r1, r2);
}

}  // namespace caffe
