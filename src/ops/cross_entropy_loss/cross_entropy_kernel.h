// Row kernels of aclnnCrossEntropyLoss and aclnnCrossEntropyLossGrad on the row engine (ops/row/row_walk.h): one
// row of C class scores per batch row n, reduced by one thread in a fixed order. The exponentials are float32
// (DECISIONS 17: det::ExpDiffF in the forward, det::ExpF for the gradient's p = exp(logProb), the softmax family's
// functions); the row sums, the log (backend/cpu/det_math.h) and the loss are double, the per-element outputs double
// or float as below, each rounded once. The same bits for every thread count and kernel target (the exponentials
// of a row go through det_math's array forms, which give the scalar forms' bits).
//
// Forward, per row x with m = max(x), held by `ties` elements, and T = (ties - 1) + the sum over the k with x_k != m
// of exp(x_k - m) (the maximum's own terms, exactly 1, are counted instead of added):
//   log(S) = log1p(T), lse = m + log1p(T), logProb_j = (x_j - m) - log1p(T)
// log1p keeps the log-probability of a dominant class (near 0) accurate relative to itself. FLOAT log-probabilities
// are computed in double; FLOAT16 and BFLOAT16 ones in float, (x_j - m) - float(log1p(T)), each rounded once to its
// type (DECISIONS 4). With label smoothing the row's sum of w_c logProb_c is sum_c w_c (x_c - m) - log1p(T) W, W the
// sum of the class weights. The gradient's 16-bit rows without a per-class term take p_j * float(coefficient) in
// float (UseFloatProducts). docs/cross_entropy_loss.md states every bound.
#ifndef OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_KERNEL_H_
#define OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_KERNEL_H_

#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "ops/row/row_walk.h"

namespace openaclnn::cross_entropy {

// log(1 + t) for t >= 0 from det::Log, accurate relative to the result for small t: with u = 1 + t rounded,
// log(u) * t / (u - 1) corrects the rounding of u (Goldberg's form; within a few ulp of double). Shared by the
// scalar and vector row kernels.
double StableLog1p(double t);

// What a row's target makes of it.
enum class RowKind : int8_t { kCounted, kIgnored, kBadTarget };

// The class index of each row and the class weights, as phase 2 reads them.
struct ClassTargets {
  const char* target = nullptr;
  int64_t target_stride = 0;    // Bytes between rows' targets.
  const char* weight = nullptr;  // FLOAT (C), or null: every weight 1.
  int64_t weight_stride = 0;    // Bytes.
  int64_t classes = 0;
  int64_t ignore_index = 0;
};

struct ForwardParams {
  ClassTargets targets;
  double label_smoothing = 0.0;
  double weight_total = 0.0;  // With label smoothing: the sum of the class weights (C without weights).
  bool stream = false;  // Write logProbOut with streaming stores where a vector kernel does the row.
};

// One row's results: its loss term (0 unless it counts), the weight of its target (0 unless it counts), its
// log-sum-exp, the target read and what it made of the row.
struct ForwardRow {
  double loss = 0.0;
  double weight = 0.0;
  double lse = 0.0;
  int64_t target = 0;
  RowKind kind = RowKind::kIgnored;
};

// rows.in[0] = input's row, rows.out = logProbOut's row; `kernel_target` is where the exponentials run.
using ForwardRowKernel = void (*)(const row::Rows& rows, const ForwardParams& params, int64_t kernel_target,
                                  ForwardRow* result);
// For input's data type (FLOAT, FLOAT16, BFLOAT16; logProbOut has it too) and target's (INT64, INT32).
ForwardRowKernel SelectForwardRowKernel(aclDataType input, aclDataType target);

struct GradParams {
  ClassTargets targets;
  const char* grad_loss = nullptr;   // gradLoss's element of row 0.
  int64_t grad_loss_stride = 0;      // Bytes between rows (0 for mean and sum: one element).
  const char* grad_zloss = nullptr;  // Null: no z-loss gradient.
  int64_t grad_zloss_stride = 0;
  const char* lse = nullptr;         // lseForZloss, read when grad_zloss is given.
  int64_t lse_stride = 0;
  double one_minus_smoothing = 1.0;  // 1 - labelSmoothing.
  double smoothing_per_class = 0.0;  // labelSmoothing / C.
  double weight_total = 0.0;         // Sum of the class weights (C without weights), for the smoothing term.
  double loss_divisor = 1.0;         // Mean: sum of the counted rows' target weights; otherwise 1.
  double zloss_divisor = 1.0;        // Mean: the number of counted rows; otherwise 1.
  double twice_zloss_scale = 0.0;    // 2 * lseSquareScaleForZloss.
  bool mean = false;
  bool stream = false;  // Write out with streaming stores where a vector kernel does the row.
};

// The class index of row `n` and its kind; the weight of its target (0 unless counted).
RowKind ClassifyRow(const ClassTargets& targets, aclDataType target_type, int64_t n, int64_t* target,
                    double* weight);

// The sum of the class weights in class order (C without weights).
double ClassWeightTotal(const ClassTargets& targets);

// `targets` with its weights contiguous: the same targets when they already are (or absent), otherwise weights
// copied into `storage` (resized to C). Lets the vector row kernels read the weights of strided views.
ClassTargets WithContiguousWeights(const ClassTargets& targets, std::vector<float>* storage);

// Whether a gradient row of `type` takes its products in float: FLOAT16 and BFLOAT16 rows without a per-class
// smoothing term whose coefficient is 0 or a normal float (so float(coefficient) is within 2^-24 of it).
bool UseFloatProducts(aclDataType type, bool per_class, double coefficient);

// rows.in[0] = logProb's row, rows.out = out's row. Returns the row's kind (a bad target's row is left zero).
using GradRowKernel = RowKind (*)(const row::Rows& rows, const GradParams& params, int64_t kernel_target);
GradRowKernel SelectGradRowKernel(aclDataType input, aclDataType target);

}  // namespace openaclnn::cross_entropy

#endif  // OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_KERNEL_H_
