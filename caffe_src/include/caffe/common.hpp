// Shared definitions: logging and checks, the global Caffe context (mode, RNG), and
// the macros every templated class uses.
#ifndef CAFFE_COMMON_HPP_
#define CAFFE_COMMON_HPP_

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "caffe/util/logging.hpp"

// Forbid the copy constructor and the assignment operator of a class.
#define DISABLE_COPY_AND_ASSIGN(classname) \
  classname(const classname&) = delete;    \
  classname& operator=(const classname&) = delete

// Explicit instantiation of a class template for both floating point types.
#define INSTANTIATE_CLASS(classname) \
  char gInstantiationGuard##classname; \
  template class classname<float>;     \
  template class classname<double>

#define NOT_IMPLEMENTED LOG(FATAL) << "Not implemented yet"
#define NO_GPU LOG(FATAL) << "This build is CPU only"

namespace caffe {

using std::shared_ptr;
using std::make_pair;
using std::map;
using std::ostringstream;
using std::pair;
using std::set;
using std::string;
using std::stringstream;
using std::vector;

// Process-wide settings: the compute mode and the random number generator that
// fillers, dropout and data shuffling draw from.
class Caffe {
 public:
  enum Brew { CPU, GPU };
  typedef std::mt19937 rng_t;

  static Caffe& Get();

  static rng_t* rng_stream() { return &Get().rng_; }
  static void set_random_seed(unsigned int seed);
  static Brew mode() { return Get().mode_; }
  static void set_mode(Brew mode) { Get().mode_ = mode; }
  static int solver_count() { return 1; }
  static bool root_solver() { return true; }

 private:
  Caffe();
  rng_t rng_;
  Brew mode_;
  DISABLE_COPY_AND_ASSIGN(Caffe);
};

// Seed a fresh generator from the global stream, as a per-object RNG.
unsigned int caffe_rng_rand();

// Prints the usage of the command line tools and parses --flag=value arguments.
void GlobalInit(int* pargc, char*** pargv);

}  // namespace caffe

#endif  // CAFFE_COMMON_HPP_
