// det_math's Exp, Log and Log1p (and det_math_for_float's and det_math_float's forms) over arrays, on one kernel target: the reference (the scalar forms) or a Highway
// target's vector forms (its vector body, with the scalar forms for a tail shorter than a vector). For the tests
// that check every target against the scalar forms bit for bit, and for kernels that need a whole array at once.
#ifndef OPENACLNN_BACKEND_CPU_DET_MATH_HWY_H_
#define OPENACLNN_BACKEND_CPU_DET_MATH_HWY_H_

#include <cstdint>

namespace openaclnn::cpu {

// false when `target` (kReferenceKernels or an HWY_* bit) is not compiled in.
bool ExpArray(int64_t target, const double* x, double* y, int64_t count);
bool LogArray(int64_t target, const double* x, double* y, int64_t count);
bool Log1pArray(int64_t target, const double* x, double* y, int64_t count);
// det_math_for_float.h's forms.
bool ExpForFloatArray(int64_t target, const double* x, double* y, int64_t count);
bool LogForFloatArray(int64_t target, const double* x, double* y, int64_t count);
bool Log1pForFloatArray(int64_t target, const double* x, double* y, int64_t count);
bool SoftplusTailForFloatArray(int64_t target, const double* x, double* y, int64_t count);
// det::LogRatioForFloat(a[i], b[i]).
bool LogRatioForFloatArray(int64_t target, const double* a, const double* b, double* y, int64_t count);
// det::ExpF, and det::ExpDiffF(x[i], m), over float arrays.
bool ExpFloatArray(int64_t target, const float* x, float* y, int64_t count);
bool ExpDiffFloatArray(int64_t target, const float* x, float m, float* y, int64_t count);

// det_math_float.h's family over float arrays.
enum class FloatFunction { kLog, kLog1p, kSoftplusTail, kSigmoid, kTanh };
bool FloatFunctionArray(int64_t target, FloatFunction function, const float* x, float* y, int64_t count);

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_DET_MATH_HWY_H_
