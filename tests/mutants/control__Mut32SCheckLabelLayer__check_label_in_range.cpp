// Control: a CHECK on the sample's own label (bottom[1], read only) and on the sample's own
// output element after it is written: both read the sample's slice, nothing accumulated.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class Mut32SCheckLabelLayer : public Layer<Dtype> {
 public:
  explicit Mut32SCheckLabelLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 1; }
  virtual inline const char* type() const { return "Mut32SCheckLabel"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void Mut32SCheckLabelLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    CHECK_GE(label[n], Dtype(0));
    CHECK_LT(static_cast<int>(label[n]), dim_);
    const int y = static_cast<int>(label[n]);
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = bottom_data[n * dim_ + k] * (k == y ? Dtype(2) : Dtype(1));
    }
    CHECK_GE(*(top_data + n * dim_), -Dtype(1e30));
  }
}

INSTANTIATE_CLASS(Mut32SCheckLabelLayer);
REGISTER_LAYER_CLASS(Mut32SCheckLabel);

}  // namespace caffe
