// Every registered pointwise loss (tests/support/pointwise_registry.h: AllPointwiseLosses()), forward, backward
// and gradient by target, over a grid of data types and their mixes, the entry's reductions and special
// parameter values, ranks 0-8, broadcast patterns, optional operands (absent or in each broadcast kind, in turn)
// and layouts (contiguous, transposed, padded with a storage offset, zero strides), against the float64
// reference: FLOAT16 and BFLOAT16 within 1 ulp of the reference rounded once, FLOAT within 1 ulp (forward) or the
// registry's bound (backward). Each case runs under the reference kernels and then under every SIMD target with
// one and two threads, which must give the same bits; nothing outside out's elements, and nothing of the inputs,
// may change.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "acl_environment.h"
#include "device_tensor.h"
#include "grid_choices.h"
#include "openaclnn/openaclnn.h"
#include "pointwise_call.h"
#include "pointwise_registry.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

struct ShapeCase {
  std::string name;
  std::vector<int64_t> self;
  std::vector<int64_t> target;
  std::vector<int64_t> grad;
};

std::vector<ShapeCase> ShapeCases() {
  return {
      {"0-D", {}, {}, {}},
      {"1-D one", {1}, {1}, {1}},
      {"1-D crossing vector tails", {67}, {67}, {67}},
      {"scalar target and gradOutput", {3, 5}, {}, {}},
      {"row target", {4, 6}, {6}, {1}},
      {"self broadcast by target", {1, 6}, {4, 6}, {4, 1}},
      {"mutual broadcast", {4, 1}, {1, 5}, {5}},
      {"3-D", {2, 3, 4}, {3, 1}, {2, 3, 4}},
      {"8-D", {2, 1, 2, 1, 2, 1, 2, 3}, {2, 3}, {1}},
      {"8-D full", {2, 2, 1, 2, 2, 1, 3, 5}, {2, 2, 1, 2, 2, 1, 3, 5}, {2, 2, 1, 2, 2, 1, 3, 5}},
  };
}

// A unary entry's operands all take self's shape (its target is ignored, its gradOutput has x's shape); an entry
// whose target equals self's shape gives target self's.
ShapeCase ShapesFor(const PointwiseLoss& loss, ShapeCase shapes) {
  if (loss.unary) {
    shapes.target = shapes.self;
    shapes.grad = shapes.self;
  }
  if (loss.target_shape == TargetShape::kEqualsSelf) {
    shapes.target = shapes.self;
  }
  return shapes;
}

std::vector<double> Draw(int64_t count, std::mt19937* rng) { return UniformValues(count, -4.0, 4.0, rng); }

// self's and target's values: the entry's draws, else uniform with one exact tie (L1's kink).
void FillOperands(const PointwiseLoss& loss, float parameter, DeviceTensor* self, DeviceTensor* target,
                  std::mt19937* rng) {
  if (loss.draw_self != nullptr) {
    self->Fill(loss.draw_self(self->numel(), rng));
    target->Fill(loss.draw_target(target->numel(), parameter, rng));
    return;
  }
  self->Fill(Draw(self->numel(), rng));
  std::vector<double> y = Draw(target->numel(), rng);
  if (!y.empty()) {
    y[0] = self->Read()[0];
  }
  target->Fill(y);
}

// Input data types (self, target, gradOutput) and out's; MSE's backward takes one type for its inputs only, the
// logit one type for everything.
struct TypeCase {
  aclDataType self, target, grad, out;
};

// An entry whose outs have target's type gets that as out's.
std::vector<TypeCase> TypeCases(const PointwiseLoss& loss, bool backward) {
  const aclDataType f = ACL_FLOAT, h = ACL_FLOAT16, b = ACL_BF16;
  if (loss.one_data_type) {
    return {{f, f, f, f}, {h, h, h, h}, {b, b, b, b}};
  }
  if (backward && loss.backward_same_types) {
    return {{f, f, f, f}, {h, h, h, h}, {b, b, b, b}, {f, f, f, h}, {h, h, h, b}, {b, b, b, f}};
  }
  std::vector<TypeCase> cases = {{f, f, f, f}, {h, h, h, h}, {b, b, b, b}, {f, h, b, f},
                                 {h, b, f, h}, {b, f, h, b}, {h, h, h, f}};
  for (TypeCase& types : cases) {
    types.out = loss.out_has_target_type ? types.target : types.out;
  }
  return cases;
}

// An entry's optional operands in one case: each of the case's broadcast kind (OperandBroadcastOfCase) of the
// call's broadcast `shape`, in the case's layout, operand i of gradOutput's type for even i and of self's for odd
// i (so the mixes give them types other than target's), with the operand's draws.
struct CaseOperands {
  std::vector<std::unique_ptr<DeviceTensor>> tensors;  // Null where absent.
  std::string trace;

  OptionalTensors Views() const {
    OptionalTensors views;
    for (const auto& tensor : tensors) {
      views.push_back(tensor.get());
    }
    return views;
  }
  // Every present operand's storage, to check that a call leaves them unchanged.
  std::vector<std::vector<uint8_t>> Storages() const {
    std::vector<std::vector<uint8_t>> storages;
    for (const auto& tensor : tensors) {
      storages.push_back(tensor == nullptr ? std::vector<uint8_t>{} : tensor->Storage());
    }
    return storages;
  }
};

CaseOperands MakeOperands(const PointwiseLoss& loss, int64_t case_index, const std::vector<int64_t>& shape,
                          LayoutKind layout, const TypeCase& types, std::mt19937* rng) {
  CaseOperands operands;
  for (size_t i = 0; i < loss.optional_operands.size(); ++i) {
    const OptionalOperand& operand = loss.optional_operands[i];
    const OperandBroadcast kind = OperandBroadcastOfCase(case_index, static_cast<int>(i));
    operands.trace += ", " + operand.name + " " + OperandBroadcastName(kind);
    if (kind == OperandBroadcast::kAbsent) {
      operands.tensors.push_back(nullptr);
      continue;
    }
    const std::vector<int64_t> dims = OptionalOperandDims(kind, shape);
    auto tensor = std::make_unique<DeviceTensor>(dims, i % 2 == 0 ? types.grad : types.self,
                                                 LayoutFor(layout, dims, false));
    tensor->Fill(operand.draw(tensor->numel(), rng));
    operands.tensors.push_back(std::move(tensor));
  }
  return operands;
}

// The backward's FLOAT bound: the entry's, plus what each present operand's product adds.
double BackwardFloatUlps(const PointwiseLoss& loss, bool mean, const OptionalTensors& operands) {
  double ulps = mean ? loss.backward_mean_float_ulps : loss.backward_float_ulps;
  for (size_t i = 0; i < operands.size(); ++i) {
    ulps += operands[i] != nullptr ? loss.optional_operands[i].backward_float_ulps : 0.0;
  }
  return ulps;
}

// The parameter values of one case: every value of a special parameter (logTarget); beta, for the entries that
// take it, in turn per case: 0 (the L1 loss), below, at and above the inputs' spread.
std::vector<float> ParametersOfCase(const PointwiseLoss& loss, int64_t index) {
  static const float kBetas[] = {1.0f, 0.0f, 0.5f, 2.5f};
  return ParameterValues(loss, {kBetas[index % 4]});
}

std::string ParameterTrace(const PointwiseLoss& loss, float parameter) {
  return ", " + (loss.parameter_name.empty() ? std::string("beta") : loss.parameter_name) + " " +
         std::to_string(parameter);
}

void ExpectWithin(aclDataType dtype, const std::vector<double>& got, const std::vector<double>& want, double ulps) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    const double rounded = RoundTo(dtype, want[i]);
    EXPECT_LE(UlpDistance(dtype, got[i], rounded), ulps)
        << "element " << i << ": got " << got[i] << ", reference " << want[i] << " (rounded " << rounded << ")";
  }
}

class PointwiseGridTest : public ::testing::TestWithParam<PointwiseLoss> {};
class PointwiseBackwardGridTest : public ::testing::TestWithParam<PointwiseLoss> {};

TEST_P(PointwiseGridTest, ForwardMatchesTheReferenceOnEveryPath) {
  const PointwiseLoss& loss = GetParam();
  ScopedStream stream;
  std::mt19937 rng(1201);
  const std::vector<KernelChoice> choices = KernelChoices();
  int64_t case_index = 0;
  for (const ShapeCase& case_shapes : ShapeCases()) {
    const ShapeCase shapes = ShapesFor(loss, case_shapes);
    if (loss.target_shape == TargetShape::kBroadcastsToSelf &&
        BroadcastOf({shapes.self, shapes.target}) != shapes.self) {
      continue;  // target may not enlarge self.
    }
    for (LayoutKind layout : {LayoutKind::kContiguous, LayoutKind::kTransposed, LayoutKind::kPaddedOffset,
                              LayoutKind::kZeroStride}) {
      for (const TypeCase& types : TypeCases(loss, false)) {
        for (int64_t reduction : loss.forward_reductions) {
          const int64_t index = case_index++;
          for (float beta : ParametersOfCase(loss, index)) {
            const std::vector<int64_t> shape = BroadcastOf({shapes.self, shapes.target});
            const CaseOperands operand_tensors = MakeOperands(loss, index, shape, layout, types, &rng);
            const OptionalTensors operands = operand_tensors.Views();
            SCOPED_TRACE(shapes.name + ", " + LayoutName(layout) + ", reduction " + std::to_string(reduction) +
                         ", types " + std::to_string(types.self) + "/" + std::to_string(types.target) + " -> " +
                         std::to_string(types.out) + ParameterTrace(loss, beta) + operand_tensors.trace);
            const std::vector<int64_t> out_dims = ForwardOutDims(loss, shape, reduction);
            DeviceTensor self(shapes.self, types.self, LayoutFor(layout, shapes.self, false));
            DeviceTensor target(shapes.target, types.target, LayoutFor(layout, shapes.target, false));
            DeviceTensor out(out_dims, types.out, LayoutFor(layout, out_dims, true));
            FillOperands(loss, beta, &self, &target, &rng);
            const std::vector<uint8_t> self_before = self.Storage();
            const std::vector<uint8_t> target_before = target.Storage();
            const std::vector<std::vector<uint8_t>> operands_before = operand_tensors.Storages();
            ASSERT_EQ(CallForward(loss, self, target, reduction, out, stream.get(), beta, operands), 0)
                << TakeErrorMessage();
            // none: the same double term rounded once on both sides, so exactly equal (or the registry's bound);
            // the reductions: within 1 ulp, more for float terms (ForwardReducedUlps).
            const std::vector<double> want = ForwardReference(loss, self, target, reduction, beta, operands);
            ExpectWithin(types.out, out.Read(), want,
                         reduction == 0 ? ForwardNoneUlps(loss, types.out)
                                        : ForwardReducedUlps(loss, self, target, reduction, beta, operands,
                                                             types.out, want.front()));
            EXPECT_TRUE(out.OutsideViewUntouched());
            EXPECT_EQ(self.Storage(), self_before);
            EXPECT_EQ(target.Storage(), target_before);
            EXPECT_EQ(operand_tensors.Storages(), operands_before);
            const std::vector<uint8_t> reference_bits = out.Storage();
            for (const KernelChoice& choice : choices) {
              KernelChoiceScope scope(choice);
              ASSERT_EQ(CallForward(loss, self, target, reduction, out, stream.get(), beta, operands), 0)
                  << TakeErrorMessage();
              EXPECT_EQ(out.Storage(), reference_bits) << choice.target << ", " << choice.threads << " threads";
            }
          }
        }
      }
    }
  }
}

// The gradients by self and, where the entry has one, by target: for the latter self's and target's shapes swap,
// so that each shape case broadcasts the non-differentiated operand.
TEST_P(PointwiseBackwardGridTest, BackwardMatchesTheReferenceOnEveryPath) {
  const PointwiseLoss& loss = GetParam();
  ScopedStream stream;
  std::mt19937 rng(1202);
  const std::vector<KernelChoice> choices = KernelChoices();
  std::vector<Gradient> gradients = {Gradient::kBySelf};
  if (loss.target_backward_phase1 != nullptr) {
    gradients.push_back(Gradient::kByTarget);
  }
  for (Gradient which : gradients) {
    const bool by_target = which == Gradient::kByTarget;
    int64_t case_index = 0;
    for (const ShapeCase& case_shapes : ShapeCases()) {
      ShapeCase shapes = ShapesFor(loss, case_shapes);
      if (by_target) {
        std::swap(shapes.self, shapes.target);
      }
      const std::vector<int64_t> shape = BroadcastOf({shapes.grad, shapes.self, shapes.target});
      if (loss.gradient_has_operand_shape && (by_target ? shapes.target : shapes.self) != shape) {
        continue;  // The broadcast would enlarge the differentiated operand, whose shape out has.
      }
      for (LayoutKind layout : {LayoutKind::kContiguous, LayoutKind::kTransposed, LayoutKind::kPaddedOffset,
                                LayoutKind::kZeroStride}) {
        for (const TypeCase& types : TypeCases(loss, true)) {
          for (int64_t reduction : loss.backward_reductions) {
            const int64_t index = case_index++;
            for (float beta : ParametersOfCase(loss, index)) {
              const CaseOperands operand_tensors = MakeOperands(loss, index, shape, layout, types, &rng);
              const OptionalTensors operands = operand_tensors.Views();
              SCOPED_TRACE(std::string(by_target ? "by target, " : "") + shapes.name + ", " + LayoutName(layout) +
                           ", reduction " + std::to_string(reduction) + ", types " + std::to_string(types.grad) +
                           "/" + std::to_string(types.self) + "/" + std::to_string(types.target) + " -> " +
                           std::to_string(types.out) + ParameterTrace(loss, beta) + operand_tensors.trace);
              const aclDataType out_type =
                  (by_target && loss.target_gradient_has_target_type) || loss.out_has_target_type ? types.target
                                                                                                : types.out;
              DeviceTensor grad(shapes.grad, types.grad, LayoutFor(layout, shapes.grad, false));
              DeviceTensor self(shapes.self, types.self, LayoutFor(layout, shapes.self, false));
              DeviceTensor target(shapes.target, types.target, LayoutFor(layout, shapes.target, false));
              DeviceTensor out(shape, out_type, LayoutFor(layout, shape, true));
              grad.Fill(Draw(grad.numel(), &rng));
              FillOperands(loss, beta, &self, &target, &rng);
              ASSERT_EQ(
                  CallBackward(loss, grad, self, target, reduction, out, stream.get(), beta, which, operands), 0)
                  << TakeErrorMessage();
              const bool mean = reduction == 1 || (reduction == 3 && loss.batchmean);
              const double ulps = out_type == ACL_FLOAT ? BackwardFloatUlps(loss, mean, operands) : 1.0;
              ExpectWithin(out_type, out.Read(),
                           BackwardReference(loss, grad, self, target, reduction, beta, which, operands), ulps);
              EXPECT_TRUE(out.OutsideViewUntouched());
              const std::vector<uint8_t> reference_bits = out.Storage();
              for (const KernelChoice& choice : choices) {
                KernelChoiceScope scope(choice);
                ASSERT_EQ(
                    CallBackward(loss, grad, self, target, reduction, out, stream.get(), beta, which, operands), 0)
                    << TakeErrorMessage();
                EXPECT_EQ(out.Storage(), reference_bits) << choice.target << ", " << choice.threads << " threads";
              }
            }
          }
        }
      }
    }
  }
}

// Large enough for several deterministic-sum chunks and for two kernel threads to split the work; the rows of
// 100003 elements start the vector kernels at every lane of the sum (the reference kernels give the same bits).
// (An entry without a backward of its own runs the forward half.)
TEST_P(PointwiseGridTest, LargeCallsGiveTheSameBitsForAnyThreadCount) {
  const PointwiseLoss& loss = GetParam();
  ScopedStream stream;
  std::mt19937 rng(1203);
  const std::vector<int64_t> dims = {3, 100003};
  const std::vector<int64_t> row = {100003};
  DeviceTensor grad(loss.unary ? dims : row, ACL_FLOAT);
  DeviceTensor self(dims, ACL_FLOAT);
  DeviceTensor target(loss.target_shape == TargetShape::kEqualsSelf ? dims : row, ACL_FLOAT);
  // The first of the entry's parameter values (1 for the plain entries, beta's and the API's default).
  const float parameter = ParameterValues(loss, {1.0f}).front();
  grad.Fill(Draw(grad.numel(), &rng));
  if (loss.draw_self != nullptr) {
    FillOperands(loss, parameter, &self, &target, &rng);
  } else {
    self.Fill(Draw(self.numel(), &rng));
    target.Fill(Draw(target.numel(), &rng));
  }
  // Every optional operand present, one value per column.
  std::vector<std::unique_ptr<DeviceTensor>> operand_tensors;
  OptionalTensors operands;
  for (const OptionalOperand& operand : loss.optional_operands) {
    operand_tensors.push_back(std::make_unique<DeviceTensor>(row, ACL_FLOAT));
    operand_tensors.back()->Fill(operand.draw(operand_tensors.back()->numel(), &rng));
    operands.push_back(operand_tensors.back().get());
  }
  const bool backward = loss.backward_phase1 != nullptr;
  for (int64_t reduction : loss.forward_reductions) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    DeviceTensor out(ForwardOutDims(loss, dims, reduction), ACL_FLOAT);
    DeviceTensor grad_out(dims, ACL_FLOAT);
    std::vector<uint8_t> forward_bits;
    std::vector<uint8_t> backward_bits;
    for (int threads : {1, 2}) {
      ASSERT_EQ(openaclnnSetNumThreads(threads), 0);
      ASSERT_EQ(CallForward(loss, self, target, reduction, out, stream.get(), parameter, operands), 0)
          << TakeErrorMessage();
      if (backward) {
        ASSERT_EQ(CallBackward(loss, grad, self, target, reduction, grad_out, stream.get(), parameter,
                               Gradient::kBySelf, operands),
                  0)
            << TakeErrorMessage();
      }
      if (threads == 1) {
        forward_bits = out.Storage();
        backward_bits = grad_out.Storage();
        const std::vector<double> want = ForwardReference(loss, self, target, reduction, parameter, operands);
        ExpectWithin(ACL_FLOAT, out.Read(), want,
                     reduction == 0 ? loss.forward_none_ulps
                                    : ForwardReducedUlps(loss, self, target, reduction, parameter, operands, ACL_FLOAT,
                                                         want.front()));
      } else {
        EXPECT_EQ(out.Storage(), forward_bits);
        EXPECT_EQ(grad_out.Storage(), backward_bits);
      }
    }
    ASSERT_EQ(openaclnnSetKernelTarget("reference"), 0);
    ASSERT_EQ(CallForward(loss, self, target, reduction, out, stream.get(), parameter, operands), 0)
        << TakeErrorMessage();
    EXPECT_EQ(out.Storage(), forward_bits) << "reference kernels";
    if (backward) {
      ASSERT_EQ(CallBackward(loss, grad, self, target, reduction, grad_out, stream.get(), parameter,
                             Gradient::kBySelf, operands),
                0)
          << TakeErrorMessage();
      EXPECT_EQ(grad_out.Storage(), backward_bits) << "reference kernels";
    }
    openaclnnSetKernelTarget(nullptr);
    openaclnnSetNumThreads(0);
    if (backward) {
      const bool mean = reduction == 1 || (reduction == 3 && loss.batchmean);
      ExpectWithin(ACL_FLOAT, grad_out.Read(),
                   BackwardReference(loss, grad, self, target, reduction, parameter, Gradient::kBySelf, operands),
                   BackwardFloatUlps(loss, mean, operands));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, PointwiseGridTest, ::testing::ValuesIn(AllPointwiseLosses()),
                         [](const ::testing::TestParamInfo<PointwiseLoss>& param_info) {
                           return param_info.param.name;
                         });
INSTANTIATE_TEST_SUITE_P(Registered, PointwiseBackwardGridTest, ::testing::ValuesIn(AllPointwiseLossesWithBackward()),
                         [](const ::testing::TestParamInfo<PointwiseLoss>& param_info) {
                           return param_info.param.name;
                         });

}  // namespace
}  // namespace openaclnn::test
