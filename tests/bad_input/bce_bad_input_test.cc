// Every parameter of aclnnBinaryCrossEntropyBackwardGetWorkspaceSize, systematically: NULL, NULL data, wrong data
// type, wrong rank and shape (broadcasting included), ranks above 8, storage formats, bad reduction, negative
// and overflowing strides and offsets, extents beyond int64, the phase-1 output pointers and CANN's check order.
// Each failing call must return the documented code, name the argument in aclGetRecentErrMsg(), hand out no
// executor and leave every tensor's memory unchanged; the accepted rows must run.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "bad_input_harness.h"

namespace openaclnn::test {
namespace {

constexpr const char* kApi = "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize";

struct BceArgs {
  TensorArg grad_output;
  TensorArg self;
  TensorArg target;
  TensorArg weight;
  TensorArg out;
  int64_t reduction = 0;
  bool null_workspace_size = false;
  bool null_executor = false;
};

const std::vector<std::string>& TensorNames() {
  static const std::vector<std::string> kNames = {"gradOutput", "self", "target", "weightOptional", "out"};
  return kNames;
}

TensorArg& ArgNamed(BceArgs& args, const std::string& name) {
  if (name == "gradOutput") return args.grad_output;
  if (name == "self") return args.self;
  if (name == "target") return args.target;
  if (name == "weightOptional") return args.weight;
  return args.out;
}

// self (3, 4); gradOutput and target of self's shape, a per-column weight.
BceArgs ValidArgs(int64_t reduction) {
  BceArgs args;
  args.reduction = reduction;
  const std::vector<double> x = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.25, 0.75, 0.5};
  args.self = {true, {3, 4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, x};
  args.target = {true, {3, 4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, std::vector<double>(12, 0.5)};
  args.grad_output = {true, {3, 4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, std::vector<double>(12, 1.0)};
  args.weight = {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 2, 3, 4}};
  args.out = {true, {3, 4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}};
  return args;
}

struct BceCase {
  std::string name;
  BceArgs args;
  int expected_code;
  std::vector<std::string> named;
};

using Mutation = std::function<void(BceArgs&)>;

void Add(std::vector<BceCase>* cases, const std::string& name, int64_t reduction, const Mutation& mutate, int code,
         std::vector<std::string> named) {
  BceArgs args = ValidArgs(reduction);
  mutate(args);
  cases->push_back({name + " (reduction " + std::to_string(reduction) + ")", args, code, std::move(named)});
}

void AddPerTensorCases(std::vector<BceCase>* cases, int64_t reduction) {
  for (const std::string& name : TensorNames()) {
    auto on = [name](std::function<void(TensorArg&)> change) {
      return [name, change](BceArgs& args) { change(ArgNamed(args, name)); };
    };
    // weightOptional may be NULL: all ones.
    Add(cases, name + ": NULL", reduction, on([](TensorArg& t) { t.present = false; }),
        name == "weightOptional" ? 0 : kNull, {name});
    Add(cases, name + ": NULL data", reduction, on([](TensorArg& t) { t.null_data = true; }), kNull, {name});
    Add(cases, name + ": offset -1", reduction, on([](TensorArg& t) { t.offset = -1; }), kInvalid, {name});
    Add(cases, name + ": offset INT64_MIN", reduction, on([](TensorArg& t) { t.offset = kInt64Min; }), kInvalid,
        {name});
    Add(cases, name + ": offset INT64_MAX", reduction, on([](TensorArg& t) { t.offset = kInt64Max; }), kInvalid,
        {name});
    Add(cases, name + ": offset plus extent overflows int64", reduction,
        on([](TensorArg& t) { t.offset = kInt64Max - 2; }), kInvalid, {name});
    BceArgs base = ValidArgs(reduction);
    const size_t rank = ArgNamed(base, name).dims.size();
    auto strides_with = [rank](int64_t first, int64_t last) {
      std::vector<int64_t> strides(rank, 1);
      strides[0] = first;
      strides[rank - 1] = last;
      return strides;
    };
    Add(cases, name + ": stride -1", reduction, on([s = strides_with(-1, -1)](TensorArg& t) { t.strides = s; }),
        kInvalid, {name});
    Add(cases, name + ": (dim - 1) * stride overflows int64", reduction,
        on([s = strides_with(1, int64_t{1} << 62)](TensorArg& t) { t.strides = s; }), kInvalid, {name});
    Add(cases, name + ": extent in bytes overflows int64", reduction,
        on([s = strides_with(1, int64_t{1} << 61)](TensorArg& t) { t.strides = s; }), kInvalid, {name});
    if (rank == 2) {
      Add(cases, name + ": sum of the dimensions' extents overflows int64", reduction,
          on([](TensorArg& t) { t.strides = std::vector<int64_t>{int64_t{1} << 62, int64_t{1} << 61}; }), kInvalid,
          {name});
    }
    for (aclDataType dtype : AllDataTypes()) {
      if (!IsLossFloat(dtype)) {
        Add(cases, name + ": dtype " + DtypeName(dtype), reduction, on([dtype](TensorArg& t) { t.dtype = dtype; }),
            kInvalid, {name});
      }
    }
    for (size_t huge_rank : {size_t{9}, size_t{32}}) {
      Add(cases, name + ": rank " + std::to_string(huge_rank) + " of ones", reduction,
          on([huge_rank](TensorArg& t) { t.dims = std::vector<int64_t>(huge_rank, 1); }), kInvalid, {name});
    }
  }
}

std::vector<BceCase> AllCases() {
  std::vector<BceCase> cases;
  for (int64_t reduction : {0, 1, 2}) {
    AddPerTensorCases(&cases, reduction);
  }
  // Shapes: out must equal self; the others must broadcast to self (right-aligned, never of higher rank).
  struct ShapeRow {
    std::string arg;
    std::vector<int64_t> dims;
  };
  const std::vector<ShapeRow> shape_rows = {
      {"out", {4, 3}},       {"out", {3, 4, 1}},     {"out", {}},       {"out", {12}},
      {"target", {2, 4}},    {"target", {3, 4, 1}},  {"target", {5}},   {"target", {3, 1, 4}},
      {"target", {3}},       {"weightOptional", {3}}, {"weightOptional", {2, 3, 4}},
      {"weightOptional", {1, 1, 1}}, {"gradOutput", {4, 3}}, {"gradOutput", {3}}, {"gradOutput", {3, 4, 1}},
      {"self", {4, 3}},
  };
  for (const ShapeRow& row : shape_rows) {
    // Changing self's shape makes out (checked first) the mismatching argument.
    Add(&cases, row.arg + ": shape " + DimsName(row.dims), 0,
        [row](BceArgs& a) { ArgNamed(a, row.arg).dims = row.dims; }, kInvalid,
        {row.arg == "self" ? "out" : row.arg});
  }
  Add(&cases, "0-D self with a 1-element gradOutput", 0,
      [](BceArgs& a) {
        a.self.dims = a.out.dims = a.target.dims = {};
        a.weight.present = false;
        a.grad_output.dims = {1};
      },
      kInvalid, {"gradOutput"});
  // Broadcasts that are accepted.
  Add(&cases, "broadcast gradOutput, target and weight accepted", 1,
      [](BceArgs& a) {
        a.grad_output.dims = {};
        a.target.dims = {1, 4};
        a.weight.dims = {3, 1};
      },
      0, {});
  Add(&cases, "out: zero stride", 0, [](BceArgs& a) { a.out.strides = std::vector<int64_t>{0, 1}; }, kInvalid,
      {"out"});
  Add(&cases, "out: overlapping strides", 0, [](BceArgs& a) { a.out.strides = std::vector<int64_t>{1, 1}; },
      kInvalid, {"out"});
  const int64_t huge = int64_t{1} << 32;
  Add(&cases, "numel beyond int64", 1,
      [huge](BceArgs& a) {
        a.self = {true, {huge, huge}, ACL_FLOAT, std::vector<int64_t>{0, 0}, 0, ACL_FORMAT_ND, false, {0.5}};
        a.grad_output.dims = a.target.dims = {};
        a.weight.dims = {1};
        a.out = {true, {huge, huge}, ACL_FLOAT, std::vector<int64_t>{huge, 1}, 0, ACL_FORMAT_ND, false, {}};
      },
      kInvalid, {"out"});
  // Storage formats: target and weight must match self's; gradOutput and out are not compared (as in CANN).
  for (aclFormat format : {ACL_FORMAT_NCHW, ACL_FORMAT_NC1HWC0, ACL_FORMAT_UNDEFINED, static_cast<aclFormat>(63)}) {
    const std::string suffix = "format " + std::to_string(static_cast<int>(format));
    Add(&cases, "target: " + suffix, 0, [format](BceArgs& a) { a.target.format = format; }, kInvalid, {"target"});
    Add(&cases, "weightOptional: " + suffix, 0, [format](BceArgs& a) { a.weight.format = format; }, kInvalid,
        {"weightOptional"});
    Add(&cases, "self: " + suffix, 0, [format](BceArgs& a) { a.self.format = format; }, kInvalid, {"target"});
    Add(&cases, "gradOutput: " + suffix + " accepted", 0, [format](BceArgs& a) { a.grad_output.format = format; },
        0, {});
    Add(&cases, "out: " + suffix + " accepted", 0, [format](BceArgs& a) { a.out.format = format; }, 0, {});
    Add(&cases, "self, target, weight: " + suffix + " accepted", 0,
        [format](BceArgs& a) { a.self.format = a.target.format = a.weight.format = format; }, 0, {});
  }
  for (int64_t reduction : {int64_t{-1}, int64_t{3}, int64_t{4}, int64_t{100}, kInt64Min, kInt64Max}) {
    Add(&cases, "reduction " + std::to_string(reduction), 0, [reduction](BceArgs& a) { a.reduction = reduction; },
        kInvalid, {"reduction"});
  }
  Add(&cases, "workspaceSize: NULL", 0, [](BceArgs& a) { a.null_workspace_size = true; }, kNull, {"workspaceSize"});
  Add(&cases, "executor: NULL", 0, [](BceArgs& a) { a.null_executor = true; }, kNull, {"executor"});
  // CANN's order: output pointers, NULL tensors, ranks (out first), data types, formats, shapes, reduction,
  // layouts.
  Add(&cases, "order: executor NULL before NULL tensors", 0,
      [](BceArgs& a) {
        a.null_executor = true;
        a.self.present = false;
      },
      kNull, {"executor"});
  Add(&cases, "order: self NULL before target NULL", 0,
      [](BceArgs& a) { a.self.present = a.target.present = false; }, kNull, {"self"});
  Add(&cases, "order: out rank before self rank", 0,
      [](BceArgs& a) {
        a.self.dims = std::vector<int64_t>(9, 1);
        a.out.dims = std::vector<int64_t>(10, 1);
      },
      kInvalid, {"out"});
  Add(&cases, "order: rank before data type", 0,
      [](BceArgs& a) {
        a.grad_output.dims = std::vector<int64_t>(9, 1);
        a.self.dtype = ACL_INT32;
      },
      kInvalid, {"gradOutput"});
  Add(&cases, "order: data type before format", 0,
      [](BceArgs& a) {
        a.out.dtype = ACL_DOUBLE;
        a.target.format = ACL_FORMAT_NCHW;
      },
      kInvalid, {"out"});
  Add(&cases, "order: format before shape", 0,
      [](BceArgs& a) {
        a.weight.format = ACL_FORMAT_NCHW;
        a.target.dims = {5};
      },
      kInvalid, {"weightOptional"});
  Add(&cases, "order: shape before reduction", 0,
      [](BceArgs& a) {
        a.grad_output.dims = {5};
        a.reduction = -1;
      },
      kInvalid, {"gradOutput"});
  Add(&cases, "order: reduction before layouts", 0,
      [](BceArgs& a) {
        a.reduction = 3;
        a.self.offset = -1;
      },
      kInvalid, {"reduction"});
  Add(&cases, "empty self accepted", 1,
      [](BceArgs& a) {
        a.self.dims = a.out.dims = a.grad_output.dims = a.target.dims = {0, 4};
        a.self.values.clear();
        a.grad_output.values.clear();
        a.target.values.clear();
      },
      0, {});
  return cases;
}

void PrintTo(const BceCase& c, std::ostream* os) { *os << c.name; }

class BceBadInputTest : public ::testing::TestWithParam<BceCase> {};

TEST_P(BceBadInputTest, FailsAsDocumented) {
  const BceCase& c = GetParam();
  const BceArgs& a = c.args;
  Arena arena;
  TensorSet tensors(arena, {&a.grad_output, &a.self, &a.target, &a.weight, &a.out});
  const std::vector<uint8_t> before = arena.Snapshot();
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  const int code = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(
      tensors.at(0), tensors.at(1), tensors.at(2), tensors.at(3), a.reduction, tensors.at(4),
      a.null_workspace_size ? nullptr : &workspace_size, a.null_executor ? nullptr : &executor);
  ExpectPhase1Outcome(
      code, executor, c.expected_code, kApi, c.named,
      [workspace_size](aclOpExecutor* launched, aclrtStream stream) {
        return aclnnBinaryCrossEntropyBackward(nullptr, workspace_size, launched, stream);
      },
      arena, before);
}

INSTANTIATE_TEST_SUITE_P(AllParameters, BceBadInputTest, ::testing::ValuesIn(AllCases()),
                         [](const ::testing::TestParamInfo<BceCase>& param_info) {
                           return TestNameOf(param_info.param.name) + "_" + std::to_string(param_info.index);
                         });

}  // namespace
}  // namespace openaclnn::test
