// Shared pieces of the bad-input tables: tensor arguments described as data (so a table can mutate one field),
// a sentinel-filled memory arena every tensor of a call points into (a failed call must leave all of it
// unchanged), and the checks every failing call must pass: the documented code, a message naming the API and
// the argument, no executor handed out.
#ifndef OPENACLNN_TESTS_BAD_INPUT_BAD_INPUT_HARNESS_H_
#define OPENACLNN_TESTS_BAD_INPUT_BAD_INPUT_HARNESS_H_

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace openaclnn::test {

// The documented codes the tables expect, and the int64 extremes their overflow rows use.
inline constexpr int kNull = 161001;     // ACLNN_ERR_PARAM_NULLPTR
inline constexpr int kInvalid = 161002;  // ACLNN_ERR_PARAM_INVALID
inline constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
inline constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();

// One tensor argument. Valid arguments are small and contiguous; a table entry changes one field.
struct TensorArg {
  bool present = true;  // false: the argument is NULL.
  std::vector<int64_t> dims;
  aclDataType dtype = ACL_FLOAT;
  std::optional<std::vector<int64_t>> strides;  // nullopt: NULL strides (contiguous).
  int64_t offset = 0;
  aclFormat format = ACL_FORMAT_ND;
  bool null_data = false;       // The tensor describes no memory (tensorData NULL).
  std::vector<double> values;   // Written contiguously from the tensor's first element (valid arguments only).
};

// Every data type value CANN's headers define, plus unused values and values beyond the last one.
const std::vector<aclDataType>& AllDataTypes();
bool IsLossFloat(aclDataType dtype);  // FLOAT, FLOAT16, BF16
bool IsPromotableInteger(aclDataType dtype);  // BOOL, UINT8, INT8, INT16, INT32, INT64

// Device memory for up to kSlots tensors, kSlotBytes each, sentinel-filled.
class Arena {
 public:
  static constexpr int kSlots = 8;
  static constexpr size_t kSlotBytes = 4096;

  Arena();
  ~Arena();
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  char* Slot(int index) const;
  // The arena's bytes now, to compare with later.
  std::vector<uint8_t> Snapshot() const;

 private:
  void* memory_ = nullptr;
};

// aclTensor handles for a list of arguments (NULL where an argument is absent), each in its own arena slot with
// its values written; destroyed with the object.
class TensorSet {
 public:
  TensorSet(const Arena& arena, const std::vector<const TensorArg*>& args);
  ~TensorSet();
  TensorSet(const TensorSet&) = delete;
  TensorSet& operator=(const TensorSet&) = delete;

  aclTensor* at(size_t index) const { return tensors_[index]; }

 private:
  std::vector<aclTensor*> tensors_;
};

// "" when the call failed as documented: `code` equals `expected_code`, the pending message names `api` and one of
// `args` (as 'arg'); else what was wrong. Consumes the pending message.
std::string CheckFailure(int code, int expected_code, const std::string& api, const std::vector<std::string>& args);

// The outcome of an operator's phase 1 (`code`, `executor`) against a case's expectation. Accepted (expected_code
// 0): phase 2 (`launch`, given the executor and a stream) runs and the stream synchronises cleanly. Refused: the
// code and message are as documented (CheckFailure), no executor was handed out and `arena` still holds `before`.
using LaunchPhase2 = std::function<int(aclOpExecutor* executor, aclrtStream stream)>;
void ExpectPhase1Outcome(int code, aclOpExecutor* executor, int expected_code, const std::string& api,
                         const std::vector<std::string>& args, const LaunchPhase2& launch, const Arena& arena,
                         const std::vector<uint8_t>& before);

// An operator's phase 2, as every aclnnXxx(workspace, workspaceSize, executor, stream) is declared (the same
// alias as pointwise_registry.h's).
using Phase2 = aclnnStatus (*)(void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                               aclrtStream stream);

// An operator's phase 1 called on `tensors` (the table's tensor arguments, in order) with the other arguments the
// caller binds, and the given phase-1 output pointers (either may be NULL).
using Phase1Call = std::function<int(const TensorSet& tensors, uint64_t* workspace_size, aclOpExecutor** executor)>;

// What one row of a phase-1 table expects: which phase-1 output pointers it leaves NULL, the documented code (0:
// accepted, and then run) and the arguments the message may name.
struct Phase1Expectation {
  bool null_workspace_size = false;
  bool null_executor = false;
  int expected_code = 0;
  std::vector<std::string> named;
};

// Runs one row: `tensors` in a fresh sentinel-filled arena, `phase1` with the row's output pointers, then
// ExpectPhase1Outcome for `api` (an accepted row is run by `phase2`). Every phase-1 table's test body.
void RunPhase1(const std::vector<const TensorArg*>& tensors, const Phase1Expectation& row, const std::string& api,
               const Phase1Call& phase1, Phase2 phase2);

// A row whose tensor arguments are kept by CANN's names, in signature order, with what the row changed. Operators
// extend it with their scalar arguments.
struct Phase1Case : Phase1Expectation {
  std::string name;
  std::vector<std::string> names;
  std::vector<TensorArg> tensors;

  TensorArg& Named(const std::string& arg);  // Throws std::out_of_range for a name not in `names`.
};

// RunPhase1 on the case's tensors.
void RunPhase1Case(const Phase1Case& c, const std::string& api, const Phase1Call& phase1, Phase2 phase2);

// A FLOAT tensor argument of `dims` holding `value` everywhere.
TensorArg FilledFloat(std::vector<int64_t> dims, double value);

// A readable gtest parameter name from free text ("weight: dtype INT32" -> "weight_dtype_INT32").
std::string TestNameOf(const std::string& text);

// "2-D 3 4" for {3, 4}: dims as they appear in case names.
std::string DimsName(const std::vector<int64_t>& dims);

// The memory-layout rows every tensor argument gets, as (label, change) pairs for a valid argument `valid`:
// NULL data, negative, extreme and overflowing offsets, a negative stride, and strides whose extent overflows
// int64 in elements, in bytes, or only as the sum over the dimensions. A row is only listed when it can go wrong
// for `valid`'s dims (a size-1 dimension cannot overflow). Every row must be refused wherever the operator reads
// or writes the tensor: 161001 for NULL data, 161002 for the rest.
struct LayoutMutation {
  std::string label;
  std::function<void(TensorArg&)> change;
  bool null_data;  // The documented code is 161001, not 161002.
};
std::vector<LayoutMutation> LayoutMutations(const TensorArg& valid);

std::string DtypeName(aclDataType dtype);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_BAD_INPUT_BAD_INPUT_HARNESS_H_
