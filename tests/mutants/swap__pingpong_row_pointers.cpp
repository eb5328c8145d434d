// From EltwiseLayer's SUM (caffe_src/src/caffe/layers/eltwise_layer.cpp), as a difference.
// Edit: a temporal-difference layer for time-major batches: top[n] = x[n] - x[n-1]. The author
// keeps the previous sample in one row of a two-row member scratch Blob and the current one in
// the other, and flips the two row pointers with std::swap after each sample. Sample n reads
// the row that sample n-1 filled.
#include <utility>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRPingPongDiffLayer : public Layer<Dtype> {
 public:
  explicit MutRPingPongDiffLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    vector<int> rows(2, 2);
    rows[1] = dim_;
    rows_.Reshape(rows);
  }
  virtual inline const char* type() const { return "MutRPingPongDiff"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  Blob<Dtype> rows_;  // 2 x dim: the previous and the current sample
  int num_, dim_;
};

template <typename Dtype>
void MutRPingPongDiffLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                               const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  Dtype* prev_row = rows_.mutable_cpu_data();
  Dtype* cur_row = prev_row + dim_;
  caffe_set(rows_.count(), Dtype(0), prev_row);
  // CGP-MUTANT: unsafe class=recurrence reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    caffe_copy(dim_, bottom_data + n * dim_, cur_row);
    caffe_sub(dim_, cur_row, prev_row, top_data + n * dim_);
    std::swap(prev_row, cur_row);
  }
}

INSTANTIATE_CLASS(MutRPingPongDiffLayer);
REGISTER_LAYER_CLASS(MutRPingPongDiff);

}  // namespace caffe
