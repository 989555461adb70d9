// Trains a logistic regression (a linear layer, the sigmoid and the binary cross-entropy loss) on generated data.
// The loss and its gradient run on the device through aclnnBinaryCrossEntropy and aclnnBinaryCrossEntropyBackward
// (device memory, aclrtMemcpy, CANN's two-phase calls, phase 1 every epoch as most CANN programs do); the linear
// layer, the sigmoid and the SGD step are plain C++ on the host. Prints the loss each epoch and fails (exit 1)
// unless it falls every epoch.
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"

#define CHECK_RET(cond, what)                                                                   \
  do {                                                                                          \
    if (!(cond)) {                                                                              \
      std::printf("%s failed: %s\n", what, aclGetRecentErrMsg() ? aclGetRecentErrMsg() : ""); \
      return 1;                                                                                 \
    }                                                                                           \
  } while (0)

namespace {

constexpr int64_t kSamples = 800;
constexpr int64_t kFeatures = 5;
constexpr int kEpochs = 30;
constexpr float kLearningRate = 2.0f;

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

// Labels from a hidden linear rule with noise, so the classes overlap a little.
void MakeData(std::vector<float>* x, std::vector<float>* labels) {
  std::mt19937 rng(7);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::vector<float> hidden(kFeatures);
  for (float& h : hidden) h = normal(rng);
  x->resize(kSamples * kFeatures);
  labels->resize(kSamples);
  for (int64_t n = 0; n < kSamples; ++n) {
    float score = 0.5f + 0.5f * normal(rng);
    for (int64_t d = 0; d < kFeatures; ++d) {
      const float value = normal(rng);
      (*x)[n * kFeatures + d] = value;
      score += hidden[d] * value;
    }
    (*labels)[n] = score > 0 ? 1.0f : 0.0f;
  }
}

void Predict(const std::vector<float>& x, const std::vector<float>& w, float b, std::vector<float>* p) {
  p->resize(kSamples);
  for (int64_t n = 0; n < kSamples; ++n) {
    float z = b;
    for (int64_t d = 0; d < kFeatures; ++d) z += w[d] * x[n * kFeatures + d];
    (*p)[n] = 1.0f / (1.0f + std::exp(-z));
  }
}

float Accuracy(const std::vector<float>& p, const std::vector<float>& labels) {
  int64_t correct = 0;
  for (int64_t n = 0; n < kSamples; ++n) correct += (p[n] > 0.5f) == (labels[n] > 0.5f) ? 1 : 0;
  return 100.0f * static_cast<float>(correct) / kSamples;
}

// Back through the sigmoid (dz = dp * p * (1 - p)) and the linear layer, then one SGD step.
void Step(const std::vector<float>& x, const std::vector<float>& p, const std::vector<float>& grad_p,
          std::vector<float>* w, float* b) {
  std::vector<float> grad_w(kFeatures, 0.0f);
  float grad_b = 0;
  for (int64_t n = 0; n < kSamples; ++n) {
    const float dz = grad_p[n] * p[n] * (1.0f - p[n]);
    grad_b += dz;
    for (int64_t d = 0; d < kFeatures; ++d) grad_w[d] += dz * x[n * kFeatures + d];
  }
  for (int64_t d = 0; d < kFeatures; ++d) (*w)[d] -= kLearningRate * grad_w[d];
  *b -= kLearningRate * grad_b;
}

}  // namespace

int main() {
  CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
  CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
  aclrtStream stream = nullptr;
  CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

  std::vector<float> x;
  std::vector<float> labels;
  MakeData(&x, &labels);

  // Device tensors: probabilities (N), labels (N), the loss, the loss's own gradient and the gradient with
  // respect to the probabilities (N). No weight: aclnn takes NULL as all ones.
  DeviceTensor p_dev, label_dev, loss_dev, grad_loss_dev, grad_dev;
  if (Create({kSamples}, ACL_FLOAT, sizeof(float), &p_dev) != 0 ||
      Create({kSamples}, ACL_FLOAT, sizeof(float), &label_dev) != 0 ||
      Create({1}, ACL_FLOAT, sizeof(float), &loss_dev) != 0 ||
      Create({1}, ACL_FLOAT, sizeof(float), &grad_loss_dev) != 0 ||
      Create({kSamples}, ACL_FLOAT, sizeof(float), &grad_dev) != 0) {
    return 1;
  }
  const float one = 1.0f;
  if (ToDevice(labels.data(), label_dev) != 0 || ToDevice(&one, grad_loss_dev) != 0) return 1;

  constexpr int64_t kMean = 1;
  std::vector<float> w(kFeatures, 0.0f);
  float b = 0;
  std::vector<float> p;
  std::vector<float> grad_p(kSamples);
  float first_loss = 0;
  float loss = 0;
  bool always_fell = true;
  for (int epoch = 0; epoch < kEpochs; ++epoch) {
    const float previous_loss = loss;
    Predict(x, w, b, &p);
    if (ToDevice(p.data(), p_dev) != 0) return 1;

    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    CHECK_RET(aclnnBinaryCrossEntropyGetWorkspaceSize(p_dev.tensor, label_dev.tensor, nullptr, kMean, loss_dev.tensor,
                                                      &workspace_size, &executor) == ACL_SUCCESS,
              "aclnnBinaryCrossEntropyGetWorkspaceSize");
    void* workspace = nullptr;
    if (workspace_size > 0) {
      CHECK_RET(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    }
    CHECK_RET(aclnnBinaryCrossEntropy(workspace, workspace_size, executor, stream) == ACL_SUCCESS,
              "aclnnBinaryCrossEntropy");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
    if (workspace != nullptr) aclrtFree(workspace);

    workspace_size = 0;
    workspace = nullptr;
    CHECK_RET(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad_loss_dev.tensor, p_dev.tensor, label_dev.tensor,
                                                              nullptr, kMean, grad_dev.tensor, &workspace_size,
                                                              &executor) == ACL_SUCCESS,
              "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize");
    if (workspace_size > 0) {
      CHECK_RET(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    }
    CHECK_RET(aclnnBinaryCrossEntropyBackward(workspace, workspace_size, executor, stream) == ACL_SUCCESS,
              "aclnnBinaryCrossEntropyBackward");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
    if (workspace != nullptr) aclrtFree(workspace);

    if (ToHost(loss_dev, &loss) != 0 || ToHost(grad_dev, grad_p.data()) != 0) return 1;
    std::printf("epoch %2d  loss %.6f  accuracy %5.1f%%\n", epoch, loss, Accuracy(p, labels));
    if (epoch == 0) first_loss = loss;
    if (epoch > 0 && !(loss < previous_loss)) always_fell = false;
    Step(x, p, grad_p, &w, &b);
  }

  for (DeviceTensor* t : {&p_dev, &label_dev, &loss_dev, &grad_loss_dev, &grad_dev}) {
    aclDestroyTensor(t->tensor);
    aclrtFree(t->memory);
  }
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();

  // The untrained model predicts 0.5 everywhere: loss log(2) = 0.693. Full-batch SGD must lower it every epoch
  // and at least halve it.
  if (!always_fell || !(loss < 0.5f * first_loss)) {
    std::printf("FAILED: the loss did not fall (first %.6f, last %.6f)\n", first_loss, loss);
    return 1;
  }
  std::printf("loss fell from %.6f to %.6f\n", first_loss, loss);
  return 0;
}
