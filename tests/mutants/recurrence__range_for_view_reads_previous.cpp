// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (thirteenth red team): each sample adds the sum of the previous sample's outputs,
// read through a view by value, `for (Dtype v : CSpan{...})`: the reads were never seen.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename T>
struct CSpan {
  T* first;
  T* last;
  T* begin() const { return first; }
  T* end() const { return last; }
};

template <typename Dtype>
class MutSViewReadPrevLayer : public Layer<Dtype> {
 public:
  explicit MutSViewReadPrevLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSViewReadPrev"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSViewReadPrevLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
    if (n > 0) {
      Dtype sum = 0;
      for (Dtype v : CSpan<const Dtype>{top_data + (n - 1) * dim_, top_data + n * dim_}) {
        sum += v;
      }
      top_data[n * dim_] += sum;
    }
  }
}

template <typename Dtype>
void MutSViewReadPrevLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSViewReadPrevLayer);
REGISTER_LAYER_CLASS(MutSViewReadPrev);

}  // namespace caffe
