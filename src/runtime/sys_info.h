// Process-wide runtime options (aclrtSetSysParamOpt) and installed package versions (aclsysGetVersion*).
#ifndef OPENACLNN_RUNTIME_SYS_INFO_H_
#define OPENACLNN_RUNTIME_SYS_INFO_H_

#include <cstdint>
#include <string>

#include "core/status.h"

namespace openaclnn::runtime {

// Stored and returned; no option changes what the library computes (DECISIONS 16: results are always
// deterministic, kernels have no debug or early-start variants).
Status SetSysParam(int32_t option, int64_t value);
Status GetSysParam(int32_t option, int64_t* value);

// version_str receives at most 128 bytes (ACL_PKG_VERSION_MAX_SIZE) including the terminator.
Status GetVersionStr(const char* package, char* version_str);
Status GetVersionNum(const char* package, int32_t* version_num);

// CANN's numbering: major*10^7 + minor*10^5 + patch*10^3, then alpha -300, beta -200, rc -100, plus the
// pre-release number ("9.0.0-rc.2" -> 89999902). False when the text is not a version.
bool ParseVersionNumber(const std::string& text, int32_t* number);

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_SYS_INFO_H_
