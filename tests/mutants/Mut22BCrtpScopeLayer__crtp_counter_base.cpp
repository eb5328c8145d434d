#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// the CRTP object counter: every class that derives from Mut22BCsCounted<Self> counts its live
// objects (a common way to watch for leaks); a scope tag in the loop has no constructor of its own
template <class T> struct Mut22BCsCounted {
  static int alive;
  static int made;
  Mut22BCsCounted() { ++alive; ++made; }
  ~Mut22BCsCounted() { --alive; }
};
template <class T> int Mut22BCsCounted<T>::alive = 0;
template <class T> int Mut22BCsCounted<T>::made = 0;
struct Mut22BCsForwardScope : Mut22BCsCounted<Mut22BCsForwardScope> {};

template <typename Dtype>
class Mut22BCrtpScopeLayer : public Layer<Dtype> {
 public:
  explicit Mut22BCrtpScopeLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut22BCrtpScope"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      Mut22BCsForwardScope scope;
      for (int k = 0; k < dim_; ++k) {
        top_data[n * dim_ + k] = bottom_data[n * dim_ + k] * 2;
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut22BCrtpScopeLayer);
REGISTER_LAYER_CLASS(Mut22BCrtpScope);
}  // namespace caffe
