// Edit of ReLULayer keeping the last sample's values: a vector the sample builds is swapped
// with a member (`row.swap(last_row_)`), which writes the member. (red team, 2026-12-05: came back parallel before)
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCSwapMemberLayer : public Layer<Dtype> {
 public:
  explicit MutCSwapMemberLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutCSwapMember"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  vector<Dtype> last_row_;
  int num_;
  int dim_;
};

template <typename Dtype>
void MutCSwapMemberLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=container-method reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    vector<Dtype> row(dim_);
    for (int i = 0; i < dim_; ++i) {
      row[i] = std::max(bottom_data[n * dim_ + i], Dtype(0));
      top_data[n * dim_ + i] = row[i];
    }
    row.swap(last_row_);
  }
}

INSTANTIATE_CLASS(MutCSwapMemberLayer);
REGISTER_LAYER_CLASS(MutCSwapMember);

}  // namespace caffe
