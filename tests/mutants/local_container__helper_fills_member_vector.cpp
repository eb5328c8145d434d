// Unsafe: the same helper given a member vector: every sample fills the shared row.
#include <algorithm>
#include <numeric>
#include <queue>
#include <unordered_map>
#include <utility>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutHelperMemberRowLayer : public Layer<Dtype> {
 public:
  explicit MutHelperMemberRowLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutHelperMemberRow"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  std::vector<Dtype> row;
  int dim_;
};

template <typename Dtype>
static void fill_row_member(std::vector<Dtype>& row, const Dtype* in, int dim) {
  for (int d = 0; d < dim; ++d) row[d] = in[d] * Dtype(2);
}

template <typename Dtype>
void MutHelperMemberRowLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=shared-container reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    fill_row_member(row, bottom_data + n * dim_, dim_);
    for (int d = 0; d < dim_; ++d) top_data[n * dim_ + d] = row[d];
  }
}

INSTANTIATE_CLASS(MutHelperMemberRowLayer);
REGISTER_LAYER_CLASS(MutHelperMemberRow);

}  // namespace caffe
