/*
 * OpenAclnn: base header of every aclnn operator header. Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNN_ACLNN_BASE_H_
#define OPENACLNN_ACLNN_ACLNN_BASE_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char *configPath);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize(void);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNN_ACLNN_BASE_H_ */
