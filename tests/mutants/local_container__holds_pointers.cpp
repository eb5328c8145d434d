// Unsafe: a vector declared per sample, but of pointers into top: the next sample's row is written through it.
#include <algorithm>
#include <map>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRowPtrsLayer : public Layer<Dtype> {
 public:
  explicit MutRowPtrsLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRowPtrs"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutRowPtrsLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=shared-container reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    std::vector<Dtype*> rows;
    rows.push_back(top_data + std::min(n + 1, num_ - 1) * dim_);
    for (int d = 0; d < dim_; ++d) {
      rows[0][d] = bottom_data[n * dim_ + d];
    }
  }
}

INSTANTIATE_CLASS(MutRowPtrsLayer);
REGISTER_LAYER_CLASS(MutRowPtrs);

}  // namespace caffe
