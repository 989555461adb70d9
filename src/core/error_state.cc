#include "core/error_state.h"

#include <string>
#include <utility>
#include <vector>

#include "core/log.h"

namespace openaclnn {
namespace {

// A program that never reads its errors must not grow without bound.
constexpr size_t kMaxPendingErrors = 64;

struct ThreadErrors {
  std::vector<std::string> pending;
  std::string returned;
};

ThreadErrors& Errors() {
  thread_local ThreadErrors errors;
  return errors;
}

}  // namespace

void RecordError(std::string message) {
  if (log::LogsFailures()) {
    // Only when a log variable asks for logs, as CANN logs every failure it returns.
    const log::Module module = message.rfind("AclNN", 0) == 0 ? log::Module::kOp : log::Module::kRuntime;
    log::Write(log::Level::kError, module, __FILE__, __LINE__, message);
  }
  ThreadErrors& errors = Errors();
  if (errors.pending.size() == kMaxPendingErrors) {
    errors.pending.erase(errors.pending.begin());
  }
  errors.pending.push_back(std::move(message));
}

int32_t ReportStatus(const Status& status) {
  if (!status.ok()) {
    RecordError(status.message());
  }
  return status.code();
}

const char* TakeRecentErrors() {
  ThreadErrors& errors = Errors();
  if (errors.pending.empty()) {
    return nullptr;
  }
  errors.returned.clear();
  for (auto it = errors.pending.rbegin(); it != errors.pending.rend(); ++it) {
    if (!errors.returned.empty()) {
      errors.returned += '\n';
    }
    errors.returned += *it;
  }
  errors.pending.clear();
  return errors.returned.c_str();
}

}  // namespace openaclnn
