#include "ops/pointwise/integer_inputs.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <utility>

#include "backend/cpu/parallel.h"
#include "core/dtype.h"
#include "core/element.h"
#include "framework/launch.h"
#include "framework/tensor_operand.h"
#include "iter/loop_plan.h"

namespace openaclnn::pointwise {
namespace {

// `value` rounded once to a 16-bit float type: first to float rounding to odd (toward zero, the lowest bit set
// when anything was dropped), which keeps enough bits for the final round to nearest even to be the single
// rounding of the exact value.
float RoundToOddFloat(int64_t value) {
  const bool negative = value < 0;
  const uint64_t magnitude = negative ? uint64_t{0} - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  int shift = 0;
  while ((magnitude >> shift) >= (uint64_t{1} << 24)) {
    ++shift;
  }
  uint64_t kept = magnitude >> shift;
  if (shift > 0 && (magnitude & ((uint64_t{1} << shift) - 1)) != 0) {
    kept |= 1;
  }
  const float rounded = std::ldexp(static_cast<float>(kept), shift);  // kept < 2^24: exact.
  return negative ? -rounded : rounded;
}

}  // namespace

bool IsPromotableInteger(aclDataType dtype) {
  switch (dtype) {
    case ACL_BOOL: case ACL_UINT8: case ACL_INT8: case ACL_INT16: case ACL_INT32: case ACL_INT64:
      return true;
    default:
      return false;
  }
}

int64_t LoadInteger(aclDataType dtype, const char* address) {
  switch (dtype) {
    case ACL_BOOL: return LoadRaw<uint8_t>(address) != 0 ? 1 : 0;
    case ACL_UINT8: return LoadAsIndex<uint8_t>(address);
    case ACL_INT8: return LoadAsIndex<int8_t>(address);
    case ACL_INT16: return LoadAsIndex<int16_t>(address);
    case ACL_INT32: return LoadAsIndex<int32_t>(address);
    default: return LoadAsIndex<int64_t>(address);
  }
}

void StoreInteger(aclDataType dtype, char* address, int64_t value) {
  switch (dtype) {
    case ACL_INT64: return StoreRaw<int64_t>(address, value);
    case ACL_FLOAT: return StoreRaw<float>(address, static_cast<float>(value));  // One rounding to nearest.
    case ACL_FLOAT16: return StoreFromFloat<Float16>(address, RoundToOddFloat(value));
    default: return StoreFromFloat<BFloat16>(address, RoundToOddFloat(value));
  }
}

// One integer tensor's conversion: a plan over its shape with the stand-in (operand 0) and the integers.
struct IntegerCast {
  iter::LoopPlan plan;
  aclDataType from;
  aclDataType to;
  std::vector<char> data;  // The stand-in's elements.
};

struct IntegerInputCasts::Casts {
  std::vector<IntegerCast> casts;
  // A repeatable executor may be launched on two streams at once; its stand-ins are filled and read by one
  // launch at a time.
  std::mutex mu;
};

namespace {

class CastingLaunch final : public Launch {
 public:
  CastingLaunch(std::shared_ptr<IntegerInputCasts::Casts> casts, std::shared_ptr<const Launch> kernel)
      : casts_(std::move(casts)), kernel_(std::move(kernel)) {}

  Status Run() const override;
  int64_t Elements() const override { return kernel_->Elements(); }
  const char* KernelName() const override { return kernel_->KernelName(); }

 private:
  std::shared_ptr<IntegerInputCasts::Casts> casts_;
  std::shared_ptr<const Launch> kernel_;
};

}  // namespace

IntegerInputCasts::IntegerInputCasts(std::initializer_list<const aclTensor*> inputs)
    : casts_(std::make_shared<Casts>()),
      reads_(std::none_of(inputs.begin(), inputs.end(), [](const aclTensor* t) { return t->empty(); })) {}
IntegerInputCasts::~IntegerInputCasts() = default;

const aclTensor* IntegerInputCasts::CastTo(const aclTensor* tensor, aclDataType dtype) {
  if (IsLossFloatType(tensor->dtype())) {
    return tensor;
  }
  auto stand_in = std::make_unique<aclTensor>();
  stand_in->view_dims = tensor->view_dims;
  stand_in->storage_dims = tensor->view_dims;
  stand_in->strides.assign(tensor->view_dims.size(), 1);
  for (size_t d = tensor->view_dims.size(); d > 1; --d) {
    stand_in->strides[d - 2] = stand_in->strides[d - 1] * tensor->view_dims[d - 1];
  }
  stand_in->dtype_value = dtype;
  stand_in->format = tensor->format;
  IntegerCast cast{{}, tensor->dtype(), dtype, {}};
  const int64_t numel = reads_ ? tensor->numel() : 0;
  cast.data.resize(static_cast<size_t>(numel) * DataTypeSize(dtype));
  stand_in->data = cast.data.data();
  if (numel > 0) {
    iter::LoopPlanBuilder builder(tensor->view_dims.data(), tensor->rank());
    builder.AddOperand(OperandOf(*stand_in));
    builder.AddOperand(OperandOf(*tensor));
    cast.plan = builder.Build(iter::DimPolicy::kReorderAndCoalesce);
  }
  casts_->casts.push_back(std::move(cast));  // Moving the vector keeps its elements where they are.
  stand_ins_.push_back(std::move(stand_in));
  return stand_ins_.back().get();
}

Prepared IntegerInputCasts::Wrap(Prepared prepared) {
  if (!reads_ || casts_->casts.empty() || prepared.launch == nullptr) {
    return prepared;
  }
  prepared.launch = std::make_shared<CastingLaunch>(casts_, std::move(prepared.launch));
  return prepared;
}

Status CastingLaunch::Run() const {
  std::lock_guard<std::mutex> lock(casts_->mu);
  for (const IntegerCast& cast : casts_->casts) {
    const int64_t grain = cpu::GrainForBytes(DataTypeSize(cast.to));
    cpu::ParallelFor(cast.plan.numel, grain, [&cast](int64_t begin, int64_t end) {
      iter::ForEachBlock(cast.plan, begin, end, [&cast](const iter::Block& block) {
        for (int64_t row = 0; row < block.outer_size; ++row) {
          char* to = block.data[0] + row * block.outer_stride[0];
          const char* from = block.data[1] + row * block.outer_stride[1];
          for (int64_t i = 0; i < block.inner_size; ++i) {
            const int64_t value = LoadInteger(cast.from, from + i * block.inner_stride[1]);
            StoreInteger(cast.to, to + i * block.inner_stride[0], value);
          }
        }
      });
    });
  }
  return kernel_->Run();
}

}  // namespace openaclnn::pointwise
