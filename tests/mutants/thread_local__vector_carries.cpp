// Edit of a layer that keeps a thread_local scratch vector and writes it only when the sample's
// first input is positive: otherwise the sample reads what the thread's last sample left.
// (red team, 2026-12-06, eighth round: came back parallel before)
#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutXTlsVectorLayer : public Layer<Dtype> {
 public:
  explicit MutXTlsVectorLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXTlsVector"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXTlsVectorLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: unsafe class=local-static reason=unknown-call
  for (int n = 0; n < num; ++n) {
    thread_local std::vector<Dtype> buf;
    buf.resize(1);
    if (bottom_data[n * dim] > 0) {
      buf[0] = bottom_data[n * dim];
    }
    const Dtype v = buf[0];
    for (int k = 0; k < dim; ++k) {
      top_data[n * dim + k] = bottom_data[n * dim + k] * v;
    }
  }
}

INSTANTIATE_CLASS(MutXTlsVectorLayer);
REGISTER_LAYER_CLASS(MutXTlsVector);

}  // namespace caffe
