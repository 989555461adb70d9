// Trains a softmax classifier (a linear layer, log-softmax and the NLL loss) on generated data. The loss and its
// gradient run on the device through aclnnNLLLoss and aclnnNLLLossBackward (device memory, aclrtMemcpy, CANN's
// two-phase calls); the linear layer, the log-softmax and the SGD step are plain C++ on the host. The executors
// are planned once and made repeatable: every epoch copies new log-probabilities into the same device memory and
// runs them again. Prints the loss each epoch and fails (exit 1) unless it falls every epoch.
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss_backward.h"

#define CHECK_RET(cond, what)                                                                   \
  do {                                                                                          \
    if (!(cond)) {                                                                              \
      std::printf("%s failed: %s\n", what, aclGetRecentErrMsg() ? aclGetRecentErrMsg() : ""); \
      return 1;                                                                                 \
    }                                                                                           \
  } while (0)

namespace {

constexpr int64_t kSamples = 600;
constexpr int64_t kFeatures = 6;
constexpr int64_t kClasses = 4;
constexpr int kEpochs = 25;
constexpr float kLearningRate = 0.5f;

// A device buffer and a contiguous tensor over it.
struct DeviceTensor {
  void* memory = nullptr;
  size_t bytes = 0;
  aclTensor* tensor = nullptr;
};

int Create(const std::vector<int64_t>& shape, aclDataType type, size_t element_bytes, DeviceTensor* t) {
  size_t count = 1;
  for (int64_t dim : shape) count *= static_cast<size_t>(dim);
  t->bytes = count * element_bytes;
  CHECK_RET(aclrtMalloc(&t->memory, t->bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
  t->tensor = aclCreateTensor(shape.data(), shape.size(), type, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                              shape.size(), t->memory);
  CHECK_RET(t->tensor != nullptr, "aclCreateTensor");
  return 0;
}

int ToDevice(const void* host, const DeviceTensor& t) {
  CHECK_RET(aclrtMemcpy(t.memory, t.bytes, host, t.bytes, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS, "aclrtMemcpy");
  return 0;
}

int ToHost(const DeviceTensor& t, void* host) {
  CHECK_RET(aclrtMemcpy(host, t.bytes, t.memory, t.bytes, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS, "aclrtMemcpy");
  return 0;
}

// Gaussian blobs: class k is centred on its own random point.
void MakeData(std::vector<float>* x, std::vector<int64_t>* labels) {
  std::mt19937 rng(2024);
  std::normal_distribution<float> noise(0.0f, 1.0f);
  std::vector<float> centres(kClasses * kFeatures);
  for (float& c : centres) c = 2.0f * noise(rng);
  x->resize(kSamples * kFeatures);
  labels->resize(kSamples);
  for (int64_t n = 0; n < kSamples; ++n) {
    const int64_t k = n % kClasses;
    (*labels)[n] = k;
    for (int64_t d = 0; d < kFeatures; ++d) (*x)[n * kFeatures + d] = centres[k * kFeatures + d] + noise(rng);
  }
}

// logits = x W^T + b, then a numerically stable log-softmax per row.
void Forward(const std::vector<float>& x, const std::vector<float>& w, const std::vector<float>& b,
             std::vector<float>* log_probs) {
  log_probs->resize(kSamples * kClasses);
  for (int64_t n = 0; n < kSamples; ++n) {
    float* row = &(*log_probs)[n * kClasses];
    float largest = -INFINITY;
    for (int64_t k = 0; k < kClasses; ++k) {
      float z = b[k];
      for (int64_t d = 0; d < kFeatures; ++d) z += w[k * kFeatures + d] * x[n * kFeatures + d];
      row[k] = z;
      largest = std::fmax(largest, z);
    }
    double sum = 0;
    for (int64_t k = 0; k < kClasses; ++k) sum += std::exp(static_cast<double>(row[k] - largest));
    const float log_sum = largest + static_cast<float>(std::log(sum));
    for (int64_t k = 0; k < kClasses; ++k) row[k] -= log_sum;
  }
}

float Accuracy(const std::vector<float>& log_probs, const std::vector<int64_t>& labels) {
  int64_t correct = 0;
  for (int64_t n = 0; n < kSamples; ++n) {
    int64_t best = 0;
    for (int64_t k = 1; k < kClasses; ++k) {
      if (log_probs[n * kClasses + k] > log_probs[n * kClasses + best]) best = k;
    }
    correct += best == labels[n] ? 1 : 0;
  }
  return 100.0f * static_cast<float>(correct) / kSamples;
}

// Back through the log-softmax (dz = g - softmax * sum(g)) and the linear layer, then one SGD step.
void Step(const std::vector<float>& x, const std::vector<float>& log_probs, const std::vector<float>& grad_log_probs,
          std::vector<float>* w, std::vector<float>* b) {
  std::vector<float> grad_w(kClasses * kFeatures, 0.0f);
  std::vector<float> grad_b(kClasses, 0.0f);
  for (int64_t n = 0; n < kSamples; ++n) {
    float grad_sum = 0;
    for (int64_t k = 0; k < kClasses; ++k) grad_sum += grad_log_probs[n * kClasses + k];
    for (int64_t k = 0; k < kClasses; ++k) {
      const float dz = grad_log_probs[n * kClasses + k] - std::exp(log_probs[n * kClasses + k]) * grad_sum;
      grad_b[k] += dz;
      for (int64_t d = 0; d < kFeatures; ++d) grad_w[k * kFeatures + d] += dz * x[n * kFeatures + d];
    }
  }
  for (size_t i = 0; i < w->size(); ++i) (*w)[i] -= kLearningRate * grad_w[i];
  for (size_t i = 0; i < b->size(); ++i) (*b)[i] -= kLearningRate * grad_b[i];
}

}  // namespace

int main() {
  CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
  CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
  aclrtStream stream = nullptr;
  CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

  std::vector<float> x;
  std::vector<int64_t> labels;
  MakeData(&x, &labels);

  // Device tensors: log-probabilities (N, C), targets (N), class weights (C), the loss, the total weight, the
  // loss's own gradient (1) and the gradient with respect to the log-probabilities (N, C).
  DeviceTensor log_probs_dev, target_dev, weight_dev, loss_dev, total_weight_dev, grad_loss_dev, grad_dev;
  if (Create({kSamples, kClasses}, ACL_FLOAT, sizeof(float), &log_probs_dev) != 0 ||
      Create({kSamples}, ACL_INT64, sizeof(int64_t), &target_dev) != 0 ||
      Create({kClasses}, ACL_FLOAT, sizeof(float), &weight_dev) != 0 ||
      Create({1}, ACL_FLOAT, sizeof(float), &loss_dev) != 0 ||
      Create({1}, ACL_FLOAT, sizeof(float), &total_weight_dev) != 0 ||
      Create({1}, ACL_FLOAT, sizeof(float), &grad_loss_dev) != 0 ||
      Create({kSamples, kClasses}, ACL_FLOAT, sizeof(float), &grad_dev) != 0) {
    return 1;
  }
  const std::vector<float> class_weights(kClasses, 1.0f);
  const float one = 1.0f;
  if (ToDevice(labels.data(), target_dev) != 0 || ToDevice(class_weights.data(), weight_dev) != 0 ||
      ToDevice(&one, grad_loss_dev) != 0) {
    return 1;
  }

  // Phase 1 once for each operator (reduction 1: mean, ignoreIndex -100); both executors run every epoch.
  constexpr int64_t kMean = 1;
  constexpr int64_t kIgnoreIndex = -100;
  uint64_t loss_workspace = 0;
  uint64_t grad_workspace = 0;
  aclOpExecutor* loss_executor = nullptr;
  aclOpExecutor* grad_executor = nullptr;
  CHECK_RET(aclnnNLLLossGetWorkspaceSize(log_probs_dev.tensor, target_dev.tensor, weight_dev.tensor, kMean,
                                         kIgnoreIndex, loss_dev.tensor, total_weight_dev.tensor, &loss_workspace,
                                         &loss_executor) == ACL_SUCCESS,
            "aclnnNLLLossGetWorkspaceSize");
  CHECK_RET(aclSetAclOpExecutorRepeatable(loss_executor) == ACL_SUCCESS, "aclSetAclOpExecutorRepeatable");
  CHECK_RET(aclnnNLLLossBackwardGetWorkspaceSize(grad_loss_dev.tensor, log_probs_dev.tensor, target_dev.tensor,
                                                 weight_dev.tensor, kMean, kIgnoreIndex, total_weight_dev.tensor,
                                                 grad_dev.tensor, &grad_workspace, &grad_executor) == ACL_SUCCESS,
            "aclnnNLLLossBackwardGetWorkspaceSize");
  CHECK_RET(aclSetAclOpExecutorRepeatable(grad_executor) == ACL_SUCCESS, "aclSetAclOpExecutorRepeatable");
  void* workspace = nullptr;
  const uint64_t workspace_size = loss_workspace > grad_workspace ? loss_workspace : grad_workspace;
  if (workspace_size > 0) {
    CHECK_RET(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
  }

  std::vector<float> w(kClasses * kFeatures, 0.0f);
  std::vector<float> b(kClasses, 0.0f);
  std::vector<float> log_probs;
  std::vector<float> grad_log_probs(kSamples * kClasses);
  float first_loss = 0;
  float loss = 0;
  bool always_fell = true;
  for (int epoch = 0; epoch < kEpochs; ++epoch) {
    const float previous_loss = loss;
    Forward(x, w, b, &log_probs);
    if (ToDevice(log_probs.data(), log_probs_dev) != 0) return 1;
    // The forward loss writes totalWeight, which the backward of the mean reads: both run in stream order.
    CHECK_RET(aclnnNLLLoss(workspace, loss_workspace, loss_executor, stream) == ACL_SUCCESS, "aclnnNLLLoss");
    CHECK_RET(aclnnNLLLossBackward(workspace, grad_workspace, grad_executor, stream) == ACL_SUCCESS,
              "aclnnNLLLossBackward");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
    if (ToHost(loss_dev, &loss) != 0 || ToHost(grad_dev, grad_log_probs.data()) != 0) return 1;
    std::printf("epoch %2d  loss %.6f  accuracy %5.1f%%\n", epoch, loss, Accuracy(log_probs, labels));
    if (epoch == 0) first_loss = loss;
    if (epoch > 0 && !(loss < previous_loss)) always_fell = false;
    Step(x, log_probs, grad_log_probs, &w, &b);
  }

  aclDestroyAclOpExecutor(loss_executor);
  aclDestroyAclOpExecutor(grad_executor);
  for (DeviceTensor* t : {&log_probs_dev, &target_dev, &weight_dev, &loss_dev, &total_weight_dev, &grad_loss_dev,
                          &grad_dev}) {
    aclDestroyTensor(t->tensor);
    aclrtFree(t->memory);
  }
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();

  // The untrained model predicts uniformly: loss log(4) = 1.386. Full-batch SGD must lower it every epoch and at
  // least halve it.
  if (!always_fell || !(loss < 0.5f * first_loss)) {
    std::printf("FAILED: the loss did not fall (first %.6f, last %.6f)\n", first_loss, loss);
    return 1;
  }
  std::printf("loss fell from %.6f to %.6f\n", first_loss, loss);
  return 0;
}
