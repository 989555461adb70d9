// Test helper: the six tensors of one aclnnNLLLossBackward call in device memory (any dims, dtypes and
// layouts), the two phases through the public API, and the stored inputs in the fp64 reference's form.
#ifndef OPENACLNN_TESTS_NLL_LOSS_BACKWARD_NLL_CALL_H_
#define OPENACLNN_TESTS_NLL_LOSS_BACKWARD_NLL_CALL_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "device_tensor.h"
#include "nll_loss_backward_reference.h"

namespace openaclnn::test {

struct TensorSpec {
  std::vector<int64_t> dims;
  aclDataType dtype = ACL_FLOAT;
  Layout layout;
};

struct NllSpec {
  TensorSpec grad;
  TensorSpec self;
  TensorSpec target;
  TensorSpec weight;
  TensorSpec total_weight;
  TensorSpec out;
  int64_t reduction = 0;
  int64_t ignore_index = -100;
};

// A valid call: self (N, C) with target (N), or self (C) with target () when one_d; gradOutput (N) for none
// with a 2-D self, else shape [1]; weight (C); totalWeight [1]; out like self. All contiguous.
NllSpec MakeNllSpec(aclDataType input, aclDataType target, aclDataType out, int64_t rows, int64_t classes,
                    bool one_d, int64_t reduction);

class NllCall {
 public:
  explicit NllCall(const NllSpec& spec);

  const NllSpec& spec() const { return spec_; }
  int64_t rows() const;     // N, or 1 for a 1-D self.
  int64_t classes() const;  // C.

  // Phase 1 with this call's tensors.
  aclnnStatus GetWorkspaceSize(uint64_t* workspace_size, aclOpExecutor** executor) const;
  // Phase 1, then phase 2 on stream (not synchronised). Returns the first failing status.
  aclnnStatus Launch(aclrtStream stream) const;

  // The stored inputs, read back from device memory.
  NllReferenceInputs ReferenceInputs() const;
  // The fp64 reference for the stored inputs.
  NllReferenceOutput Reference() const;
  // "" when out (read back) agrees with the reference; else what differs.
  std::string CompareOut() const;

  // Storage bytes of the five inputs, to check that a call left them unchanged.
  std::vector<std::vector<uint8_t>> InputStorage() const;

  DeviceTensor& grad() const { return *grad_; }
  DeviceTensor& self() const { return *self_; }
  DeviceTensor& target() const { return *target_; }
  DeviceTensor& weight() const { return *weight_; }
  DeviceTensor& total_weight() const { return *total_weight_; }
  DeviceTensor& out() const { return *out_; }

 private:
  NllSpec spec_;
  std::unique_ptr<DeviceTensor> grad_;
  std::unique_ptr<DeviceTensor> self_;
  std::unique_ptr<DeviceTensor> target_;
  std::unique_ptr<DeviceTensor> weight_;
  std::unique_ptr<DeviceTensor> total_weight_;
  std::unique_ptr<DeviceTensor> out_;
};

// Human-readable name of a data type for test names and traces.
const char* DtypeText(aclDataType dtype);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_NLL_LOSS_BACKWARD_NLL_CALL_H_
