// The aclnn helper objects through the public C API (POINTWISE-LOSS-FACTS 2): scalars of every data type CANN
// makes scalars of, arrays and lists copied at creation (NULL or size 0 is an empty object), lists owning their
// elements, sizes, and destruction.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "acl_environment.h"
#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"

namespace openaclnn::test {
namespace {

TEST(AclScalarTest, EveryDataTypeWithAScalarSizeIsAccepted) {
  alignas(16) unsigned char value[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  for (aclDataType dtype :
       {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_UINT16,
        ACL_UINT32, ACL_UINT64, ACL_DOUBLE, ACL_BOOL, ACL_COMPLEX64, ACL_COMPLEX128, ACL_HIFLOAT8, ACL_FLOAT8_E5M2,
        ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E8M0, ACL_FLOAT6_E3M2, ACL_FLOAT6_E2M3, ACL_FLOAT4_E2M1, ACL_FLOAT4_E1M2}) {
    SCOPED_TRACE(static_cast<int>(dtype));
    aclScalar* scalar = aclCreateScalar(value, dtype);
    ASSERT_NE(scalar, nullptr) << TakeErrorMessage();
    EXPECT_EQ(aclDestroyScalar(scalar), ACLNN_SUCCESS);
  }
}

TEST(AclArrayTest, ElementsAreCopiedAndCounted) {
  std::vector<int64_t> ints = {3, -1, 7};
  std::vector<float> floats = {0.5f, 1.5f};
  const bool bools[4] = {true, false, true, true};
  aclIntArray* int_array = aclCreateIntArray(ints.data(), ints.size());
  aclFloatArray* float_array = aclCreateFloatArray(floats.data(), floats.size());
  aclBoolArray* bool_array = aclCreateBoolArray(bools, 4);
  ints.assign(100, 0);  // The arrays hold copies: reallocating the caller's buffers changes nothing.
  floats.clear();
  uint64_t size = 0;
  ASSERT_EQ(aclGetIntArraySize(int_array, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 3u);
  ASSERT_EQ(aclGetFloatArraySize(float_array, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 2u);
  ASSERT_EQ(aclGetBoolArraySize(bool_array, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 4u);
  EXPECT_EQ(aclDestroyIntArray(int_array), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyFloatArray(float_array), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyBoolArray(bool_array), ACLNN_SUCCESS);
}

TEST(AclArrayTest, NullOrSizeZeroIsAnEmptyObjectNotNull) {
  const int64_t ints[1] = {1};
  uint64_t size = 99;
  for (aclIntArray* array : {aclCreateIntArray(nullptr, 5), aclCreateIntArray(ints, 0)}) {
    ASSERT_NE(array, nullptr);
    ASSERT_EQ(aclGetIntArraySize(array, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 0u);
    EXPECT_EQ(aclDestroyIntArray(array), ACLNN_SUCCESS);
  }
  aclFloatArray* floats = aclCreateFloatArray(nullptr, 3);
  aclBoolArray* bools = aclCreateBoolArray(nullptr, 3);
  aclTensorList* tensors = aclCreateTensorList(nullptr, 3);
  aclScalarList* scalars = aclCreateScalarList(nullptr, 3);
  ASSERT_NE(floats, nullptr);
  ASSERT_NE(bools, nullptr);
  ASSERT_NE(tensors, nullptr);
  ASSERT_NE(scalars, nullptr);
  size = 99;
  EXPECT_EQ(aclGetFloatArraySize(floats, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 0u);
  size = 99;
  EXPECT_EQ(aclGetBoolArraySize(bools, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 0u);
  size = 99;
  EXPECT_EQ(aclGetTensorListSize(tensors, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 0u);
  size = 99;
  EXPECT_EQ(aclGetScalarListSize(scalars, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(aclDestroyFloatArray(floats), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyBoolArray(bools), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensorList(tensors), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyScalarList(scalars), ACLNN_SUCCESS);
}

TEST(AclListTest, ListsOwnTheirElementsAndMayHoldNull) {
  const int64_t dims[1] = {4};
  float data[4] = {};
  aclTensor* first = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, data);
  aclTensor* second = aclCreateTensor(dims, 1, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, dims, 1, data);
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  const aclTensor* tensors[3] = {first, nullptr, second};
  aclTensorList* list = aclCreateTensorList(tensors, 3);
  ASSERT_NE(list, nullptr);
  uint64_t size = 0;
  ASSERT_EQ(aclGetTensorListSize(list, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 3u);
  EXPECT_EQ(aclDestroyTensorList(list), ACLNN_SUCCESS);
  // The list destroyed its tensors: destroying one again is reported, not a double free.
  EXPECT_EQ(aclDestroyTensor(first), ACLNN_ERR_PARAM_INVALID);
  TakeErrorMessage();

  double value = 1.0;
  aclScalar* scalar = aclCreateScalar(&value, ACL_DOUBLE);
  ASSERT_NE(scalar, nullptr);
  const aclScalar* scalars[2] = {nullptr, scalar};
  aclScalarList* scalar_list = aclCreateScalarList(scalars, 2);
  ASSERT_NE(scalar_list, nullptr);
  ASSERT_EQ(aclGetScalarListSize(scalar_list, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 2u);
  EXPECT_EQ(aclDestroyScalarList(scalar_list), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyScalar(scalar), ACLNN_ERR_PARAM_INVALID);
  TakeErrorMessage();
}

TEST(AclObjectsTest, DestroyingNullIsANoOp) {
  EXPECT_EQ(aclDestroyScalar(nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyIntArray(nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyFloatArray(nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyBoolArray(nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensorList(nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyScalarList(nullptr), ACLNN_SUCCESS);
}

}  // namespace
}  // namespace openaclnn::test
