// C entry points of the OpenAclnn extensions (openaclnn/openaclnn.h). No logic here.
#include "openaclnn/openaclnn.h"

#include <vector>

#include "api/guard.h"
#include "backend/cpu/kernel_target.h"
#include "backend/cpu/parallel.h"
#include "backend/cpu/store_policy.h"
#include "framework/tolerated_fault.h"

#define OPENACLNN_STRINGIFY_INNER(x) #x
#define OPENACLNN_STRINGIFY(x) OPENACLNN_STRINGIFY_INNER(x)

extern "C" {

const char* openaclnnGetVersion(void) {
  return OPENACLNN_STRINGIFY(OPENACLNN_VERSION_MAJOR) "." OPENACLNN_STRINGIFY(
      OPENACLNN_VERSION_MINOR) "." OPENACLNN_STRINGIFY(OPENACLNN_VERSION_PATCH);
}

int32_t openaclnnSetNumThreads(int32_t numThreads) {
  return openaclnn::api::GuardAcl("openaclnnSetNumThreads",
                                  [&] { return openaclnn::cpu::SetKernelThreads("openaclnnSetNumThreads", numThreads); });
}

int32_t openaclnnGetNumThreads(void) { return openaclnn::cpu::KernelThreads(); }

int32_t openaclnnSetKernelTarget(const char* name) {
  return openaclnn::api::GuardAcl("openaclnnSetKernelTarget",
                                  [&] { return openaclnn::cpu::SetKernelTarget("openaclnnSetKernelTarget", name); });
}

const char* openaclnnGetKernelTarget(void) {
  return openaclnn::cpu::KernelTargetName(openaclnn::cpu::ActiveKernelTarget());
}

int32_t openaclnnGetKernelTargetCount(void) {
  try {
    return static_cast<int32_t>(openaclnn::cpu::AvailableKernelTargets().size());
  } catch (...) {
    return 0;  // The list could not be built (out of memory); nothing crosses into C.
  }
}

const char* openaclnnGetKernelTargetName(int32_t index) {
  try {
    const std::vector<int64_t>& targets = openaclnn::cpu::AvailableKernelTargets();
    if (index < 0 || index >= static_cast<int32_t>(targets.size())) {
      return nullptr;
    }
    return openaclnn::cpu::KernelTargetName(targets[index]);
  } catch (...) {
    return nullptr;
  }
}

int32_t openaclnnSetStreamingStoreThreshold(int64_t bytes) {
  return openaclnn::api::GuardAcl("openaclnnSetStreamingStoreThreshold", [&] {
    return openaclnn::cpu::SetStreamingStoreThreshold("openaclnnSetStreamingStoreThreshold", bytes);
  });
}

int64_t openaclnnGetStreamingStoreThreshold(void) { return openaclnn::cpu::StreamingStoreThreshold(); }

int32_t openaclnnSetStrictMode(int32_t enable) {
  return openaclnn::api::GuardAcl("openaclnnSetStrictMode",
                                  [&] { return openaclnn::SetStrictMode("openaclnnSetStrictMode", enable); });
}

int32_t openaclnnGetStrictMode(void) { return openaclnn::StrictMode() ? 1 : 0; }

}  // extern "C"
