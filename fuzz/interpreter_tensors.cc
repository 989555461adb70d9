// Tensor operations of a fuzz interpreter: creation with any rank, dims, strides, offset, dtype, format and data
// pointer; destruction; the query functions.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "interpreter.h"
#include "value_tables.h"

namespace openaclnn::fuzz {
namespace {

constexpr uint64_t kMaxCreateRank = 32;  // What aclCreateTensor documents; more must be refused.
constexpr uintptr_t kWildAddress = 0x10000;  // Never a block: checked memory mode must refuse it.

// Bytes per element of the types with a whole-byte size; 0 for the others (an operator must refuse them).
int64_t ElementBytes(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: case ACL_COMPLEX32: return 4;
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 2;
    case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;
    case ACL_UINT8: case ACL_INT8: case ACL_BOOL: case ACL_HIFLOAT8: case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN: case ACL_FLOAT8_E8M0: return 1;
    default: return 0;
  }
}

// Row-major strides of dims, saturating instead of overflowing (the library must cope with either).
std::vector<int64_t> RowMajor(const std::vector<int64_t>& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  int64_t running = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    strides[i] = running;
    if (dims[i] > 1 && __builtin_mul_overflow(running, dims[i], &running)) {
      running = INT64_MAX;
    }
  }
  return strides;
}

std::vector<int64_t> StridesFor(const CreateTensorArgs& args, const std::vector<int64_t>& dims) {
  const size_t rank = dims.size();
  switch (StrideModeFromByte(args.stride_mode)) {
    case StrideMode::kExplicit: {
      std::vector<int64_t> strides(rank);
      for (size_t i = 0; i < rank; ++i) {
        strides[i] = StrideFromByte(args.strides[i]);
      }
      return strides;
    }
    case StrideMode::kTransposed: {
      // Row-major strides of dims with the last two swapped, then swapped back: a transposed view.
      std::vector<int64_t> swapped = dims;
      if (rank >= 2) {
        std::swap(swapped[rank - 1], swapped[rank - 2]);
      }
      std::vector<int64_t> strides = RowMajor(swapped);
      if (rank >= 2) {
        std::swap(strides[rank - 1], strides[rank - 2]);
      }
      return strides;
    }
    case StrideMode::kPadded: {
      std::vector<int64_t> padded = dims;
      for (int64_t& dim : padded) {
        dim = dim < INT64_MAX ? dim + 1 : dim;
      }
      return RowMajor(padded);
    }
    case StrideMode::kReversed: {
      std::vector<int64_t> reversed(dims.rbegin(), dims.rend());
      std::vector<int64_t> strides = RowMajor(reversed);
      return std::vector<int64_t>(strides.rbegin(), strides.rend());
    }
    case StrideMode::kNull:
    case StrideMode::kContiguous:
    case StrideMode::kCount: break;
  }
  return RowMajor(dims);
}

std::vector<int64_t> StorageDimsFor(const CreateTensorArgs& args, const std::vector<int64_t>& dims) {
  switch (StorageModeFromByte(args.storage_mode)) {
    case StorageMode::kSameAsView: return dims;
    case StorageMode::kFlat: return {ElementCount(dims)};
    case StorageMode::kExplicit: {
      std::vector<int64_t> storage(static_cast<size_t>(RankFromByte(args.storage_rank)));
      for (size_t i = 0; i < storage.size(); ++i) {
        storage[i] = DimFromByte(args.dims[i]);
      }
      return storage;
    }
    case StorageMode::kNone:
    case StorageMode::kCount: break;
  }
  return {};
}

}  // namespace

void Interpreter::CreateTensor(const CreateTensorArgs& args) {
  int slot = 0;
  while (slot < kMaxTensors && tensors_[slot].live) {
    ++slot;
  }
  if (slot == kMaxTensors) {
    return;
  }
  const int rank = RankFromByte(args.rank);
  std::vector<int64_t> dims(static_cast<size_t>(rank));
  bool negative_dim = false;
  for (int i = 0; i < rank; ++i) {
    dims[i] = DimFromByte(args.dims[i]);
    negative_dim = negative_dim || dims[i] < 0;
  }
  const aclDataType dtype = DtypeFromByte(args.dtype);
  const bool null_strides = StrideModeFromByte(args.stride_mode) == StrideMode::kNull;
  const std::vector<int64_t> strides = StridesFor(args, dims);
  const int64_t offset = OffsetFromByte(args.offset);
  const std::vector<int64_t> storage = StorageDimsFor(args, dims);

  uintptr_t data = 0;
  const auto pointer_kind = static_cast<PointerKind>(args.pointer_kind % static_cast<uint8_t>(PointerKind::kCount));
  if (pointer_kind < PointerKind::kNull) {
    const BufferSlot& buffer = buffers_[args.buffer % kMaxBuffers];
    if (buffer.live) {
      data = reinterpret_cast<uintptr_t>(buffer.base) + args.byte_offset % (buffer.size + 16);
    }
  } else if (pointer_kind == PointerKind::kDangling && !freed_addresses_.empty()) {
    data = freed_addresses_[args.byte_offset % freed_addresses_.size()] + args.byte_offset % 64;
  } else if (pointer_kind == PointerKind::kWild) {
    data = kWildAddress + args.byte_offset;
  }

  const bool null_dims = args.dims_null % 2 == 1;
  aclTensor* tensor = aclCreateTensor(null_dims ? nullptr : dims.data(), static_cast<uint64_t>(rank), dtype,
                                      null_strides ? nullptr : strides.data(), offset, FormatFromByte(args.format),
                                      storage.empty() ? nullptr : storage.data(), storage.size(),
                                      reinterpret_cast<void*>(data));
  const bool must_refuse = static_cast<uint64_t>(rank) > kMaxCreateRank || negative_dim || (null_dims && rank > 0);
  if (tensor == nullptr) {
    ExpectFailure(1, "aclCreateTensor");  // A NULL tensor must come with a message.
    return;
  }
  Expect(0, "aclCreateTensor");
  if (must_refuse) {
    aclDestroyTensor(tensor);
    Fail("aclCreateTensor accepted a rank over 32, a negative dim or NULL dims");
  }
  TensorSlot& created = tensors_[slot];
  created.handle = tensor;
  created.live = true;
  created.layout.dims = dims;
  created.layout.offset = offset;
  created.layout.element_bytes = ElementBytes(dtype);
  created.layout.data = data;
  // The strides the library will use (its own contiguous ones when none were given).
  int64_t* actual = nullptr;
  uint64_t actual_count = 0;
  Expect(aclGetViewStrides(tensor, &actual, &actual_count), "aclGetViewStrides");
  if (actual == nullptr || actual_count != dims.size()) {
    Fail("aclGetViewStrides does not give one stride per dim");
  }
  created.layout.strides.assign(actual, actual + actual_count);
  delete[] actual;
  if (std::getenv("OPENACLNN_FUZZ_TRACE") != nullptr) {
    std::string text;
    for (size_t i = 0; i < dims.size(); ++i) {
      text += std::to_string(dims[i]) + ":" + std::to_string(created.layout.strides[i]) + " ";
    }
    std::fprintf(stderr, "    tensor %d: dims:strides %s offset %lld dtype %d bytes %lld data %#llx\n", slot,
                 text.c_str(), static_cast<long long>(offset), static_cast<int>(dtype),
                 static_cast<long long>(created.layout.element_bytes), static_cast<unsigned long long>(data));
  }
  if (!null_strides && created.layout.strides != strides) {
    Fail("aclGetViewStrides does not return the strides given to aclCreateTensor");
  }
}

void Interpreter::DestroyTensor(const DestroyTensorArgs& args) {
  TensorSlot& tensor = tensors_[args.tensor % kMaxTensors];
  if (args.tensor == kNullTensor) {
    Expect(aclDestroyTensor(nullptr), "aclDestroyTensor");
    return;
  }
  if (!tensor.live) {
    return;  // Its handle may belong to a newer tensor by now: never pass a stale one.
  }
  const int32_t status = aclDestroyTensor(tensor.handle);
  Expect(status, "aclDestroyTensor");
  if (status != 0) {
    Fail("aclDestroyTensor refused a live tensor");
  }
  tensor.live = false;
  if (args.twice % 2 == 1) {
    ExpectFailure(aclDestroyTensor(tensor.handle), "aclDestroyTensor");
  }
}

void Interpreter::QueryTensor(const QueryTensorArgs& args) {
  const TensorSlot& slot = tensors_[args.tensor % kMaxTensors];
  const aclTensor* tensor = args.tensor != kNullTensor && slot.live ? slot.handle : nullptr;
  const bool null_out = args.null_out % 2 == 1;
  const bool must_fail = tensor == nullptr || null_out;
  const auto check = [&](int32_t status, const char* api) {
    must_fail ? ExpectFailure(status, api) : Expect(status, api);
    if (!must_fail && status != 0) {
      Fail(std::string(api) + " refused a live tensor");
    }
  };
  int64_t* array = nullptr;
  uint64_t count = 0;
  switch (static_cast<TensorQuery>(args.query % static_cast<uint8_t>(TensorQuery::kCount))) {
    case TensorQuery::kViewShape:
      check(aclGetViewShape(tensor, null_out ? nullptr : &array, &count), "aclGetViewShape");
      if (!must_fail && std::vector<int64_t>(array, array + count) != slot.layout.dims) {
        Fail("aclGetViewShape does not return the dims given to aclCreateTensor");
      }
      break;
    case TensorQuery::kStorageShape:
      check(aclGetStorageShape(tensor, null_out ? nullptr : &array, &count), "aclGetStorageShape");
      break;
    case TensorQuery::kStrides:
      check(aclGetViewStrides(tensor, null_out ? nullptr : &array, &count), "aclGetViewStrides");
      break;
    case TensorQuery::kOffset: {
      int64_t offset = -1;
      check(aclGetViewOffset(tensor, null_out ? nullptr : &offset), "aclGetViewOffset");
      if (!must_fail && offset != slot.layout.offset) {
        Fail("aclGetViewOffset does not return the offset given to aclCreateTensor");
      }
      break;
    }
    case TensorQuery::kFormat: {
      aclFormat format = ACL_FORMAT_UNDEFINED;
      check(aclGetFormat(tensor, null_out ? nullptr : &format), "aclGetFormat");
      break;
    }
    case TensorQuery::kDataType: {
      aclDataType dtype = ACL_DT_UNDEFINED;
      check(aclGetDataType(tensor, null_out ? nullptr : &dtype), "aclGetDataType");
      break;
    }
    case TensorQuery::kCount: break;
  }
  delete[] array;
}

bool Interpreter::InsideLiveBuffer(const ViewReach& reach) const {
  for (const BufferSlot& buffer : buffers_) {
    const auto begin = reinterpret_cast<uintptr_t>(buffer.base);
    if (buffer.live && reach.first >= begin && reach.last <= begin + buffer.size) {
      return true;
    }
  }
  return false;
}

const aclTensor* Interpreter::TensorArg(uint8_t raw, CallTensors* call, ViewLayout* layout) const {
  const TensorSlot& slot = tensors_[raw % kMaxTensors];
  if (raw == kNullTensor || !slot.live) {
    return nullptr;  // A destroyed tensor is never passed: its handle may belong to a newer one.
  }
  const ViewReach reach = ReachOf(slot.layout);
  if (reach.kind == Reach::kBytes && !runtime_->checked_memory && !InsideLiveBuffer(reach)) {
    call->usable = false;
  }
  call->reaches.push_back(reach);
  // aclCreateTensor refuses negative dims, so a live tensor's count is 0 or a saturating product.
  call->max_elements = std::max(call->max_elements, ElementCount(slot.layout.dims));
  if (layout != nullptr) {
    *layout = slot.layout;
  }
  return slot.handle;
}

}  // namespace openaclnn::fuzz
