// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (seventeenth red team): a per-sample `std::bitset<8> mask;` tested at a position from
// the data, `mask.test(pos)`, which throws out_of_range past 8: only `at` and sizes were known
// to throw; now any method of the sample's own container not known to throw nothing is an
// early exit.
#include <cmath>
#include <vector>
#include <bitset>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSBitsetTestLayer : public Layer<Dtype> {
 public:
  explicit MutSBitsetTestLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSBitsetTest"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSBitsetTestLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=early-exit reason=early-exit
  for (int n = 0; n < num_; ++n) {
    std::bitset<8> mask;
    const int pos = static_cast<int>(bottom_data[n * dim_] * 4) + 4;
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(mask.test(pos) ? 2 : 1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
  }
}

template <typename Dtype>
void MutSBitsetTestLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSBitsetTestLayer);
REGISTER_LAYER_CLASS(MutSBitsetTest);

}  // namespace caffe
