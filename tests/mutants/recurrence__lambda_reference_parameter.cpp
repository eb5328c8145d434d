// Edit of ReLULayer whose batch loop sits in a lambda that takes a running sum by
// reference (`[&](Dtype& s) { for (n ...) { s += ...; out[0] += s; } }`): each sample reads
// what the samples before it added. (review, 2026-12-05: a parameter of a lambda around the
// loop was no parameter of the method, and its writes were dropped)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRLambdaParamLayer : public Layer<Dtype> {
 public:
  explicit MutRLambdaParamLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRLambdaParam"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutRLambdaParamLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype total = Dtype(0);
  auto run = [&](Dtype& s) {
    // CGP-MUTANT: unsafe class=recurrence reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      const Dtype* in = bottom_data + n * dim_;
      Dtype* out = top_data + n * dim_;
      for (int i = 0; i < dim_; ++i) {
        out[i] = std::max(in[i], Dtype(0));
      }
      s += in[0];
      out[0] += s;
    }
  };
  run(total);
}

INSTANTIATE_CLASS(MutRLambdaParamLayer);
REGISTER_LAYER_CLASS(MutRLambdaParam);

}  // namespace caffe
