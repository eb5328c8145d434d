// From ConcatLayer::Forward_cpu (caffe_src/src/caffe/layers/concat_layer.cpp), as a reservoir.
// Edit: a "first K" buffer layer: top holds room for keep_ samples (keep_ <= num, a layer
// setting); samples are copied in order while there is room, the room being tested by
// comparing the advancing output pointer with the end of top. Whether sample n is copied, and
// where, depends on how far the pointer got.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRFirstKLayer : public Layer<Dtype> {
 public:
  explicit MutRFirstKLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    keep_ = this->layer_param_.concat_param().axis();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    CHECK_LE(keep_, num_);
    vector<int> shape = bottom[0]->shape();
    shape[0] = keep_;
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutRFirstK"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int keep_;
  int num_, dim_;
};

template <typename Dtype>
void MutRFirstKLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                         const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* out = top[0]->mutable_cpu_data();
  Dtype* const out_end = out + top[0]->count();
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int i = 0; i < num_; ++i) {
    if (out < out_end) {
      caffe_copy(dim_, bottom_data + i * dim_, out);
      out += dim_;
    }
  }
}

INSTANTIATE_CLASS(MutRFirstKLayer);
REGISTER_LAYER_CLASS(MutRFirstK);

}  // namespace caffe
