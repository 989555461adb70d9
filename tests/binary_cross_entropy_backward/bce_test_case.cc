#include "bce_test_case.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "binary_cross_entropy_backward_reference.h"
#include "openaclnn/openaclnn.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

const char* DtypeName(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "F32";
    case ACL_FLOAT16: return "F16";
    case ACL_BF16: return "BF16";
    default: return "other";
  }
}

std::string DimsText(const std::vector<int64_t>& dims) {
  std::string text = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    text += (i > 0 ? "," : "") + std::to_string(dims[i]);
  }
  return text + "]";
}

std::string OperandText(const char* name, const OperandSpec& spec) {
  return std::string(name) + "=" + DtypeName(spec.dtype) + DimsText(spec.dims) + "/" + LayoutName(spec.layout);
}

std::vector<double> Uniform(std::mt19937_64& rng, int64_t count, double low, double high) {
  std::uniform_real_distribution<double> distribution(low, high);
  std::vector<double> values(static_cast<size_t>(count));
  for (double& value : values) {
    value = distribution(rng);
  }
  return values;
}

std::unique_ptr<DeviceTensor> MakeTensor(const OperandSpec& spec) {
  return std::make_unique<DeviceTensor>(spec.dims, spec.dtype, MakeLayout(spec.dims, spec.layout));
}

const char* KernelTargetName(int index) {
  return openaclnnGetKernelTargetName(index % openaclnnGetKernelTargetCount());
}

// Selects a case's kernel implementation, thread count and store path; restores the defaults at scope exit.
class ScopedKernelChoice {
 public:
  explicit ScopedKernelChoice(const BceCase& c) {
    EXPECT_EQ(openaclnnSetKernelTarget(KernelTargetName(c.kernel_target)), 0);
    EXPECT_EQ(openaclnnSetNumThreads(c.threads), 0);
    EXPECT_EQ(openaclnnSetStreamingStoreThreshold(c.streaming_stores ? 0 : -1), 0);
  }
  ~ScopedKernelChoice() {
    openaclnnSetKernelTarget(nullptr);
    openaclnnSetNumThreads(0);
    openaclnnSetStreamingStoreThreshold(-1);
  }
  ScopedKernelChoice(const ScopedKernelChoice&) = delete;
  ScopedKernelChoice& operator=(const ScopedKernelChoice&) = delete;
};

}  // namespace

std::string LayoutName(LayoutKind kind) {
  switch (kind) {
    case LayoutKind::kContiguous: return "contiguous";
    case LayoutKind::kTransposed: return "transposed";
    case LayoutKind::kSliced: return "sliced";
    case LayoutKind::kZeroStride: return "zero-stride";
  }
  return "?";
}

std::string Describe(const BceCase& c) {
  std::string text = OperandText("gradOutput", c.grad) + " " + OperandText("self", c.self) + " " +
                     OperandText("target", c.target) + " ";
  text += c.has_weight ? OperandText("weight", c.weight) : std::string("weight=NULL");
  text += " " + OperandText("out", c.out) + " reduction=" + std::to_string(c.reduction);
  text += std::string(" kernels=") + KernelTargetName(c.kernel_target) + " threads=" + std::to_string(c.threads);
  text += c.streaming_stores ? " streaming-stores" : "";
  return text;
}

Layout MakeLayout(const std::vector<int64_t>& dims, LayoutKind kind) {
  Layout layout;
  switch (kind) {
    case LayoutKind::kContiguous:
      break;
    case LayoutKind::kTransposed:
      layout.strides = TransposedStrides(dims);
      break;
    case LayoutKind::kSliced:
      layout.strides = PaddedStrides(dims, 1);
      layout.offset = 3;
      break;
    case LayoutKind::kZeroStride:
      layout.strides = ContiguousStrides(dims);
      for (size_t d = 0; d < dims.size(); ++d) {
        if (dims[d] > 1) {
          layout.strides[d] = 0;
          break;
        }
      }
      layout.offset = 2;
      break;
  }
  return layout;
}

double AllowedUlps(const BceCase& c) {
  if (c.out.dtype != ACL_FLOAT) {
    return 1.0;
  }
  return 5.0 + (c.has_weight ? 1.0 : 0.0) + (c.reduction == 1 ? 2.0 : 0.0);
}

std::string CompareWithReference(aclDataType out_dtype, double allowed_ulps, const std::vector<double>& got,
                                 const std::vector<double>& expected) {
  if (got.size() != expected.size()) {
    return "result has " + std::to_string(got.size()) + " elements, expected " + std::to_string(expected.size());
  }
  for (size_t i = 0; i < got.size(); ++i) {
    // A 16-bit result is compared with the reference rounded to its type, so overflow to infinity compares equal.
    const double reference = out_dtype == ACL_FLOAT ? expected[i] : RoundTo(out_dtype, expected[i]);
    const double distance = UlpDistance(out_dtype, got[i], reference);
    if (!(distance <= allowed_ulps)) {
      std::ostringstream text;
      text.precision(17);
      text << "element " << i << ": got " << got[i] << ", reference " << expected[i] << " (" << distance
           << " ulps, allowed " << allowed_ulps << ")";
      return text.str();
    }
  }
  return "";
}

std::string CompareBitExact(aclDataType out_dtype, const std::vector<double>& got, const std::vector<float>& expected) {
  if (got.size() != expected.size()) {
    return "result has " + std::to_string(got.size()) + " elements, expected " + std::to_string(expected.size());
  }
  for (size_t i = 0; i < got.size(); ++i) {
    const double want = RoundTo(out_dtype, static_cast<double>(expected[i]));
    const bool same = std::isnan(want) ? std::isnan(got[i])
                                       : got[i] == want && std::signbit(got[i]) == std::signbit(want);
    if (!same) {
      std::ostringstream text;
      text.precision(17);
      text << "element " << i << ": got " << got[i] << ", the fixed float32 order gives " << want;
      return text.str();
    }
  }
  return "";
}

void RunBceCase(const BceCase& c, std::mt19937_64& rng) {
  SCOPED_TRACE(Describe(c));
  ScopedKernelChoice kernel_choice(c);
  ScopedStream stream;
  auto grad = MakeTensor(c.grad);
  auto self = MakeTensor(c.self);
  auto target = MakeTensor(c.target);
  auto weight = c.has_weight ? MakeTensor(c.weight) : nullptr;
  auto out = MakeTensor(c.out);
  grad->Fill(Uniform(rng, grad->numel(), -2.0, 2.0));
  self->Fill(Uniform(rng, self->numel(), 0.02, 0.98));
  target->Fill(Uniform(rng, target->numel(), 0.0, 1.0));
  if (weight) {
    weight->Fill(Uniform(rng, weight->numel(), -2.0, 2.0));
  }
  // The values the tensors hold (rounded to their types; with a zero stride, the last write to a shared element).
  const ReferenceTensor grad_values{c.grad.dims, grad->Read()};
  const ReferenceTensor self_values{c.self.dims, self->Read()};
  const ReferenceTensor target_values{c.target.dims, target->Read()};
  const ReferenceTensor weight_values{c.weight.dims, weight ? weight->Read() : std::vector<double>()};
  const std::vector<uint8_t> grad_storage = grad->Storage();
  const std::vector<uint8_t> self_storage = self->Storage();
  const std::vector<uint8_t> target_storage = target->Storage();
  const std::vector<uint8_t> weight_storage = weight ? weight->Storage() : std::vector<uint8_t>();

  uint64_t workspace_size = 7;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus phase1 = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(
      grad->get(), self->get(), target->get(), weight ? weight->get() : nullptr, c.reduction, out->get(),
      &workspace_size, &executor);
  ASSERT_EQ(phase1, 0) << TakeErrorMessage();
  EXPECT_EQ(workspace_size, 0u);
  ASSERT_EQ(aclnnBinaryCrossEntropyBackward(nullptr, 0, executor, stream.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();

  const std::vector<double> expected = BinaryCrossEntropyBackwardReference(
      grad_values, self_values, target_values, c.has_weight ? &weight_values : nullptr, c.reduction);
  const std::vector<double> got = out->Read();
  EXPECT_EQ(CompareWithReference(c.out.dtype, AllowedUlps(c), got, expected), "");
  const std::vector<float> float_order = BinaryCrossEntropyBackwardFloatOrder(
      grad_values, self_values, target_values, c.has_weight ? &weight_values : nullptr, c.reduction);
  EXPECT_EQ(CompareBitExact(c.out.dtype, got, float_order), "");
  EXPECT_TRUE(out->OutsideViewUntouched());
  EXPECT_EQ(grad->Storage(), grad_storage);
  EXPECT_EQ(self->Storage(), self_storage);
  EXPECT_EQ(target->Storage(), target_storage);
  if (weight) {
    EXPECT_EQ(weight->Storage(), weight_storage);
  }
}

uint64_t TestSeed() {
  static const uint64_t seed = [] {
    uint64_t value = 20240611;
    if (const char* text = std::getenv("OPENACLNN_TEST_SEED")) {
      value = std::string(text) == "random" ? std::random_device()() : std::strtoull(text, nullptr, 0);
    }
    std::cout << "[ seed     ] " << value << " (set OPENACLNN_TEST_SEED to override)" << std::endl;
    return value;
  }();
  return seed;
}

}  // namespace openaclnn::test
