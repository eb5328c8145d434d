// From caffe_src's BaseConvolutionLayer pattern (an abstract base whose Forward_cpu loops over
// the samples and leaves the per-sample work to a subclass).
// Edit: the per-sample work is a pure virtual method, and no subclass in the tree overrides
// it: the concrete layers are expected to come from plugins built elsewhere. What the call
// does to shared state is unknowable here, so the batch loop cannot be proven parallel.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutPluginSampleLayer : public Layer<Dtype> {
 public:
  explicit MutPluginSampleLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    bottom_dim_ = bottom[0]->count(1);
    top_dim_ = output_dim(bottom_dim_);
    vector<int> top_shape(2);
    top_shape[0] = num_;
    top_shape[1] = top_dim_;
    top[0]->Reshape(top_shape);
  }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  // Implemented by the plugin layers.
  virtual int output_dim(const int input_dim) const = 0;
  virtual void forward_sample(const Dtype* input, Dtype* output) = 0;

  int num_;
  int bottom_dim_, top_dim_;
};

template <typename Dtype>
void MutPluginSampleLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=virtual-override reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    this->forward_sample(bottom_data + n * bottom_dim_, top_data + n * top_dim_);
  }
}

INSTANTIATE_CLASS(MutPluginSampleLayer);

}  // namespace caffe
