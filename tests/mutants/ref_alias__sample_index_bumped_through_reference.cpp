// Edit of ReLULayer that also adds into the next sample: the sample index is copied, then
// bumped through a reference to the copy (`int& r = m; ++r;`), so `m` is n + 1 where it is
// used. (red team, 2026-12-05: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutASampleIndexRefLayer : public Layer<Dtype> {
 public:
  explicit MutASampleIndexRefLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutASampleIndexRef"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutASampleIndexRefLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                 const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=ref-alias reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim_; ++i) {
      top_data[n * dim_ + i] = std::max(bottom_data[n * dim_ + i], Dtype(0));
    }
    int m = n;
    int& r = m;
    ++r;
    if (m < num_) {
      for (int i = 0; i < dim_; ++i) {
        top_data[m * dim_ + i] += Dtype(0.5) * bottom_data[n * dim_ + i];
      }
    }
  }
}

INSTANTIATE_CLASS(MutASampleIndexRefLayer);
REGISTER_LAYER_CLASS(MutASampleIndexRef);

}  // namespace caffe
