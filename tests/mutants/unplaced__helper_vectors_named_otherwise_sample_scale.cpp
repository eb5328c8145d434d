// From ScaleLayer's per-sample scaling (caffe_src/src/caffe/layers/scale_layer.cpp), red team
// 21c family 4 in a helper. Edit: every sample of the input is scaled by one element of the
// input itself (element n, `x[n]`), in a helper whose Blob vectors are named src and dst
// (`Scale(bottom, top)`). Run in place, element n lies in sample n / dim's slice, which
// another part overwrites; the one-element-per-sample read was only compared with the in-place
// partner's writes, and src[0] had none.
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUnplacedSelfScaleHelperLayer : public Layer<Dtype> {
 public:
  explicit MutUnplacedSelfScaleHelperLayer(const LayerParameter& param)
      : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutUnplacedSelfScaleHelper"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void Scale(const vector<Blob<Dtype>*>& src, const vector<Blob<Dtype>*>& dst);
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUnplacedSelfScaleHelperLayer<Dtype>::Scale(const vector<Blob<Dtype>*>& src,
    const vector<Blob<Dtype>*>& dst) {
  const Dtype* bottom_data = src[0]->cpu_data();
  Dtype* top_data = dst[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = bottom_data[n * dim_ + k] * bottom_data[n];
    }
  }
}

template <typename Dtype>
void MutUnplacedSelfScaleHelperLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  Scale(bottom, top);
}

INSTANTIATE_CLASS(MutUnplacedSelfScaleHelperLayer);
REGISTER_LAYER_CLASS(MutUnplacedSelfScaleHelper);

}  // namespace caffe
