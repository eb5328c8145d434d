// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (fourteenth red team): a per-sample map read with `rank.at(label)`, which throws
// out_of_range for a label it lacks: inside a part of a region the exception ended the
// process, where the original loop hands it to its caller.
#include <cmath>
#include <vector>
#include <map>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSOwnAtLayer : public Layer<Dtype> {
 public:
  explicit MutSOwnAtLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSOwnAt"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSOwnAtLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=early-exit reason=early-exit
  for (int n = 0; n < num_; ++n) {
    std::map<int, int> rank;
    for (int k = 0; k < dim_; ++k) {
      rank[k] = dim_ - k;
    }
    const int label = static_cast<int>(bottom_data[n * dim_]);
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(rank.at(label)) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
  }
}

template <typename Dtype>
void MutSOwnAtLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSOwnAtLayer);
REGISTER_LAYER_CLASS(MutSOwnAt);

}  // namespace caffe
