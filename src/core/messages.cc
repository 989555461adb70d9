#include "core/messages.h"

#include <cstdio>
#include <initializer_list>
#include <string>

#include "core/dtype.h"

namespace openaclnn::msg {
namespace {

constexpr std::string_view kParameterPrefix = "AclNN_Parameter_Error(EZ1001): ";

std::string Join(std::initializer_list<std::string_view> parts) {
  std::string text;
  for (std::string_view part : parts) {
    text += part;
  }
  return text;
}

// CANN's spelling of a storage format without the ACL_FORMAT_ prefix, or its number.
std::string FormatText(int32_t format) {
  switch (format) {
    case ACL_FORMAT_UNDEFINED: return "UNDEFINED";
    case ACL_FORMAT_NCHW: return "NCHW";
    case ACL_FORMAT_NHWC: return "NHWC";
    case ACL_FORMAT_ND: return "ND";
    case ACL_FORMAT_NC1HWC0: return "NC1HWC0";
    case ACL_FORMAT_FRACTAL_Z: return "FRACTAL_Z";
    case ACL_FORMAT_NC1HWC0_C04: return "NC1HWC0_C04";
    case ACL_FORMAT_HWCN: return "HWCN";
    case ACL_FORMAT_NDHWC: return "NDHWC";
    case ACL_FORMAT_FRACTAL_NZ: return "FRACTAL_NZ";
    case ACL_FORMAT_NCDHW: return "NCDHW";
    case ACL_FORMAT_NDC1HWC0: return "NDC1HWC0";
    case ACL_FRACTAL_Z_3D: return "FRACTAL_Z_3D";
    case ACL_FORMAT_NC: return "NC";
    case ACL_FORMAT_NCL: return "NCL";
    case ACL_FORMAT_FRACTAL_NZ_C0_16: return "FRACTAL_NZ_C0_16";
    case ACL_FORMAT_FRACTAL_NZ_C0_32: return "FRACTAL_NZ_C0_32";
    case ACL_FORMAT_FRACTAL_NZ_C0_2: return "FRACTAL_NZ_C0_2";
    case ACL_FORMAT_FRACTAL_NZ_C0_4: return "FRACTAL_NZ_C0_4";
    case ACL_FORMAT_FRACTAL_NZ_C0_8: return "FRACTAL_NZ_C0_8";
  }
  return "UNKNOWN(" + std::to_string(format) + ")";
}

}  // namespace

std::string ShapeText(const int64_t* dims, int64_t rank) {
  std::string text = "[";
  for (int64_t i = 0; i < rank; ++i) {
    if (i > 0) {
      text += ", ";
    }
    text += std::to_string(dims[i]);
  }
  text += "]";
  return text;
}

std::string NullArgument(std::string_view api, std::string_view arg) {
  return Join({kParameterPrefix, api, ": expected a non-null pointer for argument '", arg, "', got null."});
}

std::string InvalidArgument(std::string_view api, std::string_view arg, std::string_view expected,
                            std::string_view got) {
  return Join({kParameterPrefix, api, ": invalid argument '", arg, "': expected ", expected, ", got ", got, "."});
}

std::string UnsupportedDtype(std::string_view api, std::string_view arg, aclDataType got,
                             std::string_view supported) {
  return InvalidArgument(api, arg, Join({"data type in {", supported, "}"}),
                         Join({"data type ", DataTypeName(got)}));
}

std::string DtypeMismatch(std::string_view api, std::string_view arg, aclDataType got, std::string_view other_arg,
                          aclDataType expected) {
  return InvalidArgument(api, arg, Join({"data type ", DataTypeName(expected), " (the data type of ", other_arg, ")"}),
                         Join({"data type ", DataTypeName(got)}));
}

std::string BadReduction(std::string_view api, int64_t reduction) {
  return InvalidArgument(api, "reduction", "0 (none), 1 (mean) or 2 (sum)", std::to_string(reduction));
}

std::string FormatMismatch(std::string_view api, std::string_view arg, int32_t got, std::string_view other_arg,
                           int32_t expected) {
  return InvalidArgument(api, arg, Join({"storage format ", FormatText(expected), " (the format of ", other_arg, ")"}),
                         Join({"format ", FormatText(got)}));
}

std::string RankTooLarge(std::string_view api, std::string_view arg, const int64_t* dims, int64_t rank,
                         int64_t max_rank) {
  return InvalidArgument(api, arg, Join({"at most ", std::to_string(max_rank), " dimensions"}),
                         Join({"shape ", ShapeText(dims, rank), " (", std::to_string(rank), " dimensions)"}));
}

std::string RuntimeError(std::string_view api, std::string_view what) {
  return Join({api, ": ", what});
}

std::string ExecutionError(std::string_view op, std::string_view what) {
  return Join({"AclNN_Runtime_Error: ", op, ": ", what});
}

std::string ToleratedFault(std::string_view op, std::string_view fault) {
  return Join({op, ": ", fault, " Tolerated as CANN does; strict mode (OPENACLNN_STRICT=1) makes it a failure."});
}

std::string TargetOutOfRange(std::string_view index, int64_t value, int64_t classes, int64_t ignore_index,
                             std::string_view consequence) {
  return Join({"target", index, " = ", std::to_string(value), " is outside [0, ", std::to_string(classes),
               ") and is not ignoreIndex (", std::to_string(ignore_index), "); ", consequence,
               index.empty() ? "." : " (first such position shown)."});
}

std::string ReducedOverflow(std::string_view arg, double value, aclDataType dtype) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.17g", value);
  return Join({"the reduced value of '", arg, "' is ", text, ", beyond the range of ", DataTypeName(dtype),
               "; it was stored as infinity. Use a wider data type for '", arg, "'."});
}

namespace {

std::string Hex(uintptr_t address) {
  char text[2 + 2 * sizeof(uintptr_t) + 1];
  std::snprintf(text, sizeof(text), "0x%llx", static_cast<unsigned long long>(address));
  return text;
}

std::string BytesText(uintptr_t begin, uint64_t bytes) {
  return Join({"bytes [", Hex(begin), ", ", Hex(begin + bytes), ") (", std::to_string(bytes), " bytes)"});
}

std::string BlockText(const MemoryBlockText& block) {
  return Join({block.device ? "the aclrtMalloc block " : "the aclrtMallocHost block ", "[", Hex(block.begin), ", ",
               Hex(block.begin + block.bytes), ") (", std::to_string(block.bytes), " bytes)"});
}

// Where [begin, begin + bytes) lies relative to a block it is not inside: "starts 8 bytes before".
std::string Relation(uintptr_t begin, uint64_t bytes, const MemoryBlockText& block) {
  const uintptr_t end = begin + bytes;
  const uintptr_t block_end = block.begin + block.bytes;
  if (begin < block.begin) {
    return Join({"starts ", std::to_string(block.begin - begin), " bytes before"});
  }
  if (begin >= block_end) {
    return Join({"starts ", std::to_string(begin - block_end), " bytes after the end of"});
  }
  return Join({"ends ", std::to_string(end - block_end), " bytes past the end of"});
}

}  // namespace

std::string OutsideLiveMemory(std::string_view api, std::string_view arg, uintptr_t begin, uint64_t bytes,
                              const MemoryBlockText* freed, const MemoryBlockText* nearest) {
  std::string got = BytesText(begin, bytes);
  if (freed != nullptr) {
    got += Join({", inside ", BlockText(*freed), ", which was already released by ",
                 freed->device ? "aclrtFree" : "aclrtFreeHost", " (use after free)"});
  } else if (nearest != nullptr) {
    got += Join({", which ", Relation(begin, bytes, *nearest), " the nearest live block, ", BlockText(*nearest)});
  } else {
    got += ", and no block is allocated";
  }
  return InvalidArgument(api, arg,
                         "a tensor whose bytes (offset and strides over its dims) lie inside one live aclrtMalloc "
                         "or aclrtMallocHost block (checked memory mode, OPENACLNN_CHECKED_MEMORY)",
                         got);
}

}  // namespace openaclnn::msg
