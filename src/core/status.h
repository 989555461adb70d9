// Result of an internal operation: an ACL/aclnn code and, on failure, a message for aclGetRecentErrMsg().
#ifndef OPENACLNN_CORE_STATUS_H_
#define OPENACLNN_CORE_STATUS_H_

#include <cstdint>
#include <string>
#include <utility>

namespace openaclnn {

class Status {
 public:
  Status() = default;
  Status(int32_t code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return Status(); }

  bool ok() const { return code_ == 0; }
  int32_t code() const { return code_; }
  const std::string& message() const { return message_; }

 private:
  int32_t code_ = 0;
  std::string message_;
};

}  // namespace openaclnn

// Returns early from the enclosing function when a check fails.
#define OPENACLNN_RETURN_IF_ERROR(expr)          \
  do {                                           \
    ::openaclnn::Status status_or_error = (expr); \
    if (!status_or_error.ok()) {                 \
      return status_or_error;                    \
    }                                            \
  } while (0)

#endif  // OPENACLNN_CORE_STATUS_H_
