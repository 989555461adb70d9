// Every parameter of aclnnBinaryCrossEntropyGetWorkspaceSize (the forward), systematically: NULL, NULL data, wrong
// data type, wrong rank and shape (broadcasting included), ranks above 8, storage formats, bad reduction, negative
// and overflowing strides and offsets, element counts beyond int64, the phase-1 output pointers and CANN's check
// order (docs/binary_cross_entropy.md). Each failing call must return the documented code, name the argument in
// aclGetRecentErrMsg(), hand out no executor and leave every tensor's memory unchanged; the accepted rows must run.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "bad_input_harness.h"

namespace openaclnn::test {
namespace {

constexpr const char* kApi = "aclnnBinaryCrossEntropyGetWorkspaceSize";

struct BceForwardArgs {
  TensorArg self;
  TensorArg target;
  TensorArg weight;
  TensorArg out;
  int64_t reduction = 0;
  bool null_workspace_size = false;
  bool null_executor = false;
};

// CANN's argument names, in signature order.
const std::vector<std::string>& TensorNames() {
  static const std::vector<std::string> kNames = {"self", "target", "weight", "out"};
  return kNames;
}

TensorArg& ArgNamed(BceForwardArgs& args, const std::string& name) {
  if (name == "self") return args.self;
  if (name == "target") return args.target;
  if (name == "weight") return args.weight;
  return args.out;
}

// self (3, 4), target of self's shape, a per-column weight. out has self's shape for none; for mean it is 0-D
// and for sum (1), so both one-element shapes are covered.
BceForwardArgs ValidArgs(int64_t reduction) {
  BceForwardArgs args;
  args.reduction = reduction;
  const std::vector<double> x = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.25, 0.75, 0.5};
  args.self = {true, {3, 4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, x};
  args.target = {true, {3, 4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, std::vector<double>(12, 0.5)};
  args.weight = {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 2, 3, 4}};
  const std::vector<int64_t> out_dims = reduction == 0 ? std::vector<int64_t>{3, 4}
                                        : reduction == 1 ? std::vector<int64_t>{}
                                                         : std::vector<int64_t>{1};
  args.out = {true, out_dims, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}};
  return args;
}

struct BceForwardCase {
  std::string name;
  BceForwardArgs args;
  int expected_code;               // 0: the call must succeed and run.
  std::vector<std::string> named;  // Any of these may be the argument the message names.
};

using Mutation = std::function<void(BceForwardArgs&)>;

void Add(std::vector<BceForwardCase>* cases, const std::string& name, int64_t reduction, const Mutation& mutate,
         int code, std::vector<std::string> named) {
  BceForwardArgs args = ValidArgs(reduction);
  mutate(args);
  cases->push_back({name + " (reduction " + std::to_string(reduction) + ")", args, code, std::move(named)});
}

// The rows every tensor argument gets: NULL, its memory and layout, its data type, its rank. A non-empty self
// touches every tensor, so every layout row is refused.
void AddPerTensorCases(std::vector<BceForwardCase>* cases, int64_t reduction) {
  for (const std::string& name : TensorNames()) {
    auto on = [name](std::function<void(TensorArg&)> change) {
      return [name, change](BceForwardArgs& args) { change(ArgNamed(args, name)); };
    };
    // weight may be NULL: all ones.
    Add(cases, name + ": NULL", reduction, on([](TensorArg& t) { t.present = false; }),
        name == "weight" ? 0 : kNull, {name});
    BceForwardArgs base = ValidArgs(reduction);
    for (const LayoutMutation& row : LayoutMutations(ArgNamed(base, name))) {
      Add(cases, name + ": " + row.label, reduction, on(row.change), row.null_data ? kNull : kInvalid, {name});
    }
    for (aclDataType dtype : AllDataTypes()) {
      if (!IsLossFloat(dtype)) {
        Add(cases, name + ": dtype " + DtypeName(dtype), reduction, on([dtype](TensorArg& t) { t.dtype = dtype; }),
            kInvalid, {name});
      }
    }
    for (size_t rank : {size_t{9}, size_t{32}}) {
      Add(cases, name + ": rank " + std::to_string(rank) + " of ones", reduction,
          on([rank](TensorArg& t) {
            t.dims = std::vector<int64_t>(rank, 1);
            t.values.resize(t.values.empty() ? 0 : 1);
          }),
          kInvalid, {name});
    }
  }
}

void AddShapeCases(std::vector<BceForwardCase>* cases) {
  // target and weight must broadcast to self (right-aligned, never of higher rank); out must equal self for none
  // and have one element of rank <= 1 otherwise.
  struct ShapeRow {
    int64_t reduction;
    std::string arg;
    std::vector<int64_t> dims;
  };
  const std::vector<ShapeRow> rows = {
      {0, "out", {4, 3}},       {0, "out", {3, 4, 1}},    {0, "out", {}},           {0, "out", {12}},
      {1, "out", {2}},          {1, "out", {1, 1}},       {1, "out", {3, 4}},       {2, "out", {0}},
      {0, "target", {2, 4}},    {0, "target", {3, 4, 1}}, {1, "target", {5}},       {0, "target", {3, 1, 4}},
      {2, "target", {3}},       {0, "weight", {3}},       {0, "weight", {2, 3, 4}}, {1, "weight", {1, 1, 1}},
      {2, "weight", {0}},
  };
  for (const ShapeRow& row : rows) {
    Add(cases, row.arg + ": shape " + DimsName(row.dims), row.reduction,
        [row](BceForwardArgs& a) { ArgNamed(a, row.arg).dims = row.dims; }, kInvalid, {row.arg});
  }
  // Changing self's shape makes target (compared first) the mismatching argument.
  Add(cases, "self: shape 2-D 4 3", 2, [](BceForwardArgs& a) { a.self.dims = {4, 3}; }, kInvalid, {"target"});
  Add(cases, "0-D self with a 1-element target", 0,
      [](BceForwardArgs& a) {
        a.self.dims = a.out.dims = {};
        a.self.values.resize(1);
        a.target.dims = {1};
        a.weight.present = false;
      },
      kInvalid, {"target"});
  for (int64_t reduction : {0, 1, 2}) {
    Add(cases, "0-D self accepted", reduction,
        [reduction](BceForwardArgs& a) {
          a.self.dims = a.target.dims = a.weight.dims = {};
          a.self.values.resize(1);
          a.target.values.resize(1);
          a.weight.values.resize(1);
          a.out.dims = reduction == 2 ? std::vector<int64_t>{1} : std::vector<int64_t>{};
        },
        0, {});
  }
  Add(cases, "broadcast target and weight accepted", 1,
      [](BceForwardArgs& a) {
        a.target.dims = {1, 4};
        a.weight.dims = {3, 1};
      },
      0, {});
  Add(cases, "mixed float types accepted", 1,
      [](BceForwardArgs& a) {
        a.self.dtype = ACL_FLOAT16;
        a.target.dtype = ACL_BF16;
        a.out.dtype = ACL_BF16;
      },
      0, {});
}

// Overlapping outputs and element counts or extents beyond int64: refused, never wrapped.
void AddOverflowCases(std::vector<BceForwardCase>* cases) {
  Add(cases, "out: zero stride", 0, [](BceForwardArgs& a) { a.out.strides = std::vector<int64_t>{0, 1}; },
      kInvalid, {"out"});
  Add(cases, "out: overlapping strides", 0, [](BceForwardArgs& a) { a.out.strides = std::vector<int64_t>{1, 1}; },
      kInvalid, {"out"});
  Add(cases, "out: one element with a zero stride accepted", 2,
      [](BceForwardArgs& a) { a.out.strides = std::vector<int64_t>{0}; }, 0, {});
  // With zero strides and a scalar target, every input's extent is one element and out has one element for mean
  // and sum: only self's element count can overflow.
  const std::vector<std::vector<int64_t>> huge_shapes = {
      {int64_t{1} << 32, int64_t{1} << 32}, {3, int64_t{1} << 62}, {int64_t{1} << 31, 2, 2, int64_t{1} << 31}};
  for (const std::vector<int64_t>& dims : huge_shapes) {
    for (int64_t reduction : {1, 2}) {
      Add(cases, "self: " + DimsName(dims) + " beyond int64 with zero strides", reduction,
          [dims](BceForwardArgs& a) {
            a.self = {true, dims, ACL_FLOAT, std::vector<int64_t>(dims.size(), 0), 0, ACL_FORMAT_ND, false, {0.5}};
            a.target = {true, {}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {0.5}};
            a.weight.present = false;
          },
          kInvalid, {"self"});
    }
  }
  Add(cases, "self and out: 2^32 x 2^32 beyond int64", 0,
      [](BceForwardArgs& a) {
        const int64_t side = int64_t{1} << 32;
        a.self = {true, {side, side}, ACL_FLOAT, std::vector<int64_t>{0, 0}, 0, ACL_FORMAT_ND, false, {0.5}};
        a.target = {true, {}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {0.5}};
        a.weight.present = false;
        a.out = {true, {side, side}, ACL_FLOAT, std::vector<int64_t>{side, 1}, 0, ACL_FORMAT_ND, false, {}};
      },
      kInvalid, {"self"});
}

void AddFormatCases(std::vector<BceForwardCase>* cases) {
  // target's and weight's storage formats must equal self's; out's is not compared (as in CANN).
  for (aclFormat format : {ACL_FORMAT_NCHW, ACL_FORMAT_NC1HWC0, ACL_FORMAT_UNDEFINED, static_cast<aclFormat>(63)}) {
    const std::string suffix = "format " + std::to_string(static_cast<int>(format));
    Add(cases, "target: " + suffix, 0, [format](BceForwardArgs& a) { a.target.format = format; }, kInvalid,
        {"target"});
    Add(cases, "weight: " + suffix, 0, [format](BceForwardArgs& a) { a.weight.format = format; }, kInvalid,
        {"weight"});
    Add(cases, "self: " + suffix, 0, [format](BceForwardArgs& a) { a.self.format = format; }, kInvalid,
        {"target"});
    Add(cases, "out: " + suffix + " accepted", 1, [format](BceForwardArgs& a) { a.out.format = format; }, 0, {});
    Add(cases, "self, target, weight: " + suffix + " accepted", 0,
        [format](BceForwardArgs& a) { a.self.format = a.target.format = a.weight.format = format; }, 0, {});
    Add(cases, "self and target: " + suffix + " without a weight accepted", 2,
        [format](BceForwardArgs& a) {
          a.self.format = a.target.format = format;
          a.weight.present = false;
        },
        0, {});
  }
}

void AddOrderCases(std::vector<BceForwardCase>* cases) {
  // CANN's order: output pointers, NULL tensors, ranks, data types, formats, broadcasts, reduction, out's shape,
  // layouts.
  Add(cases, "order: workspaceSize NULL before executor NULL", 0,
      [](BceForwardArgs& a) { a.null_workspace_size = a.null_executor = true; }, kNull, {"workspaceSize"});
  Add(cases, "order: executor NULL before NULL tensors", 0,
      [](BceForwardArgs& a) {
        a.null_executor = true;
        a.self.present = false;
      },
      kNull, {"executor"});
  Add(cases, "order: self NULL before target NULL", 0,
      [](BceForwardArgs& a) { a.self.present = a.target.present = false; }, kNull, {"self"});
  Add(cases, "order: target NULL before out NULL", 0,
      [](BceForwardArgs& a) { a.target.present = a.out.present = false; }, kNull, {"target"});
  Add(cases, "order: out NULL before ranks", 0,
      [](BceForwardArgs& a) {
        a.out.present = false;
        a.self.dims = std::vector<int64_t>(9, 1);
      },
      kNull, {"out"});
  Add(cases, "order: self rank before target rank", 0,
      [](BceForwardArgs& a) { a.self.dims = a.target.dims = std::vector<int64_t>(9, 1); }, kInvalid, {"self"});
  Add(cases, "order: weight rank before out rank", 0,
      [](BceForwardArgs& a) {
        a.weight.dims = std::vector<int64_t>(9, 1);
        a.out.dims = std::vector<int64_t>(10, 1);
      },
      kInvalid, {"weight"});
  Add(cases, "order: rank before data type", 0,
      [](BceForwardArgs& a) {
        a.target.dims = std::vector<int64_t>(9, 1);
        a.self.dtype = ACL_INT32;
      },
      kInvalid, {"target"});
  Add(cases, "order: self dtype before target dtype", 0,
      [](BceForwardArgs& a) {
        a.self.dtype = ACL_INT32;
        a.target.dtype = ACL_INT32;
      },
      kInvalid, {"self"});
  Add(cases, "order: out dtype before weight dtype", 0,
      [](BceForwardArgs& a) {
        a.out.dtype = ACL_DOUBLE;
        a.weight.dtype = ACL_INT32;
      },
      kInvalid, {"out"});
  Add(cases, "order: data type before format", 0,
      [](BceForwardArgs& a) {
        a.weight.dtype = ACL_DOUBLE;
        a.target.format = ACL_FORMAT_NCHW;
      },
      kInvalid, {"weight"});
  Add(cases, "order: target format before weight format", 0,
      [](BceForwardArgs& a) {
        a.target.format = ACL_FORMAT_NCHW;
        a.weight.format = ACL_FORMAT_NC1HWC0;
      },
      kInvalid, {"target"});
  Add(cases, "order: format before shape", 0,
      [](BceForwardArgs& a) {
        a.weight.format = ACL_FORMAT_NCHW;
        a.target.dims = {5};
      },
      kInvalid, {"weight"});
  Add(cases, "order: target shape before weight shape", 0,
      [](BceForwardArgs& a) {
        a.target.dims = {5};
        a.weight.dims = {7};
      },
      kInvalid, {"target"});
  Add(cases, "order: shape before reduction", 0,
      [](BceForwardArgs& a) {
        a.weight.dims = {7};
        a.reduction = -1;
      },
      kInvalid, {"weight"});
  Add(cases, "order: reduction before out shape", 0,
      [](BceForwardArgs& a) {
        a.reduction = 3;
        a.out.dims = {7};
      },
      kInvalid, {"reduction"});
  Add(cases, "order: out shape before layouts", 0,
      [](BceForwardArgs& a) {
        a.out.dims = {7};
        a.self.offset = -1;
      },
      kInvalid, {"out"});
  Add(cases, "order: self layout before target layout", 0,
      [](BceForwardArgs& a) {
        a.self.offset = -1;
        a.target.strides = std::vector<int64_t>{-1, 1};
      },
      kInvalid, {"self"});
  Add(cases, "order: weight layout before out layout", 0,
      [](BceForwardArgs& a) {
        a.weight.null_data = true;
        a.out.offset = -1;
      },
      kNull, {"weight"});
}

void AddEmptyCases(std::vector<BceForwardCase>* cases) {
  // An empty self touches no input: for none nothing at all, for mean and sum only out.
  for (int64_t reduction : {0, 1, 2}) {
    Add(cases, "empty self with bad input layouts accepted", reduction,
        [reduction](BceForwardArgs& a) {
          a.self.dims = a.target.dims = {0, 4};
          a.self.values.clear();
          a.target.values.clear();
          a.self.null_data = a.target.null_data = true;
          a.weight.offset = -1;
          if (reduction == 0) {
            a.out.dims = {0, 4};
            a.out.null_data = true;
          }
        },
        0, {});
  }
  Add(cases, "empty self still writes out for mean", 1,
      [](BceForwardArgs& a) {
        a.self.dims = a.target.dims = {0, 4};
        a.self.values.clear();
        a.target.values.clear();
        a.out.offset = -1;
      },
      kInvalid, {"out"});
  Add(cases, "empty self with a wrong out shape", 0,
      [](BceForwardArgs& a) {
        a.self.dims = a.target.dims = {0, 4};
        a.self.values.clear();
        a.target.values.clear();
      },
      kInvalid, {"out"});
}

std::vector<BceForwardCase> AllCases() {
  std::vector<BceForwardCase> cases;
  for (int64_t reduction : {0, 1, 2}) {
    AddPerTensorCases(&cases, reduction);
  }
  AddShapeCases(&cases);
  AddOverflowCases(&cases);
  AddFormatCases(&cases);
  for (int64_t reduction : {int64_t{-1}, int64_t{3}, int64_t{4}, int64_t{100}, kInt64Min, kInt64Max}) {
    Add(&cases, "reduction " + std::to_string(reduction), 0,
        [reduction](BceForwardArgs& a) { a.reduction = reduction; }, kInvalid, {"reduction"});
  }
  Add(&cases, "workspaceSize: NULL", 0, [](BceForwardArgs& a) { a.null_workspace_size = true; }, kNull,
      {"workspaceSize"});
  Add(&cases, "executor: NULL", 0, [](BceForwardArgs& a) { a.null_executor = true; }, kNull, {"executor"});
  AddOrderCases(&cases);
  AddEmptyCases(&cases);
  return cases;
}

void PrintTo(const BceForwardCase& c, std::ostream* os) { *os << c.name; }

class BceForwardBadInputTest : public ::testing::TestWithParam<BceForwardCase> {};

TEST_P(BceForwardBadInputTest, FailsAsDocumented) {
  const BceForwardCase& c = GetParam();
  const BceForwardArgs& a = c.args;
  Arena arena;
  TensorSet tensors(arena, {&a.self, &a.target, &a.weight, &a.out});
  const std::vector<uint8_t> before = arena.Snapshot();
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  const int code = aclnnBinaryCrossEntropyGetWorkspaceSize(
      tensors.at(0), tensors.at(1), tensors.at(2), a.reduction, tensors.at(3),
      a.null_workspace_size ? nullptr : &workspace_size, a.null_executor ? nullptr : &executor);
  ExpectPhase1Outcome(
      code, executor, c.expected_code, kApi, c.named,
      [workspace_size](aclOpExecutor* launched, aclrtStream stream) {
        return aclnnBinaryCrossEntropy(nullptr, workspace_size, launched, stream);
      },
      arena, before);
}

INSTANTIATE_TEST_SUITE_P(AllParameters, BceForwardBadInputTest, ::testing::ValuesIn(AllCases()),
                         [](const ::testing::TestParamInfo<BceForwardCase>& param_info) {
                           return TestNameOf(param_info.param.name) + "_" + std::to_string(param_info.index);
                         });

}  // namespace
}  // namespace openaclnn::test
