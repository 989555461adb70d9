#include "iter/broadcast.h"

namespace openaclnn::iter {

bool BroadcastsTo(const int64_t* dims, int64_t rank, const int64_t* target, int64_t target_rank) {
  if (rank > target_rank) {
    return false;
  }
  for (int64_t i = 1; i <= rank; ++i) {
    const int64_t dim = dims[rank - i];
    if (dim != 1 && dim != target[target_rank - i]) {
      return false;
    }
  }
  return true;
}

}  // namespace openaclnn::iter
