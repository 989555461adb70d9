// When kernels write their output with streaming (non-temporal) stores. Below the threshold a normal store is
// faster and leaves the result in cache for whoever reads it next; above it the output cannot stay in cache
// anyway, and a normal store first reads every line it writes (read-for-ownership), which costs up to half
// the memory bandwidth. The threshold is OPENACLNN_STREAMING_STORE_BYTES when set, else
// kDefaultStreamingStoreBytes (see docs/PERFORMANCE.md for the measurement behind it);
// openaclnnSetStreamingStoreThreshold changes it at run time.
#ifndef OPENACLNN_BACKEND_CPU_STORE_POLICY_H_
#define OPENACLNN_BACKEND_CPU_STORE_POLICY_H_

#include <cstdint>

#include "core/status.h"

namespace openaclnn::cpu {

inline constexpr const char* kStreamingStoreEnv = "OPENACLNN_STREAMING_STORE_BYTES";
inline constexpr int64_t kDefaultStreamingStoreBytes = int64_t{16} << 20;

// Output bytes from which a launch uses streaming stores.
int64_t StreamingStoreThreshold();

// bytes >= 0 sets the threshold (0: always stream), -1 restores the default; anything else is an error for `api`.
Status SetStreamingStoreThreshold(const char* api, int64_t bytes);

inline bool UseStreamingStores(int64_t output_bytes) { return output_bytes >= StreamingStoreThreshold(); }

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_STORE_POLICY_H_
