// From ReLULayer::Forward_cpu (caffe_src/src/caffe/layers/relu_layer.cpp).
// Edit (nineteenth red team): std::transform takes the member `typedef_delta_`, whose type is a
// class typedef `Delta` of a functor that writes the member carry through its pointer. The
// member's type was read as spelled, so the typedef hid that it is a callable: not followed.
#include <cmath>
#include <vector>
#include <algorithm>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

// A functor that carries the last value it saw (a running difference).
template <typename Dtype>
struct MutSTypedefDeltaTo {
  Dtype* prev;
  Dtype operator()(Dtype v) const {
    Dtype r = v - *prev;
    *prev = v;
    return r;
  }
};

template <typename Dtype>
class MutSTypedefFunctorLayer : public Layer<Dtype> {
 public:
  explicit MutSTypedefFunctorLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSTypedefFunctor"; }
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    typedef_carry_ = 0;
    typedef_delta_.prev = &typedef_carry_;
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  typedef MutSTypedefDeltaTo<Dtype> Delta;
  Delta typedef_delta_;
  Dtype typedef_carry_;
  int num_, dim_;
};

template <typename Dtype>
void MutSTypedefFunctorLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=unknown-call reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    vector<Dtype> row(bottom_data + n * dim_, bottom_data + (n + 1) * dim_);
    std::transform(row.begin(), row.end(), row.begin(), typedef_delta_);
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = std::max(row[k], Dtype(0));
    }
  }
}

template <typename Dtype>
void MutSTypedefFunctorLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSTypedefFunctorLayer);
REGISTER_LAYER_CLASS(MutSTypedefFunctor);

}  // namespace caffe
