// From EuclideanLoss-style sums (caffe_src's LossLayer family, loss_layer.cpp) in a ReLU.
// Edit: the author factors the "sum of positive parts" statistic into a small local functor
// that holds a pointer to the layer's running sum (a member) and adds into it when called; the
// functor is called once per sample. Every call adds into the same member.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
struct MutRAddInto {
  Dtype* total;
  void operator()(Dtype v) const { *total += v; }
};

template <typename Dtype>
class MutRFunctorSumLayer : public Layer<Dtype> {
 public:
  explicit MutRFunctorSumLayer(const LayerParameter& param)
      : Layer<Dtype>(param), positive_mass_(0) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRFunctorSum"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {
    LOG(INFO) << "positive mass: " << positive_mass_;
  }
  Dtype positive_mass_;
  int num_, dim_;
};

template <typename Dtype>
void MutRFunctorSumLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  MutRAddInto<Dtype> add_mass;
  add_mass.total = &positive_mass_;
  // CGP-MUTANT: unsafe class=unknown-call reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    Dtype mass = 0;
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0));
      mass += top_data[n * dim_ + k];
    }
    add_mass(mass);
  }
}

INSTANTIATE_CLASS(MutRFunctorSumLayer);
REGISTER_LAYER_CLASS(MutRFunctorSum);

}  // namespace caffe
