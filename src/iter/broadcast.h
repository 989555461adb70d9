// NumPy-style broadcasting of shapes (right-aligned; a dimension of 1 stretches to any size).
#ifndef OPENACLNN_ITER_BROADCAST_H_
#define OPENACLNN_ITER_BROADCAST_H_

#include <cstdint>

namespace openaclnn::iter {

// True when a tensor of shape `dims` broadcasts to exactly `target` (it may have fewer dimensions, never more).
bool BroadcastsTo(const int64_t* dims, int64_t rank, const int64_t* target, int64_t target_rank);

}  // namespace openaclnn::iter

#endif  // OPENACLNN_ITER_BROADCAST_H_
