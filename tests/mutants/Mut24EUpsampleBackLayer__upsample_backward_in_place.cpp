#include <vector>
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"
namespace caffe {

// MobileNet-YOLO's Upsample backward, summing into the bottom's diff (no zeroing first):
// sample n reads the top's diff at n * C * (H * s) * (W * s); run in place that is sample
// n * s * s's part of the bottom's diff, which that sample adds to.
template <typename Dtype>
class Mut24EUpsampleBackLayer : public Layer<Dtype> {
 public:
  explicit Mut24EUpsampleBackLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    top[0]->Reshape(bottom[0]->num(), bottom[0]->channels(), bottom[0]->height() * 2,
                    bottom[0]->width() * 2);
  }
  virtual inline const char* type() const { return "Mut24EUpsampleBack"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {}
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {
    const int scale_ = 2;
    int N = bottom[0]->shape(0);
    int C = bottom[0]->shape(1);
    int H = bottom[0]->shape(2);
    int W = bottom[0]->shape(3);
    const Dtype* output_grad = top[0]->cpu_diff();
    Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
    // CGP-MUTANT: unsafe class=aliasing reason=aliasing guard=top[0]
    for (int n = 0; n < N; n++) {
      for (int c = 0; c < C; c++) {
        for (int h = 0; h < H; h++) {
          for (int w = 0; w < W; w++) {
            for (int i = 0; i < scale_; i++) {
              for (int j = 0; j < scale_; j++) {
                int nw = w * scale_ + i;
                int nh = h * scale_ + j;
                int out_idx = (((n * C + c) * H) + h) * W + w;
                int in_idx = (((n * C + c) * (H * scale_)) + nh) * (W * scale_) + nw;
                bottom_diff[out_idx] += output_grad[in_idx];
              }
            }
          }
        }
      }
    }
  }
};

INSTANTIATE_CLASS(Mut24EUpsampleBackLayer);
REGISTER_LAYER_CLASS(Mut24EUpsampleBack);
}  // namespace caffe
