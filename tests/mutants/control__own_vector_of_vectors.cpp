// Control (issue 25): a vector of vectors of the sample's own, written and read through
// two subscripts (rows[r][d]).
#include <algorithm>
#include <numeric>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCOwnRowsLayer : public Layer<Dtype> {
 public:
  explicit MutCOwnRowsLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutCOwnRows"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutCOwnRowsLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    std::vector<std::vector<Dtype> > rows(4, std::vector<Dtype>(dim_));
    for (int r = 0; r < 4; ++r) {
      for (int d = 0; d < dim_; ++d) rows[r][d] = bottom_data[n * dim_ + d] * r;
    }
    for (int d = 0; d < dim_; ++d) {
      top_data[n * dim_ + d] = rows[3][d] - rows[1][d];
    }
  }
}

INSTANTIATE_CLASS(MutCOwnRowsLayer);
REGISTER_LAYER_CLASS(MutCOwnRows);

}  // namespace caffe
