// The fuzzer's own arithmetic on tensor views (independent of the library's): which bytes a view reaches,
// whether the library is bound to reject it, and the bytes of each of its elements.
#ifndef OPENACLNN_FUZZ_LAYOUT_H_
#define OPENACLNN_FUZZ_LAYOUT_H_

#include <cstdint>
#include <functional>
#include <vector>

namespace openaclnn::fuzz {

struct ViewLayout {
  std::vector<int64_t> dims;
  std::vector<int64_t> strides;  // In elements, one per dim.
  int64_t offset = 0;            // In elements.
  int64_t element_bytes = 0;     // 0 for data types without a byte size.
  uintptr_t data = 0;
};

enum class Reach {
  kNothing,       // An empty view: no byte is read or written.
  kBytes,         // The view reaches exactly [first, last) (only meaningful with a non-null data pointer).
  kMustBeRefused  // The library documents that it refuses it before touching data: a NULL data pointer, a data
                  // type without a byte size, a negative storage offset, a negative stride on a dimension of
                  // size > 1, or an extent past int64 / the address space.
};

struct ViewReach {
  Reach kind = Reach::kNothing;
  uintptr_t first = 0;
  uintptr_t last = 0;
};

ViewReach ReachOf(const ViewLayout& view);

// The product of dims: 0 when a dim is 0, saturating at INT64_MAX when it overflows.
int64_t ElementCount(const std::vector<int64_t>& dims);

// Calls fn(byte_address) for the first byte of every element, in row-major order; false (having called
// nothing) when the view has more than max_elements elements or is not a plain kBytes view.
bool ForEachElement(const ViewLayout& view, int64_t max_elements, const std::function<void(uintptr_t)>& fn);

}  // namespace openaclnn::fuzz

#endif  // OPENACLNN_FUZZ_LAYOUT_H_
