#include "bad_input_harness.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "acl_environment.h"
#include "device_tensor.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

int64_t ElementBytes(aclDataType dtype) {
  switch (dtype) {
    case ACL_UINT8:
    case ACL_INT8:
    case ACL_BOOL: return 1;
    case ACL_FLOAT16:
    case ACL_BF16: return 2;
    case ACL_INT64:
    case ACL_DOUBLE: return 8;
    default: return 4;
  }
}

}  // namespace

const std::vector<aclDataType>& AllDataTypes() {
  static const std::vector<aclDataType> kTypes = [] {
    std::vector<aclDataType> types;
    // Values beyond the enumerators stay inside the enum's range ([-64, 63]): C++ cannot even hold others.
    for (int value : {-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 27, 28, 29, 30, 33, 34, 35, 36,
                      37, 38, 39, 40, 41, 42, 63, -7, -64}) {
      types.push_back(static_cast<aclDataType>(value));
    }
    return types;
  }();
  return kTypes;
}

bool IsLossFloat(aclDataType dtype) { return dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16; }

bool IsPromotableInteger(aclDataType dtype) {
  return dtype == ACL_BOOL || dtype == ACL_UINT8 || dtype == ACL_INT8 || dtype == ACL_INT16 || dtype == ACL_INT32 ||
         dtype == ACL_INT64;
}

std::string DtypeName(aclDataType dtype) {
  switch (dtype) {
    case ACL_DT_UNDEFINED: return "UNDEFINED";
    case ACL_FLOAT: return "FLOAT";
    case ACL_FLOAT16: return "FLOAT16";
    case ACL_INT8: return "INT8";
    case ACL_INT32: return "INT32";
    case ACL_UINT8: return "UINT8";
    case ACL_INT16: return "INT16";
    case ACL_UINT16: return "UINT16";
    case ACL_UINT32: return "UINT32";
    case ACL_INT64: return "INT64";
    case ACL_UINT64: return "UINT64";
    case ACL_DOUBLE: return "DOUBLE";
    case ACL_BOOL: return "BOOL";
    case ACL_STRING: return "STRING";
    case ACL_COMPLEX64: return "COMPLEX64";
    case ACL_COMPLEX128: return "COMPLEX128";
    case ACL_BF16: return "BF16";
    case ACL_INT4: return "INT4";
    case ACL_UINT1: return "UINT1";
    case ACL_COMPLEX32: return "COMPLEX32";
    default: {
      const int value = static_cast<int>(dtype);
      return value < 0 ? "minus" + std::to_string(-value) : "value" + std::to_string(value);
    }
  }
}

Arena::Arena() {
  const size_t bytes = kSlots * kSlotBytes;
  if (aclrtMalloc(&memory_, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    throw std::runtime_error("aclrtMalloc failed for the bad-input arena");
  }
  std::memset(memory_, kSentinelByte, bytes);
}

Arena::~Arena() { aclrtFree(memory_); }

char* Arena::Slot(int index) const { return static_cast<char*>(memory_) + index * kSlotBytes; }

std::vector<uint8_t> Arena::Snapshot() const {
  const auto* bytes = static_cast<const uint8_t*>(memory_);
  return std::vector<uint8_t>(bytes, bytes + kSlots * kSlotBytes);
}

TensorSet::TensorSet(const Arena& arena, const std::vector<const TensorArg*>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const TensorArg& arg = *args[i];
    if (!arg.present) {
      tensors_.push_back(nullptr);
      continue;
    }
    char* data = arena.Slot(static_cast<int>(i));
    const int64_t element_bytes = ElementBytes(arg.dtype);
    const int64_t end = static_cast<int64_t>(arg.values.size()) + arg.offset;
    const bool fits = arg.offset >= 0 && arg.offset < 256 && end * element_bytes <= int64_t{Arena::kSlotBytes};
    for (size_t v = 0; fits && v < arg.values.size(); ++v) {
      StoreElement(arg.dtype, data + (arg.offset + static_cast<int64_t>(v)) * element_bytes, arg.values[v]);
    }
    // A storage shape as large as the view needs; the operators never look at it.
    const std::vector<int64_t> storage = {static_cast<int64_t>(Arena::kSlotBytes / 8)};
    aclTensor* tensor = aclCreateTensor(arg.dims.data(), arg.dims.size(), arg.dtype,
                                        arg.strides ? arg.strides->data() : nullptr, arg.offset, arg.format,
                                        storage.data(), storage.size(), arg.null_data ? nullptr : data);
    if (tensor == nullptr) {
      throw std::runtime_error("aclCreateTensor refused a bad-input tensor: " + TakeErrorMessage());
    }
    tensors_.push_back(tensor);
  }
}

TensorSet::~TensorSet() {
  for (aclTensor* tensor : tensors_) {
    aclDestroyTensor(tensor);
  }
}

void ExpectPhase1Outcome(int code, aclOpExecutor* executor, int expected_code, const std::string& api,
                         const std::vector<std::string>& args, const LaunchPhase2& launch, const Arena& arena,
                         const std::vector<uint8_t>& before) {
  if (expected_code == 0) {
    ASSERT_EQ(code, 0) << TakeErrorMessage();
    ASSERT_NE(executor, nullptr);
    ScopedStream stream;
    ASSERT_EQ(launch(executor, stream.get()), 0) << TakeErrorMessage();
    EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
    return;
  }
  EXPECT_EQ(CheckFailure(code, expected_code, api, args), "");
  EXPECT_EQ(executor, nullptr) << "a failed phase 1 must not hand out an executor";
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
  EXPECT_TRUE(arena.Snapshot() == before) << "a failed call changed tensor memory";
}

TensorArg& Phase1Case::Named(const std::string& arg) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == arg) return tensors[i];
  }
  throw std::out_of_range(arg);
}

void RunPhase1(const std::vector<const TensorArg*>& tensors, const Phase1Expectation& row, const std::string& api,
               const Phase1Call& phase1, Phase2 phase2) {
  Arena arena;
  TensorSet set(arena, tensors);
  const std::vector<uint8_t> before = arena.Snapshot();
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  const int code =
      phase1(set, row.null_workspace_size ? nullptr : &workspace_size, row.null_executor ? nullptr : &executor);
  ExpectPhase1Outcome(
      code, executor, row.expected_code, api, row.named,
      [workspace_size, phase2](aclOpExecutor* launched, aclrtStream stream) {
        return phase2(nullptr, workspace_size, launched, stream);
      },
      arena, before);
}

void RunPhase1Case(const Phase1Case& c, const std::string& api, const Phase1Call& phase1, Phase2 phase2) {
  std::vector<const TensorArg*> tensors;
  for (const TensorArg& t : c.tensors) tensors.push_back(&t);
  RunPhase1(tensors, c, api, phase1, phase2);
}

TensorArg FilledFloat(std::vector<int64_t> dims, double value) {
  size_t count = 1;
  for (int64_t d : dims) count *= static_cast<size_t>(d);
  return {true, std::move(dims), ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, std::vector<double>(count, value)};
}

std::string CheckFailure(int code, int expected_code, const std::string& api, const std::vector<std::string>& args) {
  const std::string message = TakeErrorMessage();
  std::string problems;
  if (code != expected_code) {
    problems += "returned " + std::to_string(code) + ", expected " + std::to_string(expected_code) + ". ";
  }
  if (message.find(api) == std::string::npos) {
    problems += "the message does not name " + api + ". ";
  }
  bool named = false;
  for (const std::string& arg : args) {
    named = named || message.find("'" + arg + "'") != std::string::npos;
  }
  if (!named) {
    problems += "the message does not name the argument";
    for (const std::string& arg : args) {
      problems += " '" + arg + "'";
    }
    problems += ". ";
  }
  return problems.empty() ? "" : problems + "Message: \"" + message + "\"";
}

std::string DimsName(const std::vector<int64_t>& dims) {
  std::string text = std::to_string(dims.size()) + "-D";
  for (int64_t dim : dims) {
    text += " " + std::to_string(dim);
  }
  return text;
}

std::vector<LayoutMutation> LayoutMutations(const TensorArg& valid) {
  std::vector<LayoutMutation> rows = {
      {"NULL data", [](TensorArg& t) { t.null_data = true; }, true},
      {"offset -1", [](TensorArg& t) { t.offset = -1; }, false},
      {"offset INT64_MIN", [](TensorArg& t) { t.offset = kInt64Min; }, false},
      {"offset INT64_MAX", [](TensorArg& t) { t.offset = kInt64Max; }, false},
  };
  if (valid.dims.empty()) {
    return rows;  // A 0-D tensor has no strides; its one element sits at the offset.
  }
  const size_t rank = valid.dims.size();
  // The first dimension gets the bad stride; the others keep their contiguous ones.
  auto first_stride = [rank](int64_t stride) {
    std::vector<int64_t> strides(rank, 1);
    strides[0] = stride;
    return [strides](TensorArg& t) { t.strides = strides; };
  };
  rows.push_back({"stride -1", first_stride(-1), false});
  const int64_t span = valid.dims[0] - 1;
  if (span > 1) {
    // With span 1 no int64 stride overflows (dim - 1) * stride.
    rows.push_back({"(dim - 1) * stride overflows int64", first_stride(kInt64Max / span + 1), false});
  }
  if (span > 0) {
    // About half of int64 in elements: fits, but not in bytes for any element of 2 bytes or more.
    rows.push_back({"extent in bytes overflows int64", first_stride(kInt64Max / span / 2 + 1), false});
    rows.push_back({"offset plus extent overflows int64", [](TensorArg& t) { t.offset = kInt64Max - 2; }, false});
  }
  int64_t wide_dims = 0;
  std::vector<int64_t> each_fits(rank, 1);
  for (size_t d = 0; d < rank; ++d) {
    if (valid.dims[d] > 1) {
      each_fits[d] = kInt64Max / (valid.dims[d] - 1);
      ++wide_dims;
    }
  }
  if (wide_dims >= 2) {
    // Every dimension's extent fits in int64 on its own; only their sum does not.
    rows.push_back({"sum of the dimensions' extents overflows int64",
                    [each_fits](TensorArg& t) { t.strides = each_fits; }, false});
  }
  return rows;
}

std::string TestNameOf(const std::string& text) {
  std::string name;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      name += c;
    } else if (c == '-') {
      name += name.empty() || name.back() == '_' ? "minus" : "_minus";
    } else if (!name.empty() && name.back() != '_') {
      name += '_';
    }
  }
  while (!name.empty() && name.back() == '_') {
    name.pop_back();
  }
  return name;
}

}  // namespace openaclnn::test
