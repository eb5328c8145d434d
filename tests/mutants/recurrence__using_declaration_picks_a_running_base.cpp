// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp), over two
// helper bases. Edit (fifteenth red team): the layer derives from two bases that both define
// Emit and picks the one that keeps a running sum, `using MutSRunningEmit<Dtype>::Emit;`.
// Lookup took the first base's pure Emit (depth first); the call runs the other.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSPlainEmit {
 protected:
  void Emit(const Dtype* x, Dtype* y, int dim) {
    for (int k = 0; k < dim; ++k) {
      y[k] = Dtype(1) / (Dtype(1) + std::exp(-x[k]));
    }
  }
};

template <typename Dtype>
class MutSRunningEmit {
 protected:
  void Emit(const Dtype* x, Dtype* y, int dim) {
    for (int k = 0; k < dim; ++k) {
      run_ += x[k];
      y[k] = run_;
    }
  }
  Dtype run_ = Dtype(0);
};

template <typename Dtype>
class MutSUsingPickLayer : public Layer<Dtype>, public MutSPlainEmit<Dtype>,
                           public MutSRunningEmit<Dtype> {
 public:
  explicit MutSUsingPickLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSUsingPick"; }

 protected:
  using MutSRunningEmit<Dtype>::Emit;
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSUsingPickLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=recurrence reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    this->Emit(bottom_data + n * dim_, top_data + n * dim_, dim_);
  }
}

INSTANTIATE_CLASS(MutSUsingPickLayer);
REGISTER_LAYER_CLASS(MutSUsingPick);

}  // namespace caffe
