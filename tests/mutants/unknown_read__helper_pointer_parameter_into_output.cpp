// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp), scaled copy of the
// input. Edit: the copy is a helper's loop over samples that reads a pointer parameter
// (`ScaleInto(const Dtype* src, top)`), and Forward hands it the output one sample on
// (`top_data + dim_`): sample n reads the output of sample n + 1, which another thread
// writes. The helper's parameter has no known target; its reads were not checked.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutUnknownReadParamLayer : public Layer<Dtype> {
 public:
  explicit MutUnknownReadParamLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    vector<int> shape = bottom[0]->shape();
    shape[0] += 1;
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutUnknownReadParam"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                           const vector<Blob<Dtype>*>& top) {
    Dtype* top_data = top[0]->mutable_cpu_data();
    caffe_copy(dim_, bottom[0]->cpu_data(), top_data + num_ * dim_);
    ScaleInto(top_data + dim_, top);
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void ScaleInto(const Dtype* src, const vector<Blob<Dtype>*>& top);
  int num_;
  int dim_;
};

template <typename Dtype>
void MutUnknownReadParamLayer<Dtype>::ScaleInto(const Dtype* src,
                                                const vector<Blob<Dtype>*>& top) {
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=aliasing reason=aliasing
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(2) * src[n * dim_ + k];
    }
  }
}

INSTANTIATE_CLASS(MutUnknownReadParamLayer);
REGISTER_LAYER_CLASS(MutUnknownReadParam);

}  // namespace caffe
