// Edit of ReLULayer that also adds into the next sample: a helper bumps a copy of the
// sample index through its reference parameter (`void Next(int& i) { ++i; }`). (red team, 2026-12-05: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutPIndexRefLayer : public Layer<Dtype> {
 public:
  explicit MutPIndexRefLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutPIndexRef"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  void Next(int& i) const { ++i; }
  int num_;
  int dim_;
};

template <typename Dtype>
void MutPIndexRefLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=helper-param reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int i = 0; i < dim_; ++i) {
      top_data[n * dim_ + i] = std::max(bottom_data[n * dim_ + i], Dtype(0));
    }
    int m = n;
    this->Next(m);
    if (m < num_) {
      for (int i = 0; i < dim_; ++i) {
        top_data[m * dim_ + i] += Dtype(0.5) * bottom_data[n * dim_ + i];
      }
    }
  }
}

INSTANTIATE_CLASS(MutPIndexRefLayer);
REGISTER_LAYER_CLASS(MutPIndexRef);

}  // namespace caffe
