// One operator call, validated and planned by phase 1, ready to run on a stream by phase 2.
#ifndef OPENACLNN_FRAMEWORK_LAUNCH_H_
#define OPENACLNN_FRAMEWORK_LAUNCH_H_

#include <cstdint>

#include "core/status.h"

namespace openaclnn {

class Launch {
 public:
  virtual ~Launch() = default;
  // Runs the computation in the calling thread. A failure (bad data phase 1 could not see) is reported by
  // the stream's next synchronisation. Must not throw.
  virtual Status Run() const = 0;
  // Elements of the iteration space Run covers: what phase 2 weighs to decide whether the work is small.
  virtual int64_t Elements() const = 0;
  // The kernels Run uses, as the debug log names them: "reference" or a SIMD target's name ("AVX2", "NEON", ...).
  virtual const char* KernelName() const = 0;
};

}  // namespace openaclnn

#endif  // OPENACLNN_FRAMEWORK_LAUNCH_H_
