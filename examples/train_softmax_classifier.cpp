// Trains a softmax classifier (a linear layer and the cross-entropy loss) on generated data. The loss and the
// gradient with respect to the logits run on the device through aclnnCrossEntropyLoss and aclnnCrossEntropyLossGrad
// (device memory, aclrtMemcpy, CANN's two-phase calls; mean over the rows, label smoothing 0.05, every 50th row
// ignored through ignoreIndex -100); the linear layer and the SGD step are plain C++ on the host. The executors are
// planned once and made repeatable: every epoch copies new logits into the same device memory and runs them again.
// The whole training runs with 1, 2 and 4 kernel threads (openaclnnSetNumThreads): the program prints the loss of
// every epoch and fails (exit 1) unless the loss falls every epoch and the three runs give bit-identical losses.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
#include "openaclnn/openaclnn.h"

#define CHECK_RET(cond, what)                                                                   \
  do {                                                                                          \
    if (!(cond)) {                                                                              \
      std::printf("%s failed: %s\n", what, aclGetRecentErrMsg() ? aclGetRecentErrMsg() : ""); \
      return 1;                                                                                 \
    }                                                                                           \
  } while (0)

namespace {

constexpr int64_t kSamples = 8192;  // Enough rows to be split over the kernel threads.
constexpr int64_t kFeatures = 6;
constexpr int64_t kClasses = 10;
constexpr int kEpochs = 20;
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

// Gaussian blobs: class k is centred on its own random point; every 50th row is unlabelled (ignoreIndex).
void MakeData(std::vector<float>* x, std::vector<int64_t>* labels) {
  std::mt19937 rng(2024);
  std::normal_distribution<float> noise(0.0f, 1.0f);
  std::vector<float> centres(kClasses * kFeatures);
  for (float& c : centres) c = 2.0f * noise(rng);
  x->resize(kSamples * kFeatures);
  labels->resize(kSamples);
  for (int64_t n = 0; n < kSamples; ++n) {
    const int64_t k = n % kClasses;
    (*labels)[n] = n % 50 == 49 ? -100 : k;
    for (int64_t d = 0; d < kFeatures; ++d) (*x)[n * kFeatures + d] = centres[k * kFeatures + d] + noise(rng);
  }
}

// logits = x W^T + b.
void Logits(const std::vector<float>& x, const std::vector<float>& w, const std::vector<float>& b,
            std::vector<float>* logits) {
  logits->resize(kSamples * kClasses);
  for (int64_t n = 0; n < kSamples; ++n) {
    for (int64_t k = 0; k < kClasses; ++k) {
      float z = b[k];
      for (int64_t d = 0; d < kFeatures; ++d) z += w[k * kFeatures + d] * x[n * kFeatures + d];
      (*logits)[n * kClasses + k] = z;
    }
  }
}

// Back through the linear layer with the gradient of the loss with respect to the logits, then one SGD step.
void Step(const std::vector<float>& x, const std::vector<float>& grad_logits, std::vector<float>* w,
          std::vector<float>* b) {
  std::vector<float> grad_w(kClasses * kFeatures, 0.0f);
  std::vector<float> grad_b(kClasses, 0.0f);
  for (int64_t n = 0; n < kSamples; ++n) {
    for (int64_t k = 0; k < kClasses; ++k) {
      const float dz = grad_logits[n * kClasses + k];
      grad_b[k] += dz;
      for (int64_t d = 0; d < kFeatures; ++d) grad_w[k * kFeatures + d] += dz * x[n * kFeatures + d];
    }
  }
  for (size_t i = 0; i < w->size(); ++i) (*w)[i] -= kLearningRate * grad_w[i];
  for (size_t i = 0; i < b->size(); ++i) (*b)[i] -= kLearningRate * grad_b[i];
}

// One training run with `threads` kernel threads; the loss of each epoch goes to `losses`.
int Train(aclrtStream stream, int threads, std::vector<float>* losses) {
  CHECK_RET(openaclnnSetNumThreads(threads) == 0, "openaclnnSetNumThreads");
  std::vector<float> x;
  std::vector<int64_t> labels;
  MakeData(&x, &labels);

  // Device tensors: logits (N, C), targets (N), the loss (1), the log-probabilities (N, C) the gradient reads, the
  // z-loss outputs CANN's API requires (not written here: returnZloss false, scale 0), the loss's own gradient
  // and the gradient with respect to the logits (N, C).
  DeviceTensor logits_dev, target_dev, loss_dev, log_prob_dev, zloss_dev, lse_dev, grad_loss_dev, grad_dev;
  if (Create({kSamples, kClasses}, ACL_FLOAT, sizeof(float), &logits_dev) != 0 ||
      Create({kSamples}, ACL_INT64, sizeof(int64_t), &target_dev) != 0 ||
      Create({1}, ACL_FLOAT, sizeof(float), &loss_dev) != 0 ||
      Create({kSamples, kClasses}, ACL_FLOAT, sizeof(float), &log_prob_dev) != 0 ||
      Create({1}, ACL_FLOAT, sizeof(float), &zloss_dev) != 0 ||
      Create({kSamples}, ACL_FLOAT, sizeof(float), &lse_dev) != 0 ||
      Create({1}, ACL_FLOAT, sizeof(float), &grad_loss_dev) != 0 ||
      Create({kSamples, kClasses}, ACL_FLOAT, sizeof(float), &grad_dev) != 0) {
    return 1;
  }
  const float one = 1.0f;
  if (ToDevice(labels.data(), target_dev) != 0 || ToDevice(&one, grad_loss_dev) != 0) return 1;

  // Phase 1 once for each operator; both executors run every epoch, the gradient reading the forward's logProbOut.
  char reduction[] = "mean";
  constexpr int64_t kIgnoreIndex = -100;
  constexpr double kLabelSmoothing = 0.05;
  uint64_t loss_workspace = 0;
  uint64_t grad_workspace = 0;
  aclOpExecutor* loss_executor = nullptr;
  aclOpExecutor* grad_executor = nullptr;
  CHECK_RET(aclnnCrossEntropyLossGetWorkspaceSize(logits_dev.tensor, target_dev.tensor, nullptr, reduction,
                                                  kIgnoreIndex, kLabelSmoothing, 0.0, false, loss_dev.tensor,
                                                  log_prob_dev.tensor, zloss_dev.tensor, lse_dev.tensor,
                                                  &loss_workspace, &loss_executor) == ACL_SUCCESS,
            "aclnnCrossEntropyLossGetWorkspaceSize");
  CHECK_RET(aclSetAclOpExecutorRepeatable(loss_executor) == ACL_SUCCESS, "aclSetAclOpExecutorRepeatable");
  CHECK_RET(aclnnCrossEntropyLossGradGetWorkspaceSize(grad_loss_dev.tensor, log_prob_dev.tensor, target_dev.tensor,
                                                      nullptr, nullptr, nullptr, reduction, kIgnoreIndex,
                                                      kLabelSmoothing, 0.0, grad_dev.tensor, &grad_workspace,
                                                      &grad_executor) == ACL_SUCCESS,
            "aclnnCrossEntropyLossGradGetWorkspaceSize");
  CHECK_RET(aclSetAclOpExecutorRepeatable(grad_executor) == ACL_SUCCESS, "aclSetAclOpExecutorRepeatable");
  void* workspace = nullptr;
  const uint64_t workspace_size = loss_workspace > grad_workspace ? loss_workspace : grad_workspace;
  if (workspace_size > 0) {
    CHECK_RET(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
  }

  std::vector<float> w(kClasses * kFeatures, 0.0f);
  std::vector<float> b(kClasses, 0.0f);
  std::vector<float> logits;
  std::vector<float> grad_logits(kSamples * kClasses);
  for (int epoch = 0; epoch < kEpochs; ++epoch) {
    Logits(x, w, b, &logits);
    if (ToDevice(logits.data(), logits_dev) != 0) return 1;
    // The gradient reads the logProbOut the forward writes: both run in stream order.
    CHECK_RET(aclnnCrossEntropyLoss(workspace, loss_workspace, loss_executor, stream) == ACL_SUCCESS,
              "aclnnCrossEntropyLoss");
    CHECK_RET(aclnnCrossEntropyLossGrad(workspace, grad_workspace, grad_executor, stream) == ACL_SUCCESS,
              "aclnnCrossEntropyLossGrad");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
    float loss = 0;
    if (ToHost(loss_dev, &loss) != 0 || ToHost(grad_dev, grad_logits.data()) != 0) return 1;
    losses->push_back(loss);
    Step(x, grad_logits, &w, &b);
  }

  aclDestroyAclOpExecutor(loss_executor);
  aclDestroyAclOpExecutor(grad_executor);
  for (DeviceTensor* t : {&logits_dev, &target_dev, &loss_dev, &log_prob_dev, &zloss_dev, &lse_dev, &grad_loss_dev,
                          &grad_dev}) {
    aclDestroyTensor(t->tensor);
    aclrtFree(t->memory);
  }
  if (workspace != nullptr) aclrtFree(workspace);
  return 0;
}

}  // namespace

int main() {
  CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
  CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
  aclrtStream stream = nullptr;
  CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");
  std::vector<std::vector<float>> runs;
  for (int threads : {1, 2, 4}) {
    std::vector<float> losses;
    if (Train(stream, threads, &losses) != 0) return 1;
    runs.push_back(losses);
  }
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();

  // The untrained model predicts uniformly: loss log(10) = 2.303. Full-batch SGD must lower it every epoch and at
  // least halve it.
  bool falling = true;
  for (int epoch = 0; epoch < kEpochs; ++epoch) {
    const float loss = runs[0][static_cast<size_t>(epoch)];
    std::printf("epoch %2d  loss %.6f\n", epoch, loss);
    falling = falling && (epoch == 0 || loss < runs[0][static_cast<size_t>(epoch - 1)]);
  }
  falling = falling && runs[0].back() < 0.5f * runs[0].front();
  const bool identical = std::memcmp(runs[0].data(), runs[1].data(), kEpochs * sizeof(float)) == 0 &&
                         std::memcmp(runs[0].data(), runs[2].data(), kEpochs * sizeof(float)) == 0;
  std::printf("loss falls every epoch: %s; bit-identical for 1, 2 and 4 threads: %s\n", falling ? "yes" : "no",
              identical ? "yes" : "no");
  return falling && identical ? 0 : 1;
}
