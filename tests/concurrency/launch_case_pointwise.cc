// The launch cases of the pointwise losses: any entry of the test registry (tests/support/pointwise_registry.h),
// forward or backward, over broadcast operands of one data type with a padded self and a transposed out, checked
// against the registry's float64 reference within the bounds the grid tests use.
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "launch_case.h"
#include "launch_draw.h"
#include "pointwise_call.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

// A broadcast shape of rank 1 to 3 (dims 1 to 9), and an operand of it: each dim kept or made 1, and sometimes
// without the leading dims.
std::vector<int64_t> DrawShape(std::mt19937_64& rng) {
  std::vector<int64_t> dims(static_cast<size_t>(Draw(rng, 1, 3)));
  for (int64_t& dim : dims) {
    dim = Draw(rng, 1, 9);
  }
  return dims;
}

std::vector<int64_t> DrawOperand(std::mt19937_64& rng, const std::vector<int64_t>& shape) {
  std::vector<int64_t> dims(shape.begin() + Draw(rng, 0, 3) / 3, shape.end());  // A third of them lose dim 0.
  for (int64_t& dim : dims) {
    if (Draw(rng, 0, 3) == 0) {
      dim = 1;
    }
  }
  return dims;
}

}  // namespace

void LaunchCase::MakePointwise(std::mt19937_64& rng, aclDataType dtype, std::ostringstream& name) {
  const PointwiseLoss& loss = *pointwise_;
  const std::vector<int64_t> shape = DrawShape(rng);
  const std::vector<int64_t> target_dims = DrawOperand(rng, shape);
  const bool padded_self = Draw(rng, 0, 2) == 0;
  const bool transposed_out = shape.size() >= 2 && Draw(rng, 0, 2) == 0;
  constexpr float kBetas[] = {0.5f, 1.0f, 2.0f};
  beta_ = loss.takes_beta ? kBetas[Draw(rng, 0, 2)] : 1.0f;
  Layout self_layout;
  if (padded_self) {
    self_layout.strides = PaddedStrides(shape, 1);
    self_layout.offset = 2;
  }
  const std::vector<int64_t> out_dims = pointwise_backward_ ? shape : ForwardOutDims(loss, shape, reduction_);
  Layout out_layout;
  if (transposed_out && out_dims.size() >= 2) {
    out_layout.strides = TransposedStrides(out_dims);
  }
  if (pointwise_backward_) {
    tensors_.push_back(std::make_unique<DeviceTensor>(reduction_ == 0 ? DrawOperand(rng, shape)
                                                                      : std::vector<int64_t>{},
                                                      dtype));
  }
  tensors_.push_back(std::make_unique<DeviceTensor>(shape, dtype, self_layout));
  tensors_.push_back(std::make_unique<DeviceTensor>(target_dims, dtype));
  tensors_.push_back(std::make_unique<DeviceTensor>(out_dims, dtype, out_layout));
  name << "aclnn" << loss.name << (pointwise_backward_ ? "Backward " : " ") << TypeName(dtype) << " "
       << DimsText(shape) << " target " << DimsText(target_dims) << (padded_self ? " padded self" : "")
       << (out_layout.strides.empty() ? "" : " transposed out") << " reduction " << reduction_ << " beta "
       << beta_;
}

void LaunchCase::RefillPointwise(std::mt19937_64& rng) {
  for (size_t i = 0; i + 1 < tensors_.size(); ++i) {
    tensors_[i]->Fill(Values(rng, tensors_[i]->numel(), -2.0, 2.0));
  }
}

aclnnStatus LaunchCase::PreparePointwise(uint64_t* workspace) {
  const auto get = [this](size_t index) { return tensors_[index]->get(); };
  if (pointwise_backward_) {
    return pointwise_->backward_phase1(get(0), get(1), get(2), reduction_, beta_, get(3), workspace, &executor_);
  }
  return pointwise_->forward_phase1(get(0), get(1), reduction_, beta_, get(2), workspace, &executor_);
}

// The grid tests' bounds: a forward term rounded once is exact (or within the registry's bound) and a mean or sum
// within ForwardReducedUlps; a backward within
// the registry's FLOAT bound, 1 ulp in FLOAT16 and BFLOAT16.
std::string LaunchCase::CheckPointwise() const {
  const PointwiseLoss& loss = *pointwise_;
  const DeviceTensor& out = *tensors_.back();
  std::vector<double> want;
  double ulps = 0.0;
  if (pointwise_backward_) {
    want = BackwardReference(loss, *tensors_[0], Self(), Target(), reduction_, beta_);
    ulps = out.dtype() != ACL_FLOAT ? 1.0
                                    : (reduction_ == 1 ? loss.backward_mean_float_ulps : loss.backward_float_ulps);
  } else {
    want = ForwardReference(loss, Self(), Target(), reduction_, beta_);
    ulps = reduction_ == 0 ? ForwardNoneUlps(loss, out.dtype())
                           : ForwardReducedUlps(loss, Self(), Target(), reduction_, beta_, {}, out.dtype(),
                                                want.front());
  }
  const std::vector<double> got = out.Read();
  if (got.size() != want.size()) {
    return "out has " + std::to_string(got.size()) + " elements, the reference " + std::to_string(want.size());
  }
  for (size_t i = 0; i < got.size(); ++i) {
    const double rounded = RoundTo(out.dtype(), want[i]);
    if (UlpDistance(out.dtype(), got[i], rounded) > ulps) {
      std::ostringstream text;
      text << "out[" << i << "] = " << got[i] << ", expected " << rounded;
      return text.str();
    }
  }
  return "";
}

}  // namespace openaclnn::test
