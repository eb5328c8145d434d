// From FlattenLayer / ConcatLayer copies (caffe_src/src/caffe/layers/concat_layer.cpp).
// Edit: a "row pack" layer that addresses top through a byte pointer, as the data layers do for
// encoded rows; the author computes the row start as a byte offset but forgets sizeof(Dtype):
// rows land dim_ bytes apart while each copy writes dim_ values, so sample n's copy overlaps
// the rows of the next samples. (Rejected once as a write through an unknown pointer; a
// reinterpret_cast now keeps the Blob it points into, at an offset no sample owns.)
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRBytePackLayer : public Layer<Dtype> {
 public:
  explicit MutRBytePackLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRBytePack"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutRBytePackLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  char* top_bytes = reinterpret_cast<char*>(top[0]->mutable_cpu_data());
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype* row = reinterpret_cast<Dtype*>(top_bytes + n * dim_);
    caffe_cpu_scale(dim_, Dtype(2), bottom_data + n * dim_, row);
  }
}

INSTANTIATE_CLASS(MutRBytePackLayer);
REGISTER_LAYER_CLASS(MutRBytePack);

}  // namespace caffe
