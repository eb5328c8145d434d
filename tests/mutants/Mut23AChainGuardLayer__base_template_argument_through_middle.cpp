#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// the guard class reaches the base whose helper declares it through a middle class template
// that only hands its parameter on (spelled as a typedef at the layer); its constructor
// counts calls
static long g_mut23a_cg_calls = 0;
struct Mut23ACgTick { Mut23ACgTick() { ++g_mut23a_cg_calls; } };

template <typename Dtype, class Guard>
class Mut23ACgGuardedBase : public Layer<Dtype> {
 public:
  explicit Mut23ACgGuardedBase(const LayerParameter& param) : Layer<Dtype>(param) {}

 protected:
  void Mut23ACgScale(const Dtype* x, Dtype* y, int dim) {
    Guard g;
    for (int k = 0; k < dim; ++k) y[k] = x[k] * 2;
  }
};

template <class G, typename Dtype>
class Mut23ACgMiddle : public Mut23ACgGuardedBase<Dtype, G> {
 public:
  explicit Mut23ACgMiddle(const LayerParameter& param) : Mut23ACgGuardedBase<Dtype, G>(param) {}
};
typedef Mut23ACgTick Mut23ACgTickAlias;

template <typename Dtype>
class Mut23AChainGuardLayer : public Mut23ACgMiddle<Mut23ACgTickAlias, Dtype> {
 public:
  explicit Mut23AChainGuardLayer(const LayerParameter& param)
      : Mut23ACgMiddle<Mut23ACgTickAlias, Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut23AChainGuard"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      this->Mut23ACgScale(bottom_data + n * dim_, top_data + n * dim_, dim_);
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
};

INSTANTIATE_CLASS(Mut23AChainGuardLayer);
REGISTER_LAYER_CLASS(Mut23AChainGuard);
}  // namespace caffe
