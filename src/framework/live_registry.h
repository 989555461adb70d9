// The set of live handles of one kind (tensors, scalars, arrays, lists), so that destroying or querying a handle
// that was never created, or was already destroyed, is reported as an error instead of corrupting the heap.
#ifndef OPENACLNN_FRAMEWORK_LIVE_REGISTRY_H_
#define OPENACLNN_FRAMEWORK_LIVE_REGISTRY_H_

#include <mutex>
#include <unordered_set>

namespace openaclnn {

template <typename T>
class LiveRegistry {
 public:
  // The one registry of T handles. Never destroyed: handles may be released during static teardown.
  static LiveRegistry& Of() {
    static LiveRegistry* registry = new LiveRegistry();
    return *registry;
  }

  void Insert(const T* object) {
    std::lock_guard<std::mutex> lock(mu_);
    live_.insert(object);
  }

  // False when `object` was not live.
  bool Erase(const T* object) {
    std::lock_guard<std::mutex> lock(mu_);
    return live_.erase(object) != 0;
  }

  bool Contains(const T* object) {
    std::lock_guard<std::mutex> lock(mu_);
    return live_.count(object) != 0;
  }

 private:
  LiveRegistry() = default;
  std::mutex mu_;
  std::unordered_set<const T*> live_;
};

}  // namespace openaclnn

#endif  // OPENACLNN_FRAMEWORK_LIVE_REGISTRY_H_
