// From the packing loop of a detection-output style layer, on ReLULayer's outputs.
// Edit: samples with any active unit are packed at the front of top[1] (one row each) using a
// std::atomic<int> cursor the author believes makes the loop thread safe; the row a sample
// gets is the order in which samples reach the cursor, which is sample order only in sequence.
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
class MutSAtomicPackLayer : public Layer<Dtype> {
 public:
  explicit MutSAtomicPackLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSAtomicPack"; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSAtomicPackLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* packed = top[1]->mutable_cpu_data();
  std::atomic<int> cursor(0);
  // CGP-MUTANT: unsafe class=skipped-increment reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    Dtype mass = 0;
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(bottom_data[n * dim_ + k], Dtype(0));
      mass += top_data[n * dim_ + k];
    }
    if (mass > 0) {
      const int row = cursor++;
      caffe_copy(dim_, top_data + n * dim_, packed + row * dim_);
    }
  }
}

INSTANTIATE_CLASS(MutSAtomicPackLayer);
REGISTER_LAYER_CLASS(MutSAtomicPack);

}  // namespace caffe
