#include "runtime/env.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <strings.h>

namespace openaclnn::runtime {

int64_t ReadEnvInt(const char* name, int64_t fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') {
    return fallback;
  }
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(text, &end, 10);
  if (errno != 0 || *end != '\0' || value < 0) {
    return fallback;
  }
  return static_cast<int64_t>(value);
}

bool ReadEnvFlag(const char* name) {
  const char* text = std::getenv(name);
  if (text == nullptr) {
    return false;
  }
  for (const char* off : {"", "0", "false", "off", "no"}) {
    if (strcasecmp(text, off) == 0) {
      return false;
    }
  }
  return true;
}

bool LaunchBlocking() {
  static const bool enabled = ReadEnvFlag(kLaunchBlockingEnv);
  return enabled;
}

bool CheckedMemory() {
  static const bool enabled = ReadEnvFlag(kCheckedMemoryEnv);
  return enabled;
}

uint64_t DeviceMemoryLimit() {
  static const uint64_t limit = static_cast<uint64_t>(ReadEnvInt(kDeviceMemoryEnv, 0));
  return limit;
}

}  // namespace openaclnn::runtime
