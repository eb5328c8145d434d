// Edit of a layer that scales its output by its first element, spelled through a macro
// (`#define MUTX_SCALE_ANCHOR top_data[0]`). The argument's text is one name, which the
// split took for a value each block may evaluate again: after block 0 rescaled top_data[0],
// the other blocks read the new value (in sequence wrong, across threads a race).
// (red team, 2026-12-06, twenty-first round, family 3: split before)
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

#define MUTX_SCALE_ANCHOR top_data[0]

template <typename Dtype>
class MutXAnchorScaleLayer : public Layer<Dtype> {
 public:
  explicit MutXAnchorScaleLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXAnchorScale"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

template <typename Dtype>
void MutXAnchorScaleLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const int count = bottom[0]->count();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_copy(count, bottom[0]->cpu_data(), top_data);
  // CGP-MUTANT: unsafe class=macro-argument reason=unsupported-form
  caffe_scal(count, MUTX_SCALE_ANCHOR, top_data);
}

INSTANTIATE_CLASS(MutXAnchorScaleLayer);
REGISTER_LAYER_CLASS(MutXAnchorScale);

}  // namespace caffe
