// Unsafe: an iterator that starts in the sample's own map, then is pointed into a member map that every sample updates.
#include <algorithm>
#include <map>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSeenMapLayer : public Layer<Dtype> {
 public:
  explicit MutSeenMapLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSeenMap"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
  std::map<int, int> seen_;
};

template <typename Dtype>
void MutSeenMapLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=shared-container reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    std::map<int, int> mine;
    mine[n] = 1;
    std::map<int, int>::iterator it = mine.begin();
    if (bottom_data[n * dim_] > Dtype(0)) {
      it = seen_.begin();
    }
    it->second += 1;
    top_data[n * dim_] = static_cast<Dtype>(it->second);
  }
}

INSTANTIATE_CLASS(MutSeenMapLayer);
REGISTER_LAYER_CLASS(MutSeenMap);

}  // namespace caffe
