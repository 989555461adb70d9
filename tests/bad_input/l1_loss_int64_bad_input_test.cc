// aclnnL1LossGetWorkspaceSize's data type rules for integer inputs (docs/l1_loss.md), one row each: CANN's (mean of
// two integers, an integer self beside a floating target for none, a promotion that is not INT64, a BOOL out) and
// ours (integer outs other than INT64, whose narrowing CANN does not define); integer/float mixes, which CANN casts
// to the floating type, are accepted. The backward's rules for integer inputs too. Each fails with 161002 and a
// message naming the API and the argument; the accepted neighbours of each row succeed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_l1_loss.h"
#include "aclnnop/aclnn_l1_loss_backward.h"
#include "device_tensor.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

struct TypeRow {
  std::string name;
  aclDataType self, target, out;
  int64_t reduction;
  int code;            // 0 or 161002.
  std::string named;   // The argument the message names ("" for success).
};

std::vector<TypeRow> Rows() {
  const aclDataType i64 = ACL_INT64, i32 = ACL_INT32, f = ACL_FLOAT;
  return {
      {"two INT64, mean (CANN: a floating input for mean)", i64, i64, f, 1, 161002, "self"},
      {"two INT64, sum accepted", i64, i64, i64, 2, 0, ""},
      {"two INT32 (CANN: INT32 is not in the promoted list)", i32, i32, i64, 0, 161002, "target"},
      {"INT32 beside INT64 accepted", i32, i64, i64, 0, 0, ""},
      {"UINT16 beside INT64 (no promotion defined here)", ACL_UINT16, i64, i64, 0, 161002, "self"},
      {"UINT64 target", i64, ACL_UINT64, i64, 2, 161002, "target"},
      {"INT64 self, FLOAT target, none (CANN's rule; ours too)", i64, f, f, 0, 161002, "self"},
      {"FLOAT self, INT64 target accepted (cast to FLOAT, as CANN does)", f, i64, f, 0, 0, ""},
      {"INT64 self, FLOAT target, sum accepted (cast to FLOAT)", i64, f, f, 2, 0, ""},
      {"INT32 self, FLOAT16 target, mean accepted (cast to FLOAT16)", i32, ACL_FLOAT16, ACL_FLOAT16, 1, 0, ""},
      {"UINT16 target beside FLOAT (no promotion defined here)", f, ACL_UINT16, f, 2, 161002, "target"},
      {"FLOAT self, INT64 target, INT64 out (CANN: floating does not cast to integral)", f, i64, i64, 2, 161002,
       "out"},
      {"BOOL out (CANN: nothing casts to BOOL)", i64, i64, ACL_BOOL, 0, 161002, "out"},
      {"INT32 out (ours: CANN's narrowing is not defined)", i64, i64, i32, 0, 161002, "out"},
      {"DOUBLE out (ours)", i64, i64, ACL_DOUBLE, 2, 161002, "out"},
      {"BFLOAT16 out accepted", i64, i64, ACL_BF16, 2, 0, ""},
  };
}

TEST(L1LossInt64BadInputTest, DataTypeRules) {
  ScopedStream stream;
  for (const TypeRow& row : Rows()) {
    SCOPED_TRACE(row.name);
    DeviceTensor self({3}, row.self), target({3}, row.target);
    DeviceTensor out(row.reduction == 0 ? std::vector<int64_t>{3} : std::vector<int64_t>{}, row.out);
    uint64_t size = 0;
    aclOpExecutor* executor = nullptr;
    const int code = aclnnL1LossGetWorkspaceSize(self.get(), target.get(), row.reduction, out.get(), &size, &executor);
    EXPECT_EQ(code, row.code);
    if (code == 0) {
      EXPECT_EQ(aclnnL1Loss(nullptr, size, executor, stream.get()), 0);
      EXPECT_EQ(aclrtSynchronizeStream(stream.get()), 0);
      continue;
    }
    const std::string message = TakeErrorMessage();
    EXPECT_NE(message.find("aclnnL1LossGetWorkspaceSize"), std::string::npos) << message;
    EXPECT_NE(message.find("'" + row.named + "'"), std::string::npos) << message;
  }
}

struct BackwardTypeRow {
  std::string name;
  aclDataType grad, self, target, grad_input;
  int code;
  std::string named;
};

TEST(L1LossInt64BadInputTest, BackwardDataTypeRules) {
  const aclDataType i64 = ACL_INT64, i32 = ACL_INT32, f = ACL_FLOAT, h = ACL_FLOAT16;
  const std::vector<BackwardTypeRow> rows = {
      {"three integers (CANN: the promoted type must be floating)", i64, i32, i64, f, 161002, "target"},
      {"INT32 self beside FLOAT accepted", f, i32, f, f, 0, ""},
      {"BOOL gradOutput and INT64 target beside FLOAT16 self accepted", ACL_BOOL, h, i64, h, 0, ""},
      {"UINT16 self (no promotion defined here)", f, ACL_UINT16, f, f, 161002, "self"},
      {"INT64 gradInput (floating does not cast to integral)", f, i32, f, i64, 161002, "gradInput"},
  };
  ScopedStream stream;
  for (const BackwardTypeRow& row : rows) {
    SCOPED_TRACE(row.name);
    DeviceTensor grad({3}, row.grad), self({3}, row.self), target({3}, row.target), grad_input({3}, row.grad_input);
    uint64_t size = 0;
    aclOpExecutor* executor = nullptr;
    const int code = aclnnL1LossBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), 0, grad_input.get(),
                                                         &size, &executor);
    EXPECT_EQ(code, row.code);
    if (code == 0) {
      EXPECT_EQ(aclnnL1LossBackward(nullptr, size, executor, stream.get()), 0);
      EXPECT_EQ(aclrtSynchronizeStream(stream.get()), 0);
      continue;
    }
    const std::string message = TakeErrorMessage();
    EXPECT_NE(message.find("aclnnL1LossBackwardGetWorkspaceSize"), std::string::npos) << message;
    EXPECT_NE(message.find("'" + row.named + "'"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace openaclnn::test
