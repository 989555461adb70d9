#include "core/error_state.h"

#include <string>
#include <utility>
#include <vector>

#include "core/log.h"

namespace openaclnn {
namespace {

// A program that never reads its errors must not grow without bound.
constexpr size_t kMaxPendingErrors = 64;

// What aclGetRecentErrMsg returns when a message could not be kept or the messages could not be joined.
constexpr const char kLostToOutOfMemory[] =
    "OpenAclnn: out of host memory; the error messages of the last calls on this thread were lost.";

struct ThreadErrors {
  std::vector<std::string> pending;
  std::string returned;
  bool lost = false;  // A message could not be kept for want of memory.
};

ThreadErrors& Errors() {
  thread_local ThreadErrors errors;
  return errors;
}

}  // namespace

void RecordError(std::string message) noexcept {
  if (log::LogsFailures()) {
    // Only when a log variable asks for logs, as CANN logs every failure it returns.
    const log::Module module = message.rfind("AclNN", 0) == 0 ? log::Module::kOp : log::Module::kRuntime;
    log::Write(log::Level::kError, module, __FILE__, __LINE__, message);
  }
  ThreadErrors& errors = Errors();
  if (errors.pending.size() == kMaxPendingErrors) {
    errors.pending.erase(errors.pending.begin());
  }
  try {
    errors.pending.push_back(std::move(message));
  } catch (...) {
    errors.lost = true;
  }
}

void RecordFailure(const char* api, const char* what, const char* detail) noexcept {
  try {
    RecordError(std::string(api) + ": " + what + detail);
  } catch (...) {
    Errors().lost = true;
  }
}

int32_t ReportStatus(const Status& status) noexcept {
  if (!status.ok()) {
    try {
      RecordError(status.message());
    } catch (...) {
      Errors().lost = true;  // Copying the message failed.
    }
  }
  return status.code();
}

const char* TakeRecentErrors() noexcept {
  ThreadErrors& errors = Errors();
  if (errors.pending.empty() && !errors.lost) {
    return nullptr;
  }
  const bool lost = std::exchange(errors.lost, false);
  try {
    errors.returned.clear();
    if (lost) {
      errors.returned = kLostToOutOfMemory;
    }
    for (auto it = errors.pending.rbegin(); it != errors.pending.rend(); ++it) {
      if (!errors.returned.empty()) {
        errors.returned += '\n';
      }
      errors.returned += *it;
    }
  } catch (...) {
    errors.pending.clear();
    return kLostToOutOfMemory;
  }
  errors.pending.clear();
  return errors.returned.c_str();
}

}  // namespace openaclnn
