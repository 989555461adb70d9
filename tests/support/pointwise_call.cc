#include "pointwise_call.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "test_numeric.h"

namespace openaclnn::test {
namespace {

int RunPhase2(Phase2 phase2, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream) {
  const int code = phase2(nullptr, workspace_size, executor, stream);
  if (code != 0) {
    return code;
  }
  return aclrtSynchronizeStream(stream);
}

// The operands' handles, null where absent, for an entry's operand phase-1 functions.
std::vector<const aclTensor*> Handles(const OptionalTensors& operands) {
  std::vector<const aclTensor*> handles(kMaxOptionalOperands, nullptr);
  for (size_t i = 0; i < operands.size() && i < handles.size(); ++i) {
    handles[i] = operands[i] == nullptr ? nullptr : operands[i]->get();
  }
  return handles;
}

// The operands' values as stored, empty where absent.
std::vector<std::vector<double>> OperandData(const OptionalTensors& operands) {
  std::vector<std::vector<double>> data;
  for (const DeviceTensor* operand : operands) {
    data.push_back(operand == nullptr ? std::vector<double>{} : operand->Read());
  }
  return data;
}

// The operands' values at element `index` of the broadcast `shape`.
OperandValues OperandValuesAt(const OptionalTensors& operands, const std::vector<std::vector<double>>& data,
                              const std::vector<int64_t>& shape, int64_t index) {
  OperandValues values;
  for (size_t i = 0; i < operands.size() && i < static_cast<size_t>(kMaxOptionalOperands); ++i) {
    if (operands[i] != nullptr) {
      values.present[i] = true;
      values.value[i] = data[i][static_cast<size_t>(BroadcastIndex(operands[i]->dims(), shape, index))];
    }
  }
  return values;
}

// The dims of every present operand and of `dims`, to broadcast together.
std::vector<std::vector<int64_t>> WithOperandDims(std::vector<std::vector<int64_t>> dims,
                                                  const OptionalTensors& operands) {
  for (const DeviceTensor* operand : operands) {
    if (operand != nullptr) {
      dims.push_back(operand->dims());
    }
  }
  return dims;
}

}  // namespace

int CallForward(const PointwiseLoss& loss, const DeviceTensor& self, const DeviceTensor& target, int64_t reduction,
                const DeviceTensor& out, aclrtStream stream, float beta, const OptionalTensors& operands) {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  const int code =
      loss.forward_operands_phase1 != nullptr
          ? loss.forward_operands_phase1(self.get(), target.get(), Handles(operands).data(), reduction, beta,
                                         out.get(), &workspace_size, &executor)
          : loss.forward_phase1(self.get(), target.get(), reduction, beta, out.get(), &workspace_size, &executor);
  return code != 0 ? code : RunPhase2(loss.forward_phase2, workspace_size, executor, stream);
}

int CallBackward(const PointwiseLoss& loss, const DeviceTensor& grad, const DeviceTensor& self,
                 const DeviceTensor& target, int64_t reduction, const DeviceTensor& out, aclrtStream stream,
                 float beta, Gradient which, const OptionalTensors& operands) {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  const bool by_self = which == Gradient::kBySelf;
  const BackwardOperandsPhase1 operands_phase1 =
      by_self ? loss.backward_operands_phase1 : loss.target_backward_operands_phase1;
  const BackwardPhase1 phase1 = by_self ? loss.backward_phase1 : loss.target_backward_phase1;
  const int code = operands_phase1 != nullptr
                       ? operands_phase1(grad.get(), self.get(), target.get(), Handles(operands).data(), reduction,
                                         beta, out.get(), &workspace_size, &executor)
                       : phase1(grad.get(), self.get(), target.get(), reduction, beta, out.get(), &workspace_size,
                                &executor);
  return code != 0 ? code
                   : RunPhase2(by_self ? loss.backward_phase2 : loss.target_backward_phase2, workspace_size,
                               executor, stream);
}

std::vector<int64_t> BroadcastOf(const std::vector<std::vector<int64_t>>& shapes) {
  size_t rank = 0;
  for (const auto& shape : shapes) {
    rank = std::max(rank, shape.size());
  }
  std::vector<int64_t> result(rank, 1);
  for (const auto& shape : shapes) {
    for (size_t i = 0; i < shape.size(); ++i) {
      int64_t& into = result[rank - shape.size() + i];
      if (shape[i] != 1) {
        into = shape[i];
      }
    }
  }
  return result;
}

int64_t BroadcastIndex(const std::vector<int64_t>& dims, const std::vector<int64_t>& shape, int64_t index) {
  int64_t result = 0;
  int64_t stride = 1;
  for (size_t k = 0; k < shape.size(); ++k) {
    const size_t d = shape.size() - 1 - k;
    const int64_t coordinate = index % shape[d];
    index /= shape[d];
    if (k < dims.size()) {
      const int64_t dim = dims[dims.size() - 1 - k];
      result += (dim == 1 ? 0 : coordinate) * stride;
      stride *= dim;
    }
  }
  return result;
}

std::vector<double> ForwardReference(const PointwiseLoss& loss, const DeviceTensor& self, const DeviceTensor& target,
                                     int64_t reduction, float beta, const OptionalTensors& operands) {
  const std::vector<int64_t> shape = BroadcastOf(WithOperandDims({self.dims(), target.dims()}, operands));
  const std::vector<double> x = self.Read();
  const std::vector<double> y = target.Read();
  const std::vector<std::vector<double>> operand_data = OperandData(operands);
  const int64_t count = Numel(shape);
  std::vector<double> terms(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    const double xi = x[static_cast<size_t>(BroadcastIndex(self.dims(), shape, i))];
    const double yi = y[static_cast<size_t>(BroadcastIndex(target.dims(), shape, i))];
    terms[static_cast<size_t>(i)] = loss.operand_term != nullptr
                                        ? loss.operand_term(xi, yi, OperandValuesAt(operands, operand_data, shape, i))
                                        : loss.term(xi, yi, beta);
  }
  if (reduction == 0) {
    return terms;
  }
  if (loss.forward_reduction == ForwardReduction::kDim0) {
    // Column sums over the first dimension (a 0-D broadcast is one row).
    const int64_t rows = shape.empty() ? 1 : shape[0];
    const int64_t columns = rows == 0 ? 0 : count / rows;
    std::vector<double> result(static_cast<size_t>(columns));
    for (int64_t j = 0; j < columns; ++j) {
      CompensatedSum sum;
      for (int64_t i = 0; i < rows; ++i) {
        sum.Add(terms[static_cast<size_t>(i * columns + j)]);
      }
      result[static_cast<size_t>(j)] = reduction == 1 ? sum.Total() / static_cast<double>(rows) : sum.Total();
    }
    return result;
  }
  const double sum = CompensatedTotal(terms);
  if (reduction == 3 && loss.batchmean) {
    return {sum / static_cast<double>(shape.empty() ? 1 : shape[0])};
  }
  return {reduction == 1 ? sum / static_cast<double>(count) : sum};
}

std::vector<double> BackwardReference(const PointwiseLoss& loss, const DeviceTensor& grad, const DeviceTensor& self,
                                      const DeviceTensor& target, int64_t reduction, float beta, Gradient which,
                                      const OptionalTensors& operands) {
  const std::vector<int64_t> shape =
      BroadcastOf(WithOperandDims({grad.dims(), self.dims(), target.dims()}, operands));
  const std::vector<double> g = grad.Read();
  const std::vector<double> x = self.Read();
  const std::vector<double> y = target.Read();
  const std::vector<std::vector<double>> operand_data = OperandData(operands);
  const int64_t count = Numel(shape);
  const double c = GradientFactor(loss, self.dims(), shape, reduction);
  std::vector<double> result(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    const double xi = x[static_cast<size_t>(BroadcastIndex(self.dims(), shape, i))];
    const double yi = y[static_cast<size_t>(BroadcastIndex(target.dims(), shape, i))];
    const double gi = g[static_cast<size_t>(BroadcastIndex(grad.dims(), shape, i))];
    const bool by_target = which == Gradient::kByTarget;
    const auto operand_gradient = by_target ? loss.operand_target_gradient : loss.operand_self_gradient;
    if (operand_gradient != nullptr) {
      result[static_cast<size_t>(i)] =
          operand_gradient(xi, yi, gi * c, OperandValuesAt(operands, operand_data, shape, i));
    } else if (by_target) {
      result[static_cast<size_t>(i)] = loss.target_gradient(xi, yi, gi * c, beta);
    } else if (loss.self_gradient != nullptr) {
      result[static_cast<size_t>(i)] = loss.self_gradient(xi, yi, gi * c, beta);
    } else {
      result[static_cast<size_t>(i)] = loss.derivative(xi, yi, beta) * gi * c;
    }
  }
  return result;
}

double ForwardNoneUlps(const PointwiseLoss& loss, aclDataType out) {
  return loss.forward_term_error > 0.0 && out != ACL_FLOAT ? 1.0 : loss.forward_none_ulps;
}

double ForwardReducedUlps(const PointwiseLoss& loss, const DeviceTensor& self, const DeviceTensor& target,
                          int64_t reduction, float beta, const OptionalTensors& operands, aclDataType out,
                          double value) {
  if (loss.forward_term_error == 0.0) {
    return 1.0;
  }
  const std::vector<double> terms = ForwardReference(loss, self, target, 0, beta, operands);
  double magnitude = 0.0;
  for (const double term : terms) {
    magnitude += std::fabs(term);
  }
  if (reduction == 1 && !terms.empty()) {
    magnitude /= static_cast<double>(loss.mean_count == MeanCount::kSelf ? self.numel()
                                                                          : static_cast<int64_t>(terms.size()));
  }
  return 1.0 + std::ceil(loss.forward_term_error * magnitude / UlpAt(out, value));
}

}  // namespace openaclnn::test
