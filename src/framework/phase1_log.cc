#include "framework/phase1_log.h"

#include <string>

#include "backend/cpu/parallel.h"
#include "core/dtype.h"
#include "core/log.h"
#include "core/messages.h"
#include "core/tensor.h"

namespace openaclnn {
namespace {

void AppendTensor(std::string& text, const NamedTensor& named) {
  text += named.name;
  if (named.tensor == nullptr) {
    text += " absent";
    return;
  }
  const aclTensor& tensor = *named.tensor;
  text += ' ';
  text += DataTypeName(tensor.dtype());
  text += msg::ShapeText(tensor.view_dims.data(), tensor.rank());
  text += " strides ";
  text += msg::ShapeText(tensor.strides.data(), tensor.rank());
  if (tensor.offset != 0) {
    text += " offset " + std::to_string(tensor.offset);
  }
}

}  // namespace

void LogPhase1(std::string_view run_api, const Prepared& prepared, std::initializer_list<NamedTensor> tensors) {
  if (!prepared.status.ok() || !log::Enabled(log::Level::kDebug)) {
    return;
  }
  try {
    std::string text(run_api);
    text += "GetWorkspaceSize: ";
    bool first = true;
    for (const NamedTensor& named : tensors) {
      if (!first) {
        text += ", ";
      }
      first = false;
      AppendTensor(text, named);
    }
    if (prepared.launch) {
      text += "; " + std::to_string(prepared.launch->Elements()) + " elements, kernels " +
              prepared.launch->KernelName() + ", up to " + std::to_string(cpu::KernelThreads()) + " threads";
    } else {
      text += "; nothing to compute";
    }
    log::Write(log::Level::kDebug, log::Module::kOp, __FILE__, __LINE__, text);
  } catch (...) {
    // Out of memory while describing the call: the call itself goes on.
  }
}

}  // namespace openaclnn
