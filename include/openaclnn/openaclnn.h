/*
 * OpenAclnn extensions: functions CANN does not have. Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_OPENACLNN_OPENACLNN_H_
#define OPENACLNN_OPENACLNN_OPENACLNN_H_

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OPENACLNN_API __attribute__((visibility("default")))

/* The library's version, "major.minor.patch". */
OPENACLNN_API const char *openaclnnGetVersion(void);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_OPENACLNN_OPENACLNN_H_ */
