// From BatchNormLayer's statistics (caffe_src/src/caffe/layers/batch_norm_layer.cpp).
// Edit: the author computes the batch mean of per-sample energies with a small Welford
// accumulator, written so that it reads like a sum: `stats += e` (an operator+= of the
// accumulator type that counts and moves the running mean); the mean goes to top[1].
// `stats += e` is no sum: each call reads the count and the mean left by the samples before
// it and rewrites both; samples run at once race on them, and per-block partial objects
// have no meaning once combined with `+=`.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
struct MutSRunningMean {
  MutSRunningMean() : count(0), mean(0) {}
  MutSRunningMean& operator+=(Dtype x) {
    ++count;
    mean += (x - mean) / count;
    return *this;
  }
  int count;
  Dtype mean;
};

template <typename Dtype>
class MutSWelfordCenterLayer : public Layer<Dtype> {
 public:
  explicit MutSWelfordCenterLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> shape(1, 1);
    top[1]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutSWelfordCenter"; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_, dim_;
};

template <typename Dtype>
void MutSWelfordCenterLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  MutSRunningMean<Dtype> stats;
  // CGP-MUTANT: unsafe class=recurrence reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    const Dtype e = caffe_cpu_dot(dim_, bottom_data + n * dim_, bottom_data + n * dim_);
    stats += e;
    caffe_copy(dim_, bottom_data + n * dim_, top_data + n * dim_);
  }
  top[1]->mutable_cpu_data()[0] = stats.mean;
}

INSTANTIATE_CLASS(MutSWelfordCenterLayer);
REGISTER_LAYER_CLASS(MutSWelfordCenter);

}  // namespace caffe
