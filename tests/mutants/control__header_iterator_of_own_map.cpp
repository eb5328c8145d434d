// Control (issue 25): a per-sample std::map walked with an iterator declared in the for
// header only (its type must be known there: once it was not, and the loop was rejected).
#include <map>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCHeaderIteratorLayer : public Layer<Dtype> {
 public:
  explicit MutCHeaderIteratorLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    vector<int> shape(1, num_);
    top[0]->Reshape(shape);
  }
  virtual inline const char* type() const { return "MutCHeaderIterator"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int dim_;
};

template <typename Dtype>
void MutCHeaderIteratorLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                           const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    std::map<int, int> counts;
    for (int d = 0; d < dim_; ++d) {
      const int key = static_cast<int>(bottom_data[n * dim_ + d]);
      std::map<int, int>::iterator it = counts.find(key);
      if (it == counts.end()) {
        counts[key] = 1;
      } else {
        ++it->second;
      }
    }
    int best = 0;
    for (std::map<int, int>::iterator jt = counts.begin(); jt != counts.end(); ++jt) {
      if (jt->second > best) best = jt->second;
    }
    top_data[n] = static_cast<Dtype>(best);
  }
}

INSTANTIATE_CLASS(MutCHeaderIteratorLayer);
REGISTER_LAYER_CLASS(MutCHeaderIterator);

}  // namespace caffe
