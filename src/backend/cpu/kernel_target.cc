#include "backend/cpu/kernel_target.h"

#include <strings.h>

#include <atomic>
#include <cstdlib>
#include <string>

#include "acl/acl_base.h"
#include "core/log.h"
#include "core/messages.h"
#include "hwy/targets.h"

namespace openaclnn::cpu {
namespace {

constexpr int64_t kUnset = -1;

std::vector<int64_t> ListTargets() {
  std::vector<int64_t> targets = {kReferenceKernels};
  // HWY_TARGETS: the targets foreach_target compiles in this build. A lower bit is a better target.
  int64_t usable = hwy::SupportedTargets() & HWY_TARGETS;
  while (usable != 0) {
    const int64_t best = usable & -usable;
    targets.push_back(best);
    usable &= usable - 1;
  }
  return targets;
}

int64_t BestTarget() {
  const std::vector<int64_t>& targets = AvailableKernelTargets();
  return targets.size() > 1 ? targets[1] : kReferenceKernels;
}

// kUnset when `name` names no available target; "best" resolves to the best one.
int64_t Lookup(const char* name) {
  if (strcasecmp(name, "best") == 0) {
    return BestTarget();
  }
  for (int64_t target : AvailableKernelTargets()) {
    if (strcasecmp(name, KernelTargetName(target)) == 0) {
      return target;
    }
  }
  return kUnset;
}

std::string AvailableNames() {
  std::string names = "best";
  for (int64_t target : AvailableKernelTargets()) {
    names += ", ";
    names += KernelTargetName(target);
  }
  return names;
}

int64_t DefaultTarget() {
  static const int64_t target = [] {
    const char* text = std::getenv(kKernelsEnv);
    if (text == nullptr || *text == '\0') {
      return BestTarget();
    }
    const int64_t found = Lookup(text);
    if (found == kUnset) {
      log::Write(log::Level::kWarning, log::Module::kOp, __FILE__, __LINE__,
                 std::string(kKernelsEnv) + "=" + text + " is not an available kernel target (one of: " +
                     AvailableNames() + "); using the best.");
      return BestTarget();
    }
    return found;
  }();
  return target;
}

std::atomic<int64_t> g_override{kUnset};

}  // namespace

const std::vector<int64_t>& AvailableKernelTargets() {
  static const std::vector<int64_t> targets = ListTargets();
  return targets;
}

const char* KernelTargetName(int64_t target) {
  return target == kReferenceKernels ? "reference" : hwy::TargetName(target);
}

int64_t ActiveKernelTarget() {
  const int64_t chosen = g_override.load(std::memory_order_relaxed);
  return chosen != kUnset ? chosen : DefaultTarget();
}

Status SetKernelTarget(const char* api, const char* name) {
  if (name == nullptr) {
    g_override.store(kUnset, std::memory_order_relaxed);
    return Status::Ok();
  }
  const int64_t found = Lookup(name);
  if (found == kUnset) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(api, std::string("argument 'name' must be one of: ") + AvailableNames() +
                                             " (or NULL for the default), got \"" + name + "\"."));
  }
  g_override.store(found, std::memory_order_relaxed);
  return Status::Ok();
}

}  // namespace openaclnn::cpu
