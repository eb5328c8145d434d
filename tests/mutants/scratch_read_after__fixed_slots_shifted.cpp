// Edit of ReLULayer with a two-slot member scratch Blob used as a delay line: slot 0 is
// written, slot 1 read, then slot 1 takes slot 0. Slot 1 holds the sample before's value.
// (red team, 2026-12-05, fourth round: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutKSlotsLayer : public Layer<Dtype> {
 public:
  explicit MutKSlotsLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    buf_.Reshape(vector<int>(1, 2));
  }
  virtual inline const char* type() const { return "MutKSlots"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
  Blob<Dtype> buf_;
};

template <typename Dtype>
void MutKSlotsLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                        const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* b = buf_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int i = 0; i < dim_; ++i) {
      out[i] = std::max(in[i], Dtype(0));
    }
    b[0] = in[0];
    out[0] += b[1];
    b[1] = b[0];
  }
}

INSTANTIATE_CLASS(MutKSlotsLayer);
REGISTER_LAYER_CLASS(MutKSlots);

}  // namespace caffe
