// Unsafe: a member vector of vectors written through two subscripts by every sample.
#include <algorithm>
#include <numeric>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutMemberRowsLayer : public Layer<Dtype> {
 public:
  explicit MutMemberRowsLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutMemberRows"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  std::vector<std::vector<Dtype> > rows;
  int dim_;
};

template <typename Dtype>
void MutMemberRowsLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=shared-container reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    for (int r = 0; r < 4; ++r) {
      for (int d = 0; d < dim_; ++d) rows[r][d] = bottom_data[n * dim_ + d] * r;
    }
    for (int d = 0; d < dim_; ++d) {
      top_data[n * dim_ + d] = rows[3][d] - rows[1][d];
    }
  }
}

INSTANTIATE_CLASS(MutMemberRowsLayer);
REGISTER_LAYER_CLASS(MutMemberRows);

}  // namespace caffe
