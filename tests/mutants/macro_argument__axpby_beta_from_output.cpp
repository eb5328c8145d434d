// Edit of a layer whose axpby takes beta from the first output element through a macro
// (`caffe_cpu_axpby(count, 1, x, MUTX_AXPBY_ANCHOR, top_data)`): the blocks after the
// first read a beta block 0 has overwritten.
// (red team, 2026-12-06, twenty-first round, family 3: split before)
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

#define MUTX_AXPBY_ANCHOR top_data[0]

template <typename Dtype>
class MutXAnchorAxpbyLayer : public Layer<Dtype> {
 public:
  explicit MutXAnchorAxpbyLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXAnchorAxpby"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

template <typename Dtype>
void MutXAnchorAxpbyLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const int count = bottom[0]->count();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_copy(count, bottom[0]->cpu_data(), top_data);
  // CGP-MUTANT: unsafe class=macro-argument reason=unsupported-form
  caffe_cpu_axpby(count, Dtype(1), bottom[0]->cpu_data(), MUTX_AXPBY_ANCHOR, top_data);
}

INSTANTIATE_CLASS(MutXAnchorAxpbyLayer);
REGISTER_LAYER_CLASS(MutXAnchorAxpby);

}  // namespace caffe
