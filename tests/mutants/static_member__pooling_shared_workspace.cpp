// From caffe_src's PoolingLayer, AVE method, per sample and channel.
// Edit: to save memory, every instance shares one row-sum workspace through a `static`
// pointer data member (grown in Reshape to the largest plane seen). The batch loop fills the
// workspace with the column sums of each channel's rows and then reads it back. Each sample
// writes the same static buffer: run in parallel, the threads overwrite each other's sums.
// CGP-MUTANT-PARAM: pooling_param { kernel_size: 2 }
#include <algorithm>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
class MutSharedWorkspacePoolingLayer : public Layer<Dtype> {
 public:
  explicit MutSharedWorkspacePoolingLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    kernel_ = this->layer_param_.pooling_param().kernel_size();
    CHECK_GT(kernel_, 0);
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    CHECK_EQ(4, bottom[0]->num_axes());
    num_ = bottom[0]->num();
    channels_ = bottom[0]->channels();
    height_ = bottom[0]->height();
    width_ = bottom[0]->width();
    pooled_height_ = height_ / kernel_;
    pooled_width_ = width_ / kernel_;
    top[0]->Reshape(num_, channels_, pooled_height_, pooled_width_);
    if (width_ > workspace_size_) {
      delete[] workspace_;
      workspace_ = new Dtype[width_];
      workspace_size_ = width_;
    }
  }
  virtual inline const char* type() const { return "MutSharedWorkspacePooling"; }
  virtual inline int ExactNumBottomBlobs() const { return 1; }
  virtual inline int ExactNumTopBlobs() const { return 1; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  static Dtype* workspace_;
  static int workspace_size_;
  int kernel_;
  int num_, channels_, height_, width_, pooled_height_, pooled_width_;
};

template <typename Dtype>
Dtype* MutSharedWorkspacePoolingLayer<Dtype>::workspace_ = NULL;
template <typename Dtype>
int MutSharedWorkspacePoolingLayer<Dtype>::workspace_size_ = 0;

template <typename Dtype>
void MutSharedWorkspacePoolingLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                                        const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  const Dtype inv_area = Dtype(1) / (kernel_ * kernel_);
  // CGP-MUTANT: unsafe class=static-member reason=global-state
  for (int n = 0; n < num_; ++n) {
    for (int c = 0; c < channels_; ++c) {
      const Dtype* plane = bottom_data + bottom[0]->offset(n, c);
      Dtype* out = top_data + top[0]->offset(n, c);
      for (int ph = 0; ph < pooled_height_; ++ph) {
        // Column sums of the kernel_ rows of this output row.
        for (int w = 0; w < width_; ++w) {
          workspace_[w] = 0;
          for (int h = ph * kernel_; h < (ph + 1) * kernel_; ++h) {
            workspace_[w] += plane[h * width_ + w];
          }
        }
        for (int pw = 0; pw < pooled_width_; ++pw) {
          Dtype sum = 0;
          for (int w = pw * kernel_; w < (pw + 1) * kernel_; ++w) {
            sum += workspace_[w];
          }
          out[ph * pooled_width_ + pw] = sum * inv_area;
        }
      }
    }
  }
}

INSTANTIATE_CLASS(MutSharedWorkspacePoolingLayer);
REGISTER_LAYER_CLASS(MutSharedWorkspacePooling);

}  // namespace caffe
