// Formatting and output of LOG(...) / CHECK(...) messages.
#include "caffe/util/logging.hpp"

#include <sys/time.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

namespace caffe {
namespace logging {

namespace {

const char kSeverityLetters[] = {'I', 'W', 'E', 'F'};

int ReadMinLogLevel() {
  const char* env = std::getenv("GLOG_minloglevel");
  if (env == nullptr || *env == '\0') return 0;
  char* end = nullptr;
  const long level = std::strtol(env, &end, 10);
  if (end == env) return 0;
  if (level < INFO) return INFO;
  if (level > FATAL) return FATAL;
  return static_cast<int>(level);
}

const char* BaseName(const char* path) {
  const char* slash = std::strrchr(path, '/');
  return slash ? slash + 1 : path;
}

}  // namespace

int min_log_level() {
  static const int level = ReadMinLogLevel();
  return level;
}

LogMessage::LogMessage(const char* file, int line, int severity) : severity_(severity) {
  if (severity_ < INFO) severity_ = INFO;
  if (severity_ > FATAL) severity_ = FATAL;
  // Skip the header work for messages that will be dropped anyway.
  if (severity_ < min_log_level() && severity_ != FATAL) return;
  struct timeval tv;
  gettimeofday(&tv, nullptr);
  const time_t seconds = tv.tv_sec;
  struct tm local;
  localtime_r(&seconds, &local);
  char header[64];
  std::snprintf(header, sizeof(header), "%c%02d%02d %02d:%02d:%02d.%06ld ",
                kSeverityLetters[severity_], local.tm_mon + 1, local.tm_mday, local.tm_hour,
                local.tm_min, local.tm_sec, static_cast<long>(tv.tv_usec));
  stream_ << header << BaseName(file) << ':' << line << "] ";
}

LogMessage::~LogMessage() noexcept(false) {
  if (severity_ >= min_log_level() || severity_ == FATAL) {
    std::string text = stream_.str();
    text.push_back('\n');
    // One write per line so that messages are not interleaved.
    std::fwrite(text.data(), 1, text.size(), stderr);
    std::fflush(stderr);
  }
  if (severity_ == FATAL) {
    std::fflush(stdout);
    std::abort();
  }
}

}  // namespace logging
}  // namespace caffe
