// Edit of a layer that tags each sample through a helper whose default argument takes the
// next number from a static counter (`void Put(..., int id = Tick())`).
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
class MutXDefaultTickLayer : public Layer<Dtype> {
 public:
  explicit MutXDefaultTickLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXDefaultTick"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  static int Tick() { return ticks_++; }
  void Put(Dtype* out, const Dtype* in, int d, int id = Tick()) {
    for (int k = 0; k < d; ++k) out[k] = in[k] + Dtype(id);
  }
  static int ticks_;
  int num_;
  int dim_;
};

template <typename Dtype>
int MutXDefaultTickLayer<Dtype>::ticks_ = 0;

template <typename Dtype>
void MutXDefaultTickLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: unsafe class=global-state reason=unknown-call
  for (int n = 0; n < num; ++n) {
    this->Put(top_data + n * dim, bottom_data + n * dim, dim);
  }
}

INSTANTIATE_CLASS(MutXDefaultTickLayer);
REGISTER_LAYER_CLASS(MutXDefaultTick);

}  // namespace caffe
