// aclnnL1LossGetWorkspaceSize's data type rules for integer inputs (docs/l1_loss.md), one row each: CANN's (mean of
// two integers, an integer self beside a floating target for none, a promotion that is not INT64, a BOOL out) and
// ours (integer/float mixes CANN promotes to the float type; integer outs other than INT64, whose narrowing CANN
// does not define). Each fails with 161002 and a message naming the API and the argument; the accepted neighbours
// of each row succeed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_l1_loss.h"
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
      {"FLOAT self, INT64 target (CANN promotes to FLOAT; not supported here)", f, i64, f, 0, 161002, "target"},
      {"INT64 self, FLOAT target, sum (CANN promotes to FLOAT; not supported here)", i64, f, f, 2, 161002, "self"},
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

}  // namespace
}  // namespace openaclnn::test
