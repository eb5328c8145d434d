// From caffe_src's TanHLayer (y = tanh(x)), walked per sample, with the input clipped to
// [-clip, clip] first.
// Edit: a function-local `static int` in the loop body limits how many clipped samples are
// flagged (in the optional second top) over the life of the process: the first 100 only, so
// that the flag blob stays readable. The counter is one variable for every sample and every
// call: run in parallel, the increments race and a different set of samples gets flagged.
#include <algorithm>
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutClippedTanHLayer : public Layer<Dtype> {
 public:
  explicit MutClippedTanHLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> flag_shape(1, num_);
    top[1]->Reshape(flag_shape);
  }
  virtual inline const char* type() const { return "MutClippedTanH"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_;
  int dim_;
};

template <typename Dtype>
void MutClippedTanHLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* flags = top[1]->mutable_cpu_data();
  const Dtype clip = Dtype(20);
  // CGP-MUTANT: unsafe class=local-static reason=global-state
  for (int n = 0; n < num_; ++n) {
    static int flagged_so_far = 0;
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    bool clipped = false;
    for (int k = 0; k < dim_; ++k) {
      const Dtype x = std::min(std::max(in[k], -clip), clip);
      clipped = clipped || (x != in[k]);
      out[k] = std::tanh(x);
    }
    flags[n] = Dtype(0);
    if (clipped && flagged_so_far < 100) {
      flags[n] = Dtype(1);
      ++flagged_so_far;
    }
  }
}

INSTANTIATE_CLASS(MutClippedTanHLayer);
REGISTER_LAYER_CLASS(MutClippedTanH);

}  // namespace caffe
