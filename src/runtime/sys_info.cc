#include "runtime/sys_info.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <utility>
#include <string>

#include "acl/acl.h"
#include "core/messages.h"

namespace openaclnn::runtime {
namespace {

constexpr size_t kVersionMax = ACL_PKG_VERSION_MAX_SIZE;

std::array<std::atomic<int64_t>, 4>& Params() {
  static std::array<std::atomic<int64_t>, 4> params{};  // All 0 before any Set, as CANN documents.
  return params;
}

Status CheckOption(const char* api, int32_t option) {
  if (option < ACL_OPT_DETERMINISTIC || option > ACL_OPT_ENABLE_KERNEL_EARLY_START) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(api, "argument 'opt' is " + std::to_string(option) +
                                                                  "; expected an aclSysParamOpt value (0..3)."));
  }
  return Status::Ok();
}

// The packages this library stands in for answer with its own version, read from nowhere.
bool IsOwnPackage(const std::string& name) {
  for (const char* own : {"runtime", "opbase", "ops_nn", "ops_math", "ops-nn", "ops-math"}) {
    if (name == own) {
      return true;
    }
  }
  return false;
}

std::string OwnVersion() {
  return std::to_string(OPENACLNN_VERSION_MAJOR) + "." + std::to_string(OPENACLNN_VERSION_MINOR) + "." +
         std::to_string(OPENACLNN_VERSION_PATCH);
}

// The text after "Version=" in $ASCEND_HOME_PATH/share/info/<package>/version.info; '-' and '_' in the
// package name are tried both ways, as CANN does.
bool ReadVersionFile(const std::string& package, std::string* version) {
  const char* home = std::getenv("ASCEND_HOME_PATH");
  if (home == nullptr || *home == '\0') {
    return false;
  }
  std::string alternate = package;
  for (char& c : alternate) {
    c = c == '-' ? '_' : (c == '_' ? '-' : c);
  }
  for (const std::string& name : {package, alternate}) {
    std::ifstream file(std::string(home) + "/share/info/" + name + "/version.info");
    std::string line;
    while (file && std::getline(file, line)) {
      if (line.rfind("Version=", 0) == 0) {
        *version = line.substr(8);
        while (!version->empty() && std::isspace(static_cast<unsigned char>(version->back()))) {
          version->pop_back();
        }
        return true;
      }
    }
  }
  return false;
}

Status LookUpVersion(const char* api, const char* package, std::string* version) {
  if (package == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(api, "argument 'pkgName' is NULL."));
  }
  if (ReadVersionFile(package, version)) {
    return Status::Ok();
  }
  if (IsOwnPackage(package)) {
    *version = OwnVersion();
    return Status::Ok();
  }
  return Status(ACL_ERROR_INVALID_FILE,
                msg::RuntimeError(api, std::string("package '") + package +
                                           "' is not installed (no $ASCEND_HOME_PATH/share/info/" + package +
                                           "/version.info)."));
}

// Reads a decimal number at *pos; false if there is none.
bool ReadNumber(const std::string& text, size_t* pos, int64_t* value) {
  const size_t start = *pos;
  int64_t number = 0;
  while (*pos < text.size() && std::isdigit(static_cast<unsigned char>(text[*pos])) && *pos - start < 6) {
    number = number * 10 + (text[*pos] - '0');
    ++*pos;
  }
  *value = number;
  return *pos > start;
}

}  // namespace

Status SetSysParam(int32_t option, int64_t value) {
  OPENACLNN_RETURN_IF_ERROR(CheckOption("aclrtSetSysParamOpt", option));
  Params()[static_cast<size_t>(option)].store(value, std::memory_order_relaxed);
  return Status::Ok();
}

Status GetSysParam(int32_t option, int64_t* value) {
  OPENACLNN_RETURN_IF_ERROR(CheckOption("aclrtGetSysParamOpt", option));
  if (value == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError("aclrtGetSysParamOpt", "argument 'value' is NULL."));
  }
  *value = Params()[static_cast<size_t>(option)].load(std::memory_order_relaxed);
  return Status::Ok();
}

bool ParseVersionNumber(const std::string& text, int32_t* number) {
  size_t pos = 0;
  int64_t parts[3] = {0, 0, 0};
  for (int i = 0; i < 3; ++i) {
    if (i > 0) {
      if (pos >= text.size() || text[pos] != '.') {
        return false;
      }
      ++pos;
    }
    if (!ReadNumber(text, &pos, &parts[i]) || parts[i] > (i == 0 ? 200 : 99)) {
      return false;
    }
  }
  int64_t result = parts[0] * 10000000 + parts[1] * 100000 + parts[2] * 1000;
  if (pos < text.size()) {
    if (text[pos] != '-' && text[pos] != '.') {
      return false;
    }
    ++pos;
    int64_t offset = 0;
    for (const auto& [word, minus] : {std::pair<const char*, int64_t>{"alpha", 300}, {"beta", 200}, {"rc", 100}}) {
      const size_t length = std::strlen(word);
      if (text.compare(pos, length, word) == 0) {
        offset = minus;
        pos += length;
        break;
      }
    }
    if (offset == 0) {
      return false;
    }
    if (pos < text.size() && text[pos] == '.') {
      ++pos;
    }
    int64_t pre = 0;
    if (!ReadNumber(text, &pos, &pre) || pre >= 100 || pos != text.size()) {
      return false;
    }
    result = result - offset + pre;
  }
  *number = static_cast<int32_t>(result);
  return true;
}

Status GetVersionStr(const char* package, char* version_str) {
  constexpr const char* kApi = "aclsysGetVersionStr";
  if (version_str == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'versionStr' is NULL."));
  }
  std::string version;
  OPENACLNN_RETURN_IF_ERROR(LookUpVersion(kApi, package, &version));
  const size_t length = std::min(version.size(), kVersionMax - 1);
  std::memcpy(version_str, version.data(), length);
  version_str[length] = '\0';
  return Status::Ok();
}

Status GetVersionNum(const char* package, int32_t* version_num) {
  constexpr const char* kApi = "aclsysGetVersionNum";
  if (version_num == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'versionNum' is NULL."));
  }
  std::string version;
  OPENACLNN_RETURN_IF_ERROR(LookUpVersion(kApi, package, &version));
  if (!ParseVersionNumber(version, version_num)) {
    return Status(ACL_ERROR_INTERNAL_ERROR,
                  msg::RuntimeError(kApi, std::string("the version of package '") + package + "' ('" + version +
                                              "') is not of the form major.minor.patch[-alpha|beta|rc.N]."));
  }
  return Status::Ok();
}

}  // namespace openaclnn::runtime
