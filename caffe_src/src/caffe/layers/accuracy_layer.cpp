#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

#include "caffe/layers/accuracy_layer.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

template <typename Dtype>
void AccuracyLayer<Dtype>::LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                                      const vector<Blob<Dtype>*>& top) {
  const AccuracyParameter& accuracy_param = this->layer_param_.accuracy_param();
  top_k_ = accuracy_param.top_k();
  has_ignore_label_ = accuracy_param.has_ignore_label();
  if (has_ignore_label_) ignore_label_ = accuracy_param.ignore_label();
}

template <typename Dtype>
void AccuracyLayer<Dtype>::Reshape(const vector<Blob<Dtype>*>& bottom,
                                   const vector<Blob<Dtype>*>& top) {
  CHECK_LE(top_k_, bottom[0]->count() / bottom[1]->count())
      << "top_k must not exceed the number of classes.";
  label_axis_ = bottom[0]->CanonicalAxisIndex(this->layer_param_.accuracy_param().axis());
  outer_num_ = bottom[0]->count(0, label_axis_);
  inner_num_ = bottom[0]->count(label_axis_ + 1);
  CHECK_EQ(outer_num_ * inner_num_, bottom[1]->count())
      << "The label count must be the prediction count divided by the number of classes "
      << "(label shape N x H x W for a prediction N x C x H x W).";
  vector<int> top_shape(0);  // a scalar
  top[0]->Reshape(top_shape);
  if (top.size() > 1) {
    // Per-class accuracies.
    vector<int> top_shape_per_class(1, bottom[0]->shape(label_axis_));
    top[1]->Reshape(top_shape_per_class);
    nums_buffer_.Reshape(top_shape_per_class);
  }
}

template <typename Dtype>
void AccuracyLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                       const vector<Blob<Dtype>*>& top) {
  Dtype accuracy = 0;
  const Dtype* bottom_data = bottom[0]->cpu_data();
  const Dtype* bottom_label = bottom[1]->cpu_data();
  const int dim = bottom[0]->count() / outer_num_;
  const int num_labels = bottom[0]->shape(label_axis_);
  if (top.size() > 1) {
    caffe_set(nums_buffer_.count(), Dtype(0), nums_buffer_.mutable_cpu_data());
    caffe_set(top[1]->count(), Dtype(0), top[1]->mutable_cpu_data());
  }
  vector<std::pair<Dtype, int> > bottom_data_vector(num_labels);
  int count = 0;
  for (int i = 0; i < outer_num_; ++i) {
    for (int j = 0; j < inner_num_; ++j) {
      const int label_value = static_cast<int>(bottom_label[i * inner_num_ + j]);
      if (has_ignore_label_ && label_value == ignore_label_) continue;
      CHECK_GE(label_value, 0);
      CHECK_LT(label_value, num_labels);
      if (top.size() > 1) ++nums_buffer_.mutable_cpu_data()[label_value];
      // The top_k_ highest scores of this sample, best first.
      for (int k = 0; k < num_labels; ++k) {
        bottom_data_vector[k] = std::make_pair(bottom_data[i * dim + k * inner_num_ + j], k);
      }
      std::partial_sort(bottom_data_vector.begin(), bottom_data_vector.begin() + top_k_,
                        bottom_data_vector.end(), std::greater<std::pair<Dtype, int> >());
      for (int k = 0; k < top_k_; k++) {
        if (bottom_data_vector[k].second == label_value) {
          ++accuracy;
          if (top.size() > 1) ++top[1]->mutable_cpu_data()[label_value];
          break;
        }
      }
      ++count;
    }
  }
  top[0]->mutable_cpu_data()[0] = (count == 0) ? Dtype(0) : accuracy / count;
  if (top.size() > 1) {
    const Dtype* nums = nums_buffer_.cpu_data();
    Dtype* per_class = top[1]->mutable_cpu_data();
    for (int i = 0; i < top[1]->count(); ++i) {
      per_class[i] = (nums[i] == 0) ? Dtype(0) : per_class[i] / nums[i];
    }
  }
}

INSTANTIATE_CLASS(AccuracyLayer);
REGISTER_LAYER_CLASS(Accuracy);

}  // namespace caffe
