// Test helper for the concurrency tests: one random, valid call of aclnnNLLLossBackward or
// aclnnBinaryCrossEntropyBackward (chosen and sized by a seed) with its own device tensors, launched through
// the public API and checked against the test-only references once its stream has been synchronised. Each
// case owns its memory, so any number of cases can run at once on any streams.
#ifndef OPENACLNN_TESTS_CONCURRENCY_LAUNCH_CASE_H_
#define OPENACLNN_TESTS_CONCURRENCY_LAUNCH_CASE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "device_tensor.h"

namespace openaclnn::test {

class LaunchCase {
 public:
  // NLL for even seeds, BCE for odd ones; shapes, data types, layouts and values follow from the seed.
  explicit LaunchCase(uint64_t seed);
  ~LaunchCase();
  LaunchCase(const LaunchCase&) = delete;
  LaunchCase& operator=(const LaunchCase&) = delete;

  // Phase 1; returns its status (the executor is kept for Run).
  aclnnStatus Prepare(bool repeatable = false);
  // Phase 2 of the prepared executor on stream (not synchronised).
  aclnnStatus Run(aclrtStream stream);
  // Both phases.
  aclnnStatus Launch(aclrtStream stream);
  // Destroys a repeatable executor (single-use ones are released by their run).
  aclnnStatus DestroyExecutor();

  // Writes new input values drawn from `seed` (same shapes), for a repeatable executor's next run.
  void Refill(uint64_t seed);
  // Sets out to a value the operator never writes, so a run that did not happen is noticed.
  void PoisonOut();
  // NLL only: gives row 0 a target outside [0, C) (DECISIONS 8: the run is reported failed, the row stays zero).
  void BreakTarget(int64_t value);
  bool is_nll() const { return nll_; }

  // After synchronisation: "" when out matches the reference, else what differs (prefixed with the case name).
  std::string Check() const;
  const std::string& name() const { return name_; }

 private:
  std::string CheckNll() const;
  std::string CheckBce() const;

  bool nll_;
  std::string name_;
  std::vector<std::unique_ptr<DeviceTensor>> tensors_;  // NLL: grad, self, target, weight, totalWeight, out.
                                                        // BCE: grad, self, target, weight (optional), out.
  bool has_weight_ = true;
  int64_t reduction_ = 0;
  int64_t ignore_index_ = -100;
  aclOpExecutor* executor_ = nullptr;
};

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONCURRENCY_LAUNCH_CASE_H_
