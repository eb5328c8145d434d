// From AccuracyLayer (caffe_src/src/caffe/layers/accuracy_layer.cpp), as a prototype memory.
// Edit: a "nearest prototype" layer: top[0] holds each sample's distance to the prototype of
// its class, the prototypes being the last sample of each class seen in the previous batch;
// after computing the distances, the batch loop stores each sample as its class's prototype
// in a member Blob (classes x dim). Samples of the same class overwrite the same row, and the
// row that must survive is the last such sample's.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRPrototypeLayer : public Layer<Dtype> {
 public:
  explicit MutRPrototypeLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    classes_ = this->layer_param_.accuracy_param().top_k();
    vector<int> shape(2, classes_);
    shape[1] = bottom[0]->count(1);
    prototypes_.Reshape(shape);
    caffe_set(prototypes_.count(), Dtype(0), prototypes_.mutable_cpu_data());
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->Reshape(vector<int>(1, num_));
  }
  virtual inline const char* type() const { return "MutRPrototype"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> prototypes_;
  int classes_;
  int num_, dim_;
};

template <typename Dtype>
void MutRPrototypeLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                            const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const Dtype* old_proto = prototypes_.cpu_data();
  for (int n = 0; n < num_; ++n) {
    const int c = static_cast<int>(label[n]);
    Dtype d = 0;
    for (int k = 0; k < dim_; ++k) {
      const Dtype diff = bottom_data[n * dim_ + k] - old_proto[c * dim_ + k];
      d += diff * diff;
    }
    top_data[n] = d;
  }
  Dtype* proto = prototypes_.mutable_cpu_data();
  // CGP-MUTANT: unsafe class=scratch-read-after reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const int c = static_cast<int>(label[n]);
    caffe_copy(dim_, bottom_data + n * dim_, proto + c * dim_);
  }
}

INSTANTIATE_CLASS(MutRPrototypeLayer);
REGISTER_LAYER_CLASS(MutRPrototype);

}  // namespace caffe
