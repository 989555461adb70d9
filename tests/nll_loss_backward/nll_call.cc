#include "nll_call.h"

#include <cmath>

namespace openaclnn::test {
namespace {

std::unique_ptr<DeviceTensor> Make(const TensorSpec& spec) {
  return std::make_unique<DeviceTensor>(spec.dims, spec.dtype, spec.layout);
}

}  // namespace

NllSpec MakeNllSpec(aclDataType input, aclDataType target, aclDataType out, int64_t rows, int64_t classes,
                    bool one_d, int64_t reduction) {
  NllSpec spec;
  spec.reduction = reduction;
  spec.self = {one_d ? std::vector<int64_t>{classes} : std::vector<int64_t>{rows, classes}, input, {}};
  spec.out = {spec.self.dims, out, {}};
  spec.target = {one_d ? std::vector<int64_t>{} : std::vector<int64_t>{rows}, target, {}};
  const bool per_row_grad = reduction == 0 && !one_d;
  spec.grad = {per_row_grad ? std::vector<int64_t>{rows} : std::vector<int64_t>{1}, input, {}};
  spec.weight = {{classes}, input, {}};
  spec.total_weight = {{1}, input, {}};
  return spec;
}

NllCall::NllCall(const NllSpec& spec)
    : spec_(spec),
      grad_(Make(spec.grad)),
      self_(Make(spec.self)),
      target_(Make(spec.target)),
      weight_(Make(spec.weight)),
      total_weight_(Make(spec.total_weight)),
      out_(Make(spec.out)) {}

int64_t NllCall::rows() const { return spec_.self.dims.size() == 2 ? spec_.self.dims[0] : 1; }

int64_t NllCall::classes() const { return spec_.self.dims.empty() ? 0 : spec_.self.dims.back(); }

aclnnStatus NllCall::GetWorkspaceSize(uint64_t* workspace_size, aclOpExecutor** executor) const {
  return aclnnNLLLossBackwardGetWorkspaceSize(grad_->get(), self_->get(), target_->get(), weight_->get(),
                                              spec_.reduction, spec_.ignore_index, total_weight_->get(),
                                              out_->get(), workspace_size, executor);
}

aclnnStatus NllCall::Launch(aclrtStream stream) const {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus prepared = GetWorkspaceSize(&workspace_size, &executor);
  if (prepared != 0) {
    return prepared;
  }
  // The CPU needs no workspace; a size > 0 would be a contract change these tests should notice.
  if (workspace_size != 0) {
    return -1;
  }
  return aclnnNLLLossBackward(nullptr, 0, executor, stream);
}

NllReferenceInputs NllCall::ReferenceInputs() const {
  NllReferenceInputs in;
  in.rows = rows();
  in.classes = classes();
  in.reduction = spec_.reduction;
  in.ignore_index = spec_.ignore_index;
  for (double value : target_->Read()) {
    in.target.push_back(static_cast<int64_t>(value));
  }
  in.grad = grad_->Read();
  in.weight = weight_->Read();
  const std::vector<double> total = total_weight_->Read();
  in.total_weight = total.empty() ? std::nan("") : total[0];
  return in;
}

NllReferenceOutput NllCall::Reference() const { return NllLossBackwardReference(ReferenceInputs(), spec_.out.dtype); }

std::string NllCall::CompareOut() const {
  return CompareNllOutput(Reference(), out_->Read(), spec_.self.dtype, spec_.out.dtype, spec_.reduction);
}

std::vector<std::vector<uint8_t>> NllCall::InputStorage() const {
  return {grad_->Storage(), self_->Storage(), target_->Storage(), weight_->Storage(), total_weight_->Storage()};
}

const char* DtypeText(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "f32";
    case ACL_FLOAT16: return "f16";
    case ACL_BF16: return "bf16";
    case ACL_INT64: return "i64";
    case ACL_INT32: return "i32";
    case ACL_UINT8: return "u8";
    default: return "other";
  }
}

}  // namespace openaclnn::test
