// From caffe_src's ConcatLayer (a per-sample caffe_copy of each sample's slice), run in reverse:
// the samples of bottom[0] are routed to top[0] or top[1] by the binary label in bottom[1].
// Edit: each top's write pointer is advanced inside the `switch` case that copies into it,
// so top[0]'s pointer at sample n is the number of earlier label-0 samples times dim_:
// it depends on the labels of all earlier samples, not on n.
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutRouteByLabelLayer : public Layer<Dtype> {
 public:
  explicit MutRouteByLabelLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(bottom[0]->num(), bottom[1]->count()) << "one label per sample";
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    // Each top can receive every sample; unused rows stay zero.
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutRouteByLabel"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int num_;
  int dim_;
};

template <typename Dtype>
void MutRouteByLabelLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  Dtype* neg_data = top[0]->mutable_cpu_data();
  Dtype* pos_data = top[1]->mutable_cpu_data();
  caffe_set(top[0]->count(), Dtype(0), neg_data);
  caffe_set(top[1]->count(), Dtype(0), pos_data);
  // CGP-MUTANT: unsafe class=skipped-increment reason=unprovable-induction
  for (int n = 0; n < num_; ++n) {
    const Dtype* in = bottom_data + n * dim_;
    switch (static_cast<int>(label[n])) {
      case 0:
        for (int k = 0; k < dim_; ++k) {
          neg_data[k] = in[k];
        }
        neg_data += dim_;
        break;
      case 1:
        for (int k = 0; k < dim_; ++k) {
          pos_data[k] = in[k];
        }
        pos_data += dim_;
        break;
      default:
        break;  // unlabelled samples are dropped
    }
  }
}

INSTANTIATE_CLASS(MutRouteByLabelLayer);
REGISTER_LAYER_CLASS(MutRouteByLabel);

}  // namespace caffe
