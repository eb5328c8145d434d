// Tests of InsertSplits: Split layers appear exactly where a top has several
// consumers, with the expected layer and blob names, and loss weights move onto the
// split's first output.
#include <string>

#include <google/protobuf/text_format.h>

#include "gtest/gtest.h"

#include "caffe/common.hpp"
#include "caffe/proto/caffe.pb.h"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/util/insert_splits.hpp"

namespace caffe {

class InsertSplitsTest : public ::testing::Test {
 protected:
  // Parses input and expected_output, runs InsertSplits on the first, and compares
  // the result with the second.
  void RunInsertionTest(const string& input_param_string, const string& output_param_string) {
    NetParameter input_param;
    CHECK(google::protobuf::TextFormat::ParseFromString(input_param_string, &input_param));
    NetParameter expected_output_param;
    CHECK(google::protobuf::TextFormat::ParseFromString(output_param_string,
                                                        &expected_output_param));
    NetParameter actual_output_param;
    InsertSplits(input_param, &actual_output_param);
    EXPECT_EQ(expected_output_param.DebugString(), actual_output_param.DebugString());
    // Splitting twice changes nothing more.
    NetParameter double_split_param;
    InsertSplits(actual_output_param, &double_split_param);
    EXPECT_EQ(actual_output_param.DebugString(), double_split_param.DebugString());
  }
};

TEST_F(InsertSplitsTest, TestNames) {
  EXPECT_EQ("blob_layer_0_split", SplitLayerName("layer", "blob", 0));
  EXPECT_EQ("data_input_1_split", SplitLayerName("input", "data", 1));
  EXPECT_EQ("blob_layer_0_split_3", SplitBlobName("layer", "blob", 0, 3));
  EXPECT_EQ("label_data_1_split_0", SplitBlobName("data", "label", 1, 0));
}

TEST_F(InsertSplitsTest, TestConfigureSplitLayer) {
  LayerParameter split_param;
  split_param.set_name("leftover");
  ConfigureSplitLayer("conv", "feat", 2, 3, 0.5f, &split_param);
  EXPECT_EQ("feat_conv_2_split", split_param.name());
  EXPECT_EQ("Split", split_param.type());
  ASSERT_EQ(1, split_param.bottom_size());
  EXPECT_EQ("feat", split_param.bottom(0));
  ASSERT_EQ(3, split_param.top_size());
  EXPECT_EQ("feat_conv_2_split_0", split_param.top(0));
  EXPECT_EQ("feat_conv_2_split_2", split_param.top(2));
  ASSERT_EQ(3, split_param.loss_weight_size());
  EXPECT_EQ(0.5f, split_param.loss_weight(0));
  EXPECT_EQ(0.0f, split_param.loss_weight(1));
  EXPECT_EQ(0.0f, split_param.loss_weight(2));
  ConfigureSplitLayer("conv", "feat", 0, 2, 0.0f, &split_param);
  EXPECT_EQ(0, split_param.loss_weight_size());
}

TEST_F(InsertSplitsTest, TestNoInsertionForChain) {
  const string input =
      "name: 'ChainNet' "
      "layer { name: 'data' type: 'Input' top: 'data' top: 'label' } "
      "layer { name: 'ip' type: 'InnerProduct' bottom: 'data' top: 'ip' } "
      "layer { name: 'relu' type: 'ReLU' bottom: 'ip' top: 'ip' } "
      "layer { name: 'loss' type: 'SoftmaxWithLoss' bottom: 'ip' bottom: 'label' "
      "        top: 'loss' } ";
  RunInsertionTest(input, input);
}

TEST_F(InsertSplitsTest, TestNoInsertionForUnusedTops) {
  const string input =
      "name: 'UnusedNet' "
      "layer { name: 'data' type: 'Input' top: 'data' top: 'label' } "
      "layer { name: 'ip' type: 'InnerProduct' bottom: 'data' top: 'ip' } ";
  RunInsertionTest(input, input);
}

TEST_F(InsertSplitsTest, TestInsertionTwoConsumers) {
  const string input =
      "name: 'TwoConsumers' "
      "layer { name: 'data' type: 'Input' top: 'data' top: 'label' } "
      "layer { name: 'ip1' type: 'InnerProduct' bottom: 'data' top: 'ip1' } "
      "layer { name: 'ip2' type: 'InnerProduct' bottom: 'data' top: 'ip2' } "
      "layer { name: 'loss1' type: 'SoftmaxWithLoss' bottom: 'ip1' bottom: 'label' "
      "        top: 'loss1' } "
      "layer { name: 'loss2' type: 'SoftmaxWithLoss' bottom: 'ip2' bottom: 'label' "
      "        top: 'loss2' } ";
  const string expected =
      "name: 'TwoConsumers' "
      "layer { name: 'data' type: 'Input' top: 'data' top: 'label' } "
      "layer { name: 'data_data_0_split' type: 'Split' bottom: 'data' "
      "        top: 'data_data_0_split_0' top: 'data_data_0_split_1' } "
      "layer { name: 'label_data_1_split' type: 'Split' bottom: 'label' "
      "        top: 'label_data_1_split_0' top: 'label_data_1_split_1' } "
      "layer { name: 'ip1' type: 'InnerProduct' bottom: 'data_data_0_split_0' top: 'ip1' } "
      "layer { name: 'ip2' type: 'InnerProduct' bottom: 'data_data_0_split_1' top: 'ip2' } "
      "layer { name: 'loss1' type: 'SoftmaxWithLoss' bottom: 'ip1' "
      "        bottom: 'label_data_1_split_0' top: 'loss1' } "
      "layer { name: 'loss2' type: 'SoftmaxWithLoss' bottom: 'ip2' "
      "        bottom: 'label_data_1_split_1' top: 'loss2' } ";
  RunInsertionTest(input, expected);
}

TEST_F(InsertSplitsTest, TestInsertionThreeConsumersSameLayer) {
  // One layer reading the same blob several times gets one split top per bottom.
  const string input =
      "name: 'Eltwise3' "
      "layer { name: 'data' type: 'Input' top: 'data' } "
      "layer { name: 'sum' type: 'Eltwise' bottom: 'data' bottom: 'data' bottom: 'data' "
      "        top: 'sum' } ";
  const string expected =
      "name: 'Eltwise3' "
      "layer { name: 'data' type: 'Input' top: 'data' } "
      "layer { name: 'data_data_0_split' type: 'Split' bottom: 'data' "
      "        top: 'data_data_0_split_0' top: 'data_data_0_split_1' "
      "        top: 'data_data_0_split_2' } "
      "layer { name: 'sum' type: 'Eltwise' bottom: 'data_data_0_split_0' "
      "        bottom: 'data_data_0_split_1' bottom: 'data_data_0_split_2' top: 'sum' } ";
  RunInsertionTest(input, expected);
}

TEST_F(InsertSplitsTest, TestInsertionAfterInPlace) {
  // The split goes after the last in-place writer, named after it.
  const string input =
      "name: 'InPlace' "
      "layer { name: 'data' type: 'Input' top: 'data' } "
      "layer { name: 'ip' type: 'InnerProduct' bottom: 'data' top: 'ip' } "
      "layer { name: 'relu' type: 'ReLU' bottom: 'ip' top: 'ip' } "
      "layer { name: 'a' type: 'Sigmoid' bottom: 'ip' top: 'a' } "
      "layer { name: 'b' type: 'TanH' bottom: 'ip' top: 'b' } ";
  const string expected =
      "name: 'InPlace' "
      "layer { name: 'data' type: 'Input' top: 'data' } "
      "layer { name: 'ip' type: 'InnerProduct' bottom: 'data' top: 'ip' } "
      "layer { name: 'relu' type: 'ReLU' bottom: 'ip' top: 'ip' } "
      "layer { name: 'ip_relu_0_split' type: 'Split' bottom: 'ip' "
      "        top: 'ip_relu_0_split_0' top: 'ip_relu_0_split_1' } "
      "layer { name: 'a' type: 'Sigmoid' bottom: 'ip_relu_0_split_0' top: 'a' } "
      "layer { name: 'b' type: 'TanH' bottom: 'ip_relu_0_split_1' top: 'b' } ";
  RunInsertionTest(input, expected);
}

TEST_F(InsertSplitsTest, TestInsertionBeforeAndAfterInPlace) {
  // A blob read both before and after an in-place layer rewrites it: the reads of
  // the first version and the in-place layer share a split of the producer.
  const string input =
      "name: 'InPlace2' "
      "layer { name: 'data' type: 'Input' top: 'data' } "
      "layer { name: 'ip' type: 'InnerProduct' bottom: 'data' top: 'ip' } "
      "layer { name: 'a' type: 'Sigmoid' bottom: 'ip' top: 'a' } "
      "layer { name: 'relu' type: 'ReLU' bottom: 'ip' top: 'ip' } "
      "layer { name: 'b' type: 'TanH' bottom: 'ip' top: 'b' } ";
  const string expected =
      "name: 'InPlace2' "
      "layer { name: 'data' type: 'Input' top: 'data' } "
      "layer { name: 'ip' type: 'InnerProduct' bottom: 'data' top: 'ip' } "
      "layer { name: 'ip_ip_0_split' type: 'Split' bottom: 'ip' "
      "        top: 'ip_ip_0_split_0' top: 'ip_ip_0_split_1' } "
      "layer { name: 'a' type: 'Sigmoid' bottom: 'ip_ip_0_split_0' top: 'a' } "
      "layer { name: 'relu' type: 'ReLU' bottom: 'ip_ip_0_split_1' top: 'ip' } "
      "layer { name: 'b' type: 'TanH' bottom: 'ip' top: 'b' } ";
  RunInsertionTest(input, expected);
}

TEST_F(InsertSplitsTest, TestLossWeightMovesToSplit) {
  // A top that is a loss and also feeds another layer: the split carries the loss
  // on output 0, and the consumer reads output 1.
  const string input =
      "name: 'LossAndConsumer' "
      "layer { name: 'data' type: 'Input' top: 'data' } "
      "layer { name: 'sq' type: 'Power' bottom: 'data' top: 'sq' loss_weight: 2 } "
      "layer { name: 'sig' type: 'Sigmoid' bottom: 'sq' top: 'sig' } ";
  const string expected =
      "name: 'LossAndConsumer' "
      "layer { name: 'data' type: 'Input' top: 'data' } "
      "layer { name: 'sq' type: 'Power' bottom: 'data' top: 'sq' } "
      "layer { name: 'sq_sq_0_split' type: 'Split' bottom: 'sq' "
      "        top: 'sq_sq_0_split_0' top: 'sq_sq_0_split_1' "
      "        loss_weight: 2 loss_weight: 0 } "
      "layer { name: 'sig' type: 'Sigmoid' bottom: 'sq_sq_0_split_1' top: 'sig' } ";
  RunInsertionTest(input, expected);
}

TEST_F(InsertSplitsTest, TestZeroLossWeightIsNotAConsumer) {
  const string input =
      "name: 'ZeroLoss' "
      "layer { name: 'data' type: 'Input' top: 'data' } "
      "layer { name: 'sq' type: 'Power' bottom: 'data' top: 'sq' loss_weight: 0 } "
      "layer { name: 'sig' type: 'Sigmoid' bottom: 'sq' top: 'sig' } ";
  RunInsertionTest(input, input);
}

TEST_F(InsertSplitsTest, TestKeepsNetLevelFields) {
  const string input =
      "name: 'Fields' force_backward: true state { phase: TRAIN level: 3 } "
      "layer { name: 'data' type: 'Input' top: 'data' } "
      "layer { name: 'a' type: 'Sigmoid' bottom: 'data' top: 'a' } "
      "layer { name: 'b' type: 'Sigmoid' bottom: 'data' top: 'b' } ";
  NetParameter input_param;
  CHECK(google::protobuf::TextFormat::ParseFromString(input, &input_param));
  NetParameter output_param;
  InsertSplits(input_param, &output_param);
  EXPECT_EQ("Fields", output_param.name());
  EXPECT_TRUE(output_param.force_backward());
  EXPECT_EQ(TRAIN, output_param.state().phase());
  EXPECT_EQ(3, output_param.state().level());
  ASSERT_EQ(4, output_param.layer_size());
  EXPECT_EQ("data_data_0_split", output_param.layer(1).name());
}

}  // namespace caffe
