// Tests of Solver and SGDSolver on a small linear least-squares problem, whose
// gradient the tests compute in closed form: the SGD update rule (momentum, L2 / L1
// weight decay, lr_mult / decay_mult, gradient clipping), the learning rate
// policies, gradient accumulation over iter_size, test net creation and weight
// sharing, seeding, and snapshot / restore.
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <google/protobuf/text_format.h>

#include "gtest/gtest.h"

#include "caffe/blob.hpp"
#include "caffe/common.hpp"
#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/net.hpp"
#include "caffe/proto/caffe.pb.h"
#include "caffe/sgd_solvers.hpp"
#include "caffe/solver.hpp"
#include "caffe/solver_factory.hpp"
#include "caffe/test/test_caffe_main.hpp"
#include "caffe/util/io.hpp"

namespace caffe {

// A data layer for these tests: it serves the rows of a fixed 8-row regression
// dataset in order, batch_size rows per Forward (wrapping around). The batch size
// and the feature count come from input_param.shape(0) = [batch_size, dim].
//   top[0]: batch_size x dim features, top[1]: batch_size x 1 targets.
template <typename Dtype>
class SolverTestDataLayer : public Layer<Dtype> {
 public:
  static constexpr int kRows = 8;

  explicit SolverTestDataLayer(const LayerParameter& param)
      : Layer<Dtype>(param), batch_size_(0), dim_(0), cursor_(0) {}
  virtual void LayerSetUp(const vector<Blob<Dtype>*>& bottom,
                          const vector<Blob<Dtype>*>& top) {
    const BlobShape& shape = this->layer_param_.input_param().shape(0);
    batch_size_ = static_cast<int>(shape.dim(0));
    dim_ = static_cast<int>(shape.dim(1));
  }
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    vector<int> data_shape(2);
    data_shape[0] = batch_size_;
    data_shape[1] = dim_;
    top[0]->Reshape(data_shape);
    data_shape[1] = 1;
    top[1]->Reshape(data_shape);
  }
  virtual inline const char* type() const { return "SolverTestData"; }
  virtual inline int ExactNumBottomBlobs() const { return 0; }
  virtual inline int ExactNumTopBlobs() const { return 2; }

  static double Feature(int row, int d) { return std::sin(1.3 * row + 0.7 * d + 0.2); }
  static double Target(int row) {
    return 0.8 * Feature(row, 0) - 0.5 * Feature(row, 1) + 0.3 + 0.2 * std::cos(2.1 * row);
  }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom,
                           const vector<Blob<Dtype>*>& top) {
    Dtype* data = top[0]->mutable_cpu_data();
    Dtype* targets = top[1]->mutable_cpu_data();
    for (int n = 0; n < batch_size_; ++n) {
      const int row = cursor_ % kRows;
      ++cursor_;
      for (int d = 0; d < dim_; ++d) data[n * dim_ + d] = static_cast<Dtype>(Feature(row, d));
      targets[n] = static_cast<Dtype>(Target(row));
    }
  }
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top,
                            const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom) {}

  int batch_size_;
  int dim_;
  int cursor_;
};

REGISTER_LAYER_CLASS(SolverTestData);

// Exposes the iteration counter, to evaluate learning rate policies at any iteration.
template <typename Dtype>
class LrTestSolver : public SGDSolver<Dtype> {
 public:
  explicit LrTestSolver(const SolverParameter& param) : SGDSolver<Dtype>(param) {}
  void set_iter(int iter) { this->iter_ = iter; }
};

template <typename Dtype>
class SGDSolverTest : public CPUDeviceTest<Dtype> {
 protected:
  static constexpr int kDim = 3;

  SGDSolverTest() {}

  // The least-squares net: loss = 1 / (2 N) * sum_n (w . x_n + b - y_n)^2.
  static string LeastSquaresNet(int batch_size, const string& ip_params) {
    const double loss_weight = 1.0 / (2.0 * batch_size);
    return "net_param { name: 'LeastSquares' "
           "  layer { name: 'data' type: 'SolverTestData' top: 'data' top: 'targets' "
           "    input_param { shape { dim: " +
           std::to_string(batch_size) + " dim: " + std::to_string(kDim) +
           " } } } "
           "  layer { name: 'ip' type: 'InnerProduct' bottom: 'data' top: 'ip' " +
           ip_params +
           "    inner_product_param { num_output: 1 "
           "      weight_filler { type: 'gaussian' std: 1 } "
           "      bias_filler { type: 'gaussian' std: 1 } } } "
           "  layer { name: 'residual' type: 'Eltwise' bottom: 'ip' bottom: 'targets' "
           "    top: 'residual' eltwise_param { operation: SUM coeff: 1 coeff: -1 } } "
           "  layer { name: 'square' type: 'Power' bottom: 'residual' top: 'square' "
           "    power_param { power: 2 } loss_weight: " +
           std::to_string(loss_weight) + " } } ";
  }

  shared_ptr<SGDSolver<Dtype> > MakeSolver(const string& solver_proto) {
    SolverParameter param;
    CHECK(google::protobuf::TextFormat::ParseFromString(solver_proto, &param)) << solver_proto;
    return shared_ptr<SGDSolver<Dtype> >(new SGDSolver<Dtype>(param));
  }

  static string BaseSolver(int batch_size = SolverTestDataLayer<Dtype>::kRows,
                           const string& ip_params = "") {
    return LeastSquaresNet(batch_size, ip_params) +
           "base_lr: 0.1 lr_policy: 'fixed' max_iter: 100 display: 0 random_seed: 1701 ";
  }

  // Checks one Step of solver against the update computed here from the current
  // weights and momentum of the least-squares net (full batch of all 8 rows).
  void CheckUpdate(SGDSolver<Dtype>* solver, const double lr, const double momentum,
                   const double weight_decay, const bool l1, const double lr_mults[2],
                   const double decay_mults[2], const double clip = -1) {
    // The solver stores its hyper-parameters as floats: compute with those values.
    const double lr_f = AsFloat(lr), momentum_f = AsFloat(momentum);
    const double weight_decay_f = AsFloat(weight_decay), clip_f = AsFloat(clip);
    Net<Dtype>* net = solver->net().get();
    ASSERT_EQ(2, static_cast<int>(net->learnable_params().size()));
    const Blob<Dtype>& weights = *net->learnable_params()[0];
    const Blob<Dtype>& bias = *net->learnable_params()[1];
    ASSERT_EQ(kDim, weights.count());
    const int rows = SolverTestDataLayer<Dtype>::kRows;
    // Gradient of the loss.
    vector<double> value(kDim + 1), grad(kDim + 1, 0.0);
    for (int d = 0; d < kDim; ++d) value[d] = weights.cpu_data()[d];
    value[kDim] = bias.cpu_data()[0];
    for (int n = 0; n < rows; ++n) {
      double prediction = value[kDim];
      for (int d = 0; d < kDim; ++d) {
        prediction += value[d] * SolverTestDataLayer<Dtype>::Feature(n, d);
      }
      const double residual = prediction - SolverTestDataLayer<Dtype>::Target(n);
      for (int d = 0; d < kDim; ++d) {
        grad[d] += residual * SolverTestDataLayer<Dtype>::Feature(n, d) / rows;
      }
      grad[kDim] += residual / rows;
    }
    if (clip_f >= 0) {
      double sumsq = 0;
      for (size_t i = 0; i < grad.size(); ++i) sumsq += grad[i] * grad[i];
      const double norm = std::sqrt(sumsq);
      if (norm > clip_f) {
        for (size_t i = 0; i < grad.size(); ++i) grad[i] *= clip_f / norm;
      }
    }
    // Expected momentum and weights after the step.
    vector<double> expected_history(kDim + 1), expected_value(kDim + 1);
    for (int i = 0; i <= kDim; ++i) {
      const int param = (i < kDim) ? 0 : 1;
      const double decay = weight_decay_f * AsFloat(decay_mults[param]);
      const double regularizer =
          l1 ? ((value[i] > 0) - (value[i] < 0)) * 1.0 : value[i];
      const double g = grad[i] + decay * regularizer;
      const Blob<Dtype>& history = *solver->history()[param];
      const double old_history = history.cpu_data()[param == 0 ? i : 0];
      expected_history[i] = momentum_f * old_history + lr_f * AsFloat(lr_mults[param]) * g;
      expected_value[i] = value[i] - expected_history[i];
    }
    solver->Step(1);
    const double tolerance = sizeof(Dtype) == sizeof(double) ? 1e-10 : 1e-5;
    for (int i = 0; i <= kDim; ++i) {
      const int param = (i < kDim) ? 0 : 1;
      const int index = (param == 0) ? i : 0;
      const Dtype actual_value = net->learnable_params()[param]->cpu_data()[index];
      const Dtype actual_history = solver->history()[param]->cpu_data()[index];
      EXPECT_NEAR(expected_value[i], actual_value,
                  tolerance * std::max(1.0, std::fabs(expected_value[i])))
          << "param value " << i;
      EXPECT_NEAR(expected_history[i], actual_history,
                  tolerance * std::max(1.0, std::fabs(expected_history[i])))
          << "history " << i;
    }
  }

  static double AsFloat(double value) { return static_cast<double>(static_cast<float>(value)); }

  static void ExpectBlobsEqual(const Blob<Dtype>& a, const Blob<Dtype>& b, Dtype tolerance) {
    ASSERT_EQ(a.count(), b.count());
    for (int i = 0; i < a.count(); ++i) {
      EXPECT_NEAR(a.cpu_data()[i], b.cpu_data()[i], tolerance) << "index " << i;
    }
  }
};

TYPED_TEST_SUITE(SGDSolverTest, TestDtypes);

TYPED_TEST(SGDSolverTest, TestCreatedByRegistry) {
  SolverParameter param;
  CHECK(google::protobuf::TextFormat::ParseFromString(this->BaseSolver(), &param));
  shared_ptr<Solver<TypeParam> > solver(SolverRegistry<TypeParam>::CreateSolver(param));
  EXPECT_STREQ("SGD", solver->type());
  EXPECT_EQ(0, solver->iter());
  EXPECT_EQ(0, static_cast<int>(solver->test_nets().size()));
  EXPECT_EQ(TRAIN, solver->net()->phase());
}

TYPED_TEST(SGDSolverTest, TestPlainSGDUpdate) {
  const double lr_mults[2] = {1, 1};
  const double decay_mults[2] = {1, 1};
  shared_ptr<SGDSolver<TypeParam> > solver = this->MakeSolver(this->BaseSolver());
  for (int i = 0; i < 3; ++i) {
    this->CheckUpdate(solver.get(), 0.1, 0, 0, false, lr_mults, decay_mults);
  }
  EXPECT_EQ(3, solver->iter());
}

TYPED_TEST(SGDSolverTest, TestMomentumAndWeightDecayUpdate) {
  const double lr_mults[2] = {1, 1};
  const double decay_mults[2] = {1, 1};
  shared_ptr<SGDSolver<TypeParam> > solver =
      this->MakeSolver(this->BaseSolver() + "momentum: 0.9 weight_decay: 0.05 ");
  for (int i = 0; i < 4; ++i) {
    this->CheckUpdate(solver.get(), 0.1, 0.9, 0.05, false, lr_mults, decay_mults);
  }
}

TYPED_TEST(SGDSolverTest, TestL1Regularization) {
  const double lr_mults[2] = {1, 1};
  const double decay_mults[2] = {1, 1};
  shared_ptr<SGDSolver<TypeParam> > solver = this->MakeSolver(
      this->BaseSolver() + "momentum: 0.5 weight_decay: 0.1 regularization_type: 'L1' ");
  for (int i = 0; i < 3; ++i) {
    this->CheckUpdate(solver.get(), 0.1, 0.5, 0.1, true, lr_mults, decay_mults);
  }
}

TYPED_TEST(SGDSolverTest, TestLrMultAndDecayMult) {
  const double lr_mults[2] = {0.5, 2};
  const double decay_mults[2] = {3, 0};
  shared_ptr<SGDSolver<TypeParam> > solver = this->MakeSolver(
      this->BaseSolver(SolverTestDataLayer<TypeParam>::kRows,
                       "param { lr_mult: 0.5 decay_mult: 3 } "
                       "param { lr_mult: 2 decay_mult: 0 } ") +
      "momentum: 0.9 weight_decay: 0.02 ");
  for (int i = 0; i < 3; ++i) {
    this->CheckUpdate(solver.get(), 0.1, 0.9, 0.02, false, lr_mults, decay_mults);
  }
}

TYPED_TEST(SGDSolverTest, TestGradientClipping) {
  const double lr_mults[2] = {1, 1};
  const double decay_mults[2] = {1, 1};
  shared_ptr<SGDSolver<TypeParam> > solver =
      this->MakeSolver(this->BaseSolver() + "clip_gradients: 0.01 ");
  for (int i = 0; i < 2; ++i) {
    this->CheckUpdate(solver.get(), 0.1, 0, 0, false, lr_mults, decay_mults, 0.01);
  }
}

TYPED_TEST(SGDSolverTest, TestLossDecreases) {
  typedef TypeParam Dtype;
  shared_ptr<SGDSolver<Dtype> > solver =
      this->MakeSolver(this->BaseSolver() + "momentum: 0.9 ");
  Dtype initial_loss;
  solver->net()->Forward(&initial_loss);
  solver->Step(100);
  Dtype final_loss;
  solver->net()->Forward(&final_loss);
  EXPECT_GT(initial_loss, Dtype(0));
  EXPECT_LT(final_loss, Dtype(0.2) * initial_loss);
  // The fit can only be as good as the noise in the targets allows, but must be close.
  EXPECT_LT(final_loss, Dtype(0.05));
}

TYPED_TEST(SGDSolverTest, TestIterSizeMatchesLargerBatch) {
  typedef TypeParam Dtype;
  const string options = "momentum: 0.9 weight_decay: 0.01 ";
  shared_ptr<SGDSolver<Dtype> > full = this->MakeSolver(this->BaseSolver(8) + options);
  shared_ptr<SGDSolver<Dtype> > accumulated =
      this->MakeSolver(this->BaseSolver(4) + options + "iter_size: 2 ");
  // Same seed, so the same initial weights.
  for (int p = 0; p < 2; ++p) {
    this->ExpectBlobsEqual(*full->net()->learnable_params()[p],
                           *accumulated->net()->learnable_params()[p], Dtype(0));
  }
  full->Step(3);
  accumulated->Step(3);
  const Dtype tolerance = sizeof(Dtype) == sizeof(double) ? 1e-12 : 1e-5;
  for (int p = 0; p < 2; ++p) {
    this->ExpectBlobsEqual(*full->net()->learnable_params()[p],
                           *accumulated->net()->learnable_params()[p], tolerance);
    this->ExpectBlobsEqual(*full->history()[p], *accumulated->history()[p], tolerance);
  }
}

TYPED_TEST(SGDSolverTest, TestRandomSeedIsAppliedBeforeNets) {
  typedef TypeParam Dtype;
  shared_ptr<SGDSolver<Dtype> > first = this->MakeSolver(this->BaseSolver());
  // Draw from the global stream: the second solver's seed must reset it.
  caffe_rng_rand();
  shared_ptr<SGDSolver<Dtype> > second = this->MakeSolver(this->BaseSolver());
  this->ExpectBlobsEqual(*first->net()->learnable_params()[0],
                         *second->net()->learnable_params()[0], Dtype(0));
}

TYPED_TEST(SGDSolverTest, TestLearningRatePolicies) {
  typedef TypeParam Dtype;
  struct Case {
    string options;
    std::function<double(int)> expected;
  };
  const double base_lr = 0.1;
  vector<Case> cases;
  cases.push_back({"lr_policy: 'fixed' ", [=](int) { return base_lr; }});
  cases.push_back({"lr_policy: 'step' gamma: 0.5 stepsize: 3 ",
                   [=](int it) { return base_lr * std::pow(0.5, it / 3); }});
  cases.push_back({"lr_policy: 'exp' gamma: 0.9 ",
                   [=](int it) { return base_lr * std::pow(0.9, it); }});
  cases.push_back({"lr_policy: 'inv' gamma: 0.0001 power: 0.75 ",
                   [=](int it) { return base_lr * std::pow(1 + 0.0001 * it, -0.75); }});
  cases.push_back({"lr_policy: 'multistep' gamma: 0.1 stepvalue: 2 stepvalue: 5 ",
                   [=](int it) { return base_lr * (it < 2 ? 1.0 : it < 5 ? 0.1 : 0.01); }});
  cases.push_back({"lr_policy: 'poly' power: 2 max_iter: 10 ",
                   [=](int it) { return base_lr * std::pow(1 - it / 10.0, 2); }});
  cases.push_back({"lr_policy: 'sigmoid' gamma: -0.5 stepsize: 5 ",
                   [=](int it) { return base_lr / (1 + std::exp(0.5 * (it - 5))); }});
  for (size_t c = 0; c < cases.size(); ++c) {
    SolverParameter param;
    CHECK(google::protobuf::TextFormat::ParseFromString(
        this->LeastSquaresNet(8, "") + "base_lr: 0.1 display: 0 " + cases[c].options, &param));
    LrTestSolver<Dtype> solver(param);
    // multistep advances one step per call, so visit the iterations in order.
    for (int it = 0; it <= 9; ++it) {
      solver.set_iter(it);
      const double expected = cases[c].expected(it);
      EXPECT_NEAR(expected, solver.GetLearningRate(), 1e-6 * expected)
          << cases[c].options << " at iteration " << it;
    }
  }
}

TYPED_TEST(SGDSolverTest, TestTestNetsShareTrainedWeights) {
  typedef TypeParam Dtype;
  shared_ptr<SGDSolver<Dtype> > solver = this->MakeSolver(
      this->BaseSolver() + "test_iter: 2 test_iter: 1 test_interval: 2 ");
  // A generic net is instantiated once per test_iter.
  ASSERT_EQ(2, static_cast<int>(solver->test_nets().size()));
  EXPECT_EQ(TEST, solver->test_nets()[0]->phase());
  solver->Step(3);
  for (size_t t = 0; t < solver->test_nets().size(); ++t) {
    EXPECT_EQ(solver->net()->layer_by_name("ip")->blobs()[0]->cpu_data(),
              solver->test_nets()[t]->layer_by_name("ip")->blobs()[0]->cpu_data());
  }
}

TYPED_TEST(SGDSolverTest, TestSnapshotAndRestore) {
  typedef TypeParam Dtype;
  string directory;
  MakeTempDir(&directory);
  const string prefix = directory + "/least_squares";
  const string options = "momentum: 0.9 weight_decay: 0.01 lr_policy: 'step' gamma: 0.5 "
                         "stepsize: 3 snapshot: 2 snapshot_prefix: '" + prefix + "' ";
  SolverParameter param;
  CHECK(google::protobuf::TextFormat::ParseFromString(
      this->LeastSquaresNet(8, "") + "base_lr: 0.1 display: 0 max_iter: 5 random_seed: 7 " +
          options,
      &param));

  shared_ptr<Solver<Dtype> > reference(new SGDSolver<Dtype>(param));
  reference->Solve();
  EXPECT_EQ(5, reference->iter());
  // Snapshots at 2 and 4, and after training at 5.
  for (int it : {2, 4, 5}) {
    for (const char* extension : {".caffemodel", ".solverstate"}) {
      const string filename = prefix + "_iter_" + std::to_string(it) + extension;
      std::FILE* file = std::fopen(filename.c_str(), "rb");
      EXPECT_TRUE(file != NULL) << filename;
      if (file) std::fclose(file);
    }
  }
  SolverState state;
  ASSERT_TRUE(ReadProtoFromBinaryFile(prefix + "_iter_2.solverstate", &state));
  EXPECT_EQ(2, state.iter());
  EXPECT_EQ(prefix + "_iter_2.caffemodel", state.learned_net());
  EXPECT_EQ(2, state.history_size());

  // A fresh solver with a different seed, restored at iteration 2, ends where the
  // reference ended.
  param.set_random_seed(99);
  shared_ptr<SGDSolver<Dtype> > resumed(new SGDSolver<Dtype>(param));
  resumed->Solve(prefix + "_iter_2.solverstate");
  EXPECT_EQ(5, resumed->iter());
  const Dtype tolerance = 0;
  for (int p = 0; p < 2; ++p) {
    this->ExpectBlobsEqual(*reference->net()->learnable_params()[p],
                           *resumed->net()->learnable_params()[p], tolerance);
    this->ExpectBlobsEqual(
        *static_cast<SGDSolver<Dtype>*>(reference.get())->history()[p],
        *resumed->history()[p], tolerance);
  }

  // The final .caffemodel holds the final weights.
  param.set_random_seed(123);
  param.set_snapshot(0);
  Net<Dtype> loaded(param.net_param());
  loaded.CopyTrainedLayersFrom(prefix + "_iter_5.caffemodel");
  for (int p = 0; p < 2; ++p) {
    this->ExpectBlobsEqual(*reference->net()->learnable_params()[p],
                           *loaded.learnable_params()[p], Dtype(0));
  }
  for (int it : {2, 4, 5}) {
    std::remove((prefix + "_iter_" + std::to_string(it) + ".caffemodel").c_str());
    std::remove((prefix + "_iter_" + std::to_string(it) + ".solverstate").c_str());
  }
  std::remove(directory.c_str());
}

}  // namespace caffe
