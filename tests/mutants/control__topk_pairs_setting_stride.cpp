// Control (issue 25): per-sample top-k with a local vector of pairs (std::make_pair),
// partial_sort with std::greater, and k ids written at n * top_k_ + k, k counted from 0 to
// top_k_ (a layer setting that sizes top[0]'s samples).
#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutCTopKPairsLayer : public Layer<Dtype> {
 public:
  explicit MutCTopKPairsLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top_k_ = this->layer_param_.accuracy_param().top_k();
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    num_labels_ = bottom[0]->count(1);
    vector<int> shape(2);
    shape[0] = num_;
    shape[1] = top_k_;
    top[0]->Reshape(shape);
    top[1]->Reshape(vector<int>(1, num_));
  }
  virtual inline const char* type() const { return "MutCTopKPairs"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
  int num_;
  int num_labels_;
  int top_k_;
};

template <typename Dtype>
void MutCTopKPairsLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                      const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* bottom_label = bottom[1]->cpu_data();
  Dtype* top_ids = top[0]->mutable_cpu_data();
  Dtype* top_hit = top[1]->mutable_cpu_data();
  // CGP-MUTANT: control
  for (int n = 0; n < num_; ++n) {
    std::vector<std::pair<Dtype, int> > scores(num_labels_);
    for (int k = 0; k < num_labels_; ++k) {
      scores[k] = std::make_pair(bottom_data[n * num_labels_ + k], k);
    }
    std::partial_sort(scores.begin(), scores.begin() + top_k_, scores.end(),
                      std::greater<std::pair<Dtype, int> >());
    const int label_value = static_cast<int>(bottom_label[n]);
    Dtype hit = 0;
    for (int k = 0; k < top_k_; ++k) {
      top_ids[n * top_k_ + k] = static_cast<Dtype>(scores[k].second);
      if (scores[k].second == label_value) hit = 1;
    }
    top_hit[n] = hit;
  }
}

INSTANTIATE_CLASS(MutCTopKPairsLayer);
REGISTER_LAYER_CLASS(MutCTopKPairs);

}  // namespace caffe
