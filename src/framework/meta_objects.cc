#include "framework/meta_objects.h"

#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "aclnn/opdev/op_errno.h"
#include "core/acl_objects.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/tensor.h"
#include "framework/live_registry.h"
#include "framework/meta.h"

namespace openaclnn {
namespace {

// Elements one array or list may hold: far beyond any real use, and small enough that the byte count of the copy
// cannot overflow. A larger size can only be a corrupted argument.
constexpr uint64_t kMaxElements = uint64_t{1} << 40;

Status CreateError(std::string_view api, const std::string& what, std::string_view object) {
  return Status(ACLNN_ERR_PARAM_INVALID, msg::RuntimeError(api, what + " No " + std::string(object) +
                                                                    " was created."));
}

// NULL or size 0 is an empty object (CANN's behaviour); otherwise `size` elements are copied from `values`.
template <typename Element, typename Object, typename Container>
Status CreateCopy(std::string_view api, std::string_view object, const Element* values, uint64_t size,
                  Container Object::*member, Object** created) {
  *created = nullptr;
  if (values != nullptr && size > kMaxElements) {
    return CreateError(api, "argument 'size' is " + std::to_string(size) + "; at most " +
                                std::to_string(kMaxElements) + " elements are supported.",
                       object);
  }
  auto made = std::make_unique<Object>();
  if (values != nullptr) {
    ((*made).*member).assign(values, values + size);
  }
  LiveRegistry<Object>::Of().Insert(made.get());
  *created = made.release();
  return Status::Ok();
}

template <typename Object>
Status Destroy(std::string_view api, std::string_view arg, std::string_view kind, const Object* object) {
  if (object == nullptr) {
    return Status::Ok();
  }
  if (!LiveRegistry<Object>::Of().Erase(object)) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::RuntimeError(api, "argument '" + std::string(arg) + "' is not a live " +
                                                                      std::string(kind) + " (already destroyed?)."));
  }
  delete object;
  return Status::Ok();
}

template <typename Object, typename Container>
Status GetSize(std::string_view api, std::string_view arg, std::string_view kind, const Object* object,
               Container Object::*member, uint64_t* size) {
  if (object == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::NullArgument(api, arg));
  }
  if (size == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::NullArgument(api, "size"));
  }
  if (!LiveRegistry<Object>::Of().Contains(object)) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::RuntimeError(api, "argument '" + std::string(arg) + "' is not a live " +
                                                                      std::string(kind) + " (already destroyed?)."));
  }
  *size = (object->*member).size();
  return Status::Ok();
}

// Destroys the owned elements of a list; the first element that was not live is reported (after all the others
// were released), naming its position.
template <typename Element, typename DestroyElement>
Status DestroyElements(std::string_view api, std::string_view kind, const std::vector<const Element*>& elements,
                       DestroyElement destroy_element) {
  Status first_error;
  for (size_t i = 0; i < elements.size(); ++i) {
    if (elements[i] != nullptr && !destroy_element(elements[i]).ok() && first_error.ok()) {
      first_error = Status(ACLNN_ERR_PARAM_INVALID,
                           msg::RuntimeError(api, "argument 'array' holds at position " + std::to_string(i) +
                                                      " a " + std::string(kind) +
                                                      " that is not live (destroyed twice?); the list and its other "
                                                      "elements were released."));
    }
  }
  return first_error;
}

}  // namespace

int64_t ScalarBytes(int32_t dtype) {
  switch (dtype) {
    case ACL_COMPLEX32:  // Has an element size, but CANN makes no scalar of it.
      return 0;
    case ACL_FLOAT6_E3M2:
    case ACL_FLOAT6_E2M3:
    case ACL_FLOAT4_E2M1:
    case ACL_FLOAT4_E1M2:
      return 1;  // Held in one byte each, as CANN copies them.
    default:
      if (dtype < kMinEnumValue || dtype > kMaxEnumValue) {
        return 0;
      }
      return DataTypeSize(static_cast<aclDataType>(dtype));  // 0 for STRING, INT4, UINT1, UNDEFINED, unknown.
  }
}

Status CreateScalar(const void* value, int32_t dtype, aclScalar** scalar) {
  constexpr std::string_view kApi = "aclCreateScalar";
  *scalar = nullptr;
  if (value == nullptr) {
    return CreateError(kApi, "argument 'value' is NULL.", "scalar");
  }
  const int64_t bytes = ScalarBytes(dtype);
  if (bytes == 0) {
    const std::string name = dtype >= kMinEnumValue && dtype <= kMaxEnumValue
                                 ? DataTypeName(static_cast<aclDataType>(dtype))
                                 : "UNKNOWN(" + std::to_string(dtype) + ")";
    return CreateError(kApi,
                       "argument 'dataType' is " + name +
                           "; expected a data type with a scalar size (a number, BOOL or a float type other than "
                           "COMPLEX32).",
                       "scalar");
  }
  auto made = std::make_unique<aclScalar>();
  made->dtype_value = dtype;
  made->bytes = bytes;
  std::memcpy(made->value, value, static_cast<size_t>(bytes));
  LiveRegistry<aclScalar>::Of().Insert(made.get());
  *scalar = made.release();
  return Status::Ok();
}

Status CreateIntArray(const int64_t* values, uint64_t size, aclIntArray** array) {
  return CreateCopy("aclCreateIntArray", "array", values, size, &aclIntArray::values, array);
}

Status CreateFloatArray(const float* values, uint64_t size, aclFloatArray** array) {
  return CreateCopy("aclCreateFloatArray", "array", values, size, &aclFloatArray::values, array);
}

Status CreateBoolArray(const bool* values, uint64_t size, aclBoolArray** array) {
  return CreateCopy("aclCreateBoolArray", "array", values, size, &aclBoolArray::values, array);
}

Status CreateTensorList(const aclTensor* const* tensors, uint64_t size, aclTensorList** list) {
  return CreateCopy("aclCreateTensorList", "list", tensors, size, &aclTensorList::tensors, list);
}

Status CreateScalarList(const aclScalar* const* scalars, uint64_t size, aclScalarList** list) {
  return CreateCopy("aclCreateScalarList", "list", scalars, size, &aclScalarList::scalars, list);
}

Status DestroyScalar(const aclScalar* scalar) { return Destroy("aclDestroyScalar", "scalar", "scalar", scalar); }

Status DestroyIntArray(const aclIntArray* array) {
  return Destroy("aclDestroyIntArray", "array", "int array", array);
}

Status DestroyFloatArray(const aclFloatArray* array) {
  return Destroy("aclDestroyFloatArray", "array", "float array", array);
}

Status DestroyBoolArray(const aclBoolArray* array) {
  return Destroy("aclDestroyBoolArray", "array", "bool array", array);
}

Status DestroyTensorList(const aclTensorList* list) {
  constexpr std::string_view kApi = "aclDestroyTensorList";
  if (list != nullptr && LiveRegistry<aclTensorList>::Of().Contains(list)) {
    const Status elements = DestroyElements(kApi, "tensor", list->tensors, DestroyTensor);
    OPENACLNN_RETURN_IF_ERROR(Destroy(kApi, "array", "tensor list", list));
    return elements;
  }
  return Destroy(kApi, "array", "tensor list", list);
}

Status DestroyScalarList(const aclScalarList* list) {
  constexpr std::string_view kApi = "aclDestroyScalarList";
  if (list != nullptr && LiveRegistry<aclScalarList>::Of().Contains(list)) {
    const Status elements = DestroyElements(kApi, "scalar", list->scalars, DestroyScalar);
    OPENACLNN_RETURN_IF_ERROR(Destroy(kApi, "array", "scalar list", list));
    return elements;
  }
  return Destroy(kApi, "array", "scalar list", list);
}

Status GetIntArraySize(const aclIntArray* array, uint64_t* size) {
  return GetSize("aclGetIntArraySize", "array", "int array", array, &aclIntArray::values, size);
}

Status GetFloatArraySize(const aclFloatArray* array, uint64_t* size) {
  return GetSize("aclGetFloatArraySize", "array", "float array", array, &aclFloatArray::values, size);
}

Status GetBoolArraySize(const aclBoolArray* array, uint64_t* size) {
  return GetSize("aclGetBoolArraySize", "array", "bool array", array, &aclBoolArray::values, size);
}

Status GetTensorListSize(const aclTensorList* list, uint64_t* size) {
  return GetSize("aclGetTensorListSize", "tensorList", "tensor list", list, &aclTensorList::tensors, size);
}

Status GetScalarListSize(const aclScalarList* list, uint64_t* size) {
  return GetSize("aclGetScalarListSize", "scalarList", "scalar list", list, &aclScalarList::scalars, size);
}

}  // namespace openaclnn
