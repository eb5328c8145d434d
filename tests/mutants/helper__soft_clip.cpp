// The helper of control__helper_in_another_file.cpp, in a source file of its own.
#include <cmath>

namespace caffe {

template <typename Dtype>
Dtype mut_soft_clip(const Dtype x, const Dtype limit) {
  return limit * std::tanh(x / limit);
}

template float mut_soft_clip<float>(const float x, const float limit);
template double mut_soft_clip<double>(const double x, const double limit);

}  // namespace caffe
