#include "tensor_spec.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

#include "conformance_text.h"

namespace openaclnn::test {
namespace {

// Strides over the dimensions taken in `order` (outermost first), each dimension padded by `pad` elements:
// never overlapping, whatever the order.
std::vector<int64_t> StridesInOrder(const std::vector<int64_t>& dims, const std::vector<size_t>& order,
                                    int64_t pad = 0) {
  std::vector<int64_t> strides(dims.size(), 1);
  int64_t running = 1;
  for (size_t k = order.size(); k-- > 0;) {
    strides[order[k]] = running;
    running *= std::max<int64_t>(dims[order[k]], 1) + pad;
  }
  return strides;
}

std::vector<size_t> RandomOrder(CaseRng& rng, size_t rank) {
  std::vector<size_t> order(rank);
  std::iota(order.begin(), order.end(), size_t{0});
  for (size_t i = rank; i > 1; --i) {
    std::swap(order[i - 1], order[static_cast<size_t>(rng.Int(0, static_cast<int64_t>(i) - 1))]);
  }
  return order;
}

std::vector<size_t> IdentityOrder(size_t rank) {
  std::vector<size_t> order(rank);
  std::iota(order.begin(), order.end(), size_t{0});
  return order;
}

// Size-1 dimensions take any stride without changing the elements addressed: vary it sometimes.
void ScrambleUnitStrides(CaseRng& rng, const std::vector<int64_t>& dims, std::vector<int64_t>* strides) {
  for (size_t d = 0; d < dims.size(); ++d) {
    if (dims[d] == 1 && rng.Chance(0.3)) {
      (*strides)[d] = rng.Pick(std::vector<int64_t>{0, 1, 7, 1000});
    }
  }
}

Layout StridedLayout(CaseRng& rng, const std::vector<int64_t>& dims, bool allow_zero_stride) {
  Layout layout;
  layout.slack = rng.Int(0, 3);
  const size_t rank = dims.size();
  const int64_t choice = rng.Int(0, allow_zero_stride ? 5 : 4);
  switch (choice) {
    case 0:  // Contiguous at an offset.
      layout.offset = rng.Int(1, 9);
      layout.strides = StridesInOrder(dims, IdentityOrder(rank));
      break;
    case 1:  // Every dimension padded: a slice of a larger tensor.
      layout.offset = rng.Int(0, 5);
      layout.strides = PaddedStrides(dims, rng.Int(1, 3));
      break;
    case 2:  // The last two dimensions swapped in memory.
      layout.offset = rng.Int(0, 3);
      layout.strides = TransposedStrides(dims);
      break;
    case 3:  // Any dimension order.
      layout.offset = rng.Int(0, 3);
      layout.strides = StridesInOrder(dims, RandomOrder(rng, rank));
      break;
    case 4:  // Any dimension order with gaps between elements of every dimension.
      layout.offset = rng.Int(0, 3);
      layout.strides = StridesInOrder(dims, RandomOrder(rng, rank), rng.Int(1, 2));
      break;
    default: {  // A broadcast view: one or more dimensions longer than one read a single stored element.
      layout.offset = rng.Int(0, 4);
      layout.strides = StridesInOrder(dims, IdentityOrder(rank));
      std::vector<size_t> longer;
      for (size_t d = 0; d < rank; ++d) {
        if (dims[d] > 1) {
          longer.push_back(d);
        }
      }
      if (!longer.empty()) {
        const size_t chosen = rng.Pick(longer);
        for (size_t d : longer) {
          if (d == chosen || rng.Chance(0.3)) {
            layout.strides[d] = 0;
          }
        }
      }
      break;
    }
  }
  ScrambleUnitStrides(rng, dims, &layout.strides);
  return layout;
}

}  // namespace

Layout RandomInputLayout(CaseRng& rng, const std::vector<int64_t>& dims) {
  if (rng.Chance(0.4)) {
    return Layout{{}, 0, rng.Int(0, 3)};
  }
  return StridedLayout(rng, dims, /*allow_zero_stride=*/true);
}

Layout RandomOutputLayout(CaseRng& rng, const std::vector<int64_t>& dims) {
  if (rng.Chance(0.45)) {
    return Layout{{}, 0, rng.Int(0, 3)};
  }
  return StridedLayout(rng, dims, /*allow_zero_stride=*/false);
}

std::vector<int64_t> StridesOf(const TensorSpec& spec) {
  return spec.layout.strides.empty() ? ContiguousStrides(spec.dims) : spec.layout.strides;
}

bool HasBroadcastStride(const TensorSpec& spec) {
  const std::vector<int64_t> strides = StridesOf(spec);
  for (size_t d = 0; d < spec.dims.size(); ++d) {
    if (spec.dims[d] > 1 && strides[d] == 0) {
      return true;
    }
  }
  return false;
}

bool IsStrided(const TensorSpec& spec) {
  return spec.layout.offset != 0 || StridesOf(spec) != ContiguousStrides(spec.dims);
}

void RepeatValuesAlongZeroStrides(TensorSpec* spec) {
  if (!HasBroadcastStride(*spec)) {
    return;  // Nothing to repeat (and large cases skip a walk over every element).
  }
  // Element i takes the value of the element with coordinate 0 along every zero-stride dimension, which comes
  // no later in row-major order and keeps its own value, so the copy can run in place.
  const std::vector<int64_t> strides = StridesOf(*spec);
  const std::vector<int64_t> row_major = ContiguousStrides(spec->dims);
  std::vector<int64_t> steps(spec->dims.size());
  for (size_t d = 0; d < steps.size(); ++d) {
    steps[d] = strides[d] == 0 ? 0 : row_major[d];
  }
  std::vector<int64_t> index(spec->dims.size(), 0);
  int64_t source = 0;
  for (double& value : spec->values) {
    value = spec->values[static_cast<size_t>(source)];
    for (size_t d = index.size(); d-- > 0;) {  // Odometer step: the last dimension fastest.
      source += steps[d];
      if (++index[d] < spec->dims[d]) {
        break;
      }
      source -= steps[d] * spec->dims[d];
      index[d] = 0;
    }
  }
}

std::vector<double> ExpandedValues(const TensorSpec& operand, const std::vector<int64_t>& dims) {
  // Row-major steps of the operand's values along each of dims: 0 where the operand is missing or has size 1.
  const size_t missing = dims.size() - operand.dims.size();
  const std::vector<int64_t> operand_strides = ContiguousStrides(operand.dims);
  std::vector<int64_t> steps(dims.size(), 0);
  for (size_t d = missing; d < dims.size(); ++d) {
    steps[d] = operand.dims[d - missing] == 1 ? 0 : operand_strides[d - missing];
  }
  const int64_t count = Numel(dims);
  std::vector<double> values(static_cast<size_t>(count > 0 ? count : 0));
  std::vector<int64_t> index(dims.size(), 0);
  int64_t source = 0;
  for (double& value : values) {
    value = operand.values[static_cast<size_t>(source)];
    for (size_t d = dims.size(); d-- > 0;) {  // Odometer step: the last dimension fastest.
      source += steps[d];
      if (++index[d] < dims[d]) {
        break;
      }
      source -= steps[d] * dims[d];
      index[d] = 0;
    }
  }
  return values;
}

std::unique_ptr<DeviceTensor> MakeDeviceTensor(const TensorSpec& spec, bool fill) {
  auto tensor = std::make_unique<DeviceTensor>(spec.dims, spec.dtype, spec.layout);
  if (fill) {
    tensor->Fill(spec.values);
  }
  return tensor;
}

std::string DescribeTensor(const std::string& name, const TensorSpec& spec, bool with_values) {
  std::string text = name + " " + DtypeText(spec.dtype) + " " + DimsText(spec.dims);
  if (IsStrided(spec)) {
    text += " strides " + DimsText(StridesOf(spec)) + " offset " + std::to_string(spec.layout.offset);
  }
  if (with_values) {
    text += " values " + ValuesText(spec.values);
  }
  return text;
}

}  // namespace openaclnn::test
