// Unsafe: an iterator declared in a for header, into a member vector every sample adds to.
#include <algorithm>
#include <map>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutMemberTotalsHeaderLayer : public Layer<Dtype> {
 public:
  explicit MutMemberTotalsHeaderLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutMemberTotalsHeader"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
  std::vector<Dtype> totals_;
};

template <typename Dtype>
void MutMemberTotalsHeaderLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  totals_.assign(dim_, Dtype(0));
  // CGP-MUTANT: unsafe class=shared-container reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    int d = 0;
    for (typename std::vector<Dtype>::iterator it = totals_.begin(); it != totals_.end();
         ++it, ++d) {
      *it += bottom_data[n * dim_ + d];
      top_data[n * dim_ + d] = *it;
    }
  }
}

INSTANTIATE_CLASS(MutMemberTotalsHeaderLayer);
REGISTER_LAYER_CLASS(MutMemberTotalsHeader);

}  // namespace caffe
