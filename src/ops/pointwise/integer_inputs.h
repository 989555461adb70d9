// Integer inputs of the pointwise losses. CANN promotes an integer input beside a floating one to the floating
// type and casts it before the kernel (aclnnL1Loss and aclnnL1LossBackward); IntegerInputCasts does the same
// here: phase 1 plans the float kernel on a float stand-in for each integer tensor, and the launch fills the
// stand-ins from the integers (each value rounded once to nearest even) before it runs the kernel.
#ifndef OPENACLNN_OPS_POINTWISE_INTEGER_INPUTS_H_
#define OPENACLNN_OPS_POINTWISE_INTEGER_INPUTS_H_

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <vector>

#include "acl/acl_base.h"
#include "core/tensor.h"
#include "framework/two_phase.h"

namespace openaclnn::pointwise {

// BOOL, UINT8, INT8, INT16, INT32 and INT64: the integer types whose promotion with INT64 is INT64 and with a
// floating type is that type.
bool IsPromotableInteger(aclDataType dtype);

// An element of an integer tensor of one of those types as its int64 value (BOOL: 0 or 1).
int64_t LoadInteger(aclDataType dtype, const char* address);

// Stores `value` as INT64, or rounded once to nearest even to FLOAT, FLOAT16 or BFLOAT16 (beyond a 16-bit type's
// range: infinity).
void StoreInteger(aclDataType dtype, char* address, int64_t value);

class IntegerInputCasts {
 public:
  // `inputs`: every input of the call. When one is empty the broadcast is empty and the kernel reads nothing, so
  // nothing is cast either (phase 1 checks no input's memory then).
  explicit IntegerInputCasts(std::initializer_list<const aclTensor*> inputs);
  ~IntegerInputCasts();
  IntegerInputCasts(const IntegerInputCasts&) = delete;
  IntegerInputCasts& operator=(const IntegerInputCasts&) = delete;

  // `tensor` itself when its type is floating; else a contiguous tensor of type `dtype` with its shape, which
  // the launch fills from it. The stand-in lives as long as this object (plan with it in phase 1) and its data
  // as long as the launch Wrap returns.
  const aclTensor* CastTo(const aclTensor* tensor, aclDataType dtype);

  // prepared's launch, preceded by the casts; prepared itself when nothing was cast or there is no launch.
  Prepared Wrap(Prepared prepared);

  struct Casts;  // The conversions and the stand-ins' data, shared with the launch (defined in the .cc).

 private:
  std::shared_ptr<Casts> casts_;
  bool reads_;
  std::vector<std::unique_ptr<aclTensor>> stand_ins_;
};

}  // namespace openaclnn::pointwise

#endif  // OPENACLNN_OPS_POINTWISE_INTEGER_INPUTS_H_
