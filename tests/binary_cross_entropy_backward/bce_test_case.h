// One aclnnBinaryCrossEntropyBackward call described by data: each operand's data type, shape and memory layout,
// the reduction and whether a weight is given. RunBceCase builds the tensors, fills random values, runs both
// phases and compares every element with the fp64 reference, and checks that nothing outside out's view changed.
#ifndef OPENACLNN_TESTS_BINARY_CROSS_ENTROPY_BACKWARD_BCE_TEST_CASE_H_
#define OPENACLNN_TESTS_BINARY_CROSS_ENTROPY_BACKWARD_BCE_TEST_CASE_H_

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "device_tensor.h"

namespace openaclnn::test {

enum class LayoutKind {
  kContiguous,
  kTransposed,  // The last two dimensions stored column-major.
  kSliced,      // Every dimension padded (a slice of a larger tensor), with a storage offset.
  kZeroStride,  // Inputs only: the first dimension of size > 1 has stride 0 (an expanded view), with an offset.
};

struct OperandSpec {
  aclDataType dtype = ACL_FLOAT;
  std::vector<int64_t> dims;
  LayoutKind layout = LayoutKind::kContiguous;
};

struct BceCase {
  OperandSpec grad;
  OperandSpec self;
  OperandSpec target;
  OperandSpec weight;  // Ignored unless has_weight.
  OperandSpec out;     // dims are self's.
  bool has_weight = true;
  int64_t reduction = 0;
  // Kernel implementation (index for openaclnnGetKernelTargetName, taken modulo the count; 0 is "reference"),
  // kernel threads (0: the default) and store path for this call; the defaults are restored afterwards.
  int kernel_target = 0;
  int threads = 0;
  bool streaming_stores = false;  // Write out with streaming stores whatever its size (threshold 0).
};

std::string Describe(const BceCase& c);
std::string LayoutName(LayoutKind kind);
Layout MakeLayout(const std::vector<int64_t>& dims, LayoutKind kind);

// The allowed distance to the fp64 reference, in ulps of out's type. FLOAT out: every float operation rounds
// once (relative error <= 2^-24, and an ulp of the result exceeds 2^-24 of its magnitude), so n roundings stay
// within n ulps to first order: x - y, g * (x - y), 1 - x, x * (1 - x) and the division (5), the weight product
// (1), and for mean the reciprocal 1 / numel and its product (2). FLOAT16/BFLOAT16 out: that float result is
// far closer than half an ulp of the 16-bit type, so the two roundings differ by at most 1 ulp.
double AllowedUlps(const BceCase& c);

// Elementwise comparison of a result with the fp64 reference under AllowedUlps; returns "" or a description of
// the first mismatch.
std::string CompareWithReference(aclDataType out_dtype, double allowed_ulps, const std::vector<double>& got,
                                 const std::vector<double>& expected);

// Bit-for-bit comparison of a result with the float32 evaluation order of DECISIONS 6-7 rounded once to out's
// type (NaN matches NaN; the sign of zero counts); returns "" or a description of the first mismatch.
std::string CompareBitExact(aclDataType out_dtype, const std::vector<double>& got, const std::vector<float>& expected);

// Runs the case with values drawn from rng (self in [0.02, 0.98], target in [0, 1], gradOutput and weight in
// [-2, 2]); checks the result against both references and adds GoogleTest failures naming the case.
void RunBceCase(const BceCase& c, std::mt19937_64& rng);

// The seed of the randomised grids: OPENACLNN_TEST_SEED if set ("random" draws one), else a fixed default;
// printed once.
uint64_t TestSeed();

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_BINARY_CROSS_ENTROPY_BACKWARD_BCE_TEST_CASE_H_
