// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp), scaled copy of the
// input. Edit: the source pointer is advanced one sample per iteration by a helper taking it
// by reference (`AdvanceSource(source)`), a shared induction the threads would race on.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutReseatPlainAdvancedLayer : public Layer<Dtype> {
 public:
  explicit MutReseatPlainAdvancedLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    shift_ = true;
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutReseatPlainAdvanced"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void PickShiftSource(const Dtype*& source, const Dtype* ahead) {
    if (shift_) {
      source = ahead;
    }
  }
  void AdvanceSource(const Dtype*& source) { source += dim_; }
  bool shift_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutReseatPlainAdvancedLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* source = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=induction reason=aliasing
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(2) * source[k];
    }
    AdvanceSource(source);
  }
}

INSTANTIATE_CLASS(MutReseatPlainAdvancedLayer);
REGISTER_LAYER_CLASS(MutReseatPlainAdvanced);

}  // namespace caffe
