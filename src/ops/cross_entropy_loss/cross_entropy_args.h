// The arguments of aclnnCrossEntropyLoss and aclnnCrossEntropyLossGrad as their C shims pass them.
#ifndef OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_ARGS_H_
#define OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_ARGS_H_

#include <cstdint>

#include "aclnn/acl_meta.h"

namespace openaclnn::cross_entropy {

struct CrossEntropyLossArgs {
  const aclTensor* input;
  const aclTensor* target;
  const aclTensor* weight;  // Optional.
  const char* reduction;    // Optional: NULL means "mean".
  int64_t ignore_index;
  double label_smoothing;
  double lse_square_scale;  // lseSquareScaleForZloss.
  bool return_zloss;
  const aclTensor* loss_out;
  const aclTensor* log_prob_out;
  const aclTensor* zloss_out;
  const aclTensor* lse_out;  // lseForZlossOut.
};

struct CrossEntropyLossGradArgs {
  const aclTensor* grad_loss;
  const aclTensor* log_prob;
  const aclTensor* target;
  const aclTensor* weight;      // Optional.
  const aclTensor* grad_zloss;  // Optional.
  const aclTensor* lse;         // lseForZlossOptional: required when lse_square_scale is not 0.
  const char* reduction;        // Optional: NULL means "mean".
  int64_t ignore_index;
  double label_smoothing;
  double lse_square_scale;
  const aclTensor* out;
};

}  // namespace openaclnn::cross_entropy

#endif  // OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_ARGS_H_
