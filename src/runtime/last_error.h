// aclrtPeekAtLastError / aclrtGetLastError: a per-thread slot holding the code of the calling thread's last
// failed runtime call. As on CANN, only failures of the runtime layer (codes 107xxx, 207xxx, 507xxx) are kept;
// argument checks of the ACL layer (100000 and the like) never reach the slot.
#ifndef OPENACLNN_RUNTIME_LAST_ERROR_H_
#define OPENACLNN_RUNTIME_LAST_ERROR_H_

#include <cstdint>

#include "core/status.h"

namespace openaclnn::runtime {

// Keeps `code` when it is a runtime-layer failure; returns it.
int32_t NoteLastError(int32_t code);
// Reads the slot into *code (clearing it when `clear`); level must be ACL_RT_THREAD_LEVEL (0).
Status ReadLastError(int32_t level, bool clear, int32_t* code);

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_LAST_ERROR_H_
