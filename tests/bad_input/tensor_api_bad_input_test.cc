// aclCreateTensor, aclDestroyTensor and the tensor getters with bad arguments, one table row per parameter and
// kind of fault: NULL with a count, counts beyond the rank limit, negative dimensions, contiguous strides beyond
// int64. Creation must return NULL with a message naming the argument; getters the documented code.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnn/acl_meta.h"
#include "bad_input_harness.h"
#include "c_enum_calls.h"

namespace openaclnn::test {
namespace {


struct CreateArgs {
  std::vector<int64_t> view_dims = {2, 3};
  uint64_t view_rank = 2;
  bool null_view_dims = false;
  aclDataType dtype = ACL_FLOAT;
  std::vector<int64_t> storage_dims = {6};
  uint64_t storage_rank = 1;
  bool null_storage_dims = false;
};

struct CreateCase {
  std::string name;
  std::function<void(CreateArgs&)> mutate;
  std::string named;
};

std::vector<CreateCase> CreateCases() {
  const uint64_t kUint64Max = std::numeric_limits<uint64_t>::max();
  const int64_t kInt64Min = std::numeric_limits<int64_t>::min();
  const int64_t two_32 = int64_t{1} << 32;
  return {
      {"viewDims NULL with a count", [](CreateArgs& a) { a.null_view_dims = true; }, "viewDims"},
      {"viewDims negative", [](CreateArgs& a) { a.view_dims = {2, -3}; }, "viewDims"},
      {"viewDims INT64_MIN", [=](CreateArgs& a) { a.view_dims = {kInt64Min, 3}; }, "viewDims"},
      {"viewDims contiguous strides beyond int64",
       [=](CreateArgs& a) {
         a.view_dims = {two_32, two_32, 4};
         a.view_rank = 3;
       },
       "viewDims"},
      {"viewDimsNum 33", [](CreateArgs& a) { a.view_dims.assign(33, 1), a.view_rank = 33; }, "viewDimsNum"},
      {"viewDimsNum 1000", [](CreateArgs& a) { a.view_dims.assign(1000, 1), a.view_rank = 1000; }, "viewDimsNum"},
      {"viewDimsNum UINT64_MAX", [=](CreateArgs& a) { a.view_rank = kUint64Max; }, "viewDimsNum"},
      {"storageDims NULL with a count", [](CreateArgs& a) { a.null_storage_dims = true; }, "storageDims"},
      {"storageDims negative", [](CreateArgs& a) { a.storage_dims = {-6}; }, "storageDims"},
      {"storageDimsNum 33", [](CreateArgs& a) { a.storage_dims.assign(33, 1), a.storage_rank = 33; },
       "storageDimsNum"},
      {"storageDimsNum UINT64_MAX", [=](CreateArgs& a) { a.storage_rank = kUint64Max; }, "storageDimsNum"},
  };
}

void PrintTo(const CreateCase& c, std::ostream* os) { *os << c.name; }

class CreateTensorBadInputTest : public ::testing::TestWithParam<CreateCase> {};

TEST_P(CreateTensorBadInputTest, ReturnsNullAndNamesTheArgument) {
  CreateArgs args;
  GetParam().mutate(args);
  float data[8] = {};
  aclTensor* tensor = aclCreateTensor(args.null_view_dims ? nullptr : args.view_dims.data(), args.view_rank,
                                      args.dtype, nullptr, 0, ACL_FORMAT_ND,
                                      args.null_storage_dims ? nullptr : args.storage_dims.data(), args.storage_rank,
                                      data);
  EXPECT_EQ(tensor, nullptr);
  aclDestroyTensor(tensor);
  // aclCreateTensor returns a pointer, not a code: only the message is checked.
  EXPECT_EQ(CheckFailure(0, 0, "aclCreateTensor", {GetParam().named}), "");
}

INSTANTIATE_TEST_SUITE_P(AllParameters, CreateTensorBadInputTest, ::testing::ValuesIn(CreateCases()),
                         [](const ::testing::TestParamInfo<CreateCase>& param_info) {
                           return TestNameOf(param_info.param.name);
                         });

// A C program may pass ints no C++ enum object can hold (aclDataType and aclFormat hold [-64, 63]). Creation keeps
// them, as CANN does not validate them there; the getters return them; an operator rejects them with 161002.
TEST(CreateTensorAcceptsTest, EnumValuesBeyondTheEnumsAreKeptAndRejectedByOperators) {
  float data[6] = {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f};
  const int64_t dims[2] = {2, 3};
  const std::string api = "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize";
  for (int value : {64, 999, -65, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()}) {
    SCOPED_TRACE(value);
    aclTensor* odd_dtype = CreateTensorWithEnumValues(dims, 2, value, ACL_FORMAT_ND, data);
    aclTensor* odd_format = CreateTensorWithEnumValues(dims, 2, ACL_FLOAT, value, data);
    aclTensor* plain = CreateTensorWithEnumValues(dims, 2, ACL_FLOAT, ACL_FORMAT_ND, data);
    ASSERT_NE(odd_dtype, nullptr);
    ASSERT_NE(odd_format, nullptr);
    ASSERT_NE(plain, nullptr);
    int got = 0;
    EXPECT_EQ(DataTypeValueOf(odd_dtype, &got), 0);
    EXPECT_EQ(got, value);
    EXPECT_EQ(FormatValueOf(odd_format, &got), 0);
    EXPECT_EQ(got, value);

    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    int code = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(plain, odd_dtype, plain, nullptr, 0, plain,
                                                               &workspace, &executor);
    EXPECT_EQ(CheckFailure(code, kInvalid, api, {"self"}), "");
    EXPECT_EQ(executor, nullptr);
    code = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(plain, plain, odd_format, nullptr, 0, plain, &workspace,
                                                           &executor);
    EXPECT_EQ(CheckFailure(code, kInvalid, api, {"target"}), "");
    EXPECT_EQ(executor, nullptr);
    for (aclTensor* tensor : {odd_dtype, odd_format, plain}) {
      EXPECT_EQ(aclDestroyTensor(tensor), 0);
    }
  }
}

// What CANN accepts at creation and the operators reject later: nothing here may fail.
TEST(CreateTensorAcceptsTest, ValuesOnlyOperatorsCheck) {
  float data[8] = {};
  const int64_t dims[2] = {2, 3};
  const int64_t negative_strides[2] = {-3, -1};
  const int64_t storage[1] = {6};
  for (aclDataType dtype : AllDataTypes()) {
    aclTensor* tensor = aclCreateTensor(dims, 2, dtype, nullptr, 0, ACL_FORMAT_ND, storage, 1, data);
    EXPECT_NE(tensor, nullptr) << DtypeName(dtype);
    EXPECT_EQ(aclDestroyTensor(tensor), 0);
  }
  aclTensor* strided = aclCreateTensor(dims, 2, ACL_FLOAT, negative_strides, -5, static_cast<aclFormat>(63), storage,
                                       1, nullptr);
  EXPECT_NE(strided, nullptr);
  EXPECT_EQ(aclDestroyTensor(strided), 0);
  aclTensor* scalar = aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, data);
  EXPECT_NE(scalar, nullptr) << "NULL dims with count 0 is a 0-D tensor";
  EXPECT_EQ(aclDestroyTensor(scalar), 0);
  EXPECT_EQ(aclDestroyTensor(nullptr), 0) << "destroying NULL is a no-op, as in CANN";
  EXPECT_EQ(TakeErrorMessage(), "");
}

TEST(DestroyTensorBadInputTest, DestroyedTwiceOrNeverCreated) {
  float data[4] = {};
  const int64_t dims[1] = {4};
  aclTensor* tensor = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, data);
  ASSERT_EQ(aclDestroyTensor(tensor), 0);
  EXPECT_EQ(CheckFailure(aclDestroyTensor(tensor), kInvalid, "aclDestroyTensor", {"tensor"}), "");
  int64_t not_a_tensor[16] = {};
  EXPECT_EQ(CheckFailure(aclDestroyTensor(reinterpret_cast<aclTensor*>(not_a_tensor)), kInvalid, "aclDestroyTensor",
                         {"tensor"}),
            "");
}

// Each getter: a NULL tensor, then each output pointer NULL in turn.
struct GetterCase {
  std::string api;
  std::vector<std::string> params;  // tensor first, then the outputs
  std::function<int(const aclTensor*, int null_output)> call;  // null_output: 0 none, k: the k-th output NULL
};

std::vector<GetterCase> GetterCases() {
  auto array_getter = [](auto function) {
    return [function](const aclTensor* tensor, int null_output) {
      int64_t* values = nullptr;
      uint64_t count = 0;
      const int code = function(tensor, null_output == 1 ? nullptr : &values, null_output == 2 ? nullptr : &count);
      delete[] values;
      return code;
    };
  };
  return {
      {"aclGetViewShape", {"tensor", "viewDims", "viewDimsNum"}, array_getter(&aclGetViewShape)},
      {"aclGetStorageShape", {"tensor", "storageDims", "storageDimsNum"}, array_getter(&aclGetStorageShape)},
      {"aclGetViewStrides", {"tensor", "stridesValue", "stridesNum"}, array_getter(&aclGetViewStrides)},
      {"aclGetViewOffset", {"tensor", "offset"},
       [](const aclTensor* tensor, int null_output) {
         int64_t offset = 0;
         return aclGetViewOffset(tensor, null_output == 1 ? nullptr : &offset);
       }},
      {"aclGetFormat", {"tensor", "format"},
       [](const aclTensor* tensor, int null_output) {
         aclFormat format = ACL_FORMAT_ND;
         return aclGetFormat(tensor, null_output == 1 ? nullptr : &format);
       }},
      {"aclGetDataType", {"tensor", "dataType"},
       [](const aclTensor* tensor, int null_output) {
         aclDataType dtype = ACL_FLOAT;
         return aclGetDataType(tensor, null_output == 1 ? nullptr : &dtype);
       }},
  };
}

void PrintTo(const GetterCase& c, std::ostream* os) { *os << c.api; }

class GetterBadInputTest : public ::testing::TestWithParam<GetterCase> {};

TEST_P(GetterBadInputTest, EveryParameterNull) {
  const GetterCase& getter = GetParam();
  float data[4] = {};
  const int64_t dims[1] = {4};
  aclTensor* tensor = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, data);
  ASSERT_NE(tensor, nullptr);
  EXPECT_EQ(CheckFailure(getter.call(nullptr, 0), kNull, getter.api, {"tensor"}), "") << "tensor NULL";
  for (size_t output = 1; output < getter.params.size(); ++output) {
    EXPECT_EQ(CheckFailure(getter.call(tensor, static_cast<int>(output)), kNull, getter.api, {getter.params[output]}),
              "")
        << getter.params[output] << " NULL";
  }
  EXPECT_EQ(getter.call(tensor, 0), 0) << TakeErrorMessage();
  EXPECT_EQ(aclDestroyTensor(tensor), 0);
}

INSTANTIATE_TEST_SUITE_P(AllGetters, GetterBadInputTest, ::testing::ValuesIn(GetterCases()),
                         [](const ::testing::TestParamInfo<GetterCase>& param_info) {
                           return param_info.param.api;
                         });

}  // namespace
}  // namespace openaclnn::test
