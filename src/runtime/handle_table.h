// Opaque handles for runtime objects (streams, events, contexts) and executors. A handle is a serial number
// in pointer clothing, never the object's address and never reused in the life of the process: a released
// handle stays unknown even when a newer object of the same kind lands at the same address, so it is reported
// instead of acting on the newer object.
#ifndef OPENACLNN_RUNTIME_HANDLE_TABLE_H_
#define OPENACLNN_RUNTIME_HANDLE_TABLE_H_

#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace openaclnn::runtime {

// The next handle value, shared by every kind, so a handle of one kind is never a live handle of another.
void* NextHandle();

template <typename T>
class HandleTable {
 public:
  // Registers the object and returns its new handle.
  void* Insert(std::shared_ptr<T> object) {
    void* handle = NextHandle();
    std::lock_guard<std::mutex> lock(mu_);
    objects_.emplace(handle, std::move(object));
    return handle;
  }

  // The live object behind a handle, or null.
  std::shared_ptr<T> Find(const void* handle) const {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = objects_.find(handle);
    return it == objects_.end() ? nullptr : it->second;
  }

  // Unregisters; returns the object (null when the handle was not live).
  std::shared_ptr<T> Remove(const void* handle) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = objects_.find(handle);
    if (it == objects_.end()) {
      return nullptr;
    }
    std::shared_ptr<T> object = std::move(it->second);
    objects_.erase(it);
    return object;
  }

  // Unregisters every object pred(object) selects and returns them.
  template <typename Pred>
  std::vector<std::shared_ptr<T>> RemoveIf(Pred pred) {
    std::vector<std::shared_ptr<T>> removed;
    std::lock_guard<std::mutex> lock(mu_);
    for (auto it = objects_.begin(); it != objects_.end();) {
      if (pred(*it->second)) {
        removed.push_back(std::move(it->second));
        it = objects_.erase(it);
      } else {
        ++it;
      }
    }
    return removed;
  }

  // A snapshot of the live objects pred(object) selects.
  template <typename Pred>
  std::vector<std::shared_ptr<T>> Select(Pred pred) const {
    std::vector<std::shared_ptr<T>> selected;
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [handle, object] : objects_) {
      if (pred(*object)) {
        selected.push_back(object);
      }
    }
    return selected;
  }

  size_t Size() const {
    std::lock_guard<std::mutex> lock(mu_);
    return objects_.size();
  }

 private:
  mutable std::mutex mu_;
  std::unordered_map<const void*, std::shared_ptr<T>> objects_;
};

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_HANDLE_TABLE_H_
