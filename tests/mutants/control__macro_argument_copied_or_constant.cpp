// Control (twenty-first round, family 3): the first output element read through a macro into
// a local before the call, which then scales by the local (a value); and a macro that is a
// constant (`#define MUTX_EPS Dtype(0.25)`), which every block may evaluate again.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

#define MUTX_COPIED_ANCHOR top_data[0]
#define MUTX_EPS Dtype(0.25)
#define MUTX_HALF 0.5

template <typename Dtype>
class MutXCopiedAnchorLayer : public Layer<Dtype> {
 public:
  explicit MutXCopiedAnchorLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXCopiedAnchor"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

template <typename Dtype>
void MutXCopiedAnchorLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const int count = bottom[0]->count();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_copy(count, bottom[0]->cpu_data(), top_data);
  const Dtype anchor = MUTX_COPIED_ANCHOR;
  // CGP-MUTANT: control
  caffe_scal(count, anchor, top_data);
}

INSTANTIATE_CLASS(MutXCopiedAnchorLayer);
REGISTER_LAYER_CLASS(MutXCopiedAnchor);

template <typename Dtype>
class MutXConstMacroShiftLayer : public Layer<Dtype> {
 public:
  explicit MutXConstMacroShiftLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXConstMacroShift"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

template <typename Dtype>
void MutXConstMacroShiftLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                  const vector<Blob<Dtype>*>& top) {
  const int count = bottom[0]->count();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_copy(count, bottom[0]->cpu_data(), top_data);
  // CGP-MUTANT: control
  caffe_add_scalar(count, MUTX_EPS, top_data);
  // CGP-MUTANT: control
  caffe_scal(count, -Dtype(MUTX_HALF) * 2, top_data);
}

INSTANTIATE_CLASS(MutXConstMacroShiftLayer);
REGISTER_LAYER_CLASS(MutXConstMacroShift);

}  // namespace caffe
