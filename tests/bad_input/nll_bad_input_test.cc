// Every parameter of aclnnNLLLossBackwardGetWorkspaceSize, systematically: NULL, NULL data, wrong data type, wrong
// rank and shape, huge ranks, bad reduction, negative and overflowing strides and offsets, extents beyond int64,
// the phase-1 output pointers, and CANN's check order. Each failing call must return the documented code, name
// the argument in aclGetRecentErrMsg(), hand out no executor and leave every tensor's memory unchanged. The
// accepted-input rows (formats, which CANN does not check; a one-element totalWeight of any rank; empty tensors)
// must run.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "bad_input_harness.h"

namespace openaclnn::test {
namespace {

constexpr const char* kApi = "aclnnNLLLossBackwardGetWorkspaceSize";

struct NllArgs {
  TensorArg grad_output;
  TensorArg self;
  TensorArg target;
  TensorArg weight;
  TensorArg total_weight;
  TensorArg out;
  int64_t reduction = 0;
  int64_t ignore_index = -100;
  bool null_workspace_size = false;
  bool null_executor = false;
};

// CANN's argument names, in signature order.
const std::vector<std::string>& TensorNames() {
  static const std::vector<std::string> kNames = {"gradOutput", "self", "target", "weight", "totalWeight", "out"};
  return kNames;
}

TensorArg& ArgNamed(NllArgs& args, const std::string& name) {
  if (name == "gradOutput") return args.grad_output;
  if (name == "self") return args.self;
  if (name == "target") return args.target;
  if (name == "weight") return args.weight;
  if (name == "totalWeight") return args.total_weight;
  return args.out;
}

// self (4, 5), one ignored row; gradOutput (4) for none, one element otherwise.
NllArgs ValidArgs(int64_t reduction) {
  NllArgs args;
  args.reduction = reduction;
  args.self = {true, {4, 5}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, std::vector<double>(20, 0.5)};
  args.target = {true, {4}, ACL_INT64, {}, 0, ACL_FORMAT_ND, false, {0, 4, 2, -100}};
  args.weight = {true, {5}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 2, 3, 4, 5}};
  args.total_weight = {true, {1}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {2}};
  args.grad_output = reduction == 0 ? TensorArg{true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 2, 3, 4}}
                                    : TensorArg{true, {}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1}};
  args.out = {true, {4, 5}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}};
  return args;
}

struct NllCase {
  std::string name;
  NllArgs args;
  int expected_code;                  // 0: the call must succeed and run.
  std::vector<std::string> named;     // Any of these may be the argument the message names.
};

using Mutation = std::function<void(NllArgs&)>;

void Add(std::vector<NllCase>* cases, const std::string& name, int64_t reduction, const Mutation& mutate,
         int code, std::vector<std::string> named) {
  NllArgs args = ValidArgs(reduction);
  mutate(args);
  cases->push_back({name + " (reduction " + std::to_string(reduction) + ")", args, code, std::move(named)});
}

std::vector<int64_t> Ones(size_t rank) { return std::vector<int64_t>(rank, 1); }

// The rows every tensor argument gets: NULL, its memory, its layout, its data type, its rank. Memory and layout
// are only checked for tensors the call reads or writes (docs/nll_loss_backward.md): self's data is never read,
// and totalWeight only for mean, so those rows must be accepted and run there.
void AddPerTensorCases(std::vector<NllCase>* cases, int64_t reduction) {
  for (const std::string& name : TensorNames()) {
    auto on = [name](std::function<void(TensorArg&)> change) {
      return [name, change](NllArgs& args) { change(ArgNamed(args, name)); };
    };
    const bool addressed = name != "self" && (name != "totalWeight" || reduction == 1);
    const int null_data_code = addressed ? kNull : 0;
    const int layout_code = addressed ? kInvalid : 0;
    Add(cases, name + ": NULL", reduction, on([](TensorArg& t) { t.present = false; }), kNull, {name});
    Add(cases, name + ": NULL data", reduction, on([](TensorArg& t) { t.null_data = true; }), null_data_code,
        {name});
    Add(cases, name + ": offset -1", reduction, on([](TensorArg& t) { t.offset = -1; }), layout_code, {name});
    Add(cases, name + ": offset INT64_MIN", reduction, on([](TensorArg& t) { t.offset = kInt64Min; }), layout_code,
        {name});
    Add(cases, name + ": offset INT64_MAX", reduction, on([](TensorArg& t) { t.offset = kInt64Max; }), layout_code,
        {name});
    NllArgs base = ValidArgs(reduction);
    const TensorArg valid = ArgNamed(base, name);
    if (!valid.dims.empty()) {
      const size_t last = valid.dims.size() - 1;
      auto strides_with = [&valid, last](int64_t first, int64_t last_stride) {
        std::vector<int64_t> strides(valid.dims.size(), 1);
        strides[last] = last_stride;
        strides[0] = first;
        return strides;
      };
      Add(cases, name + ": stride -1", reduction,
          on([s = strides_with(-1, -1)](TensorArg& t) { t.strides = s; }), layout_code, {name});
      // (dim - 1) * stride beyond int64 (a size-1 dimension cannot overflow, so the rank-1 totalWeight is left).
      if (valid.dims[0] > 2) {
        Add(cases, name + ": (dim - 1) * stride overflows int64", reduction,
            on([s = strides_with(int64_t{1} << 62, 1)](TensorArg& t) { t.strides = s; }), layout_code, {name});
      }
      if (valid.dims[0] > 1) {
        // Fits in elements, not in bytes.
        Add(cases, name + ": extent in bytes overflows int64", reduction,
            on([s = strides_with(int64_t{1} << 61, 1)](TensorArg& t) { t.strides = s; }), layout_code, {name});
        Add(cases, name + ": offset plus extent overflows int64", reduction,
            on([](TensorArg& t) { t.offset = kInt64Max - 2; }), layout_code, {name});
      }
      if (valid.dims.size() == 2) {
        Add(cases, name + ": sum of the dimensions' extents overflows int64", reduction,
            on([](TensorArg& t) { t.strides = std::vector<int64_t>{int64_t{1} << 61, int64_t{1} << 61}; }),
            layout_code, {name});
      }
    }
    for (aclDataType dtype : AllDataTypes()) {
      std::vector<std::string> named = {name};
      bool valid_type = dtype == ACL_FLOAT;
      if (name == "self") {
        named = {"weight"};  // CANN's first dtype check compares weight with self.
      } else if (name == "target") {
        valid_type = dtype == ACL_INT64 || dtype == ACL_INT32 || dtype == ACL_UINT8;
      } else if (name == "out") {
        valid_type = IsLossFloat(dtype);
      }
      if (!valid_type) {
        Add(cases, name + ": dtype " + DtypeName(dtype), reduction, on([dtype](TensorArg& t) { t.dtype = dtype; }),
            kInvalid, named);
      }
    }
    for (size_t rank : {size_t{9}, size_t{32}}) {
      // A one-element totalWeight of any rank is accepted (CANN checks only its element count).
      Add(cases, name + ": rank " + std::to_string(rank) + " of ones", reduction,
          on([rank](TensorArg& t) { t.dims = Ones(rank); t.values.resize(t.values.empty() ? 0 : 1); }),
          name == "totalWeight" ? 0 : kInvalid, {name});
    }
  }
}

std::vector<NllCase> AllCases() {
  std::vector<NllCase> cases;
  for (int64_t reduction : {0, 1, 2}) {
    AddPerTensorCases(&cases, reduction);
  }
  // Every input of self's data type changed together to a type the operator does not compute: named as self, or as
  // out when the type cannot even be cast to out's.
  for (aclDataType dtype : AllDataTypes()) {
    if (!IsLossFloat(dtype)) {
      Add(&cases, "self, gradOutput, weight, totalWeight: dtype " + DtypeName(dtype), 1,
          [dtype](NllArgs& a) {
            a.self.dtype = a.grad_output.dtype = a.weight.dtype = a.total_weight.dtype = dtype;
          },
          kInvalid, {"self", "out"});
    }
  }
  // Shapes and ranks.
  struct ShapeRow {
    int64_t reduction;
    std::string arg;
    std::vector<int64_t> dims;
  };
  const std::vector<ShapeRow> shape_rows = {
      {0, "self", {}},          {0, "self", {4, 5, 1}},   {0, "self", {1, 4, 5}},   {0, "target", {4, 1}},
      {0, "target", {3}},       {0, "target", {}},        {0, "target", {5}},       {0, "weight", {4}},
      {0, "weight", {5, 1}},    {0, "weight", {}},        {0, "weight", {6}},       {0, "totalWeight", {2}},
      {0, "totalWeight", {0}},  {0, "totalWeight", {1, 2}}, {0, "gradOutput", {3}}, {0, "gradOutput", {4, 1}},
      {0, "gradOutput", {}},    {0, "gradOutput", {1}},   {1, "gradOutput", {2}},   {1, "gradOutput", {1, 1}},
      {1, "gradOutput", {4}},   {1, "gradOutput", {0}},   {2, "gradOutput", {4}},   {0, "out", {5, 4}},
      {0, "out", {4, 5, 1}},    {0, "out", {20}},         {0, "out", {4, 6}},       {0, "out", {}},
  };
  for (const ShapeRow& row : shape_rows) {
    Add(&cases, row.arg + ": shape " + std::to_string(row.dims.size()) + "-D " + [&] {
          std::string text;
          for (int64_t dim : row.dims) text += std::to_string(dim) + "x";
          return text;
        }(),
        row.reduction, [row](NllArgs& a) { ArgNamed(a, row.arg).dims = row.dims; }, kInvalid, {row.arg});
  }
  Add(&cases, "1-D self with a 1-D target", 0,
      [](NllArgs& a) {
        a.self.dims = a.out.dims = {5};
        a.grad_output.dims = {};
      },
      kInvalid, {"target"});
  // out must not overlap itself.
  Add(&cases, "out: zero stride", 0, [](NllArgs& a) { a.out.strides = std::vector<int64_t>{0, 1}; }, kInvalid,
      {"out"});
  Add(&cases, "out: overlapping strides", 0, [](NllArgs& a) { a.out.strides = std::vector<int64_t>{1, 1}; },
      kInvalid, {"out"});
  // N x C beyond int64: only zero strides could describe the inputs, and out's extent overflows.
  const int64_t huge = int64_t{1} << 32;
  Add(&cases, "N x C beyond int64", 0,
      [huge](NllArgs& a) {
        a.self = {true, {huge, huge}, ACL_FLOAT, std::vector<int64_t>{0, 0}, 0, ACL_FORMAT_ND, false, {}};
        a.target = {true, {huge}, ACL_INT64, std::vector<int64_t>{0}, 0, ACL_FORMAT_ND, false, {0}};
        a.grad_output = {true, {huge}, ACL_FLOAT, std::vector<int64_t>{0}, 0, ACL_FORMAT_ND, false, {1}};
        a.weight = {true, {huge}, ACL_FLOAT, std::vector<int64_t>{0}, 0, ACL_FORMAT_ND, false, {1}};
        a.out = {true, {huge, huge}, ACL_FLOAT, std::vector<int64_t>{huge, 1}, 0, ACL_FORMAT_ND, false, {}};
      },
      kInvalid, {"out"});
  Add(&cases, "out: 2^31 x 2^31 contiguous, beyond int64 in bytes", 1,
      [](NllArgs& a) {
        const int64_t side = int64_t{1} << 31;
        a.self = {true, {side, side}, ACL_FLOAT, std::vector<int64_t>{0, 0}, 0, ACL_FORMAT_ND, false, {}};
        a.target = {true, {side}, ACL_INT64, std::vector<int64_t>{0}, 0, ACL_FORMAT_ND, false, {0}};
        a.weight = {true, {side}, ACL_FLOAT, std::vector<int64_t>{0}, 0, ACL_FORMAT_ND, false, {1}};
        a.out = {true, {side, side}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}};
      },
      kInvalid, {"out"});
  // reduction.
  for (int64_t reduction : {int64_t{-1}, int64_t{3}, int64_t{4}, int64_t{100}, kInt64Min, kInt64Max}) {
    Add(&cases, "reduction " + std::to_string(reduction), 0, [reduction](NllArgs& a) { a.reduction = reduction; },
        kInvalid, {"reduction"});
  }
  // The phase-1 output pointers come first.
  Add(&cases, "workspaceSize: NULL", 0, [](NllArgs& a) { a.null_workspace_size = true; }, kNull,
      {"workspaceSize"});
  Add(&cases, "executor: NULL", 0, [](NllArgs& a) { a.null_executor = true; }, kNull, {"executor"});
  // CANN's order: output pointers, NULL tensors in signature order, data types, reduction, shapes, layouts.
  Add(&cases, "order: workspaceSize NULL before NULL tensors", 0,
      [](NllArgs& a) {
        a.null_workspace_size = true;
        a.grad_output.present = a.self.present = false;
      },
      kNull, {"workspaceSize"});
  Add(&cases, "order: gradOutput NULL before self NULL", 0,
      [](NllArgs& a) { a.grad_output.present = a.self.present = a.out.present = false; }, kNull, {"gradOutput"});
  Add(&cases, "order: out NULL before a bad data type", 0,
      [](NllArgs& a) {
        a.out.present = false;
        a.weight.dtype = ACL_INT32;
      },
      kNull, {"out"});
  Add(&cases, "order: weight dtype before target dtype", 0,
      [](NllArgs& a) {
        a.weight.dtype = ACL_DOUBLE;
        a.target.dtype = ACL_FLOAT;
      },
      kInvalid, {"weight"});
  Add(&cases, "order: data type before reduction", 0,
      [](NllArgs& a) {
        a.target.dtype = ACL_FLOAT;
        a.reduction = 7;
      },
      kInvalid, {"target"});
  Add(&cases, "order: reduction before shapes", 0,
      [](NllArgs& a) {
        a.reduction = 7;
        a.weight.dims = {3};
      },
      kInvalid, {"reduction"});
  Add(&cases, "order: shapes before layouts", 0,
      [](NllArgs& a) {
        a.weight.dims = {3};
        a.out.offset = -1;
      },
      kInvalid, {"weight"});
  // Accepted: CANN does not check formats for this operator, and empty tensors skip every layout check.
  for (const std::string& name : TensorNames()) {
    for (aclFormat format : {ACL_FORMAT_NCHW, ACL_FORMAT_NC1HWC0, ACL_FORMAT_UNDEFINED, static_cast<aclFormat>(63)}) {
      Add(&cases, name + ": format " + std::to_string(static_cast<int>(format)) + " accepted", 1,
          [name, format](NllArgs& a) { ArgNamed(a, name).format = format; }, 0, {});
    }
  }
  Add(&cases, "empty N accepted", 0,
      [](NllArgs& a) {
        a.self.dims = a.out.dims = {0, 5};
        a.target.dims = a.grad_output.dims = {0};
        a.self.values.clear();
        a.target.values.clear();
        a.grad_output.values.clear();
      },
      0, {});
  Add(&cases, "empty N with a wrong target shape", 0,
      [](NllArgs& a) {
        a.self.dims = a.out.dims = {0, 5};
        a.grad_output.dims = {0};
        a.self.values.clear();
        a.grad_output.values.clear();
      },
      kInvalid, {"target"});
  return cases;
}

void PrintTo(const NllCase& c, std::ostream* os) { *os << c.name; }

class NllBadInputTest : public ::testing::TestWithParam<NllCase> {};

TEST_P(NllBadInputTest, FailsAsDocumented) {
  const NllCase& c = GetParam();
  const NllArgs& a = c.args;
  RunPhase1({&a.grad_output, &a.self, &a.target, &a.weight, &a.total_weight, &a.out},
            {a.null_workspace_size, a.null_executor, c.expected_code, c.named}, kApi,
            [&a](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
              return aclnnNLLLossBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), t.at(3), a.reduction,
                                                          a.ignore_index, t.at(4), t.at(5), size, executor);
            },
            aclnnNLLLossBackward);
}

INSTANTIATE_TEST_SUITE_P(AllParameters, NllBadInputTest, ::testing::ValuesIn(AllCases()),
                         [](const ::testing::TestParamInfo<NllCase>& param_info) {
                           return TestNameOf(param_info.param.name) + "_" + std::to_string(param_info.index);
                         });

}  // namespace
}  // namespace openaclnn::test
