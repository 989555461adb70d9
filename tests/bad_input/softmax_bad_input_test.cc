// Every parameter of aclnnSoftmaxGetWorkspaceSize and aclnnLogSoftmaxGetWorkspaceSize, and of their backwards:
// NULL, NULL data, every data type, ranks above 8, shapes, dims outside [-r, r - 1], layouts, the phase-1 output
// pointers, and each operator's CANN order (docs/softmax.md): softmax accepts an empty self before any other
// check, log-softmax checks dim first. Each failing call must return the documented code, name the argument, hand
// out no executor and leave memory unchanged; the accepted rows (formats, 0-D self, empty self) must run.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "bad_input_harness.h"

namespace openaclnn::test {
namespace {

struct SoftmaxArgs {
  bool log = false;
  TensorArg self;
  TensorArg out;
  int64_t dim = 1;
  bool null_workspace_size = false;
  bool null_executor = false;
};

struct SoftmaxCase {
  std::string name;
  SoftmaxArgs args;
  int expected_code;
  std::vector<std::string> named;
};

SoftmaxArgs ValidArgs(bool log) {
  SoftmaxArgs a;
  a.log = log;
  a.self = {true, {2, 3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 2, 3, 4, 5, 6}};
  a.out = {true, {2, 3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}};
  return a;
}

TensorArg& ArgNamed(SoftmaxArgs& a, const std::string& name) { return name == "self" ? a.self : a.out; }

bool IsSoftmaxType(aclDataType dtype) {
  return dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16 || dtype == ACL_DOUBLE;
}

void Add(std::vector<SoftmaxCase>* cases, bool log, const std::string& name,
         const std::function<void(SoftmaxArgs&)>& mutate,
         int code, std::vector<std::string> named) {
  SoftmaxArgs a = ValidArgs(log);
  mutate(a);
  cases->push_back({std::string(log ? "log_softmax " : "softmax ") + name, a, code, std::move(named)});
}

std::vector<SoftmaxCase> AllCases() {
  std::vector<SoftmaxCase> cases;
  for (const bool log : {false, true}) {
    for (const std::string name : {"self", "out"}) {
      auto on = [name](std::function<void(TensorArg&)> change) {
        return [name, change](SoftmaxArgs& a) { change(ArgNamed(a, name)); };
      };
      Add(&cases, log, name + ": NULL", on([](TensorArg& t) { t.present = false; }), kNull, {name});
      SoftmaxArgs base = ValidArgs(log);
      for (const LayoutMutation& row : LayoutMutations(ArgNamed(base, name))) {
        Add(&cases, log, name + ": " + row.label, on(row.change), row.null_data ? kNull : kInvalid, {name});
      }
      for (aclDataType dtype : AllDataTypes()) {
        if (!IsSoftmaxType(dtype)) {
          Add(&cases, log, name + ": dtype " + DtypeName(dtype), on([dtype](TensorArg& t) { t.dtype = dtype; }),
              kInvalid, {name});
        }
      }
      // Rank 9 with self's shape kept on the other argument: the rank is named (dim 1 stays valid for self).
      Add(&cases, log, name + ": rank 9", on([](TensorArg& t) { t.dims = {2, 3, 1, 1, 1, 1, 1, 1, 1}; }), kInvalid,
          {name == "self" ? "self" : "out", "out"});
      Add(&cases, log, name + ": format NCHW accepted", on([](TensorArg& t) { t.format = ACL_FORMAT_NCHW; }), 0, {});
    }
    Add(&cases, log, "out: shape 3 x 2", [](SoftmaxArgs& a) { a.out.dims = {3, 2}; }, kInvalid, {"out"});
    Add(&cases, log, "out: shape 2 x 3 x 1", [](SoftmaxArgs& a) { a.out.dims = {2, 3, 1}; }, kInvalid, {"out"});
    for (int64_t dim : {int64_t{2}, int64_t{-3}, int64_t{100}, kInt64Min, kInt64Max}) {
      Add(&cases, log, "dim " + std::to_string(dim), [dim](SoftmaxArgs& a) { a.dim = dim; }, kInvalid, {"dim"});
    }
    for (int64_t dim : {int64_t{0}, int64_t{-1}, int64_t{-2}}) {
      Add(&cases, log, "dim " + std::to_string(dim) + " accepted", [dim](SoftmaxArgs& a) { a.dim = dim; }, 0, {});
    }
    for (int64_t dim : {int64_t{0}, int64_t{-1}}) {
      Add(&cases, log, "0-D self with dim " + std::to_string(dim) + " accepted",
          [dim](SoftmaxArgs& a) {
            a.self.dims = {};
            a.self.values = {3};
            a.out.dims = {};
            a.dim = dim;
          },
          0, {});
    }
    Add(&cases, log, "0-D self with dim 1", [](SoftmaxArgs& a) {
          a.self.dims = {};
          a.self.values = {3};
          a.out.dims = {};
        },
        kInvalid, {"dim"});
    Add(&cases, log, "empty self accepted", [](SoftmaxArgs& a) {
          a.self.dims = {2, 0};
          a.self.values.clear();
          a.out.dims = {2, 0};
          a.self.null_data = a.out.null_data = true;
        },
        0, {});
    Add(&cases, log, "workspaceSize: NULL", [](SoftmaxArgs& a) { a.null_workspace_size = true; }, kNull,
        {"workspaceSize"});
    Add(&cases, log, "executor: NULL", [](SoftmaxArgs& a) { a.null_executor = true; }, kNull, {"executor"});
    Add(&cases, log, "order: self NULL before out NULL", [](SoftmaxArgs& a) { a.self.present = a.out.present = false; },
        kNull, {"self"});
    Add(&cases, log, "order: shapes before layouts", [](SoftmaxArgs& a) {
          a.out.dims = {3, 2};
          a.self.offset = -1;
        },
        kInvalid, {"out"});
    Add(&cases, log, "order: self type before out type", [](SoftmaxArgs& a) {
          a.self.dtype = ACL_INT32;
          a.out.dtype = ACL_INT8;
        },
        kInvalid, {"self"});
  }
  // The two CANN orders differ: log-softmax checks dim before the types, softmax the types before dim; softmax
  // accepts an empty self whatever else is wrong (CANN's UT: self (2, 0) with out (2, 3)).
  Add(&cases, true, "order: dim before self type", [](SoftmaxArgs& a) {
        a.dim = 5;
        a.self.dtype = ACL_INT32;
      },
      kInvalid, {"dim"});
  Add(&cases, false, "order: self type before dim", [](SoftmaxArgs& a) {
        a.dim = 5;
        a.self.dtype = ACL_INT32;
      },
      kInvalid, {"self"});
  Add(&cases, false, "empty self with a bad dim, out type and shape accepted", [](SoftmaxArgs& a) {
        a.self.dims = {2, 0};
        a.self.values.clear();
        a.out.dims = {2, 3};
        a.out.dtype = ACL_INT32;
        a.dim = 7;
      },
      0, {});
  Add(&cases, true, "empty self with a bad out shape", [](SoftmaxArgs& a) {
        a.self.dims = {2, 0};
        a.self.values.clear();
        a.out.dims = {2, 3};
      },
      kInvalid, {"out"});
  return cases;
}

// The backwards: gradOutput and output FLOAT, FLOAT16 or BFLOAT16 of one type and shape, out their shape; CANN's
// null order differs (log-softmax names output first), an empty gradOutput or output succeeds before any other
// check, and softmax checks dim before the shapes, log-softmax after.
struct BackwardArgs {
  bool log = false;
  TensorArg grad, output, out;
  int64_t dim = 1;
  bool null_workspace_size = false;
  bool null_executor = false;
};

struct BackwardCase {
  std::string name;
  BackwardArgs args;
  int expected_code;
  std::vector<std::string> named;
};

BackwardArgs ValidBackwardArgs(bool log) {
  BackwardArgs a;
  a.log = log;
  a.grad = {true, {2, 3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 2, 3, 4, 5, 6}};
  a.output = {true, {2, 3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {-1, -2, -3, -1, -2, -3}};
  a.out = {true, {2, 3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}};
  return a;
}

TensorArg& BackwardArg(BackwardArgs& a, const std::string& name) {
  return name == "gradOutput" ? a.grad : name == "output" ? a.output : a.out;
}

void AddBackward(std::vector<BackwardCase>* cases, bool log, const std::string& name,
                 const std::function<void(BackwardArgs&)>& mutate, int code, std::vector<std::string> named) {
  BackwardArgs a = ValidBackwardArgs(log);
  mutate(a);
  cases->push_back({std::string(log ? "log_softmax_backward " : "softmax_backward ") + name, a, code,
                    std::move(named)});
}

std::vector<BackwardCase> AllBackwardCases() {
  std::vector<BackwardCase> cases;
  for (const bool log : {false, true}) {
    for (const std::string name : {"gradOutput", "output", "out"}) {
      auto on = [name](std::function<void(TensorArg&)> change) {
        return [name, change](BackwardArgs& a) { change(BackwardArg(a, name)); };
      };
      AddBackward(&cases, log, name + ": NULL", on([](TensorArg& t) { t.present = false; }), kNull, {name});
      BackwardArgs base = ValidBackwardArgs(log);
      for (const LayoutMutation& row : LayoutMutations(BackwardArg(base, name))) {
        AddBackward(&cases, log, name + ": " + row.label, on(row.change), row.null_data ? kNull : kInvalid, {name});
      }
      for (aclDataType dtype : AllDataTypes()) {
        const bool valid = name == "out" ? IsSoftmaxType(dtype) : dtype == ACL_FLOAT;
        if (!valid) {
          // A float type other than the other input's is a mismatch, named as output.
          const bool mismatch = name != "out" && IsLossFloat(dtype);
          AddBackward(&cases, log, name + ": dtype " + DtypeName(dtype), on([dtype](TensorArg& t) { t.dtype = dtype; }),
                      kInvalid, {mismatch ? "output" : name});
        }
      }
      AddBackward(&cases, log, name + ": shape 3 x 2", on([](TensorArg& t) { t.dims = {3, 2}; }), kInvalid,
                  {name == "gradOutput" ? "output" : name, "gradOutput"});
    }
    AddBackward(&cases, log, "gradOutput and output: rank 9",
                [](BackwardArgs& a) { a.grad.dims = a.output.dims = a.out.dims = {2, 3, 1, 1, 1, 1, 1, 1, 1}; },
                kInvalid, {"gradOutput"});
    for (int64_t dim : {int64_t{2}, int64_t{-3}, kInt64Min, kInt64Max}) {
      AddBackward(&cases, log, "dim " + std::to_string(dim), [dim](BackwardArgs& a) { a.dim = dim; }, kInvalid,
                  {"dim"});
    }
    AddBackward(&cases, log, "dim -2 accepted", [](BackwardArgs& a) { a.dim = -2; }, 0, {});
    AddBackward(&cases, log, "empty gradOutput with everything else wrong accepted", [](BackwardArgs& a) {
          a.grad.dims = {2, 0};
          a.grad.values.clear();
          a.output.dtype = ACL_INT32;
          a.out.dims = {5};
          a.dim = 9;
        },
        0, {});
    AddBackward(&cases, log, "workspaceSize: NULL", [](BackwardArgs& a) { a.null_workspace_size = true; }, kNull,
                {"workspaceSize"});
    AddBackward(&cases, log, "executor: NULL", [](BackwardArgs& a) { a.null_executor = true; }, kNull, {"executor"});
    AddBackward(&cases, log, "order: both inputs NULL",
                [](BackwardArgs& a) { a.grad.present = a.output.present = false; }, kNull,
                {log ? "output" : "gradOutput"});
    AddBackward(&cases, log, "order: dim against a wrong out shape", [](BackwardArgs& a) {
          a.dim = 5;
          a.out.dims = {3, 2};
        },
        kInvalid, {log ? "out" : "dim"});
  }
  return cases;
}

class SoftmaxBackwardBadInputTest : public ::testing::TestWithParam<BackwardCase> {};

void PrintTo(const BackwardCase& c, std::ostream* os) { *os << c.name; }

TEST_P(SoftmaxBackwardBadInputTest, FailsAsDocumented) {
  const BackwardCase& c = GetParam();
  const BackwardArgs& a = c.args;
  const Phase1Call phase1 = [&a](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
    return a.log ? aclnnLogSoftmaxBackwardGetWorkspaceSize(t.at(0), t.at(1), a.dim, t.at(2), size, executor)
                 : aclnnSoftmaxBackwardGetWorkspaceSize(t.at(0), t.at(1), a.dim, t.at(2), size, executor);
  };
  RunPhase1({&a.grad, &a.output, &a.out}, {a.null_workspace_size, a.null_executor, c.expected_code, c.named},
            a.log ? "aclnnLogSoftmaxBackwardGetWorkspaceSize" : "aclnnSoftmaxBackwardGetWorkspaceSize", phase1,
            a.log ? aclnnLogSoftmaxBackward : aclnnSoftmaxBackward);
}

INSTANTIATE_TEST_SUITE_P(AllParameters, SoftmaxBackwardBadInputTest, ::testing::ValuesIn(AllBackwardCases()),
                         [](const ::testing::TestParamInfo<BackwardCase>& param_info) {
                           return TestNameOf(param_info.param.name) + "_" + std::to_string(param_info.index);
                         });

void PrintTo(const SoftmaxCase& c, std::ostream* os) { *os << c.name; }

class SoftmaxBadInputTest : public ::testing::TestWithParam<SoftmaxCase> {};

TEST_P(SoftmaxBadInputTest, FailsAsDocumented) {
  const SoftmaxCase& c = GetParam();
  const SoftmaxArgs& a = c.args;
  const Phase1Call phase1 = [&a](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
    return a.log ? aclnnLogSoftmaxGetWorkspaceSize(t.at(0), a.dim, t.at(1), size, executor)
                 : aclnnSoftmaxGetWorkspaceSize(t.at(0), a.dim, t.at(1), size, executor);
  };
  RunPhase1({&a.self, &a.out}, {a.null_workspace_size, a.null_executor, c.expected_code, c.named},
            a.log ? "aclnnLogSoftmaxGetWorkspaceSize" : "aclnnSoftmaxGetWorkspaceSize", phase1,
            a.log ? aclnnLogSoftmax : aclnnSoftmax);
}

INSTANTIATE_TEST_SUITE_P(AllParameters, SoftmaxBadInputTest, ::testing::ValuesIn(AllCases()),
                         [](const ::testing::TestParamInfo<SoftmaxCase>& param_info) {
                           return TestNameOf(param_info.param.name) + "_" + std::to_string(param_info.index);
                         });

}  // namespace
}  // namespace openaclnn::test
