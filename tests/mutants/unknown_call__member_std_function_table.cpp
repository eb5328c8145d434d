// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (nineteenth red team): std::transform takes `fn_table_acts_[0]`, one of a member table of
// std::function set in LayerSetUp to a lambda that reads and writes the member `fn_table_last_`.
// An element of a table of callables was neither followed nor an unknown call.
#include <cmath>
#include <vector>
#include <algorithm>
#include <functional>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSFunctionTableLayer : public Layer<Dtype> {
 public:
  explicit MutSFunctionTableLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSFunctionTable"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    fn_table_last_ = 0;
    fn_table_acts_.push_back([this](Dtype v) { Dtype r = v - fn_table_last_; fn_table_last_ = v; return r; });
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  vector<std::function<Dtype(Dtype)> > fn_table_acts_;
  Dtype fn_table_last_;
  int num_, dim_;
};

template <typename Dtype>
void MutSFunctionTableLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=unknown-call reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    vector<Dtype> row(bottom_data + n * dim_, bottom_data + (n + 1) * dim_);
    std::transform(row.begin(), row.end(), row.begin(), fn_table_acts_[0]);
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(row[k], Dtype(0));
    }
  }
}

template <typename Dtype>
void MutSFunctionTableLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSFunctionTableLayer);
REGISTER_LAYER_CLASS(MutSFunctionTable);

}  // namespace caffe
