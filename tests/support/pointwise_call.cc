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

}  // namespace

int CallForward(const PointwiseLoss& loss, const DeviceTensor& self, const DeviceTensor& target, int64_t reduction,
                const DeviceTensor& out, aclrtStream stream) {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  const int code = loss.forward_phase1(self.get(), target.get(), reduction, out.get(), &workspace_size, &executor);
  return code != 0 ? code : RunPhase2(loss.forward_phase2, workspace_size, executor, stream);
}

int CallBackward(const PointwiseLoss& loss, const DeviceTensor& grad, const DeviceTensor& self,
                 const DeviceTensor& target, int64_t reduction, const DeviceTensor& out, aclrtStream stream) {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  const int code = loss.backward_phase1(grad.get(), self.get(), target.get(), reduction, out.get(), &workspace_size,
                                        &executor);
  return code != 0 ? code : RunPhase2(loss.backward_phase2, workspace_size, executor, stream);
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
                                     int64_t reduction) {
  const std::vector<int64_t> shape = BroadcastOf({self.dims(), target.dims()});
  const std::vector<double> x = self.Read();
  const std::vector<double> y = target.Read();
  const int64_t count = Numel(shape);
  std::vector<double> terms(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    terms[static_cast<size_t>(i)] = loss.term(x[static_cast<size_t>(BroadcastIndex(self.dims(), shape, i))],
                                              y[static_cast<size_t>(BroadcastIndex(target.dims(), shape, i))]);
  }
  if (reduction == 0) {
    return terms;
  }
  const double sum = CompensatedTotal(terms);
  return {reduction == 1 ? sum / static_cast<double>(count) : sum};
}

std::vector<double> BackwardReference(const PointwiseLoss& loss, const DeviceTensor& grad, const DeviceTensor& self,
                                      const DeviceTensor& target, int64_t reduction) {
  const std::vector<int64_t> shape = BroadcastOf({grad.dims(), self.dims(), target.dims()});
  const std::vector<double> g = grad.Read();
  const std::vector<double> x = self.Read();
  const std::vector<double> y = target.Read();
  const int64_t count = Numel(shape);
  const int64_t n = loss.mean_count == MeanCount::kSelf ? self.numel() : count;
  const double c = reduction == 1 ? 1.0 / static_cast<double>(n) : 1.0;
  std::vector<double> result(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    const double xi = x[static_cast<size_t>(BroadcastIndex(self.dims(), shape, i))];
    const double yi = y[static_cast<size_t>(BroadcastIndex(target.dims(), shape, i))];
    const double gi = g[static_cast<size_t>(BroadcastIndex(grad.dims(), shape, i))];
    result[static_cast<size_t>(i)] = loss.derivative(xi, yi) * gi * c;
  }
  return result;
}

}  // namespace openaclnn::test
