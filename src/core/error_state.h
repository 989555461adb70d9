// Per-thread record of failures, read (and cleared) by aclGetRecentErrMsg().
#ifndef OPENACLNN_CORE_ERROR_STATE_H_
#define OPENACLNN_CORE_ERROR_STATE_H_

#include <string>

#include "core/status.h"

namespace openaclnn {

// Appends a message to the calling thread's pending errors. Never throws: when there is no memory to keep
// the message, the thread remembers that a message was lost to out of memory instead.
void RecordError(std::string message) noexcept;

// Records "<api>: <what><detail>" (built here, so building it cannot throw into the caller either).
void RecordFailure(const char* api, const char* what, const char* detail = "") noexcept;

// Records status's message when it is a failure; returns its code.
int32_t ReportStatus(const Status& status) noexcept;

// Joins the pending messages (newest first), clears them, and returns a pointer that stays valid
// until the next call on this thread; nullptr when nothing is pending. Without memory to join them it returns
// a fixed text saying that messages were lost to out of memory.
const char* TakeRecentErrors() noexcept;

}  // namespace openaclnn

#endif  // OPENACLNN_CORE_ERROR_STATE_H_
