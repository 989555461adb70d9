#include "pointwise_registry.h"

#include <cmath>

#include "aclnnop/aclnn_l1_loss.h"
#include "aclnnop/aclnn_l1_loss_backward.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"

namespace openaclnn::test {
namespace {

// (x - y)^2, derivative 2 (x - y).
double MseTerm(double x, double y) { return (x - y) * (x - y); }
double MseDerivative(double x, double y) { return 2.0 * (x - y); }

// |x - y|, derivative sign(x - y) taken by comparison: 0 at x == y and for NaN (CANN's kernel).
double L1Term(double x, double y) { return std::fabs(x - y); }
double L1Derivative(double x, double y) { return x > y ? 1.0 : (x < y ? -1.0 : 0.0); }

}  // namespace

const std::vector<PointwiseLoss>& PointwiseLosses() {
  static const std::vector<PointwiseLoss> kLosses = {
      // (s * (x - y)) * g: two float roundings (s = 2 is exact), three for mean (s = 2 / N is rounded).
      {"MseLoss", aclnnMseLossGetWorkspaceSize, aclnnMseLoss, aclnnMseLossBackwardGetWorkspaceSize,
       aclnnMseLossBackward, "out", true, false, MseTerm, MseDerivative, MeanCount::kSelf, 2.0, 3.0},
      // (sign * g) * s: exact for none and sum (s = 1); for mean s = 1 / N and the product are rounded.
      {"L1Loss", aclnnL1LossGetWorkspaceSize, aclnnL1Loss, aclnnL1LossBackwardGetWorkspaceSize,
       aclnnL1LossBackward, "gradInput", false, true, L1Term, L1Derivative, MeanCount::kBroadcast, 0.0, 2.0},
  };
  return kLosses;
}

std::string ForwardApi(const PointwiseLoss& loss) { return "aclnn" + loss.name + "GetWorkspaceSize"; }
std::string BackwardApi(const PointwiseLoss& loss) { return "aclnn" + loss.name + "BackwardGetWorkspaceSize"; }

}  // namespace openaclnn::test
