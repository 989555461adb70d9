// Per-thread record of failures, read (and cleared) by aclGetRecentErrMsg().
#ifndef OPENACLNN_CORE_ERROR_STATE_H_
#define OPENACLNN_CORE_ERROR_STATE_H_

#include <string>

#include "core/status.h"

namespace openaclnn {

// Appends a message to the calling thread's pending errors.
void RecordError(std::string message);

// Records status's message when it is a failure; returns its code.
int32_t ReportStatus(const Status& status);

// Joins the pending messages (newest first), clears them, and returns a pointer that stays valid
// until the next call on this thread; nullptr when nothing is pending.
const char* TakeRecentErrors();

}  // namespace openaclnn

#endif  // OPENACLNN_CORE_ERROR_STATE_H_
