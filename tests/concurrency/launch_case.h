// Test helper for the concurrency tests: one random, valid call of one operator (aclnnNLLLossBackward,
// aclnnBinaryCrossEntropyBackward, aclnnNLLLoss, aclnnBinaryCrossEntropy, or any pointwise loss of the test
// registry in either direction; chosen and sized by a seed) with its own device tensors, launched through the
// public API and checked against the test-only references once its stream has been synchronised. Each case owns
// its memory, so any number of cases can run at once on any streams.
#ifndef OPENACLNN_TESTS_CONCURRENCY_LAUNCH_CASE_H_
#define OPENACLNN_TESTS_CONCURRENCY_LAUNCH_CASE_H_

#include <cstdint>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "device_tensor.h"
#include "pointwise_registry.h"

namespace openaclnn::test {

// The hand-written cases; every other operator is a kPointwiseLoss, one of the registry's.
enum class LaunchOperator {
  kNllLossBackward,
  kBinaryCrossEntropyBackward,
  kNllLoss,
  kBinaryCrossEntropy,
  kPointwiseLoss,
};

// How many operators (and directions) seeds pick from: the four above, then each registry loss forward and, where it
// has one, backward (tests/support/pointwise_registry.h), so a loss added to the registry is launched with no change
// here. Seeds pick them in this order, seed % LaunchOperatorCount(): consecutive seeds cover every one.
int LaunchOperatorCount();

class LaunchCase {
 public:
  // The operator is number seed % LaunchOperatorCount(); shapes, data types, layouts and values follow from the seed.
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
  // Sets every output to a value the operator never writes, so a run that did not happen is noticed.
  void PoisonOut();
  // NLL only (either direction): gives row 0 a target outside [0, C) (DECISIONS 8: the row counts as nothing; in
  // strict mode the run is reported failed).
  void BreakTarget(int64_t value);
  bool is_nll() const { return op_ == LaunchOperator::kNllLossBackward || op_ == LaunchOperator::kNllLoss; }
  LaunchOperator op() const { return op_; }
  int operator_index() const { return operator_index_; }  // In [0, LaunchOperatorCount()).

  // After synchronisation: "" when out matches the reference, else what differs (prefixed with the case name).
  std::string Check() const;
  const std::string& name() const { return name_; }

 private:
  void MakeNllBackward(std::mt19937_64& rng, aclDataType dtype, std::ostringstream& name);
  void MakeBceBackward(std::mt19937_64& rng, aclDataType dtype, std::ostringstream& name);
  void MakeNllForward(std::mt19937_64& rng, aclDataType dtype, std::ostringstream& name);
  void MakeBceForward(std::mt19937_64& rng, aclDataType dtype, std::ostringstream& name);
  void RefillNll(std::mt19937_64& rng);
  void RefillBce(std::mt19937_64& rng);
  // launch_case_pointwise.cc: a registry loss's case.
  void MakePointwise(std::mt19937_64& rng, aclDataType dtype, std::ostringstream& name);
  void RefillPointwise(std::mt19937_64& rng);
  aclnnStatus PreparePointwise(uint64_t* workspace);
  std::string CheckPointwise() const;
  std::string CheckNllBackward() const;
  std::string CheckBceBackward() const;
  std::string CheckNllForward() const;
  std::string CheckBceForward() const;
  // Every tensor the operator writes (out, and totalWeightOut for the forward NLL).
  std::vector<DeviceTensor*> Outputs() const;
  DeviceTensor& Self() const { return *tensors_[backward() ? 1 : 0]; }
  DeviceTensor& Target() const { return *tensors_[backward() ? 2 : 1]; }
  DeviceTensor* Weight() const { return tensors_[backward() ? 3 : 2].get(); }  // nullptr: no weight (BCE).
  bool backward() const {
    return op_ == LaunchOperator::kNllLossBackward || op_ == LaunchOperator::kBinaryCrossEntropyBackward ||
           (op_ == LaunchOperator::kPointwiseLoss && pointwise_backward_);
  }

  int operator_index_;
  LaunchOperator op_;
  const PointwiseLoss* pointwise_ = nullptr;  // With kPointwiseLoss: the registry entry and its direction.
  bool pointwise_backward_ = false;
  float beta_ = 1.0f;
  std::string name_;
  // NLL backward: grad, self, target, weight, totalWeight, out.  BCE backward: grad, self, target, weight, out.
  // NLL forward: self, target, weight, out, totalWeightOut.       BCE forward: self, target, weight, out.
  // Pointwise backward: grad, self, target, out.                  Pointwise forward: self, target, out.
  // A BCE weight is nullptr when the case has none.
  std::vector<std::unique_ptr<DeviceTensor>> tensors_;
  bool has_weight_ = true;
  int64_t reduction_ = 0;
  int64_t ignore_index_ = -100;
  aclOpExecutor* executor_ = nullptr;
};

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONCURRENCY_LAUNCH_CASE_H_
