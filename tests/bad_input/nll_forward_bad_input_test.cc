// Every parameter of aclnnNLLLossGetWorkspaceSize (the forward), systematically: NULL, NULL data, wrong data type,
// wrong rank and shape, huge ranks, bad reduction, negative and overflowing strides and offsets, element counts
// beyond int64, the phase-1 output pointers and CANN's check order (docs/nll_loss.md). Each failing call must
// return the documented code, name the argument in aclGetRecentErrMsg(), hand out no executor and leave every
// tensor's memory unchanged. The accepted rows (formats, which CANN does not check; a one-element totalWeightOut
// of any rank; a 1-D self; empty tensors; what reduction none never touches) must run.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "bad_input_harness.h"

namespace openaclnn::test {
namespace {

constexpr const char* kApi = "aclnnNLLLossGetWorkspaceSize";

struct NllForwardArgs {
  TensorArg self;
  TensorArg target;
  TensorArg weight;
  TensorArg out;
  TensorArg total_weight_out;
  int64_t reduction = 0;
  int64_t ignore_index = -100;
  bool null_workspace_size = false;
  bool null_executor = false;
};

// CANN's argument names, in signature order.
const std::vector<std::string>& TensorNames() {
  static const std::vector<std::string> kNames = {"self", "target", "weight", "out", "totalWeightOut"};
  return kNames;
}

TensorArg& ArgNamed(NllForwardArgs& args, const std::string& name) {
  if (name == "self") return args.self;
  if (name == "target") return args.target;
  if (name == "weight") return args.weight;
  if (name == "out") return args.out;
  return args.total_weight_out;
}

// self (4, 5), one ignored row. out is (4) for none; for mean 0-D and for sum (1), so both one-element shapes
// are covered.
NllForwardArgs ValidArgs(int64_t reduction) {
  NllForwardArgs args;
  args.reduction = reduction;
  args.self = {true, {4, 5}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, std::vector<double>(20, -0.5)};
  args.target = {true, {4}, ACL_INT64, {}, 0, ACL_FORMAT_ND, false, {0, 4, 2, -100}};
  args.weight = {true, {5}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 2, 3, 4, 5}};
  const std::vector<int64_t> out_dims = reduction == 0 ? std::vector<int64_t>{4}
                                        : reduction == 1 ? std::vector<int64_t>{}
                                                         : std::vector<int64_t>{1};
  args.out = {true, out_dims, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}};
  args.total_weight_out = {true, {1}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}};
  return args;
}

struct NllForwardCase {
  std::string name;
  NllForwardArgs args;
  int expected_code;               // 0: the call must succeed and run.
  std::vector<std::string> named;  // Any of these may be the argument the message names.
};

using Mutation = std::function<void(NllForwardArgs&)>;

void Add(std::vector<NllForwardCase>* cases, const std::string& name, int64_t reduction, const Mutation& mutate,
         int code, std::vector<std::string> named) {
  NllForwardArgs args = ValidArgs(reduction);
  mutate(args);
  cases->push_back({name + " (reduction " + std::to_string(reduction) + ")", args, code, std::move(named)});
}

// The rows every tensor argument gets: NULL, its memory and layout, its data type, its rank. Memory and layout
// are only checked for tensors the call touches: totalWeightOut is not written for reduction none, so there
// those rows must be accepted and run.
void AddPerTensorCases(std::vector<NllForwardCase>* cases, int64_t reduction) {
  for (const std::string& name : TensorNames()) {
    auto on = [name](std::function<void(TensorArg&)> change) {
      return [name, change](NllForwardArgs& args) { change(ArgNamed(args, name)); };
    };
    const bool touched = name != "totalWeightOut" || reduction != 0;
    Add(cases, name + ": NULL", reduction, on([](TensorArg& t) { t.present = false; }), kNull, {name});
    NllForwardArgs base = ValidArgs(reduction);
    for (const LayoutMutation& row : LayoutMutations(ArgNamed(base, name))) {
      const int code = !touched ? 0 : row.null_data ? kNull : kInvalid;
      Add(cases, name + ": " + row.label, reduction, on(row.change), code, {name});
    }
    for (aclDataType dtype : AllDataTypes()) {
      std::vector<std::string> named = {name};
      bool valid_type = dtype == ACL_FLOAT;
      if (name == "self") {
        named = {"weight"};  // CANN's first data-type check compares weight with self.
      } else if (name == "target") {
        valid_type = dtype == ACL_INT64 || dtype == ACL_INT32 || dtype == ACL_UINT8;
      } else if (name == "out" || name == "totalWeightOut") {
        valid_type = IsLossFloat(dtype);  // Checked even where totalWeightOut is not written.
      }
      if (!valid_type) {
        Add(cases, name + ": dtype " + DtypeName(dtype), reduction, on([dtype](TensorArg& t) { t.dtype = dtype; }),
            kInvalid, named);
      }
    }
    for (size_t rank : {size_t{9}, size_t{32}}) {
      // A one-element totalWeightOut of any rank is accepted (CANN checks only its element count).
      Add(cases, name + ": rank " + std::to_string(rank) + " of ones", reduction,
          on([rank](TensorArg& t) {
            t.dims = std::vector<int64_t>(rank, 1);
            t.values.resize(t.values.empty() ? 0 : 1);
          }),
          name == "totalWeightOut" ? 0 : kInvalid, {name});
    }
  }
}

void AddShapeCases(std::vector<NllForwardCase>* cases) {
  struct ShapeRow {
    int64_t reduction;
    std::string arg;
    std::vector<int64_t> dims;
  };
  const std::vector<ShapeRow> rows = {
      {0, "self", {}},           {0, "self", {4, 5, 1}},    {1, "self", {1, 4, 5}},      {0, "target", {4, 1}},
      {0, "target", {3}},        {0, "target", {}},         {2, "target", {5}},          {0, "weight", {4}},
      {0, "weight", {5, 1}},     {1, "weight", {}},         {0, "weight", {6}},          {0, "out", {5}},
      {0, "out", {4, 1}},        {0, "out", {}},            {0, "out", {1}},             {1, "out", {2}},
      {1, "out", {1, 1}},        {1, "out", {4}},           {2, "out", {0}},             {2, "out", {1, 1}},
      {0, "totalWeightOut", {2}}, {1, "totalWeightOut", {0}}, {2, "totalWeightOut", {1, 2}},
  };
  for (const ShapeRow& row : rows) {
    // totalWeightOut's shape is checked even for reduction none, where it is not written.
    Add(cases, row.arg + ": shape " + DimsName(row.dims), row.reduction,
        [row](NllForwardArgs& a) { ArgNamed(a, row.arg).dims = row.dims; }, kInvalid, {row.arg});
  }
  // A 1-D self is one row: its target is 0-D and out has one element for every reduction.
  for (int64_t reduction : {0, 1, 2}) {
    Add(cases, "1-D self with a 0-D target accepted", reduction,
        [](NllForwardArgs& a) {
          a.self.dims = {5};
          a.self.values.resize(5);
          a.target = {true, {}, ACL_INT32, {}, 0, ACL_FORMAT_ND, false, {3}};
          a.out.dims = {1};
        },
        0, {});
  }
  Add(cases, "1-D self with a 1-D target", 1,
      [](NllForwardArgs& a) {
        a.self.dims = {5};
        a.target.dims = {1};
      },
      kInvalid, {"target"});
  Add(cases, "1-D self with an out of 5", 0,
      [](NllForwardArgs& a) {
        a.self.dims = {5};
        a.target.dims = {};
        a.out.dims = {5};
      },
      kInvalid, {"out"});
  // No classes but targets: every target is out of bounds, which CANN reports in phase 1.
  Add(cases, "C = 0 with targets", 0,
      [](NllForwardArgs& a) {
        a.self.dims = {4, 0};
        a.weight.dims = {0};
        a.self.values.clear();
        a.weight.values.clear();
      },
      kInvalid, {"target"});
}

// Overlapping outputs and element counts or extents beyond int64: refused, never wrapped.
void AddOverflowCases(std::vector<NllForwardCase>* cases) {
  Add(cases, "out: zero stride", 0, [](NllForwardArgs& a) { a.out.strides = std::vector<int64_t>{0}; }, kInvalid,
      {"out"});
  Add(cases, "out: one element with a zero stride accepted", 2,
      [](NllForwardArgs& a) { a.out.strides = std::vector<int64_t>{0}; }, 0, {});
  const int64_t huge = int64_t{1} << 32;
  // With zero strides every extent is one element, so only the element count can overflow.
  for (int64_t reduction : {1, 2}) {
    Add(cases, "self: N x C beyond int64 with zero strides", reduction,
        [huge](NllForwardArgs& a) {
          a.self = {true, {huge, huge}, ACL_FLOAT, std::vector<int64_t>{0, 0}, 0, ACL_FORMAT_ND, false, {-1}};
          a.target = {true, {huge}, ACL_INT64, std::vector<int64_t>{0}, 0, ACL_FORMAT_ND, false, {0}};
          a.weight = {true, {huge}, ACL_FLOAT, std::vector<int64_t>{0}, 0, ACL_FORMAT_ND, false, {1}};
        },
        kInvalid, {"self"});
  }
  Add(cases, "self: dims 3 x 2^62, beyond int64", 2,
      [](NllForwardArgs& a) {
        const int64_t classes = int64_t{1} << 62;
        a.self = {true, {3, classes}, ACL_FLOAT, std::vector<int64_t>{0, 0}, 0, ACL_FORMAT_ND, false, {-1}};
        a.target = {true, {3}, ACL_INT64, std::vector<int64_t>{0}, 0, ACL_FORMAT_ND, false, {0}};
        a.weight = {true, {classes}, ACL_FLOAT, std::vector<int64_t>{0}, 0, ACL_FORMAT_ND, false, {1}};
      },
      kInvalid, {"self"});
  Add(cases, "out: 2^62 rows contiguous, beyond int64 in bytes", 0,
      [](NllForwardArgs& a) {
        const int64_t rows = int64_t{1} << 62;
        a.self = {true, {rows, 1}, ACL_FLOAT, std::vector<int64_t>{0, 1}, 0, ACL_FORMAT_ND, false, {-1}};
        a.target = {true, {rows}, ACL_INT64, std::vector<int64_t>{0}, 0, ACL_FORMAT_ND, false, {0}};
        a.weight = {true, {1}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1}};
        a.out = {true, {rows}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}};
      },
      kInvalid, {"out"});
}

void AddOrderCases(std::vector<NllForwardCase>* cases) {
  // CANN's order: output pointers, NULL tensors in signature order, data types, reduction, shapes, layouts.
  Add(cases, "order: workspaceSize NULL before executor NULL", 0,
      [](NllForwardArgs& a) { a.null_workspace_size = a.null_executor = true; }, kNull, {"workspaceSize"});
  Add(cases, "order: executor NULL before NULL tensors", 0,
      [](NllForwardArgs& a) {
        a.null_executor = true;
        a.self.present = false;
      },
      kNull, {"executor"});
  Add(cases, "order: self NULL before target NULL", 0,
      [](NllForwardArgs& a) { a.self.present = a.target.present = a.total_weight_out.present = false; }, kNull,
      {"self"});
  Add(cases, "order: out NULL before totalWeightOut NULL", 0,
      [](NllForwardArgs& a) { a.out.present = a.total_weight_out.present = false; }, kNull, {"out"});
  Add(cases, "order: totalWeightOut NULL before a bad data type", 0,
      [](NllForwardArgs& a) {
        a.total_weight_out.present = false;
        a.weight.dtype = ACL_INT32;
      },
      kNull, {"totalWeightOut"});
  Add(cases, "order: weight dtype before out dtype", 0,
      [](NllForwardArgs& a) {
        a.weight.dtype = ACL_FLOAT16;
        a.out.dtype = ACL_INT8;
      },
      kInvalid, {"weight"});
  // FLOAT cannot be cast to INT32 (refused with the cast checks) but can be to DOUBLE (refused after target).
  Add(cases, "order: out not castable from self before target dtype", 0,
      [](NllForwardArgs& a) {
        a.out.dtype = ACL_INT32;
        a.target.dtype = ACL_FLOAT;
      },
      kInvalid, {"out"});
  Add(cases, "order: totalWeightOut not castable from self before target dtype", 0,
      [](NllForwardArgs& a) {
        a.total_weight_out.dtype = ACL_INT32;
        a.target.dtype = ACL_FLOAT;
      },
      kInvalid, {"totalWeightOut"});
  Add(cases, "order: target dtype before out's float check", 0,
      [](NllForwardArgs& a) {
        a.target.dtype = ACL_FLOAT;
        a.out.dtype = ACL_DOUBLE;
      },
      kInvalid, {"target"});
  Add(cases, "order: out's float check before totalWeightOut's", 0,
      [](NllForwardArgs& a) {
        a.out.dtype = ACL_DOUBLE;
        a.total_weight_out.dtype = ACL_DOUBLE;
      },
      kInvalid, {"out"});
  Add(cases, "order: data type before reduction", 0,
      [](NllForwardArgs& a) {
        a.target.dtype = ACL_FLOAT;
        a.reduction = 7;
      },
      kInvalid, {"target"});
  Add(cases, "order: reduction before shapes", 0,
      [](NllForwardArgs& a) {
        a.reduction = 7;
        a.weight.dims = {3};
      },
      kInvalid, {"reduction"});
  Add(cases, "order: self shape before weight shape", 0,
      [](NllForwardArgs& a) {
        a.self.dims = {4, 5, 1};
        a.weight.dims = {3};
      },
      kInvalid, {"self"});
  Add(cases, "order: weight shape before out shape", 0,
      [](NllForwardArgs& a) {
        a.weight.dims = {3};
        a.out.dims = {7};
      },
      kInvalid, {"weight"});
  Add(cases, "order: shapes before layouts", 0,
      [](NllForwardArgs& a) {
        a.total_weight_out.dims = {2};
        a.self.offset = -1;
      },
      kInvalid, {"totalWeightOut"});
  Add(cases, "order: self layout before out layout", 1,
      [](NllForwardArgs& a) {
        a.self.strides = std::vector<int64_t>{-1, 1};
        a.out.null_data = true;
      },
      kInvalid, {"self"});
}

void AddAcceptedCases(std::vector<NllForwardCase>* cases) {
  // CANN does not check formats for this operator.
  for (const std::string& name : TensorNames()) {
    for (aclFormat format : {ACL_FORMAT_NCHW, ACL_FORMAT_NC1HWC0, ACL_FORMAT_UNDEFINED, static_cast<aclFormat>(63)}) {
      Add(cases, name + ": format " + std::to_string(static_cast<int>(format)) + " accepted", 1,
          [name, format](NllForwardArgs& a) { ArgNamed(a, name).format = format; }, 0, {});
    }
  }
  // ignoreIndex is only compared with the widened targets: any value is valid.
  for (int64_t ignore_index : {kInt64Min, int64_t{-1}, int64_t{0}, int64_t{4}, kInt64Max}) {
    Add(cases, "ignoreIndex " + std::to_string(ignore_index) + " accepted", 1,
        [ignore_index](NllForwardArgs& a) {
          a.ignore_index = ignore_index;
          a.target.values = {0, 4, 2, 1};  // -100 would now be a target out of range.
        },
        0, {});
  }
  // An empty self touches no input: for none nothing at all, for mean and sum only out and totalWeightOut.
  for (int64_t reduction : {0, 1, 2}) {
    Add(cases, "empty N with bad input layouts accepted", reduction,
        [reduction](NllForwardArgs& a) {
          a.self.dims = {0, 5};
          a.target.dims = {0};
          a.self.values.clear();
          a.target.values.clear();
          a.self.null_data = a.target.null_data = true;
          a.weight.offset = -1;
          if (reduction == 0) {
            a.out.dims = {0};
            a.out.null_data = true;
          }
        },
        0, {});
  }
  Add(cases, "empty N still writes out for sum", 2,
      [](NllForwardArgs& a) {
        a.self.dims = {0, 5};
        a.target.dims = {0};
        a.self.values.clear();
        a.target.values.clear();
        a.out.null_data = true;
      },
      kNull, {"out"});
  Add(cases, "empty N and C accepted", 1,
      [](NllForwardArgs& a) {
        a.self.dims = {0, 0};
        a.target.dims = {0};
        a.weight.dims = {0};
        a.self.values.clear();
        a.target.values.clear();
        a.weight.values.clear();
      },
      0, {});
  Add(cases, "empty N with a wrong target shape", 0,
      [](NllForwardArgs& a) {
        a.self.dims = {0, 5};
        a.out.dims = {0};
        a.self.values.clear();
      },
      kInvalid, {"target"});
}

std::vector<NllForwardCase> AllCases() {
  std::vector<NllForwardCase> cases;
  for (int64_t reduction : {0, 1, 2}) {
    AddPerTensorCases(&cases, reduction);
  }
  // self's data type changed together with weight's to a type the operator does not compute: named as out when
  // it cannot even be cast to out's FLOAT, else as self.
  for (aclDataType dtype : AllDataTypes()) {
    if (!IsLossFloat(dtype)) {
      Add(&cases, "self and weight: dtype " + DtypeName(dtype), 1,
          [dtype](NllForwardArgs& a) { a.self.dtype = a.weight.dtype = dtype; }, kInvalid, {"self", "out"});
    }
  }
  AddShapeCases(&cases);
  AddOverflowCases(&cases);
  for (int64_t reduction : {int64_t{-1}, int64_t{3}, int64_t{4}, int64_t{100}, kInt64Min, kInt64Max}) {
    Add(&cases, "reduction " + std::to_string(reduction), 0,
        [reduction](NllForwardArgs& a) { a.reduction = reduction; }, kInvalid, {"reduction"});
  }
  Add(&cases, "workspaceSize: NULL", 0, [](NllForwardArgs& a) { a.null_workspace_size = true; }, kNull,
      {"workspaceSize"});
  Add(&cases, "executor: NULL", 0, [](NllForwardArgs& a) { a.null_executor = true; }, kNull, {"executor"});
  AddOrderCases(&cases);
  AddAcceptedCases(&cases);
  return cases;
}

void PrintTo(const NllForwardCase& c, std::ostream* os) { *os << c.name; }

class NllForwardBadInputTest : public ::testing::TestWithParam<NllForwardCase> {};

TEST_P(NllForwardBadInputTest, FailsAsDocumented) {
  const NllForwardCase& c = GetParam();
  const NllForwardArgs& a = c.args;
  RunPhase1({&a.self, &a.target, &a.weight, &a.out, &a.total_weight_out},
            {a.null_workspace_size, a.null_executor, c.expected_code, c.named}, kApi,
            [&a](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
              return aclnnNLLLossGetWorkspaceSize(t.at(0), t.at(1), t.at(2), a.reduction, a.ignore_index, t.at(3),
                                                  t.at(4), size, executor);
            },
            aclnnNLLLoss);
}

INSTANTIATE_TEST_SUITE_P(AllParameters, NllForwardBadInputTest, ::testing::ValuesIn(AllCases()),
                         [](const ::testing::TestParamInfo<NllForwardCase>& param_info) {
                           return TestNameOf(param_info.param.name) + "_" + std::to_string(param_info.index);
                         });

}  // namespace
}  // namespace openaclnn::test
