// Reading and writing protocol buffers (text and binary) and small file helpers.
#ifndef CAFFE_UTIL_IO_H_
#define CAFFE_UTIL_IO_H_

#include <google/protobuf/message.h>

#include <string>

#include "caffe/common.hpp"
#include "caffe/proto/caffe.pb.h"

namespace caffe {

using ::google::protobuf::Message;

// Text format (prototxt).
bool ReadProtoFromTextFile(const char* filename, Message* proto);
inline bool ReadProtoFromTextFile(const string& filename, Message* proto) {
  return ReadProtoFromTextFile(filename.c_str(), proto);
}
inline void ReadProtoFromTextFileOrDie(const char* filename, Message* proto) {
  CHECK(ReadProtoFromTextFile(filename, proto)) << "Failed to parse text proto file " << filename;
}
inline void ReadProtoFromTextFileOrDie(const string& filename, Message* proto) {
  ReadProtoFromTextFileOrDie(filename.c_str(), proto);
}

void WriteProtoToTextFile(const Message& proto, const char* filename);
inline void WriteProtoToTextFile(const Message& proto, const string& filename) {
  WriteProtoToTextFile(proto, filename.c_str());
}

// Binary wire format (.caffemodel, .solverstate); messages may exceed 64 MB.
bool ReadProtoFromBinaryFile(const char* filename, Message* proto);
inline bool ReadProtoFromBinaryFile(const string& filename, Message* proto) {
  return ReadProtoFromBinaryFile(filename.c_str(), proto);
}
inline void ReadProtoFromBinaryFileOrDie(const char* filename, Message* proto) {
  CHECK(ReadProtoFromBinaryFile(filename, proto))
      << "Failed to parse binary proto file " << filename;
}
inline void ReadProtoFromBinaryFileOrDie(const string& filename, Message* proto) {
  ReadProtoFromBinaryFileOrDie(filename.c_str(), proto);
}

void WriteProtoToBinaryFile(const Message& proto, const char* filename);
inline void WriteProtoToBinaryFile(const Message& proto, const string& filename) {
  WriteProtoToBinaryFile(proto, filename.c_str());
}

// Convenience readers for nets and solvers (no legacy format upgrading).
void ReadNetParamsFromTextFileOrDie(const string& param_file, NetParameter* param);
void ReadNetParamsFromBinaryFileOrDie(const string& param_file, NetParameter* param);
void ReadSolverParamsFromTextFileOrDie(const string& param_file, SolverParameter* param);

// Whole-file read; returns false when the file cannot be opened.
bool ReadFileToString(const string& filename, string* contents);

// A fresh unique temporary directory / file name (the file is created empty).
void MakeTempDir(string* temp_dirname);
void MakeTempFilename(string* temp_filename);

}  // namespace caffe

#endif  // CAFFE_UTIL_IO_H_
