// A non-owning reference to a callable, for hot paths that must not allocate (std::function may).
// The referenced callable must outlive every call made through the reference.
#ifndef OPENACLNN_BACKEND_CPU_FUNCTION_REF_H_
#define OPENACLNN_BACKEND_CPU_FUNCTION_REF_H_

#include <memory>
#include <type_traits>
#include <utility>

namespace openaclnn::cpu {

template <typename Signature>
class FunctionRef;

template <typename Result, typename... Args>
class FunctionRef<Result(Args...)> {
 public:
  template <typename Callable,
            typename = std::enable_if_t<!std::is_same_v<std::decay_t<Callable>, FunctionRef> &&
                                        std::is_invocable_r_v<Result, Callable&, Args...>>>
  FunctionRef(Callable&& callable)  // NOLINT(google-explicit-constructor): used like a function parameter.
      : object_(const_cast<void*>(static_cast<const void*>(std::addressof(callable)))),
        invoke_([](void* object, Args... args) -> Result {
          return (*static_cast<std::remove_reference_t<Callable>*>(object))(std::forward<Args>(args)...);
        }) {}

  Result operator()(Args... args) const { return invoke_(object_, std::forward<Args>(args)...); }

 private:
  void* object_;
  Result (*invoke_)(void*, Args...);
};

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_FUNCTION_REF_H_
