// Writes the seed corpus: small programs (program.h) that reach each part of the API once, for the fuzzer to
// mutate. `openaclnn_fuzz_seeds <dir>` (re)writes fuzz/corpus; the fuzz_seeds_current test checks that the
// committed files are what this program writes.
#include <cstdio>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "byte_io.h"
#include "pointwise_registry.h"
#include "program.h"
#include "value_tables.h"

namespace openaclnn::fuzz {
namespace {

struct TensorSpec {
  TensorSpec(std::vector<uint8_t> dims_in, aclDataType dtype_in, uint8_t buffer_in,
             StrideMode strides_in = StrideMode::kNull, std::vector<uint8_t> explicit_strides_in = {},
             uint8_t offset_in = 0, uint16_t byte_offset_in = 0, PointerKind pointer_in = PointerKind::kBuffer)
      : dims(std::move(dims_in)),
        dtype(dtype_in),
        buffer(buffer_in),
        strides(strides_in),
        explicit_strides(std::move(explicit_strides_in)),
        offset(offset_in),
        byte_offset(byte_offset_in),
        pointer(pointer_in) {}

  std::vector<uint8_t> dims;  // Raw dim bytes (small values mean themselves).
  aclDataType dtype;
  uint8_t buffer;
  StrideMode strides;
  std::vector<uint8_t> explicit_strides;  // Raw stride bytes, with StrideMode::kExplicit.
  uint8_t offset;                         // Raw offset byte.
  uint16_t byte_offset;
  PointerKind pointer;
};

class Program {
 public:
  template <typename Args>
  Program& Add(Op op, Args args) {
    uint8_t code = static_cast<uint8_t>(op);
    writer_(code);
    args.Visit(writer_);
    return *this;
  }

  Program& Malloc(uint16_t bytes, MallocKind kind = MallocKind::kDevice) {
    return Add(Op::kMalloc, MallocArgs{static_cast<uint8_t>(kind), static_cast<uint16_t>(bytes - 1), 0});
  }

  Program& Tensor(const TensorSpec& spec, aclFormat format = ACL_FORMAT_ND) {
    CreateTensorArgs args;
    args.rank = static_cast<uint8_t>(spec.dims.size());
    for (size_t i = 0; i < spec.dims.size(); ++i) {
      args.dims[i] = spec.dims[i];
    }
    args.dtype = DtypeByte(spec.dtype);
    args.stride_mode = static_cast<uint8_t>(spec.strides);
    for (size_t i = 0; i < spec.explicit_strides.size(); ++i) {
      args.strides[i] = spec.explicit_strides[i];
    }
    args.offset = spec.offset;
    args.format = FormatByte(format);
    args.storage_mode = static_cast<uint8_t>(StorageMode::kSameAsView);
    args.pointer_kind = static_cast<uint8_t>(spec.pointer);
    args.buffer = spec.buffer;
    args.byte_offset = spec.byte_offset;
    return Add(Op::kCreateTensor, args);
  }

  Program& Floats(uint8_t buffer, aclDataType dtype, std::initializer_list<double> values) {
    FillValuesArgs args{buffer, DtypeByte(dtype), static_cast<uint8_t>(values.size() - 1), {}};
    int i = 0;
    for (double value : values) {
      args.values[i++] = FloatFillIndex(value);
    }
    return Add(Op::kFillValues, args);
  }

  Program& Integers(uint8_t buffer, aclDataType dtype, std::initializer_list<int64_t> values) {
    FillValuesArgs args{buffer, DtypeByte(dtype), static_cast<uint8_t>(values.size() - 1), {}};
    int i = 0;
    for (int64_t value : values) {
      args.values[i++] = IntegerFillIndex(value);
    }
    return Add(Op::kFillValues, args);
  }

  // `op`: kNllPhase1, or kNll2dBackwardPhase1 (the same fields).
  Program& Nll(std::initializer_list<uint8_t> tensors, uint8_t reduction, int64_t ignore_index = -100,
               uint8_t null_outputs = 0, Op op = Op::kNllPhase1) {
    NllPhase1Args args;
    int i = 0;
    for (uint8_t tensor : tensors) {
      args.tensors[i++] = tensor;
    }
    args.reduction = reduction;
    args.ignore_index = IgnoreIndexByte(ignore_index);
    args.null_outputs = null_outputs;
    return Add(op, args);
  }

  Program& Bce(std::initializer_list<uint8_t> tensors, uint8_t reduction, uint8_t null_outputs = 0) {
    BcePhase1Args args;
    int i = 0;
    for (uint8_t tensor : tensors) {
      args.tensors[i++] = tensor;
    }
    args.reduction = reduction;
    args.null_outputs = null_outputs;
    return Add(Op::kBcePhase1, args);
  }

  // tensors: self, target, weight, out, totalWeightOut. `op`: kNllForwardPhase1, or kNll2dPhase1 (the same fields).
  Program& NllForward(std::initializer_list<uint8_t> tensors, uint8_t reduction, int64_t ignore_index = -100,
                      uint8_t null_outputs = 0, Op op = Op::kNllForwardPhase1) {
    NllForwardPhase1Args args;
    int i = 0;
    for (uint8_t tensor : tensors) {
      args.tensors[i++] = tensor;
    }
    args.reduction = reduction;
    args.ignore_index = IgnoreIndexByte(ignore_index);
    args.null_outputs = null_outputs;
    return Add(op, args);
  }

  // tensors: self, target, weight, out.
  Program& BceForward(std::initializer_list<uint8_t> tensors, uint8_t reduction, uint8_t null_outputs = 0) {
    BceForwardPhase1Args args;
    int i = 0;
    for (uint8_t tensor : tensors) {
      args.tensors[i++] = tensor;
    }
    args.reduction = reduction;
    args.null_outputs = null_outputs;
    return Add(Op::kBceForwardPhase1, args);
  }

  // aclnnNLLLoss2d (tensors as NllForward) and aclnnNLLLoss2dBackward (tensors as Nll).
  Program& Nll2d(std::initializer_list<uint8_t> tensors, uint8_t reduction, int64_t ignore_index = -100) {
    return NllForward(tensors, reduction, ignore_index, 0, Op::kNll2dPhase1);
  }
  Program& Nll2dBackward(std::initializer_list<uint8_t> tensors, uint8_t reduction, int64_t ignore_index = -100) {
    return Nll(tensors, reduction, ignore_index, 0, Op::kNll2dBackwardPhase1);
  }

  // kind: 0 softmax, 1 log-softmax, 2 and 3 their backwards; dim as a signed byte.
  Program& Softmax(uint8_t kind, std::initializer_list<uint8_t> tensors, int8_t dim, uint8_t null_outputs = 0) {
    SoftmaxPhase1Args args;
    args.kind = kind;
    int i = 0;
    for (uint8_t tensor : tensors) {
      args.tensors[i++] = tensor;
    }
    args.dim = static_cast<uint8_t>(dim);
    args.null_outputs = null_outputs;
    return Add(Op::kSoftmaxPhase1, args);
  }

  // Phase 1 of registry loss `loss`; tensors: gradOutput (backward only), self, target, out.
  Program& Pointwise(uint8_t loss, bool backward, std::initializer_list<uint8_t> tensors, uint8_t reduction,
                     float parameter = 1.0f, uint8_t null_outputs = 0) {
    PointwisePhase1Args args;
    args.loss = loss;
    args.backward = backward ? 1 : 0;
    int i = 0;
    for (uint8_t tensor : tensors) {
      args.tensors[i++] = tensor;
    }
    args.reduction = reduction;
    args.parameter = LossParameterByte(parameter);
    args.null_outputs = null_outputs;
    return Add(Op::kPointwisePhase1, args);
  }

  // kind 0: aclnnCrossEntropyLoss, 1: aclnnCrossEntropyLossGrad; the attribute bytes as CrossEntropyPhase1Args.
  Program& CrossEntropy(uint8_t kind, std::initializer_list<uint8_t> tensors, uint8_t reduction, uint8_t smoothing,
                        uint8_t zloss, uint8_t ignore_index = 0) {
    CrossEntropyPhase1Args args;
    args.kind = kind;
    int i = 0;
    for (uint8_t tensor : tensors) {
      args.tensors[i++] = tensor;
    }
    args.reduction = reduction;
    args.ignore_index = ignore_index;
    args.label_smoothing = smoothing;
    args.zloss = zloss;
    return Add(Op::kCrossEntropyPhase1, args);
  }

  // kind 0: aclnnBinaryCrossEntropyWithLogits, 1: its Backward, 2: its TargetBackward; tensors: gradOutput, self,
  // target, weightOptional, posWeightOptional, out (gradOutput unused by the forward).
  Program& BceWithLogits(uint8_t kind, std::initializer_list<uint8_t> tensors, uint8_t reduction,
                         uint8_t null_outputs = 0) {
    BceWithLogitsPhase1Args args;
    args.kind = kind;
    int i = 0;
    for (uint8_t tensor : tensors) {
      args.tensors[i++] = tensor;
    }
    args.reduction = reduction;
    args.null_outputs = null_outputs;
    return Add(Op::kBceWithLogitsPhase1, args);
  }

  // kind 0: aclnnKlDiv, 1: aclnnKlDivBackward, 2: aclnnKlDivTargetBackward; tensors: gradOutput, self, target, out.
  Program& KlDiv(uint8_t kind, std::initializer_list<uint8_t> tensors, uint8_t reduction, bool log_target,
                 uint8_t null_outputs = 0) {
    KlDivPhase1Args args;
    args.kind = kind;
    int i = 0;
    for (uint8_t tensor : tensors) {
      args.tensors[i++] = tensor;
    }
    args.reduction = reduction;
    args.log_target = log_target ? 1 : 0;
    args.null_outputs = null_outputs;
    return Add(Op::kKlDivPhase1, args);
  }

  // kind 0: aclnnLogit (tensors: input, out), 1: aclnnLogitGrad (tensors: x, dy, out).
  Program& Logit(uint8_t kind, std::initializer_list<uint8_t> tensors, double eps, uint8_t null_outputs = 0) {
    LogitPhase1Args args;
    args.kind = kind;
    int i = 0;
    for (uint8_t tensor : tensors) {
      args.tensors[i++] = tensor;
    }
    args.eps = EpsByte(eps);
    args.null_outputs = null_outputs;
    return Add(Op::kLogitPhase1, args);
  }

  // observed: synchronise and check memory; otherwise leave the launch queued.
  Program& Run(uint8_t executor, uint8_t stream, bool observed = true, uint8_t workspace = 0,
               uint8_t wrong_api = 0) {
    return Add(Op::kRunExecutor,
               RunExecutorArgs{executor, wrong_api, stream, workspace, static_cast<uint8_t>(observed ? 0 : 1)});
  }

  Program& Stream(bool launch_blocking = false) {
    return Add(Op::kCreateStream, CreateStreamArgs{static_cast<uint8_t>(launch_blocking ? 1 : 0)});
  }

  Program& Raw(const std::vector<uint8_t>& bytes) {
    writer_.Bytes(bytes);
    return *this;
  }

  Program& Device(Lifecycle what) { return Add(Op::kDeviceLifecycle, LifecycleArgs{static_cast<uint8_t>(what)}); }

  const std::vector<uint8_t>& bytes() const { return writer_.bytes(); }

 private:
  ByteWriter writer_;
};

// Buffers 0..5 and tensors 0..5 for an NLL call: gradOutput, self, target, weight, totalWeight, out.
Program NllCase(aclDataType dtype, aclDataType target_dtype, uint8_t rows, uint8_t classes, bool per_row_grad) {
  Program p;
  for (int i = 0; i < 6; ++i) {
    p.Malloc(256);
  }
  p.Floats(0, dtype, {3.1, 2.0, 0.5})
      .Floats(1, dtype, {0.25, -1.0})
      .Integers(2, target_dtype, {0, 2, 1, 3})
      .Floats(3, dtype, {1.0, 0.5, 2.0, 0.25})
      .Floats(4, dtype, {2.0});
  if (per_row_grad) {
    p.Tensor({{rows}, dtype, 0});
  } else {
    p.Tensor({{}, dtype, 0});
  }
  p.Tensor({{rows, classes}, dtype, 1})
      .Tensor({{rows}, target_dtype, 2})
      .Tensor({{classes}, dtype, 3})
      .Tensor({{1}, dtype, 4})
      .Tensor({{rows, classes}, dtype, 5});
  return p;
}

// Buffers 0..4 and tensors 0..4 for a BCE call: gradOutput, self, target, weight, out.
Program BceCase(aclDataType dtype, std::vector<uint8_t> dims, std::vector<uint8_t> weight_dims) {
  Program p;
  for (int i = 0; i < 5; ++i) {
    p.Malloc(512);
  }
  p.Floats(0, dtype, {1.0, 3.1, -1.0})
      .Floats(1, dtype, {0.25, 0.5, 0.999, 1e-7, 0.0, 1.0})
      .Floats(2, dtype, {0.0, 1.0, 0.5})
      .Floats(3, dtype, {2.0, 0.5})
      .Tensor({dims, dtype, 0})
      .Tensor({dims, dtype, 1})
      .Tensor({dims, dtype, 2})
      .Tensor({weight_dims, dtype, 3})
      .Tensor({dims, dtype, 4});
  return p;
}

// Buffers 0..4 and tensors 0..4 for an NLL forward call: self (rows, classes), target, weight, out (rows) for
// reduction none, totalWeightOut (1).
Program NllForwardCase(aclDataType dtype, aclDataType target_dtype, aclDataType out_dtype, uint8_t rows,
                       uint8_t classes) {
  Program p;
  for (int i = 0; i < 5; ++i) {
    p.Malloc(256);
  }
  p.Floats(0, dtype, {-1.0, -3.5, 0.5, -0.0})
      .Integers(1, target_dtype, {0, 2, 1, 3})
      .Floats(2, dtype, {1.0, 0.5, 2.0, 0.25})
      .Tensor({{rows, classes}, dtype, 0})
      .Tensor({{rows}, target_dtype, 1})
      .Tensor({{classes}, dtype, 2})
      .Tensor({{rows}, out_dtype, 3})
      .Tensor({{1}, out_dtype, 4});
  return p;
}

// Buffers 0..3 and tensors 0..3 for a BCE forward call: self, target, weight, out of self's shape.
Program BceForwardCase(aclDataType dtype, std::vector<uint8_t> dims, std::vector<uint8_t> weight_dims) {
  Program p;
  for (int i = 0; i < 4; ++i) {
    p.Malloc(512);
  }
  p.Floats(0, dtype, {0.25, 0.5, 0.999, 1e-7, 0.0, 1.0})
      .Floats(1, dtype, {0.0, 1.0, 0.5})
      .Floats(2, dtype, {2.0, 0.5})
      .Tensor({dims, dtype, 0})
      .Tensor({dims, dtype, 1})
      .Tensor({weight_dims, dtype, 2})
      .Tensor({dims, dtype, 3});
  return p;
}

// Seeds of the NLL2d pair and the four softmax operators (appended after the forward ones). Buffers 0..7 and
// tensors: 0 self (2, 3, 2, 2), 1 target (2, 2, 2) with a target equal to C, 2 weight (3), 3 out (2, 2, 2), 4 one
// element, 5 gradOutput (2, 2, 2), 6 gradient (2, 3, 2, 2), 7 self transposed, 8 softmax out (2, 3, 2, 2).
void AddClassAndRowSeeds(std::vector<std::pair<std::string, Program>>* seeds) {
  Program p;
  for (int i = 0; i < 8; ++i) {
    p.Malloc(512);
  }
  p.Floats(0, ACL_FLOAT, {-1.0, -3.5, 0.5, -0.25, 1000.0})
      .Integers(1, ACL_INT64, {0, 2, 1, 3})
      .Floats(2, ACL_FLOAT, {1.0, 0.5, 2.0})
      .Floats(4, ACL_FLOAT, {2.0})
      .Floats(5, ACL_FLOAT, {1.0, -0.5})
      .Tensor({{2, 3, 2, 2}, ACL_FLOAT, 0})
      .Tensor({{2, 2, 2}, ACL_INT64, 1})
      .Tensor({{3}, ACL_FLOAT, 2})
      .Tensor({{2, 2, 2}, ACL_FLOAT, 3})
      .Tensor({{1}, ACL_FLOAT, 4})
      .Tensor({{2, 2, 2}, ACL_FLOAT, 5})
      .Tensor({{2, 3, 2, 2}, ACL_FLOAT, 6})
      .Tensor({{2, 3, 2, 2}, ACL_FLOAT, 0, StrideMode::kTransposed})
      .Tensor({{2, 3, 2, 2}, ACL_FLOAT, 7})
      .Stream()
      .Nll2d({0, 1, 2, 3, 4}, 0)
      .Run(0, 1)
      .Nll2d({7, 1, 2, 4, 4}, 1, 2)  // Class 2 ignored; mean.
      .Run(0, 0)
      .Nll2d({0, 1, 2, 3, 4}, 2)     // out (2, 2, 2) for sum: refused.
      .Nll2dBackward({5, 0, 1, 2, 4, 6}, 0)
      .Run(0, 1)
      .Nll2dBackward({4, 7, 1, 2, 4, 6}, 1)
      .Add(Op::kSetRepeatable, ExecutorArgs{0})
      .Run(0, 1)
      .Run(0, 1, true, 0, 1)         // Through another operator's phase 2: must be refused.
      .Softmax(0, {0, 8}, 1)
      .Run(0, 1)
      .Softmax(1, {7, 8}, -1)
      .Run(0, 0)
      .Softmax(1, {0, 8}, 4)         // dim out of range: refused.
      .Softmax(2, {6, 8, 6}, 1)      // Backward with out aliasing gradOutput's memory.
      .Run(0, 1)
      .Softmax(3, {6, 8, 0}, -3)
      .Run(0, 1, true, 0, 3)
      .Softmax(2, {5, 8, 6}, 1)      // Shapes differ: refused.
      .Softmax(0, {0, 8}, 0, 0xff)   // NULL workspaceSize and executor.
      .Add(Op::kStrictMode, StrictModeArgs{1})
      .Nll2d({0, 1, 2, 3, 4}, 0)
      .Run(0, 1)
      .Add(Op::kStrictMode, StrictModeArgs{0});
  seeds->emplace_back("nll2d_and_softmax_operators", p);
}

// One seed per pointwise loss of the test registry (appended after every other seed; named after the operator, so a
// loss added to the registry adds a file and changes none). Buffers 0..7 and tensors:
//   0 self (2, 3) FLOAT         1 target (2, 3) FLOAT          2 target (1, 3) BF16, broadcast over rows
//   3 self (2, 3) FLOAT16, transposed                          4 out (2, 3) FLOAT, padded, offset 1
//   5 out 0-D FLOAT             6 out (3) FLOAT (a dim-0 reduction's)                7 gradOutput (2, 3) FLOAT
//   8 gradOutput 0-D FLOAT      9 self (2, 3) BF16, column-major                    10 out (2, 3) FLOAT16
//  11 empty (0, 3) FLOAT       12 self (2, 1) FLOAT, broadcast over columns        13 target (2, 3) FLOAT, a
//                                                                                     zero row stride
void AddPointwiseSeeds(std::vector<std::pair<std::string, Program>>* seeds) {
  const std::vector<test::PointwiseLoss>& losses = test::PointwiseLosses();
  for (size_t index = 0; index < losses.size(); ++index) {
    const test::PointwiseLoss& loss = losses[index];
    const auto l = static_cast<uint8_t>(index);
    // The out tensor of the forward for each reduction over the (2, 3) broadcast shape.
    const auto out = [&loss](uint8_t reduction) -> uint8_t {
      const std::vector<int64_t> dims = test::ForwardOutDims(loss, {2, 3}, reduction);
      return dims.size() == 2 ? 4 : (dims.empty() ? 5 : 6);
    };
    Program p;
    for (int i = 0; i < 8; ++i) {
      p.Malloc(512);
    }
    p.Floats(0, ACL_FLOAT, {0.25, -1.0, 3.1, 0.0, -0.0, 0.999})
        .Floats(1, ACL_FLOAT, {0.5, 1.0, -3.5, 0.0, 2.0, 1e-7})
        .Floats(2, ACL_FLOAT, {1.0, -1.0, 0.5})
        .Floats(3, ACL_FLOAT16, {0.25, 65504.0, -1.0, 1e-7, 0.5, 2.0})
        .Floats(4, ACL_BF16, {1.0, -0.0, 0.25, 3.1})
        .Tensor({{2, 3}, ACL_FLOAT, 0})
        .Tensor({{2, 3}, ACL_FLOAT, 1})
        .Tensor({{1, 3}, ACL_BF16, 4})
        .Tensor({{2, 3}, ACL_FLOAT16, 3, StrideMode::kTransposed})
        .Tensor({{2, 3}, ACL_FLOAT, 5, StrideMode::kPadded, {}, 1})
        .Tensor({{}, ACL_FLOAT, 6})
        .Tensor({{3}, ACL_FLOAT, 6})
        .Tensor({{2, 3}, ACL_FLOAT, 2})
        .Tensor({{}, ACL_FLOAT, 2})
        .Tensor({{2, 3}, ACL_BF16, 4, StrideMode::kReversed})
        .Tensor({{2, 3}, ACL_FLOAT16, 7})
        .Tensor({{0, 3}, ACL_FLOAT, 0})
        .Tensor({{2, 1}, ACL_FLOAT, 0})
        .Tensor({{2, 3}, ACL_FLOAT, 1, StrideMode::kExplicit, {0, 1}})
        .Stream();
    for (uint8_t reduction = 0; reduction < 3; ++reduction) {
      p.Pointwise(l, false, {0, 0, 1, out(reduction)}, reduction).Run(0, 1);
    }
    p.Pointwise(l, false, {0, 3, 2, 4}, 0).Run(0, 0)   // FLOAT16 and BF16 promoted to FLOAT, broadcast target.
        .Pointwise(l, false, {0, 12, 2, out(1)}, 1).Run(0, 0)  // Both operands broadcast; mean.
        .Pointwise(l, false, {0, 9, 13, 10}, 0).Run(0, 1)      // Column-major BF16, zero-stride target, FLOAT16 out.
        .Pointwise(l, false, {0, 0, 0, 0}, 0).Run(0, 0);       // out is self.
    for (uint8_t target = 0; target < 6; ++target) {  // The reference kernels, then every SIMD target.
      p.Add(Op::kKernelConfig, KernelConfigArgs{target, static_cast<uint8_t>(target % 3 + 1)})
          .Pointwise(l, false, {0, 0, 1, out(2)}, 2).Run(0, 1)
          .Pointwise(l, true, {7, 0, 1, 4}, 1).Run(0, 1);
    }
    p.Add(Op::kKernelConfig, KernelConfigArgs{0, 0});
    for (float parameter : {0.0f, 0.125f, -1.0f, std::numeric_limits<float>::quiet_NaN(),
                            std::numeric_limits<float>::infinity()}) {  // Special parameters: some are refused.
      p.Pointwise(l, false, {0, 0, 1, 4}, 0, parameter).Run(0, 1)
          .Pointwise(l, true, {7, 0, 1, 4}, 0, parameter).Run(0, 1);
    }
    p.Pointwise(l, true, {8, 0, 2, 4}, 1).Run(0, 0)   // 0-D gradOutput for mean, broadcast target.
        .Pointwise(l, true, {8, 3, 2, 10}, 2).Run(0, 0)  // Mixed types (refused where they must match).
        .Pointwise(l, true, {7, 12, 1, 4}, 0).Run(0, 1)  // A broadcast self.
        .Pointwise(l, true, {7, 0, 1, 4}, 2)
        .Add(Op::kSetRepeatable, ExecutorArgs{0})
        .Run(0, 1, false)
        .Run(0, 1)
        .Run(0, 1, true, 0, 1)  // Through the next registry loss's phase 2: must be refused.
        .Run(0, 1, true, 0, 2)  // Through its other direction's.
        .Run(0, 1, true, 0, 4)  // Through aclnnNLLLossBackward.
        .Add(Op::kDestroyExecutor, ExecutorArgs{0})
        .Run(0, 0);  // Released: must be refused.
    // Bad arguments: NULL tensors and outputs, a reduction out of range, shapes that do not broadcast.
    p.Pointwise(l, false, {0, kNullTensor, 1, 4}, 0)
        .Pointwise(l, false, {0, 0, 1, kNullTensor}, 1)
        .Pointwise(l, true, {kNullTensor, 0, 1, 4}, 0)
        .Pointwise(l, false, {0, 0, 1, 4}, 0, 1.0f, 0xff)
        .Pointwise(l, true, {7, 0, 1, 4}, 0, 1.0f, 0xfd)
        .Pointwise(l, false, {0, 0, 1, 5}, 230)
        .Pointwise(l, false, {0, 0, 11, 4}, 0)
        .Pointwise(l, true, {7, 0, 11, 4}, 0)
        .Pointwise(l, false, {0, 0, 1, 10}, 2);  // A (2, 3) out for sum: refused.
    for (uint8_t reduction = 0; reduction < 3; ++reduction) {  // Empty operands.
      p.Pointwise(l, false, {0, 11, 11, reduction == 0 ? uint8_t{11} : out(reduction)}, reduction).Run(0, 0)
          .Pointwise(l, true, {11, 11, 11, 11}, reduction).Run(0, 0);
    }
    // A sum beyond FLOAT: stored as infinity, and in strict mode reported by the synchronisation.
    p.Floats(0, ACL_FLOAT, {1e30, -1e30})
        .Add(Op::kStrictMode, StrictModeArgs{2})
        .Pointwise(l, false, {0, 0, 1, out(2)}, 2)
        .Run(0, 1)
        .Add(Op::kSyncStream, StreamArgs{1})
        .Add(Op::kStrictMode, StrictModeArgs{0});
    seeds->emplace_back("pointwise_" + loss.name, p);
  }
}

// Both cross-entropy operators: the forward with the z-loss outputs, the gradient on its logProbOut, a strided input
// and reduction none, refused attributes, a repeatable executor run through another operator's phase 2, and a
// target outside [0, C) in strict mode.
void AddCrossEntropySeeds(std::vector<std::pair<std::string, Program>>* seeds) {
  Program p;
  for (int i = 0; i < 8; ++i) {
    p.Malloc(512);
  }
  p.Floats(0, ACL_FLOAT, {1, 2, 3, 4, -1, 0, 1, 2, 0.5, 0.5, 0.5, 0.5})
      .Integers(1, ACL_INT64, {0, 3, 7})
      .Floats(2, ACL_FLOAT, {1.0, 2.0, 0.5, 1.0})
      .Floats(4, ACL_FLOAT, {1.0})
      .Tensor({{3, 4}, ACL_FLOAT, 0})                              // 0: input.
      .Tensor({{3}, ACL_INT64, 1})                                 // 1: target (7 is outside [0, 4)).
      .Tensor({{4}, ACL_FLOAT, 2})                                 // 2: weight.
      .Tensor({{1}, ACL_FLOAT, 3})                                 // 3: lossOut.
      .Tensor({{3, 4}, ACL_FLOAT, 5})                              // 4: logProbOut, the gradient's logProb.
      .Tensor({{1}, ACL_FLOAT, 6})                                 // 5: zlossOut.
      .Tensor({{3}, ACL_FLOAT, 7})                                 // 6: lseForZlossOut.
      .Tensor({{}, ACL_FLOAT, 4})                                  // 7: gradLoss.
      .Tensor({{3, 4}, ACL_FLOAT, 3})                              // 8: the gradient's out.
      .Tensor({{3, 4}, ACL_FLOAT, 0, StrideMode::kTransposed})     // 9: a transposed input.
      .Tensor({{3}, ACL_FLOAT, 3})                                 // 10: lossOut for none.
      .Stream()
      .CrossEntropy(0, {0, 1, 2, 3, 4, 5, 6}, 1, 1, 3)             // mean, smoothing 0.1, z-loss 0.5.
      .Run(0, 1)
      .CrossEntropy(1, {7, 4, 1, 2, kNullTensor, 6, 8}, 1, 1, 2)   // Its gradient (scale 0.5, no gradZloss).
      .Run(0, 1)
      .CrossEntropy(0, {9, 1, kNullTensor, 10, 4, 5, 6}, 0, 0, 0)  // none, no weight, no z-loss.
      .Run(0, 0)
      .CrossEntropy(0, {0, 1, 2, 3, 4, 5, 6}, 4, 0, 0)             // "MEAN": refused.
      .CrossEntropy(0, {0, 1, 2, 3, 4, 5, 6}, 1, 5, 0)             // labelSmoothing 1.5: refused.
      .CrossEntropy(1, {7, 4, 1, 2, kNullTensor, kNullTensor, 8}, 1, 0, 2)  // A scale without lse: refused.
      .CrossEntropy(0, {0, 1, 2, 3, 4, 5, 6}, 3, 0, 0)             // NULL reduction: mean.
      .Add(Op::kSetRepeatable, ExecutorArgs{0})
      .Run(0, 1)
      .Run(0, 1)
      .Run(0, 1, true, 0, 1)                                       // Through another operator's phase 2.
      .Add(Op::kStrictMode, StrictModeArgs{1})
      .CrossEntropy(1, {7, 4, 1, 2, kNullTensor, kNullTensor, 8}, 2, 2, 0)
      .Run(0, 1)
      .Add(Op::kStrictMode, StrictModeArgs{0});
  seeds->emplace_back("cross_entropy_operators", p);
}

// Runs an executor made just now as a repeatable one: twice, through three other operators' phase 2 (refused), then
// destroyed and run again (refused).
void ReuseAndMisuse(Program* p) {
  p->Add(Op::kSetRepeatable, ExecutorArgs{0})
      .Run(0, 1, false)
      .Run(0, 1)
      .Run(0, 1, true, 0, 1)  // The next operator of its group of four.
      .Run(0, 1, true, 0, 2)
      .Run(0, 1, true, 0, 4)  // A registry loss's.
      .Add(Op::kDestroyExecutor, ExecutorArgs{0})
      .Run(0, 0);
}

// The three BCE-with-logits operators (appended after every other seed). Tensors:
//   0 self (2, 3) FLOAT        1 target (2, 3) FLOAT       2 weight (1, 3) BF16        3 posWeight (3) FLOAT
//   4 out (2, 3) FLOAT, padded, offset 1                   5 out 0-D FLOAT             6 gradOutput 0-D FLOAT
//   7 gradOutput (2, 3) FLOAT  8 self (2, 3) FLOAT16, transposed                       9 empty (0, 3) FLOAT
//  10 out (2, 3) FLOAT16      11 posWeight (4) FLOAT (does not broadcast)
void AddBceWithLogitsSeeds(std::vector<std::pair<std::string, Program>>* seeds) {
  Program p;
  for (int i = 0; i < 8; ++i) {
    p.Malloc(512);
  }
  p.Floats(0, ACL_FLOAT, {0.25, -1.0, 3.1, 0.0, 1e30, -1e30})
      .Floats(1, ACL_FLOAT, {0.5, 1.0, 0.0, 0.999, 2.0, -3.5})
      .Floats(2, ACL_BF16, {1.0, 0.5, 2.0})
      .Floats(3, ACL_FLOAT, {2.0, 0.25, 1.0})
      .Floats(7, ACL_FLOAT, {1.0, -1.0, 0.5})
      .Tensor({{2, 3}, ACL_FLOAT, 0})
      .Tensor({{2, 3}, ACL_FLOAT, 1})
      .Tensor({{1, 3}, ACL_BF16, 2})
      .Tensor({{3}, ACL_FLOAT, 3})
      .Tensor({{2, 3}, ACL_FLOAT, 4, StrideMode::kPadded, {}, 1})
      .Tensor({{}, ACL_FLOAT, 5})
      .Tensor({{}, ACL_FLOAT, 7})
      .Tensor({{2, 3}, ACL_FLOAT, 7})
      .Tensor({{2, 3}, ACL_FLOAT16, 2, StrideMode::kTransposed})
      .Tensor({{0, 3}, ACL_FLOAT, 0})
      .Tensor({{2, 3}, ACL_FLOAT16, 6})
      .Tensor({{4}, ACL_FLOAT, 3})
      .Stream();
  for (uint8_t reduction = 0; reduction < 3; ++reduction) {
    const uint8_t out = reduction == 0 ? 4 : 5;
    p.BceWithLogits(0, {0, 0, 1, 2, 3, out}, reduction).Run(0, 1)
        .BceWithLogits(1, {6, 0, 1, 2, 3, 4}, reduction).Run(0, 1)
        .BceWithLogits(2, {7, 0, 1, kNullTensor, 3, 4}, reduction).Run(0, 1);
  }
  p.BceWithLogits(0, {0, 0, 1, kNullTensor, kNullTensor, 4}, 0).Run(0, 0)  // Neither weight.
      .BceWithLogits(0, {0, 8, 1, 2, 3, 4}, 0).Run(0, 0)                    // FLOAT16 transposed self.
      .BceWithLogits(1, {7, 8, 1, 2, kNullTensor, 4}, 1).Run(0, 0);
  for (uint8_t target = 0; target < 6; ++target) {  // The reference kernels, then every SIMD target.
    p.Add(Op::kKernelConfig, KernelConfigArgs{target, static_cast<uint8_t>(target % 3 + 1)})
        .BceWithLogits(0, {0, 0, 1, 2, 3, 5}, 1).Run(0, 1)
        .BceWithLogits(1, {7, 0, 1, 2, 3, 4}, 0).Run(0, 1)
        .BceWithLogits(2, {6, 0, 1, 2, 3, 4}, 2).Run(0, 1);
  }
  p.Add(Op::kKernelConfig, KernelConfigArgs{0, 0});
  p.BceWithLogits(1, {7, 0, 1, 2, 3, 4}, 2);
  ReuseAndMisuse(&p);
  // Bad arguments: NULL tensors and outputs, reductions out of range, shapes and types that do not fit.
  for (uint8_t kind = 0; kind < 3; ++kind) {
    p.BceWithLogits(kind, {6, kNullTensor, 1, 2, 3, 4}, 0)
        .BceWithLogits(kind, {6, 0, kNullTensor, 2, 3, 4}, 0)
        .BceWithLogits(kind, {6, 0, 1, 2, 3, kNullTensor}, 0)
        .BceWithLogits(kind, {6, 0, 1, 2, 3, 4}, 0, 0xff)
        .BceWithLogits(kind, {6, 0, 1, 2, 3, 4}, 0, 0xfd)
        .BceWithLogits(kind, {6, 0, 1, 2, 3, 4}, 224)  // 3.
        .BceWithLogits(kind, {6, 0, 1, 2, 3, 4}, 225)  // -1.
        .BceWithLogits(kind, {6, 0, 9, 2, 3, 4}, 0)    // target's shape differs from self's.
        .BceWithLogits(kind, {6, 0, 1, 2, 11, 4}, 0)   // posWeight does not broadcast.
        .BceWithLogits(kind, {6, 0, 1, 2, 3, 10}, 0);  // out's type differs from target's.
  }
  p.BceWithLogits(1, {kNullTensor, 0, 1, 2, 3, 4}, 0);
  for (uint8_t reduction = 0; reduction < 3; ++reduction) {  // An empty self.
    p.BceWithLogits(0, {0, 9, 9, kNullTensor, kNullTensor, reduction == 0 ? uint8_t{9} : uint8_t{5}}, reduction)
        .Run(0, 0)
        .BceWithLogits(1, {6, 9, 9, kNullTensor, kNullTensor, 9}, reduction).Run(0, 0)
        .BceWithLogits(2, {6, 9, 9, kNullTensor, kNullTensor, 9}, reduction).Run(0, 0);
  }
  seeds->emplace_back("bce_with_logits_operators", p);
}

// The three KL-divergence operators, with logTarget both ways. Tensors:
//   0 self (2, 3) FLOAT        1 target (2, 3) FLOAT       2 target (1, 3) BF16, broadcast over rows
//   3 out (2, 3) FLOAT, padded, offset 1                   4 out 0-D FLOAT             5 gradOutput (2, 3) FLOAT
//   6 gradOutput 0-D FLOAT     7 empty (0, 3) FLOAT        8 self (2, 3) FLOAT16, transposed
//   9 out (3, 2) FLOAT (the wrong shape)
void AddKlDivSeeds(std::vector<std::pair<std::string, Program>>* seeds) {
  Program p;
  for (int i = 0; i < 8; ++i) {
    p.Malloc(512);
  }
  p.Floats(0, ACL_FLOAT, {-0.5, -1.0, -3.5, 0.0, -0.0, -1e30})
      .Floats(1, ACL_FLOAT, {0.25, 0.5, 0.0, -1.0, 1e-40, 2.0})
      .Floats(2, ACL_BF16, {0.5, 0.0, 1.0})
      .Floats(7, ACL_FLOAT, {1.0, -1.0, 0.5})
      .Tensor({{2, 3}, ACL_FLOAT, 0})
      .Tensor({{2, 3}, ACL_FLOAT, 1})
      .Tensor({{1, 3}, ACL_BF16, 2})
      .Tensor({{2, 3}, ACL_FLOAT, 4, StrideMode::kPadded, {}, 1})
      .Tensor({{}, ACL_FLOAT, 5})
      .Tensor({{2, 3}, ACL_FLOAT, 7})
      .Tensor({{}, ACL_FLOAT, 7})
      .Tensor({{0, 3}, ACL_FLOAT, 0})
      .Tensor({{2, 3}, ACL_FLOAT16, 3, StrideMode::kTransposed})
      .Tensor({{3, 2}, ACL_FLOAT, 6})
      .Stream();
  for (const bool log_target : {false, true}) {
    for (const uint8_t reduction : {uint8_t{0}, uint8_t{1}, uint8_t{2}, uint8_t{224}}) {  // 224: batchmean.
      p.KlDiv(0, {0, 0, 1, reduction == 0 ? uint8_t{3} : uint8_t{4}}, reduction, log_target).Run(0, 1)
          .KlDiv(1, {5, 0, 1, 3}, reduction, log_target).Run(0, 1)
          .KlDiv(2, {6, 0, 1, 3}, reduction, log_target).Run(0, 1);
    }
    p.KlDiv(0, {0, 8, 2, 3}, 0, log_target).Run(0, 0)    // FLOAT16 self, broadcast BF16 target.
        .KlDiv(1, {6, 0, 2, 3}, 1, log_target).Run(0, 0)  // The target broadcasts into self.
        .KlDiv(1, {5, 0, 1, 3}, 225, log_target).Run(0, 0)  // The gradients read unknown reductions as none.
        .KlDiv(2, {5, 0, 1, 3}, 228, log_target).Run(0, 0);
  }
  for (uint8_t target = 0; target < 6; ++target) {  // The reference kernels, then every SIMD target.
    p.Add(Op::kKernelConfig, KernelConfigArgs{target, static_cast<uint8_t>(target % 3 + 1)})
        .KlDiv(0, {0, 0, 1, 4}, 2, target % 2 == 1).Run(0, 1)
        .KlDiv(1, {5, 0, 1, 3}, 0, target % 2 == 0).Run(0, 1)
        .KlDiv(2, {5, 0, 1, 3}, 1, target % 2 == 1).Run(0, 1);
  }
  p.Add(Op::kKernelConfig, KernelConfigArgs{0, 0});
  p.KlDiv(2, {5, 0, 1, 3}, 0, true);
  ReuseAndMisuse(&p);
  for (uint8_t kind = 0; kind < 3; ++kind) {
    p.KlDiv(kind, {5, kNullTensor, 1, 3}, 0, false)
        .KlDiv(kind, {5, 0, kNullTensor, 3}, 0, false)
        .KlDiv(kind, {5, 0, 1, kNullTensor}, 0, true)
        .KlDiv(kind, {5, 0, 1, 3}, 0, false, 0xff)
        .KlDiv(kind, {5, 0, 1, 3}, 0, true, 0xfe)
        .KlDiv(kind, {5, 0, 7, 3}, 0, false)   // Shapes that do not broadcast.
        .KlDiv(kind, {5, 0, 1, 9}, 0, false);  // out of the wrong shape.
  }
  p.KlDiv(0, {0, 0, 1, 3}, 225, false)  // Forward reductions outside 0..3: refused.
      .KlDiv(0, {0, 0, 1, 4}, 228, true)
      .KlDiv(1, {kNullTensor, 0, 1, 3}, 0, false)
      .KlDiv(0, {0, 0, 1, 3}, 2, false);  // A (2, 3) out for sum: refused.
  for (const uint8_t reduction : {uint8_t{0}, uint8_t{1}, uint8_t{224}}) {  // Empty operands.
    p.KlDiv(0, {0, 7, 7, reduction == 0 ? uint8_t{7} : uint8_t{4}}, reduction, false).Run(0, 0)
        .KlDiv(1, {7, 7, 7, 7}, reduction, true).Run(0, 0)
        .KlDiv(2, {7, 7, 7, 7}, reduction, false).Run(0, 0);
  }
  seeds->emplace_back("kl_div_operators", p);
}

// aclnnLogit and aclnnLogitGrad over every kind of eps. Tensors:
//   0 input (2, 3) FLOAT       1 out (2, 3) FLOAT, padded, offset 1                    2 dy (2, 3) FLOAT
//   3 input (2, 3) FLOAT16     4 out (2, 3) FLOAT16        5 dy (2, 3) FLOAT16         6 input (2, 3) BF16, transposed
//   7 out (3, 2) FLOAT         8 empty (0, 3) FLOAT        9 input 0-D FLOAT          10 out 0-D FLOAT
void AddLogitSeeds(std::vector<std::pair<std::string, Program>>* seeds) {
  Program p;
  for (int i = 0; i < 8; ++i) {
    p.Malloc(512);
  }
  p.Floats(0, ACL_FLOAT, {0.25, 0.0, 1.0, -0.5, 0.999, std::numeric_limits<double>::quiet_NaN()})
      .Floats(1, ACL_FLOAT, {1.0, -1.0, 0.5, 2.0, 0.0, 1e30})
      .Floats(2, ACL_FLOAT16, {0.5, 1e-7, 0.999, -0.0, 1.0, 0.25})
      .Floats(3, ACL_FLOAT16, {0.25, 1.0, -1.0})
      .Tensor({{2, 3}, ACL_FLOAT, 0})
      .Tensor({{2, 3}, ACL_FLOAT, 4, StrideMode::kPadded, {}, 1})
      .Tensor({{2, 3}, ACL_FLOAT, 1})
      .Tensor({{2, 3}, ACL_FLOAT16, 2})
      .Tensor({{2, 3}, ACL_FLOAT16, 5})
      .Tensor({{2, 3}, ACL_FLOAT16, 3})
      .Tensor({{2, 3}, ACL_BF16, 2, StrideMode::kTransposed})
      .Tensor({{3, 2}, ACL_FLOAT, 6})
      .Tensor({{0, 3}, ACL_FLOAT, 0})
      .Tensor({{}, ACL_FLOAT, 0})
      .Tensor({{}, ACL_FLOAT, 6})
      .Stream();
  for (const double eps : {1e-6, 0.0, -1.0, 0.25, 0.5, 0.75, std::numeric_limits<double>::quiet_NaN(),
                           std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(), -0.0,
                           1e300}) {
    p.Logit(0, {0, 1}, eps).Run(0, 1).Logit(1, {0, 2, 1}, eps).Run(0, 1);
  }
  p.Logit(0, {3, 4}, 1e-6).Run(0, 0)  // FLOAT16.
      .Logit(1, {3, 5, 4}, 0.0).Run(0, 0)
      .Logit(0, {9, 10}, -1.0).Run(0, 1)  // 0-D.
      .Logit(1, {9, 10, 10}, 0.25).Run(0, 1);
  for (uint8_t target = 0; target < 6; ++target) {  // The reference kernels, then every SIMD target.
    p.Add(Op::kKernelConfig, KernelConfigArgs{target, static_cast<uint8_t>(target % 3 + 1)})
        .Logit(0, {0, 1}, 1e-6).Run(0, 1)
        .Logit(1, {3, 5, 4}, -1.0).Run(0, 1);
  }
  p.Add(Op::kKernelConfig, KernelConfigArgs{0, 0});
  p.Logit(1, {0, 2, 1}, 1e-6);
  ReuseAndMisuse(&p);
  p.Logit(0, {kNullTensor, 1}, 0.0)  // Bad arguments.
      .Logit(0, {0, kNullTensor}, 0.0)
      .Logit(1, {kNullTensor, 2, 1}, 0.0)
      .Logit(1, {0, kNullTensor, 1}, 0.0)
      .Logit(1, {0, 2, kNullTensor}, 0.0)
      .Logit(0, {0, 1}, 0.0, 0xff)
      .Logit(1, {0, 2, 1}, 0.0, 0xfd)
      .Logit(0, {6, 1}, 0.0)     // A BF16 input with a FLOAT out.
      .Logit(1, {0, 5, 1}, 0.0)  // A FLOAT16 dy with FLOAT x.
      .Logit(0, {0, 7}, 0.0)     // out of the wrong shape.
      .Logit(1, {0, 2, 7}, 0.0)
      .Logit(0, {8, 8}, 1e-6).Run(0, 0)  // Empty.
      .Logit(1, {8, 8, 8}, 1e-6).Run(0, 0);
  seeds->emplace_back("logit_operators", p);
}

// Seeds of the forward operators (appended after the backward ones, whose bytes stay as they were).
void AddForwardSeeds(std::vector<std::pair<std::string, Program>>* seeds) {
  Program nll = NllForwardCase(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 3, 4);
  nll.Stream()
      .Tensor({{}, ACL_FLOAT, 3})                              // Tensor 5: a 0-D out.
      .Tensor({{3, 4}, ACL_FLOAT, 0, StrideMode::kTransposed})  // Tensor 6: a transposed self.
      .NllForward({0, 1, 2, 3, 4}, 0)
      .Run(0, 1)
      .NllForward({6, 1, 2, 5, 4}, 1, 2)  // Class 2 ignored.
      .Run(0, 0)
      .NllForward({0, 1, 2, 5, 4}, 2)
      .Add(Op::kSetRepeatable, ExecutorArgs{0})
      .Run(0, 1, false)
      .Run(0, 1)
      .Run(0, 0, true, 0, 2)  // Through aclnnNLLLossBackward: must be refused.
      .Run(0, 0, true, 0, 1)  // Through aclnnBinaryCrossEntropy: must be refused.
      .Add(Op::kDestroyExecutor, ExecutorArgs{0})
      .Run(0, 0);  // Released: must be refused.
  seeds->emplace_back("nll_forward_float_reductions_repeatable", nll);

  Program one_row = NllForwardCase(ACL_FLOAT16, ACL_INT32, ACL_BF16, 2, 5);
  one_row.Add(Op::kKernelConfig, KernelConfigArgs{0, 2})  // The reference kernels on two threads.
      .Tensor({{5}, ACL_FLOAT16, 0})                      // Tensor 5: 1-D self.
      .Tensor({{}, ACL_INT32, 1})                         // Tensor 6: its 0-D target.
      .Tensor({{1}, ACL_BF16, 3})                         // Tensor 7: a one-element out.
      .NllForward({5, 6, 2, 7, 4}, 0)
      .Run(0, 0)
      .NllForward({5, 6, 2, 7, 4}, 1)
      .Run(0, 0)
      .Integers(1, ACL_INT32, {1, 7})  // Row 1's target is outside [0, 5): reported by the synchronisation.
      .Stream()
      .NllForward({0, 1, 2, 3, 4}, 0)
      .Run(0, 1)
      .Add(Op::kSyncStream, StreamArgs{1})
      .NllForward({0, 1, 2, 7, 4}, 2)  // The bad row is left out of the sums, and reported again.
      .Run(0, 1);
  seeds->emplace_back("nll_forward_fp16_one_row_and_bad_target", one_row);

  Program bce = BceForwardCase(ACL_FLOAT, {2, 3}, {3});
  bce.Stream().Tensor({{}, ACL_FLOAT, 3});  // Tensor 4: a 0-D out.
  for (uint8_t target = 0; target < 6; ++target) {  // The reference kernels, then every SIMD target.
    bce.Add(Op::kKernelConfig, KernelConfigArgs{target, static_cast<uint8_t>(target % 3 + 1)})
        .BceForward({0, 1, 2, 3}, 0)
        .Run(0, 1)
        .BceForward({0, 1, 2, 4}, 2)
        .Run(0, 1);
  }
  bce.Add(Op::kKernelConfig, KernelConfigArgs{0, 0})
      .BceForward({0, 1, kNullTensor, 4}, 1)
      .Add(Op::kSetRepeatable, ExecutorArgs{0})
      .Run(0, 0, false)
      .Run(0, 1)
      .Run(0, 1, true, 0, 3)  // Through aclnnNLLLossBackward: must be refused.
      .Add(Op::kDestroyExecutor, ExecutorArgs{0});
  seeds->emplace_back("bce_forward_float_reductions_every_kernel", bce);

  Program mixed;
  for (int i = 0; i < 4; ++i) {
    mixed.Malloc(512);
  }
  mixed.Floats(0, ACL_FLOAT16, {0.25, 0.5, 0.999, 1e-7})
      .Floats(1, ACL_BF16, {0.0, 1.0, 0.5})
      .Floats(2, ACL_FLOAT, {2.0, 0.5})
      .Tensor({{3, 4}, ACL_FLOAT16, 0, StrideMode::kReversed})  // Tensor 0: column-major self.
      .Tensor({{1, 4}, ACL_BF16, 1})                            // Tensor 1: target broadcast over rows.
      .Tensor({{3, 1}, ACL_FLOAT, 2})                           // Tensor 2: weight broadcast over columns.
      .Tensor({{3, 4}, ACL_BF16, 3, StrideMode::kPadded, {}, 1})  // Tensor 3: padded out with an offset.
      .Tensor({{1}, ACL_FLOAT16, 3})                              // Tensor 4: one element.
      .BceForward({0, 1, 2, 3}, 0)
      .Run(0, 0)
      .BceForward({0, 1, 2, 4}, 1)
      .Run(0, 0)
      .BceForward({0, 0, kNullTensor, 0}, 0)  // out is self: allowed for none.
      .Run(0, 0);
  seeds->emplace_back("bce_forward_mixed_types_broadcast_strided", mixed);

  Program bad = NllForwardCase(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 2, 3);
  bad.NllForward({kNullTensor, 1, 2, 3, 4}, 0)
      .NllForward({0, 1, 2, 3, kNullTensor}, 0)
      .NllForward({0, 1, 2, 3, 4}, 0, -100, 0xff)  // NULL workspaceSize and executor.
      .NllForward({0, 1, 2, 3, 4}, 230)            // Reduction out of range.
      .NllForward({0, 0, 2, 3, 4}, 0)              // FLOAT target.
      .Tensor({{2, 3, 1}, ACL_FLOAT, 0})           // Tensor 5: rank 3.
      .NllForward({5, 1, 2, 3, 4}, 1)
      .Tensor({{227, 227}, ACL_FLOAT, 0, StrideMode::kExplicit, {0, 0}})  // Tensor 6: 2^64 elements, zero strides.
      .Tensor({{227}, ACL_INT64, 1, StrideMode::kExplicit, {0}})          // Tensor 7: 2^32 targets.
      .Tensor({{227}, ACL_FLOAT, 2, StrideMode::kExplicit, {0}})          // Tensor 8: 2^32 weights.
      .NllForward({6, 7, 8, 4, 4}, 2)
      .BceForward({6, 6, kNullTensor, 4}, 2)
      .Tensor({{226}, ACL_FLOAT, 0, StrideMode::kExplicit, {0}})  // Tensor 9: 2^31 elements: valid, too big to run.
      .BceForward({9, 9, 9, 4}, 1)
      .Run(0, 0)
      .Tensor({{2}, ACL_FLOAT, 3, StrideMode::kExplicit, {224}})  // Tensor 10: a negative stride.
      .NllForward({0, 1, 2, 10, 4}, 0)
      .Tensor({{1}, ACL_FLOAT, 4, StrideMode::kNull, {}, 224})  // Tensor 11: a negative offset.
      .NllForward({0, 1, 2, 3, 11}, 0)                         // Accepted: not written for none.
      .Run(1, 0)
      .NllForward({0, 1, 2, 4, 11}, 1)  // Refused: written for mean.
      .Tensor({{2, 3}, ACL_FLOAT, 1}, ACL_FORMAT_NCHW)  // Tensor 12: another format than self's.
      .BceForward({0, 12, kNullTensor, 0}, 0)
      .BceForward({0, 0, 12, 0}, 0)
      .BceForward({0, 0, kNullTensor, 0}, 0, 0xfd)  // NULL workspaceSize.
      .Tensor({{2, 3}, ACL_FLOAT, 0, StrideMode::kNull, {}, 0, 0, PointerKind::kNull})  // Tensor 13: NULL data.
      .BceForward({0, 0, kNullTensor, 13}, 0)
      .NllForward({13, 1, 2, 3, 4}, 0);
  seeds->emplace_back("forward_bad_arguments", bad);

  Program empty;
  empty.Malloc(64).Malloc(64)
      .Tensor({{0, 3}, ACL_FLOAT, 0})  // Tensor 0: empty self.
      .Tensor({{0}, ACL_INT64, 1})     // Tensor 1: its targets.
      .Tensor({{3}, ACL_FLOAT, 0})     // Tensor 2: weight.
      .Tensor({{0}, ACL_FLOAT, 1})     // Tensor 3: out for none.
      .Tensor({{1}, ACL_FLOAT, 1})     // Tensor 4: one element.
      .Tensor({{}, ACL_FLOAT, 0});     // Tensor 5: 0-D.
  for (uint8_t reduction = 0; reduction < 3; ++reduction) {
    empty.NllForward({0, 1, 2, reduction == 0 ? uint8_t{3} : uint8_t{5}, 4}, reduction)
        .Run(0, 0)
        .BceForward({0, 0, kNullTensor, reduction == 0 ? uint8_t{0} : uint8_t{4}}, reduction)
        .Run(0, 0);
  }
  seeds->emplace_back("forward_empty_tensors", empty);
}

std::vector<std::pair<std::string, Program>> Seeds() {
  std::vector<std::pair<std::string, Program>> seeds;

  Program doc = NllCase(ACL_FLOAT, ACL_INT64, 2, 3, true);
  doc.Stream().Nll({0, 1, 2, 3, 4, 5}, 0).Run(0, 1).Add(Op::kSyncStream, StreamArgs{1});
  seeds.emplace_back("nll_none_float_int64", doc);

  Program mean = NllCase(ACL_FLOAT16, ACL_INT32, 3, 4, false);
  mean.Tensor({{3, 4}, ACL_FLOAT16, 5, StrideMode::kTransposed})  // Tensor 6: a transposed out.
      .Nll({0, 1, 2, 3, 4, 6}, 1, 1)
      .Run(0, 0);
  seeds.emplace_back("nll_mean_fp16_int32_transposed_out", mean);

  Program sum = NllCase(ACL_BF16, ACL_UINT8, 4, 4, false);
  sum.Add(Op::kKernelConfig, KernelConfigArgs{2, 1});  // The second-best SIMD target.
  sum.Stream().Stream(true)
      .Tensor({{4, 4}, ACL_BF16, 1, StrideMode::kPadded, {}, 2})  // Tensor 6: padded self with an offset.
      .Nll({0, 6, 2, 3, 4, 5}, 2)
      .Add(Op::kSetRepeatable, ExecutorArgs{0})
      .Run(0, 1, false)
      .Run(0, 2, true)
      .Run(0, 0, true)
      .Add(Op::kDestroyExecutor, ExecutorArgs{0})
      .Run(0, 1);  // Released: must be refused.
  seeds.emplace_back("nll_sum_bf16_repeatable", sum);

  Program one_row = NllCase(ACL_FLOAT, ACL_INT64, 1, 5, false);
  one_row.Add(Op::kKernelConfig, KernelConfigArgs{0, 2});  // The reference kernels on two threads.
  one_row.Tensor({{5}, ACL_FLOAT, 1})  // Tensor 6: 1-D self.
      .Tensor({{}, ACL_INT64, 2})      // Tensor 7: 0-D target.
      .Tensor({{5}, ACL_FLOAT, 5})     // Tensor 8: 1-D out.
      .Nll({0, 6, 7, 3, 4, 8}, 0)
      .Run(0, 0);
  seeds.emplace_back("nll_one_dimensional", one_row);

  Program bad_target = NllCase(ACL_FLOAT, ACL_INT64, 3, 4, true);
  bad_target.Integers(2, ACL_INT64, {1, 7, -1})
      .Stream()
      .Nll({0, 1, 2, 3, 4, 5}, 0)
      .Run(0, 1)
      .Add(Op::kSyncStream, StreamArgs{1});
  seeds.emplace_back("nll_target_out_of_range", bad_target);

  // The same launch in strict mode fails at the synchronisation; an invalid mode is refused; back to the default.
  Program strict = NllCase(ACL_FLOAT, ACL_INT64, 3, 4, true);
  strict.Add(Op::kStrictMode, StrictModeArgs{2})
      .Integers(2, ACL_INT64, {1, 7, -1})
      .Stream()
      .Nll({0, 1, 2, 3, 4, 5}, 0)
      .Run(0, 1)
      .Add(Op::kSyncStream, StreamArgs{1})
      .Add(Op::kStrictMode, StrictModeArgs{3})
      .Add(Op::kStrictMode, StrictModeArgs{0});
  seeds.emplace_back("nll_target_out_of_range_strict_mode", strict);

  Program bce = BceCase(ACL_FLOAT, {2, 3}, {3});
  bce.Stream().Bce({0, 1, 2, 3, 4}, 0).Run(0, 1);
  for (uint8_t target = 0; target < 6; ++target) {  // The reference kernels, then every SIMD target.
    bce.Add(Op::kKernelConfig, KernelConfigArgs{target, static_cast<uint8_t>(target % 3 + 1)})
        .Bce({0, 1, 2, 3, 4}, 2)
        .Run(0, 1);
  }
  bce.Add(Op::kKernelConfig, KernelConfigArgs{kUnknownKernelTarget, 5});
  seeds.emplace_back("bce_none_float_broadcast_weight", bce);

  Program bce_mean = BceCase(ACL_FLOAT16, {4, 2, 3}, {1, 3});
  bce_mean.Tensor({{}, ACL_FLOAT16, 0})  // Tensor 5: one gradOutput for mean.
      .Bce({5, 1, 2, kNullTensor, 4}, 1)
      .Run(0, 0)
      .Bce({5, 1, 2, 3, 4}, 2)
      .Add(Op::kSetRepeatable, ExecutorArgs{0})  // The first executor was released by its run.
      .Run(0, 0, false)
      .Run(0, 0, true, 0, 1);  // Through the other operator's phase 2: must be refused.
  seeds.emplace_back("bce_fp16_mean_no_weight_then_repeatable_sum", bce_mean);

  Program bce_bf16 = BceCase(ACL_BF16, {3, 4}, {4});
  bce_bf16.Add(Op::kKernelConfig, KernelConfigArgs{0, 0});  // The reference kernels.
  bce_bf16.Tensor({{3, 4}, ACL_BF16, 1, StrideMode::kReversed})
      .Bce({0, 5, 2, 3, 4}, 1)
      .Run(0, 0);
  seeds.emplace_back("bce_mean_bf16_column_major_self", bce_bf16);

  Program empty;
  empty.Malloc(64).Malloc(64)
      .Tensor({{0, 3}, ACL_FLOAT, 0})
      .Tensor({{0}, ACL_INT64, 1})
      .Tensor({{3}, ACL_FLOAT, 0})
      .Tensor({{1}, ACL_FLOAT, 0})
      .Tensor({{0, 3}, ACL_FLOAT, 1})
      .Tensor({{0}, ACL_FLOAT, 0})
      .Nll({5, 0, 1, 2, 3, 4}, 0)
      .Run(0, 0)
      .Bce({0, 0, 0, kNullTensor, 4}, 1)
      .Run(0, 0);
  seeds.emplace_back("empty_tensors", empty);

  Program bad = NllCase(ACL_FLOAT, ACL_INT64, 2, 3, true);
  bad.Nll({kNullTensor, 1, 2, 3, 4, 5}, 0)
      .Nll({0, 1, 2, 3, 4, 5}, 0, -100, 0xff)  // NULL workspaceSize and executor.
      .Nll({0, 2, 2, 3, 4, 5}, 0)              // INT64 self.
      .Nll({0, 1, 2, 3, 4, 5}, 230)            // Reduction out of range.
      .Tensor({{2, 3, 1}, ACL_FLOAT, 1})       // Tensor 6: rank 3.
      .Nll({0, 6, 2, 3, 4, 5}, 0)
      .Tensor({{2, 3}, ACL_FLOAT, 5, StrideMode::kExplicit, {0, 1}})  // Tensor 7: overlapping out.
      .Nll({0, 1, 2, 3, 4, 7}, 0)
      .Tensor({{2, 3}, ACL_FLOAT, 1, StrideMode::kExplicit, {224, 1}})  // Tensor 8: a negative stride.
      .Bce({8, 8, 8, kNullTensor, 5}, 0)
      .Tensor({{2, 3}, ACL_FLOAT, 1, StrideMode::kExplicit, {228, 229}})  // Tensor 9: strides past int64.
      .Bce({9, 9, 9, kNullTensor, 5}, 0)
      .Tensor({{2, 3}, ACL_FLOAT, 1, StrideMode::kNull, {}, 224})  // Tensor 10: a negative offset.
      .Nll({0, 10, 2, 3, 4, 10}, 0)
      .Tensor({{229, 229}, ACL_FLOAT, 1})  // Dims whose product overflows: refused at creation.
      .Tensor({{2, 3}, ACL_FLOAT, 0, StrideMode::kNull, {}, 0, 0, PointerKind::kNull})  // Tensor 11: NULL data.
      .Nll({0, 1, 2, 3, 4, 11}, 0);
  CreateTensorArgs too_many;
  too_many.rank = 229;  // Rank 33.
  bad.Add(Op::kCreateTensor, too_many);
  CreateTensorArgs null_dims;
  null_dims.rank = 2;
  null_dims.dims_null = 1;
  bad.Add(Op::kCreateTensor, null_dims)
      .Add(Op::kQueryTensor, QueryTensorArgs{kNullTensor, 0, 0})
      .Add(Op::kQueryTensor, QueryTensorArgs{1, 0, 1})
      .Add(Op::kQueryTensor, QueryTensorArgs{1, 3, 0})
      .Add(Op::kDestroyTensor, DestroyTensorArgs{1, 1})
      .Run(3, 0);  // An empty executor slot: NULL executor.
  seeds.emplace_back("bad_arguments", bad);

  Program outside = NllCase(ACL_FLOAT, ACL_INT64, 2, 3, true);
  outside.Malloc(8)
      .Tensor({{2, 3}, ACL_FLOAT, 6})  // Tensor 6: 24 bytes over an 8-byte block.
      .Nll({0, 1, 2, 3, 4, 6}, 0)
      .Tensor({{2, 3}, ACL_FLOAT, 5, StrideMode::kNull, {}, 0, 250})  // Tensor 7: starts past the block.
      .Nll({0, 1, 2, 3, 4, 7}, 0)
      .Add(Op::kFree, FreeArgs{4, 0})
      .Tensor({{1}, ACL_FLOAT, 4, StrideMode::kNull, {}, 0, 0, PointerKind::kDangling})  // Tensor 8: freed.
      .Nll({0, 1, 2, 3, 8, 5}, 1)
      .Tensor({{2, 3}, ACL_FLOAT, 0, StrideMode::kNull, {}, 0, 0, PointerKind::kWild})  // Tensor 9: wild.
      .Nll({0, 1, 2, 3, 4, 9}, 0);
  seeds.emplace_back("views_outside_their_blocks", outside);

  Program lifecycle = NllCase(ACL_FLOAT, ACL_INT64, 2, 3, true);
  lifecycle.Stream().Stream()
      .Nll({0, 1, 2, 3, 4, 5}, 0)
      .Add(Op::kSetRepeatable, ExecutorArgs{0})
      .Run(0, 1, false)
      .Run(0, 2, false)
      .Run(0, 1, false)
      .Add(Op::kDestroyStream, StreamArgs{1})  // With queued work.
      .Run(0, 2, false)
      .Device(Lifecycle::kResetAndSet)  // Streams released with work queued.
      .Add(Op::kSyncStream, StreamArgs{2})
      .Run(0, 0, false)
      .Nll({0, 1, 2, 3, 4, 5}, 0)
      .Device(Lifecycle::kFinalizeAndInit)  // Memory and streams released; executors live.
      .Add(Op::kDestroyExecutor, ExecutorArgs{0})
      .Add(Op::kDestroyExecutor, ExecutorArgs{1})
      .Device(Lifecycle::kInitAgain)
      .Device(Lifecycle::kSet)
      .Device(Lifecycle::kReset)
      .Device(Lifecycle::kSetBadDevice)
      .Device(Lifecycle::kResetBadDevice)
      .Device(Lifecycle::kInitBadConfig)
      .Device(Lifecycle::kFinalize)
      .Device(Lifecycle::kFinalize)
      .Malloc(64)  // Not initialised: refused.
      .Stream()
      .Add(Op::kSyncDevice, NoArgs{});
  seeds.emplace_back("device_lifecycle_with_live_resources", lifecycle);

  Program memory;
  memory.Malloc(100).Malloc(64, MallocKind::kHost).Malloc(1, MallocKind::kZeroBytes)
      .Add(Op::kMalloc, MallocArgs{static_cast<uint8_t>(MallocKind::kLargeDevice), 100, 2})
      .Add(Op::kCopyBytes, CopyBytesArgs{0, 0, ACL_MEMCPY_HOST_TO_DEVICE, 4, 8})
      .Raw(std::vector<uint8_t>(8, 0x5a))  // The bytes a copy into a buffer takes follow its fields.
      .Add(Op::kCopyBytes, CopyBytesArgs{0, 0, ACL_MEMCPY_HOST_TO_DEVICE, 90, 20})  // 20 bytes into 10: refused.
      .Raw(std::vector<uint8_t>(20, 0x11))
      .Add(Op::kCopyBytes, CopyBytesArgs{0, 3, ACL_MEMCPY_DEVICE_TO_HOST, 0, 50})  // Destination one short.
      .Add(Op::kCopyBytes, CopyBytesArgs{3, 1, ACL_MEMCPY_DEVICE_TO_DEVICE, 0, 4000})
      .Add(Op::kMemset, MemsetArgs{0, 10, 50, 0x7f, 40})
      .Add(Op::kMemset, MemsetArgs{0, 10, 50, 0x7f, 60})  // More than maxCount: refused.
      .Add(Op::kFree, FreeArgs{1, static_cast<uint8_t>(FreeMode::kWrongKind)})
      .Add(Op::kFree, FreeArgs{1, static_cast<uint8_t>(FreeMode::kFreeTwice)})
      .Add(Op::kFree, FreeArgs{5, 0})  // Never allocated.
      .Add(Op::kTakeErrors, NoArgs{});
  for (uint8_t call = 0; call < static_cast<uint8_t>(MiscCall::kCount); ++call) {
    memory.Add(Op::kMisc, MiscArgs{call, 0, 0x3c00}).Add(Op::kMisc, MiscArgs{call, 1, 0x7bff});
  }
  seeds.emplace_back("memory_and_queries", memory);
  AddForwardSeeds(&seeds);
  AddClassAndRowSeeds(&seeds);
  AddPointwiseSeeds(&seeds);
  AddCrossEntropySeeds(&seeds);
  AddBceWithLogitsSeeds(&seeds);
  AddKlDivSeeds(&seeds);
  AddLogitSeeds(&seeds);
  return seeds;
}

}  // namespace
}  // namespace openaclnn::fuzz

int main(int argc, char** argv) {
  const bool check = argc == 3 && std::string(argv[1]) == "--check";
  if (argc != 2 && !check) {
    std::fprintf(stderr, "usage: %s <output directory>   or   %s --check <corpus directory>\n", argv[0], argv[0]);
    return 2;
  }
  const std::string directory = argv[argc - 1];
  int stale = 0;
  for (const auto& [name, program] : openaclnn::fuzz::Seeds()) {
    const std::string path = directory + "/" + name;
    const std::vector<uint8_t>& bytes = program.bytes();
    if (check) {
      std::ifstream file(path, std::ios::binary);
      const std::vector<uint8_t> stored((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
      if (!file.is_open() || stored != bytes) {
        std::fprintf(stderr, "%s is missing or differs from what this generator writes; regenerate the corpus "
                     "(docs/TESTING.md)\n", path.c_str());
        ++stale;
      }
      continue;
    }
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!file) {
      std::fprintf(stderr, "cannot write %s\n", path.c_str());
      return 1;
    }
  }
  if (check) {
    std::printf("%s\n", stale == 0 ? "the seed corpus is up to date" : "the seed corpus is stale");
  }
  return stale == 0 ? 0 : 1;
}
