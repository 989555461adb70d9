#include "launch_case.h"

#include <cmath>
#include <random>
#include <sstream>
#include <tuple>
#include <utility>

#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "binary_cross_entropy_reference.h"
#include "binary_cross_entropy_backward_reference.h"
#include "launch_draw.h"
#include "nll_loss_backward_reference.h"
#include "nll_loss_reference.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr aclDataType kFloatTypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
constexpr aclDataType kTargetTypes[] = {ACL_INT64, ACL_INT32, ACL_UINT8};

// A BCE self of rank 1 to 3, each dimension 1 to 9.
std::vector<int64_t> DrawBceDims(std::mt19937_64& rng) {
  std::vector<int64_t> dims(static_cast<size_t>(Draw(rng, 1, 3)));
  for (int64_t& dim : dims) {
    dim = Draw(rng, 1, 9);
  }
  return dims;
}

constexpr int kHandWrittenOperators = 4;

// The registry's losses in LaunchOperatorCount() order after the hand-written four: (entry, backward).
const std::vector<std::pair<const PointwiseLoss*, bool>>& PointwiseLaunches() {
  static const std::vector<std::pair<const PointwiseLoss*, bool>> kLaunches = [] {
    std::vector<std::pair<const PointwiseLoss*, bool>> launches;
    for (const PointwiseLoss& loss : PointwiseLosses()) {
      launches.emplace_back(&loss, false);
      if (loss.backward_phase1 != nullptr) {
        launches.emplace_back(&loss, true);
      }
    }
    return launches;
  }();
  return kLaunches;
}

}  // namespace

int LaunchOperatorCount() { return kHandWrittenOperators + static_cast<int>(PointwiseLaunches().size()); }

LaunchCase::LaunchCase(uint64_t seed)
    : operator_index_(static_cast<int>(seed % static_cast<uint64_t>(LaunchOperatorCount()))),
      op_(operator_index_ < kHandWrittenOperators ? static_cast<LaunchOperator>(operator_index_)
                                                  : LaunchOperator::kPointwiseLoss) {
  if (op_ == LaunchOperator::kPointwiseLoss) {
    std::tie(pointwise_, pointwise_backward_) = PointwiseLaunches()[operator_index_ - kHandWrittenOperators];
  }
  std::mt19937_64 rng(seed);
  const aclDataType dtype = kFloatTypes[Draw(rng, 0, 2)];
  reduction_ = Draw(rng, 0, 2);
  std::ostringstream name;
  switch (op_) {
    case LaunchOperator::kNllLossBackward: MakeNllBackward(rng, dtype, name); break;
    case LaunchOperator::kBinaryCrossEntropyBackward: MakeBceBackward(rng, dtype, name); break;
    case LaunchOperator::kNllLoss: MakeNllForward(rng, dtype, name); break;
    case LaunchOperator::kBinaryCrossEntropy: MakeBceForward(rng, dtype, name); break;
    case LaunchOperator::kPointwiseLoss: MakePointwise(rng, dtype, name); break;
  }
  name << " (seed " << seed << ")";
  name_ = name.str();
  Refill(seed);
}

void LaunchCase::MakeNllBackward(std::mt19937_64& rng, aclDataType dtype, std::ostringstream& name) {
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
  name << "nll " << TypeName(dtype) << "/" << TypeName(target_dtype) << "->" << TypeName(out_dtype) << " " << rows
       << "x" << classes << (transposed_out ? " transposed out" : "") << " reduction " << reduction_ << " ignore "
       << ignore_index_;
}

void LaunchCase::MakeBceBackward(std::mt19937_64& rng, aclDataType dtype, std::ostringstream& name) {
  const std::vector<int64_t> dims = DrawBceDims(rng);
  has_weight_ = Draw(rng, 0, 2) != 0;
  const std::vector<int64_t> grad_dims = reduction_ == 0 ? dims : std::vector<int64_t>{};
  tensors_.push_back(std::make_unique<DeviceTensor>(grad_dims, dtype));
  tensors_.push_back(std::make_unique<DeviceTensor>(dims, dtype));
  tensors_.push_back(std::make_unique<DeviceTensor>(dims, dtype));
  tensors_.push_back(has_weight_ ? std::make_unique<DeviceTensor>(std::vector<int64_t>{dims.back()}, dtype)
                                 : nullptr);
  tensors_.push_back(std::make_unique<DeviceTensor>(dims, dtype));
  name << "bce " << TypeName(dtype) << " " << DimsText(dims) << (has_weight_ ? "" : " no weight") << " reduction "
       << reduction_;
}

// Every input layout the forward reads (a transposed self) and both one-element out shapes of mean and sum.
void LaunchCase::MakeNllForward(std::mt19937_64& rng, aclDataType dtype, std::ostringstream& name) {
  const aclDataType target_dtype = kTargetTypes[Draw(rng, 0, 2)];
  const aclDataType out_dtype = kFloatTypes[Draw(rng, 0, 2)];
  const aclDataType total_dtype = kFloatTypes[Draw(rng, 0, 2)];
  const int64_t rows = Draw(rng, 1, 40);
  const int64_t classes = Draw(rng, 1, 32);
  const bool transposed_self = Draw(rng, 0, 2) == 0;
  const bool padded_out = Draw(rng, 0, 2) == 0;
  ignore_index_ = Draw(rng, 0, 1) == 0 ? -100 : Draw(rng, 0, classes - 1);
  Layout self_layout;
  if (transposed_self) {
    self_layout.strides = TransposedStrides({rows, classes});
  }
  tensors_.push_back(std::make_unique<DeviceTensor>(std::vector<int64_t>{rows, classes}, dtype, self_layout));
  tensors_.push_back(std::make_unique<DeviceTensor>(std::vector<int64_t>{rows}, target_dtype));
  tensors_.push_back(std::make_unique<DeviceTensor>(std::vector<int64_t>{classes}, dtype));
  std::vector<int64_t> out_dims = {rows};
  Layout out_layout;
  if (reduction_ != 0) {
    out_dims = padded_out ? std::vector<int64_t>{1} : std::vector<int64_t>{};
  } else if (padded_out) {
    out_layout.strides = PaddedStrides(out_dims, 2);
  }
  tensors_.push_back(std::make_unique<DeviceTensor>(out_dims, out_dtype, out_layout));
  tensors_.push_back(std::make_unique<DeviceTensor>(std::vector<int64_t>{1}, total_dtype));
  name << "nll forward " << TypeName(dtype) << "/" << TypeName(target_dtype) << "->" << TypeName(out_dtype) << ","
       << TypeName(total_dtype) << " " << rows << "x" << classes << (transposed_self ? " transposed self" : "")
       << (padded_out ? " padded out" : "") << " reduction " << reduction_ << " ignore " << ignore_index_;
}

void LaunchCase::MakeBceForward(std::mt19937_64& rng, aclDataType dtype, std::ostringstream& name) {
  const std::vector<int64_t> dims = DrawBceDims(rng);
  has_weight_ = Draw(rng, 0, 2) != 0;
  const aclDataType out_dtype = kFloatTypes[Draw(rng, 0, 2)];
  const bool transposed_out = dims.size() >= 2 && Draw(rng, 0, 2) == 0;
  tensors_.push_back(std::make_unique<DeviceTensor>(dims, dtype));
  tensors_.push_back(std::make_unique<DeviceTensor>(dims, dtype));
  tensors_.push_back(has_weight_ ? std::make_unique<DeviceTensor>(std::vector<int64_t>{dims.back()}, dtype)
                                 : nullptr);
  Layout out_layout;
  if (reduction_ == 0 && transposed_out) {
    out_layout.strides = TransposedStrides(dims);
  }
  const std::vector<int64_t> out_dims = reduction_ == 0 ? dims : std::vector<int64_t>{1};
  tensors_.push_back(std::make_unique<DeviceTensor>(out_dims, out_dtype, out_layout));
  name << "bce forward " << TypeName(dtype) << "->" << TypeName(out_dtype) << " " << DimsText(dims)
       << (has_weight_ ? "" : " no weight") << (reduction_ == 0 && transposed_out ? " transposed out" : "")
       << " reduction " << reduction_;
}

LaunchCase::~LaunchCase() {
  if (executor_ != nullptr) {
    aclDestroyAclOpExecutor(executor_);
  }
}

void LaunchCase::Refill(uint64_t seed) {
  std::mt19937_64 rng(seed * 7919 + 13);
  if (op_ == LaunchOperator::kPointwiseLoss) {
    RefillPointwise(rng);
  } else if (is_nll()) {
    RefillNll(rng);
  } else {
    RefillBce(rng);
  }
  PoisonOut();
}

void LaunchCase::RefillNll(std::mt19937_64& rng) {
  const int64_t rows = Self().dims()[0];
  const int64_t classes = Self().dims()[1];
  if (backward()) {
    tensors_[0]->Fill(Values(rng, tensors_[0]->numel(), -4.0, 4.0));
    Self().Fill(Values(rng, rows * classes, -1.0, 1.0));
  } else {
    Self().Fill(Values(rng, rows * classes, -4.0, 0.0));  // Log-probabilities.
  }
  std::vector<double> targets(static_cast<size_t>(rows));
  for (double& target : targets) {
    const bool ignored = Draw(rng, 0, 5) == 0 && ignore_index_ >= 0;
    target = static_cast<double>(ignored ? ignore_index_ : Draw(rng, 0, classes - 1));
  }
  Target().Fill(targets);
  Weight()->Fill(Values(rng, classes, 0.125, 2.0));
  if (backward()) {
    tensors_[4]->Fill({static_cast<double>(Draw(rng, 1, 64))});
  }
}

void LaunchCase::RefillBce(std::mt19937_64& rng) {
  if (backward()) {
    tensors_[0]->Fill(Values(rng, tensors_[0]->numel(), -2.0, 2.0));
  }
  std::vector<double> self = Values(rng, Self().numel(), 0.01, 0.99);
  if (!self.empty() && Draw(rng, 0, 3) == 0) {
    self[0] = static_cast<double>(Draw(rng, 0, 1));  // 0 or 1: the clamps of DECISIONS 6 and of the forward's log.
  }
  Self().Fill(self);
  Target().Fill(Values(rng, Target().numel(), 0.0, 1.0));
  if (has_weight_) {
    Weight()->Fill(Values(rng, Weight()->numel(), 0.25, 2.0));
  }
}

std::vector<DeviceTensor*> LaunchCase::Outputs() const {
  if (op_ == LaunchOperator::kNllLoss) {
    return {tensors_[3].get(), tensors_[4].get()};
  }
  return {tensors_.back().get()};
}

void LaunchCase::PoisonOut() {
  for (DeviceTensor* out : Outputs()) {
    out->Fill(std::vector<double>(static_cast<size_t>(out->numel()), kPoison));
  }
}

void LaunchCase::BreakTarget(int64_t value) {
  std::vector<double> targets = Target().Read();
  targets[0] = static_cast<double>(value);
  Target().Fill(targets);
}

aclnnStatus LaunchCase::Prepare(bool repeatable) {
  uint64_t workspace = 0;
  aclnnStatus status = 0;
  const auto get = [this](size_t index) { return tensors_[index] ? tensors_[index]->get() : nullptr; };
  switch (op_) {
    case LaunchOperator::kNllLossBackward:
      status = aclnnNLLLossBackwardGetWorkspaceSize(get(0), get(1), get(2), get(3), reduction_, ignore_index_, get(4),
                                                    get(5), &workspace, &executor_);
      break;
    case LaunchOperator::kBinaryCrossEntropyBackward:
      status = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(get(0), get(1), get(2), get(3), reduction_, get(4),
                                                               &workspace, &executor_);
      break;
    case LaunchOperator::kNllLoss:
      status = aclnnNLLLossGetWorkspaceSize(get(0), get(1), get(2), reduction_, ignore_index_, get(3), get(4),
                                            &workspace, &executor_);
      break;
    case LaunchOperator::kBinaryCrossEntropy:
      status = aclnnBinaryCrossEntropyGetWorkspaceSize(get(0), get(1), get(2), reduction_, get(3), &workspace,
                                                       &executor_);
      break;
    case LaunchOperator::kPointwiseLoss: status = PreparePointwise(&workspace); break;
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
  switch (op_) {
    case LaunchOperator::kNllLossBackward: return aclnnNLLLossBackward(nullptr, 0, executor_, stream);
    case LaunchOperator::kBinaryCrossEntropyBackward:
      return aclnnBinaryCrossEntropyBackward(nullptr, 0, executor_, stream);
    case LaunchOperator::kNllLoss: return aclnnNLLLoss(nullptr, 0, executor_, stream);
    case LaunchOperator::kBinaryCrossEntropy: return aclnnBinaryCrossEntropy(nullptr, 0, executor_, stream);
    case LaunchOperator::kPointwiseLoss:
      return (pointwise_backward_ ? pointwise_->backward_phase2 : pointwise_->forward_phase2)(nullptr, 0, executor_,
                                                                                             stream);
  }
  return -1;
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
  std::string mismatch;
  switch (op_) {
    case LaunchOperator::kNllLossBackward: mismatch = CheckNllBackward(); break;
    case LaunchOperator::kBinaryCrossEntropyBackward: mismatch = CheckBceBackward(); break;
    case LaunchOperator::kNllLoss: mismatch = CheckNllForward(); break;
    case LaunchOperator::kBinaryCrossEntropy: mismatch = CheckBceForward(); break;
    case LaunchOperator::kPointwiseLoss: mismatch = CheckPointwise(); break;
  }
  if (mismatch.empty()) {
    for (const DeviceTensor* out : Outputs()) {
      if (!out->OutsideViewUntouched()) {
        mismatch = "bytes outside an output's view changed";
      }
    }
  }
  return mismatch.empty() ? mismatch : name_ + ": " + mismatch;
}

std::string LaunchCase::CheckNllBackward() const {
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
  return CompareNllOutput(expected, tensors_[5]->Read(), tensors_[1]->dtype(), out_dtype, reduction_);
}

std::string LaunchCase::CheckBceBackward() const {
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
  return "";
}

// Reduction none: each loss is an exact product rounded once, so bit-exact, and totalWeightOut is not written.
// Mean and sum: within one ulp of the fp64 reference's rounded result (docs/nll_loss.md).
std::string LaunchCase::CheckNllForward() const {
  NllForwardInputs inputs;
  inputs.rows = Self().dims()[0];
  inputs.classes = Self().dims()[1];
  inputs.self = Self().Read();
  for (double target : Target().Read()) {
    inputs.target.push_back(static_cast<int64_t>(target));
  }
  inputs.weight = Weight()->Read();
  inputs.ignore_index = ignore_index_;
  const NllForwardExpected expected = NllForwardReference(inputs);
  const DeviceTensor& out = *tensors_[3];
  const DeviceTensor& total = *tensors_[4];
  const std::vector<double> got = out.Read();
  const double total_got = total.Read()[0];
  std::ostringstream text;
  if (reduction_ == 0) {
    for (size_t n = 0; n < got.size(); ++n) {
      if (got[n] != RoundTo(out.dtype(), expected.losses[n])) {
        text << "out[" << n << "] = " << got[n] << ", expected " << expected.losses[n];
        return text.str();
      }
    }
    if (total_got != RoundTo(total.dtype(), kPoison)) {
      text << "totalWeightOut was written for reduction none: " << total_got;
    }
    return text.str();
  }
  const double want = reduction_ == 1 ? expected.mean : expected.loss_sum;
  if (UlpDistance(out.dtype(), got[0], RoundTo(out.dtype(), want)) > 1.0) {
    text << "out = " << got[0] << ", expected " << want;
  } else if (UlpDistance(total.dtype(), total_got, RoundTo(total.dtype(), expected.total_weight)) > 1.0) {
    text << "totalWeightOut = " << total_got << ", expected " << expected.total_weight;
  }
  return text.str();
}

// Within one ulp of the fp64 reference's rounded result, element by element or reduced (docs/binary_cross_entropy.md).
std::string LaunchCase::CheckBceForward() const {
  const std::vector<double> x = Self().Read();
  const std::vector<double> y = Target().Read();
  const std::vector<double> w = has_weight_ ? Weight()->Read() : std::vector<double>();
  std::vector<double> losses(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    losses[i] = BceReferenceLoss(x[i], y[i], has_weight_ ? w[i % w.size()] : 1.0);  // weight is (last dim).
  }
  const DeviceTensor& out = *tensors_[3];
  const std::vector<double> got = out.Read();
  std::ostringstream text;
  if (reduction_ == 0) {
    for (size_t i = 0; i < got.size(); ++i) {
      if (UlpDistance(out.dtype(), got[i], RoundTo(out.dtype(), losses[i])) > 1.0) {
        text << "out[" << i << "] = " << got[i] << ", expected " << losses[i];
        return text.str();
      }
    }
    return "";
  }
  double want = CompensatedTotal(losses);
  if (reduction_ == 1) {
    want /= static_cast<double>(losses.size());
  }
  if (UlpDistance(out.dtype(), got[0], RoundTo(out.dtype(), want)) > 1.0) {
    text << "out = " << got[0] << ", expected " << want;
  }
  return text.str();
}

}  // namespace openaclnn::test
