// Phase 1 rejections of aclnnNLLLossBackwardGetWorkspaceSize: one test per row of the document's error table
// and per check of CANN-FACTS 2.1, in CANN's order (when two things are wrong, the earlier check wins), plus
// our documented stricter rules. Every rejection must give the documented code, leave a message naming the API
// and the argument, return no executor and leave out untouched.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "acl_environment.h"
#include "aclnn/opdev/op_errno.h"
#include "nll_call.h"

namespace openaclnn::test {
namespace {

constexpr const char* kApi = "aclnnNLLLossBackwardGetWorkspaceSize";

// The pointers phase 1 receives; by default those of a call's tensors.
struct Phase1Args {
  explicit Phase1Args(const NllCall& call)
      : grad(call.grad().get()),
        self(call.self().get()),
        target(call.target().get()),
        weight(call.weight().get()),
        total_weight(call.total_weight().get()),
        out(call.out().get()),
        reduction(call.spec().reduction),
        ignore_index(call.spec().ignore_index) {}
  const aclTensor* grad;
  const aclTensor* self;
  const aclTensor* target;
  const aclTensor* weight;
  const aclTensor* total_weight;
  aclTensor* out;
  int64_t reduction;
  int64_t ignore_index;
  bool null_workspace_size = false;
  bool null_executor = false;
};

// A tensor handle with any strides and offset over a small buffer of its own (or over no memory at all), for
// layouts a DeviceTensor cannot describe: negative strides or offsets, overlapping views, NULL data.
class RawTensor {
 public:
  static constexpr size_t kBytes = 64 * 8;

  RawTensor(std::vector<int64_t> dims, aclDataType dtype, std::vector<int64_t> strides, int64_t offset,
            bool with_data = true)
      : dims_(std::move(dims)), strides_(std::move(strides)) {
    if (with_data) {
      EXPECT_EQ(aclrtMalloc(&data_, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
      std::memset(data_, kSentinelByte, kBytes);
    }
    const int64_t storage = 64;
    tensor_ = aclCreateTensor(dims_.data(), dims_.size(), dtype, strides_.data(), offset, ACL_FORMAT_ND, &storage, 1,
                              data_);
    EXPECT_NE(tensor_, nullptr);
  }
  ~RawTensor() {
    aclDestroyTensor(tensor_);
    if (data_ != nullptr) aclrtFree(data_);
  }
  RawTensor(const RawTensor&) = delete;
  RawTensor& operator=(const RawTensor&) = delete;
  aclTensor* get() const { return tensor_; }

  // True while no byte of the buffer was written.
  bool Untouched() const {
    const auto* bytes = static_cast<const uint8_t*>(data_);
    for (size_t i = 0; data_ != nullptr && i < kBytes; ++i) {
      if (bytes[i] != kSentinelByte) return false;
    }
    return true;
  }

 private:
  std::vector<int64_t> dims_;
  std::vector<int64_t> strides_;
  void* data_ = nullptr;
  aclTensor* tensor_ = nullptr;
};

// Points the named argument of args at tensor.
void Replace(Phase1Args* args, const std::string& name, aclTensor* tensor) {
  if (name == "gradOutput") args->grad = tensor;
  if (name == "self") args->self = tensor;
  if (name == "target") args->target = tensor;
  if (name == "weight") args->weight = tensor;
  if (name == "totalWeight") args->total_weight = tensor;
  if (name == "out") args->out = tensor;
}

// The spec of the named tensor.
const TensorSpec& SpecOf(const NllSpec& spec, const std::string& name) {
  if (name == "gradOutput") return spec.grad;
  if (name == "self") return spec.self;
  if (name == "target") return spec.target;
  if (name == "weight") return spec.weight;
  if (name == "totalWeight") return spec.total_weight;
  return spec.out;
}

::testing::AssertionResult Rejected(const NllCall& call, const Phase1Args& args, aclnnStatus code,
                                    const std::string& argument, const std::string& also_mentions = "") {
  const std::vector<uint8_t> out_before = call.out().Storage();
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  TakeErrorMessage();
  const aclnnStatus status = aclnnNLLLossBackwardGetWorkspaceSize(
      args.grad, args.self, args.target, args.weight, args.reduction, args.ignore_index, args.total_weight, args.out,
      args.null_workspace_size ? nullptr : &workspace_size, args.null_executor ? nullptr : &executor);
  const std::string message = TakeErrorMessage();
  if (status != code) {
    return ::testing::AssertionFailure() << "status " << status << ", expected " << code << "; message: " << message;
  }
  if (message.find(kApi) == std::string::npos || message.find("'" + argument + "'") == std::string::npos) {
    return ::testing::AssertionFailure() << "the message does not name " << kApi << " and '" << argument
                                         << "': " << message;
  }
  if (!also_mentions.empty() && message.find(also_mentions) == std::string::npos) {
    return ::testing::AssertionFailure() << "the message does not mention \"" << also_mentions << "\": " << message;
  }
  if (executor != nullptr) {
    aclDestroyAclOpExecutor(executor);
    return ::testing::AssertionFailure() << "an executor was returned";
  }
  if (call.out().Storage() != out_before) {
    return ::testing::AssertionFailure() << "out was written";
  }
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult Rejected(const NllCall& call, aclnnStatus code, const std::string& argument,
                                    const std::string& also_mentions = "") {
  return Rejected(call, Phase1Args(call), code, argument, also_mentions);
}

::testing::AssertionResult Accepted(const Phase1Args& args) {
  uint64_t workspace_size = 1;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus status =
      aclnnNLLLossBackwardGetWorkspaceSize(args.grad, args.self, args.target, args.weight, args.reduction,
                                           args.ignore_index, args.total_weight, args.out, &workspace_size, &executor);
  if (status != 0) {
    return ::testing::AssertionFailure() << "status " << status << ": " << TakeErrorMessage();
  }
  if (executor == nullptr || workspace_size != 0) {
    return ::testing::AssertionFailure() << "no executor, or workspace size " << workspace_size;
  }
  // Never run: a single-use executor that is not run is released by the caller.
  if (aclDestroyAclOpExecutor(executor) != 0) {
    return ::testing::AssertionFailure() << "the executor could not be destroyed: " << TakeErrorMessage();
  }
  return ::testing::AssertionSuccess();
}

// A valid (N, C) = (3, 4) FLOAT call with INT64 targets and the given reduction.
NllSpec Valid(int64_t reduction = 0) { return MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 3, 4, false, reduction); }

// ---- 1. workspaceSize / executor (CANN-FACTS 2.1 step 1) ----

TEST(NllValidation, NullWorkspaceSizeIs161001) {
  NllCall call(Valid());
  Phase1Args args(call);
  args.null_workspace_size = true;
  EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_NULLPTR, "workspaceSize"));
}

TEST(NllValidation, NullExecutorIs161001) {
  NllCall call(Valid());
  Phase1Args args(call);
  args.null_executor = true;
  EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_NULLPTR, "executor"));
}

TEST(NllValidation, OutputPointersAreCheckedBeforeTensors) {
  NllCall call(Valid());
  Phase1Args args(call);
  args.grad = nullptr;
  args.null_executor = true;
  EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_NULLPTR, "executor"));
  args.null_workspace_size = true;
  EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_NULLPTR, "workspaceSize"));
}

// ---- 2. Document row 161001: a NULL input or output (step 3, order gradOutput .. out) ----

const char* const kTensorNames[] = {"gradOutput", "self", "target", "weight", "totalWeight", "out"};

void SetNull(Phase1Args* args, int which) {
  switch (which) {
    case 0: args->grad = nullptr; break;
    case 1: args->self = nullptr; break;
    case 2: args->target = nullptr; break;
    case 3: args->weight = nullptr; break;
    case 4: args->total_weight = nullptr; break;
    default: args->out = nullptr; break;
  }
}

TEST(NllValidation, DocTableNullTensorIs161001) {
  NllCall call(Valid());
  for (int which = 0; which < 6; ++which) {
    Phase1Args args(call);
    SetNull(&args, which);
    EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_NULLPTR, kTensorNames[which])) << kTensorNames[which];
  }
}

TEST(NllValidation, NullTensorsAreCheckedInCannOrder) {
  NllCall call(Valid());
  for (int first = 0; first < 6; ++first) {
    for (int second = first + 1; second < 6; ++second) {
      Phase1Args args(call);
      SetNull(&args, first);
      SetNull(&args, second);
      EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_NULLPTR, kTensorNames[first]))
          << kTensorNames[first] << " and " << kTensorNames[second];
    }
  }
}

TEST(NllValidation, WeightAndTotalWeightAreMandatoryForEveryReduction) {
  for (int64_t reduction : {0, 2}) {
    NllCall call(Valid(reduction));
    Phase1Args args(call);
    args.weight = nullptr;
    EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_NULLPTR, "weight"));
    Phase1Args no_total(call);
    no_total.total_weight = nullptr;
    EXPECT_TRUE(Rejected(call, no_total, ACLNN_ERR_PARAM_NULLPTR, "totalWeight"));
  }
}

TEST(NllValidation, NullTensorWinsOverLaterChecks) {
  NllSpec spec = Valid();
  spec.weight.dtype = ACL_FLOAT16;  // A dtype error (step 4) ...
  spec.reduction = 7;               // ... and a reduction error (step 5) ...
  NllCall call(spec);
  Phase1Args args(call);
  args.out = nullptr;  // ... lose to a NULL out (step 3).
  EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_NULLPTR, "out"));
}

// ---- 3. Document rows 161002 "data types inconsistent" / "not supported" (step 4, in CANN's order) ----

TEST(NllValidation, DocTableWeightDtypeDiffersFromSelf) {
  NllSpec spec = Valid();
  spec.weight.dtype = ACL_FLOAT16;
  EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "weight", "FLOAT16"));
}

TEST(NllValidation, DocTableGradOutputDtypeDiffersFromSelf) {
  NllSpec spec = Valid();
  spec.grad.dtype = ACL_BF16;
  EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "gradOutput", "BFLOAT16"));
}

TEST(NllValidation, DocTableTotalWeightDtypeDiffersFromSelf) {
  NllSpec spec = Valid();
  spec.total_weight.dtype = ACL_DOUBLE;
  EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "totalWeight", "DOUBLE"));
}

TEST(NllValidation, OutDtypeSelfCannotBeCastTo) {
  for (aclDataType out : {ACL_INT32, ACL_INT64, ACL_UINT8, ACL_BOOL}) {
    NllSpec spec = Valid();
    spec.out.dtype = out;
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "out")) << DtypeText(out);
  }
}

TEST(NllValidation, DocTableSelfDtypeNotSupported) {
  // The same unsupported type for all four floating inputs passes the consistency checks; out DOUBLE is
  // castable from DOUBLE, so the self check is the one that fails.
  for (aclDataType type : {ACL_DOUBLE, ACL_INT32, ACL_INT64}) {
    NllSpec spec = Valid();
    spec.self.dtype = spec.grad.dtype = spec.weight.dtype = spec.total_weight.dtype = spec.out.dtype = type;
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "self", "FLOAT, FLOAT16, BFLOAT16"))
        << DtypeText(type);
  }
}

TEST(NllValidation, DocTableGradOutputWeightTotalWeightDtypeNotSupported) {
  // An unsupported type in one of them alone is reported by its consistency check, naming it.
  struct Case {
    TensorSpec NllSpec::*tensor;
    const char* name;
  };
  for (const Case& c : {Case{&NllSpec::grad, "gradOutput"}, Case{&NllSpec::weight, "weight"},
                        Case{&NllSpec::total_weight, "totalWeight"}}) {
    NllSpec spec = Valid();
    (spec.*c.tensor).dtype = ACL_INT32;
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, c.name)) << c.name;
  }
}

TEST(NllValidation, DocTableTargetDtypeNotSupported) {
  for (aclDataType type : {ACL_INT16, ACL_INT8, ACL_UINT32, ACL_FLOAT, ACL_BOOL, ACL_UINT64}) {
    NllSpec spec = Valid();
    spec.target.dtype = type;
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "target", "INT64, UINT8, INT32"))
        << DtypeText(type);
  }
}

TEST(NllValidation, StricterOutDtypeLimitedToTheThreeFloatTypes) {
  // CANN accepts any out type FLOAT can be cast to; we compute FLOAT, FLOAT16 and BFLOAT16 only.
  for (aclDataType type : {ACL_DOUBLE, ACL_COMPLEX64}) {
    NllSpec spec = Valid();
    spec.out.dtype = type;
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "out", "FLOAT, FLOAT16, BFLOAT16"))
        << DtypeText(type);
  }
}

TEST(NllValidation, DtypeChecksRunInCannOrder) {
  struct Case {
    const char* what;
    void (*make)(NllSpec*);
    const char* reported;
  };
  const Case cases[] = {
      {"weight and gradOutput", [](NllSpec* s) { s->weight.dtype = s->grad.dtype = ACL_FLOAT16; }, "weight"},
      {"gradOutput and totalWeight", [](NllSpec* s) { s->grad.dtype = s->total_weight.dtype = ACL_BF16; },
       "gradOutput"},
      {"totalWeight and out", [](NllSpec* s) { s->total_weight.dtype = ACL_FLOAT16; s->out.dtype = ACL_INT32; },
       "totalWeight"},
      {"out (not castable) and self",
       [](NllSpec* s) {
         s->self.dtype = s->grad.dtype = s->weight.dtype = s->total_weight.dtype = ACL_DOUBLE;
         s->out.dtype = ACL_INT32;
       },
       "out"},
      {"self and target",
       [](NllSpec* s) {
         s->self.dtype = s->grad.dtype = s->weight.dtype = s->total_weight.dtype = s->out.dtype = ACL_DOUBLE;
         s->target.dtype = ACL_FLOAT;
       },
       "self"},
      {"target and out (DOUBLE)", [](NllSpec* s) { s->target.dtype = ACL_INT16; s->out.dtype = ACL_DOUBLE; },
       "target"},
  };
  for (const Case& c : cases) {
    NllSpec spec = Valid();
    c.make(&spec);
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, c.reported)) << c.what;
  }
}

// ---- 4. Document row 161002 "reduction not in 0..2" (step 5) ----

TEST(NllValidation, DocTableReductionOutOfRange) {
  for (int64_t reduction : {int64_t{-1}, int64_t{3}, int64_t{100}, std::numeric_limits<int64_t>::min()}) {
    NllSpec spec = Valid();
    spec.reduction = reduction;
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "reduction", std::to_string(reduction)))
        << reduction;
  }
}

TEST(NllValidation, DtypeBeforeReductionBeforeShape) {
  NllSpec spec = Valid();
  spec.reduction = 3;
  spec.grad.dtype = ACL_FLOAT16;
  EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "gradOutput"));
  NllSpec shape_too = Valid();
  shape_too.reduction = 3;
  shape_too.self.dims = {3, 4, 1};
  shape_too.out.dims = {3, 4, 1};
  EXPECT_TRUE(Rejected(NllCall(shape_too), ACLNN_ERR_PARAM_INVALID, "reduction"));
}

// ---- 5. Document row 161002 "shape incorrect" (step 6a-g, in order) ----

TEST(NllValidation, DocTableSelfNot1DOr2D) {
  NllSpec three_d = Valid();
  three_d.self.dims = three_d.out.dims = {3, 4, 2};
  EXPECT_TRUE(Rejected(NllCall(three_d), ACLNN_ERR_PARAM_INVALID, "self", "[3, 4, 2]"));
  NllSpec zero_d = Valid();
  zero_d.self.dims = zero_d.out.dims = {};
  zero_d.target.dims = {};
  EXPECT_TRUE(Rejected(NllCall(zero_d), ACLNN_ERR_PARAM_INVALID, "self"));
}

TEST(NllValidation, TargetRankAboveOne) {
  NllSpec spec = Valid();
  spec.target.dims = {3, 1};
  EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "target", "[3, 1]"));
}

TEST(NllValidation, TargetSizeDiffersFromN) {
  for (int64_t n : {2, 4, 0}) {
    NllSpec spec = Valid();
    spec.target.dims = {n};
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "target")) << n;
  }
}

TEST(NllValidation, StricterSelfCNeedsTarget0D) {
  // CANN's check lets a 1-D self (C) pass with target (C); the document pairs (C) with () only.
  for (std::vector<int64_t> target_dims : {std::vector<int64_t>{4}, std::vector<int64_t>{1}}) {
    NllSpec spec = MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 1, 4, true, 0);
    spec.target.dims = target_dims;
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "target", "shape []"));
  }
}

TEST(NllValidation, StricterSelfNCNeedsTargetN) {
  // self (N, C) with a 0-d target: CANN compares N with an unset dimension; we always reject it.
  for (int64_t rows : {1, 3}) {
    NllSpec spec = MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, rows, 4, false, 1);
    spec.target.dims = {};
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "target")) << rows;
  }
}

TEST(NllValidation, DocTableWeightNotOnePerClass) {
  for (std::vector<int64_t> dims : {std::vector<int64_t>{3}, std::vector<int64_t>{5}, std::vector<int64_t>{1, 4},
                                    std::vector<int64_t>{}}) {
    NllSpec spec = Valid();
    spec.weight.dims = dims;
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "weight")) << dims.size();
  }
}

TEST(NllValidation, DocTableTotalWeightNotOneElement) {
  for (std::vector<int64_t> dims : {std::vector<int64_t>{2}, std::vector<int64_t>{0}, std::vector<int64_t>{1, 2}}) {
    for (int64_t reduction : {0, 1}) {
      NllSpec spec = Valid(reduction);
      spec.total_weight.dims = dims;
      EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "totalWeight")) << reduction;
    }
  }
}

TEST(NllValidation, TotalWeightOfAnyRankWithOneElementIsAccepted) {
  for (std::vector<int64_t> dims : {std::vector<int64_t>{}, std::vector<int64_t>{1}, std::vector<int64_t>{1, 1}}) {
    NllSpec spec = Valid(1);
    spec.total_weight.dims = dims;
    NllCall call(spec);
    EXPECT_TRUE(Accepted(Phase1Args(call))) << dims.size();
  }
}

TEST(NllValidation, DocTableGradOutputShapeForNone2D) {
  // reduction none with self (N, C): gradOutput must be (N).
  for (std::vector<int64_t> dims : {std::vector<int64_t>{4}, std::vector<int64_t>{}, std::vector<int64_t>{1},
                                    std::vector<int64_t>{3, 1}}) {
    NllSpec spec = Valid(0);
    spec.grad.dims = dims;
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "gradOutput")) << dims.size();
  }
}

TEST(NllValidation, DocTableGradOutputShapeForReducedOr1D) {
  // mean / sum, or a 1-D self: gradOutput must be one element of rank <= 1.
  for (int64_t reduction : {1, 2}) {
    for (std::vector<int64_t> dims : {std::vector<int64_t>{3}, std::vector<int64_t>{1, 1}, std::vector<int64_t>{0}}) {
      NllSpec spec = Valid(reduction);
      spec.grad.dims = dims;
      EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "gradOutput")) << reduction;
    }
  }
  NllSpec one_d = MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 1, 4, true, 0);
  one_d.grad.dims = {2};
  EXPECT_TRUE(Rejected(NllCall(one_d), ACLNN_ERR_PARAM_INVALID, "gradOutput"));
}

TEST(NllValidation, DocTableOutShapeDiffersFromSelf) {
  for (std::vector<int64_t> dims : {std::vector<int64_t>{3, 5}, std::vector<int64_t>{4, 3}, std::vector<int64_t>{12},
                                    std::vector<int64_t>{3, 4, 1}}) {
    NllSpec spec = Valid();
    spec.out.dims = dims;
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, "out", "[3, 4]")) << dims.size();
  }
}

TEST(NllValidation, ShapeChecksRunInCannOrder) {
  struct Case {
    const char* what;
    void (*make)(NllSpec*);
    const char* reported;
  };
  const Case cases[] = {
      {"self 3-D and target 2-D",
       [](NllSpec* s) { s->self.dims = s->out.dims = {3, 4, 2}; s->target.dims = {3, 1}; }, "self"},
      {"target 2-D and weight", [](NllSpec* s) { s->target.dims = {3, 1}; s->weight.dims = {5}; }, "target"},
      {"target size and weight", [](NllSpec* s) { s->target.dims = {2}; s->weight.dims = {5}; }, "target"},
      {"weight and totalWeight", [](NllSpec* s) { s->weight.dims = {5}; s->total_weight.dims = {2}; }, "weight"},
      {"totalWeight and gradOutput", [](NllSpec* s) { s->total_weight.dims = {2}; s->grad.dims = {4}; },
       "totalWeight"},
      {"gradOutput and out", [](NllSpec* s) { s->grad.dims = {4}; s->out.dims = {3, 5}; }, "gradOutput"},
  };
  for (const Case& c : cases) {
    NllSpec spec = Valid();
    c.make(&spec);
    EXPECT_TRUE(Rejected(NllCall(spec), ACLNN_ERR_PARAM_INVALID, c.reported)) << c.what;
  }
}

// ---- 6. Our stricter layout rules (DECISIONS 10): checked after every CANN check ----

// Every tensor phase 2 reads or writes; self is not among them (see SelfDataIsNeverRead).
const char* const kAccessedTensors[] = {"gradOutput", "target", "weight", "totalWeight", "out"};

TEST(NllValidation, StricterNegativeStrideOfAReadTensorOrOut) {
  NllCall call(Valid(1));  // mean: totalWeight is read too.
  for (const char* name : kAccessedTensors) {
    const TensorSpec& spec = SpecOf(call.spec(), name);
    // A view that walks backwards from its last stored element: in bounds, but with negative strides.
    std::vector<int64_t> strides = ContiguousStrides(spec.dims);
    for (int64_t& stride : strides) stride = -stride;
    RawTensor raw(spec.dims, spec.dtype, strides, Numel(spec.dims) - 1);
    Phase1Args args(call);
    Replace(&args, name, raw.get());
    EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_INVALID, name, "strides >= 0")) << name;
    EXPECT_TRUE(raw.Untouched()) << name;
  }
}

TEST(NllValidation, StricterNegativeOffsetOfAReadTensorOrOut) {
  NllCall call(Valid(1));
  for (const char* name : kAccessedTensors) {
    const TensorSpec& spec = SpecOf(call.spec(), name);
    RawTensor raw(spec.dims, spec.dtype, ContiguousStrides(spec.dims), -1);
    Phase1Args args(call);
    Replace(&args, name, raw.get());
    EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_INVALID, name, "offset -1")) << name;
    EXPECT_TRUE(raw.Untouched()) << name;
  }
}

TEST(NllValidation, StricterNullDataOfAReadTensorOrOutIs161001) {
  NllCall call(Valid(1));
  for (const char* name : kAccessedTensors) {
    const TensorSpec& spec = SpecOf(call.spec(), name);
    RawTensor raw(spec.dims, spec.dtype, ContiguousStrides(spec.dims), 0, /*with_data=*/false);
    Phase1Args args(call);
    Replace(&args, name, raw.get());
    EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_NULLPTR, name, "NULL data")) << name;
  }
}

TEST(NllValidation, TotalWeightIsOnlyCheckedWhereItIsRead) {
  // none and sum never read totalWeight, so its layout does not matter there.
  for (int64_t reduction : {0, 2}) {
    NllCall call(Valid(reduction));
    RawTensor null_data({1}, ACL_FLOAT, {1}, 0, /*with_data=*/false);
    Phase1Args args(call);
    args.total_weight = null_data.get();
    EXPECT_TRUE(Accepted(args)) << reduction;
  }
}

TEST(NllValidation, SelfDataIsNeverRead) {
  // Only self's shape and data type matter (CANN-FACTS 2.3): a NULL data address is fine.
  NllCall call(Valid(0));
  RawTensor null_self({3, 4}, ACL_FLOAT, {4, 1}, 0, /*with_data=*/false);
  Phase1Args args(call);
  args.self = null_self.get();
  EXPECT_TRUE(Accepted(args));
}

TEST(NllValidation, StricterOutMustNotOverlapItself) {
  NllCall call(Valid());
  // Zero strides, and strides that interleave rows and columns.
  const std::vector<std::vector<int64_t>> overlapping = {{0, 1}, {4, 0}, {2, 1}, {1, 2}, {0, 0}, {3, 1}};
  for (const std::vector<int64_t>& strides : overlapping) {
    RawTensor raw({3, 4}, ACL_FLOAT, strides, 0);
    Phase1Args args(call);
    args.out = raw.get();
    EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_INVALID, "out", "overlap")) << strides[0] << "," << strides[1];
    EXPECT_TRUE(raw.Untouched());
  }
}

TEST(NllValidation, StricterExtentBeyondTheAddressSpace) {
  // Strides whose extent overflows 64 bits cannot describe memory.
  NllCall call(Valid());
  RawTensor huge({3, 4}, ACL_FLOAT, {int64_t{1} << 62, 1}, 0);
  Phase1Args args(call);
  args.out = huge.get();
  EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_INVALID, "out", "extent"));
  RawTensor huge_target({3}, ACL_INT64, {int64_t{1} << 61}, 0);
  Phase1Args target_args(call);
  target_args.target = huge_target.get();
  EXPECT_TRUE(Rejected(call, target_args, ACLNN_ERR_PARAM_INVALID, "target", "extent"));
}

TEST(NllValidation, ZeroStrideOnASizeOneDimensionOfOutIsFine) {
  // Only dimensions of size > 1 can make out overlap itself.
  NllCall call(MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 1, 4, false, 0));
  RawTensor out({1, 4}, ACL_FLOAT, {0, 1}, 0);
  Phase1Args args(call);
  args.out = out.get();
  EXPECT_TRUE(Accepted(args));
}

TEST(NllValidation, ShapeErrorsWinOverLayoutErrors) {
  NllCall call(Valid());
  RawTensor null_out({3, 5}, ACL_FLOAT, {5, 1}, 0, /*with_data=*/false);
  Phase1Args args(call);
  args.out = null_out.get();
  EXPECT_TRUE(Rejected(call, args, ACLNN_ERR_PARAM_INVALID, "out", "[3, 4]"));
}

}  // namespace
}  // namespace openaclnn::test
