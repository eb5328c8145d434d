// Edit of ReLULayer's batch loop: samples whose first value is the padding marker are skipped,
// and the rest are packed at the front of top[0]. The output pointer advances only for the
// samples that are kept, so its value at sample n is not top_data + n * dim.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutPackNonzeroLayer : public Layer<Dtype> {
 public:
  explicit MutPackNonzeroLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutPackNonzero"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutPackNonzeroLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), top_data);
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + bottom[0]->offset(n);
    if (in[0] == Dtype(-1)) continue;  // a padding sample
    for (int k = 0; k < dim_; ++k) {
      top_data[k] = std::max(in[k], Dtype(0));
    }
    top_data += dim_;
  }
}

INSTANTIATE_CLASS(MutPackNonzeroLayer);
REGISTER_LAYER_CLASS(MutPackNonzero);

}  // namespace caffe
