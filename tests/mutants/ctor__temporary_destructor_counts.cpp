// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (tenth red team): a scope guard written as a temporary, `CallStamp<Dtype>(&calls_);`,
// whose destructor counts the calls in a member that the output then reads. The analysis
// ran constructors and destructors of named variables only, not of temporaries.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
struct CallStamp {
  explicit CallStamp(int* count) : count_(count) {}
  ~CallStamp() { ++*count_; }
  int* count_;
};

template <typename Dtype>
class MutSTempStampLayer : public Layer<Dtype> {
 public:
  explicit MutSTempStampLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSTempStamp"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
  int calls_ = 0;
};

template <typename Dtype>
void MutSTempStampLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=member-write reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    CallStamp<Dtype>{&calls_};
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(calls_) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
  }
}

template <typename Dtype>
void MutSTempStampLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSTempStampLayer);
REGISTER_LAYER_CLASS(MutSTempStamp);

}  // namespace caffe
