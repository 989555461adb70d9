/*
 * OpenAclnn: umbrella header of the ACL runtime, as included by CANN programs
 * ("acl/acl.h"). Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACL_ACL_H_
#define OPENACLNN_ACL_ACL_H_

#include "acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_MAJOR_VERSION 1
#define ACL_MINOR_VERSION 0
#define ACL_PATCH_VERSION 0

#define ACL_PKG_VERSION_MAX_SIZE 128
#define ACL_PKG_VERSION_PARTS_MAX_SIZE 64

/* Initialises the runtime. configPath may be NULL; a given path must name a readable file. */
ACL_FUNC_VISIBILITY aclError aclInit(const char *configPath);
ACL_FUNC_VISIBILITY aclError aclFinalize(void);

/* Returns and clears the calling thread's error messages (newest first), or NULL if there are none.
 * The string stays valid until the next call on the same thread. */
ACL_FUNC_VISIBILITY const char *aclGetRecentErrMsg(void);

/* Installed package versions: versionStr receives at most ACL_PKG_VERSION_MAX_SIZE bytes. */
ACL_FUNC_VISIBILITY aclError aclsysGetVersionStr(char *pkgName, char *versionStr);
ACL_FUNC_VISIBILITY aclError aclsysGetVersionNum(char *pkgName, int32_t *versionNum);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACL_ACL_H_ */
