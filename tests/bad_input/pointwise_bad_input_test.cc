// Every parameter of every registered pointwise loss (tests/support/pointwise_registry.h), forward and backward,
// both phases: NULL, NULL data, every data type outside FLOAT, FLOAT16 and BFLOAT16 (and, where CANN allows no
// promotion, a mismatching float type), ranks above 8, shapes that do not broadcast, wrong out shapes, bad
// reductions, negative and overflowing strides and offsets, overlapping outputs, broadcast element counts beyond
// int64, the phase-1 output pointers, CANN's check order and empty tensors (phase 2's executor checks:
// executor_bad_input_test.cc). Each failing call must return the documented code, name the argument, hand out no
// executor and leave every tensor's memory unchanged; the accepted rows must run.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include "bad_input_harness.h"
#include "pointwise_registry.h"

namespace openaclnn::test {
namespace {

// One call's arguments: tensors in signature order (forward: self, target, out; backward: gradOutput, self,
// target, out/gradInput).
struct CallArgs {
  std::vector<std::string> names;
  std::vector<TensorArg> tensors;
  int64_t reduction = 0;
  float beta = 1.0f;  // Smooth L1's; the others ignore it.
  bool null_workspace_size = false;
  bool null_executor = false;

  TensorArg& Named(const std::string& name) {
    for (size_t i = 0; i < names.size(); ++i) {
      if (names[i] == name) {
        return tensors[i];
      }
    }
    throw std::out_of_range(name);
  }
};

struct PointwiseCase {
  std::string name;
  const PointwiseLoss* loss;
  bool backward;
  CallArgs args;
  int expected_code;
  std::vector<std::string> named;
};

void PrintTo(const PointwiseCase& c, std::ostream* os) { *os << c.name; }

TensorArg Float(std::vector<int64_t> dims, std::vector<double> values) {
  return {true, std::move(dims), ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, std::move(values)};
}

// self (3, 4), target of self's shape; the backward's gradOutput broadcasts along the rows; out 0-D for mean and
// sum ((4) over dim 0), else the broadcast shape.
CallArgs ValidArgs(const PointwiseLoss& loss, bool backward, int64_t reduction) {
  CallArgs args;
  args.reduction = reduction;
  const std::vector<double> x = {0.1, -0.2, 0.3, 0.4, 0.5, 0.6, -0.7, 0.8, 0.9, 0.25, 0.75, 0.5};
  if (backward) {
    args.names = {loss.grad_output_arg, "self", "target", loss.grad_input_arg};
    args.tensors = {Float({4}, {1, 2, 3, 4}), Float({3, 4}, x), Float({3, 4}, std::vector<double>(12, 0.5)),
                    Float({3, 4}, {})};
  } else {
    args.names = {"self", "target", loss.forward_out_arg};
    args.tensors = {Float({3, 4}, x), Float({3, 4}, std::vector<double>(12, 0.5)),
                    Float(ForwardOutDims(loss, {3, 4}, reduction), {})};
  }
  return args;
}

using Mutation = std::function<void(CallArgs&)>;

class CaseList {
 public:
  CaseList(const PointwiseLoss& loss, bool backward) : loss_(loss), backward_(backward) {}

  void Add(const std::string& name, int64_t reduction, const Mutation& mutate, int code,
           std::vector<std::string> named) {
    CallArgs args = ValidArgs(loss_, backward_, reduction);
    mutate(args);
    const std::string api = backward_ ? loss_.name + "Backward" : loss_.name;
    cases_.push_back({api + " " + name + " (reduction " + std::to_string(reduction) + ")", &loss_, backward_,
                      std::move(args), code, std::move(named)});
  }

  std::vector<PointwiseCase> Take() { return std::move(cases_); }
  const std::string& out() const { return out_name_; }
  const std::string& grad() const { return loss_.grad_output_arg; }
  bool backward() const { return backward_; }
  const PointwiseLoss& loss() const { return loss_; }

 private:
  const PointwiseLoss& loss_;
  const bool backward_;
  const std::string out_name_ = backward_ ? loss_.grad_input_arg : loss_.forward_out_arg;
  std::vector<PointwiseCase> cases_;
};

void AddPerTensorCases(CaseList* list, int64_t reduction) {
  const CallArgs base = ValidArgs(list->loss(), list->backward(), reduction);
  for (size_t index = 0; index < base.names.size(); ++index) {
    const std::string name = base.names[index];
    auto on = [name](std::function<void(TensorArg&)> change) {
      return [name, change](CallArgs& args) { change(args.Named(name)); };
    };
    list->Add(name + ": NULL", reduction, on([](TensorArg& t) { t.present = false; }), kNull, {name});
    for (const LayoutMutation& row : LayoutMutations(base.tensors[index])) {
      list->Add(name + ": " + row.label, reduction, on(row.change), row.null_data ? kNull : kInvalid, {name});
    }
    // Without promotion (MSE's backward) a wrong self type is reported as gradOutput's mismatch, checked first.
    const bool reported_as_grad = list->backward() && list->loss().backward_same_types && name == "self";
    // An integer beside floating inputs is cast (L1), except the forward's integer self for none.
    const bool input = name != list->out();
    const bool casts = list->loss().casts_integer_inputs && input &&
                       (list->backward() || name != "self" || reduction != 0);
    for (aclDataType dtype : AllDataTypes()) {
      if (!IsLossFloat(dtype)) {
        const bool accepted = casts && IsPromotableInteger(dtype);
        list->Add(name + ": dtype " + DtypeName(dtype), reduction, on([dtype](TensorArg& t) { t.dtype = dtype; }),
                  accepted ? 0 : kInvalid,
                  accepted ? std::vector<std::string>{} : std::vector<std::string>{reported_as_grad ? list->grad() : name});
      }
    }
    for (size_t rank : {size_t{9}, size_t{32}}) {
      list->Add(name + ": rank " + std::to_string(rank) + " of ones", reduction,
                on([rank](TensorArg& t) {
                  t.dims = std::vector<int64_t>(rank, 1);
                  t.values.resize(t.values.empty() ? 0 : 1);
                }),
                kInvalid, {name});
    }
  }
}

void AddTypeCases(CaseList* list) {
  if (list->backward() && list->loss().backward_same_types) {
    // No promotion: gradOutput and target must have self's type exactly.
    for (const std::string& name : {list->grad(), std::string("target")}) {
      for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
        list->Add(name + ": float type " + DtypeName(dtype) + " beside a FLOAT self", 0,
                  [name, dtype](CallArgs& a) { a.Named(name).dtype = dtype; }, kInvalid, {name});
      }
    }
    list->Add("out: another float type accepted", 1, [](CallArgs& a) { a.tensors[3].dtype = ACL_BF16; }, 0, {});
    list->Add("all inputs FLOAT16 accepted", 0,
              [](CallArgs& a) { a.tensors[0].dtype = a.tensors[1].dtype = a.tensors[2].dtype = ACL_FLOAT16; }, 0,
              {});
    return;
  }
  list->Add("mixed float types accepted", 1,
            [](CallArgs& a) {
              a.tensors[0].dtype = ACL_FLOAT16;
              a.tensors[1].dtype = ACL_BF16;
              a.tensors.back().dtype = ACL_BF16;
            },
            0, {});
}

void AddShapeCases(CaseList* list) {
  const std::string out = list->out();
  struct Row {
    int64_t reduction;
    std::string arg;
    std::vector<int64_t> dims;
  };
  std::vector<Row> rows = {{0, "target", {5}}, {0, "target", {2, 4}}, {1, "target", {3, 5, 4}},
                           {0, out, {4, 3}},   {0, out, {3, 4, 1}},   {0, out, {12}}};
  if (list->backward()) {
    rows.push_back({0, list->grad(), {3}});
    rows.push_back({2, list->grad(), {2, 4}});
    rows.push_back({1, out, {}});
  } else if (list->loss().reduced_out_any_one_element) {
    // mean and sum: any one-element out (smooth L1), but no other.
    rows.push_back({1, out, {3, 4}});
    rows.push_back({2, out, {2}});
    rows.push_back({1, out, {0}});
    list->Add(out + ": shape 2-D 1 1 accepted", 2, [out](CallArgs& a) { a.Named(out).dims = {1, 1}; }, 0, {});
  } else {
    // mean and sum: out is 0-D, so even one-element shapes are refused.
    rows.push_back({1, out, {1}});
    rows.push_back({2, out, {1, 1}});
    rows.push_back({1, out, {3, 4}});
  }
  for (const Row& row : rows) {
    list->Add(row.arg + ": shape " + DimsName(row.dims), row.reduction,
              [row](CallArgs& a) { a.Named(row.arg).dims = row.dims; }, kInvalid, {row.arg});
  }
  // Changing self's shape makes the argument compared with it the mismatching one.
  list->Add("self: shape 2-D 4 3", 0, [](CallArgs& a) { a.Named("self").dims = {4, 3}; }, kInvalid,
            {list->backward() ? list->grad() : "target"});
  list->Add("mutual broadcast accepted", 0,
            [list](CallArgs& a) {
              a.Named("self").dims = {3, 1};
              a.Named("self").values.resize(3);
              a.Named("target").dims = {1, 4};
              a.Named("target").values.resize(4);
              if (list->backward()) {
                a.tensors[0].dims = {1};
                a.tensors[0].values.resize(1);
              }
            },
            0, {});
  list->Add("0-D everything accepted", list->backward() ? 0 : 1,
            [list](CallArgs& a) {
              for (TensorArg& t : a.tensors) {
                t.dims = {};
                t.values.resize(t.values.empty() ? 0 : 1);
              }
            },
            0, {});
  list->Add("storage formats are not compared", 0,
            [](CallArgs& a) {
              a.tensors[0].format = ACL_FORMAT_NCHW;
              a.tensors[1].format = ACL_FORMAT_NC1HWC0;
            },
            0, {});
}

void AddOverflowCases(CaseList* list) {
  const std::string out = list->out();
  list->Add(out + ": zero stride", 0, [out](CallArgs& a) { a.Named(out).strides = std::vector<int64_t>{0, 1}; },
            kInvalid, {out});
  list->Add(out + ": overlapping strides", 0,
            [out](CallArgs& a) { a.Named(out).strides = std::vector<int64_t>{1, 1}; }, kInvalid, {out});
  if (!list->backward()) {
    // Each input's count fits in int64 (zero strides keep its extent one element); their broadcast's does not.
    for (int64_t reduction : {1, 2}) {
      list->Add("target: broadcast beyond int64", reduction,
                [](CallArgs& a) {
                  const int64_t side = int64_t{1} << 32;
                  a.Named("self") = {true, {side, 1}, ACL_FLOAT, std::vector<int64_t>{0, 0}, 0, ACL_FORMAT_ND, false,
                                     {0.5}};
                  a.Named("target") = {true, {1, side}, ACL_FLOAT, std::vector<int64_t>{0, 0}, 0, ACL_FORMAT_ND,
                                       false, {0.5}};
                },
                kInvalid, {"target"});
    }
  }
}

void AddOrderCases(CaseList* list) {
  const std::string out = list->out();
  const std::string first = list->backward() ? list->grad() : "self";
  list->Add("order: workspaceSize NULL before executor NULL", 0,
            [](CallArgs& a) { a.null_workspace_size = a.null_executor = true; }, kNull, {"workspaceSize"});
  list->Add("order: executor NULL before NULL tensors", 0,
            [](CallArgs& a) {
              a.null_executor = true;
              a.tensors[0].present = false;
            },
            kNull, {"executor"});
  list->Add("order: " + first + " NULL before " + out + " NULL", 0,
            [](CallArgs& a) { a.tensors.front().present = a.tensors.back().present = false; }, kNull, {first});
  list->Add("order: NULL before data type", 0,
            [](CallArgs& a) {
              a.tensors.back().present = false;
              a.tensors[0].dtype = ACL_INT32;
            },
            kNull, {out});
  // L1's forward and both backwards check the reduction before the data types; MSE's forward after them.
  const bool reduction_first = list->backward() ? list->loss().name == "L1Loss" : list->loss().forward_reduction_first;
  list->Add("order: reduction and data type", 0,
            [](CallArgs& a) {
              a.reduction = 3;
              a.Named("target").dtype = ACL_DOUBLE;
            },
            kInvalid, {reduction_first ? "reduction" : "target"});
  list->Add("order: data type before rank", 0,
            [](CallArgs& a) {
              a.Named("target").dtype = ACL_UINT32;  // No loss takes it (L1 casts the six narrower integers).
              a.Named("self").dims = std::vector<int64_t>(9, 1);
            },
            kInvalid, {"target"});
  list->Add("order: rank before broadcast", 0,
            [](CallArgs& a) {
              a.Named("self").dims = std::vector<int64_t>(9, 1);
              a.Named("target").dims = {5};
            },
            kInvalid, {"self"});
  list->Add("order: broadcast before out shape", 0,
            [out](CallArgs& a) {
              a.Named("target").dims = {5};
              a.Named(out).dims = {7};
            },
            kInvalid, {"target"});
  list->Add("order: out shape before layouts", 0,
            [out](CallArgs& a) {
              a.Named(out).dims = {7};
              a.Named("self").offset = -1;
            },
            kInvalid, {out});
  list->Add("order: input layouts before out layout", 0,
            [out](CallArgs& a) {
              a.Named("target").null_data = true;
              a.Named(out).offset = -1;
            },
            kNull, {"target"});
}

void AddEmptyCases(CaseList* list) {
  const std::string out = list->out();
  const bool over_dim0 = list->loss().forward_reduction == ForwardReduction::kDim0;
  // Empty inputs touch no input; only a forward mean or sum over every element still writes out's one element.
  for (int64_t reduction : {0, 1, 2}) {
    const bool writes = !list->backward() && reduction != 0 && !over_dim0;
    const std::vector<int64_t> out_dims =
        list->backward() ? std::vector<int64_t>{0, 4} : ForwardOutDims(list->loss(), {0, 4}, reduction);
    list->Add("empty inputs with bad layouts accepted", reduction,
              [writes, out, out_dims](CallArgs& a) {
                a.Named("self").dims = a.Named("target").dims = {0, 4};
                a.Named("self").values.clear();
                a.Named("target").values.clear();
                a.Named("self").null_data = a.Named("target").null_data = true;
                if (!writes) {
                  a.Named(out).dims = out_dims;
                  a.Named(out).null_data = true;
                }
              },
              0, {});
  }
  if (!list->backward() && !over_dim0) {
    list->Add("empty inputs still write out for mean", 1,
              [](CallArgs& a) {
                a.Named("self").dims = a.Named("target").dims = {0, 4};
                a.Named("self").values.clear();
                a.Named("target").values.clear();
                a.tensors.back().offset = -1;
              },
              kInvalid, {list->out()});
  }
}

// beta must be >= 0 (CANN's test is beta >= 0, so NaN fails it); 0 is the L1 loss and infinity all quadratic.
// The forward checks it last, after out's shape; the backward right after the reduction, before the shapes.
void AddBetaCases(CaseList* list) {
  const float inf = std::numeric_limits<float>::infinity();
  for (float beta : {-1.0f, -1e-30f, -inf, std::numeric_limits<float>::quiet_NaN()}) {
    for (int64_t reduction : {0, 1}) {
      list->Add("beta " + std::to_string(beta), reduction, [beta](CallArgs& a) { a.beta = beta; }, kInvalid,
                {"beta"});
    }
  }
  for (float beta : {0.0f, -0.0f, 1e-30f, inf}) {
    list->Add("beta " + std::to_string(beta) + " accepted", 1, [beta](CallArgs& a) { a.beta = beta; }, 0, {});
  }
  const std::string out = list->out();
  if (list->backward()) {
    list->Add("order: reduction before beta", 0,
              [](CallArgs& a) {
                a.reduction = 3;
                a.beta = -1.0f;
              },
              kInvalid, {"reduction"});
    list->Add("order: beta before shapes", 0,
              [out](CallArgs& a) {
                a.beta = -1.0f;
                a.Named(out).dims = {7};
              },
              kInvalid, {"beta"});
  } else {
    list->Add("order: out shape before beta", 0,
              [out](CallArgs& a) {
                a.beta = -1.0f;
                a.Named(out).dims = {7};
              },
              kInvalid, {out});
    list->Add("order: beta before layouts", 0,
              [](CallArgs& a) {
                a.beta = -1.0f;
                a.Named("self").offset = -1;
              },
              kInvalid, {"beta"});
  }
}

std::vector<PointwiseCase> AllCases() {
  std::vector<PointwiseCase> cases;
  for (const PointwiseLoss& loss : PointwiseLosses()) {
    for (bool backward : {false, true}) {
      if (backward && loss.backward_phase1 == nullptr) {
        continue;
      }
      CaseList list(loss, backward);
      for (int64_t reduction : {0, 1, 2}) {
        AddPerTensorCases(&list, reduction);
      }
      AddTypeCases(&list);
      AddShapeCases(&list);
      AddOverflowCases(&list);
      for (int64_t reduction : {int64_t{-1}, int64_t{3}, int64_t{4}, int64_t{100}, kInt64Min, kInt64Max}) {
        if (!backward && !loss.forward_checks_reduction) {
          // CANN's reading: every value but 0 and 1 is sum, into a 0-D out.
          list.Add("reduction " + std::to_string(reduction) + " accepted as sum", 0,
                   [reduction, out = list.out()](CallArgs& a) {
                     a.reduction = reduction;
                     a.Named(out).dims = {};
                   },
                   0, {});
          continue;
        }
        list.Add("reduction " + std::to_string(reduction), 0, [reduction](CallArgs& a) { a.reduction = reduction; },
                 kInvalid, {"reduction"});
      }
      if (loss.takes_beta) {
        AddBetaCases(&list);
      }
      list.Add("workspaceSize: NULL", 0, [](CallArgs& a) { a.null_workspace_size = true; }, kNull,
               {"workspaceSize"});
      list.Add("executor: NULL", 0, [](CallArgs& a) { a.null_executor = true; }, kNull, {"executor"});
      AddOrderCases(&list);
      AddEmptyCases(&list);
      for (PointwiseCase& c : list.Take()) {
        cases.push_back(std::move(c));
      }
    }
  }
  return cases;
}

int CallPhase1(const PointwiseCase& c, const TensorSet& tensors, uint64_t* size, aclOpExecutor** handle) {
  const CallArgs& a = c.args;
  if (c.backward) {
    return c.loss->backward_phase1(tensors.at(0), tensors.at(1), tensors.at(2), a.reduction, a.beta, tensors.at(3),
                                   size, handle);
  }
  return c.loss->forward_phase1(tensors.at(0), tensors.at(1), a.reduction, a.beta, tensors.at(2), size, handle);
}

class PointwiseBadInputTest : public ::testing::TestWithParam<PointwiseCase> {};

TEST_P(PointwiseBadInputTest, FailsAsDocumented) {
  const PointwiseCase& c = GetParam();
  std::vector<const TensorArg*> tensors;
  for (const TensorArg& t : c.args.tensors) {
    tensors.push_back(&t);
  }
  RunPhase1(tensors, {c.args.null_workspace_size, c.args.null_executor, c.expected_code, c.named},
            c.backward ? BackwardApi(*c.loss) : ForwardApi(*c.loss),
            [&c](const TensorSet& t, uint64_t* size, aclOpExecutor** handle) { return CallPhase1(c, t, size, handle); },
            c.backward ? c.loss->backward_phase2 : c.loss->forward_phase2);
}

INSTANTIATE_TEST_SUITE_P(AllParameters, PointwiseBadInputTest, ::testing::ValuesIn(AllCases()),
                         [](const ::testing::TestParamInfo<PointwiseCase>& param_info) {
                           return TestNameOf(param_info.param.name) + "_" + std::to_string(param_info.index);
                         });

}  // namespace
}  // namespace openaclnn::test
