#include "core/messages.h"

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

std::string RuntimeError(std::string_view api, std::string_view what) {
  return Join({api, ": ", what});
}

std::string ExecutionError(std::string_view op, std::string_view what) {
  return Join({"AclNN_Runtime_Error: ", op, ": ", what});
}

}  // namespace openaclnn::msg
