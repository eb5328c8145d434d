// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp), scaled copy of the
// input. Edit: the source is a plain pointer stepped one sample on before the loop
// (`source += dim_`), so sample n reads input n + 1, which run in place another thread
// overwrites; only the initializer was followed.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutReseatPlainSteppedLayer : public Layer<Dtype> {
 public:
  explicit MutReseatPlainSteppedLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    shift_ = true;
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutReseatPlainStepped"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void PickShiftSource(const Dtype*& source, const Dtype* ahead) {
    if (shift_) {
      source = ahead;
    }
  }
  bool shift_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutReseatPlainSteppedLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* source = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  source += dim_;
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing guard=bottom[0]
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = n + 1 < num_ ? Dtype(2) * source[n * dim_ + k] : Dtype(0);
    }
  }
}

INSTANTIATE_CLASS(MutReseatPlainSteppedLayer);
REGISTER_LAYER_CLASS(MutReseatPlainStepped);

}  // namespace caffe
