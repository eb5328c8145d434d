#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// a base of the layer's own hierarchy takes a scratch type as its second template argument:
// a plain struct with no special member of its own, declared in the base's helper; its
// Dtype-only grand-base declares a Dtype accumulator of its parameter
struct Mut23APbScratch { int lanes; float acc; };

template <typename Dtype>
class Mut23APbSumBase : public Layer<Dtype> {
 public:
  explicit Mut23APbSumBase(const LayerParameter& param) : Layer<Dtype>(param) {}

 protected:
  Dtype Mut23APbSum(const Dtype* x, int dim) {
    Dtype acc = 0;
    for (int k = 0; k < dim; ++k) acc += x[k];
    return acc;
  }
};

template <typename Dtype, class Scratch>
class Mut23APbScaleBase : public Mut23APbSumBase<Dtype> {
 public:
  explicit Mut23APbScaleBase(const LayerParameter& param) : Mut23APbSumBase<Dtype>(param) {}

 protected:
  void Mut23APbScale(const Dtype* x, Dtype* y, int dim) {
    Scratch s;
    Dtype total = this->Mut23APbSum(x, dim);
    for (int k = 0; k < dim; ++k) y[k] = x[k] * 2 + total;
  }
};

template <typename Dtype>
class Mut23APodBaseControlLayer : public Mut23APbScaleBase<Dtype, Mut23APbScratch> {
 public:
  explicit Mut23APodBaseControlLayer(const LayerParameter& param)
      : Mut23APbScaleBase<Dtype, Mut23APbScratch>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut23APodBaseControl"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: control
    for (int n = 0; n < num_; ++n) {
      this->Mut23APbScale(bottom_data + n * dim_, top_data + n * dim_, dim_);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut23APodBaseControlLayer);
REGISTER_LAYER_CLASS(Mut23APodBaseControl);
}  // namespace caffe
