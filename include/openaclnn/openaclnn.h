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

/*
 * Kernel threads. Each launch splits its work statically over this many threads (the thread running the
 * stream's work included); launches smaller than about 1 MiB of output run on one thread. numThreads in
 * [1, 256] sets the count; 0 restores the default: OPENACLNN_NUM_THREADS when set, else the CPUs this
 * process may run on. Applies to launches that start running afterwards. Results are bit-identical for every
 * count. Returns 0, or ACL_ERROR_INVALID_PARAM (100000) with a message for aclGetRecentErrMsg().
 */
OPENACLNN_API int32_t openaclnnSetNumThreads(int32_t numThreads);
OPENACLNN_API int32_t openaclnnGetNumThreads(void);

/*
 * Kernel implementations: "reference" (the scalar kernels), "best" (the default: the best SIMD target this
 * CPU supports), or a SIMD target by name ("AVX2", "SSE4", "EMU128", "NEON", "SVE", ...; the names this
 * build and CPU offer are listed by openaclnnGetKernelTargetName). Names are case-insensitive; NULL restores
 * the default, which OPENACLNN_KERNELS may set. Applies to operators planned afterwards (phase 1). Results
 * are bit-identical for every choice; the choice exists for testing and measuring. Returns 0, or
 * ACL_ERROR_INVALID_PARAM (100000) with a message for aclGetRecentErrMsg() when the name is not available.
 */
OPENACLNN_API int32_t openaclnnSetKernelTarget(const char *name);
/* The name of the kernel target in use now. */
OPENACLNN_API const char *openaclnnGetKernelTarget(void);
/* The number of kernel targets available here, and each name: index 0 is "reference", then SIMD targets,
 * best first. NULL for an index out of range. */
OPENACLNN_API int32_t openaclnnGetKernelTargetCount(void);
OPENACLNN_API const char *openaclnnGetKernelTargetName(int32_t index);

/*
 * Streaming stores. A launch whose output is at least this many bytes writes it with non-temporal stores
 * (faster once the output cannot stay in cache, and it does not evict what is there); smaller outputs use
 * normal stores. bytes >= 0 sets the threshold (0: always), -1 restores the default:
 * OPENACLNN_STREAMING_STORE_BYTES when set, else 16 MiB. Applies to operators planned afterwards (phase 1).
 * Results are bit-identical either way. Returns 0, or ACL_ERROR_INVALID_PARAM (100000) with a message.
 */
OPENACLNN_API int32_t openaclnnSetStreamingStoreThreshold(int64_t bytes);
OPENACLNN_API int64_t openaclnnGetStreamingStoreThreshold(void);

/*
 * Strict mode. By default a data fault that CANN tolerates keeps CANN's result and the run succeeds: a class target
 * outside [0, C) that is not ignoreIndex contributes nothing, a reduced value that overflows its output type is
 * stored as infinity; each is logged as a warning (once per operator and kind per process unless a log variable
 * is set). In strict mode such a run fails instead: the stream's next synchronisation returns a non-zero aclError
 * and aclGetRecentErrMsg() names the operator, the argument, the first offending position and the value.
 * enable: 1 on, 0 off, -1 restores the default (OPENACLNN_STRICT=1 turns it on). Applies to launches that run
 * afterwards. Returns 0, or ACL_ERROR_INVALID_PARAM (100000) with a message for any other value.
 */
OPENACLNN_API int32_t openaclnnSetStrictMode(int32_t enable);
/* 1 when strict mode is on, else 0. */
OPENACLNN_API int32_t openaclnnGetStrictMode(void);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_OPENACLNN_OPENACLNN_H_ */
