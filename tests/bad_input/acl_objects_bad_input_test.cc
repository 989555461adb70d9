// The aclnn helper objects with bad arguments, one row per parameter and kind of fault: aclCreateScalar with a
// NULL value or a data type without a scalar size, array sizes no memory can hold, destroying or querying an
// object that is not live, NULL objects and NULL size pointers for the getters. Creation must return NULL with a
// message naming the argument; the others the documented code and a message naming the argument.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnn/acl_meta.h"
#include "bad_input_harness.h"

namespace openaclnn::test {
namespace {

struct CreateScalarCase {
  std::string name;
  bool null_value;
  int dtype;
  std::string named;
};

void PrintTo(const CreateScalarCase& c, std::ostream* os) { *os << c.name; }

std::vector<CreateScalarCase> CreateScalarCases() {
  std::vector<CreateScalarCase> cases = {{"value NULL", true, ACL_FLOAT, "value"}};
  // Data types CANN makes no scalar of, values no enumerator has, and values beyond the enum's range.
  for (int dtype : {-1, 13, 29, 30, 33, 5, 14, 28, 42, 63, -7, -64}) {
    const std::string value = dtype < 0 ? "minus " + std::to_string(-dtype) : std::to_string(dtype);
    cases.push_back({"dataType " + DtypeName(static_cast<aclDataType>(dtype)) + " " + value, false, dtype, "dataType"});
  }
  return cases;
}

class CreateScalarBadInputTest : public ::testing::TestWithParam<CreateScalarCase> {};

TEST_P(CreateScalarBadInputTest, ReturnsNullAndNamesTheArgument) {
  const CreateScalarCase& c = GetParam();
  alignas(16) unsigned char value[16] = {};
  aclScalar* scalar = aclCreateScalar(c.null_value ? nullptr : value, static_cast<aclDataType>(c.dtype));
  EXPECT_EQ(scalar, nullptr);
  aclDestroyScalar(scalar);
  EXPECT_EQ(CheckFailure(0, 0, "aclCreateScalar", {c.named}), "");
}

INSTANTIATE_TEST_SUITE_P(AllParameters, CreateScalarBadInputTest, ::testing::ValuesIn(CreateScalarCases()),
                         [](const ::testing::TestParamInfo<CreateScalarCase>& param_info) {
                           return TestNameOf(param_info.param.name);
                         });

// A size no memory can hold (the caller's buffer would have to be larger than the address space) is refused
// before anything is read.
TEST(CreateArrayBadInputTest, SizesBeyondAnyMemoryAreRefusedNamingTheSize) {
  const int64_t ints[1] = {1};
  const float floats[1] = {1.0f};
  const bool bools[1] = {true};
  const aclTensor* tensors[1] = {nullptr};
  const aclScalar* scalars[1] = {nullptr};
  for (uint64_t size : {(uint64_t{1} << 40) + 1, UINT64_MAX}) {
    SCOPED_TRACE(size);
    EXPECT_EQ(aclCreateIntArray(ints, size), nullptr);
    EXPECT_EQ(CheckFailure(0, 0, "aclCreateIntArray", {"size"}), "");
    EXPECT_EQ(aclCreateFloatArray(floats, size), nullptr);
    EXPECT_EQ(CheckFailure(0, 0, "aclCreateFloatArray", {"size"}), "");
    EXPECT_EQ(aclCreateBoolArray(bools, size), nullptr);
    EXPECT_EQ(CheckFailure(0, 0, "aclCreateBoolArray", {"size"}), "");
    EXPECT_EQ(aclCreateTensorList(tensors, size), nullptr);
    EXPECT_EQ(CheckFailure(0, 0, "aclCreateTensorList", {"size"}), "");
    EXPECT_EQ(aclCreateScalarList(scalars, size), nullptr);
    EXPECT_EQ(CheckFailure(0, 0, "aclCreateScalarList", {"size"}), "");
  }
}

// One helper-object kind: how to make a live one, destroy it and query its size.
struct ObjectKind {
  std::string name;
  std::string destroy_api;
  std::string destroy_arg;
  std::string size_api;  // Empty: the kind has no size getter (scalars).
  std::string size_arg;
  std::function<void*()> create;
  std::function<int(const void*)> destroy;
  std::function<int(const void*, uint64_t*)> size;
};

void PrintTo(const ObjectKind& k, std::ostream* os) { *os << k.name; }

template <typename T>
const T* As(const void* p) {
  return static_cast<const T*>(p);
}

std::vector<ObjectKind> ObjectKinds() {
  static const int64_t kInts[2] = {1, 2};
  static const float kFloats[2] = {1.0f, 2.0f};
  static const bool kBools[2] = {true, false};
  return {
      {"scalar", "aclDestroyScalar", "scalar", "", "",
       [] {
         float value = 1.0f;
         return static_cast<void*>(aclCreateScalar(&value, ACL_FLOAT));
       },
       [](const void* p) { return aclDestroyScalar(As<aclScalar>(p)); }, nullptr},
      {"int array", "aclDestroyIntArray", "array", "aclGetIntArraySize", "array",
       [] { return static_cast<void*>(aclCreateIntArray(kInts, 2)); },
       [](const void* p) { return aclDestroyIntArray(As<aclIntArray>(p)); },
       [](const void* p, uint64_t* size) { return aclGetIntArraySize(As<aclIntArray>(p), size); }},
      {"float array", "aclDestroyFloatArray", "array", "aclGetFloatArraySize", "array",
       [] { return static_cast<void*>(aclCreateFloatArray(kFloats, 2)); },
       [](const void* p) { return aclDestroyFloatArray(As<aclFloatArray>(p)); },
       [](const void* p, uint64_t* size) { return aclGetFloatArraySize(As<aclFloatArray>(p), size); }},
      {"bool array", "aclDestroyBoolArray", "array", "aclGetBoolArraySize", "array",
       [] { return static_cast<void*>(aclCreateBoolArray(kBools, 2)); },
       [](const void* p) { return aclDestroyBoolArray(As<aclBoolArray>(p)); },
       [](const void* p, uint64_t* size) { return aclGetBoolArraySize(As<aclBoolArray>(p), size); }},
      {"tensor list", "aclDestroyTensorList", "array", "aclGetTensorListSize", "tensorList",
       [] { return static_cast<void*>(aclCreateTensorList(nullptr, 0)); },
       [](const void* p) { return aclDestroyTensorList(As<aclTensorList>(p)); },
       [](const void* p, uint64_t* size) { return aclGetTensorListSize(As<aclTensorList>(p), size); }},
      {"scalar list", "aclDestroyScalarList", "array", "aclGetScalarListSize", "scalarList",
       [] { return static_cast<void*>(aclCreateScalarList(nullptr, 0)); },
       [](const void* p) { return aclDestroyScalarList(As<aclScalarList>(p)); },
       [](const void* p, uint64_t* size) { return aclGetScalarListSize(As<aclScalarList>(p), size); }},
  };
}

class ObjectBadInputTest : public ::testing::TestWithParam<ObjectKind> {};
class SizedObjectBadInputTest : public ::testing::TestWithParam<ObjectKind> {};

std::vector<ObjectKind> SizedObjectKinds() {
  std::vector<ObjectKind> kinds;
  for (const ObjectKind& kind : ObjectKinds()) {
    if (kind.size) {
      kinds.push_back(kind);
    }
  }
  return kinds;
}

TEST_P(ObjectBadInputTest, DestroyingTwiceIsReportedNotADoubleFree) {
  const ObjectKind& kind = GetParam();
  void* object = kind.create();
  ASSERT_NE(object, nullptr) << TakeErrorMessage();
  ASSERT_EQ(kind.destroy(object), 0);
  // The registry still knows the address as released; nothing else was allocated in between.
  EXPECT_EQ(CheckFailure(kind.destroy(object), kInvalid, kind.destroy_api, {kind.destroy_arg}), "");
}

TEST_P(SizedObjectBadInputTest, SizeGetterRefusesNullArgumentsAndDeadObjects) {
  const ObjectKind& kind = GetParam();
  uint64_t size = 7;
  EXPECT_EQ(CheckFailure(kind.size(nullptr, &size), kNull, kind.size_api, {kind.size_arg}), "");
  void* object = kind.create();
  ASSERT_NE(object, nullptr) << TakeErrorMessage();
  EXPECT_EQ(CheckFailure(kind.size(object, nullptr), kNull, kind.size_api, {"size"}), "");
  ASSERT_EQ(kind.destroy(object), 0);
  EXPECT_EQ(CheckFailure(kind.size(object, &size), kInvalid, kind.size_api, {kind.size_arg}), "");
  EXPECT_EQ(size, 7u) << "a failed getter must not write the size";
}

INSTANTIATE_TEST_SUITE_P(AllKinds, ObjectBadInputTest, ::testing::ValuesIn(ObjectKinds()),
                         [](const ::testing::TestParamInfo<ObjectKind>& param_info) {
                           return TestNameOf(param_info.param.name);
                         });
INSTANTIATE_TEST_SUITE_P(AllKinds, SizedObjectBadInputTest, ::testing::ValuesIn(SizedObjectKinds()),
                         [](const ::testing::TestParamInfo<ObjectKind>& param_info) {
                           return TestNameOf(param_info.param.name);
                         });

// A list holding a tensor that was already destroyed: the list and its live elements are released, and the dead
// element is named by its position instead of being freed twice.
TEST(DestroyListBadInputTest, ADeadElementIsNamedAndTheRestReleased) {
  const int64_t dims[1] = {2};
  float data[2] = {};
  aclTensor* live = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, data);
  aclTensor* dead = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, data);
  ASSERT_NE(live, nullptr);
  ASSERT_NE(dead, nullptr);
  const aclTensor* tensors[2] = {live, dead};
  aclTensorList* list = aclCreateTensorList(tensors, 2);
  ASSERT_NE(list, nullptr);
  ASSERT_EQ(aclDestroyTensor(dead), 0);
  const int code = aclDestroyTensorList(list);
  const std::string message = TakeErrorMessage();
  EXPECT_EQ(code, kInvalid);
  EXPECT_NE(message.find("aclDestroyTensorList"), std::string::npos) << message;
  EXPECT_NE(message.find("position 1"), std::string::npos) << message;
  EXPECT_EQ(aclDestroyTensor(live), kInvalid) << "the list must have destroyed its live tensor";
  TakeErrorMessage();
}

}  // namespace
}  // namespace openaclnn::test
