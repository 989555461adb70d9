// The pointwise-loss engine: what an operator's phase 1 hands over after its own checks, and the launch it gets
// back. The engine owns broadcasting (every input is walked at its own strides, 0 where broadcast), FLOAT16 and
// BFLOAT16 conversion, strided, offset and zero-stride operands, the choice between the reference and the vector
// kernels, threading, streaming stores and the deterministic mean and sum (backend/cpu/reduce.h):
//   forward, reduction none: each term (in double) rounded once to out's type;
//   forward, mean / sum:     the terms added in double in a grouping fixed by the index alone, the mean divided
//                            once in double, rounded once (DECISIONS 17); an empty input gives NaN / 0;
//   forward over dim 0:      mean / sum along the first dimension only (aclnnMseLossOut): each column's terms
//                            added in double in row order, divided once for mean, rounded once;
//   backward:                each gradient in float (with the operator's factor) rounded once (DECISIONS 4).
#ifndef OPENACLNN_OPS_POINTWISE_ENGINE_H_
#define OPENACLNN_OPS_POINTWISE_ENGINE_H_

#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"
#include "framework/two_phase.h"
#include "ops/pointwise/run.h"

namespace openaclnn::pointwise {

// Operands a term reads beyond its fixed ones (BCE with logits: weight and posWeight), in the term's order. Each
// broadcasts to the shape the fixed operands give (the operator's checks make sure) and is walked at its own
// strides; one left null reads as `absent_value` everywhere.
struct ExtraOperand {
  const aclTensor* tensor = nullptr;
  float absent_value = 0.0f;
};
struct ExtraOperands {
  ExtraOperand operand[kMaxExtraOperands] = {};
  int count = 0;  // As the term's kExtraOperands (reference.h).
};

// The broadcast of the tensors' shapes (the caller's checks made sure it exists).
std::vector<int64_t> BroadcastShape(std::initializer_list<const aclTensor*> tensors);
// The same into `shape`, room for kMaxCreateRank dimensions (the most a tensor has), for the paths every call
// takes, which then need no allocation; returns its rank.
int64_t BroadcastInto(std::initializer_list<const aclTensor*> tensors, int64_t* shape);
// The element count of `shape` (1 for 0-D): 0 when a dimension is 0, whatever the others are; else the caller
// has checked it fits int64 (CheckShapeCount).
int64_t ElementCount(const int64_t* dims, int64_t rank);
int64_t ElementCount(const std::vector<int64_t>& shape);

// target may be null for a unary term (aclnnLogit): the term then reads self as both of its inputs (PlanForward
// only; PlanForwardOverDim0 needs a target).
struct ForwardCall {
  const char* run_api;
  const aclTensor* self;
  const aclTensor* target;
  int64_t reduction;  // 0 none (out has the broadcast shape), 1 mean, 2 sum (out has one element).
  aclTensor* out;
  const TermKernels* kernels;
  TermParams params = {};
  // What mean divides the sum by; 0: the broadcast's element count (aclnnKlDiv's batchmean passes dim 0's size).
  double mean_divisor = 0.0;
  ExtraOperands extras = {};
};

// target may be null, as for ForwardCall (aclnnLogitGrad).
struct BackwardCall {
  const char* run_api;
  const aclTensor* grad_output;
  const aclTensor* self;
  const aclTensor* target;
  float scale;     // The reduction's factor, computed by the operator (CANN's definition varies).
  aclTensor* out;  // Has the broadcast shape of the three inputs (PlanBackwardSummedToOut: broadcasts to it).
  const TermKernels* kernels;
  TermParams params = {};
  ExtraOperands extras = {};
  const char* out_arg = "out";  // CANN's name of out, for the messages of a run (PlanBackwardSummedToOut).
};

Prepared PlanForward(const ForwardCall& call);
// Mean (reduction 1) or sum (2) over the broadcast's first dimension; out has the broadcast shape without it (a 0-D
// broadcast is one row). Nothing is written when the broadcast is empty.
Prepared PlanForwardOverDim0(const ForwardCall& call);
Prepared PlanBackward(const BackwardCall& call);
// The gradient of an operand that the broadcast enlarged: out's shape broadcasts to the broadcast of the three
// inputs (right-aligned, each dimension equal or 1), and each out element is the sum of the gradients of the
// broadcast elements it stands for, as CANN sums a broadcast gradient back (aclnnKlDivBackward with a self
// smaller than target). Each element's gradient is rounded to float, as PlanBackward's kernels compute it; every
// sum is added in double in a grouping fixed by the index alone (row order over the summed dimensions; one out
// element: the deterministic series sum of backend/cpu/reduce.h), so the bits do not depend on the thread count
// or the SIMD target (DECISIONS 7), and rounded once to out's type. A sum beyond out's range is stored as
// infinity, a tolerated fault (DECISIONS 14). An empty broadcast gives zeros. Where the broadcast has out's shape,
// this is PlanBackward.
Prepared PlanBackwardSummedToOut(const BackwardCall& call);

}  // namespace openaclnn::pointwise

#endif  // OPENACLNN_OPS_POINTWISE_ENGINE_H_
