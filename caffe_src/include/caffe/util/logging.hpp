// A small glog-style logger: LOG(INFO) << ..., CHECK(cond), CHECK_EQ(a, b) ...
// Lines look like "I1202 11:58:13.123 solver.cpp:120] message".
#ifndef CAFFE_UTIL_LOGGING_HPP_
#define CAFFE_UTIL_LOGGING_HPP_

#include <sstream>
#include <string>

namespace caffe {
namespace logging {

enum Severity { INFO = 0, WARNING = 1, ERROR = 2, FATAL = 3 };

// Collects one message and writes it (to stderr) when destroyed. FATAL aborts.
class LogMessage {
 public:
  LogMessage(const char* file, int line, int severity);
  ~LogMessage() noexcept(false);
  std::ostream& stream() { return stream_; }

 private:
  std::ostringstream stream_;
  int severity_;
};

// Swallows a stream expression when a condition does not hold.
class LogVoidify {
 public:
  void operator&(std::ostream&) {}
};

// Messages below this severity are dropped (set from GLOG_minloglevel).
int min_log_level();

}  // namespace logging
}  // namespace caffe

#define CAFFE_LOG_INFO ::caffe::logging::INFO
#define CAFFE_LOG_WARNING ::caffe::logging::WARNING
#define CAFFE_LOG_ERROR ::caffe::logging::ERROR
#define CAFFE_LOG_FATAL ::caffe::logging::FATAL

#define LOG(severity) \
  ::caffe::logging::LogMessage(__FILE__, __LINE__, CAFFE_LOG_##severity).stream()

#define LOG_IF(severity, condition) \
  !(condition) ? (void)0 : ::caffe::logging::LogVoidify() & LOG(severity)

#define CHECK(condition)                                       \
  (condition) ? (void)0                                        \
              : ::caffe::logging::LogVoidify() &               \
                    LOG(FATAL) << "Check failed: " #condition " "

#define CAFFE_CHECK_OP(a, b, op)                                          \
  ((a)op(b)) ? (void)0                                                    \
             : ::caffe::logging::LogVoidify() &                           \
                   LOG(FATAL) << "Check failed: " #a " " #op " " #b " (" \
                              << (a) << " vs. " << (b) << ") "

#define CHECK_EQ(a, b) CAFFE_CHECK_OP(a, b, ==)
#define CHECK_NE(a, b) CAFFE_CHECK_OP(a, b, !=)
#define CHECK_LE(a, b) CAFFE_CHECK_OP(a, b, <=)
#define CHECK_LT(a, b) CAFFE_CHECK_OP(a, b, <)
#define CHECK_GE(a, b) CAFFE_CHECK_OP(a, b, >=)
#define CHECK_GT(a, b) CAFFE_CHECK_OP(a, b, >)
#define CHECK_NOTNULL(p) (CHECK((p) != nullptr), (p))

#ifdef NDEBUG
#define DCHECK(condition) \
  while (false) CHECK(condition)
#define DCHECK_EQ(a, b) \
  while (false) CHECK_EQ(a, b)
#define DCHECK_GE(a, b) \
  while (false) CHECK_GE(a, b)
#define DCHECK_LT(a, b) \
  while (false) CHECK_LT(a, b)
#define DCHECK_LE(a, b) \
  while (false) CHECK_LE(a, b)
#else
#define DCHECK(condition) CHECK(condition)
#define DCHECK_EQ(a, b) CHECK_EQ(a, b)
#define DCHECK_GE(a, b) CHECK_GE(a, b)
#define DCHECK_LT(a, b) CHECK_LT(a, b)
#define DCHECK_LE(a, b) CHECK_LE(a, b)
#endif

#endif  // CAFFE_UTIL_LOGGING_HPP_
