// Edit of a layer that subtracts its first output element from every element, the element
// spelled through a macro and negated at the call (`-MUTX_SHIFT_ANCHOR`): every block after
// the first reads the element block 0 already shifted to 0.
// (red team, 2026-12-06, twenty-first round, family 3: split before)
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

#define MUTX_SHIFT_ANCHOR top_data[0]

template <typename Dtype>
class MutXAnchorShiftLayer : public Layer<Dtype> {
 public:
  explicit MutXAnchorShiftLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXAnchorShift"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

template <typename Dtype>
void MutXAnchorShiftLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const int count = bottom[0]->count();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_copy(count, bottom[0]->cpu_data(), top_data);
  // CGP-MUTANT: unsafe class=macro-argument reason=unsupported-form
  caffe_add_scalar(count, -MUTX_SHIFT_ANCHOR, top_data);
}

INSTANTIATE_CLASS(MutXAnchorShiftLayer);
REGISTER_LAYER_CLASS(MutXAnchorShift);

}  // namespace caffe
