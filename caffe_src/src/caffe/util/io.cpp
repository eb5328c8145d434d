// Protocol buffer file I/O.
#include "caffe/util/io.hpp"

#include <fcntl.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/text_format.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

namespace caffe {

using ::google::protobuf::io::CodedInputStream;
using ::google::protobuf::io::FileInputStream;
using ::google::protobuf::io::FileOutputStream;
using ::google::protobuf::io::ZeroCopyInputStream;

bool ReadProtoFromTextFile(const char* filename, Message* proto) {
  const int fd = open(filename, O_RDONLY);
  if (fd < 0) {
    LOG(ERROR) << "File not found: " << filename;
    return false;
  }
  bool success;
  {
    FileInputStream input(fd);
    success = google::protobuf::TextFormat::Parse(&input, proto);
  }
  close(fd);
  return success;
}

void WriteProtoToTextFile(const Message& proto, const char* filename) {
  const int fd = open(filename, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  CHECK_GE(fd, 0) << "Cannot open " << filename << " for writing: " << std::strerror(errno);
  bool success;
  {
    FileOutputStream output(fd);
    success = google::protobuf::TextFormat::Print(proto, &output);
    success = output.Flush() && success;
  }
  close(fd);
  CHECK(success) << "Failed to write " << filename;
}

bool ReadProtoFromBinaryFile(const char* filename, Message* proto) {
  const int fd = open(filename, O_RDONLY);
  if (fd < 0) {
    LOG(ERROR) << "File not found: " << filename;
    return false;
  }
  bool success;
  {
    FileInputStream raw_input(fd);
    CodedInputStream coded_input(&raw_input);
    coded_input.SetTotalBytesLimit(INT_MAX);
    success = proto->ParseFromCodedStream(&coded_input);
  }
  close(fd);
  return success;
}

void WriteProtoToBinaryFile(const Message& proto, const char* filename) {
  std::ofstream output(filename, std::ios::out | std::ios::trunc | std::ios::binary);
  CHECK(output.good()) << "Cannot open " << filename << " for writing";
  CHECK(proto.SerializeToOstream(&output)) << "Failed to write " << filename;
}

void ReadNetParamsFromTextFileOrDie(const string& param_file, NetParameter* param) {
  CHECK(ReadProtoFromTextFile(param_file, param))
      << "Failed to parse NetParameter file: " << param_file;
}

void ReadNetParamsFromBinaryFileOrDie(const string& param_file, NetParameter* param) {
  CHECK(ReadProtoFromBinaryFile(param_file, param))
      << "Failed to parse NetParameter file: " << param_file;
}

void ReadSolverParamsFromTextFileOrDie(const string& param_file, SolverParameter* param) {
  CHECK(ReadProtoFromTextFile(param_file, param))
      << "Failed to parse SolverParameter file: " << param_file;
}

bool ReadFileToString(const string& filename, string* contents) {
  std::ifstream input(filename, std::ios::in | std::ios::binary);
  if (!input) return false;
  std::ostringstream buffer;
  buffer << input.rdbuf();
  *contents = buffer.str();
  return true;
}

namespace {
string TempRoot() {
  const char* dir = std::getenv("TMPDIR");
  return (dir != nullptr && *dir != '\0') ? string(dir) : string("/tmp");
}
}  // namespace

void MakeTempDir(string* temp_dirname) {
  CHECK(temp_dirname != nullptr);
  string pattern = TempRoot() + "/caffe_test.XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  CHECK(mkdtemp(buffer.data()) != nullptr) << "Failed to create a temporary directory";
  *temp_dirname = buffer.data();
}

void MakeTempFilename(string* temp_filename) {
  CHECK(temp_filename != nullptr);
  string pattern = TempRoot() + "/caffe_test.XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  const int fd = mkstemp(buffer.data());
  CHECK_GE(fd, 0) << "Failed to create a temporary file";
  close(fd);
  *temp_filename = buffer.data();
}

}  // namespace caffe
