// Every parameter of aclnnCrossEntropyLossGetWorkspaceSize and aclnnCrossEntropyLossGradGetWorkspaceSize: NULL,
// NULL data, every data type, ranks and shapes, reduction strings, labelSmoothing values, layouts, the phase-1
// output pointers, and the order of CANN's generated wrappers (docs/cross_entropy_loss.md): tensors' NULLs, then
// workspaceSize and executor, then data types (161002), then attributes and shapes (561002), then layouts. Each
// failing call must return the documented code, name the argument, hand out no executor and leave memory
// unchanged; the accepted rows must run.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
#include "bad_input_harness.h"

namespace openaclnn::test {
namespace {

constexpr int kTiling = 561002;  // ACLNN_ERR_INNER_TILING_ERROR

// The arguments of either operator; `grad` decides which one a case calls. Tensors in parameter order:
// forward input, target, weightOptional, lossOut, logProbOut, zlossOut, lseForZlossOut; gradient gradLoss, logProb,
// target, weightOptional, gradZlossOptional, lseForZlossOptional, out.
struct CeArgs {
  bool grad = false;
  std::vector<TensorArg> tensors;
  std::string reduction = "mean";
  bool null_reduction = false;
  int64_t ignore_index = -100;
  double label_smoothing = 0.1;
  double zloss_scale = 0.5;
  bool return_zloss = true;
  bool null_workspace_size = false;
  bool null_executor = false;
};

const std::vector<std::string>& Names(bool grad) {
  static const std::vector<std::string> forward = {"input",   "target",     "weightOptional", "lossOut",
                                                   "logProbOut", "zlossOut", "lseForZlossOut"};
  static const std::vector<std::string> backward = {"gradLoss", "logProb", "target", "weightOptional",
                                                    "gradZlossOptional", "lseForZlossOptional", "out"};
  return grad ? backward : forward;
}

TensorArg& Arg(CeArgs& a, const std::string& name) {
  const std::vector<std::string>& names = Names(a.grad);
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return a.tensors[i];
  }
  throw std::runtime_error("no argument " + name);
}

TensorArg Tensor(std::vector<int64_t> dims, aclDataType dtype, std::vector<double> values = {}) {
  return {true, std::move(dims), dtype, {}, 0, ACL_FORMAT_ND, false, std::move(values)};
}

// input (3, 4), target {0, -100, 3}, weight (4); mean: one-element lossOut (1), gradLoss 0-D.
CeArgs ValidArgs(bool grad) {
  CeArgs a;
  a.grad = grad;
  const std::vector<double> logits = {1, 2, 3, 4, -1, 0, 1, 2, 0.5, 0.5, 0.5, 0.5};
  const TensorArg target = Tensor({3}, ACL_INT64, {0, -100, 3});
  const TensorArg weight = Tensor({4}, ACL_FLOAT, {1, 2, 0.5, 1});
  if (grad) {
    std::vector<double> log_probs(12, -1.3862943611198906);
    a.tensors = {Tensor({}, ACL_FLOAT, {1}), Tensor({3, 4}, ACL_FLOAT, log_probs), target, weight,
                 Tensor({}, ACL_FLOAT, {0.5}), Tensor({3}, ACL_FLOAT, {1, 2, 3}), Tensor({3, 4}, ACL_FLOAT)};
  } else {
    a.tensors = {Tensor({3, 4}, ACL_FLOAT, logits), target, weight, Tensor({1}, ACL_FLOAT),
                 Tensor({3, 4}, ACL_FLOAT), Tensor({1}, ACL_FLOAT), Tensor({3}, ACL_FLOAT)};
  }
  return a;
}

struct CeCase {
  std::string name;
  CeArgs args;
  int expected_code;
  std::vector<std::string> named;
};

void PrintTo(const CeCase& c, std::ostream* os) { *os << c.name; }

using Mutation = std::function<void(CeArgs&)>;

void Add(std::vector<CeCase>* cases, bool grad, const std::string& name, const Mutation& mutate, int code,
         std::vector<std::string> named) {
  CeArgs a = ValidArgs(grad);
  mutate(a);
  cases->push_back({std::string(grad ? "grad " : "forward ") + name, a, code, std::move(named)});
}

bool Optional(const std::string& name) { return name.find("Optional") != std::string::npos; }

std::vector<CeCase> AllCases() {
  std::vector<CeCase> cases;
  for (const bool grad : {false, true}) {
    const std::vector<std::string>& names = Names(grad);
    for (const std::string& name : names) {
      auto on = [name](std::function<void(TensorArg&)> change) {
        return [name, change](CeArgs& a) { change(Arg(a, name)); };
      };
      if (Optional(name)) {
        // lseForZlossOptional is required by a non-zero scale (the valid arguments have one).
        const bool required = name == "lseForZlossOptional";
        Add(&cases, grad, name + ": NULL", on([](TensorArg& t) { t.present = false; }), required ? kNull : 0,
            {name});
      } else {
        Add(&cases, grad, name + ": NULL", on([](TensorArg& t) { t.present = false; }), kNull, {name});
      }
      const CeArgs base = ValidArgs(grad);
      CeArgs copy = base;
      for (const LayoutMutation& row : LayoutMutations(Arg(copy, name))) {
        Add(&cases, grad, name + ": " + row.label, on(row.change), row.null_data ? kNull : kInvalid, {name});
      }
      for (aclDataType dtype : AllDataTypes()) {
        const TensorArg& valid = Arg(copy, name);
        if (dtype == valid.dtype) continue;
        if (name == "target" && (dtype == ACL_INT64 || dtype == ACL_INT32)) continue;
        // The first floating tensor's type decides the others': a changed one names itself.
        const bool first_float = name == "input" || name == "gradLoss";
        if (first_float && IsLossFloat(dtype)) continue;
        Add(&cases, grad, name + ": dtype " + DtypeName(dtype), on([dtype](TensorArg& t) { t.dtype = dtype; }),
            kInvalid, {name});
      }
      Add(&cases, grad, name + ": format NCHW accepted", on([](TensorArg& t) { t.format = ACL_FORMAT_NCHW; }), 0, {});
    }
    // The floating types as a set: every tensor of FLOAT16 or BFLOAT16 (weight stays FLOAT).
    for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
      Add(&cases, grad, std::string("all ") + DtypeName(dtype) + " accepted",
          [dtype](CeArgs& a) {
            for (size_t i = 0; i < a.tensors.size(); ++i) {
              if (Names(a.grad)[i] != "target" && Names(a.grad)[i] != "weightOptional") a.tensors[i].dtype = dtype;
            }
          },
          0, {});
    }
    Add(&cases, grad, "target INT32 accepted", [](CeArgs& a) { Arg(a, "target").dtype = ACL_INT32; }, 0, {});
    // Attributes.
    for (const char* reduction : {"MEAN", "Sum", "", "avg", "none "}) {
      Add(&cases, grad, std::string("reduction '") + reduction + "'",
          [reduction](CeArgs& a) { a.reduction = reduction; }, kTiling, {"reductionOptional"});
    }
    Add(&cases, grad, "reduction NULL accepted (mean)", [](CeArgs& a) { a.null_reduction = true; }, 0, {});
    for (double ls : {-0.1, 1.5, std::numeric_limits<double>::quiet_NaN(), -std::numeric_limits<double>::infinity()}) {
      Add(&cases, grad, "labelSmoothing " + std::to_string(ls), [ls](CeArgs& a) { a.label_smoothing = ls; }, kTiling,
          {"labelSmoothing"});
    }
    for (double ls : {0.0, 1.0}) {
      Add(&cases, grad, "labelSmoothing " + std::to_string(ls) + " accepted",
          [ls](CeArgs& a) { a.label_smoothing = ls; }, 0, {});
    }
    for (int64_t ignore : {std::numeric_limits<int64_t>::min(), int64_t{0}, int64_t{3}, int64_t{7},
                           std::numeric_limits<int64_t>::max()}) {
      Add(&cases, grad, "ignoreIndex " + std::to_string(ignore) + " accepted",
          [ignore](CeArgs& a) { a.ignore_index = ignore; }, 0, {});
    }
    Add(&cases, grad, "workspaceSize: NULL", [](CeArgs& a) { a.null_workspace_size = true; }, kNull,
        {"workspaceSize"});
    Add(&cases, grad, "executor: NULL", [](CeArgs& a) { a.null_executor = true; }, kNull, {"executor"});
    const std::string rows = grad ? "logProb" : "input";
    // Shapes (561002).
    Add(&cases, grad, rows + ": 1-D", [rows](CeArgs& a) { Arg(a, rows).dims = {12}; }, kTiling, {rows});
    Add(&cases, grad, rows + ": 3-D", [rows](CeArgs& a) { Arg(a, rows).dims = {3, 4, 1}; }, kTiling, {rows});
    Add(&cases, grad, rows + ": C = 0 with N > 0",
        [rows](CeArgs& a) {
          Arg(a, rows).dims = {3, 0};
          Arg(a, rows).values.clear();
        },
        kTiling, {rows});
    Add(&cases, grad, "target: (4)", [](CeArgs& a) { Arg(a, "target").dims = {4}; }, kTiling, {"target"});
    Add(&cases, grad, "target: (3, 1)", [](CeArgs& a) { Arg(a, "target").dims = {3, 1}; }, kTiling, {"target"});
    Add(&cases, grad, "target: 0-D", [](CeArgs& a) { Arg(a, "target").dims = {}; }, kTiling, {"target"});
    Add(&cases, grad, "weight: (3)", [](CeArgs& a) { Arg(a, "weightOptional").dims = {3}; }, kTiling,
        {"weightOptional"});
    Add(&cases, grad, "weight: (1, 4)", [](CeArgs& a) { Arg(a, "weightOptional").dims = {1, 4}; }, kTiling,
        {"weightOptional"});
    if (grad) {
      Add(&cases, grad, "gradLoss: (3) for mean", [](CeArgs& a) { Arg(a, "gradLoss").dims = {3}; }, kTiling,
          {"gradLoss"});
      Add(&cases, grad, "gradLoss: (1, 1) for mean", [](CeArgs& a) { Arg(a, "gradLoss").dims = {1, 1}; }, kTiling,
          {"gradLoss"});
      Add(&cases, grad, "gradLoss: (1) for mean accepted", [](CeArgs& a) { Arg(a, "gradLoss").dims = {1}; }, 0, {});
      Add(&cases, grad, "gradLoss: one element for none",
          [](CeArgs& a) {
            a.reduction = "none";
            Arg(a, "gradZlossOptional").dims = {3};
            Arg(a, "gradZlossOptional").values = {1, 1, 1};
          },
          kTiling, {"gradLoss"});
      Add(&cases, grad, "gradZlossOptional: (3) for mean", [](CeArgs& a) { Arg(a, "gradZlossOptional").dims = {3}; },
          kTiling, {"gradZlossOptional"});
      Add(&cases, grad, "gradZlossOptional: bad shape with scale 0 accepted",
          [](CeArgs& a) {
            a.zloss_scale = 0.0;
            Arg(a, "gradZlossOptional").dims = {5};
          },
          0, {});
      Add(&cases, grad, "lseForZlossOptional: (4)", [](CeArgs& a) { Arg(a, "lseForZlossOptional").dims = {4}; },
          kTiling, {"lseForZlossOptional"});
      Add(&cases, grad, "lseForZlossOptional: NULL with scale 0 accepted",
          [](CeArgs& a) {
            a.zloss_scale = 0.0;
            Arg(a, "lseForZlossOptional").present = false;
          },
          0, {});
      Add(&cases, grad, "out: (4, 3)", [](CeArgs& a) { Arg(a, "out").dims = {4, 3}; }, kTiling, {"out"});
      Add(&cases, grad, "out: (3, 4, 1)", [](CeArgs& a) { Arg(a, "out").dims = {3, 4, 1}; }, kTiling, {"out"});
      Add(&cases, grad, "order: logProb type before target type",
          [](CeArgs& a) {
            Arg(a, "logProb").dtype = ACL_FLOAT16;
            Arg(a, "target").dtype = ACL_UINT8;
          },
          kInvalid, {"logProb"});
    } else {
      Add(&cases, grad, "lossOut: (3) for mean", [](CeArgs& a) { Arg(a, "lossOut").dims = {3}; }, kTiling,
          {"lossOut"});
      Add(&cases, grad, "lossOut: (1, 1) for mean", [](CeArgs& a) { Arg(a, "lossOut").dims = {1, 1}; }, kTiling,
          {"lossOut"});
      Add(&cases, grad, "lossOut: 0-D for mean accepted",
          [](CeArgs& a) { Arg(a, "lossOut").dims = Arg(a, "zlossOut").dims = {}; }, 0, {});
      Add(&cases, grad, "lossOut: (1) for none", [](CeArgs& a) { a.reduction = "none"; }, kTiling, {"lossOut"});
      Add(&cases, grad, "logProbOut: (4, 3)", [](CeArgs& a) { Arg(a, "logProbOut").dims = {4, 3}; }, kTiling,
          {"logProbOut"});
      Add(&cases, grad, "zlossOut: (3) for mean", [](CeArgs& a) { Arg(a, "zlossOut").dims = {3}; }, kTiling,
          {"zlossOut"});
      Add(&cases, grad, "zlossOut: any shape without returnZloss accepted",
          [](CeArgs& a) {
            a.return_zloss = false;
            Arg(a, "zlossOut").dims = {0};
          },
          0, {});
      Add(&cases, grad, "lseForZlossOut: (2)", [](CeArgs& a) { Arg(a, "lseForZlossOut").dims = {2}; }, kTiling,
          {"lseForZlossOut"});
      Add(&cases, grad, "lseForZlossOut: any shape with scale 0 accepted",
          [](CeArgs& a) {
            a.zloss_scale = 0.0;
            Arg(a, "lseForZlossOut").dims = {0};
          },
          0, {});
      Add(&cases, grad, "empty batch accepted",
          [](CeArgs& a) {
            Arg(a, "input").dims = {0, 4};
            Arg(a, "input").values.clear();
            Arg(a, "target").dims = {0};
            Arg(a, "target").values.clear();
            Arg(a, "logProbOut").dims = {0, 4};
            Arg(a, "lseForZlossOut").dims = {0};
          },
          0, {});
      Add(&cases, grad, "order: lossOut type before logProbOut type",
          [](CeArgs& a) {
            Arg(a, "lossOut").dtype = ACL_FLOAT16;
            Arg(a, "logProbOut").dtype = ACL_BF16;
          },
          kInvalid, {"lossOut"});
    }
    // The generated wrappers' order: tensors' NULLs before the phase-1 outputs, types before attributes, attributes
    // before shapes, shapes before layouts.
    Add(&cases, grad, "order: target NULL before executor NULL",
        [](CeArgs& a) {
          Arg(a, "target").present = false;
          a.null_executor = true;
        },
        kNull, {"target"});
    Add(&cases, grad, "order: target type before reduction",
        [](CeArgs& a) {
          Arg(a, "target").dtype = ACL_FLOAT;
          a.reduction = "bad";
        },
        kInvalid, {"target"});
    Add(&cases, grad, "order: reduction before labelSmoothing",
        [](CeArgs& a) {
          a.reduction = "bad";
          a.label_smoothing = 2;
        },
        kTiling, {"reductionOptional"});
    Add(&cases, grad, "order: labelSmoothing before shapes",
        [](CeArgs& a) {
          a.label_smoothing = 2;
          Arg(a, "target").dims = {4};
        },
        kTiling, {"labelSmoothing"});
    Add(&cases, grad, "order: shapes before layouts",
        [](CeArgs& a) {
          Arg(a, "target").dims = {4};
          Arg(a, "weightOptional").offset = -1;
        },
        kTiling, {"target"});
  }
  return cases;
}

class CrossEntropyBadInputTest : public ::testing::TestWithParam<CeCase> {};

TEST_P(CrossEntropyBadInputTest, FailsAsDocumented) {
  const CeCase& c = GetParam();
  const CeArgs& a = c.args;
  std::vector<const TensorArg*> tensors;
  for (const TensorArg& t : a.tensors) tensors.push_back(&t);
  std::string reduction = a.reduction;
  char* reduction_arg = a.null_reduction ? nullptr : reduction.data();
  const Phase1Call phase1 = [&a, reduction_arg](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
    return a.grad ? aclnnCrossEntropyLossGradGetWorkspaceSize(t.at(0), t.at(1), t.at(2), t.at(3), t.at(4), t.at(5),
                                                              reduction_arg, a.ignore_index, a.label_smoothing,
                                                              a.zloss_scale, t.at(6), size, executor)
                  : aclnnCrossEntropyLossGetWorkspaceSize(t.at(0), t.at(1), t.at(2), reduction_arg, a.ignore_index,
                                                          a.label_smoothing, a.zloss_scale, a.return_zloss, t.at(3),
                                                          t.at(4), t.at(5), t.at(6), size, executor);
  };
  RunPhase1(tensors, {a.null_workspace_size, a.null_executor, c.expected_code, c.named},
            a.grad ? "aclnnCrossEntropyLossGradGetWorkspaceSize" : "aclnnCrossEntropyLossGetWorkspaceSize", phase1,
            a.grad ? aclnnCrossEntropyLossGrad : aclnnCrossEntropyLoss);
}

INSTANTIATE_TEST_SUITE_P(AllParameters, CrossEntropyBadInputTest, ::testing::ValuesIn(AllCases()),
                         [](const ::testing::TestParamInfo<CeCase>& param_info) {
                           return TestNameOf(param_info.param.name) + "_" + std::to_string(param_info.index);
                         });

}  // namespace
}  // namespace openaclnn::test
