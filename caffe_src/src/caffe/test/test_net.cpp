// Tests of Net: graph construction (splits, in-place layers, inputs and outputs),
// which layers and bottoms need a backward pass, parameter sharing and learning rate
// multipliers, loss weights, state filtering, forward / backward consistency with
// finite differences, and weight copying / sharing / serialization.
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <google/protobuf/text_format.h>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/net.hpp"
#include "caffe/proto/caffe.pb.h"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/util/io.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

namespace {

// Input layer with a 4 x 3 x 2 x 2 "data" top and a 4-element "label" top.
const char* kInputLayer =
    "layer { name: 'data' type: 'Input' top: 'data' top: 'label' "
    "  input_param { shape { dim: 4 dim: 3 dim: 2 dim: 2 } shape { dim: 4 } } } ";

string InnerProductLayer(const string& name, const string& bottom, int num_output,
                         const string& params = "") {
  return "layer { name: '" + name + "' type: 'InnerProduct' bottom: '" + bottom +
         "' top: '" + name + "' " + params + " inner_product_param { num_output: " +
         std::to_string(num_output) +
         " weight_filler { type: 'gaussian' std: 0.5 } "
         "  bias_filler { type: 'gaussian' std: 0.2 } } } ";
}

string SoftmaxLossLayer(const string& name, const string& bottom, const string& label,
                        const string& extra = "") {
  return "layer { name: '" + name + "' type: 'SoftmaxWithLoss' bottom: '" + bottom +
         "' bottom: '" + label + "' top: '" + name + "' " + extra + " } ";
}

}  // namespace

template <typename Dtype>
class NetTest : public CPUDeviceTest<Dtype> {
 protected:
  NetTest() : seed_(1701) {}

  void InitNetFromProtoString(const string& proto) {
    NetParameter param;
    CHECK(google::protobuf::TextFormat::ParseFromString(proto, &param)) << proto;
    Caffe::set_random_seed(seed_);
    net_.reset(new Net<Dtype>(param));
    FillInputs(net_.get());
  }

  // Deterministic contents for the Input tops: smooth data, labels cycling 0, 1, 2.
  static void FillInputs(Net<Dtype>* net) {
    for (int i = 0; i < net->num_inputs(); ++i) {
      Blob<Dtype>* blob = net->input_blobs()[i];
      Dtype* data = blob->mutable_cpu_data();
      const string& name = net->blob_names()[net->input_blob_indices()[i]];
      for (int j = 0; j < blob->count(); ++j) {
        data[j] = (name == "label") ? Dtype(j % 3) : Dtype(std::sin(0.37 * j + 0.1));
      }
    }
  }

  // DummyData -> InnerProduct -> SoftmaxWithLoss.
  void InitTinyNet(const bool force_backward = false) {
    string proto =
        "name: 'TinyTestNetwork' "
        "layer { name: 'data' type: 'DummyData' top: 'data' top: 'label' "
        "  dummy_data_param { "
        "    shape { dim: 5 dim: 2 dim: 3 dim: 4 } "
        "    data_filler { type: 'gaussian' std: 0.01 } "
        "    shape { dim: 5 } "
        "    data_filler { type: 'constant' value: 0 } } } "
        "layer { name: 'innerproduct' type: 'InnerProduct' bottom: 'data' "
        "  top: 'innerproduct' "
        "  inner_product_param { num_output: 1000 "
        "    weight_filler { type: 'gaussian' std: 0.01 } "
        "    bias_filler { type: 'constant' value: 0 } } "
        "  param { lr_mult: 1 decay_mult: 1 } param { lr_mult: 2 decay_mult: 0 } } "
        "layer { name: 'loss' type: 'SoftmaxWithLoss' bottom: 'innerproduct' "
        "  bottom: 'label' top: 'top_loss' } ";
    if (force_backward) proto += "force_backward: true ";
    InitNetFromProtoString(proto);
  }

  // Input -> InnerProduct(3) -> SoftmaxWithLoss, optionally with an Accuracy layer.
  void InitInputNet(const string& loss_extra = "", const bool accuracy = false,
                    const bool force_backward = false) {
    string proto = "name: 'InputNet' ";
    if (force_backward) proto += "force_backward: true ";
    proto += kInputLayer;
    proto += InnerProductLayer("ip", "data", 3);
    if (accuracy) {
      proto +=
          "layer { name: 'accuracy' type: 'Accuracy' bottom: 'ip' bottom: 'label' "
          "  top: 'accuracy' } ";
    }
    proto += SoftmaxLossLayer("loss", "ip", "label", loss_extra);
    InitNetFromProtoString(proto);
  }

  // Input -> ip1(5) -> Sigmoid -> ip2(3) -> SoftmaxWithLoss, all gradients wanted.
  void InitTwoLayerNet() {
    string proto = "name: 'TwoLayerNet' force_backward: true ";
    proto += kInputLayer;
    proto += InnerProductLayer("ip1", "data", 5);
    proto += "layer { name: 'sig' type: 'Sigmoid' bottom: 'ip1' top: 'ip1' } ";
    proto += InnerProductLayer("ip2", "ip1", 3);
    proto += SoftmaxLossLayer("loss", "ip2", "label");
    InitNetFromProtoString(proto);
  }

  // Two InnerProduct branches reading the same data; with shared = true they share
  // their weight and bias through ParamSpec names.
  void InitTwoBranchNet(const bool shared) {
    string proto = "name: 'TwoBranchNet' force_backward: true ";
    proto += kInputLayer;
    const string params = shared ? "param { name: 'w' } param { name: 'b' } " : "";
    proto += InnerProductLayer("ip1", "data", 3, params);
    proto += InnerProductLayer("ip2", "data", 3, params);
    proto += SoftmaxLossLayer("loss1", "ip1", "label");
    proto += SoftmaxLossLayer("loss2", "ip2", "label");
    InitNetFromProtoString(proto);
  }

  static void ExpectBlobsNear(const Blob<Dtype>& a, const Blob<Dtype>& b, bool diff,
                              Dtype scale_b, Dtype tolerance) {
    ASSERT_EQ(a.count(), b.count());
    const Dtype* x = diff ? a.cpu_diff() : a.cpu_data();
    const Dtype* y = diff ? b.cpu_diff() : b.cpu_data();
    for (int i = 0; i < a.count(); ++i) {
      EXPECT_NEAR(x[i], scale_b * y[i], tolerance * std::max(Dtype(1), std::fabs(x[i])))
          << "at index " << i;
    }
  }

  unsigned int seed_;
  shared_ptr<Net<Dtype> > net_;
};

TYPED_TEST_SUITE(NetTest, TestDtypes);

TYPED_TEST(NetTest, TestHasBlob) {
  this->InitTinyNet();
  EXPECT_TRUE(this->net_->has_blob("data"));
  EXPECT_TRUE(this->net_->has_blob("label"));
  EXPECT_TRUE(this->net_->has_blob("innerproduct"));
  EXPECT_FALSE(this->net_->has_blob("loss"));
  EXPECT_TRUE(this->net_->has_blob("top_loss"));
}

TYPED_TEST(NetTest, TestGetBlob) {
  this->InitTinyNet();
  const vector<string>& names = this->net_->blob_names();
  ASSERT_EQ(names.size(), this->net_->blobs().size());
  for (size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(this->net_->blobs()[i], this->net_->blob_by_name(names[i]));
  }
  EXPECT_FALSE(this->net_->blob_by_name("loss"));
}

TYPED_TEST(NetTest, TestHasLayer) {
  this->InitTinyNet();
  EXPECT_TRUE(this->net_->has_layer("data"));
  EXPECT_TRUE(this->net_->has_layer("innerproduct"));
  EXPECT_TRUE(this->net_->has_layer("loss"));
  EXPECT_FALSE(this->net_->has_layer("label"));
}

TYPED_TEST(NetTest, TestGetLayerByName) {
  this->InitTinyNet();
  const vector<string>& names = this->net_->layer_names();
  ASSERT_EQ(3, static_cast<int>(names.size()));
  for (size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(this->net_->layers()[i], this->net_->layer_by_name(names[i]));
  }
  EXPECT_FALSE(this->net_->layer_by_name("label"));
  EXPECT_EQ("TinyTestNetwork", this->net_->name());
  EXPECT_EQ(TEST, this->net_->phase());
}

TYPED_TEST(NetTest, TestBottomNeedBackward) {
  this->InitTinyNet();
  const vector<vector<bool> >& bottom_need_backward = this->net_->bottom_need_backward();
  ASSERT_EQ(3, static_cast<int>(bottom_need_backward.size()));
  EXPECT_EQ(0, static_cast<int>(bottom_need_backward[0].size()));
  ASSERT_EQ(1, static_cast<int>(bottom_need_backward[1].size()));
  EXPECT_FALSE(bottom_need_backward[1][0]);
  ASSERT_EQ(2, static_cast<int>(bottom_need_backward[2].size()));
  EXPECT_TRUE(bottom_need_backward[2][0]);
  EXPECT_FALSE(bottom_need_backward[2][1]);
  const vector<bool>& layer_need_backward = this->net_->layer_need_backward();
  EXPECT_FALSE(layer_need_backward[0]);
  EXPECT_TRUE(layer_need_backward[1]);
  EXPECT_TRUE(layer_need_backward[2]);
}

TYPED_TEST(NetTest, TestBottomNeedBackwardForce) {
  this->InitTinyNet(true);
  const vector<vector<bool> >& bottom_need_backward = this->net_->bottom_need_backward();
  ASSERT_EQ(3, static_cast<int>(bottom_need_backward.size()));
  EXPECT_TRUE(bottom_need_backward[1][0]);
  EXPECT_TRUE(bottom_need_backward[2][0]);
  // Labels never get a gradient, even when forced.
  EXPECT_FALSE(bottom_need_backward[2][1]);
  for (size_t i = 0; i < this->net_->layer_need_backward().size(); ++i) {
    EXPECT_TRUE(this->net_->layer_need_backward()[i]);
  }
}

TYPED_TEST(NetTest, TestAccuracyNeedsNoBackwardAndOutputsAreSorted) {
  typedef TypeParam Dtype;
  this->InitInputNet("", true);
  Net<Dtype>* net = this->net_.get();
  ASSERT_TRUE(net->has_layer("accuracy"));
  for (size_t i = 0; i < net->layer_names().size(); ++i) {
    if (net->layer_names()[i] == "accuracy") EXPECT_FALSE(net->layer_need_backward()[i]);
    if (net->layer_names()[i] == "loss") EXPECT_TRUE(net->layer_need_backward()[i]);
    if (net->layer_names()[i] == "ip") EXPECT_TRUE(net->layer_need_backward()[i]);
  }
  // ip and label each feed two layers, so each gets a Split.
  EXPECT_TRUE(net->has_layer("ip_ip_0_split"));
  EXPECT_TRUE(net->has_layer("label_data_1_split"));
  EXPECT_TRUE(net->has_blob("ip_ip_0_split_1"));
  // Outputs are listed in name order; only the loss has a loss weight.
  ASSERT_EQ(2, net->num_outputs());
  EXPECT_EQ("accuracy", net->blob_names()[net->output_blob_indices()[0]]);
  EXPECT_EQ("loss", net->blob_names()[net->output_blob_indices()[1]]);
  EXPECT_EQ(Dtype(0), net->blob_loss_weights()[net->output_blob_indices()[0]]);
  EXPECT_EQ(Dtype(1), net->blob_loss_weights()[net->output_blob_indices()[1]]);
  Dtype loss;
  const vector<Blob<Dtype>*>& outputs = net->Forward(&loss);
  EXPECT_EQ(outputs[1]->cpu_data()[0], loss);
  EXPECT_GE(outputs[0]->cpu_data()[0], Dtype(0));
  EXPECT_LE(outputs[0]->cpu_data()[0], Dtype(1));
}

TYPED_TEST(NetTest, TestInputs) {
  typedef TypeParam Dtype;
  this->InitInputNet();
  ASSERT_EQ(2, this->net_->num_inputs());
  EXPECT_EQ("data", this->net_->blob_names()[this->net_->input_blob_indices()[0]]);
  EXPECT_EQ("label", this->net_->blob_names()[this->net_->input_blob_indices()[1]]);
  EXPECT_EQ(this->net_->blob_by_name("data").get(), this->net_->input_blobs()[0]);
  // Forward with explicit bottoms copies them into the inputs.
  Blob<Dtype> data(4, 3, 2, 2), label(vector<int>(1, 4));
  caffe_set(data.count(), Dtype(0.25), data.mutable_cpu_data());
  caffe_set(label.count(), Dtype(2), label.mutable_cpu_data());
  vector<Blob<Dtype>*> bottom;
  bottom.push_back(&data);
  bottom.push_back(&label);
  Dtype loss;
  this->net_->Forward(bottom, &loss);
  EXPECT_EQ(Dtype(0.25), this->net_->input_blobs()[0]->cpu_data()[5]);
  EXPECT_EQ(Dtype(2), this->net_->input_blobs()[1]->cpu_data()[3]);
  EXPECT_GT(loss, Dtype(0));
}

TYPED_TEST(NetTest, TestLegacyInputFields) {
  typedef TypeParam Dtype;
  const string proto =
      "name: 'Legacy' input: 'data' input_shape { dim: 2 dim: 6 } "
      "input: 'other' input_shape { dim: 2 dim: 6 } "
      "layer { name: 'sum' type: 'Eltwise' bottom: 'data' bottom: 'other' top: 'sum' } ";
  this->InitNetFromProtoString(proto);
  ASSERT_EQ(2, this->net_->num_inputs());
  EXPECT_EQ("input", this->net_->layer_names()[0]);
  EXPECT_EQ(2, this->net_->input_blobs()[1]->shape(0));
  EXPECT_EQ(6, this->net_->input_blobs()[1]->shape(1));
  const string dim_proto =
      "name: 'LegacyDim' input: 'data' input_dim: 1 input_dim: 2 input_dim: 3 input_dim: 4 "
      "layer { name: 'sig' type: 'Sigmoid' bottom: 'data' top: 'sig' } ";
  this->InitNetFromProtoString(dim_proto);
  ASSERT_EQ(1, this->net_->num_inputs());
  EXPECT_EQ(24, this->net_->input_blobs()[0]->count());
  Dtype loss = -1;
  this->net_->Forward(&loss);
  EXPECT_EQ(Dtype(0), loss);
}

TYPED_TEST(NetTest, TestInPlaceLayer) {
  this->InitTwoLayerNet();
  // Blobs: data, label, ip1 (shared by the in-place sigmoid), ip2, loss.
  EXPECT_EQ(5, static_cast<int>(this->net_->blobs().size()));
  const shared_ptr<Layer<TypeParam> > sig = this->net_->layer_by_name("sig");
  ASSERT_TRUE(sig != NULL);
  const int sig_id = 2;
  ASSERT_EQ("sig", this->net_->layer_names()[sig_id]);
  EXPECT_EQ(this->net_->bottom_vecs()[sig_id][0], this->net_->top_vecs()[sig_id][0]);
  EXPECT_EQ(this->net_->blob_by_name("ip1").get(), this->net_->top_vecs()[sig_id][0]);
  EXPECT_EQ(this->net_->top_ids(1)[0], this->net_->bottom_ids(sig_id)[0]);
}

TYPED_TEST(NetTest, TestLossWeight) {
  typedef TypeParam Dtype;
  // Reference: loss weight 1.
  this->InitInputNet();
  Dtype loss1;
  this->net_->Forward(&loss1);
  this->net_->ClearParamDiffs();
  this->net_->Backward();
  Blob<Dtype> ref_diff;
  ref_diff.CopyFrom(*this->net_->layer_by_name("ip")->blobs()[0], true, true);
  const Dtype kLossWeights[] = {2, 0.5, -1};
  for (int w = 0; w < 3; ++w) {
    const Dtype loss_weight = kLossWeights[w];
    this->InitInputNet("loss_weight: " + std::to_string(loss_weight));
    Dtype loss;
    this->net_->Forward(&loss);
    EXPECT_NEAR(loss1 * loss_weight, loss, 1e-5 * std::fabs(loss1));
    EXPECT_EQ(loss_weight,
              this->net_->blob_loss_weights()[this->net_->output_blob_indices()[0]]);
    this->net_->ClearParamDiffs();
    this->net_->Backward();
    this->ExpectBlobsNear(*this->net_->layer_by_name("ip")->blobs()[0], ref_diff, true,
                          loss_weight, Dtype(1e-5));
  }
  // Zero loss weight: nothing contributes to a loss, so nothing needs backward.
  this->InitInputNet("loss_weight: 0");
  Dtype loss = -1;
  this->net_->Forward(&loss);
  EXPECT_EQ(Dtype(0), loss);
  for (size_t i = 0; i < this->net_->layer_need_backward().size(); ++i) {
    EXPECT_FALSE(this->net_->layer_need_backward()[i]);
  }
}

TYPED_TEST(NetTest, TestSharedWeights) {
  typedef TypeParam Dtype;
  this->InitTwoBranchNet(true);
  Net<Dtype>* net = this->net_.get();
  // Four parameter blobs, two of them owned by ip1 and shared by ip2.
  ASSERT_EQ(4, static_cast<int>(net->params().size()));
  ASSERT_EQ(2, static_cast<int>(net->learnable_params().size()));
  EXPECT_EQ(-1, net->param_owners()[0]);
  EXPECT_EQ(-1, net->param_owners()[1]);
  EXPECT_EQ(0, net->param_owners()[2]);
  EXPECT_EQ(1, net->param_owners()[3]);
  EXPECT_EQ("w", net->param_display_names()[2]);
  EXPECT_EQ(1u, net->param_names_index().count("b"));
  Layer<Dtype>* ip1 = net->layer_by_name("ip1").get();
  Layer<Dtype>* ip2 = net->layer_by_name("ip2").get();
  EXPECT_EQ(ip1->blobs()[0]->cpu_data(), ip2->blobs()[0]->cpu_data());
  EXPECT_EQ(ip1->blobs()[0]->cpu_diff(), ip2->blobs()[0]->cpu_diff());
  EXPECT_EQ(ip1->blobs()[1]->cpu_data(), ip2->blobs()[1]->cpu_data());
  // The shared data feeds both branches through a split.
  EXPECT_TRUE(net->has_layer("data_data_0_split"));
  EXPECT_EQ(net->blob_by_name("data_data_0_split_0").get(), net->bottom_vecs()[3][0]);

  // Both branches compute the same thing, so loss, weight gradient and data
  // gradient are twice those of a single branch.
  Dtype shared_loss;
  net->Forward(&shared_loss);
  net->ClearParamDiffs();
  net->Backward();
  Blob<Dtype> shared_weight_diff, shared_data_diff;
  shared_weight_diff.CopyFrom(*ip1->blobs()[0], true, true);
  shared_data_diff.CopyFrom(*net->blob_by_name("data"), true, true);
  const shared_ptr<Net<Dtype> > shared_net = this->net_;

  string proto = "name: 'OneBranchNet' force_backward: true ";
  proto += kInputLayer;
  proto += InnerProductLayer("ip1", "data", 3);
  proto += SoftmaxLossLayer("loss1", "ip1", "label");
  this->InitNetFromProtoString(proto);
  Net<Dtype>* single = this->net_.get();
  this->ExpectBlobsNear(*ip1->blobs()[0], *single->layer_by_name("ip1")->blobs()[0], false,
                        Dtype(1), Dtype(0));
  Dtype single_loss;
  single->Forward(&single_loss);
  single->ClearParamDiffs();
  single->Backward();
  EXPECT_NEAR(2 * single_loss, shared_loss, 1e-5 * std::fabs(shared_loss));
  this->ExpectBlobsNear(shared_weight_diff, *single->layer_by_name("ip1")->blobs()[0], true,
                        Dtype(2), Dtype(1e-5));
  this->ExpectBlobsNear(shared_data_diff, *single->blob_by_name("data"), true, Dtype(2),
                        Dtype(1e-5));

  // An update moves the shared weights once, and both layers see it.
  const Dtype before = ip1->blobs()[0]->cpu_data()[0];
  shared_net->Update();
  EXPECT_NEAR(before - shared_weight_diff.cpu_diff()[0], ip2->blobs()[0]->cpu_data()[0],
              Dtype(1e-6));
}

TYPED_TEST(NetTest, TestUnsharedWeightsAreIndependent) {
  typedef TypeParam Dtype;
  this->InitTwoBranchNet(false);
  Net<Dtype>* net = this->net_.get();
  ASSERT_EQ(4, static_cast<int>(net->learnable_params().size()));
  Layer<Dtype>* ip1 = net->layer_by_name("ip1").get();
  Layer<Dtype>* ip2 = net->layer_by_name("ip2").get();
  EXPECT_NE(ip1->blobs()[0]->cpu_data(), ip2->blobs()[0]->cpu_data());
  for (size_t i = 0; i < net->param_owners().size(); ++i) {
    EXPECT_EQ(-1, net->param_owners()[i]);
  }
}

TYPED_TEST(NetTest, TestParamSpecMultipliers) {
  typedef TypeParam Dtype;
  string proto = "name: 'Multipliers' ";
  proto += kInputLayer;
  proto += InnerProductLayer("frozen", "data", 4, "param { lr_mult: 0 } param { lr_mult: 0 } ");
  proto += InnerProductLayer("ip", "frozen", 3,
                             "param { lr_mult: 1 decay_mult: 2 } "
                             "param { lr_mult: 2 decay_mult: 0 } ");
  proto += SoftmaxLossLayer("loss", "ip", "label");
  this->InitNetFromProtoString(proto);
  Net<Dtype>* net = this->net_.get();
  ASSERT_EQ(4, static_cast<int>(net->params_lr().size()));
  EXPECT_EQ(0.0f, net->params_lr()[0]);
  EXPECT_EQ(0.0f, net->params_lr()[1]);
  EXPECT_EQ(1.0f, net->params_lr()[2]);
  EXPECT_EQ(2.0f, net->params_lr()[3]);
  EXPECT_EQ(1.0f, net->params_weight_decay()[0]);
  EXPECT_EQ(2.0f, net->params_weight_decay()[2]);
  EXPECT_EQ(0.0f, net->params_weight_decay()[3]);
  EXPECT_TRUE(net->has_params_lr()[0]);
  EXPECT_FALSE(net->has_params_decay()[0]);
  // The frozen layer has nothing to learn and nothing flowing into it.
  Layer<Dtype>* frozen = net->layer_by_name("frozen").get();
  EXPECT_FALSE(frozen->param_propagate_down(0));
  EXPECT_FALSE(frozen->param_propagate_down(1));
  EXPECT_TRUE(net->layer_by_name("ip")->param_propagate_down(0));
  EXPECT_FALSE(net->layer_need_backward()[1]);
  EXPECT_TRUE(net->layer_need_backward()[2]);
  EXPECT_FALSE(net->bottom_need_backward()[2][0]);
  // Its weights get no gradient.
  Dtype loss;
  net->Forward(&loss);
  net->ClearParamDiffs();
  net->Backward();
  EXPECT_EQ(Dtype(0), frozen->blobs()[0]->asum_diff());
  EXPECT_GT(net->layer_by_name("ip")->blobs()[0]->asum_diff(), Dtype(0));
}

TYPED_TEST(NetTest, TestPropagateDownOverride) {
  typedef TypeParam Dtype;
  string proto = "name: 'PropagateDown' ";
  proto += kInputLayer;
  proto += InnerProductLayer("ip1", "data", 4);
  proto += InnerProductLayer("ip2", "ip1", 3);
  proto +=
      "layer { name: 'loss' type: 'SoftmaxWithLoss' bottom: 'ip2' bottom: 'label' "
      "  top: 'loss' propagate_down: false propagate_down: false } ";
  this->InitNetFromProtoString(proto);
  Net<Dtype>* net = this->net_.get();
  // Nothing flows out of the loss, so no layer below it needs backward.
  EXPECT_FALSE(net->bottom_need_backward()[3][0]);
  EXPECT_FALSE(net->layer_need_backward()[1]);
  EXPECT_FALSE(net->layer_need_backward()[2]);
}

TYPED_TEST(NetTest, TestForwardBackwardFromTo) {
  typedef TypeParam Dtype;
  this->InitTwoLayerNet();
  Net<Dtype>* net = this->net_.get();
  const int num_layers = static_cast<int>(net->layers().size());
  Dtype loss;
  net->Forward(&loss);
  net->ClearParamDiffs();
  net->Backward();
  Blob<Dtype> ref_data_diff, ref_w1_diff;
  ref_data_diff.CopyFrom(*net->blob_by_name("data"), true, true);
  ref_w1_diff.CopyFrom(*net->layer_by_name("ip1")->blobs()[0], true, true);
  for (int split = 1; split < num_layers; ++split) {
    const Dtype partial_loss = net->ForwardTo(split - 1) + net->ForwardFrom(split);
    EXPECT_NEAR(loss, partial_loss, 1e-6 * std::max(Dtype(1), std::fabs(loss)));
    net->ClearParamDiffs();
    if (split % 2) {
      net->BackwardFromTo(num_layers - 1, split);
      net->BackwardFromTo(split - 1, 0);
    } else {
      net->BackwardTo(split);
      net->BackwardFrom(split - 1);
    }
    this->ExpectBlobsNear(*net->blob_by_name("data"), ref_data_diff, true, Dtype(1),
                          Dtype(1e-5));
    this->ExpectBlobsNear(*net->layer_by_name("ip1")->blobs()[0], ref_w1_diff, true,
                          Dtype(1), Dtype(1e-5));
  }
  EXPECT_NEAR(loss, net->ForwardFromTo(0, num_layers - 1), 1e-6);
  EXPECT_NEAR(loss, net->ForwardBackward(), 1e-6);
}

namespace {

// Records "f<i>" / "F<i>" / "b<i>" / "B<i>" for the hook it is installed as.
template <typename Dtype>
class RecordingCallback : public Net<Dtype>::Callback {
 public:
  RecordingCallback(const string& tag, vector<string>* log) : tag_(tag), log_(log) {}

 protected:
  virtual void run(int layer) { log_->push_back(tag_ + std::to_string(layer)); }

 private:
  string tag_;
  vector<string>* log_;
};

}  // namespace

// The before/after hooks run around every layer, forward in order and backward in
// reverse, including layers that need no backward pass.
TYPED_TEST(NetTest, TestLayerCallbacks) {
  typedef TypeParam Dtype;
  this->InitInputNet("", true);  // input, ip, accuracy, loss (and a split)
  Net<Dtype>* net = this->net_.get();
  vector<string> log;
  RecordingCallback<Dtype> f("f", &log), ff("F", &log), b("b", &log), bb("B", &log);
  net->add_before_forward(&f);
  net->add_after_forward(&ff);
  net->add_before_backward(&b);
  net->add_after_backward(&bb);
  EXPECT_EQ(1u, net->after_backward().size());
  net->ForwardBackward();
  const int n = static_cast<int>(net->layers().size());
  vector<string> expected;
  for (int i = 0; i < n; ++i) {
    expected.push_back("f" + std::to_string(i));
    expected.push_back("F" + std::to_string(i));
  }
  for (int i = n - 1; i >= 0; --i) {
    expected.push_back("b" + std::to_string(i));
    expected.push_back("B" + std::to_string(i));
  }
  EXPECT_EQ(expected, log);
  log.clear();
  net->ForwardFromTo(1, 1);
  EXPECT_EQ(vector<string>({"f1", "F1"}), log);
}

// The gradients Backward computes match finite differences of the loss Forward
// returns, for every parameter and every input value.
TYPED_TEST(NetTest, TestGradientsMatchFiniteDifferences) {
  typedef TypeParam Dtype;
  const bool is_double = sizeof(Dtype) == sizeof(double);
  const Dtype step = is_double ? 1e-5 : 1e-2;
  const Dtype tolerance = is_double ? 1e-6 : 2e-3;
  this->InitTwoLayerNet();
  Net<Dtype>* net = this->net_.get();
  Dtype loss;
  net->Forward(&loss);
  net->ClearParamDiffs();
  net->Backward();
  vector<Blob<Dtype>*> checked(net->learnable_params().begin(),
                               net->learnable_params().end());
  checked.push_back(net->blob_by_name("data").get());
  vector<shared_ptr<Blob<Dtype> > > analytic;
  for (size_t b = 0; b < checked.size(); ++b) {
    analytic.push_back(shared_ptr<Blob<Dtype> >(new Blob<Dtype>()));
    analytic.back()->CopyFrom(*checked[b], true, true);
  }
  for (size_t b = 0; b < checked.size(); ++b) {
    Blob<Dtype>* blob = checked[b];
    for (int i = 0; i < blob->count(); ++i) {
      const Dtype original = blob->cpu_data()[i];
      blob->mutable_cpu_data()[i] = original + step;
      Dtype loss_plus;
      net->Forward(&loss_plus);
      blob->mutable_cpu_data()[i] = original - step;
      Dtype loss_minus;
      net->Forward(&loss_minus);
      blob->mutable_cpu_data()[i] = original;
      const Dtype numeric = (loss_plus - loss_minus) / (2 * step);
      const Dtype computed = analytic[b]->cpu_diff()[i];
      EXPECT_NEAR(computed, numeric,
                  tolerance * std::max(Dtype(1), std::max(std::fabs(computed),
                                                          std::fabs(numeric))))
          << "blob " << b << " index " << i;
    }
  }
}

TYPED_TEST(NetTest, TestParamDiffsAccumulateUntilCleared) {
  typedef TypeParam Dtype;
  this->InitInputNet();
  Net<Dtype>* net = this->net_.get();
  net->ClearParamDiffs();
  net->ForwardBackward();
  Blob<Dtype> once;
  once.CopyFrom(*net->learnable_params()[0], true, true);
  net->ForwardBackward();
  this->ExpectBlobsNear(*net->learnable_params()[0], once, true, Dtype(2), Dtype(1e-5));
  net->ClearParamDiffs();
  for (size_t i = 0; i < net->learnable_params().size(); ++i) {
    EXPECT_EQ(Dtype(0), net->learnable_params()[i]->asum_diff());
  }
}

TYPED_TEST(NetTest, TestUpdate) {
  typedef TypeParam Dtype;
  this->InitInputNet();
  Net<Dtype>* net = this->net_.get();
  net->ForwardBackward();
  Blob<Dtype> before;
  Blob<Dtype>* weights = net->learnable_params()[0];
  before.CopyFrom(*weights, false, true);
  before.CopyFrom(*weights, true, true);
  net->Update();
  for (int i = 0; i < weights->count(); ++i) {
    EXPECT_NEAR(before.cpu_data()[i] - before.cpu_diff()[i], weights->cpu_data()[i], 1e-6);
  }
}

TYPED_TEST(NetTest, TestReshape) {
  typedef TypeParam Dtype;
  this->InitInputNet();
  Net<Dtype>* net = this->net_.get();
  net->Forward();
  Blob<Dtype> ip_full;
  ip_full.CopyFrom(*net->blob_by_name("ip"), false, true);
  // Keep the first two samples only.
  net->input_blobs()[0]->Reshape(2, 3, 2, 2);
  net->input_blobs()[1]->Reshape(vector<int>(1, 2));
  this->FillInputs(net);
  net->Reshape();
  EXPECT_EQ(2, net->blob_by_name("ip")->shape(0));
  Dtype loss;
  net->Forward(&loss);
  const Blob<Dtype>& ip_half = *net->blob_by_name("ip");
  ASSERT_EQ(6, ip_half.count());
  for (int i = 0; i < ip_half.count(); ++i) {
    EXPECT_NEAR(ip_full.cpu_data()[i], ip_half.cpu_data()[i], 1e-6);
  }
}

TYPED_TEST(NetTest, TestCopyTrainedLayersRoundTrip) {
  typedef TypeParam Dtype;
  this->seed_ = 1;
  this->InitTwoLayerNet();
  shared_ptr<Net<Dtype> > source = this->net_;
  Dtype source_loss;
  source->Forward(&source_loss);
  NetParameter trained;
  source->ToProto(&trained);
  ASSERT_EQ(static_cast<int>(source->layers().size()), trained.layer_size());
  EXPECT_EQ(2, trained.layer(1).blobs_size());
  EXPECT_EQ(0, trained.layer(1).blobs(0).diff_size());

  // From the message.
  this->seed_ = 2;
  this->InitTwoLayerNet();
  Dtype other_loss;
  this->net_->Forward(&other_loss);
  EXPECT_NE(source_loss, other_loss);
  this->net_->CopyTrainedLayersFrom(trained);
  for (size_t i = 0; i < source->learnable_params().size(); ++i) {
    this->ExpectBlobsNear(*this->net_->learnable_params()[i], *source->learnable_params()[i],
                          false, Dtype(1), Dtype(0));
  }
  Dtype copied_loss;
  this->net_->Forward(&copied_loss);
  EXPECT_EQ(source_loss, copied_loss);

  // Through a .caffemodel file.
  string filename;
  MakeTempFilename(&filename);
  WriteProtoToBinaryFile(trained, filename);
  this->seed_ = 3;
  this->InitTwoLayerNet();
  this->net_->CopyTrainedLayersFrom(filename);
  std::remove(filename.c_str());
  for (size_t i = 0; i < source->learnable_params().size(); ++i) {
    this->ExpectBlobsNear(*this->net_->learnable_params()[i], *source->learnable_params()[i],
                          false, Dtype(1), Dtype(0));
  }

  // Layers without a namesake are left alone; diffs are written on request.
  source->ClearParamDiffs();
  source->Backward();
  NetParameter with_diff;
  source->ToProto(&with_diff, true);
  EXPECT_EQ(source->layer_by_name("ip1")->blobs()[0]->count(),
            with_diff.layer(1).blobs(0).diff_size() +
                with_diff.layer(1).blobs(0).double_diff_size());
  with_diff.mutable_layer(1)->set_name("renamed");
  this->seed_ = 4;
  this->InitTwoLayerNet();
  Blob<Dtype> untouched;
  untouched.CopyFrom(*this->net_->layer_by_name("ip1")->blobs()[0], false, true);
  this->net_->CopyTrainedLayersFrom(with_diff);
  this->ExpectBlobsNear(*this->net_->layer_by_name("ip1")->blobs()[0], untouched, false,
                        Dtype(1), Dtype(0));
  this->ExpectBlobsNear(*this->net_->layer_by_name("ip2")->blobs()[0],
                        *source->layer_by_name("ip2")->blobs()[0], false, Dtype(1),
                        Dtype(0));
}

TYPED_TEST(NetTest, TestShareTrainedLayersWith) {
  typedef TypeParam Dtype;
  this->seed_ = 5;
  this->InitTwoLayerNet();
  shared_ptr<Net<Dtype> > source = this->net_;
  this->seed_ = 6;
  this->InitTwoLayerNet();
  this->net_->ShareTrainedLayersWith(source.get());
  for (size_t i = 0; i < source->learnable_params().size(); ++i) {
    EXPECT_EQ(source->learnable_params()[i]->cpu_data(),
              this->net_->learnable_params()[i]->cpu_data());
  }
  Dtype source_loss, shared_loss;
  source->Forward(&source_loss);
  this->net_->Forward(&shared_loss);
  EXPECT_EQ(source_loss, shared_loss);
  // Changing the source's weights changes the sharing net.
  source->learnable_params()[0]->mutable_cpu_data()[0] += Dtype(1);
  EXPECT_EQ(source->learnable_params()[0]->cpu_data()[0],
            this->net_->learnable_params()[0]->cpu_data()[0]);
}

class FilterNetTest : public ::testing::Test {
 protected:
  // The names of the layers FilterNet keeps for the given net and state.
  vector<string> Filter(const string& net_proto, const string& state_proto) {
    NetParameter param;
    CHECK(google::protobuf::TextFormat::ParseFromString(net_proto, &param));
    CHECK(google::protobuf::TextFormat::ParseFromString(state_proto, param.mutable_state()));
    NetParameter filtered;
    Net<float>::FilterNet(param, &filtered);
    vector<string> names;
    for (int i = 0; i < filtered.layer_size(); ++i) names.push_back(filtered.layer(i).name());
    return names;
  }
};

TEST_F(FilterNetTest, TestPhaseRules) {
  const string proto =
      "layer { name: 'train_data' type: 'Input' include { phase: TRAIN } } "
      "layer { name: 'test_data' type: 'Input' include { phase: TEST } } "
      "layer { name: 'common' type: 'ReLU' } "
      "layer { name: 'not_test' type: 'ReLU' exclude { phase: TEST } } ";
  EXPECT_EQ(vector<string>({"train_data", "common", "not_test"}), Filter(proto, "phase: TRAIN"));
  EXPECT_EQ(vector<string>({"test_data", "common"}), Filter(proto, "phase: TEST"));
}

TEST_F(FilterNetTest, TestLevelAndStageRules) {
  const string proto =
      "layer { name: 'min2' type: 'ReLU' include { min_level: 2 } } "
      "layer { name: 'max1' type: 'ReLU' include { max_level: 1 } } "
      "layer { name: 'stage_a' type: 'ReLU' include { stage: 'a' } } "
      "layer { name: 'stage_ab' type: 'ReLU' include { stage: 'a' stage: 'b' } } "
      "layer { name: 'a_or_b' type: 'ReLU' include { stage: 'a' } include { stage: 'b' } } "
      "layer { name: 'not_a' type: 'ReLU' include { not_stage: 'a' } } "
      "layer { name: 'excl_b' type: 'ReLU' exclude { stage: 'b' } } ";
  EXPECT_EQ(vector<string>({"max1", "not_a", "excl_b"}), Filter(proto, "level: 0"));
  EXPECT_EQ(vector<string>({"min2", "not_a", "excl_b"}), Filter(proto, "level: 2"));
  EXPECT_EQ(vector<string>({"max1", "stage_a", "a_or_b", "excl_b"}),
            Filter(proto, "stage: 'a'"));
  EXPECT_EQ(vector<string>({"max1", "a_or_b", "not_a"}), Filter(proto, "stage: 'b'"));
  EXPECT_EQ(vector<string>({"max1", "stage_a", "stage_ab", "a_or_b"}),
            Filter(proto, "stage: 'a' stage: 'b'"));
}

TEST_F(FilterNetTest, TestStateMeetsRule) {
  NetState state;
  state.set_phase(TRAIN);
  state.set_level(3);
  state.add_stage("deploy");
  NetStateRule rule;
  EXPECT_TRUE(Net<float>::StateMeetsRule(state, rule, "l"));
  rule.set_phase(TEST);
  EXPECT_FALSE(Net<float>::StateMeetsRule(state, rule, "l"));
  rule.set_phase(TRAIN);
  rule.set_min_level(3);
  rule.set_max_level(3);
  EXPECT_TRUE(Net<float>::StateMeetsRule(state, rule, "l"));
  rule.set_min_level(4);
  EXPECT_FALSE(Net<float>::StateMeetsRule(state, rule, "l"));
  rule.clear_min_level();
  rule.add_stage("deploy");
  EXPECT_TRUE(Net<float>::StateMeetsRule(state, rule, "l"));
  rule.add_not_stage("deploy");
  EXPECT_FALSE(Net<float>::StateMeetsRule(state, rule, "l"));
}

TYPED_TEST(NetTest, TestPhaseFiltersLayersAtInit) {
  string proto = "name: 'Phases' ";
  proto += kInputLayer;
  proto += InnerProductLayer("ip", "data", 3);
  proto +=
      "layer { name: 'accuracy' type: 'Accuracy' bottom: 'ip' bottom: 'label' "
      "  top: 'accuracy' include { phase: TEST } } ";
  proto += SoftmaxLossLayer("loss", "ip", "label");
  this->InitNetFromProtoString(proto + "state { phase: TRAIN } ");
  EXPECT_FALSE(this->net_->has_layer("accuracy"));
  EXPECT_FALSE(this->net_->has_layer("ip_ip_0_split"));
  EXPECT_EQ(TRAIN, this->net_->phase());
  EXPECT_EQ(TRAIN, this->net_->layers()[1]->layer_param().phase());
  this->InitNetFromProtoString(proto + "state { phase: TEST } ");
  EXPECT_TRUE(this->net_->has_layer("accuracy"));
  EXPECT_EQ(2, this->net_->num_outputs());
}

}  // namespace caffe
