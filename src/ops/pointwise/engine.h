// The pointwise-loss engine: what an operator's phase 1 hands over after its own checks, and the launch it gets
// back. The engine owns broadcasting (every input is walked at its own strides, 0 where broadcast), FLOAT16 and
// BFLOAT16 conversion, strided, offset and zero-stride operands, the choice between the reference and the vector
// kernels, threading, streaming stores and the deterministic mean and sum (backend/cpu/reduce.h):
//   forward, reduction none: each term (in double) rounded once to out's type;
//   forward, mean / sum:     the terms added in double in a grouping fixed by the index alone, the mean divided
//                            once in double, rounded once (DECISIONS 17); an empty input gives NaN / 0;
//   backward:                each gradient in float (with the operator's factor) rounded once (DECISIONS 4).
#ifndef OPENACLNN_OPS_POINTWISE_ENGINE_H_
#define OPENACLNN_OPS_POINTWISE_ENGINE_H_

#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"
#include "framework/two_phase.h"
#include "ops/pointwise/run.h"

namespace openaclnn::pointwise {

// The broadcast of the tensors' shapes (the caller's checks made sure it exists).
std::vector<int64_t> BroadcastShape(std::initializer_list<const aclTensor*> tensors);

struct ForwardCall {
  const char* run_api;
  const aclTensor* self;
  const aclTensor* target;
  int64_t reduction;  // 0 none (out has the broadcast shape), 1 mean, 2 sum (out has one element).
  aclTensor* out;
  const TermKernels* kernels;
};

struct BackwardCall {
  const char* run_api;
  const aclTensor* grad_output;
  const aclTensor* self;
  const aclTensor* target;
  float scale;     // The reduction's factor, computed by the operator (CANN's definition varies).
  aclTensor* out;  // Has the broadcast shape of the three inputs.
  const TermKernels* kernels;
};

Prepared PlanForward(const ForwardCall& call);
Prepared PlanBackward(const BackwardCall& call);

}  // namespace openaclnn::pointwise

#endif  // OPENACLNN_OPS_POINTWISE_ENGINE_H_
