// Host callbacks served by a user thread: aclrtSubscribeReport binds a thread (its pthread_t) to a stream,
// aclrtLaunchCallback queues a task that hands fn(userData) to that thread when the stream reaches it, and the
// thread runs it in aclrtProcessReport. A blocking callback holds the stream until it has run.
#ifndef OPENACLNN_RUNTIME_CALLBACKS_H_
#define OPENACLNN_RUNTIME_CALLBACKS_H_

#include <cstdint>

#include "acl/acl_rt.h"
#include "core/status.h"

namespace openaclnn::runtime {

Status SubscribeReport(uint64_t thread_id, aclrtStream stream);
Status UnsubscribeReport(uint64_t thread_id, aclrtStream stream);
Status LaunchCallback(aclrtCallback fn, void* user_data, int32_t block_type, aclrtStream stream);
// timeout_ms: -1 waits forever; nothing arriving in time is 507012 (ACL_ERROR_RT_REPORT_TIMEOUT).
Status ProcessReport(int32_t timeout_ms);

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_CALLBACKS_H_
