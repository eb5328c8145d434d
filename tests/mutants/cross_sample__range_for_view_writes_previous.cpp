// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (thirteenth red team): a range-for over a view of the previous sample's outputs,
// `Span<Dtype> prev{top_data + (n - 1) * dim_, top_data + n * dim_}; for (Dtype& v : prev)`.
// A range declared in the iteration was taken for the sample's own container, whatever it
// held: the writes through v were dropped.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename T>
struct Span {
  T* first;
  T* last;
  T* begin() const { return first; }
  T* end() const { return last; }
};

template <typename Dtype>
class MutSViewPrevLayer : public Layer<Dtype> {
 public:
  explicit MutSViewPrevLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSViewPrev"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSViewPrevLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    if (n > 0) {
      Span<Dtype> prev{top_data + (n - 1) * dim_, top_data + n * dim_};
      for (Dtype& v : prev) {
        v *= Dtype(2);
      }
    }
  }
}

template <typename Dtype>
void MutSViewPrevLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSViewPrevLayer);
REGISTER_LAYER_CLASS(MutSViewPrev);

}  // namespace caffe
