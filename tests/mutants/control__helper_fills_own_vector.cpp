// Control (issue 25): a helper of the file fills the sample's own vector, passed by
// reference.
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
class MutCHelperOwnRowLayer : public Layer<Dtype> {
 public:
  explicit MutCHelperOwnRowLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutCHelperOwnRow"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
static void fill_row_own(std::vector<Dtype>& row, const Dtype* in, int dim) {
  for (int d = 0; d < dim; ++d) row[d] = in[d] * Dtype(2);
}

template <typename Dtype>
void MutCHelperOwnRowLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    std::vector<Dtype> row(dim_);
    fill_row_own(row, bottom_data + n * dim_, dim_);
    for (int d = 0; d < dim_; ++d) top_data[n * dim_ + d] = row[d];
  }
}

INSTANTIATE_CLASS(MutCHelperOwnRowLayer);
REGISTER_LAYER_CLASS(MutCHelperOwnRow);

}  // namespace caffe
