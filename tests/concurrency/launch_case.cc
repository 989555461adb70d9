#include "launch_case.h"

#include <cmath>
#include <random>
#include <sstream>

#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "binary_cross_entropy_backward_reference.h"
#include "nll_loss_backward_reference.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr aclDataType kFloatTypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
constexpr aclDataType kTargetTypes[] = {ACL_INT64, ACL_INT32, ACL_UINT8};
constexpr double kPoison = 777.0;  // Never a result of these cases.

int64_t Draw(std::mt19937_64& rng, int64_t low, int64_t high) {
  return std::uniform_int_distribution<int64_t>(low, high)(rng);
}

double Uniform(std::mt19937_64& rng, double low, double high) {
  return std::uniform_real_distribution<double>(low, high)(rng);
}

std::vector<double> Values(std::mt19937_64& rng, int64_t count, double low, double high) {
  std::vector<double> values(static_cast<size_t>(count));
  for (double& value : values) {
    value = Uniform(rng, low, high);
  }
  return values;
}

const char* TypeName(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "float";
    case ACL_FLOAT16: return "fp16";
    case ACL_BF16: return "bf16";
    case ACL_INT64: return "int64";
    case ACL_INT32: return "int32";
    default: return "uint8";
  }
}

std::string DimsText(const std::vector<int64_t>& dims) {
  std::ostringstream text;
  text << "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    text << (i ? "," : "") << dims[i];
  }
  text << "]";
  return text.str();
}

}  // namespace

LaunchCase::LaunchCase(uint64_t seed) : nll_(seed % 2 == 0) {
  std::mt19937_64 rng(seed);
  const aclDataType dtype = kFloatTypes[Draw(rng, 0, 2)];
  reduction_ = Draw(rng, 0, 2);
  std::ostringstream name;
  if (nll_) {
    const aclDataType target_dtype = kTargetTypes[Draw(rng, 0, 2)];
    const aclDataType out_dtype = kFloatTypes[Draw(rng, 0, 2)];
    const int64_t rows = Draw(rng, 1, 40);
    const int64_t classes = Draw(rng, 1, 32);
    const bool transposed_out = Draw(rng, 0, 3) == 0;
    ignore_index_ = Draw(rng, 0, 1) == 0 ? -100 : Draw(rng, 0, classes - 1);
    const std::vector<int64_t> grad_dims = reduction_ == 0 ? std::vector<int64_t>{rows} : std::vector<int64_t>{1};
    tensors_.push_back(std::make_unique<DeviceTensor>(grad_dims, dtype));
    tensors_.push_back(std::make_unique<DeviceTensor>(std::vector<int64_t>{rows, classes}, dtype));
    tensors_.push_back(std::make_unique<DeviceTensor>(std::vector<int64_t>{rows}, target_dtype));
    tensors_.push_back(std::make_unique<DeviceTensor>(std::vector<int64_t>{classes}, dtype));
    tensors_.push_back(std::make_unique<DeviceTensor>(std::vector<int64_t>{1}, dtype));
    Layout out_layout;
    if (transposed_out) {
      out_layout.strides = TransposedStrides({rows, classes});
    }
    tensors_.push_back(std::make_unique<DeviceTensor>(std::vector<int64_t>{rows, classes}, out_dtype, out_layout));
    name << "nll " << TypeName(dtype) << "/" << TypeName(target_dtype) << "->" << TypeName(out_dtype) << " "
         << rows << "x" << classes << (transposed_out ? " transposed out" : "") << " reduction " << reduction_
         << " ignore " << ignore_index_;
  } else {
    const int64_t rank = Draw(rng, 1, 3);
    std::vector<int64_t> dims(static_cast<size_t>(rank));
    for (int64_t& dim : dims) {
      dim = Draw(rng, 1, 9);
    }
    has_weight_ = Draw(rng, 0, 2) != 0;
    const std::vector<int64_t> grad_dims = reduction_ == 0 ? dims : std::vector<int64_t>{};
    tensors_.push_back(std::make_unique<DeviceTensor>(grad_dims, dtype));
    tensors_.push_back(std::make_unique<DeviceTensor>(dims, dtype));
    tensors_.push_back(std::make_unique<DeviceTensor>(dims, dtype));
    tensors_.push_back(has_weight_ ? std::make_unique<DeviceTensor>(std::vector<int64_t>{dims.back()}, dtype)
                                   : nullptr);
    tensors_.push_back(std::make_unique<DeviceTensor>(dims, dtype));
    name << "bce " << TypeName(dtype) << " " << DimsText(dims) << (has_weight_ ? "" : " no weight")
         << " reduction " << reduction_;
  }
  name << " (seed " << seed << ")";
  name_ = name.str();
  Refill(seed);
}

LaunchCase::~LaunchCase() {
  if (executor_ != nullptr) {
    aclDestroyAclOpExecutor(executor_);
  }
}

void LaunchCase::Refill(uint64_t seed) {
  std::mt19937_64 rng(seed * 7919 + 13);
  if (nll_) {
    const int64_t rows = tensors_[1]->dims()[0];
    const int64_t classes = tensors_[1]->dims()[1];
    tensors_[0]->Fill(Values(rng, tensors_[0]->numel(), -4.0, 4.0));
    tensors_[1]->Fill(Values(rng, rows * classes, -1.0, 1.0));
    std::vector<double> targets(static_cast<size_t>(rows));
    for (double& target : targets) {
      target = static_cast<double>(Draw(rng, 0, 5) == 0 && ignore_index_ >= 0 ? ignore_index_ : Draw(rng, 0, classes - 1));
    }
    tensors_[2]->Fill(targets);
    tensors_[3]->Fill(Values(rng, classes, 0.125, 2.0));
    tensors_[4]->Fill({static_cast<double>(Draw(rng, 1, 64))});
  } else {
    tensors_[0]->Fill(Values(rng, tensors_[0]->numel(), -2.0, 2.0));
    std::vector<double> self = Values(rng, tensors_[1]->numel(), 0.01, 0.99);
    if (!self.empty() && Draw(rng, 0, 3) == 0) {
      self[0] = static_cast<double>(Draw(rng, 0, 1));  // 0 or 1: the clamp of DECISIONS 6.
    }
    tensors_[1]->Fill(self);
    tensors_[2]->Fill(Values(rng, tensors_[2]->numel(), 0.0, 1.0));
    if (has_weight_) {
      tensors_[3]->Fill(Values(rng, tensors_[3]->numel(), 0.25, 2.0));
    }
  }
  PoisonOut();
}

void LaunchCase::PoisonOut() {
  DeviceTensor& out = *tensors_.back();
  out.Fill(std::vector<double>(static_cast<size_t>(out.numel()), kPoison));
}

void LaunchCase::BreakTarget(int64_t value) {
  std::vector<double> targets = tensors_[2]->Read();
  targets[0] = static_cast<double>(value);
  tensors_[2]->Fill(targets);
}

aclnnStatus LaunchCase::Prepare(bool repeatable) {
  uint64_t workspace = 0;
  aclnnStatus status = 0;
  if (nll_) {
    status = aclnnNLLLossBackwardGetWorkspaceSize(tensors_[0]->get(), tensors_[1]->get(), tensors_[2]->get(),
                                                  tensors_[3]->get(), reduction_, ignore_index_, tensors_[4]->get(),
                                                  tensors_[5]->get(), &workspace, &executor_);
  } else {
    status = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(
        tensors_[0]->get(), tensors_[1]->get(), tensors_[2]->get(), has_weight_ ? tensors_[3]->get() : nullptr,
        reduction_, tensors_[4]->get(), &workspace, &executor_);
  }
  if (status == 0 && workspace != 0) {
    return -1;  // The CPU needs no workspace (DECISIONS 12); these tests do not provide one.
  }
  if (status == 0 && repeatable) {
    status = aclSetAclOpExecutorRepeatable(executor_);
  }
  return status;
}

aclnnStatus LaunchCase::Run(aclrtStream stream) {
  aclOpExecutor* executor = executor_;
  const aclnnStatus status = nll_ ? aclnnNLLLossBackward(nullptr, 0, executor, stream)
                                  : aclnnBinaryCrossEntropyBackward(nullptr, 0, executor, stream);
  return status;
}

aclnnStatus LaunchCase::Launch(aclrtStream stream) {
  const aclnnStatus prepared = Prepare();
  if (prepared != 0) {
    return prepared;
  }
  const aclnnStatus status = Run(stream);
  executor_ = nullptr;  // Released by its run.
  return status;
}

aclnnStatus LaunchCase::DestroyExecutor() {
  const aclnnStatus status = aclDestroyAclOpExecutor(executor_);
  executor_ = nullptr;
  return status;
}

std::string LaunchCase::Check() const {
  const std::string mismatch = nll_ ? CheckNll() : CheckBce();
  return mismatch.empty() ? mismatch : name_ + ": " + mismatch;
}

std::string LaunchCase::CheckNll() const {
  NllReferenceInputs inputs;
  inputs.rows = tensors_[1]->dims()[0];
  inputs.classes = tensors_[1]->dims()[1];
  for (double target : tensors_[2]->Read()) {
    inputs.target.push_back(static_cast<int64_t>(target));
  }
  inputs.grad = tensors_[0]->Read();
  inputs.weight = tensors_[3]->Read();
  inputs.total_weight = tensors_[4]->Read()[0];
  inputs.reduction = reduction_;
  inputs.ignore_index = ignore_index_;
  const aclDataType out_dtype = tensors_[5]->dtype();
  const NllReferenceOutput expected = NllLossBackwardReference(inputs, out_dtype);
  std::string mismatch =
      CompareNllOutput(expected, tensors_[5]->Read(), tensors_[1]->dtype(), out_dtype, reduction_);
  if (mismatch.empty() && !tensors_[5]->OutsideViewUntouched()) {
    mismatch = "bytes outside out's view changed";
  }
  return mismatch;
}

std::string LaunchCase::CheckBce() const {
  const auto reference = [](const DeviceTensor& tensor) { return ReferenceTensor{tensor.dims(), tensor.Read()}; };
  const ReferenceTensor weight = has_weight_ ? reference(*tensors_[3]) : ReferenceTensor{};
  const std::vector<float> expected = BinaryCrossEntropyBackwardFloatOrder(
      reference(*tensors_[0]), reference(*tensors_[1]), reference(*tensors_[2]), has_weight_ ? &weight : nullptr,
      reduction_);
  const DeviceTensor& out = *tensors_[4];
  const std::vector<double> got = out.Read();
  for (size_t i = 0; i < got.size(); ++i) {
    const double want = RoundTo(out.dtype(), static_cast<double>(expected[i]));
    if (!(got[i] == want || (std::isnan(got[i]) && std::isnan(want)))) {
      std::ostringstream text;
      text << "out[" << i << "] = " << got[i] << ", expected " << want;
      return text.str();
    }
  }
  return out.OutsideViewUntouched() ? "" : "bytes outside out's view changed";
}

}  // namespace openaclnn::test
