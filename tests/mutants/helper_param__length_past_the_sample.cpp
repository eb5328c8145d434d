// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (eleventh red team): the row is written by a helper given its length, `dim_ + 1` (a
// bias column the author thought was there): the helper's loop reaches the next sample.
// The length checks followed locals and members, not a helper's bound parameters.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
void WriteSigmoidRow(const Dtype* in, Dtype* out, int len) {
  for (int k = 0; k < len; ++k) {
    out[k] = Dtype(1) / (Dtype(1) + std::exp(-in[0]));
  }
}

template <typename Dtype>
class MutSRowHelperLayer : public Layer<Dtype> {
 public:
  explicit MutSRowHelperLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSRowHelper"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSRowHelperLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=helper-param reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    WriteSigmoidRow(bottom_data + n * dim_, top_data + n * dim_, dim_ + 1);
  }
}

template <typename Dtype>
void MutSRowHelperLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSRowHelperLayer);
REGISTER_LAYER_CLASS(MutSRowHelper);

}  // namespace caffe
