// Control (issue 25): a per-sample gate computed into a std::vector declared inside the
// batch loop's body, written and read through operator[]; the vector is the sample's own.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutLocalGateLayer : public Layer<Dtype> {
 public:
  explicit MutLocalGateLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutLocalGate"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutLocalGateLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    std::vector<Dtype> input_gate(dim_);
    for (int d = 0; d < dim_; ++d) {
      input_gate[d] = Dtype(1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + d]));
    }
    std::nth_element(input_gate.begin(), input_gate.begin() + dim_ / 2, input_gate.end());
    const Dtype median = input_gate[dim_ / 2];
    for (int d = 0; d < dim_; ++d) {
      top_data[n * dim_ + d] = bottom_data[n * dim_ + d] * median;
    }
  }
}

INSTANTIATE_CLASS(MutLocalGateLayer);
REGISTER_LAYER_CLASS(MutLocalGate);

}  // namespace caffe
