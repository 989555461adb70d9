#include "bench_tensors.h"

#include <cstring>
#include <stdexcept>
#include <string>

#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::bench {
namespace {

void Check(int32_t code, const char* what) {
  if (code != 0) {
    const char* message = aclGetRecentErrMsg();
    throw std::runtime_error(std::string(what) + " failed: " + (message ? message : std::to_string(code)));
  }
}

int64_t BytesOf(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT:
    case ACL_INT32: return 4;
    case ACL_INT64: return 8;
    case ACL_UINT8: return 1;
    default: return 2;
  }
}

uint16_t To16(aclDataType dtype, float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  if (dtype == ACL_BF16) {
    return static_cast<uint16_t>((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);  // Finite values only.
  }
  // FLOAT16 for the benchmark's tame values (normal range, no rounding carry concerns worth handling here).
  const uint32_t sign = (bits >> 16) & 0x8000u;
  const int32_t exponent = static_cast<int32_t>((bits >> 23) & 0xff) - 127 + 15;
  if (value == 0.0f || exponent <= 0) {
    return static_cast<uint16_t>(sign);
  }
  return static_cast<uint16_t>(sign | (static_cast<uint32_t>(exponent) << 10) | ((bits >> 13) & 0x3ffu));
}

}  // namespace

BenchTensor::BenchTensor(std::vector<int64_t> dims, aclDataType dtype, std::vector<int64_t> strides, int64_t storage)
    : dtype_(dtype) {
  if (strides.empty()) {
    strides.assign(dims.size(), 1);
    for (size_t d = dims.size(); d-- > 1;) {
      strides[d - 1] = strides[d] * dims[d];
    }
  }
  int64_t count = 1;
  for (int64_t dim : dims) {
    count *= dim;
  }
  elements_ = storage >= 0 ? storage : count;
  bytes_ = elements_ * BytesOf(dtype);
  Check(aclrtMalloc(&data_, static_cast<size_t>(bytes_), ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  Check(aclrtMemset(data_, static_cast<size_t>(bytes_), 0, static_cast<size_t>(bytes_)), "aclrtMemset");
  const int64_t storage_dims[1] = {elements_};
  tensor_ = aclCreateTensor(dims.data(), dims.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, storage_dims, 1, data_);
  if (tensor_ == nullptr) {
    throw std::runtime_error("aclCreateTensor failed");
  }
}

BenchTensor::~BenchTensor() {
  aclDestroyTensor(tensor_);
  aclrtFree(data_);
}

void BenchTensor::FillFloat(float value) {
  if (dtype_ == ACL_FLOAT) {
    float* data = static_cast<float*>(data_);
    for (int64_t i = 0; i < elements_; ++i) {
      data[i] = value;
    }
    return;
  }
  const uint16_t bits = To16(dtype_, value);
  uint16_t* data = static_cast<uint16_t*>(data_);
  for (int64_t i = 0; i < elements_; ++i) {
    data[i] = bits;
  }
}

void BenchTensor::FillTargets(int64_t classes) {
  for (int64_t i = 0; i < elements_; ++i) {
    const int64_t target = i * 7919 % classes;
    switch (dtype_) {
      case ACL_INT32: static_cast<int32_t*>(data_)[i] = static_cast<int32_t>(target); break;
      case ACL_UINT8: static_cast<uint8_t*>(data_)[i] = static_cast<uint8_t>(target); break;
      default: static_cast<int64_t*>(data_)[i] = target; break;
    }
  }
}

NllProblem::NllProblem(int64_t rows, int64_t classes, aclDataType dtype) {
  // self is never read: one element viewed as (rows, classes).
  self = std::make_unique<BenchTensor>(std::vector<int64_t>{rows, classes}, dtype, std::vector<int64_t>{0, 0}, 1);
  target = std::make_unique<BenchTensor>(std::vector<int64_t>{rows}, ACL_INT64);
  target->FillTargets(classes);
  weight = std::make_unique<BenchTensor>(std::vector<int64_t>{classes}, dtype);
  weight->FillFloat(0.75f);
  grad = std::make_unique<BenchTensor>(std::vector<int64_t>{}, dtype);
  grad->FillFloat(1.0f);
  total_weight = std::make_unique<BenchTensor>(std::vector<int64_t>{}, dtype);
  total_weight->FillFloat(static_cast<float>(rows));
  out = std::make_unique<BenchTensor>(std::vector<int64_t>{rows, classes}, dtype);
}

int64_t NllProblem::MovedBytes() const { return out->bytes() + target->bytes() + weight->bytes(); }

aclOpExecutor* NllProblem::Plan() const {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  Check(aclnnNLLLossBackwardGetWorkspaceSize(grad->get(), self->get(), target->get(), weight->get(), 1, -100,
                                             total_weight->get(), out->get(), &workspace_size, &executor),
        "aclnnNLLLossBackwardGetWorkspaceSize");
  return executor;
}

BceProblem::BceProblem(int64_t rows, int64_t cols, aclDataType dtype, int weight_kind, int64_t reduction_value)
    : reduction(reduction_value) {
  const std::vector<int64_t> dims = {rows, cols};
  self = std::make_unique<BenchTensor>(dims, dtype);
  self->FillFloat(0.25f);
  target = std::make_unique<BenchTensor>(dims, dtype);
  target->FillFloat(1.0f);
  grad = std::make_unique<BenchTensor>(reduction == 0 ? dims : std::vector<int64_t>{}, dtype);
  grad->FillFloat(0.5f);
  if (weight_kind != 0) {
    weight = std::make_unique<BenchTensor>(weight_kind == 1 ? dims : std::vector<int64_t>{cols}, dtype);
    weight->FillFloat(1.5f);
  }
  out = std::make_unique<BenchTensor>(dims, dtype);
}

int64_t BceProblem::MovedBytes() const {
  return out->bytes() + self->bytes() + target->bytes() + grad->bytes() + (weight ? weight->bytes() : 0);
}

aclOpExecutor* BceProblem::Plan() const {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  Check(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad->get(), self->get(), target->get(),
                                                        weight ? weight->get() : nullptr, reduction, out->get(),
                                                        &workspace_size, &executor),
        "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize");
  return executor;
}

aclrtStream BenchStream() {
  static aclrtStream stream = [] {
    Check(aclInit(nullptr), "aclInit");
    Check(aclrtSetDevice(0), "aclrtSetDevice");
    aclrtStream created = nullptr;
    Check(aclrtCreateStream(&created), "aclrtCreateStream");
    return created;
  }();
  return stream;
}

void UseKernels(bool reference) { Check(openaclnnSetKernelTarget(reference ? "reference" : nullptr), "kernels"); }

}  // namespace openaclnn::bench
