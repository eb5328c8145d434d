// CPU math: BLAS wrappers over CBLAS (OpenBLAS), elementwise loops that the
// compiler vectorizes, and random fills from Caffe's global generator.
// <cstring> first: the header's caffe_memset uses memset without including it.
#include <cstring>
#include <limits>
#include <random>

#include "caffe/util/math_functions.hpp"

#include "caffe/common.hpp"

namespace caffe {

// ---------------------------------------------------------------- BLAS level 3/2

template <>
void caffe_cpu_gemm<float>(const CBLAS_TRANSPOSE TransA, const CBLAS_TRANSPOSE TransB,
                           const int M, const int N, const int K, const float alpha,
                           const float* A, const float* B, const float beta, float* C) {
  const int lda = (TransA == CblasNoTrans) ? K : M;
  const int ldb = (TransB == CblasNoTrans) ? N : K;
  cblas_sgemm(CblasRowMajor, TransA, TransB, M, N, K, alpha, A, lda, B, ldb, beta, C, N);
}

template <>
void caffe_cpu_gemm<double>(const CBLAS_TRANSPOSE TransA, const CBLAS_TRANSPOSE TransB,
                            const int M, const int N, const int K, const double alpha,
                            const double* A, const double* B, const double beta, double* C) {
  const int lda = (TransA == CblasNoTrans) ? K : M;
  const int ldb = (TransB == CblasNoTrans) ? N : K;
  cblas_dgemm(CblasRowMajor, TransA, TransB, M, N, K, alpha, A, lda, B, ldb, beta, C, N);
}

template <>
void caffe_cpu_gemv<float>(const CBLAS_TRANSPOSE TransA, const int M, const int N,
                           const float alpha, const float* A, const float* x, const float beta,
                           float* y) {
  cblas_sgemv(CblasRowMajor, TransA, M, N, alpha, A, N, x, 1, beta, y, 1);
}

template <>
void caffe_cpu_gemv<double>(const CBLAS_TRANSPOSE TransA, const int M, const int N,
                            const double alpha, const double* A, const double* x,
                            const double beta, double* y) {
  cblas_dgemv(CblasRowMajor, TransA, M, N, alpha, A, N, x, 1, beta, y, 1);
}

// ---------------------------------------------------------------- BLAS level 1

template <>
void caffe_axpy<float>(const int N, const float alpha, const float* X, float* Y) {
  cblas_saxpy(N, alpha, X, 1, Y, 1);
}

template <>
void caffe_axpy<double>(const int N, const double alpha, const double* X, double* Y) {
  cblas_daxpy(N, alpha, X, 1, Y, 1);
}

template <>
void caffe_cpu_axpby<float>(const int N, const float alpha, const float* X, const float beta,
                            float* Y) {
  cblas_saxpby(N, alpha, X, 1, beta, Y, 1);
}

template <>
void caffe_cpu_axpby<double>(const int N, const double alpha, const double* X,
                             const double beta, double* Y) {
  cblas_daxpby(N, alpha, X, 1, beta, Y, 1);
}

template <>
void caffe_scal<float>(const int N, const float alpha, float* X) {
  cblas_sscal(N, alpha, X, 1);
}

template <>
void caffe_scal<double>(const int N, const double alpha, double* X) {
  cblas_dscal(N, alpha, X, 1);
}

template <>
float caffe_cpu_strided_dot<float>(const int n, const float* x, const int incx, const float* y,
                                   const int incy) {
  return cblas_sdot(n, x, incx, y, incy);
}

template <>
double caffe_cpu_strided_dot<double>(const int n, const double* x, const int incx,
                                     const double* y, const int incy) {
  return cblas_ddot(n, x, incx, y, incy);
}

template <typename Dtype>
Dtype caffe_cpu_dot(const int n, const Dtype* x, const Dtype* y) {
  return caffe_cpu_strided_dot(n, x, 1, y, 1);
}

template float caffe_cpu_dot<float>(const int n, const float* x, const float* y);
template double caffe_cpu_dot<double>(const int n, const double* x, const double* y);

template <>
float caffe_cpu_asum<float>(const int n, const float* x) {
  return cblas_sasum(n, x, 1);
}

template <>
double caffe_cpu_asum<double>(const int n, const double* x) {
  return cblas_dasum(n, x, 1);
}

// ---------------------------------------------------------------- fills and copies

template <typename Dtype>
void caffe_copy(const int N, const Dtype* X, Dtype* Y) {
  if (X == Y || N <= 0) return;
  std::memcpy(Y, X, sizeof(Dtype) * static_cast<size_t>(N));
}

template void caffe_copy<int>(const int N, const int* X, int* Y);
template void caffe_copy<unsigned int>(const int N, const unsigned int* X, unsigned int* Y);
template void caffe_copy<float>(const int N, const float* X, float* Y);
template void caffe_copy<double>(const int N, const double* X, double* Y);

template <typename Dtype>
void caffe_set(const int N, const Dtype alpha, Dtype* X) {
  if (N <= 0) return;
  if (alpha == 0) {
    std::memset(X, 0, sizeof(Dtype) * static_cast<size_t>(N));
    return;
  }
  for (int i = 0; i < N; ++i) X[i] = alpha;
}

template void caffe_set<int>(const int N, const int alpha, int* X);
template void caffe_set<unsigned int>(const int N, const unsigned int alpha, unsigned int* X);
template void caffe_set<float>(const int N, const float alpha, float* X);
template void caffe_set<double>(const int N, const double alpha, double* X);

template <typename Dtype>
void caffe_add_scalar(const int N, const Dtype alpha, Dtype* X) {
  for (int i = 0; i < N; ++i) X[i] += alpha;
}

template void caffe_add_scalar<float>(const int N, const float alpha, float* X);
template void caffe_add_scalar<double>(const int N, const double alpha, double* X);

template <typename Dtype>
void caffe_cpu_scale(const int n, const Dtype alpha, const Dtype* x, Dtype* y) {
  for (int i = 0; i < n; ++i) y[i] = alpha * x[i];
}

template void caffe_cpu_scale<float>(const int n, const float alpha, const float* x, float* y);
template void caffe_cpu_scale<double>(const int n, const double alpha, const double* x,
                                      double* y);

// ---------------------------------------------------------------- elementwise

template <typename Dtype>
void caffe_sqr(const int N, const Dtype* a, Dtype* y) {
  for (int i = 0; i < N; ++i) y[i] = a[i] * a[i];
}

template <typename Dtype>
void caffe_sqrt(const int N, const Dtype* a, Dtype* y) {
  for (int i = 0; i < N; ++i) y[i] = std::sqrt(a[i]);
}

template <typename Dtype>
void caffe_add(const int N, const Dtype* a, const Dtype* b, Dtype* y) {
  for (int i = 0; i < N; ++i) y[i] = a[i] + b[i];
}

template <typename Dtype>
void caffe_sub(const int N, const Dtype* a, const Dtype* b, Dtype* y) {
  for (int i = 0; i < N; ++i) y[i] = a[i] - b[i];
}

template <typename Dtype>
void caffe_mul(const int N, const Dtype* a, const Dtype* b, Dtype* y) {
  for (int i = 0; i < N; ++i) y[i] = a[i] * b[i];
}

template <typename Dtype>
void caffe_div(const int N, const Dtype* a, const Dtype* b, Dtype* y) {
  for (int i = 0; i < N; ++i) y[i] = a[i] / b[i];
}

template <typename Dtype>
void caffe_powx(const int n, const Dtype* a, const Dtype b, Dtype* y) {
  for (int i = 0; i < n; ++i) y[i] = std::pow(a[i], b);
}

template <typename Dtype>
void caffe_exp(const int n, const Dtype* a, Dtype* y) {
  for (int i = 0; i < n; ++i) y[i] = std::exp(a[i]);
}

template <typename Dtype>
void caffe_log(const int n, const Dtype* a, Dtype* y) {
  for (int i = 0; i < n; ++i) y[i] = std::log(a[i]);
}

template <typename Dtype>
void caffe_abs(const int n, const Dtype* a, Dtype* y) {
  for (int i = 0; i < n; ++i) y[i] = std::fabs(a[i]);
}

template <typename Dtype>
void caffe_cpu_sign(const int n, const Dtype* x, Dtype* y) {
  for (int i = 0; i < n; ++i) {
    y[i] = static_cast<Dtype>((Dtype(0) < x[i]) - (x[i] < Dtype(0)));
  }
}

template <typename Dtype>
void caffe_cpu_sgnbit(const int n, const Dtype* x, Dtype* y) {
  for (int i = 0; i < n; ++i) y[i] = static_cast<Dtype>(std::signbit(x[i]));
}

template <typename Dtype>
void caffe_cpu_fabs(const int n, const Dtype* x, Dtype* y) {
  for (int i = 0; i < n; ++i) y[i] = std::fabs(x[i]);
}

#define CAFFE_INSTANTIATE_UNARY(name)                                  \
  template void name<float>(const int n, const float* a, float* y);    \
  template void name<double>(const int n, const double* a, double* y)

#define CAFFE_INSTANTIATE_BINARY(name)                                                   \
  template void name<float>(const int n, const float* a, const float* b, float* y);      \
  template void name<double>(const int n, const double* a, const double* b, double* y)

CAFFE_INSTANTIATE_UNARY(caffe_sqr);
CAFFE_INSTANTIATE_UNARY(caffe_sqrt);
CAFFE_INSTANTIATE_UNARY(caffe_exp);
CAFFE_INSTANTIATE_UNARY(caffe_log);
CAFFE_INSTANTIATE_UNARY(caffe_abs);
CAFFE_INSTANTIATE_UNARY(caffe_cpu_sign);
CAFFE_INSTANTIATE_UNARY(caffe_cpu_sgnbit);
CAFFE_INSTANTIATE_UNARY(caffe_cpu_fabs);
CAFFE_INSTANTIATE_BINARY(caffe_add);
CAFFE_INSTANTIATE_BINARY(caffe_sub);
CAFFE_INSTANTIATE_BINARY(caffe_mul);
CAFFE_INSTANTIATE_BINARY(caffe_div);
#undef CAFFE_INSTANTIATE_UNARY
#undef CAFFE_INSTANTIATE_BINARY

template void caffe_powx<float>(const int n, const float* a, const float b, float* y);
template void caffe_powx<double>(const int n, const double* a, const double b, double* y);

// ---------------------------------------------------------------- random numbers

template <typename Dtype>
Dtype caffe_nextafter(const Dtype b) {
  return std::nextafter(b, std::numeric_limits<Dtype>::max());
}

template float caffe_nextafter<float>(const float b);
template double caffe_nextafter<double>(const double b);

// Uniform in [a, b): a + (b - a) * u with u in [0, 1), clamped below b because
// rounding of the product can otherwise land exactly on b.
template <typename Dtype>
void caffe_rng_uniform(const int n, const Dtype a, const Dtype b, Dtype* r) {
  CHECK_GE(n, 0);
  CHECK(r != nullptr || n == 0);
  CHECK_LE(a, b);
  if (a == b) {
    for (int i = 0; i < n; ++i) r[i] = a;
    return;
  }
  std::uniform_real_distribution<Dtype> dist(Dtype(0), Dtype(1));
  Caffe::rng_t* rng = Caffe::rng_stream();
  const Dtype range = b - a;
  const Dtype below_b = std::nextafter(b, a);
  for (int i = 0; i < n; ++i) {
    Dtype value = a + range * dist(*rng);
    if (value >= b) value = below_b;
    if (value < a) value = a;
    r[i] = value;
  }
}

template void caffe_rng_uniform<float>(const int n, const float a, const float b, float* r);
template void caffe_rng_uniform<double>(const int n, const double a, const double b, double* r);

template <typename Dtype>
void caffe_rng_gaussian(const int n, const Dtype mu, const Dtype sigma, Dtype* r) {
  CHECK_GE(n, 0);
  CHECK(r != nullptr || n == 0);
  CHECK_GT(sigma, 0);
  std::normal_distribution<Dtype> dist(mu, sigma);
  Caffe::rng_t* rng = Caffe::rng_stream();
  for (int i = 0; i < n; ++i) r[i] = dist(*rng);
}

template void caffe_rng_gaussian<float>(const int n, const float mu, const float sigma,
                                        float* r);
template void caffe_rng_gaussian<double>(const int n, const double mu, const double sigma,
                                         double* r);

template <typename Dtype>
void caffe_rng_bernoulli(const int n, const Dtype p, int* r) {
  CHECK_GE(n, 0);
  CHECK(r != nullptr || n == 0);
  CHECK_GE(p, 0);
  CHECK_LE(p, 1);
  std::bernoulli_distribution dist(static_cast<double>(p));
  Caffe::rng_t* rng = Caffe::rng_stream();
  for (int i = 0; i < n; ++i) r[i] = dist(*rng) ? 1 : 0;
}

template void caffe_rng_bernoulli<float>(const int n, const float p, int* r);
template void caffe_rng_bernoulli<double>(const int n, const double p, int* r);

template <typename Dtype>
void caffe_rng_bernoulli(const int n, const Dtype p, unsigned int* r) {
  CHECK_GE(n, 0);
  CHECK(r != nullptr || n == 0);
  CHECK_GE(p, 0);
  CHECK_LE(p, 1);
  std::bernoulli_distribution dist(static_cast<double>(p));
  Caffe::rng_t* rng = Caffe::rng_stream();
  for (int i = 0; i < n; ++i) r[i] = dist(*rng) ? 1u : 0u;
}

template void caffe_rng_bernoulli<float>(const int n, const float p, unsigned int* r);
template void caffe_rng_bernoulli<double>(const int n, const double p, unsigned int* r);

}  // namespace caffe
