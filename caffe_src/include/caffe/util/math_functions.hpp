// The math library every layer computes with: BLAS wrappers (gemm, gemv, axpy, ...)
// that call an optimized CBLAS, elementwise vector functions, and random fills.
#ifndef CAFFE_UTIL_MATH_FUNCTIONS_H_
#define CAFFE_UTIL_MATH_FUNCTIONS_H_

#include <cblas.h>
#include <stdint.h>

#include <cmath>
#include <cstring>

#include "caffe/common.hpp"

namespace caffe {

// C = alpha * op(A) * op(B) + beta * C, row-major; op(A) is M x K, op(B) is K x N.
template <typename Dtype>
void caffe_cpu_gemm(const CBLAS_TRANSPOSE TransA, const CBLAS_TRANSPOSE TransB, const int M,
                    const int N, const int K, const Dtype alpha, const Dtype* A, const Dtype* B,
                    const Dtype beta, Dtype* C);

// y = alpha * op(A) * x + beta * y, A is M x N row-major.
template <typename Dtype>
void caffe_cpu_gemv(const CBLAS_TRANSPOSE TransA, const int M, const int N, const Dtype alpha,
                    const Dtype* A, const Dtype* x, const Dtype beta, Dtype* y);

// Y = alpha * X + Y
template <typename Dtype>
void caffe_axpy(const int N, const Dtype alpha, const Dtype* X, Dtype* Y);

// Y = alpha * X + beta * Y
template <typename Dtype>
void caffe_cpu_axpby(const int N, const Dtype alpha, const Dtype* X, const Dtype beta, Dtype* Y);

template <typename Dtype>
void caffe_copy(const int N, const Dtype* X, Dtype* Y);

template <typename Dtype>
void caffe_set(const int N, const Dtype alpha, Dtype* X);

inline void caffe_memset(const size_t N, const int alpha, void* X) { memset(X, alpha, N); }

template <typename Dtype>
void caffe_add_scalar(const int N, const Dtype alpha, Dtype* X);

// X = alpha * X
template <typename Dtype>
void caffe_scal(const int N, const Dtype alpha, Dtype* X);

// y = alpha * x
template <typename Dtype>
void caffe_cpu_scale(const int n, const Dtype alpha, const Dtype* x, Dtype* y);

template <typename Dtype>
void caffe_sqr(const int N, const Dtype* a, Dtype* y);

template <typename Dtype>
void caffe_sqrt(const int N, const Dtype* a, Dtype* y);

template <typename Dtype>
void caffe_add(const int N, const Dtype* a, const Dtype* b, Dtype* y);

template <typename Dtype>
void caffe_sub(const int N, const Dtype* a, const Dtype* b, Dtype* y);

template <typename Dtype>
void caffe_mul(const int N, const Dtype* a, const Dtype* b, Dtype* y);

template <typename Dtype>
void caffe_div(const int N, const Dtype* a, const Dtype* b, Dtype* y);

template <typename Dtype>
void caffe_powx(const int n, const Dtype* a, const Dtype b, Dtype* y);

template <typename Dtype>
void caffe_exp(const int n, const Dtype* a, Dtype* y);

template <typename Dtype>
void caffe_log(const int n, const Dtype* a, Dtype* y);

template <typename Dtype>
void caffe_abs(const int n, const Dtype* a, Dtype* y);

template <typename Dtype>
Dtype caffe_cpu_dot(const int n, const Dtype* x, const Dtype* y);

template <typename Dtype>
Dtype caffe_cpu_strided_dot(const int n, const Dtype* x, const int incx, const Dtype* y,
                            const int incy);

// Sum of absolute values.
template <typename Dtype>
Dtype caffe_cpu_asum(const int n, const Dtype* x);

template <typename Dtype>
void caffe_cpu_sign(const int n, const Dtype* x, Dtype* y);

template <typename Dtype>
void caffe_cpu_sgnbit(const int n, const Dtype* x, Dtype* y);

template <typename Dtype>
void caffe_cpu_fabs(const int n, const Dtype* x, Dtype* y);

unsigned int caffe_rng_rand();

template <typename Dtype>
Dtype caffe_nextafter(const Dtype b);

// Random fills drawing from Caffe's global stream: these calls are order dependent.
template <typename Dtype>
void caffe_rng_uniform(const int n, const Dtype a, const Dtype b, Dtype* r);

template <typename Dtype>
void caffe_rng_gaussian(const int n, const Dtype mu, const Dtype sigma, Dtype* r);

template <typename Dtype>
void caffe_rng_bernoulli(const int n, const Dtype p, int* r);

template <typename Dtype>
void caffe_rng_bernoulli(const int n, const Dtype p, unsigned int* r);

}  // namespace caffe

#endif  // CAFFE_UTIL_MATH_FUNCTIONS_H_
