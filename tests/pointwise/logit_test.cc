// aclnnLogit and aclnnLogitGrad beyond the registry's shared tests (tests/support/pointwise_registry.h: the grid
// over data types, ranks 0-8, layouts, kernel targets and eps (none, 0, tiny, ordinary and above 0.5), and the
// gradient check, run the entry "Logit"): edge values (+-0, subnormals, 0 and 1, +-inf, NaN, inputs outside
// [0, 1]) against the entry's float64 references, exactly; the float gradient's bound where its roundings are
// largest, on every kernel target; empty tensors; CANN's examples.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "device_tensor.h"
#include "grid_choices.h"
#include "pointwise_registry.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// The registry's entry: its calls and references (the grid, the gradient check and these tests share them).
const PointwiseLoss& LogitEntry() {
  static const PointwiseLoss& kEntry = *std::find_if(AllPointwiseLosses().begin(), AllPointwiseLosses().end(),
                                                      [](const PointwiseLoss& loss) { return loss.name == "Logit"; });
  return kEntry;
}

double LogitOf(double x, double eps) { return LogitEntry().term(x, 0.0, eps); }
double LogitGradOf(double x, double dy, double eps) { return LogitEntry().self_gradient(x, 0.0, dy, eps); }

int Forward(const DeviceTensor& input, double eps, const DeviceTensor& out, aclrtStream stream) {
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  int code = aclnnLogitGetWorkspaceSize(input.get(), eps, out.get(), &size, &executor);
  if (code == 0) code = aclnnLogit(nullptr, size, executor, stream);
  return code != 0 ? code : aclrtSynchronizeStream(stream);
}

int Grad(const DeviceTensor& x, const DeviceTensor& dy, double eps, const DeviceTensor& out, aclrtStream stream) {
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  int code = aclnnLogitGradGetWorkspaceSize(x.get(), dy.get(), eps, out.get(), &size, &executor);
  if (code == 0) code = aclnnLogitGrad(nullptr, size, executor, stream);
  return code != 0 ? code : aclrtSynchronizeStream(stream);
}

TEST(LogitTest, EdgeValuesGiveTheReferenceResult) {
  ScopedStream stream;
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    const double tiny = dtype == ACL_FLOAT ? 0x1p-149 : (dtype == ACL_FLOAT16 ? 0x1p-24 : 0x1p-133);
    const std::vector<double> values = {0.0, -0.0, tiny, -tiny, 0.25, 0.5, 1.0, 1.0 - 0x1p-8, 2.0, -1.0,
                                        kInf, -kInf, kNan};
    const auto n = static_cast<int64_t>(values.size());
    DeviceTensor x({n}, dtype), dy({n}, dtype), out({n}, dtype);
    x.Fill(values);
    std::vector<double> grads(values.size());
    for (size_t i = 0; i < grads.size(); ++i) grads[i] = i % 3 == 0 ? 0.0 : (i % 3 == 1 ? 1.0 : -3.0);
    dy.Fill(grads);
    for (double eps : {-1.0, 0.0, 0.25, 0.75}) {
      SCOPED_TRACE("dtype " + std::to_string(dtype) + ", eps " + std::to_string(eps));
      ASSERT_EQ(Forward(x, eps, out, stream.get()), 0) << TakeErrorMessage();
      std::vector<double> got = out.Read();
      for (size_t i = 0; i < got.size(); ++i) {
        const double want = RoundTo(dtype, LogitOf(RoundTo(dtype, values[i]), eps));
        EXPECT_TRUE(SameValue(got[i], want)) << "logit(" << values[i] << "): got " << got[i] << ", want " << want;
      }
      ASSERT_EQ(Grad(x, dy, eps, out, stream.get()), 0) << TakeErrorMessage();
      got = out.Read();
      for (size_t i = 0; i < got.size(); ++i) {
        const double want = RoundTo(dtype, LogitGradOf(RoundTo(dtype, values[i]), grads[i], eps));
        EXPECT_TRUE(SameValue(got[i], want))
            << "gradient at " << values[i] << ", dy " << grads[i] << ": got " << got[i] << ", want " << want;
      }
    }
  }
}

// The gradient in float (1 - x, the product, the quotient) stays within 2 ulp for FLOAT and 1 ulp for the 16-bit
// types where its roundings are largest: the 600 floats from 0.5, 0.1464 (where the product's significand is near
// 1), 0.25 and 1 downwards (below 0.5, 1 - x rounds), with dy's significands near 1 and 2; every kernel target
// and thread count gives the same bits as the reference kernels.
TEST(LogitTest, FloatGradientKeepsItsBoundWhereItsRoundingsAreLargest) {
  ScopedStream stream;
  std::vector<double> x_values;
  for (double start : {0.5, 0.14644660940672624, 0.25, 1.0}) {
    float x = static_cast<float>(start);
    for (int i = 0; i < 600; ++i) {
      x_values.push_back(x);
      x = std::nextafter(x, 0.0f);
    }
  }
  const std::vector<double> dy_values = {1.0, -1.9999998807907104, 1.5, 1.3333333730697632, -1.0000001192092896};
  std::vector<double> xs, dys;
  for (double dy : dy_values) {
    for (double x : x_values) {
      xs.push_back(x);
      dys.push_back(dy);
    }
  }
  const auto n = static_cast<int64_t>(xs.size());
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    DeviceTensor x({n}, dtype), dy({n}, dtype), out({n}, dtype);
    x.Fill(xs);
    dy.Fill(dys);
    const std::vector<double> x_read = x.Read();
    const std::vector<double> dy_read = dy.Read();
    const double bound = dtype == ACL_FLOAT ? 2.0 : 1.0;
    for (double eps : {-1.0, 0.0}) {
      std::vector<uint8_t> first_bits;
      for (const KernelChoice& choice : KernelChoices()) {
        SCOPED_TRACE("dtype " + std::to_string(dtype) + ", eps " + std::to_string(eps) + ", " + choice.target +
                     ", " + std::to_string(choice.threads) + " threads");
        KernelChoiceScope scope(choice);
        ASSERT_EQ(Grad(x, dy, eps, out, stream.get()), 0) << TakeErrorMessage();
        if (first_bits.empty()) {
          first_bits = out.Storage();
          const std::vector<double> got = out.Read();
          for (size_t i = 0; i < got.size(); ++i) {
            const double want = RoundTo(dtype, LogitGradOf(x_read[i], dy_read[i], eps));
            EXPECT_LE(UlpDistance(dtype, got[i], want), bound)
                << "gradient at " << x_read[i] << ", dy " << dy_read[i] << ": got " << got[i] << ", want " << want;
          }
        } else {
          EXPECT_EQ(out.Storage(), first_bits);
        }
      }
    }
  }
}

// CANN's examples: [1, 4] FLOAT {0.1, 0.2, 0.3, 0.4}, eps -1; the gradient with dy {1, 2, 3, 4}.
TEST(LogitTest, CannExamples) {
  ScopedStream stream;
  DeviceTensor x({1, 4}, ACL_FLOAT), dy({1, 4}, ACL_FLOAT), out({1, 4}, ACL_FLOAT);
  x.Fill({0.1, 0.2, 0.3, 0.4});
  dy.Fill({1, 2, 3, 4});
  ASSERT_EQ(Forward(x, -1.0, out, stream.get()), 0) << TakeErrorMessage();
  const std::vector<double> want = {-2.197225, -1.386294, -0.847298, -0.405465};
  std::vector<double> got = out.Read();
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 5e-6) << i;
  ASSERT_EQ(Grad(x, dy, -1.0, out, stream.get()), 0) << TakeErrorMessage();
  const std::vector<double> want_grad = {11.111111, 12.5, 14.285714, 16.666667};
  got = out.Read();
  for (size_t i = 0; i < want_grad.size(); ++i) EXPECT_NEAR(got[i], want_grad[i], 5e-5) << i;
}

TEST(LogitTest, EmptyTensorsWriteNothing) {
  ScopedStream stream;
  DeviceTensor x({0, 3}, ACL_FLOAT), dy({0, 3}, ACL_FLOAT), out({0, 3}, ACL_FLOAT);
  EXPECT_EQ(Forward(x, 0.1, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(Grad(x, dy, 0.1, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(out.OutsideViewUntouched());
}

}  // namespace
}  // namespace openaclnn::test
