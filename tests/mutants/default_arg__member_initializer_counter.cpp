// Edit of a layer that numbers each sample with a local struct whose default member
// initializer takes the next number from a namespace-scope counter (`int id = NextTag();`).
// (red team, 2026-12-06, eighth round: came back parallel before)
#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

int g_tags = 0;
inline int NextTag() { return g_tags++; }
struct RowTag {
  int id = NextTag();
};

template <typename Dtype>
class MutXNsdmiLayer : public Layer<Dtype> {
 public:
  explicit MutXNsdmiLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutXNsdmi"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutXNsdmiLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const int num = bottom[0]->num();
  const int dim = bottom[0]->count(1);
  // CGP-MUTANT: unsafe class=global-state reason=unknown-call
  for (int n = 0; n < num; ++n) {
    RowTag tag;
    const Dtype v = Dtype(tag.id);
    for (int k = 0; k < dim; ++k) {
      top_data[n * dim + k] = bottom_data[n * dim + k] * v;
    }
  }
}

INSTANTIATE_CLASS(MutXNsdmiLayer);
REGISTER_LAYER_CLASS(MutXNsdmi);

}  // namespace caffe
