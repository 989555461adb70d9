#include "framework/executor.h"

#include <mutex>
#include <unordered_set>
#include <utility>

namespace openaclnn {
namespace {

struct ExecutorRegistry {
  std::mutex mu;
  std::unordered_set<const aclOpExecutor*> live;
};

ExecutorRegistry& Registry() {
  static ExecutorRegistry* registry = new ExecutorRegistry();  // Never destroyed: used during static teardown.
  return *registry;
}

}  // namespace

aclOpExecutor* CreateExecutor(std::string_view run_api, std::shared_ptr<const Launch> launch) {
  auto* executor = new aclOpExecutor();
  executor->run_api = run_api;
  executor->launch = std::move(launch);
  ExecutorRegistry& registry = Registry();
  std::lock_guard<std::mutex> lock(registry.mu);
  registry.live.insert(executor);
  return executor;
}

bool IsLiveExecutor(const aclOpExecutor* executor) {
  ExecutorRegistry& registry = Registry();
  std::lock_guard<std::mutex> lock(registry.mu);
  return registry.live.count(executor) != 0;
}

bool DestroyExecutor(aclOpExecutor* executor) {
  {
    ExecutorRegistry& registry = Registry();
    std::lock_guard<std::mutex> lock(registry.mu);
    if (registry.live.erase(executor) == 0) {
      return false;
    }
  }
  delete executor;
  return true;
}

}  // namespace openaclnn
