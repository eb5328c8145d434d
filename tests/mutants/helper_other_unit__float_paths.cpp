// Companion of other_unit__float_specialization_defined_elsewhere.cpp and
// other_unit__float_overload_defined_elsewhere.cpp: the float paths those files declare,
// defined in this source file, each keeping state at namespace scope. Also, for
// control__other_unit_static_namesake.cpp, a `static` function, one in an anonymous
// namespace, an inline function and an inline template named like that control's helper,
// all another function (the first two are private to this file; a unit that calls an inline
// function defines it itself).
#include "caffe/common.hpp"

namespace caffe {

template <typename Dtype>
Dtype MutOuSquash(Dtype x);

// a stream smoother: the previous input at namespace scope
static float s_mutou_squash_prev = 0.f;
template <>
float MutOuSquash<float>(float x) {
  const float y = 0.5f * (x + s_mutou_squash_prev);
  s_mutou_squash_prev = x;
  return y;
}

// error diffusion: what one value loses to the clip is carried into the next
static float s_mutou_clamp_carry = 0.f;
float MutOuClamp(float x) {
  const float v = x + s_mutou_clamp_carry;
  const float y = v > 1.f ? 1.f : (v < -1.f ? -1.f : v);
  s_mutou_clamp_carry = v - y;
  return y;
}

// this file's own helpers, named like the control's: internal linkage, or inline
static float s_mutou_soft_calls = 0.f;
static float MutOuSoft(float x) {
  s_mutou_soft_calls += 1.f;
  return x / (1.f + s_mutou_soft_calls);
}

namespace {
double s_mutou_soft_total = 0;
double MutOuSoft(double x) {
  s_mutou_soft_total += x;
  return x - s_mutou_soft_total;
}
}  // namespace

// inline ones: a unit that calls an inline function defines it itself
long double g_mutou_soft_long = 0;
inline long double MutOuSoft(long double x) {
  g_mutou_soft_long += x;
  return x / (1 + g_mutou_soft_long);
}

// an inline template
template <typename Dtype>
inline Dtype MutOuSoft(Dtype x, int steps) {
  static Dtype acc = Dtype(0);
  acc += x * steps;
  return acc;
}

template <typename Dtype>
Dtype MutOuSoftsign(Dtype x);

// pure (control__other_unit_static_namesake.cpp)
template <>
float MutOuSoftsign<float>(float x) {
  return x / (1.f + (x < 0.f ? -x : x));
}

float MutOuSoftCounted(float x) {
  return MutOuSoft(x) + float(MutOuSoft(double(x))) + float(MutOuSoft(static_cast<long double>(x)));
}

}  // namespace caffe
