#include "backend/cpu/parallel.h"

namespace openaclnn::cpu {

int KernelThreads() { return 1; }

void ParallelFor(int64_t count, int64_t grain, const std::function<void(int64_t begin, int64_t end)>& fn) {
  (void)grain;
  if (count > 0) {
    fn(0, count);
  }
}

}  // namespace openaclnn::cpu
