// The engine's scalar reference kernels for an element term. A term supplies, in a plain header:
//   static double Value(double x, double y);                   forward term, in double (DECISIONS 17)
//   static float Gradient(float g, float x, float y, float s); gradient in float (DECISIONS 4), s the reduction
//                                                               factor
// Every FLOAT, FLOAT16 and BFLOAT16 value is exact in float and in double, so inputs of any mix of the three are
// read as they are; NaN results are stored canonical (core/nan.h) so that every path gives the same bits.
#ifndef OPENACLNN_OPS_POINTWISE_REFERENCE_H_
#define OPENACLNN_OPS_POINTWISE_REFERENCE_H_

#include <cstdint>

#include "core/element.h"
#include "core/nan.h"
#include "ops/pointwise/run.h"

namespace openaclnn::pointwise {

inline void StoreFloatAs(aclDataType dtype, char* address, float value) {
  switch (dtype) {
    case ACL_FLOAT16: return StoreFromFloat<Float16>(address, value);
    case ACL_BF16: return StoreFromFloat<BFloat16>(address, value);
    default: return StoreFromFloat<float>(address, value);
  }
}

template <class Term>
bool ForwardTermsReference(const Run& run, double* terms) {
  for (int64_t i = 0; i < run.count; ++i) {
    const double x = LoadAsFloat(run.dtype[0], run.input[0] + i * run.stride[0]);
    const double y = LoadAsFloat(run.dtype[1], run.input[1] + i * run.stride[1]);
    terms[i] = Term::Value(x, y);
  }
  return true;
}

template <class Term>
bool BackwardReference(const Run& run, const BackwardOut& out) {
  for (int64_t i = 0; i < run.count; ++i) {
    const float g = LoadAsFloat(run.dtype[0], run.input[0] + i * run.stride[0]);
    const float x = LoadAsFloat(run.dtype[1], run.input[1] + i * run.stride[1]);
    const float y = LoadAsFloat(run.dtype[2], run.input[2] + i * run.stride[2]);
    StoreFloatAs(out.dtype, out.data + i * out.stride, CanonicalizeNan(Term::Gradient(g, x, y, out.scale)));
  }
  return true;
}

}  // namespace openaclnn::pointwise

#endif  // OPENACLNN_OPS_POINTWISE_REFERENCE_H_
