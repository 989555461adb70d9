// Test helper: fills an NllCall's inputs with given or simple generated values.
#ifndef OPENACLNN_TESTS_NLL_LOSS_BACKWARD_NLL_FILL_H_
#define OPENACLNN_TESTS_NLL_LOSS_BACKWARD_NLL_FILL_H_

#include <cstdint>
#include <vector>

#include "nll_call.h"

namespace openaclnn::test {

// Writes the given values (logical order) into the call's inputs.
void FillNll(const NllCall& call, const std::vector<double>& target, const std::vector<double>& grad,
             const std::vector<double>& weight, double total_weight);

// Deterministic in-range values that differ with `variant`: target (n * 7 + variant) % C, gradOutput and weight
// small multiples of 1/8 (exact in every type), totalWeight 2 + variant.
void FillNllPattern(const NllCall& call, int variant);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_NLL_LOSS_BACKWARD_NLL_FILL_H_
