// The contract between the pointwise-loss engine and an operator's element term. The engine walks the broadcast
// operands as runs of consecutive elements (each input at its own byte stride, 0 where broadcast) and hands
// each run to the term's kernels: a scalar reference that takes any run, and per SIMD target a vector kernel
// that takes the runs of its fast path and declines the rest (returns false), which then go to the reference.
// Both must give the same bits (DECISIONS 7).
#ifndef OPENACLNN_OPS_POINTWISE_RUN_H_
#define OPENACLNN_OPS_POINTWISE_RUN_H_

#include <cstdint>

#include "acl/acl_base.h"

namespace openaclnn::pointwise {

// Forward terms read (self, target); gradients read (gradOutput, self, target). A unary operator (no target) gets
// self again in target's place. A term may read up to kMaxExtraOperands more (BCE with logits: weight and
// posWeight), which follow those in a run's inputs.
inline constexpr int kForwardInputs = 2;
inline constexpr int kBackwardInputs = 3;
inline constexpr int kMaxExtraOperands = 2;
inline constexpr int kMaxInputs = kBackwardInputs + kMaxExtraOperands;

// Forward runs are cut into pieces of at most this many elements, whose terms go through a double buffer on
// the stack.
inline constexpr int64_t kForwardPiece = 256;

// The operator's scalar parameters, as its term reads them (0 where an operator has none). Fields are added as
// operators need them; every term receives the whole struct.
struct TermParams {
  float beta = 0.0f;        // aclnnSmoothL1Loss's threshold.
  // 1 / beta in double where that is exact (beta a power of two), else 0. Multiplying by an exact reciprocal
  // rounds the same real number as dividing, so the forward term may multiply (division is slow in vectors).
  double exact_inverse_beta = 0.0;
  bool log_target = false;  // The KL divergence's logTarget: target holds log-probabilities.
  float eps = 0.0f;         // aclnnLogit's clamp (CANN's double attribute, as its float kernels read it).
};

struct Run {
  const char* input[kMaxInputs];
  int64_t stride[kMaxInputs];  // Bytes; 0 repeats one element.
  aclDataType dtype[kMaxInputs];
  int64_t count;
  TermParams params;
};

// The forward terms of a run (count <= kForwardPiece), in double.
using ForwardTermsFn = bool (*)(const Run& run, double* terms);

// A forward run's terms added into the deterministic sum's lanes (backend/cpu/reduce.h, kSumLanes of them): term i
// into lane (first_lane + i) % kSumLanes, in index order, as the sum's per-index form adds them, with no term buffer
// (count unlimited). Only a vector kernel has this form; it declines the runs outside its fast path.
using ForwardAddFn = bool (*)(const Run& run, int first_lane, double* lanes);

// Two forward runs of one count added side by side, `a` into lanes_a and `b` into lanes_b, each as ForwardAddFn adds
// it from first_lane: the two sets of lanes are independent additions, so the adder has twice the work in flight.
// Only a vector kernel has this form; it declines the runs ForwardAddFn declines.
using ForwardAddPairFn = bool (*)(const Run& a, const Run& b, int first_lane, double* lanes_a, double* lanes_b);

// A forward run with reduction none straight into out (count unlimited): each term rounded once to out_dtype
// and stored at out + i * out_stride; `stream` asks for streaming stores of a FLOAT out (store_policy.h). Only a
// vector kernel has this form; it declines what it cannot store.
using ForwardStoreFn = bool (*)(const Run& run, char* out, int64_t out_stride, aclDataType out_dtype, bool stream);

// A backward run: each gradient rounded once to out_dtype and stored at out + i * out_stride. `scale` is the
// reduction's factor (1 for none and sum); `stream` asks for streaming stores.
struct BackwardOut {
  char* data;
  int64_t stride;
  aclDataType dtype;
  float scale;
  bool stream;
};
using BackwardRunFn = bool (*)(const Run& run, const BackwardOut& out);

// An operator's kernels (its *_hwy.cc provides them through OPENACLNN_POINTWISE_TERM_KERNELS).
struct TermKernels {
  ForwardTermsFn forward_reference;
  BackwardRunFn backward_reference;
  // The vector kernels compiled for a Highway target, or null where it is not compiled in.
  ForwardTermsFn (*forward_simd)(int64_t target);
  ForwardStoreFn (*forward_store_simd)(int64_t target);
  ForwardAddFn (*forward_add_simd)(int64_t target);
  ForwardAddPairFn (*forward_add_pair_simd)(int64_t target);
  BackwardRunFn (*backward_simd)(int64_t target);
  int transcendentals = 0;  // Per element: the term's kTranscendentals (reference.h), for the grain policy.
  int gradient_transcendentals = 0;  // The same for the gradient (kGradientTranscendentals, else the above).
};

}  // namespace openaclnn::pointwise

#endif  // OPENACLNN_OPS_POINTWISE_RUN_H_
