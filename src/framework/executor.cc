#include "framework/executor.h"

#include <utility>

#include "runtime/handle_table.h"

namespace openaclnn {
namespace {

runtime::HandleTable<aclOpExecutor>& Registry() {
  static auto* registry = new runtime::HandleTable<aclOpExecutor>();  // Never destroyed: used during teardown.
  return *registry;
}

}  // namespace

aclOpExecutor* RegisterExecutor(std::shared_ptr<aclOpExecutor> executor) {
  return static_cast<aclOpExecutor*>(Registry().Insert(std::move(executor)));
}

std::shared_ptr<aclOpExecutor> FindExecutor(const aclOpExecutor* handle) { return Registry().Find(handle); }

bool DestroyExecutor(const aclOpExecutor* handle) { return Registry().Remove(handle) != nullptr; }

}  // namespace openaclnn
