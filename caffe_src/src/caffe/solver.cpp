// Solver: the training loop, testing, and snapshots (see solver.hpp).
#include "caffe/solver.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "caffe/util/io.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

namespace {

// Makes sure the directory that will hold files named "<prefix>..." exists.
void EnsureParentDirectory(const string& prefix) {
  const std::filesystem::path parent = std::filesystem::path(prefix).parent_path();
  if (parent.empty()) return;
  std::error_code error;
  std::filesystem::create_directories(parent, error);
}

}  // namespace

template <typename Dtype>
void Solver<Dtype>::SetActionFunction(ActionCallback func) {
  action_request_function_ = func;
}

template <typename Dtype>
SolverAction::Enum Solver<Dtype>::GetRequestedAction() {
  if (action_request_function_) return action_request_function_();
  return SolverAction::NONE;
}

template <typename Dtype>
Solver<Dtype>::Solver(const SolverParameter& param)
    : net_(), callbacks_(), requested_early_exit_(false) {
  Init(param);
}

template <typename Dtype>
Solver<Dtype>::Solver(const string& param_file)
    : net_(), callbacks_(), requested_early_exit_(false) {
  SolverParameter param;
  ReadSolverParamsFromTextFileOrDie(param_file, &param);
  Init(param);
}

template <typename Dtype>
void Solver<Dtype>::Init(const SolverParameter& param) {
  LOG(INFO) << "Initializing solver from parameters: " << std::endl << param.DebugString();
  param_ = param;
  CHECK_GE(param_.average_loss(), 1) << "average_loss should be non-negative.";
  CheckSnapshotWritePermissions();
  // Seed before the nets exist, so that the weight fillers are reproducible.
  if (param_.random_seed() >= 0) {
    Caffe::set_random_seed(static_cast<unsigned int>(param_.random_seed()));
  }
  InitTrainNet();
  InitTestNets();
  LOG(INFO) << "Solver scaffolding done.";
  iter_ = 0;
  current_step_ = 0;
  smoothed_loss_ = 0;
}

template <typename Dtype>
void Solver<Dtype>::InitTrainNet() {
  const int num_train_nets = param_.has_net() + param_.has_net_param() +
                             param_.has_train_net() + param_.has_train_net_param();
  const string field_names = "net, net_param, train_net, train_net_param";
  CHECK_GE(num_train_nets, 1) << "SolverParameter must specify a train net "
                              << "using one of these fields: " << field_names;
  CHECK_LE(num_train_nets, 1) << "SolverParameter must not contain more than "
                              << "one of these fields specifying a train_net: " << field_names;
  NetParameter net_param;
  if (param_.has_train_net_param()) {
    LOG(INFO) << "Creating training net specified in train_net_param.";
    net_param.CopyFrom(param_.train_net_param());
  } else if (param_.has_train_net()) {
    LOG(INFO) << "Creating training net from train_net file: " << param_.train_net();
    ReadNetParamsFromTextFileOrDie(param_.train_net(), &net_param);
  }
  if (param_.has_net_param()) {
    LOG(INFO) << "Creating training net specified in net_param.";
    net_param.CopyFrom(param_.net_param());
  }
  if (param_.has_net()) {
    LOG(INFO) << "Creating training net from net file: " << param_.net();
    ReadNetParamsFromTextFileOrDie(param_.net(), &net_param);
  }
  // The state is TRAIN, overridden by the net's own state, overridden in turn by
  // the solver's train_state.
  NetState net_state;
  net_state.set_phase(TRAIN);
  net_state.MergeFrom(net_param.state());
  net_state.MergeFrom(param_.train_state());
  net_param.mutable_state()->CopyFrom(net_state);
  net_.reset(new Net<Dtype>(net_param));
}

template <typename Dtype>
void Solver<Dtype>::InitTestNets() {
  const bool has_net_param = param_.has_net_param();
  const bool has_net_file = param_.has_net();
  const int num_generic_nets = has_net_param + has_net_file;
  CHECK_LE(num_generic_nets, 1) << "Both net_param and net_file may not be specified.";
  const int num_test_net_params = param_.test_net_param_size();
  const int num_test_net_files = param_.test_net_size();
  const int num_test_nets = num_test_net_params + num_test_net_files;
  if (num_generic_nets) {
    CHECK_GE(param_.test_iter_size(), num_test_nets)
        << "test_iter must be specified for each test network.";
  } else {
    CHECK_EQ(param_.test_iter_size(), num_test_nets)
        << "test_iter must be specified for each test network.";
  }
  // A generic net (net / net_param) is instantiated once more for every test_iter
  // left after the explicit test nets.
  const int num_generic_net_instances = param_.test_iter_size() - num_test_nets;
  const int num_test_net_instances = num_test_nets + num_generic_net_instances;
  if (param_.test_state_size()) {
    CHECK_EQ(param_.test_state_size(), num_test_net_instances)
        << "test_state must be unspecified or specified once per test net.";
  }
  if (num_test_net_instances) {
    CHECK_GT(param_.test_interval(), 0);
  }
  int test_net_id = 0;
  vector<string> sources(num_test_net_instances);
  vector<NetParameter> net_params(num_test_net_instances);
  for (int i = 0; i < num_test_net_params; ++i, ++test_net_id) {
    sources[test_net_id] = "test_net_param";
    net_params[test_net_id].CopyFrom(param_.test_net_param(i));
  }
  for (int i = 0; i < num_test_net_files; ++i, ++test_net_id) {
    sources[test_net_id] = "test_net file: " + param_.test_net(i);
    ReadNetParamsFromTextFileOrDie(param_.test_net(i), &net_params[test_net_id]);
  }
  const int remaining_test_nets = param_.test_iter_size() - test_net_id;
  if (has_net_param) {
    for (int i = 0; i < remaining_test_nets; ++i, ++test_net_id) {
      sources[test_net_id] = "net_param";
      net_params[test_net_id].CopyFrom(param_.net_param());
    }
  }
  if (has_net_file) {
    for (int i = 0; i < remaining_test_nets; ++i, ++test_net_id) {
      sources[test_net_id] = "net file: " + param_.net();
      ReadNetParamsFromTextFileOrDie(param_.net(), &net_params[test_net_id]);
    }
  }
  test_nets_.resize(num_test_net_instances);
  for (int i = 0; i < num_test_net_instances; ++i) {
    NetState net_state;
    net_state.set_phase(TEST);
    net_state.MergeFrom(net_params[i].state());
    if (param_.test_state_size()) net_state.MergeFrom(param_.test_state(i));
    net_params[i].mutable_state()->CopyFrom(net_state);
    LOG(INFO) << "Creating test net (#" << i << ") specified by " << sources[i];
    test_nets_[i].reset(new Net<Dtype>(net_params[i]));
    test_nets_[i]->set_debug_info(false);
  }
}

template <typename Dtype>
void Solver<Dtype>::Step(int iters) {
  const int start_iter = iter_;
  const int stop_iter = iter_ + iters;
  const int average_loss = param_.average_loss();
  losses_.clear();
  smoothed_loss_ = 0;

  while (iter_ < stop_iter) {
    // The gradients are accumulated over iter_size passes: start from zero.
    net_->ClearParamDiffs();
    if (param_.test_interval() && iter_ % param_.test_interval() == 0 &&
        (iter_ > 0 || param_.test_initialization())) {
      TestAll();
      if (requested_early_exit_) break;
    }
    for (size_t i = 0; i < callbacks_.size(); ++i) callbacks_[i]->on_start();
    const bool display = param_.display() && iter_ % param_.display() == 0;
    net_->set_debug_info(display && param_.debug_info());
    Dtype loss = 0;
    for (int i = 0; i < param_.iter_size(); ++i) {
      loss += net_->ForwardBackward();
    }
    loss /= param_.iter_size();
    UpdateSmoothedLoss(loss, start_iter, average_loss);
    if (display) {
      LOG(INFO) << "Iteration " << iter_ << ", loss = " << smoothed_loss_;
      const vector<Blob<Dtype>*>& result = net_->output_blobs();
      int score_index = 0;
      for (size_t j = 0; j < result.size(); ++j) {
        const Dtype* result_vec = result[j]->cpu_data();
        const int blob_id = net_->output_blob_indices()[j];
        const string& output_name = net_->blob_names()[blob_id];
        const Dtype loss_weight = net_->blob_loss_weights()[blob_id];
        for (int k = 0; k < result[j]->count(); ++k) {
          ostringstream loss_msg_stream;
          if (loss_weight) {
            loss_msg_stream << " (* " << loss_weight << " = " << loss_weight * result_vec[k]
                            << " loss)";
          }
          LOG(INFO) << "    Train net output #" << score_index++ << ": " << output_name
                    << " = " << result_vec[k] << loss_msg_stream.str();
        }
      }
    }
    for (size_t i = 0; i < callbacks_.size(); ++i) callbacks_[i]->on_gradients_ready();
    ApplyUpdate();
    // iter_ counts the weight updates done so far.
    ++iter_;

    const SolverAction::Enum request = GetRequestedAction();
    if ((param_.snapshot() && iter_ % param_.snapshot() == 0) ||
        request == SolverAction::SNAPSHOT) {
      Snapshot();
    }
    if (request == SolverAction::STOP) {
      requested_early_exit_ = true;
      break;
    }
  }
}

template <typename Dtype>
void Solver<Dtype>::Solve(const char* resume_file) {
  LOG(INFO) << "Solving " << net_->name();
  LOG(INFO) << "Learning Rate Policy: " << param_.lr_policy();
  requested_early_exit_ = false;
  if (resume_file) {
    LOG(INFO) << "Restoring previous solver status from " << resume_file;
    Restore(resume_file);
  }
  const int start_iter = iter_;
  Step(param_.max_iter() - iter_);
  // Snapshot at the end unless the last iteration just did, or it is disabled.
  if (param_.snapshot_after_train() && (!param_.snapshot() || iter_ % param_.snapshot() != 0)) {
    Snapshot();
  }
  if (requested_early_exit_) {
    LOG(INFO) << "Optimization stopped early.";
    return;
  }
  // One more forward pass to report the loss of the final weights, and one more
  // test when the schedule falls on max_iter.
  if (param_.display() && iter_ % param_.display() == 0) {
    Dtype loss;
    net_->Forward(&loss);
    UpdateSmoothedLoss(loss, start_iter, param_.average_loss());
    LOG(INFO) << "Iteration " << iter_ << ", loss = " << smoothed_loss_;
  }
  if (param_.test_interval() && iter_ % param_.test_interval() == 0) {
    TestAll();
  }
  LOG(INFO) << "Optimization Done.";
}

template <typename Dtype>
void Solver<Dtype>::TestAll() {
  for (int test_net_id = 0;
       test_net_id < static_cast<int>(test_nets_.size()) && !requested_early_exit_;
       ++test_net_id) {
    Test(test_net_id);
  }
}

template <typename Dtype>
void Solver<Dtype>::Test(const int test_net_id) {
  LOG(INFO) << "Iteration " << iter_ << ", Testing net (#" << test_net_id << ")";
  CHECK_NOTNULL(test_nets_[test_net_id].get())->ShareTrainedLayersWith(net_.get());
  vector<Dtype> test_score;
  vector<int> test_score_output_id;
  const shared_ptr<Net<Dtype> >& test_net = test_nets_[test_net_id];
  Dtype loss = 0;
  for (int i = 0; i < param_.test_iter(test_net_id); ++i) {
    const SolverAction::Enum request = GetRequestedAction();
    // Honour client requests between test batches.
    if (request == SolverAction::SNAPSHOT) {
      Snapshot();
    } else if (request == SolverAction::STOP) {
      requested_early_exit_ = true;
    }
    if (requested_early_exit_) break;

    Dtype iter_loss;
    const vector<Blob<Dtype>*>& result = test_net->Forward(&iter_loss);
    if (param_.test_compute_loss()) loss += iter_loss;
    if (i == 0) {
      for (size_t j = 0; j < result.size(); ++j) {
        const Dtype* result_vec = result[j]->cpu_data();
        for (int k = 0; k < result[j]->count(); ++k) {
          test_score.push_back(result_vec[k]);
          test_score_output_id.push_back(static_cast<int>(j));
        }
      }
    } else {
      int idx = 0;
      for (size_t j = 0; j < result.size(); ++j) {
        const Dtype* result_vec = result[j]->cpu_data();
        for (int k = 0; k < result[j]->count(); ++k) {
          test_score[idx++] += result_vec[k];
        }
      }
    }
  }
  if (requested_early_exit_) {
    LOG(INFO) << "Test interrupted.";
    return;
  }
  if (param_.test_compute_loss()) {
    loss /= param_.test_iter(test_net_id);
    LOG(INFO) << "Test loss: " << loss;
  }
  for (size_t i = 0; i < test_score.size(); ++i) {
    const int output_blob_index = test_net->output_blob_indices()[test_score_output_id[i]];
    const string& output_name = test_net->blob_names()[output_blob_index];
    const Dtype loss_weight = test_net->blob_loss_weights()[output_blob_index];
    ostringstream loss_msg_stream;
    const Dtype mean_score = test_score[i] / param_.test_iter(test_net_id);
    if (loss_weight) {
      loss_msg_stream << " (* " << loss_weight << " = " << loss_weight * mean_score
                      << " loss)";
    }
    LOG(INFO) << "    Test net output #" << i << ": " << output_name << " = " << mean_score
              << loss_msg_stream.str();
  }
}

template <typename Dtype>
void Solver<Dtype>::Snapshot() {
  string model_filename;
  switch (param_.snapshot_format()) {
    case SolverParameter_SnapshotFormat_BINARYPROTO:
      model_filename = SnapshotToBinaryProto();
      break;
    case SolverParameter_SnapshotFormat_HDF5:
      LOG(FATAL) << "HDF5 snapshots are not supported by this build; "
                 << "use snapshot_format: BINARYPROTO";
      break;
    default:
      LOG(FATAL) << "Unsupported snapshot format.";
  }
  SnapshotSolverState(model_filename);
}

template <typename Dtype>
void Solver<Dtype>::CheckSnapshotWritePermissions() {
  if (!param_.snapshot()) return;
  CHECK(param_.has_snapshot_prefix())
      << "In solver params, snapshot is specified but snapshot_prefix is not";
  EnsureParentDirectory(param_.snapshot_prefix());
  const string probe_filename = SnapshotFilename(".tempfile");
  std::ofstream probe_ofs(probe_filename.c_str());
  if (probe_ofs.good()) {
    probe_ofs.close();
    std::remove(probe_filename.c_str());
  } else {
    LOG(FATAL) << "Cannot write to snapshot prefix '" << param_.snapshot_prefix()
               << "'.  Make sure that the directory exists and is writable.";
  }
}

template <typename Dtype>
string Solver<Dtype>::SnapshotFilename(const string& extension) {
  ostringstream filename;
  filename << param_.snapshot_prefix() << "_iter_" << iter_ << extension;
  return filename.str();
}

template <typename Dtype>
string Solver<Dtype>::SnapshotToBinaryProto() {
  const string model_filename = SnapshotFilename(".caffemodel");
  LOG(INFO) << "Snapshotting to binary proto file " << model_filename;
  EnsureParentDirectory(model_filename);
  NetParameter net_param;
  net_->ToProto(&net_param, param_.snapshot_diff());
  WriteProtoToBinaryFile(net_param, model_filename);
  return model_filename;
}

template <typename Dtype>
void Solver<Dtype>::Restore(const char* state_file) {
  const string state_filename(state_file);
  const string h5_suffix = ".h5";
  if (state_filename.size() >= h5_suffix.size() &&
      state_filename.compare(state_filename.size() - h5_suffix.size(), h5_suffix.size(),
                             h5_suffix) == 0) {
    LOG(FATAL) << "HDF5 solver states are not supported by this build: " << state_filename;
  }
  RestoreSolverStateFromBinaryProto(state_filename);
}

template <typename Dtype>
void Solver<Dtype>::UpdateSmoothedLoss(Dtype loss, int start_iter, int average_loss) {
  if (static_cast<int>(losses_.size()) < average_loss) {
    losses_.push_back(loss);
    const int size = static_cast<int>(losses_.size());
    smoothed_loss_ = (smoothed_loss_ * (size - 1) + loss) / size;
  } else {
    // Replace the oldest loss in the ring and adjust the mean.
    const int idx = (iter_ - start_iter) % average_loss;
    smoothed_loss_ += (loss - losses_[idx]) / average_loss;
    losses_[idx] = loss;
  }
}

INSTANTIATE_CLASS(Solver);

}  // namespace caffe
