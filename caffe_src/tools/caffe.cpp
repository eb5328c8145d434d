// The caffe command line tool:
//   caffe train --solver=S [--snapshot=F | --weights=W] [--iterations=N]
//   caffe test  --model=M --weights=W [--iterations=N]
//   caffe time  --model=M [--iterations=N] [--phase=TRAIN|TEST]
//   caffe device_query
// Flags are written --name=value, --name value, -name=value or -name value.
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "caffe/caffe.hpp"

using caffe::Blob;
using caffe::Caffe;
using caffe::Layer;
using caffe::Net;
using caffe::shared_ptr;
using caffe::Solver;
using caffe::SolverParameter;
using caffe::string;
using caffe::vector;

namespace {

// ---------------------------------------------------------------------------
// Flags

struct Flags {
  string solver;
  string model;
  string snapshot;
  string weights;
  string phase;
  string stage;
  string gpu;
  string sigint_effect = "stop";
  string sighup_effect = "snapshot";
  int iterations = 50;
  bool iterations_given = false;
  int level = 0;
};

Flags FLAGS;

const char* kUsage =
    "usage: caffe <command> <args>\n\n"
    "commands:\n"
    "  train           train or finetune a model\n"
    "  test            score a model\n"
    "  device_query    show device information\n"
    "  time            benchmark model execution time\n\n"
    "flags:\n"
    "  --solver=FILE      the solver definition (train)\n"
    "  --model=FILE       the model definition (test, time)\n"
    "  --snapshot=FILE    a .solverstate to resume training from (train)\n"
    "  --weights=FILES    comma-separated .caffemodel files to initialize from\n"
    "                     (train: finetune; test: required)\n"
    "  --iterations=N     iterations to run (test, time: default 50;\n"
    "                     train: overrides the solver's max_iter)\n"
    "  --phase=TRAIN|TEST the net phase (time: default TRAIN; test: default TEST)\n"
    "  --level=N          the net level (default 0)\n"
    "  --stage=A,B        comma-separated net stages\n"
    "  --sigint_effect=stop|snapshot|none   (train, default stop)\n"
    "  --sighup_effect=stop|snapshot|none   (train, default snapshot)\n";

int ParseInt(const string& name, const string& value) {
  char* end = NULL;
  const long parsed = std::strtol(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0') {
    LOG(FATAL) << "Flag --" << name << " expects an integer, got '" << value << "'";
  }
  return static_cast<int>(parsed);
}

// Sets the flag called name; returns false for an unknown name.
bool SetFlag(const string& name, const string& value) {
  if (name == "solver") {
    FLAGS.solver = value;
  } else if (name == "model") {
    FLAGS.model = value;
  } else if (name == "snapshot") {
    FLAGS.snapshot = value;
  } else if (name == "weights") {
    FLAGS.weights = value;
  } else if (name == "phase") {
    FLAGS.phase = value;
  } else if (name == "stage") {
    FLAGS.stage = value;
  } else if (name == "gpu") {
    FLAGS.gpu = value;
  } else if (name == "sigint_effect") {
    FLAGS.sigint_effect = value;
  } else if (name == "sighup_effect") {
    FLAGS.sighup_effect = value;
  } else if (name == "iterations") {
    FLAGS.iterations = ParseInt(name, value);
    FLAGS.iterations_given = true;
  } else if (name == "level") {
    FLAGS.level = ParseInt(name, value);
  } else {
    return false;
  }
  return true;
}

// Parses argv into FLAGS; returns the positional arguments (the command).
bool ParseCommandLine(int argc, char** argv, vector<string>* positional) {
  for (int i = 1; i < argc; ++i) {
    string arg = argv[i];
    if (arg.size() < 2 || arg[0] != '-') {
      positional->push_back(arg);
      continue;
    }
    arg = arg.substr(arg[1] == '-' ? 2 : 1);
    if (arg == "help" || arg == "h") {
      std::cerr << kUsage;
      std::exit(0);
    }
    string name, value;
    const size_t eq = arg.find('=');
    if (eq != string::npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
    } else {
      name = arg;
      if (i + 1 >= argc) {
        std::cerr << "Flag --" << name << " needs a value\n";
        return false;
      }
      value = argv[++i];
    }
    if (!SetFlag(name, value)) {
      std::cerr << "Unknown flag --" << name << "\n";
      return false;
    }
  }
  return true;
}

vector<string> SplitString(const string& text, char separator) {
  vector<string> parts;
  std::stringstream stream(text);
  string part;
  while (std::getline(stream, part, separator)) {
    if (!part.empty()) parts.push_back(part);
  }
  return parts;
}

caffe::Phase GetPhaseFromFlags(caffe::Phase default_value) {
  if (FLAGS.phase.empty()) return default_value;
  if (FLAGS.phase == "TRAIN") return caffe::TRAIN;
  if (FLAGS.phase == "TEST") return caffe::TEST;
  LOG(FATAL) << "phase must be \"TRAIN\" or \"TEST\"";
  return caffe::TRAIN;
}

vector<string> GetStagesFromFlags() { return SplitString(FLAGS.stage, ','); }

void WarnAboutGpu() {
  if (!FLAGS.gpu.empty()) {
    LOG(WARNING) << "This is a CPU-only build: ignoring --gpu=" << FLAGS.gpu;
  }
  LOG(INFO) << "Use CPU.";
  Caffe::set_mode(Caffe::CPU);
}

// ---------------------------------------------------------------------------
// Signals: SIGINT and SIGHUP become solver actions, checked between iterations.

volatile std::sig_atomic_t got_sigint = 0;
volatile std::sig_atomic_t got_sighup = 0;

void HandleSignal(int signal) {
  if (signal == SIGINT) got_sigint = 1;
  if (signal == SIGHUP) got_sighup = 1;
}

caffe::SolverAction::Enum EffectFromName(const string& name) {
  if (name == "stop") return caffe::SolverAction::STOP;
  if (name == "snapshot") return caffe::SolverAction::SNAPSHOT;
  if (name == "none") return caffe::SolverAction::NONE;
  LOG(FATAL) << "Invalid signal effect \"" << name << "\" was specified";
  return caffe::SolverAction::NONE;
}

caffe::SolverAction::Enum CheckForSignals() {
  if (got_sigint) {
    got_sigint = 0;
    return EffectFromName(FLAGS.sigint_effect);
  }
  if (got_sighup) {
    got_sighup = 0;
    return EffectFromName(FLAGS.sighup_effect);
  }
  return caffe::SolverAction::NONE;
}

// ---------------------------------------------------------------------------
// Commands

// Loads the weights of every comma-separated model into the train and test nets.
void CopyLayers(Solver<float>* solver, const string& model_list) {
  const vector<string> model_names = SplitString(model_list, ',');
  for (size_t i = 0; i < model_names.size(); ++i) {
    LOG(INFO) << "Finetuning from " << model_names[i];
    solver->net()->CopyTrainedLayersFrom(model_names[i]);
    for (size_t j = 0; j < solver->test_nets().size(); ++j) {
      solver->test_nets()[j]->CopyTrainedLayersFrom(model_names[i]);
    }
  }
}

int train() {
  CHECK_GT(FLAGS.solver.size(), 0) << "Need a solver definition to train.";
  CHECK(FLAGS.snapshot.empty() || FLAGS.weights.empty())
      << "Give a snapshot to resume training or weights to finetune but not both.";
  const vector<string> stages = GetStagesFromFlags();

  SolverParameter solver_param;
  caffe::ReadSolverParamsFromTextFileOrDie(FLAGS.solver, &solver_param);
  solver_param.mutable_train_state()->set_level(FLAGS.level);
  for (size_t i = 0; i < stages.size(); ++i) {
    solver_param.mutable_train_state()->add_stage(stages[i]);
  }
  if (FLAGS.iterations_given) {
    LOG(INFO) << "Overriding max_iter with --iterations=" << FLAGS.iterations;
    solver_param.set_max_iter(FLAGS.iterations);
  }
  if (solver_param.solver_mode() == SolverParameter::GPU) {
    LOG(WARNING) << "solver_mode GPU requested, but this is a CPU-only build.";
  }
  WarnAboutGpu();

  std::signal(SIGINT, HandleSignal);
  std::signal(SIGHUP, HandleSignal);
  shared_ptr<Solver<float> > solver(caffe::SolverRegistry<float>::CreateSolver(solver_param));
  solver->SetActionFunction(CheckForSignals);

  if (!FLAGS.snapshot.empty()) {
    LOG(INFO) << "Resuming from " << FLAGS.snapshot;
    solver->Restore(FLAGS.snapshot.c_str());
  } else if (!FLAGS.weights.empty()) {
    CopyLayers(solver.get(), FLAGS.weights);
  }
  LOG(INFO) << "Starting Optimization";
  solver->Solve();
  LOG(INFO) << "Optimization Done.";
  return 0;
}

int test() {
  CHECK_GT(FLAGS.model.size(), 0) << "Need a model definition to score.";
  CHECK_GT(FLAGS.weights.size(), 0) << "Need model weights to score.";
  CHECK_GT(FLAGS.iterations, 0) << "--iterations must be positive.";
  const vector<string> stages = GetStagesFromFlags();
  WarnAboutGpu();

  Net<float> caffe_net(FLAGS.model, GetPhaseFromFlags(caffe::TEST), FLAGS.level, &stages);
  caffe_net.CopyTrainedLayersFrom(FLAGS.weights);
  LOG(INFO) << "Running for " << FLAGS.iterations << " iterations.";

  vector<int> test_score_output_id;
  vector<float> test_score;
  float loss = 0;
  for (int i = 0; i < FLAGS.iterations; ++i) {
    float iter_loss;
    const vector<Blob<float>*>& result = caffe_net.Forward(&iter_loss);
    loss += iter_loss;
    int idx = 0;
    for (size_t j = 0; j < result.size(); ++j) {
      const float* result_vec = result[j]->cpu_data();
      const string& output_name = caffe_net.blob_names()[caffe_net.output_blob_indices()[j]];
      for (int k = 0; k < result[j]->count(); ++k, ++idx) {
        const float score = result_vec[k];
        if (i == 0) {
          test_score.push_back(score);
          test_score_output_id.push_back(static_cast<int>(j));
        } else {
          test_score[idx] += score;
        }
        LOG(INFO) << "Batch " << i << ", " << output_name << " = " << score;
      }
    }
  }
  loss /= FLAGS.iterations;
  LOG(INFO) << "Loss: " << loss;
  for (size_t i = 0; i < test_score.size(); ++i) {
    const int blob_id = caffe_net.output_blob_indices()[test_score_output_id[i]];
    const string& output_name = caffe_net.blob_names()[blob_id];
    const float loss_weight = caffe_net.blob_loss_weights()[blob_id];
    std::ostringstream loss_msg_stream;
    const float mean_score = test_score[i] / FLAGS.iterations;
    if (loss_weight) {
      loss_msg_stream << " (* " << loss_weight << " = " << loss_weight * mean_score
                      << " loss)";
    }
    LOG(INFO) << output_name << " = " << mean_score << loss_msg_stream.str();
  }
  return 0;
}

// Wall-clock stopwatch.
class Timer {
 public:
  void Start() { start_ = std::chrono::steady_clock::now(); }
  double MicroSeconds() const {
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start_)
        .count();
  }
  double MilliSeconds() const { return MicroSeconds() / 1000.0; }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

int time_net() {
  CHECK_GT(FLAGS.model.size(), 0) << "Need a model definition to time.";
  CHECK_GT(FLAGS.iterations, 0) << "--iterations must be positive.";
  const caffe::Phase phase = GetPhaseFromFlags(caffe::TRAIN);
  const vector<string> stages = GetStagesFromFlags();
  WarnAboutGpu();

  Net<float> caffe_net(FLAGS.model, phase, FLAGS.level, &stages);

  // One untimed pass first, so that every buffer is allocated.
  LOG(INFO) << "Performing Forward";
  float initial_loss;
  caffe_net.Forward(&initial_loss);
  LOG(INFO) << "Initial loss: " << initial_loss;
  LOG(INFO) << "Performing Backward";
  caffe_net.Backward();

  const vector<shared_ptr<Layer<float> > >& layers = caffe_net.layers();
  const vector<vector<Blob<float>*> >& bottom_vecs = caffe_net.bottom_vecs();
  const vector<vector<Blob<float>*> >& top_vecs = caffe_net.top_vecs();
  const vector<vector<bool> >& bottom_need_backward = caffe_net.bottom_need_backward();
  LOG(INFO) << "*** Benchmark begins ***";
  LOG(INFO) << "Testing for " << FLAGS.iterations << " iterations.";
  Timer total_timer, forward_timer, backward_timer, timer, iter_timer;
  vector<double> forward_time_per_layer(layers.size(), 0.0);
  vector<double> backward_time_per_layer(layers.size(), 0.0);
  double forward_time = 0.0;
  double backward_time = 0.0;
  total_timer.Start();
  for (int j = 0; j < FLAGS.iterations; ++j) {
    iter_timer.Start();
    forward_timer.Start();
    for (size_t i = 0; i < layers.size(); ++i) {
      timer.Start();
      layers[i]->Forward(bottom_vecs[i], top_vecs[i]);
      forward_time_per_layer[i] += timer.MicroSeconds();
    }
    forward_time += forward_timer.MicroSeconds();
    backward_timer.Start();
    for (int i = static_cast<int>(layers.size()) - 1; i >= 0; --i) {
      timer.Start();
      layers[i]->Backward(top_vecs[i], bottom_need_backward[i], bottom_vecs[i]);
      backward_time_per_layer[i] += timer.MicroSeconds();
    }
    backward_time += backward_timer.MicroSeconds();
    LOG(INFO) << "Iteration: " << j + 1 << " forward-backward time: "
              << iter_timer.MilliSeconds() << " ms.";
  }
  const double total_ms = total_timer.MilliSeconds();
  LOG(INFO) << "Average time per layer: ";
  for (size_t i = 0; i < layers.size(); ++i) {
    const string& layername = layers[i]->layer_param().name();
    LOG(INFO) << std::setfill(' ') << std::setw(10) << layername << "\tforward: "
              << forward_time_per_layer[i] / 1000 / FLAGS.iterations << " ms.";
    LOG(INFO) << std::setfill(' ') << std::setw(10) << layername << "\tbackward: "
              << backward_time_per_layer[i] / 1000 / FLAGS.iterations << " ms.";
  }
  LOG(INFO) << "Average Forward pass: " << forward_time / 1000 / FLAGS.iterations << " ms.";
  LOG(INFO) << "Average Backward pass: " << backward_time / 1000 / FLAGS.iterations << " ms.";
  LOG(INFO) << "Average Forward-Backward: " << total_ms / FLAGS.iterations << " ms.";
  LOG(INFO) << "Total Time: " << total_ms << " ms.";
  LOG(INFO) << "*** Benchmark ends ***";
  return 0;
}

int device_query() {
  LOG(INFO) << "This is a CPU-only build: there are no GPU devices to query.";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  vector<string> positional;
  if (!ParseCommandLine(argc, argv, &positional)) {
    std::cerr << kUsage;
    return 1;
  }
  if (positional.size() != 1) {
    std::cerr << kUsage;
    return 1;
  }
  std::map<string, std::function<int()> > commands;
  commands["train"] = train;
  commands["test"] = test;
  commands["time"] = time_net;
  commands["device_query"] = device_query;
  const auto command = commands.find(positional[0]);
  if (command == commands.end()) {
    std::cerr << "Unknown action: " << positional[0] << "\n" << kUsage;
    return 1;
  }
  return command->second();
}
