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

// Reads an environment variable as a non-negative integer; fallback when unset or malformed.
int64_t ReadEnvInt(const char* name, int64_t fallback);

// True when the variable is set to something other than "", "0", "false", "off" or "no".
bool ReadEnvFlag(const char* name);

// The two flags above, read once per process (the first call) so hot paths pay one load, not a getenv.
bool LaunchBlocking();
bool CheckedMemory();

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_ENV_H_
