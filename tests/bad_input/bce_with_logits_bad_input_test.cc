// Every parameter of aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize and of its Backward and TargetBackward,
// systematically: NULL (weightOptional and posWeightOptional may be), NULL data, wrong data type, ranks above 8,
// shapes (self and target equal; weight, posWeight and gradOutput broadcasting to self), out's type (target's),
// storage formats (the backwards compare target's and out's with self's), bad reductions, negative and
// overflowing strides and offsets, the phase-1 output pointers, empty inputs and CANN's check order
// (docs/binary_cross_entropy_with_logits.md). Each failing call must return the documented code, name the argument
// in aclGetRecentErrMsg(), hand out no executor and leave every tensor's memory unchanged; accepted rows must run.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_target_backward.h"
#include "bad_input_harness.h"

namespace openaclnn::test {
namespace {

enum class Op { kForward, kBackward, kTargetBackward };

const char* ApiOf(Op op) {
  switch (op) {
    case Op::kForward: return "aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize";
    case Op::kBackward: return "aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize";
    case Op::kTargetBackward: return "aclnnBinaryCrossEntropyWithLogitsTargetBackwardGetWorkspaceSize";
  }
  return "";
}

struct BcelArgs {
  Op op = Op::kForward;
  TensorArg grad;  // Backwards only.
  TensorArg self;
  TensorArg target;
  TensorArg weight;
  TensorArg pos_weight;
  TensorArg out;
  int64_t reduction = 0;
  bool null_workspace_size = false;
  bool null_executor = false;
};

// CANN's argument names, in signature order.
std::vector<std::string> TensorNames(Op op) {
  if (op == Op::kForward) {
    return {"self", "target", "weightOptional", "posWeightOptional", "out"};
  }
  return {"gradOutput", "self", "target", "weightOptional", "posWeightOptional",
          op == Op::kBackward ? "out" : "gradTarget"};
}

TensorArg& ArgNamed(BcelArgs& args, const std::string& name) {
  if (name == "gradOutput") return args.grad;
  if (name == "self") return args.self;
  if (name == "target") return args.target;
  if (name == "weightOptional") return args.weight;
  if (name == "posWeightOptional") return args.pos_weight;
  return args.out;
}

// self and target (3, 4), a per-column weight, a per-row posWeight, a scalar gradOutput. The forward's out has
// self's shape for none; for mean it is 0-D and for sum (1), so both one-element shapes are covered.
BcelArgs ValidArgs(Op op, int64_t reduction) {
  BcelArgs args;
  args.op = op;
  args.reduction = reduction;
  const std::vector<double> x = {-2, -1, 0, 1, 2, 3, -3, 0.5, -0.5, 4, -4, 0.25};
  args.self = {true, {3, 4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, x};
  args.target = {true, {3, 4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, std::vector<double>(12, 0.5)};
  args.weight = {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 2, 3, 4}};
  args.pos_weight = {true, {3, 1}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {0.5, 1, 2}};
  args.grad = {true, {}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1.5}};
  const bool reduced_forward = op == Op::kForward && reduction != 0;
  const std::vector<int64_t> out_dims = !reduced_forward ? std::vector<int64_t>{3, 4}
                                        : reduction == 1  ? std::vector<int64_t>{}
                                                          : std::vector<int64_t>{1};
  args.out = {true, out_dims, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}};
  if (op == Op::kForward) {
    args.grad.present = false;
  }
  return args;
}

struct BcelCase {
  std::string name;
  BcelArgs args;
  int expected_code;               // 0: the call must succeed and run.
  std::vector<std::string> named;  // Any of these may be the argument the message names.
};

using Mutation = std::function<void(BcelArgs&)>;

const char* OpLabel(Op op) {
  switch (op) {
    case Op::kForward: return "forward";
    case Op::kBackward: return "backward";
    case Op::kTargetBackward: return "target backward";
  }
  return "";
}

void Add(std::vector<BcelCase>* cases, Op op, const std::string& name, int64_t reduction, const Mutation& mutate,
         int code, std::vector<std::string> named) {
  BcelArgs args = ValidArgs(op, reduction);
  mutate(args);
  cases->push_back({std::string(OpLabel(op)) + " " + name + " (reduction " + std::to_string(reduction) + ")", args,
                    code, std::move(named)});
}

bool IsOptional(const std::string& name) { return name == "weightOptional" || name == "posWeightOptional"; }

// The rows every tensor argument gets: NULL, its memory and layout, its data type, its rank.
void AddPerTensorCases(std::vector<BcelCase>* cases, Op op, int64_t reduction) {
  for (const std::string& name : TensorNames(op)) {
    auto on = [name](std::function<void(TensorArg&)> change) {
      return [name, change](BcelArgs& args) { change(ArgNamed(args, name)); };
    };
    Add(cases, op, name + ": NULL", reduction, on([](TensorArg& t) { t.present = false; }),
        IsOptional(name) ? 0 : kNull, {name});
    BcelArgs base = ValidArgs(op, reduction);
    for (const LayoutMutation& row : LayoutMutations(ArgNamed(base, name))) {
      Add(cases, op, name + ": " + row.label, reduction, on(row.change), row.null_data ? kNull : kInvalid, {name});
    }
    for (aclDataType dtype : AllDataTypes()) {
      if (!IsLossFloat(dtype)) {
        Add(cases, op, name + ": dtype " + DtypeName(dtype), reduction,
            on([dtype](TensorArg& t) { t.dtype = dtype; }), kInvalid, {name});
      }
    }
    for (size_t rank : {size_t{9}, size_t{32}}) {
      Add(cases, op, name + ": rank " + std::to_string(rank) + " of ones", reduction,
          on([rank](TensorArg& t) {
            t.dims = std::vector<int64_t>(rank, 1);
            t.values.resize(t.values.empty() ? 0 : 1);
          }),
          kInvalid, {name});
    }
  }
}

void AddShapeAndTypeCases(std::vector<BcelCase>* cases, Op op) {
  const std::string out = op == Op::kTargetBackward ? "gradTarget" : "out";
  struct ShapeRow {
    int64_t reduction;
    std::string arg;
    std::vector<int64_t> dims;
  };
  // target equals self; weight and posWeight (and gradOutput) broadcast to self without enlarging it.
  std::vector<ShapeRow> rows = {
      {0, "target", {4}},          {0, "target", {1, 4}},         {1, "target", {3, 4, 1}},
      {0, "weightOptional", {3}},  {0, "weightOptional", {2, 3, 4}}, {2, "weightOptional", {5}},
      {0, "posWeightOptional", {4, 1}}, {1, "posWeightOptional", {2, 1, 1}}, {0, out, {4, 3}},
      {0, out, {3, 4, 1}},         {0, out, {}},
  };
  if (op == Op::kForward) {
    rows.push_back({1, "out", {2}});
    rows.push_back({2, "out", {3, 4}});
    rows.push_back({1, "out", {0}});
  } else {
    rows.push_back({0, "gradOutput", {2, 3, 4}});
    rows.push_back({1, "gradOutput", {3, 2}});
    rows.push_back({2, "gradOutput", {5}});
  }
  for (const ShapeRow& row : rows) {
    Add(cases, op, row.arg + ": shape " + DimsName(row.dims), row.reduction,
        [row](BcelArgs& a) { ArgNamed(a, row.arg).dims = row.dims; }, kInvalid, {row.arg});
  }
  Add(cases, op, "one-element out shapes accepted", 0,
      [op](BcelArgs& a) {
        a.weight.dims = {1, 1};
        a.pos_weight.dims = {};
        if (op != Op::kForward) a.grad.dims = {1, 4};
      },
      0, {});
  // out has target's data type (CANN's code; its document says self's).
  Add(cases, op, out + ": dtype of self, not of target", 0,
      [](BcelArgs& a) {
        a.self.dtype = ACL_FLOAT16;
        a.out.dtype = ACL_FLOAT16;
      },
      kInvalid, {out});
  Add(cases, op, "mixed float types accepted", 1,
      [](BcelArgs& a) {
        a.self.dtype = ACL_FLOAT16;
        a.target.dtype = a.out.dtype = ACL_BF16;
        a.weight.dtype = ACL_FLOAT16;
        a.grad.dtype = ACL_BF16;
      },
      0, {});
  for (int64_t reduction : {int64_t{-1}, int64_t{3}, kInt64Min, kInt64Max}) {
    Add(cases, op, "reduction " + std::to_string(reduction), 0, [reduction](BcelArgs& a) { a.reduction = reduction; },
        kInvalid, {"reduction"});
  }
  Add(cases, op, "workspaceSize: NULL", 0, [](BcelArgs& a) { a.null_workspace_size = true; }, kNull,
      {"workspaceSize"});
  Add(cases, op, "executor: NULL", 0, [](BcelArgs& a) { a.null_executor = true; }, kNull, {"executor"});
  Add(cases, op, out + ": zero stride", 0, [](BcelArgs& a) { a.out.strides = std::vector<int64_t>{0, 1}; }, kInvalid,
      {out});
}

void AddFormatCases(std::vector<BcelCase>* cases, Op op) {
  const std::string out = op == Op::kTargetBackward ? "gradTarget" : "out";
  if (op == Op::kForward) {
    // The forward compares no formats (CANN's checks only its data types).
    Add(cases, op, "target and out: format NCHW accepted", 0,
        [](BcelArgs& a) { a.target.format = a.out.format = ACL_FORMAT_NCHW; }, 0, {});
    return;
  }
  Add(cases, op, "target: format NCHW", 0, [](BcelArgs& a) { a.target.format = ACL_FORMAT_NCHW; }, kInvalid,
      {"target"});
  Add(cases, op, out + ": format NC1HWC0", 0, [](BcelArgs& a) { a.out.format = ACL_FORMAT_NC1HWC0; }, kInvalid, {out});
  Add(cases, op, "self, target, out: format NCHW accepted", 0,
      [](BcelArgs& a) { a.self.format = a.target.format = a.out.format = ACL_FORMAT_NCHW; }, 0, {});
}

void AddOrderCases(std::vector<BcelCase>* cases, Op op) {
  const std::string out = op == Op::kTargetBackward ? "gradTarget" : "out";
  Add(cases, op, "order: workspaceSize NULL before NULL tensors", 0,
      [](BcelArgs& a) {
        a.null_workspace_size = true;
        a.self.present = false;
      },
      kNull, {"workspaceSize"});
  Add(cases, op, "order: self NULL before target NULL", 0,
      [](BcelArgs& a) { a.self.present = a.target.present = false; }, kNull, {"self"});
  if (op == Op::kForward) {
    // NULLs, data types (out's against target's too), reduction, ranks, shapes, layouts.
    Add(cases, op, "order: out NULL before data types", 0,
        [](BcelArgs& a) {
          a.out.present = false;
          a.self.dtype = ACL_INT32;
        },
        kNull, {"out"});
    Add(cases, op, "order: out dtype before weight dtype", 0,
        [](BcelArgs& a) {
          a.out.dtype = ACL_FLOAT16;
          a.weight.dtype = ACL_INT32;
        },
        kInvalid, {"out"});
    Add(cases, op, "order: data type before reduction", 0,
        [](BcelArgs& a) {
          a.pos_weight.dtype = ACL_DOUBLE;
          a.reduction = 5;
        },
        kInvalid, {"posWeightOptional"});
    Add(cases, op, "order: reduction before ranks", 0,
        [](BcelArgs& a) {
          a.reduction = 5;
          a.self.dims = std::vector<int64_t>(9, 1);
        },
        kInvalid, {"reduction"});
    Add(cases, op, "order: target shape before weight shape", 0,
        [](BcelArgs& a) {
          a.target.dims = {4};
          a.weight.dims = {5};
        },
        kInvalid, {"target"});
    Add(cases, op, "order: posWeight shape before out shape", 0,
        [](BcelArgs& a) {
          a.pos_weight.dims = {5};
          a.out.dims = {5};
        },
        kInvalid, {"posWeightOptional"});
    return;
  }
  // NULLs, ranks, data types, formats, shapes, reduction, layouts.
  Add(cases, op, "order: gradOutput NULL before self NULL", 0,
      [](BcelArgs& a) { a.grad.present = a.self.present = false; }, kNull, {"gradOutput"});
  Add(cases, op, "order: ranks before data types", 0,
      [](BcelArgs& a) {
        a.out.dims = std::vector<int64_t>(9, 1);
        a.grad.dtype = ACL_INT32;
      },
      kInvalid, {out});
  Add(cases, op, "order: data types before formats", 0,
      [](BcelArgs& a) {
        a.weight.dtype = ACL_INT32;
        a.target.format = ACL_FORMAT_NCHW;
      },
      kInvalid, {"weightOptional"});
  Add(cases, op, "order: formats before shapes", 0,
      [](BcelArgs& a) {
        a.target.format = ACL_FORMAT_NCHW;
        a.target.dims = {4};
      },
      kInvalid, {"target"});
  Add(cases, op, "order: shapes before reduction", 0,
      [](BcelArgs& a) {
        a.grad.dims = {5};
        a.reduction = 3;
      },
      kInvalid, {"gradOutput"});
  Add(cases, op, "order: reduction before layouts", 0,
      [](BcelArgs& a) {
        a.reduction = 3;
        a.self.offset = -1;
      },
      kInvalid, {"reduction"});
}

void AddEmptyCases(std::vector<BcelCase>* cases, Op op) {
  // An empty self reads nothing: shapes of the optional operands are not checked, nothing is written (the forward's
  // mean and sum write their NaN / 0 into out).
  for (int64_t reduction : {0, 1, 2}) {
    Add(cases, op, "empty self with bad input layouts accepted", reduction,
        [op, reduction](BcelArgs& a) {
          a.self.dims = a.target.dims = {0, 4};
          a.self.values.clear();
          a.target.values.clear();
          a.self.null_data = a.target.null_data = true;
          a.weight.dims = {7};
          a.pos_weight.offset = -1;
          if (op != Op::kForward || reduction == 0) {
            a.out.dims = {0, 4};
            a.out.null_data = true;
          }
        },
        0, {});
  }
  if (op == Op::kForward) {
    Add(cases, op, "empty self still writes out for mean", 1,
        [](BcelArgs& a) {
          a.self.dims = a.target.dims = {0, 4};
          a.self.values.clear();
          a.target.values.clear();
          a.out.offset = -1;
        },
        kInvalid, {"out"});
  }
}

std::vector<BcelCase> AllCases() {
  std::vector<BcelCase> cases;
  for (Op op : {Op::kForward, Op::kBackward, Op::kTargetBackward}) {
    for (int64_t reduction : {0, 1, 2}) {
      AddPerTensorCases(&cases, op, reduction);
    }
    AddShapeAndTypeCases(&cases, op);
    AddFormatCases(&cases, op);
    AddOrderCases(&cases, op);
    AddEmptyCases(&cases, op);
  }
  return cases;
}

void PrintTo(const BcelCase& c, std::ostream* os) { *os << c.name; }

int CallPhase1(const BcelArgs& a, const TensorSet& t, uint64_t* size, aclOpExecutor** handle) {
  switch (a.op) {
    case Op::kForward:
      return aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(t.at(1), t.at(2), t.at(3), t.at(4), a.reduction,
                                                               t.at(5), size, handle);
    case Op::kBackward:
      return aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), t.at(3), t.at(4),
                                                                       a.reduction, t.at(5), size, handle);
    case Op::kTargetBackward:
      return aclnnBinaryCrossEntropyWithLogitsTargetBackwardGetWorkspaceSize(
          t.at(0), t.at(1), t.at(2), t.at(3), t.at(4), a.reduction, t.at(5), size, handle);
  }
  return -1;
}

Phase2 Phase2Of(Op op) {
  switch (op) {
    case Op::kForward: return aclnnBinaryCrossEntropyWithLogits;
    case Op::kBackward: return aclnnBinaryCrossEntropyWithLogitsBackward;
    case Op::kTargetBackward: return aclnnBinaryCrossEntropyWithLogitsTargetBackward;
  }
  return nullptr;
}

class BceWithLogitsBadInputTest : public ::testing::TestWithParam<BcelCase> {};

TEST_P(BceWithLogitsBadInputTest, FailsAsDocumented) {
  const BcelCase& c = GetParam();
  const BcelArgs& a = c.args;
  RunPhase1({&a.grad, &a.self, &a.target, &a.weight, &a.pos_weight, &a.out},
            {a.null_workspace_size, a.null_executor, c.expected_code, c.named}, ApiOf(a.op),
            [&a](const TensorSet& t, uint64_t* size, aclOpExecutor** handle) { return CallPhase1(a, t, size, handle); },
            Phase2Of(a.op));
}

INSTANTIATE_TEST_SUITE_P(AllParameters, BceWithLogitsBadInputTest, ::testing::ValuesIn(AllCases()),
                         [](const ::testing::TestParamInfo<BcelCase>& param_info) {
                           return TestNameOf(param_info.param.name) + "_" + std::to_string(param_info.index);
                         });

}  // namespace
}  // namespace openaclnn::test
