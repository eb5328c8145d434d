// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp), scaled copy of the
// input. Edit: the source is a plain pointer moved one sample into the output through its
// address before the loop (`*where = top_data + dim_`), so sample n reads the output of
// sample n + 1, which another thread writes; only the initializer was followed.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutReseatPlainThroughAddressLayer : public Layer<Dtype> {
 public:
  explicit MutReseatPlainThroughAddressLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    shift_ = true;
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    vector<int> shape = bottom[0]->shape();
    shape[0] += 1;
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutReseatPlainThroughAddress"; }

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
void MutReseatPlainThroughAddressLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* source = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const Dtype** where = &source;
  if (shift_) {
    *where = top_data + dim_;
  }
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(2) * source[n * dim_ + k];
    }
  }
}

INSTANTIATE_CLASS(MutReseatPlainThroughAddressLayer);
REGISTER_LAYER_CLASS(MutReseatPlainThroughAddress);

}  // namespace caffe
