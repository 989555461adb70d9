// Calling aclnnBinaryCrossEntropyWithLogits and its two backwards on device tensors (weight and posWeight may be
// absent), and their float64 references written from the formulas (POINTWISE-LOSS-FACTS 3-5), sharing no code
// with the library.
#ifndef OPENACLNN_TESTS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_CALL_H_
#define OPENACLNN_TESTS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_CALL_H_

#include <cstdint>
#include <vector>

#include "device_tensor.h"

namespace openaclnn::test {

enum class BcelOp { kForward, kBackward, kTargetBackward };
const char* BcelOpName(BcelOp op);

struct BcelTensors {
  const DeviceTensor* grad = nullptr;  // Backwards only.
  const DeviceTensor* self = nullptr;
  const DeviceTensor* target = nullptr;
  const DeviceTensor* weight = nullptr;      // May be null.
  const DeviceTensor* pos_weight = nullptr;  // May be null.
  const DeviceTensor* out = nullptr;
};

// Phase 1, then (when it succeeds) phase 2 on `stream` and a synchronisation. Returns the first non-zero code.
int CallBcel(BcelOp op, const BcelTensors& t, int64_t reduction, aclrtStream stream);

// The reference of every element of out (forward with reduction none, or either backward), or the one value of a
// reduced forward, in long double from the values as stored.
std::vector<double> BcelReference(BcelOp op, const BcelTensors& t, int64_t reduction);

// The references' element terms: the loss, and its derivatives by x and by y, at (x, y, w, pw), in long double.
long double BcelLoss(long double x, long double y, long double w, long double pw);
long double BcelLossByX(long double x, long double y, long double w, long double pw);
long double BcelLossByY(long double x, long double y, long double w, long double pw);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_CALL_H_
