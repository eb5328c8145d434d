// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit: the author records, in the first element of the input itself (a "header" slot the
// data layer leaves free), the index of the last sample that had any negative value: it
// casts away the const of bottom[0]->cpu_data() and writes bottom_data[0] from every sample.
// The last writing sample wins, and sample 0 reads its own slot 0 after the others write it.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <random>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSConstCastHeaderLayer : public Layer<Dtype> {
 public:
  explicit MutSConstCastHeaderLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSConstCastHeader"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSConstCastHeaderLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  Dtype* bottom_data = const_cast<Dtype*>(bottom[0]->cpu_data());
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=cross-sample reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    bool negative = false;
    for (int k = 0; k < dim_; ++k) {
      negative = negative || bottom_data[n * dim_ + k] < 0;
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0));
    }
    if (negative) bottom_data[0] = n;
  }
}

INSTANTIATE_CLASS(MutSConstCastHeaderLayer);
REGISTER_LAYER_CLASS(MutSConstCastHeader);

}  // namespace caffe
