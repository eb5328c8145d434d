// From SigmoidLayer (caffe_src/src/caffe/layers/sigmoid_layer.cpp), with a scratch Blob whose
// other buffer holds a constant, as SoftmaxLayer keeps sum_multiplier_ (softmax_layer.cpp).
// Edit (eighteenth red team): the other way round: `table_data_buf_`'s diff is the scratch,
// its data a table set in Reshape that the loop only reads. The thread's copy keeps its data in
// the thread's workspace, memory an earlier region left as it was: the table read is garbage.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSTableInDataLayer : public Layer<Dtype> {
 public:
  explicit MutSTableInDataLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
    table_data_buf_.Reshape(1, 1, 1, dim_);
    Dtype* t = table_data_buf_.mutable_cpu_data();
    for (int k = 0; k < dim_; ++k) {
      t[k] = Dtype(k % 3 + 1);
    }
  }
  virtual inline const char* type() const { return "MutSTableInData"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  Blob<Dtype> table_data_buf_;
  int num_, dim_;
};

template <typename Dtype>
void MutSTableInDataLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const Dtype* table = table_data_buf_.cpu_data();
  Dtype* s = table_data_buf_.mutable_cpu_diff();
  // CGP-MUTANT: unsafe class=scratch-other-buffer reason=cross-sample-dependence
  for (int n = 0; n < num_; ++n) {
    for (int k = 0; k < dim_; ++k) {
      s[k] = bottom_data[n * dim_ + k] + table[k];
    }
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = s[k] * s[k];
    }
  }
}

template <typename Dtype>
void MutSTableInDataLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSTableInDataLayer);
REGISTER_LAYER_CLASS(MutSTableInData);

}  // namespace caffe
