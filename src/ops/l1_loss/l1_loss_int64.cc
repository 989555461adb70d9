#include "ops/l1_loss/l1_loss_int64.h"

#include <atomic>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "backend/cpu/parallel.h"
#include "core/dtype.h"
#include "core/element.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "framework/phase1_log.h"
#include "framework/tensor_operand.h"
#include "iter/loop_plan.h"
#include "ops/pointwise/checks.h"
#include "ops/pointwise/engine.h"
#include "ops/pointwise/integer_inputs.h"

namespace openaclnn::l1_loss {
namespace {

// |x - y| in two's complement: computed on uint64 so that the wrap-around is defined; |INT64_MIN| is INT64_MIN.
uint64_t AbsoluteDifference(int64_t x, int64_t y) {
  const uint64_t d = static_cast<uint64_t>(x) - static_cast<uint64_t>(y);
  return (d >> 63) != 0 ? uint64_t{0} - d : d;
}

int64_t AsSigned(uint64_t bits) {
  int64_t value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

struct Int64Params {
  aclDataType self_dtype;
  aclDataType target_dtype;
  aclDataType out_dtype;
};

// Reduction none: out first (it decides the traversal order), then self and target.
class Int64NoneLaunch final : public Launch {
 public:
  Int64NoneLaunch(const iter::LoopPlan& plan, const Int64Params& params) : plan_(plan), params_(params) {}

  Status Run() const override {
    cpu::ParallelFor(plan_.numel, cpu::GrainForBytes(DataTypeSize(params_.out_dtype)), [this](int64_t begin,
                                                                                             int64_t end) {
      iter::ForEachBlock(plan_, begin, end, [this](const iter::Block& block) {
        for (int64_t row = 0; row < block.outer_size; ++row) {
          for (int64_t i = 0; i < block.inner_size; ++i) {
            const int64_t x = pointwise::LoadInteger(params_.self_dtype, At(block, 1, row, i));
            const int64_t y = pointwise::LoadInteger(params_.target_dtype, At(block, 2, row, i));
            pointwise::StoreInteger(params_.out_dtype, At(block, 0, row, i), AsSigned(AbsoluteDifference(x, y)));
          }
        }
      });
    });
    return Status::Ok();
  }

  int64_t Elements() const override { return plan_.numel; }
  const char* KernelName() const override { return "reference"; }

  static char* At(const iter::Block& block, int k, int64_t row, int64_t i) {
    return block.data[k] + row * block.outer_stride[k] + i * block.inner_stride[k];
  }

 private:
  const iter::LoopPlan plan_;
  const Int64Params params_;
};

// Reduction sum: addition modulo 2^64 is associative and commutative, so the chunks' totals are combined in any
// order and the result is the same for every thread count.
class Int64SumLaunch final : public Launch {
 public:
  Int64SumLaunch(const iter::LoopPlan& plan, const Int64Params& params, char* out)
      : plan_(plan), params_(params), out_(out) {}

  Status Run() const override {
    std::atomic<uint64_t> total{0};
    cpu::ParallelFor(plan_.numel, cpu::GrainForBytes(DataTypeSize(params_.self_dtype)), [&](int64_t begin,
                                                                                            int64_t end) {
      uint64_t sum = 0;
      iter::ForEachBlock(plan_, begin, end, [&](const iter::Block& block) {
        for (int64_t row = 0; row < block.outer_size; ++row) {
          for (int64_t i = 0; i < block.inner_size; ++i) {
            sum += AbsoluteDifference(pointwise::LoadInteger(params_.self_dtype, Int64NoneLaunch::At(block, 0, row, i)),
                                      pointwise::LoadInteger(params_.target_dtype, Int64NoneLaunch::At(block, 1, row, i)));
          }
        }
      });
      total.fetch_add(sum);
    });
    pointwise::StoreInteger(params_.out_dtype, out_, AsSigned(total.load()));
    return Status::Ok();
  }

  int64_t Elements() const override { return plan_.numel; }
  const char* KernelName() const override { return "reference"; }

 private:
  const iter::LoopPlan plan_;
  const Int64Params params_;
  char* const out_;
};

}  // namespace

bool HasIntegerInputs(const pointwise::ForwardArgs& args) {
  return !IsLossFloatType(args.self->dtype()) && !IsLossFloatType(args.target->dtype());
}

Status ValidateInt64Forward(const char* api, const pointwise::ForwardArgs& a) {
  if (a.reduction == static_cast<int64_t>(Reduction::kMean)) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, "self", "a floating self or target for reduction 1 (mean)",
                                       std::string("self ") + DataTypeName(a.self->dtype()) + " and target " +
                                           DataTypeName(a.target->dtype())));
  }
  for (const auto& [tensor, arg] : {std::pair{a.self, "self"}, std::pair{a.target, "target"}}) {
    if (!pointwise::IsPromotableInteger(tensor->dtype())) {
      return Status(ACLNN_ERR_PARAM_INVALID,
                    msg::UnsupportedDtype(api, arg, tensor->dtype(),
                                          "FLOAT, FLOAT16, BFLOAT16, or beside an INT64 BOOL, UINT8, INT8, INT16, "
                                          "INT32 or INT64"));
    }
  }
  if (a.self->dtype() != ACL_INT64 && a.target->dtype() != ACL_INT64) {
    // Two narrower integers promote to a type CANN's list (FLOAT, FLOAT16, INT64, BFLOAT16) does not hold.
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, "target", "an INT64 self or target (the promoted type must be INT64)",
                                       std::string("self ") + DataTypeName(a.self->dtype()) + " and target " +
                                           DataTypeName(a.target->dtype())));
  }
  const aclDataType out = a.out->dtype();
  if (out != ACL_INT64 && !IsLossFloatType(out)) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::UnsupportedDtype(api, "out", out, "INT64, FLOAT, FLOAT16 or BFLOAT16 for an INT64 result"));
  }
  return pointwise::CheckForwardShapesAndLayouts(api, a, pointwise::ReducedOut::kScalar);
}

Prepared PlanInt64Forward(const char* run_api, const pointwise::ForwardArgs& args) {
  const std::vector<int64_t> shape = pointwise::BroadcastShape({args.self, args.target});
  const auto rank = static_cast<int64_t>(shape.size());
  const Int64Params params{args.self->dtype(), args.target->dtype(), args.out->dtype()};
  const bool empty = args.self->empty() || args.target->empty();
  Prepared prepared{Status::Ok(), nullptr};
  if (args.reduction == static_cast<int64_t>(Reduction::kNone)) {
    if (!empty) {
      iter::LoopPlanBuilder builder(shape.data(), rank);
      builder.AddOperand(OperandOf(*args.out));
      builder.AddOperand(OperandOf(*args.self));
      builder.AddOperand(OperandOf(*args.target));
      prepared.launch =
          std::make_shared<Int64NoneLaunch>(builder.Build(iter::DimPolicy::kReorderAndCoalesce), params);
    }
  } else {
    iter::LoopPlan plan{};  // An empty input sums to 0.
    if (!empty) {
      iter::LoopPlanBuilder builder(shape.data(), rank);
      builder.AddOperand(OperandOf(*args.self));
      builder.AddOperand(OperandOf(*args.target));
      plan = builder.Build(iter::DimPolicy::kReorderAndCoalesce);
    }
    prepared.launch = std::make_shared<Int64SumLaunch>(plan, params, OperandOf(*args.out).base);
  }
  LogPhase1(run_api, prepared, {{"self", args.self}, {"target", args.target}, {"out", args.out}});
  return prepared;
}

}  // namespace openaclnn::l1_loss
