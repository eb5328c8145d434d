#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "caffe/layer_factory.hpp"
#include "caffe/layers/softmax_loss_layer.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
void SoftmaxWithLossLayer<Dtype>::LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                                             const vector<Blob<Dtype>*>& top) {
  LossLayer<Dtype>::LayerSetUp(bottom, top);
  // The inner softmax sees the same parameters, but is no loss itself.
  LayerParameter softmax_param(this->layer_param_);
  softmax_param.set_type("Softmax");
  softmax_param.clear_loss_weight();
  softmax_layer_ = LayerRegistry<Dtype>::CreateLayer(softmax_param);
  softmax_bottom_vec_.clear();
  softmax_bottom_vec_.push_back(bottom[0]);
  softmax_top_vec_.clear();
  softmax_top_vec_.push_back(&prob_);
  softmax_layer_->SetUp(softmax_bottom_vec_, softmax_top_vec_);

  const LossParameter& loss_param = this->layer_param_.loss_param();
  has_ignore_label_ = loss_param.has_ignore_label();
  if (has_ignore_label_) ignore_label_ = loss_param.ignore_label();
  if (!loss_param.has_normalization() && loss_param.has_normalize()) {
    // The legacy boolean: true means VALID, false means BATCH_SIZE.
    normalization_ = loss_param.normalize() ? LossParameter_NormalizationMode_VALID
                                            : LossParameter_NormalizationMode_BATCH_SIZE;
  } else {
    normalization_ = loss_param.normalization();
  }
}

template <typename Dtype>
void SoftmaxWithLossLayer<Dtype>::Reshape(const vector<Blob<Dtype>*>& bottom,
                                          const vector<Blob<Dtype>*>& top) {
  LossLayer<Dtype>::Reshape(bottom, top);
  softmax_layer_->Reshape(softmax_bottom_vec_, softmax_top_vec_);
  softmax_axis_ = bottom[0]->CanonicalAxisIndex(this->layer_param_.softmax_param().axis());
  outer_num_ = bottom[0]->count(0, softmax_axis_);
  inner_num_ = bottom[0]->count(softmax_axis_ + 1);
  CHECK_EQ(outer_num_ * inner_num_, bottom[1]->count())
      << "The label count must be the prediction count divided by the number of classes "
      << "(label shape N x H x W for a prediction N x C x H x W).";
  if (top.size() >= 2) {
    top[1]->ReshapeLike(*bottom[0]);
  }
}

template <typename Dtype>
Dtype SoftmaxWithLossLayer<Dtype>::get_normalizer(
    LossParameter_NormalizationMode normalization_mode, int valid_count) {
  Dtype normalizer = Dtype(1);
  switch (normalization_mode) {
    case LossParameter_NormalizationMode_FULL:
      normalizer = Dtype(outer_num_ * inner_num_);
      break;
    case LossParameter_NormalizationMode_VALID:
      normalizer = (valid_count == -1) ? Dtype(outer_num_ * inner_num_) : Dtype(valid_count);
      break;
    case LossParameter_NormalizationMode_BATCH_SIZE:
      normalizer = Dtype(outer_num_);
      break;
    case LossParameter_NormalizationMode_NONE:
      normalizer = Dtype(1);
      break;
    default:
      LOG(FATAL) << "Unknown normalization mode: " << normalization_mode;
  }
  // Never divide by zero (e.g. when every label is ignored).
  return std::max(Dtype(1.0), normalizer);
}

template <typename Dtype>
void SoftmaxWithLossLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                              const vector<Blob<Dtype>*>& top) {
  softmax_layer_->Forward(softmax_bottom_vec_, softmax_top_vec_);
  const Dtype* prob_data = prob_.cpu_data();
  const Dtype* label = bottom[1]->cpu_data();
  const int dim = prob_.count() / outer_num_;
  Dtype loss = 0;
  int count = 0;
  for (int i = 0; i < outer_num_; ++i) {
    for (int j = 0; j < inner_num_; j++) {
      const int label_value = static_cast<int>(label[i * inner_num_ + j]);
      if (has_ignore_label_ && label_value == ignore_label_) continue;
      CHECK_GE(label_value, 0);
      CHECK_LT(label_value, prob_.shape(softmax_axis_));
      loss -= std::log(std::max(prob_data[i * dim + label_value * inner_num_ + j],
                                Dtype(FLT_MIN)));
      ++count;
    }
  }
  top[0]->mutable_cpu_data()[0] = loss / get_normalizer(normalization_, count);
  if (top.size() == 2) {
    top[1]->ShareData(prob_);
  }
}

template <typename Dtype>
void SoftmaxWithLossLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
                                               const vector<bool>& propagate_down,
                                               const vector<Blob<Dtype>*>& bottom) {
  if (propagate_down[1]) {
    LOG(FATAL) << this->type() << " Layer cannot backpropagate to label inputs.";
  }
  if (!propagate_down[0]) return;
  Dtype* bottom_diff = bottom[0]->mutable_cpu_diff();
  const Dtype* prob_data = prob_.cpu_data();
  caffe_copy(prob_.count(), prob_data, bottom_diff);
  const Dtype* label = bottom[1]->cpu_data();
  const int dim = prob_.count() / outer_num_;
  const int channels = bottom[0]->shape(softmax_axis_);
  int count = 0;
  for (int i = 0; i < outer_num_; ++i) {
    for (int j = 0; j < inner_num_; ++j) {
      const int label_value = static_cast<int>(label[i * inner_num_ + j]);
      if (has_ignore_label_ && label_value == ignore_label_) {
        for (int c = 0; c < channels; ++c) {
          bottom_diff[i * dim + c * inner_num_ + j] = 0;
        }
      } else {
        // d(-log p_label)/dx = p - onehot(label)
        bottom_diff[i * dim + label_value * inner_num_ + j] -= 1;
        ++count;
      }
    }
  }
  const Dtype loss_weight = top[0]->cpu_diff()[0] / get_normalizer(normalization_, count);
  caffe_scal(prob_.count(), loss_weight, bottom_diff);
}

INSTANTIATE_CLASS(SoftmaxWithLossLayer);
REGISTER_LAYER_CLASS(SoftmaxWithLoss);

}  // namespace caffe
