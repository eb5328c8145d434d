#include <cmath>
#include <vector>
#include <type_traits>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// the loop declares a scope guard of its member's type, `decltype(this->tick_)`, whose
// constructor counts calls
static long g_mut23a_dm_calls = 0;
struct Mut23ADmTick { Mut23ADmTick() { ++g_mut23a_dm_calls; } };

template <typename Dtype>
class Mut23ADeclMemberLayer : public Layer<Dtype> {
 public:
  explicit Mut23ADeclMemberLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "Mut23ADeclMember"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const Dtype* bottom_data = bottom[0]->cpu_data();
    Dtype* top_data = top[0]->mutable_cpu_data();

    // CGP-MUTANT: unsafe class=special-member reason=unknown-call
    for (int n = 0; n < num_; ++n) {
      decltype(this->tick_) g;
      for (int k = 0; k < dim_; ++k) {
        top_data[n * dim_ + k] = bottom_data[n * dim_ + k] * 2;
      }
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_, dim_;
  Mut23ADmTick tick_;
};

INSTANTIATE_CLASS(Mut23ADeclMemberLayer);
REGISTER_LAYER_CLASS(Mut23ADeclMember);
}  // namespace caffe
