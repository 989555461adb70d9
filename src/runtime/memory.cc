#include "runtime/memory.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <iterator>
#include <limits>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "core/messages.h"
#include "runtime/device.h"
#include "runtime/env.h"

namespace openaclnn::runtime {
namespace {

struct Block {
  size_t size;             // What the caller asked for.
  MemoryKind kind;
  int32_t device;          // Device blocks: the device they were allocated on; host blocks: -1.
  void* mapping;           // Start of the mmap region, or nullptr for heap blocks.
  size_t mapping_bytes;
};

struct BlockTable {
  std::mutex mu;
  std::map<uintptr_t, Block> blocks;  // Keyed by the address handed to the caller.
  std::deque<BlockInfo> freed;        // Checked memory mode only: the newest releases, newest last.
  std::vector<uint64_t> device_bytes = std::vector<uint64_t>(kMaxDeviceCount, 0);  // Live device bytes.
};

BlockTable& Table() {
  static BlockTable* table = new BlockTable();  // Never destroyed: frees may arrive from static destructors.
  return *table;
}

// CANN's parameter name for the block pointer of aclrtMalloc / aclrtFree and aclrtMallocHost / aclrtFreeHost.
const char* PointerArg(MemoryKind kind) { return kind == MemoryKind::kDevice ? "devPtr" : "hostPtr"; }

const char* KindName(MemoryKind kind) { return kind == MemoryKind::kDevice ? "device" : "host"; }

bool WantsHugePages(int32_t policy) {
  const int32_t base = policy & 0xff;
  return base != ACL_MEM_MALLOC_NORMAL_ONLY && base != ACL_MEM_MALLOC_NORMAL_ONLY_P2P;
}

void* MapLargeBlock(size_t size, bool huge_pages, void** mapping, size_t* mapping_bytes) {
  const size_t rounded = (size + kLargeBlockBytes - 1) / kLargeBlockBytes * kLargeBlockBytes;
  const size_t reserve = rounded + kLargeBlockBytes;  // Room to slide the start onto a 2 MiB boundary.
  void* region = mmap(nullptr, reserve, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (region == MAP_FAILED) {
    return nullptr;
  }
  const uintptr_t start = reinterpret_cast<uintptr_t>(region);
  const uintptr_t aligned = (start + kLargeBlockBytes - 1) / kLargeBlockBytes * kLargeBlockBytes;
  if (aligned > start) {
    munmap(region, aligned - start);
  }
  const uintptr_t end = start + reserve;
  if (end > aligned + rounded) {
    munmap(reinterpret_cast<void*>(aligned + rounded), end - (aligned + rounded));
  }
  if (huge_pages) {
    // Best effort: without transparent huge pages the block still works with 4 KiB pages.
    madvise(reinterpret_cast<void*>(aligned), rounded, MADV_HUGEPAGE);
  }
  *mapping = reinterpret_cast<void*>(aligned);
  *mapping_bytes = rounded;
  return *mapping;
}

void FreeBlock(void* pointer, const Block& block) {
  if (block.mapping != nullptr) {
    munmap(block.mapping, block.mapping_bytes);
  } else {
    std::free(pointer);
  }
}

// Counts size against the device's memory (OPENACLNN_DEVICE_MEMORY), before the block exists, so two threads
// cannot both take the last bytes.
Status ReserveDeviceBytes(const char* api, int32_t device, size_t size) {
  if (device < 0) {
    return Status::Ok();
  }
  BlockTable& table = Table();
  std::lock_guard<std::mutex> lock(table.mu);
  uint64_t& used = table.device_bytes[static_cast<size_t>(device)];
  const uint64_t limit = DeviceMemoryLimit();
  if (limit > 0 && (used > limit || size > limit - used)) {
    const uint64_t free_bytes = used > limit ? 0 : limit - used;
    return Status(ACL_ERROR_RT_MEMORY_ALLOCATION,
                  msg::RuntimeError(api, "device " + std::to_string(device) + " is out of memory: " +
                                             std::to_string(size) + " bytes asked, " + std::to_string(free_bytes) +
                                             " free of " + std::to_string(limit) + " (" + kDeviceMemoryEnv + ")."));
  }
  used += size;
  return Status::Ok();
}

void ReturnDeviceBytes(int32_t device, size_t size) {
  if (device >= 0) {
    BlockTable& table = Table();
    std::lock_guard<std::mutex> lock(table.mu);
    table.device_bytes[static_cast<size_t>(device)] -= size;
  }
}

}  // namespace

Status Allocate(const char* api, MemoryKind kind, size_t size, int32_t policy, void** out) {
  if (out == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(api, std::string("argument '") + PointerArg(kind) +
                                             "' is NULL; expected the address of a pointer to receive the block."));
  }
  if (size == 0) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(api, "argument 'size' is 0; expected a size > 0."));
  }
  // Rounding a size this close to SIZE_MAX up to whole blocks would wrap around to a small mapping.
  if (size > std::numeric_limits<size_t>::max() - 2 * kLargeBlockBytes) {
    return Status(ACL_ERROR_RT_MEMORY_ALLOCATION,
                  msg::RuntimeError(api, "argument 'size' is " + std::to_string(size) +
                                             ", larger than any block of " + KindName(kind) + " memory can be."));
  }
  const int32_t device = kind == MemoryKind::kDevice ? CurrentDeviceOr(0) : -1;
  OPENACLNN_RETURN_IF_ERROR(ReserveDeviceBytes(api, device, size));
  Block block{size, kind, device, nullptr, 0};
  void* pointer = nullptr;
  if (size >= kLargeBlockBytes) {
    pointer = MapLargeBlock(size, WantsHugePages(policy), &block.mapping, &block.mapping_bytes);
  } else {
    const size_t rounded = (size + kBlockAlignment - 1) / kBlockAlignment * kBlockAlignment;
    pointer = std::aligned_alloc(kBlockAlignment, rounded);
  }
  if (pointer == nullptr) {
    ReturnDeviceBytes(device, size);
    return Status(ACL_ERROR_RT_MEMORY_ALLOCATION,
                  msg::RuntimeError(api, "out of memory allocating " + std::to_string(size) + " bytes of " +
                                             KindName(kind) + " memory."));
  }
  BlockTable& table = Table();
  std::lock_guard<std::mutex> lock(table.mu);
  const uintptr_t begin = reinterpret_cast<uintptr_t>(pointer);
  table.blocks.emplace(begin, block);
  if (!table.freed.empty()) {
    // Released blocks this one reuses are history: their addresses are live again.
    table.freed.erase(std::remove_if(table.freed.begin(), table.freed.end(),
                                     [begin, size](const BlockInfo& freed) {
                                       return freed.begin < begin + size && begin < freed.begin + freed.bytes;
                                     }),
                      table.freed.end());
  }
  *out = pointer;
  return Status::Ok();
}

Status Release(const char* api, MemoryKind kind, void* pointer) {
  const std::string arg = std::string("argument '") + PointerArg(kind) + "'";
  if (pointer == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(api, arg + " is NULL; expected a block from " +
                                                                      std::string(kind == MemoryKind::kDevice
                                                                                      ? "aclrtMalloc."
                                                                                      : "aclrtMallocHost.")));
  }
  // Work still queued on a stream may use the block: let it finish first, as cudaFree does.
  WaitAllStreamsIdle();
  BlockTable& table = Table();
  Block block{};
  {
    std::lock_guard<std::mutex> lock(table.mu);
    auto it = table.blocks.find(reinterpret_cast<uintptr_t>(pointer));
    if (it == table.blocks.end()) {
      return Status(ACL_ERROR_INVALID_PARAM,
                    msg::RuntimeError(api, arg + " is not the start of a live " + std::string(KindName(kind)) +
                                               " block (never allocated here, or already freed)."));
    }
    if (it->second.kind != kind) {
      const bool device = it->second.kind == MemoryKind::kDevice;
      return Status(ACL_ERROR_INVALID_PARAM,
                    msg::RuntimeError(api, arg + " is a " + KindName(it->second.kind) +
                                               " block; free it with " + (device ? "aclrtFree." : "aclrtFreeHost.")));
    }
    block = it->second;
    table.blocks.erase(it);
    if (block.device >= 0) {
      table.device_bytes[static_cast<size_t>(block.device)] -= block.size;  // ReturnDeviceBytes, under this lock.
    }
    if (CheckedMemory()) {
      if (table.freed.size() == kRememberedFrees) {
        table.freed.pop_front();
      }
      table.freed.push_back(BlockInfo{reinterpret_cast<uintptr_t>(pointer), block.size, block.kind});
    }
  }
  FreeBlock(pointer, block);
  return Status::Ok();
}

bool IsInsideLiveBlock(const void* address, uint64_t bytes) {
  return LocateExtent(reinterpret_cast<uintptr_t>(address), bytes).inside_live_block;
}

namespace {

msg::MemoryBlockText TextOf(const BlockInfo& block) {
  return msg::MemoryBlockText{block.kind == MemoryKind::kDevice, block.begin, block.bytes};
}

}  // namespace

Status VerifyLiveExtent(std::string_view api, std::string_view arg, uintptr_t begin, uint64_t bytes) {
  const ExtentLocation location = LocateExtent(begin, bytes);
  if (location.inside_live_block) {
    return Status::Ok();
  }
  const msg::MemoryBlockText freed = TextOf(location.freed);
  const msg::MemoryBlockText nearest = TextOf(location.nearest);
  return Status(ACLNN_ERR_PARAM_INVALID,
                msg::OutsideLiveMemory(api, arg, begin, bytes, location.has_freed ? &freed : nullptr,
                                       location.has_nearest ? &nearest : nullptr));
}

ExtentLocation LocateExtent(uintptr_t begin, uint64_t bytes) {
  ExtentLocation location;
  BlockTable& table = Table();
  std::lock_guard<std::mutex> lock(table.mu);
  auto after = table.blocks.upper_bound(begin);  // First block starting after begin.
  if (after != table.blocks.begin()) {
    auto holder = std::prev(after);  // Last block starting at or before begin.
    const uintptr_t block_end = holder->first + holder->second.size;
    location.has_nearest = true;
    location.nearest = BlockInfo{holder->first, holder->second.size, holder->second.kind};
    if (begin <= block_end && bytes <= block_end - begin) {
      location.inside_live_block = true;
      return location;
    }
    // A range starting inside this block overruns it: that is the whole story.
    if (begin < block_end) {
      return location;
    }
    // Otherwise the next block may be closer.
    if (after != table.blocks.end() && after->first - begin < begin - block_end) {
      location.nearest = BlockInfo{after->first, after->second.size, after->second.kind};
    }
  } else if (after != table.blocks.end()) {
    location.has_nearest = true;
    location.nearest = BlockInfo{after->first, after->second.size, after->second.kind};
  }
  for (auto it = table.freed.rbegin(); it != table.freed.rend(); ++it) {
    const uintptr_t freed_end = it->begin + it->bytes;
    if (begin >= it->begin && begin < freed_end && bytes <= freed_end - begin) {
      location.has_freed = true;
      location.freed = *it;
      break;
    }
  }
  return location;
}

uint64_t DeviceBytesInUse(int32_t device) {
  BlockTable& table = Table();
  std::lock_guard<std::mutex> lock(table.mu);
  return device >= 0 && device < kMaxDeviceCount ? table.device_bytes[static_cast<size_t>(device)] : 0;
}

int32_t DeviceOfBlock(const void* address, uint64_t bytes) {
  const uintptr_t begin = reinterpret_cast<uintptr_t>(address);
  BlockTable& table = Table();
  std::lock_guard<std::mutex> lock(table.mu);
  auto after = table.blocks.upper_bound(begin);
  if (after == table.blocks.begin()) {
    return -1;
  }
  auto holder = std::prev(after);
  const uintptr_t end = holder->first + holder->second.size;
  return begin <= end && bytes <= end - begin ? holder->second.device : -1;
}

void ReleaseAllBlocks() {
  BlockTable& table = Table();
  std::map<uintptr_t, Block> blocks;
  {
    std::lock_guard<std::mutex> lock(table.mu);
    blocks.swap(table.blocks);
    std::fill(table.device_bytes.begin(), table.device_bytes.end(), 0);
  }
  for (const auto& [address, block] : blocks) {
    FreeBlock(reinterpret_cast<void*>(address), block);
  }
}

}  // namespace openaclnn::runtime
