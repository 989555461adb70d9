// Every parameter of aclnnNLLLoss2dGetWorkspaceSize and aclnnNLLLoss2dBackwardGetWorkspaceSize: NULL, NULL data,
// wrong data type, wrong rank and shape, bad reduction, negative and overflowing strides and offsets, the phase-1
// output pointers and CANN's check order (docs/nll_loss2d.md). Each failing call must return the documented code,
// name the argument in aclGetRecentErrMsg(), hand out no executor and leave every tensor's memory unchanged; the
// accepted rows (formats, empty tensors, castable output types of the forward, any ignoreIndex) must run.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "bad_input_harness.h"

namespace openaclnn::test {
namespace {

// The arguments of either operator; `backward` decides which one a case calls.
struct Nll2dArgs {
  bool backward = false;
  TensorArg grad_output;  // Backward only.
  TensorArg self;
  TensorArg target;
  TensorArg weight;
  TensorArg out;
  TensorArg total_weight;  // totalWeightOut (forward) or totalWeight (backward).
  int64_t reduction = 0;
  int64_t ignore_index = -100;
  bool null_workspace_size = false;
  bool null_executor = false;
};

std::vector<std::string> TensorNames(bool backward) {
  if (backward) return {"gradOutput", "self", "target", "weight", "totalWeight", "out"};
  return {"self", "target", "weight", "out", "totalWeightOut"};
}

TensorArg& ArgNamed(Nll2dArgs& a, const std::string& name) {
  if (name == "gradOutput") return a.grad_output;
  if (name == "self") return a.self;
  if (name == "target") return a.target;
  if (name == "weight") return a.weight;
  if (name == "out") return a.out;
  return a.total_weight;
}

// self (2, 3, 2, 2), target (2, 2, 2) with one ignored position; one-element tensors 0-D for mean, (1) otherwise.
Nll2dArgs ValidArgs(bool backward, int64_t reduction) {
  Nll2dArgs a;
  a.backward = backward;
  a.reduction = reduction;
  const std::vector<int64_t> one = reduction == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{1};
  a.self = {true, {2, 3, 2, 2}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, std::vector<double>(24, -0.5)};
  a.target = {true, {2, 2, 2}, ACL_INT64, {}, 0, ACL_FORMAT_ND, false, {0, 2, 1, -100, 2, 2, 0, 1}};
  a.weight = {true, {3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 2, 3}};
  const std::vector<int64_t> per_position = reduction == 0 ? std::vector<int64_t>{2, 2, 2} : one;
  if (backward) {
    a.grad_output = {true, per_position, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false,
                     std::vector<double>(reduction == 0 ? 8 : 1, 1.0)};
    a.out = {true, {2, 3, 2, 2}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}};
    a.total_weight = {true, one, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {4}};
  } else {
    a.out = {true, per_position, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}};
    a.total_weight = {true, one, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}};
  }
  return a;
}

struct Nll2dCase {
  std::string name;
  Nll2dArgs args;
  int expected_code;
  std::vector<std::string> named;
};

using Mutation = std::function<void(Nll2dArgs&)>;

void Add(std::vector<Nll2dCase>* cases, bool backward, const std::string& name, int64_t reduction,
         const Mutation& mutate, int code, std::vector<std::string> named) {
  Nll2dArgs a = ValidArgs(backward, reduction);
  mutate(a);
  cases->push_back({std::string(backward ? "backward " : "forward ") + name + " (reduction " +
                        std::to_string(reduction) + ")",
                    a, code, std::move(named)});
}

// Whether the operator reads or writes `name` for `reduction` (only those tensors' layouts are checked).
bool Touched(bool backward, const std::string& name, int64_t reduction) {
  if (backward) return name != "self" && (name != "totalWeight" || reduction == 1);  // self's data is never read.
  return name != "totalWeightOut" || reduction != 0;
}

bool ValidDtype(bool backward, const std::string& name, aclDataType dtype) {
  if (name == "target") return dtype == ACL_INT64 || dtype == ACL_INT32 || dtype == ACL_UINT8;
  if (!backward && (name == "out" || name == "totalWeightOut")) return IsLossFloat(dtype);  // Castable and computed.
  return dtype == ACL_FLOAT;  // self (weight stays FLOAT, so any other self type fails) and the same-type tensors.
}

void AddPerTensorCases(std::vector<Nll2dCase>* cases, bool backward, int64_t reduction) {
  for (const std::string& name : TensorNames(backward)) {
    auto on = [name](std::function<void(TensorArg&)> change) {
      return [name, change](Nll2dArgs& a) { change(ArgNamed(a, name)); };
    };
    Add(cases, backward, name + ": NULL", reduction, on([](TensorArg& t) { t.present = false; }), kNull, {name});
    Nll2dArgs base = ValidArgs(backward, reduction);
    const bool touched = Touched(backward, name, reduction);
    for (const LayoutMutation& row : LayoutMutations(ArgNamed(base, name))) {
      const int code = !touched ? 0 : row.null_data ? kNull : kInvalid;
      Add(cases, backward, name + ": " + row.label, reduction, on(row.change), code, {name});
    }
    for (aclDataType dtype : AllDataTypes()) {
      if (!ValidDtype(backward, name, dtype)) {
        // The forward compares weight with self first only after self's list: a float self of another type is
        // named as weight.
        std::vector<std::string> named = {name};
        if (name == "self" && IsLossFloat(dtype)) named = backward ? std::vector<std::string>{"gradOutput"}
                                                                   : std::vector<std::string>{"weight"};
        Add(cases, backward, name + ": dtype " + DtypeName(dtype), reduction,
            on([dtype](TensorArg& t) { t.dtype = dtype; }), kInvalid, named);
      }
    }
    for (size_t rank : {size_t{2}, size_t{9}}) {
      // One-element tensors: the forward takes any rank for out (mean, sum) and totalWeightOut; the backward any
      // rank for totalWeight and at most 1 for a reduced gradOutput.
      const bool one_element = name == "totalWeight" || name == "totalWeightOut" ||
                               (!backward && name == "out" && reduction != 0);
      // A per-position gradOutput is checked against target first: a target of another shape is named there.
      std::vector<std::string> named = {name};
      if (backward && name == "target" && reduction == 0) named.push_back("gradOutput");
      Add(cases, backward, name + ": rank " + std::to_string(rank) + " of ones", reduction,
          on([rank](TensorArg& t) {
            t.dims = std::vector<int64_t>(rank, 1);
            t.values.resize(t.values.empty() ? 0 : 1);
          }),
          one_element ? 0 : kInvalid, named);
    }
  }
}

void AddShapeCases(std::vector<Nll2dCase>* cases) {
  struct ShapeRow {
    bool backward;
    int64_t reduction;
    std::string arg;
    std::vector<int64_t> dims;
  };
  const std::vector<ShapeRow> rows = {
      {false, 0, "self", {2, 3, 4}},      {false, 1, "self", {2, 3, 2, 2, 1}}, {false, 0, "target", {2, 4}},
      {false, 0, "target", {2, 2, 3}},    {false, 2, "target", {1, 2, 2}},    {false, 0, "weight", {2}},
      {false, 1, "weight", {3, 1}},       {false, 0, "out", {2, 2}},          {false, 0, "out", {1}},
      {false, 1, "out", {2}},             {false, 2, "totalWeightOut", {2}},  {true, 0, "gradOutput", {2, 2}},
      {true, 0, "gradOutput", {1}},       {true, 1, "gradOutput", {2}},       {true, 2, "gradOutput", {1, 1}},
      {true, 0, "self", {2, 3, 4}},       {true, 2, "target", {2, 2, 3}},     {true, 1, "target", {2, 4}},
      {true, 0, "weight", {4}},           {true, 2, "out", {2, 3, 2, 3}},     {true, 1, "totalWeight", {2}},
  };
  for (const ShapeRow& row : rows) {
    Add(cases, row.backward, row.arg + ": shape " + DimsName(row.dims), row.reduction,
        [row](Nll2dArgs& a) { ArgNamed(a, row.arg).dims = row.dims; }, kInvalid, {row.arg});
  }
  // A per-position gradOutput is checked against target, so a 3-D self with a matching gradOutput fails at self.
  Add(cases, true, "self 3-D with a per-position gradOutput", 0, [](Nll2dArgs& a) { a.self.dims = {2, 2, 2}; },
      kInvalid, {"self"});
}

void AddOrderCases(std::vector<Nll2dCase>* cases) {
  for (bool backward : {false, true}) {
    Add(cases, backward, "order: workspaceSize NULL before executor NULL", 0,
        [](Nll2dArgs& a) { a.null_workspace_size = a.null_executor = true; }, kNull, {"workspaceSize"});
    Add(cases, backward, "order: executor NULL before NULL tensors", 0,
        [](Nll2dArgs& a) {
          a.null_executor = true;
          a.self.present = false;
        },
        kNull, {"executor"});
    Add(cases, backward, "order: self NULL before target NULL", 0,
        [](Nll2dArgs& a) { a.self.present = a.target.present = false; }, kNull, {"self"});
    Add(cases, backward, "order: a NULL before a bad data type", 0,
        [](Nll2dArgs& a) {
          a.total_weight.present = false;
          a.weight.dtype = ACL_INT32;
        },
        kNull, {backward ? "totalWeight" : "totalWeightOut"});
    Add(cases, backward, "order: self's list before weight's type", 0,
        [](Nll2dArgs& a) {
          a.self.dtype = ACL_INT32;
          a.weight.dtype = ACL_FLOAT16;
        },
        kInvalid, {"self"});
    Add(cases, backward, "order: weight's type before target's", 0,
        [](Nll2dArgs& a) {
          a.weight.dtype = ACL_FLOAT16;
          a.target.dtype = ACL_FLOAT;
        },
        kInvalid, {"weight"});
    Add(cases, backward, "order: self's rank before target's", 2,
        [](Nll2dArgs& a) {
          a.self.dims = {2, 3, 2};
          a.target.dims = {2, 2};
        },
        kInvalid, {"self"});
    Add(cases, backward, "order: shapes before layouts", 0,
        [](Nll2dArgs& a) {
          a.weight.dims = {4};
          a.self.offset = -1;
        },
        kInvalid, {"weight"});
  }
  // Forward: out's cast check before target's type; reduction before shapes; weight's shape before target's.
  Add(cases, false, "order: out not castable before target dtype", 0,
      [](Nll2dArgs& a) {
        a.out.dtype = ACL_INT32;
        a.target.dtype = ACL_FLOAT;
      },
      kInvalid, {"out"});
  Add(cases, false, "order: reduction before shapes", 0,
      [](Nll2dArgs& a) {
        a.reduction = 5;
        a.weight.dims = {4};
      },
      kInvalid, {"reduction"});
  Add(cases, false, "order: weight shape before target rank", 0,
      [](Nll2dArgs& a) {
        a.weight.dims = {4};
        a.target.dims = {2, 2};
      },
      kInvalid, {"weight"});
  // Backward: shapes before reduction (CANN's order here); gradOutput's shape before self's rank; target before
  // weight; out's type before totalWeight's.
  // (From a one-element gradOutput: CANN picks gradOutput's rule by reduction == 0, so any other value wants one.)
  Add(cases, true, "order: shapes before reduction", 2,
      [](Nll2dArgs& a) {
        a.reduction = 5;
        a.weight.dims = {4};
      },
      kInvalid, {"weight"});
  Add(cases, true, "order: gradOutput shape before self rank", 0,
      [](Nll2dArgs& a) {
        a.grad_output.dims = {3};
        a.self.dims = {2, 3, 2};
      },
      kInvalid, {"gradOutput"});
  Add(cases, true, "order: target shape before weight shape", 0,
      [](Nll2dArgs& a) {
        a.target.dims = {2, 2, 3};
        a.grad_output.dims = {2, 2, 3};
        a.weight.dims = {4};
      },
      kInvalid, {"target"});
  Add(cases, true, "order: out type before totalWeight type", 0,
      [](Nll2dArgs& a) {
        a.out.dtype = ACL_FLOAT16;
        a.total_weight.dtype = ACL_BF16;
      },
      kInvalid, {"out"});
}

void AddAcceptedCases(std::vector<Nll2dCase>* cases) {
  for (bool backward : {false, true}) {
    for (const std::string& name : TensorNames(backward)) {
      Add(cases, backward, name + ": format NHWC accepted", 1,
          [name](Nll2dArgs& a) { ArgNamed(a, name).format = ACL_FORMAT_NHWC; }, 0, {});
    }
    for (int64_t ignore_index : {kInt64Min, int64_t{-1}, int64_t{0}, int64_t{3}, kInt64Max}) {
      Add(cases, backward, "ignoreIndex " + std::to_string(ignore_index) + " accepted", 2,
          [ignore_index](Nll2dArgs& a) {
            a.ignore_index = ignore_index;
            a.target.values = {0, 2, 1, 1, 2, 2, 0, 1};
          },
          0, {});
    }
    for (int64_t reduction : {0, 1, 2}) {
      Add(cases, backward, "empty H accepted", reduction,
          [reduction, backward](Nll2dArgs& a) {
            a.self.dims = {2, 3, 0, 2};
            a.target.dims = {2, 0, 2};
            a.self.values.clear();
            a.target.values.clear();
            if (backward) {
              a.out.dims = {2, 3, 0, 2};
              if (reduction == 0) {
                a.grad_output.dims = {2, 0, 2};
                a.grad_output.values.clear();
              }
            } else if (reduction == 0) {
              a.out.dims = {2, 0, 2};
            }
          },
          0, {});
    }
    for (int64_t reduction : {int64_t{-1}, int64_t{3}, kInt64Max}) {
      Add(cases, backward, "reduction " + std::to_string(reduction), 2,
          [reduction](Nll2dArgs& a) { a.reduction = reduction; }, kInvalid, {"reduction"});
    }
    Add(cases, backward, "workspaceSize: NULL", 0, [](Nll2dArgs& a) { a.null_workspace_size = true; }, kNull,
        {"workspaceSize"});
    Add(cases, backward, "executor: NULL", 0, [](Nll2dArgs& a) { a.null_executor = true; }, kNull, {"executor"});
  }
  // The forward's outputs may be any computed float type; an empty C with positions is empty (CANN's rule).
  Add(cases, false, "out FLOAT16 and totalWeightOut BF16 accepted", 1,
      [](Nll2dArgs& a) {
        a.out.dtype = ACL_FLOAT16;
        a.total_weight.dtype = ACL_BF16;
      },
      0, {});
  Add(cases, false, "C = 0 with positions accepted", 1,
      [](Nll2dArgs& a) {
        a.self.dims = {2, 0, 2, 2};
        a.weight.dims = {0};
        a.self.values.clear();
        a.weight.values.clear();
      },
      0, {});
}

std::vector<Nll2dCase> AllCases() {
  std::vector<Nll2dCase> cases;
  for (bool backward : {false, true}) {
    for (int64_t reduction : {0, 1, 2}) {
      AddPerTensorCases(&cases, backward, reduction);
    }
  }
  AddShapeCases(&cases);
  AddOrderCases(&cases);
  AddAcceptedCases(&cases);
  return cases;
}

void PrintTo(const Nll2dCase& c, std::ostream* os) { *os << c.name; }

class Nll2dBadInputTest : public ::testing::TestWithParam<Nll2dCase> {};

TEST_P(Nll2dBadInputTest, FailsAsDocumented) {
  const Nll2dCase& c = GetParam();
  const Nll2dArgs& a = c.args;
  const Phase1Expectation row{a.null_workspace_size, a.null_executor, c.expected_code, c.named};
  if (a.backward) {
    RunPhase1({&a.grad_output, &a.self, &a.target, &a.weight, &a.total_weight, &a.out}, row,
              "aclnnNLLLoss2dBackwardGetWorkspaceSize",
              [&a](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
                return aclnnNLLLoss2dBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), t.at(3), a.reduction,
                                                              a.ignore_index, t.at(4), t.at(5), size, executor);
              },
              aclnnNLLLoss2dBackward);
  } else {
    RunPhase1({&a.self, &a.target, &a.weight, &a.out, &a.total_weight}, row, "aclnnNLLLoss2dGetWorkspaceSize",
              [&a](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
                return aclnnNLLLoss2dGetWorkspaceSize(t.at(0), t.at(1), t.at(2), a.reduction, a.ignore_index,
                                                      t.at(3), t.at(4), size, executor);
              },
              aclnnNLLLoss2d);
  }
}

INSTANTIATE_TEST_SUITE_P(AllParameters, Nll2dBadInputTest, ::testing::ValuesIn(AllCases()),
                         [](const ::testing::TestParamInfo<Nll2dCase>& param_info) {
                           return TestNameOf(param_info.param.name) + "_" + std::to_string(param_info.index);
                         });

}  // namespace
}  // namespace openaclnn::test
