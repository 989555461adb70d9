// Every parameter of aclnnKlDiv, aclnnKlDivBackward and aclnnKlDivTargetBackward, phase 1: NULL, NULL data, every
// data type outside FLOAT, FLOAT16 and BFLOAT16, ranks above 8, shapes that do not broadcast, wrong out shapes,
// bad reductions (the forward's; the gradients accept any value), gradTarget's type, storage formats, layouts,
// the phase-1 output pointers and CANN's order (phase 2's executor checks: executor_bad_input_test.cc). Each
// failing call must return the documented code, name the argument, hand out no executor and leave every tensor's
// memory unchanged; the accepted rows must run.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <utility>
#include <string>
#include <vector>

#include "aclnnop/aclnn_kl_div.h"
#include "aclnnop/aclnn_kl_div_backward.h"
#include "aclnnop/aclnn_kl_div_target_backward.h"
#include "bad_input_harness.h"

namespace openaclnn::test {
namespace {

enum class Api { kForward, kBackward, kTargetBackward };

const char* ApiName(Api api) {
  switch (api) {
    case Api::kForward: return "aclnnKlDivGetWorkspaceSize";
    case Api::kBackward: return "aclnnKlDivBackwardGetWorkspaceSize";
    case Api::kTargetBackward: return "aclnnKlDivTargetBackwardGetWorkspaceSize";
  }
  return "";
}

struct KlCase : Phase1Case {
  Api api = Api::kForward;
  int64_t reduction = 0;
  bool log_target = false;
};

void PrintTo(const KlCase& c, std::ostream* os) { *os << c.name; }

TensorArg Float(std::vector<int64_t> dims, double value) { return FilledFloat(std::move(dims), value); }

// Forward: self, target (3, 4), out (3, 4) for none, 0-D otherwise. Backward: gradOutput (4), self (3, 4), target
// (4) broadcast into it, out (3, 4). Target backward: the same with self and target's shapes exchanged.
KlCase Valid(Api api, int64_t reduction) {
  KlCase c;
  c.api = api;
  c.reduction = reduction;
  switch (api) {
    case Api::kForward:
      c.names = {"self", "target", "out"};
      c.tensors = {Float({3, 4}, -0.5), Float({3, 4}, 0.25), Float(reduction == 0 ? std::vector<int64_t>{3, 4}
                                                                                  : std::vector<int64_t>{}, 0)};
      break;
    case Api::kBackward:
      c.names = {"gradOutput", "self", "target", "out"};
      c.tensors = {Float({4}, 1), Float({3, 4}, -0.5), Float({4}, 0.25), Float({3, 4}, 0)};
      break;
    case Api::kTargetBackward:
      c.names = {"gradOutput", "self", "target", "gradTarget"};
      c.tensors = {Float({4}, 1), Float({4}, -0.5), Float({3, 4}, 0.25), Float({3, 4}, 0)};
      break;
  }
  for (TensorArg& t : c.tensors) {
    if (&t == &c.tensors.back()) t.values.clear();  // out is written, not read.
  }
  return c;
}

class CaseList {
 public:
  void Add(Api api, const std::string& name, int64_t reduction, const std::function<void(KlCase&)>& mutate, int code,
           std::vector<std::string> named) {
    KlCase c = Valid(api, reduction);
    mutate(c);
    c.name = std::string(ApiName(api)) + " " + name + " (reduction " + std::to_string(reduction) + ")";
    c.expected_code = code;
    c.named = std::move(named);
    cases_.push_back(std::move(c));
  }
  std::vector<KlCase> Take() { return std::move(cases_); }

 private:
  std::vector<KlCase> cases_;
};

void AddPerTensorCases(CaseList* list, Api api) {
  const KlCase base = Valid(api, 0);
  const std::string out = base.names.back();
  for (size_t index = 0; index < base.names.size(); ++index) {
    const std::string name = base.names[index];
    auto on = [name](std::function<void(TensorArg&)> change) {
      return [name, change](KlCase& c) { change(c.Named(name)); };
    };
    list->Add(api, name + ": NULL", 0, on([](TensorArg& t) { t.present = false; }), kNull, {name});
    for (const LayoutMutation& row : LayoutMutations(base.tensors[index])) {
      list->Add(api, name + ": " + row.label, 0, on(row.change), row.null_data ? kNull : kInvalid, {name});
    }
    // The gradients check CanCast(self -> out) first (CANN's order): a self type nothing casts from names out.
    const std::vector<std::string> named_for_type =
        api != Api::kForward && name == "self" ? std::vector<std::string>{name, out} : std::vector<std::string>{name};
    for (aclDataType dtype : AllDataTypes()) {
      if (!IsLossFloat(dtype)) {
        list->Add(api, name + ": dtype " + DtypeName(dtype), 0, on([dtype](TensorArg& t) { t.dtype = dtype; }),
                  kInvalid, named_for_type);
      }
    }
    list->Add(api, name + ": rank 9 of ones", 0, on([](TensorArg& t) {
                t.dims = std::vector<int64_t>(9, 1);
                t.values.resize(t.values.empty() ? 0 : 1);
              }),
              kInvalid, {name});
  }
  list->Add(api, "workspaceSize: NULL", 0, [](KlCase& c) { c.null_workspace_size = true; }, kNull,
            {"workspaceSize"});
  list->Add(api, "executor: NULL", 0, [](KlCase& c) { c.null_executor = true; }, kNull, {"executor"});
  list->Add(api, "order: workspaceSize before NULL tensors", 0,
            [](KlCase& c) {
              c.null_workspace_size = true;
              c.tensors[0].present = false;
            },
            kNull, {"workspaceSize"});
  list->Add(api, "order: NULL before data type", 0,
            [](KlCase& c) {
              c.tensors.back().present = false;
              c.tensors[0].dtype = ACL_INT32;
            },
            kNull, {out});
  list->Add(api, "order: data type before rank", 0,
            [](KlCase& c) {
              c.Named("target").dtype = ACL_INT64;
              c.Named("self").dims = std::vector<int64_t>(9, 1);
              c.Named("self").values.resize(1);
            },
            kInvalid, {"target"});
  list->Add(api, "mixed float types accepted", 1,
            [api](KlCase& c) {
              c.Named("self").dtype = ACL_FLOAT16;
              c.Named("target").dtype = ACL_BF16;
              c.tensors.back().dtype = api == Api::kTargetBackward ? ACL_BF16 : ACL_FLOAT16;
            },
            0, {});
}

void AddForwardCases(CaseList* list) {
  const Api api = Api::kForward;
  for (int64_t reduction : {int64_t{-1}, int64_t{4}, int64_t{100}, kInt64Min, kInt64Max}) {
    list->Add(api, "reduction " + std::to_string(reduction), 0,
              [reduction](KlCase& c) {
                c.reduction = reduction;
                c.Named("out").dims = {};
              },
              kInvalid, {"reduction"});
  }
  list->Add(api, "batchmean accepted", 3, [](KlCase&) {}, 0, {});
  list->Add(api, "logTarget accepted", 3, [](KlCase& c) { c.log_target = true; }, 0, {});
  list->Add(api, "order: rank before reduction", 0,
            [](KlCase& c) {
              c.reduction = 9;
              c.Named("target").dims = std::vector<int64_t>(9, 1);
              c.Named("target").values.resize(1);
            },
            kInvalid, {"target"});
  list->Add(api, "order: reduction before broadcast", 0,
            [](KlCase& c) {
              c.reduction = 9;
              c.Named("target").dims = {5};
              c.Named("target").values.resize(5);
            },
            kInvalid, {"reduction"});
  list->Add(api, "target: shape 1-D 5", 0, [](KlCase& c) { c.Named("target").dims = {5}; }, kInvalid, {"target"});
  list->Add(api, "out: shape 2-D 4 3", 0, [](KlCase& c) { c.Named("out").dims = {4, 3}; }, kInvalid, {"out"});
  list->Add(api, "out: shape 1-D 2 for mean", 1, [](KlCase& c) { c.Named("out").dims = {2}; }, kInvalid, {"out"});
  list->Add(api, "out: shape 0-D for none", 0, [](KlCase& c) { c.Named("out").dims = {}; }, kInvalid, {"out"});
  list->Add(api, "out: shape 1-D 1 accepted for sum", 2, [](KlCase& c) { c.Named("out").dims = {1}; }, 0, {});
  list->Add(api, "out: shape 2-D 1 1 accepted for batchmean", 3, [](KlCase& c) { c.Named("out").dims = {1, 1}; },
            0, {});
  list->Add(api, "order: broadcast before out shape", 0,
            [](KlCase& c) {
              c.Named("target").dims = {5};
              c.Named("out").dims = {7};
            },
            kInvalid, {"target"});
  list->Add(api, "empty self: shapes are not compared", 0,
            [](KlCase& c) {
              c.Named("self").dims = {0, 4};
              c.Named("self").values.clear();
              c.Named("target").dims = {5};
              c.Named("out").dims = {7};
              c.Named("out").null_data = true;
            },
            0, {});
  list->Add(api, "empty self: mean still needs a one-element out", 1,
            [](KlCase& c) {
              c.Named("self").dims = {0, 4};
              c.Named("self").values.clear();
              c.Named("out").dims = {2};
            },
            kInvalid, {"out"});
}

void AddGradientCases(CaseList* list, Api api) {
  const bool by_target = api == Api::kTargetBackward;
  const std::string out = by_target ? "gradTarget" : "out";
  const std::string owner = by_target ? "target" : "self";
  const std::string other = by_target ? "self" : "target";
  for (int64_t reduction : {int64_t{-1}, int64_t{4}, kInt64Min, kInt64Max}) {
    list->Add(api, "reduction " + std::to_string(reduction) + " accepted as none", 0,
              [reduction](KlCase& c) { c.reduction = reduction; }, 0, {});
  }
  list->Add(api, "batchmean with logTarget accepted", 3, [](KlCase& c) { c.log_target = true; }, 0, {});
  // self and target that do not broadcast: the check (target with self, CANN's) names target either way.
  list->Add(api, other + ": shape 1-D 5", 0, [other](KlCase& c) { c.Named(other).dims = {5}; }, kInvalid,
            {"target"});
  list->Add(api, "gradOutput: shape 1-D 3", 0, [](KlCase& c) { c.Named("gradOutput").dims = {3}; }, kInvalid,
            {"gradOutput"});
  list->Add(api, "gradOutput: enlarging the broadcast", 0,
            [](KlCase& c) {
              c.Named("gradOutput").dims = {2, 3, 4};
              c.Named("gradOutput").values.resize(24);
            },
            kInvalid, {"gradOutput"});
  list->Add(api, out + ": shape 1-D 4", 0, [out](KlCase& c) { c.Named(out).dims = {4}; }, kInvalid, {out});
  list->Add(api, out + ": shape 2-D 4 3", 0, [out](KlCase& c) { c.Named(out).dims = {4, 3}; }, kInvalid, {out});
  // The broadcast enlarges the differentiated operand: the gradient is summed back to its shape, as CANN does.
  list->Add(api, owner + " enlarged by " + other + " accepted", 0,
            [owner, other, out](KlCase& c) {
              c.Named(owner).dims = {4};
              c.Named(owner).values.resize(4);
              c.Named(other).dims = {3, 4};
              c.Named(other).values.resize(12, 0.25);
              c.Named(out).dims = {4};
            },
            0, {});
  // ... but not beyond int64 elements, which only the broadcast of two valid tensors can reach (ours; no data is
  // read before the check).
  list->Add(api, other + ": broadcast beyond int64 elements", 0,
            [owner, other, out](KlCase& c) {
              for (const std::string& arg : {owner, other, out}) {
                c.Named(arg).values.clear();
                c.Named(arg).null_data = true;
              }
              c.Named(owner).dims = {int64_t{1} << 32, 1};
              c.Named(out).dims = {int64_t{1} << 32, 1};
              c.Named(other).dims = {1, int64_t{1} << 32};
              c.Named("gradOutput").dims = {1};
              c.Named("gradOutput").values.resize(1);
            },
            kInvalid, {other});
  list->Add(api, "order: broadcast before out shape", 0,
            [other, out](KlCase& c) {
              c.Named(other).dims = {5};
              c.Named(out).dims = {7};
            },
            kInvalid, {"target"});
  list->Add(api, "empty inputs accepted", 0,
            [owner, other, out](KlCase& c) {
              for (const std::string& arg : {owner, out}) {
                c.Named(arg).dims = {0, 4};
                c.Named(arg).values.clear();
                c.Named(arg).null_data = true;
              }
            },
            0, {});
  if (by_target) {
    list->Add(api, "gradTarget: FLOAT16 beside a FLOAT target", 0,
              [](KlCase& c) { c.Named("gradTarget").dtype = ACL_FLOAT16; }, kInvalid, {"gradTarget"});
    for (const std::string arg : {"gradOutput", "self", "target", "gradTarget"}) {
      for (aclFormat format : {ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_NZ, ACL_FORMAT_FRACTAL_Z}) {
        list->Add(api, arg + ": format " + std::to_string(format), 0,
                  [arg, format](KlCase& c) { c.Named(arg).format = format; }, kInvalid, {arg});
      }
    }
    list->Add(api, "plain formats accepted", 0,
              [](KlCase& c) {
                c.tensors[0].format = ACL_FORMAT_NCHW;
                c.tensors[1].format = ACL_FORMAT_NCL;
                c.tensors[2].format = ACL_FORMAT_NHWC;
                c.tensors[3].format = ACL_FORMAT_NCDHW;
              },
              0, {});
  } else {
    list->Add(api, "out: another float type accepted", 1, [](KlCase& c) { c.Named("out").dtype = ACL_BF16; }, 0,
              {});
  }
}

std::vector<KlCase> AllCases() {
  CaseList list;
  for (Api api : {Api::kForward, Api::kBackward, Api::kTargetBackward}) {
    AddPerTensorCases(&list, api);
    if (api == Api::kForward) {
      AddForwardCases(&list);
    } else {
      AddGradientCases(&list, api);
    }
  }
  return list.Take();
}

class KlDivBadInputTest : public ::testing::TestWithParam<KlCase> {};

TEST_P(KlDivBadInputTest, FailsAsDocumented) {
  const KlCase& c = GetParam();
  const Phase1Call phase1 = [&c](const TensorSet& t, uint64_t* size, aclOpExecutor** handle) {
    switch (c.api) {
      case Api::kForward:
        return aclnnKlDivGetWorkspaceSize(t.at(0), t.at(1), c.reduction, c.log_target, t.at(2), size, handle);
      case Api::kBackward:
        return aclnnKlDivBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), c.reduction, c.log_target, t.at(3),
                                                  size, handle);
      case Api::kTargetBackward:
        return aclnnKlDivTargetBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), c.reduction, c.log_target,
                                                        t.at(3), size, handle);
    }
    return -1;
  };
  const Phase2 phase2 = c.api == Api::kForward    ? aclnnKlDiv
                          : c.api == Api::kBackward ? aclnnKlDivBackward
                                                    : aclnnKlDivTargetBackward;
  RunPhase1Case(c, ApiName(c.api), phase1, phase2);
}

INSTANTIATE_TEST_SUITE_P(AllParameters, KlDivBadInputTest, ::testing::ValuesIn(AllCases()),
                         [](const ::testing::TestParamInfo<KlCase>& param_info) {
                           return TestNameOf(param_info.param.name) + "_" + std::to_string(param_info.index);
                         });

}  // namespace
}  // namespace openaclnn::test
