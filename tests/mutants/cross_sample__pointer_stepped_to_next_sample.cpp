// Edit of ReLULayer as a per-sample loop that leaks into the next sample: after writing its
// own slice, a sample steps its output pointer on by one sample (`out += dim_`) and adds half
// of its input there. Sample n + 1 writes that slice too. (The analysis once ignored `+=` on
// a pointer the iteration declares, so the second write looked like the sample's own.)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXStepToNextLayer : public Layer<Dtype> {
 public:
  explicit MutXStepToNextLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXStepToNext"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXStepToNextLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    Dtype* out = top_data + n * dim_;
    for (int i = 0; i < dim_; ++i) {
      out[i] = std::max(in[i], Dtype(0));
    }
    out += dim_;
    if (n + 1 < num_) {
      for (int i = 0; i < dim_; ++i) {
        out[i] += Dtype(0.5) * in[i];
      }
    }
  }
}

INSTANTIATE_CLASS(MutXStepToNextLayer);
REGISTER_LAYER_CLASS(MutXStepToNext);

}  // namespace caffe
