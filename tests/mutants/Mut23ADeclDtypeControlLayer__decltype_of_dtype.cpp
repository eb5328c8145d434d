#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// a decltype of a Dtype parameter (a scratch value the helper leaves unused), an `auto` copy of
// a Dtype element and a nested type of a library container of Dtype: all arithmetic, nothing
// constructed that runs code
template <typename Dtype>
void Mut23ADdShift(const Dtype* x, Dtype* y, Dtype bias, int dim) {
  typename std::vector<Dtype>::size_type count = dim;
  for (int k = 0; k < static_cast<int>(count); ++k) {
    decltype(bias) unused;
    auto v = x[k];
    y[k] = v + bias;
  }
}

template <typename Dtype>
class Mut23ADeclDtypeControlLayer : public Layer<Dtype> {
 public:
  explicit Mut23ADeclDtypeControlLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    scale_ = Dtype(2);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut23ADeclDtypeControl"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: control
    for (int n = 0; n < num_; ++n) {
      Mut23ADdShift(bottom_data + n * dim_, top_data + n * dim_, this->scale_, dim_);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
  Dtype scale_;
};

INSTANTIATE_CLASS(Mut23ADeclDtypeControlLayer);
REGISTER_LAYER_CLASS(Mut23ADeclDtypeControl);
}  // namespace caffe
