// Edit of ReLULayer that feeds every sample into a running accumulator of the tree's own
// class through its `operator<<` (which adds into a field and returns the running value):
// in a template clang leaves the operator unresolved, and it looked built-in. (red team, 2026-12-05, fourth round: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
struct RunningSum {
  Dtype v;
  RunningSum() : v(0) {}
  Dtype operator<<(Dtype x) {
    v += x;
    return v;
  }
};


template <typename Dtype>
class MutOShiftLayer : public Layer<Dtype> {
 public:
  explicit MutOShiftLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutOShift"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutOShiftLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                        const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  RunningSum<Dtype> acc;
  // CGP-MUTANT: unsafe class=unknown-call reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int i = 0; i < dim_; ++i) {
      out[i] = std::max(in[i], Dtype(0));
    }
    out[0] = acc << in[0];
  }
}

INSTANTIATE_CLASS(MutOShiftLayer);
REGISTER_LAYER_CLASS(MutOShift);

}  // namespace caffe
