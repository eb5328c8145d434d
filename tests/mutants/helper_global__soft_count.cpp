// The helper of helper_global__calls_counting_helper.cpp, in a source file of its own: it
// counts its calls in a global.
namespace caffe {

int mut_scaled_calls = 0;

template <typename Dtype>
Dtype mut_scaled(const Dtype x) {
  ++mut_scaled_calls;
  return x * Dtype(2);
}

template float mut_scaled<float>(const float x);
template double mut_scaled<double>(const double x);

}  // namespace caffe
