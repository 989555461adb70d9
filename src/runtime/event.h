// Events: markers recorded on a stream. A record captures everything submitted to the stream before it and
// completes when the stream reaches it; waits, queries, synchronisations and elapsed times refer to the latest
// record. Timestamps come from the steady clock, so elapsed times between completed records on one stream are
// never negative.
#ifndef OPENACLNN_RUNTIME_EVENT_H_
#define OPENACLNN_RUNTIME_EVENT_H_

#include <cstdint>

#include "acl/acl_rt.h"
#include "core/status.h"

namespace openaclnn::runtime {

// How an event was created; CANN gives each a different set of rules.
enum class EventKind {
  kDefault,   // aclrtCreateEvent: can be waited on and timed.
  kWithFlag,  // aclrtCreateEventWithFlag: waits and resets need ACL_EVENT_SYNC, timing ACL_EVENT_TIME_LINE.
  kEx,        // aclrtCreateEventExWithFlag: reusable by re-recording; no reset or query of waits.
};

Status CreateEvent(aclrtEvent* event, EventKind kind, uint32_t flags);
Status DestroyEvent(aclrtEvent event);
Status RecordEvent(aclrtEvent event, aclrtStream stream);
Status RecordEventWithFlag(aclrtEvent event, aclrtStream stream, uint32_t flag);
Status ResetEvent(aclrtEvent event, aclrtStream stream);
Status QueryEvent(aclrtEvent event, aclrtEventStatus* status);
Status QueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status);
Status QueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus* status);
Status SynchronizeEvent(aclrtEvent event);
// timeout_ms: -1 waits forever; expiry is 507047 (ACL_ERROR_RT_EVENT_SYNC_TIMEOUT).
Status SynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout_ms);
Status EventElapsedTime(float* ms, aclrtEvent start, aclrtEvent end);
Status EventGetTimestamp(aclrtEvent event, uint64_t* timestamp);
Status StreamWaitEvent(aclrtStream stream, aclrtEvent event);

// The address of the object behind a live handle, or null: lets tests see that a new event really occupies a
// released one's memory.
const void* EventObjectAddress(aclrtEvent event);

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_EVENT_H_
