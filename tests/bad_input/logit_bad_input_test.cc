// Every parameter of aclnnLogit and aclnnLogitGrad, phase 1: NULL, NULL data, every data type outside FLOAT,
// FLOAT16 and BFLOAT16, mixed types (the generated operators take one type), ranks above 8, shapes other than the
// input's (no broadcasting), layouts, the phase-1 output pointers and the order of the checks; any eps accepted
// (phase 2's executor checks: executor_bad_input_test.cc). Each failing call must return the documented code, name
// the argument, hand out no executor and leave every tensor's memory unchanged; the accepted rows must run.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <ostream>
#include <utility>
#include <string>
#include <vector>

#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "bad_input_harness.h"

namespace openaclnn::test {
namespace {

struct LogitCase : Phase1Case {
  bool grad = false;
  double eps = -1.0;
};

void PrintTo(const LogitCase& c, std::ostream* os) { *os << c.name; }

const char* ApiOf(bool grad) { return grad ? "aclnnLogitGradGetWorkspaceSize" : "aclnnLogitGetWorkspaceSize"; }

TensorArg Float(std::vector<int64_t> dims, double value, bool with_values) {
  TensorArg arg = FilledFloat(std::move(dims), value);
  if (!with_values) arg.values.clear();
  return arg;
}

// input / x (3, 4), dy (3, 4), out (3, 4).
LogitCase Valid(bool grad) {
  LogitCase c;
  c.grad = grad;
  if (grad) {
    c.names = {"x", "dy", "out"};
    c.tensors = {Float({3, 4}, 0.25, true), Float({3, 4}, 1.0, true), Float({3, 4}, 0, false)};
  } else {
    c.names = {"input", "out"};
    c.tensors = {Float({3, 4}, 0.25, true), Float({3, 4}, 0, false)};
  }
  return c;
}

std::vector<LogitCase> AllCases() {
  std::vector<LogitCase> cases;
  auto add = [&cases](bool grad, const std::string& name, const std::function<void(LogitCase&)>& mutate, int code,
                      std::vector<std::string> named) {
    LogitCase c = Valid(grad);
    mutate(c);
    c.name = std::string(ApiOf(grad)) + " " + name;
    c.expected_code = code;
    c.named = std::move(named);
    cases.push_back(std::move(c));
  };
  for (bool grad : {false, true}) {
    const LogitCase base = Valid(grad);
    const std::string first = base.names.front();
    for (size_t index = 0; index < base.names.size(); ++index) {
      const std::string name = base.names[index];
      auto on = [name](std::function<void(TensorArg&)> change) {
        return [name, change](LogitCase& c) { change(c.Named(name)); };
      };
      add(grad, name + ": NULL", on([](TensorArg& t) { t.present = false; }), kNull, {name});
      for (const LayoutMutation& row : LayoutMutations(base.tensors[index])) {
        add(grad, name + ": " + row.label, on(row.change), row.null_data ? kNull : kInvalid, {name});
      }
      for (aclDataType dtype : AllDataTypes()) {
        if (!IsLossFloat(dtype)) {
          add(grad, name + ": dtype " + DtypeName(dtype), on([dtype](TensorArg& t) { t.dtype = dtype; }), kInvalid,
              {name});
        }
      }
      if (index > 0) {
        // One data type for every tensor: the mismatching one is named.
        add(grad, name + ": FLOAT16 beside a FLOAT " + first, on([](TensorArg& t) { t.dtype = ACL_FLOAT16; }),
            kInvalid, {name});
        add(grad, name + ": shape 2-D 4 3", on([](TensorArg& t) { t.dims = {4, 3}; }), kInvalid, {name});
        add(grad, name + ": shape 1-D 4 (no broadcasting)", on([](TensorArg& t) {
              t.dims = {4};
              t.values.resize(t.values.empty() ? 0 : 4);
            }),
            kInvalid, {name});
      }
    }
    add(grad, first + ": rank 9 of ones", [first](LogitCase& c) {
          for (TensorArg& t : c.tensors) {
            t.dims = std::vector<int64_t>(9, 1);
            t.values.resize(t.values.empty() ? 0 : 1);
          }
        },
        kInvalid, {first});
    add(grad, "workspaceSize: NULL", [](LogitCase& c) { c.null_workspace_size = true; }, kNull, {"workspaceSize"});
    add(grad, "executor: NULL", [](LogitCase& c) { c.null_executor = true; }, kNull, {"executor"});
    add(grad, "order: workspaceSize before NULL tensors",
        [](LogitCase& c) {
          c.null_workspace_size = true;
          c.tensors[0].present = false;
        },
        kNull, {"workspaceSize"});
    add(grad, "order: NULL before data type",
        [](LogitCase& c) {
          c.tensors.back().present = false;
          c.tensors[0].dtype = ACL_INT32;
        },
        kNull, {"out"});
    add(grad, "order: data type before shape",
        [](LogitCase& c) {
          c.tensors.back().dtype = ACL_DOUBLE;
          c.tensors.back().dims = {7};
        },
        kInvalid, {"out"});
    for (double eps : {0.0, 1e-6, 0.5, 0.9, 2.0, -1e30, std::numeric_limits<double>::infinity(),
                       std::numeric_limits<double>::quiet_NaN()}) {
      add(grad, "eps " + std::to_string(eps) + " accepted", [eps](LogitCase& c) { c.eps = eps; }, 0, {});
    }
    for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
      add(grad, "all " + DtypeName(dtype) + " accepted", [dtype](LogitCase& c) {
            for (TensorArg& t : c.tensors) t.dtype = dtype;
          },
          0, {});
    }
    add(grad, "0-D accepted", [](LogitCase& c) {
          for (TensorArg& t : c.tensors) {
            t.dims = {};
            t.values.resize(t.values.empty() ? 0 : 1);
          }
        },
        0, {});
    add(grad, "empty with NULL data accepted", [](LogitCase& c) {
          for (TensorArg& t : c.tensors) {
            t.dims = {0, 4};
            t.values.clear();
            t.null_data = true;
          }
        },
        0, {});
  }
  return cases;
}

class LogitBadInputTest : public ::testing::TestWithParam<LogitCase> {};

TEST_P(LogitBadInputTest, FailsAsDocumented) {
  const LogitCase& c = GetParam();
  const Phase1Call phase1 = [&c](const TensorSet& t, uint64_t* size, aclOpExecutor** handle) {
    return c.grad ? aclnnLogitGradGetWorkspaceSize(t.at(0), t.at(1), c.eps, t.at(2), size, handle)
                  : aclnnLogitGetWorkspaceSize(t.at(0), c.eps, t.at(1), size, handle);
  };
  RunPhase1Case(c, ApiOf(c.grad), phase1, c.grad ? aclnnLogitGrad : aclnnLogit);
}

INSTANTIATE_TEST_SUITE_P(AllParameters, LogitBadInputTest, ::testing::ValuesIn(AllCases()),
                         [](const ::testing::TestParamInfo<LogitCase>& param_info) {
                           return TestNameOf(param_info.param.name) + "_" + std::to_string(param_info.index);
                         });

}  // namespace
}  // namespace openaclnn::test
