// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp), scaled copy of the
// input, twice. Edit: the batch loop runs in an outer loop of two passes, and the source is
// stepped one sample on after the first pass (`source += dim_`), so in the second pass
// sample n reads input n + 1, which run in place another thread overwrites.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutReseatPlainPassesLayer : public Layer<Dtype> {
 public:
  explicit MutReseatPlainPassesLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    shift_ = true;
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutReseatPlainPasses"; }

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
void MutReseatPlainPassesLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* source = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  for (int pass = 0; pass < 2; ++pass) {
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing guard=bottom[0]
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = n + 1 < num_ ? Dtype(2) * source[n * dim_ + k] : Dtype(0);
    }
  }
  source += dim_;
  }
}

INSTANTIATE_CLASS(MutReseatPlainPassesLayer);
REGISTER_LAYER_CLASS(MutReseatPlainPasses);

}  // namespace caffe
