// Registry from a solver's type string ("SGD", ...) to a creator, in the same way as
// the layer registry. A solver .cpp registers itself with REGISTER_SOLVER_CLASS(Name),
// which maps "Name" to NameSolver<Dtype>.
#ifndef CAFFE_SOLVER_FACTORY_H_
#define CAFFE_SOLVER_FACTORY_H_

#include <map>
#include <string>
#include <vector>

#include "caffe/common.hpp"
#include "caffe/proto/caffe.pb.h"

namespace caffe {

template <typename Dtype>
class Solver;

template <typename Dtype>
class SolverRegistry {
 public:
  typedef Solver<Dtype>* (*Creator)(const SolverParameter&);
  typedef std::map<string, Creator> CreatorRegistry;

  static CreatorRegistry& Registry() {
    static CreatorRegistry* g_registry_ = new CreatorRegistry();
    return *g_registry_;
  }

  static void AddCreator(const string& type, Creator creator) {
    CreatorRegistry& registry = Registry();
    CHECK_EQ(registry.count(type), 0) << "Solver type " << type << " already registered.";
    registry[type] = creator;
  }

  // The caller owns the returned solver.
  static Solver<Dtype>* CreateSolver(const SolverParameter& param) {
    const string& type = param.type();
    CreatorRegistry& registry = Registry();
    CHECK_EQ(registry.count(type), 1)
        << "Unknown solver type: " << type << " (known types: " << SolverTypeListString()
        << ")";
    return registry[type](param);
  }

  static vector<string> SolverTypeList() {
    vector<string> solver_types;
    for (const auto& entry : Registry()) solver_types.push_back(entry.first);
    return solver_types;
  }

 private:
  SolverRegistry() {}

  static string SolverTypeListString() {
    string result;
    for (const string& name : SolverTypeList()) {
      if (!result.empty()) result += ", ";
      result += name;
    }
    return result;
  }
};

template <typename Dtype>
class SolverRegisterer {
 public:
  SolverRegisterer(const string& type, Solver<Dtype>* (*creator)(const SolverParameter&)) {
    SolverRegistry<Dtype>::AddCreator(type, creator);
  }
};

#define REGISTER_SOLVER_CREATOR(type, creator)                                  \
  static SolverRegisterer<float> g_creator_f_##type(#type, creator<float>);     \
  static SolverRegisterer<double> g_creator_d_##type(#type, creator<double>)

#define REGISTER_SOLVER_CLASS(type)                                             \
  template <typename Dtype>                                                     \
  Solver<Dtype>* Creator_##type##Solver(const SolverParameter& param) {         \
    return new type##Solver<Dtype>(param);                                      \
  }                                                                             \
  REGISTER_SOLVER_CREATOR(type, Creator_##type##Solver)

}  // namespace caffe

#endif  // CAFFE_SOLVER_FACTORY_H_
