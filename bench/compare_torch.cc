// One run, three measurements on the same buffers: OpenAclnn's full API path (phase 1 + phase 2 +
// synchronize), PyTorch 1.13 writing into a preallocated output (at::nll_loss_backward_out,
// at::binary_cross_entropy_out, at::binary_cross_entropy_backward_out, at::mse_loss_out, at::mse_loss_backward_out,
// at::_softmax_out, at::_log_softmax_out and their _backward_data_out forms, at::nll_loss2d_forward_out,
// at::nll_loss2d_backward_out; the L1 loss, which PyTorch only has as a composite, as its ops with the last one
// writing into out) and the bandwidth probe (K reads + 1 write of the same arrays), each on 1 thread and on all
// threads. Prints a Markdown table: median time, GB/s of the bytes the operator must move (inputs read once, out
// written once), the speedup over PyTorch and the percentage of the probe's limit.
//
// Usage: compare_torch [--quick] [--only=OP]   (--quick: fewer repetitions and no 4 GB case, for a smoke run;
//                                              --only: the rows whose op starts with OP, e.g. --only=MseLoss)
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <torch/csrc/api/include/torch/version.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_target_backward.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
#include "aclnnop/aclnn_kl_div.h"
#include "aclnnop/aclnn_kl_div_backward.h"
#include "aclnnop/aclnn_kl_div_target_backward.h"
#include "aclnnop/aclnn_l1_loss.h"
#include "aclnnop/aclnn_l1_loss_backward.h"
#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "aclnnop/aclnn_smooth_l1_loss.h"
#include "aclnnop/aclnn_smooth_l1_loss_backward.h"
#include "aclnnop/aclnn_soft_margin_loss.h"
#include "aclnnop/aclnn_soft_margin_loss_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "bandwidth_probe.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::bench {
namespace {

bool g_quick = false;
std::string g_only;

bool Wanted(const std::string& op) { return g_only.empty() || op.rfind(g_only, 0) == 0; }

void Check(int32_t code, const char* what) {
  if (code != 0) {
    const char* message = aclGetRecentErrMsg();
    throw std::runtime_error(std::string(what) + " failed (" + std::to_string(code) + "): " +
                             (message ? message : ""));
  }
}

int64_t BytesOf(aclDataType dtype) { return dtype == ACL_FLOAT ? 4 : dtype == ACL_INT64 ? 8 : 2; }

at::ScalarType TorchType(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT16: return at::kHalf;
    case ACL_BF16: return at::kBFloat16;
    case ACL_INT64: return at::kLong;
    default: return at::kFloat;
  }
}

const char* DtypeName(aclDataType dtype) {
  return dtype == ACL_FLOAT16 ? "fp16" : dtype == ACL_BF16 ? "bf16" : "fp32";
}

// Device memory (aclrtMalloc, huge pages where possible) seen three ways: an aclTensor, a torch tensor over the
// same bytes, and a raw pointer for the probe.
class Buffer {
 public:
  Buffer(std::vector<int64_t> dims, aclDataType dtype, std::vector<int64_t> strides = {}, int64_t storage = -1)
      : dims_(std::move(dims)), strides_(std::move(strides)), dtype_(dtype) {
    if (strides_.empty()) {
      strides_.assign(dims_.size(), 1);
      for (size_t d = dims_.size(); d-- > 1;) {
        strides_[d - 1] = strides_[d] * dims_[d];
      }
    }
    int64_t elements = 1;
    for (int64_t dim : dims_) {
      elements *= dim;
    }
    storage_ = storage >= 0 ? storage : elements;
    bytes_ = (storage_ * BytesOf(dtype_) + 63) / 64 * 64;
    Check(aclrtMalloc(&data_, static_cast<size_t>(bytes_), ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
    Check(aclrtMemset(data_, static_cast<size_t>(bytes_), 0, static_cast<size_t>(bytes_)), "aclrtMemset");
    const int64_t storage_dims[1] = {storage_};
    tensor_ = aclCreateTensor(dims_.data(), dims_.size(), dtype_, strides_.data(), 0, ACL_FORMAT_ND, storage_dims, 1,
                              data_);
    if (tensor_ == nullptr) {
      throw std::runtime_error("aclCreateTensor failed");
    }
  }
  ~Buffer() {
    aclDestroyTensor(tensor_);
    aclrtFree(data_);
  }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  aclTensor* acl() const { return tensor_; }
  at::Tensor torch() const {
    return at::from_blob(data_, dims_, strides_, at::TensorOptions().dtype(TorchType(dtype_)));
  }
  void* data() const { return data_; }
  const std::vector<int64_t>& dims() const { return dims_; }
  aclDataType dtype() const { return dtype_; }
  int64_t bytes() const { return bytes_; }
  int64_t logical_bytes() const { return storage_ * BytesOf(dtype_); }

  // Fills with values drawn by `value` (as double), converted by torch to the dtype.
  void Fill(const std::function<double(int64_t)>& value) {
    std::vector<double> host(static_cast<size_t>(storage_));
    for (int64_t i = 0; i < storage_; ++i) {
      host[static_cast<size_t>(i)] = value(i);
    }
    at::Tensor source = at::from_blob(host.data(), {storage_}, at::kDouble).to(TorchType(dtype_));
    std::memcpy(data_, source.data_ptr(), static_cast<size_t>(storage_ * BytesOf(dtype_)));
  }

 private:
  std::vector<int64_t> dims_;
  std::vector<int64_t> strides_;
  aclDataType dtype_;
  int64_t storage_ = 0;
  int64_t bytes_ = 0;
  void* data_ = nullptr;
  aclTensor* tensor_ = nullptr;
};

constexpr int kRounds = 5;

double Median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

std::vector<double> TimeCalls(const std::function<void()>& call, int repetitions) {
  std::vector<double> seconds;
  for (int r = 0; r < repetitions; ++r) {
    const auto start = std::chrono::steady_clock::now();
    call();
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return seconds;
}

struct Case {
  std::string op;
  std::string shape;
  std::string dtype;
  std::string variant;
  int64_t bytes;                       // What the operator must move.
  ProbeArrays probe;                   // The same arrays, K reads + 1 write.
  std::function<void()> ours;
  std::function<void()> torch;         // Empty when PyTorch 1.13 has no kernel for it.
  std::string torch_missing;
};

void PrintHeader() {
  std::printf("| op | shape | dtype | weight / reduction | threads | OpenAclnn | GB/s | PyTorch 1.13 | GB/s | "
              "speedup | probe limit GB/s | %% of limit | load |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
}

// The one-minute load average (/proc/loadavg), or -1 where it cannot be read.
double LoadAverage() {
  std::ifstream file("/proc/loadavg");
  double load = -1.0;
  return file >> load ? load : -1.0;
}

// The machine's cores: a row measured while the load average exceeds them shared the cores with something else,
// and is marked.
int Cores() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

// "0.42", and " (busy)" after it when the load exceeds the cores.
std::string LoadText(double load) {
  char text[48];
  std::snprintf(text, sizeof(text), "%.2f%s", load, load > Cores() ? " (busy)" : "");
  return text;
}

std::string Duration(double seconds) {
  char text[32];
  if (seconds < 1e-3) {
    std::snprintf(text, sizeof(text), "%.1f us", seconds * 1e6);
  } else {
    std::snprintf(text, sizeof(text), "%.2f ms", seconds * 1e3);
  }
  return text;
}

void Measure(const Case& c, int threads) {
  Check(openaclnnSetNumThreads(threads), "openaclnnSetNumThreads");
  at::set_num_threads(threads);
  c.ours();  // Warm up (and fault in anything left).
  const auto once = TimeCalls(c.ours, 1)[0];
  const int repetitions =
      std::clamp(static_cast<int>(0.1 / std::max(once, 1e-7)), g_quick ? 2 : 3, g_quick ? 20 : 200);
  std::vector<double> ours;
  std::vector<double> torch;
  std::vector<double> probe_normal;
  std::vector<double> probe_streaming;
  // PyTorch's OpenMP threads keep spinning for a while after each parallel region; let them go idle before
  // anything else is timed, so they do not steal the cores from the next measurement.
  auto settle = [] { std::this_thread::sleep_for(std::chrono::milliseconds(20)); };
  if (c.torch) {
    c.torch();
    settle();
  }
  // Interleaved rounds: the machine's memory bandwidth and load drift over seconds, so each side is sampled
  // throughout the case's measurement rather than in one stretch, and the medians compare like with like.
  for (int round = 0; round < kRounds; ++round) {
    for (double s : RunProbe(c.probe, false, threads, repetitions)) probe_normal.push_back(s);
    for (double s : RunProbe(c.probe, true, threads, repetitions)) probe_streaming.push_back(s);
    for (double s : TimeCalls(c.ours, repetitions)) ours.push_back(s);
    if (c.torch) {
      for (double s : TimeCalls(c.torch, repetitions)) torch.push_back(s);
      settle();
    }
  }
  const double probe_bytes = static_cast<double>(c.probe.bytes) * static_cast<double>(c.probe.inputs.size() + 1);
  const double limit = probe_bytes / std::min(Median(probe_normal), Median(probe_streaming)) / 1e9;
  const double ours_s = Median(ours);
  const double ours_gbps = static_cast<double>(c.bytes) / ours_s / 1e9;
  std::string torch_time = "n/a";
  std::string torch_gbps = "-";
  std::string speedup = "-";
  if (c.torch) {
    const double torch_s = Median(torch);
    torch_time = Duration(torch_s);
    char text[32];
    std::snprintf(text, sizeof(text), "%.1f", static_cast<double>(c.bytes) / torch_s / 1e9);
    torch_gbps = text;
    std::snprintf(text, sizeof(text), "%.2fx", torch_s / ours_s);
    speedup = text;
  } else {
    torch_time = "n/a (" + c.torch_missing + ")";
  }
  std::printf("| %s | %s | %s | %s | %d | %s | %.1f | %s | %s | %s | %.1f | %.0f%% | %s |\n", c.op.c_str(),
              c.shape.c_str(), c.dtype.c_str(), c.variant.c_str(), threads, Duration(ours_s).c_str(), ours_gbps,
              torch_time.c_str(), torch_gbps.c_str(), speedup.c_str(), limit, 100.0 * ours_gbps / limit,
              LoadText(LoadAverage()).c_str());
  std::fflush(stdout);
}

// Measures c with torch_call as PyTorch's side, or without one when PyTorch has no kernel for it (its error's first
// line, e.g. "\"mse_cpu\" not implemented for 'BFloat16'", goes into the table: one line per row).
void MeasureWithTorch(Case* c, const std::function<void()>& torch_call, const std::vector<int>& threads) {
  try {
    torch_call();
    c->torch = torch_call;
  } catch (const std::exception& e) {
    const std::string message = e.what();
    c->torch_missing = "PyTorch: " + message.substr(0, message.find('\n'));
  }
  for (int t : threads) {
    Measure(*c, t);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// aclnnNLLLossBackward on (N, C) and aclnnNLLLoss2dBackward on (N, C, H, W) NCHW maps with a weight, reduction
// mean (one gradOutput element) or none (one per position), ignoreIndex -100 hit by 1 position in 16. self is never
// read by either library, so it is a one-element buffer with zero strides; the probe is a fill of out.

void RunNll(const std::vector<int64_t>& dims, aclDataType dtype, aclrtStream stream, const std::vector<int>& threads,
            int64_t reduction = 1) {
  const bool maps = dims.size() == 4;
  const std::string op = maps ? "NLL2dBackward" : "NLL";
  if (!Wanted(op)) {
    return;
  }
  const int64_t classes = dims[1];
  std::vector<int64_t> positions = {dims[0]};  // dims without the class dimension.
  positions.insert(positions.end(), dims.begin() + 2, dims.end());
  int64_t count = 1;
  for (int64_t d : positions) {
    count *= d;
  }
  Buffer self(dims, dtype, std::vector<int64_t>(dims.size(), 0), 1);
  Buffer target(positions, ACL_INT64);
  std::mt19937_64 rng(static_cast<uint64_t>(count * 31 + classes));
  target.Fill([&](int64_t i) { return i % 16 == 5 ? -100.0 : static_cast<double>(rng() % classes); });
  Buffer weight({classes}, dtype);
  weight.Fill([](int64_t i) { return 0.5 + static_cast<double>(i % 7) / 4.0; });
  Buffer grad(reduction == 0 ? positions : std::vector<int64_t>{}, dtype);
  grad.Fill([](int64_t i) { return 1.0 + static_cast<double>(i % 5) / 8.0; });
  Buffer total_weight({}, dtype);
  total_weight.Fill([&](int64_t) { return static_cast<double>(count); });
  Buffer out(dims, dtype);

  Case c;
  c.op = op;
  c.shape = "(";
  for (size_t d = 0; d < dims.size(); ++d) {
    c.shape += (d ? ", " : "") + std::to_string(dims[d]);
  }
  c.shape += ")";
  c.dtype = DtypeName(dtype);
  c.variant = reduction == 0 ? "weight / none" : "weight / mean";
  c.bytes = out.logical_bytes() + target.logical_bytes() + weight.logical_bytes() + grad.logical_bytes();
  c.probe.output = out.data();
  c.probe.bytes = out.bytes();
  c.ours = [&]() {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    if (maps) {
      Check(aclnnNLLLoss2dBackwardGetWorkspaceSize(grad.acl(), self.acl(), target.acl(), weight.acl(), reduction, -100,
                                                   total_weight.acl(), out.acl(), &workspace_size, &executor),
            "aclnnNLLLoss2dBackwardGetWorkspaceSize");
      Check(aclnnNLLLoss2dBackward(nullptr, workspace_size, executor, stream), "aclnnNLLLoss2dBackward");
    } else {
      Check(aclnnNLLLossBackwardGetWorkspaceSize(grad.acl(), self.acl(), target.acl(), weight.acl(), reduction, -100,
                                                 total_weight.acl(), out.acl(), &workspace_size, &executor),
            "aclnnNLLLossBackwardGetWorkspaceSize");
      Check(aclnnNLLLossBackward(nullptr, workspace_size, executor, stream), "aclnnNLLLossBackward");
    }
    Check(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  };
  if (dtype == ACL_FLOAT16) {
    c.torch_missing = "no Half CPU kernel";
  } else {
    at::Tensor t_out = out.torch();
    at::Tensor t_self = at::zeros({1}, TorchType(dtype)).expand(dims);
    at::Tensor t_target = target.torch();
    at::Tensor t_weight = weight.torch();
    at::Tensor t_grad = grad.torch();
    at::Tensor t_total = total_weight.torch();
    const int64_t torch_reduction = reduction == 0 ? at::Reduction::None : at::Reduction::Mean;
    c.torch = [=]() mutable {
      if (maps) {
        at::nll_loss2d_backward_out(t_out, t_grad, t_self, t_target, t_weight, torch_reduction, -100, t_total);
      } else {
        at::nll_loss_backward_out(t_out, t_grad, t_self, t_target, t_weight, torch_reduction, -100, t_total);
      }
    };
  }
  for (int t : threads) {
    Measure(c, t);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// "(16384, 1024)".
std::string ShapeText(const std::vector<int64_t>& dims) {
  std::string text = "(";
  for (size_t d = 0; d < dims.size(); ++d) {
    text += (d ? ", " : "") + std::to_string(dims[d]);
  }
  return text + ")";
}

// ---------------------------------------------------------------------------------------------------------------
// aclnnNLLLoss2d (op "NLL2d") on (N, C, H, W) NCHW maps with a weight, ignoreIndex -100 hit by 1 position in 16,
// reduction none (out (N, H, W)) or mean. Its bytes are what it must move: the target, one self element per
// position, the weight and out. The gather reads one element per position from the plane of its class, so the
// memory traffic is more than these bytes (with 21 classes about half of self's cache lines are touched); the
// probe reads the target and writes an array of its size.

void RunNll2dForward(const std::vector<int64_t>& dims, aclDataType dtype, int64_t reduction, aclrtStream stream,
                     const std::vector<int>& threads) {
  if (!Wanted("NLL2d")) {
    return;
  }
  const int64_t classes = dims[1];
  const std::vector<int64_t> positions = {dims[0], dims[2], dims[3]};
  const int64_t count = dims[0] * dims[2] * dims[3];
  Buffer self(dims, dtype);
  std::mt19937_64 rng(static_cast<uint64_t>(count * 29 + classes + reduction));
  std::uniform_real_distribution<double> log_probability(-6.0, 0.0);
  self.Fill([&](int64_t) { return log_probability(rng); });
  Buffer target(positions, ACL_INT64);
  target.Fill([&](int64_t i) { return i % 16 == 5 ? -100.0 : static_cast<double>(rng() % classes); });
  Buffer weight({classes}, dtype);
  weight.Fill([](int64_t i) { return 0.5 + static_cast<double>(i % 7) / 4.0; });
  Buffer out(reduction == 0 ? positions : std::vector<int64_t>{}, dtype);
  Buffer total_weight({}, dtype);
  Buffer scratch(positions, ACL_INT64);

  Case c;
  c.op = "NLL2d";
  c.shape = ShapeText(dims);
  c.dtype = DtypeName(dtype);
  c.variant = reduction == 0 ? "weight / none" : "weight / mean";
  c.bytes = target.logical_bytes() + count * BytesOf(dtype) + weight.logical_bytes() + out.logical_bytes();
  c.probe.inputs = {target.data()};
  c.probe.output = scratch.data();
  c.probe.bytes = target.bytes();
  c.ours = [&]() {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    Check(aclnnNLLLoss2dGetWorkspaceSize(self.acl(), target.acl(), weight.acl(), reduction, -100, out.acl(),
                                         total_weight.acl(), &workspace_size, &executor),
          "aclnnNLLLoss2dGetWorkspaceSize");
    Check(aclnnNLLLoss2d(nullptr, workspace_size, executor, stream), "aclnnNLLLoss2d");
    Check(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  };
  at::Tensor t_self = self.torch();
  at::Tensor t_target = target.torch();
  at::Tensor t_weight = weight.torch();
  at::Tensor t_out = out.torch();
  at::Tensor t_total = total_weight.torch();
  const int64_t torch_reduction = reduction == 0 ? at::Reduction::None : at::Reduction::Mean;
  MeasureWithTorch(&c, [=]() mutable {
    at::nll_loss2d_forward_out(t_out, t_total, t_self, t_target, t_weight, torch_reduction, -100);
  }, threads);
}

// ---------------------------------------------------------------------------------------------------------------
// aclnnBinaryCrossEntropyBackward (op "BCE") and aclnnBinaryCrossEntropy (op "BCEForward"). Flat sizes are
// (n / 1024, 1024) with a per-feature weight (1024); the image shape (64, 3, 224, 224) has a per-channel weight
// (3, 1, 1). gradOutput is full-size for reduction none and a scalar for mean and sum; the forward's out is
// self's shape for none and 0-D for mean and sum.

enum class WeightKind { kNone, kSameShape, kPerChannel };

void SetPointwiseProbe(Case* c, const Buffer& self, const Buffer& target, const Buffer& grad, const Buffer& out,
                       bool backward, bool full, std::optional<Buffer>* scratch);

void RunBce(bool backward, const std::vector<int64_t>& dims, aclDataType dtype, WeightKind weight_kind,
            int64_t reduction, aclrtStream stream, const std::vector<int>& threads) {
  if (!Wanted(backward ? "BCE" : "BCEForward")) {
    return;
  }
  int64_t numel = 1;
  for (int64_t d : dims) {
    numel *= d;
  }
  std::mt19937_64 rng(static_cast<uint64_t>(numel) + reduction);
  std::uniform_real_distribution<double> unit(0.01, 0.99);
  Buffer self(dims, dtype);
  self.Fill([&](int64_t) { return unit(rng); });
  Buffer target(dims, dtype);
  target.Fill([&](int64_t) { return static_cast<double>(rng() % 2); });
  const bool full_grad = reduction == 0;
  Buffer grad(full_grad ? dims : std::vector<int64_t>{}, dtype);
  grad.Fill([&](int64_t) { return unit(rng); });
  std::vector<int64_t> weight_dims;
  if (weight_kind == WeightKind::kSameShape) {
    weight_dims = dims;
  } else if (dims.size() == 4) {
    weight_dims = {dims[1], 1, 1};
  } else {
    weight_dims = {dims.back()};
  }
  std::optional<Buffer> weight;
  if (weight_kind != WeightKind::kNone) {
    weight.emplace(weight_dims, dtype);
    weight->Fill([&](int64_t) { return 0.5 + unit(rng); });
  }
  Buffer out(backward || reduction == 0 ? dims : std::vector<int64_t>{}, dtype);

  Case c;
  c.op = backward ? "BCE" : "BCEForward";
  c.shape = ShapeText(dims);
  c.dtype = DtypeName(dtype);
  const char* weight_names[] = {"none", "same shape", "per channel"};
  const char* reduction_names[] = {"none", "mean", "sum"};
  c.variant = std::string(weight_names[static_cast<int>(weight_kind)]) + " / " + reduction_names[reduction];
  c.bytes = out.logical_bytes() + self.logical_bytes() + target.logical_bytes() +
            (backward ? grad.logical_bytes() : 0) + (weight ? weight->logical_bytes() : 0);
  std::optional<Buffer> scratch;
  SetPointwiseProbe(&c, self, target, grad, out, backward, reduction == 0, &scratch);
  if (weight_kind == WeightKind::kSameShape) {
    c.probe.inputs.push_back(weight->data());
  }
  aclTensor* acl_weight = weight ? weight->acl() : nullptr;
  c.ours = backward ? std::function<void()>([&]() {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    Check(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad.acl(), self.acl(), target.acl(), acl_weight, reduction,
                                                          out.acl(), &workspace_size, &executor),
          "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize");
    Check(aclnnBinaryCrossEntropyBackward(nullptr, workspace_size, executor, stream),
          "aclnnBinaryCrossEntropyBackward");
    Check(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  })
                    : std::function<void()>([&]() {
                        uint64_t workspace_size = 0;
                        aclOpExecutor* executor = nullptr;
                        Check(aclnnBinaryCrossEntropyGetWorkspaceSize(self.acl(), target.acl(), acl_weight,
                                                                      reduction, out.acl(), &workspace_size,
                                                                      &executor),
                              "aclnnBinaryCrossEntropyGetWorkspaceSize");
                        Check(aclnnBinaryCrossEntropy(nullptr, workspace_size, executor, stream),
                              "aclnnBinaryCrossEntropy");
                        Check(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
                      });
  if (dtype != ACL_FLOAT) {
    c.torch_missing = std::string("no ") + (dtype == ACL_FLOAT16 ? "Half" : "BFloat16") + " CPU kernel";
  } else {
    at::Tensor t_out = out.torch();
    at::Tensor t_self = self.torch();
    at::Tensor t_target = target.torch();
    at::Tensor t_grad = grad.torch();
    c10::optional<at::Tensor> t_weight;
    if (weight) {
      t_weight = weight->torch();
    }
    if (backward) {
      c.torch = [=]() mutable {
        at::binary_cross_entropy_backward_out(t_out, t_grad, t_self, t_target, t_weight, reduction);
      };
    } else {
      // PyTorch's out= form of the forward needs out of self's shape (it stores the terms there before reducing),
      // so mean and sum take the functional form, which allocates its one element.
      c.torch = [=]() mutable {
        if (reduction == 0) {
          at::binary_cross_entropy_out(t_out, t_self, t_target, t_weight, reduction);
        } else {
          at::Tensor total = at::binary_cross_entropy(t_self, t_target, t_weight, reduction);
        }
      };
    }
  }
  for (int t : threads) {
    Measure(c, t);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The probe of an elementwise loss: it reads self and target (and a full gradOutput) and writes out. A reduced
// forward reads two arrays and writes one element: its probe reads one array and writes a scratch one of the same
// size, the same bytes moved.
void SetPointwiseProbe(Case* c, const Buffer& self, const Buffer& target, const Buffer& grad, const Buffer& out,
                       bool backward, bool full, std::optional<Buffer>* scratch) {
  if (backward || full) {
    c->probe.inputs = {self.data(), target.data()};
    if (backward && full) {
      c->probe.inputs.push_back(grad.data());
    }
    c->probe.output = out.data();
  } else {
    scratch->emplace(self.dims(), self.dtype());
    c->probe.inputs = {self.data()};
    c->probe.output = (*scratch)->data();
  }
  c->probe.bytes = self.bytes();
}

// ---------------------------------------------------------------------------------------------------------------
// The pointwise losses: self and target of one shape, out of that shape for none and 0-D for mean (forward);
// gradOutput full-size for none and a scalar for mean (backward).

// Smooth L1 runs with beta 1 (PyTorch's default); the others take no beta and ignore it.
constexpr float kBeta = 1.0f;

struct PointwiseOp {
  const char* name;  // A null forward_phase1: a gradient-only row (the name is the forward's, as for the rest).
  aclnnStatus (*forward_phase1)(const aclTensor*, const aclTensor*, int64_t, float, aclTensor*, uint64_t*,
                                aclOpExecutor**);
  aclnnStatus (*forward_phase2)(void*, uint64_t, aclOpExecutor*, aclrtStream);
  aclnnStatus (*backward_phase1)(const aclTensor*, const aclTensor*, const aclTensor*, int64_t, float, aclTensor*,
                                 uint64_t*, aclOpExecutor**);
  aclnnStatus (*backward_phase2)(void*, uint64_t, aclOpExecutor*, aclrtStream);
  std::function<void(at::Tensor& out, const at::Tensor& self, const at::Tensor& target, int64_t reduction)>
      torch_forward;
  std::function<void(at::Tensor& out, const at::Tensor& grad, const at::Tensor& self, const at::Tensor& target,
                     int64_t reduction)>
      torch_backward;
};

template <aclnnStatus (*kApi)(const aclTensor*, const aclTensor*, int64_t, aclTensor*, uint64_t*, aclOpExecutor**)>
aclnnStatus ForwardWithoutBeta(const aclTensor* self, const aclTensor* target, int64_t reduction, float,
                               aclTensor* out, uint64_t* workspace_size, aclOpExecutor** executor) {
  return kApi(self, target, reduction, out, workspace_size, executor);
}

template <aclnnStatus (*kApi)(const aclTensor*, const aclTensor*, const aclTensor*, int64_t, aclTensor*, uint64_t*,
                              aclOpExecutor**)>
aclnnStatus BackwardWithoutBeta(const aclTensor* grad, const aclTensor* self, const aclTensor* target,
                                int64_t reduction, float, aclTensor* out, uint64_t* workspace_size,
                                aclOpExecutor** executor) {
  return kApi(grad, self, target, reduction, out, workspace_size, executor);
}

// aclnnKlDiv and its gradient by self with logTarget false, in the family's signature.
aclnnStatus KlDivForward(const aclTensor* self, const aclTensor* target, int64_t reduction, float, aclTensor* out,
                         uint64_t* workspace_size, aclOpExecutor** executor) {
  return aclnnKlDivGetWorkspaceSize(self, target, reduction, false, out, workspace_size, executor);
}
aclnnStatus KlDivBackward(const aclTensor* grad, const aclTensor* self, const aclTensor* target, int64_t reduction,
                          float, aclTensor* out, uint64_t* workspace_size, aclOpExecutor** executor) {
  return aclnnKlDivBackwardGetWorkspaceSize(grad, self, target, reduction, false, out, workspace_size, executor);
}
aclnnStatus KlDivTargetBackward(const aclTensor* grad, const aclTensor* self, const aclTensor* target,
                                int64_t reduction, float, aclTensor* out, uint64_t* workspace_size,
                                aclOpExecutor** executor) {
  return aclnnKlDivTargetBackwardGetWorkspaceSize(grad, self, target, reduction, false, out, workspace_size,
                                                  executor);
}

const std::vector<PointwiseOp>& PointwiseOps() {
  static const std::vector<PointwiseOp> kOps = {
      {"MseLoss", ForwardWithoutBeta<aclnnMseLossGetWorkspaceSize>, aclnnMseLoss,
       BackwardWithoutBeta<aclnnMseLossBackwardGetWorkspaceSize>, aclnnMseLossBackward,
       // PyTorch 1.13's mse_loss_out resizes a 0-D out for mean and sum (its mean_out reduces no dimension), which
       // a preallocated out cannot take: for those, the functional form, copied into out.
       [](at::Tensor& out, const at::Tensor& self, const at::Tensor& target, int64_t reduction) {
         if (reduction == 0) {
           at::mse_loss_out(out, self, target, reduction);
         } else {
           out.copy_(at::mse_loss(self, target, reduction));
         }
       },
       [](at::Tensor& out, const at::Tensor& grad, const at::Tensor& self, const at::Tensor& target,
          int64_t reduction) { at::mse_loss_backward_out(out, grad, self, target, reduction); }},
      {"L1Loss", ForwardWithoutBeta<aclnnL1LossGetWorkspaceSize>, aclnnL1Loss,
       BackwardWithoutBeta<aclnnL1LossBackwardGetWorkspaceSize>, aclnnL1LossBackward,
       // Nor an l1_loss_out: its composite (sub, abs, then the reduction), the last op writing into out.
       [](at::Tensor& out, const at::Tensor& self, const at::Tensor& target, int64_t reduction) {
         if (reduction == 0) {
           at::abs_out(out, self - target);
         } else {
           out.copy_(at::l1_loss(self, target, reduction));
         }
       },
       // PyTorch 1.13 has no L1 backward kernel: autograd runs sub, sgn and mul (and a division for mean).
       [](at::Tensor& out, const at::Tensor& grad, const at::Tensor& self, const at::Tensor& target,
          int64_t reduction) {
         const at::Tensor scaled = reduction == 1 ? grad / static_cast<double>(self.numel()) : grad;
         at::mul_out(out, at::sgn(self - target), scaled);
       }},
      {"SmoothL1Loss", aclnnSmoothL1LossGetWorkspaceSize, aclnnSmoothL1Loss, aclnnSmoothL1LossBackwardGetWorkspaceSize,
       aclnnSmoothL1LossBackward,
       [](at::Tensor& out, const at::Tensor& self, const at::Tensor& target, int64_t reduction) {
         if (reduction == 0) {
           at::smooth_l1_loss_out(out, self, target, reduction, kBeta);
         } else {
           out.copy_(at::smooth_l1_loss(self, target, reduction, kBeta));  // As for mse_loss_out (above).
         }
       },
       [](at::Tensor& out, const at::Tensor& grad, const at::Tensor& self, const at::Tensor& target,
          int64_t reduction) { at::smooth_l1_loss_backward_out(out, grad, self, target, reduction, kBeta); }},
      {"SoftMarginLoss", ForwardWithoutBeta<aclnnSoftMarginLossGetWorkspaceSize>, aclnnSoftMarginLoss,
       BackwardWithoutBeta<aclnnSoftMarginLossBackwardGetWorkspaceSize>, aclnnSoftMarginLossBackward,
       [](at::Tensor& out, const at::Tensor& self, const at::Tensor& target, int64_t reduction) {
         if (reduction == 0) {
           at::soft_margin_loss_out(out, self, target, reduction);
         } else {
           out.copy_(at::soft_margin_loss(self, target, reduction));  // As for mse_loss_out (above).
         }
       },
       [](at::Tensor& out, const at::Tensor& grad, const at::Tensor& self, const at::Tensor& target,
          int64_t reduction) { at::soft_margin_loss_backward_out(out, grad, self, target, reduction); }},
      // logTarget false. PyTorch 1.13's kl_div is a composite (xlogy(t, t) - t x, then the reduction) with no out=
      // form, and autograd's gradient by self is -t g (divided by the count for mean).
      {"KlDiv", KlDivForward, aclnnKlDiv, KlDivBackward, aclnnKlDivBackward,
       [](at::Tensor& out, const at::Tensor& self, const at::Tensor& target, int64_t reduction) {
         out.copy_(at::kl_div(self, target, reduction));
       },
       [](at::Tensor& out, const at::Tensor& grad, const at::Tensor& self, const at::Tensor& target,
          int64_t reduction) {
         const at::Tensor scaled = reduction == 1 ? grad / static_cast<double>(self.numel()) : grad;
         at::mul_out(out, target, scaled).neg_();
       }},
      // The gradient by target (logTarget false), gradient only: autograd's (log t + 1 - x) g of PyTorch 1.13's
      // composite, its fewest passes into out (log, then the subtraction, the addition and the product in place).
      {"KlDivTarget", nullptr, nullptr, KlDivTargetBackward, aclnnKlDivTargetBackward, nullptr,
       [](at::Tensor& out, const at::Tensor& grad, const at::Tensor& self, const at::Tensor& target,
          int64_t reduction) {
         const at::Tensor scaled = reduction == 1 ? grad / static_cast<double>(self.numel()) : grad;
         at::log_out(out, target).sub_(self).add_(1.0).mul_(scaled);
       }},
  };
  return kOps;
}

void RunPointwise(const PointwiseOp& op, bool backward, const std::vector<int64_t>& dims, aclDataType dtype,
                  int64_t reduction, aclrtStream stream, const std::vector<int>& threads) {
  if (!Wanted(std::string(op.name) + (backward ? "Backward" : "")) || (!backward && op.forward_phase1 == nullptr)) {
    return;
  }
  std::mt19937_64 rng(static_cast<uint64_t>(dims.back()) * 7 + static_cast<uint64_t>(reduction));
  std::uniform_real_distribution<double> draw(-2.0, 2.0);
  Buffer self(dims, dtype);
  self.Fill([&](int64_t) { return draw(rng); });
  Buffer target(dims, dtype);
  target.Fill([&](int64_t) { return draw(rng); });
  const bool full = reduction == 0;
  Buffer grad(full ? dims : std::vector<int64_t>{}, dtype);
  grad.Fill([&](int64_t) { return draw(rng); });
  Buffer out(backward || full ? dims : std::vector<int64_t>{}, dtype);

  Case c;
  c.op = std::string(op.name) + (backward ? "Backward" : "");
  c.shape = ShapeText(dims);
  c.dtype = DtypeName(dtype);
  c.variant = full ? "none" : "mean";
  c.bytes = out.logical_bytes() + self.logical_bytes() + target.logical_bytes() +
            (backward ? grad.logical_bytes() : 0);
  std::optional<Buffer> scratch;
  SetPointwiseProbe(&c, self, target, grad, out, backward, full, &scratch);
  c.ours = [&]() {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    if (backward) {
      Check(op.backward_phase1(grad.acl(), self.acl(), target.acl(), reduction, kBeta, out.acl(), &workspace_size,
                               &executor),
            "backward phase 1");
      Check(op.backward_phase2(nullptr, workspace_size, executor, stream), "backward phase 2");
    } else {
      Check(op.forward_phase1(self.acl(), target.acl(), reduction, kBeta, out.acl(), &workspace_size, &executor),
            "forward phase 1");
      Check(op.forward_phase2(nullptr, workspace_size, executor, stream), "forward phase 2");
    }
    Check(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  };
  at::Tensor t_out = out.torch();
  const at::Tensor t_self = self.torch();
  const at::Tensor t_target = target.torch();
  const at::Tensor t_grad = grad.torch();
  std::function<void()> torch_call = [&, t_out]() mutable {
    if (backward) {
      op.torch_backward(t_out, t_grad, t_self, t_target, reduction);
    } else {
      op.torch_forward(t_out, t_self, t_target, reduction);
    }
  };
  MeasureWithTorch(&c, torch_call, threads);
}

// ---------------------------------------------------------------------------------------------------------------
// aclnnLogit (reads input, writes out) and aclnnLogitGrad (reads x and dy, writes out), eps -1 (no clamp) or 1e-6,
// inputs in (0, 1). PyTorch 1.13: logit_out and logit_backward_out (eps None for -1).

void RunLogit(bool backward, const std::vector<int64_t>& dims, aclDataType dtype, double eps, aclrtStream stream,
              const std::vector<int>& threads) {
  const std::string op = backward ? "LogitGrad" : "Logit";
  if (!Wanted(op)) {
    return;
  }
  std::mt19937_64 rng(static_cast<uint64_t>(dims.back()) * 11 + (eps < 0 ? 0 : 1));
  std::uniform_real_distribution<double> draw(0.001, 0.999);
  Buffer x(dims, dtype);
  x.Fill([&](int64_t) { return draw(rng); });
  Buffer dy(dims, dtype);
  dy.Fill([&](int64_t) { return draw(rng) * 4.0 - 2.0; });
  Buffer out(dims, dtype);

  Case c;
  c.op = op;
  c.shape = ShapeText(dims);
  c.dtype = DtypeName(dtype);
  c.variant = eps < 0 ? "eps none" : "eps 1e-6";
  c.bytes = out.logical_bytes() + x.logical_bytes() + (backward ? dy.logical_bytes() : 0);
  c.probe.inputs = {x.data()};
  if (backward) {
    c.probe.inputs.push_back(dy.data());
  }
  c.probe.output = out.data();
  c.probe.bytes = out.bytes();
  c.ours = [&]() {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    if (backward) {
      Check(aclnnLogitGradGetWorkspaceSize(x.acl(), dy.acl(), eps, out.acl(), &workspace_size, &executor),
            "aclnnLogitGradGetWorkspaceSize");
      Check(aclnnLogitGrad(nullptr, workspace_size, executor, stream), "aclnnLogitGrad");
    } else {
      Check(aclnnLogitGetWorkspaceSize(x.acl(), eps, out.acl(), &workspace_size, &executor),
            "aclnnLogitGetWorkspaceSize");
      Check(aclnnLogit(nullptr, workspace_size, executor, stream), "aclnnLogit");
    }
    Check(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  };
  at::Tensor t_out = out.torch();
  const at::Tensor t_x = x.torch();
  const at::Tensor t_dy = dy.torch();
  const c10::optional<double> clamp = eps < 0 ? c10::nullopt : c10::optional<double>(eps);
  std::function<void()> torch_call = [=]() mutable {
    if (backward) {
      at::logit_backward_out(t_out, t_dy, t_x, clamp);
    } else {
      at::logit_out(t_out, t_x, clamp);
    }
  };
  MeasureWithTorch(&c, torch_call, threads);
}

// ---------------------------------------------------------------------------------------------------------------
// The softmax family along the last dim of (rows, length): forward reads self and writes out; backward reads
// gradOutput and output and writes out. PyTorch: _softmax_out / _log_softmax_out (half_to_float false) and
// _softmax_backward_data_out / _log_softmax_backward_data_out.

void RunSoftmax(bool log, bool backward, int64_t rows, int64_t length, aclDataType dtype, aclrtStream stream,
                const std::vector<int>& threads) {
  const std::string op = std::string(log ? "LogSoftmax" : "Softmax") + (backward ? "Backward" : "");
  if (!Wanted(op)) {
    return;
  }
  const std::vector<int64_t> dims = {rows, length};
  std::mt19937_64 rng(static_cast<uint64_t>(rows * 17 + length) + (log ? 1 : 0));
  std::uniform_real_distribution<double> draw(-4.0, 4.0);
  Buffer self(dims, dtype);
  self.Fill([&](int64_t) { return draw(rng); });
  std::optional<Buffer> output;
  if (backward) {
    // A real forward result for `output`: log-softmax values (or softmax ones) of the drawn logits.
    output.emplace(dims, dtype);
    at::Tensor t = at::from_blob(self.data(), dims, at::TensorOptions().dtype(TorchType(dtype))).to(at::kFloat);
    t = log ? at::log_softmax(t, 1) : at::softmax(t, 1);
    output->torch().copy_(t);
  }
  Buffer out(dims, dtype);

  Case c;
  c.op = op;
  c.shape = "(" + std::to_string(rows) + ", " + std::to_string(length) + ")";
  c.dtype = DtypeName(dtype);
  c.variant = "dim -1";
  c.bytes = out.logical_bytes() + self.logical_bytes() + (backward ? output->logical_bytes() : 0);
  c.probe.inputs = {self.data()};
  if (backward) {
    c.probe.inputs.push_back(output->data());
  }
  c.probe.output = out.data();
  c.probe.bytes = out.bytes();
  const aclTensor* grad_acl = self.acl();  // The backward's gradOutput is self's buffer.
  c.ours = [&]() {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    if (!backward && !log) {
      Check(aclnnSoftmaxGetWorkspaceSize(self.acl(), -1, out.acl(), &workspace_size, &executor), "phase 1");
      Check(aclnnSoftmax(nullptr, workspace_size, executor, stream), "phase 2");
    } else if (!backward) {
      Check(aclnnLogSoftmaxGetWorkspaceSize(self.acl(), -1, out.acl(), &workspace_size, &executor), "phase 1");
      Check(aclnnLogSoftmax(nullptr, workspace_size, executor, stream), "phase 2");
    } else if (!log) {
      Check(aclnnSoftmaxBackwardGetWorkspaceSize(grad_acl, output->acl(), -1, out.acl(), &workspace_size, &executor),
            "phase 1");
      Check(aclnnSoftmaxBackward(nullptr, workspace_size, executor, stream), "phase 2");
    } else {
      Check(aclnnLogSoftmaxBackwardGetWorkspaceSize(grad_acl, output->acl(), -1, out.acl(), &workspace_size,
                                                    &executor),
            "phase 1");
      Check(aclnnLogSoftmaxBackward(nullptr, workspace_size, executor, stream), "phase 2");
    }
    Check(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  };
  at::Tensor t_out = out.torch();
  const at::Tensor t_self = self.torch();
  const at::Tensor t_output = backward ? output->torch() : at::Tensor();
  const at::ScalarType input_type = TorchType(dtype);
  std::function<void()> torch_call = [=]() mutable {
    if (!backward) {
      log ? at::_log_softmax_out(t_out, t_self, 1, false) : at::_softmax_out(t_out, t_self, 1, false);
    } else {
      log ? at::_log_softmax_backward_data_out(t_out, t_self, t_output, 1, input_type)
          : at::_softmax_backward_data_out(t_out, t_self, t_output, 1, input_type);
    }
  };
  MeasureWithTorch(&c, torch_call, threads);
}

// ---------------------------------------------------------------------------------------------------------------
// aclnnCrossEntropyLoss then aclnnCrossEntropyLossGrad (mean, no weight, ignoreIndex -100 hit by 1 row in 16): a
// language model's loss and logit gradient. PyTorch does the same work as its CrossEntropyLoss does on the CPU:
// log_softmax, nll_loss and their backwards, into preallocated outputs (the _out forms).

void RunCrossEntropy(int64_t rows, int64_t classes, aclDataType dtype, aclrtStream stream,
                     const std::vector<int>& threads) {
  if (!Wanted("CrossEntropy")) {
    return;
  }
  Buffer input({rows, classes}, dtype);
  std::mt19937_64 rng(rows * 17 + classes);
  std::normal_distribution<double> logit(0.0, 2.0);
  input.Fill([&](int64_t) { return logit(rng); });
  Buffer target({rows}, ACL_INT64);
  target.Fill([&](int64_t i) { return i % 16 == 5 ? -100.0 : static_cast<double>(rng() % classes); });
  Buffer loss({1}, dtype);
  Buffer log_prob({rows, classes}, dtype);
  Buffer zloss({1}, dtype);
  Buffer lse({rows}, dtype);
  Buffer grad_loss({}, dtype);
  grad_loss.Fill([](int64_t) { return 1.0; });
  Buffer out({rows, classes}, dtype);

  Case c;
  c.op = "CrossEntropy fwd+bwd";
  c.shape = "(" + std::to_string(rows) + ", " + std::to_string(classes) + ")";
  c.dtype = DtypeName(dtype);
  c.variant = "mean";
  // Read logits, write log-probabilities; read them, write the gradient.
  c.bytes = 2 * input.logical_bytes() + 2 * out.logical_bytes();
  c.probe.inputs = {input.data()};
  c.probe.output = out.data();
  c.probe.bytes = out.bytes();
  char reduction[] = "mean";
  c.ours = [&]() {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    Check(aclnnCrossEntropyLossGetWorkspaceSize(input.acl(), target.acl(), nullptr, reduction, -100, 0.0, 0.0, false,
                                                loss.acl(), log_prob.acl(), zloss.acl(), lse.acl(), &workspace_size,
                                                &executor),
          "aclnnCrossEntropyLossGetWorkspaceSize");
    Check(aclnnCrossEntropyLoss(nullptr, workspace_size, executor, stream), "aclnnCrossEntropyLoss");
    Check(aclnnCrossEntropyLossGradGetWorkspaceSize(grad_loss.acl(), log_prob.acl(), target.acl(), nullptr, nullptr,
                                                    nullptr, reduction, -100, 0.0, 0.0, out.acl(), &workspace_size,
                                                    &executor),
          "aclnnCrossEntropyLossGradGetWorkspaceSize");
    Check(aclnnCrossEntropyLossGrad(nullptr, workspace_size, executor, stream), "aclnnCrossEntropyLossGrad");
    Check(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  };
  at::Tensor t_input = input.torch();
  at::Tensor t_target = target.torch();
  at::Tensor t_log_prob = at::empty({rows, classes}, TorchType(dtype));
  at::Tensor t_grad_log_prob = at::empty({rows, classes}, TorchType(dtype));
  at::Tensor t_loss = at::empty({}, TorchType(dtype));
  at::Tensor t_total = at::empty({}, TorchType(dtype));
  at::Tensor t_grad_loss = grad_loss.torch();
  at::Tensor t_out = out.torch();
  c.torch = [=]() mutable {
    at::_log_softmax_out(t_log_prob, t_input, 1, false);
    at::nll_loss_forward_out(t_loss, t_total, t_log_prob, t_target, {}, at::Reduction::Mean, -100);
    at::nll_loss_backward_out(t_grad_log_prob, t_grad_loss, t_log_prob, t_target, {}, at::Reduction::Mean, -100,
                              t_total);
    at::_log_softmax_backward_data_out(t_out, t_grad_log_prob, t_log_prob, 1, TorchType(dtype));
  };
  for (int t : threads) {
    Measure(c, t);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// aclnnBinaryCrossEntropyWithLogits and its two backwards: self and target (n / 1024, 1024), weight and posWeight
// per feature (1024) or absent; out of self's shape for none and 0-D for mean (forward), gradOutput full-size for
// none and a scalar for mean (backwards). PyTorch 1.13 has no out= form of any of them: the forward is its
// function copied into out (mean) or its composite's last op into out (none); the gradients are the formulas its
// autograd evaluates (FunctionsManual), the last op writing into out.

enum class LogitsOp { kForward, kBackward, kTargetBackward };

void RunBceWithLogits(LogitsOp op, const std::vector<int64_t>& dims, aclDataType dtype, bool weights,
                      int64_t reduction, aclrtStream stream, const std::vector<int>& threads) {
  const char* names[] = {"BCEWithLogits", "BCEWithLogitsBackward", "BCEWithLogitsTargetBackward"};
  const std::string name = names[static_cast<int>(op)];
  if (!Wanted(name)) {
    return;
  }
  std::mt19937_64 rng(static_cast<uint64_t>(dims.front()) * 11 + static_cast<uint64_t>(reduction));
  std::uniform_real_distribution<double> logit(-6.0, 6.0), unit(0.0, 1.0);
  Buffer self(dims, dtype);
  self.Fill([&](int64_t) { return logit(rng); });
  Buffer target(dims, dtype);
  target.Fill([&](int64_t) { return unit(rng); });
  const bool full = reduction == 0;
  const bool backward = op != LogitsOp::kForward;
  Buffer grad(full ? dims : std::vector<int64_t>{}, dtype);
  grad.Fill([&](int64_t) { return unit(rng) - 0.5; });
  Buffer weight({dims.back()}, dtype);
  weight.Fill([&](int64_t) { return 0.5 + unit(rng); });
  Buffer pos_weight({dims.back()}, dtype);
  pos_weight.Fill([&](int64_t) { return 3.0 * unit(rng); });
  Buffer out(backward || full ? dims : std::vector<int64_t>{}, dtype);

  Case c;
  c.op = name;
  c.shape = ShapeText(dims);
  c.dtype = DtypeName(dtype);
  c.variant = std::string(weights ? "per feature" : "none") + " / " + (full ? "none" : "mean");
  c.bytes = out.logical_bytes() + self.logical_bytes() + target.logical_bytes() +
            (backward ? grad.logical_bytes() : 0) + (weights ? 2 * weight.logical_bytes() : 0);
  std::optional<Buffer> scratch;
  SetPointwiseProbe(&c, self, target, grad, out, backward, full, &scratch);
  aclTensor* acl_weight = weights ? weight.acl() : nullptr;
  aclTensor* acl_pos_weight = weights ? pos_weight.acl() : nullptr;
  c.ours = [&]() {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    switch (op) {
      case LogitsOp::kForward:
        Check(aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(self.acl(), target.acl(), acl_weight, acl_pos_weight,
                                                                reduction, out.acl(), &workspace_size, &executor),
              "forward phase 1");
        Check(aclnnBinaryCrossEntropyWithLogits(nullptr, workspace_size, executor, stream), "forward phase 2");
        break;
      case LogitsOp::kBackward:
        Check(aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize(grad.acl(), self.acl(), target.acl(),
                                                                        acl_weight, acl_pos_weight, reduction,
                                                                        out.acl(), &workspace_size, &executor),
              "backward phase 1");
        Check(aclnnBinaryCrossEntropyWithLogitsBackward(nullptr, workspace_size, executor, stream), "backward phase 2");
        break;
      case LogitsOp::kTargetBackward:
        Check(aclnnBinaryCrossEntropyWithLogitsTargetBackwardGetWorkspaceSize(
                  grad.acl(), self.acl(), target.acl(), acl_weight, acl_pos_weight, reduction, out.acl(),
                  &workspace_size, &executor),
              "target backward phase 1");
        Check(aclnnBinaryCrossEntropyWithLogitsTargetBackward(nullptr, workspace_size, executor, stream),
              "target backward phase 2");
        break;
    }
    Check(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  };
  at::Tensor t_out = out.torch();
  const at::Tensor t_self = self.torch();
  const at::Tensor t_target = target.torch();
  const at::Tensor t_grad = grad.torch();
  const c10::optional<at::Tensor> t_weight = weights ? c10::optional<at::Tensor>(weight.torch()) : c10::nullopt;
  const c10::optional<at::Tensor> t_pos = weights ? c10::optional<at::Tensor>(pos_weight.torch()) : c10::nullopt;
  const double mean_factor = full ? 1.0 : 1.0 / static_cast<double>(t_self.numel());
  std::function<void()> torch_call = [&, t_out]() mutable {
    switch (op) {
      case LogitsOp::kForward:
        if (full && !weights) {
          // The composite's last op: (1 - y) * x + max_val + log(exp(-max_val) + exp(-x - max_val)).
          const at::Tensor max_val = (-t_self).clamp_min(0);
          at::add_out(t_out, (1 - t_target) * t_self + max_val,
                      ((-max_val).exp() + (-t_self - max_val).exp()).log());
        } else {
          t_out.copy_(at::binary_cross_entropy_with_logits(t_self, t_target, t_weight, t_pos, reduction));
        }
        break;
      case LogitsOp::kBackward: {
        at::Tensor gradient;
        if (t_pos) {
          const at::Tensor t = *t_pos * t_target;
          gradient = ((t + 1 - t_target) * t_self.sigmoid() - t) * t_grad;
        } else {
          gradient = (t_self.sigmoid() - t_target) * t_grad;
        }
        at::mul_out(t_out, gradient, t_weight ? *t_weight * mean_factor : at::scalar_tensor(mean_factor));
        break;
      }
      case LogitsOp::kTargetBackward: {
        const at::Tensor gradient = t_pos ? (at::log_sigmoid(-t_self) - *t_pos * at::log_sigmoid(t_self)) * t_grad
                                          : -t_self * t_grad;
        at::mul_out(t_out, gradient, t_weight ? *t_weight * mean_factor : at::scalar_tensor(mean_factor));
        break;
      }
    }
  };
  try {
    torch_call();
    c.torch = torch_call;
  } catch (const std::exception& e) {
    const std::string message = e.what();
    c.torch_missing = "PyTorch: " + message.substr(0, message.find('\n'));
  }
  for (int t : threads) {
    Measure(c, t);
  }
}

std::string CpuModel() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) {
      return line.substr(line.find(':') + 2);
    }
  }
  return "unknown";
}

int Main() {
  Check(aclInit(nullptr), "aclInit");
  Check(aclrtSetDevice(0), "aclrtSetDevice");
  aclrtStream stream = nullptr;
  Check(aclrtCreateStream(&stream), "aclrtCreateStream");
  Check(openaclnnSetNumThreads(0), "openaclnnSetNumThreads");
  const int all_threads = openaclnnGetNumThreads();
  const std::vector<int> threads = all_threads > 1 ? std::vector<int>{1, all_threads} : std::vector<int>{1};

  std::printf("OpenAclnn %s (kernels: %s, streaming stores from %lld bytes), PyTorch %d.%d.%d, probe target %s\n",
              openaclnnGetVersion(), openaclnnGetKernelTarget(),
              static_cast<long long>(openaclnnGetStreamingStoreThreshold()), TORCH_VERSION_MAJOR,
              TORCH_VERSION_MINOR, TORCH_VERSION_PATCH, ProbeTarget());
  std::printf("CPU: %s, %d threads available, %d cores\n", CpuModel().c_str(), all_threads, Cores());
  std::printf("Load average at start: %s (the last column: at each row's end; \"busy\" above the core count, "
              "where the row shared the cores)\n\n", LoadText(LoadAverage()).c_str());
  PrintHeader();

  RunNll({64, 1000}, ACL_FLOAT, stream, threads);
  RunNll({4096, 32000}, ACL_FLOAT, stream, threads);
  RunNll({16384, 32000}, ACL_FLOAT, stream, threads);
  if (!g_quick) {
    RunNll({8192, 128256}, ACL_FLOAT, stream, threads);
  }
  RunNll({4096, 32000}, ACL_BF16, stream, threads);
  RunNll({4096, 32000}, ACL_FLOAT16, stream, threads);

  RunCrossEntropy(4096, 128256, ACL_BF16, stream, threads);

  const std::vector<std::vector<int64_t>> shapes = {
      {1, 1024}, {1024, 1024}, {16384, 1024}, {64, 3, 224, 224}};
  for (const auto& dims : shapes) {
    for (WeightKind weight : {WeightKind::kNone, WeightKind::kSameShape, WeightKind::kPerChannel}) {
      for (int64_t reduction = 0; reduction < 3; ++reduction) {
        RunBce(/*backward=*/true, dims, ACL_FLOAT, weight, reduction, stream, threads);
      }
    }
  }
  for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
    RunBce(/*backward=*/true, {16384, 1024}, dtype, WeightKind::kNone, 0, stream, threads);
    RunBce(/*backward=*/true, {16384, 1024}, dtype, WeightKind::kSameShape, 1, stream, threads);
  }
  for (const std::vector<int64_t>& dims : {std::vector<int64_t>{1, 1024}, std::vector<int64_t>{1024, 1024},
                                           std::vector<int64_t>{16384, 1024}}) {
    for (WeightKind weight : {WeightKind::kNone, WeightKind::kPerChannel}) {
      for (int64_t reduction : {0, 1}) {
        RunBce(/*backward=*/false, dims, ACL_FLOAT, weight, reduction, stream, threads);
      }
    }
  }
  RunBce(/*backward=*/false, {16384, 1024}, ACL_BF16, WeightKind::kNone, 0, stream, threads);

  for (const PointwiseOp& op : PointwiseOps()) {
    for (bool backward : {false, true}) {
      for (const std::vector<int64_t>& dims : {std::vector<int64_t>{1, 1024}, std::vector<int64_t>{1024, 1024},
                                               std::vector<int64_t>{16384, 1024}}) {
        for (int64_t reduction : {0, 1}) {
          RunPointwise(op, backward, dims, ACL_FLOAT, reduction, stream, threads);
        }
      }
      RunPointwise(op, backward, {16384, 1024}, ACL_BF16, 0, stream, threads);
    }
  }
  // aclnnLogit and aclnnLogitGrad at the pointwise losses' shapes, the two eps in place of their two reductions.
  for (bool backward : {false, true}) {
    for (const std::vector<int64_t>& dims : {std::vector<int64_t>{1, 1024}, std::vector<int64_t>{1024, 1024},
                                             std::vector<int64_t>{16384, 1024}}) {
      for (double eps : {-1.0, 1e-6}) {
        RunLogit(backward, dims, ACL_FLOAT, eps, stream, threads);
      }
    }
    RunLogit(backward, {16384, 1024}, ACL_BF16, -1.0, stream, threads);
  }

  // The softmax family on a language model's logits (tokens x vocabulary); --quick takes 1024 rows.
  const int64_t softmax_rows = g_quick ? 1024 : 8192;
  for (bool backward : {false, true}) {
    for (bool log : {false, true}) {
      for (aclDataType dtype : {ACL_FLOAT, ACL_BF16}) {
        RunSoftmax(log, backward, softmax_rows, 32000, dtype, stream, threads);
      }
    }
  }
  // A segmentation model's per-pixel loss: 21 classes (PASCAL VOC) on 512 x 512 maps, batch 8.
  for (aclDataType dtype : {ACL_FLOAT, ACL_BF16}) {
    RunNll({8, 21, 512, 512}, dtype, stream, threads);
    RunNll({8, 21, 512, 512}, dtype, stream, threads, /*reduction=*/0);
    for (int64_t reduction : {0, 1}) {
      RunNll2dForward({8, 21, 512, 512}, dtype, reduction, stream, threads);
    }
  }
  for (LogitsOp op : {LogitsOp::kForward, LogitsOp::kBackward, LogitsOp::kTargetBackward}) {
    for (const std::vector<int64_t>& dims : {std::vector<int64_t>{1, 1024}, std::vector<int64_t>{1024, 1024},
                                             std::vector<int64_t>{16384, 1024}}) {
      for (bool weights : {false, true}) {
        for (int64_t reduction : {0, 1}) {
          RunBceWithLogits(op, dims, ACL_FLOAT, weights, reduction, stream, threads);
        }
      }
    }
    RunBceWithLogits(op, {16384, 1024}, ACL_BF16, false, 0, stream, threads);
  }

  std::printf("\nLoad average at end: %s\n", LoadText(LoadAverage()).c_str());
  Check(aclrtDestroyStream(stream), "aclrtDestroyStream");
  Check(aclrtResetDevice(0), "aclrtResetDevice");
  Check(aclFinalize(), "aclFinalize");
  return 0;
}

}  // namespace
}  // namespace openaclnn::bench

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) {
      openaclnn::bench::g_quick = true;
    } else if (std::strncmp(argv[i], "--only=", 7) == 0) {
      openaclnn::bench::g_only = argv[i] + 7;
    }
  }
  try {
    return openaclnn::bench::Main();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "compare_torch: %s\n", e.what());
    return 1;
  }
}
