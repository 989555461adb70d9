#include "backend/cpu/store_policy.h"

#include "runtime/env.h"

namespace openaclnn::cpu {

int64_t StreamingStoreThreshold() {
  static const int64_t threshold = runtime::ReadEnvInt(kStreamingStoreEnv, kDefaultStreamingStoreBytes);
  return threshold;
}

}  // namespace openaclnn::cpu
