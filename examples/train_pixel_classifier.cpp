// Trains a per-pixel classifier (a 1x1 convolution, log-softmax over the classes and the 2-D NLL loss) on
// generated (N, C, H, W) maps, with the loss and its gradient computed through aclnn only: aclnnLogSoftmax (dim 1),
// aclnnNLLLoss2d (mean), aclnnNLLLoss2dBackward and aclnnLogSoftmaxBackward on device memory; the convolution and
// the SGD step are plain C++ on the host. The four executors are planned once and made repeatable. The whole
// training runs with 1, 2 and 4 kernel threads (openaclnnSetNumThreads): the program prints the loss of every epoch,
// and fails (exit 1) unless the loss falls every epoch and the three runs give bit-identical losses.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "openaclnn/openaclnn.h"

#define CHECK_RET(cond, what)                                                                   \
  do {                                                                                          \
    if (!(cond)) {                                                                              \
      std::printf("%s failed: %s\n", what, aclGetRecentErrMsg() ? aclGetRecentErrMsg() : ""); \
      return 1;                                                                                 \
    }                                                                                           \
  } while (0)

namespace {

constexpr int64_t kN = 4, kFeatures = 3, kClasses = 4, kH = 48, kW = 64;  // Large enough to be split over threads.
constexpr int kEpochs = 12;
constexpr float kLearningRate = 0.5f;

struct Buffer {
  void* device = nullptr;
  aclTensor* tensor = nullptr;
};

// Device memory of `bytes` described as a contiguous ND tensor of `shape`.
int Create(const std::vector<int64_t>& shape, aclDataType type, size_t element_bytes, Buffer* buffer) {
  size_t count = 1;
  for (int64_t d : shape) count *= static_cast<size_t>(d);
  CHECK_RET(aclrtMalloc(&buffer->device, count * element_bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS,
            "aclrtMalloc");
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
  buffer->tensor = aclCreateTensor(shape.data(), shape.size(), type, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                                   shape.size(), buffer->device);
  CHECK_RET(buffer->tensor != nullptr, "aclCreateTensor");
  return 0;
}

template <typename T>
void Upload(const Buffer& buffer, const std::vector<T>& host) {
  aclrtMemcpy(buffer.device, host.size() * sizeof(T), host.data(), host.size() * sizeof(T), ACL_MEMCPY_HOST_TO_DEVICE);
}

template <typename T>
void Download(const Buffer& buffer, std::vector<T>* host) {
  aclrtMemcpy(host->data(), host->size() * sizeof(T), buffer.device, host->size() * sizeof(T),
              ACL_MEMCPY_DEVICE_TO_HOST);
}

// Features (N, F, H, W) and labels (N, H, W): the class a hidden linear map scores highest.
void MakeData(std::vector<float>* x, std::vector<int64_t>* labels) {
  std::mt19937 rng(7);
  std::normal_distribution<float> draw(0.0f, 1.0f);
  x->resize(static_cast<size_t>(kN * kFeatures * kH * kW));
  for (float& v : *x) v = draw(rng);
  const float hidden[kClasses][kFeatures] = {{2, 0, -1}, {-1, 2, 0}, {0, -1, 2}, {1, 1, 1}};
  labels->assign(static_cast<size_t>(kN * kH * kW), 0);
  for (int64_t n = 0; n < kN; ++n) {
    for (int64_t p = 0; p < kH * kW; ++p) {
      float best = -1e30f;
      for (int64_t k = 0; k < kClasses; ++k) {
        float score = 0;
        for (int64_t f = 0; f < kFeatures; ++f) {
          score += hidden[k][f] * (*x)[static_cast<size_t>((n * kFeatures + f) * kH * kW + p)];
        }
        if (score > best) {
          best = score;
          (*labels)[static_cast<size_t>(n * kH * kW + p)] = k;
        }
      }
    }
  }
}

// One training run; the loss of each epoch goes to `losses`.
int Train(aclrtStream stream, int threads, std::vector<float>* losses) {
  CHECK_RET(openaclnnSetNumThreads(threads) == 0, "openaclnnSetNumThreads");
  std::vector<float> x;
  std::vector<int64_t> labels;
  MakeData(&x, &labels);
  Buffer logits, log_probs, target, weight, loss, total_weight, grad_loss, grad_log_probs, grad_logits;
  if (Create({kN, kClasses, kH, kW}, ACL_FLOAT, 4, &logits) ||
      Create({kN, kClasses, kH, kW}, ACL_FLOAT, 4, &log_probs) ||
      Create({kN, kH, kW}, ACL_INT64, 8, &target) || Create({kClasses}, ACL_FLOAT, 4, &weight) ||
      Create({}, ACL_FLOAT, 4, &loss) || Create({1}, ACL_FLOAT, 4, &total_weight) ||
      Create({1}, ACL_FLOAT, 4, &grad_loss) || Create({kN, kClasses, kH, kW}, ACL_FLOAT, 4, &grad_log_probs) ||
      Create({kN, kClasses, kH, kW}, ACL_FLOAT, 4, &grad_logits)) {
    return 1;
  }
  Upload(target, labels);
  Upload(weight, std::vector<float>(kClasses, 1.0f));
  Upload(grad_loss, std::vector<float>{1.0f});
  uint64_t size = 0;
  aclOpExecutor* forward = nullptr;
  aclOpExecutor* nll = nullptr;
  aclOpExecutor* nll_backward = nullptr;
  aclOpExecutor* backward = nullptr;
  CHECK_RET(aclnnLogSoftmaxGetWorkspaceSize(logits.tensor, 1, log_probs.tensor, &size, &forward) == 0,
            "aclnnLogSoftmaxGetWorkspaceSize");
  CHECK_RET(aclnnNLLLoss2dGetWorkspaceSize(log_probs.tensor, target.tensor, weight.tensor, 1, -100, loss.tensor,
                                           total_weight.tensor, &size, &nll) == 0,
            "aclnnNLLLoss2dGetWorkspaceSize");
  CHECK_RET(aclnnNLLLoss2dBackwardGetWorkspaceSize(grad_loss.tensor, log_probs.tensor, target.tensor, weight.tensor, 1,
                                                   -100, total_weight.tensor, grad_log_probs.tensor, &size,
                                                   &nll_backward) == 0,
            "aclnnNLLLoss2dBackwardGetWorkspaceSize");
  CHECK_RET(aclnnLogSoftmaxBackwardGetWorkspaceSize(grad_log_probs.tensor, log_probs.tensor, 1, grad_logits.tensor,
                                                    &size, &backward) == 0,
            "aclnnLogSoftmaxBackwardGetWorkspaceSize");
  for (aclOpExecutor* executor : {forward, nll, nll_backward, backward}) {
    CHECK_RET(aclSetAclOpExecutorRepeatable(executor) == ACL_SUCCESS, "aclSetAclOpExecutorRepeatable");
  }
  float w[kClasses][kFeatures] = {};
  float b[kClasses] = {};
  const int64_t pixels = kH * kW;
  std::vector<float> z(static_cast<size_t>(kN * kClasses * pixels));
  std::vector<float> grad(z.size());
  for (int epoch = 0; epoch < kEpochs; ++epoch) {
    for (int64_t n = 0; n < kN; ++n) {
      for (int64_t k = 0; k < kClasses; ++k) {
        for (int64_t p = 0; p < pixels; ++p) {
          float sum = b[k];
          for (int64_t f = 0; f < kFeatures; ++f) {
            sum += w[k][f] * x[static_cast<size_t>((n * kFeatures + f) * pixels + p)];
          }
          z[static_cast<size_t>((n * kClasses + k) * pixels + p)] = sum;
        }
      }
    }
    Upload(logits, z);
    CHECK_RET(aclnnLogSoftmax(nullptr, 0, forward, stream) == 0, "aclnnLogSoftmax");
    CHECK_RET(aclnnNLLLoss2d(nullptr, 0, nll, stream) == 0, "aclnnNLLLoss2d");
    CHECK_RET(aclnnNLLLoss2dBackward(nullptr, 0, nll_backward, stream) == 0, "aclnnNLLLoss2dBackward");
    CHECK_RET(aclnnLogSoftmaxBackward(nullptr, 0, backward, stream) == 0, "aclnnLogSoftmaxBackward");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
    std::vector<float> epoch_loss(1);
    Download(loss, &epoch_loss);
    Download(grad_logits, &grad);
    losses->push_back(epoch_loss[0]);
    for (int64_t k = 0; k < kClasses; ++k) {
      float grad_b = 0;
      float grad_w[kFeatures] = {};
      for (int64_t n = 0; n < kN; ++n) {
        for (int64_t p = 0; p < pixels; ++p) {
          const float g = grad[static_cast<size_t>((n * kClasses + k) * pixels + p)];
          grad_b += g;
          for (int64_t f = 0; f < kFeatures; ++f) {
            grad_w[f] += g * x[static_cast<size_t>((n * kFeatures + f) * pixels + p)];
          }
        }
      }
      b[k] -= kLearningRate * grad_b;
      for (int64_t f = 0; f < kFeatures; ++f) w[k][f] -= kLearningRate * grad_w[f];
    }
  }
  for (aclOpExecutor* executor : {forward, nll, nll_backward, backward}) aclDestroyAclOpExecutor(executor);
  for (Buffer* buffer : {&logits, &log_probs, &target, &weight, &loss, &total_weight, &grad_loss, &grad_log_probs,
                         &grad_logits}) {
    aclDestroyTensor(buffer->tensor);
    aclrtFree(buffer->device);
  }
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
  bool falling = true;
  for (int epoch = 0; epoch < kEpochs; ++epoch) {
    std::printf("epoch %2d: loss %.6f\n", epoch, runs[0][static_cast<size_t>(epoch)]);
    falling = falling && (epoch == 0 || runs[0][static_cast<size_t>(epoch)] < runs[0][static_cast<size_t>(epoch - 1)]);
  }
  const bool identical = std::memcmp(runs[0].data(), runs[1].data(), kEpochs * sizeof(float)) == 0 &&
                         std::memcmp(runs[0].data(), runs[2].data(), kEpochs * sizeof(float)) == 0;
  std::printf("loss falls every epoch: %s; bit-identical for 1, 2 and 4 threads: %s\n", falling ? "yes" : "no",
              identical ? "yes" : "no");
  return falling && identical ? 0 : 1;
}
