#include <vector>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// A helper whose vector parameters are named bottom and top, called with the tops from
// the second on: the helper's top[0] is the layer's top[1], the in-place partner of the
// bottom[1] whose first sample it reads in every sample (bottom[1] and top[0] are no partners by their names).
template <typename Dtype>
class Mut23BShiftVecLayer : public Layer<Dtype> {
 public:
  explicit Mut23BShiftVecLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->ReshapeLike(*bottom[0]);
    top[1]->ReshapeLike(*bottom[1]);
  }
  virtual inline const char* type() const { return "Mut23BShiftVec"; }
  virtual inline int ExactNumBottomBlobs() const { return 2; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

 protected:
  void Mut23BShiftRun(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    const int num = bottom[1]->num();
    const int dim = bottom[1]->count(1);
    const Dtype* in_data = bottom[1]->cpu_data();
    Dtype* out_data = top[0]->mutable_cpu_data();
    // CGP-MUTANT: unsafe class=aliasing reason=aliasing guard=bottom[1]
    for (int n = 0; n < num; ++n) {
      for (int k = 0; k < dim; ++k) {
        out_data[n * dim + k] = in_data[k] - Dtype(1);
      }
    }
  }
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    caffe_copy(bottom[0]->count(), bottom[0]->cpu_data(), top[0]->mutable_cpu_data());
    const vector<Blob<Dtype>*> rest(top.begin() + 1, top.end());
    Mut23BShiftRun(bottom, rest);
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}
};

INSTANTIATE_CLASS(Mut23BShiftVecLayer);
REGISTER_LAYER_CLASS(Mut23BShiftVec);
}  // namespace caffe
