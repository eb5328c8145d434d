// Companion of other_file__layer_calls_helper.cpp: a free helper defined in another file of
// the tree. It keeps a function-local static count of the calls that saw a non-finite value,
// so that the warning is printed once.
#include <cmath>

#include "caffe/common.hpp"

namespace caffe {

template <typename Dtype>
Dtype mutr_finite_or_zero(Dtype x) {
  static int bad = 0;
  if (!std::isfinite(x)) {
    if (bad++ == 0) LOG(WARNING) << "non-finite activation replaced by 0";
    return Dtype(0);
  }
  return x;
}

template float mutr_finite_or_zero<float>(float x);
template double mutr_finite_or_zero<double>(double x);

}  // namespace caffe
