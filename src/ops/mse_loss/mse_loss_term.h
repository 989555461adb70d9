// The element term of aclnnMseLoss and aclnnMseLossBackward, scalar form (the reference kernels use it):
//   loss     = (x - y)^2                 in double, from the float inputs (DECISIONS 17)
//   gradient = (s * (x - y)) * g         in float; s = 2, or 2 / numel(self) for mean (CANN's cof)
#ifndef OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_TERM_H_
#define OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_TERM_H_

namespace openaclnn::mse_loss {

struct MseTerm {
  static double Value(double x, double y) {
    const double difference = x - y;
    return difference * difference;
  }
  static float Gradient(float g, float x, float y, float s) { return (s * (x - y)) * g; }
};

}  // namespace openaclnn::mse_loss

#endif  // OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_TERM_H_
