// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (fifteenth red team): each sample also copies its input into the next sample's slice
// through a helper, `y[k + dim] = x[k]`, its parameter `dim` given the stride `dim_`: a term
// one sample long, spelled as a parameter bound to the stride, was not taken for one.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSScatterTermLayer : public Layer<Dtype> {
 public:
  explicit MutSScatterTermLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSScatterTerm"; }
  void Scatter(const Dtype* x, Dtype* y, int dim, bool last) {
    for (int k = 0; k < dim; ++k) {
      y[k] = Dtype(1) / (Dtype(1) + std::exp(-x[k]));
      if (!last) {
        y[k + dim] = x[k];
      }
    }
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  Blob<Dtype> scratch_;
};

template <typename Dtype>
void MutSScatterTermLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    this->Scatter(bottom_data + n * dim_, top_data + n * dim_, dim_, n + 1 == num_);
  }
}

template <typename Dtype>
void MutSScatterTermLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSScatterTermLayer);
REGISTER_LAYER_CLASS(MutSScatterTerm);

}  // namespace caffe
