// The process-wide Caffe context: compute mode and the global random stream.
#include "caffe/common.hpp"

#include <cstdio>
#include <cstring>

namespace caffe {

namespace {
// Without an explicit set_random_seed() every run draws the same numbers.
const unsigned int kDefaultRandomSeed = 1701u;
}  // namespace

Caffe::Caffe() : rng_(kDefaultRandomSeed), mode_(Caffe::CPU) {}

Caffe& Caffe::Get() {
  // Created on first use and never destroyed, so static destructors elsewhere
  // may still reach it safely.
  static Caffe* instance = new Caffe();
  return *instance;
}

void Caffe::set_random_seed(unsigned int seed) { Get().rng_.seed(seed); }

unsigned int caffe_rng_rand() { return static_cast<unsigned int>((*Caffe::rng_stream())()); }

void GlobalInit(int* pargc, char*** pargv) {
  // The command line is interpreted by the tools themselves; here we only make
  // sure the arguments are sane and answer a bare --help.
  CHECK(pargc != nullptr);
  CHECK(pargv != nullptr);
  for (int i = 1; i < *pargc; ++i) {
    const char* arg = (*pargv)[i];
    if (arg != nullptr && (std::strcmp(arg, "--help") == 0 || std::strcmp(arg, "-help") == 0)) {
      std::fprintf(stderr,
                   "usage: caffe <command> [--flag=value ...]\n"
                   "commands: train, test, time\n");
    }
  }
}

}  // namespace caffe
