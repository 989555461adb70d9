// Environment variables that change the library's behaviour; documented in docs/ARCHITECTURE.md.
#ifndef OPENACLNN_RUNTIME_ENV_H_
#define OPENACLNN_RUNTIME_ENV_H_

#include <cstdint>

namespace openaclnn::runtime {

// OPENACLNN_LAUNCH_BLOCKING=1: every launch runs to completion in the launching thread, so a debugger or a
// sanitizer report points at the caller. Failures are still returned by the next synchronisation.
inline constexpr const char* kLaunchBlockingEnv = "OPENACLNN_LAUNCH_BLOCKING";

// OPENACLNN_CHECKED_MEMORY=1: phase 1 of every operator checks that each tensor it will touch lies inside one
// live aclrtMalloc / aclrtMallocHost block (and a repeatable executor re-checks before every run).
inline constexpr const char* kCheckedMemoryEnv = "OPENACLNN_CHECKED_MEMORY";

// OPENACLNN_DEVICE_COUNT=N (1..kMaxDeviceCount, default 1): how many devices the process emulates. Each has its
// own contexts, streams and memory accounting; all of them run on the same CPU.
inline constexpr const char* kDeviceCountEnv = "OPENACLNN_DEVICE_COUNT";
inline constexpr int64_t kMaxDeviceCount = 64;

// OPENACLNN_DEVICE_MEMORY=bytes: the memory each emulated device has (aclrtGetMemInfo's total; aclrtMalloc
// beyond it is 207001). Unset or 0: the machine's RAM, shared by all devices.
inline constexpr const char* kDeviceMemoryEnv = "OPENACLNN_DEVICE_MEMORY";

// Reads an environment variable as a non-negative integer; fallback when unset or malformed.
int64_t ReadEnvInt(const char* name, int64_t fallback);

// True when the variable is set to something other than "", "0", "false", "off" or "no".
bool ReadEnvFlag(const char* name);

// The two flags above, read once per process (the first call) so hot paths pay one load, not a getenv.
bool LaunchBlocking();
bool CheckedMemory();
uint64_t DeviceMemoryLimit();  // 0: no limit of its own.

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_ENV_H_
