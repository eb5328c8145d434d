// DummyDataLayer: filler-generated tops.
#include "caffe/layers/dummy_data_layer.hpp"

#include <vector>

namespace caffe {

template <typename Dtype>
void DummyDataLayer<Dtype>::LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                                       const vector<Blob<Dtype>*>& top) {
  const int num_top = static_cast<int>(top.size());
  const DummyDataParameter& param = this->layer_param_.dummy_data_param();
  const int num_data_filler = param.data_filler_size();
  CHECK(num_data_filler == 0 || num_data_filler == 1 || num_data_filler == num_top)
      << "dummy_data_param needs 0, 1 or " << num_top << " data_filler(s), not "
      << num_data_filler;

  // The shape comes either from shape { dim ... } or from the legacy
  // num/channels/height/width lists, each holding one entry or one per top.
  const bool legacy_shape = param.num_size() > 0 || param.channels_size() > 0 ||
                            param.height_size() > 0 || param.width_size() > 0;
  if (legacy_shape) {
    CHECK_EQ(param.shape_size(), 0)
        << "Give the DummyData shape either as shape or as num/channels/height/width";
    CHECK(param.num_size() == 1 || param.num_size() == num_top)
        << "num must be given once or once per top";
    CHECK(param.channels_size() == 1 || param.channels_size() == num_top)
        << "channels must be given once or once per top";
    CHECK(param.height_size() == 1 || param.height_size() == num_top)
        << "height must be given once or once per top";
    CHECK(param.width_size() == 1 || param.width_size() == num_top)
        << "width must be given once or once per top";
  } else {
    CHECK(param.shape_size() == 1 || param.shape_size() == num_top)
        << "shape must be given once or once per top (" << num_top << " tops, "
        << param.shape_size() << " shapes)";
  }

  // Constant fillers fill once, here; the others fill again in every Forward.
  refill_.clear();
  fillers_.clear();
  if (num_data_filler <= 1) {
    FillerParameter filler_param;
    if (num_data_filler == 0) {
      filler_param.set_type("constant");
      filler_param.set_value(0);
    } else {
      filler_param.CopyFrom(param.data_filler(0));
    }
    refill_.push_back(filler_param.type() != "constant");
    fillers_.push_back(shared_ptr<Filler<Dtype> >(GetFiller<Dtype>(filler_param)));
  } else {
    for (int i = 0; i < num_data_filler; ++i) {
      refill_.push_back(param.data_filler(i).type() != "constant");
      fillers_.push_back(shared_ptr<Filler<Dtype> >(GetFiller<Dtype>(param.data_filler(i))));
    }
  }

  for (int i = 0; i < num_top; ++i) {
    if (legacy_shape) {
      const int num = param.num(param.num_size() == 1 ? 0 : i);
      const int channels = param.channels(param.channels_size() == 1 ? 0 : i);
      const int height = param.height(param.height_size() == 1 ? 0 : i);
      const int width = param.width(param.width_size() == 1 ? 0 : i);
      top[i]->Reshape(num, channels, height, width);
    } else {
      top[i]->Reshape(param.shape(param.shape_size() == 1 ? 0 : i));
    }
  }

  // Fill the constant tops now.
  for (int i = 0; i < num_top; ++i) {
    const int filler_id = (fillers_.size() > 1) ? i : 0;
    if (!refill_[filler_id]) fillers_[filler_id]->Fill(top[i]);
  }
}

template <typename Dtype>
void DummyDataLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                                        const vector<Blob<Dtype>*>& top) {
  for (int i = 0; i < static_cast<int>(top.size()); ++i) {
    const int filler_id = (fillers_.size() > 1) ? i : 0;
    if (refill_[filler_id]) fillers_[filler_id]->Fill(top[i]);
  }
}

INSTANTIATE_CLASS(DummyDataLayer);
REGISTER_LAYER_CLASS(DummyData);

}  // namespace caffe
