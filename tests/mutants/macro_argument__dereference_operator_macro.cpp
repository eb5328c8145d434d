// Edit of the first-element scale where only the operator comes from a macro
// (`#define MUTX_FIRST_OF *`, then `MUTX_FIRST_OF top_data`): the argument's text has no `*`
// for the split to see, and each block reads top_data[0] again.
// (twenty-first round, family 3: a variant of the red team's, split before)
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

#define MUTX_FIRST_OF *

template <typename Dtype>
class MutXFirstOfScaleLayer : public Layer<Dtype> {
 public:
  explicit MutXFirstOfScaleLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXFirstOfScale"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

template <typename Dtype>
void MutXFirstOfScaleLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const int count = bottom[0]->count();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_copy(count, bottom[0]->cpu_data(), top_data);
  // CGP-MUTANT: unsafe class=macro-argument reason=unsupported-form
  caffe_scal(count, MUTX_FIRST_OF top_data, top_data);
}

INSTANTIATE_CLASS(MutXFirstOfScaleLayer);
REGISTER_LAYER_CLASS(MutXFirstOfScale);

}  // namespace caffe
